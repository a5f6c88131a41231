//! The knowledge index built on the vendored archives: its inbound lists are a brute-force
//! inversion of every page's links (as `zim_links` reads them), shards merge into the same
//! graph as a whole build, a sidecar of another archive is refused, and the section index
//! finds pages by their sections and by the words other pages link to them with.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use zim_index::{BuildOptions, KnowledgeIndex, Shard, build, merge_shards};
use zim_reader::Archive;
use zim_render::{Document, LinkKind, RenderOptions};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/zim")
        .join(rel)
}

/// Archives with HTML pages and links, whole (a split one among them).
const ARCHIVES: &[&str] = &[
    "kiwix/zimfile.zim",
    "kiwix/wikipedia_en_ray_charles_2015-06.zimaa",
    "kiwix/tonedear.com_en_2024-09.zim",
    "kiwix/example.zim",
    "kiwix/corner_cases.zim",
    "withns/small.zim",
    "nons/small.zim",
];

fn copy_archive(src: &Path, dir: &Path) -> PathBuf {
    let name = src.file_name().and_then(|n| n.to_str()).unwrap_or("a.zim");
    if let Some(base) = name.strip_suffix("aa") {
        // A split archive: copy every part.
        let parent = src.parent().expect("parent");
        for part in std::fs::read_dir(parent).expect("list") {
            let part = part.expect("entry").path();
            let part_name = part.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if part_name.starts_with(base) && part_name.len() == name.len() {
                std::fs::copy(&part, dir.join(part_name)).expect("copy part");
            }
        }
    } else {
        std::fs::copy(src, dir.join(name)).expect("copy");
    }
    dir.join(name)
}

/// Every (target, source) -> anchor text, by parsing every page as `zim_links` does.
fn brute_force(archive: &Archive) -> BTreeMap<u32, BTreeMap<u32, String>> {
    let mut inbound: BTreeMap<u32, BTreeMap<u32, String>> = BTreeMap::new();
    for i in 0..archive.all_entry_count() {
        let entry = archive.entry_at(i).expect("entry");
        if entry.is_redirect() || !entry.mimetype().is_ok_and(|m| m.contains("html")) {
            continue;
        }
        let html = entry.content().expect("content");
        let Ok(doc) = Document::parse(&html, &RenderOptions::default()) else {
            continue;
        };
        let resolve = |p: &str| -> Option<String> {
            let e = archive.entry_by_path(p).ok().flatten()?.resolve().ok()?;
            Some(e.path().to_owned())
        };
        for link in doc.links(entry.path(), &resolve).links {
            if link.kind != LinkKind::Internal || !link.exists {
                continue;
            }
            let target = resolve(&link.target)
                .and_then(|p| archive.entry_by_path(&p).ok().flatten())
                .expect("resolved target exists");
            if target.index() == i {
                continue;
            }
            let text: String = link.text.split_whitespace().collect::<Vec<_>>().join(" ");
            let text: String = text.chars().take(160).collect();
            inbound.entry(target.index()).or_default().insert(i, text);
        }
    }
    inbound
}

fn graph_of(index: &KnowledgeIndex, entries: u32) -> BTreeMap<u32, BTreeMap<u32, String>> {
    let mut out: BTreeMap<u32, BTreeMap<u32, String>> = BTreeMap::new();
    for t in 0..entries {
        let page = index.graph.inbound(t, 0, usize::MAX).expect("inbound");
        assert_eq!(page.total as usize, page.links.len());
        for l in page.links {
            assert!(
                out.entry(t)
                    .or_default()
                    .insert(l.source, l.anchor_text)
                    .is_none(),
                "source listed twice"
            );
        }
    }
    out
}

fn options(out: &Path) -> BuildOptions<'static> {
    BuildOptions {
        threads: 2,
        out_dir: Some(out.to_path_buf()),
        cache_dir: None,
        heap_bytes: 32 * 1024 * 1024,
        edge_buffer: 50,
        ..BuildOptions::default()
    }
}

