//! LRU + TTL cache for rendered tool results, with hit/miss statistics for `zim_health`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde::Serialize;

use crate::config::CacheConfig;

pub struct ResultCache {
    config: CacheConfig,
    inner: moka::sync::Cache<String, Arc<serde_json::Value>>,
    hits: AtomicU64,
    misses: AtomicU64,
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
}

impl ResultCache {
    pub fn new(config: CacheConfig) -> Self {
        let inner = moka::sync::Cache::builder()
            .max_capacity(config.max_size)
            .time_to_live(Duration::from_secs(config.ttl_seconds))
            .build();
        Self {
            config,
            inner,
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        }
    }

    pub fn get(&self, key: &str) -> Option<Arc<serde_json::Value>> {
        if !self.config.enabled {
            return None;
        }
        let found = self.inner.get(key);
        let counter = if found.is_some() {
            &self.hits
        } else {
            &self.misses
        };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    pub fn insert(&self, key: String, value: serde_json::Value) {
        if self.config.enabled {
            self.inner.insert(key, Arc::new(value));
        }
    }

    /// Cached value for `key`, computing and storing it on a miss. Errors are not cached.
    pub fn get_or_try_insert<E>(
        &self,
        key: &str,
        compute: impl FnOnce() -> Result<serde_json::Value, E>,
    ) -> Result<Arc<serde_json::Value>, E> {
        if let Some(hit) = self.get(key) {
            return Ok(hit);
        }
        let value = Arc::new(compute()?);
        if self.config.enabled {
            self.inner.insert(key.to_owned(), Arc::clone(&value));
        }
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hits_and_misses_are_counted() {
        let cache = ResultCache::new(CacheConfig::default());
        assert!(cache.get("a").is_none());
        cache.insert("a".into(), json!(1));
        assert_eq!(*cache.get("a").unwrap(), json!(1));
        let computed: Result<_, ()> = cache.get_or_try_insert("b", || Ok(json!(2)));
        assert_eq!(*computed.unwrap(), json!(2));
        let again: Result<_, ()> = cache.get_or_try_insert("b", || Err(()));
        assert_eq!(*again.unwrap(), json!(2));
        let stats = cache.stats();
        assert_eq!((stats.hits, stats.misses, stats.size), (2, 2, 2));
        assert_eq!(stats.hit_rate, 0.5);
    }

    #[test]
    fn disabled_cache_stores_nothing() {
        let cache = ResultCache::new(CacheConfig {
            enabled: false,
            ..CacheConfig::default()
        });
        cache.insert("a".into(), json!(1));
        assert!(cache.get("a").is_none());
        let failed: Result<_, &str> = cache.get_or_try_insert("x", || Err("boom"));
        assert_eq!(failed.unwrap_err(), "boom");
        assert_eq!(cache.stats().size, 0);
    }
}
