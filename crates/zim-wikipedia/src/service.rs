//! The three methods, answered from local archives.
//!
//! Page ids: an article's id is its entry index in the archive's path-ordered directory plus
//! one (ids are positive). That is stable for a given archive file, costs nothing to compute,
//! and maps straight back (`pageById` reads entry `id - 1`). A redirect's id resolves to the
//! page it redirects to, and a page is always reported under its final id.

use std::sync::Arc;

use serde_json::{Value, json};
use zim_reader::{Archive, Entry};

use crate::cache::{self, CacheConfig, ResponseCache};
use crate::jsonrpc::{MethodHandler, RpcError};
use crate::lang;
use crate::params::{self, PAGE, PAGE_BY_ID, SEARCH};
use crate::titles;

/// One archive the API may answer from.
#[derive(Clone)]
pub struct WikiSource {
    /// The archive's file name, shown in errors and logs.
    pub name: String,
    pub archive: Archive,
    pub search: Arc<zim_search::ArchiveSearch>,
}

/// Where the API gets its archives from: the server's registry, which may change while running
/// (archives dropped into or removed from the directories).
pub trait WikiSources: Send + Sync {
    fn sources(&self) -> Vec<WikiSource>;

    /// Archives that are served but cannot be opened now, with the reason (named, with the
    /// language question, when no archive answers for a language).
    fn unavailable(&self) -> Vec<String> {
        Vec::new()
    }
}

impl WikiSources for Vec<WikiSource> {
    fn sources(&self) -> Vec<WikiSource> {
        self.clone()
    }
}

pub struct WikipediaApi {
    sources: Arc<dyn WikiSources>,
    cache: ResponseCache,
}

impl WikipediaApi {
    pub fn new(sources: Arc<dyn WikiSources>, cache: CacheConfig) -> Self {
        WikipediaApi {
            sources,
            cache: ResponseCache::new(cache),
        }
    }

    /// `wikipedia.search`: full-text hits (title matches when the archive has no full-text
    /// index), as `{title, snippet, pageid}`.
    pub fn search(&self, p: &params::SearchParams) -> Result<Value, RpcError> {
        let source = self.source_for(SEARCH, &p.lang)?;
        let key = cache::key(
            SEARCH,
            &p.lang,
            &p.query,
            // The answering archive's uuid: a replaced archive is never answered from the
            // cache of its predecessor.
            &format!(
                "limit={},offset={},archive={}",
                p.limit,
                p.offset,
                source.archive.uuid()
            ),
        );
        self.cache.get_or_compute(key, || search_source(&source, p))
    }

    /// `wikipedia.page`: the page with this title (redirects followed), or `null`.
    pub fn page(&self, p: &params::PageParams) -> Result<Value, RpcError> {
        let source = self.source_for(PAGE, &p.lang)?;
        let key = cache::key(PAGE, &p.lang, &p.title, &source.archive.uuid());
        self.cache.get_or_compute(key, || {
            let entry = find_by_title(&source.archive, &p.title).map_err(internal)?;
            page_value(entry)
        })
    }

    /// `wikipedia.pageById`: the page with this id (redirects followed), or `null`.
    pub fn page_by_id(&self, p: &params::PageByIdParams) -> Result<Value, RpcError> {
        let source = self.source_for(PAGE_BY_ID, &p.lang)?;
        let key = cache::key(
            PAGE_BY_ID,
            &p.lang,
            &p.id.to_string(),
            &source.archive.uuid(),
        );
        self.cache.get_or_compute(key, || {
            let index = p.id.checked_sub(1).and_then(|i| u32::try_from(i).ok());
            let entry = match index {
                Some(i) if i < source.archive.all_entry_count() => {
                    Some(source.archive.entry_at(i).map_err(internal)?)
                }
                _ => None,
            };
            page_value(entry)
        })
    }

