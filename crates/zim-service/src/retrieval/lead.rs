//! Candidate pages' leads (`zim_render::page_lead`): read for the first candidates of a
//! ranking, so that a page is judged by what its first sentences say it is about, not by
//! its name alone, and kept per archive entry for the questions that follow.
//!
//! Reading a lead costs the decoding of the page's cluster up to the page, which is most of
//! a question's time; the pages missing from the cache are read in cluster order (each
//! cluster decoded once, front to back) and, when several clusters are involved, by a few
//! threads at once.

use std::sync::Arc;

use crate::registry::OpenArchive;

/// Characters of a page's lead compared with the request.
pub const LEAD_CHARS: usize = 300;
/// Leads kept (a few hundred bytes each).
const CACHED_LEADS: u64 = 8_192;
/// Threads reading leads at most.
const MAX_READERS: usize = 4;

/// Leads by archive (uuid) and entry index.
pub struct LeadCache {
    inner: moka::sync::Cache<(String, u32), Arc<str>>,
}

impl LeadCache {
    pub fn new() -> Self {
        Self {
            inner: moka::sync::Cache::builder()
                .max_capacity(CACHED_LEADS)
                .build(),
        }
    }
}

impl Default for LeadCache {
    fn default() -> Self {
        Self::new()
    }
}

/// The leads of entries `indices` of `open`, in that order (redirects followed; empty for a
/// page that is not HTML or cannot be read), from `cache` when it holds them. Only leads that
/// were read are cached: an entry that could not be read is tried again next time.
pub fn leads_of(open: &OpenArchive, indices: &[u32], cache: Option<&LeadCache>) -> Vec<Arc<str>> {
    let uuid = open.archive.uuid();
    let mut leads: Vec<Option<Arc<str>>> = indices
        .iter()
        .map(|&i| cache.and_then(|c| c.inner.get(&(uuid.clone(), i))))
        .collect();
    // The missing ones, by where their content lies.
    let mut missing: Vec<(usize, u32, (u32, u32))> = indices
        .iter()
        .enumerate()
        .filter(|(slot, _)| leads.get(*slot).is_some_and(Option::is_none))
        .map(|(slot, &index)| (slot, index, location(open, index)))
        .collect();
    missing.sort_by_key(|(_, _, at)| *at);
    let clusters = {
        let mut c: Vec<u32> = missing
            .iter()
            .map(|(_, _, (cluster, _))| *cluster)
            .collect();
        c.dedup();
        c.len()
    };
    // Consecutive entries share clusters: a reader per run of them, as many as there are
    // clusters at most.
    let read =
        super::parallel::read_all(&missing, MAX_READERS.min(clusters), |(slot, index, _)| {
            Some((*slot, *index, read_lead(open, *index)))
        });
    for (slot, index, text) in read {
        let Some(text) = text else {
            continue;
        };
        let lead: Arc<str> = text.into();
        if let Some(cache) = cache {
            cache.inner.insert((uuid.clone(), index), lead.clone());
        }
        if let Some(place) = leads.get_mut(slot) {
            *place = Some(lead);
        }
    }
    leads
        .into_iter()
        .map(|l| l.unwrap_or_else(|| Arc::from("")))
        .collect()
}

/// Where entry `index`'s content lies (cluster, blob); unreadable entries sort last.
fn location(open: &OpenArchive, index: u32) -> (u32, u32) {
    open.archive
        .entry_at(index)
        .and_then(|e| e.resolve())
        .and_then(|e| e.blob_location())
        .unwrap_or((u32::MAX, u32::MAX))
}

/// The lead of entry `index`: empty for a page that is not HTML, `None` when the entry cannot
/// be read.
fn read_lead(open: &OpenArchive, index: u32) -> Option<String> {
    let entry = open.archive.entry_at(index).ok()?.resolve().ok()?;
    if !entry.mimetype().ok()?.contains("html") {
        return Some(String::new());
    }
    let blob = entry.content().ok()?;
    Some(zim_render::page_lead(&blob, LEAD_CHARS))
}
