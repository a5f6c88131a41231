//! The link graph file (`links.bin`): for every entry, the entries it links to and the
//! entries that link to it, with each inbound link's anchor text.
//!
//! Layout (little endian):
//!
//! ```text
//! header   magic "ZMILINK1", then u64: entries, links, pages, in_data_at, out_data_at,
//!          in_index_at, out_index_at, degree_at
//! in_data  per target: varint links, varint texts, texts (varint length, UTF-8 bytes),
//!          then per link: varint source, varint text number; sources in answer order
//!          (site furniture last, then by the source's own inbound degree, then by path)
//! out_data per source: varint count, then its targets ascending, delta-coded varints
//! in_index, out_index: (entries + 1) u64 offsets into their data, relative to its start
//! degree    entries u32: inbound degree
//! ```
//!
//! Everything is read with positional reads on demand: one inbound page is three reads,
//! whatever the archive's size. Every length read from the file is checked against the
//! file before it is used.

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;

use crate::error::IndexError;

pub const FILE_NAME: &str = "links.bin";
const MAGIC: &[u8; 8] = b"ZMILINK1";
const HEADER_BYTES: u64 = 8 + 8 * 8;
/// One entry's block is at most this large (a page linked from every page of a huge
/// archive stays far below it); a bigger one is corruption.
const MAX_BLOCK_BYTES: u64 = 64 * 1024 * 1024;

pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads a varint at `*at`, advancing it; `None` past the end or beyond 64 bits.
pub fn get_varint(buf: &[u8], at: &mut usize) -> Option<u64> {
    let mut v: u64 = 0;
    let mut shift = 0u32;
    loop {
        let b = *buf.get(*at)?;
        *at += 1;
        if shift > 63 {
            return None;
        }
        v |= u64::from(b & 0x7f).checked_shl(shift)?;
        if b & 0x80 == 0 {
            return Some(v);
        }
        shift += 7;
    }
}

fn get_u32(v: u64) -> Option<u32> {
    u32::try_from(v).ok()
}

/// One inbound link of a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboundLink {
    pub source: u32,
    /// The source's own inbound degree.
    pub degree: u32,
    pub anchor_text: String,
}

/// A page of a target's inbound links.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InboundPage {
    pub total: u64,
    pub links: Vec<InboundLink>,
}

/// Writes the graph file from the targets' inbound lists (given in target order) and the
/// sources' outbound lists.
pub struct GraphWriter {
    file: BufWriter<File>,
    entries: u32,
    links: u64,
    in_offsets: Vec<u64>,
    in_len: u64,
    next_target: u32,
}

impl GraphWriter {
    pub fn create(path: &Path, entries: u32) -> Result<Self, IndexError> {
        let file = File::create(path).map_err(|e| IndexError::io(path, e))?;
        let mut file = BufWriter::with_capacity(1 << 20, file);
        file.write_all(&[0u8; HEADER_BYTES as usize])
            .map_err(|e| IndexError::io(path, e))?;
        Ok(Self {
            file,
            entries,
            links: 0,
            in_offsets: Vec::with_capacity(entries as usize + 1),
            in_len: 0,
            next_target: 0,
        })
    }