    /// The archive answering for `lang`: those whose `Language` metadata lists it, Wikipedia
    /// archives first, then the one with most articles; ties by name, so the choice is stable.
    fn source_for(&self, method: &str, lang: &str) -> Result<WikiSource, RpcError> {
        let wanted = lang::request_to_iso639_3(lang);
        let mut served: Vec<String> = Vec::new();
        let mut best: Option<(bool, u32, WikiSource)> = None;
        for source in self.sources.sources() {
            let langs = archive_languages(&source.archive);
            served.extend(langs.iter().map(|l| lang::display_code(l)));
            if wanted.as_ref().is_none_or(|w| !langs.contains(w)) {
                continue;
            }
            let rank = (is_wikipedia(&source), source.archive.article_count());
            let better = match &best {
                None => true,
                Some((w, n, b)) => rank > (*w, *n) || (rank == (*w, *n) && source.name < b.name),
            };
            if better {
                best = Some((rank.0, rank.1, source));
            }
        }
        if let Some((_, _, source)) = best {
            return Ok(source);
        }
        served.sort();
        served.dedup();
        let available = if served.is_empty() {
            "none".to_owned()
        } else {
            served.join(", ")
        };
        // The archive for this language may be one that does not open: the message names
        // those too (the code stays the API's "invalid parameters" for an unserved language).
        let broken = self.sources.unavailable();
        let unreadable = if broken.is_empty() {
            String::new()
        } else {
            format!(
                "; {} archive(s) cannot be opened now: {}",
                broken.len(),
                broken
                    .iter()
                    .take(10)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        };
        Err(params::invalid(
            method,
            &format!(
                "no local archive serves language '{lang}' (languages served: {available}){unreadable}"
            ),
        ))
    }
}

impl MethodHandler for WikipediaApi {
    fn call(&self, method: &str, params: Option<&Value>) -> Result<Value, RpcError> {
        match method {
            SEARCH => self.search(&params::search(params)?),
            PAGE => self.page(&params::page(params)?),
            PAGE_BY_ID => self.page_by_id(&params::page_by_id(params)?),
            other => Err(RpcError::method_not_found(other)),
        }
    }
}

fn internal(e: impl std::fmt::Display) -> RpcError {
    RpcError::internal(format!("Internal error: {e}"))
}

fn archive_languages(archive: &Archive) -> Vec<String> {
    match archive.metadata("Language") {
        Ok(Some(blob)) => lang::archive_languages(&String::from_utf8_lossy(&blob)),
        _ => Vec::new(),
    }
}

fn is_wikipedia(source: &WikiSource) -> bool {
    let named = |s: &str| s.to_ascii_lowercase().contains("wikipedia");
    if named(&source.name) {
        return true;
    }
    ["Name", "Creator", "Title"].iter().any(|key| {
        matches!(source.archive.metadata(key), Ok(Some(blob)) if named(&String::from_utf8_lossy(&blob)))
    })
}

/// The article an entry stands for: redirects followed; only HTML pages are articles.
fn article(entry: Entry) -> Option<Entry> {
    let entry = entry.resolve().ok()?;
    let mime = entry.mimetype().ok()?;
    mime.starts_with("text/html").then_some(entry)
}

/// Looks a title up as Wikipedia would: as given, normalised, by title and by path.
fn find_by_title(archive: &Archive, title: &str) -> Result<Option<Entry>, zim_reader::ZimError> {
    let ns_prefix = if archive.has_new_namespace_scheme() {
        ""
    } else {
        "A/"
    };
    for candidate in titles::candidates(title) {
        if let Some(entry) = archive.entry_by_title(&candidate)?
            && let Some(found) = article(entry)
        {
            return Ok(Some(found));
        }
        for path in titles::path_forms(&candidate) {
            if let Some(entry) = archive.entry_by_path(&format!("{ns_prefix}{path}"))?
                && let Some(found) = article(entry)
            {
                return Ok(Some(found));
            }
        }
    }
    Ok(None)
}

fn page_id(entry: &Entry) -> u64 {
    u64::from(entry.index()) + 1
}

/// `{title, pageid, text: {"*": html}, sections}` or `null`.
fn page_value(entry: Option<Entry>) -> Result<Value, RpcError> {
    let Some(entry) = entry.and_then(article) else {
        return Ok(Value::Null);
    };
    let html = entry.content().map_err(internal)?;
    let parts = zim_render::wiki_page_parts(&html).map_err(internal)?;
    Ok(json!({
        "title": entry.title(),
        "pageid": page_id(&entry),
        "text": { "*": parts.body_html },
        "sections": parts.sections,
    }))
}

/// Longest search snippet, in characters.
const SNIPPET_CHARS: usize = 200;

/// Full-text hits, or title suggestions when the archive has no full-text index, each mapped
/// to its article (redirects followed; two hits on the same article count once).
fn search_source(source: &WikiSource, p: &params::SearchParams) -> Result<Value, RpcError> {
    let search = &source.search;
    let paths: Vec<String> = if search.capabilities().fulltext.is_available() {
        let request = zim_search::SearchRequest::new(p.query.clone(), p.offset, p.limit);
        search
            .search(&request)
            .map_err(internal)?
            .hits
            .into_iter()
            .map(|h| h.path)
            .collect()
    } else {
        search
            .suggest_page(&p.query, p.offset, p.limit)
            .map_err(internal)?
            .hits
            .into_iter()
            .map(|h| h.path)
            .collect()
    };
    let mut seen = std::collections::HashSet::new();
    let mut results = Vec::with_capacity(paths.len());
    for path in paths {
        let Some(entry) = source
            .archive
            .entry_by_path(&path)
            .map_err(internal)?
            .and_then(article)
        else {
            continue;
        };
        if !seen.insert(entry.index()) {
            continue;
        }
        results.push(json!({
            "title": entry.title(),
            "snippet": snippet(search, &p.query, &entry),
            "pageid": page_id(&entry),
        }));
    }
    Ok(Value::Array(results))
}

/// A plain-text passage of the article around the query's terms (the API's example snippets
/// carry no markup); empty when the page cannot be rendered.
fn snippet(search: &zim_search::ArchiveSearch, query: &str, entry: &Entry) -> String {
    let Ok(html) = entry.content() else {
        return String::new();
    };
    let Ok(doc) = zim_render::Document::parse(&html, &zim_render::RenderOptions::default()) else {
        return String::new();
    };
    strip_highlight(&search.snippet(query, doc.plain_text(), SNIPPET_CHARS))
}

/// Xapian marks matches `<b>...</b>` and escapes the text as HTML; undo both, and fold the
/// passage's line breaks and table/list layout into one line of prose.
fn strip_highlight(marked: &str) -> String {
    let text = marked
        .replace("<b>", "")
        .replace("</b>", "")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    text.split_whitespace()
        .filter(|w| *w != "|")
        .collect::<Vec<_>>()
        .join(" ")
}