#[test]
fn inbound_lists_are_every_page_links_inverted() {
    let mut all_links = 0usize;
    for rel in ARCHIVES {
        let tmp = tempfile::tempdir().expect("tempdir");
        let path = copy_archive(&data(rel), tmp.path());
        let archive = Archive::open(&path).expect("open");
        let sidecar = tmp.path().join("sidecar");
        // A tiny link buffer: several sorted runs are merged.
        let report = build(&path, &options(&sidecar)).expect("build");
        let index = KnowledgeIndex::open(&report.dir, &archive).expect("open index");
        let expected = brute_force(&archive);
        let got = graph_of(&index, archive.all_entry_count());
        assert_eq!(got, expected, "{rel}");
        let links: usize = expected.values().map(BTreeMap::len).sum();
        assert_eq!(index.manifest.links as usize, links, "{rel}");
        all_links += links;
        // Outbound lists are the same edges the other way round.
        for (t, sources) in &expected {
            for s in sources.keys() {
                assert!(index.graph.outbound(*s).expect("out").contains(t), "{rel}");
            }
        }
        // Ranked as answered: furniture-free small archives by the linker's own degree, then path.
        for t in expected.keys() {
            let page = index.graph.inbound(*t, 0, usize::MAX).expect("inbound");
            let keys: Vec<(std::cmp::Reverse<u32>, u32)> = page
                .links
                .iter()
                .map(|l| (std::cmp::Reverse(l.degree), l.source))
                .collect();
            let threshold = index.graph.pages() / 2;
            if index.graph.pages() < 50 || keys.iter().all(|(d, _)| u64::from(d.0) < threshold) {
                let mut sorted = keys.clone();
                sorted.sort();
                assert_eq!(keys, sorted, "{rel}: inbound order");
            }
        }
    }
    // The comparison is not vacuous: the Wikipedia archives link a thousand times.
    assert!(all_links > 500, "{all_links} links in all");
}

#[test]
fn shards_merge_into_the_whole_graph() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = copy_archive(
        &data("kiwix/wikipedia_en_ray_charles_2015-06.zimaa"),
        tmp.path(),
    );
    let archive = Archive::open(&path).expect("open");
    let whole = build(&path, &options(&tmp.path().join("whole"))).expect("whole");
    let merged_dir = tmp.path().join("merged");
    for i in 0..3 {
        let opts = BuildOptions {
            shard: Some(Shard { index: i, count: 3 }),
            ..options(&merged_dir)
        };
        let part = build(&path, &opts).expect("shard");
        assert_eq!(part.manifest.shard, Some((i, 3)));
        // An unmerged shard is no sidecar.
        assert!(KnowledgeIndex::open(&part.dir, &archive).is_err());
    }
    let merged = merge_shards(&path, 3, &options(&merged_dir)).expect("merge");
    let a = KnowledgeIndex::open(&whole.dir, &archive).expect("whole index");
    let b = KnowledgeIndex::open(&merged.dir, &archive).expect("merged index");
    let entries = archive.all_entry_count();
    assert_eq!(graph_of(&a, entries), graph_of(&b, entries));
    assert_eq!(a.manifest.pages, b.manifest.pages);
    assert_eq!(a.manifest.links, b.manifest.links);
    assert_eq!(a.sections.documents(), b.sections.documents());
    // The shards are gone once merged.
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .expect("list")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".shard-"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn a_sidecar_of_another_archive_is_refused() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let ray = copy_archive(&data("kiwix/zimfile.zim"), tmp.path());
    let other = copy_archive(&data("withns/small.zim"), tmp.path());
    let report = build(&ray, &options(&tmp.path().join("ray"))).expect("build");
    let small = Archive::open(&other).expect("open");
    assert!(matches!(
        KnowledgeIndex::open(&report.dir, &small),
        Err(zim_index::IndexError::Mismatch(_))
    ));
    // A sidecar of an older format is refused too.
    let manifest = report.dir.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).expect("read");
    std::fs::write(&manifest, text.replace("\"format\": 1", "\"format\": 0")).expect("write");
    let ray_archive = Archive::open(&ray).expect("open");
    assert!(KnowledgeIndex::open(&report.dir, &ray_archive).is_err());
}

#[test]
fn the_sidecar_beside_the_archive_is_found_and_a_corrupt_one_is_no_panic() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let ray = copy_archive(&data("kiwix/zimfile.zim"), tmp.path());
    let archive = Archive::open(&ray).expect("open");
    assert_eq!(
        zim_index::status(&ray, &archive, None),
        zim_index::Status::Absent
    );
    let opts = BuildOptions {
        out_dir: None,
        ..options(tmp.path())
    };
    let report = build(&ray, &opts).expect("build");
    assert_eq!(report.dir, tmp.path().join("zimfile.zim.index"));
    assert!(matches!(
        zim_index::status(&ray, &archive, None),
        zim_index::Status::Present { .. }
    ));
    // Truncate the graph: an error when opened, never a panic.
    let graph = report.dir.join("links.bin");
    let bytes = std::fs::read(&graph).expect("read");
    std::fs::write(&graph, &bytes[..bytes.len() / 2]).expect("truncate");
    assert!(KnowledgeIndex::open(&report.dir, &archive).is_err());
}

