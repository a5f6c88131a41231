//! Extraction of result-count limits ("with limit 10", "top 5", "first 20 entries").

use crate::text::rx;
use std::sync::LazyLock;

/// Limit phrases; capture group 1 is the number. `true` means the whole match is removed from the
/// sentence (it is pure limit syntax); `false` removes only the number ("5 suggestions for X"
/// keeps "suggestions for X", which other rules need).
static LIMIT_PATTERNS: LazyLock<Vec<(Option<regex::Regex>, bool)>> = LazyLock::new(|| {
    vec![
        (
            // "with a limit of 10", the flag "--limit 10"; the article must be a word of its
            // own ("namespace=A limit=50" keeps its "A").
            rx(
                r"(?:(?:^|\s)(?:--|with\s+)?(?:a\s+)?|\b)limit(?:\s+(?:of|to|=))?\s*[:=]?\s*([0-9]{1,9})\b",
            ),
            true,
        ),
        (rx(r"\btop\s+([0-9]{1,9})\b"), true),
        (rx(r"\b(?:in\s+)?batch(?:es)?\s+of\s+([0-9]{1,9})\b"), true),
        (
            rx(r"\b([0-9]{1,9})\s+(?:[\w-]+\s+)?(?:at\s+a\s+time|per\s+page|per\s+batch)\b"),
            true,
        ),
        (rx(r"\bfirst\s+([0-9]{1,9})\b"), true),
        // "..., next 50": the next page of a pass, at the end ("the next 50 years" is topic).
        (
            rx(
                r"(?:,\s*)?\b(?:the\s+)?next\s+([0-9]{1,9})(?:\s+(?:entries|items|results|pages|articles|titles|ones))?\s*[.!?]?$",
            ),
            true,
        ),
        // "cap it at 5000": a cap put on the listing asked for (a pronoun or the listing is
        // what is capped; "the salary cap at 5000" is topic).
        (
            rx(
                r"\bcap\s+(?:it|them|that|the\s+(?:list|listing|output|walk))\s+at\s+([0-9]{1,9})\b|,\s*cap(?:ped)?\s+at\s+([0-9]{1,9})\s*[.!]?$",
            ),
            true,
        ),
        // "..., up to 10", "(at most 5)", ", no more than 3 please": a cap set apart at the
        // end ("count up to 10" and "children up to 10 years" are topic).
        (
            rx(
                r"\s*[,(;]\s*(?:but\s+)?(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|max(?:imum)?(?:\s+of)?)\s+([0-9]{1,9})(?:\s+(?:entries|items|results|pages|articles|titles|ones|links|hits|suggestions|matches))?(?:\s+please)?\s*\)?\s*[.!?]?$",
            ),
            true,
        ),
        // "... — give me 100", ", stop after 500": how many set apart at the end, as an order
        // to give that many or to stop after them.
        (
            rx(
                r"\s*[,(;:–—-]\s*(?:(?:just|only)\s+)?(?:(?:give|show|get|send|return|list)\s+(?:me\s+|us\s+)?(?:the\s+first\s+)?|(?:and\s+)?(?:stop|stopping|halt|cut\s+(?:it\s+)?off)\s+(?:after|at)\s+)([0-9]{1,9})(?:\s+(?:of\s+them|entries|items|results|pages|articles|titles|ones|links|hits|suggestions|matches))?(?:\s+please)?\s*\)?\s*[.!?]?$",
            ),
            true,
        ),
        // "..., like 10", "um maybe thirty of them": a rough count said at the end ("aged
        // about 10" is topic: the count is set apart, or said "of them").
        (
            rx(
                r"(?:\s*[,;(–—-]\s*(?:(?:um|uh|so)\s+)?(?:like|about|around|roughly|say|maybe|approximately|approx\.?)\s+([0-9]{1,9})(?:\s+(?:of\s+them|entries|items|results|pages|articles|titles|ones))?|\s+(?:(?:um|uh)\s+)?(?:like|about|around|roughly|say|maybe)\s+([0-9]{1,9})\s+of\s+them)(?:\s+please)?\s*\)?\s*[.!?]?$",
            ),
            true,
        ),
        // "max: 20000", "max=500": a key for the cap, as an agent's call writes it.
        (rx(r"\bmax(?:imum)?\s*[:=]\s*([0-9]{1,9})\b"), true),
        // "gimme 20 from ns I", "show me 50 of the C entries": how many asked first.
        (
            rx(
                r"^(?:(?:can|could)\s+(?:you|u)\s+)?(?:give\s+me|gimme|show\s+me|get\s+me|fetch|list)\s+([0-9]{1,9})\s+(?:from|of|in)\b",
            ),
            false,
        ),
        // "..., say 10": a count offered as an example of how many, at the end.
        (rx(r"[,(]\s*say\s+([0-9]{1,9})\s*\)?\s*[.!]?$"), true),
        (
            rx(
                r"\b([0-9]{1,9})\s+(?:results|entries|items|suggestions|hits|articles|pages|titles|completions|links|matches)\b",
            ),
            false,
        ),
        // The same counted nouns in the languages the glossary reads ("25 Einträge",
        // "30 entrées", "20 entradas", "10 voci", "15 wpisów").
        (
            rx(
                r"(?i)(?:^|\s)([0-9]{1,9})\s+(?:einträge|einträgen|artikel|ergebnisse|entrées|résultats|entradas|resultados|artículos|artigos|voci|risultati|articoli|vermeldingen|resultaten|artikelen|wpisów|wpisy|artykułów|записей|статей|результатов)(?:\s|$|[.,!?])",
            ),
            false,
        ),
    ]
});

