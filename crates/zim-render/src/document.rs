//! The parsed article and its views: full Markdown/plain text, summary, table of
//! contents, structure and single sections.

use std::ops::Range;

use serde::Serialize;

use crate::compact::compact_blocks;
use crate::convert::{BlockKind, RawLink, TableMeta, convert};
use crate::error::RenderError;
use crate::options::{Budget, RenderOptions};
use crate::text::{decode_lossy, truncate_chars, word_count};

/// Separator between blocks in the rendered text.
const BLOCK_SEP: &str = "\n\n";

#[derive(Debug, Clone)]
pub(crate) struct BlockMeta {
    pub kind: BlockKind,
    pub md: Range<usize>,
    pub plain: Range<usize>,
    pub summary_ok: bool,
    pub table: Option<TableMeta>,
    pub level: u8,
}

#[derive(Debug, Clone)]
pub(crate) struct HeadingMeta {
    pub block: usize,
    pub level: u8,
    pub id: String,
    pub text: String,
}

/// A node of the table of contents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TocNode {
    pub id: String,
    pub title: String,
    pub level: u8,
    pub children: Vec<TocNode>,
}

/// Size of one section (its own text, without subsections, and in total).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SectionInfo {
    pub id: String,
    pub title: String,
    pub level: u8,
    pub parent_id: Option<String>,
    /// Characters of the section's own plain text (headings and subsections excluded).
    pub chars: usize,
    pub words: usize,
    /// Characters of the plain text including subsections.
    pub total_chars: usize,
}

/// A section's own text, for indexing: the lead (text before the first heading, `id`
/// `None`) or one heading's section without its subsections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionText {
    /// The heading's anchor; `None` for the lead.
    pub id: Option<String>,
    /// The titles of the enclosing headings, outermost first, then this heading's.
    pub heading_path: Vec<String>,
    /// Plain text of the section's own blocks, at most the `max_chars` asked for.
    pub text: String,
}

/// One section with its body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SectionView {
    pub id: String,
    pub title: String,
    pub level: u8,
    pub parent_id: Option<String>,
    /// Markdown of the body including subsections (with their headings), without the
    /// section's own heading line.
    pub markdown: String,
    /// Length of `markdown` in characters.
    pub chars: usize,
    pub prev_id: Option<String>,
    pub next_id: Option<String>,
    /// Ids of the direct subsections.
    pub subsections: Vec<String>,
}

/// A parsed, cleaned article: built once, queried many times. It keeps no reference to
/// the HTML and is `Send + Sync`.
#[derive(Debug, Clone)]
pub struct Document {
    title: Option<String>,
    markdown: String,
    plain: String,
    pub(crate) blocks: Vec<BlockMeta>,
    pub(crate) headings: Vec<HeadingMeta>,
    /// The page's `<h1>` title block when it carries an anchor (MediaWiki's `title_0`):
    /// other tools address the whole article as a section by that id.
    title_heading: Option<HeadingMeta>,
    pub(crate) links: Vec<RawLink>,
}

