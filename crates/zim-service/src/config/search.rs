//! `[search]`: suggestions, typo-tolerant title lookup, the cross-file search budget.

use serde::{Deserialize, Serialize};

use super::validate::{Bounds, Range, Says, ranges};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SearchConfig {
    /// Most alternatives a fruitless `zim_search` offers in `_meta.suggestions`, as
    /// openzim-mcp: a full-text search that finds nothing offers the title index's
    /// suggestions for the query (else the title one edit away), then the other archives
    /// whose file name holds a query word (`alt_spelling`, `alt_archive`); a title lookup
    /// that finds nothing, or only a typo correction, offers the titles one edit away.
    pub structured_suggestions_limit: u64,
    /// Typo-tolerant title lookup: a `zim_search(mode="title")` of a single word at least
    /// this long that matches no title takes the one title one edit away, reported as
    /// `typo_corrected` with this score.
    pub fuzzy_title_min_query_len: u64,
    pub fuzzy_title_score_penalty: f64,
    /// Wall-clock budget of one cross-file search, in seconds (0 = none). Archives not
    /// reached in time are left out and the response says `budget_exceeded: true`.
    pub search_all_total_timeout_seconds: f64,
}

impl SearchConfig {
    pub(super) const RANGES: &[Range<Self>] = ranges!(SearchConfig {
        structured_suggestions_limit: Bounds::int(1, 20), Says::Value;
        fuzzy_title_min_query_len: Bounds::int(2, 20), Says::Value;
        fuzzy_title_score_penalty: Bounds::float(0.0, 1.0), Says::Value;
        search_all_total_timeout_seconds: Bounds::float(0.0, 300.0), Says::Value;
    });
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            structured_suggestions_limit: 5,
            fuzzy_title_min_query_len: 4,
            fuzzy_title_score_penalty: 0.85,
            search_all_total_timeout_seconds: 20.0,
        }
    }
}
