//! [`crate::wiki_page_parts`] in one streaming pass with `lol_html`: no tree is built, so
//! the cost is a tokenizer pass plus the handlers below, and nesting depth costs nothing.
//!
//! Streaming cannot look ahead, so the parts whose extent is known only later are cut
//! afterwards: the rewriter writes NUL-delimited markers into its output (the decoded
//! input never contains NUL, `decode_lossy` replaces it) around the body candidates
//! (`#mw-content-text`, `<body>`, `<head>`), the `htdig_noindex` runs, every `<div>` of
//! the body and before every heading. A first scan of the output decides which divs are
//! mwoffliner's footer ("This article is issued from", read from their first text
//! nodes: only while a div is undecided is the markup looked at, so this costs little);
//! a second keeps the chosen body, drops the marked ranges and notes which heading
//! markers survived: those headings are the sections. A text handler on the whole
//! document would have made the same decisions while streaming, at a third more time.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;
use std::sync::LazyLock;

use lol_html::html_content::{ContentType, Element, EndTag, TextChunk};
use lol_html::{
    ElementContentHandlers, HandlerResult, HtmlRewriter, Selector, Settings, doc_comments, doctype,
};

use crate::attrs::StreamedElement;
use crate::convert::{is_opaque_id, one_line};
use crate::entities::{Context, decode};
use crate::noise::is_noise;
use crate::text::{dedupe_id, slugify};
use crate::wiki::{WikiPage, WikiSection, heading_level};

/// mwoffliner's licence box, dropped with its `div`.
const FOOTER: &str = "This article is issued from";
/// The old tree walk read this many text nodes of a div to recognise the footer.
const FOOTER_TEXT_NODES: u8 = 4;

/// Why the rewriter failed; the caller then falls back to the tree-based implementation.
#[derive(Debug, thiserror::Error)]
#[error("the streaming rewriter refused the page: {0}")]
pub(crate) struct StreamError(String);

/// A heading being read.
struct Capture {
    serial: u64,
    level: u32,
    id: Option<String>,
    /// `Some(id)` once the first `mw-headline` element was seen (its id, if any).
    headline: Option<Option<String>>,
    raw: String,
    text: String,
    /// Open noise elements (edit links...) whose text is not part of the line.
    noise_depth: u32,
}

/// A heading with text; a section if its marker survives the cut.
struct RawSection {
    serial: u64,
    level: u32,
    line: String,
    anchor: String,
}

/// A div whose first text nodes have not yet said whether it is the footer.
struct PendingDiv {
    id: usize,
    text: String,
    nodes: u8,
}

#[derive(Default)]
struct State {
    /// Inside the current body candidate.
    in_root: bool,
    content_seen: bool,
    body_seen: bool,
    seen_h1: bool,
    noindex: bool,
    title_count: u32,
    /// Raw text of the first `<title>`.
    title_raw: String,
    capture: Option<Capture>,
    next_serial: u64,
    sections: Vec<RawSection>,
    /// Divs marked so far (their marker ids are 0..divs).
    divs: usize,
}

impl State {
    /// A new body candidate starts: what was collected for the previous one is void.
    fn reset_scope(&mut self) {
        self.in_root = true;
        self.seen_h1 = false;
        self.noindex = false;
        self.capture = None;
        self.sections.clear();
    }

    fn headings_enabled(&self) -> bool {
        self.in_root && !self.noindex
    }

    fn finish_capture(&mut self) {
        let Some(cap) = self.capture.take() else {
            return;
        };
        let mut text = cap.text;
        if !cap.raw.is_empty() {
            text.push_str(&decode(&cap.raw, Context::Text));
        }
        let line = one_line(&text);
        if line.is_empty() {
            return;
        }
        let anchor = cap
            .headline
            .flatten()
            .or(cap.id)
            .filter(|id| !id.trim().is_empty() && !is_opaque_id(id))
            .unwrap_or_else(|| slugify(&line));
        self.sections.push(RawSection {
            serial: cap.serial,
            level: cap.level,
            line,
            anchor,
        });
    }
}

fn attr_decoded(el: &Element<'_, '_>, name: &str) -> Option<String> {
    el.get_attribute(name)
        .map(|v| decode(&v, Context::Attribute).into_owned())
}

fn has_class(el: &Element<'_, '_>, class: &str) -> bool {
    attr_decoded(el, "class").is_some_and(|c| c.split_ascii_whitespace().any(|x| x == class))
}

fn noise(el: &Element<'_, '_>) -> bool {
    is_noise(&StreamedElement::new(el))
}

