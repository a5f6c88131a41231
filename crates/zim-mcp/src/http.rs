//! HTTP transports on axum: streamable HTTP at `/mcp`, the legacy SSE transport, `/healthz`
//! and `/readyz`, with bearer auth, CORS and DNS-rebinding protection around them.
//!
//! Layer order, outermost first: CORS (so a 401 still carries CORS headers), Host/Origin
//! validation, bearer auth, then the routes. `/healthz` and `/readyz` bypass Host checks and
//! auth so load balancers and probes can reach them.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::json;
use subtle::ConstantTimeEq;
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;
use tower_http::cors::{AllowOrigin, CorsLayer};
use zim_service::config::{Config, Transport};
use zim_service::{ClientId, ZimService};

use zim_wikipedia::service::WikipediaApi;

use crate::mcp::ZimMcpServer;
use crate::sse::SseSessions;
use crate::subscriptions::SubscriptionHub;

/// Largest JSON-RPC body accepted on `POST /mcp` and `POST /messages`.
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// A JSON-RPC API served on `POST /mcp` beside MCP (the `wikipedia.*` API). Payloads it
/// [`claims`](Self::claims) never reach the MCP service; everything else does.
pub trait JsonRpcExtension: Send + Sync + 'static {
    /// Whether this POST body is the extension's; `has_session` tells whether the request
    /// carries an `Mcp-Session-Id`.
    fn claims(&self, body: &[u8], has_session: bool) -> bool;
    /// Answer a payload (one request or a batch) with the serialised response, or `None` when
    /// it held only notifications.
    /// it held only notifications. `client` is who the calls are charged to.
    fn handle(
        &self,
        body: Bytes,
        client: ClientId,
    ) -> Pin<Box<dyn Future<Output = Option<String>> + Send + 'static>>;
}

type McpService = StreamableHttpService<ZimMcpServer, LocalSessionManager>;

#[derive(Clone)]
pub(crate) struct AppState {
    service: Arc<ZimService>,
    config: Arc<Config>,
    mcp: McpService,
    extension: Option<Arc<dyn JsonRpcExtension>>,
    pub(crate) sse: SseSessions,
    sessions: crate::sessions::SessionCaps,
}

/// Build the application router for the configured transport (`http` or `sse`).
pub fn router(
    service: Arc<ZimService>,
    hub: SubscriptionHub,
    extension: Option<Arc<dyn JsonRpcExtension>>,
    wikipedia_tools: Option<Arc<WikipediaApi>>,
    shutdown: CancellationToken,
) -> Router {
    let config = Arc::new(service.config().clone());
    let factory_service = Arc::clone(&service);
    let factory_hub = hub.clone();
    let factory_wikipedia = wikipedia_tools.clone();
    let mcp_config = StreamableHttpServerConfig::default()
        .with_cancellation_token(shutdown.child_token())
        .with_max_request_body_bytes(MAX_BODY_BYTES)
        // Host/Origin validation is done once, for every route, by `check_host_and_origin`.
        .disable_allowed_hosts()
        // `stateless_http`: handshake-era clients get no session, each POST is answered on
        // its own (any replica can answer it), and GET/DELETE on /mcp are 405 `Allow: POST`.
        .with_legacy_session_mode(!(config.stateless_http && config.transport == Transport::Http));
    let manager: Arc<LocalSessionManager> = Arc::new(LocalSessionManager::default());
    let mcp = StreamableHttpService::new(
        move || {
            Ok(
                ZimMcpServer::new(Arc::clone(&factory_service), &factory_hub)
                    .with_wikipedia_tools(factory_wikipedia.clone()),
            )
        },
        Arc::clone(&manager),
        mcp_config,
    );
    let state = AppState {
        sse: SseSessions::new(Arc::clone(&service), hub, wikipedia_tools, shutdown),
        service,
        config: Arc::clone(&config),
        mcp,
        extension,
        sessions: crate::sessions::SessionCaps::new(manager),
    };
    let mut app = Router::new().route("/mcp", any(mcp_handler));
    if config.transport == Transport::Sse {
        app = app
            .route("/sse", get(crate::sse::sse_handler))
            .route(
                "/messages",
                axum::routing::post(crate::sse::messages_handler),
            )
            .route(
                "/messages/",
                axum::routing::post(crate::sse::messages_handler),
            );
    }
    let protected = app
        .layer(middleware::from_fn(identify_client))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            require_bearer,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            check_host_and_origin,
        ));
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .merge(protected)
        .with_state(state);
    match cors_layer(&config) {
        Some(cors) => app.layer(cors),
        None => app,
    }
}

