//! What a call asks for, in the terms the backends take too: an article view, a link
//! direction, a search and its mode. Below the tools and the backends, so that neither
//! reaches the other through them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum View {
    #[default]
    Full,
    Summary,
    Toc,
    Structure,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LinkDirection {
    #[default]
    Outbound,
    // The pages linking to this one (needs the archive's knowledge index). A plain comment:
    // a doc comment would split the schema's enum into a `oneOf`.
    Inbound,
    Related,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SearchMode {
    #[default]
    Fulltext,
    Title,
    Suggest,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimSearchArgs {
    /// Search terms, a title, or a prefix (depending on `mode`).
    pub query: String,
    /// "fulltext" (default), "title" or "suggest".
    #[serde(default)]
    pub mode: SearchMode,
    /// Archive to search; optional with `cross_file` or when only one ZIM file is served.
    #[serde(default)]
    pub zim_file_path: Option<String>,
    /// Search every served archive.
    #[serde(default)]
    pub cross_file: bool,
    /// Namespace filter (fulltext only).
    #[serde(default)]
    pub namespace: Option<String>,
    /// MIME type filter (fulltext only).
    #[serde(default)]
    pub content_type: Option<String>,
    /// 1-100 for fulltext/title, 1-50 for suggest.
    #[serde(default)]
    #[schemars(range(min = 1, max = 100))]
    pub limit: Option<u32>,
    #[serde(default)]
    pub offset: u32,
    /// Opaque cursor from a previous page.
    #[serde(default)]
    pub cursor: Option<String>,
}
