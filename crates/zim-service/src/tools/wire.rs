//! The tools as the MCP surface answers them: openzim-mcp 3.4.0's response shapes.
//!
//! A tool call arrives here from [`ZimService::call_tool`] and is dispatched through
//! [`TOOLS`](crate::tools::TOOLS): its arguments are checked as
//! openzim-mcp checks them (undeclared names, types and enumerations, then each tool's own
//! rules, in its order and with its operation codes), the tool runs, and its answer is laid
//! out in openzim-mcp's envelope: `results`, `total`, `done`, `next_cursor`, `page_info`,
//! `_meta {chars, truncated}`... Our extra information (exact totals, merged cross-archive
//! ranking, result sources) stays beside it as additional keys; nothing openzim-mcp sends is
//! renamed or missing. The deliberate differences are listed, with their reasons, in
//! `tests/diff/deliberate.json`, which the differential test against openzim-mcp reads.
//!
//! The tools' internal answers (what `zim_query` composes its answers from) are unchanged;
//! only the wire shape lives here.

use serde_json::{Map, Value, json};

use crate::error::{ErrorKind, ToolError};
use crate::ratelimit::ClientId;
use crate::service::ZimService;
use crate::tools::ToolOutput;
use crate::tools::args::parse_args;

/// Run one tool call and answer it in openzim-mcp's shape.
pub fn call_tool(
    svc: &ZimService,
    client: &ClientId,
    name: &str,
    args: Option<Map<String, Value>>,
) -> Result<ToolOutput, ToolError> {
    let mut args = args.unwrap_or_default();
    args.remove("_meta");
    let (Some(tool), Some(spec)) = (
        crate::tools::find(svc.config().tool_mode, name),
        svc.tool_specs().iter().find(|s| s.name == name),
    ) else {
        let mut names: Vec<&str> = svc.tool_specs().iter().map(|s| s.name).collect();
        names.sort_unstable();
        return Err(unknown_tool(name, &names));
    };
    check_arguments(name, &spec.input_schema, &args)?;
    (tool.run)(svc, client, args)
}

pub(crate) fn parse<T: serde::de::DeserializeOwned + schemars::JsonSchema + 'static>(
    tool: &str,
    args: Map<String, Value>,
) -> Result<T, ToolError> {
    parse_args(tool, Some(args))
}

// ---------------------------------------------------------------------------------------
// Errors

/// openzim-mcp's `unknown_tool` envelope, with the closest name when one is close.
pub fn unknown_tool(name: &str, available: &[&str]) -> ToolError {
    let closest = closest(&name.to_lowercase(), available);
    let hint = closest
        .map(|c| format!(" Did you mean '{c}'?"))
        .unwrap_or_default();
    let mut err = ToolError::validation(
        "unknown_tool",
        format!(
            "No tool named '{}'.{hint} Available tools: {}.",
            crate::text::truncate(name, 80),
            available.join(", ")
        ),
    )
    .with_extra("available_tools", json!(available));
    if let Some(c) = closest {
        err = err.with_extra("closest_match", json!(c));
    }
    err
}

/// The candidate most similar to `word` (at least 0.6 alike), as difflib would pick it.
fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (strsim::normalized_levenshtein(word, &c.to_lowercase()), *c))
        .filter(|(score, _)| *score >= 0.6)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Undeclared argument names (`unknown_argument`), then values of the wrong type, outside
