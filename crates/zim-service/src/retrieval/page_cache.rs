//! What the question pipeline reads of a page, kept per archive entry for the questions that
//! follow: the leading page's citable paragraphs and the first candidates' text and element
//! ids.
//!
//! Both are read from the whole page (decompressed, and for paragraphs parsed): the costliest
//! steps of a question on archives with long pages (manuals of megabytes, which lead for
//! many questions). Neither depends on the request (only the scores made of them do), so a
//! page read once serves every later question it comes up for.

use std::sync::Arc;

use super::passage::Paragraph;

/// Bytes kept at most by each cache (a long manual's paragraphs are a few megabytes; both
/// caches together stay within 64 MB).
const CACHED_BYTES: u64 = 32 << 20;

/// A value's size in bytes, its weight in a [`PageCache`].
pub trait Weighed {
    fn bytes(&self) -> usize;
}

impl Weighed for [Paragraph] {
    fn bytes(&self) -> usize {
        self.iter().map(Paragraph::bytes).sum()
    }
}

/// A page's text for word matching and its element ids (see `rerank_by_anchors`).
pub struct PageScan {
    pub text: String,
    pub ids: Vec<String>,
}

impl Weighed for PageScan {
    fn bytes(&self) -> usize {
        self.text.len() + self.ids.iter().map(String::len).sum::<usize>()
    }
}

/// Values by archive (uuid) and entry index, bounded by their bytes.
pub struct PageCache<V: ?Sized> {
    inner: moka::sync::Cache<(String, u32), Arc<V>>,
}

impl<V: ?Sized + Weighed + Send + Sync + 'static> PageCache<V> {
    pub fn new() -> Self {
        Self {
            inner: moka::sync::Cache::builder()
                .max_capacity(CACHED_BYTES)
                .weigher(|_, value: &Arc<V>| {
                    u32::try_from(value.bytes().max(1)).unwrap_or(u32::MAX)
                })
                .build(),
        }
    }

    /// The value for entry `index` of archive `uuid`, read by `read` when not held (and kept
    /// then; a page that could not be read is tried again next time).
    pub fn get_or_read(
        &self,
        uuid: &str,
        index: u32,
        read: impl FnOnce() -> Option<Arc<V>>,
    ) -> Option<Arc<V>> {
        let key = (uuid.to_owned(), index);
        if let Some(held) = self.inner.get(&key) {
            return Some(held);
        }
        let read = read()?;
        self.inner.insert(key, Arc::clone(&read));
        Some(read)
    }
}

impl<V: ?Sized + Weighed + Send + Sync + 'static> Default for PageCache<V> {
    fn default() -> Self {
        Self::new()
    }
}

/// The service's page caches (present when caching is on).
#[derive(Default)]
pub struct PageCaches {
    pub paragraphs: PageCache<[Paragraph]>,
    pub scans: PageCache<PageScan>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrieval::passage;

    #[test]
    fn a_page_is_parsed_once_and_scored_for_each_request() {
        let cache: PageCache<[Paragraph]> = PageCache::new();
        let html = "<html><body><p>Opening words of the page, long enough to be its lead.</p>\
            <h2 id=\"cut\">Cutting</h2><p>Use the seek option to cut a clip at a given time \
            without encoding it again.</p></body></html>";
        let mut reads = 0;
        for terms in [vec!["seek".to_owned()], vec!["encoding".to_owned()]] {
            let held = cache
                .get_or_read("uuid", 7, || {
                    reads += 1;
                    Some(passage::paragraphs(html).into())
                })
                .unwrap_or_else(|| Arc::from(Vec::new()));
            let best = passage::score_paragraphs(&held, &terms)
                .into_iter()
                .max_by(|a, b| a.score.total_cmp(&b.score));
            assert_eq!(passage::best_paragraph(&held, &terms), best);
            assert_eq!(best.and_then(|c| c.section_id).as_deref(), Some("cut"));
        }
        assert_eq!(reads, 1);
        // Another archive's entry of the same index is another page, and a page that could
        // not be read is not remembered as empty.
        assert!(cache.get_or_read("other", 7, || None).is_none());
        assert!(
            cache
                .get_or_read("other", 7, || Some(Arc::from(Vec::new())))
                .is_some()
        );
    }
}
