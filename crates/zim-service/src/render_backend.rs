//! [`RenderBackend`] on `zim-render`: Markdown, compact prose, summary / TOC / structure
//! views, sections and the link graph of an article.

use std::sync::Arc;

use serde_json::{Value, json};
use zim_reader::Entry;
use zim_render::{Budget, Document, RenderOptions};

use crate::backend::{HtmlSource, Markdown, RenderBackend};
use crate::cache::{Bounds, ResultCache};
use crate::error::ToolError;
use crate::registry::OpenArchive;
use crate::requests::LinkDirection;
use crate::requests::View;

/// Parsed documents kept for follow-up calls (TOC, then a section, then links...).
const PARSED_CACHE_ENTRIES: u64 = 32;
/// The parsed documents may hold this fraction (1/n) of the result cache's byte budget.
const PARSED_SHARE_OF_BUDGET: u64 = 4;
/// Most related articles computed for one page.
const MAX_RELATED: usize = 500;

type ParsedCache = moka::sync::Cache<(String, u32), Arc<Document>>;

/// The cache of parsed documents: at most [`PARSED_CACHE_ENTRIES`], and together at most a
/// [`PARSED_SHARE_OF_BUDGET`]th of `max_bytes` of heap (a parsed 8 MB page holds tens of MB, so
/// a count alone does not bound memory), through the result cache's [`Bounds`].
/// `max_bytes == 0` lifts the byte bound, as it does for the result cache.
fn parsed_cache(max_bytes: u64) -> ParsedCache {
    let budget = match max_bytes {
        0 => 0,
        bytes => (bytes / PARSED_SHARE_OF_BUDGET).max(1),
    };
    let bounds = Bounds::new(PARSED_CACHE_ENTRIES, budget);
    moka::sync::Cache::builder()
        .max_capacity(bounds.capacity())
        .weigher(move |_key, doc: &Arc<Document>| {
            bounds.weight(u64::try_from(doc.heap_bytes()).unwrap_or(u64::MAX))
        })
        .build()
}

pub struct ZimRenderBackend {
    options: RenderOptions,
    /// `None` when caching is off (`cache.enabled = false`): every call parses afresh, as
    /// openzim-mcp does with its cache off, so benchmarks of first calls stay honest.
    parsed: Option<ParsedCache>,
    /// The service's result cache, whose hit/miss figures count these lookups too: a page
    /// served from its parsed tree is repeated work avoided, as a cached result is.
    counted_in: Option<Arc<ResultCache>>,
}

impl ZimRenderBackend {
    /// A renderer that keeps the last parsed documents for follow-up calls (within the
    /// default result-cache byte budget).
    pub fn new() -> Self {
        Self::with_parsed_cache(true, crate::config::CacheConfig::default().max_bytes, None)
    }

    /// A renderer whose parsed-document cache is on or off; the service passes
    /// `config.cache.enabled`, so one switch turns every result cache off, `cache.max_bytes`,
    /// a share of which bounds the parsed documents, and its result cache, which counts the
    /// document cache's hits and misses.
    pub fn with_parsed_cache(
        enabled: bool,
        max_bytes: u64,
        counted_in: Option<Arc<ResultCache>>,
    ) -> Self {
        Self {
            options: RenderOptions::default(),
            parsed: enabled.then(|| parsed_cache(max_bytes)),
            counted_in,
        }
    }

    fn count(&self, hit: bool) {
        if let Some(cache) = &self.counted_in {
            cache.count_lookup(hit);
        }
    }

