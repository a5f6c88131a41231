//! Search and suggestion latency on a big archive.
//!
//! Uses `$ZIM_SEARCH_BENCH_ARCHIVE` (default `/work/corpus-out/rustdocs.zim`, built by
//! `build-corpus rustdocs`); benches nothing when that file is absent. Queries come from
//! `tests/data/synthetic_queries.txt` when the archive's name contains `synthetic`
//! (`synthetic-100k.zim`), else from `tests/data/rustdocs_queries.txt`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use zim_search::{ArchiveSearch, SearchRequest};

fn archive_path() -> PathBuf {
    std::env::var_os("ZIM_SEARCH_BENCH_ARCHIVE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/corpus-out/rustdocs.zim"))
}

fn queries(archive: &std::path::Path) -> Vec<String> {
    let synthetic = archive
        .file_name()
        .is_some_and(|n| n.to_string_lossy().contains("synthetic"));
    let name = if synthetic {
        "synthetic_queries.txt"
    } else {
        "rustdocs_queries.txt"
    };
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
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
    let queries = queries(&path);
    let prefixes: Vec<String> = queries
        .iter()
        .flat_map(|q| [2usize, 3, 5].map(|n| q.chars().take(n).collect::<String>()))
        .collect();
    // One group per archive (e.g. `rustdocs/search/all_queries_top10`), so runs on different
    // archives keep separate criterion histories.
    let stem = path.file_stem().map_or_else(
        || "archive".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    );
    let mut group = c.benchmark_group(stem);
    // A pass over all queries takes up to ~0.2 s on the 100k-entry archive.
    group.sample_size(10);
    group.bench_function("search/all_queries_top10", |b| {
        b.iter(|| {
            for q in &queries {
                black_box(search.search(&SearchRequest::new(q.as_str(), 0, 10)).ok());
            }
        })
    });
    group.bench_function("suggest/all_prefixes_top10", |b| {
        b.iter(|| {
            for p in &prefixes {
                black_box(search.suggest(p, 0, 10).ok());
            }
        })
    });
    let single = queries.iter().find(|q| q.contains(' ')).cloned();
    if let Some(query) = single {
        group.bench_function("search/first_two_word_query", |b| {
            b.iter(|| {
                black_box(
                    search
                        .search(&SearchRequest::new(query.as_str(), 0, 10))
                        .ok(),
                )
            })
        });
    }
    group.bench_function("suggest/three_letters", |b| {
        let prefix: String = queries
            .first()
            .map(|q| q.chars().take(3).collect())
            .unwrap_or_default();
        b.iter(|| black_box(search.suggest(&prefix, 0, 10).ok()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
