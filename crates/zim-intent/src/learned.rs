//! A learned second opinion for requests no rule reads: a multinomial logistic regression
//! (stochastic gradient descent, fixed order: deterministic) over lowercased word unigrams and
//! bigrams (a quoted name, a capitalised word after the first, a number and a `.zim` file name
//! are one token each, so a cue word inside a title is the title's; each feature counted once
//! per request), trained at first use from the crate's labelled phrasings (`data/*.jsonl`,
//! compiled in). Naive Bayes was measured too: as accurate by cross-validation, but sure
//! (p = 1.00) of near misses the rules' unit tests keep as searches ("I'm typing 'hello' into
//! the search box and nothing happens", "walk through the steps of mitosis").
//!
//! It acts only where the rules fall back to a search for lack of a rule (or of a confident
//! one): when it gives another intent a posterior of at least [`LEARNED_THRESHOLD`] with a
//! margin of [`LEARNED_MARGIN`] over Search, and that intent's arguments can be read from the
//! request (a quoted name, a name after "titled"/"called", "the X article", a capitalised name
//! after a preposition), and it has at most [`MAX_UNSEEN_WORDS`] words training never saw, the
//! request is routed there. Otherwise it stays a search: a wrong specialised route is worse
//! than a search.
//!
//! Training (2642 lines, 10941 features, 20 epochs) takes about 23 ms in an optimised build,
//! nearly all of it gradient descent (reading the lines ~1 ms, features ~2 ms);
//! [`crate::warm_up`] runs it ahead of the first request. The ignored test `training_cost`
//! prints the phases and a checksum of the model, to check that a faster training gives the
//! same model.

use crate::rules::{is_generic_subject, looks_like_title};
use crate::text::{Pattern, clean_title, normalize_input};
use crate::{Intent, LONG_SUBJECT_WORDS};
use regex::Regex;
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

/// Feature keys are FNV-1a hashes already: the index map uses them as they are instead of
/// hashing them again (a third of the training's lookups cost otherwise).
#[derive(Debug, Clone, Copy, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type FeatureIndex = HashMap<u64, usize, BuildHasherDefault<KeyHasher>>;

/// The intents, in the classifier's order.
pub const INTENTS: [&str; 17] = [
    "ListArchives",
    "Search",
    "GetArticle",
    "Summary",
    "Toc",
    "Structure",
    "Section",
    "Browse",
    "Walk",
    "FindByTitle",
    "Related",
    "Links",
    "Metadata",
    "MainPage",
    "Health",
    "Suggest",
    "GetArticles",
];
const N: usize = INTENTS.len();
const SEARCH: usize = 1;

/// Posterior an intent other than Search needs before the classifier routes to it. Chosen by
/// leave-one-split-out cross-validation over every labelled split (`tests/crossval.rs`).
pub const LEARNED_THRESHOLD: f32 = 0.95;
/// How far the routed intent's posterior must exceed Search's.
pub const LEARNED_MARGIN: f32 = 0.5;
/// Passes of stochastic gradient descent over the labelled lines.
pub const EPOCHS: usize = 20;
/// Words never seen in training (outside names) a request may have and still be routed.
pub const MAX_UNSEEN_WORDS: usize = 2;
/// Words read per request: a request is a sentence or two; the input is capped before anyway.
const MAX_WORDS: usize = 200;

