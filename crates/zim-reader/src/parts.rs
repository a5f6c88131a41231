//! Positional reader over the byte ranges making up one logical archive:
//! a single file, a split archive (`foo.zimaa`, `foo.zimab`, ...), an archive
//! embedded at an offset inside another file, or several ranges of one file.
//!
//! Reads use `pread` (`FileExt::read_at`), never mmap, so a file truncated or
//! replaced while open yields an error instead of a SIGBUS.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::ZimError;

/// One contiguous piece of the logical archive.
#[derive(Debug)]
struct Segment {
    file: Arc<File>,
    path: PathBuf,
    /// Offset of this piece inside its physical file.
    physical_offset: u64,
    /// Offset of this piece in the logical archive.
    logical_start: u64,
    len: u64,
}

/// The logical archive as a sequence of segments.
#[derive(Debug)]
pub(crate) struct Parts {
    segments: Vec<Segment>,
    size: u64,
    multi_file: bool,
}

fn file_name_for_error(path: &Path) -> String {
    // Only the last component: messages must not reveal absolute paths.
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `/proc/self/fd/N` for a part's descriptor.
fn fd_path(seg: &Segment) -> PathBuf {
    use std::os::fd::AsRawFd;
    PathBuf::from(format!("/proc/self/fd/{}", seg.file.as_raw_fd()))
}

/// A path that opens the very file a part reads, whatever its name names now: the
/// descriptor's `/proc/self/fd/N` where procfs is mounted, else the name it was opened by.
/// Index readers that open the archive themselves (Xapian) use it, so they read the file the
/// reader checked, not whatever a swapped symlink points at later.
fn reopen_path(seg: &Segment) -> PathBuf {
    let proc = fd_path(seg);
    if proc.exists() {
        proc
    } else {
        seg.path.clone()
    }
}

fn open_file(path: &Path) -> Result<(File, u64), ZimError> {
    let file = File::open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            ZimError::NotFound(file_name_for_error(path))
        } else {
            ZimError::io(&e)
        }
    })?;
    let len = file.metadata().map_err(|e| ZimError::io(&e))?.len();
    Ok((file, len))
}

