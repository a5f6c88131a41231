//! Clusters: groups of blobs, stored raw or compressed (xz, zstd), with a
//! table of 32-bit (or, when bit 0x10 of the info byte is set, 64-bit) blob
//! offsets at the start of the (decompressed) data.

use std::io::Read;
use std::sync::{Arc, Mutex};

use zstd::zstd_safe::{DCtx, DParameter, InBuffer, OutBuffer, ResetDirective};

use crate::append_buf::AppendBuf;
use crate::error::ZimError;
use crate::parts::{OwnedStream, Parts};

/// Compression of a cluster, from the low nibble of its info byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Compression {
    /// Stored as is (codes 0 and 1).
    None,
    /// LZMA2 in an xz container (code 4).
    Xz,
    /// Zstandard (code 5).
    Zstd,
}

/// Parses the cluster info byte.
pub(crate) fn parse_info(index: u32, info: u8) -> Result<(Compression, bool), ZimError> {
    let extended = info & 0x10 != 0;
    let comp = match info & 0x0f {
        0 | 1 => Compression::None,
        4 => Compression::Xz,
        5 => Compression::Zstd,
        kind => return Err(ZimError::UnsupportedCompression { index, kind }),
    };
    Ok((comp, extended))
}

/// Incremental decoder state of a compressed cluster: data is decoded only
/// as far as the blobs asked for so far (as libzim does), which keeps cold
/// reads of early blobs in big xz clusters cheap.
struct Decoding {
    data: Arc<Vec<u8>>,
    decoder: Option<Box<dyn Read + Send>>,
    /// Decoder error seen after some output; blobs before it stay readable.
    damage: Option<String>,
}

/// Lazy zstd decoding straight into the cluster's final buffer (zstd's stable output
/// buffer mode: earlier output is the match window, so there is no separate window to fill
/// and copy out of). The buffer is sized once from the offset table and never moves.
struct InPlace {
    buf: Arc<AppendBuf>,
    /// Decoded size the offset table announces (`<= buf.capacity()`).
    total: usize,
    dctx: Option<DCtx<'static>>,
    input: OwnedStream,
    inbuf: Box<[u8]>,
    in_pos: usize,
    in_len: usize,
    /// Decoder error seen after some output; blobs before it stay readable.
    damage: Option<String>,
}

/// Compressed bytes read from the archive at a time.
const IN_CHUNK: usize = 128 * 1024;
/// Compressed bytes handed to zstd per call: zstd decodes all it is given into the
/// (large, stable) output, so small feeds keep lazy reads lazy (16 KiB of input is
/// 100-200 KiB of output at the ratios ZIM clusters get).
const FEED: usize = 16 * 1024;
/// What a live in-place decoder holds besides the buffer, counted in the cache weight: its
/// zstd context (`ZSTD_sizeof_DCtx` reads 222 KiB in this mode) and `IN_CHUNK` of input.
const IN_PLACE_DECODER_BYTES: u64 = 384 * 1024;
/// Largest cluster decoded in place. The buffer is reserved at the size the offset table
/// announces before the data arrives (address space; pages become memory only as they are
/// written), so a hostile table may claim at most this much; bigger clusters (libzim writes
/// 2 MiB ones) use the streaming decoder, whose buffer grows with the data.
const IN_PLACE_MAX_BYTES: u64 = 64 << 20;

/// zstd decoding contexts kept for reuse: creating one allocates and initialises ~220 KiB,
/// and a question starts dozens of cluster decodings.
static DCTX_POOL: Mutex<Vec<DCtx<'static>>> = Mutex::new(Vec::new());
/// Contexts kept at most (about one per concurrent decoding).
const DCTX_POOL_MAX: usize = 4;

/// A context for one frame, in stable-output mode: a reused one reset to its defaults, or a
/// new one; `None` when one cannot be allocated.
fn take_dctx() -> Option<DCtx<'static>> {
    let pooled = DCTX_POOL.lock().ok().and_then(|mut pool| pool.pop());
    let mut dctx = match pooled {
        // A reset clears the last frame's state (finished, abandoned or failed) and the
        // parameters, so a reused context decodes as a new one does.
        Some(mut d) => {
            d.reset(ResetDirective::SessionAndParameters).ok()?;
            d
        }
        None => DCtx::try_create()?,
    };
    dctx.set_parameter(DParameter::StableOutBuffer(true)).ok()?;
    Some(dctx)
}

