//! The question pipeline behind `zim_query`: a request in words -> the pages that answer it,
//! best first, and the passage of the best page that answers it, cited.
//!
//! 1. [`analyze`]: the request's content words and identifiers, without its scaffolding.
//! 2. Candidates from several sources of each archive (`SearchBackend::candidates`): the
//!    archive's own all-words query, a best-match query over any word, the title index over
//!    any word, and title completion of the identifiers and the noun phrase.
//! 3. [`rank`]: one fused ranking, with the title's match to the request and the page's kind
//!    (translation, source listing, notes, index) as priors learnt from the archive.
//! 4. [`passage`]: the best page's paragraph that covers the request's words best, with its
//!    section, so the answer cites `path#section`.
//!
//! `zim_search` keeps libzim's exact ranking; this serves `zim_query`.

pub mod analyze;
pub mod cjk;
pub mod lead;
pub mod local_links;
pub mod meaning;
pub mod page_cache;
mod parallel;
pub mod passage;
pub mod rank;
pub mod rewrite;
mod scaffolding;

use serde_json::{Value, json};

use std::collections::{HashMap, HashSet};

use crate::backend::{CandidateQuery, WordFrequencies};
use crate::error::{ErrorKind, ToolError};
use crate::ratelimit::{ClientId, operation_cost};
use crate::registry::OpenArchive;
use crate::service::ZimService;
use crate::text::truncate;
use analyze::Analysis;
use rank::{PageFacts, Ranked};

/// Hits asked of each source.
const SOURCE_DEPTH: u32 = 30;
/// Results listed without a `limit`.
pub const DEFAULT_RESULTS: usize = 10;
/// Results listed at most.
pub const MAX_RESULTS: usize = 100;
/// HTML read of the best page for its passage (the answer is rarely past the first 2 MB).
const MAX_PAGE_BYTES: usize = 2_000_000;
/// Characters of the answering passage.
const PASSAGE_CHARS: usize = 900;
/// Title completions asked at most.
const MAX_SUGGEST_LISTS: usize = 5;
/// Compound words searched at most (the most frequent in the archive).
const MAX_COMPOUNDS: usize = 3;
/// Pages whose leads are read and compared with the request: the answer is often among the
/// first 30 candidates but not the first 3 (its name is not the question's words; its first
/// sentence is), and 30 leads cost a few milliseconds more than 10 (BENCHMARKS.md).
const LEAD_RERANK_DEPTH: usize = 30;
/// Pages whose element ids are checked against the request.
const ANCHOR_RERANK_DEPTH: usize = 8;
/// Threads reading those pages at most.
const ANCHOR_READERS: usize = 4;
/// Element ids read of one page at most.
const MAX_IDS: usize = 20_000;
/// Words an all-words query needs before it is relaxed, and may have at most.
const MIN_RELAXED_WORDS: usize = 3;
const MAX_RELAXED_WORDS: usize = 6;
/// Noun phrases completed as titles only when this short (longer ones match no title).
const SUGGEST_PHRASE_MAX_WORDS: usize = 4;

/// One archive's ranked candidates.
struct ArchiveRanking {
    archive: OpenArchive,
    ranked: Vec<Ranked>,
    /// The answering passage of the page that led before the anchor rerank, read while it ran.
    prepared: Option<PreparedPassage>,
    /// The request's words as this archive was searched with them (its language's
    /// scaffolding out): what a passage of its pages is chosen by.
    analysis: Analysis,
}

/// One page's answering passage, read before the ranking was final.
struct PreparedPassage {
    path: String,
    best: passage::Candidate,
}

/// A request's ranking over the archives it ran on.
pub struct QuestionRanking {
    pub analysis: Analysis,
    rankings: Vec<ArchiveRanking>,
    /// Archives that could not be searched, with their errors.
    pub skipped: Vec<Value>,
    /// Misspelt words of the request and what they were searched as.
    pub corrections: Vec<(String, String)>,
}

impl QuestionRanking {
    /// Every page of every archive, best first (scores compare across archives: they are
    /// made of normalised ranks and shares), mirrored copies folded into their first.
    pub fn pages(&self) -> Vec<(&OpenArchive, &Ranked)> {
        let mut merged: Vec<(usize, &Ranked)> = self
            .rankings
            .iter()
            .enumerate()
            .flat_map(|(i, r)| r.ranked.iter().map(move |x| (i, x)))
            .collect();
        merged.sort_by(|a, b| b.1.score.total_cmp(&a.1.score));
        without_mirrors(merged)
            .into_iter()
            .filter_map(|(i, r)| Some((&self.rankings.get(i)?.archive, r)))
            .collect()
    }

    /// The archives searched (display paths).
    pub fn archives_searched(&self) -> Vec<String> {
        self.rankings
            .iter()
            .map(|r| r.archive.file.display.clone())
            .collect()
    }
}

/// The pipeline's answer for `request` over `archives` (display paths; empty = all served).
pub struct Question<'a> {
    pub request: &'a str,
    pub archives: Vec<String>,
    pub limit: usize,
    pub offset: usize,
    /// The `next_cursor` of an earlier page of the same question (wins over `offset`).
    pub cursor: Option<&'a str>,
}

/// What a question's cursor carries: where the next page starts.
#[derive(serde::Serialize, serde::Deserialize)]
struct PageState {
    o: usize,
}

/// The tool a question's cursors are issued for.
const CURSOR_TOOL: &str = "zim_query";

