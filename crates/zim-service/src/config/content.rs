//! `[content]`: how much of a page or a search a call returns.

use serde::{Deserialize, Serialize};

use super::validate::{Bounds, Range, Says, ranges};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ContentConfig {
    /// Default cap, in characters, of a rendered article.
    pub max_content_length: u64,
    /// Length of search-result snippets.
    pub snippet_length: u64,
    /// Default number of search results.
    pub default_search_limit: u64,
    /// Largest entry `zim_get(binary=true)` returns, in bytes.
    pub max_binary_size: u64,
    /// openzim-mcp's compact-mode table threshold (rows). Our compact view always shows a
    /// table as a one-line placeholder, so this has no effect.
    pub table_row_threshold: u64,
    /// openzim-mcp's compact-mode table threshold (characters); no effect here, as for
    /// `table_row_threshold`.
    pub table_char_threshold: u64,
    /// openzim-mcp's cap on the key/value pairs of the infobox its compact view extracts. Our
    /// compact view leaves infoboxes to the full view, so this has no effect.
    pub infobox_kv_limit: u64,
}

impl ContentConfig {
    pub(super) const RANGES: &[Range<Self>] = ranges!(ContentConfig {
        max_content_length: Bounds::int_at_least(100), Says::Must;
        snippet_length: Bounds::int_at_least(100), Says::Must;
        default_search_limit: Bounds::int(1, 100), Says::Must;
        table_row_threshold: Bounds::int_at_least(1), Says::Value;
        table_char_threshold: Bounds::int_at_least(50), Says::Value;
        infobox_kv_limit: Bounds::int(1, 200), Says::Value;
    });
}

impl Default for ContentConfig {
    fn default() -> Self {
        Self {
            max_content_length: 100_000,
            snippet_length: 3000,
            default_search_limit: 10,
            max_binary_size: 10 * 1024 * 1024,
            table_row_threshold: 8,
            table_char_threshold: 600,
            infobox_kv_limit: 30,
        }
    }
}