/// A count written as a word before what is counted or how it is paged ("fifty at a time",
/// "twenty entries"); group 1 is the word, group 2 what follows it.
static COUNT_WORD: LazyLock<Option<regex::Regex>> = LazyLock::new(|| {
    rx(
        r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|twenty-five|thirty|forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred|one\s+hundred|hundred|a\s+thousand|one\s+thousand|thousand|a\s+dozen|dozen)(\s+(?:at\s+a\s+time|per\s+page|per\s+batch|of\s+them|results|entries|items|suggestions|hits|articles|pages|titles|completions|links|matches)\b)",
    )
});

/// The value of a count word of [`COUNT_WORD`].
fn count_word_value(word: &str) -> Option<u32> {
    let word = word
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let word = word
        .strip_prefix("a ")
        .or_else(|| word.strip_prefix("one "))
        .unwrap_or(&word);
    Some(match word {
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" | "dozen" => 12,
        "fifteen" => 15,
        "twenty" => 20,
        "twenty-five" => 25,
        "thirty" => 30,
        "forty" => 40,
        "fifty" => 50,
        "sixty" => 60,
        "seventy" => 70,
        "eighty" => 80,
        "ninety" => 90,
        "hundred" => 100,
        "thousand" => 1000,
        _ => return None,
    })
}

/// Finds the first limit phrase; returns the limit and the sentence with the phrase removed.
/// A count written as a word ("fifty at a time") is read as its number.
pub fn extract_limit(s: &str) -> (Option<u32>, String) {
    let found = limit_in(s);
    if found.0.is_some() {
        return found;
    }
    let Some(re) = COUNT_WORD.as_ref() else {
        return found;
    };
    let digits = re.replace(s, |c: &regex::Captures| {
        let word = c.get(1).map_or("", |m| m.as_str());
        let rest = c.get(2).map_or("", |m| m.as_str());
        match count_word_value(word) {
            Some(n) => format!("{n}{rest}"),
            None => format!("{word}{rest}"),
        }
    });
    if digits == s {
        return found;
    }
    match limit_in(&digits) {
        (Some(n), rest) => (Some(n), rest),
        (None, _) => found,
    }
}

/// [`extract_limit`] of numbers written in digits.
fn limit_in(s: &str) -> (Option<u32>, String) {
    for (re, whole) in LIMIT_PATTERNS.iter() {
        let Some(re) = re else { continue };
        let Some(caps) = re.captures(s) else { continue };
        let (Some(all), Some(num)) = (caps.get(0), caps.get(1).or_else(|| caps.get(2))) else {
            continue;
        };
        let Ok(value) = num.as_str().parse::<u32>() else {
            continue;
        };
        let cut = if *whole { all } else { num };
        // Regex offsets are char boundaries, so `get` never fails here; it just avoids indexing.
        let before = s.get(..cut.start()).unwrap_or_default();
        let after = s.get(cut.end()..).unwrap_or_default();
        let rest = format!("{before} {after}");
        return (
            Some(value),
            rest.split_whitespace().collect::<Vec<_>>().join(" "),
        );
    }
    (None, s.to_string())
}