/// The crate's labelled phrasings (JSON lines: `query`, `intent`, ...): what the built-in
/// classifier is trained on, and what the accuracy tests read.
pub const LABELLED_SETS: [&str; 39] = [
    include_str!("../data/phrasings.jsonl"),
    include_str!("../data/phrasings-heldout.jsonl"),
    include_str!("../data/phrasings-heldout-f.jsonl"),
    include_str!("../data/phrasings-heldout-g.jsonl"),
    include_str!("../data/phrasings-heldout-h.jsonl"),
    include_str!("../data/phrasings-heldout-i.jsonl"),
    include_str!("../data/phrasings-heldout-j.jsonl"),
    include_str!("../data/phrasings-heldout-k.jsonl"),
    include_str!("../data/phrasings-heldout-l.jsonl"),
    include_str!("../data/phrasings-heldout-m.jsonl"),
    include_str!("../data/phrasings-heldout-n.jsonl"),
    include_str!("../data/phrasings-heldout-o.jsonl"),
    include_str!("../data/phrasings-heldout-p.jsonl"),
    include_str!("../data/phrasings-heldout-q.jsonl"),
    include_str!("../data/phrasings-heldout-r.jsonl"),
    include_str!("../data/phrasings-heldout-s.jsonl"),
    include_str!("../data/phrasings-heldout-t.jsonl"),
    include_str!("../data/phrasings-heldout-u.jsonl"),
    include_str!("../data/phrasings-heldout-v.jsonl"),
    include_str!("../data/phrasings-heldout-w.jsonl"),
    include_str!("../data/phrasings-heldout-x.jsonl"),
    include_str!("../data/phrasings-heldout-z1.jsonl"),
    include_str!("../data/phrasings-heldout-z2.jsonl"),
    include_str!("../data/phrasings-heldout-z3.jsonl"),
    include_str!("../data/phrasings-heldout-z4.jsonl"),
    include_str!("../data/phrasings-heldout-z5.jsonl"),
    include_str!("../data/phrasings-heldout-z6.jsonl"),
    include_str!("../data/phrasings-heldout-z7.jsonl"),
    include_str!("../data/phrasings-heldout-z8.jsonl"),
    include_str!("../data/phrasings-heldout-z9.jsonl"),
    include_str!("../data/phrasings-heldout-z10.jsonl"),
    include_str!("../data/phrasings-heldout-z11.jsonl"),
    include_str!("../data/phrasings-heldout-z12.jsonl"),
    include_str!("../data/phrasings-heldout-z13.jsonl"),
    include_str!("../data/phrasings-heldout-z14.jsonl"),
    include_str!("../data/phrasings-heldout-z15.jsonl"),
    include_str!("../data/phrasings-heldout-z19.jsonl"),
    include_str!("../data/phrasings-heldout-z20.jsonl"),
    include_str!("../data/phrasings-dev-batch.jsonl"),
];

static BUILTIN: LazyLock<Classifier> = LazyLock::new(|| {
    let lines = labelled_lines();
    Classifier::train(lines.iter().map(|(q, i)| (q.as_str(), i.as_str())))
});

/// Every `(query, intent)` of [`LABELLED_SETS`] (a line without both is skipped).
pub fn labelled_lines() -> Vec<(String, String)> {
    LABELLED_SETS
        .iter()
        .flat_map(|set| set.lines())
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            Some((
                v.get("query")?.as_str()?.to_owned(),
                v.get("intent")?.as_str()?.to_owned(),
            ))
        })
        .collect()
}

/// The classifier trained on every labelled phrasing of the crate.
pub fn builtin() -> &'static Classifier {
    &BUILTIN
}

/// A trained logistic-regression model with its routing thresholds.
#[derive(Debug, Clone)]
pub struct Classifier {
    index: FeatureIndex,
    weights: Vec<[f32; N]>,
    bias: [f32; N],
    threshold: f32,
    margin: f32,
}