impl Document {
    /// Parses and renders a page. Bytes that are not valid UTF-8 are replaced.
    /// Fails only when the input exceeds `opts.max_input_bytes`.
    pub fn parse(html: &[u8], opts: &RenderOptions) -> Result<Document, RenderError> {
        if html.len() > opts.max_input_bytes {
            return Err(RenderError::InputTooLarge {
                len: html.len(),
                max: opts.max_input_bytes,
            });
        }
        let source = decode_lossy(html);
        let tree = crate::dom::Dom::parse(&crate::depth_guard::limit_nesting(&source));
        let converted = convert(&tree, opts);
        drop(tree);
        let mut markdown = String::new();
        let mut plain = String::new();
        let mut blocks = Vec::with_capacity(converted.blocks.len());
        let mut headings = Vec::new();
        let mut title_heading = None;
        for (i, b) in converted.blocks.into_iter().enumerate() {
            if i > 0 {
                markdown.push_str(BLOCK_SEP);
                plain.push_str(BLOCK_SEP);
            }
            let md_start = markdown.len();
            markdown.push_str(&b.md);
            let plain_start = plain.len();
            plain.push_str(&b.plain);
            match (b.kind, b.heading) {
                (BlockKind::Heading, Some((text, id))) => headings.push(HeadingMeta {
                    block: i,
                    level: b.level,
                    id,
                    text,
                }),
                (BlockKind::Title, Some((text, id)))
                    if title_heading.is_none() && !id.trim().is_empty() =>
                {
                    title_heading = Some(HeadingMeta {
                        block: i,
                        level: b.level,
                        id,
                        text,
                    });
                }
                _ => {}
            }
            blocks.push(BlockMeta {
                kind: b.kind,
                md: md_start..markdown.len(),
                plain: plain_start..plain.len(),
                summary_ok: b.summary_ok,
                table: b.table,
                level: b.level,
            });
        }
        Ok(Document {
            title: converted.title,
            markdown,
            plain,
            blocks,
            headings,
            title_heading,
            links: converted.links,
        })
    }

