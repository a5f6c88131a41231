//! [`ZimService`]: the state shared by every MCP session and the entry point of tool calls.

use std::sync::{Arc, OnceLock};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::backend::{HtmlSource, RenderBackend, SearchBackend, search_unavailable};
use crate::cache::{CacheStats, ResultCache};
use crate::config::{Config, ToolMode};
use crate::cursor::CursorCodec;
use crate::error::ToolError;
use crate::paths::AllowedDirs;
use crate::presets::{ArchivePreset, ArchiveSignals, Presets};
use crate::ratelimit::{ClientId, RateLimiter, operation_cost};
use crate::registry::{ArchiveRegistry, OpenArchive};
use crate::tools::args::*;
use crate::tools::entry::find_entry;
use crate::tools::{
    ADVANCED_TOOLS, ToolOutput, ToolSpec, browse, get, health, metadata, tool_specs,
};

const SEARCH_TOOL: &str = "zim_search";
const LINKS_TOOL: &str = "zim_links";
const DEFAULT_LINKS_LIMIT: u32 = 100;
/// Related articles listed without a `limit` (openzim-mcp's default).
const DEFAULT_RELATED_LIMIT: u32 = 10;
/// Hits per archive of a cross-file search without a `limit` (openzim-mcp's default).
const DEFAULT_CROSS_FILE_LIMIT: u32 = 5;
const MAX_QUERY_LEN: usize = 4_096;

#[derive(Serialize, Deserialize)]
struct OffsetState {
    o: u32,
}

/// A links cursor: the offset and the entry it pages (`ep`, as openzim-mcp's cursors name
/// it, so a cursor shown to another entry's call is told apart).
#[derive(Serialize, Deserialize)]
struct LinksState {
    o: u32,
    ep: String,
    /// The page size, kept when a later call omits `limit`.
    #[serde(default)]
    l: Option<u32>,
}

pub struct ZimService {
    config: Config,
    registry: ArchiveRegistry,
    limiter: RateLimiter,
    cache: Arc<ResultCache>,
    cursors: CursorCodec,
    started_at: DateTime<Utc>,
    search: Option<Arc<dyn SearchBackend>>,
    renderer: Arc<dyn RenderBackend>,
    specs: OnceLock<Vec<ToolSpec>>,
    /// [`Config::inert_settings`], computed once (start-up warns of them, health lists them).
    inert_settings: Vec<&'static str>,
    /// [`health::config_hash`] of the configuration, which never changes after start-up.
    config_hash: String,
    /// `query_rewrite.*`, its files read once.
    rewriter: crate::retrieval::rewrite::Rewriter,
    /// Candidate pages' leads, kept across questions (`None` with `cache.enabled = false`).
    leads: Option<crate::retrieval::lead::LeadCache>,
    /// The archives' knowledge indexes, when built.
    knowledge: crate::knowledge::KnowledgeIndexes,
    /// Archive-type presets: the built-in ones and `presets_override_path`'s, read once.
    presets: Arc<Presets>,
    /// The embedding model that reads the indexes' page vectors (`ml.reranker.*`).
    model: crate::model::ModelStage,
}

impl ZimService {
    /// A service with the default backends: zim-render (feature `render`, else plain text)
    /// and zim-search (feature `search`, else no search).
    pub fn new(config: Config) -> Self {
        // Search responses go to the service's result cache; the renderer's parsed documents
        // follow its switch, so "cache off" is off everywhere.
        let cache = Arc::new(ResultCache::new(config.cache.clone()));
        let presets = Arc::new(Presets::load(config.presets_override_path.as_deref()));
        let search = default_search(&config, &cache, &presets);
        let renderer = default_renderer(&config, &cache);
        Self::assemble(config, cache, search, renderer, presets)
    }

    pub fn with_backends(
        config: Config,
        search: Option<Arc<dyn SearchBackend>>,
        renderer: Arc<dyn RenderBackend>,
    ) -> Self {
        let cache = Arc::new(ResultCache::new(config.cache.clone()));
        let presets = Arc::new(Presets::load(config.presets_override_path.as_deref()));
        Self::assemble(config, cache, search, renderer, presets)
    }

