//! Errors of the search crate.

use std::fmt;

/// Which embedded index an error or a capability is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexKind {
    /// `X/fulltext/xapian`: the full-text index.
    Fulltext,
    /// `X/title/xapian`: the title (suggestion) index.
    Title,
}

impl fmt::Display for IndexKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IndexKind::Fulltext => "full-text",
            IndexKind::Title => "title",
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// Reading the archive itself failed (entry lookup, metadata, title listing).
    #[error("archive read error: {0}")]
    Archive(#[from] zim_reader::ZimError),
    /// Xapian reported an error while searching (for instance a corrupt index).
    #[error("{index} index error: {message}")]
    Index { index: IndexKind, message: String },
}