    fn document(&self, html: &HtmlSource<'_>) -> Result<Arc<Document>, ToolError> {
        let parse = || {
            Document::parse(html.text()?.as_bytes(), &self.options)
                .map(Arc::new)
                .map_err(|e| {
                    ToolError::archive("render_failed", format!("Cannot render this entry: {e}"))
                })
        };
        let Some(cache) = &self.parsed else {
            return parse();
        };
        // Entries are immutable under their archive's uuid (a rebuilt archive gets a new
        // one), so a hit is right without reading the content. The file size guards against
        // writers that leave the uuid zeroed or copy it.
        let entry = html.entry();
        let archive = entry.archive();
        let key = (
            format!("{}:{}", archive.uuid(), archive.filesize()),
            entry.index(),
        );
        if let Some(doc) = cache.get(&key) {
            self.count(true);
            return Ok(doc);
        }
        self.count(false);
        let doc = parse()?;
        cache.insert(key, Arc::clone(&doc));
        Ok(doc)
    }
}

impl Default for ZimRenderBackend {
    fn default() -> Self {
        Self::new()
    }
}

/// A cached document's Markdown, handed out without copying it.
struct DocumentMarkdown(Arc<Document>);

impl AsRef<str> for DocumentMarkdown {
    fn as_ref(&self) -> &str {
        self.0.markdown()
    }
}

fn title_of(entry: &Entry, doc: &Document) -> String {
    let own = entry.title();
    if own.is_empty() {
        doc.title().unwrap_or_default().to_owned()
    } else {
        own.to_owned()
    }
}

impl RenderBackend for ZimRenderBackend {
    fn markdown(
        &self,
        html: &HtmlSource<'_>,
        compact: Option<usize>,
    ) -> Result<Markdown, ToolError> {
        let doc = self.document(html)?;
        Ok(match compact {
            Some(chars) => Box::new(doc.compact(Budget::Chars(chars))),
            None => Box::new(DocumentMarkdown(doc)),
        })
    }

    fn view(
        &self,
        html: &HtmlSource<'_>,
        view: View,
        max_chars: usize,
    ) -> Result<Value, ToolError> {
        let entry = html.entry();
        let doc = self.document(html)?;
        let title = title_of(entry, &doc);
        Ok(match view {
            View::Summary => json!({
                "title": title,
                "path": entry.path(),
                "summary": doc.summary(max_chars),
            }),
            View::Toc => json!({
                "title": title,
                "path": entry.path(),
                "toc": doc.toc(),
            }),
            View::Structure => {
                let sections = doc.structure();
                json!({
                    "title": title,
                    "path": entry.path(),
                    "section_count": sections.len(),
                    "sections": sections,
                    "total_chars": doc.plain_text().chars().count(),
                })
            }
            View::Full => json!({
                "title": title,
                "path": entry.path(),
                "content": doc.markdown(),
            }),
        })
    }

    fn section(
        &self,
        html: &HtmlSource<'_>,
        section_id: &str,
        include_subsections: bool,
        max_chars: Option<u64>,
    ) -> Result<Value, ToolError> {
        let entry = html.entry();
        let doc = self.document(html)?;
        let Some(mut view) = doc.section_scoped(section_id.trim(), include_subsections) else {
            let sections = doc.structure();
            let total = sections.len();
            let listed: Vec<_> = sections.into_iter().take(100).collect();
            let ids: Vec<&str> = listed.iter().map(|s| s.id.as_str()).collect();
            let pairs: Vec<Value> = listed
                .iter()
                .map(|s| json!({"id": s.id, "title": s.title}))
                .collect();
            return Err(ToolError::not_found(
                "section_not_found",
                format!(
                    "No section with id='{}' in entry '{}'. `section_id` also accepts a \
                     section's heading title; `available_sections` pairs each id with its \
                     title, and `zim_get(view='toc')` lists them all.",
                    crate::text::truncate(section_id, 100),
                    entry.path()
                ),
            )
            .with_hint(format!("Available section ids: {}", ids.join(", ")))
            .with_extra("available_section_ids", json!(ids))
            .with_extra(
                "available_section_ids_truncated",
                json!(total > listed.len()),
            )
            .with_extra("available_section_ids_total", json!(total))
            .with_extra("available_sections", Value::Array(pairs)));
        };
        let full_chars = view.chars;
        let mut truncated = false;
        if let Some(max) = max_chars.and_then(|m| usize::try_from(m).ok())
            && view.chars > max
        {
            view.markdown = view.markdown.chars().take(max).collect();
            truncated = true;
        }
        let mut value = serde_json::to_value(&view).unwrap_or(Value::Null);
        if let Some(map) = value.as_object_mut() {
            map.insert("entry_path".into(), json!(entry.path()));
            map.insert("article_title".into(), json!(title_of(entry, &doc)));
            map.insert("full_chars".into(), json!(full_chars));
            map.insert("truncated".into(), json!(truncated));
        }
        Ok(value)
    }

