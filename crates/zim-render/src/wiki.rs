//! Support for a MediaWiki-parse-API-like endpoint: the article body HTML without the
//! archive's page chrome, plus a `sections` list shaped like `action=parse`'s.

use std::borrow::Cow;
use std::collections::HashSet;

use ego_tree::NodeId;
use scraper::{ElementRef, Html, Node};
use serde::Serialize;

use crate::convert::is_opaque_id;
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

fn body_root(html: &Html) -> NodeId {
    let mut fallback = None;
    for node in html.tree.root().descendants() {
        if let Some(el) = node.value().as_element() {
            match (el.name(), el.id()) {
                (_, Some("mw-content-text")) => return node.id(),
                ("body", _) if fallback.is_none() => fallback = Some(node.id()),
                _ => {}
            }
        }
    }
    fallback.unwrap_or_else(|| html.tree.root().id())
}

/// Chrome inside the body: scripts and styles, the title `<h1>`, mwoffliner's footer
/// (between `htdig_noindex` comments, or the "This article is issued from" box).
fn chrome_nodes(html: &Html, root: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    let Some(root_ref) = html.tree.get(root) else {
        return out;
    };
    // Parent of the `htdig_noindex` comment while inside such a run: its siblings go.
    let mut noindex_parent: Option<NodeId> = None;
    let mut seen_h1 = false;
    for node in root_ref.descendants() {
        let parent = node.parent().map(|p| p.id());
        if noindex_parent.is_some() && parent == noindex_parent && !node.value().is_comment() {
            out.push(node.id());
            continue;
        }
        match node.value() {
            Node::Comment(c) => match c.trim() {
                "htdig_noindex" => {
                    noindex_parent = parent;
                    out.push(node.id());
                }
                "/htdig_noindex" => {
                    noindex_parent = None;
                    out.push(node.id());
                }
                _ => {}
            },
            Node::Element(el) => {
                let name = el.name();
                // The page title heading: the parse API's `text` starts below it.
                if name == "h1" && !seen_h1 {
                    seen_h1 = true;
                    out.push(node.id());
                    continue;
                }
                if matches!(name, "script" | "style" | "link" | "noscript" | "template") {
                    out.push(node.id());
                } else if name == "div" {
                    let text: String = node
                        .descendants()
                        .filter_map(|d| d.value().as_text().map(|t| t.to_string()))
                        .take(4)
                        .collect();
                    if text.trim_start().starts_with("This article is issued from") {
                        out.push(node.id());
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

/// The tree-based implementation (html5ever DOM): the fallback of [`wiki_page_parts`]
/// and the reference its equivalence tests compare against. Same results, several
/// times slower.
#[doc(hidden)]
pub fn wiki_page_parts_dom(html: &[u8]) -> Result<WikiPage, RenderError> {
    check_size(html)?;
    Ok(dom_parts(&decode_lossy(html)))
}

fn dom_parts(source: &str) -> WikiPage {
    let mut doc = Html::parse_document(&crate::depth_guard::limit_nesting(source));
    let title = doc
        .root_element()
        .descendent_elements()
        .find(|e| e.value().name() == "title")
        .map(|t| {
            t.text()
                .collect::<String>()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|t| !t.is_empty());
    let root = body_root(&doc);
    for id in chrome_nodes(&doc, root) {
        if let Some(mut n) = doc.tree.get_mut(id) {
            n.detach();
        }
    }
    let mut sections = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    let mut counters: Vec<u32> = Vec::new();
    let mut used = HashSet::new();
    if let Some(root_ref) = doc.tree.get(root) {
        for node in root_ref.descendants() {
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
                .find(|e| e.has_class("mw-headline", scraper::CaseSensitivity::CaseSensitive))
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
                index: (sections.len() + 1).to_string(),
                anchor: dedupe_id(anchor, &mut used),
            });
        }
    }
    let body_html = doc
        .tree
        .get(root)
        .and_then(ElementRef::wrap)
        .map(|e| e.inner_html())
        .unwrap_or_default();
    WikiPage {
        title,
        body_html,
        sections,
    }
}

/// Heading text without edit links and other noise.
fn heading_text(node: ego_tree::NodeRef<'_, Node>) -> String {
    let mut out = String::new();
    let mut skip: Option<NodeId> = None;
    for edge in node.traverse() {
        match edge {
            ego_tree::iter::Edge::Open(n) => {
                if skip.is_some() {
                    continue;
                }
                match n.value() {
                    Node::Element(e) if n.id() != node.id() && is_noise(e) => skip = Some(n.id()),
                    Node::Text(t) => out.push_str(t),
                    _ => {}
                }
            }
            ego_tree::iter::Edge::Close(n) => {
                if skip == Some(n.id()) {
                    skip = None;
                }
            }
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}
