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

/// serde's and schemars' default of the arguments that are on unless turned off.
pub(crate) fn yes() -> bool {
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
    use crate::tools::browse::ZimBrowseArgs;
    use crate::tools::get::{View, ZimGetArgs};
    use crate::tools::health::ZimHealthArgs;
    use crate::tools::metadata::ZimMetadataArgs;
    use crate::tools::query::ZimQueryArgs;
    use crate::tools::search::ZimSearchArgs;
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