async fn healthz() -> Response {
    (StatusCode::OK, axum::Json(json!({"status": "ok"}))).into_response()
}

async fn readyz(State(state): State<AppState>) -> Response {
    let service = Arc::clone(&state.service);
    let ready = tokio::task::spawn_blocking(move || service.is_ready())
        .await
        .unwrap_or(false);
    if ready {
        (StatusCode::OK, axum::Json(json!({"status": "ready"}))).into_response()
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            axum::Json(
                json!({"status": "not_ready", "reason": "no allowed directory is readable"}),
            ),
        )
            .into_response()
    }
}

fn cors_layer(config: &Config) -> Option<CorsLayer> {
    if config.cors_origins.is_empty() {
        return None;
    }
    let origins: Vec<HeaderValue> = config
        .cors_origins
        .iter()
        .filter_map(|o| HeaderValue::from_str(o.trim().trim_end_matches('/')).ok())
        .collect();
    let session = HeaderName::from_static("mcp-session-id");
    Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins))
            .allow_methods([Method::GET, Method::POST, Method::DELETE, Method::OPTIONS])
            .allow_headers([
                header::AUTHORIZATION,
                header::CONTENT_TYPE,
                header::ACCEPT,
                session.clone(),
                HeaderName::from_static("mcp-protocol-version"),
                HeaderName::from_static("last-event-id"),
            ])
            .expose_headers([session]),
    )
}

/// The host part of a `Host` header or an origin's authority (no port, no brackets).
fn host_only(authority: &str) -> &str {
    let authority = authority.trim();
    if let Some(rest) = authority.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("");
    }
    authority.rsplit_once(':').map_or(authority, |(h, port)| {
        if port.chars().all(|c| c.is_ascii_digit()) {
            h
        } else {
            authority
        }
    })
}

fn host_allowed(config: &Config, authority: &str) -> bool {
    let host = host_only(authority);
    if zim_service::config::is_loopback_host(host) {
        return true;
    }
    let bind = config.host.trim();
    if bind.eq_ignore_ascii_case(host) && !matches!(bind, "0.0.0.0" | "::" | "[::]") {
        return true;
    }
    config.allowed_hosts.iter().any(|allowed| {
        let allowed = allowed.trim();
        match allowed.strip_suffix(":*") {
            Some(name) => name.eq_ignore_ascii_case(host),
            None => {
                allowed.eq_ignore_ascii_case(authority.trim()) || allowed.eq_ignore_ascii_case(host)
            }
        }
    })
}

fn origin_allowed(config: &Config, origin: &str) -> bool {
    let origin = origin.trim().trim_end_matches('/');
    if config
        .cors_origins
        .iter()
        .any(|o| o.trim().trim_end_matches('/') == origin)
    {
        return true;
    }
    let authority = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    host_allowed(config, authority)
}

fn forbidden(message: &str) -> Response {
    (
        StatusCode::FORBIDDEN,
        axum::Json(json!({"error": "forbidden", "message": message})),
    )
        .into_response()
}

