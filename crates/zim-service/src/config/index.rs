//! `[index]`: where the archives' knowledge indexes are looked for and built (zim-mcp's own).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The archives' knowledge indexes (`zim-mcp index`): sidecars beside the archives, or in
/// `dir` when an archive's directory is read-only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct IndexConfig {
    /// The cache directory for sidecars (default `$XDG_CACHE_HOME/zim-mcp/index`).
    pub dir: Option<PathBuf>,
    /// Build missing indexes in the background after start-up (one thread, lowest
    /// priority).
    pub auto_build: bool,
}

impl IndexConfig {
    /// The cache directory sidecars are looked for and built in.
    pub fn cache_dir(&self) -> Option<PathBuf> {
        self.dir
            .clone()
            .or_else(zim_index::locate::default_cache_dir)
    }
}