/// their enumeration, or missing (`invalid_argument`), as openzim-mcp's envelope layer reports
/// them before the tool runs.
fn check_arguments(
    tool: &str,
    schema: &Map<String, Value>,
    args: &Map<String, Value>,
) -> Result<(), ToolError> {
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let mut accepted: Vec<&str> = properties.keys().map(String::as_str).collect();
    accepted.sort_unstable();
    let mut unknown: Vec<&str> = args
        .keys()
        .map(String::as_str)
        .filter(|k| !properties.contains_key(*k))
        .collect();
    unknown.sort_unstable();
    if !unknown.is_empty() {
        let mut matches = Map::new();
        let mut hints = Vec::new();
        for key in &unknown {
            if let Some(c) = closest(&key.to_lowercase(), &accepted) {
                matches.insert((*key).to_owned(), json!(c));
                hints.push(format!(
                    "Did you mean '{c}' instead of '{}'?",
                    crate::text::truncate(key, 80)
                ));
            }
        }
        let shown: Vec<String> = unknown
            .iter()
            .map(|k| crate::text::truncate(k, 80))
            .collect();
        let mut message = format!(
            "`{tool}` does not accept argument(s): {}. ",
            shown.join(", ")
        );
        if !hints.is_empty() {
            message.push_str(&hints.join(" "));
            message.push(' ');
        }
        message.push_str(&format!("Accepted: {}.", accepted.join(", ")));
        let mut err = ToolError::validation("unknown_argument", message)
            .with_extra("unknown_arguments", json!(shown))
            .with_extra("accepted_arguments", json!(accepted));
        if !matches.is_empty() {
            err = err.with_extra("closest_matches", Value::Object(matches));
        }
        return Err(err);
    }
    let defs = schema.get("$defs").and_then(Value::as_object);
    let mut fields: Vec<String> = Vec::new();
    let mut details: Vec<String> = Vec::new();
    let required = schema
        .get("required")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for name in required.iter().filter_map(Value::as_str) {
        if args.get(name).is_none_or(Value::is_null) {
            fields.push(name.to_owned());
            details.push(format!("{name}: Field required"));
        }
    }
    for (name, value) in args {
        let Some(property) = properties.get(name) else {
            continue;
        };
        // openzim-mcp declares zim_browse's `mode` a plain string and answers a bad one
        // itself (`invalid_mode`).
        if tool == "zim_browse" && name == "mode" && value.is_string() {
            continue;
        }
        if let Some(problem) = type_problem(property, defs, value) {
            fields.push(name.clone());
            details.push(format!("{name}: {problem}"));
        }
    }
    if fields.is_empty() {
        return Ok(());
    }
    Err(ToolError::validation(
        "invalid_argument",
        format!(
            "`{tool}` received invalid argument(s): {}.",
            details.join("; ")
        ),
    )
    .with_extra("invalid_arguments", json!(fields)))
}

/// What is wrong with `value` for an argument declared by `schema`, if anything. Integers of
/// any sign pass (each tool range-checks them with its own operation code); values in the
/// wrong JSON clothing (`"7"` for 7) pass, as they are coerced when parsed.
fn type_problem(
    schema: &Value,
    defs: Option<&Map<String, Value>>,
    value: &Value,
) -> Option<String> {
    let mut types: Vec<String> = Vec::new();
    let mut enums: Vec<Value> = Vec::new();
    collect_types(schema, defs, &mut types, &mut enums, 0);
    if value.is_null() {
        return None;
    }
    if !enums.is_empty() {
        if enums.contains(value) {
            return None;
        }
        let names: Vec<String> = enums
            .iter()
            .map(|e| format!("'{}'", e.as_str().unwrap_or("")))
            .collect();
        let listed = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            Some((last, _)) => last.clone(),
            None => String::new(),
        };
        return Some(format!("Input should be {listed}"));
    }
    let has = |t: &str| types.iter().any(|x| x == t);
    let ok = match value {
        Value::Bool(_) => has("boolean"),
        Value::Number(n) => {
            has("number")
                || (has("integer")
                    && (n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|x| x.fract() == 0.0)))
                || (has("boolean") && matches!(n.as_u64(), Some(0 | 1)))
        }
        Value::String(s) => {
            let t = s.trim();
            has("string")
                || (has("integer") && t.parse::<i64>().is_ok())
                || (has("number") && t.parse::<f64>().is_ok_and(f64::is_finite))
                || (has("boolean")
                    && matches!(
                        t.to_ascii_lowercase().as_str(),
                        "true" | "false" | "1" | "0"
                    ))
                || (has("array") && t.starts_with('['))
        }
        Value::Array(items) => {
            has("array")
                && items.iter().all(|i| {
                    schema
                        .get("items")
                        .is_none_or(|item| type_problem(item, defs, i).is_none())
                })
        }
        Value::Object(_) => has("object"),
        Value::Null => true,
    };
    if ok {
        return None;
    }
    let wanted = if has("integer") {
        "a valid integer"
    } else if has("boolean") {
        "a valid boolean"
    } else if has("array") {
        "a valid list"
    } else if has("string") {
        "a valid string"
    } else {
        "a valid value"
    };
    Some(format!("Input should be {wanted}"))
}

fn collect_types(
    schema: &Value,
    defs: Option<&Map<String, Value>>,
    types: &mut Vec<String>,
    enums: &mut Vec<Value>,
    depth: u8,
) {
    if depth > 8 {
        return;
    }
    match schema.get("type") {
        Some(Value::String(t)) => types.push(t.clone()),
        Some(Value::Array(ts)) => {
            types.extend(ts.iter().filter_map(Value::as_str).map(str::to_owned))
        }
        _ => {}
    }
    if let Some(Value::Array(values)) = schema.get("enum") {
        enums.extend(values.iter().cloned());
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str)
        && let Some(target) = reference
            .strip_prefix("#/$defs/")
            .and_then(|name| defs.and_then(|d| d.get(name)))
    {
        collect_types(target, defs, types, enums, depth + 1);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = schema.get(key) {
            for option in options {
                collect_types(option, defs, types, enums, depth + 1);
            }
        }
    }
    // A nullable enumeration (`anyOf: [enum, null]`) accepts null, which is not a member.
    if !enums.is_empty() && types.iter().any(|t| t == "null") {
        enums.push(Value::Null);
    }
}