impl Parts {
    /// Opens `path` as libzim does: a name ending in `.zimaa` opens the split
    /// series; any other name opens that file, or, if it does not exist, the
    /// series `<name>aa`, `<name>ab`, ...
    pub(crate) fn open_path(path: &Path) -> Result<Parts, ZimError> {
        let as_str = path.as_os_str().to_string_lossy();
        if !as_str.ends_with(".zimaa") {
            match open_file(path) {
                Ok((file, len)) => return Ok(Self::single(file, path.to_path_buf(), 0, len)),
                Err(ZimError::NotFound(_)) => {}
                Err(e) => return Err(e),
            }
        }
        let base = if as_str.ends_with(".zimaa") {
            let mut s = path.as_os_str().to_os_string().into_string().map_err(|_| {
                ZimError::InvalidArgument("split archive name is not valid UTF-8".into())
            })?;
            s.truncate(s.len().saturating_sub(2));
            s
        } else {
            path.as_os_str()
                .to_os_string()
                .into_string()
                .map_err(|_| ZimError::NotFound(file_name_for_error(path)))?
        };
        let mut segments = Vec::new();
        let mut size = 0u64;
        'outer: for c0 in b'a'..=b'z' {
            for c1 in b'a'..=b'z' {
                let name = PathBuf::from(format!("{base}{}{}", c0 as char, c1 as char));
                let (file, len) = match open_file(&name) {
                    Ok(v) => v,
                    Err(ZimError::NotFound(_)) => break 'outer,
                    Err(e) => return Err(e),
                };
                segments.push(Segment {
                    file: Arc::new(file),
                    path: name,
                    physical_offset: 0,
                    logical_start: size,
                    len,
                });
                size = size
                    .checked_add(len)
                    .ok_or_else(|| ZimError::InvalidArgument("split archive too large".into()))?;
            }
        }
        if segments.is_empty() {
            return Err(ZimError::NotFound(file_name_for_error(path)));
        }
        let multi_file = segments.len() > 1;
        Ok(Parts {
            segments,
            size,
            multi_file,
        })
    }

    fn single(file: File, path: PathBuf, offset: u64, len: u64) -> Parts {
        Parts {
            segments: vec![Segment {
                file: Arc::new(file),
                path,
                physical_offset: offset,
                logical_start: 0,
                len,
            }],
            size: len,
            multi_file: false,
        }
    }

    /// Several `(offset, len)` ranges of one file, concatenated in order.
    pub(crate) fn open_ranges(path: &Path, ranges: &[(u64, u64)]) -> Result<Parts, ZimError> {
        if ranges.is_empty() {
            return Err(ZimError::InvalidArgument("no range given".into()));
        }
        let (file, file_len) = open_file(path)?;
        let file = Arc::new(file);
        let mut segments = Vec::with_capacity(ranges.len());
        let mut size = 0u64;
        for &(offset, len) in ranges {
            let end = offset
                .checked_add(len)
                .ok_or_else(|| ZimError::InvalidArgument("range overflows".into()))?;
            if end > file_len {
                return Err(ZimError::InvalidArgument(format!(
                    "range {offset}+{len} goes past the end of the file ({file_len} bytes)"
                )));
            }
            if len == 0 {
                continue;
            }
            segments.push(Segment {
                file: Arc::clone(&file),
                path: path.to_path_buf(),
                physical_offset: offset,
                logical_start: size,
                len,
            });
            size = size
                .checked_add(len)
                .ok_or_else(|| ZimError::InvalidArgument("ranges too large".into()))?;
        }
        Ok(Parts {
            segments,
            size,
            multi_file: false,
        })
    }

    /// Total logical size in bytes.
    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    /// Whether the archive is split over several files.
    pub(crate) fn is_multi_file(&self) -> bool {
        self.multi_file
    }

    /// Index of the segment holding logical offset `offset` (`offset < size`).
    fn segment_index(&self, offset: u64) -> Option<usize> {
        let idx = self.segments.partition_point(|s| s.logical_start <= offset);
        let idx = idx.checked_sub(1)?;
        let seg = self.segments.get(idx)?;
        (offset < seg.logical_start.saturating_add(seg.len)).then_some(idx)
    }

    fn check_range(&self, offset: u64, len: u64) -> Result<(), ZimError> {
        match offset.checked_add(len) {
            Some(end) if end <= self.size => Ok(()),
            _ => Err(ZimError::OutOfBounds {
                offset,
                len,
                size: self.size,
            }),
        }
    }

    /// Fills `buf` from logical offset `offset`; reads may straddle segments.
    pub(crate) fn read_exact_at(&self, offset: u64, buf: &mut [u8]) -> Result<(), ZimError> {
        let total = buf.len() as u64;
        self.check_range(offset, total)?;
        let mut done = 0usize;
        while done < buf.len() {
            let pos = offset + done as u64;
            let idx = self.segment_index(pos).ok_or(ZimError::OutOfBounds {
                offset,
                len: total,
                size: self.size,
            })?;
            let seg = &self.segments[idx];
            let in_seg = pos - seg.logical_start;
            let avail = seg.len - in_seg;
            let want = (buf.len() - done).min(usize::try_from(avail).unwrap_or(usize::MAX));
            let chunk = &mut buf[done..done + want];
            read_fully(&seg.file, seg.physical_offset + in_seg, chunk).map_err(|_| {
                ZimError::OutOfBounds {
                    offset,
                    len: total,
                    size: self.size,
                }
            })?;
            done += want;
        }
        Ok(())
    }

    /// Reads `len` bytes at `offset` into a new vector. The length is checked
    /// against the archive size before allocating.
    pub(crate) fn read_vec(&self, offset: u64, len: u64) -> Result<Vec<u8>, ZimError> {
        self.check_range(offset, len)?;
        let len = usize::try_from(len).map_err(|_| ZimError::OutOfBounds {
            offset,
            len,
            size: self.size,
        })?;
        let mut v = vec![0u8; len];
        self.read_exact_at(offset, &mut v)?;
        Ok(v)
    }

    /// Reads at most `max` bytes at `offset` (fewer near the end).
    pub(crate) fn read_upto(&self, offset: u64, max: u64) -> Result<Vec<u8>, ZimError> {
        let avail = self.size.saturating_sub(offset);
        self.read_vec(offset, avail.min(max))
    }

    pub(crate) fn read_u8(&self, offset: u64) -> Result<u8, ZimError> {
        let mut b = [0u8; 1];
        self.read_exact_at(offset, &mut b)?;
        Ok(b[0])
    }

    pub(crate) fn read_u32(&self, offset: u64) -> Result<u32, ZimError> {
        let mut b = [0u8; 4];
        self.read_exact_at(offset, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    pub(crate) fn read_u64(&self, offset: u64) -> Result<u64, ZimError> {
        let mut b = [0u8; 8];
        self.read_exact_at(offset, &mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    /// Physical location of a logical range if it lies inside one segment.
    pub(crate) fn locate(&self, offset: u64, len: u64) -> Option<(PathBuf, u64)> {
        self.check_range(offset, len).ok()?;
        let idx = self.segment_index(offset)?;
        let seg = self.segments.get(idx)?;
        let in_seg = offset - seg.logical_start;
        if in_seg.checked_add(len)? > seg.len {
            return None;
        }
        Some((reopen_path(seg), seg.physical_offset.checked_add(in_seg)?))
    }

    /// Where each open part really is now, as the kernel sees its descriptor (a renamed or
    /// swapped directory on the way does not change the file a descriptor reads). Falls back
    /// to the canonical form of the name the part was opened by where `/proc` is missing.
    pub(crate) fn real_paths(&self) -> Vec<Option<PathBuf>> {
        self.segments
            .iter()
            .map(|seg| {
                std::fs::read_link(fd_path(seg))
                    .ok()
                    .or_else(|| seg.path.canonicalize().ok())
            })
            .collect()
    }

    /// The first part's metadata, from its open descriptor (`fstat`).
    pub(crate) fn metadata(&self) -> Option<std::fs::Metadata> {
        self.segments.first()?.file.metadata().ok()
    }

    /// An owned streaming reader over `[offset, size)`, for decoders that
    /// outlive the call (incremental cluster decompression).
    pub(crate) fn owned_stream(self: &Arc<Self>, offset: u64) -> OwnedStream {
        OwnedStream {
            parts: Arc::clone(self),
            pos: offset,
        }
    }

    /// A streaming reader over `[offset, end)`.
    pub(crate) fn stream_range(&self, offset: u64, end: u64) -> PartsStream<'_> {
        PartsStream {
            parts: self,
            pos: offset,
            end: end.min(self.size),
        }
    }
}

/// `read_at` until the buffer is full; a short file is an error.
fn read_fully(file: &File, mut offset: u64, mut buf: &mut [u8]) -> std::io::Result<()> {
    while !buf.is_empty() {
        match file.read_at(buf, offset) {
            Ok(0) => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Sequential `io::Read` view of a logical range, reading in bounded chunks.
pub(crate) struct PartsStream<'a> {
    parts: &'a Parts,
    pos: u64,
    end: u64,
}

impl std::io::Read for PartsStream<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.end.saturating_sub(self.pos);
        if left == 0 || buf.is_empty() {
            return Ok(0);
        }
        let n = buf
            .len()
            .min(usize::try_from(left).unwrap_or(usize::MAX))
            .min(1 << 20);
        let chunk = &mut buf[..n];
        self.parts
            .read_exact_at(self.pos, chunk)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::UnexpectedEof, e.to_string()))?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// Like [`PartsStream`] but owning a handle on the parts.
pub(crate) struct OwnedStream {
    parts: Arc<Parts>,
    pos: u64,
}

impl std::io::Read for OwnedStream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut s = PartsStream {
            parts: &self.parts,
            pos: self.pos,
            end: self.parts.size,
        };
        let n = s.read(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}
