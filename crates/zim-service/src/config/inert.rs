//! openzim-mcp settings accepted without effect, and the report of those an operator set.

use super::Config;
use super::tree::get_path;

/// How the inert-settings report names the part of `presets_override_path` without effect.
pub const PRESETS_INERT_FIELDS: &str = "presets_override_path (max_paragraphs)";

/// openzim-mcp settings zim-mcp accepts, so a configuration written for it starts unchanged,
/// but that steer features zim-mcp does not have (an ML reranker, a token-counting footer,
/// compact-mode table thresholds...). [`Config::inert_settings`] names those an
/// operator changed, so start-up can say they have no effect.
const INERT_SETTINGS: &[&str] = &[
    "cache.libzim_dirent_cache_max_count",
    "content.table_row_threshold",
    "content.table_char_threshold",
    "content.infobox_kv_limit",
    "logging.format",
    "meta.footer_enabled",
    "meta.tokenizer_encoding",
    // The page texts embedded are fixed when the knowledge index is built.
    "ml.reranker.max_passage_length",
    // Models are never downloaded (see `model.rs`).
    "ml.reranker.allow_model_download",
];

impl Config {
    /// The openzim-mcp-only settings (see [`INERT_SETTINGS`]) this configuration sets to
    /// something other than their default.
    pub fn inert_settings(&self) -> Vec<&'static str> {
        let (Ok(mine), Ok(defaults)) = (
            serde_json::to_value(self),
            serde_json::to_value(Config::default()),
        ) else {
            return Vec::new();
        };
        INERT_SETTINGS
            .iter()
            .copied()
            .filter(|name| {
                let path: Vec<String> = name.split('.').map(str::to_owned).collect();
                get_path(&mine, &path) != get_path(&defaults, &path)
            })
            .collect()
    }
}
