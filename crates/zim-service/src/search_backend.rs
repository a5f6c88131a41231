//! [`SearchBackend`] on `zim-search`: full-text search, exact-title lookup and title
//! suggestions through the Xapian indexes the archives embed (with title-listing fallbacks).

use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::Mutex;
use serde_json::{Value, json};
use zim_search::{ArchiveSearch, ResultSource, SearchHit, SearchRequest, SuggestSource};

use crate::backend::{
    CandidateHit, CandidateList, CandidateQuery, CandidateSource, SearchBackend, WordFrequencies,
};
use crate::cache::ResultCache;
use crate::error::ToolError;
use crate::presets::{ArchivePreset, ArchiveSignals, Presets};
use crate::registry::OpenArchive;
use crate::requests::{SearchMode, ZimSearchArgs};
use crate::tools::namespace::parse_namespace;

/// Hits asked of each relaxed (all words but one) query.
const RELAXED_DEPTH: u32 = 20;

/// Characters of a result snippet.
const SNIPPET_CHARS: usize = 300;
/// Bytes of an entry read to build its snippet (articles can be megabytes).
const SNIPPET_SOURCE_BYTES: usize = 200_000;
/// Characters of an entry's text searched for the snippet's passage.
const SNIPPET_TEXT_CHARS: usize = 50_000;
/// openzim-mcp's `search.structured_suggestions_limit` default.
pub const DEFAULT_SUGGESTIONS_LIMIT: usize = 5;

/// One alternative offered by a fruitless search, in openzim-mcp's `_meta.suggestions` shape:
/// `alt_spelling` (a title to search for instead) or `alt_archive` (another archive).
pub fn structured_suggestion(kind: &str, value: &str) -> Value {
    json!({"type": kind, "value": value})
}

/// A site-suffixed title's own name: the part before its first ` | ` or `: `
/// (`Diabetes | MedlinePlus` -> `Diabetes`).
fn leading_title_segment(title: &str) -> &str {
    [" | ", ": "]
        .iter()
        .filter_map(|sep| title.find(sep))
        .min()
        .map_or(title, |at| title.get(..at).unwrap_or(title))
        .trim()
}

pub struct ZimSearchBackend {
    /// One searcher per archive (by uuid): its Xapian handles are opened once and reused.
    searchers: Mutex<HashMap<String, Arc<ArchiveSearch>>>,
    /// The service's result cache (responses of repeated calls: same archive, mode, query,
    /// page and filters); `None` searches afresh every time.
    results: Option<Arc<ResultCache>>,
    /// `search.fuzzy_title_min_query_len` and `search.fuzzy_title_score_penalty`: a title
    /// lookup that finds no title of a single word this long takes the title one edit away,
    /// reported as `typo_corrected` with this score.
    fuzzy_min_chars: usize,
    fuzzy_score: f64,
    /// `search.structured_suggestions_limit`: most alternatives (`structured_suggestions`,
    /// which the wire layer sends as `_meta.suggestions`) a fruitless search offers.
    suggestions_limit: usize,
    /// Archive-type presets: a preset's `snippet_length` sets the snippets' length, and the
    /// type it applies as is reported (`preset_applied`).
    presets: Arc<Presets>,
}

impl ZimSearchBackend {
    /// A backend without a response cache.
    pub fn new() -> Self {
        Self::with_result_cache(None)
    }

    /// A backend keeping its responses in `cache` (the service passes its own, so they share
    /// its bounds, TTL, statistics and persistence, and its on/off switch).
    pub fn with_result_cache(cache: Option<Arc<ResultCache>>) -> Self {
        Self {
            searchers: Mutex::new(HashMap::new()),
            results: cache,
            fuzzy_min_chars: 4,
            fuzzy_score: 0.85,
            suggestions_limit: DEFAULT_SUGGESTIONS_LIMIT,
            presets: Arc::new(Presets::builtin()),
        }
    }

    /// The archive-type presets in force (the built-in ones by default).
    pub fn with_presets(mut self, presets: Arc<Presets>) -> Self {
        self.presets = presets;
        self
    }

    /// The preset that applies to `archive`, with the type it applies as.
    fn preset(&self, archive: &OpenArchive) -> Option<(ArchivePreset, String)> {
        self.presets
            .resolve(&ArchiveSignals::read(&archive.archive))
    }

    /// The most alternatives a fruitless search offers (openzim-mcp's default: 5).
    pub fn with_suggestions_limit(mut self, limit: usize) -> Self {
        self.suggestions_limit = limit;
        self
    }

