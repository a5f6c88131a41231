//! Page embeddings (`vectors.bin`): one sentence embedding per page (its title, lead and
//! headings), so a question finds the page that means what it asks even when they share no
//! word ("run an external program and capture its output" is the page about `Command`).
//!
//! Vectors are L2-normalised, so each component lies in [-1, 1] and is stored as an i8 of
//! `round(x * 127)`: a quarter of the f32 size, and a cosine ranking the same as f32's to
//! within the quantisation error (a few thousandths). Below [`crate::ivf::MIN_VECTORS`] search
//! is exact: every vector is compared with the query, as an integer dot product.
//!
//! The table stays in the file and is read through a fixed buffer at each search (the
//! operating system's page cache keeps it warm): only the page-to-row map is held in memory.
//! Held whole it would be process memory for as long as the server runs, for every archive
//! (12.7 MB for the 33,000 pages of the Rust documentation, gigabytes for a Wikipedia);
//! an exact search reading and comparing those 12.7 MB from the page cache takes 2.7 ms. An open
//! descriptor keeps reading the file it opened: a sidecar replaced by rename is read as it was
//! until the index is reopened, and one truncated in place gives errors, never a crash.
//!
//! From [`crate::ivf::MIN_VECTORS`] vectors on, the rows are stored cluster by cluster and a
//! search scans only the clusters nearest to the query (`ivf.rs`).
//!
//! Layout (little endian): a 256-byte header (magic "ZMIVEC01", or "ZMIVEC02" when clustered;
//! u32 dims, u64 count, u64 vectors_at, u64 entries_at, u16 model id length, the model id; when
//! clustered, u32 clusters at byte 240 and u64 clusters_at at byte 244), then `count * dims`
//! i8, then `count` u32 entry indices; when clustered, then `clusters * dims` f32 centroids and
//! `clusters + 1` u64 first rows (cluster `c` holds rows `first[c]..first[c + 1]`).

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;

use crate::error::IndexError;

pub const FILE_NAME: &str = "vectors.bin";
const MAGIC: &[u8; 8] = b"ZMIVEC01";
const MAGIC_CLUSTERED: &[u8; 8] = b"ZMIVEC02";
const HEADER_BYTES: usize = 256;
const MAX_MODEL_ID: usize = 200;
/// Where a clustered file's header keeps its cluster count and directory offset.
const CLUSTERS_FIELD: usize = 240;
const CLUSTERS_AT_FIELD: usize = 244;
/// Vectors in one file at most: a Wikipedia's 6 million pages and room to spare. The table
/// stays on disk; what the index holds in memory is 12 bytes per vector (its entry, and its
/// place in the page-to-row map), ~72 MB for 6 million.
pub const MAX_VECTORS: u64 = 16_000_000;
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

    /// Writes the entries and the header, then clusters the rows when there are at least
    /// [`crate::ivf::MIN_VECTORS`] of them. Returns the number of vectors.
    pub fn finish(self, path: &Path) -> Result<u64, IndexError> {
        self.finish_clustering_from(path, crate::ivf::MIN_VECTORS)
    }

    /// [`finish`](Self::finish), clustering from `min_vectors` vectors on.
    pub fn finish_clustering_from(
        mut self,
        path: &Path,
        min_vectors: u64,
    ) -> Result<u64, IndexError> {
        let count = self.finish_exact(path)?;
        if count >= min_vectors.max(1) {
            cluster_file(path, self.dims as usize, &self.model_id, &self.entries)?;
        }
        Ok(count)
    }

    fn finish_exact(&mut self, path: &Path) -> Result<u64, IndexError> {
        let err = |e| IndexError::io(path, e);
        let count = self.entries.len() as u64;
        for e in &self.entries {
            self.file.write_all(&e.to_le_bytes()).map_err(err)?;
        }
        let header = header(self.dims, count, &self.model_id, None);
        self.file.seek(SeekFrom::Start(0)).map_err(err)?;
        self.file.write_all(&header).map_err(err)?;
        self.file.flush().map_err(err)?;
        self.file.get_ref().sync_all().map_err(err)?;
        Ok(count)
    }
}