    /// Target `target`'s inbound links `(source, anchor text)` in answer order. Targets come
    /// in ascending order; those skipped have no inbound link.
    pub fn add_inbound(&mut self, target: u32, links: &[(u32, &str)]) -> std::io::Result<()> {
        if target < self.next_target || target >= self.entries {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "inbound lists must come once each, in ascending target order",
            ));
        }
        // Targets before this one have empty blocks; this one's starts here.
        while self.next_target <= target {
            self.in_offsets.push(self.in_len);
            self.next_target += 1;
        }
        if links.is_empty() {
            return Ok(());
        }
        let mut texts: Vec<&str> = Vec::new();
        let mut numbers: Vec<u64> = Vec::with_capacity(links.len());
        for (_, text) in links {
            let n = match texts.iter().position(|t| t == text) {
                Some(n) => n,
                None => {
                    texts.push(text);
                    texts.len() - 1
                }
            };
            numbers.push(n as u64);
        }
        let mut block = Vec::new();
        put_varint(&mut block, links.len() as u64);
        put_varint(&mut block, texts.len() as u64);
        for t in &texts {
            put_varint(&mut block, t.len() as u64);
            block.extend_from_slice(t.as_bytes());
        }
        for ((source, _), n) in links.iter().zip(&numbers) {
            put_varint(&mut block, u64::from(*source));
            put_varint(&mut block, *n);
        }
        self.file.write_all(&block)?;
        self.in_len += block.len() as u64;
        self.links += links.len() as u64;
        Ok(())
    }

    /// Ends the inbound lists and writes the outbound lists (`outbound(i)` for every entry
    /// in order), the indexes, the degrees and the header.
    pub fn finish(
        mut self,
        path: &Path,
        pages: u64,
        degrees: &[u32],
        mut outbound: impl FnMut(u32) -> Vec<u32>,
    ) -> Result<(), IndexError> {
        let err = |e| IndexError::io(path, e);
        while self.next_target < self.entries {
            self.in_offsets.push(self.in_len);
            self.next_target += 1;
        }
        self.in_offsets.push(self.in_len);
        let in_data_at = HEADER_BYTES;
        let out_data_at = in_data_at + self.in_len;
        let mut out_offsets = Vec::with_capacity(self.entries as usize + 1);
        let mut out_len = 0u64;
        let mut block = Vec::new();
        for source in 0..self.entries {
            out_offsets.push(out_len);
            let mut targets = outbound(source);
            if targets.is_empty() {
                continue;
            }
            targets.sort_unstable();
            targets.dedup();
            block.clear();
            put_varint(&mut block, targets.len() as u64);
            let mut previous = 0u32;
            for t in targets {
                put_varint(&mut block, u64::from(t - previous));
                previous = t;
            }
            self.file.write_all(&block).map_err(err)?;
            out_len += block.len() as u64;
        }
        out_offsets.push(out_len);
        let in_index_at = out_data_at + out_len;
        let out_index_at = in_index_at + 8 * self.in_offsets.len() as u64;
        let degree_at = out_index_at + 8 * out_offsets.len() as u64;
        for o in self.in_offsets.iter().chain(&out_offsets) {
            self.file.write_all(&o.to_le_bytes()).map_err(err)?;
        }
        for e in 0..self.entries as usize {
            let d = degrees.get(e).copied().unwrap_or(0);
            self.file.write_all(&d.to_le_bytes()).map_err(err)?;
        }
        let mut header = Vec::with_capacity(HEADER_BYTES as usize);
        header.extend_from_slice(MAGIC);
        for v in [
            u64::from(self.entries),
            self.links,
            pages,
            in_data_at,
            out_data_at,
            in_index_at,
            out_index_at,
            degree_at,
        ] {
            header.extend_from_slice(&v.to_le_bytes());
        }
        self.file.seek(SeekFrom::Start(0)).map_err(err)?;
        self.file.write_all(&header).map_err(err)?;
        self.file.flush().map_err(err)?;
        self.file.get_ref().sync_all().map_err(err)
    }
}

/// The link graph, read on demand.
#[derive(Debug)]
pub struct LinkGraph {
    file: File,
    entries: u32,
    links: u64,
    pages: u64,
    in_data_at: u64,
    out_data_at: u64,
    in_index_at: u64,
    out_index_at: u64,
    degree_at: u64,
}

