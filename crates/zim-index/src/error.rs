//! What can go wrong building or reading an index.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error("I/O error on {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("archive error: {0}")]
    Archive(#[from] zim_reader::ZimError),
    #[error("section index error: {0}")]
    Tantivy(#[from] tantivy::TantivyError),
    /// The sidecar belongs to another archive or another format: ignored, never trusted.
    #[error("index does not match the archive: {0}")]
    Mismatch(String),
    /// The sidecar's bytes are not what the format says.
    #[error("index is corrupt: {0}")]
    Corrupt(String),
    #[error("{0}")]
    Invalid(String),
    #[error("the build was interrupted")]
    Interrupted,
}

impl IndexError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Self::Io {
            path: path.into(),
            source,
        }
    }
}
