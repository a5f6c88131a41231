//! The JSON-RPC 2.0 envelope: request validation, batches and notifications, per the JSON-RPC
//! 2.0 specification. Method semantics live behind [`MethodHandler`].

use serde_json::{Map, Value, json};

/// Standard JSON-RPC 2.0 error codes.
pub mod code {
    pub const PARSE_ERROR: i64 = -32700;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const INVALID_PARAMS: i64 = -32602;
    pub const INTERNAL_ERROR: i64 = -32603;
    pub const SERVER_ERROR: i64 = -32000;
}

/// An error object of a JSON-RPC response.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message} ({code})")]
pub struct RpcError {
    pub code: i64,
    pub message: String,
    pub data: Option<Value>,
}

impl RpcError {
    pub fn new(code: i64, message: impl Into<String>) -> Self {
        RpcError {
            code,
            message: message.into(),
            data: None,
        }
    }
    pub fn parse_error() -> Self {
        Self::new(code::PARSE_ERROR, "Parse error")
    }
    pub fn invalid_request(detail: &str) -> Self {
        RpcError {
            data: Some(json!({ "detail": detail })),
            ..Self::new(code::INVALID_REQUEST, "Invalid Request")
        }
    }
    pub fn method_not_found(method: &str) -> Self {
        Self::new(
            code::METHOD_NOT_FOUND,
            format!("Method not found: {method}"),
        )
    }
    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::new(code::INVALID_PARAMS, message)
    }
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(code::INTERNAL_ERROR, message)
    }

    fn to_value(&self) -> Value {
        let mut error = Map::new();
        error.insert("code".into(), self.code.into());
        error.insert("message".into(), self.message.clone().into());
        if let Some(data) = &self.data {
            error.insert("data".into(), data.clone());
        }
        Value::Object(error)
    }
}

/// Answers one method call. `params` is the request's `params` member, if any.
pub trait MethodHandler: Send + Sync {
    fn call(&self, method: &str, params: Option<&Value>) -> Result<Value, RpcError>;
}

/// What to send back for one HTTP body or stdio line.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// A response object or a batch array, serialised.
    Json(String),
    /// Only notifications were received: JSON-RPC says nothing is sent back.
    Nothing,
}

/// Handles a raw payload: a single request or a batch.
pub fn handle_payload(body: &[u8], handler: &dyn MethodHandler) -> Reply {
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(_) => {
            return Reply::Json(error_response(Value::Null, &RpcError::parse_error()).to_string());
        }
    };
    handle_value(value, handler)
}

/// Handles an already parsed payload (the HTTP layer parses once to route).
pub fn handle_value(value: Value, handler: &dyn MethodHandler) -> Reply {
    match value {
        Value::Array(items) if items.is_empty() => Reply::Json(
            error_response(Value::Null, &RpcError::invalid_request("empty batch")).to_string(),
        ),
        Value::Array(items) => {
            let responses: Vec<Value> = items
                .into_iter()
                .filter_map(|item| handle_one(item, handler))
                .collect();
            if responses.is_empty() {
                Reply::Nothing
            } else {
                Reply::Json(Value::Array(responses).to_string())
            }
        }
        single => match handle_one(single, handler) {
            Some(response) => Reply::Json(response.to_string()),
            None => Reply::Nothing,
        },
    }
}

/// One request object; `None` for a notification (no `id` member), which gets no response,
/// not even on error.
fn handle_one(request: Value, handler: &dyn MethodHandler) -> Option<Value> {
    let Value::Object(mut obj) = request else {
        return Some(error_response(
            Value::Null,
            &RpcError::invalid_request("a request must be a JSON object"),
        ));
    };
    let id = obj.remove("id");
    let is_notification = id.is_none();
    let id = id.unwrap_or(Value::Null);
    if !matches!(id, Value::Null | Value::String(_) | Value::Number(_)) {
        return Some(error_response(
            Value::Null,
            &RpcError::invalid_request("id must be a string, a number or null"),
        ));
    }
    let outcome = validate_envelope(&obj).and_then(|method| {
        let params = obj.get("params");
        if let Some(p) = params
            && !matches!(p, Value::Object(_) | Value::Array(_))
        {
            return Err(RpcError::invalid_request(
                "params must be an object or an array",
            ));
        }
        handler.call(method, params)
    });
    if is_notification {
        return None;
    }
    Some(match outcome {
        Ok(result) => json!({ "jsonrpc": "2.0", "result": result, "id": id }),
        Err(error) => error_response(id, &error),
    })
}

fn validate_envelope(obj: &Map<String, Value>) -> Result<&str, RpcError> {
    match obj.get("jsonrpc") {
        Some(Value::String(v)) if v == "2.0" => {}
        _ => return Err(RpcError::invalid_request("jsonrpc must be exactly \"2.0\"")),
    }
    match obj.get("method") {
        Some(Value::String(m)) => Ok(m.as_str()),
        _ => Err(RpcError::invalid_request("method must be a string")),
    }
}

