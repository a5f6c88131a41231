//! Rendering options and the compact-mode budget.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::RenderError;

/// How hyperlinks appear in the Markdown output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum LinkStyle {
    /// `[text](href)`, with the href exactly as written in the page (relative to the entry).
    #[default]
    Inline,
    /// Only the anchor text; links are still collected for [`crate::Document::links`].
    TextOnly,
}

/// How data tables appear in the Markdown output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TableStyle {
    /// A pipe table with every row.
    #[default]
    Markdown,
    /// One line such as `[Table 3: Awards, 12 rows]`.
    Placeholder,
}

/// Options for [`crate::Document::parse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions {
    pub link_style: LinkStyle,
    pub tables: TableStyle,
    /// Inputs longer than this many bytes are refused with [`RenderError::InputTooLarge`]:
    /// the parsed tree costs several times the input size in memory.
    pub max_input_bytes: usize,
}

/// Default input cap: 64 MiB (the largest real page seen, a rustdoc source view, is 8.5 MB).
pub const DEFAULT_MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            link_style: LinkStyle::Inline,
            tables: TableStyle::Markdown,
            max_input_bytes: DEFAULT_MAX_INPUT_BYTES,
        }
    }
}

/// Size limit for [`crate::Document::compact`], in characters (Unicode scalar values).
///
/// The named sizes are: `small` = 2,000 chars (about 500 tokens: lead and outline),
/// `medium` = 6,000 chars (lead, outline and the first sentence of every section),
/// `large` = 15,000 chars (adds further sentences of each section). A number is an
/// exact character budget; the output never exceeds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    Small,
    Medium,
    Large,
    Chars(usize),
}

impl Budget {
    /// The budget in characters.
    pub fn chars(self) -> usize {
        match self {
            Budget::Small => 2_000,
            Budget::Medium => 6_000,
            Budget::Large => 15_000,
            Budget::Chars(n) => n,
        }
    }
}

/// JSON form accepted by the tools: `"small"`, `"medium"`, `"large"`, `"4000"` or `4000`.
#[derive(Deserialize)]
#[serde(untagged)]
enum BudgetRepr {
    Chars(u64),
    Name(String),
}

impl<'de> Deserialize<'de> for Budget {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match BudgetRepr::deserialize(d)? {
            BudgetRepr::Chars(n) => usize::try_from(n)
                .map(Budget::Chars)
                .map_err(|_| D::Error::custom(format!("budget {n} is too large"))),
            BudgetRepr::Name(s) => s.parse().map_err(D::Error::custom),
        }
    }
}

impl FromStr for Budget {
    type Err = RenderError;

    /// Accepts `small`, `medium`, `large` (any case) or a decimal number of characters.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        match t.to_ascii_lowercase().as_str() {
            "small" => Ok(Budget::Small),
            "medium" => Ok(Budget::Medium),
            "large" => Ok(Budget::Large),
            _ => t
                .parse::<usize>()
                .map(Budget::Chars)
                .map_err(|_| RenderError::InvalidBudget(s.to_string())),
        }
    }
}
