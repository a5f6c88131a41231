//! `ArchiveSearch`: full-text search, suggestions and snippets over one archive.

use std::sync::OnceLock;

mod filtering;

use zim_reader::{Archive, Entry};

#[cfg(not(feature = "xapian"))]
use crate::no_xapian::SharedIndex;
#[cfg(feature = "xapian")]
use crate::xapian_index::SharedIndex;

use crate::error::{IndexKind, SearchError};
use crate::fold::fold;
use crate::highlight::highlight;
use crate::raw::{RawHit, RawMatches};
use crate::title_fallback;
use crate::types::{
    Availability, Capabilities, EstimateConcurrency, FallbackMatch, ResultSource, SearchHit,
    SearchRequest, SearchResults, SuggestResults, SuggestSource, SuggestTotal, Suggestion,
};

/// An index that was looked for once: open, or the reason it is not.
enum Slot {
    Ready(SharedIndex),
    Missing(String),
}

/// Search over one archive. Cheap to build; indexes open on first use. `Send + Sync`: share it
/// (e.g. in an `Arc`) between threads, each search borrows its own Xapian handle.
pub struct ArchiveSearch {
    archive: Archive,
    fulltext: OnceLock<Slot>,
    title: OnceLock<Slot>,
    fallback: FallbackMatch,
    estimate_concurrency: EstimateConcurrency,
}

impl ArchiveSearch {
    pub fn new(archive: Archive) -> ArchiveSearch {
        ArchiveSearch {
            archive,
            fulltext: OnceLock::new(),
            title: OnceLock::new(),
            fallback: FallbackMatch::default(),
            estimate_concurrency: EstimateConcurrency::default(),
        }
    }

    /// Chooses how titles are matched when the archive has no title index.
    pub fn with_fallback_match(mut self, fallback: FallbackMatch) -> ArchiveSearch {
        self.fallback = fallback;
        self
    }

    /// Chooses when libzim's estimate match runs beside the page match (before the first
    /// search: indexes opened earlier keep the setting they were opened with).
    pub fn with_estimate_concurrency(mut self, concurrency: EstimateConcurrency) -> ArchiveSearch {
        self.estimate_concurrency = concurrency;
        self
    }

    pub fn archive(&self) -> &Archive {
        &self.archive
    }

    fn archive_language(&self) -> String {
        match self.archive.metadata("Language") {
            Ok(Some(blob)) => String::from_utf8_lossy(&blob).into_owned(),
            _ => String::new(),
        }
    }

    fn open_slot(&self, kind: IndexKind) -> Slot {
        let location = match kind {
            IndexKind::Fulltext => self.archive.fulltext_index(),
            IndexKind::Title => self.archive.title_index(),
        };
        match location {
            Ok(Some(location)) => {
                match SharedIndex::open(
                    kind,
                    &location,
                    &self.archive_language(),
                    self.estimate_concurrency,
                ) {
                    Ok(index) => Slot::Ready(index),
                    Err(reason) => Slot::Missing(reason),
                }
            }
            Ok(None) => Slot::Missing(self.missing_reason(kind)),
            Err(err) => Slot::Missing(format!("index_unreadable: {err}")),
        }
    }

    /// Why the reader found no directly readable index: none at all, or one Xapian cannot open
    /// in place (compressed, or cut across the parts of a split archive).
    fn missing_reason(&self, kind: IndexKind) -> String {
        let candidates: &[(char, &str)] = match kind {
            IndexKind::Fulltext => &[
                ('X', "fulltext/xapian"),
                ('Z', "/fulltextIndex/xapian"),
                ('Z', "fulltextIndex/xapian"),
            ],
            IndexKind::Title => &[('X', "title/xapian")],
        };
        let exists = candidates.iter().any(|(ns, path)| {
            matches!(self.archive.entry_by_ns_path(*ns, path), Ok(Some(e)) if !e.is_redirect())
        });
        if !exists {
            "no_xapian_index".to_owned()
        } else if self.archive.is_multipart() {
            "index_spans_parts".to_owned()
        } else {
            "index_not_stored_uncompressed".to_owned()
        }
    }

    fn slot(&self, kind: IndexKind) -> &Slot {
        let cell = match kind {
            IndexKind::Fulltext => &self.fulltext,
            IndexKind::Title => &self.title,
        };
        cell.get_or_init(|| self.open_slot(kind))
    }

    fn index(&self, kind: IndexKind) -> Result<&SharedIndex, &str> {
        match self.slot(kind) {
            Slot::Ready(index) => Ok(index),
            Slot::Missing(reason) => Err(reason),
        }
    }

