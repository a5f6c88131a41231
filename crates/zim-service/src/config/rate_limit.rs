//! `[rate_limit]`: the per-client token buckets.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::validate::{Bounds, Range, Ranged, Says, ranged, ranges};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperationLimit {
    pub requests_per_second: f64,
    pub burst_size: u32,
}

impl OperationLimit {
    /// The ranges of a bucket: the default one (`rate_limit.*`) and each per-operation one.
    pub(super) const RANGES: &[Range<Self>] = ranges!(OperationLimit {
        requests_per_second: Bounds::Positive, Says::Must;
        burst_size: Bounds::int(1, 1000), Says::Must;
    });
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RateLimitConfig {
    pub enabled: bool,
    pub requests_per_second: f64,
    pub burst_size: u32,
    /// Extra buckets for single operations (`search`, `get_binary_entry`...).
    pub per_operation_limits: BTreeMap<String, OperationLimit>,
}

impl RateLimitConfig {
    /// Every bucket's ranges, the default bucket's first, named under `prefix`.
    pub(super) fn ranged(&self, prefix: &str) -> Vec<Ranged> {
        let default = OperationLimit {
            requests_per_second: self.requests_per_second,
            burst_size: self.burst_size,
        };
        let mut all: Vec<Ranged> = ranged(prefix, OperationLimit::RANGES, &default).collect();
        for (op, limit) in &self.per_operation_limits {
            let op_prefix = format!("{prefix}.per_operation_limits.{op}");
            all.extend(ranged(&op_prefix, OperationLimit::RANGES, limit));
        }
        all
    }
}

impl Default for RateLimitConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            requests_per_second: 10.0,
            burst_size: 20,
            per_operation_limits: BTreeMap::new(),
        }
    }
}
