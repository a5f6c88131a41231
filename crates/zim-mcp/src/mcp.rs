//! The MCP handler: tools, prompts and resources of one server, shared by every transport.
//! Transports get one handler per session from a [`ServerFactory`].

use std::sync::Arc;

use base64::Engine as _;
use rmcp::model::*;
use rmcp::service::{RequestContext, SubscriptionContext};
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{Map, Value};
use zim_service::config::ToolMode;
use zim_service::resources::{self, ResourceBody, ResourceRef};
use zim_service::{ClientId, ToolError, ToolOutput, ZimService};

use zim_wikipedia::service::WikipediaApi;

use crate::logging::{self, CallNotes, SessionLog};
use crate::prompts;
use crate::subscriptions::{SessionSubscriptions, SubscriptionHub};
use crate::wikipedia;

/// One MCP session's handler (the HTTP transports create one per session).
#[derive(Clone)]
pub struct ZimMcpServer {
    service: Arc<ZimService>,
    subscriptions: Arc<SessionSubscriptions>,
    /// The Wikipedia API's methods, listed as tools too (`--wikipedia-tools`).
    wikipedia_tools: Option<Arc<WikipediaApi>>,
    /// The level this session asked for (`logging/setLevel`).
    log: Arc<SessionLog>,
    /// Time between progress notifications of a running call.
    heartbeat: std::time::Duration,
}

/// What every session's handler shares: the service, the subscription hub, and the
/// Wikipedia API when its methods are listed as tools.
#[derive(Clone)]
pub struct ServerFactory {
    service: Arc<ZimService>,
    hub: SubscriptionHub,
    wikipedia_tools: Option<Arc<WikipediaApi>>,
    heartbeat: std::time::Duration,
}

impl ServerFactory {
    /// `wikipedia_tools`: the Wikipedia API's methods, listed as tools too
    /// (`--wikipedia-tools`).
    pub fn new(
        service: Arc<ZimService>,
        hub: SubscriptionHub,
        wikipedia_tools: Option<Arc<WikipediaApi>>,
    ) -> Self {
        Self {
            service,
            hub,
            wikipedia_tools,
            heartbeat: logging::heartbeat(|k| std::env::var(k).ok()),
        }
    }

    /// The handler of a new session.
    pub fn session(&self) -> ZimMcpServer {
        ZimMcpServer {
            service: Arc::clone(&self.service),
            subscriptions: self.hub.register(),
            wikipedia_tools: self.wikipedia_tools.clone(),
            log: Arc::default(),
            heartbeat: self.heartbeat,
        }
    }
}

impl ZimMcpServer {
    /// Run blocking archive work off the async runtime.
    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&ZimService) -> T + Send + 'static,
    ) -> Result<T, McpError> {
        let service = Arc::clone(&self.service);
        tokio::task::spawn_blocking(move || work(&service))
            .await
            .map_err(|e| McpError::internal_error(format!("worker failed: {e}"), None))
    }

    /// Runs a tool call on the blocking pool, keeping its answer for a repeat. While it runs,
    /// the `tracing` events it raises go to the client as log messages (when it asked for
    /// them) and a progress notification goes out every heartbeat (when it sent a token).
    async fn run_tool(
        &self,
        notes: &mut CallNotes,
        client: &ClientId,
        name: &str,
        args: Option<Map<String, Value>>,
    ) -> Result<Result<ToolOutput, ToolError>, McpError> {
        let (client, tool) = (client.clone(), name.to_owned());
        let (events, forwarder) = match notes.threshold() {
            Some(min) => {
                let (tx, mut rx) = logging::capture_channel();
                let peer_notes = CallNotes::new(notes.peer(), Some(min), None);
                let forwarder = tokio::spawn(async move {
                    while let Some(event) = rx.recv().await {
                        let data = serde_json::json!({"message": event.message});
                        peer_notes.log(event.level, &event.logger, data).await;
                    }
                });
                (Some((tx, min)), Some(forwarder))
            }
            None => (None, None),
        };
        let work = self.blocking(move |s| match events {
            Some((tx, min)) => {
                logging::capturing(tx, min, || s.call_tool_kept(&client, &tool, args))
            }
            None => s.call_tool_kept(&client, &tool, args),
        });
        tokio::pin!(work);
        let started = tokio::time::Instant::now();
        let mut ticks = tokio::time::interval_at(started + self.heartbeat, self.heartbeat);
        let outcome = loop {
            tokio::select! {
                outcome = &mut work => break outcome,
                _ = ticks.tick(), if notes.wants_progress() => {
                    let seconds = started.elapsed().as_secs_f64();
                    notes.step(format!("{name}: working ({seconds:.1} s)")).await;
                }
            }
        };
        // The worker dropped its end of the channel: the forwarder ends once it sent the
        // events, which so arrive before the answer.
        if let Some(forwarder) = forwarder {
            let _ = forwarder.await;
        }
        outcome
    }
}

