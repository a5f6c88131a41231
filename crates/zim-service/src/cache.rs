//! The result cache: one LRU + TTL cache of tool results (JSON) shared by the tools and the
//! search backend, bounded by an entry count and a byte budget, with hit/miss statistics for
//! `zim_health` and optional persistence to disk across restarts.
//!
//! Both bounds through one weight ([`Bounds`], which the renderer's parsed-page cache uses
//! too): an entry weighs its JSON size, but never less than `max_bytes / max_size`, and the
//! capacity is `max_bytes`. So at most `max_size` entries fit, and together they never exceed
//! `max_bytes`.
//!
//! Keys carry the archive's uuid wherever the value depends on an archive, so a replaced
//! archive never serves its predecessor's results, in memory or from a saved file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use moka::Expiry;
use moka::policy::EvictionPolicy;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::config::CacheConfig;
use crate::redact::redact_paths;

/// Marks a saved cache as ours (openzim-mcp writes a different format, maybe to the same
/// path when a user points both servers at one `persistence_path`).
const FILE_FORMAT: &str = "zim-mcp-result-cache";
const FILE_VERSION: u32 = 1;
/// A saved cache larger than this is not read (a corrupt or foreign file).
const MAX_FILE_BYTES: u64 = 1 << 30;

#[derive(Clone)]
struct Cached {
    value: Arc<Value>,
    /// Serialized size, the entry's weight.
    bytes: u32,
    expires_at: SystemTime,
}

/// Each entry lives until its own deadline: a full TTL when computed, what remained of it when
/// loaded from disk.
struct UntilDeadline;

impl Expiry<String, Cached> for UntilDeadline {
    fn expire_after_create(&self, _: &String, value: &Cached, _: Instant) -> Option<Duration> {
        Some(
            value
                .expires_at
                .duration_since(SystemTime::now())
                .unwrap_or(Duration::ZERO),
        )
    }
}

pub struct ResultCache {
    config: CacheConfig,
    inner: moka::sync::Cache<String, Cached>,
    /// JSON bytes of the entries held: added on insert, taken off by the eviction listener
    /// (every removal: replaced, expired, evicted, refused), so `zim_health` reads it instead
    /// of walking the whole cache.
    held_bytes: Arc<AtomicU64>,
    hits: AtomicU64,
    misses: AtomicU64,
    /// Where the cache is saved, when persistence is on and usable.
    file: Option<PathBuf>,
    /// Why persistence is off although configured on (shown by `zim_health`).
    persistence_error: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CacheStats {
    pub enabled: bool,
    pub size: u64,
    pub max_size: u64,
    pub ttl_seconds: u64,
    pub hits: u64,
    pub misses: u64,
    pub hit_rate: f64,
    /// Approximate bytes held (JSON size of the cached results).
    pub bytes: u64,
    pub max_bytes: u64,
    pub persistence_enabled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub persistence_error: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct SavedCache {
    format: String,
    version: u32,
    entries: Vec<SavedEntry>,
}

#[derive(Serialize, Deserialize)]
struct SavedEntry {
    key: String,
    value: Value,
    /// Seconds since the Unix epoch.
    expires_at: f64,
}

/// Counts serialized bytes without keeping them.
struct ByteCounter(u64);

impl Write for ByteCounter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 = self.0.saturating_add(buf.len() as u64);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn json_size(value: &Value) -> u32 {
    let mut counter = ByteCounter(0);
    let _ = serde_json::to_writer(&mut counter, value);
    u32::try_from(counter.0).unwrap_or(u32::MAX)
}

fn unix_seconds(time: SystemTime) -> f64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

fn from_unix_seconds(seconds: f64) -> Option<SystemTime> {
    let d = Duration::try_from_secs_f64(seconds).ok()?;
    UNIX_EPOCH.checked_add(d)
}

/// An entry count and a byte budget enforced through one moka weight: an entry weighs its size
/// but never less than `max_bytes / max_entries`, and the capacity is `max_bytes`, so at most
/// `max_entries` fit and together they stay within `max_bytes` (one heavier than the whole
/// budget is not kept). `max_bytes == 0` keeps the count alone: every entry weighs 1.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    capacity: u64,
    /// The least an entry weighs; `None` when only the count is bounded.
    floor: Option<u64>,
}

impl Bounds {
    pub(crate) fn new(max_entries: u64, max_bytes: u64) -> Self {
        if max_bytes == 0 {
            Self {
                capacity: max_entries,
                floor: None,
            }
        } else {
            Self {
                capacity: max_bytes,
                floor: Some(max_bytes / max_entries.max(1)),
            }
        }
    }

