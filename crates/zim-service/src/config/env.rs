//! `OPENZIM_MCP_*` environment variables: `OPENZIM_MCP_` then the field's path, its levels
//! joined by `__` (`OPENZIM_MCP_RATE_LIMIT__BURST_SIZE` is `rate_limit.burst_size`), in any
//! case, as openzim-mcp's pydantic-settings configuration reads them.

use serde_json::Value;

use super::tree::get_path;

/// Prefix of every environment variable the server reads.
pub const ENV_PREFIX: &str = "OPENZIM_MCP_";

/// Turn one environment variable into a (field path, value) pair, or `None` when it is not
/// ours or names no known top-level field (those are ignored, as pydantic-settings does).
/// The value's type follows the field's current value: strings stay strings (a numeric auth
/// token is still a token), lists accept JSON or comma-separated text, other fields parse as
/// JSON (numbers, booleans, objects) and fall back to the raw string so serde reports it.
pub(super) fn env_entry(defaults: &Value, key: &str, raw: &str) -> Option<(Vec<String>, Value)> {
    let upper = key.to_ascii_uppercase();
    let rest = upper.strip_prefix(ENV_PREFIX)?;
    let path: Vec<String> = rest.split("__").map(|s| s.to_ascii_lowercase()).collect();
    let top = path.first()?;
    // `auth_token` is never serialized, so it is absent from the tree; it is a string.
    let secret = path.len() == 1 && top == "auth_token";
    if !secret {
        defaults.get(top)?;
    }
    let value = match get_path(defaults, &path) {
        _ if secret => Value::String(raw.to_owned()),
        Some(Value::String(_)) | Some(Value::Null) => Value::String(raw.to_owned()),
        Some(Value::Array(_)) => match serde_json::from_str::<Value>(raw) {
            Ok(v @ Value::Array(_)) => v,
            _ => Value::String(raw.to_owned()),
        },
        Some(Value::Bool(_)) => match raw.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => Value::Bool(true),
            "0" | "false" | "no" | "off" => Value::Bool(false),
            _ => Value::String(raw.to_owned()),
        },
        _ => serde_json::from_str(raw).unwrap_or_else(|_| Value::String(raw.to_owned())),
    };
    Some((path, value))
}

/// The variable that sets the field at `path` (`rate_limit.burst_size` ->
/// `OPENZIM_MCP_RATE_LIMIT__BURST_SIZE`).
#[cfg(test)]
pub(super) fn env_var(path: &str) -> String {
    format!(
        "{ENV_PREFIX}{}",
        path.replace('.', "__").to_ascii_uppercase()
    )
}