impl Classifier {
    /// Trains on `(request, intent name)` pairs; unknown intent names are skipped.
    pub fn train<'a>(examples: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        let mut index = FeatureIndex::default();
        let mut docs: Vec<(Vec<usize>, usize)> = Vec::new();
        for (text, intent) in examples {
            let Some(class) = INTENTS.iter().position(|i| *i == intent) else {
                continue;
            };
            let doc = features(&normalize_input(text))
                .into_iter()
                .map(|f| {
                    let next = index.len();
                    *index.entry(f).or_insert(next)
                })
                .collect();
            docs.push((doc, class));
        }
        let (weights, bias) = logistic(&docs, index.len());
        Self {
            index,
            weights,
            bias,
            threshold: LEARNED_THRESHOLD,
            margin: LEARNED_MARGIN,
        }
    }

    /// The same model with other routing thresholds (for cross-validation).
    pub fn with_thresholds(mut self, threshold: f32, margin: f32) -> Self {
        self.threshold = threshold;
        self.margin = margin;
        self
    }

    /// Posterior of each intent (in [`INTENTS`] order) for a request.
    pub fn posteriors(&self, text: &str) -> [f32; N] {
        let feats: Vec<usize> = features(&normalize_input(text))
            .iter()
            .filter_map(|f| self.index.get(f).copied())
            .collect();
        softmax(scores(&self.weights, self.bias, &feats))
    }

    /// How many words of the request (outside names, quotes and numbers) training never saw:
    /// a request made of unfamiliar words is about a topic the labelled lines do not cover.
    pub fn unseen_words(&self, text: &str) -> usize {
        words(&normalize_input(text))
            .iter()
            .filter(|w| !w.starts_with('<') && !self.index.contains_key(&hash(&[w.as_ref()])))
            .count()
    }

    /// Whether every word of the request that carries meaning speaks for `intent` over Search
    /// in the model's own unigram weights. A request for the service itself (health, metadata,
    /// the main page, the archive list) takes no argument, so nothing in it is a topic: a word
    /// training never saw, or one that leans to Search ("run two postfix instances on the same
    /// server"), is a topic the request is about, and the request a search.
    pub fn every_word_speaks_for(&self, text: &str, intent: &str) -> bool {
        let Some(class) = INTENTS.iter().position(|i| *i == intent) else {
            return false;
        };
        words(&normalize_input(text))
            .iter()
            .filter(|w| !w.starts_with('<') && !FUNCTION_WORDS.contains(&w.as_ref()))
            .all(|w| {
                self.index
                    .get(&hash(&[w.as_ref()]))
                    .and_then(|&row| self.weights.get(row))
                    .is_some_and(|row| {
                        row.get(class).copied().unwrap_or(f32::MIN)
                            > row.get(SEARCH).copied().unwrap_or(f32::MAX)
                    })
            })
    }

    /// The intent other than Search the classifier is sure of, with its posterior and
    /// Search's.
    pub(crate) fn confident_intent(&self, text: &str) -> Option<(&'static str, f32, f32)> {
        let post = self.posteriors(text);
        let (best, p) = post
            .iter()
            .copied()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(&b.1))?;
        let search = post.get(SEARCH).copied().unwrap_or(0.0);
        if best == SEARCH
            || p < self.threshold
            || p - search < self.margin
            || self.unseen_words(text) > MAX_UNSEEN_WORDS
        {
            return None;
        }
        INTENTS.get(best).map(|name| (*name, p, search))
    }
}

/// Words that say nothing of what a request is about, whatever it asks.
const FUNCTION_WORDS: &[&str] = &[
    "a", "an", "the", "this", "that", "these", "those", "is", "are", "was", "were", "be", "am",
    "do", "does", "did", "can", "could", "would", "will", "should", "please", "pls", "me", "us",
    "you", "your", "i", "my", "we", "our", "it", "its", "it's", "of", "in", "on", "at", "to",
    "for", "from", "with", "and", "or", "what", "what's", "whats", "which", "how", "whether", "if",
    "there", "here", "now", "just", "some", "any", "all", "give", "show", "tell", "get", "let",
    "see", "want", "need", "like", "hi", "hello", "hey", "thanks", "thank",
];

fn scores(weights: &[[f32; N]], bias: [f32; N], feats: &[usize]) -> [f32; N] {
    let mut score = bias;
    for row in feats.iter().filter_map(|&f| weights.get(f)) {
        for (s, x) in score.iter_mut().zip(row) {
            *s += x;
        }
    }
    score
}

fn softmax(mut score: [f32; N]) -> [f32; N] {
    let max = score.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0f32;
    for s in score.iter_mut() {
        *s = (*s - max).exp();
        sum += *s;
    }
    if sum > 0.0 {
        for s in score.iter_mut() {
            *s /= sum;
        }
    }
    score
}

/// Multinomial logistic regression by stochastic gradient descent with a decaying rate, over
/// the documents in a fixed stride order (deterministic): weights per feature and biases.
fn logistic(docs: &[(Vec<usize>, usize)], vocab: usize) -> (Vec<[f32; N]>, [f32; N]) {
    let mut w = vec![[0f32; N]; vocab];
    let mut b = [0f32; N];
    let n = docs.len();
    for epoch in 0..EPOCHS {
        let rate = 0.5 / (1.0 + epoch as f32);
        for k in 0..n {
            // 7919 is prime and larger than the set: the stride visits every document once.
            let Some((feats, class)) = docs.get(k.wrapping_mul(7919) % n.max(1)) else {
                continue;
            };
            let post = softmax(scores(&w, b, feats));
            let mut grad = [0f32; N];
            for (i, (g, p)) in grad.iter_mut().zip(post).enumerate() {
                let target = if i == *class { 1.0 } else { 0.0 };
                *g = rate * (target - p);
            }
            for (bi, g) in b.iter_mut().zip(grad) {
                *bi += g;
            }
            for &f in feats {
                if let Some(row) = w.get_mut(f) {
                    for (x, g) in row.iter_mut().zip(grad) {
                        *x += g;
                    }
                }
            }
        }
    }
    (w, b)
}