fn marker(kind: char, id: Option<usize>) -> String {
    match id {
        Some(id) => format!("\0{kind}{id}\0"),
        None => format!("\0{kind}\0"),
    }
}

/// The handlers' selectors, parsed once per process.
struct Selectors {
    content: Selector,
    body: Selector,
    head: Selector,
    title: Selector,
    chrome: Selector,
    h1: Selector,
    div: Selector,
    heading: Selector,
    in_heading: Selector,
}

static SELECTORS: LazyLock<Result<Selectors, String>> = LazyLock::new(|| {
    let parse = |s: &str| s.parse::<Selector>().map_err(|e| format!("{s}: {e}"));
    Ok(Selectors {
        content: parse("#mw-content-text")?,
        body: parse("body")?,
        head: parse("head")?,
        title: parse("title")?,
        chrome: parse("script, style, link, noscript, template")?,
        h1: parse("h1")?,
        div: parse("div")?,
        heading: parse("h2, h3, h4, h5, h6")?,
        in_heading: parse("h2 *, h3 *, h4 *, h5 *, h6 *")?,
    })
});

fn on_element<'h>(
    selector: &'static Selector,
    handler: impl FnMut(&mut Element<'_, '_>) -> HandlerResult + 'h,
) -> (Cow<'static, Selector>, ElementContentHandlers<'h>) {
    (
        Cow::Borrowed(selector),
        ElementContentHandlers::default().element(handler),
    )
}

fn on_text<'h>(
    selector: &'static Selector,
    handler: impl FnMut(&mut TextChunk<'_>) -> HandlerResult + 'h,
) -> (Cow<'static, Selector>, ElementContentHandlers<'h>) {
    (
        Cow::Borrowed(selector),
        ElementContentHandlers::default().text(handler),
    )
}

type Shared = Rc<RefCell<State>>;

