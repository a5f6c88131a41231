//! A page's plain text in one streaming pass (`lol_html`) that stops at a character budget:
//! the text search snippets are cut from and previews show, where building the tree would be
//! wasted work.
//!
//! The same noise rules as the tree walk ([`crate::noise`]): an element [`is_noise`] judges
//! noise is skipped with everything inside it, and so is the head (`<title>` included). The
//! structural rules that need an element's children are applied once the children have been
//! seen, by cutting the text back to where the element started: mwoffliner's licence footer
//! (a `<div>` whose first text nodes read "This article is issued from"), page `<header>`s
//! without an `<h1>`, and the `<span>`s whose first child is a `#cite_ref` back-link; runs
//! between `htdig_noindex` comments are skipped. Text is decoded as html5ever's tokenizer
//! decodes it (the full entity table, `crate::entities`); script, style and other raw text is
//! never decoded, and never shown.
//!
//! Unlike the tree walk this does not look for the article's container (`<main>`,
//! `#mw-content-text`): the whole body counts. A tree builder would close some elements
//! whose end tag is missing earlier than the stream does (a `<p hidden>` followed by another
//! `<p>`), so text after such a noise element may be left out up to its parent's end.
//!
//! Block elements separate paragraphs with a blank line (`<br>`, `<li>`, `<tr>` with a line
//! break), other whitespace collapses to single spaces.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use lol_html::html_content::{Element, TextChunk, TextType};
use lol_html::{HandlerResult, HtmlRewriter, Settings, doc_comments, doc_text, element};

use crate::attrs::{Attrs, SourceElement, StreamedElement, attr};
use crate::entities::{Context, decode};
use crate::noise::is_noise;
use crate::text::decode_lossy;

/// mwoffliner's licence box, dropped with its `div`.
const FOOTER: &str = "This article is issued from";
/// How many text nodes of a div are read to recognise the footer (as the Wikipedia pass).
const FOOTER_TEXT_NODES: u8 = 4;

/// The pass was stopped: the budget is full.
#[derive(Debug)]
struct Full;

impl std::fmt::Display for Full {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the text budget is full")
    }
}

impl std::error::Error for Full {}

/// The plain text of `html`: at most `max_chars` characters, paragraphs separated by a blank
/// line. Reading stops as soon as the budget is full, so the cost is proportional to the
/// input read, not to the page. Bytes that are not UTF-8 read as replacement characters.
pub fn html_text(html: &[u8], max_chars: usize) -> String {
    if max_chars == 0 {
        return String::new();
    }
    // Valid UTF-8 without BOM or NUL (the usual page) is used in place.
    let source = match std::str::from_utf8(html) {
        Ok(s) if !s.starts_with('\u{FEFF}') && !s.contains('\0') => Cow::Borrowed(s),
        _ => Cow::Owned(decode_lossy(html)),
    };
    let state = Rc::new(RefCell::new(State::new(max_chars)));
    let mut rewriter = HtmlRewriter::new(settings(&state, &source), |_: &[u8]| {});
    // A handler's error (the budget is full) stops the pass where it is; a rewriter error
    // leaves the text read so far.
    if rewriter.write(source.as_bytes()).is_ok() {
        let _ = rewriter.end();
    } else {
        drop(rewriter);
    }
    let mut st = state.borrow_mut();
    st.finish();
    let mut out = std::mem::take(&mut st.out);
    if let Some((cut, _)) = out.char_indices().nth(max_chars) {
        out.truncate(cut);
    }
    let end = out.trim_end().len();
    out.truncate(end);
    out
}

/// A place in the output to cut back to.
#[derive(Debug, Clone, Copy)]
struct Mark {
    bytes: usize,
    chars: usize,
    space: bool,
}

/// A div whose first text nodes have not yet said whether it is the footer.
struct PendingDiv {
    serial: u64,
    mark: Mark,
    text: String,
    nodes: u8,
}

/// An open `<header>`: dropped at its end unless an `<h1>` was inside.
struct OpenHeader {
    serial: u64,
    mark: Mark,
    has_h1: bool,
}

