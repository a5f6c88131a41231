//! Requests refused before they reach the MCP service, with the JSON-RPC error their fault
//! calls for, on every transport: a body that is not JSON (-32700), a payload that is not a
//! request object or batch (-32600), `tools/call` whose `name` is not a string or whose
//! `arguments` is present but not an object (-32602). rmcp would otherwise drop the line
//! (stdio), answer with a plain-text HTTP status, or report the method as unknown.

use serde_json::Value;
use zim_wikipedia::jsonrpc::{RpcError, error_response};

/// The error response for a payload that must not go further, if it is one.
pub fn refuse(body: &[u8]) -> Option<Value> {
    let text = std::str::from_utf8(body).ok();
    if text.is_some_and(|t| t.trim().is_empty()) {
        return None;
    }
    let Some(value) = text.and_then(|t| serde_json::from_str::<Value>(t).ok()) else {
        return Some(error_response(Value::Null, &RpcError::parse_error()));
    };
    match &value {
        Value::Object(request) => check_request(request),
        // Batches are rmcp's to answer item by item.
        Value::Array(items) if !items.is_empty() => None,
        _ => Some(error_response(
            Value::Null,
            &RpcError::invalid_request("expected a JSON-RPC request object or batch"),
        )),
    }
}

fn check_request(request: &serde_json::Map<String, Value>) -> Option<Value> {
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    // Notifications and responses carry no id to answer; leave them alone.
    if id.is_null() || request.get("method").and_then(Value::as_str) != Some("tools/call") {
        return None;
    }
    let params = match request.get("params") {
        Some(Value::Object(params)) => params,
        _ => {
            return Some(invalid_params(
                id,
                "Invalid params: tools/call needs params {name, arguments}",
            ));
        }
    };
    if !params.get("name").is_some_and(Value::is_string) {
        return Some(invalid_params(id, "Invalid params: name must be a string"));
    }
    match params.get("arguments") {
        None | Some(Value::Null) | Some(Value::Object(_)) => None,
        Some(_) => Some(invalid_params(
            id,
            "Invalid params: arguments must be an object",
        )),
    }
}

fn invalid_params(id: Value, message: &str) -> Value {
    error_response(id, &RpcError::invalid_params(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(body: &str) -> Option<i64> {
        refuse(body.as_bytes()).and_then(|v| v["error"]["code"].as_i64())
    }

    #[test]
    fn faults_get_their_own_codes() {
        assert_eq!(code("{not json"), Some(-32700));
        assert_eq!(code("\u{0}\u{1}"), Some(-32700));
        assert_eq!(code("42"), Some(-32600));
        assert_eq!(code("[]"), Some(-32600));
        assert_eq!(
            code(
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":"a=1"}}"#
            ),
            Some(-32602)
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}"#),
            Some(-32602)
        );
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}"#),
            Some(-32602)
        );
        let refused = refuse(br#"{"jsonrpc":"2.0","id":"q","method":"tools/call","params":{"name":"x","arguments":[1]}}"#).unwrap();
        assert_eq!(refused["id"], "q");
    }

    #[test]
    fn good_requests_pass() {
        for body in [
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
            "   ",
        ] {
            assert_eq!(refuse(body.as_bytes()), None, "{body}");
        }
    }
}
