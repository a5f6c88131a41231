//! Title-ordered listings: arrays of little-endian u32 entry indexes sorted
//! by (namespace, title). Two kinds exist: the v0 list pointed to by the
//! header (all entries) and `X/listing/titleOrdered/v1` (front articles only),
//! stored as a blob of an uncompressed cluster.

use crate::error::ZimError;
use crate::parts::Parts;

/// A listing located in the archive; entries are read positionally.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TitleListing {
    /// Logical archive offset of the first index.
    pub offset: u64,
    /// Number of indexes.
    pub count: u32,
}

impl TitleListing {
    /// A listing of `byte_len` bytes at `offset`, checked to lie inside the archive.
    pub(crate) fn new(
        parts: &Parts,
        offset: u64,
        byte_len: u64,
        name: &'static str,
    ) -> Result<TitleListing, ZimError> {
        match offset.checked_add(byte_len) {
            Some(end) if end <= parts.size() => {}
            _ => return Err(ZimError::SectionOutOfBounds(name)),
        }
        let count = u32::try_from(byte_len / 4).map_err(|_| ZimError::SectionOutOfBounds(name))?;
        Ok(TitleListing { offset, count })
    }

    /// The entry index stored at title position `pos`.
    pub(crate) fn get(&self, parts: &Parts, pos: u32) -> Result<u32, ZimError> {
        if pos >= self.count {
            return Err(ZimError::EntryIndexOutOfRange {
                index: pos,
                count: self.count,
            });
        }
        parts.read_u32(self.offset + u64::from(pos) * 4)
    }
}