    fn assemble(
        config: Config,
        cache: Arc<ResultCache>,
        search: Option<Arc<dyn SearchBackend>>,
        renderer: Arc<dyn RenderBackend>,
        presets: Arc<Presets>,
    ) -> Self {
        let mut inert_settings = config.inert_settings();
        // The part of the operator's presets without a counterpart here.
        if presets.sets_inert_fields() {
            inert_settings.push(crate::config::PRESETS_INERT_FIELDS);
        }
        let config_hash = health::config_hash(&config);
        let rewriter = crate::retrieval::rewrite::Rewriter::from_config(&config.query_rewrite);
        if !inert_settings.is_empty() {
            tracing::warn!(
                settings = %inert_settings.join(", "),
                "openzim-mcp settings accepted but without effect in zim-mcp (no ML reranker, \
                 token footer, paragraph-counted snippets or dirent \
                 cache here; tables are always compact placeholders; logs use tracing's format)"
            );
        }
        let dirs = AllowedDirs::new(config.allowed_directories.clone());
        let registry = match config.cache.libzim_cluster_cache_max_size_bytes {
            Some(bytes) => ArchiveRegistry::with_cluster_budget(dirs, bytes),
            None => ArchiveRegistry::new(dirs),
        };
        let knowledge = crate::knowledge::KnowledgeIndexes::new(config.index.cache_dir());
        let model = crate::model::ModelStage::new(config.ml.reranker.clone());
        let leads = config
            .cache
            .enabled
            .then(crate::retrieval::lead::LeadCache::new);
        Self {
            limiter: RateLimiter::new(config.rate_limit.clone()),
            cache,
            cursors: CursorCodec::new(),
            started_at: Utc::now(),
            registry,
            config,
            search,
            renderer,
            specs: OnceLock::new(),
            inert_settings,
            config_hash,
            rewriter,
            leads,
            knowledge,
            presets,
            model,
        }
    }

    /// The archive-type preset in force for `open`, and the type it applies as
    /// (`crate::presets`); `None` when none applies.
    pub fn preset_for(&self, open: &OpenArchive) -> Option<(ArchivePreset, String)> {
        self.presets.resolve(&ArchiveSignals::read(&open.archive))
    }

