//! MCP logging (`logging/setLevel`, `notifications/message`) and progress
//! (`notifications/progress`) for the requests of one session.
//!
//! **Logging.** A session receives log messages only once it asked for them: with
//! `logging/setLevel` (handshake-era protocol versions), or per request with `_meta`'s
//! `io.modelcontextprotocol/logLevel` (2026-07-28, which overrides the session's level for
//! that request). A client that never asked gets none, so clients written against
//! openzim-mcp see exactly the traffic they saw before. What is sent, at or above the level:
//! a tool call's own warnings (arguments refused, archive errors, archives a cross-archive
//! search had to skip, health warnings), and the server's `tracing` events raised while the
//! call ran on its worker thread (from the zim crates: a model that did not load, a section
//! index that failed...). Text is sent with absolute paths redacted, as error text is.
//!
//! **Progress.** A request carrying a `progressToken` gets a first notification when its
//! work starts (naming what it does: a synthesis, a walk, a search over N archives), one every
//! [`heartbeat`] while it runs, and a last one, with `total` equal to `progress`, when it
//! ends. The heartbeats are the steps a client can see from here; they also keep clients that
//! restart their timeout on progress from giving up on a long synthesis.
//!
//! The logging API is deprecated by SEP-2577 (2026-07-28) but still what older clients use;
//! rmcp marks its types deprecated, hence the `allow` on this module.
#![allow(deprecated)]

use std::cell::RefCell;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

use rmcp::RoleServer;
use rmcp::model::{
    LoggingLevel, LoggingMessageNotificationParam, ProgressNotificationParam, ProgressToken,
    RequestMetaObject,
};
use rmcp::service::Peer;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::Context;

/// The logger name of the server's own messages.
pub const LOGGER: &str = "zim-mcp";
/// Captured events queued per call; past this a call's further events are dropped (a client
/// asking for debug messages must not turn a call into a flood).
const CAPTURE_QUEUE: usize = 64;
/// Default time between progress notifications while a call runs.
const DEFAULT_HEARTBEAT: Duration = Duration::from_secs(1);

/// The time between progress notifications while a call runs: one second, or
/// `ZIM_MCP_PROGRESS_INTERVAL_MS` (read through `var`; 10 ms at least).
pub fn heartbeat(var: impl Fn(&str) -> Option<String>) -> Duration {
    var("ZIM_MCP_PROGRESS_INTERVAL_MS")
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(DEFAULT_HEARTBEAT, |ms| Duration::from_millis(ms.max(10)))
}

