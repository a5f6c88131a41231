//! `[ml.reranker]`: openzim-mcp's model stage, here the embedding model of the knowledge index.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::validate::{Bounds, Range, Says, ranges};

/// openzim-mcp's model stage. Here it is the embedding model that compares a request with
/// the page embeddings of an archive's knowledge index (`zim-service/src/model.rs` says what
/// each field does); `max_passage_length` has no effect (the page texts are embedded when the
/// index is built) and `allow_model_download` is refused (nothing is ever downloaded).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RerankerConfig {
    pub enabled: bool,
    pub model_id: String,
    pub final_top_k: u64,
    pub max_query_length: u64,
    pub max_passage_length: u64,
    pub min_query_tokens: u64,
    pub first_call_timeout_seconds: f64,
    pub cache_dir: Option<PathBuf>,
    pub allow_model_download: bool,
}

impl RerankerConfig {
    pub(super) const RANGES: &[Range<Self>] = ranges!(RerankerConfig {
        final_top_k: Bounds::int(1, 100), Says::Value;
        max_query_length: Bounds::int(1, 4096), Says::Value;
        max_passage_length: Bounds::int(1, 8192), Says::Value;
        min_query_tokens: Bounds::int(0, 64), Says::Value;
        first_call_timeout_seconds: Bounds::float(0.1, 120.0), Says::Value;
    });
}

impl Default for RerankerConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            model_id: "BAAI/bge-reranker-base".to_owned(),
            final_top_k: 10,
            max_query_length: 256,
            max_passage_length: 512,
            min_query_tokens: 4,
            first_call_timeout_seconds: 15.0,
            cache_dir: None,
            allow_model_download: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct MlConfig {
    pub reranker: RerankerConfig,
}
