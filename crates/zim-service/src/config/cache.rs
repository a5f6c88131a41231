//! `[cache]`: the result cache and the reader's cluster budget.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::de::optional_count;
use super::validate::{Bounds, Range, Says, ranges};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CacheConfig {
    pub enabled: bool,
    /// Maximum number of cached results.
    pub max_size: u64,
    /// Approximate byte budget of the cached results (their JSON size); 0 lifts it. A quarter
    /// of it also bounds the parsed pages the renderer keeps.
    pub max_bytes: u64,
    /// Time to live of a cached result in seconds.
    pub ttl_seconds: u64,
    /// Save the cached results at shutdown and load them at the next start.
    pub persistence_enabled: bool,
    /// Where they are saved (".json" is appended unless present). Unset: a file under
    /// `$XDG_CACHE_HOME` (else `~/.cache`) named after the cache settings.
    pub persistence_path: Option<PathBuf>,
    /// Per-archive budget of decompressed clusters, in bytes (default 16 MiB).
    #[serde(deserialize_with = "optional_count")]
    pub libzim_cluster_cache_max_size_bytes: Option<u64>,
    /// Accepted for openzim-mcp compatibility. Our reader keeps no dirent cache (dirents are
    /// read on demand and the OS page cache holds them), so this has no effect.
    #[serde(deserialize_with = "optional_count")]
    pub libzim_dirent_cache_max_count: Option<u64>,
}

impl CacheConfig {
    pub(super) const RANGES: &[Range<Self>] = ranges!(CacheConfig {
        max_size: Bounds::int(1, 10_000), Says::Must;
        ttl_seconds: Bounds::int(60, 86_400), Says::Must;
        max_bytes: Bounds::int(0, 8 << 30), Says::MustNote("(8 GiB)");
        libzim_cluster_cache_max_size_bytes: Bounds::int(0, 4 << 30), Says::MustNote("(4 GiB)");
        libzim_dirent_cache_max_count: Bounds::int(0, 10_000_000), Says::Must;
    });
}

impl Default for CacheConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            max_size: 100,
            max_bytes: 64 << 20,
            ttl_seconds: 3600,
            persistence_enabled: false,
            persistence_path: None,
            libzim_cluster_cache_max_size_bytes: None,
            libzim_dirent_cache_max_count: None,
        }
    }
}