/// FNV-1a, for feature keys: deterministic across runs and platforms.
fn hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            h ^= 0x1f;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        for b in p.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The words of a request for the classifier: lowercased runs of letters and digits; a quoted
/// name (in single, double or markdown back quotes) is one word `<q>` (its words are the name's, not the request's), a `.zim` file name
/// `<zim>`, a number `<num>`.
fn words(text: &str) -> Vec<Cow<'_, str>> {
    let mut out: Vec<Cow<'_, str>> = Vec::new();
    let mut quote: Option<char> = None;
    for token in text.split_whitespace() {
        if out.len() >= MAX_WORDS {
            break;
        }
        if let Some(q) = quote {
            if token
                .trim_end_matches(|c: char| ",.;:?!)".contains(c))
                .ends_with(q)
            {
                quote = None;
            }
            continue;
        }
        let first = token.chars().next();
        if let Some(q @ ('\'' | '"' | '`')) = first {
            let rest = token.get(1..).unwrap_or_default();
            let closed = rest
                .trim_end_matches(|c: char| ",.;:?!)".contains(c))
                .ends_with(q);
            if !closed {
                quote = Some(q);
            }
            out.push(Cow::Borrowed("<q>"));
            continue;
        }
        if token.to_lowercase().contains(".zim") {
            out.push(Cow::Borrowed("<zim>"));
            continue;
        }
        // A hyphenated compound is one word: a cue inside it is topic ("page-replacement").
        for w in token.split(|c: char| !c.is_alphanumeric() && c != '-') {
            let w = w.trim_matches('-');
            if w.is_empty() {
                continue;
            }
            if w.chars().all(|c| c.is_ascii_digit() || c == '-') {
                out.push(Cow::Borrowed("<num>"));
            } else if !out.is_empty() && is_capitalised(w) {
                out.push(Cow::Borrowed("<cap>"));
            } else {
                // Lowercase ASCII is its own lowercase: no copy.
                out.push(
                    if w.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
                        Cow::Borrowed(w)
                    } else {
                        Cow::Owned(w.to_lowercase())
                    },
                );
            }
        }
    }
    out
}

/// A capitalised word ("Walk", "Fame"), not an acronym ("TOC"): a name's, not a command's.
fn is_capitalised(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(char::is_uppercase) && chars.any(char::is_lowercase)
}

/// Unigrams and bigrams (with a start marker), each once.
fn features(text: &str) -> Vec<u64> {
    let words = words(text);
    let mut out: Vec<u64> = Vec::with_capacity(words.len() * 2 + 1);
    let mut prev = "<s>";
    for w in &words {
        out.push(hash(&[w.as_ref()]));
        out.push(hash(&[prev, w.as_ref()]));
        prev = w.as_ref();
    }
    out.sort_unstable();
    out.dedup();
    out
}

// ---- Arguments of a learned route ----

/// A quoted name.
static QUOTED: Pattern = LazyLock::new(|| {
    Regex::new(r#"(?:^|\s)(?:'(?P<s>[^']+)'|"(?P<d>[^"]+)"|`(?P<b>[^`]+)`)(?:$|[\s,.;:?!])"#).ok()
});
/// A name given after a naming word.
static NAMED: Pattern =
    LazyLock::new(|| Regex::new(r"(?i:\b(?:titled|entitled|called|named))\s+(?P<t>[^,;?!]+)").ok());
/// "the Silk Road article", "the Walking one".
static THE_X_ARTICLE: Pattern = LazyLock::new(|| {
    Regex::new(
        r"\b(?i:the|this|that)\s+(?P<t>[A-Z0-9][^,;?!]*?)\s+(?i:article|page|entry|wiki\s+page|one)\b",
    )
    .ok()
});
/// A capitalised name after a preposition: "related to Main sequence", "for the Metadata
/// article", "in the article Index (economics)".
static AFTER_PREPOSITION: Pattern = LazyLock::new(|| {
    Regex::new(
        r"\b(?i:of|for|on|about|to|from|in|at|around|like)\s+(?:(?i:the)\s+)?(?:(?i:article|page|entry)\s+)?(?P<t>[A-Z0-9][^,;?!]*?)(?:\s+(?i:article|page|entry|one|wiki))?\s*(?:[,;?!]|$|\s+(?i:with|and\s+(?:give|show|list|its|their)|so|because|please|i|for\s+my|only|just)\b)",
    )
    .ok()
});
/// Words that fill a spoken request ("the uh Silk Road one").
static FILLERS: Pattern =
    LazyLock::new(|| Regex::new(r"\b(?i:um+|uh+|erm|hmm+|like|okay|ok|so)\b\s*").ok());
/// A section named in the request: "give me section Types", "the 'Early life' section".
static SECTION_NAMED: Pattern = LazyLock::new(|| {
    Regex::new(
        r#"(?i:\b(?:section|part|chapter))\s+(?i:(?:called|named|titled|on|about)\s+)?(?P<s>'[^']+'|"[^"]+"|[A-Z0-9][^,;?!]*?)\s*(?:[,;?!]|$|\s+(?i:of|in|from|only)\b)"#,
    )
    .ok()
});
/// What is typed: "i type Byzan, what titles can complete it", "titles starting with Napo".
static TYPED: Pattern = LazyLock::new(|| {
    Regex::new(
        r#"(?i:\b(?:type|typed|typing|enter|entered|starts?\s+with|starting\s+with|begins?\s+with|beginning\s+with|prefix|complete|autocomplete))\s+(?P<p>'[^']+'|"[^"]+"|[^\s,;?!]+)"#,
    )
    .ok()
});

fn name_in<'a>(re: &Pattern, text: &'a str, group: &str) -> Option<&'a str> {
    re.as_ref()?
        .captures(text)
        .and_then(|c| c.name(group))
        .map(|m| m.as_str())
}

