//! The MCP handler: tools, prompts and resources of one server, shared by every transport.

use std::sync::Arc;

use base64::Engine as _;
use rmcp::model::*;
use rmcp::service::{RequestContext, SubscriptionContext};
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{Map, Value};
use zim_service::resources::{self, ResourceBody, ResourceRef};
use zim_service::{ToolError, ToolOutput, ZimService};

use zim_wikipedia::service::WikipediaApi;

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
}

impl ZimMcpServer {
    pub fn new(service: Arc<ZimService>, hub: &SubscriptionHub) -> Self {
        Self {
            service,
            subscriptions: hub.register(),
            wikipedia_tools: None,
        }
    }

    pub fn with_wikipedia_tools(mut self, api: Option<Arc<WikipediaApi>>) -> Self {
        self.wikipedia_tools = api;
        self
    }

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
}

fn tool_result(outcome: Result<ToolOutput, ToolError>) -> CallToolResult {
    match outcome {
        Ok(ToolOutput::Text(text)) => CallToolResult::success(vec![ContentBlock::text(text)]),
        Ok(ToolOutput::Json(value)) => {
            let text = serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string());
            let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
            // structuredContent must be an object; arrays stay text-only.
            if value.is_object() {
                result.structured_content = Some(value);
            }
            result
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
            let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
            result.structured_content = Some(payload);
            result
        }
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
        let capabilities = if config.subscriptions_enabled {
            builder.enable_resources_subscribe().build()
        } else {
            builder.build()
        };
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(
                config.server_name.clone(),
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(format!(
                "Offline access to ZIM archives (Wikipedia and other Kiwix content). Mode: {}. \
             Start with {} to see the available archives.",
                config.tool_mode.as_str(),
                if config.tool_mode == zim_service::config::ToolMode::Simple {
                    "zim_query(\"list available ZIM files\")"
                } else {
                    "zim_health()"
                }
            ))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let mut tools: Vec<Tool> = self
            .service
            .tool_specs()
            .into_iter()
            .map(|spec| {
                Tool::new(spec.name, spec.description, Arc::new(spec.input_schema))
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
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
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
        if !self.service.has_tool(&name) {
            return Err(McpError::invalid_params(
                format!("tool not found: {name}"),
                None,
            ));
        }
        let args: Option<Map<String, Value>> = request.arguments;
        let outcome = self.blocking(move |s| s.call_tool(&name, args)).await?;
        Ok(tool_result(outcome).into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        Ok(ListPromptsResult::with_all_items(prompts::list()))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
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
            Resource::new(resources::FILES_URI, "ZIM files")
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
        Ok(ListResourcesResult::with_all_items(list))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new(resources::OVERVIEW_TEMPLATE, "ZIM file overview")
                .with_description("Metadata, namespaces and main-page preview; {name} is the file name without .zim")
                .with_mime_type("application/json"),
            ResourceTemplate::new(resources::ENTRY_TEMPLATE, "ZIM entry")
                .with_description("One entry with its own MIME type; encode '/' in {path} as %2F"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let uri = request.uri.clone();
        let not_found = |message: String| {
            McpError::resource_not_found(message, Some(serde_json::json!({"uri": uri})))
        };
        let Some(target) = resources::parse_uri(&request.uri) else {
            return Err(not_found(format!("unknown resource URI: {}", request.uri)));
        };
        let reply_uri = request.uri.clone();
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
            Ok(contents) => Ok(ReadResourceResult::new(vec![contents]).into()),
            Err(err) => Err(not_found(err.payload().message)),
        }
    }

    /// Completes archive names for the `zim_file_path` / `name` arguments of prompts and
    /// resource templates; other arguments get no suggestions (never an error).
    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        let argument = request.argument.name.as_str();
        if !matches!(argument, "zim_file_path" | "name") {
            return Ok(CompleteResult::default());
        }
        let prefix = request.argument.value.to_lowercase();
        let files = self.blocking(|s| s.registry().files()).await?;
        let mut values: Vec<String> = files
            .iter()
            .map(|f| {
                if argument == "name" {
                    f.name.strip_suffix(".zim").unwrap_or(&f.name).to_owned()
                } else {
                    f.name.clone()
                }
            })
            .filter(|v| v.to_lowercase().starts_with(&prefix))
            .collect();
        values.sort();
        values.dedup();
        let total = values.len();
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

    #[allow(deprecated)]
    async fn set_level(
        &self,
        _request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        // Server logs go to stderr at the configured level; client-requested levels are
        // accepted so clients that always send logging/setLevel keep working.
        Ok(())
    }
}