struct State {
    out: String,
    /// Characters in `out`.
    chars: usize,
    max_chars: usize,
    /// Text is not written past this (room for what a pending header may cut back).
    hard_cap: usize,
    /// Whitespace since the last word: a space goes before the next one.
    space: bool,
    /// The text node being read, as written in the source.
    raw: String,
    /// The outermost noise element being skipped.
    skip: Option<u64>,
    noindex: bool,
    next_serial: u64,
    divs: Vec<PendingDiv>,
    headers: Vec<OpenHeader>,
    /// A `<span>` whose first child element has not been seen yet.
    span: Option<(u64, Mark)>,
}

impl State {
    fn new(max_chars: usize) -> State {
        State {
            out: String::new(),
            chars: 0,
            max_chars,
            hard_cap: max_chars.saturating_mul(2).saturating_add(4096),
            space: false,
            raw: String::new(),
            skip: None,
            noindex: false,
            next_serial: 0,
            divs: Vec::new(),
            headers: Vec::new(),
            span: None,
        }
    }

    fn serial(&mut self) -> u64 {
        let s = self.next_serial;
        self.next_serial = s.saturating_add(1);
        s
    }

    fn writing(&self) -> bool {
        self.skip.is_none() && !self.noindex
    }

    fn mark(&self) -> Mark {
        Mark {
            bytes: self.out.len(),
            chars: self.chars,
            space: self.space,
        }
    }

    fn cut_to(&mut self, mark: Mark) {
        if mark.bytes < self.out.len() {
            self.out.truncate(mark.bytes);
            self.chars = mark.chars;
            self.space = mark.space;
        }
    }

    /// Stops the pass once the budget is full (not while a header may still be cut back,
    /// unless the hard cap is reached).
    fn check_budget(&self) -> HandlerResult {
        if (self.chars >= self.max_chars && self.headers.is_empty()) || self.chars >= self.hard_cap
        {
            return Err(Box::new(Full));
        }
        Ok(())
    }

    fn push_words(&mut self, text: &str) {
        let mut first = true;
        for word in text.split(char::is_whitespace) {
            if !first {
                self.space = true;
            }
            first = false;
            if word.is_empty() || self.chars >= self.hard_cap {
                continue;
            }
            if self.space && !self.out.is_empty() && !self.out.ends_with('\n') {
                self.out.push(' ');
                self.chars = self.chars.saturating_add(1);
            }
            self.space = false;
            self.out.push_str(word);
            self.chars = self.chars.saturating_add(word.chars().count());
        }
    }

    /// A paragraph break (`single`: a line break).
    fn push_break(&mut self, single: bool) {
        if !self.writing() {
            return;
        }
        self.space = false;
        if self.out.is_empty() || self.out.ends_with("\n\n") || (single && self.out.ends_with('\n'))
        {
            return;
        }
        let brk = if single || self.out.ends_with('\n') {
            "\n"
        } else {
            "\n\n"
        };
        self.out.push_str(brk);
        self.chars = self.chars.saturating_add(brk.len());
    }

    fn text(&mut self, chunk: &TextChunk<'_>) -> HandlerResult {
        let wanted = self.writing() || !self.divs.is_empty();
        if !chunk.last_in_text_node() {
            if wanted && self.raw.len() < self.hard_cap.saturating_mul(4) {
                self.raw.push_str(chunk.as_str());
            }
            return Ok(());
        }
        if !wanted {
            self.raw.clear();
            return Ok(());
        }
        let decoded = matches!(chunk.text_type(), TextType::Data | TextType::RCData);
        if self.raw.is_empty() {
            // The usual text node: one chunk, read in place.
            self.node(chunk.as_str(), decoded);
        } else {
            let mut raw = std::mem::take(&mut self.raw);
            raw.push_str(chunk.as_str());
            self.node(&raw, decoded);
            raw.clear();
            self.raw = raw;
        }
        self.check_budget()
    }

    /// A whole text node, as written in the source.
    fn node(&mut self, raw: &str, decoded: bool) {
        if raw.is_empty() {
            return;
        }
        let text = if decoded {
            decode(raw, Context::Text)
        } else {
            Cow::Borrowed(raw)
        };
        let footer_from = if self.divs.is_empty() {
            None
        } else {
            self.feed_divs(&text)
        };
        if self.writing() {
            // Script and style data are noise (skipped); other raw text (`<xmp>`,
            // `<plaintext>`) reads as it is written.
            self.push_words(&text);
        }
        if let Some((serial, mark)) = footer_from {
            self.cut_to(mark);
            self.skip = Some(serial);
        }
    }

