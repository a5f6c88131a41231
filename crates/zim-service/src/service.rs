//! [`ZimService`]: the state shared by every MCP session and the entry point of tool calls.

use std::sync::{Arc, OnceLock};

use chrono::{DateTime, Utc};

use crate::backend::{RenderBackend, SearchBackend};
use crate::cache::{CacheStats, ResultCache};
use crate::config::Config;
use crate::cursor::CursorCodec;
use crate::error::ToolError;
use crate::output::ToolSpec;
use crate::paths::AllowedDirs;
use crate::presets::{ArchivePreset, ArchiveSignals, Presets};
use crate::ratelimit::{ClientId, RateLimiter};
use crate::registry::{ArchiveRegistry, OpenArchive};

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
    /// [`config_hash`](crate::config::config_hash) of the configuration, which never changes after start-up.
    config_hash: String,
    /// `query_rewrite.*`, its files read once.
    rewriter: crate::retrieval::rewrite::Rewriter,
    /// Candidate pages' leads, kept across questions (`None` with `cache.enabled = false`).
    leads: Option<crate::retrieval::lead::LeadCache>,
    pages: Option<crate::retrieval::page_cache::PageCaches>,
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
        let config_hash = crate::config::config_hash(&config);
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
        let pages = config
            .cache
            .enabled
            .then(crate::retrieval::page_cache::PageCaches::default);
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
            pages,
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

    /// The question pipeline's page caches, when caching is on.
    pub(crate) fn page_caches(&self) -> Option<&crate::retrieval::page_cache::PageCaches> {
        self.pages.as_ref()
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

    /// The tools' specs, built on first use (see `tools::ZimService::tool_specs`).
    pub(crate) fn specs_cell(&self) -> &OnceLock<Vec<ToolSpec>> {
        &self.specs
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

    /// The archive a call names (`None` or blank: the only one served).
    pub(crate) fn open(&self, zim_file_path: Option<&str>) -> Result<OpenArchive, ToolError> {
        match zim_file_path.map(str::trim).filter(|p| !p.is_empty()) {
            Some(path) => self.registry.open(path),
            None => self.registry.open_default(),
        }
    }

    pub(crate) fn renderer(&self) -> &dyn RenderBackend {
        self.renderer.as_ref()
    }

    /// The result cache (metadata and search answers, kept calls).
    pub(crate) fn result_cache(&self) -> &ResultCache {
        &self.cache
    }

    /// When the service started (health's uptime).
    pub(crate) fn started_at(&self) -> DateTime<Utc> {
        self.started_at
    }

    /// The openzim-mcp settings this configuration changed that have no effect here.
    pub(crate) fn inert_settings(&self) -> &[&'static str] {
        &self.inert_settings
    }

    /// [`config_hash`](crate::config::config_hash) of the configuration, computed at start-up.
    pub(crate) fn config_hash(&self) -> &str {
        &self.config_hash
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