/// Keeps a context no longer needed for reuse, while the pool has room.
fn give_back_dctx(dctx: Option<DCtx<'static>>) {
    let Some(dctx) = dctx else {
        return;
    };
    if let Ok(mut pool) = DCTX_POOL.lock()
        && pool.len() < DCTX_POOL_MAX
    {
        pool.push(dctx);
    }
}

impl Drop for InPlace {
    fn drop(&mut self) {
        // A cluster dropped part-decoded (evicted from the cache) leaves its context.
        give_back_dctx(self.dctx.take());
    }
}

impl InPlace {
    /// Decoder for the zstd frame at `data_start` whose offset table announces `total`
    /// decoded bytes; `None` when the buffer or the context cannot be allocated.
    fn start(parts: &Arc<Parts>, data_start: u64, total: usize) -> Option<InPlace> {
        let buf = AppendBuf::new(total)?;
        let dctx = take_dctx()?;
        Some(InPlace {
            buf: Arc::new(buf),
            total,
            dctx: Some(dctx),
            input: parts.owned_stream(data_start),
            inbuf: vec![0u8; IN_CHUNK].into_boxed_slice(),
            in_pos: 0,
            in_len: 0,
            damage: None,
        })
    }

    /// Decodes until `want` bytes are published (or the data ends); the decoder is
    /// dropped once the announced size is reached.
    fn fill(&mut self, want: usize) {
        let InPlace {
            buf,
            total,
            dctx,
            input,
            inbuf,
            in_pos,
            in_len,
            damage,
        } = self;
        let Some(ctx) = dctx.as_mut() else {
            return;
        };
        let len = buf.len();
        if len >= want {
            return;
        }
        // The buffer never moves, so there is nothing to amortise: decode what is asked.
        let target = want.max(round_up_step(want).min(*total));
        while buf.len() < target {
            if *in_pos >= *in_len {
                match input.read(inbuf) {
                    Ok(0) => {
                        *damage = Some("compressed data ends early".into());
                        give_back_dctx(dctx.take());
                        return;
                    }
                    Ok(n) => {
                        *in_len = n;
                        *in_pos = 0;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => {
                        *damage = Some(e.to_string());
                        give_back_dctx(dctx.take());
                        return;
                    }
                }
            }
            let end = in_pos.saturating_add(FEED).min(*in_len);
            let mut src = InBuffer::around(inbuf.get(..end).unwrap_or(&[]));
            src.set_pos((*in_pos).min(end));
            // SAFETY: `fill` runs under the cluster's decoder lock with `&mut self`, so this
            // is the only writer of `buf`.
            #[allow(unsafe_code)]
            let mut tail = unsafe { buf.tail_writer() };
            let pos = buf.len();
            let mut out = OutBuffer::around_pos(&mut tail, pos);
            let result = ctx.decompress_stream(&mut out, &mut src);
            *in_pos = src.pos();
            match result {
                // The frame is complete.
                Ok(0) => {
                    give_back_dctx(dctx.take());
                    return;
                }
                Ok(_) => {}
                Err(code) => {
                    *damage = Some(zstd::zstd_safe::get_error_name(code).to_owned());
                    give_back_dctx(dctx.take());
                    return;
                }
            }
            if buf.len() >= *total {
                // Everything the offset table points at is decoded.
                give_back_dctx(dctx.take());
                return;
            }
        }
    }
}

enum Body {
    /// Uncompressed: blobs are read from the archive on demand, starting at
    /// this logical offset (just after the info byte).
    Stored { data_start: u64 },
    /// Compressed, decoded lazily through a streaming decoder (xz; zstd when the in-place
    /// buffer could not be allocated).
    Compressed(Mutex<Decoding>),
    /// zstd, decoded lazily in place.
    InPlace(Mutex<InPlace>),
}

impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Body::Stored { data_start } => write!(f, "Stored({data_start})"),
            Body::Compressed(_) => write!(f, "Compressed"),
            Body::InPlace(_) => write!(f, "InPlace"),
        }
    }
}

/// A parsed cluster: its blob offset table and (if compressed) its decoder.
#[derive(Debug)]
pub(crate) struct Cluster {
    index: u32,
    /// Blob offsets relative to the start of the data; `blob_count + 1` values.
    offsets: Vec<u64>,
    body: Body,
    max_bytes: u64,
}

