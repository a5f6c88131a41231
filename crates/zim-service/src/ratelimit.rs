//! Token-bucket rate limiting, charged per internal operation and scoped per client.
//!
//! Every client has its own buckets: one over all operations plus optional per-operation
//! ones, so a client that floods the server exhausts its own budget, not everyone's. A call
//! takes its cost from every bucket that applies or from none (a refused per-operation charge
//! refunds the global one), so a denied call never consumes tokens. Costs above a bucket's
//! capacity are clamped to the capacity: a 50-entry batch drains the bucket instead of being
//! impossible forever.
//!
//! Clients are identified by the transport (see [`ClientId`]). The map of clients is bounded:
//! past [`MAX_CLIENTS`] the least recently *served* client is forgotten (a refused call does
//! not count as activity, so a client hammering the limiter cannot keep itself warm while
//! idle ones are evicted), and a forgotten client that returns starts with a full burst.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroUsize;
use std::sync::Arc;
use std::time::Instant;

use lru::LruCache;
use parking_lot::Mutex;

use crate::config::RateLimitConfig;
use crate::error::{ErrorKind, ToolError};

/// Most clients whose buckets are remembered at once.
pub const MAX_CLIENTS: usize = 10_000;

/// Cost of each internal operation (the spec's table); anything else costs 1.
pub fn operation_cost(operation: &str) -> u32 {
    match operation {
        "search" | "find_entry_by_title" | "get_related_articles" => 2,
        "get_binary_entry" => 3,
        _ => 1,
    }
}

/// Who a call is charged to. stdio serves one client ([`ClientId::local`]); over HTTP a client
/// is the IP address it connects from. (Not the bearer token: the server has one token, which
/// every authorised client presents, so it would put them all in one bucket.)
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientId(Arc<str>);

impl ClientId {
    /// The only client of a stdio server, and the fallback when nothing identifies one.
    pub fn local() -> Self {
        Self(Arc::from("default"))
    }

    /// A client known only by its address (HTTP without a token).
    pub fn address(ip: IpAddr) -> Self {
        // An IPv4 peer on a dual-stack socket shows up as ::ffff:a.b.c.d; it is the same
        // client as a.b.c.d.
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        Self(Arc::from(format!("ip:{ip}")))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for ClientId {
    fn default() -> Self {
        Self::local()
    }
}

#[derive(Debug, Clone)]
pub struct TokenBucket {
    capacity: f64,
    rate: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket holding `capacity` tokens, refilled at `rate` tokens per second.
    pub fn new(rate: f64, capacity: u32, now: Instant) -> Self {
        let capacity = f64::from(capacity.max(1));
        Self {
            capacity,
            rate: if rate.is_finite() && rate > 0.0 {
                rate
            } else {
                1.0
            },
            tokens: capacity,
            last: now,
        }
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate).min(self.capacity);
        self.last = self.last.max(now);
    }

    fn clamp(&self, cost: u32) -> f64 {
        f64::from(cost.max(1)).min(self.capacity)
    }

    /// Take `cost` tokens, or return how many seconds until they would be there.
    pub fn try_acquire(&mut self, cost: u32, now: Instant) -> Result<(), f64> {
        self.refill(now);
        let cost = self.clamp(cost);
        if self.tokens >= cost {
            self.tokens -= cost;
            Ok(())
        } else {
            Err((cost - self.tokens) / self.rate)
        }
    }

    fn refund(&mut self, cost: u32) {
        let cost = self.clamp(cost);
        self.tokens = (self.tokens + cost).min(self.capacity);
    }

    pub fn available(&self) -> f64 {
        self.tokens
    }
}

/// One client's buckets; per-operation ones are created on the client's first call of that
/// operation.
struct ClientBuckets {
    global: TokenBucket,
    per_operation: HashMap<String, TokenBucket>,
}

pub struct RateLimiter {
    config: RateLimitConfig,
    clients: Mutex<LruCache<ClientId, ClientBuckets>>,
}

impl RateLimiter {
    pub fn new(config: RateLimitConfig) -> Self {
        Self::with_capacity(config, MAX_CLIENTS)
    }

    /// A limiter remembering at most `max_clients` clients (tests use small maps).
    pub fn with_capacity(config: RateLimitConfig, max_clients: usize) -> Self {
        let cap = NonZeroUsize::new(max_clients).unwrap_or(NonZeroUsize::MIN);
        Self {
            config,
            clients: Mutex::new(LruCache::new(cap)),
        }
    }

    pub fn config(&self) -> &RateLimitConfig {
        &self.config
    }

    /// Clients currently remembered.
    pub fn client_count(&self) -> usize {
        self.clients.lock().len()
    }