impl ZimService {
    /// Ranks the pages of `archives` (display paths; empty = every served archive) for a
    /// request: analysis, candidates, fusion, anchor rerank. Charged as one search per archive.
    /// With `prepare_passage`, a single archive's leading page has its passages read while
    /// the anchor rerank runs (see [`rank_archive`]).
    pub fn rank_question(
        &self,
        client: &ClientId,
        request: &str,
        archives: &[String],
        prepare_passage: bool,
    ) -> Result<QuestionRanking, ToolError> {
        let analysis = request_analysis(request);
        if analysis.is_empty() {
            return Err(ToolError::validation(
                "invalid_arguments",
                "the request has no word to search for",
            ));
        }
        let archives = self.question_archives(archives)?;
        let count = u32::try_from(archives.len()).unwrap_or(u32::MAX).max(1);
        self.charge(
            client,
            "search",
            Some(operation_cost("search").saturating_mul(count)),
        )?;
        let Some(backend) = self.search_backend() else {
            return Err(crate::backend::search_unavailable());
        };
        // Over several archives the best page may come from any of them: reading each
        // one's leader would multiply the costliest read of a question.
        let prepare = prepare_passage && archives.len() == 1;
        let mut rankings = Vec::with_capacity(archives.len());
        let mut skipped = Vec::new();
        let mut corrections: Vec<(String, String)> = Vec::new();
        for open in archives {
            let stages = Stages {
                backend: backend.as_ref(),
                rewriter: self.rewriter(),
                leads: self.lead_cache(),
                pages: self.page_caches(),
                knowledge: Some(self.knowledge()),
                model: Some((self.model_stage(), request)),
            };
            // A question in the archive's own language, other than English, is searched
            // without that language's scaffolding ("comment", "est-ce que", "cómo").
            let language = archive_language(&open);
            let asked = match language.as_deref() {
                Some(l) if l != "en" => analysis.without_scaffolding_of(l),
                _ => analysis.clone(),
            };
            match rank_archive(&stages, &open, &asked, language.as_deref(), prepare) {
                Ok((ranked, fixed, prepared)) => {
                    for pair in fixed {
                        if !corrections.contains(&pair) {
                            corrections.push(pair);
                        }
                    }
                    rankings.push(ArchiveRanking {
                        archive: open,
                        ranked,
                        prepared,
                        analysis: asked,
                    });
                }
                Err(err) => {
                    skipped.push(json!({"zim_file": open.file.display, "error": err.payload()}))
                }
            }
        }
        Ok(QuestionRanking {
            analysis,
            rankings,
            skipped,
            corrections,
        })
    }

    /// Runs the question pipeline; the response lists the answering passage and the ranked
    /// pages.
    pub fn answer_question(
        &self,
        client: &ClientId,
        question: &Question<'_>,
    ) -> Result<Value, ToolError> {
        // A cursor is tied to the request and the archives it ran over.
        let identity = format!(
            "{}\u{1f}{}",
            question.request.trim(),
            question.archives.join("\u{1f}")
        );
        let offset = match question.cursor.map(str::trim).filter(|c| !c.is_empty()) {
            Some(cursor) => {
                self.cursors()
                    .decode::<PageState>(CURSOR_TOOL, &identity, cursor)?
                    .o
            }
            None => question.offset,
        };
        let ranking = self.rank_question(client, question.request, &question.archives, true)?;
        let several = ranking.rankings.len() > 1;
        let merged = ranking.pages();
        let total = merged.len();
        let limit = question.limit.clamp(1, MAX_RESULTS);
        let page: Vec<(&OpenArchive, &Ranked)> =
            merged.into_iter().skip(offset).take(limit).collect();
        let has_more = offset.saturating_add(limit) < total;
        let next_cursor = has_more.then(|| {
            self.cursors().encode(
                CURSOR_TOOL,
                &identity,
                &PageState {
                    o: offset.saturating_add(limit),
                },
            )
        });
        let answer = page.first().and_then(|(archive, best)| {
            let own = ranking
                .rankings
                .iter()
                .find(|r| std::ptr::eq(&r.archive, *archive));
            let prepared = own
                .and_then(|r| r.prepared.as_ref())
                .filter(|p| p.path == best.path)
                .map(|p| p.best.clone());
            let asked = own.map_or(&ranking.analysis, |r| &r.analysis);
            let chosen =
                prepared.or_else(|| best_passage(archive, best, asked, self.page_caches()))?;
            Some(cited_passage(best, chosen))
        });
        let results: Vec<Value> = page
            .iter()
            .map(|(archive, r)| {
                let mut item = json!({
                    "path": r.path,
                    "title": r.title,
                    "score": (r.score * 1000.0).round() / 1000.0,
                    "found_by": r.sources.iter().map(|s| s.name()).collect::<Vec<_>>(),
                });
                if let Some(map) = item.as_object_mut()
                    && several
                {
                    map.insert("zim_file_path".into(), json!(archive.file.display));
                }
                item
            })
            .collect();
        let mut response = json!({
            "query": question.request,
            "understood_as": {
                "words": ranking.analysis.terms,
                "identifiers": ranking.analysis.identifiers,
                "corrected": ranking
                    .corrections
                    .iter()
                    .map(|(from, to)| json!({"from": from, "to": to}))
                    .collect::<Vec<_>>(),
            },
            "answer": answer,
            "results": results,
            "returned_count": results.len(),
            "total_candidates": total,
            "offset": offset,
            "limit": limit,
            "has_more": has_more,
            "next_cursor": next_cursor,
            "archives_searched": ranking.archives_searched(),
        });
        if let Some(map) = response.as_object_mut() {
            if !ranking.skipped.is_empty() {
                map.insert("skipped_files".into(), json!(ranking.skipped));
            }
            if results.is_empty() {
                map.insert(
                    "hint".into(),
                    json!("No page matches any word of the request; try other words or zim_query(\"list archives\")"),
                );
            }
        }
        Ok(response)
    }

    /// The archives a question runs over: those named, else every served one.
    fn question_archives(&self, named: &[String]) -> Result<Vec<OpenArchive>, ToolError> {
        if !named.is_empty() {
            return named.iter().map(|a| self.registry().open(a)).collect();
        }
        let files = self.registry().files();
        if files.is_empty() {
            return Err(self.registry().open_default().err().unwrap_or_else(|| {
                ToolError::not_found("zim_file_not_found", "No ZIM files are served")
            }));
        }
        let mut opened = Vec::new();
        let mut first_error = None;
        for f in files.iter() {
            match self.registry().open_file(f.clone()) {
                Ok(open) => opened.push(open),
                Err(err) => {
                    first_error.get_or_insert(err);
                }
            }
        }
        match (opened.is_empty(), first_error) {
            (true, Some(err)) => Err(err),
            _ => Ok(opened),
        }
    }
}