impl LinkGraph {
    /// Opens `path`; an error unless it is a graph of `entries` entries whose regions lie
    /// inside the file.
    pub fn open(path: &Path, entries: u32) -> Result<Self, IndexError> {
        let file = File::open(path).map_err(|e| IndexError::io(path, e))?;
        let len = file.metadata().map_err(|e| IndexError::io(path, e))?.len();
        let mut header = [0u8; HEADER_BYTES as usize];
        file.read_exact_at(&mut header, 0)
            .map_err(|e| IndexError::io(path, e))?;
        if header.get(..8) != Some(MAGIC.as_slice()) {
            return Err(IndexError::Corrupt("link graph: bad magic".into()));
        }
        let field = |i: usize| -> u64 {
            let at = 8 + 8 * i;
            header
                .get(at..at + 8)
                .and_then(|b| b.try_into().ok())
                .map_or(0, u64::from_le_bytes)
        };
        let graph = Self {
            file,
            entries: u32::try_from(field(0))
                .map_err(|_| IndexError::Corrupt("link graph: entry count".into()))?,
            links: field(1),
            pages: field(2),
            in_data_at: field(3),
            out_data_at: field(4),
            in_index_at: field(5),
            out_index_at: field(6),
            degree_at: field(7),
        };
        if graph.entries != entries {
            return Err(IndexError::Mismatch(format!(
                "link graph of {} entries, archive of {entries}",
                graph.entries
            )));
        }
        let n = u64::from(entries);
        let ordered = graph.in_data_at == HEADER_BYTES
            && graph.in_data_at <= graph.out_data_at
            && graph.out_data_at <= graph.in_index_at
            && graph.in_index_at.checked_add(8 * (n + 1)) == Some(graph.out_index_at)
            && graph.out_index_at.checked_add(8 * (n + 1)) == Some(graph.degree_at)
            && graph.degree_at.checked_add(4 * n) == Some(len);
        if !ordered {
            return Err(IndexError::Corrupt("link graph: regions".into()));
        }
        Ok(graph)
    }

    pub fn links(&self) -> u64 {
        self.links
    }

    /// Pages read when the graph was built.
    pub fn pages(&self) -> u64 {
        self.pages
    }

    fn read(&self, at: u64, len: u64) -> Result<Vec<u8>, IndexError> {
        let size = usize::try_from(len)
            .ok()
            .filter(|_| len <= MAX_BLOCK_BYTES)
            .ok_or_else(|| IndexError::Corrupt("link graph: block size".into()))?;
        let mut buf = vec![0u8; size];
        self.file
            .read_exact_at(&mut buf, at)
            .map_err(|e| IndexError::Corrupt(format!("link graph: {e}")))?;
        Ok(buf)
    }

    fn u64_at(&self, at: u64) -> Result<u64, IndexError> {
        let b = self.read(at, 8)?;
        Ok(b.try_into().map(u64::from_le_bytes).unwrap_or(0))
    }

    /// Byte range of entry `e`'s block in a data region.
    fn block(
        &self,
        index_at: u64,
        data_at: u64,
        data_end: u64,
        e: u32,
    ) -> Result<(u64, u64), IndexError> {
        if e >= self.entries {
            return Err(IndexError::Invalid(format!("entry {e} out of range")));
        }
        let start = self.u64_at(index_at + 8 * u64::from(e))?;
        let end = self.u64_at(index_at + 8 * (u64::from(e) + 1))?;
        let (Some(s), Some(t)) = (data_at.checked_add(start), data_at.checked_add(end)) else {
            return Err(IndexError::Corrupt("link graph: offsets".into()));
        };
        if s > t || t > data_end {
            return Err(IndexError::Corrupt("link graph: offsets".into()));
        }
        Ok((s, t - s))
    }

    /// Entry `e`'s inbound degree (how many pages link to it).
    pub fn degree(&self, e: u32) -> Result<u32, IndexError> {
        if e >= self.entries {
            return Err(IndexError::Invalid(format!("entry {e} out of range")));
        }
        let b = self.read(self.degree_at + 4 * u64::from(e), 4)?;
        Ok(b.try_into().map(u32::from_le_bytes).unwrap_or(0))
    }

