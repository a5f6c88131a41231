//! Page embeddings (`vectors.bin`): one sentence embedding per page (its title, lead and
//! headings), so a question finds the page that means what it asks even when they share no
//! word ("run an external program and capture its output" is the page about `Command`).
//!
//! Vectors are L2-normalised, so each component lies in [-1, 1] and is stored as an i8 of
//! `round(x * 127)`: a quarter of the f32 size, and a cosine ranking the same as f32's to
//! within the quantisation error (a few thousandths). Search is exact: every vector is
//! compared with the query, as an integer dot product.
//!
//! The table stays in the file and is read through a fixed buffer at each search (the
//! operating system's page cache keeps it warm): only the page-to-row map is held in memory.
//! Held whole it would be process memory for as long as the server runs, for every archive
//! (12.7 MB for the 33,000 pages of the Rust documentation, gigabytes for a Wikipedia);
//! reading 12.7 MB from the page cache costs about a millisecond per search. An open
//! descriptor keeps reading the file it opened: a sidecar replaced by rename is read whole
//! until the index is reopened, and one truncated in place gives errors, never a crash.
//!
//! Layout (little endian): a 256-byte header (magic "ZMIVEC01", u32 dims, u64 count, u64
//! vectors_at, u64 entries_at, u16 model id length, the model id), then `count * dims` i8,
//! then `count` u32 entry indices.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;

use crate::error::IndexError;

pub const FILE_NAME: &str = "vectors.bin";
const MAGIC: &[u8; 8] = b"ZMIVEC01";
const HEADER_BYTES: usize = 256;
const MAX_MODEL_ID: usize = HEADER_BYTES - 40;
/// Vectors held at most (exact search over more would need an approximate index).
pub const MAX_VECTORS: u64 = 4_000_000;
const MAX_DIMS: u32 = 4096;

fn quantise(x: f32) -> i8 {
    (x * 127.0).round().clamp(-127.0, 127.0) as i8
}

/// Writes `vectors.bin`, one vector at a time.
pub struct VectorWriter {
    file: BufWriter<File>,
    dims: u32,
    model_id: String,
    entries: Vec<u32>,
}

impl VectorWriter {
    pub fn create(path: &Path, dims: usize, model_id: &str) -> Result<Self, IndexError> {
        let dims = u32::try_from(dims)
            .ok()
            .filter(|d| (1..=MAX_DIMS).contains(d))
            .ok_or_else(|| IndexError::Invalid(format!("{dims} dimensions")))?;
        if model_id.len() > MAX_MODEL_ID {
            return Err(IndexError::Invalid("model id too long".into()));
        }
        let file = File::create(path).map_err(|e| IndexError::io(path, e))?;
        let mut file = BufWriter::with_capacity(1 << 20, file);
        file.write_all(&[0u8; HEADER_BYTES])
            .map_err(|e| IndexError::io(path, e))?;
        Ok(Self {
            file,
            dims,
            model_id: model_id.to_owned(),
            entries: Vec::new(),
        })
    }

    pub fn add(&mut self, entry: u32, vector: &[f32]) -> std::io::Result<()> {
        if vector.len() != self.dims as usize || self.entries.len() as u64 >= MAX_VECTORS {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "vector of another size, or too many",
            ));
        }
        let bytes: Vec<u8> = vector.iter().map(|x| quantise(*x) as u8).collect();
        self.file.write_all(&bytes)?;
        self.entries.push(entry);
        Ok(())
    }

    /// Vectors written so far.
    pub fn len(&self) -> u64 {
        self.entries.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn finish(mut self, path: &Path) -> Result<u64, IndexError> {
        let err = |e| IndexError::io(path, e);
        let count = self.entries.len() as u64;
        let vectors_at = HEADER_BYTES as u64;
        let entries_at = vectors_at + count * u64::from(self.dims);
        for e in &self.entries {
            self.file.write_all(&e.to_le_bytes()).map_err(err)?;
        }
        let mut header = Vec::with_capacity(HEADER_BYTES);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&self.dims.to_le_bytes());
        header.extend_from_slice(&count.to_le_bytes());
        header.extend_from_slice(&vectors_at.to_le_bytes());
        header.extend_from_slice(&entries_at.to_le_bytes());
        let id = self.model_id.as_bytes();
        header.extend_from_slice(&(id.len() as u16).to_le_bytes());
        header.extend_from_slice(id);
        header.resize(HEADER_BYTES, 0);
        self.file.seek(SeekFrom::Start(0)).map_err(err)?;
        self.file.write_all(&header).map_err(err)?;
        self.file.flush().map_err(err)?;
        self.file.get_ref().sync_all().map_err(err)?;
        Ok(count)
    }
}

/// Rows read per block by a search (a whole number of vectors of up to 4096 dimensions).
const ROWS_PER_READ: usize = 256;

