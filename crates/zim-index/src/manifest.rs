//! The sidecar's identity card: which archive it was built for, in which format, and what
//! it holds. Written last, so a sidecar without one is unfinished.

use std::path::Path;

use serde::{Deserialize, Serialize};
use zim_reader::Archive;

use crate::error::IndexError;

/// Bumped on any change of layout or content; an older sidecar is rebuilt, not read.
pub const FORMAT_VERSION: u32 = 1;
pub const FILE_NAME: &str = "manifest.json";
/// A manifest is a few hundred bytes; a bigger file is not one.
const MAX_MANIFEST_BYTES: u64 = 64 * 1024;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    pub archive_uuid: String,
    /// The archive's stored MD5 checksum (hex), empty when it has none.
    pub archive_checksum: String,
    pub archive_entries: u32,
    /// Pages read (HTML entries).
    pub pages: u64,
    /// Section documents in the section index.
    pub sections: u64,
    /// Distinct (source, target) internal links.
    pub links: u64,
    /// Seconds the build took, and when it ended (seconds since the epoch).
    pub build_seconds: f64,
    pub built_at: u64,
    /// Page embeddings stored, and the model that made them (name@fingerprint).
    #[serde(default)]
    pub vectors: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// `i/n` for a shard not merged yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<(u32, u32)>,
}

impl Manifest {
    /// The manifest's fields that identify `archive`.
    pub fn identity(archive: &Archive) -> Result<(String, String), IndexError> {
        Ok((archive.uuid(), archive.checksum()?.unwrap_or_default()))
    }

    pub fn read(dir: &Path) -> Result<Self, IndexError> {
        use std::io::Read;
        let path = dir.join(FILE_NAME);
        let file = std::fs::File::open(&path).map_err(|e| IndexError::io(&path, e))?;
        let mut text = String::new();
        file.take(MAX_MANIFEST_BYTES)
            .read_to_string(&mut text)
            .map_err(|e| IndexError::io(&path, e))?;
        serde_json::from_str(&text).map_err(|e| IndexError::Corrupt(format!("manifest: {e}")))
    }

    pub fn write(&self, dir: &Path) -> Result<(), IndexError> {
        let path = dir.join(FILE_NAME);
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| IndexError::Corrupt(format!("manifest: {e}")))?;
        std::fs::write(&path, text).map_err(|e| IndexError::io(&path, e))
    }

    /// An error unless this sidecar was built, whole, in this format, for `archive`.
    pub fn check_matches(&self, archive: &Archive) -> Result<(), IndexError> {
        if self.format != FORMAT_VERSION {
            return Err(IndexError::Mismatch(format!(
                "format {} (this build reads {FORMAT_VERSION})",
                self.format
            )));
        }
        if self.shard.is_some() {
            return Err(IndexError::Mismatch("an unmerged shard".into()));
        }
        let (uuid, checksum) = Self::identity(archive)?;
        if self.archive_uuid != uuid || self.archive_checksum != checksum {
            return Err(IndexError::Mismatch(format!(
                "built for archive {} (checksum {}), this is {uuid} (checksum {checksum})",
                self.archive_uuid, self.archive_checksum
            )));
        }
        if self.archive_entries != archive.all_entry_count() {
            return Err(IndexError::Mismatch("another entry count".into()));
        }
        Ok(())
    }
}