/// What a call is about to do, for its first progress notification.
fn describe_call(service: &ZimService, name: &str, args: Option<&Map<String, Value>>) -> String {
    zim_service::tools::describe_start(service, name, args)
}

/// A call's warnings as log messages: a refused or failed call, and the warnings a successful
/// answer carries (see `logging::answer_warnings`).
#[allow(deprecated)] // MCP logging (SEP-2577); see `logging`.
async fn report_outcome(notes: &CallNotes, name: &str, outcome: &Result<ToolOutput, ToolError>) {
    match outcome {
        Err(err) => {
            let level = match err.kind {
                zim_service::ErrorKind::Archive => LoggingLevel::Error,
                _ => LoggingLevel::Warning,
            };
            let payload = err.payload();
            let data = serde_json::json!({
                "tool": name,
                "operation": err.operation,
                "message": payload.message,
            });
            notes.log(level, logging::LOGGER, data).await;
        }
        Ok(ToolOutput::Json(answer)) => {
            for mut warning in logging::answer_warnings(answer) {
                if let Some(map) = warning.as_object_mut() {
                    map.insert("tool".into(), Value::from(name));
                }
                notes
                    .log(LoggingLevel::Warning, logging::LOGGER, warning)
                    .await;
            }
        }
        Ok(ToolOutput::Text(_)) => {}
    }
}

/// Who a request is charged to by the rate limiter. The HTTP transports tag every request
/// with its client (see `http::identify_client`); over stdio there is only one.
/// Charges `operation` to the caller's rate-limit buckets: resources, prompts and completions
/// cost like the tools they stand for, so no entry point is free to flood. A refusal is
/// JSON-RPC's implementation-defined server error with the wait in `data.retry_after`.
fn admit(service: &ZimService, client: &ClientId, operation: &str) -> Result<(), McpError> {
    service
        .limiter()
        .check(client, operation, None)
        .map_err(|refused| {
            McpError::new(
                rmcp::model::ErrorCode(-32000),
                refused.message,
                Some(serde_json::json!({"retry_after": refused.retry_after})),
            )
        })
}

fn client_of(context: &RequestContext<RoleServer>) -> ClientId {
    context
        .extensions
        .get::<axum::http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<ClientId>())
        .or_else(|| context.extensions.get::<ClientId>())
        .cloned()
        .unwrap_or_default()
}

fn tool_result(outcome: Result<ToolOutput, ToolError>) -> CallToolResult {
    match outcome {
        Ok(ToolOutput::Text(text)) => CallToolResult::success(vec![ContentBlock::text(text)]),
        // JSON text in `content`, no `structuredContent`: openzim-mcp advertises no output
        // schema, and its clients read the text block.
        Ok(ToolOutput::Json(value)) => {
            let text = serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string());
            CallToolResult::success(vec![ContentBlock::text(text)])
        }
        Err(err) => {
            match err.kind {
                zim_service::ErrorKind::Archive => {
                    tracing::error!(operation = %err.operation, "{}", err.message)
                }
                _ => tracing::warn!(operation = %err.operation, "{}", err.message),
            }
            let payload = serde_json::to_value(err.payload()).unwrap_or(Value::Null);
            let text = serde_json::to_string_pretty(&payload).unwrap_or_default();
            CallToolResult::error(vec![ContentBlock::text(text)])
        }
    }
}