/// A title the request names, if one can be read with confidence.
fn title(text: &str) -> Option<String> {
    if let Some(c) = QUOTED.as_ref().and_then(|r| r.captures(text))
        && let Some(m) = c.name("s").or_else(|| c.name("d")).or_else(|| c.name("b"))
    {
        let t = m.as_str().trim();
        return (!t.is_empty()).then(|| t.to_string());
    }
    let plain = match FILLERS.as_ref() {
        Some(re) => re.replace_all(text, "").to_string(),
        None => text.to_string(),
    };
    let candidates = [
        name_in(&NAMED, &plain, "t"),
        name_in(&THE_X_ARTICLE, &plain, "t"),
        name_in(&AFTER_PREPOSITION, &plain, "t"),
    ];
    candidates
        .into_iter()
        .flatten()
        .filter(|raw| looks_like_title(raw) && !is_generic_subject(raw))
        .filter_map(|raw| {
            let t = clean_title(raw);
            let words = t.split_whitespace().count();
            (words > 0 && words <= LONG_SUBJECT_WORDS).then_some(t)
        })
        .next()
}

fn unquoted(s: &str) -> String {
    s.trim()
        .trim_matches(|c| c == '\'' || c == '"')
        .trim()
        .to_string()
}

/// Words for what an archive holds: its entries, namespaces, titles, pages, the archive.
static ARCHIVE_CONTENTS: Pattern = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:entries|entry|namespaces?|ns|archive|zim|titles|articles|pages|items|assets|images|paths|dump|contents|everything)\b",
    )
    .ok()
});

fn names_the_archives_entries(text: &str) -> bool {
    ARCHIVE_CONTENTS
        .as_ref()
        .is_some_and(|re| re.is_match(text))
}