    /// Gives a text node to the undecided divs; the outermost div it shows to be the
    /// footer, if any.
    fn feed_divs(&mut self, text: &str) -> Option<(u64, Mark)> {
        let mut footer: Option<(u64, Mark)> = None;
        self.divs.retain_mut(|d| {
            d.nodes = d.nodes.saturating_add(1);
            let piece = if d.text.is_empty() {
                text.trim_start()
            } else {
                text
            };
            // Only the first FOOTER.len() bytes matter: keep the buffer bounded.
            let room = FOOTER.len().saturating_add(1).saturating_sub(d.text.len());
            d.text.push_str(crate::text::prefix_within(piece, room));
            if d.text.starts_with(FOOTER) {
                if footer.is_none_or(|(_, m)| d.mark.bytes < m.bytes) {
                    footer = Some((d.serial, d.mark));
                }
                false
            } else {
                FOOTER.starts_with(d.text.as_str()) && d.nodes < FOOTER_TEXT_NODES
            }
        });
        footer
    }

    /// At the end of the input: headers still open without an `<h1>` go, as the tree
    /// builder would have closed them there.
    fn finish(&mut self) {
        let cut = self
            .headers
            .iter()
            .filter(|h| !h.has_h1)
            .map(|h| h.mark)
            .min_by_key(|m| m.bytes);
        if let Some(mark) = cut {
            self.cut_to(mark);
        }
    }
}

/// How an element separates the text around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    Inline,
    /// A space (table cells).
    Space,
    /// A line break.
    Line,
    /// A blank line.
    Paragraph,
}

/// What an element is to this pass, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    /// `<html>`, `<body>`.
    Root,
    Title,
    A,
    H1,
    Div,
    Header,
    Span,
    Other(Layout),
}

impl Tag {
    fn of(name: &str) -> Tag {
        match name {
            "html" | "body" => Tag::Root,
            "title" => Tag::Title,
            "a" => Tag::A,
            "h1" => Tag::H1,
            "div" => Tag::Div,
            "header" => Tag::Header,
            "span" => Tag::Span,
            "br" | "li" | "tr" => Tag::Other(Layout::Line),
            "td" | "th" => Tag::Other(Layout::Space),
            "p" | "ul" | "ol" | "dl" | "dt" | "dd" | "h2" | "h3" | "h4" | "h5" | "h6" | "table"
            | "caption" | "section" | "article" | "main" | "aside" | "blockquote" | "pre"
            | "figure" | "figcaption" | "hr" | "address" | "details" | "summary" | "fieldset" => {
                Tag::Other(Layout::Paragraph)
            }
            _ => Tag::Other(Layout::Inline),
        }
    }

    fn layout(self) -> Layout {
        match self {
            Tag::H1 | Tag::Div | Tag::Header => Layout::Paragraph,
            Tag::Root | Tag::Title | Tag::A | Tag::Span => Layout::Inline,
            Tag::Other(layout) => layout,
        }
    }
}

type Shared = Rc<RefCell<State>>;

/// What [`on_element`] asks of an element, read in place or copied.
trait Judge {
    fn tag_name(&self) -> &str;
    fn href(&self) -> Option<&str>;
    fn noise(&self) -> bool;
}

impl<E: Attrs> Judge for E {
    fn tag_name(&self) -> &str {
        self.tag()
    }
    fn href(&self) -> Option<&str> {
        attr(self, "href")
    }
    fn noise(&self) -> bool {
        is_noise(self)
    }
}

