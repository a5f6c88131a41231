//! `zim_query(synthesize=true)`: a multi-source briefing. Search (every archive when none is
//! selected), keep the best distinct articles (redirects and repeats folded), pull the
//! paragraphs that mention the query's words from their sections, and return them with
//! citations (archive, entry path, section id and title) inside a character budget.
//!
//! The response follows openzim-mcp's `SynthesizeResponse`: `query`, `answer_markdown`
//! (passages with `[cite: ...]` markers), `passages`, `citations`, `archives_searched`,
//! `fallback_used`, `total_chars`, `total_words`, `considered_articles`, `considered_sections`.

use std::collections::{HashMap, HashSet};

use serde_json::{Value, json};
use zim_intent::{Intent, ParsedIntent};

use super::{ZimQueryArgs, intent_report};
use crate::config::SYNTHESIZE_MAX_PASSAGES;
use crate::error::ToolError;
use crate::ratelimit::ClientId;
use crate::retrieval::passage::{
    Candidate, MIN_PASSAGE_CHARS, boost_by_section_affinity, candidates, normalize_text,
    query_terms,
};
use crate::service::ZimService;
use crate::tools::entry::{archive_error, find_entry};

// The answer size without `max_content_length` (`synthesize.output_char_budget`), the sources
// used without `limit` (`synthesize.top_n`) and the search hits examined per archive
// (`synthesize.per_archive_k`) come from the configuration.

/// Hits examined per wanted source at least: redirects and repeats fold several hits into one
/// article, so fewer would leave the answer short of sources.
const HITS_PER_SOURCE: usize = 3;
/// The most hits one search returns (zim_search's `limit` ceiling).
const MAX_SEARCH_HITS: usize = 100;
/// Passages taken from one article at most (so one long article cannot fill the answer).
const PASSAGES_PER_SOURCE: usize = 2;
/// HTML read per article (articles can be megabytes; the relevant part is early).
const MAX_ARTICLE_BYTES: usize = 2_000_000;

/// One search hit, from whichever archive it came.
#[derive(Debug, Clone, PartialEq)]
struct Hit {
    /// Display form of the archive (`dir/name.zim`).
    archive: String,
    path: String,
    title: String,
    score: f64,
}

/// A distinct article chosen from the search hits.
struct Source {
    /// Display form of the archive (`dir/name.zim`), usable as `zim_file_path`.
    archive: String,
    /// File name without `.zim`, as in openzim-mcp's cite ids.
    archive_stem: String,
    path: String,
    title: String,
    score: f64,
    html: String,
}

/// What to search for: the subject the parser extracted, else the sentence.
fn subject(parsed: &ParsedIntent, query: &str) -> String {
    let s = match &parsed.intent {
        Intent::Search { query, .. } => query.clone(),
        Intent::GetArticle { title_or_path }
        | Intent::Summary { title_or_path }
        | Intent::Toc { title_or_path }
        | Intent::Structure { title_or_path }
        | Intent::Related { title_or_path }
        | Intent::Links { title_or_path } => title_or_path.clone(),
        Intent::Section {
            title_or_path,
            section,
        } => format!("{title_or_path} {section}"),
        Intent::GetArticles { titles_or_paths } => titles_or_paths.join(" "),
        Intent::FindByTitle { title } => title.clone(),
        Intent::Suggest { prefix } => prefix.clone(),
        _ => String::new(),
    };
    let s = s.replace('_', " ");
    if s.trim().is_empty() {
        query.trim().to_owned()
    } else {
        s.trim().to_owned()
    }
}

fn stem(archive: &str) -> String {
    let name = archive.rsplit('/').next().unwrap_or(archive);
    name.strip_suffix(".zim").unwrap_or(name).to_owned()
}

/// The words of `text` that tell topics apart: lowercase alphanumeric runs of at least three
/// characters (openzim-mcp's `tokenize_for_relevance`).
fn relevance_tokens(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}

/// openzim-mcp's cross-archive relevance floor (`synthesize.max_secondary_archive_hits`,
/// `synthesize.cross_archive_min_overlap`). When the sources come from several archives, the
/// primary one (whose best hit's path shares the most words with the request, the earliest
/// on ties) gives any number; every other archive gives at most `max_secondary` sources,
/// each with at least `min_overlap` request words in its path. When no path shares a word
/// (an abbreviation whose page spells it out), only the cap applies.
struct ArchiveFloor {
    request: HashSet<String>,
    /// `None`: one archive only, or a request without words; everything passes.
    primary: Option<String>,
    all_zero: bool,
    max_secondary: usize,
    min_overlap: usize,
    kept: HashMap<String, usize>,
}