/// DNS-rebinding protection: a page on `evil.example` that resolves to 127.0.0.1 still sends
/// `Host: evil.example`, so only loopback and configured host names are served.
async fn check_host_and_origin(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let headers = request.headers();
    // Two Host headers are an ambiguity proxies resolve differently (the first, the last):
    // refused rather than guessed.
    if headers.get_all(header::HOST).iter().count() > 1 {
        tracing::warn!("refused request with several Host headers");
        return (StatusCode::BAD_REQUEST, "several Host headers").into_response();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !host_allowed(&state.config, host) {
        tracing::warn!("refused request with Host {host:?}");
        return forbidden("Host header not allowed");
    }
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok())
        && !origin_allowed(&state.config, origin)
    {
        tracing::warn!("refused request with Origin {origin:?}");
        return forbidden("Origin not allowed");
    }
    next.run(request).await
}

/// Bearer-token check in constant time. OPTIONS is not exempt: a preflight the CORS layer did
/// not answer is an ordinary unauthenticated request.
async fn require_bearer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let Some(expected) = state.config.auth_token.as_deref() else {
        return next.run(request).await;
    };
    let presented = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim);
    let ok = presented.is_some_and(|token| bool::from(token.as_bytes().ct_eq(expected.as_bytes())));
    if ok {
        return next.run(request).await;
    }
    let mut response = (
        StatusCode::UNAUTHORIZED,
        axum::Json(json!({"error": "unauthorized", "message": "Missing or invalid bearer token"})),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    response
}

/// Tags the request with the client the rate limiter charges: the peer's IP address, when the
/// server was started with connection info (always, outside unit tests).
async fn identify_client(mut request: Request, next: Next) -> Response {
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or_else(ClientId::local, |info| ClientId::address(info.0.ip()));
    request.extensions_mut().insert(client);
    next.run(request).await
}

/// `/mcp`: JSON-RPC extension methods are answered here; everything else goes to rmcp's
/// streamable HTTP service (sessions, SSE streams, DELETE).
async fn mcp_handler(State(state): State<AppState>, request: Request) -> Response {
    let session = request
        .headers()
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    if request.method() == Method::DELETE
        && let Some(id) = &session
        && !state.sessions.exists(id).await
    {
        return (StatusCode::NOT_FOUND, "unknown session").into_response();
    }
    let Some(extension) = state.extension.clone() else {
        return forward(&state, request).await;
    };
    if request.method() != Method::POST {
        return forward(&state, request).await;
    }
    let (parts, body) = request.into_parts();
    let bytes: Bytes = match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
        Ok(bytes) => bytes,
        Err(_) => return (StatusCode::PAYLOAD_TOO_LARGE, "request body too large").into_response(),
    };
    let has_session = parts.headers.contains_key("mcp-session-id");
    // A wrong Content-Type stays rmcp's 415; a JSON body that is no request gets its
    // JSON-RPC error.
    let json_body = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("application/json"));
    if let Some(refusal) = json_body.then(|| crate::precheck::refuse(&bytes)).flatten() {
        return (
            StatusCode::BAD_REQUEST,
            [(header::CONTENT_TYPE, "application/json")],
            refusal.to_string(),
        )
            .into_response();
    }
    if extension.claims(&bytes, has_session) {
        let client = parts
            .extensions
            .get::<ClientId>()
            .cloned()
            .unwrap_or_else(ClientId::local);
        return match extension.handle(bytes, client).await {
            Some(json) => ([(header::CONTENT_TYPE, "application/json")], json).into_response(),
            // Only notifications: JSON-RPC sends nothing back.
            None => StatusCode::NO_CONTENT.into_response(),
        };
    }
    // A POST without a session may open one: capped per client and in all.
    let opening = !has_session && !state.config.stateless_http;
    let client = parts
        .extensions
        .get::<ClientId>()
        .cloned()
        .unwrap_or_else(ClientId::local);
    if opening && let Err(refused) = state.sessions.admit(&client).await {
        return refused;
    }
    let response = forward(&state, Request::from_parts(parts, Body::from(bytes))).await;
    if opening
        && let Some(id) = response
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
    {
        state.sessions.opened(&client, id);
    }
    response
}

