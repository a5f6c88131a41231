//! `[logging]`: the log level (and openzim-mcp's Python format string, accepted inertly).

use serde::{Deserialize, Serialize};

use super::ConfigError;
use super::validate::field;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LoggingConfig {
    /// DEBUG, INFO, WARNING, ERROR or CRITICAL (any case); TRACE is accepted too.
    pub level: String,
    /// openzim-mcp's Python `logging` format string. Our logs use `tracing`'s own format,
    /// so this is accepted and has no effect.
    pub format: String,
}

impl Default for LoggingConfig {
    fn default() -> Self {
        Self {
            level: "INFO".to_owned(),
            format: PYTHON_LOG_FORMAT.to_owned(),
        }
    }
}

/// openzim-mcp's default `logging.format`.
const PYTHON_LOG_FORMAT: &str = "%(asctime)s - %(name)s - %(levelname)s - %(message)s";

impl LoggingConfig {
    /// The `tracing` filter directive for the configured level.
    pub fn tracing_level(&self) -> Result<&'static str, ConfigError> {
        match self.level.trim().to_ascii_uppercase().as_str() {
            "TRACE" => Ok("trace"),
            "DEBUG" => Ok("debug"),
            "INFO" => Ok("info"),
            "WARNING" | "WARN" => Ok("warn"),
            "ERROR" | "CRITICAL" => Ok("error"),
            other => Err(field(
                "logging.level",
                format!("unknown log level {other:?}; use DEBUG, INFO, WARNING, ERROR or CRITICAL"),
            )),
        }
    }
}