    /// The cache's `max_capacity`.
    pub(crate) fn capacity(self) -> u64 {
        self.capacity
    }

    /// The weight of an entry of `bytes` bytes.
    pub(crate) fn weight(self, bytes: u64) -> u32 {
        match self.floor {
            Some(floor) => u32::try_from(bytes.max(floor)).unwrap_or(u32::MAX),
            None => 1,
        }
    }
}

impl ResultCache {
    pub fn new(config: CacheConfig) -> Self {
        let bounds = Bounds::new(config.max_size, config.max_bytes);
        let held_bytes = Arc::new(AtomicU64::new(0));
        let released = Arc::clone(&held_bytes);
        let inner = moka::sync::Cache::builder()
            .max_capacity(bounds.capacity())
            .eviction_listener(move |_key, value: Cached, _cause| {
                // Saturating: a removal is never counted before its insertion, but a wrapped
                // counter would show absurd figures if that ever changed.
                let _ = released.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| {
                    Some(held.saturating_sub(u64::from(value.bytes)))
                });
            })
            .weigher(move |_: &String, v: &Cached| bounds.weight(u64::from(v.bytes)))
            .eviction_policy(EvictionPolicy::lru())
            .expire_after(UntilDeadline)
            .build();
        let (file, persistence_error) = if config.enabled && config.persistence_enabled {
            match prepare_file(&config) {
                Ok(file) => (Some(file), None),
                Err(err) => {
                    tracing::warn!("cache persistence is off: {err}");
                    (None, Some(err))
                }
            }
        } else {
            (None, None)
        };
        let cache = Self {
            config,
            inner,
            held_bytes,
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            file,
            persistence_error,
        };
        cache.load();
        cache
    }