/// The ranking without mirrored copies: a page whose path differs from a better-ranked
/// page's in one directory only, and whose title differs from it in that directory's name
/// alone (`core/cmp/struct.Reverse.html`, "Reverse in core::cmp" under its `std/` twin), is
/// the same page published twice; a page that is a better-ranked page's path with one more
/// directory is its translation or edition. The first of each is kept.
fn without_mirrors(ranked: Vec<(usize, &Ranked)>) -> Vec<(usize, &Ranked)> {
    let mut kept: Vec<(usize, &Ranked)> = Vec::with_capacity(ranked.len());
    for (archive, candidate) in ranked {
        let mirrored = kept.iter().any(|(a, k)| {
            *a == archive
                && (is_mirror(&k.path, &k.title, &candidate.path, &candidate.title)
                    || is_variant_of(&candidate.path, &k.path))
        });
        if !mirrored {
            kept.push((archive, candidate));
        }
    }
    kept
}

/// `variant` is `original` with one more directory (`book/es/ch01.html` of `book/ch01.html`):
/// a translation or an edition of a page already listed.
fn is_variant_of(variant: &str, original: &str) -> bool {
    let v: Vec<&str> = variant.split('/').collect();
    let o: Vec<&str> = original.split('/').collect();
    if v.len() != o.len().saturating_add(1) || v.len() < 3 {
        return false;
    }
    (0..v.len().saturating_sub(1)).any(|skip| {
        v.iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, s)| *s)
            .eq(o.iter().copied())
    })
}

fn is_mirror(path_a: &str, title_a: &str, path_b: &str, title_b: &str) -> bool {
    let a: Vec<&str> = path_a.split('/').collect();
    let b: Vec<&str> = path_b.split('/').collect();
    if a.len() != b.len() || a.len() < 2 || a.last() != b.last() {
        return false;
    }
    let differing: Vec<(&str, &str)> = a
        .iter()
        .zip(&b)
        .filter(|(x, y)| x != y)
        .map(|(x, y)| (*x, *y))
        .collect();
    match differing.as_slice() {
        [(x, y)] => !x.is_empty() && title_a.replace(x, y) == title_b,
        _ => false,
    }
}

/// One archive's ranking for an analysed request.
fn rank_archive(
    stages: &Stages<'_>,
    open: &OpenArchive,
    original: &Analysis,
    language: Option<&str>,
    prepare_passage: bool,
) -> Result<ArchiveResult, ToolError> {
    let Stages {
        backend,
        rewriter,
        leads,
        pages,
        knowledge,
        model,
    } = *stages;
    // The request's words and their run-together pairs, counted in one lookup: the counts
    // tell the typo corrector which words the archive lacks, and weigh the words after.
    let mut compounds = analyze::joined_pairs(original);
    let mut asked = original.terms.clone();
    asked.extend(compounds.iter().cloned());
    let mut frequencies = backend.word_frequencies(open, &asked);
    let corrections = correct(backend, rewriter, open, original, frequencies.as_ref());
    let corrected;
    let analysis = if corrections.is_empty() {
        original
    } else {
        let mut fixed = original.clone();
        for term in fixed.terms.iter_mut().chain(fixed.weak.iter_mut()) {
            if let Some((_, to)) = corrections.iter().find(|(from, _)| from == term) {
                *term = to.clone();
            }
        }
        corrected = fixed;
        // Corrected words are other words: counted again (rare: a typo the archive lacks).
        compounds = analyze::joined_pairs(&corrected);
        asked = corrected.terms.clone();
        asked.extend(compounds.iter().cloned());
        frequencies = backend.word_frequencies(open, &asked);
        &corrected
    };
    // The compounds the archive holds most often, each its own list: a real API name recurs
    // (its page, indexes, notes), an accidental run-together ("sizefile") is a one-off.
    let mut held_compounds: Vec<(u64, String)> = match &frequencies {
        Some(f) => compounds
            .iter()
            .zip(f.per_word.iter().skip(analysis.terms.len()))
            .filter(|(_, df)| **df > 0)
            .map(|(c, df)| (*df, c.clone()))
            .collect(),
        None => Vec::new(),
    };
    held_compounds.sort_by_key(|(df, _)| std::cmp::Reverse(*df));
    held_compounds.truncate(MAX_COMPOUNDS);
    let weights = word_weights(frequencies, analysis);
    // A long question is searched by its weightiest words; without the archive's word
    // counts every word weighs the same (the first are kept, letters alone dropped first).
    let shortened;
    let most = analyze::MAX_QUERY_TERMS;
    let analysis = if analysis.terms.len() > most {
        shortened = if weights.is_empty() {
            analysis.weightiest(most, &|_| Some(1.0))
        } else {
            analysis.weightiest(most, &|w| weights.get(w).copied())
        };
        &shortened
    } else {
        analysis
    };
    let mut query = candidate_query(analysis, &weights);
    query.compounds = held_compounds.into_iter().map(|(_, c)| c).collect();
    let mut lists = backend.candidates(open, &query)?;
    lists.push(abbreviation_candidates(open, analysis));
    let mut section_anchors: HashMap<String, String> = HashMap::new();
    // The request's embedding, when the archive's index has page embeddings of a model at hand.
    let mut meaning: Option<Vec<f32>> = None;
    let index = knowledge.and_then(|k| k.get(open));
    if let Some(index) = &index {
        let (list, anchors) = section_candidates(open, index, analysis);
        lists.push(list);
        section_anchors = anchors;
        if let Some((stage, request)) = model
            && let Some((list, query)) = meaning::vector_candidates(open, index, stage, request)
        {
            lists.push(list);
            if stage.wants(request) {
                meaning = Some(query);
            }
        }
    }
    for list in &lists {
        tracing::debug!(
            source = list.source.name(),
            first = ?list.hits.iter().take(5).map(|h| h.path.as_str()).collect::<Vec<_>>(),
            "question candidates"
        );
    }
    let exists = |p: &str| matches!(open.archive.entry_by_path(p), Ok(Some(_)));
    let stemmer = language.and_then(stemmer_for);
    let facts = PageFacts {
        language,
        stemmer: stemmer.as_ref(),
        word_weights: &weights,
        exists: &exists,
    };
    let mut ranked = fold_redirects(open, rank::fuse(&lists, analysis, &facts));
    rerank_by_leads(
        open,
        &mut ranked,
        analysis,
        &facts,
        leads,
        LEAD_RERANK_DEPTH,
    );
    if let (Some(query), Some(vectors)) =
        (&meaning, index.as_ref().and_then(|i| i.vectors.as_ref()))
    {
        // Every candidate: a cosine is a dot product of two vectors in memory, and a page
        // the lexical lists rank low but the embeddings find is what this stage is for.
        let all = ranked.len();
        meaning::rerank(open, &mut ranked, vectors, query, all);
    }
    if let Some(index) = &index {
        local_links::rerank(&mut ranked, LEAD_RERANK_DEPTH, &index.graph);
    }
    rerank_by_section_anchors(&mut ranked, &section_anchors, analysis, &facts);
    // The page leading now usually leads after the anchor rerank too (five questions in six
    // over the question sets): its passage, the costliest read of a question (a full parse
    // of the page, unless the page cache holds it), is read meanwhile on another core, and
    // used only if it still leads. It is chosen by the request as asked, as a passage read
    // afterwards is.
    let leader = ranked.first().filter(|_| prepare_passage).cloned();
    let prepared = std::thread::scope(|scope| {
        let reading = leader.as_ref().map(|page| {
            scope.spawn(move || {
                best_passage(open, page, original, pages).map(|best| PreparedPassage {
                    path: page.path.clone(),
                    best,
                })
            })
        });
        rerank_by_anchors(open, &mut ranked, analysis, &facts, pages);
        // A reader that panicked prepares nothing: the passage is read again.
        reading.and_then(|r| r.join().ok().flatten())
    });
    // A page found through one of its sections is cited at that section.
    for page in &mut ranked {
        if page.anchor.is_none()
            && let Some(anchor) = section_anchors.get(&page.path)
        {
            page.anchor = Some(anchor.clone());
        }
    }
    Ok((ranked, corrections, prepared))
}

