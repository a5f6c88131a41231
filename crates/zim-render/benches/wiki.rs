//! `wiki_page_parts` (streaming) against the tree-based `wiki_page_parts_dom` on the two
//! Ray Charles pages: the 7.8 KB 2020 mwoffliner article and the 154 KB 2015 one.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use zim_render::{wiki_page_parts, wiki_page_parts_dom};

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.html"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("wiki");
    for name in ["wikipedia_2020_ray_charles", "wikipedia_2015_ray_charles"] {
        let html = fixture(name);
        group.throughput(Throughput::Bytes(html.len() as u64));
        group.bench_function(format!("stream/{name}"), |b| {
            b.iter(|| wiki_page_parts(black_box(&html)).map(|w| w.body_html.len()))
        });
        group.bench_function(format!("dom/{name}"), |b| {
            b.iter(|| wiki_page_parts_dom(black_box(&html)).map(|w| w.body_html.len()))
        });
    }
    // The fixed cost of a call (rewriter set-up), on a minimal page.
    let tiny = b"<html><body><p>x</p></body></html>".to_vec();
    group.throughput(Throughput::Bytes(tiny.len() as u64));
    group.bench_function("stream/tiny_page", |b| {
        b.iter(|| wiki_page_parts(black_box(&tiny)).map(|w| w.body_html.len()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