/// A failure of the archive layer (file or entry not found, security refusal, unreadable
/// archive) answered as openzim-mcp's broad handler does: `operation` names the tool, and
/// `context` what the call was about; our precise code stays in `error_code`.
pub(crate) fn data_error(tool: &str, context: String) -> impl Fn(ToolError) -> ToolError + '_ {
    move |mut err: ToolError| {
        let broad = matches!(
            err.kind,
            ErrorKind::NotFound | ErrorKind::Security | ErrorKind::Archive | ErrorKind::Unavailable
        ) || matches!(
            err.operation.as_str(),
            "invalid_zim_file_path" | "ambiguous_zim_file" | "zim_file_path_required"
        );
        if !broad || err.context().is_some() {
            return err;
        }
        let heading = match (err.kind, err.operation.as_str()) {
            (_, "zim_file_not_found") => "Archive Not Found",
            (ErrorKind::Security, _) => "Security Validation Error",
            (ErrorKind::NotFound, _) => "Resource Not Found",
            _ => "Operation Failed",
        };
        let code = json!(err.operation);
        err.extras_mut().insert("error_code".into(), code);
        err.message = format!(
            "**{heading}**\n\n**Operation**: {tool}\n**Issue**: {}",
            err.message
        );
        err.operation = tool.to_owned();
        err.set_context(context.clone());
        err
    }
}

/// A cursor error with openzim-mcp's `context`.
pub(crate) fn cursor_error(err: ToolError, expected_tool: &str) -> ToolError {
    let context = match err.operation.as_str() {
        "cursor_decode" => "Invalid pagination cursor".to_owned(),
        _ => format!("expected_tool={expected_tool}"),
    };
    err.with_context(context)
}

/// openzim-mcp's refusal of a cursor issued for another context.
pub(crate) fn context_mismatch(label: &str, issued: &str, wanted: &str, field: &str) -> ToolError {
    fail(
        "cursor_context_mismatch",
        format!(
            "Cursor was issued for {label} '{issued}'; this call targets '{wanted}'. Drop the \
             `cursor` and start over for the new {label}."
        ),
    )
    .with_context(format!("{field}='{issued}'"))
}

pub(crate) fn fail(operation: &str, message: impl Into<String>) -> ToolError {
    ToolError::validation(operation, message)
}

// ---------------------------------------------------------------------------------------
// Argument access on the raw call (types were checked by `check_arguments`)

pub(crate) fn int(args: &Map<String, Value>, key: &str) -> Option<i64> {
    match args.get(key)? {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|x| x as i64)),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

pub(crate) fn text<'a>(args: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    args.get(key).and_then(Value::as_str)
}

pub(crate) fn flag(args: &Map<String, Value>, key: &str) -> bool {
    match args.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => matches!(s.trim().to_ascii_lowercase().as_str(), "true" | "1"),
        Some(Value::Number(n)) => n.as_u64() == Some(1),
        _ => false,
    }
}

pub(crate) fn given(args: &Map<String, Value>, key: &str) -> bool {
    args.get(key).is_some_and(|v| !v.is_null())
}

/// openzim-mcp's `invalid_argument` for a blank `zim_file_path`.
pub(crate) fn blank_archive(args: &Map<String, Value>) -> Result<(), ToolError> {
    match text(args, "zim_file_path") {
        Some(p) if p.trim().is_empty() => Err(fail(
            "invalid_argument",
            "`zim_file_path` must be a non-empty archive path. Use `zim_health()` and pass a \
             `loaded_archives[].path` value verbatim.",
        )
        .with_extra("invalid_arguments", json!(["zim_file_path"]))),
        _ => Ok(()),
    }
}

