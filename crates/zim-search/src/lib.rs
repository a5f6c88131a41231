//! Full-text search and title suggestions over ZIM archives, through the Xapian indexes the
//! archives embed (`X/fulltext/xapian`, `X/title/xapian`), opened in place with libxapian 1.4
//! and queried exactly as libzim 9 does:
//!
//! * full text: query folded like libzim's `removeAccents` (lowercase, no diacritics), stemmer
//!   from the database's `language` metadata, stop words from its `stopwords` metadata, default
//!   operator AND, `FLAG_CJK_NGRAM` only (libzim enables no boolean/phrase/wildcard syntax, so
//!   `AND`, `"..."`, `vec*` are plain words); estimated totals as `getEstimatedMatches`
//!   (taken from the term frequency of single-term queries, or from the page's own match when
//!   that provably gives the same number, instead of a second match: see `cxx/bridge.cpp`;
//!   when the second match is needed and heavy it runs on a helper thread beside the page
//!   match, see `helper.rs` and [`EstimateConcurrency`]);
//! * suggestions: libzim's `SuggestionSearcher` query (partial last word, OR'ed with an exact
//!   phrase and a phrase anchored at the start of the title), BM25(0.001, 0, 1, 1, 0.5), sorted by
//!   relevance then title, collapsed on the redirect target. libzim's estimated total costs a
//!   walk over every matching title (milliseconds for a short prefix on a big archive), several times
//!   the page itself: [`ArchiveSearch::suggest`] computes it, [`ArchiveSearch::suggest_page`]
//!   reports a free lower bound instead and [`ArchiveSearch::suggest_total`] the estimate alone;
//! * without a title index: a prefix search over the title listing. **Difference from libzim:**
//!   ours is case- and accent-insensitive by default (libzim's is a case-sensitive byte prefix:
//!   `ray` finds nothing where `Ray` finds 22 titles); [`FallbackMatch::LibzimCompatible`]
//!   restores libzim's behaviour.
//!
//! Result paths use libzim's `getPath()` form, quirks included (new-scheme archives whose index
//! stores full paths lose their first two characters, normally `C/`).
//!
//! Nothing fails hard: an archive without a usable full-text index answers searches with title
//! suggestions ([`ResultSource::TitleFallback`], reason `no_xapian_index`, `index_spans_parts`...),
//! a corrupt index fails the one search with [`SearchError::Index`], and a build without the
//! `xapian` feature ([`backend`] = `"title-fallback"`) runs on the title listing alone.

mod archive_search;
mod error;
mod fold;
#[cfg(feature = "xapian")]
mod helper;
mod highlight;
#[cfg(feature = "xapian")]
mod language;
#[cfg(not(feature = "xapian"))]
mod no_xapian;
#[cfg(feature = "xapian")]
mod pool;
mod raw;
mod title_fallback;
mod types;

#[cfg(feature = "xapian")]
mod ffi;
#[cfg(feature = "xapian")]
mod xapian_index;

pub use archive_search::ArchiveSearch;
pub use error::{IndexKind, SearchError};
pub use fold::fold;
pub use types::{
    Availability, Capabilities, EstimateConcurrency, FallbackMatch, ResultSource, SearchHit,
    SearchRequest, SearchResults, SuggestResults, SuggestSource, SuggestTotal, Suggestion,
};

/// Which search engine this build uses: `"xapian 1.4.x"` (the linked libxapian version) or
/// `"title-fallback"` (built without the `xapian` feature).
pub fn backend() -> &'static str {
    #[cfg(feature = "xapian")]
    {
        static BACKEND: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        BACKEND
            .get_or_init(|| format!("xapian {}", xapian_index::xapian_version()))
            .as_str()
    }
    #[cfg(not(feature = "xapian"))]
    {
        "title-fallback"
    }
}
