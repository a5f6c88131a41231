//! One ranking from several candidate lists: reciprocal-rank fusion of the sources, then
//! what a reader would check first — does the page's title name what was asked? — and what
//! kind of page it is.
//!
//! Everything is relative to the archive at hand: the site-wide title suffix ("— Python 3.11
//! documentation", "- Rust") is learnt from the candidates' own titles, translations are
//! and old editions
//! recognised by a directory whose removal leaves a path that exists, and source
//! listings by their double extension. No archive's paths are named here.

use std::collections::HashMap;

use crate::backend::{CandidateList, CandidateSource};
use rust_stemmers::Stemmer;

use crate::retrieval::analyze::{Analysis, light_stem};
use crate::retrieval::cjk;

/// Reciprocal-rank fusion's constant: small, so the first places of each list count most.
const RRF_K: f64 = 4.0;
/// Separators between a page's own title and the site's name.
const TITLE_SEPARATORS: &[&str] = &[" — ", " – ", " - ", " | ", " :: "];
/// A trailing title segment shared by this share of the candidates is the site's name.
const SITE_SUFFIX_SHARE: f64 = 0.2;

// How much each signal weighs, on the scale of the fused rank (0..1).
pub const W_COVERAGE: f64 = 1.5;
/// A lead word counts when it is the request's word or shares its stem (not a mere prefix:
/// in running text "set" and "settings" are different words).
const LEAD_MIN_LIKENESS: f64 = 0.6;
const W_PRECISION: f64 = 0.35;
/// All the relaxed (all words but one) lists together weigh this much.
const W_RELAXED: f64 = 1.0;
const W_HEAD: f64 = 0.35;
/// Weight of an element id naming the request (see [`anchor_match`]).
pub const W_ANCHOR: f64 = 0.6;
/// An id must hold at least this share of the request's weight to count.
const MIN_ANCHOR_SHARE: f64 = 0.5;
/// A weak word's share of its weight in title matching.
const WEAK_SHARE: f64 = 0.33;
const VARIANT_PENALTY: f64 = 0.7;
const LANGUAGE_SEGMENT_PENALTY: f64 = 0.2;
const SOURCE_LISTING_PENALTY: f64 = 1.0;
const NOTES_PENALTY: f64 = 0.4;
const INDEX_PENALTY: f64 = 0.3;

/// Two-letter language codes recognised as path segments. Codes that are also common
/// module or directory names (`io`, `os`, `fs`...) are left out on purpose.
const LANGUAGE_CODES: &[&str] = &[
    "ar", "bg", "bn", "ca", "cs", "da", "de", "el", "en", "es", "et", "fa", "fi", "fr", "he", "hi",
    "hr", "hu", "id", "ja", "ko", "lt", "lv", "nb", "nl", "pl", "pt", "ro", "ru", "sk", "sl", "sr",
    "sv", "th", "tr", "uk", "vi", "zh", "zh-cn", "zh-tw", "pt-br", "zh_cn", "zh_tw", "pt_br",
];

/// A fused candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked {
    pub path: String,
    pub title: String,
    pub entry_index: Option<u32>,
    pub score: f64,
    /// The lists it came from, best place first.
    pub sources: Vec<CandidateSource>,
    /// Share of the request's strong words its title holds.
    pub title_coverage: f64,
    /// The page's element id that names the request, when one does.
    pub anchor: Option<String>,
    /// The words of the page's own title (site suffix off), in comparison form.
    pub title_forms: Vec<String>,
}

/// The archive facts the priors need.
pub struct PageFacts<'a> {
    /// The archive's language as a two-letter code, when known.
    pub language: Option<&'a str>,
    /// The archive language's stemmer, when there is one (words then compare by stem).
    pub stemmer: Option<&'a Stemmer>,
    /// How much each request word (lowercase, as analysed) weighs: its rarity in the archive.
    /// Words absent from it are not listed (they weigh 1 when no word is known at all).
    pub word_weights: &'a HashMap<String, f64>,
    /// Whether a path exists in the archive (translation check).
    pub exists: &'a (dyn Fn(&str) -> bool + Sync),
}

/// How much the lists' agreement counts against the title priors when the knowledge index's
/// sections and embeddings are among the lists: two more kinds of evidence make a page
/// that most lists rank first likelier the answer than one whose title holds a request
/// word (measured 1.0 to 2.0: 1.5-1.75 best with the index, 1.0 best without; BENCHMARKS.md).
const W_FUSED_WITH_INDEX: f64 = 1.5;

/// The lists that come from an archive's knowledge index.
fn is_knowledge_source(source: CandidateSource) -> bool {
    matches!(source, CandidateSource::Sections | CandidateSource::Vectors)
}

fn weight(source: CandidateSource) -> f64 {
    match source {
        CandidateSource::AllWords
        | CandidateSource::AnyWords
        | CandidateSource::TitleWords
        | CandidateSource::Compound => 1.0,
        // The section index's words mostly repeat the archive's own full-text index's: it
        // counts half, so it does not outvote it (measured: at full weight it lowered hit@3
        // on five of six development sets).
        CandidateSource::Sections => 0.5,
        // The page embeddings find what shares no word with the request; among six or more
        // lexical lists (relaxed queries) they were outvoted at 1.0 (BENCHMARKS.md).
        CandidateSource::Vectors => 1.5,
        // One list per word left out: together they count as much as one list.
        CandidateSource::Relaxed => W_RELAXED,
        CandidateSource::Suggest => 0.7,
    }
}