/// The page embeddings: the table read from the file, the page-to-row map in memory.
pub struct VectorIndex {
    file: File,
    dims: usize,
    model_id: String,
    /// Where the table starts in the file.
    vectors_at: u64,
    entries: Vec<u32>,
    /// (entry, row) sorted by entry: a page's vector by its entry index.
    rows: Vec<(u32, u32)>,
}

impl VectorIndex {
    pub fn open(path: &Path) -> Result<Self, IndexError> {
        let mut file = File::open(path).map_err(|e| IndexError::io(path, e))?;
        let len = file.metadata().map_err(|e| IndexError::io(path, e))?.len();
        let mut header = [0u8; HEADER_BYTES];
        file.read_exact(&mut header)
            .map_err(|e| IndexError::io(path, e))?;
        let corrupt = |what: &str| IndexError::Corrupt(format!("vectors: {what}"));
        if header.get(..8) != Some(MAGIC.as_slice()) {
            return Err(corrupt("bad magic"));
        }
        let u32_at = |at: usize| {
            header
                .get(at..at + 4)
                .and_then(|b| b.try_into().ok())
                .map_or(0, u32::from_le_bytes)
        };
        let u64_at = |at: usize| {
            header
                .get(at..at + 8)
                .and_then(|b| b.try_into().ok())
                .map_or(0, u64::from_le_bytes)
        };
        let dims = u32_at(8);
        let count = u64_at(12);
        let vectors_at = u64_at(20);
        let entries_at = u64_at(28);
        let id_len = usize::from(
            header
                .get(36..38)
                .and_then(|b| b.try_into().ok())
                .map_or(0, u16::from_le_bytes),
        );
        let model_id = header
            .get(38..38 + id_len.min(MAX_MODEL_ID))
            .and_then(|b| std::str::from_utf8(b).ok())
            .ok_or_else(|| corrupt("model id"))?
            .to_owned();
        if !(1..=MAX_DIMS).contains(&dims) || count > MAX_VECTORS {
            return Err(corrupt("sizes"));
        }
        let table = count * u64::from(dims);
        if vectors_at != HEADER_BYTES as u64
            || entries_at != vectors_at + table
            || entries_at + 4 * count != len
        {
            return Err(corrupt("regions"));
        }
        let mut entry_bytes = vec![0u8; 4 * count as usize];
        file.read_exact_at(&mut entry_bytes, entries_at)
            .map_err(|e| IndexError::io(path, e))?;
        let entries: Vec<u32> = entry_bytes
            .chunks_exact(4)
            .map(|b| b.try_into().map_or(0, u32::from_le_bytes))
            .collect();
        let mut rows: Vec<(u32, u32)> = entries
            .iter()
            .zip(0u32..)
            .map(|(entry, row)| (*entry, row))
            .collect();
        rows.sort_unstable();
        Ok(Self {
            file,
            dims: dims as usize,
            model_id,
            vectors_at,
            entries,
            rows,
        })
    }

    /// The embedding model the vectors were made with (name and weights' fingerprint).
    pub fn model_id(&self) -> &str {
        &self.model_id
    }

