//! Search and suggestion latency on the Rust documentation archive.
//!
//! Uses `$ZIM_SEARCH_BENCH_ARCHIVE` (default `/work/corpus-out/rustdocs.zim`, built by
//! `build-corpus rustdocs`); benches nothing when that file is absent.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use zim_search::{ArchiveSearch, SearchRequest};

fn archive_path() -> PathBuf {
    std::env::var_os("ZIM_SEARCH_BENCH_ARCHIVE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/corpus-out/rustdocs.zim"))
}

fn queries() -> Vec<String> {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/rustdocs_queries.txt");
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

fn bench(c: &mut Criterion) {
    let path = archive_path();
    let Ok(archive) = zim_reader::Archive::open(&path) else {
        eprintln!("{} not found: nothing to bench", path.display());
        return;
    };
    let search = ArchiveSearch::new(archive);
    let queries = queries();
    let prefixes: Vec<String> = queries
        .iter()
        .flat_map(|q| [2usize, 3, 5].map(|n| q.chars().take(n).collect::<String>()))
        .collect();
    c.bench_function("search/all_queries_top10", |b| {
        b.iter(|| {
            for q in &queries {
                black_box(search.search(&SearchRequest::new(q.as_str(), 0, 10)).ok());
            }
        })
    });
    c.bench_function("suggest/all_prefixes_top10", |b| {
        b.iter(|| {
            for p in &prefixes {
                black_box(search.suggest(p, 0, 10).ok());
            }
        })
    });
    c.bench_function("search/hashmap_entry", |b| {
        b.iter(|| {
            black_box(
                search
                    .search(&SearchRequest::new("hashmap entry", 0, 10))
                    .ok(),
            )
        })
    });
    c.bench_function("suggest/Vec", |b| {
        b.iter(|| black_box(search.suggest("Vec", 0, 10).ok()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