/// What the service lends [`rank_archive`]: its search backend, the request rewriter, the
/// lead cache, and the knowledge index and model stage when there are any.
#[derive(Clone, Copy)]
struct Stages<'a> {
    backend: &'a dyn crate::backend::SearchBackend,
    rewriter: &'a rewrite::Rewriter,
    leads: Option<&'a lead::LeadCache>,
    pages: Option<&'a page_cache::PageCaches>,
    knowledge: Option<&'a crate::knowledge::KnowledgeIndexes>,
    model: Option<(&'a crate::model::ModelStage, &'a str)>,
}

/// What [`rank_archive`] gives: the ranking, the request's corrected words, and the leading
/// page's passages when asked for.
type ArchiveResult = (
    Vec<Ranked>,
    Vec<rewrite::Correction>,
    Option<PreparedPassage>,
);

/// Titles read per abbreviation form, in title order from the form on.
const ABBREVIATION_SCAN: usize = 8;
/// Pages found by abbreviation at most.
const MAX_ABBREVIATION_HITS: usize = 10;

/// Pages titled by an abbreviation of a request word: documentation names things by short
/// forms of the words people use (`Vec` for "vector", `str` for "string", `env` for
/// "environment", `char` for "character"). A title that is the abbreviation alone, or the
/// abbreviation and where it lives ("Vec in std::vec - Rust"), is that thing's page. Found
/// in the title listing (a binary search per form), listed as title completions are.
fn abbreviation_candidates(
    open: &OpenArchive,
    analysis: &Analysis,
) -> crate::backend::CandidateList {
    let mut hits: Vec<crate::backend::CandidateHit> = Vec::new();
    for form in analysis
        .strong_terms()
        .into_iter()
        .flat_map(abbreviation_forms)
    {
        let Ok(pos) = open.archive.title_index_position(&form) else {
            continue;
        };
        let titled = open
            .archive
            .entries_by_title_from(pos)
            .take(ABBREVIATION_SCAN)
            .filter_map(Result::ok)
            .take_while(|e| e.title().starts_with(form.as_str()));
        for entry in titled {
            if hits.len() < MAX_ABBREVIATION_HITS
                && !entry.is_redirect()
                && names_by_abbreviation(entry.title(), &form)
                && !hits.iter().any(|h| h.path == entry.path())
            {
                hits.push(crate::backend::CandidateHit {
                    path: entry.path().to_owned(),
                    title: entry.title().to_owned(),
                    entry_index: Some(entry.index()),
                });
            }
        }
    }
    crate::backend::CandidateList {
        source: crate::backend::CandidateSource::Suggest,
        hits,
    }
}

/// The abbreviations a title may name a word by: its first three and four letters, as
/// written and capitalised, for plain words of five letters or more.
fn abbreviation_forms(word: &str) -> Vec<String> {
    if word.chars().count() < 5 || !word.chars().all(|c| c.is_ascii_alphabetic()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for len in [3, 4] {
        let Some(short) = word.get(..len) else {
            continue;
        };
        let mut capital = short.to_ascii_lowercase();
        if let Some(first) = capital.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        out.push(short.to_ascii_lowercase());
        out.push(capital);
    }
    out
}

/// Whether `title` names the thing called `short`: the name alone, or followed by where it
/// lives or the site's name ("Vec in std::vec - Rust", "str - Rust"), not a longer name that
/// begins with it ("VecDeque", "vec_revb").
fn names_by_abbreviation(title: &str, short: &str) -> bool {
    title.strip_prefix(short).is_some_and(|rest| {
        rest.is_empty()
            || [" in ", " - ", " — ", " – "]
                .iter()
                .any(|s| rest.starts_with(s))
    })
}

/// Sections hits asked of the knowledge index.
const SECTION_HITS: usize = 60;

/// The pages whose sections (or anchor texts) best match the request, from the archive's
/// knowledge index, best first, with the anchor of each page's best section.
fn section_candidates(
    open: &OpenArchive,
    index: &zim_index::KnowledgeIndex,
    analysis: &Analysis,
) -> (crate::backend::CandidateList, HashMap<String, String>) {
    let mut words = analysis.terms.clone();
    for ident in &analysis.identifiers {
        for part in ident
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|p| !p.is_empty())
        {
            let part = part.to_lowercase();
            if !words.contains(&part) {
                words.push(part);
            }
        }
    }
    let hits = index
        .sections
        .search(&words, SECTION_HITS)
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "section index search failed");
            Vec::new()
        });
    let mut seen = HashSet::new();
    let mut list = Vec::new();
    let mut anchors = HashMap::new();
    for hit in hits {
        if !seen.insert(hit.entry) {
            continue;
        }
        let Ok(entry) = open.archive.entry_at(hit.entry) else {
            continue;
        };
        let path = entry.path().to_owned();
        if let Some(section) = hit.section {
            anchors.insert(path.clone(), section);
        }
        list.push(crate::backend::CandidateHit {
            title: entry.title().to_owned(),
            path,
            entry_index: Some(hit.entry),
        });
    }
    (
        crate::backend::CandidateList {
            source: crate::backend::CandidateSource::Sections,
            hits: list,
        },
        anchors,
    )
}