fn on_element(state: &Shared, el: &mut Element<'_, '_>, source: &str) -> HandlerResult {
    let mut st = state.borrow_mut();
    if st.skip.is_some() {
        // Only an `<h1>` matters here: it keeps the headers around it.
        if !st.headers.is_empty() && el.tag_name() == "h1" {
            st.headers.iter_mut().for_each(|h| h.has_h1 = true);
        }
        return Ok(());
    }
    // Read in place when the source allows it (nearly always), else copied and decoded.
    let (tag, noise, cite_link) = {
        let in_place = SourceElement::new(el, source);
        let copied = match in_place {
            Some(_) => None,
            None => Some(StreamedElement::new(el)),
        };
        let element: &dyn Judge = match (&in_place, &copied) {
            (Some(e), _) => e,
            (None, Some(e)) => e,
            (None, None) => return Ok(()),
        };
        let tag = Tag::of(element.tag_name());
        // The document's `<html>` and `<body>` are never judged (the tree walk starts below
        // them): their classes name the kind of page (rustdoc's source pages: `<body
        // class="src">`). The head's one text element is noise: the tree builder moves it
        // into the (noise) head.
        let noise = match tag {
            Tag::Title => true,
            Tag::Root => false,
            _ => element.noise(),
        };
        let cite_link = tag == Tag::A && element.href().is_some_and(|h| h.starts_with("#cite_ref"));
        (tag, noise, cite_link)
    };
    // The first child element of a `<span>`: a back-link to the citation makes the span noise.
    if let Some((serial, mark)) = st.span.take()
        && cite_link
    {
        st.cut_to(mark);
        st.skip = Some(serial);
        return Ok(());
    }
    if tag == Tag::H1 {
        st.headers.iter_mut().for_each(|h| h.has_h1 = true);
    }
    let content = el.can_have_content();
    if noise {
        if content {
            let serial = st.serial();
            st.skip = Some(serial);
            let s = state.clone();
            drop(st);
            return el.on_end_tag(Box::new(move |_| {
                let mut st = s.borrow_mut();
                if st.skip == Some(serial) {
                    st.skip = None;
                }
                Ok(())
            }));
        }
        return Ok(());
    }
    let layout = tag.layout();
    match layout {
        Layout::Line => st.push_break(true),
        Layout::Paragraph => st.push_break(false),
        Layout::Space => st.space = true,
        Layout::Inline => {}
    }
    if !content {
        return Ok(());
    }
    let is_div = tag == Tag::Div;
    let is_header = tag == Tag::Header;
    let is_span = tag == Tag::Span;
    if layout != Layout::Paragraph && layout != Layout::Line && !is_span {
        return Ok(());
    }
    let serial = st.serial();
    let mark = st.mark();
    if is_div && !st.noindex {
        st.divs.push(PendingDiv {
            serial,
            mark,
            text: String::new(),
            nodes: 0,
        });
    }
    if is_header {
        st.headers.push(OpenHeader {
            serial,
            mark,
            has_h1: false,
        });
    }
    if is_span {
        st.span = Some((serial, mark));
    }
    let s = state.clone();
    drop(st);
    el.on_end_tag(Box::new(move |_| {
        let mut st = s.borrow_mut();
        if st.skip == Some(serial) {
            st.skip = None;
        }
        if is_span {
            if st.span.is_some_and(|(open, _)| open == serial) {
                st.span = None;
            }
            return Ok(());
        }
        if is_div && let Some(at) = st.divs.iter().rposition(|d| d.serial == serial) {
            st.divs.remove(at);
        }
        if is_header && let Some(at) = st.headers.iter().rposition(|h| h.serial == serial) {
            let header = st.headers.remove(at);
            // Headers opened inside it and left open close with it.
            st.headers.truncate(at);
            if !header.has_h1 {
                st.cut_to(header.mark);
            }
        }
        st.push_break(layout == Layout::Line);
        st.check_budget()
    }))
}