    pub fn get(&self, key: &str) -> Option<Arc<Value>> {
        if !self.config.enabled {
            return None;
        }
        let found = self.inner.get(key).map(|c| c.value);
        let counter = if found.is_some() {
            &self.hits
        } else {
            &self.misses
        };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    /// The value for `key` without counting the lookup (the caller counts what it makes of it).
    pub fn get_uncounted(&self, key: &str) -> Option<Arc<Value>> {
        if !self.config.enabled {
            return None;
        }
        self.inner.get(key).map(|c| c.value)
    }

    /// Count a lookup made in a cache layered below this one (the renderer's parsed pages),
    /// so the statistics tell how often any repeated work was avoided.
    pub fn count_lookup(&self, hit: bool) {
        if self.config.enabled {
            let counter = if hit { &self.hits } else { &self.misses };
            counter.fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn insert(&self, key: String, value: Arc<Value>) {
        if !self.config.enabled {
            return;
        }
        let ttl = Duration::from_secs(self.config.ttl_seconds);
        let Some(expires_at) = SystemTime::now().checked_add(ttl) else {
            return;
        };
        let bytes = json_size(&value);
        // One answer may not crowd out most of the others (a 10 MB binary fetch in a 64 MB
        // cache): nothing above an eighth of the byte budget is kept.
        if self.config.max_bytes > 0 && u64::from(bytes) > self.config.max_bytes / 8 {
            return;
        }
        self.put(
            key,
            Cached {
                value,
                bytes,
                expires_at,
            },
        );
    }

    /// Inserts, counting the entry's bytes (the eviction listener takes them off again).
    fn put(&self, key: String, entry: Cached) {
        self.held_bytes
            .fetch_add(u64::from(entry.bytes), Ordering::Relaxed);
        self.inner.insert(key, entry);
    }

    /// Cached value for `key`, computing and storing it on a miss. Errors are not cached.
    pub fn get_or_try_insert<E>(
        &self,
        key: &str,
        compute: impl FnOnce() -> Result<Value, E>,
    ) -> Result<Arc<Value>, E> {
        if let Some(hit) = self.get(key) {
            return Ok(hit);
        }
        let value = Arc::new(compute()?);
        self.insert(key.to_owned(), Arc::clone(&value));
        Ok(value)
    }

    pub fn stats(&self) -> CacheStats {
        self.inner.run_pending_tasks();
        let hits = self.hits.load(Ordering::Relaxed);
        let misses = self.misses.load(Ordering::Relaxed);
        let total = hits.saturating_add(misses);
        CacheStats {
            enabled: self.config.enabled,
            size: self.inner.entry_count(),
            max_size: self.config.max_size,
            ttl_seconds: self.config.ttl_seconds,
            hits,
            misses,
            hit_rate: if total == 0 {
                0.0
            } else {
                hits as f64 / total as f64
            },
            bytes: self.held_bytes.load(Ordering::Relaxed),
            max_bytes: self.config.max_bytes,
            persistence_enabled: self.file.is_some(),
            persistence_error: self.persistence_error.clone(),
        }
    }

    /// Write the live entries to the persistence file (atomically: a temporary file renamed
    /// over it). Returns how many were saved; `Ok(0)` when persistence is off.
    pub fn save(&self) -> Result<usize, String> {
        let Some(file) = &self.file else {
            return Ok(0);
        };
        let now = SystemTime::now();
        let entries: Vec<SavedEntry> = self
            .inner
            .iter()
            // Kept call answers hold local file paths and are checked against this process's
            // archive list: they are not worth a restart.
            .filter(|(key, c)| c.expires_at > now && !key.starts_with(crate::memo::MEMO_PREFIX))
            .map(|(key, c)| SavedEntry {
                key: key.as_ref().clone(),
                value: Value::clone(&c.value),
                expires_at: unix_seconds(c.expires_at),
            })
            .collect();
        let saved = SavedCache {
            format: FILE_FORMAT.to_owned(),
            version: FILE_VERSION,
            entries,
        };
        let count = saved.entries.len();
        let mut temp = file.clone().into_os_string();
        temp.push(format!(".{}.tmp", std::process::id()));
        let temp = PathBuf::from(temp);
        let written = std::fs::File::create(&temp).and_then(|f| {
            let mut out = std::io::BufWriter::new(f);
            serde_json::to_writer(&mut out, &saved).map_err(std::io::Error::other)?;
            out.flush()
        });
        let result = written.and_then(|()| std::fs::rename(&temp, file));
        if let Err(err) = result {
            let _ = std::fs::remove_file(&temp);
            return Err(redact_paths(&format!(
                "cannot save the cache to {}: {err}",
                file.display()
            )));
        }
        Ok(count)
    }

    /// Read the persistence file, if any: entries still alive are restored; a missing file is
    /// normal, an unreadable or foreign one is skipped with a warning.
    fn load(&self) {
        let Some(file) = &self.file else {
            return;
        };
        match read_saved(file) {
            Ok(None) => {}
            Ok(Some(saved)) => {
                let now = SystemTime::now();
                let mut restored = 0usize;
                for entry in saved.entries {
                    let Some(expires_at) = from_unix_seconds(entry.expires_at) else {
                        continue;
                    };
                    // A deadline beyond one TTL from now comes from a clock that moved back
                    // or from an edited file: capped, so nothing outlives its TTL.
                    let latest = now + Duration::from_secs(self.config.ttl_seconds);
                    if expires_at <= now {
                        continue;
                    }
                    let value = Arc::new(entry.value);
                    let bytes = json_size(&value);
                    self.put(
                        entry.key,
                        Cached {
                            value,
                            bytes,
                            expires_at: expires_at.min(latest),
                        },
                    );
                    restored += 1;
                }
                tracing::info!("restored {restored} cached results");
            }
            Err(err) => tracing::warn!("{}", redact_paths(&err)),
        }
    }
}

/// The persistence file for `config`, its directory created.
fn prepare_file(config: &CacheConfig) -> Result<PathBuf, String> {
    let file = match &config.persistence_path {
        Some(path) => {
            let path = expand_home(path)?;
            if path.extension().is_some_and(|e| e == "json") {
                path
            } else {
                let mut name = path.into_os_string();
                name.push(".json");
                PathBuf::from(name)
            }
        }
        None => default_cache_dir()?.join(format!("zim-mcp-cache-{}.json", fingerprint(config))),
    };
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|err| redact_paths(&format!("cannot create {}: {err}", dir.display())))?;
    }
    Ok(file)
}

fn expand_home(path: &Path) -> Result<PathBuf, String> {
    match path.strip_prefix("~") {
        Ok(rest) => Ok(home()?.join(rest)),
        Err(_) => Ok(path.to_path_buf()),
    }
}

fn home() -> Result<PathBuf, String> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .ok_or_else(|| "HOME is not set; set cache.persistence_path".to_owned())
}