#[test]
fn sections_and_anchor_texts_are_searchable() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = copy_archive(
        &data("kiwix/wikipedia_en_ray_charles_2015-06.zimaa"),
        tmp.path(),
    );
    let archive = Archive::open(&path).expect("open");
    let report = build(&path, &options(&tmp.path().join("s"))).expect("build");
    let index = KnowledgeIndex::open(&report.dir, &archive).expect("open");
    assert!(index.manifest.sections > 0);
    let words: Vec<String> = ["early", "life"].iter().map(|w| w.to_string()).collect();
    let hits = index.sections.search(&words, 20).expect("search");
    assert!(!hits.is_empty());
    // A section hit names its section; the best is a section titled with the words.
    let titled: BTreeSet<u32> = hits
        .iter()
        .filter(|h| {
            h.section
                .as_deref()
                .is_some_and(|s| s.to_lowercase().contains("early"))
        })
        .map(|h| h.entry)
        .collect();
    assert!(!titled.is_empty(), "{hits:?}");
    // Unknown words find nothing; no words, nothing.
    assert!(
        index
            .sections
            .search(&["qwxzzyv".to_string()], 5)
            .expect("search")
            .is_empty()
    );
    assert!(index.sections.search(&[], 5).expect("search").is_empty());
}

/// The embedding model's directory, as zim-embed's reference test finds it; `None` when
/// the model tests are skipped (`ZIM_EMBED_SKIP_MODEL_TESTS=1`), a failure when it is missing.
fn model_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("ZIM_EMBED_MODEL_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("XDG_CACHE_HOME")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
                .map(|c| c.join("zim-mcp/models/all-MiniLM-L6-v2"))
        })?;
    if dir.join("model.safetensors").is_file() {
        return Some(dir);
    }
    if std::env::var("ZIM_EMBED_SKIP_MODEL_TESTS").as_deref() == Ok("1") {
        return None;
    }
    panic!(
        "no embedding model in {} (scripts/install-model.sh installs it; ZIM_EMBED_SKIP_MODEL_TESTS=1 skips)",
        dir.display()
    );
}

#[test]
fn page_embeddings_find_pages_by_meaning_and_shards_keep_them() {
    let Some(model) = model_dir() else {
        return;
    };
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = copy_archive(&data("kiwix/zimfile.zim"), tmp.path());
    let archive = Archive::open(&path).expect("open");
    let opts = BuildOptions {
        vectors: Some(model.clone()),
        ..options(&tmp.path().join("v"))
    };
    let report = build(&path, &opts).expect("build");
    assert_eq!(report.manifest.vectors, report.manifest.pages);
    let index = KnowledgeIndex::open(&report.dir, &archive).expect("open");
    let vectors = index.vectors.as_ref().expect("vectors");
    let embedder = zim_embed::Embedder::load(&model).expect("model");
    assert_eq!(vectors.model_id(), embedder.model_id());
    // A question that names no title word of the article: the musician's biography.
    let query = embedder
        .embed(&["life story of the musician nicknamed The Genius who lost his sight as a child"])
        .expect("embed");
    let hits = vectors.search(&query[0], 10);
    let paths: Vec<String> = hits
        .iter()
        .filter_map(|(e, _)| archive.entry_at(*e).ok().map(|x| x.path().to_owned()))
        .collect();
    assert!(paths.iter().any(|p| p == "A/Ray_Charles"), "{paths:?}");
    // Shards embedded separately merge into the same vectors.
    let merged_dir = tmp.path().join("m");
    for i in 0..2 {
        let opts = BuildOptions {
            vectors: Some(model.clone()),
            shard: Some(Shard { index: i, count: 2 }),
            ..options(&merged_dir)
        };
        build(&path, &opts).expect("shard");
    }
    let merged = merge_shards(&path, 2, &options(&merged_dir)).expect("merge");
    assert_eq!(merged.manifest.vectors, report.manifest.vectors);
    let merged = KnowledgeIndex::open(&merged.dir, &archive).expect("open merged");
    let all = |index: &zim_index::VectorIndex| {
        let mut out = Vec::new();
        index
            .for_each(|entry, vector| out.push((entry, vector.to_vec())))
            .expect("vectors read");
        out
    };
    let mut a = all(vectors);
    let mut b = all(merged.vectors.as_ref().expect("vectors"));
    a.sort_by_key(|(e, _)| *e);
    b.sort_by_key(|(e, _)| *e);
    // The same pages, and the same vectors up to the model's arithmetic: its matrix products
    // round to f16, so a page embedded in another batch (of another shard) can differ by one
    // quantisation step (1/127) in a few components.
    assert_eq!(
        a.iter().map(|(e, _)| *e).collect::<Vec<_>>(),
        b.iter().map(|(e, _)| *e).collect::<Vec<_>>()
    );
    let (mut differ, mut components) = (0usize, 0usize);
    for ((_, va), (_, vb)) in a.iter().zip(&b) {
        for (x, y) in va.iter().zip(vb) {
            components += 1;
            assert!((x - y).abs() <= 1.0 / 127.0 + 1e-6, "{x} vs {y}");
            differ += usize::from(x != y);
        }
    }
    assert!(
        differ * 100 < components,
        "{differ} of {components} components differ"
    );
}