    /// Approximately how many bytes of heap this document holds (its texts, block and heading
    /// tables, links), for caches that bound what they keep by size.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        let heading = |h: &HeadingMeta| h.id.capacity() + h.text.capacity();
        let tables: usize = self
            .blocks
            .iter()
            .filter_map(|b| b.table.as_ref())
            .filter_map(|t| t.caption.as_ref())
            .map(String::capacity)
            .sum();
        let links: usize = self
            .links
            .iter()
            .map(|l| l.href.capacity() + l.text.capacity())
            .sum();
        size_of::<Self>()
            + self.title.as_ref().map_or(0, String::capacity)
            + self.markdown.capacity()
            + self.plain.capacity()
            + self.blocks.capacity() * size_of::<BlockMeta>()
            + tables
            + self.headings.capacity() * size_of::<HeadingMeta>()
            + self.headings.iter().map(heading).sum::<usize>()
            + self.title_heading.as_ref().map_or(0, heading)
            + self.links.capacity() * size_of::<RawLink>()
            + links
    }

    /// The page title (`<title>`, else the first `<h1>`).
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The whole article as Markdown.
    pub fn markdown(&self) -> &str {
        &self.markdown
    }

    /// The whole article as plain text (no link targets or emphasis markers).
    pub fn plain_text(&self) -> &str {
        &self.plain
    }

    pub(crate) fn block_md(&self, i: usize) -> &str {
        self.blocks
            .get(i)
            .and_then(|b| self.markdown.get(b.md.clone()))
            .unwrap_or("")
    }

    pub(crate) fn block_plain(&self, i: usize) -> &str {
        self.blocks
            .get(i)
            .and_then(|b| self.plain.get(b.plain.clone()))
            .unwrap_or("")
    }

    /// Index of the first block of the first section (= end of the lead).
    pub(crate) fn lead_end(&self) -> usize {
        self.headings
            .first()
            .map(|h| h.block)
            .unwrap_or(self.blocks.len())
    }

    /// The opening paragraph(s) as plain text, at most `max_chars` characters: the
    /// paragraphs before the first section heading, skipping infoboxes, hatnotes,
    /// coordinates, captions and empty paragraphs, and stopping at the first list, code
    /// block or table after the prose has started (a paragraph introducing it with a
    /// colon is dropped). A lead without prose but with a list is summarised by the
    /// list; a page without a lead (mdBook chapters start with a heading) by its first
    /// prose paragraphs.
    pub fn summary(&self, max_chars: usize) -> String {
        let lead_end = self.lead_end();
        let mut picked = self.opening_paragraphs(0, lead_end);
        if picked.is_empty() {
            // A lead made of a list (tip pages) is summarised by that list.
            if let Some(list) = (0..lead_end).find(|&i| {
                self.blocks
                    .get(i)
                    .is_some_and(|b| b.kind == BlockKind::List)
            }) {
                return truncate_chars(self.block_plain(list), max_chars);
            }
            picked = self.opening_paragraphs(0, self.blocks.len());
        }
        let mut out = String::new();
        for i in picked {
            let p = self.block_plain(i);
            let sep = if out.is_empty() { 0 } else { 2 };
            let used = out.chars().count();
            if used + sep + p.chars().count() > max_chars {
                if out.is_empty() {
                    out = truncate_chars(p, max_chars);
                }
                break;
            }
            if sep > 0 {
                out.push_str("\n\n");
            }
            out.push_str(p);
        }
        out
    }

    /// Indices of the run of prose paragraphs starting at the first one in `from..to`.
    fn opening_paragraphs(&self, from: usize, to: usize) -> Vec<usize> {
        let mut picked: Vec<usize> = Vec::new();
        for i in from..to {
            let Some(b) = self.blocks.get(i) else {
                break;
            };
            if self.is_prose(i) {
                picked.push(i);
                continue;
            }
            let interrupts = matches!(
                b.kind,
                BlockKind::List
                    | BlockKind::Code
                    | BlockKind::Table
                    | BlockKind::Quote
                    | BlockKind::DefList
                    | BlockKind::Heading
            );
            if interrupts && !picked.is_empty() {
                if picked.len() > 1
                    && picked
                        .last()
                        .is_some_and(|&l| self.block_plain(l).trim_end().ends_with(':'))
                {
                    picked.pop();
                }
                break;
            }
        }
        picked
    }

    fn is_prose(&self, i: usize) -> bool {
        self.blocks
            .get(i)
            .is_some_and(|b| b.kind == BlockKind::Paragraph && b.summary_ok)
            && self.block_plain(i).chars().count() >= 2
    }

    /// Hierarchical headings. A heading deeper than the previous one nests under it,
    /// whatever the jump in level (h2 then h4 nests directly).
    pub fn toc(&self) -> Vec<TocNode> {
        let mut roots: Vec<TocNode> = Vec::new();
        let mut stack: Vec<TocNode> = Vec::new();
        for h in &self.headings {
            while stack.last().is_some_and(|top| top.level >= h.level) {
                if let Some(done) = stack.pop() {
                    attach(&mut stack, &mut roots, done);
                }
            }
            stack.push(TocNode {
                id: h.id.clone(),
                title: h.text.clone(),
                level: h.level,
                children: Vec::new(),
            });
        }
        while let Some(done) = stack.pop() {
            attach(&mut stack, &mut roots, done);
        }
        roots
    }

    /// Index (in `headings`) of the parent heading of heading `hi`.
    fn parent_of(&self, hi: usize) -> Option<usize> {
        let level = self.headings.get(hi)?.level;
        (0..hi)
            .rev()
            .find(|&j| self.headings.get(j).is_some_and(|h| h.level < level))
    }

    /// Block range of heading `hi`'s own content and of its content with subsections.
    fn section_blocks(&self, hi: usize) -> Option<(Range<usize>, Range<usize>)> {
        let h = self.headings.get(hi)?;
        let start = h.block.saturating_add(1);
        let own_end = self
            .headings
            .get(hi + 1)
            .map(|n| n.block)
            .unwrap_or(self.blocks.len());
        let full_end = self
            .headings
            .iter()
            .skip(hi + 1)
            .find(|n| n.level <= h.level)
            .map(|n| n.block)
            .unwrap_or(self.blocks.len());
        Some((start..own_end, start..full_end))
    }

    fn plain_chars(&self, range: Range<usize>) -> (usize, usize) {
        let mut chars = 0usize;
        let mut words = 0usize;
        for i in range {
            if self
                .blocks
                .get(i)
                .is_some_and(|b| b.kind == BlockKind::Heading)
            {
                continue;
            }
            let t = self.block_plain(i);
            chars = chars.saturating_add(t.chars().count());
            words = words.saturating_add(word_count(t));
        }
        (chars, words)
    }

    /// The lead and every section's own plain text (each at most `max_chars`
    /// characters), with its heading path: what a section index holds of a page.
    pub fn section_texts(&self, max_chars: usize) -> Vec<SectionText> {
        let mut out = Vec::with_capacity(self.headings.len().saturating_add(1));
        let lead = self.plain_text_of(0..self.lead_end(), max_chars);
        if !lead.is_empty() {
            out.push(SectionText {
                id: None,
                heading_path: Vec::new(),
                text: lead,
            });
        }
        for (hi, h) in self.headings.iter().enumerate() {
            let Some((own, _)) = self.section_blocks(hi) else {
                continue;
            };
            let mut heading_path = Vec::new();
            let mut parent = self.parent_of(hi);
            while let Some(p) = parent {
                if let Some(ph) = self.headings.get(p) {
                    heading_path.push(ph.text.clone());
                }
                parent = self.parent_of(p);
            }
            heading_path.reverse();
            heading_path.push(h.text.clone());
            out.push(SectionText {
                id: Some(h.id.clone()),
                heading_path,
                text: self.plain_text_of(own, max_chars),
            });
        }
        out
    }

    /// The plain text of the non-heading blocks in `range`, blocks separated by a space,
    /// cut at `max_chars` characters.
    fn plain_text_of(&self, range: Range<usize>, max_chars: usize) -> String {
        let mut text = String::new();
        let mut chars = 0usize;
        for i in range {
            if chars >= max_chars {
                break;
            }
            if self
                .blocks
                .get(i)
                .is_none_or(|b| b.kind == BlockKind::Heading)
            {
                continue;
            }
            let block = self.block_plain(i).trim();
            if block.is_empty() {
                continue;
            }
            if !text.is_empty() {
                text.push(' ');
                chars = chars.saturating_add(1);
            }
            let room = max_chars.saturating_sub(chars);
            let taken: String = block.chars().take(room).collect();
            chars = chars.saturating_add(taken.chars().count());
            text.push_str(&taken);
        }
        text
    }

    /// Every section with its size.
    pub fn structure(&self) -> Vec<SectionInfo> {
        let mut out = Vec::with_capacity(self.headings.len());
        for (hi, h) in self.headings.iter().enumerate() {
            let Some((own, full)) = self.section_blocks(hi) else {
                continue;
            };
            let (chars, words) = self.plain_chars(own);
            let (total_chars, _) = self.plain_chars(full);
            out.push(SectionInfo {
                id: h.id.clone(),
                title: h.text.clone(),
                level: h.level,
                parent_id: self
                    .parent_of(hi)
                    .and_then(|p| self.headings.get(p))
                    .map(|p| p.id.clone()),
                chars,
                words,
                total_chars,
            });
        }
        out
    }

    /// The section with this id, with its subsections. The id is matched exactly first;
    /// then the anchor of the page's `<h1>` (MediaWiki's `title_0`) names the whole
    /// article; then, as openzim-mcp does, a heading title: equal after case folding and
    /// whitespace collapsing, else containing the request (3 characters at least).
    pub fn section(&self, id: &str) -> Option<SectionView> {
        self.section_scoped(id, true)
    }

    /// [`section`](Self::section), with or without the subsections' content: without, the
    /// body stops at the first subheading (`subsections` still lists them, to fetch one by
    /// one). The title section is the article's lead either way.
    pub fn section_scoped(&self, id: &str, include_subsections: bool) -> Option<SectionView> {
        if let Some(hi) = self.headings.iter().position(|h| h.id == id) {
            return self.heading_section(hi, include_subsections);
        }
        if let Some(title) = self.title_heading.as_ref().filter(|t| t.id == id) {
            return Some(self.title_section(title));
        }
        self.heading_section(self.heading_by_title(id)?, include_subsections)
    }

    /// Index of the heading whose title answers to `wanted` (see [`Document::section`]).
    fn heading_by_title(&self, wanted: &str) -> Option<usize> {
        let wanted = fold_title(wanted);
        if wanted.is_empty() {
            return None;
        }
        if let Some(hi) = self
            .headings
            .iter()
            .position(|h| fold_title(&h.text) == wanted)
        {
            return Some(hi);
        }
        if wanted.chars().count() < 3 {
            return None;
        }
        self.headings
            .iter()
            .position(|h| fold_title(&h.text).contains(&wanted))
    }

    /// The whole article below its `<h1>` as one level-1 section.
    fn title_section(&self, title: &HeadingMeta) -> SectionView {
        let start = title.block.saturating_add(1);
        let markdown = self.blocks_markdown(start..self.blocks.len());
        let subsections = (0..self.headings.len())
            .filter(|&j| self.parent_of(j).is_none())
            .filter_map(|j| self.headings.get(j))
            .filter(|h| h.block > title.block)
            .map(|h| h.id.clone())
            .collect();
        SectionView {
            id: title.id.clone(),
            title: title.text.clone(),
            level: title.level,
            parent_id: None,
            chars: markdown.chars().count(),
            markdown,
            prev_id: None,
            next_id: self
                .headings
                .iter()
                .find(|h| h.block > title.block)
                .map(|h| h.id.clone()),
            subsections,
        }
    }

    /// Markdown of the blocks in `range`, separators included.
    fn blocks_markdown(&self, range: Range<usize>) -> String {
        match (
            self.blocks.get(range.start),
            range.end.checked_sub(1).and_then(|l| self.blocks.get(l)),
        ) {
            (Some(first), Some(last)) if range.start < range.end => self
                .markdown
                .get(first.md.start..last.md.end)
                .unwrap_or("")
                .to_string(),
            _ => String::new(),
        }
    }

    fn heading_section(&self, hi: usize, include_subsections: bool) -> Option<SectionView> {
        let h = self.headings.get(hi)?;
        let (own, full) = self.section_blocks(hi)?;
        let markdown = self.blocks_markdown(if include_subsections { full } else { own });
        let subsections = self
            .headings
            .iter()
            .enumerate()
            .skip(hi + 1)
            .take_while(|(_, n)| n.level > h.level)
            .filter(|(j, _)| self.parent_of(*j) == Some(hi))
            .map(|(_, n)| n.id.clone())
            .collect();
        Some(SectionView {
            id: h.id.clone(),
            title: h.text.clone(),
            level: h.level,
            parent_id: self
                .parent_of(hi)
                .and_then(|p| self.headings.get(p))
                .map(|p| p.id.clone()),
            chars: markdown.chars().count(),
            markdown,
            prev_id: hi
                .checked_sub(1)
                .and_then(|p| self.headings.get(p))
                .map(|p| p.id.clone()),
            next_id: self.headings.get(hi + 1).map(|n| n.id.clone()),
            subsections,
        })
    }

    /// The most informative content within `budget` characters, as Markdown (prose
    /// as plain text): title and opening paragraph first, then the top-level headings,
    /// the first sentence of each section, deeper headings, table placeholders, and
    /// whole first paragraphs as the budget allows, printed in document order. The
    /// result never exceeds the budget.
    pub fn compact(&self, budget: Budget) -> String {
        compact_blocks(self, budget.chars())
    }
}

/// A heading title folded for lenient comparison: whitespace collapsed, lowercased.
fn fold_title(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn attach(stack: &mut [TocNode], roots: &mut Vec<TocNode>, node: TocNode) {
    match stack.last_mut() {
        Some(parent) => parent.children.push(node),
        None => roots.push(node),
    }
}
