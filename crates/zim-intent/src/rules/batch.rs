//! Several named entries fetched at once: "fetch A/Sun and A/Moon together", "batch get X, Y
//! and Z", "retrieve in bulk: Bach, Mozart, Beethoven", "the Paris, London and Tokyo articles
//! together", "A/x, A/y, A/z as a batch".
//!
//! The request is a list of names between a lead (a request verb, a word for a batch, a count,
//! a plural noun for articles) and a tail (a word for a batch, the plural noun). A list alone
//! is no batch: "Romeo and Juliet", "Paris, Texas" and "Pride and Prejudice" are one title
//! each, so a list is read as several only when the request says so (a word for a batch, a
//! plural noun for articles) or when every item is an entry path. Lowercase items are topics
//! ("the articles of confederation and the bill of rights"), and a request with no lead or
//! tail ("compare Paris and London", "tell me about Köln, München and Berlin") is no fetch.

use super::{Context, RuleHit, hit, is_match, is_question, looks_like_title, title_of};
use crate::text::{Pattern, rx};
use crate::{Intent, MAX_BATCH_TITLES};
use std::sync::LazyLock;

/// What may stand before the list: a request verb (after a word for a batch: "batch get",
/// "bulk read", "concurrent fetch of"), then determiners, counts, a word for a batch and a
/// plural noun for the entries ("fetch multiple articles at once:", "get all four:", "batch
/// fetch the articles for").
static LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:(?:batch(?:ed)?|bulk|concurrent(?:ly)?|parallel|multi)[\s-]+)?(?:fetch|get|retrieve|read\s+out|read|bring|pull\s+up|pull|grab|load|open|show|give|download|bring\s+up|call\s+up|return|send|print|display|look\s+up|lookup|request|(?:i\s+)?need|(?:i\s+)?want)(?:\s+(?:me|us))?\b\s*(?:of\b\s*)?)?(?:(?:please|pls|plz)\b\s*|texts?\s+of\b\s*|(?:in\s+bulk|(?:all\s+)?at\s+once|together|in\s+(?:a\s+|one\s+)?(?:single\s+)?(?:go|call|batch|request))\b\s*|(?:all|both|the|these|those|following|each\s+of)\b\s*|(?:multiple|several|many|two|three|four|five|six|seven|eight|nine|ten|\d+)\b\s*|(?-i:articles|pages|entries|entry\s+paths|paths|documents|docs|wiki\s+pages)\b\s*|(?:full|complete|entire|whole)\s+(?:texts?|articles|pages)\b\s*|(?:for|on|about|named|titled|called|at|of)\b\s*|:\s*)*",
    )
});

/// What may follow the list: a word for a batch, the plural noun ("the Paris, London and
/// Tokyo articles together"), an aside ("(mathematical constants)"), how they are read
/// ("back to back", "side by side") or what the asker wants them for (", i want to compare
/// them").
static TAIL: Pattern = LazyLock::new(|| {
    rx(
        r"(?:[\s,]+(?:together|(?:all\s+)?at\s+once|in\s+bulk|in\s+(?:a\s+|one\s+)?(?:single\s+)?(?:go|call|batch(?:\s+call)?|request|round[\s-]?trip|shot|pass|response|query)|as\s+(?:a|one)\s+(?:single\s+)?(?:batch|group|set|bundle|request)|at\s+the\s+same\s+time|simultaneously|concurrently|in\s+parallel|please|for\s+me|in\s+full|in\s+(?:their\s+)?entirety|(?:both|all)\s+of\s+them|for\s+(?:the|my|our|a|an|his|her|their)\s+[^,.;:!?()]{1,50}|back\s+to\s+back|side\s+by\s+side|one\s+after\s+(?:the\s+)?other|(?:i|we)\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+[^,.;:!?()]{1,60}|(?-i:articles|pages|entries)|\([^()]*\)))+[\s.!]*$",
    )
});

/// Words that say the entries are wanted together, in one call.
static STRONG_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:batch(?:ed)?|bulk|concurrent(?:ly)?|in\s+parallel|simultaneously|multi|(?:all\s+)?at\s+once|in\s+(?:a\s+|one\s+)?(?:single\s+)?(?:go|call|batch|request|round[\s-]?trip|shot|pass|response|query)|as\s+(?:a|one)\s+(?:single\s+)?(?:batch|group|set|bundle|request)|multiple|several)\b|(?-i:\b(?:articles|pages|entries|entry\s+paths|paths|documents|docs)\b)",
    )
});

