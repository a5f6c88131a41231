//! The fixed 80-byte ZIM header.

use crate::error::ZimError;

/// Size of the header in bytes.
pub(crate) const HEADER_SIZE: u64 = 80;
/// "ZIM\x04" little-endian.
pub(crate) const ZIM_MAGIC: u32 = 0x044D_495A;
/// `titlePtrPos` value meaning "no v0 title listing" (v6.3+).
pub(crate) const NO_TITLE_LISTING: u64 = u64::MAX;
/// `mainPage` value meaning "no main page".
pub(crate) const NO_MAIN_PAGE: u32 = u32::MAX;

/// Parsed header fields.
#[derive(Debug, Clone)]
pub(crate) struct Header {
    pub major: u16,
    pub minor: u16,
    pub uuid: [u8; 16],
    pub entry_count: u32,
    pub cluster_count: u32,
    pub path_ptr_pos: u64,
    pub title_ptr_pos: u64,
    pub cluster_ptr_pos: u64,
    pub mime_list_pos: u64,
    pub main_page: u32,
    pub checksum_pos: u64,
}

fn le_u16(b: &[u8; 80], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}
fn le_u32(b: &[u8; 80], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
fn le_u64(b: &[u8; 80], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

impl Header {
    /// Parses and sanity-checks the header (same rules as libzim).
    pub(crate) fn parse(b: &[u8; 80]) -> Result<Header, ZimError> {
        let magic = le_u32(b, 0);
        if magic != ZIM_MAGIC {
            return Err(ZimError::BadMagic(magic));
        }
        let major = le_u16(b, 4);
        if major != 5 && major != 6 {
            return Err(ZimError::UnsupportedVersion(major));
        }
        let mut uuid = [0u8; 16];
        uuid.copy_from_slice(&b[8..24]);
        let h = Header {
            major,
            minor: le_u16(b, 6),
            uuid,
            entry_count: le_u32(b, 24),
            cluster_count: le_u32(b, 28),
            path_ptr_pos: le_u64(b, 32),
            title_ptr_pos: le_u64(b, 40),
            cluster_ptr_pos: le_u64(b, 48),
            mime_list_pos: le_u64(b, 56),
            main_page: le_u32(b, 64),
            // Bytes 68..72: layoutPage, unused since format 5.
            checksum_pos: le_u64(b, 72),
        };
        h.sanity_check()?;
        Ok(h)
    }

    fn sanity_check(&self) -> Result<(), ZimError> {
        let bad = |m: &str| Err(ZimError::BadHeader(m.to_string()));
        if (self.entry_count == 0) != (self.cluster_count == 0) {
            return bad("entry count and cluster count must be both zero or both non-zero");
        }
        // Version 4 headers stopped at 72 bytes; everything since has 80.
        if self.mime_list_pos != HEADER_SIZE && self.mime_list_pos != 72 {
            return bad("mimeListPos must be 80");
        }
        if self.path_ptr_pos < self.mime_list_pos {
            return bad("pathPtrPos must be after mimeListPos");
        }
        if self.has_title_listing_v0() && self.title_ptr_pos < self.mime_list_pos {
            return bad("titlePtrPos must be after mimeListPos");
        }
        if self.cluster_ptr_pos < self.mime_list_pos {
            return bad("clusterPtrPos must be after mimeListPos");
        }
        if self.cluster_count > self.entry_count {
            return bad("cluster count cannot be higher than entry count");
        }
        if self.checksum_pos != 0 && self.checksum_pos < self.mime_list_pos {
            return bad("checksumPos must be after mimeListPos");
        }
        Ok(())
    }

    /// Whether the header carries a checksum position (all 80-byte headers).
    pub(crate) fn has_checksum(&self) -> bool {
        self.mime_list_pos >= HEADER_SIZE
    }

    /// The v0 title pointer list exists (absent in v6.3 "noTitleListingV0").
    pub(crate) fn has_title_listing_v0(&self) -> bool {
        self.title_ptr_pos != NO_TITLE_LISTING
    }

    /// New namespace scheme (`C`, `M`, `W`, `X`): any minor version >= 1.
    pub(crate) fn new_namespace_scheme(&self) -> bool {
        self.minor >= 1
    }

    pub(crate) fn has_main_page(&self) -> bool {
        self.main_page != NO_MAIN_PAGE
    }

    /// Formats the UUID like libzim: 8-4-4-4-12 lowercase hex digits.
    pub(crate) fn uuid_string(&self) -> String {
        let mut s = String::with_capacity(36);
        for (i, byte) in self.uuid.iter().enumerate() {
            if matches!(i, 4 | 6 | 8 | 10) {
                s.push('-');
            }
            s.push_str(&format!("{byte:02x}"));
        }
        s
    }
}
