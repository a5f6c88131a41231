//! glibc malloc settings for a long-running server.
//!
//! glibc serves allocations of 128 KiB and more with `mmap`, but the first time such a
//! block is freed it raises that threshold to the block's size (up to 32 MiB). From then
//! on the multi-megabyte buffers this server allocates and frees all the time (zstd
//! windows and decoded clusters of 2 MiB, the HTML and Markdown of big pages) come from
//! the heap, and a heap only gives memory back from its top: freed buffers stay resident
//! and the process grows with every differently-sized large request. Fixing the threshold
//! at 1 MiB keeps large buffers on `mmap`, returned to the system when freed, while
//! the small allocations that dominate the count stay on the heap: peak RSS on the rustdocs
//! workload drops by about a fifth. The price is page faults on fresh mappings (a first render
//! of a very large page is slower by about a tenth); calls that allocate less than 1 MiB at a
//! time are unchanged, and lower thresholds cost those calls much more. Figures: BENCHMARKS.md
//! ("Design measurements").

/// Blocks of at least this many bytes are mapped and unmapped individually.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 1 << 20;

/// Applies the settings; call once, before other threads exist (`serve` does it first).
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallopt only sets allocator parameters; it is called before any other
        // thread is started. A refusal (return value 0) leaves glibc's defaults in place.
        #[allow(unsafe_code)]
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        }
    }
}