/// Where a listing starts: "starting at offset 200", "offset=40", "from offset 1000",
/// "starting at entry 500", "skip the first 100 entries". Group 1 is the number.
static OFFSET_PATTERNS: LazyLock<Vec<Option<regex::Regex>>> = LazyLock::new(|| {
    vec![
        rx(r#"\boffset["']?\s*[:=]?\s*([0-9]{1,9})\b"#),
        rx(
            r"\b(?:starting|beginning|start)\s+(?:at|from|with)\s+(?:entry\s+|item\s+|position\s+|index\s+|number\s+|#)?([0-9]{1,9})\b",
        ),
        rx(
            r"\bskip(?:ping)?\s+(?:the\s+first\s+)?([0-9]{1,9})\s+(?:entries|items|results|titles|pages|articles)\b",
        ),
    ]
});

/// The offset a listing is asked to start from, if the sentence gives one.
pub fn extract_offset(s: &str) -> Option<u32> {
    // Every offset phrase has one of these words: most requests are let through by one scan.
    let lower = s.to_ascii_lowercase();
    if !["offset", "start", "begin", "skip"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    OFFSET_PATTERNS.iter().flatten().find_map(|re| {
        re.captures(s)
            .and_then(|c| c.get(1))
            .and_then(|m| m.as_str().parse().ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets() {
        for (q, want) in [
            (
                "list one page of entries starting at offset 200 in A",
                Some(200),
            ),
            ("browse namespace C offset=40", Some(40)),
            ("next page of entries please, offset 500", Some(500)),
            ("show entries in M starting at 1000", Some(1000)),
            ("skip the first 100 entries of namespace A", Some(100)),
            (r#"{"op": "browse", "ns": "A", "offset": 60}"#, Some(60)),
            ("browse namespace C with limit 10", None),
            ("the offset of a struct field in C", None),
            ("starting at dawn", None),
        ] {
            assert_eq!(extract_offset(q), want, "{q}");
        }
    }

    #[test]
    fn counts_written_as_words() {
        assert_eq!(
            extract_limit("page through namespace W, fifty at a time"),
            (Some(50), "page through namespace W,".into())
        );
        assert_eq!(
            extract_limit("give me twenty entries of namespace C").0,
            Some(20)
        );
        assert_eq!(extract_limit("a dozen results for tides").0, Some(12));
        // A count word that counts no listing is topic.
        assert_eq!(
            extract_limit("the Seven Wonders of the World"),
            (None, "the Seven Wonders of the World".into())
        );
        assert_eq!(extract_limit("ten commandments").0, None);
    }

    #[test]
    fn limit_phrases() {
        assert_eq!(
            extract_limit("browse namespace C with limit 10"),
            (Some(10), "browse namespace C".into())
        );
        assert_eq!(
            extract_limit("search X, top 5"),
            (Some(5), "search X,".into())
        );
        assert_eq!(
            extract_limit("list the first 20 entries"),
            (Some(20), "list the entries".into())
        );
        assert_eq!(
            extract_limit("walk C, 100 at a time"),
            (Some(100), "walk C,".into())
        );
        assert_eq!(
            extract_limit("walk C in batches of 200"),
            (Some(200), "walk C".into())
        );
        assert_eq!(
            extract_limit("walk C 50 entries at a time"),
            (Some(50), "walk C".into())
        );
        assert_eq!(
            extract_limit("give me 5 suggestions"),
            (Some(5), "give me suggestions".into())
        );
        // A command-line flag, dashes and all.
        assert_eq!(
            extract_limit("browse --ns M --limit 10"),
            (Some(10), "browse --ns M".into())
        );
        // A cap put on the listing, a count offered as an example, counted entries in other
        // languages; a cap and a 'say' that are topic stay in the sentence.
        assert_eq!(
            extract_limit("iterate over the whole C namespace, cap it at 5000"),
            (Some(5000), "iterate over the whole C namespace,".into())
        );
        assert_eq!(
            extract_limit("peek at a handful of entries under namespace '-' (the assets), say 10"),
            (
                Some(10),
                "peek at a handful of entries under namespace '-' (the assets)".into()
            )
        );
        assert_eq!(
            extract_limit("Zeig mir 25 Einträge aus dem Namensraum A"),
            (Some(25), "Zeig mir Einträge aus dem Namensraum A".into())
        );
        assert_eq!(
            extract_limit("montre 30 entrées de l'espace de noms C"),
            (Some(30), "montre entrées de l'espace de noms C".into())
        );
        for topic in [
            "why is the NBA salary cap at 140 million",
            "say 10 words in French",
            "what does 'say 10' mean, say",
            "Artikel 5 des Grundgesetzes",
        ] {
            assert_eq!(extract_limit(topic), (None, topic.into()), "{topic}");
        }
    }

    #[test]
    fn key_value_limits() {
        assert_eq!(
            extract_limit("browse: namespace=A limit=50"),
            (Some(50), "browse: namespace=A".into())
        );
    }

    #[test]
    fn the_next_page_of_a_pass() {
        assert_eq!(
            extract_limit("continue walking the entries, next 50").0,
            Some(50)
        );
        assert_eq!(extract_limit("show the next 20 entries").0, Some(20));
        assert_eq!(extract_limit("what happens in the next 50 years").0, None);
    }

    #[test]
    fn numbers_in_titles_are_not_limits() {
        assert_eq!(extract_limit("search for Apollo 11 landing").0, None);
        assert_eq!(extract_limit("limit 99999999999").0, None);
    }
}
