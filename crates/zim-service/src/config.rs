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
    /// 8 GiB. A quarter of it also bounds the parsed pages the renderer keeps.
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
    /// openzim-mcp's compact-mode table threshold (rows, at least 1). Our compact view always
    /// shows a table as a one-line placeholder, so this has no effect.
    pub table_row_threshold: u64,
    /// openzim-mcp's compact-mode table threshold (characters, at least 50); no effect here,
    /// as for `table_row_threshold`.
    pub table_char_threshold: u64,
    /// openzim-mcp's cap on the key/value pairs of the infobox its compact view extracts
    /// (1-200). Our compact view leaves infoboxes to the full view, so this has no effect.
    pub infobox_kv_limit: u64,
}

impl Default for ContentConfig {
    fn default() -> Self {
        Self {
            max_content_length: 100_000,
            snippet_length: 3000,
            default_search_limit: 10,
            max_binary_size: 10 * 1024 * 1024,
            table_row_threshold: 8,
            table_char_threshold: 600,
            infobox_kv_limit: 30,
        }
    }
}

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
            other => Err(ConfigError::Field {
                field: "logging.level".into(),
                message: format!(
                    "unknown log level {other:?}; use DEBUG, INFO, WARNING, ERROR or CRITICAL"
                ),
            }),
        }
    }
}

/// openzim-mcp's response metadata knobs (`_meta` footer, token estimates). zim-mcp adds no
/// footer and counts no tokens, so both are accepted and have no effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MetaConfig {
    pub footer_enabled: bool,
    pub tokenizer_encoding: String,
}

impl Default for MetaConfig {
    fn default() -> Self {
        Self {
            footer_enabled: true,
            tokenizer_encoding: "cl100k_base".to_owned(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SearchConfig {
    /// Most alternatives (1-20) a fruitless `zim_search` offers in `_meta.suggestions`, as
    /// openzim-mcp: a full-text search that finds nothing offers the title index's
    /// suggestions for the query (else the title one edit away), then the other archives
    /// whose file name holds a query word (`alt_spelling`, `alt_archive`); a title lookup
    /// that finds nothing, or only a typo correction, offers the titles one edit away.
    pub structured_suggestions_limit: u64,
    /// Typo-tolerant title lookup (2-20, 0.0-1.0): a `zim_search(mode="title")` of a single
    /// word at least this long that matches no title takes the one title one edit away,
    /// reported as `typo_corrected` with this score.
    pub fuzzy_title_min_query_len: u64,
    pub fuzzy_title_score_penalty: f64,
    /// Wall-clock budget of one cross-file search, in seconds (0-300; 0 = none). Archives not
    /// reached in time are left out and the response says `budget_exceeded: true`.
    pub search_all_total_timeout_seconds: f64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self {
            structured_suggestions_limit: 5,
            fuzzy_title_min_query_len: 4,
            fuzzy_title_score_penalty: 0.85,
            search_all_total_timeout_seconds: 20.0,
        }
    }
}

/// Most passages `zim_query(synthesize=true)` returns (its `limit` ceiling), as openzim-mcp.
pub const SYNTHESIZE_MAX_PASSAGES: u64 = 50;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SynthesizeConfig {
    /// Sources used when the caller gives no `limit` (1-50).
    pub top_n: u64,
    /// Search hits examined per archive to find the sources (1-100).
    pub per_archive_k: u64,
    /// Answer size in characters when the caller gives no `max_content_length` (500-20000).
    pub output_char_budget: u64,
    /// A passage cited at a section whose heading shares at least this share of its words
    /// with the request (0.0-1.0) has its score multiplied by `section_affinity_boost`
    /// (1.0-10.0) before the passages are ranked, as in openzim-mcp.
    pub section_affinity_threshold: f64,
    pub section_affinity_boost: f64,
    /// When the sources come from several archives, each archive other than the primary one
    /// (whose best hit's path shares the most words with the request) gives at most this many
    /// sources (0-50)...
    pub max_secondary_archive_hits: u64,
    /// ...each of whose entry paths shares at least this many words of three or more
    /// characters with the request (1-10), unless no path shares any (then only the cap).
    pub cross_archive_min_overlap: u64,
}

impl Default for SynthesizeConfig {
    fn default() -> Self {
        Self {
            top_n: 5,
            per_archive_k: 10,
            output_char_budget: 4800,
            section_affinity_threshold: 0.25,
            section_affinity_boost: 1.5,
            max_secondary_archive_hits: 2,
            cross_archive_min_overlap: 1,
        }
    }
}

/// openzim-mcp's model stage. Here it is the embedding model that compares a request with
/// the page embeddings of an archive's knowledge index (`zim-service/src/model.rs` says what
/// each field does); `max_passage_length` has no effect (the page texts are embedded when the
/// index is built) and `allow_model_download` is refused (nothing is ever downloaded).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RerankerConfig {
    pub enabled: bool,
    pub model_id: String,
    pub final_top_k: u64,
    pub max_query_length: u64,
    pub max_passage_length: u64,
    pub min_query_tokens: u64,
    pub first_call_timeout_seconds: f64,
    pub cache_dir: Option<PathBuf>,
    pub allow_model_download: bool,
}

impl Default for RerankerConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            model_id: "BAAI/bge-reranker-base".to_owned(),
            final_top_k: 10,
            max_query_length: 256,
            max_passage_length: 512,
            min_query_tokens: 4,
            first_call_timeout_seconds: 15.0,
            cache_dir: None,
            allow_model_download: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct MlConfig {
    pub reranker: RerankerConfig,
}

/// The archives' knowledge indexes (`zim-mcp index`): sidecars beside the archives, or in
/// `dir` when an archive's directory is read-only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct IndexConfig {
    /// The cache directory for sidecars (default `$XDG_CACHE_HOME/zim-mcp/index`).
    pub dir: Option<PathBuf>,
    /// Build missing indexes in the background after start-up (one thread, lowest
    /// priority).
    pub auto_build: bool,
}

impl IndexConfig {
    /// The cache directory sidecars are looked for and built in.
    pub fn cache_dir(&self) -> Option<PathBuf> {
        self.dir
            .clone()
            .or_else(zim_index::locate::default_cache_dir)
    }
}

/// Misspelling correction of `zim_query`'s requests (`retrieval/rewrite.rs`): openzim-mcp's
/// map format (`wrong=right`, and exclusions) at the configured paths (the files must exist,
/// as there), and the archive's own vocabulary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QueryRewriteConfig {
    pub enabled: bool,
    pub misspelling_map_path: Option<PathBuf>,
    pub misspelling_exclusion_path: Option<PathBuf>,
}