/// Words that say it less surely: "together", "both", "at the same time", "all four".
static WEAK_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:together|both|at\s+the\s+same\s+time|all\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+))\b",
    )
});

/// The whole texts asked for ("full text for:", "the full articles for", "complete pages
/// of"), in the lead or the tail ("... in full").
static WHOLE_TEXTS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:full|complete|entire|whole)\s+(?:texts?|articles|pages)|in\s+full|in\s+(?:their\s+)?entirety)\b",
    )
});

/// The whole texts asked for as several ("the complete texts of", "entire pages on"); "the
/// complete text of the article 'A and B'" is one.
static WHOLE_TEXTS_PLURAL: Pattern =
    LazyLock::new(|| rx(r"\b(?:full|complete|entire|whole)\s+(?:texts|articles|pages)\b"));

/// A request verb at the start.
static VERB: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:batch(?:ed)?|bulk|concurrent(?:ly)?|parallel|multi)[\s-]+)?(?:fetch|get|retrieve|read\s+out|read|bring|pull\s+up|pull|grab|load|open|show|give|download|bring\s+up|return|send|print|display|look\s+up|lookup|request)\b",
    )
});

/// Between the items: commas, semicolons, "and", "and also", "as well as", "&", "+".
static SEPARATOR: Pattern = LazyLock::new(|| {
    rx(
        r"\s*[,;]\s*(?:(?:and|&)\s+(?:also\s+)?)?|\s+(?:and(?:\s+also)?|as\s+well\s+as|&|\+|plus)\s+",
    )
});

/// An entry path of the namespace scheme: `A/Sun`, `-/s/main.css`, `I/Big_Ben.jpg` (not
/// "I/O").
static NAMESPACE_PATH: LazyLock<Option<regex::Regex>> =
    LazyLock::new(|| regex::Regex::new(r"^(?:[A-Z]|-)/[^\s/]{2,}(?:/[^\s/]+)*$").ok());

/// Whether `s` is an entry path: of the namespace scheme ([`NAMESPACE_PATH`]), or without
/// spaces, with a slash and a last part written as a path is (`wiki/Main_Page`,
/// `images/logo.png`); not a URL, nor "and/or".
pub(super) fn is_entry_path(s: &str) -> bool {
    let s = s.trim_matches(|c: char| matches!(c, '"' | '\'' | '`'));
    if s.contains("://") || s.starts_with('/') || s.contains(char::is_whitespace) {
        return false;
    }
    if NAMESPACE_PATH.as_ref().is_some_and(|re| re.is_match(s)) {
        return true;
    }
    let last = s.rsplit('/').next().unwrap_or_default();
    s.contains('/')
        && !last.is_empty()
        && (last.contains('_')
            || last
                .rsplit_once('.')
                .is_some_and(|(stem, ext)| !stem.is_empty() && (2..=5).contains(&ext.len())))
}

/// Words a name written in title case may have in lowercase.
const NAME_FUNCTION_WORDS: &[&str] = &[
    "of", "the", "and", "in", "on", "for", "a", "an", "de", "la", "le", "von", "van", "der", "du",
    "des", "y", "e", "da", "di", "del",
];

/// A name in title case, a path or a quoted name: "World War II", "A/Sun", "'Black hole'".
fn strict_name(item: &str) -> bool {
    let item = item.trim();
    is_entry_path(item)
        || item.starts_with(['"', '\''])
        || item.split_whitespace().all(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
                || NAME_FUNCTION_WORDS.contains(&w.to_lowercase().as_str())
        })
}

/// "YouTube, Vimeo and Twitch videos": names that qualify one plural noun after the last of
/// them are no list of names.
fn shared_head_noun(items: &[&str]) -> bool {
    let Some(last) = items.last() else {
        return false;
    };
    let words: Vec<&str> = last.split_whitespace().collect();
    let head = words.last().copied().unwrap_or_default();
    words.len() >= 2
        && head.chars().all(|c| c.is_lowercase())
        && head.ends_with('s')
        && !head.ends_with("ss")
        && items
            .iter()
            .take(items.len().saturating_sub(1))
            .any(|i| i.split_whitespace().count() == 1)
}

