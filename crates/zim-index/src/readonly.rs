//! A read-only tantivy directory over positional reads: the section index is read the way
//! archives are (`pread`, no `mmap`), so a sidecar truncated or replaced while the server
//! reads it gives I/O errors, never SIGBUS, and nothing of it stays resident but what the
//! queries read.

use std::fs::File;
use std::io;
use std::ops::Range;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tantivy::HasLen;
use tantivy::directory::error::{DeleteError, OpenReadError, OpenWriteError};
use tantivy::directory::{Directory, FileHandle, OwnedBytes, WatchCallback, WatchHandle, WritePtr};

/// Files read whole through [`Directory::atomic_read`] (`meta.json`) are small.
const MAX_ATOMIC_READ: u64 = 16 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct ReadOnlyDirectory {
    root: PathBuf,
}

impl ReadOnlyDirectory {
    pub fn new(root: &Path) -> Self {
        Self {
            root: root.to_path_buf(),
        }
    }

    /// A path of the index, which tantivy names by bare file names only.
    fn resolve(&self, path: &Path) -> Result<PathBuf, io::Error> {
        let mut components = path.components();
        match (components.next(), components.next()) {
            (Some(std::path::Component::Normal(name)), None) => Ok(self.root.join(name)),
            _ => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "index file names have no directories",
            )),
        }
    }
}

#[derive(Debug)]
struct PreadHandle {
    file: File,
    len: usize,
}

impl HasLen for PreadHandle {
    fn len(&self) -> usize {
        self.len
    }
}

impl FileHandle for PreadHandle {
    fn read_bytes(&self, range: Range<usize>) -> io::Result<OwnedBytes> {
        if range.start > range.end || range.end > self.len {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "read past the end of an index file",
            ));
        }
        let mut buf = vec![0u8; range.end - range.start];
        let offset = u64::try_from(range.start)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "offset"))?;
        self.file.read_exact_at(&mut buf, offset)?;
        Ok(OwnedBytes::new(buf))
    }
}

fn read_only(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!("the index is read-only ({})", path.display()),
    )
}

impl Directory for ReadOnlyDirectory {
    fn get_file_handle(&self, path: &Path) -> Result<Arc<dyn FileHandle>, OpenReadError> {
        let full = self
            .resolve(path)
            .map_err(|e| OpenReadError::wrap_io_error(e, path.to_path_buf()))?;
        let file = File::open(&full).map_err(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                OpenReadError::FileDoesNotExist(path.to_path_buf())
            } else {
                OpenReadError::wrap_io_error(e, path.to_path_buf())
            }
        })?;
        let len = file
            .metadata()
            .map_err(|e| OpenReadError::wrap_io_error(e, path.to_path_buf()))?
            .len();
        let len = usize::try_from(len).map_err(|_| {
            OpenReadError::wrap_io_error(
                io::Error::new(io::ErrorKind::InvalidData, "file too large"),
                path.to_path_buf(),
            )
        })?;
        Ok(Arc::new(PreadHandle { file, len }))
    }

    fn delete(&self, path: &Path) -> Result<(), DeleteError> {
        Err(DeleteError::IoError {
            io_error: Arc::new(read_only(path)),
            filepath: path.to_path_buf(),
        })
    }

    fn exists(&self, path: &Path) -> Result<bool, OpenReadError> {
        let full = self
            .resolve(path)
            .map_err(|e| OpenReadError::wrap_io_error(e, path.to_path_buf()))?;
        Ok(full.is_file())
    }

    fn open_write(&self, path: &Path) -> Result<WritePtr, OpenWriteError> {
        Err(OpenWriteError::wrap_io_error(
            read_only(path),
            path.to_path_buf(),
        ))
    }

    fn atomic_read(&self, path: &Path) -> Result<Vec<u8>, OpenReadError> {
        use std::io::Read;
        let full = self
            .resolve(path)
            .map_err(|e| OpenReadError::wrap_io_error(e, path.to_path_buf()))?;
        let file = File::open(&full).map_err(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                OpenReadError::FileDoesNotExist(path.to_path_buf())
            } else {
                OpenReadError::wrap_io_error(e, path.to_path_buf())
            }
        })?;
        let mut out = Vec::new();
        file.take(MAX_ATOMIC_READ)
            .read_to_end(&mut out)
            .map_err(|e| OpenReadError::wrap_io_error(e, path.to_path_buf()))?;
        Ok(out)
    }

    fn atomic_write(&self, path: &Path, _data: &[u8]) -> io::Result<()> {
        Err(read_only(path))
    }

    fn sync_directory(&self) -> io::Result<()> {
        Ok(())
    }

    fn watch(&self, _watch_callback: WatchCallback) -> tantivy::Result<WatchHandle> {
        Ok(WatchHandle::empty())
    }

    fn acquire_lock(
        &self,
        _lock: &tantivy::directory::Lock,
    ) -> Result<tantivy::directory::DirectoryLock, tantivy::directory::error::LockError> {
        // Readers take no lock that needs a file: nothing here writes.
        Ok(tantivy::directory::DirectoryLock::from(Box::new(())))
    }
}