/// End-tag hook (needs `'static`, hence the shared state).
fn on_end(el: &mut Element<'_, '_>, f: impl FnOnce(&mut EndTag<'_>) -> HandlerResult + 'static) {
    if let Some(handlers) = el.end_tag_handlers() {
        handlers.push(Box::new(f));
    }
}

/// Splits `source` (already size-checked and decoded) into the parse-API parts.
pub(crate) fn wiki_page_parts_stream(source: &str) -> Result<WikiPage, StreamError> {
    let state: Shared = Rc::new(RefCell::new(State {
        in_root: true,
        ..State::default()
    }));
    let mut output: Vec<u8> = Vec::with_capacity(source.len());
    let selectors = SELECTORS.as_ref().map_err(|e| StreamError(e.clone()))?;
    let settings = settings(&state, selectors);
    let mut rewriter = HtmlRewriter::new(settings, |c: &[u8]| output.extend_from_slice(c));
    rewriter
        .write(source.as_bytes())
        .map_err(|e| StreamError(e.to_string()))?;
    rewriter.end().map_err(|e| StreamError(e.to_string()))?;
    let mut st = state.borrow_mut();
    st.finish_capture();
    // The rewriter passes the (valid) input through, so this is valid UTF-8.
    let out = String::from_utf8(output)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    let footers = footer_divs(&out, st.divs);
    let headings = usize::try_from(st.next_serial).unwrap_or(usize::MAX);
    let (body_html, kept) = cut_body(&out, &footers, headings);
    let title = Some(one_line(&decode(&st.title_raw, Context::Text))).filter(|t| !t.is_empty());
    let sections = number_sections(std::mem::take(&mut st.sections), &kept);
    Ok(WikiPage {
        title,
        body_html,
        sections,
    })
}

fn settings(state: &Shared, sel: &'static Selectors) -> Settings<'static, 'static> {
    let s = state.clone();
    let content = on_element(&sel.content, move |el| {
        let mut st = s.borrow_mut();
        if st.content_seen {
            return Ok(());
        }
        st.content_seen = true;
        st.reset_scope();
        el.prepend(&marker('A', None), ContentType::Html);
        let s2 = s.clone();
        on_end(el, move |end| {
            end.before(&marker('a', None), ContentType::Html);
            let mut st = s2.borrow_mut();
            st.finish_capture();
            st.in_root = false;
            Ok(())
        });
        Ok(())
    });
    let s = state.clone();
    let body = on_element(&sel.body, move |el| {
        let mut st = s.borrow_mut();
        if st.content_seen || st.body_seen {
            return Ok(());
        }
        st.body_seen = true;
        st.reset_scope();
        el.prepend(&marker('B', None), ContentType::Html);
        // The tree builder puts what follows `</body>` (trailing whitespace, stray
        // text) into the body too: the range runs to the end and the tag goes.
        on_end(el, |end| {
            end.remove();
            Ok(())
        });
        Ok(())
    });
    let s = state.clone();
    let head = on_element(&sel.head, move |el| {
        let st = s.borrow();
        if !st.content_seen && !st.body_seen {
            el.before(&marker('H', None), ContentType::Html);
            on_end(el, |end| {
                end.after(&marker('h', None), ContentType::Html);
                Ok(())
            });
        }
        Ok(())
    });
    let s = state.clone();
    let title = on_element(&sel.title, move |el| {
        let mut st = s.borrow_mut();
        st.title_count = st.title_count.saturating_add(1);
        // Without `<body>` the whole document is the body; the title belongs to the head.
        if !st.content_seen && !st.body_seen {
            el.remove();
        }
        Ok(())
    });
    let s = state.clone();
    let title_text = on_text(&sel.title, move |t| {
        let mut st = s.borrow_mut();
        if st.title_count == 1 {
            st.title_raw.push_str(t.as_str());
        }
        Ok(())
    });
    let s = state.clone();
    let chrome = on_element(&sel.chrome, move |el| {
        if !s.borrow().in_root {
            return Ok(());
        }
        // Headings inside (`<template>`) vanish with their markers.
        el.remove();
        Ok(())
    });
    let s = state.clone();
    let h1 = on_element(&sel.h1, move |el| {
        let mut st = s.borrow_mut();
        if st.in_root && !st.seen_h1 {
            st.seen_h1 = true;
            el.remove();
        }
        Ok(())
    });
    let s = state.clone();
    let div = on_element(&sel.div, move |el| {
        let mut st = s.borrow_mut();
        if !st.in_root {
            return Ok(());
        }
        let id = st.divs;
        st.divs = id.saturating_add(1);
        el.before(&marker('D', Some(id)), ContentType::Html);
        on_end(el, move |end| {
            end.after(&marker('E', Some(id)), ContentType::Html);
            Ok(())
        });
        Ok(())
    });
    let s = state.clone();
    let heading = on_element(&sel.heading, move |el| {
        let mut st = s.borrow_mut();
        // A heading start closes an open heading, as the tree builder does.
        st.finish_capture();
        if !st.headings_enabled() {
            return Ok(());
        }
        let Some(level) = heading_level(&el.tag_name()) else {
            return Ok(());
        };
        let id = attr_decoded(el, "id");
        let headline = has_class(el, "mw-headline").then(|| id.clone());
        let serial = st.next_serial;
        st.next_serial = serial.saturating_add(1);
        el.before(
            &marker('S', usize::try_from(serial).ok()),
            ContentType::Html,
        );
        st.capture = Some(Capture {
            serial,
            level,
            id,
            headline,
            raw: String::new(),
            text: String::new(),
            noise_depth: 0,
        });
        let s2 = s.clone();
        on_end(el, move |_| {
            let mut st = s2.borrow_mut();
            if st.capture.as_ref().is_some_and(|c| c.serial == serial) {
                st.finish_capture();
            }
            Ok(())
        });
        Ok(())
    });
    let s = state.clone();
    let in_heading = on_element(&sel.in_heading, move |el| {
        let mut st = s.borrow_mut();
        let Some(cap) = st.capture.as_mut() else {
            return Ok(());
        };
        if cap.headline.is_none() && has_class(el, "mw-headline") {
            cap.headline = Some(attr_decoded(el, "id"));
        }
        if cap.noise_depth == 0 && noise(el) && el.can_have_content() {
            cap.noise_depth = 1;
            let serial = cap.serial;
            let s2 = s.clone();
            on_end(el, move |_| {
                let mut st = s2.borrow_mut();
                if let Some(cap) = st.capture.as_mut()
                    && cap.serial == serial
                {
                    cap.noise_depth = 0;
                }
                Ok(())
            });
        }
        Ok(())
    });
    let s = state.clone();
    let heading_text = on_text(&sel.heading, move |t| {
        let mut st = s.borrow_mut();
        if let Some(cap) = st.capture.as_mut()
            && cap.noise_depth == 0
        {
            cap.raw.push_str(t.as_str());
            if t.last_in_text_node() {
                let decoded = decode(&cap.raw, Context::Text).into_owned();
                cap.text.push_str(&decoded);
                cap.raw.clear();
            }
        }
        Ok(())
    });
    let s = state.clone();
    let comments = doc_comments!(move |c| {
        let mut st = s.borrow_mut();
        if !st.in_root {
            return Ok(());
        }
        match c.text().trim() {
            "htdig_noindex" => {
                st.noindex = true;
                st.finish_capture();
                c.replace(&marker('N', None), ContentType::Html);
            }
            "/htdig_noindex" => {
                st.noindex = false;
                c.replace(&marker('n', None), ContentType::Html);
            }
            _ => {}
        }
        Ok(())
    });
    let s = state.clone();
    let doctype = doctype!(move |d| {
        if !s.borrow().content_seen {
            d.remove();
        }
        Ok(())
    });
    Settings::new()
        .append_element_content_handler(content)
        .append_element_content_handler(body)
        .append_element_content_handler(head)
        .append_element_content_handler(title)
        .append_element_content_handler(title_text)
        .append_element_content_handler(chrome)
        .append_element_content_handler(h1)
        .append_element_content_handler(div)
        .append_element_content_handler(heading)
        .append_element_content_handler(in_heading)
        .append_element_content_handler(heading_text)
        .append_document_content_handler(comments)
        .append_document_content_handler(doctype)
}

/// A NUL-delimited marker at the start of `s`: its kind, id and length.
fn parse_marker(s: &str) -> Option<(char, Option<usize>, usize)> {
    let inner = s.strip_prefix('\0')?;
    let end = inner.find('\0')?;
    let body = inner.get(..end)?;
    let mut chars = body.chars();
    let kind = chars.next()?;
    Some((kind, chars.as_str().parse().ok(), end.saturating_add(2)))
}

/// Which divs are mwoffliner's footer: those whose first [`FOOTER_TEXT_NODES`] text
/// nodes start with [`FOOTER`]. Markup is tokenized only while some div is undecided.
fn footer_divs(out: &str, divs: usize) -> Vec<bool> {
    let mut footer = vec![false; divs];
    let mut pending: Vec<PendingDiv> = Vec::new();
    let mut node = String::new();
    let mut rest = out;
    loop {
        if pending.is_empty() {
            node.clear();
            let Some(at) = rest.find('\0') else { break };
            rest = rest.get(at..).unwrap_or_default();
        }
        let Some(first) = rest.chars().next() else {
            break;
        };
        if first == '\0' {
            let Some((kind, id, len)) = parse_marker(rest) else {
                break;
            };
            rest = rest.get(len..).unwrap_or_default();
            feed_node(&mut node, &mut pending, &mut footer);
            match (kind, id) {
                ('D', Some(id)) => pending.push(PendingDiv {
                    id,
                    text: String::new(),
                    nodes: 0,
                }),
                // Closed undecided: not the footer.
                ('E', Some(id)) => {
                    if let Some(pos) = pending.iter().rposition(|p| p.id == id) {
                        pending.remove(pos);
                    }
                }
                _ => {}
            }
        } else if first == '<'
            && let Some(len) = markup_len(rest)
        {
            feed_node(&mut node, &mut pending, &mut footer);
            rest = rest.get(len..).unwrap_or_default();
        } else {
            // Text up to the next tag or marker (a lone `<` is text).
            let skip = first.len_utf8();
            let tail = rest.get(skip..).unwrap_or_default();
            let end = tail
                .find(['<', '\0'])
                .map_or(rest.len(), |e| e.saturating_add(skip));
            node.push_str(rest.get(..end).unwrap_or_default());
            rest = rest.get(end..).unwrap_or_default();
        }
    }
    footer
}

/// The length of the tag or comment at the start of `s`, None when the `<` is text.
fn markup_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if let Some(body) = s.strip_prefix("<!--") {
        return Some(body.find("-->").map_or(s.len(), |e| e.saturating_add(7)));
    }
    let next = *b.get(1)?;
    let tag = next.is_ascii_alphabetic()
        || (next == b'/' && b.get(2).is_some_and(u8::is_ascii_alphabetic));
    if !tag && !matches!(next, b'!' | b'?' | b'/') {
        return None;
    }
    // Up to the `>` outside quoted attribute values.
    let mut quote: Option<u8> = None;
    let mut prev = 0u8;
    for (i, &c) in b.iter().enumerate().skip(1) {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == b'>' => return Some(i.saturating_add(1)),
            None if tag && (c == b'"' || c == b'\'') && prev == b'=' => quote = Some(c),
            None => {}
        }
        if !c.is_ascii_whitespace() {
            prev = c;
        }
    }
    Some(s.len())
}

