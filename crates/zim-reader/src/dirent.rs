//! Directory entries ("dirents"): one per entry, pointed to by the path
//! pointer list.

use crate::error::ZimError;
use crate::parts::Parts;

pub(crate) const MIME_REDIRECT: u16 = 0xffff;
pub(crate) const MIME_LINK_TARGET: u16 = 0xfffe;
pub(crate) const MIME_DELETED: u16 = 0xfffd;

/// Longest dirent we accept (path + title + parameters).
const MAX_DIRENT_BYTES: u64 = 1 << 20;
/// First read size: most dirents are far shorter.
const FIRST_READ: u64 = 512;

/// What a dirent points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DirentKind {
    /// Content stored as blob `blob` of cluster `cluster`.
    Item { mime: u16, cluster: u32, blob: u32 },
    /// Redirect to the entry with this index.
    Redirect(u32),
    /// Old-format link target (no content).
    LinkTarget,
    /// Old-format deleted entry (no content).
    Deleted,
}

/// A parsed directory entry.
#[derive(Debug, Clone)]
pub(crate) struct Dirent {
    pub kind: DirentKind,
    pub namespace: u8,
    pub path: String,
    /// Raw title (may be empty: then the path serves as title).
    pub title: String,
}

impl Dirent {
    /// Title as libzim reports it: the path when the stored title is empty.
    pub(crate) fn display_title(&self) -> &str {
        if self.title.is_empty() {
            &self.path
        } else {
            &self.title
        }
    }

    /// Reads the dirent of entry `index` at logical offset `offset`.
    pub(crate) fn read(parts: &Parts, index: u32, offset: u64) -> Result<Dirent, ZimError> {
        if offset >= parts.size() {
            return Err(ZimError::BadDirentPointer { index, offset });
        }
        let mut want = FIRST_READ;
        loop {
            let buf = parts.read_upto(offset, want)?;
            let complete = (buf.len() as u64) < want;
            match parse(&buf) {
                Some(d) => return Ok(d),
                None if complete || want >= MAX_DIRENT_BYTES => {
                    return Err(ZimError::BadDirent {
                        index,
                        reason: "unterminated path, title or parameter".into(),
                    });
                }
                None => want = want.saturating_mul(8).min(MAX_DIRENT_BYTES),
            }
        }
    }
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}
fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// `None` when `buf` is too short to hold the whole dirent.
fn parse(buf: &[u8]) -> Option<Dirent> {
    let (Some(mime), Some(&extra_len), Some(&namespace)) = (u16_at(buf, 0), buf.get(2), buf.get(3))
    else {
        return None;
    };
    // Bytes 4..8: revision, unused.
    let (kind, mut pos) = match mime {
        MIME_REDIRECT => (DirentKind::Redirect(u32_at(buf, 8)?), 12),
        MIME_LINK_TARGET => (DirentKind::LinkTarget, 8),
        MIME_DELETED => (DirentKind::Deleted, 8),
        _ => {
            let (cluster, blob) = (u32_at(buf, 8)?, u32_at(buf, 12)?);
            (
                DirentKind::Item {
                    mime,
                    cluster,
                    blob,
                },
                16,
            )
        }
    };
    let take_cstr = |pos: &mut usize| -> Option<String> {
        let rest = buf.get(*pos..)?;
        let nul = rest.iter().position(|&b| b == 0)?;
        let s = String::from_utf8_lossy(rest.get(..nul)?).into_owned();
        *pos += nul + 1;
        Some(s)
    };
    let path = take_cstr(&mut pos)?;
    let title = take_cstr(&mut pos)?;
    if buf.len() < pos + usize::from(extra_len) {
        return None;
    }
    Some(Dirent {
        kind,
        namespace,
        path,
        title,
    })
}
