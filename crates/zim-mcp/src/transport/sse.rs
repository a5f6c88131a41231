//! The legacy HTTP+SSE transport (protocol 2024-11-05), as a thin adapter over the same MCP
//! handler: `GET /sse` opens an event stream whose first event (`endpoint`) names the URL to
//! POST messages to; `POST /messages?sessionId=...` feeds one JSON-RPC message into that
//! session and answers 202; replies travel back as `message` events on the stream. Each
//! message goes through the [`Dispatch`] as on the other transports: a faulty one is refused
//! with its JSON-RPC error, a Wikipedia API request is answered on the stream beside MCP's.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
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
use zim_service::ClientId;

use crate::dispatch::{Dispatch, Envelope, Route};
use crate::mcp::ServerFactory;

/// Concurrent SSE sessions allowed; more would only let one client exhaust the server.
const MAX_SESSIONS: usize = 256;
/// Concurrent SSE sessions of one client (peer address): one client opening streams by the
/// hundred must not lock every other client out of the global cap.
const MAX_SESSIONS_PER_CLIENT: usize = 16;

/// A session's way in: MCP messages to its service, the Wikipedia API's answers to its
/// stream, and the client that opened it.
#[derive(Clone)]
struct Inbound {
    mcp: mpsc::UnboundedSender<RxJsonRpcMessage<RoleServer>>,
    answers: mpsc::UnboundedSender<String>,
    client: ClientId,
}

/// `GET /sse` and `POST /messages`, unprotected (the caller puts `guard::protect` around
/// them).
pub fn routes(factory: ServerFactory, dispatch: Dispatch, shutdown: CancellationToken) -> Router {
    let state = SseSessions {
        factory,
        dispatch,
        sessions: Arc::default(),
        shutdown,
    };
    Router::new()
        .route("/sse", axum::routing::get(sse_handler))
        .route("/messages", axum::routing::post(messages_handler))
        .route("/messages/", axum::routing::post(messages_handler))
        .with_state(state)
}

#[derive(Clone)]
struct SseSessions {
    factory: ServerFactory,
    dispatch: Dispatch,
    sessions: Arc<Mutex<HashMap<String, Inbound>>>,
    shutdown: CancellationToken,
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

async fn sse_handler(
    State(sessions): State<SseSessions>,
    Extension(client): Extension<ClientId>,
) -> Response {
    let id = uuid::Uuid::new_v4().simple().to_string();
    let (in_tx, in_rx) = mpsc::unbounded::<RxJsonRpcMessage<RoleServer>>();
    let (out_tx, out_rx) = mpsc::unbounded::<TxJsonRpcMessage<RoleServer>>();
    let (answers_tx, answers_rx) = mpsc::unbounded::<String>();
    {
        // Both caps checked and the session inserted under one lock.
        let mut open = sessions.sessions.lock();
        let mine = open
            .values()
            .filter(|inbound| inbound.client == client)
            .count();
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
        open.insert(
            id.clone(),
            Inbound {
                mcp: in_tx,
                answers: answers_tx,
                client,
            },
        );
    }
    let server = sessions.factory.session();
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
    let from_mcp = out_rx.map(|message| serde_json::to_string(&message).unwrap_or_default());
    let messages = futures::stream::select(from_mcp, answers_rx).map(move |data| {
        // The guard lives as long as the stream.
        let _ = &guard;
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
struct SessionQuery {
    #[serde(rename = "sessionId", alias = "session_id")]
    session_id: String,
}

async fn messages_handler(
    State(state): State<SseSessions>,
    Query(query): Query<SessionQuery>,
    Extension(client): Extension<ClientId>,
    body: axum::body::Bytes,
) -> Response {
    let Some(inbound) = state.sessions.lock().get(&query.session_id).cloned() else {
        return (StatusCode::NOT_FOUND, "unknown or closed session").into_response();
    };
    // One stream is one session, and the body is JSON-RPC whatever its Content-Type says.
    let envelope = Envelope {
        in_session: true,
        json: true,
    };
    match state.dispatch.route(&body, envelope) {
        Route::Refuse(refusal) => {
            return (
                StatusCode::BAD_REQUEST,
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                refusal.to_string(),
            )
                .into_response();
        }
        Route::Wikipedia => {
            let dispatch = state.dispatch.clone();
            tokio::spawn(async move {
                if let Some(answer) = dispatch.answer(body, client).await {
                    // A stream closed meanwhile has nobody to read the answer.
                    let _ = inbound.answers.unbounded_send(answer);
                }
            });
            return (StatusCode::ACCEPTED, "Accepted").into_response();
        }
        Route::Mcp => {}
    }
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
    if inbound.mcp.unbounded_send(message).is_err() {
        return (StatusCode::GONE, "session closed").into_response();
    }
    (StatusCode::ACCEPTED, "Accepted").into_response()
}