/// Ends the current text node: the undecided divs read it.
fn feed_node(node: &mut String, pending: &mut Vec<PendingDiv>, footer: &mut [bool]) {
    if node.is_empty() {
        return;
    }
    let text = decode(node, Context::Text);
    pending.retain_mut(|p| {
        p.nodes = p.nodes.saturating_add(1);
        let piece = if p.text.is_empty() {
            text.trim_start()
        } else {
            &text
        };
        // Only the first FOOTER.len() bytes matter: keep the buffer bounded.
        let room = FOOTER.len().saturating_add(1).saturating_sub(p.text.len());
        p.text.push_str(crate::text::prefix_within(piece, room));
        if p.text.starts_with(FOOTER) {
            if let Some(slot) = footer.get_mut(p.id) {
                *slot = true;
            }
            false
        } else {
            FOOTER.starts_with(p.text.as_str()) && p.nodes < FOOTER_TEXT_NODES
        }
    });
    node.clear();
}

/// Picks the body range of the rewritten document and drops the marked ranges inside
/// it; also says which heading markers (by serial) survived.
fn cut_body(out: &str, footer: &[bool], headings: usize) -> (String, Vec<bool>) {
    let marked =
        marked_range(out, "\0A\0", Some("\0a\0")).or_else(|| marked_range(out, "\0B\0", None));
    // Without a body element the whole document is the body, minus its `<head>` (an
    // `<html>` tag may remain: parsers ignore it inside a body).
    let whole = marked.is_none();
    let range = marked.unwrap_or(out);
    let mut kept = vec![false; headings];
    let mut result = String::with_capacity(range.len());
    // The marker kind (and id) that ends the range being dropped.
    let mut skip_until: Option<(char, Option<usize>)> = None;
    let mut rest = range;
    while let Some(start) = rest.find('\0') {
        if skip_until.is_none() {
            result.push_str(rest.get(..start).unwrap_or_default());
        }
        let at = rest.get(start..).unwrap_or_default();
        let Some((kind, id, len)) = parse_marker(at) else {
            rest = "";
            break;
        };
        rest = at.get(len..).unwrap_or_default();
        match skip_until {
            Some(until) => {
                if until == (kind, id) {
                    skip_until = None;
                }
            }
            None => match kind {
                'N' => skip_until = Some(('n', None)),
                'H' if whole => skip_until = Some(('h', None)),
                'D' if id.and_then(|i| footer.get(i)) == Some(&true) => {
                    skip_until = Some(('E', id));
                }
                'S' => {
                    if let Some(slot) = id.and_then(|i| kept.get_mut(i)) {
                        *slot = true;
                    }
                }
                _ => {}
            },
        }
    }
    if skip_until.is_none() {
        result.push_str(rest);
    }
    (result, kept)
}