/// What a model should know to use this server well (sent in `initialize`).
fn instructions(mode: ToolMode) -> String {
    let tools = if mode == ToolMode::Simple {
        "Use zim_query with a plain request: \"list available ZIM files\", \"search for X\", \
\"summary of X\", \"table of contents of X\", \"show the History section of X\", \"articles related \
to X\", \"browse namespace C\", \"metadata\", \"main page\". Name the archive in the sentence or pass \
zim_file_path when several are served. Each answer reports the intent it chose and its confidence; \
a low-confidence request is answered with a search, so rephrase if that is not what you meant. \
synthesize=true returns a cited multi-source briefing for a question."
    } else {
        "Start with zim_health() to see the archives. Find articles with zim_search (mode \
\"fulltext\", \"title\" or \"suggest\"); read summaries or the table of contents first with \
zim_get(view=\"summary\"|\"toc\") and then only the sections you need with zim_get_section; \
zim_links lists an article's links or related articles; zim_browse lists a namespace. zim_query \
accepts plain-language requests and synthesize=true for a cited briefing."
    };
    format!(
        "Offline access to ZIM archives (Wikipedia and other Kiwix content); everything is \
read-only and local. {tools} Long answers continue with content_offset or next_cursor: ask for the \
next page instead of repeating the call. Prefer summaries and single sections over full articles \
to save context. Resources: zim://files, zim://{{name}}, zim://{{name}}/entry/{{path}} (encode '/' \
in path as %2F). Prompts: /research, /summarize, /explore."
    )
}

/// Freshness (2026-07-28 `ttlMs`) of the registration lists (tools, prompts, templates): they
/// are fixed at start-up, so only a restart changes them. Scope is private throughout: the
/// payloads describe this server's own archives.
const STATIC_LIST_TTL_MS: u64 = 60 * 60 * 1000;

impl ZimMcpServer {
    /// The watcher's polling interval in milliseconds: how stale a live listing may get.
    fn watcher_ttl_ms(&self) -> u64 {
        u64::try_from(self.service.config().watch_interval_seconds)
            .unwrap_or(5)
            .saturating_mul(1000)
    }
}

