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
    score_lowercase(&text.to_lowercase(), terms)
}

/// [`passage_score`] of a text already in lowercase.
fn score_lowercase(lower: &str, terms: &[String]) -> f64 {
    if terms.is_empty() {
        return 0.0;
    }
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

/// One paragraph of a page that may be cited, as parsed (no request known yet): what
/// [`ParagraphCache`](super::paragraphs::ParagraphCache) keeps per page.
#[derive(Debug, Clone, PartialEq)]
pub struct Paragraph {
    pub section_id: Option<String>,
    pub section_title: Option<String>,
    pub text: String,
    /// `text` in lowercase, as [`passage_score`] compares it.
    lower: String,
    /// Added to its score: the page's lead (or first paragraph) defines the subject.
    bonus: f64,
}

impl Paragraph {
    fn new(section: Option<(&str, &str)>, text: String, bonus: f64) -> Self {
        Paragraph {
            section_id: section.map(|(id, _)| id.to_owned()),
            section_title: section.map(|(_, title)| title.to_owned()),
            lower: text.to_lowercase(),
            text,
            bonus,
        }
    }

    /// Bytes it holds (the cache's weight).
    pub fn bytes(&self) -> usize {
        self.text.len()
            + self.lower.len()
            + self.section_id.as_ref().map_or(0, String::len)
            + self.section_title.as_ref().map_or(0, String::len)
    }
}

/// The article's citable paragraphs, each attributed to the deepest section holding it,
/// plus its lead (the opening, attributed to no section), scored against `terms`.
pub fn candidates(html: &str, terms: &[String]) -> Vec<Candidate> {
    score_paragraphs(&paragraphs(html), terms)
}

/// The paragraphs that match `terms` (and the lead), scored.
pub fn score_paragraphs(paragraphs: &[Paragraph], terms: &[String]) -> Vec<Candidate> {
    paragraphs
        .iter()
        .filter_map(|p| {
            let score = score_lowercase(&p.lower, terms) + p.bonus;
            (score > 0.0).then(|| Candidate {
                section_id: p.section_id.clone(),
                section_title: p.section_title.clone(),
                text: p.text.clone(),
                score,
            })
        })
        .collect()
}

/// The paragraph that covers `terms` best (the last of equals), scored: only it is copied.
pub fn best_paragraph(paragraphs: &[Paragraph], terms: &[String]) -> Option<Candidate> {
    paragraphs
        .iter()
        .map(|p| (p, score_lowercase(&p.lower, terms) + p.bonus))
        .filter(|(_, score)| *score > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, score)| Candidate {
            section_id: p.section_id.clone(),
            section_title: p.section_title.clone(),
            text: p.text.clone(),
            score,
        })
}

/// A page's citable paragraphs: its lead, then each section's prose paragraphs, once each.
pub fn paragraphs(html: &str) -> Vec<Paragraph> {
    use zim_render::{Document, RenderOptions};
    let Ok(doc) = Document::parse(html.as_bytes(), &RenderOptions::default()) else {
        // Too large to parse: the passages of its first million characters.
        return plain_paragraphs(&zim_render::html_text(html.as_bytes(), 1 << 20));
    };
    let mut out = Vec::new();
    let lead = strip_links(&doc.summary(LEAD_CHARS));
    if is_prose(&lead) {
        // The lead defines the subject: a small bonus keeps it ahead of equally good
        // paragraphs further down.
        out.push(Paragraph::new(None, lead.trim().to_owned(), 0.3));
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
            out.push(Paragraph::new(
                Some((&section.id, &section.title)),
                text,
                0.0,
            ));
        }
    }
    out
}

/// Paragraphs of plain text (no sections known): the first one is the lead.
fn plain_paragraphs(text: &str) -> Vec<Paragraph> {
    text.split("\n\n")
        .map(str::trim)
        .filter(|p| is_prose(p))
        .enumerate()
        .map(|(i, p)| {
            let bonus = if i == 0 { 0.3 } else { 0.0 };
            Paragraph::new(
                None,
                crate::text::truncate(p, LEAD_CHARS.saturating_mul(2)),
                bonus,
            )
        })
        .collect()
}