    /// Charge `client` `cost` tokens (default: the operation's table cost) now.
    pub fn check(
        &self,
        client: &ClientId,
        operation: &str,
        cost: Option<u32>,
    ) -> Result<(), ToolError> {
        self.check_at(client, operation, cost, Instant::now())
    }

    /// [`check`](Self::check) at an explicit instant: tests drive the clock themselves.
    pub fn check_at(
        &self,
        client: &ClientId,
        operation: &str,
        cost: Option<u32>,
        now: Instant,
    ) -> Result<(), ToolError> {
        if !self.config.enabled {
            return Ok(());
        }
        let cost = cost.unwrap_or_else(|| operation_cost(operation));
        let mut clients = self.clients.lock();
        // Looked up without touching recency: only a call that is let through does.
        if !clients.contains(client) {
            let fresh = ClientBuckets {
                global: TokenBucket::new(
                    self.config.requests_per_second,
                    self.config.burst_size,
                    now,
                ),
                per_operation: HashMap::new(),
            };
            // A full map forgets its least recently served client here.
            clients.push(client.clone(), fresh);
        }
        let Some(buckets) = clients.peek_mut(client) else {
            return Ok(());
        };
        if let Err(wait) = buckets.global.try_acquire(cost, now) {
            return Err(rate_limited(operation, cost, wait));
        }
        if let Some(limit) = self.config.per_operation_limits.get(operation) {
            let bucket = buckets
                .per_operation
                .entry(operation.to_owned())
                .or_insert_with(|| {
                    TokenBucket::new(limit.requests_per_second, limit.burst_size, now)
                });
            if let Err(wait) = bucket.try_acquire(cost, now) {
                buckets.global.refund(cost);
                return Err(rate_limited(operation, cost, wait));
            }
        }
        clients.promote(client);
        Ok(())
    }
}

fn rate_limited(operation: &str, cost: u32, wait_seconds: f64) -> ToolError {
    // Round up to the next hundredth so a client that waits exactly retry_after succeeds.
    let retry_after = ((wait_seconds * 100.0).ceil() / 100.0).max(0.01);
    ToolError {
        kind: ErrorKind::RateLimited,
        operation: "rate_limited".to_owned(),
        message: format!(
            "Rate limit exceeded for operation '{operation}' (cost {cost}); retry after {retry_after:.2}s"
        ),
        hint: Some(format!(
            "Wait {retry_after:.2} seconds before calling again"
        )),
        retry_after: Some(retry_after),
        detail: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::OperationLimit;
    use std::time::Duration;

    fn me() -> ClientId {
        ClientId::local()
    }

    fn limiter(rps: f64, burst: u32) -> RateLimiter {
        RateLimiter::new(RateLimitConfig {
            requests_per_second: rps,
            burst_size: burst,
            ..RateLimitConfig::default()
        })
    }

    #[test]
    fn burst_then_denial_with_retry_after_then_refill() {
        let rl = limiter(10.0, 20);
        let t0 = Instant::now();
        for _ in 0..20 {
            rl.check_at(&me(), "get_metadata", None, t0).unwrap();
        }
        let err = rl.check_at(&me(), "get_metadata", None, t0).unwrap_err();
        assert_eq!(err.kind, ErrorKind::RateLimited);
        assert_eq!(err.operation, "rate_limited");
        assert_eq!(err.retry_after, Some(0.1));
        // 100 ms later exactly one token is back.
        let t1 = t0 + Duration::from_millis(100);
        rl.check_at(&me(), "get_metadata", None, t1).unwrap();
        assert!(rl.check_at(&me(), "get_metadata", None, t1).is_err());
    }

    #[test]
    fn costs_follow_the_table_and_clamp_to_capacity() {
        assert_eq!(operation_cost("search"), 2);
        assert_eq!(operation_cost("get_binary_entry"), 3);
        assert_eq!(operation_cost("suggestions"), 1);
        assert_eq!(operation_cost("anything"), 1);
        let rl = limiter(1.0, 5);
        let t0 = Instant::now();
        rl.check_at(&me(), "get_binary_entry", None, t0).unwrap();
        // 2 tokens left: a cost-3 call is refused and says 1 s.
        let err = rl
            .check_at(&me(), "get_binary_entry", None, t0)
            .unwrap_err();
        assert_eq!(err.retry_after, Some(1.0));
        // A batch of 50 is clamped to the capacity of 5 once the bucket is full again.
        let t1 = t0 + Duration::from_secs(10);
        rl.check_at(&me(), "get_zim_entries", Some(50), t1).unwrap();
        assert!(rl.check_at(&me(), "get_metadata", None, t1).is_err());
    }

    #[test]
    fn per_operation_denial_refunds_the_global_bucket() {
        let mut config = RateLimitConfig {
            requests_per_second: 1.0,
            burst_size: 3,
            ..RateLimitConfig::default()
        };
        config.per_operation_limits.insert(
            "search".into(),
            OperationLimit {
                requests_per_second: 1.0,
                burst_size: 2,
            },
        );
        let rl = RateLimiter::new(config);
        let t0 = Instant::now();
        rl.check_at(&me(), "search", None, t0).unwrap(); // global 1 left, search 0 left
        assert!(rl.check_at(&me(), "search", Some(1), t0).is_err());
        // The refused search did not eat the last global token.
        rl.check_at(&me(), "get_metadata", None, t0).unwrap();
        assert!(rl.check_at(&me(), "get_metadata", None, t0).is_err());
    }

    #[test]
    fn disabled_limiter_never_refuses() {
        let rl = RateLimiter::new(RateLimitConfig {
            enabled: false,
            burst_size: 1,
            ..RateLimitConfig::default()
        });
        let t0 = Instant::now();
        for _ in 0..100 {
            rl.check_at(&me(), "search", None, t0).unwrap();
        }
    }

    #[test]
    fn each_client_has_its_own_buckets() {
        let rl = limiter(1.0, 3);
        let t0 = Instant::now();
        let a = ClientId::address("192.0.2.1".parse().unwrap());
        let b = ClientId::address("192.0.2.2".parse().unwrap());
        for _ in 0..3 {
            rl.check_at(&a, "get_metadata", None, t0).unwrap();
        }
        assert!(rl.check_at(&a, "get_metadata", None, t0).is_err());
        // A's flood leaves B's budget whole.
        for _ in 0..3 {
            rl.check_at(&b, "get_metadata", None, t0).unwrap();
        }
        assert!(rl.check_at(&b, "get_metadata", None, t0).is_err());
    }

    #[test]
    fn per_operation_buckets_are_per_client_too() {
        let mut config = RateLimitConfig {
            requests_per_second: 1.0,
            burst_size: 10,
            ..RateLimitConfig::default()
        };
        config.per_operation_limits.insert(
            "search".into(),
            OperationLimit {
                requests_per_second: 1.0,
                burst_size: 2,
            },
        );
        let rl = RateLimiter::new(config);
        let t0 = Instant::now();
        let a = ClientId::address("192.0.2.1".parse().unwrap());
        let b = ClientId::address("192.0.2.2".parse().unwrap());
        rl.check_at(&a, "search", None, t0).unwrap();
        assert!(rl.check_at(&a, "search", None, t0).is_err());
        rl.check_at(&b, "search", None, t0).unwrap();
    }

    #[test]
    fn the_client_map_is_bounded_and_forgets_the_least_recently_served() {
        let rl = RateLimiter::with_capacity(
            RateLimitConfig {
                requests_per_second: 1.0,
                burst_size: 1,
                ..RateLimitConfig::default()
            },
            2,
        );
        let t0 = Instant::now();
        let a = ClientId::address("192.0.2.1".parse().unwrap());
        let b = ClientId::address("192.0.2.2".parse().unwrap());
        let c = ClientId::address("192.0.2.3".parse().unwrap());
        rl.check_at(&a, "get_metadata", None, t0).unwrap();
        rl.check_at(&b, "get_metadata", None, t0).unwrap();
        // A is refused: that is not activity, so A stays the least recently served...
        assert!(rl.check_at(&a, "get_metadata", None, t0).is_err());
        // ...and is the one forgotten when C arrives.
        rl.check_at(&c, "get_metadata", None, t0).unwrap();
        assert_eq!(rl.client_count(), 2);
        assert!(rl.check_at(&b, "get_metadata", None, t0).is_err());
        // A returns with a full burst.
        rl.check_at(&a, "get_metadata", None, t0).unwrap();
        assert_eq!(rl.client_count(), 2);
    }

    #[test]
    fn many_clients_stay_within_the_bound() {
        let rl = RateLimiter::with_capacity(RateLimitConfig::default(), 100);
        let t0 = Instant::now();
        for i in 0..1_000u32 {
            let ip = std::net::Ipv4Addr::from(0x0a00_0000 + i);
            rl.check_at(&ClientId::address(ip.into()), "search", None, t0)
                .unwrap();
        }
        assert_eq!(rl.client_count(), 100);
    }

    #[test]
    fn client_ids_fold_mapped_addresses() {
        let v4 = ClientId::address("203.0.113.7".parse().unwrap());
        let mapped = ClientId::address("::ffff:203.0.113.7".parse().unwrap());
        assert_eq!(v4, mapped);
        assert_eq!(v4.as_str(), "ip:203.0.113.7");
        assert_eq!(ClientId::default().as_str(), "default");
    }
}