    /// The typo-tolerant title lookup's settings (openzim-mcp's defaults: 4, 0.85).
    pub fn with_fuzzy_titles(mut self, min_chars: usize, score: f64) -> Self {
        self.fuzzy_min_chars = min_chars;
        self.fuzzy_score = score;
        self
    }

    fn searcher(&self, open: &OpenArchive) -> Arc<ArchiveSearch> {
        let key = format!("{}:{}", open.archive.uuid(), open.file.display);
        let mut map = self.searchers.lock();
        Arc::clone(
            map.entry(key)
                .or_insert_with(|| Arc::new(ArchiveSearch::new(open.archive.clone()))),
        )
    }
}

impl Default for ZimSearchBackend {
    fn default() -> Self {
        Self::new()
    }
}

fn search_error(err: impl std::fmt::Display) -> ToolError {
    ToolError::archive("search_failed", format!("Search failed: {err}"))
}

/// Plain text of an entry, for snippets (empty when it cannot be read).
fn entry_text(searcher: &ArchiveSearch, index: Option<u32>) -> String {
    let Some(entry) = index.and_then(|i| searcher.archive().entry_at(i).ok()) else {
        return String::new();
    };
    let Ok(blob) = entry.resolve().and_then(|e| e.content()) else {
        return String::new();
    };
    let bytes = blob
        .get(..SNIPPET_SOURCE_BYTES.min(blob.len()))
        .unwrap_or(&[]);
    zim_render::html_text(bytes, SNIPPET_TEXT_CHARS)
}

impl SearchBackend for ZimSearchBackend {
    fn search(
        &self,
        archive: &OpenArchive,
        args: &ZimSearchArgs,
        limit: u32,
        offset: u32,
    ) -> Result<Value, ToolError> {
        let preset = match args.mode {
            SearchMode::Fulltext => self.preset(archive),
            _ => None,
        };
        let Some(cache) = &self.results else {
            return self.search_uncached(archive, args, limit, offset, preset.as_ref());
        };
        // Everything the response depends on; archives are immutable under their uuid (the
        // preset is read from the archive, but the operator's file may change between runs
        // of a persisted cache).
        let key = format!(
            "{}:{}\u{1f}{:?}\u{1f}{}\u{1f}{limit}\u{1f}{offset}\u{1f}{:?}\u{1f}{:?}\u{1f}{:?}",
            archive.archive.uuid(),
            archive.file.display,
            args.mode,
            args.query.trim(),
            args.namespace,
            args.content_type,
            preset,
        );
        let value = cache.get_or_try_insert(&key, || {
            self.search_uncached(archive, args, limit, offset, preset.as_ref())
        })?;
        Ok(Value::clone(&value))
    }

    fn word_frequencies(&self, archive: &OpenArchive, words: &[String]) -> Option<WordFrequencies> {
        let (documents, per_word) = self.searcher(archive).word_frequencies(words)?;
        Some(WordFrequencies {
            documents,
            per_word,
        })
    }

    fn vocabulary(&self, archive: &OpenArchive, prefix: &str, max: u32) -> Vec<(String, u64)> {
        self.searcher(archive).vocabulary(prefix, max)
    }