    /// `limit` inbound links of `target` from `offset`, in answer order, with the total.
    pub fn inbound(
        &self,
        target: u32,
        offset: usize,
        limit: usize,
    ) -> Result<InboundPage, IndexError> {
        let (at, len) = self.block(self.in_index_at, self.in_data_at, self.out_data_at, target)?;
        if len == 0 {
            return Ok(InboundPage::default());
        }
        let buf = self.read(at, len)?;
        let corrupt = || IndexError::Corrupt("link graph: inbound block".into());
        let mut pos = 0usize;
        let total = get_varint(&buf, &mut pos).ok_or_else(corrupt)?;
        let text_count = get_varint(&buf, &mut pos).ok_or_else(corrupt)?;
        if text_count > total || total > len {
            return Err(corrupt());
        }
        let mut texts: Vec<&str> = Vec::new();
        for _ in 0..text_count {
            let n = usize::try_from(get_varint(&buf, &mut pos).ok_or_else(corrupt)?)
                .map_err(|_| corrupt())?;
            let end = pos.checked_add(n).ok_or_else(corrupt)?;
            let bytes = buf.get(pos..end).ok_or_else(corrupt)?;
            texts.push(std::str::from_utf8(bytes).map_err(|_| corrupt())?);
            pos = end;
        }
        let mut links = Vec::new();
        for i in 0..total {
            let source = get_varint(&buf, &mut pos)
                .and_then(get_u32)
                .ok_or_else(corrupt)?;
            let text = get_varint(&buf, &mut pos).ok_or_else(corrupt)?;
            let i = usize::try_from(i).map_err(|_| corrupt())?;
            if i < offset || links.len() >= limit {
                continue;
            }
            let anchor = usize::try_from(text)
                .ok()
                .and_then(|t| texts.get(t))
                .ok_or_else(corrupt)?;
            links.push(InboundLink {
                source,
                degree: self.degree(source).unwrap_or(0),
                anchor_text: (*anchor).to_owned(),
            });
        }
        Ok(InboundPage { total, links })
    }

    /// The pages most often linked from the same pages as `target` (co-citation), best
    /// first: each of `target`'s first `max_linkers` linkers (in answer order; site furniture,
    /// linked from half the archive or more, left out) adds `1 / ln(e + n)` to every other page
    /// it links to, `n` being how many pages it links to, so a short list of links says more
    /// than an index page's.
    pub fn cocited(
        &self,
        target: u32,
        max_linkers: usize,
        limit: usize,
    ) -> Result<Vec<(u32, f64)>, IndexError> {
        let furniture = if self.pages >= 50 {
            u32::try_from(self.pages / 2).unwrap_or(u32::MAX)
        } else {
            u32::MAX
        };
        let linkers = self.inbound(target, 0, max_linkers)?;
        let mut scores: std::collections::HashMap<u32, f64> = std::collections::HashMap::new();
        for linker in linkers.links.iter().filter(|l| l.degree < furniture) {
            let out = self.outbound(linker.source)?;
            let weight = 1.0 / (std::f64::consts::E + out.len() as f64).ln();
            for t in out {
                if t != target {
                    *scores.entry(t).or_default() += weight;
                }
            }
        }
        let mut ranked: Vec<(u32, f64)> = scores.into_iter().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(limit);
        Ok(ranked)
    }