async fn forward(state: &AppState, request: Request) -> Response {
    match state.mcp.clone().oneshot(request).await {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use zim_service::config::CliOverrides;

    struct Echo;

    impl JsonRpcExtension for Echo {
        fn claims(&self, body: &[u8], has_session: bool) -> bool {
            zim_wikipedia::jsonrpc::claims(body, has_session)
        }

        fn handle(
            &self,
            body: Bytes,
            _client: ClientId,
        ) -> Pin<Box<dyn Future<Output = Option<String>> + Send>> {
            Box::pin(async move {
                let request: Value = serde_json::from_slice(&body).ok()?;
                Some(json!({"jsonrpc": "2.0", "id": request["id"], "result": {"echo": request["method"]}}).to_string())
            })
        }
    }

    fn app(extension: Option<Arc<dyn JsonRpcExtension>>, token: Option<&str>) -> Router {
        let dir =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/zim/kiwix");
        let cli = CliOverrides {
            allowed_directories: vec![dir],
            ..CliOverrides::default()
        };
        let mut config = Config::load(None, Vec::new(), &cli).unwrap();
        config.transport = Transport::Http;
        config.auth_token = token.map(str::to_owned);
        let service = Arc::new(ZimService::new(config));
        router(
            service,
            SubscriptionHub::default(),
            extension,
            None,
            CancellationToken::new(),
        )
    }

    fn post(body: Value) -> Request {
        Request::builder()
            .method(Method::POST)
            .uri("/mcp")
            .header(header::HOST, "127.0.0.1:8000")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream")
            .body(Body::from(body.to_string()))
            .unwrap()
    }

    async fn body_json(response: Response) -> Value {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn extension_methods_are_answered_without_a_session_and_others_reach_mcp() {
        let app = app(Some(Arc::new(Echo)), None);
        let wiki = json!({"jsonrpc": "2.0", "id": 7, "method": "wikipedia.search", "params": {}});
        let response = app.clone().oneshot(post(wiki)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers().get("mcp-session-id").is_none());
        assert_eq!(
            body_json(response).await["result"]["echo"],
            "wikipedia.search"
        );
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}});
        let response = app.oneshot(post(init)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers().get("mcp-session-id").is_some());
    }

    #[tokio::test]
    async fn extension_requests_need_the_token_too() {
        let app = app(Some(Arc::new(Echo)), Some("t0ken"));
        let wiki = json!({"jsonrpc": "2.0", "id": 7, "method": "wikipedia.search"});
        let response = app.clone().oneshot(post(wiki.clone())).await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let mut request = post(wiki);
        request.headers_mut().insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer t0ken"),
        );
        assert_eq!(
            app.clone().oneshot(request).await.unwrap().status(),
            StatusCode::OK
        );
        let health = Request::builder()
            .uri("/healthz")
            .body(Body::empty())
            .unwrap();
        assert_eq!(app.oneshot(health).await.unwrap().status(), StatusCode::OK);
    }

    fn config() -> Config {
        Config {
            allowed_hosts: vec!["mcp.example.com".into(), "proxy.example.com:*".into()],
            cors_origins: vec!["http://app.example.org".into()],
            ..Config::default()
        }
    }

    #[test]
    fn hosts() {
        let c = config();
        for ok in [
            "127.0.0.1:8000",
            "localhost",
            "[::1]:9",
            "mcp.example.com",
            "proxy.example.com:443",
        ] {
            assert!(host_allowed(&c, ok), "{ok}");
        }
        for bad in [
            "evil.example.com",
            "evil.example.com:8000",
            "",
            "mcp.example.com.evil:1",
        ] {
            assert!(!host_allowed(&c, bad), "{bad}");
        }
    }

    #[test]
    fn origins() {
        let c = config();
        assert!(origin_allowed(&c, "http://app.example.org"));
        assert!(origin_allowed(&c, "http://localhost:5173"));
        assert!(!origin_allowed(&c, "http://evil.example.com"));
    }
}
