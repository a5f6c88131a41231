//! Rules that name one article or a title prefix: suggestions, title lookup, related pages,
//! outbound links and plain article retrieval.

use super::{
    Context, RuleHit, caps, cue_subject, group, hit, is_match, subject_around, subject_confidence,
    title_of,
};
use crate::Intent;
use crate::text::{Pattern, rx};
use regex::Regex;
use std::sync::LazyLock;

static SUGGEST_COMMAND: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:suggest|autocomplete|auto-complete|complete|type-?ahead|suggestions?)\b(?:\s+(?:the\s+)?(?:article\s+names?|titles?|completions?|suggestions?|entries|pages?|names?))?(?:\s+(?:that\s+|which\s+)?(?:start|starts|starting|begin|begins|beginning)\s+with)?(?:\s+(?:for|of|to))?\s*:?\s*(?P<x>.+)$"#,
    )
});
static SUGGEST_STARTS_WITH: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:titles?|article\s+names?|names?|pages?|entries|articles?)\s+(?:that\s+|which\s+)?(?:start|starts|starting|begin|begins|beginning)\s+with\s*:?\s*(?P<x>.+)$",
    )
});
static SUGGEST_FOR: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:title\s+)?(?:suggestions?|completions?)(?:\s+[\w']+){0,3}?\s+(?:for|of|on)\s*:?\s*(?P<x>.+)$",
    )
});

/// Prefixes keep their inner punctuation ("Vec::", "std::col"); only quotes and sentence
/// punctuation at the ends go.
fn clean_prefix(s: &str) -> String {
    let t = s.trim().trim_end_matches(['?', '!', ',', '.']).trim();
    for q in ['"', '\''] {
        if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
            return t.trim_matches(q).trim().to_string();
        }
    }
    t.to_string()
}

pub(super) fn suggest(ctx: &Context) -> Option<RuleHit> {
    for (re, conf, rule) in [
        (&SUGGEST_COMMAND, 0.9, "suggest: command"),
        (&SUGGEST_STARTS_WITH, 0.85, "suggest: titles starting with"),
        (&SUGGEST_FOR, 0.85, "suggest: suggestions for"),
    ] {
        if let Some(c) = caps(re, ctx.text) {
            let prefix = clean_prefix(&group(&c, "x"));
            if !prefix.is_empty() {
                return hit(Intent::Suggest { prefix }, conf, rule);
            }
        }
    }
    None
}

static FIND_BY_TITLE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:titled|named|called|whose\s+title\s+is|with\s+(?:the\s+)?(?:exact\s+)?title(?:\s+of)?|by\s+title|title\s+(?:search|lookup|look-?up|match)|look\s+up\s+the\s+title|(?:the\s+)?exact\s+title)\b\s*:?\s*(?P<t>.+)$",
    )
});

pub(super) fn find_by_title(ctx: &Context) -> Option<RuleHit> {
    let c = caps(&FIND_BY_TITLE, ctx.text)?;
    let t = title_of(&group(&c, "t"))?;
    hit(
        Intent::FindByTitle { title: t.clone() },
        subject_confidence(0.9, &t),
        "find by title: titled/named/called",
    )
}

static RELATED_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:related|similar|see\s+also|connected|more\s+like|neighbou?rs|recommend(?:ed|ations?)?|what\s+else)\b",
    )
});
static RELATED_AFTER: Pattern = LazyLock::new(|| rx(r"\b(?:after|besides|than)\s+(?P<t>.+)$"));
static RELATED_LEAD: Pattern =
    LazyLock::new(|| rx(r"^(?:(?:articles|pages|topics|ones|items|entries|to|for|of|with)\b\s*)+"));