impl Default for QueryRewriteConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            misspelling_map_path: None,
            misspelling_exclusion_path: None,
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
    /// Serve clients of protocol revisions before 2026-07-28 without sessions (no
    /// `Mcp-Session-Id`; GET and DELETE on `/mcp` answered 405), so any replica behind a load
    /// balancer can answer any request. 2026-07-28 clients are sessionless either way.
    pub stateless_http: bool,
    pub watch_interval_seconds: i64,
    /// How long (seconds, 0-86400) a client may reuse a read of a `zim://{name}` overview
    /// (the 2026-07-28 `ttlMs` hint); 0 puts those reads on the watcher-bounded hint.
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
        check_u(
            "content.table_row_threshold",
            self.content.table_row_threshold,
            1,
            u64::MAX,
        )?;
        check_u(
            "content.table_char_threshold",
            self.content.table_char_threshold,
            50,
            u64::MAX,
        )?;
        check_u(
            "content.infobox_kv_limit",
            self.content.infobox_kv_limit,
            1,
            200,
        )?;
        if !(0..=86_400).contains(&self.resource_cache_ttl_seconds) {
            return Err(field("resource_cache_ttl_seconds", "must be 0-86400"));
        }
        let search = &self.search;
        check_u(
            "search.structured_suggestions_limit",
            search.structured_suggestions_limit,
            1,
            20,
        )?;
        check_u(
            "search.fuzzy_title_min_query_len",
            search.fuzzy_title_min_query_len,
            2,
            20,
        )?;
        check_f(
            "search.fuzzy_title_score_penalty",
            search.fuzzy_title_score_penalty,
            0.0,
            1.0,
        )?;
        check_f(
            "search.search_all_total_timeout_seconds",
            search.search_all_total_timeout_seconds,
            0.0,
            300.0,
        )?;
        let syn = &self.synthesize;
        check_u("synthesize.top_n", syn.top_n, 1, SYNTHESIZE_MAX_PASSAGES)?;
        check_u("synthesize.per_archive_k", syn.per_archive_k, 1, 100)?;
        check_u(
            "synthesize.output_char_budget",
            syn.output_char_budget,
            500,
            20_000,
        )?;
        check_f(
            "synthesize.section_affinity_threshold",
            syn.section_affinity_threshold,
            0.0,
            1.0,
        )?;
        check_f(
            "synthesize.section_affinity_boost",
            syn.section_affinity_boost,
            1.0,
            10.0,
        )?;
        check_u(
            "synthesize.max_secondary_archive_hits",
            syn.max_secondary_archive_hits,
            0,
            50,
        )?;
        check_u(
            "synthesize.cross_archive_min_overlap",
            syn.cross_archive_min_overlap,
            1,
            10,
        )?;
        let rr = &self.ml.reranker;
        check_u("ml.reranker.final_top_k", rr.final_top_k, 1, 100)?;
        check_u("ml.reranker.max_query_length", rr.max_query_length, 1, 4096)?;
        check_u(
            "ml.reranker.max_passage_length",
            rr.max_passage_length,
            1,
            8192,
        )?;
        check_u("ml.reranker.min_query_tokens", rr.min_query_tokens, 0, 64)?;
        check_f(
            "ml.reranker.first_call_timeout_seconds",
            rr.first_call_timeout_seconds,
            0.1,
            120.0,
        )?;
        for (name, path) in [
            (
                "query_rewrite.misspelling_map_path",
                &self.query_rewrite.misspelling_map_path,
            ),
            (
                "query_rewrite.misspelling_exclusion_path",
                &self.query_rewrite.misspelling_exclusion_path,
            ),
        ] {
            if path.as_ref().is_some_and(|p| !p.is_file()) {
                return Err(field(name, "query_rewrite data file not found"));
            }
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

    /// The openzim-mcp-only settings (see [`INERT_SETTINGS`]) this configuration sets to
    /// something other than their default.
    pub fn inert_settings(&self) -> Vec<&'static str> {
        let (Ok(mine), Ok(defaults)) = (
            serde_json::to_value(self),
            serde_json::to_value(Config::default()),
        ) else {
            return Vec::new();
        };
        INERT_SETTINGS
            .iter()
            .copied()
            .filter(|name| {
                let path: Vec<String> = name.split('.').map(str::to_owned).collect();
                get_path(&mine, &path) != get_path(&defaults, &path)
            })
            .collect()
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
    if !(1..=1000).contains(&burst) {
        return Err(field(&format!("{name}.burst_size"), "must be 1-1000"));
    }
    Ok(())
}