/// Severity order of MCP's levels, lowest first.
pub fn rank(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

fn from_rank(rank: u8) -> Option<LoggingLevel> {
    Some(match rank {
        0 => LoggingLevel::Debug,
        1 => LoggingLevel::Info,
        2 => LoggingLevel::Notice,
        3 => LoggingLevel::Warning,
        4 => LoggingLevel::Error,
        5 => LoggingLevel::Critical,
        6 => LoggingLevel::Alert,
        7 => LoggingLevel::Emergency,
        _ => return None,
    })
}

/// Whether a message at `level` passes `threshold` (`None`: the client asked for nothing).
pub fn passes(threshold: Option<LoggingLevel>, level: LoggingLevel) -> bool {
    threshold.is_some_and(|t| rank(level) >= rank(t))
}

/// The level one session asked for with `logging/setLevel`.
#[derive(Debug)]
pub struct SessionLog {
    /// A [`rank`], or `u8::MAX` while the client has not asked.
    level: AtomicU8,
}

impl Default for SessionLog {
    fn default() -> Self {
        Self {
            level: AtomicU8::new(u8::MAX),
        }
    }
}

impl SessionLog {
    pub fn set(&self, level: LoggingLevel) {
        self.level.store(rank(level), Ordering::Relaxed);
    }

    pub fn level(&self) -> Option<LoggingLevel> {
        from_rank(self.level.load(Ordering::Relaxed))
    }

    /// The level for one request: its own `_meta` level when it carries one, else the
    /// session's.
    pub fn threshold(&self, meta: &RequestMetaObject) -> Option<LoggingLevel> {
        meta.log_level().or_else(|| self.level())
    }
}

/// The notifications of one request: its log messages, filtered by its threshold, and its
/// progress, when it carries a token.
pub struct CallNotes {
    peer: Peer<RoleServer>,
    threshold: Option<LoggingLevel>,
    token: Option<ProgressToken>,
    /// Progress sent so far (each notification is one more).
    progress: u32,
}

impl CallNotes {
    pub fn new(
        peer: Peer<RoleServer>,
        threshold: Option<LoggingLevel>,
        token: Option<ProgressToken>,
    ) -> Self {
        Self {
            peer,
            threshold,
            token,
            progress: 0,
        }
    }

    pub fn threshold(&self) -> Option<LoggingLevel> {
        self.threshold
    }

    pub fn peer(&self) -> Peer<RoleServer> {
        self.peer.clone()
    }

    pub fn wants_progress(&self) -> bool {
        self.token.is_some()
    }

    /// Sends `data` at `level` from `logger` if the request's threshold lets it through.
    pub async fn log(&self, level: LoggingLevel, logger: &str, data: Value) {
        if !passes(self.threshold, level) {
            return;
        }
        let param = LoggingMessageNotificationParam::new(level, data).with_logger(logger);
        if let Err(err) = self.peer.notify_logging_message(param).await {
            tracing::debug!("log notification not sent: {err}");
        }
    }

    /// One more step of progress, total unknown.
    pub async fn step(&mut self, message: impl Into<String>) {
        self.send_progress(message.into(), false).await;
    }

    /// The last notification: `total` equals `progress`.
    pub async fn finish(&mut self, message: impl Into<String>) {
        self.send_progress(message.into(), true).await;
    }

    async fn send_progress(&mut self, message: String, last: bool) {
        let Some(token) = self.token.clone() else {
            return;
        };
        self.progress = self.progress.saturating_add(1);
        let progress = f64::from(self.progress);
        let mut param = ProgressNotificationParam::new(token, progress).with_message(message);
        if last {
            param = param.with_total(progress);
        }
        if let Err(err) = self.peer.notify_progress(param).await {
            tracing::debug!("progress notification not sent: {err}");
        }
    }
}

/// The warnings a successful tool answer carries: archives a cross-archive search skipped,
/// archives that would not open, health warnings. Looked for in the answer's first levels.
pub fn answer_warnings(answer: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    collect_warnings(answer, 0, &mut out);
    out
}

fn collect_warnings(value: &Value, depth: usize, out: &mut Vec<Value>) {
    let Some(map) = value.as_object() else {
        return;
    };
    for (key, item) in map {
        let listed = item.as_array().filter(|a| !a.is_empty());
        match (key.as_str(), listed) {
            ("skipped_files", Some(files)) => out.push(json!({
                "message": format!("{} archive(s) could not be searched", files.len()),
                "skipped_files": files,
            })),
            ("unreadable_archives", Some(files)) => out.push(json!({
                "message": format!("{} archive(s) cannot be read", files.len()),
                "unreadable_archives": files,
            })),
            ("warnings", Some(warnings)) => {
                out.extend(warnings.iter().map(|w| json!({"message": w})));
            }
            _ if depth < 2 && item.is_object() => collect_warnings(item, depth + 1, out),
            _ => {}
        }
    }
}

/// One `tracing` event raised during a call.
#[derive(Debug, Clone, PartialEq)]
pub struct Captured {
    pub level: LoggingLevel,
    pub logger: String,
    pub message: String,
}

struct Capture {
    tx: mpsc::Sender<Captured>,
    min: u8,
}

thread_local! {
    /// Where the events of the call running on this thread go, if it wants them.
    static CAPTURE: RefCell<Option<Capture>> = const { RefCell::new(None) };
}

/// Runs `work` with the events this thread raises at or above `min` queued to `tx`.
pub fn capturing<T>(tx: mpsc::Sender<Captured>, min: LoggingLevel, work: impl FnOnce() -> T) -> T {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            CAPTURE.with(|c| {
                if let Ok(mut c) = c.try_borrow_mut() {
                    *c = None;
                }
            });
        }
    }
    CAPTURE.with(|c| {
        if let Ok(mut c) = c.try_borrow_mut() {
            *c = Some(Capture { tx, min: rank(min) });
        }
    });
    // Cleared however `work` ends, a panic included: the thread goes back to the pool.
    let _reset = Reset;
    work()
}

/// The `tracing` layer that hands events to the call running on the thread, if any. Install
/// it with a filter on the crates worth forwarding (see `app::init_logging`).
pub struct CaptureLayer;

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for CaptureLayer {
    fn on_event(&self, event: &tracing::Event<'_>, _ctx: Context<'_, S>) {
        CAPTURE.with(|c| {
            let Ok(c) = c.try_borrow() else {
                return;
            };
            let Some(capture) = c.as_ref() else {
                return;
            };
            let level = match *event.metadata().level() {
                tracing::Level::ERROR => LoggingLevel::Error,
                tracing::Level::WARN => LoggingLevel::Warning,
                tracing::Level::INFO => LoggingLevel::Info,
                tracing::Level::DEBUG | tracing::Level::TRACE => LoggingLevel::Debug,
            };
            if rank(level) < capture.min {
                return;
            }
            let mut text = Text::default();
            event.record(&mut text);
            let captured = Captured {
                level,
                logger: event.metadata().target().to_owned(),
                message: zim_service::redact::redact_paths(&text.0),
            };
            // A full queue drops the event: the call must not wait on its client.
            let _ = capture.tx.try_send(captured);
        });
    }
}