    pub fn dims(&self) -> usize {
        self.dims
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Calls `each` with every (entry, vector) in storage order, the vector as its stored f32
    /// approximation (quantised again, it gives back the same bytes: shards merge losslessly).
    pub fn for_each(&self, mut each: impl FnMut(u32, &[f32])) -> std::io::Result<()> {
        let mut vector = vec![0f32; self.dims];
        self.scan(|row, entry| {
            for (x, b) in vector.iter_mut().zip(row) {
                *x = f32::from(*b as i8) / 127.0;
            }
            each(entry, &vector);
        })
    }

    /// Heap bytes held (the table itself is read from the file).
    pub fn heap_bytes(&self) -> usize {
        4 * self.entries.len() + 8 * self.rows.len()
    }

    /// Calls `each` with every stored row (its bytes) and its entry, reading the table a block
    /// at a time.
    fn scan(&self, mut each: impl FnMut(&[u8], u32)) -> std::io::Result<()> {
        let block_rows = ROWS_PER_READ;
        let mut buf = vec![0u8; block_rows * self.dims];
        for (block, entries) in self.entries.chunks(block_rows).enumerate() {
            let bytes = entries.len() * self.dims;
            let at = (block * block_rows * self.dims) as u64;
            let slice = buf.get_mut(..bytes).unwrap_or_default();
            self.file.read_exact_at(slice, self.vectors_at + at)?;
            for (row, entry) in slice.chunks_exact(self.dims).zip(entries) {
                each(row, *entry);
            }
        }
        Ok(())
    }

    /// The cosine between `query` (an L2-normalised vector of the same model) and the page
    /// of `entry`, when that page has a vector.
    pub fn similarity(&self, query: &[f32], entry: u32) -> Option<f32> {
        if query.len() != self.dims {
            return None;
        }
        let at = self.rows.binary_search_by_key(&entry, |(e, _)| *e).ok()?;
        let row = u64::from(self.rows.get(at)?.1);
        let start = row.checked_mul(self.dims as u64)?;
        let mut v = vec![0u8; self.dims];
        self.file
            .read_exact_at(&mut v, self.vectors_at.checked_add(start)?)
            .ok()?;
        let dot: i32 = v
            .iter()
            .zip(query)
            .map(|(a, b)| i32::from(*a as i8) * i32::from(quantise(*b)))
            .sum();
        Some(dot as f32 / (127.0 * 127.0))
    }

    /// The `k` pages most alike `query` (an L2-normalised vector of the same model), best
    /// first, with their cosine; none when the file cannot be read.
    pub fn search(&self, query: &[f32], k: usize) -> Vec<(u32, f32)> {
        if query.len() != self.dims || k == 0 {
            return Vec::new();
        }
        let q: Vec<i32> = query.iter().map(|x| i32::from(quantise(*x))).collect();
        let mut scored: Vec<(i32, u32)> = Vec::with_capacity(self.entries.len());
        let read = self.scan(|v, e| {
            let dot: i32 = v.iter().zip(&q).map(|(a, b)| i32::from(*a as i8) * b).sum();
            scored.push((dot, e));
        });
        if read.is_err() {
            return Vec::new();
        }
        let k = k.min(scored.len());
        // Best first, equal cosines by entry: the same order for the selection and the sort,
        // so which of several pages tied at the k-th place are kept is defined (quantised
        // cosines tie often).
        let order = |a: &(i32, u32), b: &(i32, u32)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
        if k < scored.len() {
            scored.select_nth_unstable_by(k, order);
            scored.truncate(k);
        }
        scored.sort_by(order);
        scored
            .into_iter()
            .map(|(dot, e)| (e, dot as f32 / (127.0 * 127.0)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(v: &[f32]) -> Vec<f32> {
        let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.iter().map(|x| x / n).collect()
    }

    #[test]
    fn vectors_written_are_searched_by_cosine() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(FILE_NAME);
        let mut w = VectorWriter::create(&path, 3, "test-model@1").expect("create");
        w.add(7, &unit(&[1.0, 0.0, 0.0])).expect("add");
        w.add(9, &unit(&[0.0, 1.0, 0.0])).expect("add");
        w.add(4, &unit(&[1.0, 1.0, 0.0])).expect("add");
        assert!(w.add(1, &[1.0, 0.0]).is_err());
        assert_eq!(w.finish(&path).expect("finish"), 3);
        let index = VectorIndex::open(&path).expect("open");
        assert_eq!(index.model_id(), "test-model@1");
        assert_eq!((index.len(), index.dims()), (3, 3));
        let hits = index.search(&unit(&[1.0, 0.2, 0.0]), 2);
        assert_eq!(hits.iter().map(|h| h.0).collect::<Vec<_>>(), [7, 4]);
        assert!((hits[0].1 - 0.98).abs() < 0.02, "{hits:?}");
        assert!(index.search(&[1.0, 0.0], 2).is_empty());
        assert_eq!(index.search(&unit(&[0.0, 0.0, 1.0]), 10).len(), 3);
        // A page's own cosine, by entry, agrees with the search's.
        let q = unit(&[1.0, 0.2, 0.0]);
        for (entry, cos) in index.search(&q, 3) {
            assert_eq!(index.similarity(&q, entry), Some(cos));
        }
        assert_eq!(index.similarity(&q, 5), None);
        assert_eq!(index.similarity(&[1.0], 7), None);
    }

    #[test]
    fn pages_tied_at_the_last_place_are_kept_by_entry() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(FILE_NAME);
        let mut w = VectorWriter::create(&path, 2, "m").expect("create");
        // Six identical vectors: every cosine ties; the lowest entries are kept.
        for e in [9, 4, 7, 1, 8, 3] {
            w.add(e, &unit(&[1.0, 1.0])).expect("add");
        }
        w.finish(&path).expect("finish");
        let index = VectorIndex::open(&path).expect("open");
        let hits: Vec<u32> = index
            .search(&unit(&[1.0, 1.0]), 3)
            .iter()
            .map(|h| h.0)
            .collect();
        assert_eq!(hits, [1, 3, 4]);
    }

    #[test]
    fn a_damaged_file_is_an_error_never_a_panic() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(FILE_NAME);
        let mut w = VectorWriter::create(&path, 4, "m").expect("create");
        for e in 0..5 {
            w.add(e, &unit(&[1.0, e as f32, 0.5, 0.0])).expect("add");
        }
        w.finish(&path).expect("finish");
        let bytes = std::fs::read(&path).expect("read");
        std::fs::write(&path, &bytes[..bytes.len() - 1]).expect("truncate");
        assert!(VectorIndex::open(&path).is_err());
        for i in 0..64 {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0x5a;
            std::fs::write(&path, &flipped).expect("write");
            if let Ok(index) = VectorIndex::open(&path) {
                let _ = index.search(&unit(&[1.0, 1.0, 1.0, 1.0]), 3);
            }
        }
    }
}