/// The list of a request: its lead, its items and its tail.
struct Listed<'a> {
    lead: &'a str,
    items: Vec<&'a str>,
    tail: &'a str,
}

/// How the entries are wanted, set apart by a comma at the end: ", full text please", ", all
/// three full text" (without the comma, "Romeo and Juliet full text" is one title's).
static COMMA_WHOLE_TEXT: Pattern = LazyLock::new(|| {
    rx(
        r",\s*(?:(?:(?:please|pls|plz),?\s+)?(?:all|both|each)(?:\s+(?:two|three|four|five|six|of\s+them))?,?\s+)?(?:(?:the|their|in|as)\s+)?(?:full|complete|whole|entire)(?:\s+|-)(?:texts?|articles?|pages?|versions?)(?:\s+please)?[\s.!]*$|,\s*(?:(?:please|pls|plz),?\s+)?(?:all|both|each)\s+(?:two|three|four|five|six|of\s+them)(?:\s+please)?[\s.!]*$",
    )
});

/// Words that say a request names several entries.
static SEVERAL_SAID: Pattern =
    LazyLock::new(|| rx(r"\b(?:both|all|each|(?-i:articles|pages|entries))\b"));

fn listed(text: &str) -> Option<Listed<'_>> {
    let text = text.trim();
    let lead_end = LEAD.as_ref()?.find(text).map_or(0, |m| m.end());
    // ", full text please" ends the list when the request says there are several ("both",
    // "all", a plural noun); the rest of the tail is read before it.
    let end = COMMA_WHOLE_TEXT
        .as_ref()
        .and_then(|re| re.find(text))
        .map(|m| m.start())
        // The tail may say it itself (", both in full text", ", all three full text").
        .filter(|_| is_match(&SEVERAL_SAID, text))
        .unwrap_or(text.len());
    let body = text.get(..end)?;
    let tail_start = TAIL
        .as_ref()?
        .find(body)
        .map_or(end, |m| m.start())
        .max(lead_end);
    let list = text.get(lead_end..tail_start)?;
    let mut items: Vec<&str> = SEPARATOR
        .as_ref()?
        .split(list)
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .collect();
    // "fetch A/Sun A/Moon A/Earth": entry paths need no separator but a space.
    if items.len() == 1 {
        let words: Vec<&str> = list.split_whitespace().collect();
        if words.len() >= 2 && words.iter().all(|w| is_entry_path(w)) {
            items = words;
        }
    }
    (items.len() >= 2).then_some(Listed {
        lead: text.get(..lead_end)?,
        items,
        tail: text.get(tail_start..)?,
    })
}

/// The titles of a list, cleaned as a single article's title is; `None` unless there are two
/// or more, each a name (capitalised, a path or quoted) of at most eight words. At most
/// [`MAX_BATCH_TITLES`], duplicates once.
fn titles(items: &[&str]) -> Option<Vec<String>> {
    titles_with(items, false)
}

/// [`titles`], where `loose` also takes a compound written in lowercase ("git-stash"): a
/// name of a command or a tool, when the request asks for the whole texts with a verb.
fn titles_with(items: &[&str], loose: bool) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for item in items {
        let named = looks_like_title(item) || (loose && lowercase_compound(item));
        if !named || item.split_whitespace().count() > 8 {
            return None;
        }
        let t = title_of(item)?;
        if !out.contains(&t) && out.len() < MAX_BATCH_TITLES {
            out.push(t);
        }
    }
    (out.len() >= 2).then_some(out)
}

/// One word of letters or digits joined by hyphens: "git-stash", "git-cherry-pick".
fn lowercase_compound(item: &str) -> bool {
    let item = item.trim();
    !item.contains(char::is_whitespace)
        && item.contains('-')
        && item
            .split('-')
            .all(|p| !p.is_empty() && p.chars().all(char::is_alphanumeric))
}

/// The entries a list names, whatever says that it is a batch: for the learned second
/// opinion, which has decided that already.
pub(crate) fn listed_titles(text: &str) -> Option<Vec<String>> {
    let l = listed(text)?;
    if shared_head_noun(&l.items) {
        return None;
    }
    titles(&l.items)
}

/// "..., both at once", "all three together": the articles wanted in one answer, said last.
static AT_ONCE_TAIL: Pattern = LazyLock::new(|| {
    rx(
        r",\s*(?:(?:both|all(?:\s+(?:three|four|of\s+them))?)\s+)?(?:at\s+once|together|in\s+one\s+go|in\s+one\s+batch)\s*[.!]*$",
    )
});

