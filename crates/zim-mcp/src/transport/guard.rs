//! What every HTTP route but the probes passes first, for both HTTP transports: DNS-rebinding
//! protection (Host and Origin), the bearer token, and the client tag the rate limiter charges.
//! CORS is applied outermost by the router (so a 401 still carries CORS headers).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use subtle::ConstantTimeEq;
use tower_http::cors::{AllowOrigin, CorsLayer};
use zim_service::ClientId;
use zim_service::config::Config;

/// `routes` behind the checks, outermost first: Host/Origin validation, bearer auth, then the
/// client tag.
pub fn protect(routes: Router, config: &Arc<Config>) -> Router {
    routes
        .layer(middleware::from_fn(identify_client))
        .layer(middleware::from_fn_with_state(
            Arc::clone(config),
            require_bearer,
        ))
        .layer(middleware::from_fn_with_state(
            Arc::clone(config),
            check_host_and_origin,
        ))
}

/// The CORS layer for the configured origins; `None` when there are none.
pub fn cors_layer(config: &Config) -> Option<CorsLayer> {
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
    State(config): State<Arc<Config>>,
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
    if !host_allowed(&config, host) {
        tracing::warn!("refused request with Host {host:?}");
        return forbidden("Host header not allowed");
    }
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok())
        && !origin_allowed(&config, origin)
    {
        tracing::warn!("refused request with Origin {origin:?}");
        return forbidden("Origin not allowed");
    }
    next.run(request).await
}

/// Bearer-token check in constant time. OPTIONS is not exempt: a preflight the CORS layer did
/// not answer is an ordinary unauthenticated request.
async fn require_bearer(
    State(config): State<Arc<Config>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(expected) = config.auth_token.as_deref() else {
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
#[cfg(test)]
mod tests {
    use super::*;

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
