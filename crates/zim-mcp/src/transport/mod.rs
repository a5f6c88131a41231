//! The transports. Each one serves the same MCP handler (`crate::mcp`) and asks the same
//! [`Dispatch`] where a payload goes; none of them knows another.
//!
//! - [`stdio`]: one session over stdin/stdout.
//! - [`http`]: streamable HTTP at `/mcp`.
//! - [`sse`]: the legacy HTTP+SSE transport (`/sse`, `/messages`).
//!
//! Both HTTP transports sit behind the same [`guard`] (Host/Origin, bearer token, client
//! tag) and the same accept loop ([`accept`]); this module puts them together with the
//! probes (`/healthz`, `/readyz`, which bypass Host checks and auth so load balancers can
//! reach them) and CORS, outermost so that a 401 still carries CORS headers.

pub mod accept;
pub mod guard;
pub mod http;
pub mod sessions;
pub mod sse;
pub mod stdio;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;
use tokio_util::sync::CancellationToken;
use zim_service::ZimService;
use zim_service::config::Transport;

use crate::dispatch::Dispatch;
use crate::mcp::ServerFactory;

/// The application router for the configured HTTP transport (`http`, or `sse`, which also
/// serves `/mcp`).
pub fn router(
    service: Arc<ZimService>,
    factory: ServerFactory,
    dispatch: Dispatch,
    shutdown: CancellationToken,
) -> Router {
    let config = Arc::new(service.config().clone());
    let mut routes = http::routes(
        Arc::clone(&config),
        factory.clone(),
        dispatch.clone(),
        shutdown.clone(),
    );
    if config.transport == Transport::Sse {
        routes = routes.merge(sse::routes(factory, dispatch, shutdown));
    }
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(service)
        .merge(guard::protect(routes, &config));
    match guard::cors_layer(&config) {
        Some(cors) => app.layer(cors),
        None => app,
    }
}

/// Binds the configured address and serves the HTTP transport until `shutdown`.
pub async fn serve_http(
    service: Arc<ZimService>,
    factory: ServerFactory,
    dispatch: Dispatch,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let config = service.config();
    let host = config
        .host
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_owned();
    let port = config.port_u16();
    let path = if config.transport == Transport::Sse {
        "sse"
    } else {
        "mcp"
    };
    let app = router(Arc::clone(&service), factory, dispatch, shutdown.clone());
    let listener = tokio::net::TcpListener::bind((host.as_str(), port)).await?;
    let local = listener.local_addr()?;
    tracing::info!("listening on http://{local}/{path}");
    let limits = accept::Limits::from_env(|k| std::env::var(k).ok());
    accept::serve(listener, app, limits, shutdown, Duration::from_secs(10)).await?;
    tracing::info!("server stopped");
    Ok(())
}

async fn healthz() -> Response {
    (StatusCode::OK, axum::Json(json!({"status": "ok"}))).into_response()
}

async fn readyz(State(service): State<Arc<ZimService>>) -> Response {
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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::extract::Request;
    use axum::http::{HeaderValue, Method, header};
    use serde_json::Value;
    use tower::ServiceExt;
    use zim_service::config::{CliOverrides, Config};

    use crate::subscriptions::SubscriptionHub;
    use crate::wikipedia::{self, Endpoint};

    fn app(transport: Transport, token: Option<&str>) -> Router {
        let dir =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/zim/kiwix");
        let cli = CliOverrides {
            allowed_directories: vec![dir],
            ..CliOverrides::default()
        };
        let mut config = Config::load(None, Vec::new(), &cli).unwrap();
        config.transport = transport;
        config.auth_token = token.map(str::to_owned);
        let service = Arc::new(ZimService::new(config));
        let api = wikipedia::api(Arc::clone(&service)).unwrap();
        let dispatch = Dispatch::new(Arc::new(Endpoint {
            api,
            service: Arc::clone(&service),
        }));
        let factory = ServerFactory::new(Arc::clone(&service), SubscriptionHub::default(), None);
        router(service, factory, dispatch, CancellationToken::new())
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
    async fn api_methods_are_answered_without_a_session_and_others_reach_mcp() {
        let app = app(Transport::Http, None);
        let wiki = json!({"jsonrpc": "2.0", "id": 7, "method": "wikipedia.search",
            "params": {"query": "ray charles"}});
        let response = app.clone().oneshot(post(wiki)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers().get("mcp-session-id").is_none());
        let answer = body_json(response).await;
        assert_eq!(answer["id"], 7);
        assert!(
            answer["result"].is_array() || answer["error"].is_object(),
            "{answer}"
        );
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}});
        let response = app.oneshot(post(init)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers().get("mcp-session-id").is_some());
    }

    #[tokio::test]
    async fn api_requests_need_the_token_too_and_probes_do_not() {
        let app = app(Transport::Http, Some("t0ken"));
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
        for probe in ["/healthz", "/readyz"] {
            // No token and a foreign Host: probes still answer.
            let request = Request::builder()
                .uri(probe)
                .header(header::HOST, "lb.internal")
                .body(Body::empty())
                .unwrap();
            assert_eq!(
                app.clone().oneshot(request).await.unwrap().status(),
                StatusCode::OK,
                "{probe}"
            );
        }
    }

    #[tokio::test]
    async fn sse_routes_exist_only_for_the_sse_transport() {
        let messages = || {
            Request::builder()
                .method(Method::POST)
                .uri("/messages?sessionId=nope")
                .header(header::HOST, "127.0.0.1:8000")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{}"))
                .unwrap()
        };
        let http = app(Transport::Http, None);
        assert_eq!(
            http.oneshot(messages()).await.unwrap().status(),
            StatusCode::NOT_FOUND
        );
        // The SSE transport knows the route: an unknown session is its own 404, with a body.
        let sse = app(Transport::Sse, None);
        let response = sse.oneshot(messages()).await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        assert_eq!(&body[..], b"unknown or closed session");
    }
}