/// How well one of a page's element ids names the request: the weighted share of the
/// request's words an id holds, among ids of at most one word more than the request
/// (`term-generator` for "what is a generator", `method.reverse`, `defining-an-enum`).
/// Ids are what documentation generators derive from headings, glossary terms and API
/// items, so a page with such an id has a part about exactly what was asked. Returns the
/// share and the id.
pub fn anchor_match<'h>(
    ids: &[&'h str],
    analysis: &Analysis,
    facts: &PageFacts<'_>,
) -> Option<(f64, &'h str)> {
    let form = |w: &str| word_form(w, facts.stemmer);
    let wanted = wanted_words(analysis, &form, facts.word_weights);
    let total: f64 = wanted.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return None;
    }
    let most_words = wanted.len().saturating_add(1);
    // An API page holds thousands of ids made of the same few words: each word is put in
    // comparison form (a stemmer run) once, and an id too long to match is never stemmed.
    let mut forms: HashMap<&'h str, String> = HashMap::new();
    let mut best: Option<(f64, &'h str)> = None;
    for id in ids {
        let pieces = || {
            id.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
        };
        let count = pieces().take(most_words.saturating_add(1)).count();
        if count == 0 || count > most_words {
            continue;
        }
        let words: Vec<String> = pieces()
            .map(|piece| forms.entry(piece).or_insert_with(|| form(piece)).clone())
            .collect();
        let share: f64 = wanted
            .iter()
            .map(|(w, weight)| {
                weight * word_match(w, &words).min(if words.contains(w) { 1.0 } else { 0.6 })
            })
            .sum::<f64>()
            / total;
        if best.is_none_or(|(b, _)| share > b) {
            best = Some((share, id));
        }
    }
    best.filter(|(share, _)| *share >= MIN_ANCHOR_SHARE)
}

/// The share an element id named exactly as an identifier of the request counts for: the
/// page defines what was asked by name (`virConnectOpenAuth` on the host API's page), however
/// many other words the request has.
const IDENTIFIER_ID_SHARE: f64 = 0.75;

/// An element id that is one of the request's identifiers as written (`virDomainCreateXML`,
/// `os.path.join`), with the share it counts for ([`IDENTIFIER_ID_SHARE`]).
pub fn identifier_id<'h>(ids: &[&'h str], analysis: &Analysis) -> Option<(f64, &'h str)> {
    let wanted: Vec<&str> = analysis
        .identifiers
        .iter()
        .map(|i| i.trim_matches(|c: char| !c.is_alphanumeric() && c != '_'))
        .filter(|i| i.chars().count() >= 4)
        .collect();
    if wanted.is_empty() {
        return None;
    }
    ids.iter()
        .find(|id| wanted.contains(id))
        .map(|id| (IDENTIFIER_ID_SHARE, *id))
}

/// Hits of a list compared to tell whether two lists agree.
const HEAD_HITS: usize = 5;

/// The paths of a list's first hits.
fn head_paths(list: &CandidateList) -> impl Iterator<Item = &str> {
    list.hits.iter().take(HEAD_HITS).map(|h| h.path.as_str())
}