impl ServerHandler for ZimMcpServer {
    fn get_info(&self) -> ServerConfig {
        let config = self.service.config();
        // Logging is deprecated (SEP-2577) but older clients send logging/setLevel.
        #[allow(deprecated)]
        let builder = ServerCapabilities::builder()
            .enable_tools()
            .enable_prompts()
            .enable_resources()
            .enable_completions()
            .enable_logging();
        // Live updates (list_changed, subscribe, subscriptions/listen) exist only while the
        // watcher runs, i.e. when subscriptions are enabled.
        let capabilities = if config.subscriptions_enabled {
            builder
                .enable_resources_list_changed()
                .enable_resources_subscribe()
                .build()
        } else {
            builder.build()
        };
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(
                config.server_name.clone(),
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(instructions(config.tool_mode))
    }

    async fn on_initialized(&self, context: rmcp::service::NotificationContext<RoleServer>) {
        // Kept so archive-list changes reach this session without a subscription.
        self.subscriptions.set_peer(context.peer);
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let mut tools: Vec<Tool> = self
            .service
            .tool_specs()
            .iter()
            .map(|spec| {
                Tool::new(
                    spec.name,
                    spec.description,
                    Arc::new(spec.input_schema.clone()),
                )
                .with_title(spec.title)
                .with_annotations(
                    ToolAnnotations::new()
                        .read_only(true)
                        .destructive(false)
                        .idempotent(true)
                        .open_world(false),
                )
            })
            .collect();
        if self.wikipedia_tools.is_some() {
            tools.extend(wikipedia::tools());
        }
        Ok(ListToolsResult::with_all_items(tools)
            .with_ttl_ms(STATIC_LIST_TTL_MS)
            .with_cache_scope(CacheScope::Private))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        if let Some(api) = &self.wikipedia_tools
            && wikipedia::is_tool(&name)
        {
            return Ok(
                wikipedia::call_tool(Arc::clone(api), name, request.arguments)
                    .await
                    .into(),
            );
        }
        // An unknown tool is answered as openzim-mcp answers it: an `unknown_tool` error
        // result naming the tools there are and the closest one.
        if !self.service.has_tool(&name) {
            let names: Vec<&str> = self.service.tool_specs().iter().map(|t| t.name).collect();
            let mut sorted = names.clone();
            sorted.sort_unstable();
            return Ok(
                tool_result(Err(zim_service::tools::wire::unknown_tool(&name, &sorted))).into(),
            );
        }
        let args: Option<Map<String, Value>> = request.arguments;
        let client = client_of(&context);
        let mut notes = CallNotes::new(
            context.peer.clone(),
            self.log.threshold(&context.meta),
            context.meta.get_progress_token(),
        );
        if notes.wants_progress() {
            let what = describe_call(&self.service, &name, args.as_ref());
            notes.step(what).await;
        }
        // A repeated call whose answer was kept is answered here, without waking a blocking
        // thread (most of a cached call's latency on a small machine); anything else may read
        // the disk or run long, so it goes to the blocking pool.
        let outcome = match self
            .service
            .call_tool_from_memo(&client, &name, args.as_ref())
        {
            Some(outcome) => outcome,
            None => self.run_tool(&mut notes, &client, &name, args).await?,
        };
        report_outcome(&notes, &name, &outcome).await;
        if notes.wants_progress() {
            let done = if outcome.is_ok() { "done" } else { "failed" };
            notes.finish(format!("{name}: {done}")).await;
        }
        Ok(tool_result(outcome).into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        Ok(ListPromptsResult::with_all_items(prompts::list())
            .with_ttl_ms(STATIC_LIST_TTL_MS)
            .with_cache_scope(CacheScope::Private))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        admit(&self.service, &client_of(&context), "get_prompt")?;
        let args = request.arguments.unwrap_or_default();
        prompts::get(&request.name, &args)
            .map(Into::into)
            .ok_or_else(|| {
                McpError::invalid_params(format!("prompt not found: {}", request.name), None)
            })
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let files = self.blocking(|s| s.registry().rescan()).await?;
        let mut list = vec![
            // openzim-mcp's names and titles, which clients may look resources up by.
            Resource::new(resources::FILES_URI, "zim_files")
                .with_title("Available ZIM files")
                .with_description("Every ZIM file in the allowed directories")
                .with_mime_type("application/json"),
        ];
        for file in files.iter() {
            let stem = file.name.strip_suffix(".zim").unwrap_or(&file.name);
            list.push(
                Resource::new(format!("zim://{stem}"), file.name.clone())
                    .with_description(format!("Overview of {}", file.display))
                    .with_mime_type("application/json"),
            );
        }
        // The list follows the directories, which the watcher polls: a cached list is never
        // staler than the server's own detection latency.
        Ok(ListResourcesResult::with_all_items(list)
            .with_ttl_ms(self.watcher_ttl_ms())
            .with_cache_scope(CacheScope::Private))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new(resources::OVERVIEW_TEMPLATE, "zim_file_overview")
                .with_title("ZIM file overview")
                .with_description("Metadata, namespaces and main-page preview; {name} is the file name without .zim")
                .with_mime_type("application/json"),
            ResourceTemplate::new(resources::ENTRY_TEMPLATE, "zim_entry")
                .with_title("ZIM entry (raw, native MIME)")
                .with_description("One entry with its own MIME type; encode '/' in {path} as %2F")
                .with_mime_type("application/octet-stream"),
        ]
        )
        .with_ttl_ms(STATIC_LIST_TTL_MS)
        .with_cache_scope(CacheScope::Private))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        admit(&self.service, &client_of(&context), "read_resource")?;
        let uri = request.uri.clone();
        let not_found = |message: String| {
            McpError::resource_not_found(message, Some(serde_json::json!({"uri": uri})))
        };
        let Some(target) = resources::parse_uri(&request.uri) else {
            return Err(not_found(format!("unknown resource URI: {}", request.uri)));
        };
        let reply_uri = request.uri.clone();
        // A sealed archive fixes its overview until the file is replaced, which subscribers
        // hear about at once: that read may be reused for `resource_cache_ttl_seconds`.
        // `zim://files` (a directory scan) and entry reads (never announced) stay on the
        // watcher-bounded hint.
        let config = self.service.config();
        let ttl_ms = match (&target, config.resource_cache_ttl_seconds) {
            (ResourceRef::Overview { .. }, secs) if secs > 0 => {
                u64::try_from(secs).unwrap_or(0).saturating_mul(1000)
            }
            _ => self.watcher_ttl_ms(),
        };
        let outcome = self
            .blocking(move |s| -> Result<ResourceContents, ToolError> {
                let json_text = |value: Value| {
                    ResourceContents::text(
                        serde_json::to_string_pretty(&value).unwrap_or_default(),
                        reply_uri.clone(),
                    )
                    .with_mime_type("application/json")
                };
                Ok(match target {
                    ResourceRef::Files => json_text(resources::files(s.registry())),
                    ResourceRef::Overview { name } => {
                        json_text(resources::overview(s.registry(), &name)?)
                    }
                    ResourceRef::Entry { name, path } => {
                        match resources::entry(s.registry(), &name, &path)? {
                            ResourceBody::Text { mime, text } => {
                                ResourceContents::text(text, reply_uri.clone()).with_mime_type(mime)
                            }
                            ResourceBody::Binary { mime, bytes } => ResourceContents::blob(
                                base64::engine::general_purpose::STANDARD.encode(bytes),
                                reply_uri.clone(),
                            )
                            .with_mime_type(mime),
                        }
                    }
                })
            })
            .await?;
        match outcome {
            Ok(contents) => Ok(ReadResourceResult::new(vec![contents])
                .with_ttl_ms(ttl_ms)
                .with_cache_scope(CacheScope::Private)
                .into()),
            Err(err) => Err(not_found(err.payload().message)),
        }
    }

    /// Completes archive names (`zim_file_path` of the prompts, `{name}` of the templates)
    /// and entry paths by prefix (`entry_path`, `{path}`) within the archive already chosen
    /// in the context (or the only one served). Anything else, including an unknown prompt
    /// or template, gets an empty completion, never an error.
    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        let client = client_of(&context);
        admit(&self.service, &client, "complete")?;
        let Some(kind) = completion_kind(&request.r#ref, &request.argument.name) else {
            return Ok(CompleteResult::default());
        };
        let prefix = request.argument.value.clone();
        let chosen = request
            .context
            .as_ref()
            .and_then(|c| c.arguments.as_ref())
            .and_then(|a| a.get("zim_file_path").or_else(|| a.get("name")))
            .cloned();
        let values = self
            .blocking(move |s| match kind {
                Completion::ArchiveFile => complete_archives(s, &prefix, false),
                Completion::ArchiveStem => complete_archives(s, &prefix, true),
                Completion::EntryPath => complete_entries(s, &client, chosen.as_deref(), &prefix),
            })
            .await?;
        let total = values.len();
        let mut values = values;
        values.truncate(CompletionInfo::MAX_VALUES);
        let info = if total > values.len() {
            CompletionInfo::with_pagination(
                values,
                Some(u32::try_from(total).unwrap_or(u32::MAX)),
                true,
            )
        } else {
            CompletionInfo::with_all_values(values)
        }
        .map_err(|e| McpError::internal_error(e, None))?;
        Ok(CompleteResult::new(info))
    }

    /// 2026-07-28 `subscriptions/listen`: resource-update notifications, when enabled.
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.service
            .config()
            .subscriptions_enabled
            .then(|| requested.supported_by(&self.get_info().capabilities))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), McpError> {
        let key = self.subscriptions.add_sink(context.sink().clone());
        context.cancelled().await;
        self.subscriptions.remove_sink(key);
        Ok(())
    }

    #[allow(deprecated)]
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        if !self.service.config().subscriptions_enabled {
            return Err(McpError::method_not_found::<SubscribeRequestMethod>());
        }
        // Unknown URIs are accepted (the resource may appear later), as the spec allows.
        self.subscriptions.subscribe(request.uri, context.peer);
        Ok(())
    }

    #[allow(deprecated)]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.subscriptions.unsubscribe(&request.uri);
        Ok(())
    }

    /// The level of the log messages this session receives from now on (see `logging`).
    /// The server's own log, on stderr, keeps the configured level.
    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.log.set(request.level);
        Ok(())
    }
}

