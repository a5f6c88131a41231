//! Server configuration: defaults, an optional TOML file, `OPENZIM_MCP_*` environment
//! variables and command-line overrides, merged in that order (later wins) and validated once
//! at start-up.
//!
//! The merge works on a JSON tree so every layer uses the same field names: the TOML file
//! mirrors the struct, and environment variables name fields with `__` between nesting
//! levels (`OPENZIM_MCP_RATE_LIMIT__BURST_SIZE` is `rate_limit.burst_size`), as
//! openzim-mcp's pydantic-settings configuration does.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// Prefix of every environment variable the server reads.
pub const ENV_PREFIX: &str = "OPENZIM_MCP_";

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    ReadFile {
        path: String,
        source: std::io::Error,
    },
    #[error("config file {path} is not valid TOML: {message}")]
    ParseFile { path: String, message: String },
    #[error("invalid configuration value for `{field}`: {message}")]
    Field { field: String, message: String },
    #[error("{0}")]
    Invalid(String),
}

fn invalid(message: impl Into<String>) -> ConfigError {
    ConfigError::Invalid(message.into())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ToolMode {
    #[default]
    Simple,
    Advanced,
}

impl ToolMode {
    pub fn as_str(self) -> &'static str {
        match self {
            ToolMode::Simple => "simple",
            ToolMode::Advanced => "advanced",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Transport {
    #[default]
    Stdio,
    Http,
    Sse,
}

impl Transport {
    pub fn as_str(self) -> &'static str {
        match self {
            Transport::Stdio => "stdio",
            Transport::Http => "http",
            Transport::Sse => "sse",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CacheConfig {
    pub enabled: bool,
    /// Maximum number of cached results (1-10000).
    pub max_size: u64,
    /// Approximate byte budget of the cached results (their JSON size); 0 lifts it. Up to
    /// 8 GiB.
    pub max_bytes: u64,
    /// Time to live of a cached result in seconds (60-86400).
    pub ttl_seconds: u64,
    /// Save the cached results at shutdown and load them at the next start.
    pub persistence_enabled: bool,
    /// Where they are saved (".json" is appended unless present). Unset: a file under
    /// `$XDG_CACHE_HOME` (else `~/.cache`) named after the cache settings.
    pub persistence_path: Option<PathBuf>,
    /// Per-archive budget of decompressed clusters, in bytes (default 16 MiB; up to 4 GiB).
    #[serde(deserialize_with = "optional_count")]
    pub libzim_cluster_cache_max_size_bytes: Option<u64>,
    /// Accepted for openzim-mcp compatibility. Our reader keeps no dirent cache (dirents are
    /// read on demand and the OS page cache holds them), so this has no effect.
    #[serde(deserialize_with = "optional_count")]
    pub libzim_dirent_cache_max_count: Option<u64>,
}

/// An optional count that an environment variable delivers as text ("4194304"): these fields
/// default to null, so the environment reader cannot tell they are numbers.
fn optional_count<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Count {
        Number(u64),
        Text(String),
    }
    match Option::<Count>::deserialize(d)? {
        None => Ok(None),
        Some(Count::Number(n)) => Ok(Some(n)),
        Some(Count::Text(t)) => {
            t.trim().parse().map(Some).map_err(|_| {
                serde::de::Error::custom(format!("expected a whole number, got {t:?}"))
            })
        }
    }
}

impl Default for CacheConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            max_size: 100,
            max_bytes: 64 << 20,
            ttl_seconds: 3600,
            persistence_enabled: false,
            persistence_path: None,
            libzim_cluster_cache_max_size_bytes: None,
            libzim_dirent_cache_max_count: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ContentConfig {
    /// Default cap, in characters, of a rendered article (at least 100).
    pub max_content_length: u64,
    /// Length of search-result snippets (at least 100).
    pub snippet_length: u64,
    /// Default number of search results (1-100).
    pub default_search_limit: u64,
    /// Largest entry `zim_get(binary=true)` returns, in bytes.
    pub max_binary_size: u64,
}

impl Default for ContentConfig {
    fn default() -> Self {
        Self {
            max_content_length: 100_000,
            snippet_length: 3000,
            default_search_limit: 10,
            max_binary_size: 10 * 1024 * 1024,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LoggingConfig {
    /// DEBUG, INFO, WARNING, ERROR or CRITICAL (any case); TRACE is accepted too.
    pub level: String,
}

impl Default for LoggingConfig {
    fn default() -> Self {
        Self {
            level: "INFO".to_owned(),
        }
    }
}

impl LoggingConfig {
    /// The `tracing` filter directive for the configured level.
    pub fn tracing_level(&self) -> Result<&'static str, ConfigError> {
        match self.level.trim().to_ascii_uppercase().as_str() {
            "TRACE" => Ok("trace"),
            "DEBUG" => Ok("debug"),
            "INFO" => Ok("info"),
            "WARNING" | "WARN" => Ok("warn"),
            "ERROR" | "CRITICAL" => Ok("error"),
            other => Err(ConfigError::Field {
                field: "logging.level".into(),
                message: format!(
                    "unknown log level {other:?}; use DEBUG, INFO, WARNING, ERROR or CRITICAL"
                ),
            }),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperationLimit {
    pub requests_per_second: f64,
    pub burst_size: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RateLimitConfig {
    pub enabled: bool,
    pub requests_per_second: f64,
    pub burst_size: u32,
    /// Extra buckets for single operations (`search`, `get_binary_entry`...).
    pub per_operation_limits: BTreeMap<String, OperationLimit>,
}

impl Default for RateLimitConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            requests_per_second: 10.0,
            burst_size: 20,
            per_operation_limits: BTreeMap::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub allowed_directories: Vec<PathBuf>,
    pub server_name: String,
    pub tool_mode: ToolMode,
    pub transport: Transport,
    pub host: String,
    /// Kept wide so an out-of-range value gets the range message, not a parse error.
    pub port: i64,
    /// Bearer token for the HTTP transport. Never serialized back out.
    #[serde(skip_serializing)]
    pub auth_token: Option<String>,
    /// Allow `--transport http` on a non-loopback host without a token (closed networks).
    pub insecure_disable_auth: bool,
    #[serde(deserialize_with = "string_or_list")]
    pub cors_origins: Vec<String>,
    /// Extra `Host` values accepted besides loopback (DNS-rebinding protection).
    #[serde(deserialize_with = "string_or_list")]
    pub allowed_hosts: Vec<String>,
    pub watch_interval_seconds: i64,
    pub subscriptions_enabled: bool,
    pub cache: CacheConfig,
    pub content: ContentConfig,
    pub logging: LoggingConfig,
    pub rate_limit: RateLimitConfig,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            allowed_directories: Vec::new(),
            server_name: "openzim-mcp".to_owned(),
            tool_mode: ToolMode::Simple,
            transport: Transport::Stdio,
            host: "127.0.0.1".to_owned(),
            port: 8000,
            auth_token: None,
            insecure_disable_auth: false,
            cors_origins: Vec::new(),
            allowed_hosts: Vec::new(),
            watch_interval_seconds: 5,
            subscriptions_enabled: true,
            cache: CacheConfig::default(),
            content: ContentConfig::default(),
            logging: LoggingConfig::default(),
            rate_limit: RateLimitConfig::default(),
        }
    }
}

/// Accept `["a","b"]` as well as the env-friendly `"a,b"`.
fn string_or_list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match OneOrMany::deserialize(deserializer)? {
        OneOrMany::One(s) => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect(),
        OneOrMany::Many(v) => v,
    })
}

/// Values given on the command line; `None` means "not given" so lower layers show through.
#[derive(Debug, Clone, Default)]
pub struct CliOverrides {
    pub allowed_directories: Vec<PathBuf>,
    pub tool_mode: Option<ToolMode>,
    pub transport: Option<Transport>,
    pub host: Option<String>,
    pub port: Option<i64>,
    pub log_level: Option<String>,
}

impl Config {
    /// Merge defaults < `file` < environment < `cli`, then validate.
    pub fn load(
        file: Option<&Path>,
        env: impl IntoIterator<Item = (String, String)>,
        cli: &CliOverrides,
    ) -> Result<Config, ConfigError> {
        let mut tree = serde_json::to_value(Config::default())
            .map_err(|e| invalid(format!("cannot build default configuration: {e}")))?;
        if let Some(path) = file {
            let text = std::fs::read_to_string(path).map_err(|source| ConfigError::ReadFile {
                path: path.display().to_string(),
                source,
            })?;
            let parsed: toml::Table =
                toml::from_str(&text).map_err(|e| ConfigError::ParseFile {
                    path: path.display().to_string(),
                    message: e.to_string(),
                })?;
            let file_tree = serde_json::to_value(parsed)
                .map_err(|e| invalid(format!("cannot convert config file: {e}")))?;
            merge(&mut tree, file_tree);
        }
        let defaults = tree.clone();
        for (key, value) in env {
            if let Some((path, parsed)) = env_entry(&defaults, &key, &value) {
                set_path(&mut tree, &path, parsed);
            }
        }
        apply_cli(&mut tree, cli);
        let config: Config = serde_path_to_error::deserialize(tree).map_err(|e| {
            let field = e.path().to_string();
            ConfigError::Field {
                field,
                message: e.into_inner().to_string(),
            }
        })?;
        config.validated()
    }

    /// Check ranges and security rules; canonicalize the allowed directories.
    pub fn validated(mut self) -> Result<Config, ConfigError> {
        if self.allowed_directories.is_empty() {
            return Err(invalid("at least one allowed directory must be specified"));
        }
        let mut dirs = Vec::with_capacity(self.allowed_directories.len());
        for dir in &self.allowed_directories {
            let canonical = dir
                .canonicalize()
                .map_err(|_| invalid(format!("directory does not exist: {}", dir.display())))?;
            if !canonical.is_dir() {
                return Err(invalid(format!(
                    "path is not a directory: {}",
                    dir.display()
                )));
            }
            if !dirs.contains(&canonical) {
                dirs.push(canonical);
            }
        }
        self.allowed_directories = dirs;
        if !(1..=65535).contains(&self.port) {
            return Err(field("port", format!("{} is outside 1-65535", self.port)));
        }
        if !(1..=60).contains(&self.watch_interval_seconds) {
            return Err(field(
                "watch_interval_seconds",
                format!("{} is outside 1-60", self.watch_interval_seconds),
            ));
        }
        if self.cors_origins.iter().any(|o| o.trim() == "*") {
            return Err(invalid(
                "CORS wildcard '*' is not allowed; list origins explicitly \
                 (e.g. [\"http://localhost:5173\"])",
            ));
        }
        if self.allowed_hosts.iter().any(|h| h.trim() == "*") {
            return Err(invalid(
                "allowed_hosts wildcard '*' is not allowed; list host names explicitly",
            ));
        }
        if let Some(token) = &self.auth_token {
            if token.trim().is_empty() {
                return Err(invalid(
                    "OPENZIM_MCP_AUTH_TOKEN is set but empty: an empty token would accept every \
                     request. Unset it to run without auth (loopback only) or set a real secret",
                ));
            }
            if !token.is_ascii() {
                return Err(invalid(
                    "OPENZIM_MCP_AUTH_TOKEN contains non-ASCII characters; choose an ASCII secret",
                ));
            }
        }
        if !(1..=10_000).contains(&self.cache.max_size) {
            return Err(field("cache.max_size", "must be 1-10000"));
        }
        if !(60..=86_400).contains(&self.cache.ttl_seconds) {
            return Err(field("cache.ttl_seconds", "must be 60-86400"));
        }
        if self.cache.max_bytes > 8 << 30 {
            return Err(field("cache.max_bytes", "must be 0-8589934592 (8 GiB)"));
        }
        if self
            .cache
            .libzim_cluster_cache_max_size_bytes
            .is_some_and(|b| b > 4 << 30)
        {
            return Err(field(
                "cache.libzim_cluster_cache_max_size_bytes",
                "must be 0-4294967296 (4 GiB)",
            ));
        }
        if self
            .cache
            .libzim_dirent_cache_max_count
            .is_some_and(|n| n > 10_000_000)
        {
            return Err(field(
                "cache.libzim_dirent_cache_max_count",
                "must be 0-10000000",
            ));
        }
        if self.content.max_content_length < 100 {
            return Err(field("content.max_content_length", "must be at least 100"));
        }
        if self.content.snippet_length < 100 {
            return Err(field("content.snippet_length", "must be at least 100"));
        }
        if !(1..=100).contains(&self.content.default_search_limit) {
            return Err(field("content.default_search_limit", "must be 1-100"));
        }
        check_rate(
            "rate_limit",
            self.rate_limit.requests_per_second,
            self.rate_limit.burst_size,
        )?;
        for (op, limit) in &self.rate_limit.per_operation_limits {
            check_rate(
                &format!("rate_limit.per_operation_limits.{op}"),
                limit.requests_per_second,
                limit.burst_size,
            )?;
        }
        self.logging.tracing_level()?;
        Ok(self)
    }

    /// Refuse network exposure the operator did not protect: a non-loopback HTTP bind needs
    /// a token (or the explicit insecure flag), and SSE (no auth layer) stays on loopback.
    pub fn check_safe_startup(&self) -> Result<(), ConfigError> {
        if self.transport == Transport::Stdio || is_loopback_host(&self.host) {
            return Ok(());
        }
        match self.transport {
            Transport::Sse => Err(invalid(format!(
                "refusing to bind the SSE transport to non-loopback host {:?}: SSE has no \
                 authentication; use --transport http with OPENZIM_MCP_AUTH_TOKEN instead",
                self.host
            ))),
            Transport::Http if self.auth_token.is_none() && !self.insecure_disable_auth => {
                Err(invalid(format!(
                    "refusing to bind HTTP to non-loopback host {:?} without authentication: \
                     set OPENZIM_MCP_AUTH_TOKEN (or OPENZIM_MCP_INSECURE_DISABLE_AUTH=true on a \
                     closed network)",
                    self.host
                )))
            }
            _ => Ok(()),
        }
    }

    /// The port as a socket port; `validated` guarantees the range.
    pub fn port_u16(&self) -> u16 {
        u16::try_from(self.port).unwrap_or(8000)
    }
}

fn field(name: &str, message: impl Into<String>) -> ConfigError {
    ConfigError::Field {
        field: name.to_owned(),
        message: message.into(),
    }
}

fn check_rate(name: &str, rps: f64, burst: u32) -> Result<(), ConfigError> {
    if !(rps.is_finite() && rps > 0.0) {
        return Err(field(
            &format!("{name}.requests_per_second"),
            "must be a positive number",
        ));
    }
    if burst == 0 {
        return Err(field(&format!("{name}.burst_size"), "must be at least 1"));
    }
    Ok(())
}

/// `localhost`, `127.0.0.0/8`, `::1` (with or without brackets).
pub fn is_loopback_host(host: &str) -> bool {
    let host = host.trim().trim_start_matches('[').trim_end_matches(']');
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    host.parse::<IpAddr>()
        .map(|ip| ip.is_loopback())
        .unwrap_or(false)
}

/// Deep merge: objects merge key by key, anything else replaces.
fn merge(base: &mut Value, overlay: Value) {
    match (base, overlay) {
        (Value::Object(base), Value::Object(overlay)) => {
            for (k, v) in overlay {
                match base.get_mut(&k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        base.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

fn get_path<'a>(tree: &'a Value, path: &[String]) -> Option<&'a Value> {
    path.iter().try_fold(tree, |node, key| node.get(key))
}

fn set_path(tree: &mut Value, path: &[String], value: Value) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let mut node = tree;
    for key in parents {
        if !node.is_object() {
            *node = Value::Object(Map::new());
        }
        let Value::Object(map) = node else { return };
        node = map
            .entry(key.clone())
            .or_insert_with(|| Value::Object(Map::new()));
    }
    if let Value::Object(map) = node {
        map.insert(last.clone(), value);
    } else {
        let mut map = Map::new();
        map.insert(last.clone(), value);
        *node = Value::Object(map);
    }
}

/// Turn one environment variable into a (field path, value) pair, or `None` when it is not
/// ours or names no known top-level field (those are ignored, as pydantic-settings does).
/// The value's type follows the field's current value: strings stay strings (a numeric auth
/// token is still a token), lists accept JSON or comma-separated text, other fields parse as
/// JSON (numbers, booleans, objects) and fall back to the raw string so serde reports it.
fn env_entry(defaults: &Value, key: &str, raw: &str) -> Option<(Vec<String>, Value)> {
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

fn apply_cli(tree: &mut Value, cli: &CliOverrides) {
    let mut set = |key: &str, value: Value| set_path(tree, &[key.to_owned()], value);
    if !cli.allowed_directories.is_empty() {
        let dirs = cli
            .allowed_directories
            .iter()
            .map(|d| Value::String(d.to_string_lossy().into_owned()))
            .collect();
        set("allowed_directories", Value::Array(dirs));
    }
    if let Some(mode) = cli.tool_mode {
        set("tool_mode", Value::String(mode.as_str().to_owned()));
    }
    if let Some(transport) = cli.transport {
        set("transport", Value::String(transport.as_str().to_owned()));
    }
    if let Some(host) = &cli.host {
        set("host", Value::String(host.clone()));
    }
    if let Some(port) = cli.port {
        set("port", Value::from(port));
    }
    if let Some(level) = &cli.log_level {
        set_path(
            tree,
            &["logging".to_owned(), "level".to_owned()],
            Value::String(level.clone()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn dir_cli(dir: &Path) -> CliOverrides {
        CliOverrides {
            allowed_directories: vec![dir.to_path_buf()],
            ..CliOverrides::default()
        }
    }

    #[test]
    fn defaults_match_the_spec() {
        let dir = tempfile::tempdir().unwrap();
        let config = Config::load(None, env(&[]), &dir_cli(dir.path())).unwrap();
        assert_eq!(config.tool_mode, ToolMode::Simple);
        assert_eq!(config.transport, Transport::Stdio);
        assert_eq!(config.host, "127.0.0.1");
        assert_eq!(config.port, 8000);
        assert_eq!(config.rate_limit.requests_per_second, 10.0);
        assert_eq!(config.rate_limit.burst_size, 20);
        assert_eq!(config.watch_interval_seconds, 5);
        assert!(config.subscriptions_enabled);
        assert_eq!(
            config.allowed_directories,
            vec![dir.path().canonicalize().unwrap()]
        );
    }

    #[test]
    fn precedence_is_cli_then_env_then_file_then_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let mut file = tempfile::NamedTempFile::new().unwrap();
        writeln!(
            file,
            "port = 9001\nhost = \"127.0.0.2\"\ntool_mode = \"advanced\"\n[rate_limit]\nburst_size = 7\nrequests_per_second = 3.5\n[cache]\nenabled = false"
        )
        .unwrap();
        let vars = env(&[
            ("OPENZIM_MCP_PORT", "9002"),
            ("OPENZIM_MCP_RATE_LIMIT__BURST_SIZE", "9"),
            ("OPENZIM_MCP_CACHE__ENABLED", "true"),
            ("OPENZIM_MCP_AUTH_TOKEN", "12345"),
            ("OPENZIM_MCP_CORS_ORIGINS", "http://a.test, http://b.test"),
            ("OPENZIM_MCP_NOT_A_FIELD", "ignored"),
            ("UNRELATED", "x"),
        ]);
        let mut cli = dir_cli(dir.path());
        cli.port = Some(9003);
        let config = Config::load(Some(file.path()), vars, &cli).unwrap();
        assert_eq!(config.port, 9003, "CLI beats env");
        assert_eq!(config.rate_limit.burst_size, 9, "env beats file");
        assert_eq!(
            config.rate_limit.requests_per_second, 3.5,
            "file beats default"
        );
        assert_eq!(config.host, "127.0.0.2");
        assert_eq!(config.tool_mode, ToolMode::Advanced);
        assert!(config.cache.enabled);
        assert_eq!(config.auth_token.as_deref(), Some("12345"));
        assert_eq!(config.cors_origins, vec!["http://a.test", "http://b.test"]);
    }

    #[test]
    fn json_lists_and_nested_maps_come_from_env() {
        let dir = tempfile::tempdir().unwrap();
        let vars = env(&[
            ("OPENZIM_MCP_CORS_ORIGINS", "[\"http://x.test\"]"),
            (
                "OPENZIM_MCP_RATE_LIMIT__PER_OPERATION_LIMITS",
                "{\"search\": {\"requests_per_second\": 1, \"burst_size\": 2}}",
            ),
            ("openzim_mcp_tool_mode", "advanced"),
        ]);
        let config = Config::load(None, vars, &dir_cli(dir.path())).unwrap();
        assert_eq!(config.cors_origins, vec!["http://x.test"]);
        assert_eq!(
            config.rate_limit.per_operation_limits["search"].burst_size,
            2
        );
        assert_eq!(config.tool_mode, ToolMode::Advanced);
    }

    #[test]
    fn invalid_values_are_rejected_with_clear_messages() {
        let dir = tempfile::tempdir().unwrap();
        let cases: &[(&str, &str, &str)] = &[
            ("OPENZIM_MCP_CORS_ORIGINS", " * ", "wildcard"),
            ("OPENZIM_MCP_ALLOWED_HOSTS", "*", "wildcard"),
            ("OPENZIM_MCP_PORT", "70000", "1-65535"),
            ("OPENZIM_MCP_PORT", "abc", "port"),
            ("OPENZIM_MCP_WATCH_INTERVAL_SECONDS", "0", "1-60"),
            ("OPENZIM_MCP_WATCH_INTERVAL_SECONDS", "61", "1-60"),
            ("OPENZIM_MCP_AUTH_TOKEN", "  ", "empty"),
            ("OPENZIM_MCP_TOOL_MODE", "expert", "tool_mode"),
            ("OPENZIM_MCP_LOGGING__LEVEL", "loud", "log level"),
            ("OPENZIM_MCP_RATE_LIMIT__BURST_SIZE", "0", "burst_size"),
            ("OPENZIM_MCP_CACHE__MAX_SIZE", "0", "cache.max_size"),
        ];
        for (key, value, needle) in cases {
            let err = Config::load(None, env(&[(key, value)]), &dir_cli(dir.path()))
                .expect_err(key)
                .to_string();
            assert!(err.contains(needle), "{key}={value}: {err}");
        }
    }

    #[test]
    fn unknown_file_keys_and_missing_dirs_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let mut file = tempfile::NamedTempFile::new().unwrap();
        writeln!(file, "[cache]\nsize = 3").unwrap();
        let err = Config::load(Some(file.path()), env(&[]), &dir_cli(dir.path())).unwrap_err();
        assert!(err.to_string().contains("cache"), "{err}");
        let err = Config::load(None, env(&[]), &CliOverrides::default()).unwrap_err();
        assert!(err.to_string().contains("at least one allowed directory"));
        let missing = dir.path().join("nope");
        let err = Config::load(None, env(&[]), &dir_cli(&missing)).unwrap_err();
        assert!(err.to_string().contains("does not exist"));
    }

    #[test]
    fn safe_startup_rules() {
        let base = Config {
            transport: Transport::Http,
            host: "0.0.0.0".into(),
            ..Config::default()
        };
        assert!(base.check_safe_startup().is_err());
        let with_token = Config {
            auth_token: Some("secret".into()),
            ..base.clone()
        };
        assert!(with_token.check_safe_startup().is_ok());
        let insecure = Config {
            insecure_disable_auth: true,
            ..base.clone()
        };
        assert!(insecure.check_safe_startup().is_ok());
        let sse = Config {
            transport: Transport::Sse,
            auth_token: Some("secret".into()),
            ..base.clone()
        };
        assert!(sse.check_safe_startup().is_err());
        for host in ["127.0.0.1", "localhost", "::1", "[::1]", "127.1.2.3"] {
            let local = Config {
                transport: Transport::Sse,
                host: host.into(),
                ..Config::default()
            };
            assert!(local.check_safe_startup().is_ok(), "{host}");
        }
    }
}