/// Fuses `lists` into one ranking, best first.
pub fn fuse(lists: &[CandidateList], analysis: &Analysis, facts: &PageFacts<'_>) -> Vec<Ranked> {
    let mut order: Vec<Ranked> = Vec::new();
    let mut place: HashMap<String, usize> = HashMap::new();
    let mut title_gain: Vec<f64> = Vec::new();
    let relaxed_lists = lists
        .iter()
        .filter(|l| l.source == CandidateSource::Relaxed)
        .count()
        .max(1) as f64;
    // A relaxed list that begins as the all-words list does says nothing more: the word it
    // left out excluded no page that mattered ("postfix" from questions over the Postfix
    // manual). Counted again, it would only repeat the all-words list's vote.
    let all_words_head: Vec<&str> = lists
        .iter()
        .find(|l| l.source == CandidateSource::AllWords)
        .map(|l| head_paths(l).collect())
        .unwrap_or_default();
    let repeats_all_words = |l: &CandidateList| {
        !all_words_head.is_empty() && head_paths(l).eq(all_words_head.iter().copied())
    };
    for list in lists {
        let list_weight = match list.source {
            CandidateSource::Relaxed if repeats_all_words(list) => 0.0,
            CandidateSource::Relaxed => weight(list.source) / relaxed_lists,
            source => weight(source),
        };
        for (rank, hit) in list.hits.iter().enumerate() {
            let key = hit.path.split('#').next().unwrap_or(&hit.path).to_owned();
            let gain = list_weight / (RRF_K + rank as f64 + 1.0);
            let slot = *place.entry(key.clone()).or_insert_with(|| {
                order.push(Ranked {
                    path: key,
                    title: hit.title.clone(),
                    entry_index: hit.entry_index,
                    score: 0.0,
                    sources: Vec::new(),
                    title_coverage: 0.0,
                    anchor: None,
                    title_forms: Vec::new(),
                });
                order.len() - 1
            });
            if title_gain.len() < order.len() {
                title_gain.resize(order.len(), 0.0);
            }
            if let Some(r) = order.get_mut(slot) {
                // The title index's rank says only that a title holds some of the words: it
                // counts once the title's (rarity-weighted) share of the request is known.
                if list.source == CandidateSource::TitleWords {
                    if let Some(t) = title_gain.get_mut(slot) {
                        *t += gain;
                    }
                } else {
                    r.score += gain;
                }
                if !r.sources.contains(&list.source) {
                    r.sources.push(list.source);
                }
                if r.title.is_empty() {
                    r.title = hit.title.clone();
                }
            }
        }
    }
    title_gain.resize(order.len(), 0.0);
    let suffixes = site_suffixes(order.iter().map(|r| r.title.as_str()));
    let form = |w: &str| word_form(w, facts.stemmer);
    let wanted = wanted_words(analysis, &form, facts.word_weights);
    let heads = head_words(analysis, &form);
    let pairs = adjacent_pairs(analysis);
    let heaviest = wanted
        .iter()
        .map(|(_, weight)| *weight)
        .fold(0.0_f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let mut features = Vec::with_capacity(order.len());
    for (slot, r) in order.iter_mut().enumerate() {
        let main = main_title(&r.title, &suffixes);
        let mut words = title_words(main, &form);
        words.extend(compound_parts(main, &pairs, &form));
        let matched: f64 = wanted.iter().map(|(w, _)| word_match(w, &words)).sum();
        let weighted: f64 = wanted
            .iter()
            .map(|(w, weight)| weight * word_match(w, &words))
            .sum();
        let total_weight: f64 = wanted.iter().map(|(_, weight)| weight).sum();
        let coverage = if total_weight > 0.0 {
            weighted / total_weight
        } else {
            0.0
        };
        // A title made of the request's common words ("git-cat-file" for "delete untracked
        // files") is no more about the request than its text: precision and the head bonus
        // count as much as the matched words weigh.
        let unweighted = ratio(matched, wanted.len());
        let rarity = if unweighted > 0.0 {
            (coverage / unweighted).min(1.0)
        } else {
            0.0
        };
        let precision = ratio(matched, words.len()) * rarity;
        let head_words = head_of(main, &form);
        let head = head_words
            .iter()
            .map(|h| {
                let as_word = wanted
                    .iter()
                    .filter(|(w, _)| likeness(h, w) >= 1.0)
                    .map(|(_, weight)| weight / heaviest)
                    .fold(0.0, f64::max);
                let as_identifier = if heads
                    .iter()
                    .skip(wanted.len())
                    .any(|w| likeness(h, w) >= 1.0)
                {
                    1.0
                } else {
                    0.0
                };
                as_word.max(as_identifier)
            })
            .fold(0.0, f64::max);
        r.title_coverage = coverage;
        r.title_forms = words;
        let fused = r.score + title_gain.get(slot).copied().unwrap_or(0.0) * (0.5 + 0.5 * coverage);
        // A page titled with the site's name alone ("Node.js v18 Documentation" among
        // "Process | Node.js v18 Documentation", ...) is the site's own: its front page or
        // every page joined into one, an index rather than an answer.
        let site_page = suffixes.iter().any(|s| s.eq_ignore_ascii_case(main));
        let rest = W_COVERAGE * coverage + W_PRECISION * precision + W_HEAD * head
            - page_penalty(&r.path, main, facts)
            - if site_page { INDEX_PENALTY } else { 0.0 };
        features.push((fused, rest));
    }
    let best_fused = features.iter().map(|f| f.0).fold(0.0_f64, f64::max);
    let consensus = if lists.iter().any(|l| is_knowledge_source(l.source)) {
        W_FUSED_WITH_INDEX
    } else {
        1.0
    };
    for (r, (fused, rest)) in order.iter_mut().zip(features) {
        let fused = if best_fused > 0.0 {
            fused / best_fused
        } else {
            0.0
        };
        r.score = consensus * fused + rest;
    }
    order.sort_by(|a, b| b.score.total_cmp(&a.score));
    order
}

/// Bytes of a window of the page's text: about 40 words, a paragraph (windows of 25 and 60
/// words measured the same within a question or two, BENCHMARKS.md).
const PROXIMITY_SPAN: usize = 260;
/// Occurrences of the request's words looked at per page, at most.
const MAX_OCCURRENCES: usize = 20_000;
/// What a window holding all the request's words adds: as much as a title holding them all
/// ([`W_COVERAGE`]).
pub const W_PROXIMITY: f64 = W_COVERAGE;

/// The largest weighted share of the request's words that some window of
/// [`PROXIMITY_SPAN`] bytes of `text` holds: a page that answers the request says its words
/// together, in one paragraph, not scattered over its length. Words match as a title's do at
/// full likeness (the same word or its plural). Each word's beginning is found with a
/// substring search over the text, not by reading the text word by word.
pub fn proximity(text: &str, analysis: &Analysis, facts: &PageFacts<'_>) -> f64 {
    let form = |w: &str| word_form(w, facts.stemmer);
    let wanted = wanted_words(analysis, &form, facts.word_weights);
    let total: f64 = wanted.iter().map(|(_, w)| w).sum();
    if total <= 0.0 || wanted.len() < 2 {
        return 0.0;
    }
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut occurrences: Vec<(usize, usize)> = Vec::new();
    for (k, (form, _)) in wanted.iter().enumerate() {
        let singular = form.split(FORM_SEPARATOR).next().unwrap_or(form);
        // A word of a script written without spaces is anywhere its characters are.
        if cjk::has_cjk(singular) {
            for at in memchr::memmem::find_iter(bytes, singular.as_bytes()) {
                if occurrences.len() >= MAX_OCCURRENCES {
                    break;
                }
                occurrences.push((at, k));
            }
            continue;
        }
        // Every form of the word ("dictionaries", "files") starts with its singular less its
        // last letter (a one-letter word with itself).
        let last = singular.char_indices().last().map_or(0, |(at, _)| at);
        let first_len = singular.chars().next().map_or(0, char::len_utf8);
        let Some(start) = singular
            .get(..last.max(first_len))
            .filter(|s| !s.is_empty())
        else {
            continue;
        };
        for at in memchr::memmem::find_iter(bytes, start.as_bytes()) {
            if occurrences.len() >= MAX_OCCURRENCES {
                break;
            }
            let starts_word = at
                .checked_sub(1)
                .and_then(|before| bytes.get(before))
                .is_none_or(|b| !is_word_byte(*b));
            if !starts_word {
                continue;
            }
            let tail = bytes.get(at..).unwrap_or(&[]);
            let len = tail
                .iter()
                .position(|b| !is_word_byte(*b))
                .unwrap_or(tail.len());
            let Some(word) = lower
                .get(at..at.saturating_add(len))
                .filter(|w| w.len() <= 80)
            else {
                continue;
            };
            if crate::retrieval::analyze::light_stem(word) == singular {
                occurrences.push((at, k));
            }
        }
    }
    occurrences.sort_unstable();
    let mut counts = vec![0usize; wanted.len()];
    let mut covered = 0.0;
    let mut best: f64 = 0.0;
    let mut first = 0;
    for &(at, k) in &occurrences {
        if let Some(c) = counts.get_mut(k) {
            if *c == 0 {
                covered += wanted.get(k).map_or(0.0, |(_, w)| *w);
            }
            *c += 1;
        }
        // Occurrences more than a window before this one leave it.
        while let Some(&(old_at, old_k)) = occurrences.get(first) {
            if old_at.saturating_add(PROXIMITY_SPAN) >= at {
                break;
            }
            if let Some(c) = counts.get_mut(old_k) {
                *c = c.saturating_sub(1);
                if *c == 0 {
                    covered -= wanted.get(old_k).map_or(0.0, |(_, w)| *w);
                }
            }
            first += 1;
        }
        best = best.max(covered);
    }
    (best / total).clamp(0.0, 1.0)
}

/// A byte of a word: a letter, a digit, `_`, or any byte of a non-ASCII character.
fn is_word_byte(b: u8) -> bool {
    b >= 0x80 || b.is_ascii_alphanumeric() || b == b'_'
}

/// How much more of the request a page's description, its title and its lead together,
/// covers than its title alone, on the score's scale. Documentation pages are named by
/// their subject ("git-mv(1)", "CREATE TABLE") and say what they do in their first sentence
/// ("Move or rename a file"), in the words questions use.
pub fn lead_gain(
    candidate: &Ranked,
    lead: &str,
    analysis: &Analysis,
    facts: &PageFacts<'_>,
) -> f64 {
    if lead.is_empty() {
        return 0.0;
    }
    let form = |w: &str| word_form(w, facts.stemmer);
    let wanted = wanted_words(analysis, &form, facts.word_weights);
    let total: f64 = wanted.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let lead_words = text_forms(lead, &form);
    let covered: f64 = wanted
        .iter()
        .map(|(w, weight)| {
            let in_title = word_match(w, &candidate.title_forms);
            let in_lead = if cjk::has_cjk(w) {
                // Written without spaces: present or not, as its characters.
                let word = w.split(FORM_SEPARATOR).next().unwrap_or(w);
                if lead.contains(word) { 1.0 } else { 0.0 }
            } else {
                lead_words
                    .iter()
                    .map(|l| likeness(w, l))
                    .filter(|m| *m >= LEAD_MIN_LIKENESS)
                    .fold(0.0, f64::max)
            };
            weight * in_title.max(in_lead)
        })
        .sum();
    W_COVERAGE * (covered / total - candidate.title_coverage).max(0.0)
}

/// Neighbouring words of the request (`check`, `out`), for titles that write them as one
/// (`git-sparse-checkout`, `unittest`, `gitignore`).
fn adjacent_pairs(analysis: &Analysis) -> Vec<(String, String)> {
    analysis
        .terms
        .windows(2)
        .filter_map(|pair| match pair {
            [a, b]
                if a.chars().all(char::is_alphanumeric) && b.chars().all(char::is_alphanumeric) =>
            {
                Some((a.clone(), b.clone()))
            }
            _ => None,
        })
        .collect()
}

/// The request words a title holds run together: for each pair of neighbouring request
/// words written as one word of the title (or its plural), both words in comparison form.
fn compound_parts(
    title: &str,
    pairs: &[(String, String)],
    form: &dyn Fn(&str) -> String,
) -> Vec<String> {
    if pairs.is_empty() {
        return Vec::new();
    }
    let tokens: Vec<String> = title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| t.chars().count() >= 4)
        .map(str::to_lowercase)
        .collect();
    let mut out = Vec::new();
    for (a, b) in pairs {
        let joined = format!("{a}{b}");
        if tokens
            .iter()
            .any(|t| *t == joined || t.strip_suffix('s') == Some(joined.as_str()))
        {
            out.push(form(a));
            out.push(form(b));
        }
    }
    out
}