/// The text between the first `open` marker and the next `close` (or the end).
fn marked_range<'a>(out: &'a str, open: &str, close: Option<&str>) -> Option<&'a str> {
    let start = find_marker(out, open)?.saturating_add(open.len());
    let tail = out.get(start..)?;
    Some(
        close
            .and_then(|c| find_marker(tail, c))
            .and_then(|e| tail.get(..e))
            .unwrap_or(tail),
    )
}

/// Where `marker` (which starts with NUL) first occurs: a `memchr` hop from NUL to NUL,
/// cheaper than a substring search over the whole output.
fn find_marker(hay: &str, marker: &str) -> Option<usize> {
    let mut from = 0usize;
    loop {
        let at = from.checked_add(hay.get(from..)?.find('\0')?)?;
        if hay.get(at..)?.starts_with(marker) {
            return Some(at);
        }
        from = at.checked_add(1)?;
    }
}

/// Keeps the headings whose markers survived and numbers them like the parse API.
fn number_sections(raw: Vec<RawSection>, kept: &[bool]) -> Vec<WikiSection> {
    let mut sections = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    let mut counters: Vec<u32> = Vec::new();
    let mut used = HashSet::new();
    for s in raw {
        let survived = usize::try_from(s.serial)
            .ok()
            .and_then(|i| kept.get(i))
            .copied();
        if survived != Some(true) {
            continue;
        }
        while stack.last().is_some_and(|&l| l >= s.level) {
            stack.pop();
        }
        stack.push(s.level);
        counters.truncate(stack.len());
        while counters.len() < stack.len() {
            counters.push(0);
        }
        if let Some(last) = counters.last_mut() {
            *last = last.saturating_add(1);
        }
        sections.push(WikiSection {
            toclevel: u32::try_from(stack.len()).unwrap_or(u32::MAX),
            level: s.level.to_string(),
            line: s.line,
            number: counters
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("."),
            index: (sections.len().saturating_add(1)).to_string(),
            anchor: dedupe_id(s.anchor, &mut used),
        });
    }
    sections
}
