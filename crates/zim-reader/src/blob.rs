//! [`Blob`]: the bytes of one item, sharing its cluster's buffer.

use std::ops::Deref;
use std::sync::Arc;

use crate::append_buf::AppendBuf;
use crate::error::ZimError;

/// Where a blob's bytes live: its own or a shared decoded buffer.
#[derive(Clone)]
enum Store {
    Vec(Arc<Vec<u8>>),
    /// The published prefix of a cluster being decoded in place; `[start, end)` was
    /// checked to lie in it, and a published prefix never changes.
    Append(Arc<AppendBuf>),
}

/// Content of an entry. Cloning is cheap (reference count + range).
#[derive(Clone)]
pub struct Blob {
    data: Store,
    start: usize,
    end: usize,
}

impl Blob {
    /// `start..end` of `data`, whose first `available` bytes are readable. Callers pass a
    /// validated range; it is clamped anyway so `deref` can never fail.
    fn clamped(data: Store, available: usize, start: usize, end: usize) -> Blob {
        let end = end.min(available);
        let start = start.min(end);
        Blob { data, start, end }
    }

    pub(crate) fn from_shared(data: Arc<Vec<u8>>, start: usize, end: usize) -> Blob {
        let available = data.len();
        Blob::clamped(Store::Vec(data), available, start, end)
    }

    pub(crate) fn from_append(buf: Arc<AppendBuf>, start: usize, end: usize) -> Blob {
        let available = buf.len();
        Blob::clamped(Store::Append(buf), available, start, end)
    }

    pub(crate) fn from_vec(v: Vec<u8>) -> Blob {
        let end = v.len();
        Blob {
            data: Store::Vec(Arc::new(v)),
            start: 0,
            end,
        }
    }

    /// The content as UTF-8 text.
    pub fn as_str(&self) -> Result<&str, ZimError> {
        std::str::from_utf8(self).map_err(|_| ZimError::NotUtf8)
    }
}

impl Deref for Blob {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.data {
            Store::Vec(v) => v.get(self.start..self.end),
            Store::Append(b) => b.get(self.start, self.end),
        }
        .unwrap_or(&[])
    }
}

impl AsRef<[u8]> for Blob {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl std::fmt::Debug for Blob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Blob").field("len", &self.len()).finish()
    }
}
