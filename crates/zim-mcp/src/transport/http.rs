//! The streamable HTTP transport at `/mcp`: rmcp's streamable HTTP service, with the
//! Wikipedia API answering on the same endpoint (the [`Dispatch`] decides per body), and caps
//! on the sessions a client may open.

use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;
use zim_service::ClientId;
use zim_service::config::{Config, Transport};

use super::sessions::SessionCaps;
use crate::dispatch::{Dispatch, Envelope, Route};
use crate::mcp::ServerFactory;

/// Largest JSON-RPC body accepted on `POST /mcp` and `POST /messages`.
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

type McpService = StreamableHttpService<crate::mcp::ZimMcpServer, LocalSessionManager>;

#[derive(Clone)]
struct HttpState {
    config: Arc<Config>,
    mcp: McpService,
    dispatch: Dispatch,
    sessions: SessionCaps,
}

/// `/mcp`, unprotected (the caller puts `guard::protect` around it): one MCP session per
/// `initialize` from `factory`, the Wikipedia API beside it.
pub fn routes(
    config: Arc<Config>,
    factory: ServerFactory,
    dispatch: Dispatch,
    shutdown: CancellationToken,
) -> Router {
    let mcp_config = StreamableHttpServerConfig::default()
        .with_cancellation_token(shutdown.child_token())
        .with_max_request_body_bytes(MAX_BODY_BYTES)
        // Host/Origin validation is done once, for every route, by `guard::protect`.
        .disable_allowed_hosts()
        // `stateless_http`: handshake-era clients get no session, each POST is answered on
        // its own (any replica can answer it), and GET/DELETE on /mcp are 405 `Allow: POST`.
        .with_legacy_session_mode(!(config.stateless_http && config.transport == Transport::Http));
    let manager: Arc<LocalSessionManager> = Arc::new(LocalSessionManager::default());
    let mcp = StreamableHttpService::new(
        move || Ok(factory.session()),
        Arc::clone(&manager),
        mcp_config,
    );
    let state = HttpState {
        config,
        mcp,
        dispatch,
        sessions: SessionCaps::from_env(manager, |k| std::env::var(k).ok()),
    };
    Router::new()
        .route("/mcp", any(mcp_handler))
        .with_state(state)
}

/// `/mcp`: Wikipedia API payloads are answered here; everything else goes to rmcp's
/// streamable HTTP service (sessions, SSE streams, DELETE).
async fn mcp_handler(State(state): State<HttpState>, request: Request) -> Response {
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
    if request.method() != Method::POST {
        return forward(&state, request).await;
    }
    let (parts, body) = request.into_parts();
    let bytes: Bytes = match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
        Ok(bytes) => bytes,
        Err(_) => return (StatusCode::PAYLOAD_TOO_LARGE, "request body too large").into_response(),
    };
    let has_session = session.is_some();
    // A wrong Content-Type stays rmcp's 415; a JSON body that is no request gets its
    // JSON-RPC error.
    let json = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("application/json"));
    let client = parts
        .extensions
        .get::<ClientId>()
        .cloned()
        .unwrap_or_else(ClientId::local);
    let envelope = Envelope {
        in_session: has_session,
        json,
    };
    match state.dispatch.route(&bytes, envelope) {
        Route::Refuse(refusal) => {
            return (
                StatusCode::BAD_REQUEST,
                [(header::CONTENT_TYPE, "application/json")],
                refusal.to_string(),
            )
                .into_response();
        }
        Route::Wikipedia => {
            return match state.dispatch.answer(bytes, client).await {
                Some(json) => ([(header::CONTENT_TYPE, "application/json")], json).into_response(),
                // Only notifications: JSON-RPC sends nothing back.
                None => StatusCode::NO_CONTENT.into_response(),
            };
        }
        Route::Mcp => {}
    }
    // A POST without a session may open one: capped per client and in all.
    let opening = !has_session && !state.config.stateless_http;
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

async fn forward(state: &HttpState, request: Request) -> Response {
    match state.mcp.clone().oneshot(request).await {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};
    use zim_service::ZimService;
    use zim_service::config::CliOverrides;

    use crate::mcp::ServerFactory;
    use crate::subscriptions::SubscriptionHub;
    use crate::wikipedia::{self, Endpoint};

    fn app() -> Router {
        let dir =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/zim/kiwix");
        let cli = CliOverrides {
            allowed_directories: vec![dir],
            ..CliOverrides::default()
        };
        let mut config = Config::load(None, Vec::new(), &cli).unwrap();
        config.transport = Transport::Http;
        let service = Arc::new(ZimService::new(config));
        let api = wikipedia::api(Arc::clone(&service)).unwrap();
        let dispatch = Dispatch::new(Arc::new(Endpoint {
            api,
            service: Arc::clone(&service),
        }));
        let config = Arc::new(service.config().clone());
        let factory = ServerFactory::new(service, SubscriptionHub::default(), None);
        routes(config, factory, dispatch, CancellationToken::new())
    }

    fn post(body: &str, session: Option<&str>) -> Request {
        let mut request = Request::builder()
            .method(Method::POST)
            .uri("/mcp")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json, text/event-stream");
        if let Some(id) = session {
            request = request.header("mcp-session-id", id);
        }
        request.body(Body::from(body.to_owned())).unwrap()
    }

    async fn body_json(response: Response) -> Value {
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn the_api_answers_beside_mcp_and_faults_get_json_rpc_errors() {
        let app = app();
        let wiki = json!({"jsonrpc": "2.0", "id": 7, "method": "wikipedia.nope"}).to_string();
        let response = app.clone().oneshot(post(&wiki, None)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers().get("mcp-session-id").is_none());
        let answer = body_json(response).await;
        assert_eq!(answer["id"], 7);
        assert_eq!(answer["error"]["code"], -32601);
        let response = app.clone().oneshot(post("{oops", None)).await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(body_json(response).await["error"]["code"], -32700);
        // A notification to the API gets no body.
        let note =
            json!({"jsonrpc": "2.0", "method": "wikipedia.search", "params": {"query": "x"}});
        let response = app
            .clone()
            .oneshot(post(&note.to_string(), None))
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        // DELETE of a session that never was is 404, not rmcp's 202.
        let delete = Request::builder()
            .method(Method::DELETE)
            .uri("/mcp")
            .header("mcp-session-id", "nope")
            .body(Body::empty())
            .unwrap();
        assert_eq!(
            app.oneshot(delete).await.unwrap().status(),
            StatusCode::NOT_FOUND
        );
    }
}
