//! `[meta]`: openzim-mcp's response metadata knobs.

use serde::{Deserialize, Serialize};

/// openzim-mcp's response metadata knobs (`_meta` footer, token estimates). zim-mcp adds no
/// footer and counts no tokens, so both are accepted and have no effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MetaConfig {
    pub footer_enabled: bool,
    pub tokenizer_encoding: String,
}

impl Default for MetaConfig {
    fn default() -> Self {
        Self {
            footer_enabled: true,
            tokenizer_encoding: "cl100k_base".to_owned(),
        }
    }
}