    /// Where a paginated call starts: the offset a (non-blank) cursor carries, checked against
    /// the tool and `identity` it was issued for, else the `offset` argument.
    fn resume_offset(
        &self,
        tool: &str,
        identity: &str,
        cursor: Option<&str>,
        offset: u32,
    ) -> Result<u32, ToolError> {
        match cursor.map(str::trim).filter(|c| !c.is_empty()) {
            Some(cursor) => Ok(self
                .cursors
                .decode::<OffsetState>(tool, identity, cursor)?
                .o),
            None => Ok(offset),
        }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn registry(&self) -> &ArchiveRegistry {
        &self.registry
    }

    /// The query rewrite settings (misspelling map, exclusions), loaded once.
    pub(crate) fn rewriter(&self) -> &crate::retrieval::rewrite::Rewriter {
        &self.rewriter
    }

    /// The archives' knowledge indexes.
    pub fn knowledge(&self) -> &crate::knowledge::KnowledgeIndexes {
        &self.knowledge
    }

    /// The model stage of the question pipeline.
    pub fn model_stage(&self) -> &crate::model::ModelStage {
        &self.model
    }

    /// The candidate pages' lead cache, when caching is on.
    pub(crate) fn lead_cache(&self) -> Option<&crate::retrieval::lead::LeadCache> {
        self.leads.as_ref()
    }

    /// The search backend, if this build has one (the question pipeline queries it directly).
    pub(crate) fn search_backend(&self) -> Option<&Arc<dyn SearchBackend>> {
        self.search.as_ref()
    }

    pub fn cache_stats(&self) -> CacheStats {
        self.cache.stats()
    }

    /// Save the result cache to disk when persistence is on (called at shutdown).
    pub fn save_cache(&self) -> Result<usize, String> {
        self.cache.save()
    }

    pub fn cursors(&self) -> &CursorCodec {
        &self.cursors
    }

    pub fn limiter(&self) -> &RateLimiter {
        &self.limiter
    }

    /// Ready means at least one allowed directory can be read (`/readyz`).
    pub fn is_ready(&self) -> bool {
        self.registry.dirs().readable_count() > 0
    }

    /// The tools of the configured mode (built once: their schemas are generated).
    pub fn tool_specs(&self) -> &[ToolSpec] {
        self.specs.get_or_init(|| tool_specs(self.config.tool_mode))
    }

    /// Whether `name` is a tool of the configured mode. Called on every tool call, so it
    /// compares names only (no schema is built).
    pub fn has_tool(&self, name: &str) -> bool {
        match self.config.tool_mode {
            ToolMode::Simple => name == "zim_query",
            ToolMode::Advanced => ADVANCED_TOOLS.contains(&name),
        }
    }

    /// [`call_tool`](Self::call_tool), keeping a successful answer for
    /// [`call_tool_from_memo`](Self::call_tool_from_memo) (see `memo.rs`).
    pub fn call_tool_kept(
        &self,
        client: &ClientId,
        name: &str,
        args: Option<Map<String, Value>>,
    ) -> Result<ToolOutput, ToolError> {
        if !self.config.cache.enabled {
            return self.call_tool(client, name, args);
        }
        let key = crate::memo::key(name, self.registry.generation(), args.as_ref());
        let (outcome, recording) = crate::memo::record(|| self.call_tool(client, name, args));
        if let Ok(output) = &outcome
            && let Some(entry) = crate::memo::entry(output, &recording)
        {
            self.cache.insert(key, Arc::new(entry));
        }
        outcome
    }

    /// The kept answer to this exact call, if its archives are unchanged, charged to `client`
    /// as the call itself was. Touches no archive data: one `stat` per archive the call read,
    /// so a transport may run it without a blocking thread. `None`: run the call.
    pub fn call_tool_from_memo(
        &self,
        client: &ClientId,
        name: &str,
        args: Option<&Map<String, Value>>,
    ) -> Option<Result<ToolOutput, ToolError>> {
        if !self.config.cache.enabled {
            return None;
        }
        let key = crate::memo::key(name, self.registry.generation(), args);
        let kept = self.cache.get_uncounted(&key)?;
        let replay = crate::memo::replay(&kept)?;
        self.cache.count_lookup(true);
        for (operation, cost) in &replay.charges {
            if let Err(err) = self.limiter.check(client, operation, *cost) {
                return Some(Err(err));
            }
        }
        Some(Ok(replay.output))
    }

    /// Run one tool call. The caller checks [`has_tool`](Self::has_tool) first (an unknown
    /// tool is a protocol error, not a tool error). Blocking: archive I/O happens here.
    pub fn call_tool(
        &self,
        client: &ClientId,
        name: &str,
        args: Option<Map<String, Value>>,
    ) -> Result<ToolOutput, ToolError> {
        crate::tools::wire::call_tool(self, client, name, args)
    }

    pub(crate) fn charge(
        &self,
        client: &ClientId,
        operation: &str,
        cost: Option<u32>,
    ) -> Result<(), ToolError> {
        crate::memo::note_charge(operation, cost);
        self.limiter.check(client, operation, cost)
    }

    fn open(&self, zim_file_path: Option<&str>) -> Result<OpenArchive, ToolError> {
        match zim_file_path.map(str::trim).filter(|p| !p.is_empty()) {
            Some(path) => self.registry.open(path),
            None => self.registry.open_default(),
        }
    }

    pub fn zim_metadata(
        &self,
        client: &ClientId,
        args: ZimMetadataArgs,
    ) -> Result<Value, ToolError> {
        self.charge(client, "get_metadata", None)?;
        let open = self.open(Some(&args.zim_file_path))?;
        let key = format!("metadata:{}:{}", open.archive.uuid(), open.file.display);
        let value = self
            .cache
            .get_or_try_insert(&key, || metadata::metadata_response(&open))?;
        Ok(Value::clone(&value))
    }

    pub fn zim_browse(&self, client: &ClientId, args: ZimBrowseArgs) -> Result<Value, ToolError> {
        browse::validate(&args)?;
        self.charge(client, "browse_namespace", None)?;
        let open = self.open(Some(&args.zim_file_path))?;
        browse::browse(&open, &args, &self.cursors)
    }

    pub fn zim_health(&self, client: &ClientId, args: ZimHealthArgs) -> Result<Value, ToolError> {
        self.charge(client, "get_server_health", None)?;
        match args
            .zim_file_path
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            Some(path) => health::archive_report(&self.registry, &self.knowledge, path),
            None => Ok(health::server_report(&health::ServerFacts {
                config: &self.config,
                registry: &self.registry,
                cache: self.cache.stats(),
                started_at: self.started_at,
                inert_settings: &self.inert_settings,
                config_hash: &self.config_hash,
                knowledge: &self.knowledge,
            })),
        }
    }