/// The distinct words of a text in comparison form.
fn text_forms(text: &str, form: &dyn Fn(&str) -> String) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty() && w.chars().count() <= 40)
    {
        let f = form(word);
        if !out.contains(&f) {
            out.push(f);
        }
    }
    out
}

fn ratio(part: f64, whole: usize) -> f64 {
    if whole == 0 { 0.0 } else { part / whole as f64 }
}

/// Separates a word's singular from its stem in its comparison form.
const FORM_SEPARATOR: char = '\u{1}';

/// A word's comparison form: its singular and, when the archive's language has a stemmer,
/// its stem (`generators` -> "generator" + "generat"). Forms are equal when both are.
fn word_form(word: &str, stemmer: Option<&Stemmer>) -> String {
    let lower = word.to_lowercase();
    let singular = light_stem(&lower);
    match stemmer {
        Some(stemmer) => format!("{singular}{FORM_SEPARATOR}{}", stemmer.stem(&lower)),
        None => singular,
    }
}

/// How alike two comparison forms are: 1 for the same word (or its plural), 0.6 for the same
/// stem only (stemmers conflate "generate" and "generator"), 0.5 for an abbreviation or
/// extension of it (`vec` for "vector", `str` for "string": documentation titles name
/// things by their short names), else 0.
fn likeness(a: &str, b: &str) -> f64 {
    let (a_word, a_stem) = a.split_once(FORM_SEPARATOR).unwrap_or((a, a));
    let (b_word, b_stem) = b.split_once(FORM_SEPARATOR).unwrap_or((b, b));
    if a_word == b_word {
        return 1.0;
    }
    if a_stem == b_stem {
        return 0.6;
    }
    let (short, long) = if a_word.len() < b_word.len() {
        (a_word, b_word)
    } else {
        (b_word, a_word)
    };
    if short.chars().count() >= 3 && long.starts_with(short) {
        0.5
    } else {
        0.0
    }
}

/// How well a title's words hold `wanted`: the best likeness of any of them.
fn word_match(wanted: &str, title: &[String]) -> f64 {
    title
        .iter()
        .map(|t| likeness(wanted, t))
        .fold(0.0, f64::max)
}

/// The request's words in comparison form with their weights. A word weighs its rarity in
/// the archive (`word_weights`; every word weighs 1 when no rarity is known, and a word the
/// archive never uses weighs 0); a weak word ("write", "two") counts for a third of that.
fn wanted_words(
    analysis: &Analysis,
    form: &dyn Fn(&str) -> String,
    word_weights: &HashMap<String, f64>,
) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = Vec::new();
    for w in &analysis.terms {
        let rarity = if word_weights.is_empty() {
            1.0
        } else {
            word_weights.get(w).copied().unwrap_or(0.0)
        };
        let weight = if analysis.weak.contains(w) {
            rarity * WEAK_SHARE
        } else {
            rarity
        };
        let s = form(w);
        match out.iter_mut().find(|(f, _)| *f == s) {
            Some(existing) => existing.1 = existing.1.max(weight),
            None => out.push((s, weight)),
        }
    }
    out
}

/// Words a title may start with to be about the request: its words, and each identifier's
/// last part (`Option::unwrap_or` -> `unwrap_or`, `os.path.join` -> `join`) and whole form.
fn head_words(analysis: &Analysis, form: &dyn Fn(&str) -> String) -> Vec<String> {
    let mut out: Vec<String> = wanted_words(analysis, form, &HashMap::new())
        .into_iter()
        .map(|(w, _)| w)
        .collect();
    for ident in &analysis.identifiers {
        let lower = ident.to_lowercase();
        let last = lower
            .rsplit(|c: char| !c.is_alphanumeric() && c != '_')
            .find(|p| !p.is_empty())
            .unwrap_or(&lower);
        out.push(form(last));
        out.push(lower.clone());
    }
    out
}

