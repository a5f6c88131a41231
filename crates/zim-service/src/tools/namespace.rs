//! Namespace boundaries found by binary search over the path-ordered directory.
//!
//! Entries are sorted by (namespace, path), so each namespace is one contiguous run of entry
//! indexes. Finding the runs costs O(log n) reads per namespace instead of a full scan, and
//! the breakdown is exact and deterministic (no sampling that could miss a small namespace).

use std::ops::Range;

use zim_reader::Archive;

use crate::error::ToolError;
use crate::tools::entry::archive_error;

/// More distinct namespaces than this means the directory is not sorted as it should be.
const MAX_NAMESPACES: usize = 64;

fn namespace_at(archive: &Archive, index: u32) -> Result<char, ToolError> {
    archive
        .entry_at(index)
        .map(|e| e.namespace())
        .map_err(|e| archive_error("browse_namespace", e))
}

/// First index in `range` whose namespace sorts after `ns` (the end of `ns`'s run).
fn end_of(archive: &Archive, ns: char, mut range: Range<u32>) -> Result<u32, ToolError> {
    while range.start < range.end {
        let mid = range.start + (range.end - range.start) / 2;
        if namespace_at(archive, mid)? <= ns {
            range.start = mid + 1;
        } else {
            range.end = mid;
        }
    }
    Ok(range.start)
}

/// Every namespace with its index range, in directory order.
pub fn namespace_ranges(archive: &Archive) -> Result<Vec<(char, Range<u32>)>, ToolError> {
    let total = archive.all_entry_count();
    let mut ranges = Vec::new();
    let mut start = 0u32;
    while start < total {
        if ranges.len() >= MAX_NAMESPACES {
            return Err(ToolError::archive(
                "browse_namespace",
                "The archive's directory is not sorted by namespace",
            ));
        }
        let ns = namespace_at(archive, start)?;
        let end = end_of(archive, ns, start..total)?;
        // `end > start` always holds because entry `start` itself has namespace `ns`; the
        // guard keeps a lying archive from looping forever.
        let end = end.max(start + 1);
        ranges.push((ns, start..end));
        start = end;
    }
    Ok(ranges)
}

/// The index range of one namespace (empty when the archive has no such namespace).
pub fn namespace_range(archive: &Archive, ns: char) -> Result<Range<u32>, ToolError> {
    Ok(namespace_ranges(archive)?
        .into_iter()
        .find(|(n, _)| *n == ns)
        .map(|(_, r)| r)
        .unwrap_or(0..0))
}

/// [`describe`] of a namespace given as text (its first character).
pub fn describe_str(ns: &str, new_scheme: bool) -> &'static str {
    ns.chars().next().map_or("", |c| describe(c, new_scheme))
}

pub fn describe(ns: char, new_scheme: bool) -> &'static str {
    match (ns, new_scheme) {
        ('C', true) => "User content entries (articles, media, assets)",
        ('M', _) => "ZIM metadata",
        ('W', _) => "Well-known entries (main page, favicon)",
        ('X', _) => "Search indexes (full-text, title)",
        ('A', _) => "Articles",
        ('I', _) => "Images and media files",
        ('-', _) => "Layout and style resources (CSS, JavaScript)",
        ('B', _) => "Article metadata",
        ('J', _) => "Images (text form)",
        ('U', _) => "User content (variant)",
        ('V', _) => "User content metadata",
        ('C', false) => "Content",
        _ => "Other",
    }
}

/// Parse the `namespace` argument: one character (a lowercase letter is taken as its
/// uppercase: no ZIM namespace is lowercase), or the long names openzim-mcp understands
/// (`content`, `metadata`, `wellknown`, `search`/`index`).
pub fn parse_namespace(raw: &str) -> Result<char, ToolError> {
    let trimmed = raw.trim();
    match trimmed.to_ascii_lowercase().as_str() {
        "content" => return Ok('C'),
        "metadata" => return Ok('M'),
        "wellknown" | "well-known" => return Ok('W'),
        "search" | "index" => return Ok('X'),
        _ => {}
    }
    let mut chars = trimmed.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_control() => Ok(c.to_ascii_uppercase()),
        _ => Err(ToolError::validation(
            "invalid_namespace",
            format!(
                "namespace must be a single character such as C, M, W, X, A or I (got '{}')",
                crate::text::truncate(trimmed, 40)
            ),
        )
        .with_hint("zim_metadata lists the namespaces of an archive")),
    }
}
