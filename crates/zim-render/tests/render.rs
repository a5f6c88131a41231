//! Behaviour tests: Markdown features, noise removal, views, links, paging, budgets.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use zim_render::{
    Budget, Document, LinkKind, LinkStyle, RenderOptions, TableStyle, page, wiki_page_parts,
};

fn doc(html: &str) -> Document {
    Document::parse(html.as_bytes(), &RenderOptions::default()).unwrap()
}

#[test]
fn markdown_features() {
    let d = doc(r#"<html><head><title>T</title></head><body>
        <p>Some <b>bold</b>, <i>italic</i>, <code>x &lt; y</code> and <a href="Other_page">a link</a>.
        <img src="pic.png" alt="A cat"></p>
        <ul><li>one<ul><li>nested <em>deep</em></li></ul></li><li>two</li></ul>
        <ol start="3"><li>three</li><li>four</li></ol>
        <pre><code class="language-python">def f():
    return 1</code></pre>
        <blockquote><p>Quoted text.</p><p>Second.</p></blockquote>
        <table><caption>Scores</caption><tr><th>Name</th><th>Pts</th></tr><tr><td>A|B</td><td>3</td></tr></table>
        <dl><dt>Term</dt><dd>Definition.</dd></dl>
        <hr><p>End</p></body></html>"#);
    let md = d.markdown();
    let expected = [
        "# T",
        "Some **bold**, *italic*, `x < y` and [a link](Other_page). [Image: A cat]",
        "- one\n  - nested *deep*\n- two",
        "3. three\n4. four",
        "```python\ndef f():\n    return 1\n```",
        "> Quoted text.\n>\n> Second.",
        "**Scores**\n\n| Name | Pts |\n| --- | --- |\n| A\\|B | 3 |",
        "- **Term**: Definition.",
        "---",
        "End",
    ]
    .join("\n\n");
    assert_eq!(md, expected);
    assert!(
        d.plain_text()
            .contains("Some bold, italic, x < y and a link.")
    );
    assert!(!d.plain_text().contains("](Other_page)"));
}

#[test]
fn options_text_links_and_table_placeholders() {
    let html = r#"<p>See <a href="X">x</a>.</p><table><caption>Awards</caption>
        <tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>"#;
    let opts = RenderOptions {
        link_style: LinkStyle::TextOnly,
        tables: TableStyle::Placeholder,
        ..RenderOptions::default()
    };
    let d = Document::parse(html.as_bytes(), &opts).unwrap();
    assert_eq!(d.markdown(), "See x.\n\n[Table 1: Awards, 3 rows]");
    // Links are still collected.
    let report = d.links("A/Page", &|p| Some(p.to_string()));
    assert_eq!(report.links.len(), 1);
}

#[test]
fn strips_reader_noise() {
    let d = doc(
        r##"<body><a class="mw-jump-link" href="#nav">Jump to navigation</a>
        <script>var evil = 1;</script><style>.x{}</style><nav>Menu items</nav>
        <header>Site header</header>
        <h2>Intro<span class="mw-editsection">[edit]</span></h2>
        <p>Fact.<sup class="reference"><a href="#cite_note-1">[1]</a></sup> More<sup id="cite_ref-2"><a href="#cite_note-2">[2]</a></sup>.</p>
        <div style="display: none">hidden one</div><div hidden>hidden two</div>
        <span aria-hidden="true">hidden three</span>
        <table class="navbox"><tr><td>navbox a</td><td>navbox b</td></tr></table>
        <h2>Empty section</h2>
        <footer>Site footer</footer></body>"##,
    );
    let md = d.markdown();
    for junk in [
        "Jump",
        "evil",
        ".x{}",
        "Menu",
        "Site header",
        "[edit]",
        "[1]",
        "[2]",
        "hidden",
        "navbox",
        "Empty section",
        "Site footer",
    ] {
        assert!(!md.contains(junk), "{junk:?} left in {md:?}");
    }
    assert_eq!(md, "## Intro\n\nFact. More.");
}

#[test]
fn sections_toc_and_structure() {
    let d = doc(
        r#"<title>Page</title><body><p>Lead paragraph. Second sentence.</p>
        <h2><span class="mw-headline" id="History">History</span></h2><p>Old times.</p>
        <h3 id="Early">Early</h3><p>Very old.</p>
        <section id="sec-later"><h3>Later</h3><p>Less old.</p></section>
        <h2>History</h2><p>Again, same title.</p>
        <h4>Deep jump</h4><p>Nested.</p></body>"#,
    );
    let toc = d.toc();
    assert_eq!(toc.len(), 2);
    assert_eq!(toc[0].id, "History");
    let kids: Vec<&str> = toc[0].children.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(kids, ["Early", "sec-later"]);
    assert_eq!(toc[1].id, "history", "slug of the text when no anchor");
    assert_eq!(toc[1].children[0].id, "deep-jump");
    let s = d.section("History").unwrap();
    assert_eq!(
        s.markdown,
        "Old times.\n\n### Early\n\nVery old.\n\n### Later\n\nLess old."
    );
    assert_eq!(s.prev_id, None);
    assert_eq!(s.next_id.as_deref(), Some("Early"));
    assert_eq!(s.subsections, ["Early", "sec-later"]);
    let own = d.section_scoped("History", false).unwrap();
    assert_eq!(own.markdown, "Old times.");
    assert_eq!(own.subsections, ["Early", "sec-later"]);
    let e = d.section("Early").unwrap();
    assert_eq!(e.parent_id.as_deref(), Some("History"));
    assert_eq!(e.prev_id.as_deref(), Some("History"));
    assert!(d.section("nope").is_none());
    let st = d.structure();
    assert_eq!(st[0].chars, "Old times.".len());
    assert_eq!(st[0].words, 2);
    assert_eq!(st[0].total_chars, "Old times.Very old.Less old.".len());
    assert_eq!(d.summary(1000), "Lead paragraph. Second sentence.");
    assert_eq!(d.summary(20), "Lead paragraph.");
}

#[test]
fn title_anchor_and_heading_titles_name_sections() {
    let d = doc(
        r#"<div id="mw-content-text"><h1 class="section-heading"><span class="mw-headline" id="title_0">Ray Charles</span></h1>
        <p>Lead.</p><h2 id="Career">Early career</h2><p>Work.</p><h3 id="Later">Later  years</h3><p>More.</p>
        <h2 id="Legacy">Legacy</h2><p>End.</p></div>"#,
    );
    let whole = d.section("title_0").unwrap();
    assert_eq!(whole.title, "Ray Charles");
    assert_eq!(whole.level, 1);
    assert_eq!(whole.parent_id, None);
    assert!(whole.markdown.starts_with("Lead."));
    assert!(whole.markdown.ends_with("End."));
    assert_eq!(whole.chars, whole.markdown.chars().count());
    assert_eq!(whole.subsections, ["Career", "Legacy"]);
    assert_eq!(whole.next_id.as_deref(), Some("Career"));
    // Heading titles: exact after folding, then a substring of 3+ characters.
    assert_eq!(d.section("early CAREER").unwrap().id, "Career");
    assert_eq!(d.section("later years").unwrap().id, "Later");
    assert_eq!(d.section("gac").unwrap().id, "Legacy");
    assert!(d.section("ly").is_none(), "too short for a substring match");
    assert!(d.section("  ").is_none());
    // A page whose title has no anchor has no title section.
    let plain = doc("<title>T</title><body><p>x</p><h2>A</h2><p>y</p></body>");
    assert!(plain.section("title_0").is_none());
}

#[test]
fn summary_skips_infobox_hatnote_and_coordinates() {
    let d = doc(r#"<div id="mw-content-text">
        <div role="note" class="hatnote">For the film, see Other.</div>
        <span id="coordinates">12°N 3°E</span>
        <table class="infobox"><tr><th>Born</th><td>1930</td></tr><tr><th>Died</th><td>2004</td></tr></table>
        <p></p><p>  </p>
        <p><b>Subject</b> is a thing.</p><h2>More</h2><p>x</p></div>"#);
    assert_eq!(d.summary(500), "Subject is a thing.");
    assert!(d.markdown().contains("- **Born**: 1930"));
}

#[test]
fn compact_respects_budget_and_keeps_outline() {
    let html = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/wikipedia_2015_ray_charles.html"
    ))
    .unwrap();
    let d = Document::parse(&html, &RenderOptions::default()).unwrap();
    for budget in [
        Budget::Small,
        Budget::Medium,
        Budget::Large,
        Budget::Chars(300),
        Budget::Chars(5),
    ] {
        let c = d.compact(budget);
        assert!(
            c.chars().count() <= budget.chars(),
            "{budget:?}: {}",
            c.chars().count()
        );
    }
    let small = d.compact(Budget::Small);
    assert!(small.starts_with("# Ray Charles\n\nRay Charles Robinson (September 23, 1930"));
    assert!(small.contains("## Life and career"));
    let medium = d.compact(Budget::Medium);
    assert!(medium.len() > small.len());
    assert!(medium.contains("## Legacy"));
    assert_eq!("small".parse::<Budget>().unwrap(), Budget::Small);
    assert_eq!(" 1234 ".parse::<Budget>().unwrap(), Budget::Chars(1234));
    assert!("huge".parse::<Budget>().is_err());
    let parsed: Vec<Budget> = serde_json::from_str(r#"["large", "Medium", 4000, "77"]"#).unwrap();
    assert_eq!(
        parsed,
        [
            Budget::Large,
            Budget::Medium,
            Budget::Chars(4000),
            Budget::Chars(77)
        ]
    );
    assert!(serde_json::from_str::<Budget>(r#""tiny""#).is_err());
    assert!(serde_json::from_str::<Budget>("-5").is_err());
}

#[test]
fn paging_the_markdown_of_a_real_page_round_trips() {
    let html = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/wikibooks_be_cpp.html"
    ))
    .unwrap();
    let d = Document::parse(&html, &RenderOptions::default()).unwrap();
    let text = d.markdown();
    for max in [100, 997, 4000] {
        let mut off = 0;
        let mut joined = String::new();
        loop {
            let p = page(text, off, max);
            assert!(p.text.chars().count() <= max);
            joined.push_str(&p.text);
            match p.next_offset {
                Some(n) => off = n,
                None => break,
            }
        }
        assert_eq!(joined, text);
    }
}

#[test]
fn links_are_classified_resolved_and_deduplicated() {
    let d = doc(r##"<body><p>
        <a href="../A/Target?x=1#frag">T1</a> <a href="Target">T again</a>
        <a href="Self_Page">me</a> <a href="#local">local</a>
        <a href="javascript:alert(1)">js</a> <a href="mailto:a@b.c">mail</a> <a href="tel:1">tel</a>
        <a href=" DATA:text/html,x">data</a> <a href="blob:x">blob</a> <a href="vbscript:x">vb</a>
        <a href="https://example.org/">ext</a> <a href="Old_Name">redirected</a>
        <a href="Missing%20Page">missing</a> <a href="../I/m/Photo.JPG">photo</a>
        <img src="../I/m/Logo.png" alt="logo pic"></p>
        <h2>References</h2><ul><li><a href="Cited">cited</a></li></ul></body>"##);
    let resolve = |p: &str| match p {
        "A/Target" | "I/m/Photo.JPG" | "I/m/Logo.png" | "A/Cited" => Some(p.to_string()),
        "A/Old_Name" => Some("A/New_Name".to_string()),
        _ => None,
    };
    let r = d.links("A/Self_Page", &resolve);
    let got: Vec<(LinkKind, &str, usize, bool)> = r
        .links
        .iter()
        .map(|l| (l.kind, l.target.as_str(), l.count, l.exists))
        .collect();
    assert_eq!(
        got,
        [
            (LinkKind::Internal, "A/Target", 2, true),
            (LinkKind::External, "https://example.org/", 1, true),
            (LinkKind::Internal, "A/New_Name", 1, true),
            (LinkKind::Internal, "A/Missing Page", 1, false),
            (LinkKind::Media, "I/m/Photo.JPG", 1, true),
            (LinkKind::Media, "I/m/Logo.png", 1, true),
            (LinkKind::Internal, "A/Cited", 1, true),
        ]
    );
    assert_eq!(r.counts.internal, 4);
    assert_eq!(r.counts.external, 1);
    assert_eq!(r.counts.media, 2);
    assert_eq!(r.counts.missing, 1);
    let related = d.related("A/Self_Page", &resolve, 10);
    let targets: Vec<&str> = related.iter().map(|r| r.target.as_str()).collect();
    assert_eq!(
        targets,
        ["A/Target", "A/New_Name"],
        "references and missing links excluded"
    );
    assert!(related[0].score > related[1].score);
    assert_eq!(d.related("A/Self_Page", &resolve, 1).len(), 1);
}

#[test]
fn wiki_parts_drop_chrome_and_number_sections() {
    let html = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/wikipedia_2020_ray_charles.html"
    ))
    .unwrap();
    let w = wiki_page_parts(&html).unwrap();
    assert_eq!(w.title.as_deref(), Some("Ray Charles"));
    assert!(w.body_html.contains("<b>Ray Charles Robinson</b>"));
    assert!(!w.body_html.contains("<script"));
    assert!(!w.body_html.contains("This article is issued from"));
    assert!(
        !w.body_html.contains("<h1"),
        "the title heading is not part of the body"
    );
    let w = wiki_page_parts(
        br#"<body><div id="mw-content-text"><p>x</p><h2 id="A">A</h2><h3>B b</h3><h4>C</h4><h3>D</h3><h2>E</h2><script>x</script></div><div>chrome</div></body>"#,
    )
    .unwrap();
    let got: Vec<(u32, &str, &str, &str, &str)> = w
        .sections
        .iter()
        .map(|s| {
            (
                s.toclevel,
                s.level.as_str(),
                s.line.as_str(),
                s.number.as_str(),
                s.anchor.as_str(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (1, "2", "A", "1", "A"),
            (2, "3", "B b", "1.1", "b-b"),
            (3, "4", "C", "1.1.1", "c"),
            (2, "3", "D", "1.2", "d"),
            (1, "2", "E", "2", "e"),
        ]
    );
    assert_eq!(w.sections[4].index, "5");
    assert_eq!(
        w.body_html,
        r#"<p>x</p><h2 id="A">A</h2><h3>B b</h3><h4>C</h4><h3>D</h3><h2>E</h2>"#
    );
}

#[test]
fn document_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Document>();
}

#[test]
fn rustdoc_source_view_drops_line_numbers_and_mdbook_boring_lines() {
    let d = doc(
        r##"<main><pre class="rust"><code><a href=#1 id=1 data-nosnippet>1</a><span class="comment">// first</span>
<a href=#2 id=2 data-nosnippet>2</a><span class="kw">fn </span>main() {}</code></pre>
<pre class="playground"><code class="language-rust edition2024"><span class="boring">#![allow(unused)]
</span><span class="boring">fn main() {
</span>let x = 1;
<span class="boring">}</span></code></pre></main>"##,
    );
    assert_eq!(
        d.markdown(),
        "```rust\n// first\nfn main() {}\n```\n\n```rust\nlet x = 1;\n```"
    );
}

#[test]
fn heap_bytes_counts_what_the_document_holds_and_grows_with_the_page() {
    let opts = RenderOptions::default();
    let page = |paragraphs: usize| {
        let body: String = (0..paragraphs)
            .map(|i| format!("<h2 id=\"s{i}\">Part {i}</h2><p>Text of part {i} with <a href=\"P{i}\">a link</a>.</p>"))
            .collect();
        Document::parse(
            format!("<html><body>{body}</body></html>").as_bytes(),
            &opts,
        )
        .expect("renders")
    };
    let small = page(3);
    let big = page(300);
    for doc in [&small, &big] {
        // At least the two texts it keeps, plus its heading and link tables.
        assert!(doc.heap_bytes() >= doc.markdown().len() + doc.plain_text().len());
    }
    assert_eq!(big.toc().len(), 300);
    assert!(big.heap_bytes() > 50 * small.heap_bytes());
}
