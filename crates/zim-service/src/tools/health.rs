//! `zim_health`: server report (health, configuration, archives) or one archive's check.

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::service::ZimService;
use crate::tools::args::input_schema;
use crate::tools::wire::{attach_meta, data_error, parse, set};
use crate::tools::{Tool, ToolOutput};
use chrono::{DateTime, SecondsFormat, Utc};

use crate::cache::CacheStats;
use crate::config::Config;
use crate::paths::ArchiveFile;
use crate::redact::redacted_name;
use crate::registry::ArchiveRegistry;

pub static TOOL: Tool = Tool {
    name: "zim_health",
    title: "Server health",
    description: "Without arguments: server health, configuration and the archives served. \
With zim_file_path: an integrity check of that archive (checksum, structure, index capabilities, \
identity).",
    simple: false,
    schema: input_schema::<ZimHealthArgs>,
    operations: &["get_server_health"],
    run,
    started: None,
};

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZimHealthArgs {
    /// With a path: check that archive's integrity instead of reporting server health.
    #[serde(default)]
    pub zim_file_path: Option<String>,
}

fn run(
    svc: &ZimService,
    client: &ClientId,
    args: Map<String, Value>,
) -> Result<ToolOutput, ToolError> {
    answer(svc, client, &args).map(ToolOutput::Json)
}

fn answer(
    svc: &ZimService,
    client: &ClientId,
    args: &Map<String, Value>,
) -> Result<Value, ToolError> {
    let parsed: ZimHealthArgs = parse("zim_health", args.clone())?;
    let context = format!(
        "validation for {}",
        parsed.zim_file_path.as_deref().unwrap_or_default()
    );
    let per_archive = parsed
        .zim_file_path
        .as_deref()
        .is_some_and(|p| !p.trim().is_empty());
    let mut raw = svc
        .zim_health(client, parsed)
        .map_err(data_error("zim_health", context))?;
    // No inbound-link sidecar here: openzim-mcp's flag for it is always false.
    if per_archive && raw.get("has_link_graph").is_none() {
        set(&mut raw, "has_link_graph", json!(false));
    }
    attach_meta(&mut raw, false, &[]);
    Ok(raw)
}

impl ZimService {
    pub fn zim_health(&self, client: &ClientId, args: ZimHealthArgs) -> Result<Value, ToolError> {
        self.charge(client, "get_server_health", None)?;
        match args
            .zim_file_path
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            Some(path) => archive_report(self.registry(), self.knowledge(), path),
            None => Ok(server_report(&ServerFacts {
                config: self.config(),
                registry: self.registry(),
                cache: self.cache_stats(),
                started_at: self.started_at(),
                inert_settings: self.inert_settings(),
                config_hash: self.config_hash(),
                knowledge: self.knowledge(),
            })),
        }
    }
}

pub struct ServerFacts<'a> {
    pub config: &'a Config,
    pub registry: &'a ArchiveRegistry,
    pub cache: CacheStats,
    pub started_at: DateTime<Utc>,
    /// openzim-mcp settings this configuration changed that have no effect here.
    pub inert_settings: &'a [&'static str],
    /// [`config_hash`] of `config`, computed once at start-up.
    pub config_hash: &'a str,
    pub knowledge: &'a crate::knowledge::KnowledgeIndexes,
}