/// Corrections of the request's misspelt words for this archive (`query_rewrite.*`): the
/// configured map, then the archive's own vocabulary for words no page holds. Identifier
/// parts are never corrected.
fn correct(
    backend: &dyn crate::backend::SearchBackend,
    rewriter: &rewrite::Rewriter,
    open: &OpenArchive,
    analysis: &Analysis,
    frequencies: Option<&WordFrequencies>,
) -> Vec<(String, String)> {
    let protected: Vec<String> = analysis
        .identifiers
        .iter()
        .flat_map(|i| {
            i.to_lowercase()
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    // `frequencies` counts the analysis's terms first (then its compounds).
    let known: HashMap<String, u64> = match frequencies {
        Some(f) => analysis
            .terms
            .iter()
            .cloned()
            .zip(f.per_word.iter().copied())
            .collect(),
        None => HashMap::new(),
    };
    rewriter.corrections(
        &analysis.terms,
        &protected,
        &|w| known.get(w).copied(),
        &|prefix, max| backend.vocabulary(open, prefix, max),
    )
}

/// Redirects folded into their targets: a page is listed once, at its best place, under its
/// own path and title (`Charles, Ray` and `Ray Charles (musician, born 1930)` are the
/// `Ray Charles` article).
fn fold_redirects(open: &OpenArchive, ranked: Vec<Ranked>) -> Vec<Ranked> {
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(ranked.len());
    for mut page in ranked {
        let entry = match page.entry_index {
            Some(i) => open.archive.entry_at(i).ok(),
            None => open.archive.entry_by_path(&page.path).ok().flatten(),
        };
        if let Some(target) = entry.and_then(|e| e.resolve().ok()) {
            if !seen.insert(target.index()) {
                continue;
            }
            if page.entry_index != Some(target.index()) {
                page.path = target.path().to_owned();
                if !target.title().is_empty() {
                    page.title = target.title().to_owned();
                }
                page.entry_index = Some(target.index());
            }
        }
        out.push(page);
    }
    out
}

/// The analysis of a request; a request made only of scaffolding ("what is the") keeps its
/// words, so that it is still searched as typed.
fn request_analysis(request: &str) -> Analysis {
    let analysis = analyze::analyze(request);
    if !analysis.is_empty() {
        return analysis;
    }
    let mut raw = Analysis::default();
    for word in request
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(12)
    {
        let w = word.to_lowercase();
        if !raw.terms.contains(&w) {
            raw.terms.push(w);
        }
    }
    raw
}

/// Each request word's weight in an archive: its inverse document frequency
/// (`ln(1 + N/df)`), absent for words no page holds. Empty when the frequencies are unknown.
fn word_weights(frequencies: Option<WordFrequencies>, analysis: &Analysis) -> HashMap<String, f64> {
    let mut weights = HashMap::new();
    let Some(freq) = frequencies else {
        return weights;
    };
    let documents = freq.documents.max(1) as f64;
    for (word, df) in analysis.terms.iter().zip(freq.per_word) {
        if df > 0 {
            weights.insert(word.clone(), (1.0 + documents / df as f64).ln());
        }
    }
    weights
}

/// The backend queries for an analysed request. Words the archive never uses are left out
/// of the all-words query (which would then match nothing) when their rarity is known.
fn candidate_query(analysis: &Analysis, weights: &HashMap<String, f64>) -> CandidateQuery {
    let known = |w: &&str| weights.is_empty() || weights.contains_key(*w);
    let strong: Vec<&str> = analysis.strong_terms().into_iter().filter(known).collect();
    let all_words = if strong.is_empty() {
        cjk::parser_order(analysis.terms.iter().map(String::as_str).filter(known)).join(" ")
    } else {
        cjk::parser_order(strong).join(" ")
    };
    // Title completions: the identifiers and names as written, then the noun phrase and its shorter
    // beginnings ("ray charles born", "ray charles", "ray"): an archive without indexes has
    // only its title listing, where a prefix is all that can be looked up.
    let mut suggest: Vec<String> = analysis.identifiers.clone();
    for name in &analysis.names {
        if suggest.len() < MAX_SUGGEST_LISTS
            && !suggest.iter().any(|s| s.eq_ignore_ascii_case(name))
        {
            suggest.push(name.clone());
        }
    }
    let strong = analysis.strong_terms();
    if strong.len() <= SUGGEST_PHRASE_MAX_WORDS {
        for n in (1..=strong.len()).rev() {
            let prefix = strong.get(..n).unwrap_or(&[]).join(" ");
            if suggest.len() >= MAX_SUGGEST_LISTS {
                break;
            }
            if !prefix.is_empty() && !suggest.iter().any(|s| s.eq_ignore_ascii_case(&prefix)) {
                suggest.push(prefix);
            }
        }
    }
    CandidateQuery {
        relaxed: relaxed_queries(&all_words),
        all_words,
        any_words: cjk::parser_order(analysis.terms.iter().map(String::as_str)).join(" "),
        compounds: Vec::new(),
        suggest,
        depth: SOURCE_DEPTH,
    }
}

/// The all-words query with each of its words left out in turn, for queries of
/// [`MIN_RELAXED_WORDS`] to [`MAX_RELAXED_WORDS`] words (fewer: the any-word query covers
/// them; more: the request is a sentence the any-word query serves better).
fn relaxed_queries(all_words: &str) -> Vec<String> {
    let words: Vec<&str> = all_words.split_whitespace().collect();
    if !(MIN_RELAXED_WORDS..=MAX_RELAXED_WORDS).contains(&words.len()) {
        return Vec::new();
    }
    (0..words.len())
        .map(|skip| {
            words
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, w)| *w)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// The first [`LEAD_RERANK_DEPTH`] pages are judged by their description, title and lead
/// together ([`rank::lead_gain`]), and ranked again.
fn rerank_by_leads(
    open: &OpenArchive,
    ranked: &mut [Ranked],
    analysis: &Analysis,
    facts: &PageFacts<'_>,
    cache: Option<&lead::LeadCache>,
    depth: usize,
) {
    let depth = ranked.len().min(depth);
    let Some(head) = ranked.get_mut(..depth) else {
        return;
    };
    let slots: Vec<(usize, u32)> = head
        .iter()
        .enumerate()
        .filter_map(|(slot, candidate)| Some((slot, entry_index_of(open, candidate)?)))
        .collect();
    let indices: Vec<u32> = slots.iter().map(|(_, i)| *i).collect();
    let leads = lead::leads_of(open, &indices, cache);
    for ((slot, _), lead) in slots.iter().zip(leads) {
        if let Some(candidate) = head.get_mut(*slot) {
            candidate.score += rank::lead_gain(candidate, &lead, analysis, facts);
        }
    }
    ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
}

/// Characters of a page's text searched for the window that holds most of the request.
const PROXIMITY_TEXT_CHARS: usize = 300_000;

/// The first [`ANCHOR_RERANK_DEPTH`] pages are read and judged by what only their text
/// shows: they gain [`rank::W_PROXIMITY`] times the share of the request that one window of
/// their text holds (the page that answers says the request's words together; one that only
/// mentions them says them pages apart: measured +4 on the fresh sets, +7 on the development
/// sets, BENCHMARKS.md), and [`rank::W_ANCHOR`] times the share one of their element ids names
/// (a glossary term, an API item, a heading), and are ranked again. The matched id is kept
/// for the citation.
fn rerank_by_anchors(
    open: &OpenArchive,
    ranked: &mut [Ranked],
    analysis: &Analysis,
    facts: &PageFacts<'_>,
    cache: Option<&page_cache::PageCaches>,
) {
    let depth = ranked.len().min(ANCHOR_RERANK_DEPTH);
    let Some(head) = ranked.get_mut(..depth) else {
        return;
    };
    // A page below the third that would stay below it even with the most an id adds cannot
    // enter the first three: its page (often the costliest read of a question) is not read.
    let third = head.get(2).map(|c| c.score);
    let read: Vec<usize> = head
        .iter()
        .enumerate()
        .filter(|(place, c)| *place < 3 || third.is_none_or(|t| c.score + rank::W_ANCHOR >= t))
        .map(|(place, _)| place)
        .collect();
    let judge = |place: usize| {
        let candidate = head.get(place)?;
        let scan = page_scan(open, candidate, cache)?;
        let gain = rank::W_PROXIMITY * rank::proximity(&scan.text, analysis, facts);
        let ids: Vec<&str> = scan.ids.iter().map(String::as_str).collect();
        // A page already lifted by its section's anchor gains only what a better id adds.
        let had = candidate
            .anchor
            .as_deref()
            .and_then(|a| rank::anchor_match(&[a], analysis, facts))
            .map_or(0.0, |(share, _)| share);
        let words = rank::anchor_match(&ids, analysis, facts);
        // A listing's ids name what its source defines (`_modules/asgiref/sync.html` holds
        // `SynchronousOnlyOperation`); the page that documents it is what was asked.
        let named = if rank::is_listing(&candidate.path, &candidate.title) {
            None
        } else {
            rank::identifier_id(&ids, analysis)
        };
        let anchor = match (words, named) {
            (Some(w), Some(n)) => Some(if n.0 > w.0 { n } else { w }),
            (w, n) => w.or(n),
        }
        .filter(|(share, _)| *share > had)
        .map(|(share, id)| (rank::W_ANCHOR * (share - had), id.to_owned()));
        Some(PageJudgement {
            place,
            gain,
            anchor,
        })
    };
    // Each page is read, decompressed and scanned on its own: on several cores at once, as
    // the leads are (the pages' gains are added in place order either way).
    let judged = parallel::read_all(&read, ANCHOR_READERS, |&place| judge(place));
    for PageJudgement {
        place,
        gain,
        anchor,
    } in judged
    {
        let Some(candidate) = head.get_mut(place) else {
            continue;
        };
        candidate.score += gain;
        if let Some((lift, id)) = anchor {
            candidate.score += lift;
            candidate.anchor = Some(id);
        }
    }
    head.sort_by(|a, b| b.score.total_cmp(&a.score));
}

/// What reading one page of the head adds: its proximity gain, and the lift and id of an
/// element id that names the request better than its anchor did.
struct PageJudgement {
    place: usize,
    gain: f64,
    anchor: Option<(f64, String)>,
}

/// Pages whose best section in the knowledge index has an anchor that names the request
/// gain as a named element id gains them in [`rerank_by_anchors`], at any depth: the
/// section's anchor comes with its hit, no page is read ("Reading and Writing Files" in the
/// Input and Output tutorial, for "read and write files").
fn rerank_by_section_anchors(
    ranked: &mut [Ranked],
    section_anchors: &HashMap<String, String>,
    analysis: &Analysis,
    facts: &PageFacts<'_>,
) {
    if section_anchors.is_empty() {
        return;
    }
    let mut moved = false;
    for page in ranked.iter_mut() {
        if let Some(anchor) = section_anchors.get(&page.path)
            && let Some((share, id)) = rank::anchor_match(&[anchor.as_str()], analysis, facts)
        {
            page.score +=
                (rank::W_ANCHOR * share).max(rank::W_COVERAGE * (share - page.title_coverage));
            page.anchor = Some(id.to_owned());
            moved = true;
        }
    }
    if moved {
        ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
    }
}

/// A candidate's entry index: the one its list gave, or its path's.
fn entry_index_of(open: &OpenArchive, candidate: &Ranked) -> Option<u32> {
    candidate.entry_index.or_else(|| {
        open.archive
            .entry_by_path(&candidate.path)
            .ok()
            .flatten()
            .map(|e| e.index())
    })
}

/// A candidate's page as read for the anchor rerank: its text for word matching and its
/// element ids (HTML pages only, at most [`MAX_PAGE_BYTES`] read), from `cache` when it
/// holds them.
fn page_scan(
    open: &OpenArchive,
    candidate: &Ranked,
    cache: Option<&page_cache::PageCaches>,
) -> Option<std::sync::Arc<page_cache::PageScan>> {
    let entry = match candidate.entry_index {
        Some(i) => open.archive.entry_at(i).ok()?,
        None => open.archive.entry_by_path(&candidate.path).ok()??,
    };
    let entry = entry.resolve().ok()?;
    let read = || {
        if !entry.mimetype().ok()?.contains("html") {
            return None;
        }
        let blob = entry.content().ok()?;
        let bytes = blob.get(..MAX_PAGE_BYTES.min(blob.len())).unwrap_or(&[]);
        let html = String::from_utf8_lossy(bytes);
        Some(std::sync::Arc::new(page_cache::PageScan {
            text: visible_text(&html, PROXIMITY_TEXT_CHARS),
            ids: element_ids(&html).into_iter().map(str::to_owned).collect(),
        }))
    };
    match cache {
        Some(cache) => cache
            .scans
            .get_or_read(&open.archive.uuid(), entry.index(), read),
        None => read(),
    }
}

/// A page's text for word matching, by a byte scan (no parse): what lies outside its tags,
/// scripts and styles, tags read as spaces, entities left as written, at most `max` bytes.
fn visible_text(html: &str, max: usize) -> String {
    let mut out = String::with_capacity(html.len().min(max));
    let mut rest = html;
    while out.len() < max {
        let Some(open) = rest.find('<') else {
            out.push_str(rest);
            break;
        };
        out.push_str(rest.get(..open).unwrap_or(""));
        out.push(' ');
        let tag = rest.get(open..).unwrap_or("");
        let skip_to = ["<script", "<style"]
            .iter()
            .zip(["</script", "</style"])
            .find(|(start, _)| {
                tag.get(..start.len())
                    .is_some_and(|t| t.eq_ignore_ascii_case(start))
            })
            .map(|(_, end)| end);
        let after_tag = match skip_to {
            Some(end) => find_ignore_ascii_case(tag, end)
                .and_then(|at| tag.get(at..))
                .unwrap_or(""),
            None => tag,
        };
        match after_tag.find('>') {
            Some(close) => rest = after_tag.get(close + 1..).unwrap_or(""),
            None => break,
        }
    }
    out.truncate(zim_render::prefix_within(&out, max).len());
    out
}

/// Where `needle` (ASCII) first occurs in `hay`, case aside.
fn find_ignore_ascii_case(hay: &str, needle: &str) -> Option<usize> {
    let needle = needle.as_bytes();
    if needle.is_empty() {
        return Some(0);
    }
    hay.as_bytes()
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

/// The values of a page's `id` attributes, by a byte scan (no parse), at most
/// [`MAX_IDS`] of them.
fn element_ids(html: &str) -> Vec<&str> {
    let mut ids = Vec::new();
    let mut rest = html;
    while ids.len() < MAX_IDS {
        let Some(at) = rest.find(" id=") else {
            break;
        };
        let after = rest.get(at + 4..).unwrap_or("");
        let Some(quote) = after.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            rest = after;
            continue;
        };
        let value = after.get(1..).unwrap_or("");
        let Some(end) = value.find(quote) else {
            break;
        };
        if let Some(id) = value.get(..end).filter(|v| !v.is_empty() && v.len() <= 200) {
            ids.push(id);
        }
        rest = value.get(end..).unwrap_or("");
    }
    ids
}

/// The archive's `Language` metadata as a two-letter code (`eng` -> `en`), when known.
fn archive_language(open: &OpenArchive) -> Option<String> {
    let raw = open.archive.metadata("Language").ok().flatten()?;
    let text = String::from_utf8_lossy(&raw).to_lowercase();
    let first = text.split([',', ';', ' ']).next()?.trim().to_owned();
    let two = match first.as_str() {
        "eng" => "en",
        "fra" | "fre" => "fr",
        "deu" | "ger" => "de",
        "spa" => "es",
        "ita" => "it",
        "por" => "pt",
        "rus" => "ru",
        "jpn" => "ja",
        "zho" | "chi" => "zh",
        "kor" => "ko",
        "nld" | "dut" => "nl",
        "pol" => "pl",
        "swe" => "sv",
        "ara" => "ar",
        "tur" => "tr",
        "ukr" => "uk",
        "ces" | "cze" => "cs",
        "fin" => "fi",
        "dan" => "da",
        "nob" | "nor" => "nb",
        "hun" => "hu",
        "heb" => "he",
        "hin" => "hi",
        "vie" => "vi",
        "ell" | "gre" => "el",
        "ron" | "rum" => "ro",
        other if other.len() == 2 => other,
        _ => return None,
    };
    Some(two.to_owned())
}

/// The Snowball stemmer of a two-letter language, when there is one.
fn stemmer_for(language: &str) -> Option<rust_stemmers::Stemmer> {
    use rust_stemmers::{Algorithm, Stemmer};
    let algorithm = match language {
        "ar" => Algorithm::Arabic,
        "da" => Algorithm::Danish,
        "nl" => Algorithm::Dutch,
        "en" => Algorithm::English,
        "fi" => Algorithm::Finnish,
        "fr" => Algorithm::French,
        "de" => Algorithm::German,
        "el" => Algorithm::Greek,
        "hu" => Algorithm::Hungarian,
        "it" => Algorithm::Italian,
        "nb" | "no" => Algorithm::Norwegian,
        "pt" => Algorithm::Portuguese,
        "ro" => Algorithm::Romanian,
        "ru" => Algorithm::Russian,
        "es" => Algorithm::Spanish,
        "sv" => Algorithm::Swedish,
        "ta" => Algorithm::Tamil,
        "tr" => Algorithm::Turkish,
        _ => return None,
    };
    Some(Stemmer::create(algorithm))
}

/// The passage of page `best` that answers best: the paragraph covering most of the
/// request's words, with its section ([`passage::best_paragraph`]), its paragraphs read from
/// `cache` when it holds them.
fn best_passage(
    open: &OpenArchive,
    best: &Ranked,
    analysis: &Analysis,
    cache: Option<&page_cache::PageCaches>,
) -> Option<passage::Candidate> {
    let entry = match best.entry_index {
        Some(i) => open.archive.entry_at(i).ok()?,
        None => open.archive.entry_by_path(&best.path).ok()??,
    };
    let entry = entry.resolve().ok()?;
    let read = || {
        // A page whose type cannot be read has no passage (as `read_lead` and `page_html`
        // skip it), rather than being read as plain text.
        let mime = entry.mimetype().ok()?.to_owned();
        let blob = entry.content().ok()?;
        let bytes = blob.get(..MAX_PAGE_BYTES.min(blob.len())).unwrap_or(&[]);
        let text = String::from_utf8_lossy(bytes);
        let paragraphs = if mime.contains("html") {
            passage::paragraphs(&text)
        } else {
            passage::paragraphs(&format!("<pre>{}</pre>", html_escape(&text)))
        };
        Some(paragraphs.into())
    };
    let paragraphs: std::sync::Arc<[passage::Paragraph]> = match cache {
        Some(cache) => cache
            .paragraphs
            .get_or_read(&open.archive.uuid(), entry.index(), read)?,
        None => read()?,
    };
    let terms: Vec<String> = analysis
        .terms
        .iter()
        .filter(|t| t.chars().count() >= 2)
        .cloned()
        .collect();
    passage::best_paragraph(&paragraphs, &terms)
}

/// The answering passage, cited at the page's anchor or the passage's section, as `{path,
/// title, section_id, section_title, cite, passage}`.
fn cited_passage(best: &Ranked, chosen: passage::Candidate) -> Value {
    let cite = match (&best.anchor, &chosen.section_id) {
        (Some(id), _) | (None, Some(id)) => format!("{}#{id}", best.path),
        (None, None) => best.path.clone(),
    };
    json!({
        "path": best.path,
        "title": best.title,
        "section_id": chosen.section_id,
        "section_title": chosen.section_title,
        "cite": cite,
        "passage": truncate(chosen.text.trim(), PASSAGE_CHARS),
    })
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// True for errors that mean "no such entry" (an article view then asks the pipeline).
pub fn is_not_found(err: &ToolError) -> bool {
    err.kind == ErrorKind::NotFound && err.operation != "zim_file_not_found"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_name_things_by_their_first_letters() {
        assert_eq!(abbreviation_forms("vector"), ["vec", "Vec", "vect", "Vect"]);
        assert!(abbreviation_forms("sort").is_empty());
        assert!(abbreviation_forms("os.path").is_empty());
        assert!(names_by_abbreviation("Vec in std::vec - Rust", "Vec"));
        assert!(names_by_abbreviation("str - Rust", "str"));
        assert!(names_by_abbreviation("env", "env"));
        assert!(!names_by_abbreviation(
            "VecDeque in std::collections - Rust",
            "Vec"
        ));
        assert!(!names_by_abbreviation(
            "vec_revb in std::arch::s390x - Rust",
            "vec"
        ));
    }

    #[test]
    fn mirrors_are_the_same_file_under_another_directory_and_name() {
        assert!(is_mirror(
            "std/cmp/struct.Reverse.html",
            "Reverse in std::cmp - Rust",
            "core/cmp/struct.Reverse.html",
            "Reverse in core::cmp - Rust"
        ));
        // Same file name, different pages.
        assert!(!is_mirror(
            "library/functions.html",
            "Built-in Functions",
            "c-api/functions.html",
            "Utilities"
        ));
        assert!(!is_mirror("a.html", "A", "a.html", "A"));
        assert!(is_variant_of("book/es/ch01.html", "book/ch01.html"));
        assert!(!is_variant_of("book/ch01.html", "book/es/ch01.html"));
        assert!(!is_variant_of("es/ch01.html", "ch01.html"));
        assert!(!is_variant_of("book/es/ch02.html", "book/ch01.html"));
    }

    #[test]
    fn a_section_whose_anchor_names_the_request_lifts_its_page_from_any_depth() {
        let page = |path: &str, score: f64| Ranked {
            path: path.to_owned(),
            title: path.to_owned(),
            entry_index: None,
            score,
            sources: Vec::new(),
            title_coverage: 0.0,
            anchor: None,
            title_forms: Vec::new(),
        };
        let mut ranked: Vec<Ranked> = (0..40)
            .map(|i| page(&format!("library/p{i}.html"), 3.0 - f64::from(i) * 0.01))
            .collect();
        ranked.push(page("tutorial/inputoutput.html", 2.0));
        let anchors: HashMap<String, String> = [
            (
                "tutorial/inputoutput.html".to_owned(),
                "reading-and-writing-files".to_owned(),
            ),
            ("library/p1.html".to_owned(), "module-contents".to_owned()),
        ]
        .into();
        let weights = HashMap::new();
        let facts = PageFacts {
            language: Some("en"),
            stemmer: None,
            word_weights: &weights,
            exists: &|_| false,
        };
        let analysis = request_analysis("reading and writing files");
        rerank_by_section_anchors(&mut ranked, &anchors, &analysis, &facts);
        assert_eq!(ranked[0].path, "tutorial/inputoutput.html");
        assert_eq!(
            ranked[0].anchor.as_deref(),
            Some("reading-and-writing-files")
        );
        // An anchor that does not name the request changes nothing.
        let p1 = ranked.iter().find(|r| r.path == "library/p1.html");
        assert!(p1.is_some_and(|r| r.anchor.is_none() && (r.score - 2.99).abs() < 1e-9));
    }

    #[test]
    fn visible_text_skips_tags_scripts_and_styles() {
        let html = "<html><head><style>p { color: red }</style><SCRIPT>var x = 1;</SCRIPT></head>\
            <body><p>Read <b>and</b> write</p>files<br/>é<unterminated";
        let text = visible_text(html, 1000);
        let words: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(words, ["Read", "and", "write", "files", "é"]);
        assert!(visible_text(html, 3).len() <= 3);
        assert_eq!(visible_text("", 10), "");
        assert_eq!(visible_text("<script>never closed", 10).trim(), "");
    }

    #[test]
    fn element_ids_are_read_by_a_scan() {
        let html = r#"<dt id="term-generator">x</dt><h2 id='usage'>u</h2><p data-id="no">
            <a id="">e</a><div id="unterminated"#;
        assert_eq!(element_ids(html), ["term-generator", "usage"]);
        assert!(element_ids("").is_empty());
    }

    #[test]
    fn requests_of_scaffolding_only_are_searched_as_typed() {
        assert_eq!(request_analysis("What is the").terms, ["what", "is", "the"]);
        assert!(request_analysis("?!").is_empty());
        let q = candidate_query(
            &request_analysis("How do I split a string by whitespace?"),
            &HashMap::new(),
        );
        assert_eq!(q.all_words, "split string whitespace");
        assert_eq!(q.any_words, "split string whitespace");
        assert_eq!(
            q.suggest,
            ["split string whitespace", "split string", "split"]
        );
    }
}