/// Trailing title segments that many candidates share: the site's name, not the page's.
fn site_suffixes<'a>(titles: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let mut total = 0usize;
    for title in titles {
        total += 1;
        if let Some((_, suffix)) = split_last_segment(title) {
            *counts.entry(suffix).or_default() += 1;
        }
    }
    let needed = ((total as f64) * SITE_SUFFIX_SHARE).ceil().max(2.0) as usize;
    counts
        .into_iter()
        .filter(|(_, n)| *n >= needed)
        .map(|(s, _)| s.to_owned())
        .collect()
}

fn split_last_segment(title: &str) -> Option<(&str, &str)> {
    TITLE_SEPARATORS
        .iter()
        .filter_map(|sep| title.rfind(sep).map(|at| (at, sep.len())))
        .max_by_key(|(at, _)| *at)
        .and_then(|(at, len)| Some((title.get(..at)?, title.get(at + len..)?.trim())))
}

/// The page's own title: the site suffixes peeled off the end.
fn main_title<'a>(title: &'a str, suffixes: &[String]) -> &'a str {
    let mut main = title.trim();
    for _ in 0..3 {
        match split_last_segment(main) {
            Some((head, suffix)) if suffixes.iter().any(|s| s == suffix) => main = head.trim(),
            _ => break,
        }
    }
    main
}

/// The words of a title's first token (all parts of an identifier: `os.path` -> os, path).
fn head_of(title: &str, form: &dyn Fn(&str) -> String) -> Vec<String> {
    let first = title.split_whitespace().next().unwrap_or("");
    first
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|p| !p.is_empty())
        .map(form)
        .collect()
}

/// A title's content words in comparison form, in order (the first is the title's head).
fn title_words(title: &str, form: &dyn Fn(&str) -> String) -> Vec<String> {
    let analysis = crate::retrieval::analyze::analyze(title);
    let mut out: Vec<String> = Vec::new();
    for t in &analysis.terms {
        let s = form(t);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// What kind of page this is, as a penalty: translations of pages in the archive's own
/// language, source listings, release notes and indexes are rarely what was asked.
fn page_penalty(path: &str, main_title: &str, facts: &PageFacts<'_>) -> f64 {
    let mut penalty = 0.0;
    let segments: Vec<&str> = path.split('/').collect();
    let dirs = segments.len().saturating_sub(1);
    // A page whose path without one of its directories is another page of the archive is a
    // variant of that page: a translation (`ja/`), an old edition (`2018-edition/`), a mirror.
    // The page itself is what was asked.
    for i in 0..dirs {
        let mut without: Vec<&str> = segments.clone();
        without.remove(i);
        if without.iter().all(|s| s.is_empty()) {
            continue;
        }
        if (facts.exists)(&without.join("/")) {
            penalty += VARIANT_PENALTY;
            break;
        }
    }
    // A language directory without the original beside it is still likely a translation.
    if penalty == 0.0 {
        let foreign = segments.iter().take(dirs).any(|segment| {
            let lower = segment.to_lowercase();
            LANGUAGE_CODES.contains(&lower.as_str())
                && !facts
                    .language
                    .is_some_and(|l| lower == l || lower.starts_with(&format!("{l}-")))
        });
        if foreign {
            penalty += LANGUAGE_SEGMENT_PENALTY;
        }
    }
    let file = segments.last().copied().unwrap_or(path);
    if is_listing(path, main_title) {
        penalty += SOURCE_LISTING_PENALTY;
    }
    let lower_path = path.to_lowercase();
    let lower_title = main_title.to_lowercase();
    if [
        "changelog",
        "release-notes",
        "release_notes",
        "releases",
        "whatsnew",
        "news",
    ]
    .iter()
    .any(|w| {
        lower_path.split(['/', '.', '-', '_']).any(|s| s == *w)
            || lower_path.contains(&format!("/{w}/"))
    }) || lower_path
        .split('/')
        .take(dirs)
        .any(|d| d.replace(['-', '_'], "") == "whatsnew")
        || is_release_file(file)
        || is_changes_page(file, &lower_title)
        || lower_title.contains("release notes")
        || lower_title.contains("release history")
        || lower_title.contains("what's new")
        || lower_title.contains("changelog")
        || is_release_title(&lower_title)
    {
        penalty += NOTES_PENALTY;
    }
    if lower_title.starts_with("index")
        || lower_title.starts_with("general index")
        || lower_title.ends_with(" index")
        || lower_title == "all items"
        || lower_title.starts_with("search")
        || is_contents_title(&lower_title)
    {
        penalty += INDEX_PENALTY;
    }
    penalty
}

/// A page listing the documentation's pages: "Python Documentation contents", "Table of
/// contents", "FFmpeg: File List", "Site map" (lowercase title). Its words are every title's,
/// so it matches many questions and answers none.
fn is_contents_title(lower_title: &str) -> bool {
    let title = lower_title.trim();
    title == "contents"
        || title.ends_with(" contents")
        || title.starts_with("table of contents")
        || title.ends_with("file list")
        || title == "site map"
        || title == "sitemap"
}

/// A project's name and a version number, then what the release brings or nothing:
/// "pytest-2.5.2: fixes", "py.test 2.2.0: test marking++", "django 3.2 release", "v0.20.0
/// (may 5, 2017)": a release announcement (lowercase title).
/// Also a title saying what changed in a version: "Changes in Varnish 6.0", "Change history
/// for Celery 2.0", "Upgrading to Varnish 6.2", "Migrating from 1.3 to 1.4".
static RELEASE_TITLE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"^(?:[a-z][\w.+]*[ -])?v?\d+\.\d+(?:\.\d+)*(?:[ab]\d+|rc\d+)?(?:\s*[:(]|\s+(?:release|released|announcement)\b|$)|^(?:changes|change history|changelog|upgrading|migrating|what's new|new features)\b[^\d]{0,40}\bv?\d+\.\d+",
    )
    .ok()
});

/// A page named for changes and titled so: `changes.html` "Changes to the Cyrus IMAP
/// Server", `glib-changes.html` "Changes to GLib" (an API page of that name has a title of
/// its own: SQLite's `c3ref/changes.html` is "Count The Number Of Rows Modified").
fn is_changes_page(file: &str, lower_title: &str) -> bool {
    let stem = file
        .rsplit_once('.')
        .map_or(file, |(stem, _)| stem)
        .to_lowercase();
    let named = stem
        .rsplit(['-', '_'])
        .next()
        .is_some_and(|last| last == "changes");
    named
        && ["changes", "change history", "changelog", "release history"]
            .iter()
            .any(|w| {
                lower_title
                    .strip_prefix(w)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ':']))
            })
}