fn check_u(name: &str, value: u64, lo: u64, hi: u64) -> Result<(), ConfigError> {
    if (lo..=hi).contains(&value) {
        return Ok(());
    }
    Err(field(
        name,
        if hi == u64::MAX {
            format!("{value} is below the minimum {lo}")
        } else {
            format!("{value} is outside {lo}-{hi}")
        },
    ))
}

fn check_f(name: &str, value: f64, lo: f64, hi: f64) -> Result<(), ConfigError> {
    if value.is_finite() && (lo..=hi).contains(&value) {
        return Ok(());
    }
    Err(field(name, format!("{value} is outside {lo}-{hi}")))
}

/// How the inert-settings report names the part of `presets_override_path` without effect.
pub const PRESETS_INERT_FIELDS: &str = "presets_override_path (max_paragraphs)";

/// openzim-mcp settings zim-mcp accepts, so a configuration written for it starts unchanged,
/// but that steer features zim-mcp does not have (an ML reranker, a token-counting footer,
/// compact-mode table thresholds...). [`Config::inert_settings`] names those an
/// operator changed, so start-up can say they have no effect.
const INERT_SETTINGS: &[&str] = &[
    "cache.libzim_dirent_cache_max_count",
    "content.table_row_threshold",
    "content.table_char_threshold",
    "content.infobox_kv_limit",
    "logging.format",
    "meta.footer_enabled",
    "meta.tokenizer_encoding",
    // The page texts embedded are fixed when the knowledge index is built.
    "ml.reranker.max_passage_length",
    // Models are never downloaded (see `model.rs`).
    "ml.reranker.allow_model_download",
];

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

    /// Every setting of openzim-mcp 3.4.0's `OpenZimMcpConfig`, as its users write them in the
    /// environment: none may stop the server from starting.
    #[test]
    fn every_openzim_mcp_setting_is_accepted() {
        let dir = tempfile::tempdir().unwrap();
        let vars = env(&[
            ("OPENZIM_MCP_SERVER_NAME", "my-zims"),
            ("OPENZIM_MCP_STATELESS_HTTP", "true"),
            ("OPENZIM_MCP_RESOURCE_CACHE_TTL_SECONDS", "600"),
            ("OPENZIM_MCP_PRESETS_OVERRIDE_PATH", "/etc/presets.toml"),
            ("OPENZIM_MCP_CACHE__MAX_BYTES", "1048576"),
            (
                "OPENZIM_MCP_CACHE__LIBZIM_CLUSTER_CACHE_MAX_SIZE_BYTES",
                "4194304",
            ),
            ("OPENZIM_MCP_CONTENT__TABLE_ROW_THRESHOLD", "12"),
            ("OPENZIM_MCP_CONTENT__TABLE_CHAR_THRESHOLD", "900"),
            ("OPENZIM_MCP_CONTENT__INFOBOX_KV_LIMIT", "40"),
            ("OPENZIM_MCP_LOGGING__FORMAT", "%(message)s"),
            ("OPENZIM_MCP_META__FOOTER_ENABLED", "false"),
            ("OPENZIM_MCP_META__TOKENIZER_ENCODING", "o200k_base"),
            ("OPENZIM_MCP_SEARCH__STRUCTURED_SUGGESTIONS_LIMIT", "7"),
            ("OPENZIM_MCP_SEARCH__FUZZY_TITLE_MIN_QUERY_LEN", "5"),
            ("OPENZIM_MCP_SEARCH__FUZZY_TITLE_SCORE_PENALTY", "0.5"),
            (
                "OPENZIM_MCP_SEARCH__SEARCH_ALL_TOTAL_TIMEOUT_SECONDS",
                "2.5",
            ),
            ("OPENZIM_MCP_SYNTHESIZE__TOP_N", "8"),
            ("OPENZIM_MCP_SYNTHESIZE__PER_ARCHIVE_K", "20"),
            ("OPENZIM_MCP_SYNTHESIZE__OUTPUT_CHAR_BUDGET", "6000"),
            ("OPENZIM_MCP_SYNTHESIZE__SECTION_AFFINITY_THRESHOLD", "0.3"),
            ("OPENZIM_MCP_SYNTHESIZE__SECTION_AFFINITY_BOOST", "2"),
            ("OPENZIM_MCP_SYNTHESIZE__MAX_SECONDARY_ARCHIVE_HITS", "0"),
            ("OPENZIM_MCP_SYNTHESIZE__CROSS_ARCHIVE_MIN_OVERLAP", "2"),
            ("OPENZIM_MCP_ML__RERANKER__ENABLED", "false"),
            ("OPENZIM_MCP_ML__RERANKER__MODEL_ID", "jina-reranker-v3"),
            ("OPENZIM_MCP_ML__RERANKER__CACHE_DIR", "/var/cache/models"),
            ("OPENZIM_MCP_ML__RERANKER__FIRST_CALL_TIMEOUT_SECONDS", "30"),
            ("OPENZIM_MCP_QUERY_REWRITE__ENABLED", "false"),
        ]);
        let config = Config::load(None, vars, &dir_cli(dir.path())).unwrap();
        assert!(config.stateless_http);
        assert_eq!(config.resource_cache_ttl_seconds, 600);
        assert_eq!(config.search.search_all_total_timeout_seconds, 2.5);
        assert_eq!(config.synthesize.top_n, 8);
        assert_eq!(config.synthesize.output_char_budget, 6000);
        assert_eq!(
            config.ml.reranker.cache_dir.as_deref(),
            Some(Path::new("/var/cache/models"))
        );
        // The ones without effect here are named, so start-up and zim_health can say so.
        let inert = config.inert_settings();
        for name in [
            "content.infobox_kv_limit",
            "logging.format",
            "meta.footer_enabled",
            "meta.tokenizer_encoding",
        ] {
            assert!(inert.contains(&name), "{name} missing from {inert:?}");
        }
        for effective in [
            "stateless_http",
            "synthesize.top_n",
            "server_name",
            "query_rewrite.enabled",
            "synthesize.section_affinity_threshold",
            "synthesize.section_affinity_boost",
            "synthesize.max_secondary_archive_hits",
            "synthesize.cross_archive_min_overlap",
            "search.structured_suggestions_limit",
            "presets_override_path",
            "ml.reranker.model_id",
            "ml.reranker.cache_dir",
        ] {
            assert!(!inert.contains(&effective), "{effective}");
        }
        let defaults = Config::load(None, env(&[]), &dir_cli(dir.path())).unwrap();
        assert!(defaults.inert_settings().is_empty());
    }

    #[test]
    fn openzim_mcp_ranges_are_enforced() {
        let dir = tempfile::tempdir().unwrap();
        let cases: &[(&str, &str, &str)] = &[
            (
                "OPENZIM_MCP_RESOURCE_CACHE_TTL_SECONDS",
                "86401",
                "resource_cache_ttl_seconds",
            ),
            ("OPENZIM_MCP_RATE_LIMIT__BURST_SIZE", "1001", "1-1000"),
            (
                "OPENZIM_MCP_CONTENT__INFOBOX_KV_LIMIT",
                "201",
                "infobox_kv_limit",
            ),
            (
                "OPENZIM_MCP_CONTENT__TABLE_CHAR_THRESHOLD",
                "10",
                "minimum 50",
            ),
            (
                "OPENZIM_MCP_SEARCH__SEARCH_ALL_TOTAL_TIMEOUT_SECONDS",
                "301",
                "0-300",
            ),
            (
                "OPENZIM_MCP_SEARCH__FUZZY_TITLE_SCORE_PENALTY",
                "1.5",
                "fuzzy_title_score_penalty",
            ),
            ("OPENZIM_MCP_SYNTHESIZE__TOP_N", "51", "synthesize.top_n"),
            (
                "OPENZIM_MCP_SYNTHESIZE__OUTPUT_CHAR_BUDGET",
                "100",
                "500-20000",
            ),
            ("OPENZIM_MCP_ML__RERANKER__FINAL_TOP_K", "0", "final_top_k"),
            (
                "OPENZIM_MCP_QUERY_REWRITE__MISSPELLING_MAP_PATH",
                "/nonexistent/map.txt",
                "not found",
            ),
            ("OPENZIM_MCP_SYNTHESIZE__TOP_N", "many", "synthesize.top_n"),
        ];
        for (key, value, needle) in cases {
            let err = Config::load(None, env(&[(key, value)]), &dir_cli(dir.path()))
                .expect_err(key)
                .to_string();
            assert!(err.contains(needle), "{key}={value}: {err}");
        }
    }

    /// The exact text of each kind of range message, so a refactoring of the checks cannot
    /// change what operators read.
    #[test]
    fn range_messages_keep_their_wording() {
        let dir = tempfile::tempdir().unwrap();
        let cases: &[(&str, &str, &str)] = &[
            ("OPENZIM_MCP_PORT", "0", "`port`: 0 is outside 1-65535"),
            (
                "OPENZIM_MCP_WATCH_INTERVAL_SECONDS",
                "61",
                "`watch_interval_seconds`: 61 is outside 1-60",
            ),
            (
                "OPENZIM_MCP_RESOURCE_CACHE_TTL_SECONDS",
                "-1",
                "`resource_cache_ttl_seconds`: must be 0-86400",
            ),
            (
                "OPENZIM_MCP_CACHE__MAX_SIZE",
                "10001",
                "`cache.max_size`: must be 1-10000",
            ),
            (
                "OPENZIM_MCP_CACHE__MAX_BYTES",
                "8589934593",
                "`cache.max_bytes`: must be 0-8589934592 (8 GiB)",
            ),
            (
                "OPENZIM_MCP_CACHE__LIBZIM_CLUSTER_CACHE_MAX_SIZE_BYTES",
                "4294967297",
                "`cache.libzim_cluster_cache_max_size_bytes`: must be 0-4294967296 (4 GiB)",
            ),
            (
                "OPENZIM_MCP_CONTENT__SNIPPET_LENGTH",
                "99",
                "`content.snippet_length`: must be at least 100",
            ),
            (
                "OPENZIM_MCP_CONTENT__TABLE_CHAR_THRESHOLD",
                "49",
                "`content.table_char_threshold`: 49 is below the minimum 50",
            ),
            (
                "OPENZIM_MCP_SEARCH__FUZZY_TITLE_SCORE_PENALTY",
                "1.5",
                "`search.fuzzy_title_score_penalty`: 1.5 is outside 0-1",
            ),
            (
                "OPENZIM_MCP_ML__RERANKER__FIRST_CALL_TIMEOUT_SECONDS",
                "0.05",
                "`ml.reranker.first_call_timeout_seconds`: 0.05 is outside 0.1-120",
            ),
            (
                "OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND",
                "0",
                "`rate_limit.requests_per_second`: must be a positive number",
            ),
            (
                "OPENZIM_MCP_RATE_LIMIT__PER_OPERATION_LIMITS",
                "{\"search\": {\"requests_per_second\": 1, \"burst_size\": 0}}",
                "`rate_limit.per_operation_limits.search.burst_size`: must be 1-1000",
            ),
        ];
        for (key, value, expected) in cases {
            let err = Config::load(None, env(&[(key, value)]), &dir_cli(dir.path()))
                .expect_err(key)
                .to_string();
            assert_eq!(
                err,
                format!("invalid configuration value for {expected}"),
                "{key}={value}"
            );
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
