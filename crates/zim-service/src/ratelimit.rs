//! Token-bucket rate limiting, charged per internal operation.
//!
//! One global bucket plus optional per-operation buckets. A call takes its cost from every
//! bucket that applies or from none (a refused per-operation charge refunds the global one),
//! so a denied call never consumes tokens. Costs above a bucket's capacity are clamped to the
//! capacity: a 50-entry batch drains the bucket instead of being impossible forever.

use std::collections::HashMap;
use std::time::Instant;

use parking_lot::Mutex;

use crate::config::RateLimitConfig;
use crate::error::{ErrorKind, ToolError};

/// Cost of each internal operation (the spec's table); anything else costs 1.
pub fn operation_cost(operation: &str) -> u32 {
    match operation {
        "search" | "find_entry_by_title" | "get_related_articles" => 2,
        "get_binary_entry" => 3,
        _ => 1,
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

struct Buckets {
    global: TokenBucket,
    per_operation: HashMap<String, TokenBucket>,
}

pub struct RateLimiter {
    config: RateLimitConfig,
    buckets: Mutex<Buckets>,
}

impl RateLimiter {
    pub fn new(config: RateLimitConfig) -> Self {
        let now = Instant::now();
        let per_operation = config
            .per_operation_limits
            .iter()
            .map(|(op, l)| {
                (
                    op.clone(),
                    TokenBucket::new(l.requests_per_second, l.burst_size, now),
                )
            })
            .collect();
        let global = TokenBucket::new(config.requests_per_second, config.burst_size, now);
        Self {
            config,
            buckets: Mutex::new(Buckets {
                global,
                per_operation,
            }),
        }
    }

    pub fn config(&self) -> &RateLimitConfig {
        &self.config
    }

    /// Charge `cost` tokens (default: the operation's table cost) now.
    pub fn check(&self, operation: &str, cost: Option<u32>) -> Result<(), ToolError> {
        self.check_at(operation, cost, Instant::now())
    }

    /// [`check`](Self::check) at an explicit instant: tests drive the clock themselves.
    pub fn check_at(
        &self,
        operation: &str,
        cost: Option<u32>,
        now: Instant,
    ) -> Result<(), ToolError> {
        if !self.config.enabled {
            return Ok(());
        }
        let cost = cost.unwrap_or_else(|| operation_cost(operation));
        let mut guard = self.buckets.lock();
        let buckets = &mut *guard;
        if let Err(wait) = buckets.global.try_acquire(cost, now) {
            return Err(rate_limited(operation, cost, wait));
        }
        if let Some(bucket) = buckets.per_operation.get_mut(operation)
            && let Err(wait) = bucket.try_acquire(cost, now)
        {
            buckets.global.refund(cost);
            return Err(rate_limited(operation, cost, wait));
        }
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::OperationLimit;
    use std::time::Duration;

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
            rl.check_at("get_metadata", None, t0).unwrap();
        }
        let err = rl.check_at("get_metadata", None, t0).unwrap_err();
        assert_eq!(err.kind, ErrorKind::RateLimited);
        assert_eq!(err.operation, "rate_limited");
        assert_eq!(err.retry_after, Some(0.1));
        // 100 ms later exactly one token is back.
        let t1 = t0 + Duration::from_millis(100);
        rl.check_at("get_metadata", None, t1).unwrap();
        assert!(rl.check_at("get_metadata", None, t1).is_err());
    }

    #[test]
    fn costs_follow_the_table_and_clamp_to_capacity() {
        assert_eq!(operation_cost("search"), 2);
        assert_eq!(operation_cost("get_binary_entry"), 3);
        assert_eq!(operation_cost("suggestions"), 1);
        assert_eq!(operation_cost("anything"), 1);
        let rl = limiter(1.0, 5);
        let t0 = Instant::now();
        rl.check_at("get_binary_entry", None, t0).unwrap();
        // 2 tokens left: a cost-3 call is refused and says 1 s.
        let err = rl.check_at("get_binary_entry", None, t0).unwrap_err();
        assert_eq!(err.retry_after, Some(1.0));
        // A batch of 50 is clamped to the capacity of 5 once the bucket is full again.
        let t1 = t0 + Duration::from_secs(10);
        rl.check_at("get_zim_entries", Some(50), t1).unwrap();
        assert!(rl.check_at("get_metadata", None, t1).is_err());
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
        rl.check_at("search", None, t0).unwrap(); // global 1 left, search 0 left
        assert!(rl.check_at("search", Some(1), t0).is_err());
        // The refused search did not eat the last global token.
        rl.check_at("get_metadata", None, t0).unwrap();
        assert!(rl.check_at("get_metadata", None, t0).is_err());
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
            rl.check_at("search", None, t0).unwrap();
        }
    }
}