/// A file named for a version: `version7.html`, `release-16-1.html`, `changes-2.0.html`.
static RELEASE_FILE: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"(?i)^(?:version|release|changes|changelog|news)[-_]?v?\d+(?:[._-]\d+)*\.[a-z]+$",
    )
    .ok()
});

fn is_release_file(file: &str) -> bool {
    RELEASE_FILE.as_ref().is_some_and(|re| re.is_match(file))
}

fn is_release_title(lower_title: &str) -> bool {
    RELEASE_TITLE
        .as_ref()
        .is_some_and(|re| re.is_match(lower_title.trim()))
}

/// A source listing or a page a documentation generator wrote beside the documentation
/// (see [`page_penalty`]): its ids name what the source defines, not a page that documents it.
pub fn is_listing(path: &str, title: &str) -> bool {
    let segments: Vec<&str> = path.split('/').collect();
    let file = segments.last().copied().unwrap_or(path);
    is_source_listing(file, title) || in_generated_directory(&segments)
}

/// A page under a top directory whose name starts with `_` (`_modules/`, `_sources/`,
/// `_static/`): what documentation generators write beside the documentation (highlighted
/// source, the markup a page was built from, assets), not a page of it.
fn in_generated_directory(segments: &[&str]) -> bool {
    segments.len() > 1
        && segments
            .first()
            .is_some_and(|top| top.len() > 1 && top.starts_with('_'))
}