    fn candidates(
        &self,
        archive: &OpenArchive,
        query: &CandidateQuery,
    ) -> Result<Vec<CandidateList>, ToolError> {
        let searcher = self.searcher(archive);
        let depth = query.depth.clamp(1, 100);
        let from_hits = |source, hits: Vec<SearchHit>| CandidateList {
            source,
            hits: hits
                .into_iter()
                .map(|h| CandidateHit {
                    path: h.path,
                    title: h.title,
                    entry_index: h.entry_index,
                })
                .collect(),
        };
        let mut lists = Vec::new();
        if !query.all_words.trim().is_empty() {
            let found = searcher
                .search(&SearchRequest::new(query.all_words.trim(), 0, depth))
                .map_err(search_error)?;
            // Without a full-text index these are title suggestions, listed as such.
            let source = match found.source {
                ResultSource::Fulltext => CandidateSource::AllWords,
                ResultSource::TitleFallback { .. } => CandidateSource::Suggest,
            };
            lists.push(from_hits(source, found.hits));
        }
        if !query.any_words.trim().is_empty() {
            let any = searcher
                .search_any_words(&query.any_words, depth)
                .map_err(search_error)?;
            lists.push(from_hits(CandidateSource::AnyWords, any));
            let titles = searcher
                .titles_any_words(&query.any_words, depth)
                .map_err(search_error)?;
            lists.push(from_hits(CandidateSource::TitleWords, titles));
        }
        for compound in query.compounds.iter().filter(|c| !c.trim().is_empty()) {
            let found = searcher
                .search(&SearchRequest::new(compound.trim(), 0, depth.min(10)))
                .map_err(search_error)?;
            lists.push(from_hits(CandidateSource::Compound, found.hits));
        }
        for relaxed in query.relaxed.iter().filter(|c| !c.trim().is_empty()) {
            let found = searcher
                .search(&SearchRequest::new(
                    relaxed.trim(),
                    0,
                    depth.min(RELAXED_DEPTH),
                ))
                .map_err(search_error)?;
            if found.source == ResultSource::Fulltext {
                lists.push(from_hits(CandidateSource::Relaxed, found.hits));
            }
        }
        for prefix in query.suggest.iter().filter(|p| !p.trim().is_empty()) {
            let found = searcher
                .suggest_page(prefix.trim(), 0, depth.min(20))
                .map_err(search_error)?;
            lists.push(CandidateList {
                source: CandidateSource::Suggest,
                hits: found
                    .hits
                    .into_iter()
                    .map(|s| CandidateHit {
                        path: s.path,
                        title: s.title,
                        entry_index: s.entry_index,
                    })
                    .collect(),
            });
        }
        Ok(lists)
    }
}

impl ZimSearchBackend {
    /// The titles one edit from `query` (a single word of at least `fuzzy_min_chars`), among
    /// the suggestions for its first two letters, in the title index's order: the typo
    /// variants the archive holds.
    fn close_titles(&self, searcher: &ArchiveSearch, query: &str) -> Vec<zim_search::Suggestion> {
        let word = query.trim();
        if word.chars().count() < self.fuzzy_min_chars || word.contains(char::is_whitespace) {
            return Vec::new();
        }
        let prefix: String = word.chars().take(2).collect();
        let lower = word.to_lowercase();
        let Ok(found) = searcher.suggest_page(&prefix, 0, 200) else {
            return Vec::new();
        };
        found
            .hits
            .into_iter()
            .filter(|s| strsim::damerau_levenshtein(&s.title.to_lowercase(), &lower) == 1)
            .collect()
    }

    /// The entry whose title is one edit from `query`; `None` when there is none or several
    /// are equally close.
    fn fuzzy_title(&self, close: &[zim_search::Suggestion]) -> Option<Value> {
        let [hit] = close else {
            return None;
        };
        Some(json!({
            "path": hit.path,
            "title": hit.title,
            "is_redirect": false,
            "match_type": "typo_corrected",
            "score": self.fuzzy_score,
        }))
    }

