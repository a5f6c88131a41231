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
use crate::text::truncate;

/// Compact-mode budget: a profile (`"tiny"` 2,000, `"small"` 4,000, `"medium"` 6,000,
/// `"large"` 12,000 characters) or a character count, clamped to 500-64,000.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum CompactBudget {
    Chars(i64),
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
    /// Maximum results for search/browse intents (each routed tool applies its own ceiling).
    #[serde(default)]
    #[schemars(range(min = 1, max = 1000))]
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
    /// `next_cursor` of a previous call in the same mode.
    #[serde(default)]
    pub cursor: Option<String>,
    /// 1-200 in mode="page" (default 50), 1-500 in mode="walk" (default 200).
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub limit: Option<u32>,
    /// Offset into the namespace (mode="page" only).
    #[serde(default)]
    pub offset: u32,
    /// True: list assets (images, stylesheets, scripts, fonts, media) too. Default: a
    /// new-scheme archive's C namespace lists its pages only, as openzim-mcp does (offsets
    /// then count listed entries); other namespaces list everything.
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
    // The pages linking to this one (needs the archive's knowledge index). A plain comment:
    // a doc comment would split the schema's enum into a `oneOf`.
    Inbound,
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
    /// "outbound" (default), "inbound" (needs the archive's knowledge index) or "related".
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

/// The JSON types one declared argument accepts: its schema's `type`, or those of its
/// `anyOf` / `oneOf` members (`Option<T>` adds `null`; references to enums add nothing, so
/// such arguments are never coerced).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Accepts {
    integer: bool,
    number: bool,
    boolean: bool,
    string: bool,
    array: bool,
}

