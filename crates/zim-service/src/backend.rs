//! Where full-text search and HTML rendering plug into the tools.
//!
//! The `zim-search` and `zim-render` crates are integrated behind these two traits, so the
//! tool layer (argument validation, rate limiting, path security, pagination) does not depend
//! on their internals, and tests can put stand-ins in their place. Without a search backend
//! the search tools answer with a `search_unavailable` error; a renderer without
//! structure-aware views answers them with `render_unavailable`.

use std::cell::OnceCell;

use serde_json::Value;
use zim_reader::Entry;

use crate::error::{ErrorKind, ToolError};
use crate::registry::OpenArchive;
use crate::requests::LinkDirection;
use crate::requests::View;
use crate::requests::ZimSearchArgs;

/// Full-text, title and suggestion search over one archive.
pub trait SearchBackend: Send + Sync {
    /// Run `args` (mode, query, filters) against `archive`, returning the mode's response
    /// object. `limit`/`offset` are already validated and resolved from the cursor.
    fn search(
        &self,
        archive: &OpenArchive,
        args: &ZimSearchArgs,
        limit: u32,
        offset: u32,
    ) -> Result<Value, ToolError>;

    /// Candidate pages for a question (`crate::retrieval`): one ranked list per source the
    /// backend can query. The default has no source, so the pipeline answers nothing.
    fn candidates(
        &self,
        archive: &OpenArchive,
        query: &CandidateQuery,
    ) -> Result<Vec<CandidateList>, ToolError> {
        let _ = (archive, query);
        Ok(Vec::new())
    }

    /// How many pages hold each word (`None` when the backend cannot tell): the pipeline
    /// weighs a rare word of the request above a common one.
    fn word_frequencies(&self, archive: &OpenArchive, words: &[String]) -> Option<WordFrequencies> {
        let _ = (archive, words);
        None
    }

    /// The archive's indexed words beginning with `prefix` (at most `max`), with how many
    /// pages hold each: its vocabulary, from which a misspelt request word is corrected.
    fn vocabulary(&self, archive: &OpenArchive, prefix: &str, max: u32) -> Vec<(String, u64)> {
        let _ = (archive, prefix, max);
        Vec::new()
    }
}

/// Document frequencies of words in an archive's full-text index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordFrequencies {
    /// Documents in the index.
    pub documents: u64,
    /// Documents holding each word, in the order asked.
    pub per_word: Vec<u64>,
}

/// What the question pipeline asks a search backend for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CandidateQuery {
    /// Every strong word: the archive's own (libzim) query, which wants all of them.
    pub all_words: String,
    /// Every content word: a best-match query (more and rarer words first).
    pub any_words: String,
    /// Compound words of the request the archive holds (`getsize`, `split_whitespace`), each
    /// searched alone: a compound found is an API name found, and one list per compound keeps
    /// index pages, which hold them all, from winning.
    pub compounds: Vec<String>,
    /// The all-words query with one word left out, for each of its words: the page that
    /// answers often lacks one word of the question ("delete" where it says "remove").
    pub relaxed: Vec<String>,
    /// Title prefixes to complete (identifiers as written, the request's noun phrase).
    pub suggest: Vec<String>,
    /// Hits wanted per list.
    pub depth: u32,
}

/// Where a candidate list came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CandidateSource {
    /// The archive's full-text index, every word required (its own ranking).
    AllWords,
    /// The full-text index, best match over any word.
    AnyWords,
    /// The title index, best match over any word.
    TitleWords,
    /// Title completion of a phrase or identifier.
    Suggest,
    /// The full-text index, best match over the request's compound words.
    Compound,
    /// The full-text index, every word but one required.
    Relaxed,
    /// The archive's knowledge index: sections (title, headings, text) and anchor texts.
    Sections,
    /// The knowledge index's page embeddings, nearest to the request's.
    Vectors,
}

