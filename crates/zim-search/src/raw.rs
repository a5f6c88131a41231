//! Matches as the index returns them, before entry lookup and filtering.

/// One matching document.
#[derive(Debug, Clone)]
pub(crate) struct RawHit {
    /// Document data: the entry path as the index stores it.
    pub data: String,
    /// Xapian document id (read only by the Xapian backend).
    #[cfg_attr(not(feature = "xapian"), allow(dead_code))]
    pub docid: u32,
    pub percent: i32,
    pub word_count: Option<u64>,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct RawMatches {
    /// libzim's estimated total (0 when not requested).
    pub estimated: u64,
    /// What the page's own match proves: at least this many matches (free, unlike `estimated`).
    pub lower_bound: u64,
    /// Xapian's query parser rejected the query (no hits then).
    pub parse_error: bool,
    pub hits: Vec<RawHit>,
}