    /// What this archive can answer (opens the indexes if not done yet).
    pub fn capabilities(&self) -> Capabilities {
        let fulltext = match self.index(IndexKind::Fulltext) {
            Ok(index) => Availability::Available {
                detail: index.describe(),
            },
            Err(reason) => Availability::Unavailable {
                reason: reason.to_owned(),
            },
        };
        let title = match self.index(IndexKind::Title) {
            Ok(index) => Availability::Available {
                detail: index.describe(),
            },
            // Titles are always searchable: through the listing when there is no index.
            Err(reason) => Availability::Available {
                detail: format!("title-listing ({reason})"),
            },
        };
        Capabilities { fulltext, title }
    }

    /// Finds the entry a document of an index refers to, as libzim's `getEntryByPath` does:
    /// the stored path as is, then without its namespace prefix.
    fn entry_for_data(&self, data: &str) -> Option<Entry> {
        // Fast path, one lookup: the index normally stores `<namespace>/<path>` (`C/...` in
        // new-scheme archives, where libzim only looks in `C`).
        let mut chars = data.chars();
        if let (Some(ns), Some('/')) = (chars.next(), chars.next())
            && (ns == 'C' || !self.archive.has_new_namespace_scheme())
            && let Ok(Some(entry)) = self.archive.entry_by_ns_path(ns, chars.as_str())
        {
            return Some(entry);
        }
        if let Ok(Some(entry)) = self.archive.entry_by_path(data) {
            return Some(entry);
        }
        None
    }

    fn search_hit(
        &self,
        index: &SharedIndex,
        raw: RawHit,
        entry: Option<Entry>,
        rank: u32,
    ) -> SearchHit {
        let entry = entry.or_else(|| self.entry_for_data(&raw.data));
        let title = match &entry {
            Some(entry) => entry.title().to_owned(),
            None => String::new(),
        };
        SearchHit {
            path: index.display_path(&raw.data, self.archive.has_new_namespace_scheme()),
            title,
            rank,
            score: raw.percent,
            word_count: raw.word_count,
            entry_index: entry.map(|e| e.index()),
        }
    }

    /// Full-text search. Without a usable full-text index, answers with title suggestions
    /// (`ResultSource::TitleFallback`) instead of failing.
    pub fn search(&self, req: &SearchRequest) -> Result<SearchResults, SearchError> {
        let index = match self.index(IndexKind::Fulltext) {
            Ok(index) => index,
            Err(reason) => return self.title_search(req, reason),
        };
        let folded = fold(&req.text);
        if req.has_filter() {
            return self.filtered_search(index, req, &folded);
        }
        let matches = index.query(&folded, req.offset, req.limit, true)?;
        let hits = matches
            .hits
            .into_iter()
            .zip(req.offset..)
            .map(|(raw, rank)| self.search_hit(index, raw, None, rank))
            .collect();
        Ok(SearchResults {
            estimated_total: matches.estimated,
            total_is_exact: false,
            hits,
            source: ResultSource::Fulltext,
        })
    }

    /// Title suggestions for `prefix`, like libzim's `SuggestionSearcher` when the archive has
    /// a title index; otherwise a prefix search over the title listing. The total is libzim's
    /// `getEstimatedMatches`, which walks every matching title for short prefixes: use
    /// [`ArchiveSearch::suggest_page`] when a lower bound is enough.
    pub fn suggest(
        &self,
        prefix: &str,
        offset: u32,
        limit: u32,
    ) -> Result<SuggestResults, SearchError> {
        self.suggest_with(prefix, offset, limit, SuggestTotal::LibzimEstimate)
    }

    /// The same suggestions as [`ArchiveSearch::suggest`], with a total that costs nothing
    /// extra: from the title index, a lower bound of the matching titles
    /// (`total_is_lower_bound`); from the title listing, the exact count as always.
    pub fn suggest_page(
        &self,
        prefix: &str,
        offset: u32,
        limit: u32,
    ) -> Result<SuggestResults, SearchError> {
        self.suggest_with(prefix, offset, limit, SuggestTotal::LowerBound)
    }

    /// libzim's estimated number of suggestions for `prefix` (its `getEstimatedMatches`), alone.
    pub fn suggest_total(&self, prefix: &str) -> Result<u64, SearchError> {
        Ok(self
            .suggest_with(prefix, 0, 0, SuggestTotal::LibzimEstimate)?
            .estimated_total)
    }

