//! Support for a MediaWiki-parse-API-like endpoint: the article body HTML without the
//! archive's page chrome, plus a `sections` list shaped like `action=parse`'s.

use std::borrow::Cow;
use std::collections::HashSet;

use serde::Serialize;

use crate::convert::{is_opaque_id, one_line};
use crate::dom::{Dom, Edge, Node, NodeId, NodeRef};
use crate::error::RenderError;
use crate::noise::is_noise;
use crate::options::DEFAULT_MAX_INPUT_BYTES;
use crate::text::{decode_lossy, dedupe_id, slugify};

/// One entry of `sections`, as MediaWiki's parse API reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WikiSection {
    /// Depth in the table of contents, 1 for the outermost headings.
    pub toclevel: u32,
    /// The HTML heading level as a string (`"2"` for `<h2>`).
    pub level: String,
    /// Heading text.
    pub line: String,
    /// Outline number such as `"2.1"`.
    pub number: String,
    /// 1-based position among the sections, as a string.
    pub index: String,
    /// The heading's anchor id (as in [`crate::Document::toc`]).
    pub anchor: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WikiPage {
    pub title: Option<String>,
    pub body_html: String,
    pub sections: Vec<WikiSection>,
}

fn body_root(dom: &Dom) -> NodeRef<'_> {
    let mut fallback = None;
    for node in dom.root().descendants() {
        if let Some(el) = node.value().as_element() {
            match (el.name(), el.id()) {
                (_, Some("mw-content-text")) => return node,
                ("body", _) if fallback.is_none() => fallback = Some(node),
                _ => {}
            }
        }
    }
    fallback.unwrap_or_else(|| dom.root())
}