    pub fn zim_get(&self, client: &ClientId, args: ZimGetArgs) -> Result<ToolOutput, ToolError> {
        let (branch, open, compact) = self.prepare_get(client, &args)?;
        let ctx = get::GetContext {
            open: &open,
            compact,
            renderer: self.renderer.as_ref(),
            default_max_chars: self.config.content.max_content_length,
            max_binary_size: self.config.content.max_binary_size,
            preset: self.preset_for(&open),
        };
        get::get(&ctx, &args, branch)
    }

    /// A `zim_get` call's branch, archive and compact budget, validated and charged.
    pub(crate) fn prepare_get(
        &self,
        client: &ClientId,
        args: &ZimGetArgs,
    ) -> Result<(get::Branch, OpenArchive, Option<usize>), ToolError> {
        let branch = get::validate(args)?;
        let compact = if args.compact {
            Some(crate::tools::args::budget_chars(
                args.compact_budget.as_ref(),
            )?)
        } else {
            None
        };
        let cost = match branch {
            get::Branch::Batch => args
                .entry_paths
                .as_ref()
                .map(|p| u32::try_from(p.len()).unwrap_or(u32::MAX)),
            _ => None,
        };
        self.charge(client, branch.operation(args.view), cost)?;
        let open = self.open(Some(&args.zim_file_path))?;
        Ok((branch, open, compact))
    }

    pub(crate) fn renderer(&self) -> &dyn RenderBackend {
        self.renderer.as_ref()
    }

    pub fn zim_get_section(
        &self,
        client: &ClientId,
        args: ZimGetSectionArgs,
    ) -> Result<Value, ToolError> {
        check_range("max_chars", args.max_chars, 1, u64::MAX)?;
        crate::tools::entry::check_entry_path(&args.entry_path)?;
        if args.section_id.trim().is_empty() {
            return Err(ToolError::validation(
                "invalid_arguments",
                "section_id is empty",
            ));
        }
        self.charge(client, "get_section", None)?;
        let open = self.open(Some(&args.zim_file_path))?;
        let found = find_entry(&open.archive, &args.entry_path)?;
        let html = HtmlSource::new(&found.entry, "get_entry");
        self.renderer.section(
            &html,
            &args.section_id,
            args.include_subsections,
            args.max_chars,
        )
    }