impl CandidateSource {
    /// The name reported with each result.
    pub fn name(self) -> &'static str {
        match self {
            CandidateSource::AllWords => "fulltext",
            CandidateSource::AnyWords => "fulltext_any",
            CandidateSource::TitleWords => "title",
            CandidateSource::Suggest => "suggest",
            CandidateSource::Compound => "compound",
            CandidateSource::Relaxed => "fulltext_relaxed",
            CandidateSource::Sections => "sections",
            CandidateSource::Vectors => "semantic",
        }
    }
}

/// One ranked list of candidate pages, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidateList {
    pub source: CandidateSource,
    pub hits: Vec<CandidateHit>,
}

/// A candidate page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidateHit {
    /// The path as the other tools take it.
    pub path: String,
    pub title: String,
    /// The entry's index in the archive (redirects resolved by the caller), when known.
    pub entry_index: Option<u32>,
}

/// An HTML entry's text, read and decoded on first use only: a renderer that still holds
/// the parsed document never reads the entry again (for a 1 MB page, reading and decoding
/// were most of the cost of a repeated call).
pub struct HtmlSource<'a> {
    entry: &'a Entry,
    operation: &'static str,
    text: OnceCell<String>,
}

impl<'a> HtmlSource<'a> {
    /// `operation` names the tool step in the error if the entry cannot be read.
    pub fn new(entry: &'a Entry, operation: &'static str) -> Self {
        Self {
            entry,
            operation,
            text: OnceCell::new(),
        }
    }

    /// The entry being rendered.
    pub fn entry(&self) -> &'a Entry {
        self.entry
    }

    /// The entry's bytes as text (invalid UTF-8 replaced).
    pub fn text(&self) -> Result<&str, ToolError> {
        if let Some(text) = self.text.get() {
            return Ok(text);
        }
        let text = crate::tools::entry::entry_text(self.entry, self.operation)?;
        Ok(self.text.get_or_init(|| text))
    }
}

/// Rendered Markdown: owned, or shared with a cached document without a copy.
pub type Markdown = Box<dyn AsRef<str> + Send + Sync>;

/// HTML to Markdown/text and the structure-aware views of an article.
pub trait RenderBackend: Send + Sync {
    /// The article body as Markdown (or plain text); `compact` asks for the
    /// token-budgeted rendering within that many characters.
    fn markdown(
        &self,
        html: &HtmlSource<'_>,
        compact: Option<usize>,
    ) -> Result<Markdown, ToolError>;

    /// `view` = summary / toc / structure as a JSON response; `max_chars` caps a summary.
    fn view(
        &self,
        html: &HtmlSource<'_>,
        view: View,
        max_chars: usize,
    ) -> Result<Value, ToolError> {
        let _ = (html, max_chars);
        Err(render_unavailable(&format!("zim_get(view=\"{view:?}\")")))
    }

    /// One section by heading id.
    fn section(
        &self,
        html: &HtmlSource<'_>,
        section_id: &str,
        include_subsections: bool,
        max_chars: Option<u64>,
    ) -> Result<Value, ToolError> {
        let _ = (html, section_id, include_subsections, max_chars);
        Err(render_unavailable("zim_get_section"))
    }

    /// Outbound or related links, unpaginated: `{"links": [...], ...}` (the tool paginates
    /// the `links` array and renames it `outbound_links` / `related`).
    fn links(
        &self,
        archive: &OpenArchive,
        html: &HtmlSource<'_>,
        direction: LinkDirection,
    ) -> Result<Value, ToolError> {
        let _ = (archive, html, direction);
        Err(render_unavailable("zim_links"))
    }
}

pub fn render_unavailable(what: &str) -> ToolError {
    ToolError::new(
        ErrorKind::Unavailable,
        "render_unavailable",
        format!("{what} needs the structure-aware renderer, which this build does not include"),
    )
}

pub fn search_unavailable() -> ToolError {
    ToolError::new(
        ErrorKind::Unavailable,
        "search_unavailable",
        "Search is not available in this build (no search backend is installed)",
    )
    .with_hint("Use zim_browse to list entries or zim_get with a known entry_path")
}