/// Chrome inside the body: scripts and styles, the title `<h1>`, mwoffliner's footer
/// (between `htdig_noindex` comments, or the "This article is issued from" box).
fn chrome_nodes(root: NodeRef<'_>) -> HashSet<NodeId> {
    let mut out = HashSet::new();
    // Parent of the `htdig_noindex` comment while inside such a run: its siblings go.
    let mut noindex_parent: Option<NodeId> = None;
    let mut seen_h1 = false;
    for node in root.descendants() {
        let parent = node.parent().map(|p| p.id());
        let value = node.value();
        if noindex_parent.is_some() && parent == noindex_parent && value.as_comment().is_none() {
            out.insert(node.id());
            continue;
        }
        match value {
            Node::Comment(c) => match c.trim() {
                "htdig_noindex" => {
                    noindex_parent = parent;
                    out.insert(node.id());
                }
                "/htdig_noindex" => {
                    noindex_parent = None;
                    out.insert(node.id());
                }
                _ => {}
            },
            Node::Element(el) => {
                let name = el.name();
                // The page title heading: the parse API's `text` starts below it.
                if name == "h1" && !seen_h1 {
                    seen_h1 = true;
                    out.insert(node.id());
                    continue;
                }
                if matches!(name, "script" | "style" | "link" | "noscript" | "template") {
                    out.insert(node.id());
                } else if name == "div" {
                    let text: String = node
                        .descendants()
                        .filter_map(|d| d.value().as_text())
                        .take(4)
                        .collect();
                    if text.trim_start().starts_with("This article is issued from") {
                        out.insert(node.id());
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The section level of an `<h2>`-`<h6>` tag name (the parse API's sections start at 2).
pub(crate) fn heading_level(name: &str) -> Option<u32> {
    match name {
        "h2" => Some(2),
        "h3" => Some(3),
        "h4" => Some(4),
        "h5" => Some(5),
        "h6" => Some(6),
        _ => None,
    }
}

fn check_size(html: &[u8]) -> Result<(), RenderError> {
    if html.len() > DEFAULT_MAX_INPUT_BYTES {
        return Err(RenderError::InputTooLarge {
            len: html.len(),
            max: DEFAULT_MAX_INPUT_BYTES,
        });
    }
    Ok(())
}

/// Splits a MediaWiki page into body HTML and parse-API sections. Inputs larger than
/// 64 MiB are refused; bytes that are not UTF-8 are replaced.
///
/// One streaming pass (see `wiki_stream`); should the streaming rewriter refuse the
/// input, the tree-based [`wiki_page_parts_dom`] answers instead.
pub fn wiki_page_parts(html: &[u8]) -> Result<WikiPage, RenderError> {
    check_size(html)?;
    // Valid UTF-8 without BOM or NUL (the usual page) is used in place: `decode_lossy`
    // would only copy it.
    let source = match std::str::from_utf8(html) {
        Ok(s) if !s.starts_with('\u{FEFF}') && !s.contains('\0') => Cow::Borrowed(s),
        _ => Cow::Owned(decode_lossy(html)),
    };
    match crate::wiki_stream::wiki_page_parts_stream(&source) {
        Ok(page) => Ok(page),
        Err(_) => Ok(dom_parts(&source)),
    }
}

/// The tree-based implementation (html5ever building the compact tree of `dom.rs`): the
/// fallback of [`wiki_page_parts`] and the reference its equivalence tests compare against.
/// Same results, several times slower.
#[doc(hidden)]
pub fn wiki_page_parts_dom(html: &[u8]) -> Result<WikiPage, RenderError> {
    check_size(html)?;
    Ok(dom_parts(&decode_lossy(html)))
}

fn dom_parts(source: &str) -> WikiPage {
    let dom = Dom::parse(&crate::depth_guard::limit_nesting(source));
    let title = dom
        .root()
        .descendants()
        .find(|n| n.value().as_element().is_some_and(|e| e.name() == "title"))
        .map(|t| {
            let text: String = t
                .descendants()
                .filter_map(|n| n.value().as_text())
                .collect();
            one_line(&text)
        })
        .filter(|t| !t.is_empty());
    let root = body_root(&dom);
    let chrome = chrome_nodes(root);
    // The root itself is never chrome: its contents are the body.
    let dropped = |id: NodeId| id != root.id() && chrome.contains(&id);
    let mut sections = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    let mut counters: Vec<u32> = Vec::new();
    let mut used = HashSet::new();
    let mut skip: Option<NodeId> = None;
    for edge in root.traverse() {
        let node = match edge {
            Edge::Open(n) => n,
            Edge::Close(n) => {
                if skip == Some(n.id()) {
                    skip = None;
                }
                continue;
            }
        };
        if skip.is_some() {
            continue;
        }
        if dropped(node.id()) {
            skip = Some(node.id());
            continue;
        }
        let Some(el) = node.value().as_element() else {
            continue;
        };
        let Some(level) = heading_level(el.name()) else {
            continue;
        };
        let line = heading_text(node);
        if line.is_empty() {
            continue;
        }
        while stack.last().is_some_and(|&l| l >= level) {
            stack.pop();
        }
        stack.push(level);
        let toclevel = u32::try_from(stack.len()).unwrap_or(u32::MAX);
        counters.truncate(stack.len());
        while counters.len() < stack.len() {
            counters.push(0);
        }
        if let Some(last) = counters.last_mut() {
            *last = last.saturating_add(1);
        }
        let anchor = node
            .descendants()
            .filter_map(|n| n.value().as_element())
            .find(|e| e.has_class("mw-headline"))
            .and_then(|e| e.id())
            .or(el.id())
            .filter(|id| !id.trim().is_empty() && !is_opaque_id(id))
            .map(|s| s.to_string())
            .unwrap_or_else(|| slugify(&line));
        sections.push(WikiSection {
            toclevel,
            level: level.to_string(),
            line,
            number: counters
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("."),
            index: (sections.len().saturating_add(1)).to_string(),
            anchor: dedupe_id(anchor, &mut used),
        });
    }
    let body_html = root.inner_html(dropped);
    WikiPage {
        title,
        body_html,
        sections,
    }
}

/// Heading text without edit links and other noise.
fn heading_text(node: NodeRef<'_>) -> String {
    let mut out = String::new();
    let mut skip: Option<NodeId> = None;
    for edge in node.traverse() {
        match edge {
            Edge::Open(n) => {
                if skip.is_some() {
                    continue;
                }
                match n.value() {
                    Node::Element(e) if n.id() != node.id() && is_noise(&e) => skip = Some(n.id()),
                    Node::Text(t) => out.push_str(t),
                    _ => {}
                }
            }
            Edge::Close(n) => {
                if skip == Some(n.id()) {
                    skip = None;
                }
            }
        }
    }
    one_line(&out)
}

/// Element names in document order and the concatenated text of `html` parsed as a
/// document: how the equivalence tests compare two serialisations of one body.
#[doc(hidden)]
pub fn parsed_shape(html: &str) -> (Vec<String>, String) {
    let dom = Dom::parse(html);
    let mut names = Vec::new();
    let mut text = String::new();
    for node in dom.root().descendants() {
        match node.value() {
            Node::Element(e) => names.push(e.name().to_string()),
            Node::Text(t) => text.push_str(t),
            _ => {}
        }
    }
    (names, text)
}
