//! Hostile inputs render or fail cleanly, without recursion blow-ups.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use zim_render::{Document, RenderError, RenderOptions, page, wiki_page_parts};

fn parse(bytes: &[u8]) -> Document {
    Document::parse(bytes, &RenderOptions::default()).unwrap()
}

#[test]
fn deep_nesting_of_every_kind() {
    for (open, close) in [
        ("<div>", "</div>"),
        ("<ul><li>", "</li></ul>"),
        ("<blockquote>", "</blockquote>"),
        ("<b>", "</b>"),
        ("<span>", "</span>"),
        ("<table><tr><td>", "</td></tr></table>"),
        ("<dl><dd>", "</dd></dl>"),
        ("<section><h2>h</h2>", "</section>"),
    ] {
        let n = 10_000;
        let mut html = String::with_capacity(n * (open.len() + close.len()) + 16);
        for _ in 0..n {
            html.push_str(open);
        }
        html.push_str("deep text");
        for _ in 0..n {
            html.push_str(close);
        }
        let d = parse(html.as_bytes());
        assert!(d.plain_text().contains("deep text"), "{open}");
        let _ = d.toc();
        let _ = d.structure();
        let w = wiki_page_parts(html.as_bytes()).unwrap();
        assert!(w.body_html.contains("deep text"));
    }
}

#[test]
fn unclosed_and_misnested_tags() {
    let d =
        parse(b"<p>one <b>two <i>three</b> four<p>five<ul><li>six<li>seven<table><tr><td>eight");
    let t = d.plain_text();
    for w in [
        "one", "two", "three", "four", "five", "six", "seven", "eight",
    ] {
        assert!(t.contains(w), "{w} missing from {t:?}");
    }
    let d = parse(b"<h2>Misclosed heading</h3><p>text</p>");
    assert!(d.plain_text().contains("text"));
    let d = parse(b"</div></p><<<>>>&&&#xFFFFFF;&#0;<!-- unterminated");
    let _ = d.markdown();
}

#[test]
fn binary_bytes_decode_lossily() {
    let mut bytes: Vec<u8> = (0u8..=255).cycle().take(100_000).collect();
    bytes.extend_from_slice(b"<p>tail \xff\xfe text</p>");
    let d = parse(&bytes);
    assert!(d.plain_text().contains("tail \u{FFFD}\u{FFFD} text"));
    let p = page(d.markdown(), 3, 1000);
    assert!(p.text.chars().count() <= 1000);
}

#[test]
fn empty_and_blank_inputs() {
    for input in [&b""[..], b"   ", b"<html></html>", b"<title></title>"] {
        let d = parse(input);
        assert_eq!(d.markdown(), "");
        assert_eq!(d.summary(100), "");
        assert!(d.toc().is_empty());
        assert_eq!(d.compact(zim_render::Budget::Small), "");
    }
}

#[test]
fn fifty_megabyte_page() {
    let para =
        "<p>Lorem ipsum dolor sit amet, <a href=\"X\">consectetur</a> adipiscing elit.</p>\n";
    let mut html = String::from("<html><body><h2>Start</h2>");
    while html.len() < 50 * 1024 * 1024 {
        html.push_str(para);
    }
    html.push_str("<h2>End</h2><p>last</p></body></html>");
    let d = parse(html.as_bytes());
    assert!(d.markdown().ends_with("## End\n\nlast"));
    assert_eq!(d.toc().len(), 2);
    let first = page(d.markdown(), 0, 10_000);
    assert!(first.next_offset.is_some());
}

#[test]
fn oversized_input_is_refused() {
    let opts = RenderOptions {
        max_input_bytes: 10,
        ..RenderOptions::default()
    };
    let err = Document::parse(b"<p>more than ten bytes</p>", &opts).unwrap_err();
    assert_eq!(err, RenderError::InputTooLarge { len: 26, max: 10 });
    assert!(err.to_string().contains("exceeds the limit"));
}

#[test]
fn huge_colspan_and_many_columns_are_capped() {
    let d = parse(b"<table><tr><td colspan=\"4294967295\">a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>");
    let md = d.markdown();
    let first_line = md.lines().next().unwrap();
    assert!(first_line.matches('|').count() <= 66, "{first_line}");
}