    /// The entries `source` links to, ascending.
    pub fn outbound(&self, source: u32) -> Result<Vec<u32>, IndexError> {
        let (at, len) = self.block(
            self.out_index_at,
            self.out_data_at,
            self.in_index_at,
            source,
        )?;
        if len == 0 {
            return Ok(Vec::new());
        }
        let buf = self.read(at, len)?;
        let corrupt = || IndexError::Corrupt("link graph: outbound block".into());
        let mut pos = 0usize;
        let count = get_varint(&buf, &mut pos).ok_or_else(corrupt)?;
        if count > len {
            return Err(corrupt());
        }
        let mut out = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
        let mut previous = 0u64;
        for _ in 0..count {
            let delta = get_varint(&buf, &mut pos).ok_or_else(corrupt)?;
            previous = previous.checked_add(delta).ok_or_else(corrupt)?;
            out.push(get_u32(previous).ok_or_else(corrupt)?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_refuse_garbage() {
        let mut buf = Vec::new();
        for v in [0u64, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            put_varint(&mut buf, v);
        }
        let mut at = 0;
        for v in [0u64, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            assert_eq!(get_varint(&buf, &mut at), Some(v));
        }
        assert_eq!(get_varint(&buf, &mut at), None);
        let mut at = 0;
        assert_eq!(get_varint(&[0xff; 20], &mut at), None);
    }

    #[test]
    fn a_graph_written_is_read_back() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(FILE_NAME);
        let mut w = GraphWriter::create(&path, 5).expect("create");
        w.add_inbound(1, &[(3, "one"), (0, "uno"), (4, "one")])
            .expect("write");
        w.add_inbound(4, &[(1, "")]).expect("write");
        let outbound = |s: u32| match s {
            0 | 3 => vec![1],
            4 => vec![1],
            1 => vec![4],
            _ => vec![],
        };
        w.finish(&path, 4, &[0, 3, 0, 0, 1], outbound)
            .expect("finish");
        let g = LinkGraph::open(&path, 5).expect("open");
        assert_eq!(g.links(), 4);
        let page = g.inbound(1, 0, 10).expect("inbound");
        assert_eq!(page.total, 3);
        let got: Vec<(u32, &str)> = page
            .links
            .iter()
            .map(|l| (l.source, l.anchor_text.as_str()))
            .collect();
        assert_eq!(got, [(3, "one"), (0, "uno"), (4, "one")]);
        assert_eq!(page.links[2].degree, 1);
        let second = g.inbound(1, 1, 1).expect("page");
        assert_eq!(second.links.len(), 1);
        assert_eq!(second.links[0].source, 0);
        assert_eq!(g.inbound(2, 0, 10).expect("empty"), InboundPage::default());
        assert_eq!(g.outbound(1).expect("out"), [4]);
        assert_eq!(g.outbound(2).expect("out"), Vec::<u32>::new());
        assert!(g.inbound(5, 0, 10).is_err());

        assert!(LinkGraph::open(&path, 6).is_err());
    }

    #[test]
    fn pages_linked_from_the_same_pages_are_co_cited() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(FILE_NAME);
        let mut w = GraphWriter::create(&path, 5).expect("create");
        w.add_inbound(1, &[(0, "a"), (3, "b")]).expect("write");
        w.add_inbound(2, &[(0, ""), (3, "")]).expect("write");
        w.add_inbound(4, &[(3, "")]).expect("write");
        let outbound = |s: u32| match s {
            0 => vec![1, 2],
            3 => vec![1, 2, 4],
            _ => vec![],
        };
        w.finish(&path, 5, &[0, 2, 2, 0, 1], outbound)
            .expect("finish");
        let g = LinkGraph::open(&path, 5).expect("open");
        let co = g.cocited(1, 10, 10).expect("cocited");
        assert_eq!(co.iter().map(|c| c.0).collect::<Vec<_>>(), [2, 4]);
        // 2 is linked by both of 1's linkers; 4 by the one that links to three pages.
        let w3 = 1.0 / (std::f64::consts::E + 3.0).ln();
        let w2 = 1.0 / (std::f64::consts::E + 2.0).ln();
        assert!((co[0].1 - (w2 + w3)).abs() < 1e-9 && (co[1].1 - w3).abs() < 1e-9);
        assert!(g.cocited(0, 10, 10).expect("none").is_empty());
    }

    #[test]
    fn a_truncated_or_flipped_graph_is_an_error_never_a_panic() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(FILE_NAME);
        let mut w = GraphWriter::create(&path, 3).expect("create");
        w.add_inbound(0, &[(1, "a"), (2, "b")]).expect("write");
        w.finish(&path, 3, &[2, 0, 0], |_| vec![0]).expect("finish");
        let bytes = std::fs::read(&path).expect("read");
        std::fs::write(&path, &bytes[..bytes.len() - 3]).expect("truncate");
        assert!(LinkGraph::open(&path, 3).is_err());
        for i in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0xa5;
            std::fs::write(&path, &flipped).expect("write");
            if let Ok(g) = LinkGraph::open(&path, 3) {
                for e in 0..3 {
                    let _ = g.inbound(e, 0, 10);
                    let _ = g.outbound(e);
                    let _ = g.degree(e);
                }
            }
        }
    }
}