/// The lowercase alphanumeric words of `text`, as a set: how openzim-mcp compares section
/// headings with a request (`_affinity_tokens`; letters beyond ASCII count as letters here).
pub fn affinity_tokens(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The share of a section heading's words that the request holds (`|request ∩ heading| /
/// |heading|`); `None` for a heading without words.
pub fn section_affinity(heading: &str, request: &HashSet<String>) -> Option<f64> {
    let heading = affinity_tokens(heading);
    if heading.is_empty() {
        return None;
    }
    let shared = heading.iter().filter(|w| request.contains(*w)).count();
    Some(shared as f64 / heading.len() as f64)
}

/// `score` moved up by `boost`, whatever its sign (a negative score is divided, so a boost
/// never demotes).
pub fn apply_affinity_boost(score: f64, boost: f64) -> f64 {
    if score >= 0.0 {
        score * boost
    } else {
        score / boost
    }
}

/// `synthesize.section_affinity_threshold` / `section_affinity_boost`, as openzim-mcp
/// applies them: a passage cited at a section whose heading shares at least `threshold` of
/// its words with `request` has its score multiplied by `boost`. The lead (no section) and
/// headings without words are left alone. Returns how many passages were boosted.
pub fn boost_by_section_affinity(
    passages: &mut [Candidate],
    request: &str,
    threshold: f64,
    boost: f64,
) -> usize {
    let request = affinity_tokens(request);
    if request.is_empty() {
        return 0;
    }
    let mut boosted = 0usize;
    for passage in passages.iter_mut() {
        let Some(heading) = passage.section_title.as_deref() else {
            continue;
        };
        if section_affinity(heading, &request).is_some_and(|a| a >= threshold) {
            passage.score = apply_affinity_boost(passage.score, boost);
            boosted = boosted.saturating_add(1);
        }
    }
    boosted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passage(section: Option<&str>, score: f64) -> Candidate {
        Candidate {
            section_id: section.map(str::to_owned),
            section_title: section.map(str::to_owned),
            text: format!("text of {section:?}"),
            score,
        }
    }

    #[test]
    fn affinity_is_the_share_of_the_heading_the_request_holds() {
        let request = affinity_tokens("What did Ray Charles record at Atlantic?");
        assert_eq!(section_affinity("Atlantic years", &request), Some(0.5));
        assert_eq!(section_affinity("Atlantic", &request), Some(1.0));
        assert_eq!(section_affinity("Early life", &request), Some(0.0));
        assert_eq!(section_affinity(" -- ", &request), None);
        assert_eq!(
            affinity_tokens("Café au-lait"),
            affinity_tokens("café AU lait")
        );
    }

    #[test]
    fn passages_under_a_matching_heading_are_boosted() {
        let mut found = vec![
            passage(None, 2.3),
            passage(Some("Early life"), 2.0),
            passage(Some("Atlantic years"), 1.6),
            passage(Some("Atlantic Records and the rise of soul music"), 1.5),
        ];
        let n = boost_by_section_affinity(&mut found, "ray charles atlantic", 0.25, 1.5);
        assert_eq!(n, 1);
        let scores: Vec<f64> = found.iter().map(|c| c.score).collect();
        // 1/2 of "Atlantic years" is in the request; 1/7 of the long heading is not enough.
        assert_eq!(scores, vec![2.3, 2.0, 1.6 * 1.5, 1.5]);
        // A stricter threshold or a neutral boost changes nothing.
        let mut strict = vec![passage(Some("Atlantic years"), 1.6)];
        assert_eq!(
            boost_by_section_affinity(&mut strict, "ray charles atlantic", 0.6, 1.5),
            0
        );
        assert_eq!(strict[0].score, 1.6);
        let mut neutral = vec![passage(Some("Atlantic years"), 1.6)];
        boost_by_section_affinity(&mut neutral, "atlantic", 0.25, 1.0);
        assert_eq!(neutral[0].score, 1.6);
        // No request words: no-op.
        let mut none = vec![passage(Some("Atlantic years"), 1.6)];
        assert_eq!(boost_by_section_affinity(&mut none, "?!", 0.0, 2.0), 0);
    }

    #[test]
    fn a_boost_never_demotes() {
        assert_eq!(apply_affinity_boost(-3.0, 1.5), -2.0);
        assert_eq!(apply_affinity_boost(2.0, 1.5), 3.0);
        assert_eq!(apply_affinity_boost(0.0, 4.0), 0.0);
    }
}
