//! The legacy HTTP+SSE transport (protocol 2024-11-05), as a thin adapter over the same MCP
//! handler: `GET /sse` opens an event stream whose first event (`endpoint`) names the URL to
//! POST messages to; `POST /messages?sessionId=...` feeds one JSON-RPC message into that
//! session and answers 202; replies travel back as `message` events on the stream.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Extension, Query, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures::channel::mpsc;
use futures::{Stream, StreamExt};
use parking_lot::Mutex;
use rmcp::RoleServer;
use rmcp::ServiceExt;
use rmcp::model::{GetExtensions, JsonRpcMessage};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use serde::Deserialize;
use tokio_util::sync::CancellationToken;

use crate::http::AppState;
use zim_wikipedia::service::WikipediaApi;

use crate::mcp::ZimMcpServer;
use crate::subscriptions::SubscriptionHub;
use zim_service::{ClientId, ZimService};

/// Concurrent SSE sessions allowed; more would only let one client exhaust the server.
const MAX_SESSIONS: usize = 256;
/// Concurrent SSE sessions of one client (peer address): one client opening streams by the
/// hundred must not lock every other client out of the global cap.
const MAX_SESSIONS_PER_CLIENT: usize = 16;

/// A session's inbound channel and the client that opened it.
type Inbound = (
    mpsc::UnboundedSender<RxJsonRpcMessage<RoleServer>>,
    ClientId,
);

#[derive(Clone)]
pub struct SseSessions {
    service: Arc<ZimService>,
    hub: SubscriptionHub,
    wikipedia_tools: Option<Arc<WikipediaApi>>,
    sessions: Arc<Mutex<HashMap<String, Inbound>>>,
    shutdown: CancellationToken,
}

impl SseSessions {
    pub fn new(
        service: Arc<ZimService>,
        hub: SubscriptionHub,
        wikipedia_tools: Option<Arc<WikipediaApi>>,
        shutdown: CancellationToken,
    ) -> Self {
        Self {
            service,
            hub,
            wikipedia_tools,
            sessions: Arc::default(),
            shutdown,
        }
    }
}

/// Removes the session when its event stream is dropped (client gone or server stopping);
/// dropping the inbound sender ends the MCP service task.
struct SessionGuard {
    id: String,
    sessions: Arc<Mutex<HashMap<String, Inbound>>>,
}

impl Drop for SessionGuard {
    fn drop(&mut self) {
        self.sessions.lock().remove(&self.id);
        tracing::debug!(session = %self.id, "SSE session closed");
    }
}

pub async fn sse_handler(
    State(state): State<AppState>,
    Extension(client): Extension<ClientId>,
) -> Response {
    let sessions = state.sse.clone();
    let id = uuid::Uuid::new_v4().simple().to_string();
    let (in_tx, in_rx) = mpsc::unbounded::<RxJsonRpcMessage<RoleServer>>();
    let (out_tx, out_rx) = mpsc::unbounded::<TxJsonRpcMessage<RoleServer>>();
    {
        // Both caps checked and the session inserted under one lock.
        let mut open = sessions.sessions.lock();
        let mine = open.values().filter(|(_, owner)| *owner == client).count();
        if mine >= MAX_SESSIONS_PER_CLIENT {
            return (
                StatusCode::TOO_MANY_REQUESTS,
                "too many SSE sessions from this client; close some first",
            )
                .into_response();
        }
        if open.len() >= MAX_SESSIONS {
            return (StatusCode::SERVICE_UNAVAILABLE, "too many SSE sessions").into_response();
        }
        open.insert(id.clone(), (in_tx, client));
    }
    let server = ZimMcpServer::new(Arc::clone(&sessions.service), &sessions.hub)
        .with_wikipedia_tools(sessions.wikipedia_tools.clone());
    let stop = sessions.shutdown.clone();
    tokio::spawn(async move {
        match server.serve((out_tx, in_rx)).await {
            Ok(running) => {
                tokio::select! {
                    _ = running.waiting() => {}
                    _ = stop.cancelled() => {}
                }
            }
            Err(err) => tracing::debug!("SSE session ended before initialization: {err}"),
        }
    });
    let guard = SessionGuard {
        id: id.clone(),
        sessions: Arc::clone(&sessions.sessions),
    };
    let endpoint = futures::stream::once(async move {
        Ok::<Event, Infallible>(
            Event::default()
                .event("endpoint")
                .data(format!("/messages?sessionId={id}")),
        )
    });
    let messages = out_rx.map(move |message| {
        // The guard lives as long as the stream.
        let _ = &guard;
        let data = serde_json::to_string(&message).unwrap_or_default();
        Ok::<Event, Infallible>(Event::default().event("message").data(data))
    });
    let stop = sessions.shutdown.clone();
    let stream = endpoint
        .chain(messages)
        .take_until(async move { stop.cancelled().await });
    sse_response(stream)
}

fn sse_response(
    stream: impl Stream<Item = Result<Event, Infallible>> + Send + 'static,
) -> Response {
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

#[derive(Deserialize)]
pub struct SessionQuery {
    #[serde(rename = "sessionId", alias = "session_id")]
    session_id: String,
}

pub async fn messages_handler(
    State(state): State<AppState>,
    Query(query): Query<SessionQuery>,
    Extension(client): Extension<ClientId>,
    body: axum::body::Bytes,
) -> Response {
    let Some((sender, _)) = state.sse.sessions.lock().get(&query.session_id).cloned() else {
        return (StatusCode::NOT_FOUND, "unknown or closed session").into_response();
    };
    let mut message: RxJsonRpcMessage<RoleServer> = match serde_json::from_slice(&body) {
        Ok(message) => message,
        Err(err) => {
            return (
                StatusCode::BAD_REQUEST,
                format!("invalid JSON-RPC message: {err}"),
            )
                .into_response();
        }
    };
    // The rate limiter charges the client that posted the message (see `mcp::client_of`).
    if let JsonRpcMessage::Request(request) = &mut message {
        request.request.extensions_mut().insert(client);
    }
    if sender.unbounded_send(message).is_err() {
        return (StatusCode::GONE, "session closed").into_response();
    }
    (StatusCode::ACCEPTED, "Accepted").into_response()
}
