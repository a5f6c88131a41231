//! The stdio transport's byte plumbing: one OS thread reads stdin, one writes stdout, and rmcp
//! sees an `AsyncRead`/`AsyncWrite` pair over channels.
//!
//! Why not `tokio::io::stdin()`/`stdout()`: tokio runs every read and write of those on its
//! blocking pool, so each message crossed several threads (reader task, pool thread, rmcp task,
//! pool thread again), and the futex wake-ups cost more CPU than a cached tool call. Here a
//! request costs one hand-over in (reader thread to rmcp) and one out (rmcp to writer thread).
//!
//! The reader also routes lines through [`Dispatch`]: a line it refuses gets its JSON-RPC error,
//! a Wikipedia API request is answered on the reader thread itself, both queued to the writer;
//! every other line goes to rmcp. The writer writes whole lines only, so answers from both
//! never interleave inside a line.

use std::io::{BufRead, Write};
use std::pin::Pin;
use std::task::{Context, Poll};

use rmcp::ServiceExt;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::mpsc;
use tokio_util::sync::{CancellationToken, PollSender};

use crate::dispatch::{Dispatch, Envelope, Route};
use crate::mcp::ZimMcpServer;

/// Serves one MCP session over stdin/stdout until the client closes stdin or `shutdown`.
pub async fn serve(
    server: ZimMcpServer,
    dispatch: Dispatch,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let running = tokio::select! {
        running = server.serve(start(dispatch)?) => running?,
        _ = shutdown.cancelled() => {
            tracing::info!("shutting down before initialization");
            return Ok(());
        }
    };
    tokio::select! {
        outcome = running.waiting() => { outcome?; }
        _ = shutdown.cancelled() => tracing::info!("shutting down"),
    }
    Ok(())
}

/// Lines up to this size are buffered whole and may be routed to the Wikipedia API; a longer
/// line can only be MCP (or garbage) and is streamed to rmcp in pieces, which applies its own
/// line cap (16 MiB) without this side ever holding more than this much of it.
const ROUTE_CAP: usize = 1 << 20;
/// The most bytes taken from the input in one step.
const CHUNK: usize = 64 * 1024;
/// Messages queued between the threads and rmcp; a client that stops reading stdout blocks
/// the server's output here rather than growing memory.
const QUEUE: usize = 256;

/// The MCP side of stdin: bytes of every line not answered by the Wikipedia API.
pub struct ChannelReader {
    rx: mpsc::Receiver<Vec<u8>>,
    current: Vec<u8>,
    pos: usize,
}

impl AsyncRead for ChannelReader {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        while this.pos >= this.current.len() {
            match this.rx.poll_recv(cx) {
                Poll::Ready(Some(chunk)) => {
                    this.current = chunk;
                    this.pos = 0;
                }
                // End of input: the reader thread is gone (stdin closed or unreadable).
                Poll::Ready(None) => return Poll::Ready(Ok(())),
                Poll::Pending => return Poll::Pending,
            }
        }
        let rest = this.current.get(this.pos..).unwrap_or_default();
        let n = rest.len().min(buf.remaining());
        buf.put_slice(rest.get(..n).unwrap_or_default());
        this.pos += n;
        Poll::Ready(Ok(()))
    }
}

/// The MCP side of stdout: bytes are collected and handed to the writer thread whole lines at
/// a time on flush (rmcp flushes after every message).
pub struct ChannelWriter {
    tx: PollSender<Vec<u8>>,
    pending: Vec<u8>,
}

fn broken_pipe() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::BrokenPipe, "stdout writer stopped")
}

impl AsyncWrite for ChannelWriter {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        // Bound what waits here: past the cap, hand complete lines over first.
        if self.pending.len() >= ROUTE_CAP {
            match self.as_mut().poll_flush(cx) {
                Poll::Ready(Ok(())) => {}
                Poll::Ready(Err(err)) => return Poll::Ready(Err(err)),
                Poll::Pending if self.pending.len() >= 4 * ROUTE_CAP => return Poll::Pending,
                Poll::Pending => {}
            }
        }
        self.pending.extend_from_slice(data);
        Poll::Ready(Ok(data.len()))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        let Some(end) = this.pending.iter().rposition(|&b| b == b'\n') else {
            return Poll::Ready(Ok(()));
        };
        match this.tx.poll_reserve(cx) {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(_)) => return Poll::Ready(Err(broken_pipe())),
            Poll::Pending => return Poll::Pending,
        }
        let rest = this.pending.split_off(end + 1);
        let lines = std::mem::replace(&mut this.pending, rest);
        match this.tx.send_item(lines) {
            Ok(()) => Poll::Ready(Ok(())),
            Err(_) => Poll::Ready(Err(broken_pipe())),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.poll_flush(cx)
    }
}