    /// The pages linking to `entry_path`, from the archive's knowledge index, ranked as
    /// openzim-mcp ranks them (site furniture last, then by each linker's own inbound degree,
    /// then by path): `{entry_path, results: [{path, title, inbound_degree, anchor_text}],
    /// total, offset, limit, next_cursor, resolved_path?}`.
    fn inbound_links(
        &self,
        open: &OpenArchive,
        entry_path: &str,
        offset: u32,
        limit: u32,
        identity: &str,
    ) -> Result<Value, ToolError> {
        let found = find_entry(&open.archive, entry_path);
        let Some(index) = self.knowledge.get(open) else {
            // A path the archive does not have is that error, with or without an index.
            found?;
            return Err(ToolError::new(
                crate::error::ErrorKind::Unavailable,
                "inbound_sidecar_unavailable",
                "Inbound links need this archive's knowledge index, which has not been built \
                 (or no longer matches the archive). An operator builds it with `zim-mcp \
                 index <archive>`. Meanwhile direction='related' gives the article's \
                 neighbours, and a search for its title finds pages that mention it.",
            ));
        };
        let found = found?;
        let target = found
            .entry
            .resolve()
            .unwrap_or_else(|_| found.entry.clone());
        let page = index
            .graph
            .inbound(
                target.index(),
                usize::try_from(offset).unwrap_or(usize::MAX),
                usize::try_from(limit).unwrap_or(usize::MAX),
            )
            .map_err(|e| {
                ToolError::archive(
                    "knowledge_index_error",
                    crate::redact::redact_paths(&e.to_string()),
                )
            })?;
        let results: Vec<Value> = page
            .links
            .iter()
            .map(|l| {
                let source = open.archive.entry_at(l.source).ok();
                json!({
                    "path": source.as_ref().map(|e| e.path().to_owned()),
                    "title": source.as_ref().map(|e| {
                        if e.title().is_empty() { e.path().to_owned() } else { e.title().to_owned() }
                    }),
                    "inbound_degree": l.degree,
                    "anchor_text": l.anchor_text,
                })
            })
            .collect();
        let end = u64::from(offset).saturating_add(results.len() as u64);
        let next = (end < page.total).then(|| {
            self.cursors.encode(
                LINKS_TOOL,
                identity,
                &LinksState {
                    o: u32::try_from(end).unwrap_or(u32::MAX),
                    ep: entry_path.to_owned(),
                    l: Some(limit),
                },
            )
        });
        let mut response = json!({
            "entry_path": entry_path,
            "results": results,
            "total": page.total,
            "offset": offset,
            "limit": limit,
            "next_cursor": next,
        });
        if target.path() != entry_path
            && let Some(map) = response.as_object_mut()
        {
            map.insert("resolved_path".into(), json!(target.path()));
        }
        Ok(response)
    }

