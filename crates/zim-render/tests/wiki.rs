//! The streaming `wiki_page_parts` against the tree-based reference
//! (`wiki_page_parts_dom`, the previous implementation) on every HTML fixture and every
//! `text/html` entry of the Wikipedia-like test archives: same title, same sections, and
//! a body with the same text and the same element sequence once parsed (the markup
//! itself may differ in quoting and in end tags the tree builder would have implied).
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::path::{Path, PathBuf};

use zim_reader::Archive;
use zim_render::{WikiPage, parsed_shape, wiki_page_parts, wiki_page_parts_dom};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data")
}

/// Element names in document order and the concatenated text of a body fragment.
fn shape(body_html: &str) -> (Vec<String>, String) {
    parsed_shape(body_html)
}

fn assert_equivalent(what: &str, html: &[u8]) {
    let new: WikiPage = wiki_page_parts(html).unwrap();
    let old: WikiPage = wiki_page_parts_dom(html).unwrap();
    assert_eq!(new.title, old.title, "{what}: title");
    assert_eq!(new.sections, old.sections, "{what}: sections");
    let (new_names, new_text) = shape(&new.body_html);
    let (old_names, old_text) = shape(&old.body_html);
    if new_text != old_text {
        // The texts are long: show where they part.
        let at = new_text
            .chars()
            .zip(old_text.chars())
            .take_while(|(a, b)| a == b)
            .count();
        let around =
            |t: &str| -> String { t.chars().skip(at.saturating_sub(200)).take(400).collect() };
        panic!(
            "{what}: body text differs at char {at}\nnew: {:?}\nold: {:?}",
            around(&new_text),
            around(&old_text)
        );
    }
    assert_eq!(new_names, old_names, "{what}: element sequence");
}

#[test]
fn same_parts_as_the_tree_walk_on_every_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "html") {
            assert_equivalent(&path.display().to_string(), &std::fs::read(&path).unwrap());
            seen += 1;
        }
    }
    assert!(seen >= 10, "only {seen} fixtures");
}

#[test]
fn same_parts_as_the_tree_walk_on_every_wiki_archive_page() {
    for name in [
        "zim/kiwix/zimfile.zim",
        "zim/kiwix/wikipedia_en_ray_charles_2015-06.zimaa",
        "zim/nons/wikibooks_be_all_nopic_2017-02.zim",
    ] {
        let archive = Archive::open(data_dir().join(name)).unwrap();
        let mut pages = 0;
        for entry in archive.entries() {
            let entry = entry.unwrap();
            if entry.is_redirect() || !entry.mimetype().unwrap().starts_with("text/html") {
                continue;
            }
            let blob = entry.content().unwrap();
            assert_equivalent(&format!("{name} {}", entry.full_path()), &blob);
            pages += 1;
        }
        assert!(pages > 50, "{name}: only {pages} HTML entries");
    }
}

#[test]
fn footer_title_heading_and_noindex_are_dropped() {
    let html = br##"<html><head><title> A  &amp; B </title><script>x()</script></head>
<body><h1>Title</h1><div id="mw-content-text"><p>Intro &eacute;</p>
<h2 id="x"><span class="mw-headline" id="Early_life">Early &amp; life</span><span class="mw-editsection">[edit]</span></h2>
<div><h3>Inner</h3></div><!--htdig_noindex--><h2>Hidden</h2><!--/htdig_noindex-->
<h2 id="mwAb">Opaque</h2><h2>Opaque</h2>
<div>
<div>This article is issued from <a href="#">Wikipedia</a><h2>Footer heading</h2></div></div>
<p>after</p></div><p>outside</p></body></html>"##;
    let w = wiki_page_parts(html).unwrap();
    assert_eq!(w.title.as_deref(), Some("A & B"));
    let lines: Vec<_> = w
        .sections
        .iter()
        .map(|s| (s.number.as_str(), s.line.as_str(), s.anchor.as_str()))
        .collect();
    assert_eq!(
        lines,
        [
            ("1", "Early & life", "Early_life"),
            ("1.1", "Inner", "inner"),
            ("2", "Opaque", "opaque"),
            ("3", "Opaque", "opaque-2"),
        ]
    );
    assert!(w.body_html.contains("Intro é") || w.body_html.contains("Intro &eacute;"));
    assert!(w.body_html.contains("<p>after</p>"));
    for gone in [
        "Hidden",
        "This article",
        "Footer heading",
        "outside",
        "Title",
        "x()",
    ] {
        assert!(!w.body_html.contains(gone), "{gone} in {}", w.body_html);
    }
    assert!(!w.body_html.contains('\0'));
    assert_equivalent("inline sample", html);
}

#[test]
fn pages_without_content_div_or_body() {
    for html in [
        "<html><head><title>t</title></head><body><h1>T</h1><h2>A</h2><p>x</p></body></html>",
        "<title>t</title><h2>A</h2><p>x</p><h3>B</h3>",
        "<p>only text",
        "",
        "<div>This article is issued from nowhere</div><p>kept</p>",
    ] {
        assert_equivalent(html, html.as_bytes());
    }
}

#[test]
fn hostile_pages_stay_linear_and_markers_cannot_be_forged() {
    // Deep divs that stay undecided (whitespace, then a prefix of the footer text), deep
    // headings, an unterminated noindex run, and NUL bytes that look like our markers.
    let n = 20_000;
    let mut html = String::from("<body><div id=\"mw-content-text\">");
    for i in 0..n {
        html.push_str("<div> ");
        if i % 100 == 0 {
            html.push_str("<h2>T</h2>");
        }
    }
    html.push_str("This article is issued from");
    for _ in 0..n {
        html.push_str("</div>");
    }
    html.push_str("<p>\0A\0\0D0\0 kept</p><!--htdig_noindex--><p>gone");
    let w = wiki_page_parts(html.as_bytes()).unwrap();
    assert!(!w.body_html.contains('\0'));
    assert!(!w.body_html.contains("gone"));
    assert!(w.body_html.contains("kept"));
    assert_eq!(w.sections.len(), n / 100);
    assert_eq!(w.sections.last().map(|s| s.anchor.as_str()), Some("t-200"));
}

#[test]
fn invalid_utf8_bom_and_nul_are_decoded_like_the_reference() {
    let html = b"\xEF\xBB\xBF<title>a\xFFb</title><body><h2>x\0y</h2><p>\xC3</p></body>";
    assert_equivalent("lossy", html);
}
