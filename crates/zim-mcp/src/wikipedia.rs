//! The Wikipedia JSON-RPC API wired into the server: its archives come from the service's
//! registry, it answers on `POST /mcp` beside MCP and on stdio beside MCP, and, with
//! `--wikipedia-tools`, also as three MCP tools.

use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::Mutex;
use rmcp::model::{CallToolResult, ContentBlock, Tool, ToolAnnotations};
use serde_json::{Map, Value, json};
use zim_search::ArchiveSearch;
use zim_service::paths::ArchiveFile;
use zim_service::{ClientId, ZimService};
use zim_wikipedia::cache::CacheConfig;
use zim_wikipedia::jsonrpc::{self, MethodHandler, Reply, RpcError};
use zim_wikipedia::service::{WikiSource, WikiSources, WikipediaApi};

/// The registry scan a source list was built from (and the identity of each of its files),
/// that list, and the archives of the scan that did not open (name and reason).
type Listed = Option<(
    Arc<Vec<ArchiveFile>>,
    Vec<Option<String>>,
    Vec<WikiSource>,
    Vec<String>,
)>;

/// The served archives as the API sees them. The list is rebuilt when the registry's scan
/// changes; searchers (and their pools of Xapian handles) are kept per archive.
struct RegistrySources {
    service: Arc<ZimService>,
    listed: Mutex<Listed>,
    searchers: Mutex<HashMap<String, Arc<ArchiveSearch>>>,
}

impl WikiSources for RegistrySources {
    fn sources(&self) -> Vec<WikiSource> {
        self.listing().0
    }

    fn unavailable(&self) -> Vec<String> {
        self.listing().1
    }
}

impl RegistrySources {
    /// The sources of the current scan and the archives that did not open. A scan's list is
    /// kept while every archive in it opened and still is the same file (an archive replaced
    /// under its name is reopened, never answered from its predecessor); with a broken one it
    /// is rebuilt on each call, so a restored archive is served again at once.
    fn listing(&self) -> (Vec<WikiSource>, Vec<String>) {
        let files = self.service.registry().files();
        let stamps: Vec<Option<String>> = files
            .iter()
            .map(|f| zim_service::identity::stamp_of(&f.path))
            .collect();
        if let Some((seen, seen_stamps, sources, broken)) = &*self.listed.lock()
            && Arc::ptr_eq(seen, &files)
            && *seen_stamps == stamps
            && broken.is_empty()
        {
            return (sources.clone(), broken.clone());
        }
        let mut sources = Vec::with_capacity(files.len());
        let mut broken = Vec::new();
        for file in files.iter() {
            let open = match self.service.registry().open_file(file.clone()) {
                Ok(open) => open,
                Err(err) => {
                    broken.push(format!("{} ({})", file.display, err.payload().message));
                    continue;
                }
            };
            let key = format!("{}:{}", open.archive.uuid(), file.display);
            let search = Arc::clone(
                self.searchers
                    .lock()
                    .entry(key)
                    .or_insert_with(|| Arc::new(ArchiveSearch::new(open.archive.clone()))),
            );
            sources.push(WikiSource {
                name: file.display.clone(),
                archive: open.archive,
                search,
            });
        }
        *self.listed.lock() = Some((files, stamps, sources.clone(), broken.clone()));
        (sources, broken)
    }
}

/// The API over the service's archives, its cache sized by `CACHE_MAX` / `CACHE_TTL`.
pub fn api(service: Arc<ZimService>) -> Result<Arc<WikipediaApi>, String> {
    let cache = CacheConfig::from_env(|k| std::env::var(k).ok())?;
    let sources = RegistrySources {
        service,
        listed: Mutex::new(None),
        searchers: Mutex::new(HashMap::new()),
    };
    Ok(Arc::new(WikipediaApi::new(Arc::new(sources), cache)))
}

/// The API where clients reach it: every method call is charged to the caller's rate-limit
/// buckets first, as an MCP tool call is (a search as `search`, a page as `get_entry`).
pub struct Endpoint {
    pub api: Arc<WikipediaApi>,
    pub service: Arc<ZimService>,
}

/// [`WikipediaApi`] as one client calls it.
struct Charged<'a> {
    endpoint: &'a Endpoint,
    client: &'a ClientId,
}

/// JSON-RPC's implementation-defined server error, used for "slow down".
const RATE_LIMITED: i64 = -32000;