    /// The titles of `close` after their redirects, distinct, at most `suggestions_limit`
    /// (openzim-mcp's verified typo variants).
    fn variant_suggestions(
        &self,
        searcher: &ArchiveSearch,
        close: &[zim_search::Suggestion],
    ) -> Vec<Value> {
        let mut seen: Vec<String> = Vec::new();
        for s in close {
            if seen.len() >= self.suggestions_limit {
                break;
            }
            let title = searcher
                .archive()
                .entry_by_path(&s.path)
                .ok()
                .flatten()
                .and_then(|e| e.resolve().ok())
                .map(|e| e.title().to_owned())
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| s.title.clone());
            if !seen.contains(&title) {
                seen.push(title);
            }
        }
        seen.iter()
            .map(|t| structured_suggestion("alt_spelling", t))
            .collect()
    }

    /// What a full-text search that found nothing offers instead, as openzim-mcp does: the
    /// title index's suggestions for the query (underscores as spaces, the query itself and
    /// repeats left out); when there are none, the title one edit away. At most
    /// `suggestions_limit`.
    fn alt_spellings(&self, searcher: &ArchiveSearch, query: &str) -> Vec<Value> {
        let limit = self.suggestions_limit;
        if limit == 0 {
            return Vec::new();
        }
        let asked = query.trim().to_lowercase();
        let mut seen: Vec<String> = Vec::new();
        let mut out = Vec::new();
        let depth = u32::try_from(limit.saturating_mul(2).max(5)).unwrap_or(u32::MAX);
        if let Ok(found) = searcher.suggest_page(query, 0, depth) {
            for s in &found.hits {
                let label = if s.title.trim().is_empty() {
                    s.path.rsplit('/').find(|seg| !seg.is_empty()).unwrap_or("")
                } else {
                    s.title.trim()
                };
                let value = label.replace('_', " ");
                let key = value.to_lowercase();
                if value.is_empty() || key == asked || seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                out.push(structured_suggestion("alt_spelling", &value));
                if out.len() >= limit {
                    break;
                }
            }
        }
        if out.is_empty()
            && let Some(hit) = self.fuzzy_title(&self.close_titles(searcher, query))
        {
            let label = leading_title_segment(hit["title"].as_str().unwrap_or_default());
            if !label.is_empty() && label.to_lowercase() != asked {
                out.push(structured_suggestion("alt_spelling", label));
            }
        }
        out
    }

    fn search_uncached(
        &self,
        archive: &OpenArchive,
        args: &ZimSearchArgs,
        limit: u32,
        offset: u32,
        preset: Option<&(ArchivePreset, String)>,
    ) -> Result<Value, ToolError> {
        let searcher = self.searcher(archive);
        let query = args.query.trim();
        let snippet_chars = preset
            .and_then(|(p, _)| p.snippet_length)
            .map_or(SNIPPET_CHARS, |n| usize::try_from(n).unwrap_or(usize::MAX));
        match args.mode {
            SearchMode::Fulltext => {
                let request = SearchRequest {
                    text: query.to_owned(),
                    offset,
                    limit,
                    namespace: args.namespace.as_deref().map(parse_namespace).transpose()?,
                    content_type: args.content_type.clone().filter(|c| !c.trim().is_empty()),
                };
                let results = searcher.search(&request).map_err(search_error)?;
                let filtered = request.namespace.is_some() || request.content_type.is_some();
                let hits: Vec<Value> = results
                    .hits
                    .iter()
                    .map(|hit| {
                        let text = entry_text(&searcher, hit.entry_index);
                        let mut row = json!({
                            "path": hit.path,
                            "title": hit.title,
                            "rank": hit.rank,
                            "score": hit.score,
                            "word_count": hit.word_count,
                            "snippet": searcher.snippet(query, &text, snippet_chars),
                        });
                        // A filtered page says what each hit passed the filter with.
                        if filtered
                            && let Some(entry) = hit
                                .entry_index
                                .and_then(|i| searcher.archive().entry_at(i).ok())
                            && let Some(map) = row.as_object_mut()
                        {
                            map.insert("namespace".into(), json!(entry.namespace().to_string()));
                            if let Ok(mime) = entry.mimetype() {
                                map.insert("content_type".into(), json!(mime.to_string()));
                            }
                        }
                        row
                    })
                    .collect();
                let returned = u64::try_from(hits.len()).unwrap_or(u64::MAX);
                let has_more = u64::from(offset).saturating_add(returned) < results.estimated_total
                    && returned == u64::from(limit);
                let mut response = json!({
                    "query": query,
                    "mode": "fulltext",
                    "offset": offset,
                    "limit": limit,
                    "total_results": results.estimated_total,
                    "total_is_exact": results.total_is_exact,
                    "returned_count": hits.len(),
                    "has_more": has_more,
                    "results": hits,
                    "source": "fulltext",
                });
                if let (ResultSource::TitleFallback { reason }, Some(map)) =
                    (&results.source, response.as_object_mut())
                {
                    map.insert("source".into(), json!("title_fallback"));
                    map.insert("reason".into(), json!(reason));
                }
                if let (Some((_, kind)), ResultSource::Fulltext, Some(map)) =
                    (preset, &results.source, response.as_object_mut())
                {
                    map.insert("preset_applied".into(), json!(kind));
                }
                // Nothing found in the index: the titles the caller may have meant.
                if results.estimated_total == 0
                    && results.source == ResultSource::Fulltext
                    && !filtered
                    && let Some(map) = response.as_object_mut()
                {
                    let offered = self.alt_spellings(&searcher, query);
                    map.insert("structured_suggestions".into(), Value::Array(offered));
                }
                Ok(response)
            }
            SearchMode::Title => {
                let suggestions = searcher
                    .suggest_page(query, offset, limit)
                    .map_err(search_error)?;
                let entry =
                    match searcher.find_title(query).map_err(search_error)? {
                        Some(e) => Some(json!({
                            "path": e.path(),
                            "title": e.title(),
                            "is_redirect": e.is_redirect(),
                        })),
                        // Archives whose title listing holds front articles only miss other
                        // titles; an exact match among the suggestions still counts.
                        None => suggestions.hits.iter().find(|s| s.title == query).map(
                            |s| json!({"path": s.path, "title": s.title, "is_redirect": false}),
                        ),
                    };
                // A single word with no title: the title one edit away, if exactly one
                // suggestion of its beginning is (openzim-mcp's `fuzzy_path_hit`).
                let close = match entry {
                    Some(_) => Vec::new(),
                    None => self.close_titles(&searcher, query),
                };
                let fuzzy = self.fuzzy_title(&close);
                let fuzzy_path_hit = fuzzy.is_some();
                // The typo variants the archive holds are offered when nothing else is found,
                // or beside a typo correction so the caller can check it.
                let offered = if entry.is_none() && (suggestions.hits.is_empty() || fuzzy_path_hit)
                {
                    self.variant_suggestions(&searcher, &close)
                } else {
                    Vec::new()
                };
                let entry = entry.or(fuzzy);
                Ok(json!({
                    "query": query,
                    "mode": "title",
                    "found": entry.is_some(),
                    "fuzzy_path_hit": fuzzy_path_hit,
                    "entry": entry,
                    "candidates": suggestions.hits.iter().map(|s| json!({"path": s.path, "title": s.title})).collect::<Vec<_>>(),
                    "has_more": false,
                    "structured_suggestions": offered,
                }))
            }
            SearchMode::Suggest => {
                let results = searcher
                    .suggest_page(query, offset, limit)
                    .map_err(search_error)?;
                let returned = u64::try_from(results.hits.len()).unwrap_or(u64::MAX);
                let source = match results.source {
                    SuggestSource::TitleIndex => "title_index",
                    SuggestSource::TitleListing => "title_listing",
                    SuggestSource::TitleListingCaseSensitive => "title_listing_case_sensitive",
                };
                Ok(json!({
                    "query": query,
                    "mode": "suggest",
                    "offset": offset,
                    "limit": limit,
                    "total_suggestions": results.estimated_total,
                    "total_is_lower_bound": results.total_is_lower_bound,
                    "suggestions": results.hits.iter().map(|s| json!({"path": s.path, "title": s.title})).collect::<Vec<_>>(),
                    "has_more": u64::from(offset).saturating_add(returned) < results.estimated_total
                        && returned == u64::from(limit),
                    "source": source,
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use serde_json::json;

    use super::*;
    use crate::paths::AllowedDirs;
    use crate::registry::ArchiveRegistry;
    use crate::tools::args::parse_args;

    fn ray_charles() -> OpenArchive {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/zim/kiwix")
            .canonicalize()
            .unwrap();
        ArchiveRegistry::new(AllowedDirs::new(vec![dir]))
            .open("zimfile.zim")
            .unwrap()
    }

    fn search_args(value: Value) -> ZimSearchArgs {
        parse_args("zim_search", value.as_object().cloned()).unwrap()
    }

    #[test]
    fn a_title_one_edit_away_is_found_as_a_typo_correction() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/zim/kiwix")
            .canonicalize()
            .unwrap();
        let open = ArchiveRegistry::new(AllowedDirs::new(vec![dir]))
            .open("spelling_correction_test.zim")
            .unwrap();
        let backend = ZimSearchBackend::new().with_fuzzy_titles(4, 0.85);
        let title = |q: &str| {
            backend
                .search(
                    &open,
                    &search_args(json!({"query": q, "mode": "title"})),
                    10,
                    0,
                )
                .unwrap()
        };
        let typo = title("Wilkommen");
        assert_eq!(typo["found"], true);
        assert_eq!(typo["fuzzy_path_hit"], true);
        assert_eq!(typo["entry"]["title"], "Willkommen");
        assert_eq!(typo["entry"]["match_type"], "typo_corrected");
        assert_eq!(typo["entry"]["score"], 0.85);
        let exact = title("Willkommen");
        assert_eq!(exact["fuzzy_path_hit"], false);
        assert_eq!(exact["entry"]["title"], "Willkommen");
        // Shorter than the minimum, or several words: no guess.
        let strict = ZimSearchBackend::new().with_fuzzy_titles(20, 0.85);
        let short = strict
            .search(
                &open,
                &search_args(json!({"query": "Wilkommen", "mode": "title"})),
                10,
                0,
            )
            .unwrap();
        assert_eq!(short["found"], false);
        assert_eq!(title("Wilkommen Abenteuer")["found"], false);
    }

    fn kiwix(name: &str) -> OpenArchive {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/data/zim/kiwix")
            .canonicalize()
            .unwrap();
        ArchiveRegistry::new(AllowedDirs::new(vec![dir]))
            .open(name)
            .unwrap()
    }

    fn offered(response: &Value) -> Vec<String> {
        response["structured_suggestions"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|s| {
                        format!(
                            "{}={}",
                            s["type"].as_str().unwrap(),
                            s["value"].as_str().unwrap()
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn a_fruitless_search_offers_the_titles_meant() {
        let spelling = kiwix("spelling_correction_test.zim");
        let searcher = ZimSearchBackend::new().searcher(&spelling);
        let values = |v: Vec<Value>| -> Vec<String> {
            v.iter()
                .map(|s| {
                    format!(
                        "{}={}",
                        s["type"].as_str().unwrap(),
                        s["value"].as_str().unwrap()
                    )
                })
                .collect()
        };
        // The title index's suggestions for the query, at most the limit...
        let backend = ZimSearchBackend::new().with_suggestions_limit(3);
        let offered = values(backend.alt_spellings(&searcher, "A"));
        assert_eq!(offered.len(), 3, "{offered:?}");
        assert!(
            offered
                .iter()
                .all(|o| o.starts_with("alt_spelling=A") || o.starts_with("alt_spelling=a"))
        );
        assert_eq!(
            ZimSearchBackend::new()
                .with_suggestions_limit(1)
                .alt_spellings(&searcher, "A")
                .len(),
            1
        );
        // ...the query itself left out...
        assert!(
            !values(backend.alt_spellings(&searcher, "Abenteuer"))
                .contains(&"alt_spelling=Abenteuer".to_owned())
        );
        // ...and when there are none, the title one edit away.
        assert_eq!(
            values(backend.alt_spellings(&searcher, "Wilkommen")),
            vec!["alt_spelling=Willkommen"]
        );
        assert!(backend.alt_spellings(&searcher, "Qxzvb").is_empty());
    }

    #[test]
    fn full_text_and_title_answers_carry_their_suggestions() {
        // A full-text search that finds nothing says so with the (possibly empty) list; one
        // that finds something carries none.
        let rc = kiwix("zimfile.zim");
        let backend = ZimSearchBackend::new();
        let fulltext = |q: &str| {
            backend
                .search(&rc, &search_args(json!({"query": q})), 5, 0)
                .unwrap()
        };
        assert_eq!(offered(&fulltext("xylophonequark")), Vec::<String>::new());
        assert!(fulltext("xylophonequark")["structured_suggestions"].is_array());
        assert!(fulltext("piano").get("structured_suggestions").is_none());
        // A title lookup corrected for a typo shows the variant it took.
        let spelling = kiwix("spelling_correction_test.zim");
        let title = backend
            .search(
                &spelling,
                &search_args(json!({"query": "Wilkommen", "mode": "title"})),
                5,
                0,
            )
            .unwrap();
        assert_eq!(offered(&title), vec!["alt_spelling=Willkommen"]);
        let exact = backend
            .search(
                &spelling,
                &search_args(json!({"query": "Willkommen", "mode": "title"})),
                5,
                0,
            )
            .unwrap();
        assert!(offered(&exact).is_empty());
    }

    #[test]
    fn cached_responses_equal_fresh_ones_and_keys_tell_calls_apart() {
        let open = ray_charles();
        let cache = Arc::new(ResultCache::new(crate::config::CacheConfig::default()));
        let cached = ZimSearchBackend::with_result_cache(Some(Arc::clone(&cache)));
        let fresh = ZimSearchBackend::new();
        for query in [
            json!({"query": "piano"}),
            json!({"query": "piano", "mode": "suggest"}),
            json!({"query": "soul music"}),
        ] {
            let args = search_args(query);
            let first = cached.search(&open, &args, 5, 0).unwrap();
            assert_eq!(cached.search(&open, &args, 5, 0).unwrap(), first);
            assert_eq!(fresh.search(&open, &args, 5, 0).unwrap(), first);
            // Another page is another entry.
            assert_eq!(
                cached.search(&open, &args, 5, 1).unwrap(),
                fresh.search(&open, &args, 5, 1).unwrap()
            );
        }
        let piano = cached
            .search(&open, &search_args(json!({"query": "piano"})), 5, 0)
            .unwrap();
        assert_eq!(piano["mode"], "fulltext");
        assert_eq!(piano["query"], "piano");
        assert!(fresh.results.is_none());
        // Three queries, two pages each, the repeats and the last piano: hits counted.
        let stats = cache.stats();
        assert_eq!((stats.size, stats.misses, stats.hits), (6, 6, 4));
    }
}
