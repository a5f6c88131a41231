//! The `cxx` bridge to libxapian (see `cxx/bridge.cpp`). Every fallible call returns `Result`:
//! C++ exceptions (Xapian errors included) arrive here as `cxx::Exception`, never as aborts.

// SAFETY: the `unsafe extern "C++"` block declares functions of `cxx/bridge.h` with the
// signatures they have there; cxx checks them against the C++ at build time (static
// assertions in the generated code), so calling them from Rust is safe.
#[allow(unsafe_code)]
#[cxx::bridge(namespace = "zimsearch")]
pub(crate) mod bridge {
    /// One matching document, as stored in the index.
    struct Hit {
        /// Document data: the entry's path (with namespace, `C/...` or `A/...`, in most archives).
        data: String,
        /// Xapian document id (for `word_counts`).
        docid: u32,
        /// Xapian's relevance percentage (libzim's `getScore`).
        percent: i32,
        /// Word count stored in the index, or -1.
        word_count: i64,
    }

    struct MatchSet {
        /// `get_matches_estimated()` of an empty MSet checking at least 10 documents (libzim).
        estimated: u32,
        /// `get_matches_lower_bound()` of the page's own match (0 when no page was matched): a
        /// free lower bound of the number of (collapsed) matches.
        lower_bound: u32,
        /// The query parser rejected the query (libzim then reports no results).
        parse_error: bool,
        /// The page's own match proved libzim's estimate (fewer than 10 matches, all counted):
        /// `estimated` holds it even if it was not asked for.
        estimate_proven: bool,
        hits: Vec<Hit>,
    }

    /// What `prepare_query` learnt about a query before matching it.
    struct QueryPlan {
        parse_error: bool,
        /// Sum of the term frequencies of the query's terms when libzim's estimate needs a
        /// match of its own (0 when it is free: one term, or a suggestion index): a proxy for
        /// how long that match walks posting lists.
        estimate_work: u64,
    }

    /// A term of the index and how many documents hold it.
    struct TermFreq {
        term: String,
        freq: u32,
    }

    struct IndexInfo {
        doc_count: u32,
        has_valuesmap: bool,
    }

    unsafe extern "C++" {
        include!("zim-search/cxx/bridge.h");

        type XapianIndex;

        /// Opens the single-file database that starts at `offset` in `path`.
        fn open_index(path: &str, offset: u64) -> Result<UniquePtr<XapianIndex>>;
        /// Sets up the query parser the way libzim does for this kind of index.
        fn configure_index(
            index: Pin<&mut XapianIndex>,
            suggestion_mode: bool,
            stem_language: &str,
        ) -> Result<()>;
        fn index_metadata(index: &XapianIndex, key: &str) -> Result<String>;
        fn index_info(index: &XapianIndex) -> Result<IndexInfo>;
        fn run_query(
            index: Pin<&mut XapianIndex>,
            folded_query: &str,
            offset: u32,
            limit: u32,
            want_estimate: bool,
            want_word_counts: bool,
        ) -> Result<MatchSet>;
        /// Parses a query into the handle for `run_prepared`.
        fn prepare_query(index: Pin<&mut XapianIndex>, folded_query: &str) -> Result<QueryPlan>;
        /// `run_query` on the query of the last successful `prepare_query` of this handle.
        fn run_prepared(
            index: Pin<&mut XapianIndex>,
            offset: u32,
            limit: u32,
            want_estimate: bool,
            want_word_counts: bool,
        ) -> Result<MatchSet>;
        /// Best-match search: documents matching any word of the query, ranked by BM25 (more
        /// and rarer words first), unlike libzim's all-words query. Titles collapse on their
        /// redirect target. Word counts are not read (-1).
        fn run_any_words(
            index: Pin<&mut XapianIndex>,
            folded_query: &str,
            limit: u32,
        ) -> Result<MatchSet>;
        /// How many documents hold each word (as the query parser reads it: stemmed, folded).
        fn word_frequencies(index: Pin<&mut XapianIndex>, words: &[String]) -> Result<Vec<u32>>;
        /// The index's terms beginning with `prefix` (at most `max`), with their frequencies.
        fn terms_with_prefix(index: &XapianIndex, prefix: &str, max: u32) -> Result<Vec<TermFreq>>;
        /// Stored word counts (-1 when absent) of these documents.
        fn word_counts(index: &XapianIndex, docids: &[u32]) -> Result<Vec<i64>>;
        fn make_snippet(
            index: Pin<&mut XapianIndex>,
            folded_query: &str,
            text: &str,
            length: usize,
        ) -> Result<String>;
        fn xapian_version() -> String;
    }
}

// SAFETY: a XapianIndex owns its Xapian::Database, parser and stemmer and shares no mutable
// state with other handles; the pool hands each handle to one thread at a time (it is never
// used concurrently, only moved between threads), which Xapian supports.
#[allow(unsafe_code)]
unsafe impl Send for bridge::XapianIndex {}
