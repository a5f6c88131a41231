//! Golden tests: real pages of every archive family rendered into checked-in expected
//! files under `tests/golden/`. Run with `UPDATE_GOLDEN=1` to rewrite them after a
//! deliberate change, then read the diff.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use zim_render::{Budget, Document, RenderOptions};

/// (fixture name, entry path in its archive, section id to fetch)
const FIXTURES: &[(&str, &str, &str)] = &[
    ("wikipedia_2020_ray_charles", "A/Ray_Charles", ""),
    (
        "wikipedia_2015_ray_charles",
        "A/Ray_Charles.html",
        "early-years-1930-45",
    ),
    ("wikibooks_be_cpp", "Дапаможнік_па_C++.html", ""),
    (
        "tonedear_intervals",
        "tonedear.com/ear-training/intervals",
        "",
    ),
    (
        "tonedear_how_to_practice",
        "tonedear.com/ear-training/how-to-practice",
        "for-teachers",
    ),
    (
        "rustdoc_struct_hashmap",
        "std/collections/struct.HashMap.html",
        "examples",
    ),
    (
        "rustdoc_trait_display",
        "std/fmt/trait.Display.html",
        "required-methods",
    ),
    (
        "rustdoc_module_collections",
        "std/collections/index.html",
        "when-should-you-use-which-collection",
    ),
    ("rustdoc_fn_swap", "std/mem/fn.swap.html", "examples"),
    ("rustdoc_macro_vec", "std/macro.vec.html", ""),
    (
        "mdbook_ownership",
        "book/ch04-01-what-is-ownership.html",
        "the-stack-and-the-heap",
    ),
    (
        "stackexchange_question",
        "questions/3940128/how-do-i-reverse-a-list-in-python",
        "answer-3940137",
    ),
];

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The entries of the source archive that the fixture's links point to (candidate path
/// -> final path after redirects), dumped with python-libzim next to the fixture.
fn resolver_table(name: &str) -> HashMap<String, String> {
    let path = dir().join("fixtures").join(format!("{name}.entries.tsv"));
    let text = fs::read_to_string(&path).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn check(name: &str, suffix: &str, actual: &str, failures: &mut Vec<String>) {
    let path = dir().join("golden").join(format!("{name}.{suffix}"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, actual).unwrap();
        return;
    }
    let expected =
        fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing {}", path.display()));
    if expected != actual {
        failures.push(format!(
            "{} differs (run with UPDATE_GOLDEN=1 and review the diff)",
            path.display()
        ));
    }
}

fn first_section_id(doc: &Document) -> Option<String> {
    doc.toc().first().map(|t| t.id.clone())
}

#[test]
fn golden_outputs() {
    let mut failures = Vec::new();
    for &(name, base, section_id) in FIXTURES {
        let html = fs::read(dir().join("fixtures").join(format!("{name}.html"))).unwrap();
        let doc = Document::parse(&html, &RenderOptions::default()).unwrap();
        check(name, "md", doc.markdown(), &mut failures);
        check(name, "summary.txt", &doc.summary(1200), &mut failures);
        let toc = serde_json::to_string_pretty(&doc.toc()).unwrap();
        check(name, "toc.json", &toc, &mut failures);
        let structure = serde_json::to_string_pretty(&doc.structure()).unwrap();
        check(name, "structure.json", &structure, &mut failures);
        let id = if section_id.is_empty() {
            first_section_id(&doc)
        } else {
            Some(section_id.to_string())
        };
        let section = id.and_then(|id| doc.section(&id));
        if !section_id.is_empty() {
            assert!(section.is_some(), "{name}: no section {section_id}");
        }
        let section_json = serde_json::to_string_pretty(&section).unwrap();
        check(name, "section.json", &section_json, &mut failures);
        check(
            name,
            "compact.md",
            &doc.compact(Budget::Small),
            &mut failures,
        );
        let table = resolver_table(name);
        let resolve = |p: &str| table.get(p).cloned();
        let links = serde_json::to_string_pretty(&doc.links(base, &resolve)).unwrap();
        check(name, "links.json", &links, &mut failures);
        let related = serde_json::to_string_pretty(&doc.related(base, &resolve, 10)).unwrap();
        check(name, "related.json", &related, &mut failures);
    }
    let wiki = zim_render::wiki_page_parts(
        &fs::read(dir().join("fixtures/wikipedia_2015_ray_charles.html")).unwrap(),
    )
    .unwrap();
    let sections = serde_json::to_string_pretty(&wiki.sections).unwrap();
    check(
        "wikipedia_2015_ray_charles",
        "wiki_sections.json",
        &sections,
        &mut failures,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
