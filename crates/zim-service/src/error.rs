//! The structured error every tool returns instead of failing the MCP call.
//!
//! A tool error travels back to the client as a JSON payload in openzim-mcp 3.4.0's envelope
//! (`{error: true, operation, message, context?, ...extras}`), with our `status: "error"`,
//! `hint` and `retry_after` beside it, so callers can branch on `error == true` whatever went
//! wrong.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::redact::redact_paths;

/// What kind of failure this is; decides the log level and lets callers match on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The request was malformed (bad argument, bad combination, bad cursor).
    Validation,
    /// The request tried to reach something outside the allowed directories.
    Security,
    /// The archive or entry does not exist.
    NotFound,
    /// The archive could not be read (corrupt, truncated, I/O error).
    Archive,
    /// The rate limiter refused the call.
    RateLimited,
    /// The feature needs a component this build does not provide.
    Unavailable,
}

/// A tool failure, rendered to the client as a [`ToolErrorPayload`].
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{operation}: {message}")]
pub struct ToolError {
    pub kind: ErrorKind,
    /// Machine-readable operation or error code (`invalid_path_combination`, `rate_limited`...).
    pub operation: String,
    /// Human-readable explanation; absolute paths are redacted when the payload is built.
    pub message: String,
    /// What to do about it, when there is something to do.
    pub hint: Option<String>,
    /// Seconds to wait before retrying (rate limiting only).
    pub retry_after: Option<f64>,
    /// openzim-mcp's `context` and further payload keys, when there are any (boxed: most
    /// errors have none, and every `Result` carrying a `ToolError` pays for its size).
    pub detail: Option<Box<ErrorDetail>>,
}

/// The optional parts of a [`ToolError`]'s payload.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ErrorDetail {
    /// openzim-mcp's `context`: what the call was about (`"Path: A/Foo"`).
    pub context: Option<String>,
    /// Further keys of the payload (`invalid_arguments`, `available_section_ids`...).
    pub extras: Map<String, Value>,
}

impl ToolError {
    pub fn new(kind: ErrorKind, operation: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            kind,
            operation: operation.into(),
            message: message.into(),
            hint: None,
            retry_after: None,
            detail: None,
        }
    }

    pub fn validation(operation: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Validation, operation, message)
    }

    pub fn security(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Security, "security_violation", message)
    }

    pub fn not_found(operation: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::NotFound, operation, message)
    }

    pub fn archive(operation: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Archive, operation, message)
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn with_context(mut self, context: impl Into<String>) -> Self {
        self.set_context(context);
        self
    }

    pub fn with_extra(mut self, key: &str, value: Value) -> Self {
        self.extras_mut().insert(key.to_owned(), value);
        self
    }

    pub fn set_context(&mut self, context: impl Into<String>) {
        self.detail.get_or_insert_with(Box::default).context = Some(context.into());
    }

    pub fn context(&self) -> Option<&str> {
        self.detail.as_ref().and_then(|d| d.context.as_deref())
    }

    /// One further key of the payload.
    pub fn extra(&self, key: &str) -> Option<&Value> {
        self.detail.as_ref().and_then(|d| d.extras.get(key))
    }

    pub fn extras_mut(&mut self) -> &mut Map<String, Value> {
        &mut self.detail.get_or_insert_with(Box::default).extras
    }

    /// The wire payload, with every absolute path in the texts redacted to `...name`.
    pub fn payload(&self) -> ToolErrorPayload {
        ToolErrorPayload {
            status: "error",
            error: true,
            operation: self.operation.clone(),
            message: redact_paths(&self.message),
            context: self.context().map(redact_paths),
            hint: self.hint.as_deref().map(redact_paths),
            retry_after: self.retry_after,
            extras: self
                .detail
                .as_ref()
                .map(|d| d.extras.clone())
                .unwrap_or_default(),
        }
    }
}

/// The JSON shape of a tool error.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolErrorPayload {
    pub status: &'static str,
    /// openzim-mcp clients test `error: true`; kept alongside `status` for them.
    pub error: bool,
    pub operation: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<f64>,
    #[serde(flatten)]
    pub extras: Map<String, Value>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_redacts_absolute_paths_and_keeps_fields() {
        let err = ToolError::not_found(
            "zim_file_not_found",
            "cannot open /srv/zims/secret/wiki.zim",
        )
        .with_hint("look in /srv/zims");
        let payload = serde_json::to_value(err.payload()).unwrap();
        assert_eq!(payload["status"], "error");
        assert_eq!(payload["operation"], "zim_file_not_found");
        assert_eq!(payload["message"], "cannot open ...wiki.zim");
        assert_eq!(payload["hint"], "look in ...zims");
        assert!(payload.get("retry_after").is_none());
    }
}
