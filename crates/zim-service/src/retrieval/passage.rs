//! Passages: the paragraphs of a page that answer a request, each attributed to the section
//! that holds it, so an answer can cite `path#section`. Used by the question pipeline (the
//! best page's answering passage) and by synthesize (passages from several pages).

use std::collections::HashSet;

/// Paragraphs shorter than this are captions or list stubs, not passages.
pub const MIN_PASSAGE_CHARS: usize = 40;
/// Characters of an article's opening used as its lead passage.
pub const LEAD_CHARS: usize = 700;

/// Words too common to tell passages apart.
const STOPWORDS: &[&str] = &[
    "the", "and", "for", "with", "that", "this", "from", "what", "who", "was", "were", "are",
    "how", "why", "when", "where", "which", "about", "into", "tell", "does", "did", "has", "have",
    "had", "its", "his", "her", "their", "of", "in", "on", "is", "an",
];

static MD_LINK: std::sync::LazyLock<Option<regex::Regex>> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"!?\[([^\]]*)\]\([^)]*\)").ok());

/// One paragraph of an article that may be cited.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub section_id: Option<String>,
    pub section_title: Option<String>,
    pub text: String,
    pub score: f64,
}

/// The lowercase words of `query` that are worth matching.
pub fn query_terms(query: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for word in query
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
    {
        if word.chars().count() >= 3
            && !STOPWORDS.contains(&word.as_str())
            && !terms.contains(&word)
        {
            terms.push(word);
        }
    }
    terms
}

/// How well `text` covers `terms`: the share of terms present dominates; repeated mentions
/// add a little (capped so a long list paragraph does not win by repetition).
pub fn passage_score(text: &str, terms: &[String]) -> f64 {
    if terms.is_empty() {
        return 0.0;
    }
    let lower = text.to_lowercase();
    let mut present = 0usize;
    let mut mentions = 0usize;
    for term in terms {
        let n = lower.matches(term.as_str()).count();
        if n > 0 {
            present = present.saturating_add(1);
            mentions = mentions.saturating_add(n);
        }
    }
    let coverage = present as f64 / terms.len() as f64;
    coverage * 2.0 + (mentions.min(10) as f64) * 0.1
}

/// `[text](url)` becomes `text`: citations carry the provenance, links only cost tokens.
pub fn strip_links(text: &str) -> String {
    match MD_LINK.as_ref() {
        Some(re) => re.replace_all(text, "$1").into_owned(),
        None => text.to_owned(),
    }
}

/// Lowercase with collapsed whitespace: how passages are compared for duplicates.
pub fn normalize_text(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

pub fn is_prose(paragraph: &str) -> bool {
    let p = paragraph.trim_start();
    p.chars().count() >= MIN_PASSAGE_CHARS && !p.starts_with('#') && !p.starts_with('|')
}

/// The article's citable paragraphs, each attributed to the deepest section holding it,
/// plus its lead (the opening, attributed to no section).
pub fn candidates(html: &str, terms: &[String]) -> Vec<Candidate> {
    use zim_render::{Document, RenderOptions};
    let Ok(doc) = Document::parse(html.as_bytes(), &RenderOptions::default()) else {
        return plain_candidates(&crate::backend::html_to_text(html), terms);
    };
    let mut out = Vec::new();
    let lead = strip_links(&doc.summary(LEAD_CHARS));
    if is_prose(&lead) {
        // The lead defines the subject: a small bonus keeps it ahead of equally good
        // paragraphs further down.
        let score = passage_score(&lead, terms) + 0.3;
        out.push(Candidate {
            section_id: None,
            section_title: None,
            text: lead.trim().to_owned(),
            score,
        });
    }
    let mut seen: HashSet<String> = out.iter().map(|c| c.text.clone()).collect();
    // A section's markdown includes its subsections: walking backwards attributes each
    // paragraph to the deepest (last) section that contains it.
    for info in doc.structure().iter().rev() {
        let Some(section) = doc.section(&info.id) else {
            continue;
        };
        for paragraph in section.markdown.split("\n\n") {
            let text = strip_links(paragraph.trim());
            if !is_prose(&text) || !seen.insert(text.clone()) {
                continue;
            }
            let score = passage_score(&text, terms);
            if score > 0.0 {
                out.push(Candidate {
                    section_id: Some(section.id.clone()),
                    section_title: Some(section.title.clone()),
                    text,
                    score,
                });
            }
        }
    }
    out
}

/// Paragraphs of plain text (no sections known): the first one is the lead.
fn plain_candidates(text: &str, terms: &[String]) -> Vec<Candidate> {
    text.split("\n\n")
        .map(str::trim)
        .filter(|p| is_prose(p))
        .enumerate()
        .filter_map(|(i, p)| {
            let bonus = if i == 0 { 0.3 } else { 0.0 };
            let score = passage_score(p, terms) + bonus;
            (score > 0.0).then(|| Candidate {
                section_id: None,
                section_title: None,
                text: crate::tools::entry::truncate(p, LEAD_CHARS.saturating_mul(2)),
                score,
            })
        })
        .collect()
}
