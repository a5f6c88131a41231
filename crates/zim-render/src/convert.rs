//! HTML tree to blocks of Markdown and plain text.
//!
//! The walk is recursive over the element tree but capped at [`MAX_DEPTH`]: anything
//! nested deeper is flattened to its text by an iterative traversal, so hostile pages
//! (10,000 nested `<div>`s) cannot overflow the stack. Every block carries both
//! renderings, produced in one pass.

use std::collections::HashSet;

use crate::dom::{Dom, Edge, Element, Node, NodeId, NodeRef};

use crate::attrs::{attr, classes};
use crate::inline::Inline;
use crate::noise::{is_noise, is_noise_subtree, is_summary_noise};
use crate::options::{LinkStyle, RenderOptions, TableStyle};
use crate::text::{dedupe_id, slugify};

/// Deeper elements are rendered as flat text (see the module comment).
pub(crate) const MAX_DEPTH: usize = 160;
/// Columns beyond this in one table row are ignored (hostile `colspan`).
const MAX_COLSPAN: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockKind {
    Title,
    Heading,
    Paragraph,
    List,
    Code,
    Quote,
    Table,
    Infobox,
    DefList,
    Rule,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TableMeta {
    pub number: usize,
    pub caption: Option<String>,
    pub rows: usize,
}

#[derive(Debug, Clone)]
pub(crate) struct Block {
    pub kind: BlockKind,
    pub md: String,
    pub plain: String,
    /// Heading level (1-6) for titles and headings.
    pub level: u8,
    /// Heading text and section id for headings.
    pub heading: Option<(String, String)>,
    /// Eligible as summary prose (not a hatnote, caption, infobox...).
    pub summary_ok: bool,
    /// Kept even when the section looks empty (rustdoc item signatures).
    pub sticky: bool,
    pub table: Option<TableMeta>,
}

impl Block {
    fn new(kind: BlockKind, md: String, plain: String) -> Block {
        Block {
            kind,
            md,
            plain,
            level: 0,
            heading: None,
            summary_ok: false,
            sticky: false,
            table: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LinkSource {
    Anchor,
    Image,
}

/// A link as found in the page, before resolution.
#[derive(Debug, Clone)]
pub(crate) struct RawLink {
    pub href: String,
    pub text: String,
    pub source: LinkSource,
    /// Found before the first section heading.
    pub in_lead: bool,
    /// Found in a references / external links / notes section.
    pub in_nav_section: bool,
}

/// Section titles whose links are citations or navigation, not topical neighbours.
fn is_nav_section(title: &str) -> bool {
    let t = title.trim().to_lowercase();
    [
        "references",
        "notes",
        "footnotes",
        "citations",
        "sources",
        "bibliography",
        "external links",
        "further reading",
        "notes and references",
        "references and notes",
    ]
    .contains(&t.as_str())
}

pub(crate) struct Converted {
    pub title: Option<String>,
    pub blocks: Vec<Block>,
    pub links: Vec<RawLink>,
}

struct Converter<'o> {
    opts: &'o RenderOptions,
    blocks: Vec<Block>,
    inline: Inline,
    /// Nonzero inside list items, quotes and table cells: headings there are not sections.
    nested: usize,
    /// Nonzero inside table cells: lists become comma-separated, line breaks spaces.
    in_cell: usize,
    /// Nonzero inside hatnotes, captions, infoboxes...: their paragraphs are not summary prose.
    summary_noise: usize,
    links: Vec<RawLink>,
    tables: usize,
    used_ids: HashSet<String>,
    seen_heading: bool,
    in_lead: bool,
    in_nav_section: bool,
    /// Nonzero while rendering inline-only text (heading text, definition terms):
    /// block elements inside become spaces instead of separate blocks.
    inline_only: usize,
}

/// Elements rendered inline (everything else is a block boundary).
fn is_inline_tag(name: &str) -> bool {
    matches!(
        name,
        "a" | "abbr"
            | "b"
            | "bdi"
            | "bdo"
            | "br"
            | "cite"
            | "code"
            | "data"
            | "dfn"
            | "em"
            | "font"
            | "i"
            | "img"
            | "kbd"
            | "label"
            | "mark"
            | "q"
            | "s"
            | "samp"
            | "small"
            | "span"
            | "strike"
            | "strong"
            | "sub"
            | "sup"
            | "time"
            | "tt"
            | "u"
            | "var"
            | "wbr"
            | "del"
            | "ins"
    )
}

/// Converts a parsed page to blocks.
pub(crate) fn convert(html: &Dom, opts: &RenderOptions) -> Converted {
    let root = content_root(html);
    let title = page_title(html);
    let mut c = Converter {
        opts,
        blocks: Vec::new(),
        inline: Inline::default(),
        nested: 0,
        in_cell: 0,
        summary_noise: 0,
        links: Vec::new(),
        tables: 0,
        used_ids: HashSet::new(),
        seen_heading: false,
        in_lead: true,
        in_nav_section: false,
        inline_only: 0,
    };
    c.children(root, 0);
    c.flush();
    let mut blocks = remove_empty_sections(c.blocks);
    // Breadcrumbs and the like before the page's `<h1>` go after it.
    if let Some(k) = blocks.iter().position(|b| b.kind == BlockKind::Title)
        && blocks.iter().take(k).all(|b| b.kind != BlockKind::Heading)
    {
        let t = blocks.remove(k);
        blocks.insert(0, t);
    }
    let has_title_block = blocks.first().is_some_and(|b| b.kind == BlockKind::Title);
    let title = title.or_else(|| {
        blocks
            .iter()
            .find(|b| b.kind == BlockKind::Title)
            .and_then(|b| b.heading.as_ref().map(|h| h.0.clone()))
    });
    if !has_title_block && let Some(t) = &title {
        let mut b = Block::new(BlockKind::Title, format!("# {t}"), t.clone());
        b.level = 1;
        b.heading = Some((t.clone(), String::new()));
        blocks.insert(0, b);
    }
    Converted {
        title,
        blocks,
        links: c.links,
    }
}

/// The `<title>` text, whitespace-collapsed, or None when absent or blank.
fn page_title(html: &Dom) -> Option<String> {
    let title = html
        .root()
        .descendants()
        .find(|n| n.value().as_element().is_some_and(|e| e.name() == "title"))?;
    let text: String = title
        .descendants()
        .filter_map(|n| n.value().as_text())
        .collect();
    let collapsed = one_line(&text);
    (!collapsed.is_empty()).then_some(collapsed)
}

/// The element holding the article: MediaWiki's content text, rustdoc's main section,
/// `<main>`, then fallbacks down to `<body>`.
fn content_root(html: &Dom) -> NodeRef<'_> {
    let mut best: Option<(u8, NodeRef<'_>)> = None;
    for node in html.root().descendants() {
        let Some(el) = node.value().as_element() else {
            continue;
        };
        let rank = match (el.name(), el.id()) {
            (_, Some("mw-content-text")) => 0,
            (_, Some("main-content")) => 1,
            ("main", _) => 2,
            (_, Some("mainbar")) => 3,
            _ if attr(&el, "role") == Some("main") => 4,
            (_, Some("content")) => 5,
            ("article", _) => 6,
            ("body", _) => 7,
            _ => continue,
        };
        if best.is_none_or(|(r, _)| rank < r) {
            best = Some((rank, node));
            if rank == 0 {
                break;
            }
        }
    }
    best.map(|(_, n)| n).unwrap_or_else(|| html.root())
}

/// Removes headings whose section has no content and no subsections. Empty item
/// signatures (rustdoc's implementor lists) become one bullet list instead.
fn remove_empty_sections(blocks: Vec<Block>) -> Vec<Block> {
    let mut kept_rev: Vec<Block> = Vec::with_capacity(blocks.len());
    for b in blocks.into_iter().rev() {
        if b.kind == BlockKind::Heading {
            let empty = match kept_rev.last() {
                None => true,
                Some(next) => {
                    (next.kind == BlockKind::Heading && next.level <= b.level)
                        || (b.sticky && next.kind == BlockKind::List && next.sticky)
                }
            };
            if empty && b.sticky {
                let text = b.heading.as_ref().map(|h| h.0.as_str()).unwrap_or("");
                let mut item =
                    Block::new(BlockKind::List, format!("- `{text}`"), format!("- {text}"));
                item.sticky = true;
                match kept_rev.last_mut() {
                    Some(next) if next.kind == BlockKind::List && next.sticky => {
                        next.md = format!("{}\n{}", item.md, next.md);
                        next.plain = format!("{}\n{}", item.plain, next.plain);
                    }
                    _ => kept_rev.push(item),
                }
                continue;
            }
            if empty {
                continue;
            }
        }
        kept_rev.push(b);
    }
    kept_rev.reverse();
    kept_rev
}

fn contains_heading(node: NodeRef<'_>) -> bool {
    node.descendants()
        .filter_map(|n| n.value().as_element())
        .any(|e| heading_level(e.name()).is_some())
}

fn heading_level(name: &str) -> Option<u8> {
    match name {
        "h1" => Some(1),
        "h2" => Some(2),
        "h3" => Some(3),
        "h4" => Some(4),
        "h5" => Some(5),
        "h6" => Some(6),
        _ => None,
    }
}

/// Parsoid's generated ids (`mweQ`, `mwAbc`) are opaque: a slug of the text is nicer.
pub(crate) fn is_opaque_id(id: &str) -> bool {
    id.len() <= 8
        && id.starts_with("mw")
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn code_language(el: &Element<'_>) -> Option<String> {
    for class in el.classes() {
        for prefix in [
            "language-",
            "lang-",
            "mw-highlight-lang-",
            "highlight-source-",
        ] {
            if let Some(l) = class.strip_prefix(prefix)
                && !l.is_empty()
            {
                return Some(l.to_string());
            }
        }
    }
    if let Some(l) = el.attr("data-lang").filter(|l| !l.is_empty()) {
        return Some(l.to_string());
    }
    // rustdoc marks Rust code with a bare `rust` class.
    el.has_class_ignore_case("rust").then(|| "rust".to_string())
}

fn fence_for(code: &str, ch: char) -> String {
    let mut longest = 0usize;
    let mut run = 0usize;
    for c in code.chars() {
        if c == ch {
            run = run.saturating_add(1);
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    std::iter::repeat_n(ch, longest.saturating_add(1).max(3)).collect()
}

/// Prefixes the first line with `marker` and indents the rest to line up under it.
fn prefix_lines(body: &str, marker: &str) -> String {
    let indent = " ".repeat(marker.chars().count());
    let mut out = String::with_capacity(body.len() + marker.len());
    for (i, line) in body.lines().enumerate() {
        if i == 0 {
            out.push_str(marker);
        } else {
            out.push('\n');
            if !line.is_empty() {
                out.push_str(&indent);
            }
        }
        out.push_str(line);
    }
    out
}

fn quote_lines(body: &str) -> String {
    body.lines()
        .map(|l| {
            if l.is_empty() {
                ">".to_string()
            } else {
                format!("> {l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn join_blocks(blocks: &[Block], sep: &str) -> (String, String) {
    let md = blocks
        .iter()
        .map(|b| b.md.as_str())
        .collect::<Vec<_>>()
        .join(sep);
    let plain = blocks
        .iter()
        .map(|b| b.plain.as_str())
        .collect::<Vec<_>>()
        .join(sep);
    (md, plain)
}

/// Whitespace runs collapsed to single spaces, ends trimmed.
pub(crate) fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_dropped_scheme(href: &str) -> bool {
    let lower: String = href
        .trim_start()
        .chars()
        .take(12)
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    [
        "javascript:",
        "mailto:",
        "tel:",
        "data:",
        "blob:",
        "vbscript:",
    ]
    .iter()
    .any(|s| lower.starts_with(s))
}

struct Cell {
    header: bool,
    md: String,
    plain: String,
    span: usize,
}

impl<'o> Converter<'o> {
    fn flush(&mut self) {
        if self.inline.is_blank() {
            self.inline.take();
            return;
        }
        let (md, plain) = self.inline.take();
        let mut b = Block::new(BlockKind::Paragraph, md, plain);
        b.summary_ok = self.summary_noise == 0 && self.nested == 0;
        self.blocks.push(b);
    }

    fn push_block(&mut self, b: Block) {
        if !b.md.trim().is_empty() {
            self.blocks.push(b);
        }
    }

    fn children(&mut self, node: NodeRef<'_>, depth: usize) {
        // mwoffliner wraps its footer in `<!--htdig_noindex-->` ... `<!--/htdig_noindex-->`.
        let mut skipping = false;
        for child in node.children() {
            if let Some(c) = child.value().as_comment() {
                match c.trim() {
                    "htdig_noindex" => skipping = true,
                    "/htdig_noindex" => skipping = false,
                    _ => {}
                }
                continue;
            }
            if !skipping {
                self.node(child, depth.saturating_add(1));
            }
        }
    }

    fn node(&mut self, node: NodeRef<'_>, depth: usize) {
        match node.value() {
            Node::Text(t) => self.inline.text(t),
            Node::Element(el) => {
                if is_noise(&el) || is_noise_subtree(node, &el) {
                    return;
                }
                if depth > MAX_DEPTH {
                    self.flat_text(node);
                } else {
                    self.element(node, &el, depth);
                }
            }
            _ => {}
        }
    }

    /// Text of a subtree, without structure, by an iterative walk (no recursion).
    fn flat_text(&mut self, node: NodeRef<'_>) {
        let mut skip_until: Option<NodeId> = None;
        for edge in node.traverse() {
            match edge {
                Edge::Open(n) => {
                    if skip_until.is_some() {
                        continue;
                    }
                    match n.value() {
                        Node::Element(el) if is_noise(&el) => skip_until = Some(n.id()),
                        Node::Element(el) if matches!(el.name(), "p" | "div" | "br" | "li") => {
                            self.inline.text(" ")
                        }
                        Node::Text(t) => self.inline.text(t),
                        _ => {}
                    }
                }
                Edge::Close(n) => {
                    if skip_until == Some(n.id()) {
                        skip_until = None;
                    }
                }
            }
        }
    }

    fn element(&mut self, node: NodeRef<'_>, el: &Element<'_>, depth: usize) {
        let name = el.name();
        if let Some(level) = heading_level(name) {
            self.heading(node, el, level, depth);
            return;
        }
        let summary_noise = is_summary_noise(el);
        if summary_noise {
            self.summary_noise = self.summary_noise.saturating_add(1);
        }
        self.element_inner(node, el, name, depth);
        if summary_noise {
            self.summary_noise = self.summary_noise.saturating_sub(1);
        }
    }

    fn element_inner(&mut self, node: NodeRef<'_>, el: &Element<'_>, name: &str, depth: usize) {
        if self.inline_only > 0 && !is_inline_tag(name) {
            self.inline.text(" ");
            self.children(node, depth);
            self.inline.text(" ");
            return;
        }
        match name {
            "br" => {
                if self.in_cell > 0 {
                    self.inline.text(" ");
                } else {
                    self.inline.line_break();
                }
            }
            "hr" => {
                self.flush();
                self.blocks
                    .push(Block::new(BlockKind::Rule, "---".into(), "---".into()));
            }
            "ul" | "ol" | "menu" => {
                self.flush();
                self.list(node, el, depth);
            }
            "pre" => {
                self.flush();
                self.code_block(node, el);
            }
            "blockquote" => {
                self.flush();
                let blocks = self.blocks_of(node, depth);
                let (md, plain) = join_blocks(&blocks, "\n\n");
                self.push_block(Block::new(
                    BlockKind::Quote,
                    quote_lines(&md),
                    quote_lines(&plain),
                ));
            }
            "table" => {
                self.flush();
                self.table(node, el, depth);
            }
            "dl" => {
                self.flush();
                self.definition_list(node, depth);
            }
            "img" => self.image(el),
            "b" | "strong" => self.emphasis(node, "**", depth),
            "i" | "em" | "dfn" | "cite" => self.emphasis(node, "*", depth),
            "s" | "del" | "strike" => self.emphasis(node, "~~", depth),
            "code" | "kbd" | "samp" | "tt" => self.inline_code(node),
            // rustdoc's stability badges ("Experimental", "Deprecated") glued to names.
            "span" if self.inline_only > 0 && classes(el).any(|c| c == "stab") => {
                self.inline.text(" (");
                self.children(node, depth);
                self.inline.text(")");
            }
            "a" => self.link(node, el, depth),
            "q" => {
                self.inline.text("\u{201c}");
                self.children(node, depth);
                self.inline.text("\u{201d}");
            }
            "summary" if !contains_heading(node) => {
                self.flush();
                let mark = self.inline.open("**");
                self.children(node, depth);
                self.inline.close(mark, 2, "**");
                self.flush();
            }
            "div" | "article" | "section" if self.nested == 0 && self.is_post(el) => {
                self.flush();
                self.post(node, el, depth);
            }
            "p" | "div" | "section" | "article" | "main" | "body" | "html" | "header" | "aside"
            | "address" | "center" | "form" | "fieldset" | "figure" | "figcaption" | "details"
            | "li" | "dd" | "dt" | "tr" | "td" | "th" | "tbody" | "thead" | "tfoot" | "caption"
            | "legend" | "hgroup" | "search" | "summary" => {
                self.flush();
                self.children(node, depth);
                self.flush();
            }
            _ => self.children(node, depth),
        }
    }

    /// Renders the children of `node` into separate blocks (for list items, quotes, cells).
    fn blocks_of(&mut self, node: NodeRef<'_>, depth: usize) -> Vec<Block> {
        let saved_blocks = std::mem::take(&mut self.blocks);
        let saved_inline = std::mem::take(&mut self.inline);
        self.nested = self.nested.saturating_add(1);
        self.children(node, depth);
        self.flush();
        self.nested = self.nested.saturating_sub(1);
        self.inline = saved_inline;
        std::mem::replace(&mut self.blocks, saved_blocks)
    }

    /// Renders the children of `node` as inline text only.
    fn inline_of(&mut self, node: NodeRef<'_>, depth: usize) -> (String, String) {
        let saved_inline = std::mem::take(&mut self.inline);
        self.inline_only = self.inline_only.saturating_add(1);
        self.children(node, depth);
        self.inline_only = self.inline_only.saturating_sub(1);
        let out = self.inline.take();
        self.inline = saved_inline;
        out
    }

    fn heading(&mut self, node: NodeRef<'_>, el: &Element<'_>, level: u8, depth: usize) {
        self.flush();
        let (_, text) = self.inline_of(node, depth);
        let text = one_line(&text);
        if text.is_empty() {
            return;
        }
        if self.nested > 0 {
            self.blocks.push(Block::new(
                BlockKind::Paragraph,
                format!("**{text}**"),
                text.clone(),
            ));
            return;
        }
        let code = el.has_class_ignore_case("code-header");
        let id = self.heading_id(node, el, &text);
        let is_title = level == 1 && !self.seen_heading;
        self.seen_heading = true;
        let shown = if code {
            format!("`{text}`")
        } else {
            text.clone()
        };
        let hashes = "#".repeat(usize::from(level));
        let mut b = Block::new(
            if is_title {
                BlockKind::Title
            } else {
                BlockKind::Heading
            },
            format!("{hashes} {shown}"),
            text.clone(),
        );
        b.level = level;
        b.sticky = code;
        if !is_title {
            self.in_lead = false;
            self.in_nav_section = is_nav_section(&text);
        }
        b.heading = Some((text, id));
        self.blocks.push(b);
    }

    /// The section id: a `mw-headline` span's id, the heading's own id, the id of the
    /// `<section>` it opens, or else a slug of its text; unique within the page.
    fn heading_id(&mut self, node: NodeRef<'_>, el: &Element<'_>, text: &str) -> String {
        let headline = node
            .descendants()
            .filter_map(|n| n.value().as_element())
            .find(|e| e.has_class("mw-headline"))
            .and_then(|e| e.id());
        let own = el.id();
        let parent = node
            .parent()
            .and_then(|p| p.value().as_element())
            .filter(|p| p.name() == "section")
            .and_then(|p| p.id());
        let chosen = [headline, own, parent]
            .into_iter()
            .flatten()
            .find(|id| !id.trim().is_empty() && !is_opaque_id(id))
            .map(|s| s.to_string())
            .unwrap_or_else(|| slugify(text));
        dedupe_id(chosen, &mut self.used_ids)
    }

    fn list(&mut self, node: NodeRef<'_>, el: &Element<'_>, depth: usize) {
        let ordered = el.name() == "ol";
        let mut n: i64 = el
            .attr("start")
            .and_then(|s| s.trim().parse::<i64>().ok())
            .unwrap_or(1);
        let mut items_md: Vec<String> = Vec::new();
        let mut items_plain: Vec<String> = Vec::new();
        for child in node.children() {
            let Some(cel) = child.value().as_element() else {
                continue;
            };
            if is_noise(&cel) {
                continue;
            }
            let blocks = if depth > MAX_DEPTH {
                let saved = std::mem::take(&mut self.inline);
                self.flat_text(child);
                let (md, plain) = self.inline.take();
                self.inline = saved;
                vec![Block::new(BlockKind::Paragraph, md, plain)]
            } else {
                self.blocks_of(child, depth.saturating_add(1))
            };
            let (md, plain) = join_blocks(&blocks, "\n");
            if md.trim().is_empty() {
                continue;
            }
            let nested_list = matches!(cel.name(), "ul" | "ol");
            if nested_list
                && let (Some(last_md), Some(last_plain)) =
                    (items_md.last_mut(), items_plain.last_mut())
            {
                // `<ul><li>a</li><ul>...</ul></ul>`: a sub-list belongs to the previous item.
                last_md.push('\n');
                last_md.push_str(&prefix_lines(&md, "  "));
                last_plain.push('\n');
                last_plain.push_str(&prefix_lines(&plain, "  "));
                continue;
            }
            if self.in_cell > 0 {
                items_md.push(one_line(&md));
                items_plain.push(one_line(&plain));
                continue;
            }
            let marker = if ordered {
                format!("{n}. ")
            } else {
                "- ".to_string()
            };
            n = n.saturating_add(1);
            items_md.push(prefix_lines(&md, &marker));
            items_plain.push(prefix_lines(&plain, &marker));
        }
        let sep = if self.in_cell > 0 { ", " } else { "\n" };
        let mut b = Block::new(BlockKind::List, items_md.join(sep), items_plain.join(sep));
        b.summary_ok = false;
        self.push_block(b);
    }

    fn code_block(&mut self, node: NodeRef<'_>, el: &Element<'_>) {
        let mut code = String::new();
        // `<code class="language-python">` is more specific than `<pre class="lang-py">`.
        let mut lang = node
            .children()
            .filter_map(|c| c.value().as_element())
            .find(|e| e.name() == "code")
            .and_then(|e| code_language(&e))
            .or_else(|| code_language(el));
        // mdBook's hidden "boring" lines and other noise inside the block are skipped.
        let mut skip_until: Option<NodeId> = None;
        for edge in node.traverse() {
            let n = match edge {
                Edge::Open(n) => n,
                Edge::Close(n) => {
                    if skip_until == Some(n.id()) {
                        skip_until = None;
                    }
                    continue;
                }
            };
            if skip_until.is_some() {
                continue;
            }
            match n.value() {
                Node::Text(t) => code.push_str(t),
                Node::Element(e) => {
                    if n.id() != node.id() && is_noise(&e) {
                        skip_until = Some(n.id());
                        continue;
                    }
                    if e.name() == "br" {
                        code.push('\n');
                    }
                    if lang.is_none() && e.name() == "code" {
                        lang = code_language(&e);
                    }
                    if e.name() == "a"
                        && let Some(href) = e.attr("href")
                    {
                        let text: String = n
                            .descendants()
                            .filter_map(|d| d.value().as_text().map(|t| t.to_string()))
                            .collect();
                        self.record_link(href, &text, LinkSource::Anchor);
                    }
                }
                _ => {}
            }
        }
        if lang.is_none() {
            lang = node
                .parent()
                .and_then(|p| p.value().as_element())
                .and_then(|e| code_language(&e));
        }
        let code = code
            .strip_prefix('\n')
            .unwrap_or(&code)
            .trim_end()
            .to_string();
        if code.trim().is_empty() {
            return;
        }
        let fence = fence_for(&code, '`');
        let lang = lang.unwrap_or_default();
        let md = format!("{fence}{lang}\n{code}\n{fence}");
        self.blocks.push(Block::new(BlockKind::Code, md, code));
    }

    fn inline_code(&mut self, node: NodeRef<'_>) {
        let mut text = String::new();
        for n in node.descendants() {
            match n.value() {
                Node::Text(t) => text.push_str(t),
                Node::Element(e) if e.name() == "a" => {
                    if let Some(href) = e.attr("href") {
                        let t: String = n
                            .descendants()
                            .filter_map(|d| d.value().as_text().map(|t| t.to_string()))
                            .collect();
                        self.record_link(href, &t, LinkSource::Anchor);
                    }
                }
                _ => {}
            }
        }
        let text = one_line(&text);
        if text.is_empty() {
            return;
        }
        let fence = "`".repeat(fence_for(&text, '`').len().saturating_sub(2));
        let pad = if text.starts_with('`') || text.ends_with('`') {
            " "
        } else {
            ""
        };
        self.inline
            .verbatim(&format!("{fence}{pad}{text}{pad}{fence}"), &text);
    }

    fn emphasis(&mut self, node: NodeRef<'_>, marker: &str, depth: usize) {
        let mark = self.inline.open(marker);
        self.children(node, depth);
        self.inline.close(mark, marker.len(), marker);
    }

    fn image(&mut self, el: &Element<'_>) {
        if let Some(src) = el.attr("src") {
            self.record_link(src, el.attr("alt").unwrap_or(""), LinkSource::Image);
        }
        let alt = one_line(el.attr("alt").unwrap_or(""));
        if !alt.is_empty() && alt != "logo" {
            self.inline.text(" ");
            self.inline
                .verbatim(&format!("[Image: {alt}]"), &format!("[Image: {alt}]"));
            self.inline.text(" ");
        }
    }

    fn record_link(&mut self, href: &str, text: &str, source: LinkSource) {
        let href = href.trim();
        if href.is_empty() || href.starts_with('#') || is_dropped_scheme(href) {
            return;
        }
        self.links.push(RawLink {
            href: href.to_string(),
            text: one_line(text),
            source,
            in_lead: self.in_lead,
            in_nav_section: self.in_nav_section,
        });
    }

    fn link(&mut self, node: NodeRef<'_>, el: &Element<'_>, depth: usize) {
        let href = attr(el, "href").map(str::trim).unwrap_or("");
        let navigable = !href.is_empty() && !href.starts_with('#') && !is_dropped_scheme(href);
        let plain_start = self.inline.plain.len();
        if navigable && self.opts.link_style == LinkStyle::Inline && self.in_cell == 0 {
            let mark = self.inline.open("[");
            self.children(node, depth);
            let target = if href.contains([' ', '(', ')', '<', '>']) {
                format!("<{}>", href.replace('<', "%3C").replace('>', "%3E"))
            } else {
                href.to_string()
            };
            self.inline.close(mark, 1, &format!("]({target})"));
        } else {
            self.children(node, depth);
        }
        let text = self
            .inline
            .plain
            .get(plain_start..)
            .unwrap_or("")
            .to_string();
        if navigable {
            self.record_link(href, &text, LinkSource::Anchor);
        }
    }

    /// `<dl>`: a term with one-line definitions becomes `- **term**: definition`;
    /// longer definitions go on `: `-prefixed lines under the term; `<dd>` without a
    /// term (MediaWiki indentation) is plain text.
    fn definition_list(&mut self, node: NodeRef<'_>, depth: usize) {
        let mut md: Vec<String> = Vec::new();
        let mut plain: Vec<String> = Vec::new();
        // The pending term, waiting for its definitions.
        let mut term: Option<(String, String)> = None;
        let mut defs: Vec<(String, String)> = Vec::new();
        let emit = |term: &mut Option<(String, String)>,
                    defs: &mut Vec<(String, String)>,
                    md: &mut Vec<String>,
                    plain: &mut Vec<String>| {
            let Some((tm, tp)) = term.take() else {
                for (m, p) in defs.drain(..) {
                    md.push(m);
                    plain.push(p);
                }
                return;
            };
            let single = defs.len() <= 1 && defs.iter().all(|(m, _)| !m.contains('\n'));
            if single {
                match defs.pop() {
                    Some((m, p)) => {
                        md.push(format!("- **{tm}**: {m}"));
                        plain.push(format!("- {tp}: {p}"));
                    }
                    None => {
                        md.push(format!("- **{tm}**"));
                        plain.push(format!("- {tp}"));
                    }
                }
            } else {
                md.push(format!("**{tm}**"));
                plain.push(tp);
                for (m, p) in defs.drain(..) {
                    md.push(prefix_lines(&m, ": "));
                    plain.push(prefix_lines(&p, "  "));
                }
            }
        };
        for child in node.children() {
            let Some(cel) = child.value().as_element() else {
                continue;
            };
            if is_noise(&cel) {
                continue;
            }
            if cel.name() == "dt" {
                emit(&mut term, &mut defs, &mut md, &mut plain);
                let (m, p) = self.inline_of(child, depth.saturating_add(1));
                let (m, p) = (one_line(&m), one_line(&p));
                if !m.is_empty() {
                    term = Some((m, p));
                }
            } else {
                let blocks = self.blocks_of(child, depth.saturating_add(1));
                let (m, p) = join_blocks(&blocks, "\n");
                if !m.trim().is_empty() {
                    defs.push((m, p));
                }
            }
        }
        emit(&mut term, &mut defs, &mut md, &mut plain);
        let b = Block::new(BlockKind::DefList, md.join("\n"), plain.join("\n"));
        self.push_block(b);
    }

    /// Table rows (`tr` children of the table or of its row groups), not nested tables'.
    fn rows_of<'a>(node: NodeRef<'a>) -> Vec<NodeRef<'a>> {
        let mut rows = Vec::new();
        for child in node.children() {
            let Some(el) = child.value().as_element() else {
                continue;
            };
            match el.name() {
                "tr" => rows.push(child),
                "thead" | "tbody" | "tfoot" => rows.extend(
                    child
                        .children()
                        .filter(|r| r.value().as_element().is_some_and(|e| e.name() == "tr")),
                ),
                _ => {}
            }
        }
        rows
    }

    fn cells_of<'a>(row: NodeRef<'a>) -> impl Iterator<Item = (NodeRef<'a>, Element<'a>)> {
        row.children().filter_map(|c| match c.value() {
            Node::Element(e) if matches!(e.name(), "td" | "th") && !is_noise(&e) => Some((c, e)),
            _ => None,
        })
    }

    fn table(&mut self, node: NodeRef<'_>, el: &Element<'_>, depth: usize) {
        let rows = Self::rows_of(node);
        let max_cells = rows
            .iter()
            .map(|r| Self::cells_of(*r).count())
            .max()
            .unwrap_or(0);
        if max_cells <= 1 {
            // A layout table: its cells are ordinary content.
            for row in &rows {
                for (cell, _) in Self::cells_of(*row) {
                    self.flush();
                    self.children(cell, depth.saturating_add(2));
                    self.flush();
                }
            }
            return;
        }
        let caption = node
            .children()
            .find(|c| {
                c.value()
                    .as_element()
                    .is_some_and(|e| e.name() == "caption")
            })
            .map(|c| one_line(&self.inline_of(c, depth).1))
            .filter(|c| !c.is_empty());
        let infobox = el
            .classes()
            .any(|c| c.starts_with("infobox") || c == "vcard");
        self.in_cell = self.in_cell.saturating_add(1);
        self.summary_noise = self.summary_noise.saturating_add(1);
        let mut grid: Vec<Vec<Cell>> = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut cells = Vec::new();
            for (cell, cel) in Self::cells_of(*row) {
                let blocks = self.blocks_of(cell, depth.saturating_add(2));
                let (md, plain) = join_blocks(&blocks, " ");
                let span = cel
                    .attr("colspan")
                    .and_then(|s| s.trim().parse::<usize>().ok())
                    .unwrap_or(1)
                    .clamp(1, MAX_COLSPAN);
                cells.push(Cell {
                    header: cel.name() == "th",
                    md: one_line(&md),
                    plain: one_line(&plain),
                    span,
                });
            }
            if cells.iter().any(|c| !c.md.is_empty()) {
                grid.push(cells);
            }
        }
        self.in_cell = self.in_cell.saturating_sub(1);
        self.summary_noise = self.summary_noise.saturating_sub(1);
        if grid.is_empty() {
            return;
        }
        if infobox {
            self.infobox(grid, caption);
            return;
        }
        self.tables = self.tables.saturating_add(1);
        let meta = TableMeta {
            number: self.tables,
            caption: caption.clone(),
            rows: grid.len(),
        };
        let mut b = if self.opts.tables == TableStyle::Placeholder {
            let p = placeholder(&meta);
            Block::new(BlockKind::Table, p.clone(), p)
        } else {
            let (md, plain) = pipe_table(&grid, caption.as_deref());
            Block::new(BlockKind::Table, md, plain)
        };
        b.table = Some(meta);
        self.blocks.push(b);
    }

    /// Infoboxes read best as a key/value list, with their header rows as bold lines.
    fn infobox(&mut self, grid: Vec<Vec<Cell>>, caption: Option<String>) {
        // (is a list item, markdown, plain)
        let mut lines: Vec<(bool, String, String)> = Vec::new();
        if let Some(c) = caption {
            lines.push((false, format!("**{c}**"), c));
        }
        for row in grid {
            let heads: Vec<&Cell> = row
                .iter()
                .filter(|c| c.header && !c.md.is_empty())
                .collect();
            let data: Vec<&Cell> = row
                .iter()
                .filter(|c| !c.header && !c.md.is_empty())
                .collect();
            let data_md = data
                .iter()
                .map(|c| c.md.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let data_plain = data
                .iter()
                .map(|c| c.plain.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let head_plain = heads
                .iter()
                .map(|c| c.plain.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            match (heads.is_empty(), data.is_empty()) {
                (false, false) => lines.push((
                    true,
                    format!("- **{head_plain}**: {data_md}"),
                    format!("- {head_plain}: {data_plain}"),
                )),
                (false, true) => lines.push((false, format!("**{head_plain}**"), head_plain)),
                (true, false) => lines.push((false, data_md, data_plain)),
                (true, true) => {}
            }
        }
        let mut md = String::new();
        let mut plain = String::new();
        let mut prev_item: Option<bool> = None;
        for (item, m, p) in lines {
            if let Some(prev) = prev_item {
                let sep = if prev && item { "\n" } else { "\n\n" };
                md.push_str(sep);
                plain.push_str(sep);
            }
            md.push_str(&m);
            plain.push_str(&p);
            prev_item = Some(item);
        }
        let b = Block::new(BlockKind::Infobox, md, plain);
        self.push_block(b);
    }

    /// Stack Exchange (sotoki) posts: a question or answer container.
    fn is_post(&self, el: &Element<'_>) -> bool {
        classes(el).any(|c| c == "answer" || c == "question")
    }

    fn post(&mut self, node: NodeRef<'_>, el: &Element<'_>, depth: usize) {
        let is_answer = el.classes().any(|c| c == "answer");
        let accepted = el.classes().any(|c| c == "accepted-answer")
            || el.attr("itemprop") == Some("acceptedAnswer");
        let score = node
            .descendants()
            .filter_map(|n| n.value().as_element().map(|e| (n, e)))
            .find(|(_, e)| {
                e.classes()
                    .any(|c| c == "js-vote-count" || c == "vote-count-post")
                    || e.attr("itemprop") == Some("upvoteCount")
            })
            .map(|(n, e)| {
                let t: String = n
                    .descendants()
                    .filter_map(|d| d.value().as_text().map(|t| t.to_string()))
                    .collect();
                let t = one_line(&t);
                if t.is_empty() {
                    e.attr("data-value").unwrap_or("").to_string()
                } else {
                    t
                }
            })
            .filter(|s| !s.is_empty());
        let mut text = if is_answer {
            "Answer".to_string()
        } else {
            "Question".to_string()
        };
        let mut meta = Vec::new();
        if let Some(s) = score {
            meta.push(format!("score {s}"));
        }
        if accepted {
            meta.push("accepted".to_string());
        }
        if !meta.is_empty() {
            text = format!("{text} ({})", meta.join(", "));
        }
        let base = el
            .id()
            .filter(|id| !id.trim().is_empty())
            .map(|s| s.to_string())
            .unwrap_or_else(|| {
                if is_answer {
                    "answer".into()
                } else {
                    "question".into()
                }
            });
        let id = dedupe_id(base, &mut self.used_ids);
        let mut b = Block::new(BlockKind::Heading, format!("## {text}"), text.clone());
        b.level = 2;
        b.heading = Some((text, id));
        self.seen_heading = true;
        self.in_lead = false;
        self.in_nav_section = false;
        self.blocks.push(b);
        self.children(node, depth);
        self.flush();
    }
}

fn placeholder(meta: &TableMeta) -> String {
    match &meta.caption {
        Some(c) => format!("[Table {}: {}, {} rows]", meta.number, c, meta.rows),
        None => format!("[Table {}, {} rows]", meta.number, meta.rows),
    }
}

pub(crate) fn table_placeholder(meta: &TableMeta) -> String {
    placeholder(meta)
}

fn pipe_table(grid: &[Vec<Cell>], caption: Option<&str>) -> (String, String) {
    let width = grid
        .iter()
        .map(|r| r.iter().map(|c| c.span).sum::<usize>())
        .max()
        .unwrap_or(1)
        .clamp(1, MAX_COLSPAN);
    let render = |row: &[Cell], plain: bool| -> String {
        let mut cols: Vec<String> = Vec::with_capacity(width);
        for c in row {
            if cols.len() >= width {
                break;
            }
            let text = if plain { &c.plain } else { &c.md };
            cols.push(text.replace('|', "\\|"));
            for _ in 1..c.span {
                cols.push(String::new());
            }
        }
        cols.resize(width, String::new());
        format!("| {} |", cols.join(" | "))
    };
    let sep = format!("|{}", " --- |".repeat(width));
    let mut md = Vec::with_capacity(grid.len().saturating_add(2));
    let mut plain = Vec::with_capacity(grid.len().saturating_add(1));
    if let Some(c) = caption {
        md.push(format!("**{c}**"));
        md.push(String::new());
        plain.push(c.to_string());
    }
    for (i, row) in grid.iter().enumerate() {
        md.push(render(row, false));
        plain.push(render(row, true));
        if i == 0 {
            md.push(sep.clone());
        }
    }
    (md.join("\n"), plain.join("\n"))
}
