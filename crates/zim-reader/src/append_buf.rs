//! [`AppendBuf`]: a fixed-capacity byte buffer that one writer fills from the front while
//! any number of readers share the part already written.
//!
//! Why it exists: a zstd cluster is decoded lazily, and zstd can decode straight into the
//! final buffer (its "stable output buffer" mode, where earlier output serves as the match
//! window) only if that buffer never moves. A growing `Vec` moves; this buffer is allocated
//! once at the size the cluster's offset table announces. Decoding in place halves the
//! memory a cold read touches (no separate 8 MiB window to fill and copy out of) and makes
//! it faster (BENCHMARKS.md), and blobs handed out never force a copy of the data (the old
//! copy-on-write `Vec` had to clone when a reader held a blob while decoding went on).
//!
//! Invariants (what makes the `unsafe` below sound):
//! * `ptr` points to an allocation of `cap` bytes owned by this value, freed in `Drop`.
//! * Bytes `[0, len)` are initialised and never written again; `len` only grows, and it is
//!   published with `Release` after the bytes are written, read with `Acquire` before
//!   they are read. Shared slices only ever cover `[0, len)`.
//! * Bytes `[len, cap)` are written only through a [`TailWriter`], and only one exists at
//!   a time ([`AppendBuf::tail_writer`]'s contract: the owner creates it under the lock
//!   that guards its decoder). It never writes the published prefix.

use std::ptr::NonNull;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(crate) struct AppendBuf {
    ptr: NonNull<u8>,
    /// The bytes this buffer may hold (what was asked for).
    cap: usize,
    /// The allocation's size, `>= cap` (a reused allocation may be larger).
    alloc_cap: usize,
    len: AtomicUsize,
}

/// Allocations of decoded clusters kept for reuse, at most [`POOL_BYTES`] in all. A cluster
/// buffer is written once, page by page: a fresh one costs a page fault per 4 KiB (with the
/// allocator's unmapping when it is freed, a fifth of a question's time on the Rust docs);
/// a reused one is already resident. Only buffers of [`POOL_MIN_BYTES`] or more are kept.
static POOL: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
const POOL_BYTES: usize = 16 << 20;
const POOL_MIN_BYTES: usize = 256 << 10;

/// A pooled allocation of at least `cap` bytes and at most twice that, when one is kept.
fn take_pooled(cap: usize) -> Option<Vec<u8>> {
    if cap < POOL_MIN_BYTES {
        return None;
    }
    let mut pool = POOL.lock().ok()?;
    let at = pool
        .iter()
        .position(|v| v.capacity() >= cap && v.capacity() / 2 <= cap)?;
    Some(pool.swap_remove(at))
}

/// Keeps `v` for reuse if it is large enough and the pool has room; frees it otherwise.
fn give_back(v: Vec<u8>) {
    if v.capacity() < POOL_MIN_BYTES {
        return;
    }
    let Ok(mut pool) = POOL.lock() else {
        return;
    };
    let held: usize = pool.iter().map(Vec::capacity).sum();
    if held.saturating_add(v.capacity()) <= POOL_BYTES {
        pool.push(v);
    }
}

// SAFETY: the buffer owns its allocation; the published prefix is immutable and reads of it
// are ordered after its writes by the Release/Acquire pair on `len`; the unpublished tail is
// only written through the one `TailWriter` of the moment.
#[allow(unsafe_code)]
unsafe impl Send for AppendBuf {}
// SAFETY: as above: `&AppendBuf` only gives access to the immutable published prefix.
#[allow(unsafe_code)]
unsafe impl Sync for AppendBuf {}

impl AppendBuf {
    /// A buffer of exactly `cap` bytes, or `None` when the allocation is refused.
    pub(crate) fn new(cap: usize) -> Option<AppendBuf> {
        let v = match take_pooled(cap) {
            Some(v) => v,
            None => {
                let mut v: Vec<u8> = Vec::new();
                v.try_reserve_exact(cap).ok()?;
                v
            }
        };
        let mut v = std::mem::ManuallyDrop::new(v);
        let alloc_cap = v.capacity();
        let ptr = NonNull::new(v.as_mut_ptr())?;
        Some(AppendBuf {
            ptr,
            cap: cap.min(alloc_cap),
            alloc_cap,
            len: AtomicUsize::new(0),
        })
    }

    /// Bytes written and published so far.
    pub(crate) fn len(&self) -> usize {
        self.len.load(Ordering::Acquire)
    }

    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.cap
    }

    /// `[start, end)` of the published prefix, or `None` if it is not (yet) all written.
    #[allow(unsafe_code)]
    pub(crate) fn get(&self, start: usize, end: usize) -> Option<&[u8]> {
        if start > end || end > self.len() {
            return None;
        }
        // SAFETY: `[0, end)` lies in the published prefix: initialised and never written
        // again (module invariants), and inside the allocation since `len <= cap`.
        let prefix = unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), end) };
        prefix.get(start..)
    }

    /// The writing side.
    ///
    /// # Safety
    /// No other `TailWriter` of this buffer may exist while this one does (callers create
    /// it under the lock that guards the decoder writing the buffer).
    #[allow(unsafe_code)]
    pub(crate) unsafe fn tail_writer(&self) -> TailWriter<'_> {
        TailWriter { buf: self }
    }
}