/// What a completion request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Completion {
    /// Archive file names (`example.zim`).
    ArchiveFile,
    /// Archive names without `.zim`, as in `zim://{name}`.
    ArchiveStem,
    EntryPath,
}

/// The completion for `argument` of a known prompt or resource template, if any.
fn completion_kind(reference: &Reference, argument: &str) -> Option<Completion> {
    match reference {
        Reference::Prompt(prompt) => match (prompt.name.as_str(), argument) {
            ("summarize" | "explore", "zim_file_path") => Some(Completion::ArchiveFile),
            ("summarize", "entry_path") => Some(Completion::EntryPath),
            _ => None,
        },
        Reference::Resource(template) => match (template.uri.as_str(), argument) {
            (resources::OVERVIEW_TEMPLATE | resources::ENTRY_TEMPLATE, "name") => {
                Some(Completion::ArchiveStem)
            }
            (resources::ENTRY_TEMPLATE, "path") => Some(Completion::EntryPath),
            _ => None,
        },
        // Reference kinds added by later protocol revisions: nothing to complete.
        _ => None,
    }
}

fn complete_archives(service: &ZimService, prefix: &str, stems: bool) -> Vec<String> {
    let prefix = prefix.to_lowercase();
    let mut values: Vec<String> = service
        .registry()
        .files()
        .iter()
        .map(|f| {
            if stems {
                f.name.strip_suffix(".zim").unwrap_or(&f.name).to_owned()
            } else {
                f.name.clone()
            }
        })
        .filter(|v| v.to_lowercase().starts_with(&prefix))
        .collect();
    values.sort();
    values.dedup();
    values
}