impl Accepts {
    fn of(property: &Value) -> Self {
        let mut accepts = Accepts::default();
        accepts.add(property);
        for key in ["anyOf", "oneOf"] {
            for member in property
                .get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                accepts.add(member);
            }
        }
        accepts
    }

    fn add(&mut self, schema: &Value) {
        let types: Vec<&str> = match schema.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        for t in types {
            match t {
                "integer" => self.integer = true,
                "number" => self.number = true,
                "boolean" => self.boolean = true,
                "string" => self.string = true,
                "array" => self.array = true,
                _ => {}
            }
        }
    }

    /// `value` turned into a type this argument accepts, when it is the same thing in the
    /// wrong JSON clothing (`"10"` for 10, `10.0` for 10, `"true"` for true, a JSON array sent
    /// as a string), as the Python server's lax validation accepts; otherwise `None` (the
    /// value is passed on as is, and serde reports what is wrong with it).
    fn coerce(self, value: &Value) -> Option<Value> {
        match value {
            Value::String(text) if !self.string => {
                let text = text.trim();
                if self.integer
                    && let Ok(n) = text.parse::<i64>()
                {
                    return Some(Value::from(n));
                }
                if self.number
                    && let Ok(x) = text.parse::<f64>()
                    && x.is_finite()
                {
                    return serde_json::Number::from_f64(x).map(Value::Number);
                }
                if self.boolean {
                    match text.to_ascii_lowercase().as_str() {
                        "true" | "1" => return Some(Value::Bool(true)),
                        "false" | "0" => return Some(Value::Bool(false)),
                        _ => {}
                    }
                }
                if self.array && text.starts_with('[') {
                    return serde_json::from_str::<Value>(text)
                        .ok()
                        .filter(Value::is_array);
                }
                None
            }
            Value::Number(n) if self.integer && !self.number && !n.is_i64() && !n.is_u64() => {
                let x = n.as_f64()?;
                // Exactly representable whole numbers only (10.0, not 10.5 or 1e300).
                (x.fract() == 0.0 && x.abs() < 9.0e15).then(|| Value::from(x as i64))
            }
            Value::Number(n) if self.boolean && !self.integer && !self.number => match n.as_u64() {
                Some(0) => Some(Value::Bool(false)),
                Some(1) => Some(Value::Bool(true)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The argument names `T` declares (its schema's properties) with the types each accepts,
/// computed once per type: schema generation allocates a whole JSON tree, far more than a
/// call's own work.
fn declared_arguments<T: JsonSchema + 'static>() -> Arc<[(String, Accepts)]> {
    type Declared = Arc<[(String, Accepts)]>;
    static DECLARED: OnceLock<Mutex<HashMap<TypeId, Declared>>> = OnceLock::new();
    let cache = DECLARED.get_or_init(Mutex::default);
    let mut cache = cache.lock().unwrap_or_else(PoisonError::into_inner);
    let names = cache.entry(TypeId::of::<T>()).or_insert_with(|| {
        input_schema::<T>()
            .get("properties")
            .and_then(Value::as_object)
            .map(|p| {
                p.iter()
                    .map(|(name, schema)| (name.clone(), Accepts::of(schema)))
                    .collect()
            })
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
    let declared_types = declared_arguments::<T>();
    let declared: Vec<&str> = declared_types.iter().map(|(n, _)| n.as_str()).collect();
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
    let args: Map<String, Value> = args
        .into_iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(name, value)| {
            let accepts = declared_types
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, a)| *a)
                .unwrap_or_default();
            let value = accepts.coerce(&value).unwrap_or(value);
            (name, value)
        })
        .collect();
    serde_json::from_value(Value::Object(args)).map_err(|e| {
        ToolError::validation("invalid_arguments", format!("{tool}: {e}"))
            .with_hint("Check the argument names and types against the tool's input schema")
    })
}

/// `args` with every value in the wrong JSON clothing (`"7"`, `7.0`, `"true"`, a JSON array
/// as text) turned into the type `T` declares for it, as [`parse_args`] does, so checks made
/// before parsing see what parsing will.
pub fn coerce_args<T: JsonSchema + 'static>(args: Map<String, Value>) -> Map<String, Value> {
    let declared = declared_arguments::<T>();
    args.into_iter()
        .map(|(name, value)| {
            let accepts = declared
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, a)| *a)
                .unwrap_or_default();
            let value = accepts.coerce(&value).unwrap_or(value);
            (name, value)
        })
        .collect()
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

/// Characters of a compact-mode budget: a number, or `small` / `medium` / `large`.
pub fn budget_chars(budget: Option<&CompactBudget>) -> Result<usize, ToolError> {
    // openzim-mcp's profiles and bounds: a number outside them is clamped (a token or byte
    // count passed by mistake must not starve or flood the answer).
    const MIN: i64 = 500;
    const MAX: i64 = 64_000;
    let clamp = |n: i64| usize::try_from(n.clamp(MIN, MAX)).unwrap_or(6_000);
    match budget {
        None => Ok(6_000),
        Some(CompactBudget::Chars(n)) => Ok(clamp(*n)),
        Some(CompactBudget::Preset(name)) => match name.trim().to_ascii_lowercase().as_str() {
            "tiny" => Ok(2_000),
            "small" => Ok(4_000),
            "medium" => Ok(6_000),
            "large" => Ok(12_000),
            other => match other.parse::<i64>() {
                Ok(n) => Ok(clamp(n)),
                Err(_) => Err(ToolError::validation(
                    "invalid_arguments",
                    format!(
                        "compact_budget must be tiny, small, medium, large or a number of \
                         characters (got '{}')",
                        truncate(other, 40)
                    ),
                )),
            },
        },
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
    fn values_in_the_wrong_json_clothing_are_coerced_as_the_python_server_does() {
        let args: ZimSearchArgs = parse_args(
            "zim_search",
            obj(json!({"query": "42", "limit": "7", "offset": 3.0, "cross_file": "true"})),
        )
        .unwrap();
        assert_eq!(args.query, "42", "strings stay strings");
        assert_eq!(
            (args.limit, args.offset, args.cross_file),
            (Some(7), 3, true)
        );
        let get: ZimGetArgs = parse_args(
            "zim_get",
            obj(
                json!({"zim_file_path": "x", "entry_paths": "[\"A\", \"B\"]", "compact": 1,
                       "compact_budget": "2000"}),
            ),
        )
        .unwrap();
        assert_eq!(get.entry_paths, Some(vec!["A".to_owned(), "B".to_owned()]));
        assert!(get.compact);
        assert_eq!(
            get.compact_budget,
            Some(CompactBudget::Preset("2000".into()))
        );
        // Not the same thing in other clothing: still refused, with serde's message.
        for bad in [
            json!({"query": "x", "limit": "seven"}),
            json!({"query": "x", "limit": 2.5}),
            json!({"query": "x", "cross_file": "maybe"}),
            json!({"query": "x", "limit": 1e300}),
        ] {
            assert!(
                parse_args::<ZimSearchArgs>("zim_search", obj(bad.clone())).is_err(),
                "{bad}"
            );
        }
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
