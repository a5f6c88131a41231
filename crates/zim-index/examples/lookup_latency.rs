//! Latency of the knowledge index's lookups on a built sidecar: inbound pages (10 linkers)
//! of every page, and section searches of a few questions, with p50/p99.
//!
//!   cargo run --release -p zim-index --example lookup_latency -- ARCHIVE [SIDECAR_DIR]

use std::path::PathBuf;
use std::time::Instant;

use zim_index::KnowledgeIndex;
use zim_reader::Archive;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or(0.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let archive_path = PathBuf::from(
        args.next()
            .ok_or("usage: lookup_latency ARCHIVE [SIDECAR]")?,
    );
    let archive = Archive::open(&archive_path)?;
    let sidecar = match args.next() {
        Some(dir) => PathBuf::from(dir),
        None => zim_index::locate::beside(&archive_path).ok_or("no sidecar name")?,
    };
    let index = KnowledgeIndex::open(&sidecar, &archive)?;
    let mut times = Vec::new();
    let mut linked = 0usize;
    for t in 0..archive.all_entry_count() {
        let started = Instant::now();
        let page = index.graph.inbound(t, 0, 10)?;
        times.push(started.elapsed().as_secs_f64() * 1e6);
        linked += usize::from(page.total > 0);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "inbound (10 linkers) over {} entries ({linked} linked): p50 {:.1} us, p99 {:.1} us, max {:.1} us",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(0.0)
    );
    let questions = [
        "how do I read a file line by line",
        "early life and career",
        "reverse the order of elements",
        "what is a mutex used for",
        "create a new branch",
    ];
    let mut times = Vec::new();
    for _ in 0..20 {
        for q in &questions {
            let words: Vec<String> = q.split_whitespace().map(str::to_owned).collect();
            let started = Instant::now();
            let hits = index.sections.search(&words, 60)?;
            times.push(started.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(hits);
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "section search (60 hits) of {} questions x20: p50 {:.2} ms, p99 {:.2} ms",
        questions.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99)
    );
    Ok(())
}
