//! [`Blob`]: the bytes of one item, sharing its cluster's buffer.

use std::ops::Deref;
use std::sync::Arc;

use crate::error::ZimError;

/// Content of an entry. Cloning is cheap (reference count + range).
#[derive(Clone)]
pub struct Blob {
    data: Arc<Vec<u8>>,
    start: usize,
    end: usize,
}

impl Blob {
    pub(crate) fn from_shared(data: Arc<Vec<u8>>, start: usize, end: usize) -> Blob {
        // Callers pass a validated range; clamp anyway so `deref` can never fail.
        let end = end.min(data.len());
        let start = start.min(end);
        Blob { data, start, end }
    }

    pub(crate) fn from_vec(v: Vec<u8>) -> Blob {
        let end = v.len();
        Blob {
            data: Arc::new(v),
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
        self.data.get(self.start..self.end).unwrap_or(&[])
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
