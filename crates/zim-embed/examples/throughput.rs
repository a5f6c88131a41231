//! Embedding throughput on paragraph-sized sections:
//!
//!     cargo run -p zim-embed --release --example throughput -- [MODEL_DIR|""] [COUNT] [BATCH,...]
//!
//! Embeds COUNT (default 1000) synthetic paragraphs of 60-120 words, made deterministically from
//! documentation-like sentences, once per batch size (default 16,32,64), and prints sections/s
//! and tokens/s. MODEL_DIR defaults to `$ZIM_EMBED_MODEL_DIR`, else the directory
//! `scripts/install-model.sh` installs into. Threads: candle uses `RAYON_NUM_THREADS` or every
//! core.

use std::path::PathBuf;
use std::time::Instant;

use zim_embed::Embedder;

const SENTENCES: &[&str] = &[
    "The function returns an iterator over the entries of the directory.",
    "Each call to next yields the following item, or None when the sequence is exhausted.",
    "A subprocess is started with the given arguments and its standard output is captured.",
    "The archive stores compressed clusters, and every cluster holds many small blobs.",
    "Redirects point from an alternative title to the canonical article.",
    "Berlin is the capital and largest city of Germany by both area and population.",
    "The river flows north through the valley before it reaches the sea.",
    "Use the --release flag to build an optimised binary for benchmarks.",
    "Errors are returned as values, so a caller decides whether to retry or give up.",
    "The index maps every word to the documents that contain it, with its positions.",
    "Photosynthesis converts light energy into chemical energy stored in glucose.",
    "The committee met on Tuesday and approved the budget for the coming year.",
    "In 1889 the tower was the tallest man-made structure in the world.",
    "A mutex guards the shared state so that only one thread changes it at a time.",
    "The table lists each configuration option with its default value and range.",
    "Queries are parsed into terms, stemmed, and matched against the database.",
    "Her first album sold more than a million copies within a year of its release.",
    "The species is found in tropical forests from Mexico to northern Argentina.",
    "To install the package, run the installer and follow the instructions on screen.",
    "Memory is released when the last reference to the buffer is dropped.",
    "The treaty ended the war and redrew the borders of several European states.",
    "Each section begins with a heading and may contain lists, tables and code blocks.",
    "The algorithm runs in logarithmic time because it halves the range at each step.",
    "Temperatures in the region rarely fall below freezing, even in winter.",
];

fn paragraphs(count: usize) -> Vec<String> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    (0..count)
        .map(|_| {
            let target = 60 + next(61);
            let mut words = 0;
            let mut text = String::new();
            while words < target {
                let s = SENTENCES[next(SENTENCES.len())];
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(s);
                words += s.split_whitespace().count();
            }
            text
        })
        .collect()
}

fn default_model_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ZIM_EMBED_MODEL_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_default()
        .join("zim-mcp/models/all-MiniLM-L6-v2")
}

/// CPU seconds this process has used (user + system, all threads), from /proc/self/stat on
/// Linux (in USER_HZ = 100 ticks/s); `None` elsewhere. On a shared machine, sections per CPU
/// second times the cores is the rate the machine would give the model alone.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the command name: state is field 3 of the man page, utime 14 and stime 15.
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args
        .next()
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(default_model_dir);
    let count: usize = args.next().map(|s| s.parse()).transpose()?.unwrap_or(1000);
    let batches: Vec<usize> = match args.next() {
        Some(list) => list
            .split(',')
            .map(|s| s.trim().parse())
            .collect::<Result<_, _>>()?,
        None => vec![16, 32, 64],
    };

    let start = Instant::now();
    let mut embedder = Embedder::load(&dir)?;
    println!(
        "model {} ({} dims) loaded in {:.2} s; {} threads",
        embedder.model_id(),
        embedder.dims(),
        start.elapsed().as_secs_f64(),
        candle_core::utils::get_num_threads()
    );

    let texts = paragraphs(count);
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let words: usize = texts.iter().map(|t| t.split_whitespace().count()).sum();
    let mut tokens = 0;
    for t in &refs {
        tokens += embedder.token_count(t)?;
    }
    println!(
        "{count} paragraphs: {:.0} words and {:.0} tokens each on average",
        words as f64 / count as f64,
        tokens as f64 / count as f64
    );

    // Warm-up (allocator, caches).
    embedder.embed(&refs[..refs.len().min(32)])?;
    for batch in batches {
        embedder.set_batch_size(batch);
        let cpu_before = cpu_seconds();
        let start = Instant::now();
        let vectors = embedder.embed(&refs)?;
        let secs = start.elapsed().as_secs_f64();
        let cpu = cpu_before.zip(cpu_seconds()).map(|(a, b)| b - a);
        assert_eq!(vectors.len(), count);
        print!(
            "batch {batch:>3}: {secs:6.2} s  {:7.1} sections/s  {:8.0} tokens/s",
            count as f64 / secs,
            tokens as f64 / secs
        );
        match cpu {
            Some(cpu) if cpu > 0.0 => println!(
                "  ({cpu:.1} CPU s: {:.1} sections per CPU second)",
                count as f64 / cpu
            ),
            _ => println!(),
        }
    }
    Ok(())
}
