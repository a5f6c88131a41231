//! Rendering throughput on the golden fixtures (MB/s of HTML), the time for the
//! largest fixture and for the Ray Charles article, and the streaming plain-text pass
//! (`html_text`) at a snippet's and a preview's budget.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use zim_render::{Budget, Document, RenderOptions, html_text};

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.html"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const ALL: &[&str] = &[
    "wikipedia_2020_ray_charles",
    "wikipedia_2015_ray_charles",
    "wikibooks_be_cpp",
    "tonedear_intervals",
    "tonedear_how_to_practice",
    "rustdoc_struct_hashmap",
    "rustdoc_trait_display",
    "rustdoc_module_collections",
    "rustdoc_fn_swap",
    "rustdoc_macro_vec",
    "mdbook_ownership",
    "stackexchange_question",
];

fn bench(c: &mut Criterion) {
    let opts = RenderOptions::default();
    let mut group = c.benchmark_group("render");
    for name in [
        "wikipedia_2015_ray_charles",
        "wikipedia_2020_ray_charles",
        "rustdoc_struct_hashmap",
    ] {
        let html = fixture(name);
        group.throughput(Throughput::Bytes(html.len() as u64));
        group.bench_function(format!("markdown/{name}"), |b| {
            b.iter(|| Document::parse(black_box(&html), &opts).map(|d| d.markdown().len()))
        });
    }
    let pages: Vec<Vec<u8>> = ALL.iter().map(|n| fixture(n)).collect();
    let total: usize = pages.iter().map(Vec::len).sum();
    group.throughput(Throughput::Bytes(total as u64));
    group.bench_function("markdown/all_fixtures", |b| {
        b.iter(|| {
            pages
                .iter()
                .map(|p| {
                    Document::parse(black_box(p), &opts)
                        .map(|d| d.markdown().len())
                        .unwrap_or(0)
                })
                .sum::<usize>()
        })
    });
    let ray = fixture("wikipedia_2015_ray_charles");
    group.throughput(Throughput::Bytes(ray.len() as u64));
    group.bench_function("all_views/wikipedia_2015_ray_charles", |b| {
        b.iter(|| {
            let d = Document::parse(black_box(&ray), &opts).ok()?;
            let resolve = |p: &str| Some(p.to_string());
            Some((
                d.summary(1000).len(),
                d.toc().len(),
                d.structure().len(),
                d.compact(Budget::Medium).len(),
                d.links("A/Ray_Charles.html", &resolve).links.len(),
            ))
        })
    });
    group.finish();
    let mut group = c.benchmark_group("text");
    group.throughput(Throughput::Bytes(total as u64));
    // The search snippets' budget (zim-service's SNIPPET_TEXT_CHARS) and a preview's.
    for budget in [50_000, 400] {
        group.bench_function(format!("html_text_{budget}/all_fixtures"), |b| {
            b.iter(|| {
                pages
                    .iter()
                    .map(|p| html_text(black_box(p), budget).len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