fn settings<'h>(state: &Shared, source: &'h str) -> Settings<'h, 'static> {
    let s = state.clone();
    let elements = element!("*", move |el| on_element(&s, el, source));
    let s = state.clone();
    let text = doc_text!(move |t| s.borrow_mut().text(t));
    let s = state.clone();
    let comments = doc_comments!(move |c| {
        let mut st = s.borrow_mut();
        match c.text().trim() {
            "htdig_noindex" => st.noindex = true,
            "/htdig_noindex" => st.noindex = false,
            _ => {}
        }
        Ok(())
    });
    Settings::new()
        // Markup a stream cannot place without the tree (`<select><xmp>`) is read on a best
        // guess rather than stopping the pass.
        .with_strict(false)
        .append_element_content_handler(elements)
        .append_document_content_handler(text)
        .append_document_content_handler(comments)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(html: &str) -> String {
        html_text(html.as_bytes(), 10_000)
    }

    #[test]
    fn paragraphs_lines_entities_and_noise() {
        let html = "<html><head><title>T</title><style>p{}</style><script>x<y</script></head>\
                    <body><h1>Title</h1><p>One &amp; two&nbsp;three &#x41;&#66; &bogus; &notin; 5 &lt; 6</p>\
                    <ul><li>a</li><li>b</li></ul><nav>menu</nav><p>x<span class=mw-editsection>[edit]</span>y</p></body></html>";
        assert_eq!(
            text(html),
            "Title\n\nOne & two three AB &bogus; ∉ 5 < 6\n\na\nb\n\nxy"
        );
        assert_eq!(text("plain"), "plain");
        assert_eq!(text("<p>unclosed <b"), "unclosed");
        assert_eq!(text(""), "");
    }

    #[test]
    fn a_quoted_angle_bracket_does_not_end_the_tag() {
        assert_eq!(
            text(r#"<p title="a > b" data-x='>'>text</p><a href="x>y">link</a>"#),
            "text\n\nlink"
        );
    }

    #[test]
    fn structural_noise_is_cut_back() {
        let html = "<header><a>Site</a> menu</header><p>kept</p>\
                    <header><h1>Own title</h1></header>\
                    <div>This article is issued from <a>Wikipedia</a>. More</div>\
                    <p>a<span><a href=\"#cite_ref-1\">↑</a> 2.0 2.1</span>b</p>\
                    <!--htdig_noindex--><p>hidden</p><!--/htdig_noindex--><p>end</p>";
        assert_eq!(text(html), "kept\n\nOwn title\n\nab\n\nend");
        // The body's classes name the page (rustdoc source pages), as the tree walk has it.
        assert_eq!(
            text("<body class=\"rustdoc src\"><p>fn main</p></body>"),
            "fn main"
        );
        assert_eq!(
            text("<BODY><DIV CLASS=sidebar>menu</DIV>x&amp;y</BODY>"),
            "x&y"
        );
    }

    #[test]
    fn the_budget_stops_the_pass() {
        let mut html = String::from("<p>The first paragraph.</p>");
        html.push_str(&"<p>more words here".repeat(100_000));
        assert_eq!(html_text(html.as_bytes(), 9), "The first");
        assert_eq!(html_text(html.as_bytes(), 0), "");
        let long = html_text(html.as_bytes(), 1_000);
        assert_eq!(long.chars().count(), 1_000);
    }

    #[test]
    fn raw_text_is_not_decoded_and_invalid_bytes_are_replaced() {
        assert_eq!(text("<xmp>&amp;<b></xmp>"), "&amp;<b>");
        assert_eq!(html_text(b"<p>a\xFFb\0c</p>", 100), "a\u{FFFD}b\u{FFFD}c");
    }

    #[test]
    fn tag_names_in_any_case_and_unclosed_raw_text() {
        let html = "<P>one</P><SCRIPT type=x>a</b></ScRiPt>two<LI>three<Style>x</STYLE>\
                    <br/>four<script>never closed";
        assert_eq!(text(html), "one\n\ntwo\nthree\nfour");
        // `</scriptx>` does not end a script (the tokenizer's rule): nothing follows.
        assert_eq!(text("<script>a</scriptx>b"), "");
        assert_eq!(text("<p>é</p><script>ü</script>ß"), "é\n\nß");
    }

    mod properties {
        use super::super::html_text;
        use crate::dom::Dom;
        use proptest::prelude::*;

        /// Markup fragments: tags of every kind the passes treat specially, attributes with
        /// quoted `>`, character references whole and broken, raw text, comments.
        const TOKENS: &[&str] = &[
            "<p>",
            "</p>",
            "<div>",
            "</div>",
            "<span>",
            "</span>",
            "<header>",
            "</header>",
            "<h1>",
            "</h1>",
            "<li>",
            "<br>",
            "<table><tr><td>",
            "</td><td>",
            "</table>",
            "<nav>",
            "</nav>",
            "<b>",
            "</b>",
            "<a href=\"#cite_ref-1\">",
            "</a>",
            "<sup class=reference>",
            "</sup>",
            "<p title=\"a>b\">",
            "<i data-x='>'>",
            "</i>",
            "<p hidden>",
            "<div style=\"display:none\">",
            "<script>",
            "</script>",
            "<style>",
            "</style>",
            "<xmp>",
            "</xmp>",
            "<textarea>",
            "</textarea>",
            "<title>",
            "</title>",
            "<svg><text>",
            "</svg>",
            "<template>",
            "</template>",
            "<select><option>",
            "</select>",
            "<!--htdig_noindex-->",
            "<!--/htdig_noindex-->",
            "<!-- c -->",
            "<plaintext>",
            "This article is issued from",
            "word ",
            "é",
            "\u{a0}",
            "\n",
            "&amp;",
            "&amp",
            "&notin;",
            "&notit;",
            "&#x41;",
            "&#128;",
            "&#0;",
            "&#xD800;",
            "&bogus;",
            "&",
            "<",
            ">",
            "</",
            "\"",
            "'",
            "=",
            "\0",
        ];

        fn soup(tokens: &'static [&'static str]) -> impl Strategy<Value = String> {
            proptest::collection::vec(proptest::sample::select(tokens), 0..60)
                .prop_map(|parts| parts.concat())
        }

        /// Text with character references, whole, broken and ambiguous.
        fn referenced_text() -> impl Strategy<Value = String> {
            const PIECES: &[&str] = &[
                "&",
                "&amp",
                "&amp;",
                "&not",
                "&notin;",
                "&notit;",
                "&#",
                "&#x",
                "&#X41;",
                "&#1234",
                "&#0;",
                "&#x110000;",
                "&#99999999999;",
                "&#128;",
                "&#x9f;",
                "&eacute",
                "&lt",
                "&gt;",
                "&nbsp;",
                "&AElig",
                "&;",
                ";",
                "x",
                "a",
                "1",
                "9",
                "=",
                " ",
                "é",
                "&copy=",
                "&copyx",
                "&ampz",
            ];
            proptest::collection::vec(proptest::sample::select(PIECES), 0..20)
                .prop_map(|parts| parts.concat())
        }

        /// The text html5ever's tree holds for the first `<p>`, whitespace collapsed.
        fn tree_text(html: &str) -> String {
            let dom = Dom::parse(html);
            let p = dom
                .root()
                .descendants()
                .find(|n| n.value().as_element().is_some_and(|e| e.name() == "p"));
            let text: String = p
                .map(|p| {
                    p.descendants()
                        .filter_map(|n| n.value().as_text())
                        .collect()
                })
                .unwrap_or_default();
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(512))]

            #[test]
            fn random_html_never_panics_and_respects_the_budget(
                html in soup(TOKENS),
                bytes in proptest::collection::vec(any::<u8>(), 0..64),
                max in 0usize..400,
            ) {
                for input in [html.as_bytes(), &bytes] {
                    let out = html_text(input, max);
                    prop_assert!(out.chars().count() <= max);
                    prop_assert_eq!(out.trim(), out.as_str());
                    prop_assert!(!out.contains("\n\n\n"));
                    prop_assert!(!out.contains('\0'));
                }
            }

            /// Without elements whose text is cut back later (divs, headers, spans),
            /// stopping at the budget changes nothing but the length.
            #[test]
            fn the_budget_cuts_the_full_text(
                html in soup(&TOKENS[6..]).prop_filter("no cut-back elements", |h| {
                    !h.contains("<div") && !h.contains("<header") && !h.contains("<span")
                }),
                max in 0usize..200,
            ) {
                let full = html_text(html.as_bytes(), usize::MAX / 4);
                let cut: String = full.chars().take(max).collect();
                prop_assert_eq!(html_text(html.as_bytes(), max), cut.trim_end());
            }

            #[test]
            fn references_decode_as_html5ever_decodes_them(text in referenced_text()) {
                let html = format!("<p>{text}</p>");
                prop_assert_eq!(html_text(html.as_bytes(), 10_000), tree_text(&html));
            }

            #[test]
            fn a_quoted_angle_bracket_stays_in_its_attribute(
                value in "[a-z<>/= !-]{0,12}",
                other in "[a-z<>/= \"-]{0,12}",
                words in "[a-z]{1,8}( [a-z]{1,8}){0,3}",
            ) {
                let html = format!(
                    "<p title=\"{value}\" data-x='{other}' class=\"c\">{words}</p>"
                );
                let out = html_text(html.as_bytes(), 10_000);
                prop_assert_eq!(&out, &words);
                prop_assert_eq!(out, tree_text(&html));
            }
        }
    }
}