/// A response carrying `error`; `id` is null when the request's id could not be read.
pub fn error_response(id: Value, error: &RpcError) -> Value {
    json!({ "jsonrpc": "2.0", "error": error.to_value(), "id": id })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Echo;
    impl MethodHandler for Echo {
        fn call(&self, method: &str, params: Option<&Value>) -> Result<Value, RpcError> {
            match method {
                "echo" => Ok(params.cloned().unwrap_or(Value::Null)),
                "fail" => Err(RpcError::invalid_params(
                    "Invalid parameters for fail: always",
                )),
                other => Err(RpcError::method_not_found(other)),
            }
        }
    }

    fn reply(body: &str) -> Value {
        match handle_payload(body.as_bytes(), &Echo) {
            Reply::Json(s) => serde_json::from_str(&s).unwrap(),
            Reply::Nothing => Value::String("<nothing>".into()),
        }
    }

    #[test]
    fn success_echoes_id_and_result() {
        let r = reply(r#"{"jsonrpc":"2.0","method":"echo","params":{"a":1},"id":"x-1"}"#);
        assert_eq!(r, json!({"jsonrpc":"2.0","result":{"a":1},"id":"x-1"}));
    }

    #[test]
    fn parse_error_has_null_id() {
        let r = reply(r#"{"jsonrpc":"2.0","method":"#);
        assert_eq!(r["error"]["code"], -32700);
        assert_eq!(r["error"]["message"], "Parse error");
        assert_eq!(r["id"], Value::Null);
    }

    #[test]
    fn invalid_requests() {
        for body in [
            r#"{"method":"echo","id":1}"#,
            r#"{"jsonrpc":"1.0","method":"echo","id":1}"#,
            r#"{"jsonrpc":"2.0","method":5,"id":1}"#,
            r#"{"jsonrpc":"2.0","method":"echo","params":"x","id":1}"#,
            r#"{"jsonrpc":"2.0","method":"echo","id":{"a":1}}"#,
            r#"42"#,
            r#"[]"#,
        ] {
            let r = reply(body);
            assert_eq!(r["error"]["code"], -32600, "{body}");
            assert_eq!(r["error"]["message"], "Invalid Request", "{body}");
        }
        // The id is echoed when it could be read.
        assert_eq!(
            reply(r#"{"jsonrpc":"1.0","method":"echo","id":7}"#)["id"],
            7
        );
    }

    #[test]
    fn unknown_method_and_bad_params() {
        let r = reply(r#"{"jsonrpc":"2.0","method":"nope","id":2}"#);
        assert_eq!(r["error"]["code"], -32601);
        let r = reply(r#"{"jsonrpc":"2.0","method":"fail","id":3}"#);
        assert_eq!(r["error"]["code"], -32602);
        assert_eq!(r["error"]["message"], "Invalid parameters for fail: always");
    }

    #[test]
    fn notifications_get_no_response() {
        assert_eq!(reply(r#"{"jsonrpc":"2.0","method":"echo"}"#), "<nothing>");
        assert_eq!(reply(r#"{"jsonrpc":"2.0","method":"nope"}"#), "<nothing>");
        assert_eq!(
            reply(r#"[{"jsonrpc":"2.0","method":"echo"},{"jsonrpc":"2.0","method":"x"}]"#),
            "<nothing>"
        );
    }

    #[test]
    fn batch_mixes_results_errors_and_notifications() {
        let r = reply(
            r#"[{"jsonrpc":"2.0","method":"echo","params":[1],"id":1},
                {"jsonrpc":"2.0","method":"echo","params":[2]},
                {"jsonrpc":"2.0","method":"nope","id":"b"},
                1]"#,
        );
        let arr = r.as_array().unwrap();
        assert_eq!(arr.len(), 3);
        assert_eq!(arr[0]["result"], json!([1]));
        assert_eq!(arr[1]["error"]["code"], -32601);
        assert_eq!(arr[1]["id"], "b");
        assert_eq!(arr[2]["error"]["code"], -32600);
    }
}

/// Whether a payload posted to the shared `/mcp` endpoint is for this API rather than for MCP.
///
/// `wikipedia.*` calls always are. Inside an MCP session (`has_session`) everything else is
/// MCP's. Outside one, MCP only ever starts with `initialize` (its other methods are `ping` or
/// contain a `/`), so every other payload — unparseable JSON, a batch, an invalid request, an
/// unknown method — is answered here, with the JSON-RPC error it deserves.
pub fn claims(body: &[u8], has_session: bool) -> bool {
    let Ok(value) = serde_json::from_slice::<Value>(body) else {
        return !has_session;
    };
    let method = |v: &Value| v.get("method").and_then(Value::as_str).map(str::to_owned);
    let is_api_method =
        |m: &Option<String>| m.as_deref().is_some_and(|m| m.starts_with("wikipedia."));
    let is_mcp_method = |m: &Option<String>| {
        m.as_deref()
            .is_some_and(|m| m == "initialize" || m == "ping" || m.contains('/'))
    };
    match &value {
        Value::Array(items) => {
            let methods: Vec<Option<String>> = items.iter().map(method).collect();
            if methods.iter().any(is_api_method) {
                return true;
            }
            !has_session && !methods.iter().any(is_mcp_method)
        }
        single => {
            let m = method(single);
            is_api_method(&m) || (!has_session && !is_mcp_method(&m))
        }
    }
}

#[cfg(test)]
mod routing_tests {
    use super::claims;

    #[test]
    fn routes_between_the_api_and_mcp() {
        let api = br#"{"jsonrpc":"2.0","method":"wikipedia.search","params":{"query":"x"},"id":1}"#;
        assert!(claims(api, false) && claims(api, true));
        let init = br#"{"jsonrpc":"2.0","method":"initialize","params":{},"id":1}"#;
        assert!(!claims(init, false));
        let tools = br#"{"jsonrpc":"2.0","method":"tools/list","id":2}"#;
        assert!(!claims(tools, true) && !claims(tools, false));
        let unknown = br#"{"jsonrpc":"2.0","method":"nope","id":3}"#;
        assert!(claims(unknown, false) && !claims(unknown, true));
        assert!(claims(b"{not json", false) && !claims(b"{not json", true));
        assert!(
            claims(b"[]", false)
                && claims(
                    br#"[{"jsonrpc":"2.0","method":"wikipedia.page","id":1}]"#,
                    true
                )
        );
        assert!(claims(br#"{"id":1}"#, false));
    }
}
