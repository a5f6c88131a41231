//! Argument types of the MCP tools. Their JSON schemas (advertised in `tools/list`) are
//! generated from these types, and calls are parsed into them, so the two cannot drift.

use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::ToolError;

/// Compact-mode budget: a preset name (`"small"`, `"medium"`, `"large"`) or a character count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum CompactBudget {
    Chars(u64),
    Preset(String),
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimQueryArgs {
    /// Natural-language question or instruction, e.g. "search for biology in wikipedia.zim".
    pub query: String,
    /// Archive to use; optional when only one ZIM file is served.
    #[serde(default)]
    pub zim_file_path: Option<String>,
    /// Maximum results for search/browse intents.
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub limit: Option<u32>,
    /// Pagination offset.
    #[serde(default)]
    pub offset: u32,
    /// Character offset inside a long article body.
    #[serde(default)]
    pub content_offset: u64,
    /// Opaque cursor from a previous result.
    #[serde(default)]
    pub cursor: Option<String>,
    /// Maximum characters of a retrieved article (at least 100).
    #[serde(default)]
    #[schemars(range(min = 100))]
    pub max_content_length: Option<u64>,
    /// Compact, token-budget-aware prose rendering.
    #[serde(default = "yes")]
    pub compact: bool,
    /// Override of the compact-mode budget.
    #[serde(default)]
    pub compact_budget: Option<CompactBudget>,
    /// Return a multi-source briefing instead of a single answer.
    #[serde(default)]
    pub synthesize: bool,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum View {
    #[default]
    Full,
    Summary,
    Toc,
    Structure,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimGetArgs {
    /// Archive to read.
    pub zim_file_path: String,
    /// One entry, e.g. "A/Evolution" or "Evolution".
    #[serde(default)]
    pub entry_path: Option<String>,
    /// Up to 50 entries fetched in one call.
    #[serde(default)]
    pub entry_paths: Option<Vec<String>>,
    /// "full" (default), "summary", "toc" or "structure".
    #[serde(default)]
    pub view: View,
    /// Return the raw bytes, base64-encoded, with the entry's MIME type.
    #[serde(default)]
    pub binary: bool,
    /// Return the archive's main page.
    #[serde(default)]
    pub main_page: bool,
    /// Per-entry character cap (at least 100).
    #[serde(default)]
    #[schemars(range(min = 100))]
    pub max_content_length: Option<u64>,
    /// Character offset to continue a long article from.
    #[serde(default)]
    pub content_offset: u64,
    /// Compact-mode prose.
    #[serde(default)]
    pub compact: bool,
    #[serde(default)]
    pub compact_budget: Option<CompactBudget>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimGetSectionArgs {
    pub zim_file_path: String,
    pub entry_path: String,
    /// Heading id or anchor from a `zim_get(view="toc"|"structure")` response.
    pub section_id: String,
    /// Per-section character cap.
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub max_chars: Option<u64>,
    /// False: the section's own text only, up to its first subheading (`subsections` still
    /// lists the subsections' ids).
    #[serde(default = "yes")]
    pub include_subsections: bool,
    #[serde(default = "yes")]
    pub compact: bool,
    #[serde(default)]
    pub compact_budget: Option<CompactBudget>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum BrowseMode {
    #[default]
    Page,
    Walk,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimBrowseArgs {
    pub zim_file_path: String,
    /// Namespace: C, M, W, X (new scheme) or A, I, ... (old scheme).
    pub namespace: String,
    /// "page" (default, offset pagination) or "walk" (cursor iteration by entry id).
    #[serde(default)]
    pub mode: BrowseMode,
    /// Walk cursor from a previous call (mode="walk" only).
    #[serde(default)]
    pub cursor: Option<String>,
    /// 1-500; default 50 (page) / 200 (walk).
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub limit: Option<u32>,
    /// Offset into the namespace (mode="page" only).
    #[serde(default)]
    pub offset: u32,
    /// False: leave assets (entries that are neither HTML pages nor redirects: images,
    /// stylesheets, scripts...) out of the page; offsets and cursors still count them.
    /// Default: every entry is listed.
    #[serde(default)]
    pub include_assets: Option<bool>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimMetadataArgs {
    pub zim_file_path: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LinkDirection {
    #[default]
    Outbound,
    Related,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    Internal,
    External,
    Media,
}

impl LinkKind {
    pub fn as_str(self) -> &'static str {
        match self {
            LinkKind::Internal => "internal",
            LinkKind::External => "external",
            LinkKind::Media => "media",
        }
    }
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimLinksArgs {
    pub zim_file_path: String,
    pub entry_path: String,
    /// "outbound" (default) or "related".
    #[serde(default)]
    pub direction: LinkDirection,
    /// Outbound only: keep one bucket, "internal", "external" or "media" (default: all three).
    #[serde(default)]
    pub kind: Option<LinkKind>,
    #[serde(default)]
    pub cursor: Option<String>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub limit: Option<u32>,
    #[serde(default)]
    pub offset: u32,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimHealthArgs {
    /// With a path: check that archive's integrity instead of reporting server health.
    #[serde(default)]
    pub zim_file_path: Option<String>,
}

fn yes() -> bool {
    true
}

/// The JSON schema of an argument type, as an MCP `inputSchema` object.
pub fn input_schema<T: JsonSchema>() -> Map<String, Value> {
    let schema = schemars::schema_for!(T);
    match serde_json::to_value(schema) {
        Ok(Value::Object(map)) => map,
        _ => {
            let mut map = Map::new();
            map.insert("type".into(), Value::String("object".into()));
            map
        }
    }
}

/// The argument names `T` declares (its schema's properties), computed once per type: schema
/// generation allocates a whole JSON tree, far more than a call's own work.
fn declared_arguments<T: JsonSchema + 'static>() -> Arc<[String]> {
    static DECLARED: OnceLock<Mutex<HashMap<TypeId, Arc<[String]>>>> = OnceLock::new();
    let cache = DECLARED.get_or_init(Mutex::default);
    let mut cache = cache.lock().unwrap_or_else(PoisonError::into_inner);
    let names = cache.entry(TypeId::of::<T>()).or_insert_with(|| {
        input_schema::<T>()
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default()
    });
    Arc::clone(names)
}

/// Parse a tool call's arguments. Unknown arguments are refused with the closest declared
/// name as a suggestion (serde's own message lists every field, which helps less).
pub fn parse_args<T: DeserializeOwned + JsonSchema + 'static>(
    tool: &str,
    args: Option<Map<String, Value>>,
) -> Result<T, ToolError> {
    let mut args = args.unwrap_or_default();
    // Request metadata some clients put among the arguments (as openzim-mcp tolerates it).
    args.remove("_meta");
    let declared = declared_arguments::<T>();
    let declared: Vec<&str> = declared.iter().map(String::as_str).collect();
    for key in args.keys() {
        if !declared.contains(&key.as_str()) {
            let closest = declared
                .iter()
                .map(|d| (strsim::jaro_winkler(key, d), *d))
                .filter(|(score, _)| *score >= 0.7)
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let mut err = ToolError::validation(
                "invalid_arguments",
                format!(
                    "{tool} does not take an argument named '{}'",
                    truncate(key, 80)
                ),
            );
            err.hint = Some(match closest {
                Some((_, name)) => {
                    format!("Did you mean '{name}'? Accepted: {}", declared.join(", "))
                }
                None => format!("Accepted arguments: {}", declared.join(", ")),
            });
            return Err(err);
        }
    }
    // `null` means "not given" for every optional argument, as in the Python server.
    let args: Map<String, Value> = args.into_iter().filter(|(_, v)| !v.is_null()).collect();
    serde_json::from_value(Value::Object(args)).map_err(|e| {
        ToolError::validation("invalid_arguments", format!("{tool}: {e}"))
            .with_hint("Check the argument names and types against the tool's input schema")
    })
}

fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// Check an optional integer argument against its documented range.
pub fn check_range(name: &str, value: Option<u64>, min: u64, max: u64) -> Result<(), ToolError> {
    match value {
        Some(v) if v < min || v > max => Err(ToolError::validation(
            "invalid_arguments",
            format!("{name} must be between {min} and {max} (got {v})"),
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(v: Value) -> Option<Map<String, Value>> {
        v.as_object().cloned()
    }

    #[test]
    fn unknown_argument_names_the_closest_declared_one() {
        let err = parse_args::<ZimBrowseArgs>(
            "zim_browse",
            obj(json!({"zim_file_path": "a", "namespace": "C", "limt": 5})),
        )
        .unwrap_err();
        assert_eq!(err.operation, "invalid_arguments");
        assert!(err.message.contains("'limt'"), "{}", err.message);
        assert!(err.hint.unwrap().contains("Did you mean 'limit'"));
        let err = parse_args::<ZimHealthArgs>("zim_health", obj(json!({"qqqqqq": 1}))).unwrap_err();
        assert!(
            err.hint
                .unwrap()
                .starts_with("Accepted arguments: zim_file_path")
        );
    }

    #[test]
    fn defaults_nulls_and_type_errors() {
        let args: ZimGetArgs = parse_args(
            "zim_get",
            obj(json!({"zim_file_path": "x", "entry_path": null})),
        )
        .unwrap();
        assert_eq!(args.view, View::Full);
        assert!(!args.compact && args.entry_path.is_none());
        let q: ZimQueryArgs = parse_args("zim_query", obj(json!({"query": "x"}))).unwrap();
        assert!(q.compact);
        let err =
            parse_args::<ZimGetArgs>("zim_get", obj(json!({"zim_file_path": 3}))).unwrap_err();
        assert_eq!(err.operation, "invalid_arguments");
        let err =
            parse_args::<ZimSearchArgs>("zim_search", obj(json!({"query": "x", "mode": "fuzzy"})))
                .unwrap_err();
        assert!(err.message.contains("fuzzy"));
        let err = parse_args::<ZimMetadataArgs>("zim_metadata", None).unwrap_err();
        assert!(err.message.contains("zim_file_path"));
    }

    #[test]
    fn schemas_carry_defaults_ranges_and_required() {
        let schema = Value::Object(input_schema::<ZimBrowseArgs>());
        assert_eq!(schema["type"], "object");
        assert_eq!(schema["properties"]["limit"]["maximum"], 500);
        assert_eq!(schema["properties"]["offset"]["default"], json!(0));
        assert_eq!(schema["properties"]["mode"]["default"], json!("page"));
        let required = schema["required"].as_array().unwrap();
        assert!(
            required.contains(&json!("zim_file_path")) && required.contains(&json!("namespace"))
        );
        assert!(!required.contains(&json!("mode")));
    }

    #[test]
    fn range_check() {
        assert!(check_range("limit", Some(0), 1, 500).is_err());
        assert!(check_range("limit", Some(501), 1, 500).is_err());
        assert!(check_range("limit", Some(500), 1, 500).is_ok());
        assert!(check_range("limit", None, 1, 500).is_ok());
    }
}