/// Entry paths starting with `prefix` (or whose title does) in the chosen archive, from the
/// title suggestions; with no prefix, the first entries of the content namespace.
fn complete_entries(
    service: &ZimService,
    client: &ClientId,
    archive: Option<&str>,
    prefix: &str,
) -> Vec<String> {
    use zim_service::tools::browse::ZimBrowseArgs;
    use zim_service::tools::search::{SearchMode, ZimSearchArgs};
    let archive = match archive.map(str::trim).filter(|a| !a.is_empty()) {
        Some(a) => a.to_owned(),
        None => match service.registry().open_default() {
            Ok(open) => open.file.display.clone(),
            Err(_) => return Vec::new(),
        },
    };
    let prefix = percent_encoding_decode(prefix);
    // "A/Ray" or "C/Ray": the suggestions work on titles, which carry no namespace.
    let bare = match prefix.split_once('/') {
        Some((ns, rest)) if ns.chars().count() == 1 => rest,
        _ => prefix.as_str(),
    };
    let paths_of = |value: &Value, key: &str| -> Vec<String> {
        value
            .get(key)
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|i| i.get("path").and_then(Value::as_str).map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    if bare.trim().is_empty() {
        for namespace in ["C", "A"] {
            let listed = service.zim_browse(
                client,
                ZimBrowseArgs {
                    zim_file_path: archive.clone(),
                    namespace: namespace.to_owned(),
                    mode: Default::default(),
                    cursor: None,
                    limit: Some(50),
                    offset: 0,
                    include_assets: None,
                },
            );
            if let Ok(listed) = listed {
                let paths: Vec<String> = paths_of(&listed, "entries")
                    .into_iter()
                    .filter(|p| p.starts_with(prefix.as_str()))
                    .collect();
                if !paths.is_empty() {
                    return paths;
                }
            }
        }
        return Vec::new();
    }
    let suggested = service.zim_search(
        client,
        ZimSearchArgs {
            query: bare.to_owned(),
            mode: SearchMode::Suggest,
            zim_file_path: Some(archive),
            cross_file: false,
            namespace: None,
            content_type: None,
            limit: Some(50),
            offset: 0,
            cursor: None,
        },
    );
    // Suggestions may match inside a title ("Hit" finds "Don't Hit Me"); a completion
    // keeps those whose path or title starts with what was typed.
    let typed = bare.replace('_', " ").to_lowercase();
    let wanted_ns = (bare.len() != prefix.len()).then(|| prefix.clone());
    let starts = |text: &str| text.replace('_', " ").to_lowercase().starts_with(&typed);
    let mut values: Vec<String> = suggested
        .ok()
        .and_then(|v| v.get("suggestions").and_then(Value::as_array).cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|s| {
            let path = s.get("path").and_then(Value::as_str)?;
            let title = s.get("title").and_then(Value::as_str).unwrap_or_default();
            let bare_path = match path.split_once('/') {
                Some((ns, rest)) if ns.chars().count() == 1 => rest,
                _ => path,
            };
            let in_namespace = wanted_ns
                .as_ref()
                .is_none_or(|p| path.starts_with(p.as_str()));
            (in_namespace && (starts(bare_path) || starts(title))).then(|| path.to_owned())
        })
        .collect();
    values.dedup();
    values
}

fn percent_encoding_decode(value: &str) -> String {
    resources::parse_uri(&format!("zim://x/entry/{value}"))
        .and_then(|r| match r {
            ResourceRef::Entry { path, .. } => Some(path),
            _ => None,
        })
        .unwrap_or_else(|| value.to_owned())
}
