//! The HTTP accept loop, in front of everything else (authentication included): at most
//! [`Limits::per_address`] open connections per peer address, a deadline for a request's
//! headers, and an idle deadline for connections on which nothing is read or written. Without
//! them, 500 idle and 300 slow-header connections stayed open for a minute and, under a low
//! descriptor limit, `/healthz` stopped answering.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use parking_lot::Mutex;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;

/// The accept loop's limits.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Open connections allowed per peer address; more are closed at once.
    pub per_address: usize,
    /// Time allowed for a request's headers to arrive.
    pub header_read: Duration,
    /// A connection on which nothing is read or written for this long is closed (SSE streams
    /// write a keep-alive every 15 s, so they stay).
    pub idle: Duration,
}

impl Limits {
    /// The defaults, each overridable by an environment variable:
    /// `ZIM_MCP_HTTP_MAX_CONNECTIONS_PER_ADDRESS` (64), `ZIM_MCP_HTTP_HEADER_TIMEOUT_SECONDS`
    /// (10), `ZIM_MCP_HTTP_IDLE_TIMEOUT_SECONDS` (120).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Limits {
        let number = |name: &str, default: u64| {
            var(name)
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|n| *n > 0)
                .unwrap_or(default)
        };
        Limits {
            per_address: usize::try_from(number("ZIM_MCP_HTTP_MAX_CONNECTIONS_PER_ADDRESS", 64))
                .unwrap_or(64),
            header_read: Duration::from_secs(number("ZIM_MCP_HTTP_HEADER_TIMEOUT_SECONDS", 10)),
            idle: Duration::from_secs(number("ZIM_MCP_HTTP_IDLE_TIMEOUT_SECONDS", 120)),
        }
    }
}

/// Serves `app` on `listener` until `shutdown`, then waits (at most `drain`) for open
/// connections to finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: CancellationToken,
    drain: Duration,
) -> std::io::Result<()> {
    let open: Arc<Mutex<HashMap<IpAddr, usize>>> = Arc::default();
    let graceful = GracefulShutdown::new();
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(err) => {
                    // Out of descriptors and the like: wait a moment rather than spin.
                    tracing::debug!("accept failed: {err}");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            _ = shutdown.cancelled() => break,
        };
        let Some(slot) = Slot::take(&open, peer.ip(), limits.per_address) else {
            tracing::debug!(peer = %peer.ip(), "connection refused: too many from this address");
            drop(stream);
            continue;
        };
        // A response goes out in several small writes (headers, SSE priming event, the
        // message); with Nagle's algorithm on, a client delaying its ACKs stalls each until its timer fires.
        if let Err(err) = stream.set_nodelay(true) {
            tracing::debug!("cannot set TCP_NODELAY: {err}");
        }
        let app = app.clone();
        let service = hyper::service::service_fn(
            move |mut request: hyper::Request<hyper::body::Incoming>| {
                // The rate limiter and the SSE caps know a client by its address.
                request
                    .extensions_mut()
                    .insert(ConnectInfo::<SocketAddr>(peer));
                app.clone().oneshot(request.map(axum::body::Body::new))
            },
        );
        let io = TokioIo::new(IdleTimeout::new(stream, limits.idle));
        let connection = graceful.watch(
            builder
                .serve_connection_with_upgrades(io, service)
                .into_owned(),
        );
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!("connection ended: {err}");
            }
            drop(slot);
        });
    }
    if tokio::time::timeout(drain, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::debug!("connections still open after {drain:?}; closing them");
    }
    Ok(())
}

/// One open connection counted against its address; released when dropped.
struct Slot {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl Slot {
    fn take(open: &Arc<Mutex<HashMap<IpAddr, usize>>>, ip: IpAddr, limit: usize) -> Option<Slot> {
        let mut counts = open.lock();
        let count = counts.entry(ip).or_insert(0);
        if *count >= limit {
            return None;
        }
        *count = count.saturating_add(1);
        Some(Slot {
            open: Arc::clone(open),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.open.lock();
        if let Some(count) = counts.get_mut(&self.ip) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// A stream that fails with `TimedOut` once nothing has been read or written on it for
/// `idle`: every transfer moves the deadline.
struct IdleTimeout {
    inner: TcpStream,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl IdleTimeout {
    fn new(inner: TcpStream, idle: Duration) -> Self {
        Self {
            inner,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
        }
    }

    fn touch(&mut self) {
        let next = tokio::time::Instant::now() + self.idle;
        self.deadline.as_mut().reset(next);
    }

    fn expired(&mut self, cx: &mut Context<'_>) -> bool {
        self.deadline.as_mut().poll(cx).is_ready()
    }
}

fn timed_out() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::TimedOut, "connection idle for too long")
}

impl AsyncRead for IdleTimeout {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    self.touch();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(timed_out())),
            other => other,
        }
    }
}

impl AsyncWrite for IdleTimeout {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, data) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.touch();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(timed_out())),
            other => other,
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_count_per_address_and_are_given_back() {
        let open: Arc<Mutex<HashMap<IpAddr, usize>>> = Arc::default();
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let first = Slot::take(&open, a, 2).unwrap();
        let _second = Slot::take(&open, a, 2).unwrap();
        assert!(Slot::take(&open, a, 2).is_none());
        assert!(Slot::take(&open, b, 2).is_some());
        drop(first);
        assert!(Slot::take(&open, a, 2).is_some());
    }

    #[test]
    fn limits_read_the_environment() {
        let limits = Limits::from_env(|k| match k {
            "ZIM_MCP_HTTP_MAX_CONNECTIONS_PER_ADDRESS" => Some("5".into()),
            "ZIM_MCP_HTTP_IDLE_TIMEOUT_SECONDS" => Some("nonsense".into()),
            _ => None,
        });
        assert_eq!(limits.per_address, 5);
        assert_eq!(limits.idle, Duration::from_secs(120));
        assert_eq!(limits.header_read, Duration::from_secs(10));
    }
}