pub(super) fn related(ctx: &Context) -> Option<RuleHit> {
    let cue = RELATED_CUE.as_ref()?;
    let last = cue.find_iter(ctx.text).last()?;
    let after = ctx.text.get(last.end()..).unwrap_or_default();
    let t = if let Some(c) = caps(&RELATED_AFTER, after) {
        title_of(&group(&c, "t"))?
    } else {
        let stripped = match RELATED_LEAD.as_ref() {
            Some(re) => re.replace(after.trim(), "").to_string(),
            None => after.to_string(),
        };
        match title_of(&stripped) {
            Some(t) => t,
            None => subject_around(cue, ctx.text)?,
        }
    };
    hit(
        Intent::Related {
            title_or_path: t.clone(),
        },
        subject_confidence(0.88, &t),
        "related: related/similar words",
    )
}

static LINKS_QUESTION: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:what|which)\s+(?:pages\s+|articles\s+|entries\s+)?(?:does|do)\s+(?P<t>.+?)\s+links?\s+to\b",
    )
});
static LINKS_CUE: Pattern =
    LazyLock::new(|| rx(r"\b(?:links?|hyperlinks?|urls?|outbound|outgoing|backlinks)\b"));

pub(super) fn links(ctx: &Context) -> Option<RuleHit> {
    let t = match caps(&LINKS_QUESTION, ctx.text).and_then(|c| title_of(&group(&c, "t"))) {
        Some(t) => t,
        None => cue_subject(&LINKS_CUE, ctx.text)?,
    };
    hit(
        Intent::Links {
            title_or_path: t.clone(),
        },
        subject_confidence(0.88, &t),
        "links: links/urls words",
    )
}

static BARE_PATH: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^[^\s/]+(?:/[^\s/]+)+/?$").ok());
static GET_VERB: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:get|open|read|show|display|fetch|retrieve|pull\s+up|give|view|print|load|see|go\s+to|zeige?|montre|affiche|muestra|abre|apri|mostra|ouvre|lis)\b(?:\s+me)?\s+(?P<t>.+)$",
    )
});
static ARTICLE_WORDS: Pattern =
    LazyLock::new(|| rx(r"\b(?:article|page|entry|full\s+text|whole|entire|artikel)\b"));
static GERMAN_ARTICLE_NOUN: Pattern = LazyLock::new(|| rx(r"^(?:den|das|die)?\s*artikel\b\s*"));

pub(super) fn get_article(ctx: &Context) -> Option<RuleHit> {
    let trimmed = ctx.text.trim();
    if is_match(&BARE_PATH, trimmed) {
        return hit(
            Intent::GetArticle {
                title_or_path: trimmed.to_string(),
            },
            0.85,
            "get article: bare path",
        );
    }
    let c = caps(&GET_VERB, ctx.text)?;
    let raw = group(&c, "t");
    let raw = match GERMAN_ARTICLE_NOUN.as_ref() {
        Some(re) => re.replace(&raw, "").to_string(),
        None => raw,
    };
    let t = title_of(&raw)?;
    let base = if is_match(&ARTICLE_WORDS, ctx.text) {
        0.88
    } else {
        0.8
    };
    hit(
        Intent::GetArticle {
            title_or_path: t.clone(),
        },
        subject_confidence(base, &t),
        "get article: show/open/read verb",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_compile() {
        assert!(SUGGEST_COMMAND.is_some(), "SUGGEST_COMMAND");
        assert!(SUGGEST_STARTS_WITH.is_some(), "SUGGEST_STARTS_WITH");
        assert!(SUGGEST_FOR.is_some(), "SUGGEST_FOR");
        assert!(FIND_BY_TITLE.is_some(), "FIND_BY_TITLE");
        assert!(RELATED_CUE.is_some(), "RELATED_CUE");
        assert!(RELATED_AFTER.is_some(), "RELATED_AFTER");
        assert!(RELATED_LEAD.is_some(), "RELATED_LEAD");
        assert!(LINKS_QUESTION.is_some(), "LINKS_QUESTION");
        assert!(LINKS_CUE.is_some(), "LINKS_CUE");
        assert!(BARE_PATH.is_some(), "BARE_PATH");
        assert!(GET_VERB.is_some(), "GET_VERB");
        assert!(ARTICLE_WORDS.is_some(), "ARTICLE_WORDS");
        assert!(GERMAN_ARTICLE_NOUN.is_some(), "GERMAN_ARTICLE_NOUN");
    }
}
