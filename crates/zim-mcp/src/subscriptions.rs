//! Resource subscriptions: clients subscribe to `zim://files` or `zim://{name}` and get
//! `notifications/resources/updated` when an archive is added, removed or replaced.
//!
//! A polling watcher (every `watch_interval_seconds`) compares snapshots of the allowed
//! directories (name, size, mtime), which also catches a same-size replacement.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Weak};
use std::time::{Duration, SystemTime};

use parking_lot::Mutex;
use rmcp::RoleServer;
use rmcp::model::ResourceUpdatedNotificationParam;
use rmcp::service::{Peer, SubscriptionSink};
use tokio_util::sync::CancellationToken;
use zim_service::ZimService;
use zim_service::resources::FILES_URI;

/// What one MCP session subscribed to, and how to reach it.
#[derive(Default)]
pub struct SessionSubscriptions {
    /// URIs subscribed with `resources/subscribe` (protocol versions up to 2025-11-25).
    uris: Mutex<HashSet<String>>,
    peer: Mutex<Option<Peer<RoleServer>>>,
    /// Open `subscriptions/listen` streams (2026-07-28); each sink applies its own filter.
    sinks: Mutex<Vec<(u64, SubscriptionSink)>>,
    next_sink: std::sync::atomic::AtomicU64,
}

impl SessionSubscriptions {
    /// Keep `sink` until [`remove_sink`](Self::remove_sink) with the returned key.
    pub fn add_sink(&self, sink: SubscriptionSink) -> u64 {
        let key = self
            .next_sink
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.sinks.lock().push((key, sink));
        key
    }

    pub fn remove_sink(&self, key: u64) {
        self.sinks.lock().retain(|(k, _)| *k != key);
    }

    pub fn subscribe(&self, uri: String, peer: Peer<RoleServer>) {
        self.uris.lock().insert(uri);
        *self.peer.lock() = Some(peer);
    }

    pub fn unsubscribe(&self, uri: &str) {
        self.uris.lock().remove(uri);
    }
}

/// Every live session's subscriptions; sessions are held weakly and vanish with them.
#[derive(Clone, Default)]
pub struct SubscriptionHub {
    sessions: Arc<Mutex<Vec<Weak<SessionSubscriptions>>>>,
}

impl SubscriptionHub {
    pub fn register(&self) -> Arc<SessionSubscriptions> {
        let session = Arc::new(SessionSubscriptions::default());
        let mut sessions = self.sessions.lock();
        sessions.retain(|s| s.strong_count() > 0);
        sessions.push(Arc::downgrade(&session));
        session
    }

    /// Send `updated` for `uri` to every session subscribed to it.
    async fn notify(&self, uri: &str) {
        let live: Vec<Arc<SessionSubscriptions>> = self
            .sessions
            .lock()
            .iter()
            .filter_map(Weak::upgrade)
            .collect();
        let sinks: Vec<SubscriptionSink> = live
            .iter()
            .flat_map(|s| {
                s.sinks
                    .lock()
                    .iter()
                    .map(|(_, sink)| sink.clone())
                    .collect::<Vec<_>>()
            })
            .filter(|sink| {
                sink.accepted()
                    .resource_subscriptions
                    .as_ref()
                    .is_some_and(|uris| uris.iter().any(|u| u == uri))
            })
            .collect();
        for sink in sinks {
            let sent =
                tokio::time::timeout(Duration::from_secs(5), sink.notify_resource_updated(uri))
                    .await;
            if !matches!(sent, Ok(Ok(()))) {
                tracing::debug!("could not deliver resources/updated for {uri} on a listen stream");
            }
        }
        let peers: Vec<Peer<RoleServer>> = live
            .iter()
            .filter(|s| s.uris.lock().contains(uri))
            .filter_map(|s| s.peer.lock().clone())
            .collect();
        for peer in peers {
            let param = ResourceUpdatedNotificationParam::new(uri);
            // One slow or gone client must not hold up the others.
            let sent =
                tokio::time::timeout(Duration::from_secs(5), peer.notify_resource_updated(param))
                    .await;
            if !matches!(sent, Ok(Ok(()))) {
                tracing::debug!("could not deliver resources/updated for {uri}");
            }
        }
    }
}

type Snapshot = BTreeMap<String, (u64, Option<SystemTime>)>;

fn snapshot(service: &ZimService) -> Snapshot {
    service
        .registry()
        .rescan()
        .iter()
        .map(|f| (f.name.clone(), (f.size, f.modified)))
        .collect()
}

/// The URIs whose content changed between two snapshots.
pub fn changed_uris(before: &Snapshot, after: &Snapshot) -> Vec<String> {
    let mut uris = Vec::new();
    if before.keys().ne(after.keys()) {
        uris.push(FILES_URI.to_owned());
    }
    for name in before.keys().chain(after.keys()) {
        if before.get(name) != after.get(name) {
            let stem = name.strip_suffix(".zim").unwrap_or(name);
            let uri = format!("zim://{stem}");
            if !uris.contains(&uri) {
                uris.push(uri);
            }
        }
    }
    uris
}

/// Poll the allowed directories until `stop` is cancelled.
pub async fn watch(service: Arc<ZimService>, hub: SubscriptionHub, stop: CancellationToken) {
    let seconds = u64::try_from(service.config().watch_interval_seconds)
        .unwrap_or(5)
        .clamp(1, 60);
    let scan = Arc::clone(&service);
    let mut last = match tokio::task::spawn_blocking(move || snapshot(&scan)).await {
        Ok(s) => s,
        Err(_) => return,
    };
    loop {
        tokio::select! {
            _ = stop.cancelled() => return,
            _ = tokio::time::sleep(Duration::from_secs(seconds)) => {}
        }
        let scan = Arc::clone(&service);
        let Ok(now) = tokio::task::spawn_blocking(move || snapshot(&scan)).await else {
            return;
        };
        for uri in changed_uris(&last, &now) {
            tracing::info!("resource changed: {uri}");
            hub.notify(&uri).await;
        }
        last = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_map_to_uris() {
        let t = SystemTime::UNIX_EPOCH;
        let later = t + Duration::from_secs(1);
        let before: Snapshot = [
            ("a.zim".to_owned(), (1, Some(t))),
            ("b.zim".to_owned(), (2, Some(t))),
        ]
        .into();
        assert!(changed_uris(&before, &before).is_empty());
        let mut replaced = before.clone();
        replaced.insert("a.zim".into(), (1, Some(later)));
        assert_eq!(changed_uris(&before, &replaced), vec!["zim://a"]);
        let mut added = before.clone();
        added.insert("c.zim".into(), (3, Some(t)));
        assert_eq!(
            changed_uris(&before, &added),
            vec!["zim://files", "zim://c"]
        );
        let mut removed = before.clone();
        removed.remove("b.zim");
        assert_eq!(
            changed_uris(&before, &removed),
            vec!["zim://files", "zim://b"]
        );
    }
}