/// Where a blob's bytes are.
pub(crate) enum BlobRef {
    /// Slice `start..end` of shared decompressed data.
    Memory {
        data: Arc<Vec<u8>>,
        start: usize,
        end: usize,
    },
    /// Slice `start..end` of a cluster decoded in place.
    Append {
        buf: Arc<AppendBuf>,
        start: usize,
        end: usize,
    },
    /// `len` bytes at logical archive offset `offset`.
    Stored { offset: u64, len: u64 },
}

/// Smallest decoding step (one read of the decoder's output).
const DECODE_STEP: usize = 64 * 1024;

/// `want` rounded up to a whole number of decoding steps.
fn round_up_step(want: usize) -> usize {
    want.div_ceil(DECODE_STEP).saturating_mul(DECODE_STEP)
}

impl Decoding {
    /// Decodes until `data.len() >= want` or the stream ends; decodes ahead
    /// at most up to `limit` (the cluster size bound). `total` is the decoded
    /// size the offset table announces, once it is known.
    fn fill(&mut self, want: usize, limit: u64, total: Option<u64>) {
        let Some(decoder) = self.decoder.as_mut() else {
            return;
        };
        if self.data.len() >= want {
            return;
        }
        // Copy-on-write: blobs handed out keep the old buffer alive. When one is held,
        // this fill copies the buffer, so it decodes ahead geometrically (reading a whole
        // cluster blob by blob then copies O(size) in total); otherwise it decodes just
        // what is asked, in steps of DECODE_STEP.
        let shared = Arc::strong_count(&self.data) > 1;
        let data = Arc::make_mut(&mut self.data);
        let mut chunk = vec![0u8; 64 * 1024];
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let ahead = if shared {
            data.len().saturating_mul(2).max(DECODE_STEP)
        } else {
            round_up_step(want)
        };
        let mut target = want.max(ahead.min(limit));
        // Past three quarters of the cluster, finish it (to the end of the stream, so
        // a checksum is verified and the decoder dropped). A live decoder holds a window
        // about as large as what it has decoded, so this bounds a cluster's memory at
        // 7/4 of its decoded size ([`Cluster::weight`]). (At one half, the bound was
        // tighter but a cold read of a blob just past the middle decoded the whole cluster,
        // half again the time for the Ray Charles search's xz cluster: BENCHMARKS.md.)
        if let Some(total) = total.and_then(|t| usize::try_from(t).ok())
            && target.saturating_mul(4) >= total.saturating_mul(3)
        {
            target = want.max(limit);
        }
        while data.len() < target {
            match decoder.read(&mut chunk) {
                Ok(0) => {
                    self.decoder = None;
                    return;
                }
                Ok(n) => data.extend_from_slice(chunk.get(..n).unwrap_or(&[])),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.damage = Some(e.to_string());
                    self.decoder = None;
                    return;
                }
            }
        }
    }
}

