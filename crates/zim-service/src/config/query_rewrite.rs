//! `[query_rewrite]`: misspelling correction of `zim_query`'s requests.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::ConfigError;
use super::validate::field;

/// Misspelling correction of `zim_query`'s requests (`retrieval/rewrite.rs`): openzim-mcp's
/// map format (`wrong=right`, and exclusions) at the configured paths (the files must exist,
/// as there), and the archive's own vocabulary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QueryRewriteConfig {
    pub enabled: bool,
    pub misspelling_map_path: Option<PathBuf>,
    pub misspelling_exclusion_path: Option<PathBuf>,
}

impl Default for QueryRewriteConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            misspelling_map_path: None,
            misspelling_exclusion_path: None,
        }
    }
}

impl QueryRewriteConfig {
    /// The data files, when given, must exist (as in openzim-mcp).
    pub(super) fn check_files(&self) -> Result<(), ConfigError> {
        for (name, path) in [
            (
                "query_rewrite.misspelling_map_path",
                &self.misspelling_map_path,
            ),
            (
                "query_rewrite.misspelling_exclusion_path",
                &self.misspelling_exclusion_path,
            ),
        ] {
            if path.as_ref().is_some_and(|p| !p.is_file()) {
                return Err(field(name, "query_rewrite data file not found"));
            }
        }
        Ok(())
    }
}
