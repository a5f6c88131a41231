//! Concurrent caches: decompressed clusters (bounded in bytes) and parsed
//! dirents (bounded in count; they make the top levels of binary searches hot).

use std::sync::Arc;

use quick_cache::sync::{Cache, DefaultLifecycle};
use quick_cache::{DefaultHashBuilder, OptionsBuilder, UnitWeighter, Weighter};

use crate::cluster::Cluster;
use crate::dirent::Dirent;

/// Weighs a cluster by the memory it holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClusterWeighter;

impl Weighter<u32, Arc<Cluster>> for ClusterWeighter {
    fn weight(&self, _key: &u32, val: &Arc<Cluster>) -> u64 {
        val.weight()
    }
}

pub(crate) type ClusterCache = Cache<u32, Arc<Cluster>, ClusterWeighter>;
pub(crate) type DirentCache = Cache<u32, Arc<Dirent>>;
/// Title-listing position -> entry index.
pub(crate) type TitlePositionCache = Cache<u32, u32>;

/// Number of parsed dirents kept.
const DIRENT_CACHE_ENTRIES: usize = 16 * 1024;

pub(crate) fn new_cluster_cache(bytes: u64) -> ClusterCache {
    // Few shards: each shard gets an equal part of the byte budget, and a
    // big cluster must fit in one shard to be cached at all.
    let built = OptionsBuilder::new()
        .estimated_items_capacity(64)
        .weight_capacity(bytes.max(1))
        .shards(2)
        .build();
    match built {
        Ok(opts) => Cache::with_options(
            opts,
            ClusterWeighter,
            DefaultHashBuilder::default(),
            DefaultLifecycle::default(),
        ),
        Err(_) => Cache::with_weighter(64, bytes.max(1), ClusterWeighter),
    }
}

pub(crate) fn new_dirent_cache() -> DirentCache {
    Cache::with_weighter(
        DIRENT_CACHE_ENTRIES,
        DIRENT_CACHE_ENTRIES as u64,
        UnitWeighter,
    )
}

pub(crate) fn new_title_position_cache() -> TitlePositionCache {
    Cache::with_weighter(
        DIRENT_CACHE_ENTRIES,
        DIRENT_CACHE_ENTRIES as u64,
        UnitWeighter,
    )
}