impl Cluster {
    /// Reads cluster `index` at logical offset `offset`: for compressed
    /// clusters, decodes just the offset table.
    ///
    /// `max_blobs` bounds the blob count (no cluster holds more blobs than
    /// the archive has entries); `max_bytes` bounds the decompressed size.
    pub(crate) fn read(
        parts: &Arc<Parts>,
        index: u32,
        offset: u64,
        max_blobs: u64,
        max_bytes: u64,
    ) -> Result<Cluster, ZimError> {
        let info = parts.read_u8(offset)?;
        let (compression, extended) = parse_info(index, info)?;
        let data_start = offset + 1;
        let width: u64 = if extended { 8 } else { 4 };
        let w = usize::try_from(width).unwrap_or(8);
        match compression {
            Compression::None => {
                let first = if extended {
                    parts.read_u64(data_start)?
                } else {
                    u64::from(parts.read_u32(data_start)?)
                };
                check_first_offset(index, first, width, max_blobs)?;
                let rest = parts.read_vec(data_start + width, first - width)?;
                let offsets = parse_offsets(index, first, &rest, width)?;
                Ok(Cluster {
                    index,
                    offsets,
                    body: Body::Stored { data_start },
                    max_bytes,
                })
            }
            Compression::Xz | Compression::Zstd => {
                let input = parts.owned_stream(data_start);
                let decoder: Box<dyn Read + Send> = match compression {
                    Compression::Xz => Box::new(xz2::read::XzDecoder::new(input)),
                    _ => Box::new(
                        zstd::stream::read::Decoder::new(input)
                            .map_err(|e| ZimError::Decompression {
                                index,
                                reason: e.to_string(),
                            })?
                            .single_frame(),
                    ),
                };
                let mut dec = Decoding {
                    data: Arc::new(Vec::new()),
                    decoder: Some(decoder),
                    damage: None,
                };
                let too_short = |dec: &Decoding| match &dec.damage {
                    Some(reason) => ZimError::Decompression {
                        index,
                        reason: reason.clone(),
                    },
                    None => ZimError::BadCluster {
                        index,
                        reason: "too short for its offset table".into(),
                    },
                };
                dec.fill(w, max_bytes, None);
                let first = read_width(&dec.data, 0, width).ok_or_else(|| too_short(&dec))?;
                check_first_offset(index, first, width, max_blobs)?;
                if first > max_bytes {
                    return Err(ZimError::ClusterTooLarge {
                        index,
                        max: max_bytes,
                    });
                }
                let first_usize = usize::try_from(first).map_err(|_| too_short(&dec))?;
                dec.fill(first_usize, max_bytes, None);
                let table = dec
                    .data
                    .get(w..first_usize)
                    .ok_or_else(|| too_short(&dec))?;
                let offsets = parse_offsets(index, first, table, width)?;
                // zstd: decode again from the start, in place, now that the size is known
                // (one block decoded twice, against a whole window's worth of page faults
                // and copies saved). Tiny clusters the first step already finished, and
                // sizes past the bound, keep the streaming decoder.
                let total = offsets.last().copied().unwrap_or(0);
                let body = match compression {
                    Compression::Zstd
                        if dec.decoder.is_some() && total <= max_bytes.min(IN_PLACE_MAX_BYTES) =>
                    {
                        usize::try_from(total)
                            .ok()
                            .and_then(|t| InPlace::start(parts, data_start, t))
                            .map(|p| Body::InPlace(Mutex::new(p)))
                    }
                    _ => None,
                }
                .unwrap_or_else(|| Body::Compressed(Mutex::new(dec)));
                Ok(Cluster {
                    index,
                    offsets,
                    body,
                    max_bytes,
                })
            }
        }
    }

    /// Decodes a compressed cluster completely (integrity check).
    pub(crate) fn decode_all(&self) -> Result<(), ZimError> {
        let last = self.offsets.last().copied().unwrap_or(0);
        if let Body::Compressed(_) | Body::InPlace(_) = &self.body
            && self.blob_count() > 0
        {
            self.memory_range(last.saturating_sub(1), last, self.blob_count() - 1)?;
        }
        Ok(())
    }

    /// Number of blobs.
    pub(crate) fn blob_count(&self) -> u32 {
        u32::try_from(self.offsets.len().saturating_sub(1)).unwrap_or(u32::MAX)
    }

    fn blob_range(&self, blob: u32) -> Result<(u64, u64), ZimError> {
        let i = usize::try_from(blob).unwrap_or(usize::MAX);
        match (
            self.offsets.get(i),
            i.checked_add(1).and_then(|j| self.offsets.get(j)),
        ) {
            (Some(&s), Some(&e)) => Ok((s, e)),
            _ => Err(ZimError::BlobIndexOutOfRange {
                cluster: self.index,
                blob,
                count: self.blob_count(),
            }),
        }
    }

    /// Size of blob `blob`.
    pub(crate) fn blob_size(&self, blob: u32) -> Result<u64, ZimError> {
        let (s, e) = self.blob_range(blob)?;
        Ok(e - s)
    }

    /// Logical archive offset and size of a blob of an uncompressed cluster.
    pub(crate) fn stored_blob_offset(&self, blob: u32) -> Result<Option<(u64, u64)>, ZimError> {
        let (s, e) = self.blob_range(blob)?;
        match &self.body {
            Body::Stored { data_start } => Ok(data_start.checked_add(s).map(|o| (o, e - s))),
            Body::Compressed(_) | Body::InPlace(_) => Ok(None),
        }
    }

