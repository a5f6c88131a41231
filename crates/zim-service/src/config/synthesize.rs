//! `[synthesize]`: `zim_query(synthesize=true)`'s sources and passages.

use serde::{Deserialize, Serialize};

use super::validate::{Bounds, Range, Says, ranges};

/// Most passages `zim_query(synthesize=true)` returns (its `limit` ceiling), as openzim-mcp.
pub const SYNTHESIZE_MAX_PASSAGES: u64 = 50;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SynthesizeConfig {
    /// Sources used when the caller gives no `limit`.
    pub top_n: u64,
    /// Search hits examined per archive to find the sources.
    pub per_archive_k: u64,
    /// Answer size in characters when the caller gives no `max_content_length`.
    pub output_char_budget: u64,
    /// A passage cited at a section whose heading shares at least this share of its words
    /// with the request has its score multiplied by `section_affinity_boost` before the
    /// passages are ranked, as in openzim-mcp.
    pub section_affinity_threshold: f64,
    pub section_affinity_boost: f64,
    /// When the sources come from several archives, each archive other than the primary one
    /// (whose best hit's path shares the most words with the request) gives at most this many
    /// sources...
    pub max_secondary_archive_hits: u64,
    /// ...each of whose entry paths shares at least this many words of three or more
    /// characters with the request, unless no path shares any (then only the cap).
    pub cross_archive_min_overlap: u64,
}

impl SynthesizeConfig {
    pub(super) const RANGES: &[Range<Self>] = ranges!(SynthesizeConfig {
        top_n: Bounds::int(1, SYNTHESIZE_MAX_PASSAGES as i128), Says::Value;
        per_archive_k: Bounds::int(1, 100), Says::Value;
        output_char_budget: Bounds::int(500, 20_000), Says::Value;
        section_affinity_threshold: Bounds::float(0.0, 1.0), Says::Value;
        section_affinity_boost: Bounds::float(1.0, 10.0), Says::Value;
        max_secondary_archive_hits: Bounds::int(0, 50), Says::Value;
        cross_archive_min_overlap: Bounds::int(1, 10), Says::Value;
    });
}

impl Default for SynthesizeConfig {
    fn default() -> Self {
        Self {
            top_n: 5,
            per_archive_k: 10,
            output_char_budget: 4800,
            section_affinity_threshold: 0.25,
            section_affinity_boost: 1.5,
            max_secondary_archive_hits: 2,
            cross_archive_min_overlap: 1,
        }
    }
}