pub(super) fn get_articles(ctx: &Context) -> Option<RuleHit> {
    // "..., both at once": how the articles are wanted, after the list.
    let at_once = AT_ONCE_TAIL
        .as_ref()
        .map(|re| re.replace(ctx.text, "").into_owned());
    let ctx = &Context {
        text: at_once.as_deref().unwrap_or(ctx.text),
        ..*ctx
    };
    // Every list has a separator, or is of entry paths: most requests are let through by one
    // scan.
    let lower = ctx.text.to_lowercase();
    if ![",", " and ", ";", " & ", " + ", " plus "]
        .iter()
        .any(|s| lower.contains(s))
        && ctx
            .text
            .split_whitespace()
            .filter(|w| is_entry_path(w))
            .count()
            < 2
    {
        return None;
    }
    // "what do Paris and London have in common", "how do A and B differ": questions.
    if is_question(ctx.text) || lower.starts_with("what") || lower.starts_with("which") {
        return None;
    }
    let l = listed(ctx.text)?;
    if shared_head_noun(&l.items) {
        return None;
    }
    let said = format!("{} {}", l.lead, l.tail);
    let verb = is_match(&VERB, l.lead);
    let strong = is_match(&STRONG_CUE, &said);
    let weak = is_match(&WEAK_CUE, &said);
    let paths = l.items.iter().all(|i| is_entry_path(i));
    let whole = is_match(&WHOLE_TEXTS, &said);
    let whole_plural = is_match(&WHOLE_TEXTS_PLURAL, &said);
    let names = l.items.iter().all(|i| strict_name(i));
    let read = if paths && (verb || strong || weak || l.lead.trim().is_empty()) {
        "get articles: a list of entry paths"
    } else if strong && (verb || !l.tail.trim().is_empty() || l.lead.trim().ends_with(':')) {
        "get articles: several named at once"
    } else if weak && verb && names {
        "get articles: names fetched together"
    } else if whole && names {
        // "Retrieve full text for: A; B; C", "the full articles for both X and Y": the whole
        // texts of several names.
        "get articles: the whole texts of several names"
    } else if whole_plural
        && verb
        && l.items
            .iter()
            .all(|i| looks_like_title(i) || lowercase_compound(i))
    {
        // "Read out the complete texts of Heap (data structure) and Binary search tree",
        // "bring me the entire pages on git-stash and git-cherry-pick": the whole texts asked
        // with a verb, of names in sentence case or of commands.
        "get articles: the whole texts of several, asked with a verb"
    } else if verb && names && l.lead.trim().ends_with(':') {
        // "Retrieve: A; B; C": names listed after a request verb and its colon.
        "get articles: names listed after a request verb"
    } else {
        return None;
    };
    let titles_or_paths = titles_with(&l.items, whole_plural && verb)?;
    hit(Intent::GetArticles { titles_or_paths }, 0.88, read)
}

#[cfg(test)]
mod tests {
    use crate::{Intent, parse};

    fn batch(q: &str) -> Option<Vec<String>> {
        match parse(q, &[]).intent {
            Intent::GetArticles { titles_or_paths } => Some(titles_or_paths),
            _ => None,
        }
    }

