//! The knowledge index of an archive: what the archive's own Xapian indexes do not know.
//!
//! Built once per archive (`zim-mcp index`), kept in a sidecar directory beside the archive
//! or in a cache directory, and read by the server when present:
//!
//! - the **link graph** ([`graph`]): every page's internal links resolved to entries
//!   (through redirects), the inbound lists ranked as "what links here" answers them, and
//!   the anchor text of every link;
//! - the **section index** ([`sections`]): every section of every page (its page's title,
//!   its heading path, its own text) and, per page, the anchor texts of the links that
//!   point at it, in a tantivy index with field weights;
//! - optionally (`--vectors`), **page embeddings** ([`vectors`]) from a local sentence-
//!   embedding model run in-process ([`zim_embed`]).
//!
//! A sidecar is keyed to its archive's UUID and checksum ([`manifest`]); one that does not
//! match the archive it sits beside, or that was written in another format, is ignored, never
//! trusted. It is written aside and published by a rename ([`build`]), so an interrupted
//! build leaves nothing half-written where the server looks.

#![forbid(unsafe_code)]

pub mod build;
pub mod error;
pub mod extract;
pub mod graph;
pub mod ivf;
pub mod locate;
pub mod manifest;
pub mod readonly;
pub mod sections;
pub mod vectors;

pub use build::{BuildOptions, BuildReport, Progress, Shard, build, build_open, merge_shards};
pub use error::IndexError;
pub use graph::{InboundLink, InboundPage, LinkGraph};
pub use locate::{IndexLocation, Status, locate, status};
pub use manifest::{FORMAT_VERSION, Manifest};
pub use sections::{SectionHit, SectionIndex};
pub use vectors::VectorIndex;

use std::path::Path;

use zim_reader::Archive;

/// An archive's knowledge index, opened for reading.
pub struct KnowledgeIndex {
    pub manifest: Manifest,
    pub graph: LinkGraph,
    pub sections: SectionIndex,
    /// Page embeddings, when the index was built with them.
    pub vectors: Option<VectorIndex>,
    /// Bytes the sidecar takes on disk.
    pub size_bytes: u64,
}

impl KnowledgeIndex {
    /// Opens the sidecar at `dir` for `archive`; an error when it does not match the archive
    /// (another UUID or checksum, another format) or cannot be read.
    pub fn open(dir: &Path, archive: &Archive) -> Result<Self, IndexError> {
        let manifest = Manifest::read(dir)?;
        manifest.check_matches(archive)?;
        let graph = LinkGraph::open(&dir.join(graph::FILE_NAME), archive.all_entry_count())?;
        let sections = SectionIndex::open(&dir.join(sections::DIR_NAME))?;
        let vectors_path = dir.join(vectors::FILE_NAME);
        let vectors = if manifest.vectors > 0 {
            Some(VectorIndex::open(&vectors_path)?)
        } else {
            None
        };
        Ok(Self {
            manifest,
            graph,
            sections,
            vectors,
            size_bytes: locate::dir_size(dir),
        })
    }
}
