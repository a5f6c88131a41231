//! Live updates of the `zim://` resources.
//!
//! A polling watcher (every `watch_interval_seconds`, 1-60) compares snapshots of the allowed
//! directories (name, size, mtime; a same-size replacement changes the mtime). When archives
//! appear or disappear every session gets `notifications/resources/list_changed`, and
//! subscribers of `zim://files` get `notifications/resources/updated`; a replaced archive
//! sends `updated` to the subscribers of its `zim://{name}`.
//!
//! Two ways to listen: `resources/subscribe` (protocol versions up to 2025-11-25; list
//! changes go to every initialized session) and `subscriptions/listen` streams (2026-07-28),
//! which carry exactly what their accepted filter names.
//!
//! Delivery is concurrent, each send bounded by [`SEND_TIMEOUT`], and runs in its own task:
//! a subscriber that stops reading delays neither the other subscribers nor the watcher.

use std::collections::{BTreeMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, SystemTime};

use futures::future::join_all;
use parking_lot::Mutex;
use rmcp::RoleServer;
use rmcp::model::ResourceUpdatedNotificationParam;
use rmcp::service::{Peer, SubscriptionSink};
use tokio_util::sync::CancellationToken;
use zim_service::ZimService;
use zim_service::resources::FILES_URI;

/// Longest wait for one notification to one subscriber.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(5);

/// What one MCP session subscribed to, and how to reach it.
#[derive(Default)]
pub struct SessionSubscriptions {
    /// URIs subscribed with `resources/subscribe` (protocol versions up to 2025-11-25).
    uris: Mutex<HashSet<String>>,
    /// The session's peer, known from `initialized` or the first `resources/subscribe`.
    peer: Mutex<Option<Peer<RoleServer>>>,
    /// Open `subscriptions/listen` streams (2026-07-28); each sink applies its own filter.
    sinks: Mutex<Vec<(u64, SubscriptionSink)>>,
    next_sink: AtomicU64,
}

impl SessionSubscriptions {
    /// Keep `sink` until [`remove_sink`](Self::remove_sink) with the returned key.
    pub fn add_sink(&self, sink: SubscriptionSink) -> u64 {
        let key = self.next_sink.fetch_add(1, Ordering::Relaxed);
        self.sinks.lock().push((key, sink));
        key
    }

    pub fn remove_sink(&self, key: u64) {
        self.sinks.lock().retain(|(k, _)| *k != key);
    }

    /// Remember the session's peer (for `list_changed`, which needs no subscription).
    pub fn set_peer(&self, peer: Peer<RoleServer>) {
        *self.peer.lock() = Some(peer);
    }

    pub fn subscribe(&self, uri: String, peer: Peer<RoleServer>) {
        self.uris.lock().insert(uri);
        self.set_peer(peer);
    }

    pub fn unsubscribe(&self, uri: &str) {
        self.uris.lock().remove(uri);
    }

    pub fn is_subscribed(&self, uri: &str) -> bool {
        self.uris.lock().contains(uri)
    }
}

/// A change the watcher found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Archives appeared or disappeared: the resource list changed.
    ListChanged,
    /// The content behind this URI changed.
    Updated(String),
}

/// Every live session's subscriptions; sessions are held weakly and vanish with them.
#[derive(Clone, Default)]
pub struct SubscriptionHub {
    sessions: Arc<Mutex<Vec<Weak<SessionSubscriptions>>>>,
}

/// One pending delivery.
enum Delivery {
    Peer(Peer<RoleServer>),
    Sink(SubscriptionSink),
}

impl SubscriptionHub {
    pub fn register(&self) -> Arc<SessionSubscriptions> {
        let session = Arc::new(SessionSubscriptions::default());
        let mut sessions = self.sessions.lock();
        sessions.retain(|s| s.strong_count() > 0);
        sessions.push(Arc::downgrade(&session));
        session
    }

    fn live(&self) -> Vec<Arc<SessionSubscriptions>> {
        self.sessions
            .lock()
            .iter()
            .filter_map(Weak::upgrade)
            .collect()
    }