/// The file's header; `clusters`: their count and where their directory starts.
fn header(dims: u32, count: u64, model_id: &str, clusters: Option<(u32, u64)>) -> Vec<u8> {
    let vectors_at = HEADER_BYTES as u64;
    let entries_at = vectors_at + count * u64::from(dims);
    let mut header = Vec::with_capacity(HEADER_BYTES);
    header.extend_from_slice(if clusters.is_some() {
        MAGIC_CLUSTERED
    } else {
        MAGIC
    });
    header.extend_from_slice(&dims.to_le_bytes());
    header.extend_from_slice(&count.to_le_bytes());
    header.extend_from_slice(&vectors_at.to_le_bytes());
    header.extend_from_slice(&entries_at.to_le_bytes());
    let id = model_id.as_bytes();
    header.extend_from_slice(&(id.len() as u16).to_le_bytes());
    header.extend_from_slice(id);
    header.resize(HEADER_BYTES, 0);
    if let Some((n, at)) = clusters {
        header.splice(CLUSTERS_FIELD..CLUSTERS_FIELD + 4, n.to_le_bytes());
        header.splice(CLUSTERS_AT_FIELD..CLUSTERS_AT_FIELD + 8, at.to_le_bytes());
    }
    header
}

/// Rewrites the unclustered file at `path` (rows in `entries` order) with its rows grouped
/// by cluster: trains the centroids on a sample, assigns every row in one pass, writes the
/// rows to their cluster's place in a new file in a second, then renames it over `path`.
/// Memory: the sample and one u32 per row.
fn cluster_file(
    path: &Path,
    dims: usize,
    model_id: &str,
    entries: &[u32],
) -> Result<(), IndexError> {
    let err = |e| IndexError::io(path, e);
    let count = entries.len() as u64;
    let source = File::open(path).map_err(err)?;
    let vectors_at = HEADER_BYTES as u64;
    let read_row =
        |row: u64, buf: &mut [u8]| source.read_exact_at(buf, vectors_at + row * dims as u64);
    let widen = |row: &[u8], out: &mut Vec<f32>| {
        let start = out.len();
        out.extend(row.iter().map(|b| f32::from(*b as i8) / 127.0));
        if let Some(v) = out.get_mut(start..) {
            let norm = crate::ivf::dot(v, v).sqrt();
            if norm > 0.0 {
                v.iter_mut().for_each(|x| *x /= norm);
            }
        }
    };
    let clusters = crate::ivf::cluster_count(count);
    let mut row = vec![0u8; dims];
    let mut samples = Vec::new();
    for r in crate::ivf::sample_rows(count, clusters) {
        read_row(r, &mut row).map_err(err)?;
        widen(&row, &mut samples);
    }
    let centroids = crate::ivf::train(&samples, dims, clusters);
    drop(samples);
    let clusters = centroids.len() / dims.max(1);
    // First pass: every row's cluster.
    let mut assignment: Vec<u32> = Vec::with_capacity(entries.len());
    let mut block = vec![0u8; ROWS_PER_READ * dims];
    let mut widened = Vec::with_capacity(dims);
    for start in (0..count).step_by(ROWS_PER_READ) {
        let rows = (count - start).min(ROWS_PER_READ as u64) as usize;
        let bytes = block.get_mut(..rows * dims).unwrap_or_default();
        read_row(start, bytes).map_err(err)?;
        for v in bytes.chunks_exact(dims) {
            widened.clear();
            widen(v, &mut widened);
            assignment.push(crate::ivf::nearest(&centroids, dims, &widened) as u32);
        }
    }
    let mut first = vec![0u64; clusters + 1];
    for c in &assignment {
        if let Some(n) = first.get_mut(*c as usize + 1) {
            *n += 1;
        }
    }
    let mut running = 0u64;
    for n in first.iter_mut() {
        running += *n;
        *n = running;
    }
    // Second pass: each row to its cluster's next place.
    let staging = path.with_extension("clustering");
    let out = File::create(&staging).map_err(|e| IndexError::io(&staging, e))?;
    let serr = |e| IndexError::io(&staging, e);
    let entries_at = vectors_at + count * dims as u64;
    let clusters_at = entries_at + 4 * count;
    let mut next = first.clone();
    let mut placed = vec![0u32; entries.len()];
    for start in (0..count).step_by(ROWS_PER_READ) {
        let rows = (count - start).min(ROWS_PER_READ as u64) as usize;
        let bytes = block.get_mut(..rows * dims).unwrap_or_default();
        read_row(start, bytes).map_err(err)?;
        for (i, v) in bytes.chunks_exact(dims).enumerate() {
            let r = start as usize + i;
            let (Some(c), Some(entry)) = (assignment.get(r), entries.get(r)) else {
                continue;
            };
            let Some(slot) = next.get_mut(*c as usize) else {
                continue;
            };
            out.write_all_at(v, vectors_at + *slot * dims as u64)
                .map_err(serr)?;
            if let Some(p) = placed.get_mut(*slot as usize) {
                *p = *entry;
            }
            *slot += 1;
        }
    }
    let mut tail = Vec::with_capacity(placed.len() * 4 + centroids.len() * 4 + first.len() * 8);
    placed
        .iter()
        .for_each(|e| tail.extend_from_slice(&e.to_le_bytes()));
    centroids
        .iter()
        .for_each(|x| tail.extend_from_slice(&x.to_le_bytes()));
    first
        .iter()
        .for_each(|n| tail.extend_from_slice(&n.to_le_bytes()));
    out.write_all_at(&tail, entries_at).map_err(serr)?;
    let head = header(
        dims as u32,
        count,
        model_id,
        Some((clusters as u32, clusters_at)),
    );
    out.write_all_at(&head, 0).map_err(serr)?;
    out.sync_all().map_err(serr)?;
    std::fs::rename(&staging, path).map_err(serr)?;
    Ok(())
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
    /// When the rows are stored by cluster: the centroids (flat) and each cluster's first row.
    clusters: Option<(Vec<f32>, Vec<u64>)>,
}