    pub fn zim_links(&self, client: &ClientId, args: ZimLinksArgs) -> Result<Value, ToolError> {
        check_range("limit", args.limit.map(u64::from), 1, 500)?;
        if args.kind.is_some() && args.direction != LinkDirection::Outbound {
            return Err(ToolError::validation(
                "invalid_combination",
                "`kind` selects one bucket of an article's outbound links; \
                 direction=\"related\" returns one unbucketed list. Drop `kind`, or use \
                 direction=\"outbound\"",
            ));
        }
        let operation = match args.direction {
            LinkDirection::Outbound => "extract_article_links",
            LinkDirection::Related => "get_related_articles",
            LinkDirection::Inbound => "get_inbound_links",
        };
        self.charge(client, operation, None)?;
        crate::tools::entry::check_entry_path(&args.entry_path)?;
        let open = self.open(Some(&args.zim_file_path))?;
        // Cursors are bound to the archive and the page they were issued for.
        let identity = format!("{}:{}", open.archive.uuid(), args.entry_path);
        let (offset, cursor_limit) = match args
            .cursor
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            Some(cursor) => {
                let state = self
                    .cursors
                    .decode::<LinksState>(LINKS_TOOL, &identity, cursor)?;
                (state.o, state.l)
            }
            None => (args.offset, None),
        };
        let limit = args.limit.or(cursor_limit).unwrap_or(match args.direction {
            LinkDirection::Outbound => DEFAULT_LINKS_LIMIT,
            LinkDirection::Related | LinkDirection::Inbound => DEFAULT_RELATED_LIMIT,
        });
        if args.direction == LinkDirection::Inbound {
            return self.inbound_links(&open, &args.entry_path, offset, limit, &identity);
        }
        let found = find_entry(&open.archive, &args.entry_path)?;
        let html = HtmlSource::new(&found.entry, "get_entry");
        let mut response = self.renderer.links(&open, &html, args.direction)?;
        let Some(map) = response.as_object_mut() else {
            return Ok(response);
        };
        let mut all = match map.remove("links") {
            Some(Value::Array(all)) => all,
            _ => Vec::new(),
        };
        if args.direction == LinkDirection::Related
            && let Some(index) = self.knowledge.get(&open)
        {
            let target = found
                .entry
                .resolve()
                .unwrap_or_else(|_| found.entry.clone());
            add_cocited(&open, &index, target.index(), &mut all);
        }
        if let Some(kind) = args.kind {
            all.retain(|link| link.get("kind").and_then(Value::as_str) == Some(kind.as_str()));
            map.insert("kind".into(), json!(kind.as_str()));
        }
        let total = all.len();
        let start = usize::try_from(offset).unwrap_or(usize::MAX).min(total);
        let take = usize::try_from(limit).unwrap_or(usize::MAX);
        let page: Vec<Value> = all.into_iter().skip(start).take(take).collect();
        let end = start.saturating_add(page.len());
        let key = match args.direction {
            LinkDirection::Outbound => "outbound_links",
            LinkDirection::Related | LinkDirection::Inbound => "related",
        };
        map.insert(key.into(), Value::Array(page));
        map.insert("total".into(), json!(total));
        map.insert("offset".into(), json!(start));
        map.insert("limit".into(), json!(limit));
        let next = (end < total).then(|| {
            let o = u32::try_from(end).unwrap_or(u32::MAX);
            self.cursors.encode(
                LINKS_TOOL,
                &identity,
                &LinksState {
                    o,
                    ep: args.entry_path.clone(),
                    l: Some(limit),
                },
            )
        });
        map.insert("next_cursor".into(), json!(next));
        Ok(response)
    }

    /// openzim-mcp's `alt_archive` suggestions: when a full-text search of one archive found
    /// nothing (its answer then offers `structured_suggestions`), the other archives whose
    /// file name holds a word of the query (four letters or more) fill the room left under
    /// `search.structured_suggestions_limit`.
    fn offer_other_archives(&self, result: &mut Value, open: &OpenArchive, query: &str) {
        let Some(offered) = result
            .get_mut("structured_suggestions")
            .and_then(Value::as_array_mut)
        else {
            return;
        };
        let limit =
            usize::try_from(self.config.search.structured_suggestions_limit).unwrap_or(usize::MAX);
        let lower = query.to_lowercase();
        let words: Vec<&str> = lower
            .split_whitespace()
            .filter(|w| w.chars().count() >= 4)
            .collect();
        if offered.len() >= limit || words.is_empty() {
            return;
        }
        for file in self.registry.files().iter() {
            if file.display == open.file.display {
                continue;
            }
            let stem = file.name.strip_suffix(".zim").unwrap_or(&file.name);
            let name = stem.to_lowercase();
            if words.iter().any(|w| name.contains(w)) {
                offered.push(crate::search_backend::structured_suggestion(
                    "alt_archive",
                    stem,
                ));
                if offered.len() >= limit {
                    break;
                }
            }
        }
    }

    pub fn zim_search(&self, client: &ClientId, args: ZimSearchArgs) -> Result<Value, ToolError> {
        self.search_with(args, Some(client))
    }

    fn search_with(
        &self,
        args: ZimSearchArgs,
        charge_to: Option<&ClientId>,
    ) -> Result<Value, ToolError> {
        let query = args.query.trim();
        if query.is_empty() {
            return Err(ToolError::validation("invalid_arguments", "query is empty"));
        }
        if query.chars().count() > MAX_QUERY_LEN {
            return Err(ToolError::validation(
                "invalid_arguments",
                format!("query is longer than {MAX_QUERY_LEN} characters"),
            ));
        }
        let filtered = args.namespace.is_some() || args.content_type.is_some();
        let (max, operation) = match args.mode {
            SearchMode::Fulltext if args.cross_file => (50, "search"),
            SearchMode::Fulltext if filtered => (100, "search"),
            SearchMode::Fulltext => (1_000, "search"),
            SearchMode::Title => (100, "find_entry_by_title"),
            SearchMode::Suggest => (50, "suggestions"),
        };
        check_range("limit", args.limit.map(u64::from), 1, max)?;
        if args.mode != SearchMode::Fulltext
            && (args.namespace.is_some() || args.content_type.is_some())
        {
            return Err(ToolError::validation(
                "invalid_parameter_combination",
                "namespace and content_type filters only apply to mode=\"fulltext\"",
            ));
        }
        let limit = args.limit.unwrap_or_else(|| {
            if args.cross_file {
                DEFAULT_CROSS_FILE_LIMIT
            } else {
                u32::try_from(self.config.content.default_search_limit).unwrap_or(10)
            }
        });
        // A cross-file search skips archives that cannot be opened and lists them instead
        // of failing as a whole.
        let mut skipped = Vec::new();
        let archives: Vec<OpenArchive> = if args.cross_file {
            let files = self.registry.files();
            files
                .iter()
                .filter_map(|f| match self.registry.open_file(f.clone()) {
                    Ok(open) => Some(open),
                    Err(err) => {
                        skipped.push(json!({"zim_file": f.display, "error": err.payload()}));
                        None
                    }
                })
                .collect()
        } else {
            vec![self.open(args.zim_file_path.as_deref())?]
        };
        let identity = if args.cross_file {
            "*".to_owned()
        } else {
            archives
                .first()
                .map(|a| a.archive.uuid())
                .unwrap_or_default()
        };
        let offset =
            self.resume_offset(SEARCH_TOOL, &identity, args.cursor.as_deref(), args.offset)?;
        let per_archive = operation_cost(operation);
        let count = u32::try_from(archives.len()).unwrap_or(u32::MAX);
        if let Some(client) = charge_to {
            self.charge(
                client,
                operation,
                Some(per_archive.saturating_mul(count.max(1))),
            )?;
        }
        let Some(backend) = &self.search else {
            return Err(search_unavailable());
        };
        // A cross-file search stops starting new archives once its wall-clock budget
        // (`search.search_all_total_timeout_seconds`) is spent and says so
        // (`budget_exceeded`), as openzim-mcp's search_all does.
        let budget = std::time::Duration::try_from_secs_f64(
            self.config.search.search_all_total_timeout_seconds,
        )
        .ok()
        .filter(|d| args.cross_file && !d.is_zero());
        let started = std::time::Instant::now();
        let mut budget_exceeded = false;
        let mut results = Vec::with_capacity(archives.len());
        for open in &archives {
            // The first archive is always searched: a budget never yields an empty answer.
            if !results.is_empty() && budget.is_some_and(|b| started.elapsed() >= b) {
                budget_exceeded = true;
                break;
            }
            let mut result = backend.search(open, &args, limit, offset)?;
            self.offer_other_archives(&mut result, open, query);
            if let Some(map) = result.as_object_mut() {
                map.insert("zim_file".into(), json!(open.file.display));
            }
            results.push(result);
        }
        let has_more = results
            .iter()
            .any(|r| r.get("has_more").and_then(Value::as_bool) == Some(true));
        let next_cursor = has_more.then(|| {
            self.cursors.encode(
                SEARCH_TOOL,
                &identity,
                &OffsetState {
                    o: offset.saturating_add(limit),
                },
            )
        });
        let mut response = if args.cross_file {
            json!({
                "query": query,
                "files_searched": results.len(),
                "files_available": archives.len().saturating_add(skipped.len()),
                "budget_exceeded": budget_exceeded,
                "merged_results": crate::merge::merged_ranking(args.mode, &results),
                "per_file_results": results,
                "skipped_files": skipped,
            })
        } else {
            results.pop().unwrap_or(Value::Null)
        };
        if let (Some(map), Some(cursor)) = (response.as_object_mut(), next_cursor) {
            map.insert("next_cursor".into(), Value::String(cursor));
        }
        Ok(response)
    }
}