impl ArchiveFloor {
    /// The floor for `hits`, the primary archive chosen among the first `window` of them (the
    /// sources that would be used without it).
    fn new(
        hits: &[Hit],
        window: usize,
        request: &str,
        max_secondary: usize,
        min_overlap: usize,
    ) -> Self {
        let request = relevance_tokens(request);
        let mut best: Vec<(&str, usize)> = Vec::new();
        for hit in hits.iter().take(window.max(1)) {
            let overlap = relevance_tokens(&hit.path).intersection(&request).count();
            match best.iter_mut().find(|(a, _)| *a == hit.archive) {
                Some((_, b)) => *b = (*b).max(overlap),
                None => best.push((&hit.archive, overlap)),
            }
        }
        let several = hits
            .iter()
            .any(|h| hits.first().is_some_and(|f| f.archive != h.archive));
        let all_zero = best.iter().all(|(_, b)| *b == 0);
        // The earliest archive among those with the most overlap.
        let primary = best
            .iter()
            .fold(None::<(&str, usize)>, |acc, &(a, b)| match acc {
                Some((_, top)) if top >= b => acc,
                _ => Some((a, b)),
            })
            .map(|(a, _)| a.to_owned())
            .filter(|_| several && !request.is_empty());
        Self {
            request,
            primary,
            all_zero,
            max_secondary,
            min_overlap,
            kept: HashMap::new(),
        }
    }

    fn admits(&self, hit: &Hit) -> bool {
        let Some(primary) = &self.primary else {
            return true;
        };
        if hit.archive == *primary {
            return true;
        }
        if self.kept.get(&hit.archive).copied().unwrap_or(0) >= self.max_secondary {
            return false;
        }
        self.all_zero
            || relevance_tokens(&hit.path)
                .intersection(&self.request)
                .count()
                >= self.min_overlap
    }

    /// Counts `hit` as used (after [`Self::admits`]).
    fn record(&mut self, hit: &Hit) {
        if self.primary.as_ref().is_some_and(|p| *p != hit.archive) {
            let n = self.kept.entry(hit.archive.clone()).or_insert(0);
            *n = n.saturating_add(1);
        }
    }
}

/// The distinct articles behind `hits` (redirects resolved, repeats and non-HTML dropped,
/// other archives' off-topic hits held back by `floor`).
fn distinct_sources(
    service: &ZimService,
    hits: &[Hit],
    wanted: usize,
    floor: &mut ArchiveFloor,
) -> Vec<Source> {
    let mut seen = HashSet::new();
    let mut sources = Vec::new();
    for hit in hits {
        let Hit {
            archive,
            path,
            title,
            score,
        } = hit;
        if sources.len() >= wanted {
            break;
        }
        if !floor.admits(hit) {
            continue;
        }
        let Ok(open) = service.registry().open(archive) else {
            continue;
        };
        let Ok(found) = find_entry(&open.archive, path) else {
            continue;
        };
        let entry = found.entry;
        let is_html = entry
            .mimetype()
            .map(|m| m.to_string().starts_with("text/html"))
            .unwrap_or(false);
        if !is_html || !seen.insert((archive.clone(), entry.index())) {
            continue;
        }
        let Ok(blob) = entry.content().map_err(|e| archive_error("synthesize", e)) else {
            continue;
        };
        let bytes = blob.get(..MAX_ARTICLE_BYTES.min(blob.len())).unwrap_or(&[]);
        let entry_title = entry.title().to_string();
        floor.record(hit);
        sources.push(Source {
            archive: archive.clone(),
            archive_stem: stem(archive),
            path: entry.path().to_owned(),
            title: if entry_title.is_empty() {
                title.clone()
            } else {
                entry_title
            },
            score: *score,
            html: String::from_utf8_lossy(bytes).into_owned(),
        });
    }
    sources
}

/// The passages to cite, as `(source rank, candidate)` best first, and the sections of the
/// top source left out. Each source gives its best [`PASSAGES_PER_SOURCE`] paragraphs; a
/// paragraph already taken from another article (re-exported docs, copied leads) is
/// skipped so the article's next-best one takes its place. Source rank breaks score ties.
fn pick_passages(per_source: Vec<Vec<Candidate>>) -> (Vec<(usize, Candidate)>, Vec<Value>) {
    let mut chosen: Vec<(usize, Candidate)> = Vec::new();
    let mut unused_sections: Vec<Value> = Vec::new();
    let mut seen_texts = HashSet::new();
    for (rank, mut all) in per_source.into_iter().enumerate() {
        all.sort_by(|a, b| b.score.total_cmp(&a.score));
        let mut taken = 0usize;
        for c in all {
            if taken < PASSAGES_PER_SOURCE {
                if seen_texts.insert(normalize_text(&c.text)) {
                    chosen.push((rank, c));
                    taken = taken.saturating_add(1);
                }
            } else if rank == 0
                && let (Some(id), Some(title)) = (&c.section_id, &c.section_title)
                && !unused_sections.iter().any(|s| s["section_id"] == json!(id))
            {
                unused_sections.push(json!({"section_id": id, "title": title}));
            }
        }
    }
    chosen.sort_by(|(ra, a), (rb, b)| b.score.total_cmp(&a.score).then(ra.cmp(rb)));
    (chosen, unused_sections)
}