fn iso(time: std::time::SystemTime) -> String {
    DateTime::<Utc>::from(time).to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// One archive as listed in `loaded_archives` and `zim://files`: openzim-mcp's `{name, path,
/// directory, size ("0.54 MB"), size_bytes, modified, readable}` (path and directory by name
/// only, never absolute), with our `zim_file_path` (what to pass back) and `split`.
pub fn archive_listing(file: &ArchiveFile) -> Value {
    json!({
        "name": file.name,
        "path": redacted_name(&file.path),
        "directory": file.path.parent().map(redacted_name).unwrap_or_default(),
        "size": format!("{:.2} MB", file.size as f64 / (1024.0 * 1024.0)),
        "size_bytes": file.size,
        "modified": file.modified.map(iso),
        "readable": true,
        "zim_file_path": file.display,
        "split": file.split,
    })
}

/// Archives opened by one health report at most (the rest are listed, not checked).
const MAX_ARCHIVES_CHECKED: usize = 1_000;

pub fn server_report(facts: &ServerFacts<'_>) -> Value {
    // Uptime and live statistics: never an answer to keep.
    crate::memo::note_volatile();
    let config = facts.config;
    let files = facts.registry.rescan();
    let readable = facts.registry.dirs().readable_count();
    let total_dirs = facts.registry.dirs().roots().len();
    let mut warnings = Vec::new();
    let mut recommendations = Vec::new();
    if readable < total_dirs {
        warnings.push(format!(
            "{} of {total_dirs} allowed directories are not readable",
            total_dirs - readable
        ));
    }
    if files.is_empty() {
        warnings.push("No ZIM files found in the allowed directories".to_owned());
        recommendations.push("Copy .zim files into an allowed directory".to_owned());
    }
    if facts.cache.enabled
        && facts.cache.hits + facts.cache.misses >= 20
        && facts.cache.hit_rate < 0.3
    {
        recommendations.push("Cache hit rate is low; consider a larger cache.max_size".to_owned());
    }
    if !facts.inert_settings.is_empty() {
        recommendations.push(format!(
            "These openzim-mcp settings have no effect in zim-mcp and can be removed: {}",
            facts.inert_settings.join(", ")
        ));
    }
    // Every listed archive must open: a directory full of truncated or unreadable files is
    // not healthy because the directory itself is readable. Opening is O(header) and open
    // archives are reused, so this is a stat per archive after the first report.
    let mut unreadable = Vec::new();
    let mut indexes = Vec::new();
    for file in files.iter().take(MAX_ARCHIVES_CHECKED) {
        match facts.registry.open_file(file.clone()) {
            Ok(open) => {
                let mut status = facts.knowledge.status(&open);
                if let Some(map) = status.as_object_mut() {
                    map.insert("zim_file".into(), json!(file.display));
                }
                indexes.push(status);
            }
            Err(err) => {
                unreadable.push(json!({"zim_file": file.display, "error": err.payload().message}));
            }
        }
    }
    if !unreadable.is_empty() {
        warnings.push(format!(
            "{} of {} archives cannot be opened",
            unreadable.len(),
            files.len().min(MAX_ARCHIVES_CHECKED)
        ));
        recommendations.push(
            "Replace or remove the archives listed in unreadable_archives (truncated, corrupt or not readable by the server)"
                .to_owned(),
        );
    }
    let status = if readable == 0 {
        "unhealthy"
    } else if !unreadable.is_empty() {
        "degraded"
    } else if warnings.is_empty() {
        "healthy"
    } else {
        "warning"
    };
    let now = Utc::now();
    let uptime = now
        .signed_duration_since(facts.started_at)
        .num_seconds()
        .max(0);
    let dirs: Vec<String> = config
        .allowed_directories
        .iter()
        .map(|d| redacted_name(d))
        .collect();
    if recommendations.is_empty() {
        recommendations.push("Server is running optimally".to_owned());
    }
    let cache = &facts.cache;
    let short_hash: String = facts.config_hash.chars().take(8).collect();
    json!({
        "health": {
            "timestamp": now.to_rfc3339_opts(SecondsFormat::Micros, true),
            "status": status,
            "server_name": config.server_name,
            "version": env!("CARGO_PKG_VERSION"),
            "uptime_info": {
                "process_id": std::process::id(),
                "started_at": facts.started_at.to_rfc3339_opts(SecondsFormat::Secs, true),
                "uptime_seconds": uptime,
            },
            "configuration": {
                "allowed_directories": total_dirs,
                "cache_enabled": config.cache.enabled,
                "config_hash": format!("{short_hash}..."),
            },
            "cache_performance": {
                "enabled": cache.enabled,
                "size": cache.size,
                "max_size": cache.max_size,
                "ancillary_entries": 0,
                "total_entries": cache.size,
                "size_bytes": cache.bytes,
                "bytes": cache.bytes,
                "max_bytes": cache.max_bytes,
                "ttl_seconds": cache.ttl_seconds,
                "hits": cache.hits,
                "misses": cache.misses,
                "hit_rate": cache.hit_rate,
                "ancillary_hits": 0,
                "ancillary_misses": 0,
                "background_cleanup": true,
                "persistence_enabled": cache.persistence_enabled,
                "persistence_error": cache.persistence_error,
            },
            "health_checks": {
                "directories_accessible": readable,
                "zim_files_found": files.len(),
                "permissions_ok": readable == total_dirs,
                "archives_open": facts.registry.open_count(),
                "archives_unreadable": unreadable.len(),
            },
            "unreadable_archives": unreadable,
            // zim-mcp's own: each archive's knowledge index (present, stale, building, absent).
            "knowledge_indexes": indexes,
            "recommendations": recommendations,
            "warnings": warnings,
            "simple_tools_telemetry": {},
        },
        "configuration": {
            "configuration": {
                "server_name": config.server_name,
                "allowed_directories": dirs,
                "allowed_directories_count": total_dirs,
                "cache_enabled": config.cache.enabled,
                "cache_max_size": config.cache.max_size,
                "cache_ttl_seconds": config.cache.ttl_seconds,
                "content_max_length": config.content.max_content_length,
                "content_snippet_length": config.content.snippet_length,
                "search_default_limit": config.content.default_search_limit,
                "tool_mode": config.tool_mode.as_str(),
                "transport": config.transport.as_str(),
                "rate_limit": {
                    "enabled": config.rate_limit.enabled,
                    "requests_per_second": config.rate_limit.requests_per_second,
                    "burst_size": config.rate_limit.burst_size,
                },
                "config_hash": facts.config_hash,
                "server_pid": std::process::id(),
            },
            "diagnostics": {
                "validation_status": "ok",
                "warnings": [],
                "recommendations": [],
            },
            "timestamp": now.to_rfc3339_opts(SecondsFormat::Micros, true),
        },
        "loaded_archives": files.iter().map(archive_listing).collect::<Vec<_>>(),
    })
}

/// The per-archive integrity check. An archive that cannot even be opened is reported as
/// invalid (that is the answer the caller asked for), not as a tool error.
pub fn archive_report(
    registry: &ArchiveRegistry,
    knowledge: &crate::knowledge::KnowledgeIndexes,
    zim_file_path: &str,
) -> Result<Value, ToolError> {
    let files = registry.files();
    let file = match registry.dirs().resolve(zim_file_path, &files) {
        Ok(file) => file.clone(),
        Err(err) if err.kind == crate::ErrorKind::NotFound => {
            let files = registry.rescan();
            registry.dirs().resolve(zim_file_path, &files)?.clone()
        }
        Err(err) => return Err(err),
    };
    let name = file.name.clone();
    let path = redacted_name(&file.path);
    let display = file.display.clone();
    let open = match registry.open_file(file) {
        Ok(open) => open,
        Err(err) if err.kind == crate::ErrorKind::Archive => {
            return Ok(json!({
                "is_valid": false,
                "errors": [crate::redact::redact_paths(&err.message)],
                "path": path,
                "name": name,
                "zim_file_path": display,
            }));
        }
        Err(err) => return Err(err),
    };
    // The index's state changes while the archive does not (a build publishes it): never a
    // kept answer.
    crate::memo::note_volatile();
    let index = knowledge.status(&open);
    let has_link_graph = index.get("state").and_then(Value::as_str) == Some("present");
    let archive = &open.archive;
    let report = archive.check();
    let checksum = archive.checksum().ok().flatten();
    let errors: Vec<String> = report
        .errors
        .iter()
        .map(|e| crate::redact::redact_paths(&e.to_string()))
        .collect();
    Ok(json!({
        "is_valid": report.ok,
        "checksum_ok": report.checksum_ok,
        "has_checksum": archive.has_checksum(),
        "checksum": checksum,
        "has_fulltext_index": archive.fulltext_index().ok().flatten().is_some(),
        "has_title_index": archive.title_index().ok().flatten().is_some(),
        "uuid": archive.uuid(),
        "is_multipart": archive.is_multipart(),
        "entry_count": archive.all_entry_count(),
        "errors": errors,
        "path": path,
        "name": name,
        "zim_file_path": display,
        "has_link_graph": has_link_graph,
        "knowledge_index": index,
    }))
}