/// `$XDG_CACHE_HOME`, else `~/.cache`.
fn default_cache_dir() -> Result<PathBuf, String> {
    match std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        Some(dir) => Ok(PathBuf::from(dir)),
        None => Ok(home()?.join(".cache")),
    }
}

/// Servers with different cache settings get different default files, so they do not
/// overwrite each other's.
fn fingerprint(config: &CacheConfig) -> String {
    let shape = format!(
        "{}:{}:{}",
        config.max_size, config.max_bytes, config.ttl_seconds
    );
    Sha256::digest(shape.as_bytes())
        .iter()
        .take(4)
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn read_saved(file: &Path) -> Result<Option<SavedCache>, String> {
    let describe = |what: &str| format!("ignoring the saved cache {}: {what}", file.display());
    let metadata = match std::fs::metadata(file) {
        Ok(m) => m,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(describe(&err.to_string())),
    };
    if metadata.len() > MAX_FILE_BYTES {
        return Err(describe("larger than 1 GiB"));
    }
    let bytes = std::fs::read(file).map_err(|err| describe(&err.to_string()))?;
    let saved: SavedCache =
        serde_json::from_slice(&bytes).map_err(|_| describe("not a zim-mcp cache file"))?;
    if saved.format != FILE_FORMAT || saved.version != FILE_VERSION {
        return Err(describe("not a zim-mcp cache file of this version"));
    }
    Ok(Some(saved))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn value(v: Value) -> Arc<Value> {
        Arc::new(v)
    }

    #[test]
    fn hits_and_misses_are_counted() {
        let cache = ResultCache::new(CacheConfig::default());
        assert!(cache.get("a").is_none());
        cache.insert("a".into(), value(json!(1)));
        assert_eq!(*cache.get("a").unwrap(), json!(1));
        let computed: Result<_, ()> = cache.get_or_try_insert("b", || Ok(json!(2)));
        assert_eq!(*computed.unwrap(), json!(2));
        let again: Result<_, ()> = cache.get_or_try_insert("b", || Err(()));
        assert_eq!(*again.unwrap(), json!(2));
        let stats = cache.stats();
        assert_eq!((stats.hits, stats.misses, stats.size), (2, 2, 2));
        assert_eq!(stats.hit_rate, 0.5);
        assert_eq!(stats.bytes, 2);
    }

    #[test]
    fn disabled_cache_stores_nothing() {
        let cache = ResultCache::new(CacheConfig {
            enabled: false,
            ..CacheConfig::default()
        });
        cache.insert("a".into(), value(json!(1)));
        assert!(cache.get("a").is_none());
        let failed: Result<_, &str> = cache.get_or_try_insert("x", || Err("boom"));
        assert_eq!(failed.unwrap_err(), "boom");
        assert_eq!(cache.stats().size, 0);
    }

    #[test]
    fn entry_count_is_bounded() {
        let cache = ResultCache::new(CacheConfig {
            max_size: 10,
            ..CacheConfig::default()
        });
        for i in 0..100 {
            cache.insert(format!("k{i}"), value(json!(i)));
        }
        assert!(cache.stats().size <= 10, "{:?}", cache.stats());
        // LRU, not frequency-based admission: the newest entry is kept.
        assert!(cache.get("k99").is_some());
    }

    #[test]
    fn byte_budget_is_bounded() {
        let cache = ResultCache::new(CacheConfig {
            max_size: 1000,
            max_bytes: 10_000,
            ..CacheConfig::default()
        });
        let big = "x".repeat(1_000);
        for i in 0..40 {
            cache.insert(format!("k{i}"), value(json!(big)));
        }
        let stats = cache.stats();
        assert!(stats.bytes <= 10_000, "{stats:?}");
        assert!(stats.size >= 1 && stats.size <= 10, "{stats:?}");
        // An entry above an eighth of the budget is not kept at all.
        cache.insert("huge".into(), value(json!("y".repeat(1_300))));
        assert!(cache.get("huge").is_none());
        assert!(cache.get("k39").is_some(), "nothing was evicted for it");
    }

    #[test]
    fn held_bytes_follow_inserts_replacements_and_evictions() {
        let cache = ResultCache::new(CacheConfig {
            max_size: 1000,
            max_bytes: 10_000,
            ..CacheConfig::default()
        });
        let walked = |cache: &ResultCache| -> u64 {
            cache.inner.iter().map(|(_, c)| u64::from(c.bytes)).sum()
        };
        cache.insert("a".into(), value(json!("x".repeat(100))));
        cache.insert("a".into(), value(json!("x".repeat(300))));
        assert_eq!(cache.stats().bytes, 302);
        for i in 0..40 {
            cache.insert(format!("k{i}"), value(json!("z".repeat(900))));
        }
        let stats = cache.stats();
        assert!(stats.bytes <= 10_000, "{stats:?}");
        assert_eq!(stats.bytes, walked(&cache));
        cache.inner.invalidate_all();
        assert_eq!(cache.stats().bytes, 0);
    }

    #[test]
    fn saved_results_come_back_after_a_restart_and_foreign_files_are_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let config = CacheConfig {
            persistence_enabled: true,
            persistence_path: Some(dir.path().join("results")),
            ..CacheConfig::default()
        };
        let first = ResultCache::new(config.clone());
        first.insert("uuid:search".into(), value(json!({"results": [1, 2]})));
        assert_eq!(first.save(), Ok(1));
        assert!(dir.path().join("results.json").is_file());
        let second = ResultCache::new(config.clone());
        assert_eq!(
            second.get("uuid:search").as_deref(),
            Some(&json!({"results": [1, 2]}))
        );
        assert!(second.stats().persistence_enabled);

        // openzim-mcp's own format (or garbage) at that path is skipped, not fatal.
        std::fs::write(
            dir.path().join("results.json"),
            br#"{"version": 1, "entries": {}}"#,
        )
        .unwrap();
        let third = ResultCache::new(config.clone());
        assert!(third.get("uuid:search").is_none());
        std::fs::write(dir.path().join("results.json"), b"\xff\x00garbage").unwrap();
        assert!(ResultCache::new(config).get("uuid:search").is_none());
    }

    #[test]
    fn expired_saved_results_are_dropped_and_deadlines_are_capped() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("c.json");
        let now = unix_seconds(SystemTime::now());
        let saved = json!({
            "format": FILE_FORMAT, "version": FILE_VERSION,
            "entries": [
                {"key": "old", "value": 1, "expires_at": now - 10.0},
                {"key": "far", "value": 2, "expires_at": now + 1e9},
                {"key": "bad", "value": 3, "expires_at": -5.0},
            ]
        });
        std::fs::write(&file, saved.to_string()).unwrap();
        let cache = ResultCache::new(CacheConfig {
            persistence_enabled: true,
            persistence_path: Some(file),
            ..CacheConfig::default()
        });
        assert!(cache.get("old").is_none());
        assert!(cache.get("bad").is_none());
        assert_eq!(cache.get("far").as_deref(), Some(&json!(2)));
    }

    #[test]
    fn an_unusable_directory_turns_persistence_off_with_a_reason_and_no_path() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, b"").unwrap();
        let cache = ResultCache::new(CacheConfig {
            persistence_enabled: true,
            persistence_path: Some(blocker.join("sub").join("cache")),
            ..CacheConfig::default()
        });
        let stats = cache.stats();
        assert!(!stats.persistence_enabled);
        let reason = stats.persistence_error.unwrap();
        assert!(reason.contains("cannot create"), "{reason}");
        assert!(
            !reason.contains(&dir.path().display().to_string()),
            "{reason}"
        );
        assert_eq!(cache.save(), Ok(0));
    }
}