/// An event's message followed by its other fields (`key=value`).
#[derive(Default)]
struct Text(String);

impl Visit for Text {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.push(field, value);
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.push(field, &format!("{value:?}"));
    }
}

impl Text {
    fn push(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            let fields = std::mem::take(&mut self.0);
            self.0 = value.to_owned();
            if !fields.is_empty() {
                self.0.push(' ');
                self.0.push_str(&fields);
            }
        } else {
            if !self.0.is_empty() {
                self.0.push(' ');
            }
            let _ = write!(self.0, "{}={value}", field.name());
        }
    }
}

/// A channel for one call's captured events; the queue is bounded.
pub fn capture_channel() -> (mpsc::Sender<Captured>, mpsc::Receiver<Captured>) {
    mpsc::channel(CAPTURE_QUEUE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tracing_subscriber::layer::SubscriberExt;

    #[test]
    fn levels_filter_by_severity_and_nothing_passes_unasked() {
        assert!(!passes(None, LoggingLevel::Emergency));
        assert!(passes(Some(LoggingLevel::Warning), LoggingLevel::Error));
        assert!(passes(Some(LoggingLevel::Warning), LoggingLevel::Warning));
        assert!(!passes(Some(LoggingLevel::Warning), LoggingLevel::Info));
        assert!(passes(Some(LoggingLevel::Debug), LoggingLevel::Debug));
        for r in 0..8 {
            assert_eq!(from_rank(r).map(rank), Some(r));
        }
        assert_eq!(from_rank(8), None);
    }

    #[test]
    fn a_request_s_own_level_overrides_the_session_s() {
        let log = SessionLog::default();
        let mut meta = RequestMetaObject::default();
        assert_eq!(log.threshold(&meta), None);
        log.set(LoggingLevel::Error);
        assert_eq!(log.threshold(&meta), Some(LoggingLevel::Error));
        meta.set_log_level(LoggingLevel::Debug);
        assert_eq!(log.threshold(&meta), Some(LoggingLevel::Debug));
    }

    #[test]
    fn answers_yield_their_warnings() {
        let search = json!({"results": [], "skipped_files": ["a.zim"]});
        let found = answer_warnings(&search);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0]["skipped_files"], json!(["a.zim"]));
        let health = json!({"status": "degraded", "health": {"unreadable_archives": ["b.zim"],
            "warnings": ["No ZIM files found"]}});
        let found = answer_warnings(&health);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(answer_warnings(&json!({"skipped_files": [], "warnings": []})).is_empty());
        assert!(answer_warnings(&json!(["warnings"])).is_empty());
    }

    #[test]
    fn events_of_a_capturing_thread_reach_its_call_only() {
        let subscriber = tracing_subscriber::registry().with(CaptureLayer);
        tracing::subscriber::with_default(subscriber, || {
            let (tx, mut rx) = capture_channel();
            capturing(tx, LoggingLevel::Info, || {
                tracing::warn!(archive = "x.zim", "index not used");
                tracing::debug!("below the threshold");
                tracing::info!("read /home/someone/secret/a.zim");
            });
            // After the call the thread captures nothing.
            tracing::warn!("after the call");
            let first = rx.try_recv().expect("the warning");
            assert_eq!(first.level, LoggingLevel::Warning);
            assert_eq!(first.message, "index not used archive=x.zim");
            let second = rx.try_recv().expect("the info event");
            assert!(
                !second.message.contains("/home/someone"),
                "{}",
                second.message
            );
            assert!(rx.try_recv().is_err());
        });
    }

    #[test]
    fn the_heartbeat_reads_the_environment() {
        assert_eq!(heartbeat(|_| None), DEFAULT_HEARTBEAT);
        assert_eq!(
            heartbeat(|_| Some("250".into())),
            Duration::from_millis(250)
        );
        assert_eq!(heartbeat(|_| Some("0".into())), Duration::from_millis(10));
        assert_eq!(heartbeat(|_| Some("soon".into())), DEFAULT_HEARTBEAT);
    }
}
