//! Namespace rules: browse (sampled) and walk (exhaustive), and namespace-name extraction.

use super::{Context, RuleHit, caps, group, hit, is_match};
use crate::Intent;
use crate::text::{Pattern, rx};
use regex::Regex;
use std::sync::LazyLock;

static NS_AFTER: Pattern =
    LazyLock::new(|| rx(r#"\bnamespace\b\s*[:=]?\s*["']?(?P<ns>[A-Za-z0-9][\w.\-]*|-)"#));
static NS_LETTER_BEFORE: Pattern =
    LazyLock::new(|| rx(r#"(?:^|\s)["']?(?P<ns>[A-Za-z])["']?\s+namespace\b"#));
static NS_NAMED: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?P<name>content|metadata|meta|articles?|images?|media|well-known|wellknown|search\s+index|full-?text\s+index|index|redirects?)\s+namespace\b",
    )
});
static NS_COMMAND_LETTER: LazyLock<Option<Regex>> = LazyLock::new(|| {
    // Case-sensitive letter: "browse C" but not "browse a list".
    Regex::new(r"^(?i:browse|walk|iterate|page\s+through)\s+(?P<ns>[A-Z])(?:\s|$|,)").ok()
});
/// Long names a namespace goes by (openzim-mcp accepts them).
const NS_LONG_NAMES: &[&str] = &[
    "content",
    "metadata",
    "meta",
    "wellknown",
    "well-known",
    "search",
    "articles",
    "images",
    "media",
    "redirects",
    "index",
    "fulltext",
];
const NS_STOPWORDS: &[&str] = &[
    "with", "in", "of", "and", "from", "for", "the", "to", "on", "at", "entries", "items", "is",
    "please", "by", "using",
];

/// The namespace named in the sentence: "namespace C", "the M namespace", "content namespace".
pub(super) fn namespace_of(s: &str) -> Option<String> {
    if let Some(c) = caps(&NS_AFTER, s) {
        let ns = group(&c, "ns");
        // A namespace is one character or one of the long names ("namespace collisions in
        // python" is about a programming topic).
        let plausible =
            ns.chars().count() == 1 || NS_LONG_NAMES.contains(&ns.to_lowercase().as_str());
        if plausible && !NS_STOPWORDS.contains(&ns.to_lowercase().as_str()) {
            return Some(if ns.chars().count() == 1 {
                ns.to_uppercase()
            } else {
                ns
            });
        }
    }
    if let Some(c) = caps(&NS_NAMED, s) {
        let name = group(&c, "name").to_lowercase();
        let ns = match name.as_str() {
            "content" => "C",
            "metadata" | "meta" => "M",
            "article" | "articles" => "A",
            "image" | "images" | "media" => "I",
            "well-known" | "wellknown" => "W",
            "redirect" | "redirects" => "R",
            _ => "X",
        };
        return Some(ns.to_string());
    }
    if let Some(c) = caps(&NS_LETTER_BEFORE, s) {
        return Some(group(&c, "ns").to_uppercase());
    }
    caps(&NS_COMMAND_LETTER, s).map(|c| group(&c, "ns"))
}

static WALK_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:walk|iterate|enumerate|traverse|go\s+through|dump|exhaustive(?:ly)?|every\s+entry|all\s+of)\b",
    )
});
static BROWSE_CUE: Pattern =
    LazyLock::new(|| rx(r"\b(?:browse|sample|page\s+through|peek|list|show)\b"));

pub(super) fn walk(ctx: &Context) -> Option<RuleHit> {
    if !is_match(&WALK_CUE, ctx.text) {
        return None;
    }
    let namespace = namespace_of(ctx.text)?;
    hit(
        Intent::Walk {
            namespace,
            limit: ctx.limit,
        },
        0.9,
        "walk: walk/iterate + namespace",
    )
}

pub(super) fn browse(ctx: &Context) -> Option<RuleHit> {
    let namespace = namespace_of(ctx.text)?;
    let conf = if is_match(&BROWSE_CUE, ctx.text) {
        0.9
    } else {
        0.8
    };
    hit(
        Intent::Browse {
            namespace,
            limit: ctx.limit,
        },
        conf,
        "browse: namespace named",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_compile() {
        assert!(NS_AFTER.is_some(), "NS_AFTER");
        assert!(NS_LETTER_BEFORE.is_some(), "NS_LETTER_BEFORE");
        assert!(NS_NAMED.is_some(), "NS_NAMED");
        assert!(NS_COMMAND_LETTER.is_some(), "NS_COMMAND_LETTER");
        assert!(WALK_CUE.is_some(), "WALK_CUE");
        assert!(BROWSE_CUE.is_some(), "BROWSE_CUE");
    }
}
