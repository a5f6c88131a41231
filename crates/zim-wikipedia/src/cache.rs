//! The response cache: keys `{method}:{lang}:{query/title/id}:{additional_params}`, at most
//! `CACHE_MAX` entries (default 100), each kept `CACHE_TTL` milliseconds (default 300,000).

use std::time::Duration;

use moka::sync::Cache;
use serde_json::Value;

pub const DEFAULT_MAX_ENTRIES: u64 = 100;
pub const DEFAULT_TTL_MS: u64 = 5 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheConfig {
    pub max_entries: u64,
    pub ttl: Duration,
}

impl Default for CacheConfig {
    fn default() -> Self {
        CacheConfig {
            max_entries: DEFAULT_MAX_ENTRIES,
            ttl: Duration::from_millis(DEFAULT_TTL_MS),
        }
    }
}

impl CacheConfig {
    /// Reads `CACHE_MAX` and `CACHE_TTL` through `get` (the process environment in the server).
    /// A value that is not a whole number is an error naming the variable.
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let mut config = CacheConfig::default();
        if let Some(v) = get("CACHE_MAX") {
            config.max_entries = v
                .trim()
                .parse()
                .map_err(|_| format!("CACHE_MAX must be a whole number of entries, got {v:?}"))?;
        }
        if let Some(v) = get("CACHE_TTL") {
            let ms: u64 = v.trim().parse().map_err(|_| {
                format!("CACHE_TTL must be a whole number of milliseconds, got {v:?}")
            })?;
            config.ttl = Duration::from_millis(ms);
        }
        Ok(config)
    }
}

/// Cached `result` values by key. A zero size or TTL disables caching.
#[derive(Clone)]
pub struct ResponseCache {
    inner: Option<Cache<String, Value>>,
}

impl ResponseCache {
    pub fn new(config: CacheConfig) -> Self {
        let inner = (config.max_entries > 0 && !config.ttl.is_zero()).then(|| {
            Cache::builder()
                .max_capacity(config.max_entries)
                .time_to_live(config.ttl)
                .build()
        });
        ResponseCache { inner }
    }

    pub fn get_or_compute<E>(
        &self,
        key: String,
        compute: impl FnOnce() -> Result<Value, E>,
    ) -> Result<Value, E> {
        let Some(cache) = &self.inner else {
            return compute();
        };
        if let Some(hit) = cache.get(&key) {
            return Ok(hit);
        }
        let value = compute()?;
        cache.insert(key, value.clone());
        Ok(value)
    }
}

/// The key of one call: `wikipedia.search:en:ray charles:limit=10,offset=0`.
pub fn key(method: &str, lang: &str, subject: &str, extra: &str) -> String {
    format!("{method}:{lang}:{subject}:{extra}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn env_parsing() {
        let env = |k: &str| match k {
            "CACHE_MAX" => Some("7".to_owned()),
            "CACHE_TTL" => Some("1500".to_owned()),
            _ => None,
        };
        assert_eq!(
            CacheConfig::from_env(env).unwrap(),
            CacheConfig {
                max_entries: 7,
                ttl: Duration::from_millis(1500)
            }
        );
        assert!(
            CacheConfig::from_env(|_| Some("x".into()))
                .unwrap_err()
                .contains("CACHE_MAX")
        );
    }

    #[test]
    fn caches_until_ttl() {
        let cache = ResponseCache::new(CacheConfig {
            max_entries: 10,
            ttl: Duration::from_millis(80),
        });
        let mut calls = 0;
        for _ in 0..3 {
            let v: Result<Value, ()> = cache.get_or_compute(key("m", "en", "q", ""), || {
                calls += 1;
                Ok(json!(1))
            });
            assert_eq!(v, Ok(json!(1)));
        }
        assert_eq!(calls, 1);
        std::thread::sleep(Duration::from_millis(150));
        let _: Result<Value, ()> = cache.get_or_compute(key("m", "en", "q", ""), || {
            calls += 1;
            Ok(json!(1))
        });
        assert_eq!(calls, 2);
    }

    #[test]
    fn errors_are_not_cached_and_zero_disables() {
        let cache = ResponseCache::new(CacheConfig {
            max_entries: 0,
            ..CacheConfig::default()
        });
        let mut calls = 0;
        for _ in 0..2 {
            let _: Result<Value, ()> = cache.get_or_compute("k".into(), || {
                calls += 1;
                Ok(json!(1))
            });
        }
        assert_eq!(calls, 2);
    }
}