    /// Who should hear about `change`.
    fn recipients(&self, change: &Change) -> Vec<Delivery> {
        let mut out = Vec::new();
        for session in self.live() {
            for (_, sink) in session.sinks.lock().iter() {
                let accepted = sink.accepted();
                let wanted = match change {
                    Change::ListChanged => accepted.resources_list_changed == Some(true),
                    Change::Updated(uri) => accepted
                        .resource_subscriptions
                        .as_ref()
                        .is_some_and(|uris| uris.iter().any(|u| u == uri)),
                };
                if wanted {
                    out.push(Delivery::Sink(sink.clone()));
                }
            }
            let wanted = match change {
                Change::ListChanged => true,
                Change::Updated(uri) => session.is_subscribed(uri),
            };
            if wanted && let Some(peer) = session.peer.lock().clone() {
                out.push(Delivery::Peer(peer));
            }
        }
        out
    }

    /// Send `change` to everyone concerned, concurrently; each send gives up after
    /// `timeout`. Returns how many sends succeeded.
    pub async fn notify(&self, change: &Change, timeout: Duration) -> usize {
        let sends: Vec<Send> = self
            .recipients(change)
            .into_iter()
            .map(|to| -> Send {
                let change = change.clone();
                Box::pin(async move {
                    match (to, change) {
                        (Delivery::Peer(peer), Change::ListChanged) => {
                            peer.notify_resource_list_changed().await.is_ok()
                        }
                        (Delivery::Peer(peer), Change::Updated(uri)) => peer
                            .notify_resource_updated(ResourceUpdatedNotificationParam::new(uri))
                            .await
                            .is_ok(),
                        (Delivery::Sink(sink), Change::ListChanged) => {
                            sink.notify_resource_list_changed().await.is_ok()
                        }
                        (Delivery::Sink(sink), Change::Updated(uri)) => {
                            sink.notify_resource_updated(uri).await.is_ok()
                        }
                    }
                })
            })
            .collect();
        deliver_all(sends, timeout).await
    }
}

/// One send to one subscriber; `true` when delivered.
type Send = Pin<Box<dyn Future<Output = bool> + std::marker::Send>>;

/// Run every send at once, each bounded by `timeout`, so one subscriber that stopped
/// reading costs the others nothing. Returns how many were delivered.
async fn deliver_all(sends: Vec<Send>, timeout: Duration) -> usize {
    let bounded = sends.into_iter().map(|send| async move {
        let delivered = tokio::time::timeout(timeout, send).await == Ok(true);
        if !delivered {
            tracing::debug!("a subscriber did not take a notification in time");
        }
        delivered
    });
    join_all(bounded).await.into_iter().filter(|ok| *ok).count()
}

/// Every served archive's name with its size and modification time.
pub type Snapshot = BTreeMap<String, (u64, Option<SystemTime>)>;

/// Scan the allowed directories now (blocking: it lists them).
fn snapshot(service: &ZimService) -> Snapshot {
    snapshot_of(&service.registry().rescan())
}

/// The archives the service found when it started (its registry's last scan, no new one):
/// the watcher's starting point, taken before the first client can connect.
pub fn baseline(service: &ZimService) -> Snapshot {
    snapshot_of(&service.registry().files())
}

fn snapshot_of(files: &[zim_service::paths::ArchiveFile]) -> Snapshot {
    files
        .iter()
        .map(|f| (f.name.clone(), (f.size, f.modified)))
        .collect()
}

/// What changed between two snapshots: the list (archives added or removed, which also
/// updates `zim://files`) and every archive whose size or mtime differs.
pub fn changes(before: &Snapshot, after: &Snapshot) -> Vec<Change> {
    let mut out = Vec::new();
    if before.keys().ne(after.keys()) {
        out.push(Change::ListChanged);
        out.push(Change::Updated(FILES_URI.to_owned()));
    }
    let names: std::collections::BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    for name in names {
        if before.get(name) != after.get(name) {
            let stem = name.strip_suffix(".zim").unwrap_or(name);
            out.push(Change::Updated(format!("zim://{stem}")));
        }
    }
    out
}