    fn links(
        &self,
        archive: &OpenArchive,
        html: &HtmlSource<'_>,
        direction: LinkDirection,
    ) -> Result<Value, ToolError> {
        let entry = html.entry();
        let doc = self.document(html)?;
        let resolve = |path: &str| -> Option<String> {
            let found = archive.archive.entry_by_path(path).ok().flatten()?;
            let target = if found.is_redirect() {
                found.resolve().ok()?
            } else {
                found
            };
            Some(target.path().to_owned())
        };
        Ok(match direction {
            LinkDirection::Outbound => {
                let report = doc.links(entry.path(), &resolve);
                json!({
                    "entry_path": entry.path(),
                    "links": report.links,
                    "internal_count": report.counts.internal,
                    "external_count": report.counts.external,
                    "media_count": report.counts.media,
                    "missing_count": report.counts.missing,
                })
            }
            // Inbound links come from the knowledge index, never from the page itself.
            LinkDirection::Related | LinkDirection::Inbound => json!({
                "entry_path": entry.path(),
                "links": doc.related(entry.path(), &resolve, MAX_RELATED),
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(paragraphs: usize) -> Arc<Document> {
        let body: String = (0..paragraphs)
            .map(|i| format!("<p>Paragraph {i} of a page long enough to weigh something.</p>"))
            .collect();
        let html = format!("<html><body>{body}</body></html>");
        Arc::new(Document::parse(html.as_bytes(), &RenderOptions::default()).expect("renders"))
    }

    fn key(i: u32) -> (String, u32) {
        ("archive".to_owned(), i)
    }

    #[test]
    fn parsed_documents_stay_within_their_share_of_the_byte_budget() {
        let max_bytes = 4 << 20; // 1 MiB for parsed documents
        let cache = parsed_cache(max_bytes);
        let big = page(2_000);
        let size = u64::try_from(big.heap_bytes()).expect("fits");
        assert!(size > 100_000, "the test page should be big: {size}");
        for i in 0..40 {
            cache.insert(key(i), Arc::clone(&big));
        }
        cache.run_pending_tasks();
        assert!(cache.weighted_size() <= max_bytes / PARSED_SHARE_OF_BUDGET);
        assert!(cache.entry_count() >= 1);
        assert!(cache.entry_count() <= (max_bytes / PARSED_SHARE_OF_BUDGET) / size);
    }

    #[test]
    fn small_documents_are_capped_by_count_and_a_lifted_budget_keeps_the_count() {
        for max_bytes in [64 << 20, 0] {
            let cache = parsed_cache(max_bytes);
            let small = page(2);
            for i in 0..100 {
                cache.insert(key(i), Arc::clone(&small));
            }
            cache.run_pending_tasks();
            assert_eq!(
                cache.entry_count(),
                PARSED_CACHE_ENTRIES,
                "max_bytes {max_bytes}"
            );
        }
    }

    #[test]
    fn a_document_bigger_than_the_whole_share_is_not_kept() {
        let cache = parsed_cache(64 << 10); // 16 KiB for parsed documents
        cache.insert(key(0), page(2_000));
        cache.run_pending_tasks();
        assert_eq!(cache.entry_count(), 0);
    }
}
