//! Searches whose results need the archive entries: namespace / MIME type filters, and the
//! degraded search over titles when there is no full-text index.

use zim_reader::Entry;

use super::{ArchiveSearch, SharedIndex};
use crate::error::SearchError;
use crate::raw::RawHit;
use crate::types::{
    ResultSource, SearchHit, SearchRequest, SearchResults, SuggestSource, Suggestion,
};

/// Most index matches a filtered search examines; past it the total is extrapolated.
const FILTER_SCAN_CAP: u32 = 10_000;

impl ArchiveSearch {
    pub(super) fn passes_filter(&self, req: &SearchRequest, entry: &Entry) -> bool {
        if let Some(namespace) = req.namespace
            && entry.namespace() != namespace
        {
            return false;
        }
        if let Some(prefix) = &req.content_type {
            let resolved = if entry.is_redirect() {
                match entry.resolve() {
                    Ok(target) => target,
                    Err(_) => return false,
                }
            } else {
                entry.clone()
            };
            return resolved
                .mimetype()
                .is_ok_and(|mime| mime.starts_with(prefix.as_str()));
        }
        true
    }

    /// Filters need the entry of every match: take up to `FILTER_SCAN_CAP` matches in one
    /// pass (one Xapian match, paths only), count those that pass, keep the requested page and
    /// read word counts for that page only. Exact when every match was scanned.
    pub(super) fn filtered_search(
        &self,
        index: &SharedIndex,
        req: &SearchRequest,
        folded: &str,
    ) -> Result<SearchResults, SearchError> {
        let matches = index.query_paths(folded, 0, FILTER_SCAN_CAP, true)?;
        let scanned = u32::try_from(matches.hits.len()).unwrap_or(u32::MAX);
        let exhausted = scanned < FILTER_SCAN_CAP;
        let mut page = Vec::new();
        let mut passed: u32 = 0;
        for raw in matches.hits {
            let Some(entry) = self.entry_for_data(&raw.data) else {
                continue;
            };
            if !self.passes_filter(req, &entry) {
                continue;
            }
            if passed >= req.offset && u32::try_from(page.len()).unwrap_or(u32::MAX) < req.limit {
                page.push((raw, entry, passed));
            }
            passed = passed.saturating_add(1);
        }
        let mut raws: Vec<RawHit> = page.iter().map(|(raw, _, _)| raw.clone()).collect();
        index.fill_word_counts(&mut raws)?;
        let hits = raws
            .into_iter()
            .zip(page)
            .map(|(raw, (_, entry, rank))| self.search_hit(index, raw, Some(entry), rank))
            .collect();
        let estimated_total = if exhausted || scanned == 0 {
            u64::from(passed)
        } else {
            // Extrapolate the pass rate of the scanned matches to the estimated total.
            let scaled = u64::from(passed).saturating_mul(matches.estimated) / u64::from(scanned);
            scaled.max(u64::from(passed))
        };
        Ok(SearchResults {
            estimated_total,
            total_is_exact: exhausted,
            hits,
            source: ResultSource::Fulltext,
        })
    }

    /// The degraded search: title suggestions, filtered like full-text results.
    pub(super) fn title_search(
        &self,
        req: &SearchRequest,
        reason: &str,
    ) -> Result<SearchResults, SearchError> {
        let source = ResultSource::TitleFallback {
            reason: reason.to_owned(),
        };
        let to_hit = |s: Suggestion, rank: u32| SearchHit {
            path: s.path,
            title: s.title,
            rank,
            score: 0,
            word_count: None,
            entry_index: s.entry_index,
        };
        if !req.has_filter() {
            let page = self.suggest(&req.text, req.offset, req.limit)?;
            return Ok(SearchResults {
                estimated_total: page.estimated_total,
                total_is_exact: page.source != SuggestSource::TitleIndex,
                hits: page
                    .hits
                    .into_iter()
                    .zip(req.offset..)
                    .map(|(s, r)| to_hit(s, r))
                    .collect(),
                source,
            });
        }
        let all = self.suggest(&req.text, 0, FILTER_SCAN_CAP)?;
        let mut kept = Vec::new();
        for suggestion in all.hits {
            let entry = match suggestion.entry_index {
                Some(index) => self.archive.entry_at(index).ok(),
                None => self.entry_for_data(&suggestion.path),
            };
            if entry.is_some_and(|e| self.passes_filter(req, &e)) {
                kept.push(suggestion);
            }
        }
        let estimated_total = u64::try_from(kept.len()).unwrap_or(u64::MAX);
        let hits = kept
            .into_iter()
            .zip(0u32..)
            .skip(usize::try_from(req.offset).unwrap_or(usize::MAX))
            .take(usize::try_from(req.limit).unwrap_or(usize::MAX))
            .map(|(s, rank)| to_hit(s, rank))
            .collect();
        Ok(SearchResults {
            estimated_total,
            total_is_exact: true,
            hits,
            source,
        })
    }
}