    /// Decodes as far as `end` and returns the shared buffer.
    fn memory_range(&self, s: u64, e: u64, blob: u32) -> Result<BlobRef, ZimError> {
        let out = || ZimError::BlobOutOfBounds {
            cluster: self.index,
            blob,
        };
        if e > self.max_bytes {
            return Err(ZimError::ClusterTooLarge {
                index: self.index,
                max: self.max_bytes,
            });
        }
        let start = usize::try_from(s).map_err(|_| out())?;
        let end = usize::try_from(e).map_err(|_| out())?;
        // The data ends before the blob: the decoder's error if it met one.
        let short = |damage: &Option<String>| match damage {
            Some(reason) => ZimError::Decompression {
                index: self.index,
                reason: reason.clone(),
            },
            None => out(),
        };
        // A poisoned lock only means another reader panicked mid-decode; the
        // state is still a consistent prefix.
        match &self.body {
            Body::Compressed(m) => {
                let mut dec = m.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                dec.fill(end, self.max_bytes, self.offsets.last().copied());
                if end > dec.data.len() {
                    return Err(short(&dec.damage));
                }
                Ok(BlobRef::Memory {
                    data: Arc::clone(&dec.data),
                    start,
                    end,
                })
            }
            Body::InPlace(m) => {
                let mut dec = m.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                dec.fill(end);
                if end > dec.buf.len() {
                    return Err(short(&dec.damage));
                }
                Ok(BlobRef::Append {
                    buf: Arc::clone(&dec.buf),
                    start,
                    end,
                })
            }
            Body::Stored { .. } => Err(out()),
        }
    }

    /// Locates blob `blob` (decoding compressed data as far as needed).
    pub(crate) fn blob(&self, blob: u32) -> Result<BlobRef, ZimError> {
        let (s, e) = self.blob_range(blob)?;
        match &self.body {
            Body::Stored { data_start } => Ok(BlobRef::Stored {
                offset: data_start.checked_add(s).ok_or(ZimError::BlobOutOfBounds {
                    cluster: self.index,
                    blob,
                })?,
                len: e - s,
            }),
            Body::Compressed(_) | Body::InPlace(_) => self.memory_range(s, e, blob),
        }
    }

    /// Memory this cluster may come to hold, for the byte-weighted cache: the decoded
    /// size its offset table announces (capped), since decoding continues after
    /// insertion, plus what its live decoder may hold (a streaming decoder's window is
    /// at most 3/4 of that size before it finishes; an in-place decoder's state is
    /// small and fixed).
    pub(crate) fn weight(&self) -> u64 {
        let total = self
            .offsets
            .last()
            .copied()
            .unwrap_or(0)
            .min(self.max_bytes);
        let data = match &self.body {
            Body::Stored { .. } => 0,
            Body::Compressed(_) => total.saturating_add(total / 4 * 3),
            Body::InPlace(_) => total.saturating_add(IN_PLACE_DECODER_BYTES),
        };
        data + (self.offsets.len() as u64) * 8 + 128
    }
}

fn read_width(data: &[u8], at: usize, width: u64) -> Option<u64> {
    if width == 8 {
        Some(u64::from_le_bytes(data.get(at..at + 8)?.try_into().ok()?))
    } else {
        Some(u64::from(u32::from_le_bytes(
            data.get(at..at + 4)?.try_into().ok()?,
        )))
    }
}

fn check_first_offset(index: u32, first: u64, width: u64, max_blobs: u64) -> Result<(), ZimError> {
    let bad = |reason: &str| {
        Err(ZimError::BadCluster {
            index,
            reason: reason.into(),
        })
    };
    if first != width && first < 2 * width {
        return bad("offset of the first blob is too small");
    }
    if !first.is_multiple_of(width) {
        return bad("offset of the first blob is not properly aligned");
    }
    if first / width > max_blobs.saturating_add(1) {
        return bad("offset of the first blob is too large");
    }
    Ok(())
}