/// The intent the classifier chose, with its arguments read from the request; `None` when an
/// argument it needs cannot be read with confidence.
pub(crate) fn with_arguments(intent: &str, text: &str, limit: Option<u32>) -> Option<Intent> {
    let title_or_path = || title(text);
    Some(match intent {
        "ListArchives" => Intent::ListArchives,
        "Metadata" => Intent::Metadata,
        "MainPage" => Intent::MainPage,
        "Health" => Intent::Health,
        // A pass over the archive's entries says what it passes over; "enumerate the prime
        // numbers below 100" lists things of the world.
        "Browse" | "Walk" if !names_the_archives_entries(text) => return None,
        "Browse" => Intent::Browse {
            namespace: crate::rules::namespace_named(text).unwrap_or_else(|| "C".to_string()),
            limit,
        },
        "Walk" => Intent::Walk {
            namespace: crate::rules::namespace_named(text).unwrap_or_else(|| "C".to_string()),
            limit,
        },
        "GetArticle" => Intent::GetArticle {
            title_or_path: title_or_path()?,
        },
        "GetArticles" => Intent::GetArticles {
            titles_or_paths: crate::rules::listed_titles(text)?,
        },
        "Summary" => Intent::Summary {
            title_or_path: title_or_path()?,
        },
        "Toc" => Intent::Toc {
            title_or_path: title_or_path()?,
        },
        "Structure" => Intent::Structure {
            title_or_path: title_or_path()?,
        },
        "Related" => Intent::Related {
            title_or_path: title_or_path()?,
        },
        "Links" => Intent::Links {
            title_or_path: title_or_path()?,
        },
        "FindByTitle" => Intent::FindByTitle {
            title: title_or_path()?,
        },
        "Suggest" => {
            let prefix = unquoted(name_in(&TYPED, text, "p")?);
            if prefix.is_empty() {
                return None;
            }
            Intent::Suggest { prefix }
        }
        "Section" => {
            let re = SECTION_NAMED.as_ref()?;
            let c = re.captures(text)?;
            let m = c.name("s")?;
            let section = unquoted(m.as_str());
            let whole = c.get(0)?;
            let rest = format!(
                "{} {}",
                text.get(..whole.start()).unwrap_or_default(),
                text.get(whole.end()..).unwrap_or_default()
            );
            let title_or_path = title(&rest)?;
            if section.is_empty() || section == title_or_path {
                return None;
            }
            Intent::Section {
                title_or_path,
                section,
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_labelled_line_is_read() {
        let lines = labelled_lines();
        let non_empty = LABELLED_SETS
            .iter()
            .flat_map(|set| set.lines())
            .filter(|l| !l.trim().is_empty())
            .count();
        assert_eq!(lines.len(), non_empty);
        assert!(lines.iter().any(|(q, i)| q.contains('"') && i == "Search"));
    }

    #[test]
    fn words_mask_quotes_files_and_numbers() {
        assert_eq!(
            words("Show 'Early life of X' from wiki_en.zim, top 10"),
            vec!["show", "<q>", "from", "<zim>", "top", "<num>"]
        );
    }

    #[test]
    fn titles_read_from_the_request() {
        assert_eq!(
            title("um what other articles are related to the uh Silk Road one").as_deref(),
            Some("Silk Road")
        );
        assert_eq!(
            title("uh find me the page that's titled Status bar").as_deref(),
            Some("Status bar")
        );
        assert_eq!(
            title("give me pages in the neighbourhood of Main sequence, i want explore").as_deref(),
            Some("Main sequence")
        );
        assert_eq!(title("what is going on with my build"), None);
    }

    #[test]
    fn builtin_trains_on_every_line() {
        assert!(builtin().weights.len() > 1000);
    }

    #[test]
    fn a_hyphenated_compound_is_one_word() {
        assert_eq!(
            words("explain page-replacement algorithms in 2023-11"),
            vec!["explain", "page-replacement", "algorithms", "in", "<num>"]
        );
    }

    /// What the training costs, by phase (printed; run with `--ignored --nocapture`).
    #[test]
    #[ignore = "timing; run by hand"]
    fn training_cost() {
        use std::time::Instant;
        let median = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied().unwrap_or_default()
        };
        let (mut load, mut feats, mut train) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..15 {
            let t = Instant::now();
            let lines = std::hint::black_box(labelled_lines());
            load.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            for (q, _) in &lines {
                std::hint::black_box(features(&normalize_input(q)));
            }
            feats.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            std::hint::black_box(Classifier::train(
                lines.iter().map(|(q, i)| (q.as_str(), i.as_str())),
            ));
            train.push(t.elapsed().as_secs_f64() * 1e3);
        }
        println!(
            "median ms: read lines {:.2}, features {:.2}, train (features + SGD) {:.2}",
            median(load),
            median(feats),
            median(train)
        );
        // The model itself, to check that a faster training gives the same one bit for bit.
        let model = builtin();
        let mut rows: Vec<(u64, usize)> = model.index.iter().map(|(k, v)| (*k, *v)).collect();
        rows.sort_unstable();
        let mut sum = 0xcbf2_9ce4_8422_2325u64;
        for (key, row) in rows {
            let weights = model.weights.get(row).copied().unwrap_or_default();
            for x in std::iter::once(key).chain(weights.iter().map(|w| u64::from(w.to_bits()))) {
                sum = (sum ^ x).wrapping_mul(0x0100_0000_01b3);
            }
        }
        for b in model.bias {
            sum = (sum ^ u64::from(b.to_bits())).wrapping_mul(0x0100_0000_01b3);
        }
        println!("model checksum {sum:016x}, {} features", model.index.len());
    }
}
