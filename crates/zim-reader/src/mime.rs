//! The MIME type list: NUL-terminated strings ending with an empty string.

use crate::error::ZimError;
use crate::parts::Parts;

/// Largest MIME list we accept; real archives have a few hundred bytes.
const MAX_MIME_LIST_BYTES: u64 = 1 << 20;

/// Reads the list starting at `pos`, never past `limit` (the first section
/// that follows it, as computed by the caller).
pub(crate) fn read_mime_list(parts: &Parts, pos: u64, limit: u64) -> Result<Vec<String>, ZimError> {
    if limit <= pos {
        return Err(ZimError::BadMimeList("no room for the MIME list".into()));
    }
    let max_len = (limit - pos).min(MAX_MIME_LIST_BYTES);
    let mut chunk = 4096u64;
    // Grow the read window until the terminating empty string is seen.
    loop {
        let want = chunk.min(max_len);
        let buf = parts.read_upto(pos, want)?;
        if let Some(list) = parse(&buf)? {
            return Ok(list);
        }
        if want >= max_len || (buf.len() as u64) < want {
            return Err(ZimError::BadMimeList("unterminated MIME type list".into()));
        }
        chunk = chunk.saturating_mul(4);
    }
}

/// `Ok(None)` when the buffer ends before the list does.
fn parse(buf: &[u8]) -> Result<Option<Vec<String>>, ZimError> {
    let mut list = Vec::new();
    let mut rest = buf;
    loop {
        let Some(nul) = rest.iter().position(|&b| b == 0) else {
            return Ok(None);
        };
        if nul == 0 {
            return Ok(Some(list));
        }
        let (s, tail) = rest.split_at(nul);
        list.push(String::from_utf8_lossy(s).into_owned());
        rest = tail.get(1..).unwrap_or(&[]);
    }
}
