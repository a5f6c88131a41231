//! Typed errors of the reader. Messages name the defect and never contain
//! absolute paths (callers may show them to remote users).

use thiserror::Error;

/// Everything that can go wrong while opening or reading a ZIM archive.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ZimError {
    /// An operating-system I/O error (open, read, stat).
    #[error("I/O error: {0}")]
    Io(String),
    /// No file (nor split part `.zimaa`) exists for the requested name.
    #[error("archive file not found: {0}")]
    NotFound(String),
    /// A read reached past the end of the archive (truncated or lying pointer).
    #[error(
        "read of {len} bytes at offset {offset} goes past the end of the archive ({size} bytes)"
    )]
    OutOfBounds { offset: u64, len: u64, size: u64 },
    /// The file is shorter than the 80-byte header.
    #[error("file is too small to contain a ZIM header ({0} bytes)")]
    TooSmall(u64),
    /// The magic number is not 0x044D495A.
    #[error("invalid magic number {0:#010x}")]
    BadMagic(u32),
    /// Major version other than 5 or 6.
    #[error("unsupported ZIM major version {0}")]
    UnsupportedVersion(u16),
    /// A header field violates the format (names the field).
    #[error("invalid header: {0}")]
    BadHeader(String),
    /// The header's checksum position does not match the archive size.
    #[error(
        "archive is of bad size or corrupted: checksum position {checksum_pos} + 16 != size {size}"
    )]
    BadSize { checksum_pos: u64, size: u64 },
    /// A section (pointer table, title listing, ...) lies outside the archive.
    #[error("{0} outside (or not fully inside) the archive")]
    SectionOutOfBounds(&'static str),
    /// The MIME type list is malformed.
    #[error("invalid MIME type list: {0}")]
    BadMimeList(String),
    /// A directory entry pointer points outside the archive.
    #[error("invalid dirent pointer for entry {index}: {offset}")]
    BadDirentPointer { index: u32, offset: u64 },
    /// A directory entry could not be parsed.
    #[error("invalid dirent for entry {index}: {reason}")]
    BadDirent { index: u32, reason: String },
    /// The path-ordered dirent table is not sorted.
    #[error("dirent table is not properly sorted at entry #{index}")]
    UnsortedDirents { index: u32 },
    /// An entry index is beyond the entry count.
    #[error("entry index {index} out of range (entry count {count})")]
    EntryIndexOutOfRange { index: u32, count: u32 },
    /// A cluster index is beyond the cluster count.
    #[error("cluster index {index} out of range (cluster count {count})")]
    ClusterIndexOutOfRange { index: u32, count: u32 },
    /// A cluster pointer points outside the archive.
    #[error("invalid pointer for cluster {index}: {offset}")]
    BadClusterPointer { index: u32, offset: u64 },
    /// A cluster could not be parsed.
    #[error("invalid cluster {index}: {reason}")]
    BadCluster { index: u32, reason: String },
    /// Unknown compression type in the cluster info byte.
    #[error("cluster {index}: unsupported compression type {kind}")]
    UnsupportedCompression { index: u32, kind: u8 },
    /// Decompression failed.
    #[error("cluster {index}: decompression failed: {reason}")]
    Decompression { index: u32, reason: String },
    /// A cluster decompresses to more than the configured maximum.
    #[error("cluster {index} is larger than the maximum of {max} bytes")]
    ClusterTooLarge { index: u32, max: u64 },
    /// A blob index is beyond the blob count of its cluster.
    #[error("blob {blob} out of range in cluster {cluster} ({count} blobs)")]
    BlobIndexOutOfRange { cluster: u32, blob: u32, count: u32 },
    /// A blob's range lies outside its cluster's data.
    #[error("blob {blob} of cluster {cluster} lies outside the cluster data")]
    BlobOutOfBounds { cluster: u32, blob: u32 },
    /// The entry's MIME index is not in the MIME list.
    #[error("unknown mime type code {0}")]
    UnknownMimeType(u16),
    /// The operation needs an item (content) but the entry is a redirect.
    #[error("entry {0} is a redirect, not an item")]
    IsRedirect(u32),
    /// The operation needs a redirect but the entry is not one.
    #[error("entry {0} is not a redirect")]
    NotRedirect(u32),
    /// The entry has no content (link target or deleted entry).
    #[error("entry {0} has no content (link target or deleted entry)")]
    NoContent(u32),
    /// A redirect chain loops or is longer than the allowed hop count.
    #[error("redirect loop (or chain too long) starting at entry {0}")]
    RedirectLoop(u32),
    /// A title listing entry points beyond the entry count.
    #[error("title listing entry {position} points to entry {index} beyond the entry count")]
    BadTitleIndex { position: u32, index: u32 },
    /// Blob content is not valid UTF-8.
    #[error("content is not valid UTF-8")]
    NotUtf8,
    /// An argument given by the caller is invalid (e.g. empty range list).
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
}

impl ZimError {
    /// Converts an I/O error without leaking file names (std's messages carry none).
    pub(crate) fn io(err: &std::io::Error) -> Self {
        ZimError::Io(err.to_string())
    }
}