/// Parses the offset table (`first` plus the values in `rest`), checking order.
fn parse_offsets(index: u32, first: u64, rest: &[u8], width: u64) -> Result<Vec<u64>, ZimError> {
    let w = usize::try_from(width).unwrap_or(8);
    let mut offsets = Vec::with_capacity(rest.len() / w + 1);
    offsets.push(first);
    let mut prev = first;
    for chunk in rest.chunks_exact(w) {
        let v = read_width(chunk, 0, width).ok_or_else(|| ZimError::BadCluster {
            index,
            reason: "truncated offset table".into(),
        })?;
        if v < prev {
            return Err(ZimError::BadCluster {
                index,
                reason: "offsets are not ordered".into(),
            });
        }
        offsets.push(v);
        prev = v;
    }
    Ok(offsets)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zstd_decoding(raw: &[u8]) -> Decoding {
        let packed = zstd::stream::encode_all(raw, 3).unwrap_or_default();
        let decoder = zstd::stream::read::Decoder::new(std::io::Cursor::new(packed))
            .map(|d| Box::new(d.single_frame()) as Box<dyn Read + Send>)
            .ok();
        Decoding {
            data: Arc::new(Vec::new()),
            decoder,
            damage: None,
        }
    }

    /// Decodes `packed` with a pooled context into a stable buffer of `size` bytes.
    fn decode_pooled(packed: &[u8], size: usize) -> Result<Vec<u8>, String> {
        let mut dctx = take_dctx().ok_or("no context")?;
        let mut out = vec![0u8; size];
        let mut dst = OutBuffer::around(&mut out[..]);
        let mut src = InBuffer::around(packed);
        let result = loop {
            match dctx.decompress_stream(&mut dst, &mut src) {
                Ok(0) => break Ok(()),
                Ok(_) if src.pos() < packed.len() && dst.pos() < size => {}
                Ok(_) => break Err("frame incomplete".to_string()),
                Err(code) => break Err(zstd::zstd_safe::get_error_name(code).to_owned()),
            }
        };
        let n = dst.pos();
        give_back_dctx(Some(dctx));
        result.map(|()| out[..n].to_vec())
    }

    #[test]
    fn a_reused_context_decodes_as_a_new_one_even_after_a_failed_or_abandoned_frame() {
        let raw: Vec<u8> = (0..200_000u32)
            .flat_map(|i| (i % 977).to_le_bytes())
            .collect();
        let packed = zstd::stream::encode_all(&raw[..], 3).unwrap_or_default();
        assert_eq!(decode_pooled(&packed, raw.len()).as_deref(), Ok(&raw[..]));
        // A damaged frame fails; an abandoned one stops half-way: both contexts go back.
        let mut damaged = packed.clone();
        for b in damaged.iter_mut().skip(20).step_by(7) {
            *b ^= 0x5a;
        }
        assert!(decode_pooled(&damaged, raw.len()).is_err());
        assert!(decode_pooled(packed.get(..packed.len() / 2).unwrap_or(&[]), raw.len()).is_err());
        // Every context in the pool decodes the whole frame again.
        for _ in 0..DCTX_POOL_MAX + 1 {
            assert_eq!(decode_pooled(&packed, raw.len()).as_deref(), Ok(&raw[..]));
        }
        assert!(DCTX_POOL.lock().map(|p| p.len()).unwrap_or(0) <= DCTX_POOL_MAX);
    }

    #[test]
    fn early_blobs_decode_little_and_past_three_quarters_the_decoder_is_dropped() {
        let raw: Vec<u8> = (0..300_000u32)
            .flat_map(|i| (i % 251).to_le_bytes())
            .collect();
        let total = raw.len() as u64;
        let mut dec = zstd_decoding(&raw);
        dec.fill(100, u64::MAX, Some(total));
        assert!(dec.decoder.is_some());
        assert!(dec.data.len() < raw.len() / 4, "decoded {}", dec.data.len());
        dec.fill(raw.len() / 2 + 1, u64::MAX, Some(total));
        assert!(dec.decoder.is_some(), "half way, decoding stays lazy");
        assert!(
            dec.data.len() < raw.len() * 3 / 4,
            "decoded {}",
            dec.data.len()
        );
        dec.fill(raw.len() * 3 / 4 + 1, u64::MAX, Some(total));
        assert!(dec.decoder.is_none(), "a finished cluster keeps no decoder");
        assert!(dec.damage.is_none());
        assert!(dec.data.as_slice() == raw.as_slice());
    }

    #[test]
    fn finishing_stops_at_the_size_bound() {
        let raw = vec![7u8; 1_000_000];
        let mut dec = zstd_decoding(&raw);
        // The table claims 100 KB; the bound is 300 KB; the stream holds 1 MB.
        dec.fill(80_000, 300_000, Some(100_000));
        assert!(dec.data.len() >= 300_000 && dec.data.len() < 400_000);
    }
}