/// Starts the stdin and stdout threads and returns rmcp's ends; `dispatch` routes each line.
pub fn start(dispatch: Dispatch) -> std::io::Result<(ChannelReader, ChannelWriter)> {
    let (in_tx, in_rx) = mpsc::channel::<Vec<u8>>(QUEUE);
    let (out_tx, out_rx) = mpsc::channel::<Vec<u8>>(QUEUE);
    let answers = out_tx.clone();
    std::thread::Builder::new()
        .name("stdout-writer".to_owned())
        .spawn(move || write_stdout(out_rx))?;
    std::thread::Builder::new()
        .name("stdin-reader".to_owned())
        .spawn(move || {
            let stdin = std::io::stdin();
            read_lines(stdin.lock(), &dispatch, &in_tx, &answers)
        })?;
    Ok((
        ChannelReader {
            rx: in_rx,
            current: Vec::new(),
            pos: 0,
        },
        ChannelWriter {
            tx: PollSender::new(out_tx),
            pending: Vec::new(),
        },
    ))
}

fn write_stdout(mut rx: mpsc::Receiver<Vec<u8>>) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    while let Some(lines) = rx.blocking_recv() {
        if out.write_all(&lines).and_then(|()| out.flush()).is_err() {
            // The client closed stdout: dropping `rx` makes rmcp's next flush fail.
            return;
        }
    }
}

/// Reads `input` line by line until it ends or rmcp stops: Wikipedia API lines are answered
/// here (to `answers`), every other line, newline included, goes to `to_mcp`.
fn read_lines(
    mut input: impl BufRead,
    dispatch: &Dispatch,
    to_mcp: &mpsc::Sender<Vec<u8>>,
    answers: &mpsc::Sender<Vec<u8>>,
) {
    let mut line: Vec<u8> = Vec::new();
    // Set while the current line is too long to route and is being streamed to rmcp.
    let mut streaming = false;
    loop {
        let (consumed, complete) = {
            let available = match input.fill_buf() {
                Ok([]) => break,
                // At most a chunk at a time, so a line's buffer never outgrows the cap by more.
                Ok(available) => available
                    .get(..available.len().min(CHUNK))
                    .unwrap_or_default(),
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            match available.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    line.extend_from_slice(available.get(..=i).unwrap_or_default());
                    (i + 1, true)
                }
                None => {
                    line.extend_from_slice(available);
                    (available.len(), false)
                }
            }
        };
        input.consume(consumed);
        if complete {
            let sent = if streaming {
                to_mcp.blocking_send(std::mem::take(&mut line)).is_ok()
            } else {
                route_line(std::mem::take(&mut line), dispatch, to_mcp, answers)
            };
            if !sent {
                return;
            }
            streaming = false;
        } else if line.len() > ROUTE_CAP {
            streaming = true;
            if to_mcp.blocking_send(std::mem::take(&mut line)).is_err() {
                return;
            }
        }
    }
    // A last line without a newline still counts.
    if !line.is_empty() {
        line.push(b'\n');
        if streaming {
            let _ = to_mcp.blocking_send(line);
        } else {
            route_line(line, dispatch, to_mcp, answers);
        }
    }
    // Returning drops `to_mcp`: rmcp sees the end of input and stops.
}