    /// Suggestions with the kind of total asked for.
    pub fn suggest_with(
        &self,
        prefix: &str,
        offset: u32,
        limit: u32,
        total: SuggestTotal,
    ) -> Result<SuggestResults, SearchError> {
        if let Ok(index) = self.index(IndexKind::Title) {
            let want_estimate = total == SuggestTotal::LibzimEstimate;
            // libzim falls back to the title listing when the title index fails or rejects the
            // query; so do we.
            if let Ok(
                matches @ RawMatches {
                    parse_error: false, ..
                },
            ) = index.query(&fold(prefix), offset, limit, want_estimate)
            {
                let new_scheme = self.archive.has_new_namespace_scheme();
                let estimated_total = if want_estimate {
                    matches.estimated
                } else {
                    matches.lower_bound
                };
                let hits = matches
                    .hits
                    .into_iter()
                    .map(|raw| {
                        let entry = self.entry_for_data(&raw.data);
                        Suggestion {
                            path: index.display_path(&raw.data, new_scheme),
                            title: entry
                                .as_ref()
                                .map_or_else(String::new, |e| e.title().to_owned()),
                            entry_index: entry.map(|e| e.index()),
                        }
                    })
                    .collect();
                return Ok(SuggestResults {
                    estimated_total,
                    total_is_lower_bound: !want_estimate,
                    hits,
                    source: SuggestSource::TitleIndex,
                });
            }
        }
        match self.fallback {
            FallbackMatch::Folded => {
                title_fallback::suggest_folded(&self.archive, prefix, offset, limit)
            }
            FallbackMatch::LibzimCompatible => {
                title_fallback::suggest_case_sensitive(&self.archive, prefix, offset, limit)
            }
        }
    }

    /// Best-match full-text search for question answering: pages matching ANY of the words
    /// of `words`, more (and rarer) words first (Xapian's BM25), where [`ArchiveSearch::search`]
    /// wants every word as libzim does. Empty without a full-text index.
    pub fn search_any_words(&self, words: &str, limit: u32) -> Result<Vec<SearchHit>, SearchError> {
        let Ok(index) = self.index(IndexKind::Fulltext) else {
            return Ok(Vec::new());
        };
        self.any_words(index, words, limit)
    }

    /// Best-match title search: titles containing ANY of the words of `words` (stemmed
    /// forms too), ranked by BM25 so that titles made of the words come first; redirects
    /// collapse on their target. Empty without a title index.
    pub fn titles_any_words(&self, words: &str, limit: u32) -> Result<Vec<SearchHit>, SearchError> {
        let Ok(index) = self.index(IndexKind::Title) else {
            return Ok(Vec::new());
        };
        self.any_words(index, words, limit)
    }

    /// How rare each word is in the full-text index: the document count and each word's
    /// document frequency (folded and stemmed as queries are; a word the query parser makes
    /// several terms of, as ideographs, counts as its rarest). `None` without an index.
    pub fn word_frequencies(&self, words: &[String]) -> Option<(u64, Vec<u64>)> {
        let index = self.index(IndexKind::Fulltext).ok()?;
        let folded: Vec<String> = words.iter().map(|w| fold(w)).collect();
        index.word_frequencies(&folded).ok()
    }

    /// The full-text index's words beginning with `prefix` (folded), at most `max`, with how
    /// many documents hold each: the archive's own vocabulary, for typo correction. Empty
    /// without an index.
    pub fn vocabulary(&self, prefix: &str, max: u32) -> Vec<(String, u64)> {
        let Ok(index) = self.index(IndexKind::Fulltext) else {
            return Vec::new();
        };
        index
            .terms_with_prefix(&fold(prefix), max)
            .unwrap_or_default()
    }

    fn any_words(
        &self,
        index: &SharedIndex,
        words: &str,
        limit: u32,
    ) -> Result<Vec<SearchHit>, SearchError> {
        let matches = index.query_any_words(&fold(words), limit)?;
        Ok(matches
            .hits
            .into_iter()
            .zip(0..)
            .map(|(raw, rank)| self.search_hit(index, raw, None, rank))
            .collect())
    }

    /// The entry with exactly this title, if any.
    pub fn find_title(&self, title: &str) -> Result<Option<Entry>, SearchError> {
        Ok(self.archive.entry_by_title(title)?)
    }

    /// A passage of `text` (the article's plain text, supplied by the caller) of at most about
    /// `max_chars` characters with the terms of `query` marked `<b>...</b>`, built by Xapian's
    /// `MSet::snippet` like libzim's `getSnippet` (stemmed matches included); a plain folded-word
    /// highlighter when there is no full-text index.
    pub fn snippet(&self, query: &str, text: &str, max_chars: usize) -> String {
        if let Ok(index) = self.index(IndexKind::Fulltext)
            && let Ok(snippet) = index.snippet(&fold(query), text, max_chars)
        {
            return snippet;
        }
        highlight(query, text, max_chars)
    }
}