/// Poll the allowed directories until `stop` is cancelled, reporting every change from
/// `baseline` on. The caller takes the baseline before it serves anyone: a change made after
/// a client connected must never be folded into the watcher's starting point unseen.
pub async fn watch(
    service: Arc<ZimService>,
    hub: SubscriptionHub,
    stop: CancellationToken,
    baseline: Snapshot,
) {
    let seconds = u64::try_from(service.config().watch_interval_seconds)
        .unwrap_or(5)
        .clamp(1, 60);
    let mut last = baseline;
    loop {
        tokio::select! {
            _ = stop.cancelled() => return,
            _ = tokio::time::sleep(Duration::from_secs(seconds)) => {}
        }
        let scan = Arc::clone(&service);
        let Ok(now) = tokio::task::spawn_blocking(move || snapshot(&scan)).await else {
            return;
        };
        let found = changes(&last, &now);
        if !found.is_empty() {
            // Delivered in its own task: the next scan never waits for a slow client.
            let hub = hub.clone();
            tokio::spawn(async move {
                for change in found {
                    tracing::info!("resource change: {change:?}");
                    hub.notify(&change, SEND_TIMEOUT).await;
                }
            });
        }
        last = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_differences_become_changes() {
        let t = SystemTime::UNIX_EPOCH;
        let later = t + Duration::from_secs(1);
        let before: Snapshot = [
            ("a.zim".to_owned(), (1, Some(t))),
            ("b.zim".to_owned(), (2, Some(t))),
        ]
        .into();
        assert!(changes(&before, &before).is_empty());
        let mut replaced = before.clone();
        replaced.insert("a.zim".into(), (1, Some(later)));
        assert_eq!(
            changes(&before, &replaced),
            vec![Change::Updated("zim://a".into())]
        );
        let mut added = before.clone();
        added.insert("c.zim".into(), (3, Some(t)));
        assert_eq!(
            changes(&before, &added),
            vec![
                Change::ListChanged,
                Change::Updated("zim://files".into()),
                Change::Updated("zim://c".into())
            ]
        );
        let mut removed = before.clone();
        removed.remove("b.zim");
        assert_eq!(
            changes(&before, &removed),
            vec![
                Change::ListChanged,
                Change::Updated("zim://files".into()),
                Change::Updated("zim://b".into())
            ]
        );
    }

    #[test]
    fn sessions_vanish_with_their_handlers() {
        let hub = SubscriptionHub::default();
        let kept = hub.register();
        drop(hub.register());
        assert_eq!(hub.live().len(), 1);
        kept.subscribe_uri_for_test("zim://files");
        assert!(kept.is_subscribed("zim://files"));
        kept.unsubscribe("zim://files");
        assert!(!kept.is_subscribed("zim://files"));
        // No peer and no sink: nobody to deliver to.
        assert!(hub.recipients(&Change::ListChanged).is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn a_stalled_subscriber_does_not_hold_up_the_others() {
        // Virtual time (paused clock): "before the timeout" is exact, not a wall-clock race.
        let start = tokio::time::Instant::now();
        let delivered_at = Arc::new(Mutex::new(Vec::new()));
        let mut sends: Vec<Send> = vec![Box::pin(std::future::pending::<bool>())];
        for _ in 0..3 {
            let delivered_at = Arc::clone(&delivered_at);
            sends.push(Box::pin(async move {
                delivered_at.lock().push(tokio::time::Instant::now());
                true
            }));
        }
        // The stalled send comes first: one-by-one delivery would make the others wait
        // for its timeout.
        let delivered = deliver_all(sends, SEND_TIMEOUT).await;
        assert_eq!(delivered, 3);
        let times = delivered_at.lock().clone();
        assert_eq!(times.len(), 3);
        assert!(times.iter().all(|t| t.duration_since(start) < SEND_TIMEOUT));
    }

    impl SessionSubscriptions {
        fn subscribe_uri_for_test(&self, uri: &str) {
            self.uris.lock().insert(uri.to_owned());
        }
    }
}