/// Sends one whole line (ending in `\n`) where it belongs; false once the other side is gone.
fn route_line(
    line: Vec<u8>,
    dispatch: &Dispatch,
    to_mcp: &mpsc::Sender<Vec<u8>>,
    answers: &mpsc::Sender<Vec<u8>>,
) -> bool {
    let body = line.strip_suffix(b"\n").unwrap_or(&line);
    let body = body.strip_suffix(b"\r").unwrap_or(body);
    // stdio is one connection, one MCP session, and speaks JSON only.
    let envelope = Envelope {
        in_session: true,
        json: true,
    };
    let answer = match dispatch.route(body, envelope) {
        // A line that is not a request gets its JSON-RPC error here (rmcp would drop it
        // silently).
        Route::Refuse(refusal) => Some(refusal.to_string()),
        Route::Wikipedia => dispatch.answer_here(body),
        Route::Mcp => return to_mcp.blocking_send(line).is_ok(),
    };
    match answer {
        Some(mut json) => {
            json.push('\n');
            answers.blocking_send(json.into_bytes()).is_ok()
        }
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8]) -> Vec<Vec<u8>> {
        let (to_mcp, mut rx) = mpsc::channel(1024);
        let (answers, _answers_rx) = mpsc::channel(1024);
        read_lines(input, &Dispatch::mcp_only(), &to_mcp, &answers);
        drop(to_mcp);
        let mut out = Vec::new();
        while let Ok(chunk) = rx.try_recv() {
            out.push(chunk);
        }
        out
    }

    #[test]
    fn lines_pass_whole_and_a_last_line_gets_its_newline() {
        let out = run(b"{\"a\":1}\n{\"b\":2}\r\n{\"c\":3}");
        assert_eq!(
            out,
            vec![
                b"{\"a\":1}\n".to_vec(),
                b"{\"b\":2}\r\n".to_vec(),
                b"{\"c\":3}\n".to_vec()
            ]
        );
    }

    #[test]
    fn an_oversized_line_is_streamed_not_buffered() {
        let mut input = vec![b'x'; 3 * ROUTE_CAP];
        input.extend_from_slice(b"\n{}\n");
        let out = run(&input);
        assert!(out.len() >= 3, "streamed in pieces: {}", out.len());
        assert!(out.iter().all(|c| c.len() <= ROUTE_CAP + CHUNK));
        let joined: Vec<u8> = out.concat();
        assert_eq!(joined, input);
        assert_eq!(out.last().map(Vec::as_slice), Some(&b"{}\n"[..]));
    }

    #[tokio::test]
    async fn the_writer_hands_over_whole_lines_only() {
        use tokio::io::AsyncWriteExt;
        let (tx, mut rx) = mpsc::channel(8);
        let mut writer = ChannelWriter {
            tx: PollSender::new(tx),
            pending: Vec::new(),
        };
        writer.write_all(b"{\"x\":1}\n{\"y\"").await.unwrap_or(());
        writer.flush().await.unwrap_or(());
        assert_eq!(rx.try_recv().ok(), Some(b"{\"x\":1}\n".to_vec()));
        writer.write_all(b":2}\n").await.unwrap_or(());
        writer.flush().await.unwrap_or(());
        assert_eq!(rx.try_recv().ok(), Some(b"{\"y\":2}\n".to_vec()));
        assert!(rx.try_recv().is_err());
    }

    #[tokio::test]
    async fn the_reader_yields_every_byte_then_end_of_input() {
        use tokio::io::AsyncReadExt;
        let (tx, rx) = mpsc::channel(8);
        let mut reader = ChannelReader {
            rx,
            current: Vec::new(),
            pos: 0,
        };
        tx.send(b"hello ".to_vec()).await.unwrap_or(());
        tx.send(b"world\n".to_vec()).await.unwrap_or(());
        drop(tx);
        let mut all = String::new();
        reader.read_to_string(&mut all).await.unwrap_or(0);
        assert_eq!(all, "hello world\n");
    }

    #[test]
    fn a_refused_line_is_answered_here_and_never_reaches_mcp() {
        let (to_mcp, mut mcp_rx) = mpsc::channel(8);
        let (answers, mut answers_rx) = mpsc::channel(8);
        let input: &[u8] = b"{oops\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n";
        read_lines(input, &Dispatch::mcp_only(), &to_mcp, &answers);
        let refusal = answers_rx.try_recv().expect("an error for the bad line");
        let refusal: serde_json::Value = serde_json::from_slice(&refusal).expect("JSON");
        assert_eq!(refusal["error"]["code"], -32700);
        assert!(answers_rx.try_recv().is_err());
        assert_eq!(
            mcp_rx.try_recv().ok(),
            Some(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n".to_vec())
        );
        assert!(mcp_rx.try_recv().is_err());
    }
}