impl MethodHandler for Charged<'_> {
    fn call(&self, method: &str, params: Option<&Value>) -> Result<Value, RpcError> {
        let operation = match method {
            "wikipedia.search" => "search",
            "wikipedia.page" | "wikipedia.pageById" => "get_entry",
            // Unknown methods cost nothing: they are refused at once.
            _ => return self.endpoint.api.call(method, params),
        };
        if let Err(refused) = self
            .endpoint
            .service
            .limiter()
            .check(self.client, operation, None)
        {
            let mut error = RpcError::new(RATE_LIMITED, refused.message);
            error.data = Some(json!({"retry_after": refused.retry_after}));
            return Err(error);
        }
        self.endpoint.api.call(method, params)
    }
}

/// Runs a payload on a blocking thread: answering reads archives and renders pages.
pub async fn handle_blocking(
    endpoint: Arc<Endpoint>,
    client: ClientId,
    body: impl AsRef<[u8]> + Send + 'static,
) -> Option<String> {
    let reply = tokio::task::spawn_blocking(move || {
        let charged = Charged {
            endpoint: &endpoint,
            client: &client,
        };
        jsonrpc::handle_payload(body.as_ref(), &charged)
    })
    .await;
    reply_text(reply.ok())
}

/// Answers a payload on the calling thread (the stdio reader, whose one client is local), a
/// panic included.
pub fn handle_here(endpoint: &Endpoint, body: &[u8]) -> Option<String> {
    let client = ClientId::local();
    let charged = Charged {
        endpoint,
        client: &client,
    };
    let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        jsonrpc::handle_payload(body, &charged)
    }));
    reply_text(reply.ok())
}

/// The text to send for a reply; `None` stands for a handler that failed (panicked), answered
/// with JSON-RPC's internal error.
fn reply_text(reply: Option<Reply>) -> Option<String> {
    match reply {
        Some(Reply::Json(json)) => Some(json),
        Some(Reply::Nothing) => None,
        None => {
            let error = jsonrpc::RpcError::internal("Internal error: the request handler failed");
            Some(jsonrpc::error_response(Value::Null, &error).to_string())
        }
    }
}

const TOOL_NAMES: [&str; 3] = ["wikipedia.search", "wikipedia.page", "wikipedia.pageById"];

/// The three methods as MCP tools (`--wikipedia-tools`), same parameters as the API.
pub fn tools() -> Vec<Tool> {
    let lang = json!({"type": "string", "default": "en",
        "description": "Language code (ISO 639-1, e.g. \"en\"); picks the local archive of that language"});
    let schema = |props: Value, required: &[&str]| -> Arc<Map<String, Value>> {
        let mut m = Map::new();
        m.insert("type".into(), "object".into());
        m.insert("properties".into(), props);
        m.insert("required".into(), json!(required));
        m.insert("additionalProperties".into(), false.into());
        Arc::new(m)
    };
    let annotations = ToolAnnotations::new()
        .read_only(true)
        .destructive(false)
        .idempotent(true)
        .open_world(false);
    vec![
        Tool::new(
            TOOL_NAMES[0],
            "Search the local Wikipedia archive of a language; returns [{title, snippet, pageid}].",
            schema(
                json!({"query": {"type": "string", "minLength": 1},
                       "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10},
                       "lang": lang, "offset": {"type": "integer", "minimum": 0, "default": 0}}),
                &["query"],
            ),
        ),
        Tool::new(
            TOOL_NAMES[1],
            "A Wikipedia page by title (redirects followed): {title, pageid, text: {\"*\": HTML}, sections}, or null.",
            schema(json!({"title": {"type": "string", "minLength": 1}, "lang": lang}), &["title"]),
        ),
        Tool::new(
            TOOL_NAMES[2],
            "A Wikipedia page by its numeric page id (from wikipedia.search), or null.",
            schema(json!({"id": {"type": "integer", "minimum": 1}, "lang": lang}), &["id"]),
        ),
    ]
    .into_iter()
    .map(|t| t.with_annotations(annotations.clone()))
    .collect()
}

pub fn is_tool(name: &str) -> bool {
    TOOL_NAMES.contains(&name)
}

/// One tool call: the method's result as JSON text (and structured content when an object),
/// or the JSON-RPC error's message as a tool error.
pub async fn call_tool(
    api: Arc<WikipediaApi>,
    name: String,
    args: Option<Map<String, Value>>,
) -> CallToolResult {
    let params = args.map(Value::Object);
    let outcome = tokio::task::spawn_blocking(move || api.call(&name, params.as_ref())).await;
    match outcome {
        Ok(Ok(value)) => {
            let text = serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string());
            let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
            if value.is_object() {
                result.structured_content = Some(value);
            }
            result
        }
        Ok(Err(error)) => CallToolResult::error(vec![ContentBlock::text(error.message)]),
        Err(_) => CallToolResult::error(vec![ContentBlock::text(
            "Internal error: the tool handler failed",
        )]),
    }
}
