//! Reader benchmarks: open, lookup by path, lookup by title, cold read
//! (fresh handle, empty cache) and warm read, on `tests/data/zim/kiwix/zimfile.zim`
//! and, when `ZIM_BENCH_RUSTDOCS` names it, the big rustdocs archive.
//! `scripts/bench_reader_libzim.py` times the same operations with
//! python-libzim on the same entries (same selection rule, see `Sample`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // bench code: a panic is a failed run

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use zim_reader::Archive;

/// Entries used by the benchmarks, chosen the same way as in the Python
/// script: ids `i * n / 100` (n = all entries) that are non-redirect user
/// items (`C`, or `A` in old archives); titles are those of the chosen
/// entries that `entry_by_title` finds.
struct Sample {
    paths: Vec<String>,
    titles: Vec<String>,
}

fn sample(archive: &Archive) -> Sample {
    let n = archive.all_entry_count();
    let user_ns = if archive.has_new_namespace_scheme() {
        'C'
    } else {
        'A'
    };
    let mut paths = Vec::new();
    let mut titles = Vec::new();
    for i in 0..100u32 {
        let id = (u64::from(i) * u64::from(n) / 100) as u32;
        let Ok(e) = archive.entry_at(id) else {
            continue;
        };
        if e.is_redirect() || e.namespace() != user_ns {
            continue;
        }
        paths.push(e.path().to_string());
        if matches!(archive.entry_by_title(e.title()), Ok(Some(_))) {
            titles.push(e.title().to_string());
        }
    }
    Sample { paths, titles }
}

fn bench_archive(c: &mut Criterion, name: &str, path: &Path) {
    let archive = Archive::open(path).expect("open benchmark archive");
    let s = sample(&archive);
    assert!(!s.paths.is_empty(), "no sample entries in {name}");
    let mut g = c.benchmark_group(name);
    g.sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));

    g.bench_function("open", |b| {
        b.iter(|| black_box(Archive::open(path).expect("open")))
    });

    let mut i = 0usize;
    g.bench_function("lookup_path", |b| {
        b.iter(|| {
            i = (i + 1) % s.paths.len();
            black_box(
                archive
                    .entry_by_path(&s.paths[i])
                    .expect("lookup")
                    .expect("found"),
            )
        })
    });

    if !s.titles.is_empty() {
        let mut i = 0usize;
        g.bench_function("lookup_title", |b| {
            b.iter(|| {
                i = (i + 1) % s.titles.len();
                black_box(
                    archive
                        .entry_by_title(&s.titles[i])
                        .expect("lookup")
                        .expect("found"),
                )
            })
        });
    }

    let mut i = 0usize;
    g.bench_function("read_cold", |b| {
        b.iter(|| {
            i = (i + 1) % s.paths.len();
            let fresh = Archive::open(path).expect("open");
            let e = fresh
                .entry_by_path(&s.paths[i])
                .expect("lookup")
                .expect("found");
            black_box(e.content().expect("content").len())
        })
    });

    let warm: Vec<_> = s
        .paths
        .iter()
        .take(16)
        .map(|p| archive.entry_by_path(p).expect("lookup").expect("found"))
        .collect();
    for e in &warm {
        e.content().expect("prime the cache");
    }
    let mut i = 0usize;
    g.bench_function("read_warm", |b| {
        b.iter(|| {
            i = (i + 1) % warm.len();
            black_box(warm[i].content().expect("content").len())
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    let zimfile =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/zim/kiwix/zimfile.zim");
    bench_archive(c, "zimfile", &zimfile);
    if let Some(p) = std::env::var_os("ZIM_BENCH_RUSTDOCS") {
        let p = PathBuf::from(p);
        if p.exists() {
            bench_archive(c, "rustdocs", &p);
        }
    }
}

criterion_group!(reader, benches);
criterion_main!(reader);
