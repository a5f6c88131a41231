//! The archives' knowledge indexes (`zim-index` sidecars), opened when present and used by
//! the tools that profit from them: inbound links, the question pipeline's section search,
//! health. An archive without one works as before.
//!
//! A sidecar is looked up beside its archive, then in the cache directory; it is used only
//! when its manifest names the archive it sits beside (UUID, checksum, entry count, format).
//! Lookups are kept per archive identity (the same stamp that reopens a replaced archive), so
//! a replaced archive never answers from its predecessor's index, and an absent one is
//! looked for again after [`RECHECK`], so an index built while the server runs is picked up.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use serde_json::{Value, json};
use zim_index::{KnowledgeIndex, Status};

use crate::registry::OpenArchive;

/// How long an archive found without a usable index waits before it is looked at again.
const RECHECK: Duration = Duration::from_secs(10);
/// Archives whose lookups are kept at most.
const MAX_KEPT: usize = 4096;

enum Lookup {
    Open(Arc<KnowledgeIndex>),
    Missing { since: Instant, status: Status },
}

pub struct KnowledgeIndexes {
    cache_dir: Option<PathBuf>,
    kept: Mutex<HashMap<(PathBuf, String), Lookup>>,
}

impl KnowledgeIndexes {
    pub fn new(cache_dir: Option<PathBuf>) -> Self {
        Self {
            cache_dir,
            kept: Mutex::new(HashMap::new()),
        }
    }

    pub fn cache_dir(&self) -> Option<&std::path::Path> {
        self.cache_dir.as_deref()
    }

    fn key(open: &OpenArchive) -> (PathBuf, String) {
        let stamp = open
            .archive
            .opened_metadata()
            .map(|m| crate::identity::stamp(&m))
            .unwrap_or_default();
        (
            open.file.path.clone(),
            format!("{}:{stamp}", open.archive.uuid()),
        )
    }

    /// The archive's index, when a matching sidecar exists.
    pub fn get(&self, open: &OpenArchive) -> Option<Arc<KnowledgeIndex>> {
        let key = Self::key(open);
        {
            let kept = self.kept.lock();
            match kept.get(&key) {
                Some(Lookup::Open(index)) => return Some(index.clone()),
                Some(Lookup::Missing { since, .. }) if since.elapsed() < RECHECK => return None,
                _ => {}
            }
        }
        let location = zim_index::locate(&open.file.path, &open.archive, self.cache_dir());
        for (dir, reason) in &location.stale {
            tracing::warn!(
                archive = %open.file.display,
                sidecar = %dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
                %reason,
                "knowledge index ignored: it does not match the archive"
            );
        }
        let found = match &location.status {
            Status::Present { dir } => match KnowledgeIndex::open(dir, &open.archive) {
                Ok(index) => Lookup::Open(Arc::new(index)),
                Err(e) => Lookup::Missing {
                    since: Instant::now(),
                    status: Status::Stale {
                        dir: dir.clone(),
                        reason: e.to_string(),
                    },
                },
            },
            other => Lookup::Missing {
                since: Instant::now(),
                status: other.clone(),
            },
        };
        let result = match &found {
            Lookup::Open(index) => Some(index.clone()),
            Lookup::Missing { .. } => None,
        };
        let mut kept = self.kept.lock();
        if kept.len() >= MAX_KEPT {
            kept.clear();
        }
        // Entries of this file under an older identity go: it was replaced.
        kept.retain(|(path, _), _| path != &key.0);
        kept.insert(key, found);
        result
    }

    /// The index's state for health reports: present (with its size and counts), stale
    /// (why), building (progress) or absent.
    pub fn status(&self, open: &OpenArchive) -> Value {
        if let Some(index) = self.get(open) {
            let m = &index.manifest;
            return json!({
                "state": "present",
                "size_bytes": index.size_bytes,
                "pages": m.pages,
                "sections": m.sections,
                "links": m.links,
                "built_at": m.built_at,
                "format": m.format,
            });
        }
        let status = {
            let kept = self.kept.lock();
            match kept.get(&Self::key(open)) {
                Some(Lookup::Missing { status, .. }) => status.clone(),
                _ => Status::Absent,
            }
        };
        match status {
            Status::Building { progress } => json!({
                "state": "building",
                "pages_done": progress.pages_done,
                "pages_total": progress.pages_total,
                "pages_per_second": progress.pages_per_second,
                "eta_seconds": progress.eta_seconds,
            }),
            Status::Stale { reason, .. } => json!({
                "state": "stale",
                "reason": crate::redact::redact_paths(&reason),
            }),
            Status::Present { .. } | Status::Absent => json!({"state": "absent"}),
        }
    }
}
