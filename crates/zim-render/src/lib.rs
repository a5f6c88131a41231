//! HTML in, LLM-friendly text out: the content renderer of zim-mcp.
//!
//! Pure (no archive access, no I/O): [`Document::parse`] takes the bytes of an HTML
//! entry and builds a cleaned article once (Markdown and plain text, sections, links),
//! which the views then query: [`Document::summary`], [`Document::toc`],
//! [`Document::structure`], [`Document::section`], [`Document::compact`],
//! [`Document::links`], [`Document::related`]. [`page`] cuts any text into pages by
//! character offsets; [`wiki_page_parts`] serves a MediaWiki-parse-API-like endpoint;
//! [`html_text`] reads a page's plain text up to a budget in one streaming pass.
//!
//! Parser choice: html5ever (the spec-compliant HTML5 tree builder used by Servo) building
//! our own compact tree (`dom.rs`: 48-byte nodes linked by `u32` indices, one shared text
//! buffer). Every view here needs the tree (tables, lists, section boundaries, heading ids of
//! enclosing `<section>`s); the tree is walked without recursion where depth is unbounded
//! and dropped flat, which keeps hostile nesting safe. Parsing dominates the cost; the render
//! itself is one pass. The places that need no tree stream the page once through `lol_html`
//! with the same noise rules: [`wiki_page_parts`] (body HTML minus chrome, plus the heading
//! list; 3-7 times faster than its tree version, which stays as its fallback and as the
//! reference its equivalence tests compare against), [`page_lead`] and [`html_text`] (plain
//! text for snippets and previews, stopping at a character budget). Character references
//! are decoded with html5ever's own entity table on both paths.
#![forbid(unsafe_code)]

mod attrs;
mod compact;
mod convert;
mod depth_guard;
mod document;
mod dom;
mod entities;
mod error;
mod inline;
mod lead;
mod links;
mod noise;
mod options;
mod paging;
mod plain;
mod text;
mod wiki;
mod wiki_stream;

pub use document::{Document, SectionInfo, SectionText, SectionView, TocNode};
pub use error::RenderError;
pub use lead::page_lead;
pub use links::{Link, LinkCounts, LinkKind, LinkReport, RelatedLink, resolve_relative};
pub use options::{Budget, DEFAULT_MAX_INPUT_BYTES, LinkStyle, RenderOptions, TableStyle};
pub use paging::{Page, page};
pub use plain::html_text;
pub use text::prefix_within;
pub use wiki::{WikiPage, WikiSection, parsed_shape, wiki_page_parts, wiki_page_parts_dom};

/// Renders a whole page to Markdown with default options (convenience for one-shot use).
pub fn html_to_markdown(html: &[u8]) -> Result<String, RenderError> {
    Document::parse(html, &RenderOptions::default()).map(|d| d.markdown().to_string())
}