pub(crate) fn limit_between(
    limit: Option<i64>,
    max: i64,
    qualifier: &str,
) -> Result<(), ToolError> {
    match limit {
        Some(l) if !(1..=max).contains(&l) => Err(fail(
            "invalid_limit",
            format!("`limit` must be between 1 and {max} for {qualifier} (provided: {l})."),
        )),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------
// The `_meta` envelope and list pages

/// `_meta {chars, truncated}`: the size of the payload as JSON, without `_meta` itself.
pub(crate) fn attach_meta(value: &mut Value, truncated: bool, extra: &[(&str, Value)]) {
    let chars = serde_json::to_string(&value)
        .map(|s| s.chars().count())
        .unwrap_or_default();
    let mut meta = Map::new();
    meta.insert("chars".into(), json!(chars));
    meta.insert("truncated".into(), json!(truncated));
    for (k, v) in extra {
        meta.insert((*k).to_owned(), v.clone());
    }
    if let Some(map) = value.as_object_mut() {
        map.insert("_meta".into(), Value::Object(meta));
    }
}

pub(crate) fn set(value: &mut Value, key: &str, v: Value) {
    if let Some(map) = value.as_object_mut() {
        map.insert(key.to_owned(), v);
    }
}

pub(crate) fn take(value: &mut Value, key: &str) -> Value {
    value
        .as_object_mut()
        .and_then(|m| m.remove(key))
        .unwrap_or(Value::Null)
}

pub(crate) fn list(value: &Value, key: &str) -> Vec<Value> {
    value
        .get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

pub(crate) fn str_of(value: &Value, key: &str) -> String {
    value
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

pub(crate) fn page_info(offset: u64, limit: u64, returned: usize) -> Map<String, Value> {
    let mut info = Map::new();
    info.insert("offset".into(), json!(offset));
    info.insert("limit".into(), json!(limit));
    info.insert("returned_count".into(), json!(returned));
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Map<String, Value> {
        crate::tools::tool_specs(crate::config::ToolMode::Advanced)
            .into_iter()
            .find(|s| s.name == "zim_search")
            .unwrap()
            .input_schema
    }

    #[test]
    fn undeclared_arguments_name_the_closest_declared_one() {
        let args = json!({"query": "x", "limitt": 2})
            .as_object()
            .cloned()
            .unwrap();
        let err = check_arguments("zim_search", &schema(), &args).unwrap_err();
        assert_eq!(err.operation, "unknown_argument");
        assert_eq!(*err.extra("unknown_arguments").unwrap(), json!(["limitt"]));
        assert_eq!(
            *err.extra("closest_matches").unwrap(),
            json!({"limitt": "limit"})
        );
        assert!(
            err.extra("accepted_arguments")
                .unwrap()
                .as_array()
                .unwrap()
                .contains(&json!("query"))
        );
    }

    #[test]
    fn bad_types_enumerations_and_missing_arguments_are_invalid_arguments() {
        let check = |v: Value| check_arguments("zim_search", &schema(), v.as_object().unwrap());
        let err = check(json!({"query": "x", "limit": "many"})).unwrap_err();
        assert_eq!(err.operation, "invalid_argument");
        assert_eq!(*err.extra("invalid_arguments").unwrap(), json!(["limit"]));
        let err = check(json!({"query": "x", "mode": "semantic"})).unwrap_err();
        assert_eq!(*err.extra("invalid_arguments").unwrap(), json!(["mode"]));
        assert!(
            err.message.contains("'fulltext', 'title' or 'suggest'"),
            "{}",
            err.message
        );
        let err = check(json!({"limit": 3})).unwrap_err();
        assert_eq!(*err.extra("invalid_arguments").unwrap(), json!(["query"]));
        // Values in the wrong clothing, negative numbers (each tool range-checks them) and
        // nulls pass.
        assert!(check(json!({"query": "x", "limit": "7", "offset": -1, "mode": null})).is_ok());
        assert!(check(json!({"query": "x", "cross_file": "true"})).is_ok());
    }

    #[test]
    fn unknown_tools_suggest_the_closest_name() {
        let err = unknown_tool("zim_serch", &["zim_get", "zim_search"]);
        assert_eq!(err.operation, "unknown_tool");
        assert_eq!(*err.extra("closest_match").unwrap(), "zim_search");
        assert_eq!(
            *err.extra("available_tools").unwrap(),
            json!(["zim_get", "zim_search"])
        );
        assert!(
            unknown_tool("qqq", &["zim_get"])
                .extra("closest_match")
                .is_none()
        );
    }

    #[test]
    fn meta_sizes_the_payload() {
        let mut v = json!({"a": "xyz"});
        attach_meta(&mut v, true, &[("reason", json!("0_hits"))]);
        assert_eq!(v["_meta"]["chars"], json!("{\"a\":\"xyz\"}".len()));
        assert_eq!(v["_meta"]["truncated"], true);
        assert_eq!(v["_meta"]["reason"], "0_hits");
    }
}