#[allow(unsafe_code)]
impl Drop for AppendBuf {
    fn drop(&mut self) {
        // SAFETY: `ptr`/`alloc_cap` come from the `Vec` leaked in `new`; length 0 since `u8`
        // needs no drop (the next user writes before it reads, as this one did).
        give_back(unsafe { Vec::from_raw_parts(self.ptr.as_ptr(), 0, self.alloc_cap) });
    }
}

/// Write access to the unpublished tail, for zstd's output buffer.
pub(crate) struct TailWriter<'a> {
    buf: &'a AppendBuf,
}

// SAFETY: `as_slice` covers exactly the initialised, published prefix; `capacity` is the
// allocation size; `as_mut_ptr` is the allocation start (zstd writes only at or after the
// position it is given, which is the published length, and reads earlier bytes as its
// window); `filled_until` publishes bytes zstd reports as written.
#[allow(unsafe_code)]
unsafe impl zstd::zstd_safe::WriteBuf for TailWriter<'_> {
    fn as_slice(&self) -> &[u8] {
        self.buf.get(0, self.buf.len()).unwrap_or(&[])
    }

    fn capacity(&self) -> usize {
        self.buf.cap
    }

    fn as_mut_ptr(&mut self) -> *mut u8 {
        self.buf.ptr.as_ptr()
    }

    unsafe fn filled_until(&mut self, n: usize) {
        // Never shrink the published prefix (readers may hold slices of it), never pass
        // the allocation.
        let n = n.min(self.buf.cap);
        if n > self.buf.len.load(Ordering::Relaxed) {
            self.buf.len.store(n, Ordering::Release);
        }
    }
}

#[cfg(test)]
#[allow(unsafe_code)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use zstd::zstd_safe::WriteBuf;

    #[test]
    fn readers_see_only_the_published_prefix_while_the_writer_appends() {
        let buf = Arc::new(AppendBuf::new(1 << 16).expect("alloc"));
        let reader = {
            let buf = Arc::clone(&buf);
            std::thread::spawn(move || {
                let mut seen = 0;
                while seen < 1 << 16 {
                    let len = buf.len();
                    let bytes = buf.get(0, len).expect("published prefix");
                    assert!(bytes.iter().enumerate().all(|(i, &b)| b == (i % 251) as u8));
                    seen = len;
                }
            })
        };
        // SAFETY (test): the only writer.
        let mut w = unsafe { buf.tail_writer() };
        for chunk in 0..64usize {
            let at = chunk * 1024;
            let p = w.as_mut_ptr();
            for i in at..at + 1024 {
                // SAFETY (test): within capacity, past the published length.
                unsafe { p.add(i).write((i % 251) as u8) };
            }
            // SAFETY (test): the bytes up to `at + 1024` were just written.
            unsafe { w.filled_until(at + 1024) };
        }
        reader.join().expect("reader");
        assert_eq!(buf.get(10, 20).map(<[u8]>::len), Some(10));
        assert!(buf.get(0, (1 << 16) + 1).is_none());
        assert!(buf.get(5, 4).is_none());
    }

    #[test]
    fn the_published_length_never_shrinks() {
        let buf = AppendBuf::new(100).expect("alloc");
        // SAFETY (test): the only writer.
        let mut w = unsafe { buf.tail_writer() };
        let p = w.as_mut_ptr();
        for i in 0..100 {
            // SAFETY (test): within capacity.
            unsafe { p.add(i).write(1) };
        }
        // SAFETY (test): 100 bytes written.
        unsafe { w.filled_until(100) };
        // SAFETY (test): a smaller length, which must leave the published 100 bytes alone.
        unsafe { w.filled_until(50) };
        assert_eq!(buf.len(), 100);
        assert!(buf.capacity() >= 100);
    }

    #[test]
    fn a_large_buffer_is_reused_after_it_is_dropped_and_holds_only_what_it_asked() {
        // An odd size no other test asks for, so a parallel test does not take it.
        let size = (3 << 20) + 12_345;
        let first = AppendBuf::new(size).expect("alloc");
        let at = first.ptr;
        // SAFETY (test): the only writer; within capacity.
        let mut w = unsafe { first.tail_writer() };
        unsafe { w.as_mut_ptr().write(7) };
        unsafe { w.filled_until(1) };
        drop(first);
        let second = AppendBuf::new(size - 1000).expect("alloc");
        assert_eq!(second.ptr, at, "the dropped allocation is reused");
        assert_eq!(second.len(), 0, "nothing of the earlier use is published");
        assert_eq!(second.capacity(), size - 1000);
        assert!(second.alloc_cap >= size);
        // A buffer much smaller than the pooled one does not take it.
        drop(second);
        let small = AppendBuf::new(POOL_MIN_BYTES).expect("alloc");
        assert_ne!(small.ptr, at);
        // Small buffers are never pooled.
        assert!(take_pooled(1024).is_none());
    }

    #[test]
    fn the_pool_holds_at_most_its_budget() {
        let bufs: Vec<AppendBuf> = (0..12)
            .map(|i| AppendBuf::new((2 << 20) + 4099 * i).expect("alloc"))
            .collect();
        drop(bufs);
        let held: usize = POOL.lock().expect("pool").iter().map(Vec::capacity).sum();
        assert!(held <= POOL_BYTES, "{held}");
    }

    #[test]
    fn an_impossible_allocation_is_refused_not_aborted() {
        assert!(AppendBuf::new(usize::MAX / 2).is_none());
    }
}