pub fn synthesize(
    service: &ZimService,
    client: &ClientId,
    args: &ZimQueryArgs,
    parsed: &ParsedIntent,
    archive: Option<&str>,
) -> Result<Value, ToolError> {
    let query = subject(parsed, &args.query);
    let settings = &service.config().synthesize;
    let as_usize = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let budget = as_usize(
        args.max_content_length
            .unwrap_or(settings.output_char_budget),
    );
    let wanted = as_usize(args.limit.map(u64::from).unwrap_or(settings.top_n))
        .clamp(1, as_usize(SYNTHESIZE_MAX_PASSAGES));
    let search_hits = as_usize(settings.per_archive_k)
        .max(wanted.saturating_mul(HITS_PER_SOURCE))
        .min(MAX_SEARCH_HITS);
    let terms = query_terms(&query);
    // The sources are the question pipeline's best pages (crate::retrieval): a whole question
    // rarely matches every word of one article, and the pipeline fuses the all-words, any-word
    // and title sources instead of relaxing one query.
    let archives: Vec<String> = archive.map(str::to_owned).into_iter().collect();
    let ranking = service.rank_question(client, &query, &archives, false)?;
    let hits: Vec<Hit> = ranking
        .pages()
        .into_iter()
        .take(search_hits)
        .map(|(open, page)| Hit {
            archive: open.file.display.clone(),
            path: page.path.clone(),
            title: page.title.clone(),
            score: page.score,
        })
        .collect();
    let archives_searched = ranking.archives_searched();
    let used = vec![ranking.analysis.terms.join(" ")];
    let mut floor = ArchiveFloor::new(
        &hits,
        wanted,
        &query,
        as_usize(settings.max_secondary_archive_hits),
        as_usize(settings.cross_archive_min_overlap),
    );
    let sources = distinct_sources(service, &hits, wanted, &mut floor);

    // Best passages of each source, then interleaved by score (source rank breaks ties). A
    // passage whose section heading restates the request is boosted first
    // (`synthesize.section_affinity_*`).
    let per_source: Vec<Vec<Candidate>> = sources
        .iter()
        .map(|source| {
            let mut found = candidates(&source.html, &terms);
            boost_by_section_affinity(
                &mut found,
                &query,
                settings.section_affinity_threshold,
                settings.section_affinity_boost,
            );
            found
        })
        .collect();
    let (chosen, unused_sections) = pick_passages(per_source);

    let mut remaining = budget;
    let mut truncated = false;
    let mut passages = Vec::new();
    let mut citations: Vec<Value> = Vec::new();
    let mut parts = Vec::new();
    for (rank, candidate) in &chosen {
        let Some(source) = sources.get(*rank) else {
            continue;
        };
        let cite_id = match &candidate.section_id {
            Some(id) => format!("{}/{}#{id}", source.archive_stem, source.path),
            None => format!("{}/{}", source.archive_stem, source.path),
        };
        // The budget covers the whole answer: the citation marker and the blank line
        // between passages count too.
        let overhead =
            format!("\n[cite: {cite_id}]").chars().count() + if parts.is_empty() { 0 } else { 2 };
        let Some(room) = remaining
            .checked_sub(overhead)
            .filter(|room| *room >= MIN_PASSAGE_CHARS)
        else {
            truncated = true;
            break;
        };
        let mut text = candidate.text.clone();
        if text.chars().count() > room {
            text = format!("{}…", crate::text::truncate(&text, room.saturating_sub(1)));
            truncated = true;
        }
        remaining = remaining.saturating_sub(text.chars().count().saturating_add(overhead));
        parts.push(format!("{text}\n[cite: {cite_id}]"));
        passages.push(json!({
            "cite_id": cite_id,
            "text_markdown": text,
            "rank": passages.len() + 1,
            "score": (candidate.score * 1000.0).round() / 1000.0,
        }));
        if !citations.iter().any(|c| c["cite_id"] == json!(cite_id)) {
            citations.push(json!({
                "cite_id": cite_id,
                "archive": source.archive_stem,
                "zim_file_path": source.archive,
                "entry_path": source.path,
                "title": source.title,
                "section_id": candidate.section_id,
                "section_title": candidate.section_title,
            }));
        }
    }
    let cited: HashSet<(String, String)> = citations
        .iter()
        .filter_map(|c| {
            Some((
                c.get("zim_file_path")?.as_str()?.to_owned(),
                c.get("entry_path")?.as_str()?.to_owned(),
            ))
        })
        .collect();
    let considered_articles: Vec<Value> = sources
        .iter()
        .filter(|s| !cited.contains(&(s.archive.clone(), s.path.clone())))
        .map(|s| json!({"archive": s.archive_stem, "zim_file_path": s.archive, "entry_path": s.path, "title": s.title, "score": s.score}))
        .chain(
            hits.iter()
                .filter(|h| {
                    !sources
                        .iter()
                        .any(|s| s.archive == h.archive && s.path == h.path)
                })
                .take(5)
                .map(|h| {
                    json!({"archive": stem(&h.archive), "zim_file_path": h.archive, "entry_path": h.path, "title": h.title, "score": h.score})
                }),
        )
        .collect();
    let answer = parts.join("\n\n");
    Ok(json!({
        "query": query,
        "search_queries": used,
        "answer_markdown": answer,
        "passages": passages,
        "citations": citations,
        "archives_searched": archives_searched,
        "fallback_used": "xapian_score",
        "total_chars": answer.chars().count(),
        "total_words": answer.split_whitespace().count(),
        "truncated": truncated,
        "budget_chars": budget,
        "considered_articles": considered_articles,
        "considered_sections": unused_sections,
        "intent": intent_report(parsed, archive),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    #[allow(unused_imports)]
    use crate::retrieval::passage::*;

    #[test]
    fn terms_drop_short_and_common_words() {
        assert_eq!(
            query_terms("What is the history of Ray Charles' piano?"),
            vec!["history", "ray", "charles", "piano"]
        );
        assert!(query_terms("a of in").is_empty());
    }

    #[test]
    fn coverage_beats_repetition() {
        let terms = query_terms("ray charles piano");
        let covering = passage_score("Ray Charles played the piano.", &terms);
        let repeating = passage_score("piano piano piano piano piano piano", &terms);
        assert!(covering > repeating);
        assert_eq!(passage_score("nothing relevant here", &terms), 0.0);
        assert_eq!(passage_score("anything", &[]), 0.0);
    }

    #[test]
    fn links_are_flattened() {
        assert_eq!(
            strip_links("see [Soul music](Soul_music \"x\") and ![img](a.png)"),
            "see Soul music and img"
        );
    }

    #[test]
    fn paragraphs_are_attributed_to_their_deepest_section() {
        let html = "<html><body><p>Ray Charles was an American singer and pianist who shaped soul music.</p>\
            <h2 id=\"Career\">Career</h2><p>Early in his career Charles played piano in bands across Florida.</p>\
            <h3 id=\"Atlantic\">Atlantic years</h3><p>At Atlantic Records Ray Charles recorded his first piano hits.</p>\
            </body></html>";
        let terms = query_terms("ray charles piano");
        let found = candidates(html, &terms);
        assert!(!found.is_empty());
        let atlantic = found
            .iter()
            .find(|c| c.text.contains("Atlantic Records"))
            .expect("the Atlantic paragraph is a candidate");
        assert_eq!(atlantic.section_id.as_deref(), Some("Atlantic"));
        assert!(
            found
                .iter()
                .any(|c| c.section_id.is_none() && c.text.contains("American singer"))
        );
        assert_eq!(
            found
                .iter()
                .filter(|c| c.text.contains("Atlantic Records"))
                .count(),
            1
        );
    }

    #[test]
    fn repeated_paragraphs_are_cited_once_and_replaced() {
        let c = |text: &str, score: f64, section: &str| Candidate {
            section_id: Some(section.to_owned()),
            section_title: Some(section.to_owned()),
            text: text.to_owned(),
            score,
        };
        let shared = "Sorts the slice in place, keeping equal elements in order.";
        let per_source = vec![
            vec![
                c(shared, 2.0, "sort"),
                c("Second best of one.", 1.0, "a"),
                c("Third.", 0.5, "b"),
            ],
            vec![
                c(&format!("  {}  ", shared.to_uppercase()), 2.0, "sort"),
                c("Only in two.", 1.5, "c"),
                c("Also in two.", 0.2, "d"),
            ],
        ];
        let (chosen, unused) = pick_passages(per_source);
        let texts: Vec<(usize, &str)> = chosen.iter().map(|(r, c)| (*r, c.text.as_str())).collect();
        assert_eq!(
            texts,
            vec![
                (0, shared),
                (1, "Only in two."),
                (0, "Second best of one."),
                (1, "Also in two.")
            ]
        );
        assert_eq!(unused, vec![json!({"section_id": "b", "title": "b"})]);
    }

    fn hit(archive: &str, path: &str) -> Hit {
        Hit {
            archive: archive.to_owned(),
            path: path.to_owned(),
            title: path.to_owned(),
            score: 1.0,
        }
    }

    /// Which of `hits` the floor lets through, in order (each admitted one counted).
    fn admitted(floor: &mut ArchiveFloor, hits: &[Hit]) -> Vec<String> {
        let mut out = Vec::new();
        for h in hits {
            if floor.admits(h) {
                floor.record(h);
                out.push(format!("{}:{}", h.archive, h.path));
            }
        }
        out
    }

    #[test]
    fn other_archives_give_few_and_on_topic_sources() {
        // The junk archive's first hit comes first in the fused order, but the primary
        // archive is the one whose paths share the request's words.
        let hits = vec![
            hit("tv.zim", "Blackadder_the_Third"),
            hit("wiki.zim", "French_Revolution"),
            hit("wiki.zim", "Reign_of_Terror"),
            hit("tv.zim", "Revolution_(episode)"),
            hit("tv.zim", "French_and_Saunders"),
            hit("tv.zim", "French_Revolution_documentary"),
            hit("wiki.zim", "Napoleon"),
        ];
        let mut floor = ArchiveFloor::new(&hits, 5, "french revolution", 2, 1);
        assert_eq!(floor.primary.as_deref(), Some("wiki.zim"));
        assert_eq!(
            admitted(&mut floor, &hits),
            vec![
                "wiki.zim:French_Revolution",
                "wiki.zim:Reign_of_Terror",
                "tv.zim:Revolution_(episode)",
                "tv.zim:French_and_Saunders",
                "wiki.zim:Napoleon",
            ]
        );
        // Stricter settings: no secondary source at all, or two shared words each.
        let mut none = ArchiveFloor::new(&hits, 5, "french revolution", 0, 1);
        assert!(
            admitted(&mut none, &hits)
                .iter()
                .all(|h| h.starts_with("wiki"))
        );
        let mut two = ArchiveFloor::new(&hits, 5, "french revolution", 2, 2);
        assert_eq!(
            admitted(&mut two, &hits)
                .iter()
                .filter(|h| h.starts_with("tv"))
                .collect::<Vec<_>>(),
            vec!["tv.zim:French_Revolution_documentary"]
        );
    }

    #[test]
    fn one_archive_or_no_shared_word_keeps_the_floor_to_its_cap() {
        let single = vec![hit("a.zim", "X"), hit("a.zim", "Y")];
        let mut floor = ArchiveFloor::new(&single, 5, "french revolution", 0, 10);
        assert_eq!(admitted(&mut floor, &single).len(), 2);
        // No path shares a word ("cpu" -> Central_processing_unit): the first archive is
        // primary and the others are only capped.
        let hits = vec![
            hit("a.zim", "Central_processing_unit"),
            hit("b.zim", "Processor"),
            hit("b.zim", "Microprocessor"),
            hit("b.zim", "Chip"),
        ];
        let mut floor = ArchiveFloor::new(&hits, 5, "cpu", 2, 1);
        assert_eq!(
            admitted(&mut floor, &hits),
            vec![
                "a.zim:Central_processing_unit",
                "b.zim:Processor",
                "b.zim:Microprocessor"
            ]
        );
    }

    #[test]
    fn a_section_restating_the_request_is_cited_first() {
        let c = |text: &str, score: f64, section: &str| Candidate {
            section_id: Some(section.to_owned()),
            section_title: Some(section.to_owned()),
            text: text.to_owned(),
            score,
        };
        let mut found = vec![
            c("Mentions the piano and Ray Charles often.", 2.2, "Legacy"),
            c(
                "He learnt the piano at a school for the blind.",
                1.9,
                "Piano",
            ),
        ];
        boost_by_section_affinity(&mut found, "ray charles piano", 0.25, 1.5);
        let (chosen, _) = pick_passages(vec![found]);
        assert_eq!(chosen[0].1.section_id.as_deref(), Some("Piano"));
    }

    #[test]
    fn stems() {
        assert_eq!(stem("kiwix/example.zim"), "example");
        assert_eq!(stem("example"), "example");
    }
}