    fn list(items: &[&str]) -> Option<Vec<String>> {
        Some(items.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn several_entries_asked_at_once() {
        for (q, want) in [
            ("fetch A/Sun and A/Moon together", &["A/Sun", "A/Moon"][..]),
            (
                "batch get Jupiter, Saturn and Uranus",
                &["Jupiter", "Saturn", "Uranus"],
            ),
            (
                "retrieve in bulk: Bach, Mozart, Beethoven",
                &["Bach", "Mozart", "Beethoven"],
            ),
            (
                "get me the Paris, London and Tokyo articles together",
                &["Paris", "London", "Tokyo"],
            ),
            ("A/x, A/y, A/z as a batch", &["A/x", "A/y", "A/z"]),
            (
                "bulk fetch of A/Oxygen, A/Nitrogen",
                &["A/Oxygen", "A/Nitrogen"],
            ),
            (
                "load the pages for Black hole and Neutron star in one call",
                &["Black hole", "Neutron star"],
            ),
            (
                "open A/Lion, A/Tiger and A/Leopard in a single request",
                &["A/Lion", "A/Tiger", "A/Leopard"],
            ),
            (
                "give me several articles at once: Ada Lovelace, Alan Turing",
                &["Ada Lovelace", "Alan Turing"],
            ),
            (
                "read both Hamlet and Macbeth together",
                &["Hamlet", "Macbeth"],
            ),
            (
                "get the articles on 'Black hole' and 'White dwarf'",
                &["Black hole", "White dwarf"],
            ),
            ("fetch C/Volcano, C/Glacier", &["C/Volcano", "C/Glacier"]),
            ("A/Sun, A/Moon", &["A/Sun", "A/Moon"]),
            (
                "pull Rome, Athens & Cairo articles simultaneously",
                &["Rome", "Athens", "Cairo"],
            ),
            (
                "get all three: Venus, Mars, Jupiter (the planets)",
                &["Venus", "Mars", "Jupiter"],
            ),
        ] {
            assert_eq!(batch(q), list(want), "{q}");
        }
    }

    #[test]
    fn a_batch_written_as_a_tool_call() {
        for (q, want) in [
            (
                "get_articles: Tide, Moon, Sun",
                &["Tide", "Moon", "Sun"][..],
            ),
            (
                "batch_get(\"A/Salt\", \"A/Pepper\")",
                &["A/Salt", "A/Pepper"],
            ),
            ("zim_get entry_paths=A/Frog, A/Toad", &["A/Frog", "A/Toad"]),
            (
                r#"{"op": "get_articles", "titles": ["Paris, Texas", "Glacier"]}"#,
                &["Paris, Texas", "Glacier"],
            ),
            (
                r#"{"entry_paths": ["A/Comet", "A/Asteroid"]}"#,
                &["A/Comet", "A/Asteroid"],
            ),
            (
                r#"{"tool": "zim_get", "arguments": {"entry_paths": ["A/X1", "A/X2"]}}"#,
                &["A/X1", "A/X2"],
            ),
        ] {
            assert_eq!(batch(q), list(want), "{q}");
        }
        // One entry named to the batch command is that article.
        assert_eq!(
            parse("get_articles: Tide", &[]).intent,
            Intent::GetArticle {
                title_or_path: "Tide".into()
            }
        );
    }

    #[test]
    fn a_batch_is_capped_and_counts_each_entry_once() {
        let many: Vec<String> = (0..80).map(|i| format!("A/Entry_{i}")).collect();
        let q = format!("batch get {}", many.join(", "));
        let got = batch(&q).unwrap_or_default();
        assert_eq!(got.len(), crate::MAX_BATCH_TITLES);
        assert_eq!(got.first().map(String::as_str), Some("A/Entry_0"));
        assert_eq!(
            batch("fetch A/Sun, A/Moon and A/Sun together"),
            list(&["A/Sun", "A/Moon"])
        );
    }

    #[test]
    fn one_title_with_and_or_a_comma_is_one_article() {
        for (q, t) in [
            ("read Romeo and Juliet", "Romeo and Juliet"),
            (
                "show the Pride and Prejudice article",
                "Pride and Prejudice",
            ),
            ("get Paris, Texas", "Paris, Texas"),
        ] {
            assert_eq!(
                parse(q, &[]).intent,
                Intent::GetArticle {
                    title_or_path: t.into()
                },
                "{q}"
            );
        }
    }

    #[test]
    fn lists_that_are_no_batch_stay_searches() {
        for q in [
            "compare Paris and London",
            "the articles of confederation and the bill of rights",
            "tell me about Köln, München, and Berlin",
            "batch normalization and dropout in PyTorch",
            "bulk download YouTube, Vimeo and Twitch videos",
            "how to fetch multiple URLs at once in Python",
            "what do Paris and London have in common",
            "Paris, London and Tokyo",
            "send bulk SMS to Vodafone and O2 customers",
            "batch vs stream processing in Spark and Flink",
            "read and write files together in rust",
            "fetch and merge in git",
        ] {
            assert_eq!(parse(q, &[]).intent.name(), "Search", "{q}");
        }
        // Names that do something together are no entries fetched together (what the
        // request verb reads them as is left to the other rules).
        for q in [
            "get Docker and Kubernetes to work together",
            "get Python, Rust and Go installed together",
        ] {
            assert_ne!(parse(q, &[]).intent.name(), "GetArticles", "{q}");
        }
    }
}