impl VectorIndex {
    pub fn open(path: &Path) -> Result<Self, IndexError> {
        let mut file = File::open(path).map_err(|e| IndexError::io(path, e))?;
        let len = file.metadata().map_err(|e| IndexError::io(path, e))?.len();
        let mut header = [0u8; HEADER_BYTES];
        file.read_exact(&mut header)
            .map_err(|e| IndexError::io(path, e))?;
        let corrupt = |what: &str| IndexError::Corrupt(format!("vectors: {what}"));
        let clustered = match header.get(..8) {
            Some(m) if m == MAGIC.as_slice() => false,
            Some(m) if m == MAGIC_CLUSTERED.as_slice() => true,
            _ => return Err(corrupt("bad magic")),
        };
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
        let clusters = if clustered { u32_at(CLUSTERS_FIELD) } else { 0 };
        let clusters_at = u64_at(CLUSTERS_AT_FIELD);
        let directory = u64::from(clusters) * (u64::from(dims) * 4 + 8) + 8;
        let end = if clustered {
            clusters_at.checked_add(directory)
        } else {
            Some(entries_at + 4 * count)
        };
        if vectors_at != HEADER_BYTES as u64
            || entries_at != vectors_at + table
            || (clustered
                && (clusters == 0
                    || clusters as usize > crate::ivf::MAX_CLUSTERS
                    || clusters_at != entries_at + 4 * count))
            || end != Some(len)
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
        let clusters = if clustered {
            let n = clusters as usize;
            let mut bytes = vec![0u8; n * dims as usize * 4];
            file.read_exact_at(&mut bytes, clusters_at)
                .map_err(|e| IndexError::io(path, e))?;
            let centroids: Vec<f32> = bytes
                .chunks_exact(4)
                .map(|b| b.try_into().map_or(f32::NAN, f32::from_le_bytes))
                .collect();
            let mut bytes = vec![0u8; (n + 1) * 8];
            file.read_exact_at(&mut bytes, clusters_at + (n * dims as usize * 4) as u64)
                .map_err(|e| IndexError::io(path, e))?;
            let first: Vec<u64> = bytes
                .chunks_exact(8)
                .map(|b| b.try_into().map_or(u64::MAX, u64::from_le_bytes))
                .collect();
            if centroids.iter().any(|x| !x.is_finite())
                || first.first() != Some(&0)
                || first.last() != Some(&count)
                || first.windows(2).any(|w| w.first() > w.get(1))
            {
                return Err(corrupt("clusters"));
            }
            Some((centroids, first))
        } else {
            None
        };
        Ok(Self {
            file,
            dims: dims as usize,
            model_id,
            vectors_at,
            entries,
            rows,
            clusters,
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
    fn scan(&self, each: impl FnMut(&[u8], u32)) -> std::io::Result<()> {
        self.scan_rows(0, self.entries.len(), each)
    }

    /// [`scan`](Self::scan) over rows `start..end` only.
    fn scan_rows(
        &self,
        start: usize,
        end: usize,
        mut each: impl FnMut(&[u8], u32),
    ) -> std::io::Result<()> {
        let entries = self.entries.get(start..end).unwrap_or_default();
        let mut buf = vec![0u8; ROWS_PER_READ.min(entries.len()) * self.dims];
        for (block, entries) in entries.chunks(ROWS_PER_READ).enumerate() {
            let bytes = entries.len() * self.dims;
            let row = start + block * ROWS_PER_READ;
            let slice = buf.get_mut(..bytes).unwrap_or_default();
            self.file
                .read_exact_at(slice, self.vectors_at + (row * self.dims) as u64)?;
            for (row, entry) in slice.chunks_exact(self.dims).zip(entries) {
                each(row, *entry);
            }
        }
        Ok(())
    }

    /// Whether the rows are stored by cluster (a search then scans the nearest clusters only).
    pub fn is_clustered(&self) -> bool {
        self.clusters.is_some()
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
        let mut scored: Vec<(i32, u32)> = Vec::new();
        let mut score = |v: &[u8], e: u32| {
            let dot: i32 = v.iter().zip(&q).map(|(a, b)| i32::from(*a as i8) * b).sum();
            scored.push((dot, e));
        };
        let read = match &self.clusters {
            None => self.scan(&mut score),
            Some((centroids, first)) => {
                let probes = crate::ivf::probes(first.len().saturating_sub(1));
                crate::ivf::nearest_clusters(centroids, self.dims, query, probes)
                    .into_iter()
                    .try_for_each(|c| {
                        let (Some(&a), Some(&b)) = (first.get(c), first.get(c + 1)) else {
                            return Ok(());
                        };
                        self.scan_rows(a as usize, b as usize, &mut score)
                    })
            }
        };
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

    /// `n` unit vectors of `dims` dimensions around `groups` random directions (a fixed
    /// pseudo-random sequence), as page embeddings of topics are.
    fn grouped_vectors(n: usize, dims: usize, groups: usize) -> Vec<Vec<f32>> {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f32 / (1u64 << 53) as f32 - 0.5
        };
        let centres: Vec<Vec<f32>> = (0..groups)
            .map(|_| unit(&(0..dims).map(|_| next()).collect::<Vec<_>>()))
            .collect();
        (0..n)
            .map(|i| {
                let c = &centres[i % groups];
                unit(&c.iter().map(|x| x + 0.6 * next()).collect::<Vec<_>>())
            })
            .collect()
    }

    #[test]
    fn a_clustered_file_finds_what_an_exact_scan_finds() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (exact_path, ivf_path) = (dir.path().join("exact.bin"), dir.path().join("ivf.bin"));
        let vectors = grouped_vectors(6_000, 32, 40);
        let mut exact = VectorWriter::create(&exact_path, 32, "m").expect("create");
        let mut ivf = VectorWriter::create(&ivf_path, 32, "m").expect("create");
        for (i, v) in vectors.iter().enumerate() {
            exact.add(i as u32 * 3, v).expect("add");
            ivf.add(i as u32 * 3, v).expect("add");
        }
        exact.finish(&exact_path).expect("finish");
        assert_eq!(
            ivf.finish_clustering_from(&ivf_path, 1).expect("finish"),
            6_000
        );
        let (exact, ivf) = (
            VectorIndex::open(&exact_path).expect("open"),
            VectorIndex::open(&ivf_path).expect("open"),
        );
        assert!(!exact.is_clustered() && ivf.is_clustered());
        assert_eq!(ivf.len(), 6_000);
        // Every page keeps its own vector.
        for (i, v) in vectors.iter().enumerate().step_by(97) {
            assert_eq!(
                ivf.similarity(v, i as u32 * 3),
                exact.similarity(v, i as u32 * 3)
            );
        }
        let mut all = Vec::new();
        ivf.for_each(|e, _| all.push(e)).expect("read");
        all.sort_unstable();
        assert_eq!(all, (0..6_000u32).map(|i| i * 3).collect::<Vec<_>>());
        // Recall of the ten nearest over queries near the data.
        let queries = grouped_vectors(50, 32, 40);
        let (mut found, mut total) = (0, 0);
        for q in &queries {
            let want: Vec<u32> = exact.search(q, 10).iter().map(|h| h.0).collect();
            let got: Vec<u32> = ivf.search(q, 10).iter().map(|h| h.0).collect();
            found += want.iter().filter(|e| got.contains(e)).count();
            total += want.len();
        }
        assert!(found * 100 >= total * 90, "recall {found}/{total}");
    }

    #[test]
    fn a_damaged_clustered_file_is_an_error_never_a_panic() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(FILE_NAME);
        let mut w = VectorWriter::create(&path, 8, "m").expect("create");
        for (i, v) in grouped_vectors(300, 8, 5).iter().enumerate() {
            w.add(i as u32, v).expect("add");
        }
        w.finish_clustering_from(&path, 1).expect("finish");
        let bytes = std::fs::read(&path).expect("read");
        assert!(VectorIndex::open(&path).expect("open").is_clustered());
        std::fs::write(&path, &bytes[..bytes.len() - 1]).expect("truncate");
        assert!(VectorIndex::open(&path).is_err());
        let tail = bytes.len() - 18 * 8;
        for i in (0..64).chain(240..256).chain(tail..bytes.len()) {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0x5a;
            std::fs::write(&path, &flipped).expect("write");
            if let Ok(index) = VectorIndex::open(&path) {
                let _ = index.search(&unit(&[1.0; 8]), 3);
            }
        }
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
