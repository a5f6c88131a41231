//! Server configuration: defaults, an optional TOML file, `OPENZIM_MCP_*` environment
//! variables and command-line overrides, merged in that order (later wins) and validated once
//! at start-up.
//!
//! The merge works on a JSON tree (`tree.rs`) so every layer uses the same field names: the
//! TOML file mirrors the struct, and environment variables name fields with `__` between
//! nesting levels (`env.rs`), as openzim-mcp's pydantic-settings configuration does.
//!
//! Each section of settings is one file with its struct, its defaults and its `RANGES`: the
//! numeric fields with their bounds, declared once (`validate.rs`), from which validation,
//! its error messages and the bound tests are all produced. `inert.rs` lists the settings
//! accepted for openzim-mcp's sake without effect.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

mod cache;
mod content;
mod de;
mod env;
mod index;
mod inert;
mod logging;
mod meta;
mod ml;
mod query_rewrite;
mod rate_limit;
mod search;
mod server;
mod synthesize;
#[cfg(test)]
mod tests;
mod tree;
mod validate;

pub use cache::CacheConfig;
pub use content::ContentConfig;
pub use env::ENV_PREFIX;
pub use index::IndexConfig;
pub use inert::PRESETS_INERT_FIELDS;
pub use logging::LoggingConfig;
pub use meta::MetaConfig;
pub use ml::{MlConfig, RerankerConfig};
pub use query_rewrite::QueryRewriteConfig;
pub use rate_limit::{OperationLimit, RateLimitConfig};
pub use search::SearchConfig;
pub use server::{ToolMode, Transport, is_loopback_host};
pub use synthesize::{SYNTHESIZE_MAX_PASSAGES, SynthesizeConfig};

use de::string_or_list;
use tree::{merge, set_path};
use validate::{Bounds, Range, Ranged, Says, ranged, ranges};

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
    /// Serve clients of protocol revisions before 2026-07-28 without sessions (no
    /// `Mcp-Session-Id`; GET and DELETE on `/mcp` answered 405), so any replica behind a load
    /// balancer can answer any request. 2026-07-28 clients are sessionless either way.
    pub stateless_http: bool,
    pub watch_interval_seconds: i64,
    /// How long (seconds) a client may reuse a read of a `zim://{name}` overview (the
    /// 2026-07-28 `ttlMs` hint); 0 puts those reads on the watcher-bounded hint.
    pub resource_cache_ttl_seconds: i64,
    pub subscriptions_enabled: bool,
    /// Archive-type presets laid over the built-in ones (openzim-mcp's TOML format:
    /// `[preset.<type>]` and `[archive.<Name>]` tables; see `crate::presets`). Of what a
    /// preset sets, `summary_style` (zim_get's summary view) and `snippet_length` (zim_search's
    /// snippets) take effect; `max_paragraphs` has no counterpart (snippets here are a window
    /// around the query's words) and a file that sets it is reported as
    /// [`PRESETS_INERT_FIELDS`].
    pub presets_override_path: Option<PathBuf>,
    pub cache: CacheConfig,
    pub content: ContentConfig,
    pub logging: LoggingConfig,
    pub meta: MetaConfig,
    pub ml: MlConfig,
    /// The knowledge index (zim-mcp's own): where sidecars are looked for and built.
    pub index: IndexConfig,
    pub query_rewrite: QueryRewriteConfig,
    pub rate_limit: RateLimitConfig,
    pub search: SearchConfig,
    pub synthesize: SynthesizeConfig,
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
            stateless_http: false,
            watch_interval_seconds: 5,
            resource_cache_ttl_seconds: 3600,
            subscriptions_enabled: true,
            presets_override_path: None,
            cache: CacheConfig::default(),
            content: ContentConfig::default(),
            logging: LoggingConfig::default(),
            meta: MetaConfig::default(),
            ml: MlConfig::default(),
            index: IndexConfig::default(),
            query_rewrite: QueryRewriteConfig::default(),
            rate_limit: RateLimitConfig::default(),
            search: SearchConfig::default(),
            synthesize: SynthesizeConfig::default(),
        }
    }
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
    /// The ranges of the top-level numbers.
    const RANGES: &[Range<Self>] = ranges!(Config {
        port: Bounds::int(1, 65_535), Says::Value;
        watch_interval_seconds: Bounds::int(1, 60), Says::Value;
        resource_cache_ttl_seconds: Bounds::int(0, 86_400), Says::Must;
    });

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
            if let Some((path, parsed)) = env::env_entry(&defaults, &key, &value) {
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
        self.allowed_directories = canonical_dirs(&self.allowed_directories)?;
        for range in self.ranged() {
            range.check()?;
        }
        self.check_access_rules()?;
        self.query_rewrite.check_files()?;
        self.logging.tracing_level()?;
        Ok(self)
    }

    /// Every declared range with this configuration's value, in checking order: the
    /// top-level numbers, then each section's.
    pub(crate) fn ranged(&self) -> Vec<Ranged> {
        let mut all: Vec<Ranged> = ranged("", Self::RANGES, self)
            .chain(ranged("cache", CacheConfig::RANGES, &self.cache))
            .chain(ranged("content", ContentConfig::RANGES, &self.content))
            .chain(ranged("search", SearchConfig::RANGES, &self.search))
            .chain(ranged(
                "synthesize",
                SynthesizeConfig::RANGES,
                &self.synthesize,
            ))
            .chain(ranged(
                "ml.reranker",
                RerankerConfig::RANGES,
                &self.ml.reranker,
            ))
            .collect();
        all.extend(self.rate_limit.ranged("rate_limit"));
        all
    }
}

/// The allowed directories, canonical and without repeats; at least one, each an existing
/// directory.
fn canonical_dirs(given: &[PathBuf]) -> Result<Vec<PathBuf>, ConfigError> {
    if given.is_empty() {
        return Err(invalid("at least one allowed directory must be specified"));
    }
    let mut dirs = Vec::with_capacity(given.len());
    for dir in given {
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
    Ok(dirs)
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

/// Hash of the effective configuration (the token is never serialized), so two servers can
/// be compared without showing their settings.
pub fn config_hash(config: &Config) -> String {
    use sha2::{Digest, Sha256};
    let bytes = serde_json::to_vec(config).unwrap_or_default();
    Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
