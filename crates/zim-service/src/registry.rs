//! The archives the server may serve: discovered in the allowed directories, opened on first
//! use and kept open (a reopened handle would lose the reader's caches).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use parking_lot::RwLock;
use zim_reader::{Archive, OpenOptions};

use crate::error::ToolError;
use crate::paths::{AllowedDirs, ArchiveFile};
use crate::redact::redact_paths;

/// Decompressed-cluster budget per open archive. The reader's default (256 MiB) suits one
/// archive read in bulk; a server keeps many archives open and serves scattered reads, where a
/// few dozen recent clusters (libzim keeps 16) catch the repeats: a search's snippets and the
/// article read next. Bounds the server's memory at 32 MiB per archive instead of 256.
const CLUSTER_CACHE_BYTES: u64 = 16 << 20;

/// An open archive together with where it came from.
#[derive(Clone)]
pub struct OpenArchive {
    pub file: Arc<ArchiveFile>,
    pub archive: Archive,
}

struct Opened {
    archive: Archive,
    /// Identity of the opened file (`identity::stamp` of its descriptor): a path that names
    /// another file now is reopened.
    stamp: Option<String>,
}

pub struct ArchiveRegistry {
    dirs: AllowedDirs,
    /// Decompressed-cluster budget of each archive opened.
    cluster_cache_bytes: u64,
    files: RwLock<Arc<Vec<ArchiveFile>>>,
    opened: RwLock<HashMap<PathBuf, Opened>>,
    /// Changes whenever a scan finds a different archive list; answers kept for replay
    /// (`memo.rs`) carry it, so none computed over an older list is served.
    generation: AtomicU64,
}

impl ArchiveRegistry {
    pub fn new(dirs: AllowedDirs) -> Self {
        Self::with_cluster_budget(dirs, CLUSTER_CACHE_BYTES)
    }

    /// A registry whose archives each keep up to `cluster_cache_bytes` of decoded clusters
    /// (`cache.libzim_cluster_cache_max_size_bytes`).
    pub fn with_cluster_budget(dirs: AllowedDirs, cluster_cache_bytes: u64) -> Self {
        let files = dirs.scan();
        Self {
            dirs,
            cluster_cache_bytes,
            files: RwLock::new(Arc::new(files)),
            opened: RwLock::new(HashMap::new()),
            // Distinct per process, so nothing kept by an earlier run could ever match.
            generation: AtomicU64::new(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX))
                    .unwrap_or(0),
            ),
        }
    }

    pub fn dirs(&self) -> &AllowedDirs {
        &self.dirs
    }

    /// The archives found by the last scan.
    pub fn files(&self) -> Arc<Vec<ArchiveFile>> {
        Arc::clone(&self.files.read())
    }

    /// The archive list's generation: it changes when a scan finds a different list.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Scan the allowed directories again; handles of files that disappeared are dropped.
    pub fn rescan(&self) -> Arc<Vec<ArchiveFile>> {
        // A call that scanned answers about the directories as they are now (a listing, a
        // name found only after a scan): its answer is not one to keep (`memo.rs`).
        crate::memo::note_volatile();
        let files = Arc::new(self.dirs.scan());
        {
            let mut current = self.files.write();
            if **current != *files {
                self.generation.fetch_add(1, Ordering::AcqRel);
            }
            *current = Arc::clone(&files);
        }
        self.opened
            .write()
            .retain(|path, _| files.iter().any(|f| &f.path == path));
        files
    }

    /// Resolve a client-supplied `zim_file_path` (rescanning once when it is not found, so a
    /// newly copied archive is served without a restart) and open it.
    pub fn open(&self, zim_file_path: &str) -> Result<OpenArchive, ToolError> {
        let files = self.files();
        let file = match self.dirs.resolve(zim_file_path, &files) {
            Ok(file) => file.clone(),
            Err(err) if err.kind == crate::ErrorKind::NotFound => {
                let files = self.rescan();
                self.dirs.resolve(zim_file_path, &files)?.clone()
            }
            Err(err) => return Err(err),
        };
        self.open_file(file)
    }

    /// The only archive when exactly one is served (tools whose path is optional).
    pub fn open_default(&self) -> Result<OpenArchive, ToolError> {
        let files = self.files();
        match files.as_slice() {
            [one] => self.open_file(one.clone()),
            [] => Err(ToolError::not_found(
                "zim_file_not_found",
                "No ZIM files were found in the allowed directories",
            )),
            many => Err(ToolError::validation(
                "zim_file_path_required",
                format!(
                    "zim_file_path is required when {} archives are available",
                    many.len()
                ),
            )
            .with_hint(format!(
                "Available archives: {}",
                many.iter()
                    .take(10)
                    .map(|f| f.display.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }

    pub fn open_file(&self, file: ArchiveFile) -> Result<OpenArchive, ToolError> {
        // Re-check containment right before opening: closes the window in which a symlink
        // could have been swapped since the scan.
        let canonical = file.path.canonicalize().map_err(|_| {
            ToolError::not_found(
                "zim_file_not_found",
                format!("ZIM file not found: {}", file.display),
            )
        })?;
        if self.dirs.root_of(&canonical).is_none() {
            return Err(ToolError::security(
                "Access denied: the archive now resolves outside the allowed directories",
            ));
        }
        let current = crate::identity::stamp_of(&canonical);
        crate::memo::note_archive(&canonical, current.clone());
        if let Some(opened) = self.opened.read().get(&canonical)
            && opened.stamp.is_some()
            && opened.stamp == current
        {
            return Ok(OpenArchive {
                file: Arc::new(file),
                archive: opened.archive.clone(),
            });
        }
        let options = OpenOptions {
            cluster_cache_bytes: self.cluster_cache_bytes,
            ..OpenOptions::default()
        };
        let archive = Archive::open_with(&canonical, options).map_err(|e| {
            ToolError::archive(
                "archive_open_failed",
                format!(
                    "Cannot open {}: {}",
                    file.display,
                    redact_paths(&e.to_string())
                ),
            )
        })?;
        // Containment enforced on what was opened, not on the name: a directory swapped for a
        // symlink between the check above and the open cannot make a descriptor read outside.
        // Every part of a split archive counts.
        let contained = archive.opened_real_paths().iter().all(|real| {
            real.as_deref()
                .is_some_and(|p| self.dirs.root_of(p).is_some())
        });
        if !contained {
            return Err(ToolError::security(
                "Access denied: the archive resolves outside the allowed directories",
            ));
        }
        let stamp = archive
            .opened_metadata()
            .map(|m| crate::identity::stamp(&m));
        self.opened.write().insert(
            canonical,
            Opened {
                archive: archive.clone(),
                stamp,
            },
        );
        Ok(OpenArchive {
            file: Arc::new(file),
            archive,
        })
    }

    /// Number of archives currently held open.
    pub fn open_count(&self) -> usize {
        self.opened.read().len()
    }
}
