//! Candidate pages' leads (`zim_render::page_lead`): read for the first candidates of a
//! ranking, so that a page is judged by what its first sentences say it is about, not by
//! its name alone, and kept per archive entry for the questions that follow.

use std::sync::Arc;

use crate::registry::OpenArchive;

/// Characters of a page's lead compared with the request.
pub const LEAD_CHARS: usize = 300;
/// Leads kept (a few hundred bytes each).
const CACHED_LEADS: u64 = 8_192;

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

/// The lead of entry `index` of `open` (redirects followed; empty for a page that is not
/// HTML or cannot be read), from `cache` when it holds it.
pub fn lead_of(open: &OpenArchive, index: u32, cache: Option<&LeadCache>) -> Arc<str> {
    let key = cache.map(|_| (open.archive.uuid(), index));
    if let (Some(cache), Some(key)) = (cache, &key)
        && let Some(found) = cache.inner.get(key)
    {
        return found;
    }
    let lead: Arc<str> = read_lead(open, index).unwrap_or_default().into();
    if let (Some(cache), Some(key)) = (cache, key) {
        cache.inner.insert(key, lead.clone());
    }
    lead
}

fn read_lead(open: &OpenArchive, index: u32) -> Option<String> {
    let entry = open.archive.entry_at(index).ok()?.resolve().ok()?;
    if !entry.mimetype().ok()?.contains("html") {
        return None;
    }
    let blob = entry.content().ok()?;
    Some(zim_render::page_lead(&blob, LEAD_CHARS))
}