fn default_search(
    config: &Config,
    cache: &Arc<ResultCache>,
    presets: &Arc<Presets>,
) -> Option<Arc<dyn SearchBackend>> {
    Some(Arc::new(
        crate::search_backend::ZimSearchBackend::with_result_cache(Some(Arc::clone(cache)))
            .with_fuzzy_titles(
                usize::try_from(config.search.fuzzy_title_min_query_len).unwrap_or(usize::MAX),
                config.search.fuzzy_title_score_penalty,
            )
            .with_suggestions_limit(
                usize::try_from(config.search.structured_suggestions_limit).unwrap_or(usize::MAX),
            )
            .with_presets(Arc::clone(presets)),
    ))
}

fn default_renderer(config: &Config, cache: &Arc<ResultCache>) -> Arc<dyn RenderBackend> {
    Arc::new(crate::render_backend::ZimRenderBackend::with_parsed_cache(
        config.cache.enabled,
        config.cache.max_bytes,
        Some(Arc::clone(cache)),
    ))
}

/// Linkers of a page read for its co-cited pages.
const COCITATION_LINKERS: usize = 100;
/// Co-cited pages added to a page's related ones at most.
const COCITED_PAGES: usize = 50;

/// A page's related pages (those it links to, scored by how and where it links them) joined
/// by the pages most often linked from the same pages as it (co-citation, from the knowledge
/// index), on one scale: a co-cited page gains up to the best related page's score, and
/// pages found both ways rank first.
fn add_cocited(
    open: &crate::registry::OpenArchive,
    index: &zim_index::KnowledgeIndex,
    target: u32,
    related: &mut Vec<Value>,
) {
    let Ok(cocited) = index
        .graph
        .cocited(target, COCITATION_LINKERS, COCITED_PAGES)
    else {
        return;
    };
    let Some(best) = cocited.first().map(|c| c.1).filter(|b| *b > 0.0) else {
        return;
    };
    let top = related
        .iter()
        .filter_map(|r| r.get("score").and_then(Value::as_f64))
        .fold(1.0_f64, f64::max);
    for (entry, score) in cocited {
        let Ok(page) = open.archive.entry_at(entry) else {
            continue;
        };
        let gain = (top * score / best * 1000.0).round() / 1000.0;
        let path = page.path().to_owned();
        match related
            .iter_mut()
            .find(|r| r.get("target").and_then(Value::as_str) == Some(path.as_str()))
        {
            Some(existing) => {
                let before = existing.get("score").and_then(Value::as_f64).unwrap_or(0.0);
                if let Some(map) = existing.as_object_mut() {
                    map.insert("score".into(), json!(before + gain));
                }
            }
            None => related.push(json!({
                "target": path,
                "text": "",
                "count": 0,
                "score": gain,
                "cocited": true,
            })),
        }
    }
    related.sort_by(|a, b| {
        let s = |v: &Value| v.get("score").and_then(Value::as_f64).unwrap_or(0.0);
        s(b).total_cmp(&s(a))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `has_tool` checks names without building the specs: it must agree with them.
    #[test]
    fn has_tool_agrees_with_the_tool_specs() {
        for mode in [ToolMode::Simple, ToolMode::Advanced] {
            let specs = tool_specs(mode);
            let names: Vec<&str> = specs.iter().map(|t| t.name).collect();
            let service = ZimService::new(Config {
                tool_mode: mode,
                ..Config::default()
            });
            for name in ADVANCED_TOOLS.iter().chain(["nope", ""].iter()) {
                assert_eq!(
                    service.has_tool(name),
                    names.contains(name),
                    "{mode:?} {name}"
                );
            }
        }
    }
}
