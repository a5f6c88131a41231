//! Caps on streamable-HTTP sessions: at most [`MAX_PER_CLIENT`] open sessions per client
//! (peer address) and [`MAX_TOTAL`] in all, checked when a client asks for a new one
//! (`initialize` without `Mcp-Session-Id`). 22,002 `initialize` calls without `DELETE` took
//! the server from 12 MB to 1.2 GB before. Sessions end by `DELETE` or by rmcp's inactivity
//! timeout; the count is rmcp's own session table, so an expired session frees its place.
//! Also: `DELETE` of a session that does not exist is 404, not 202.

use std::collections::HashMap;
use std::sync::Arc;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use parking_lot::Mutex;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use zim_service::ClientId;

/// Open sessions one client may hold (`ZIM_MCP_HTTP_MAX_SESSIONS_PER_CLIENT` overrides).
pub const MAX_PER_CLIENT: usize = 64;
/// Open sessions in all.
pub const MAX_TOTAL: usize = 1024;
/// Clients whose sessions are remembered at most (older entries are pruned first).
const MAX_CLIENTS_TRACKED: usize = 10_000;

/// Who opened which session, next to rmcp's table of live sessions.
#[derive(Clone)]
pub struct SessionCaps {
    manager: Arc<LocalSessionManager>,
    owners: Arc<Mutex<HashMap<ClientId, Vec<String>>>>,
    per_client: usize,
}

impl SessionCaps {
    /// At most `per_client` open sessions per client.
    pub fn new(manager: Arc<LocalSessionManager>, per_client: usize) -> Self {
        Self {
            manager,
            owners: Arc::default(),
            per_client: per_client.max(1),
        }
    }

    /// The cap per client from `ZIM_MCP_HTTP_MAX_SESSIONS_PER_CLIENT` (read through `var`),
    /// [`MAX_PER_CLIENT`] when unset or not a positive number.
    pub fn from_env(
        manager: Arc<LocalSessionManager>,
        var: impl Fn(&str) -> Option<String>,
    ) -> Self {
        let per_client = var("ZIM_MCP_HTTP_MAX_SESSIONS_PER_CLIENT")
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|n| *n > 0)
            .unwrap_or(MAX_PER_CLIENT);
        Self::new(manager, per_client)
    }

    /// Whether `client` may open one more session; the refusal otherwise.
    pub async fn admit(&self, client: &ClientId) -> Result<(), Response> {
        let live = self.manager.sessions.read().await;
        if live.len() >= MAX_TOTAL {
            return Err(refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                "too many open sessions; try again later",
            ));
        }
        let mut owners = self.owners.lock();
        let mine = owners.entry(client.clone()).or_default();
        mine.retain(|id| live.contains_key(id.as_str()));
        if mine.len() >= self.per_client {
            return Err(refusal(
                StatusCode::TOO_MANY_REQUESTS,
                "too many open sessions from this client; DELETE the ones no longer used",
            ));
        }
        Ok(())
    }

    /// Records the session rmcp just opened for `client`.
    pub fn opened(&self, client: &ClientId, session: &str) {
        let mut owners = self.owners.lock();
        if owners.len() >= MAX_CLIENTS_TRACKED && !owners.contains_key(client) {
            owners.retain(|_, ids| !ids.is_empty());
            if owners.len() >= MAX_CLIENTS_TRACKED {
                owners.clear();
            }
        }
        owners
            .entry(client.clone())
            .or_default()
            .push(session.to_owned());
    }

    /// Whether rmcp knows this session.
    pub async fn exists(&self, session: &str) -> bool {
        self.manager.sessions.read().await.contains_key(session)
    }
}

fn refusal(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": -32000, "message": message},
    });
    (
        status,
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::transport::streamable_http_server::session::SessionManager;

    #[tokio::test]
    async fn a_client_past_its_session_cap_is_refused() {
        // Fresh environment-independent caps: one session per client.
        let manager = Arc::new(LocalSessionManager::default());
        let caps = SessionCaps::new(Arc::clone(&manager), 1);
        let client = ClientId::local();
        assert!(caps.admit(&client).await.is_ok());
        let (id, _transport) = manager.create_session().await.unwrap();
        caps.opened(&client, &id);
        assert!(caps.exists(&id).await);
        let refused = caps.admit(&client).await.unwrap_err();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        // Another client still gets in.
        let other = ClientId::address("192.0.2.1".parse().unwrap());
        assert!(caps.admit(&other).await.is_ok());
        // A closed session frees its place.
        manager.close_session(&id).await.unwrap();
        assert!(caps.admit(&client).await.is_ok());
    }

    #[test]
    fn the_cap_per_client_comes_from_the_environment() {
        let manager = Arc::new(LocalSessionManager::default());
        let caps = SessionCaps::from_env(Arc::clone(&manager), |_| Some(" 3 ".into()));
        assert_eq!(caps.per_client, 3);
        for bad in ["0", "-1", "many"] {
            let caps = SessionCaps::from_env(Arc::clone(&manager), |_| Some(bad.into()));
            assert_eq!(caps.per_client, MAX_PER_CLIENT, "{bad}");
        }
        assert_eq!(
            SessionCaps::from_env(manager, |_| None).per_client,
            MAX_PER_CLIENT
        );
    }

    #[test]
    fn owners_are_forgotten_rather_than_grow_without_bound() {
        let caps = SessionCaps::new(Arc::new(LocalSessionManager::default()), 4);
        for n in 0..=MAX_CLIENTS_TRACKED {
            let ip = std::net::IpAddr::from(std::net::Ipv6Addr::from(u128::try_from(n).unwrap()));
            caps.opened(&ClientId::address(ip), "s");
        }
        assert!(caps.owners.lock().len() <= MAX_CLIENTS_TRACKED);
    }
}
