//! Requests, results and capability reports of the public API.

/// Whether one kind of search is served, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Availability {
    /// Served; `detail` names the mechanism (e.g. `xapian`, `title-listing`).
    Available { detail: String },
    /// Not served; `reason` is a stable machine-readable code (`no_xapian_index`,
    /// `xapian_disabled`, `index_spans_parts` (split archive, index cut across parts),
    /// `index_not_stored_uncompressed`, `index_outside_file`, `index_unreadable: ...`,
    /// `index_open_failed: ...`).
    Unavailable { reason: String },
}

impl Availability {
    pub fn is_available(&self) -> bool {
        matches!(self, Availability::Available { .. })
    }
}

/// What an archive can answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capabilities {
    /// Full-text search through the embedded Xapian full-text index.
    pub fulltext: Availability,
    /// Title suggestions: `xapian` (title index) or `title-listing` (prefix fallback).
    pub title: Availability,
}

/// A full-text search request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchRequest {
    /// Query text, parsed like libzim does (default operator AND, stemming, stop words).
    pub text: String,
    /// Number of (filtered) results to skip.
    pub offset: u32,
    /// Maximum number of results to return.
    pub limit: u32,
    /// Only entries of this namespace (`'C'`, `'A'`...).
    pub namespace: Option<char>,
    /// Only entries whose MIME type starts with this (e.g. `text/html`).
    pub content_type: Option<String>,
}

impl SearchRequest {
    pub fn new(text: impl Into<String>, offset: u32, limit: u32) -> SearchRequest {
        SearchRequest {
            text: text.into(),
            offset,
            limit,
            ..SearchRequest::default()
        }
    }

    pub(crate) fn has_filter(&self) -> bool {
        self.namespace.is_some() || self.content_type.is_some()
    }
}

/// Where the results of a search came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultSource {
    /// The full-text index.
    Fulltext,
    /// The archive has no usable full-text index (`reason`); these are title suggestions.
    TitleFallback { reason: String },
}

/// One search result.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchHit {
    /// libzim's `SearchIterator::getPath()` form (`A/Foo` in old-scheme archives, `Foo` in
    /// new-scheme ones).
    pub path: String,
    /// The entry's title (empty when the entry cannot be found).
    pub title: String,
    /// Position of this hit in the whole (filtered) result list, from 0.
    pub rank: u32,
    /// Xapian's relevance percentage (libzim's `getScore`); 0 for title fallbacks.
    pub score: i32,
    /// Word count stored in the index, if any.
    pub word_count: Option<u64>,
    /// The entry index in the archive, when the entry was found.
    pub entry_index: Option<u32>,
}

/// A page of search results.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResults {
    /// Estimated number of matches (libzim's `getEstimatedMatches` when unfiltered).
    pub estimated_total: u64,
    /// True when `estimated_total` is an exact count (filtered searches that scanned every
    /// match); Xapian estimates are reported as not exact.
    pub total_is_exact: bool,
    pub hits: Vec<SearchHit>,
    pub source: ResultSource,
}

/// Where suggestions came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuggestSource {
    /// The Xapian title index (libzim's `SuggestionSearcher`).
    TitleIndex,
    /// Case- and accent-insensitive prefix search over the title listing.
    TitleListing,
    /// libzim's own fallback: case-sensitive byte prefix over the title listing.
    TitleListingCaseSensitive,
}

/// One title suggestion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// libzim's `SuggestionItem::getPath()` form.
    pub path: String,
    pub title: String,
    pub entry_index: Option<u32>,
}

/// A page of suggestions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuggestResults {
    /// Estimated (title index, libzim's `getEstimatedMatches`), exact (title listing) or at
    /// least (`total_is_lower_bound`) number of suggestions.
    pub estimated_total: u64,
    /// `estimated_total` is only a lower bound: the title index was asked for
    /// [`SuggestTotal::LowerBound`]. A full page then says nothing about more results beyond it.
    pub total_is_lower_bound: bool,
    pub hits: Vec<Suggestion>,
    pub source: SuggestSource,
}

/// Which total a suggestion page reports, for archives with a title index (the title listing
/// always counts exactly).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SuggestTotal {
    /// libzim's `getEstimatedMatches`: for short prefixes a walk over every matching title
    /// (thousands of value reads), several times the cost of the page itself.
    #[default]
    LibzimEstimate,
    /// Only what the page's own match proves (Xapian's `get_matches_lower_bound`, at least
    /// `offset + hits`): free, the match stops once no other title can enter the page.
    LowerBound,
}

/// How to search titles when the archive has no title index.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FallbackMatch {
    /// Case- and accent-insensitive prefix (the default; better than libzim).
    #[default]
    Folded,
    /// Exactly libzim's fallback: case-sensitive byte prefix (`Ray` matches, `ray` does not).
    LibzimCompatible,
}

/// Whether libzim's estimate match of a full-text search runs on a helper thread beside the
/// page match (the results are the same either way; only the latency differs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EstimateConcurrency {
    /// For queries whose posting lists are long enough that the match outweighs handing it to
    /// another thread (the default).
    #[default]
    Auto,
    /// For every query that needs an estimate match.
    Always,
    /// Never: both matches run on the caller's thread, as in libzim.
    Never,
}