/// `lib.rs.html` titled "lib.rs - source": a page rendered from a file and named after it is
/// that file's source listing. (The title check tells it from `fn.swap.html`, an API page.)
fn is_source_listing(file: &str, title: &str) -> bool {
    // Doxygen's "FFmpeg: libavformat/avformat.h Source File" (`avformat_8h_source.html`):
    // a title naming a file, then saying it is its source.
    let lower = title.trim().to_lowercase();
    if lower.ends_with(" source file")
        && lower.split_whitespace().any(|w| {
            w.rsplit_once('.')
                .is_some_and(|(name, ext)| !name.is_empty() && (1..=4).contains(&ext.len()))
        })
    {
        return true;
    }
    let Some((rendered_from, _)) = file.rsplit_once('.') else {
        return false;
    };
    let Some((name, extension)) = rendered_from.rsplit_once('.') else {
        return false;
    };
    !name.is_empty()
        && (1..=4).contains(&extension.len())
        && extension.chars().all(|c| c.is_ascii_alphanumeric())
        && title
            .trim()
            .to_lowercase()
            .starts_with(&rendered_from.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::CandidateHit;
    use crate::retrieval::analyze::analyze;

    fn list(source: CandidateSource, items: &[(&str, &str)]) -> CandidateList {
        CandidateList {
            source,
            hits: items
                .iter()
                .map(|(p, t)| CandidateHit {
                    path: (*p).to_owned(),
                    title: (*t).to_owned(),
                    entry_index: None,
                })
                .collect(),
        }
    }

    static NO_WEIGHTS: std::sync::LazyLock<HashMap<String, f64>> =
        std::sync::LazyLock::new(HashMap::new);

    fn facts<'a>(exists: &'a (dyn Fn(&str) -> bool + Sync)) -> PageFacts<'a> {
        PageFacts {
            language: Some("en"),
            stemmer: None,
            word_weights: &NO_WEIGHTS,
            exists,
        }
    }

    #[test]
    fn a_title_naming_the_request_beats_a_higher_full_text_rank() {
        let lists = vec![
            list(
                CandidateSource::AnyWords,
                &[
                    ("guide/tutorial.html", "A long tutorial - Site"),
                    ("api/mutex.html", "Mutex in sync - Site"),
                    ("misc/other.html", "Other - Site"),
                ],
            ),
            list(
                CandidateSource::TitleWords,
                &[("api/mutex.html", "Mutex in sync - Site")],
            ),
        ];
        let ranked = fuse(
            &lists,
            &analyze("What is a Mutex used for?"),
            &facts(&|_| false),
        );
        assert_eq!(ranked[0].path, "api/mutex.html");
        assert_eq!(
            ranked[0].sources,
            [CandidateSource::AnyWords, CandidateSource::TitleWords]
        );
        assert!(ranked[0].title_coverage > 0.99);
    }

    #[test]
    fn a_relaxed_list_repeating_the_all_words_list_adds_no_vote() {
        let all = [
            ("OVERVIEW.html", "Overview"),
            ("policy.html", "Policy"),
            ("params.html", "Params"),
        ];
        let dropped_a_word = [("super.html", "Super"), ("OVERVIEW.html", "Overview")];
        let analysis = analyze("delete queued message");
        let scores = |lists: &[CandidateList]| -> Vec<(String, f64)> {
            fuse(lists, &analysis, &facts(&|_| false))
                .into_iter()
                .map(|r| (r.path, r.score))
                .collect()
        };
        // Two relaxed lists that begin as the all-words list does count as much as two that
        // found nothing: the ranking is the same.
        let with = |extra: &[(&str, &str)]| {
            vec![
                list(CandidateSource::AllWords, &all),
                list(CandidateSource::Relaxed, &dropped_a_word),
                list(CandidateSource::Relaxed, extra),
                list(CandidateSource::Relaxed, extra),
            ]
        };
        let repeated = scores(&with(&all));
        let empty = scores(&with(&[]));
        assert_eq!(repeated.len(), empty.len());
        for ((p1, s1), (p2, s2)) in repeated.iter().zip(&empty) {
            assert_eq!(p1, p2);
            assert!((s1 - s2).abs() < 1e-9, "{p1}: {s1} vs {s2}");
        }
    }

    #[test]
    fn generated_directories_hold_no_documentation_pages() {
        assert!(in_generated_directory(&[
            "_modules",
            "_pytest",
            "junitxml.html"
        ]));
        assert!(in_generated_directory(&["_sources", "tutorial.rst.txt"]));
        assert!(!in_generated_directory(&["_private.html"]));
        assert!(!in_generated_directory(&["library", "_thread.html"]));
        assert!(!in_generated_directory(&["std", "index.html"]));
    }

    #[test]
    fn files_named_for_a_version_are_release_notes() {
        for f in [
            "version7.html",
            "release-16-1.html",
            "changes-2.0.html",
            "NEWS-1.2.htm",
        ] {
            assert!(is_release_file(f), "{f}");
        }
        for f in [
            "version.html",
            "versioning.html",
            "release.html",
            "vim9.html",
            "usr_12.html",
        ] {
            assert!(!is_release_file(f), "{f}");
        }
    }

    #[test]
    fn pages_named_and_titled_for_changes_are_release_notes() {
        for (f, t) in [
            ("changes.html", "changes to the cyrus imap server"),
            (
                "glib-changes.html",
                "changes to glib: glib reference manual",
            ),
            ("changes.html", "changes — flask documentation (2.2.x)"),
            ("changes.html", "release history of sqlite"),
        ] {
            assert!(is_changes_page(f, t), "{f} {t}");
        }
        for (f, t) in [
            ("changes.html", "count the number of rows modified"),
            ("history.html", "history — pytest documentation"),
            (
                "protocol-changes.html",
                "55.10. summary of changes since protocol 2.0",
            ),
            ("grammar.html", "changes to the grammar since python 2"),
        ] {
            assert!(!is_changes_page(f, t), "{f} {t}");
        }
    }

    #[test]
    fn release_announcements_are_told_by_a_name_and_a_version() {
        for t in [
            "pytest-2.5.2: fixes",
            "py.test 2.2.0: test marking++, parametrization++",
            "django 3.2 release notes",
            "v0.20.0 (may 5, 2017)",
            "1.4.0",
            "sqlalchemy 2.0.0b1 released",
            "changes in varnish 6.0",
            "change history for celery 2.0",
            "upgrading to varnish 6.2",
            "migrating from 1.3 to 1.4",
        ] {
            assert!(is_release_title(t), "{t}");
        }
        for t in [
            "python 3 porting guide",
            "std::f64::consts",
            "ipv4 address 127.0.0.1 resolution",
            "utf-8 encoding",
            "section 8.2 of the manual",
            "pandas.series.dt.tz_convert",
            "upgrading a postgresql cluster",
            "changes to the grammar since python 2",
            "history and license",
        ] {
            assert!(!is_release_title(t), "{t}");
        }
    }

    #[test]
    fn proximity_is_the_share_of_the_request_one_window_holds() {
        let analysis = analyze("read and write files");
        let f = facts(&|_| false);
        let together = "To read and write files, open them with open() and call read() or write().";
        assert!((proximity(together, &analysis, &f) - 1.0).abs() < 1e-9);
        // The same words scattered over more than a window: one word's weight at most.
        let filler = " lorem".repeat(PROXIMITY_SPAN);
        let apart = format!("read{filler} write{filler} files");
        let share = proximity(&apart, &analysis, &f);
        assert!(share > 0.3 && share < 0.5, "{share}");
        assert_eq!(proximity("", &analysis, &f), 0.0);
        // A one-word request has no proximity to speak of.
        assert_eq!(proximity(together, &analyze("files"), &f), 0.0);
    }

    #[test]
    fn agreement_counts_more_when_the_knowledge_index_takes_part() {
        // The lexical lists rank the chapter first; one title holds a request word.
        let chapter = (
            "book/ch21-02.html",
            "From Single-Threaded to Multithreaded Server",
        );
        let thread = ("std/thread/struct.Thread.html", "Thread in std::thread");
        let other = ("misc/other.html", "Other");
        let lexical = || {
            vec![
                list(CandidateSource::AllWords, &[chapter, thread]),
                list(CandidateSource::AnyWords, &[chapter, thread]),
                list(CandidateSource::Compound, &[chapter]),
                list(CandidateSource::TitleWords, &[thread]),
            ]
        };
        let analysis = analyze("create a thread pool");
        let lead = |lists: &[CandidateList]| {
            let ranked = fuse(lists, &analysis, &facts(&|_| false));
            let score = |path: &str| {
                ranked
                    .iter()
                    .find(|r| r.path == path)
                    .map(|r| r.score)
                    .unwrap_or_default()
            };
            score(chapter.0) - score(thread.0)
        };
        // The index's lists name neither page: what changes is how much the lexical lists'
        // agreement weighs against the thread page's title.
        let mut with = lexical();
        with.push(list(CandidateSource::Sections, &[other]));
        with.push(list(CandidateSource::Vectors, &[other]));
        let (with, without) = (lead(&with), lead(&lexical()));
        assert!(
            with > without + 0.1,
            "with the index {with}, without {without}"
        );
        assert!(is_knowledge_source(CandidateSource::Vectors));
        assert!(!is_knowledge_source(CandidateSource::Compound));
    }

    #[test]
    fn translations_and_source_listings_go_down() {
        let exists = |p: &str| p == "book/closures.html";
        let lists = vec![list(
            CandidateSource::AnyWords,
            &[
                ("book/ja/closures.html", "Closures - Book"),
                ("src/closures.rs.html", "closures.rs - source"),
                ("book/closures.html", "Closures - Book"),
            ],
        )];
        let ranked = fuse(&lists, &analyze("closures"), &facts(&exists));
        assert_eq!(ranked[0].path, "book/closures.html");
        assert!(is_source_listing("mod.rs.html", "mod.rs - source"));
        assert!(is_source_listing("os.rst.txt", "os.rst"));
        assert!(!is_source_listing("struct.Vec.html", "Vec in std::vec"));
        assert!(!is_source_listing("fn.swap.html", "swap in std::mem"));
        assert!(!is_source_listing("3.8.html", "What's New In Python 3.8"));
        assert!(!is_source_listing("index.html", "index"));
        // Doxygen's listing of a header, beside the header's reference page.
        assert!(is_source_listing(
            "avformat_8h_source.html",
            "FFmpeg: libavformat/avformat.h Source File"
        ));
        assert!(!is_source_listing(
            "avformat_8h.html",
            "FFmpeg: libavformat/avformat.h File Reference"
        ));
        assert!(!is_source_listing(
            "sources.html",
            "Open Source File Formats"
        ));
    }

    #[test]
    fn an_id_named_as_an_identifier_of_the_request_is_found() {
        let ids = ["virConnectOpen", "virConnectOpenAuth", "virConnectClose"];
        let analysis = analyze("virConnectOpenAuth example with my own credential callback");
        assert_eq!(
            identifier_id(&ids, &analysis),
            Some((IDENTIFIER_ID_SHARE, "virConnectOpenAuth"))
        );
        assert!(is_listing("_modules/asgiref/sync.html", "asgiref.sync"));
        assert!(is_listing("src/lib.rs.html", "lib.rs - source"));
        assert!(!is_listing("ref/exceptions.html", "Django Exceptions"));
        // Ordinary words are no identifiers, and ids must be the identifier whole.
        assert_eq!(identifier_id(&ids, &analyze("open a connection")), None);
        assert_eq!(identifier_id(&["virConnectOpenAuthFlags"], &analysis), None);
    }

    #[test]
    fn pages_listing_the_pages_are_indexes() {
        for t in [
            "python documentation contents",
            "table of contents",
            "ffmpeg: file list",
            "contents",
        ] {
            assert!(is_contents_title(t), "{t}");
        }
        for t in [
            "gzip — support for gzip files",
            "contents of a package",
            "the contents manager",
            "list files in a directory",
        ] {
            assert!(!is_contents_title(t), "{t}");
        }
        let no = |_: &str| false;
        let facts = facts(&no);
        assert!(page_penalty("contents.html", "Python Documentation contents", &facts) > 0.0);
        assert_eq!(
            page_penalty("library/os.html", "os — Miscellaneous", &facts),
            0.0
        );
    }

    #[test]
    fn the_site_suffix_is_learnt_from_the_titles() {
        let titles = [
            "secrets — Generate secure random numbers — Python 3.11 documentation",
            "random — Generate pseudo-random numbers — Python 3.11 documentation",
            "os — Miscellaneous operating system interfaces — Python 3.11 documentation",
        ];
        let suffixes = site_suffixes(titles.iter().copied());
        assert_eq!(suffixes, ["Python 3.11 documentation"]);
        assert_eq!(
            main_title(titles[0], &suffixes),
            "secrets — Generate secure random numbers"
        );
        assert_eq!(main_title("Ray Charles", &suffixes), "Ray Charles");
    }

    #[test]
    fn a_page_titled_with_the_site_name_alone_goes_down() {
        // Node's `all.html` (every module's page joined into one) holds every word; titled
        // only with the site's name, it is no answer to rank first.
        let site = "Node.js v18.20.4 Documentation";
        let lists = vec![list(
            CandidateSource::AllWords,
            &[
                ("all.html", site),
                ("buffer.html", &format!("Buffer | {site}")),
                ("fs.html", &format!("File system | {site}")),
                ("util.html", &format!("Util | {site}")),
            ],
        )];
        let ranked = fuse(
            &lists,
            &analyze("decode a base64 string"),
            &facts(&|_| false),
        );
        let place = |p: &str| ranked.iter().position(|r| r.path == p);
        assert!(place("all.html") > place("buffer.html"), "{ranked:?}");
        assert!(place("all.html") > place("fs.html"), "{ranked:?}");
    }

    #[test]
    fn ids_naming_the_request_are_found() {
        let weights = HashMap::new();
        let facts = PageFacts {
            language: Some("en"),
            stemmer: None,
            word_weights: &weights,
            exists: &|_| false,
        };
        let ids = ["term-generator", "term-iterator", "id3", "method.reverse"];
        let found = anchor_match(&ids, &analyze("What is a generator?"), &facts);
        assert_eq!(found, Some((1.0, "term-generator")));
        assert_eq!(anchor_match(&ids, &analyze("closures"), &facts), None);
        let found = anchor_match(&ids, &analyze("reverse a vector"), &facts);
        assert_eq!(found, Some((0.5, "method.reverse")));
    }

    #[test]
    fn a_lead_describing_the_request_counts_like_a_title() {
        let lists = vec![list(
            CandidateSource::AnyWords,
            &[
                ("git-diff-files.html", "git-diff-files(1)"),
                ("git-mv.html", "git-mv(1)"),
            ],
        )];
        let analysis = analyze("rename a file");
        let ranked = fuse(&lists, &analysis, &facts(&|_| false));
        let by_path = |p: &str| ranked.iter().find(|r| r.path == p).cloned();
        let (Some(diff), Some(mv)) = (by_path("git-diff-files.html"), by_path("git-mv.html"))
        else {
            panic!("both candidates are ranked");
        };
        let facts = facts(&|_| false);
        let mv_gain = lead_gain(
            &mv,
            "git-mv - Move or rename a file, a directory, or a symlink",
            &analysis,
            &facts,
        );
        let diff_gain = lead_gain(
            &diff,
            "Compares the files in the working tree and the index",
            &analysis,
            &facts,
        );
        // git-mv's lead holds both words; git-diff-files' title already held "files".
        assert!(mv.score + mv_gain > diff.score + diff_gain);
        assert!((mv_gain - W_COVERAGE).abs() < 1e-9);
        assert_eq!(diff_gain, 0.0);
        assert_eq!(lead_gain(&mv, "", &analysis, &facts), 0.0);
    }

    #[test]
    fn a_title_writing_two_request_words_as_one_holds_both() {
        let form = |w: &str| word_form(w, None);
        let analysis = analyze("only check out one subdirectory");
        let pairs = adjacent_pairs(&analysis);
        assert_eq!(
            compound_parts("git-sparse-checkout(1)", &pairs, &form),
            ["check", "out"]
        );
        assert!(compound_parts("git-checkout-index(1)", &[], &form).is_empty());
        assert!(compound_parts("git-check-ref-format(1)", &pairs, &form).is_empty());
        let lists = vec![list(
            CandidateSource::AnyWords,
            &[
                ("git-svn.html", "git-svn(1)"),
                ("git-sparse-checkout.html", "git-sparse-checkout(1)"),
            ],
        )];
        let ranked = fuse(&lists, &analysis, &facts(&|_| false));
        assert_eq!(ranked[0].path, "git-sparse-checkout.html");
    }

    #[test]
    fn nothing_in_nothing_out() {
        assert!(fuse(&[], &analyze("anything"), &facts(&|_| false)).is_empty());
        let lists = vec![list(CandidateSource::Suggest, &[("a", "")])];
        let ranked = fuse(&lists, &Analysis::default(), &facts(&|_| false));
        assert_eq!(ranked.len(), 1);
        assert!(ranked[0].score.is_finite());
    }
}
