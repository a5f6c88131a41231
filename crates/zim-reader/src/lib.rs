//! Pure-Rust reader for ZIM archives (openZIM format, major versions 5 and 6).
//!
//! * All format features: both namespace schemes, v0 and v1 title listings,
//!   uncompressed/xz/zstd clusters with 32- or 64-bit blob offsets, split
//!   archives (`.zimaa`...), archives embedded in other files.
//! * Positional reads only (no mmap): a truncated archive gives errors, not
//!   SIGBUS. Opening reads the header and a few dirents, not the whole index.
//! * Damaged archives give typed [`ZimError`]s, never panics; sizes read from
//!   the file never drive allocations unchecked.
//!
//! ```no_run
//! let archive = zim_reader::Archive::open("wikipedia.zim")?;
//! if let Some(entry) = archive.entry_by_path("Main_Page")? {
//!     let entry = entry.resolve()?;
//!     println!("{}: {} bytes", entry.title(), entry.content()?.len());
//! }
//! # Ok::<(), zim_reader::ZimError>(())
//! ```

mod append_buf;
mod archive;
mod blob;
mod cache;
mod check;
mod cluster;
mod dirent;
mod entry;
mod error;
mod header;
mod mime;
mod parts;
mod report;
mod title_listing;

pub use archive::{Archive, IndexLocation, OpenOptions};
pub use blob::Blob;
pub use check::CheckReport;
pub use cluster::Compression;
pub use entry::Entry;
pub use error::ZimError;
pub use report::{ArchiveReport, ClusterStats};
