//! Rules that name one article or a title prefix: suggestions, title lookup, related pages,
//! outbound links and plain article retrieval.

use super::{
    Context, RuleHit, caps, cue_subject, group, hit, is_generic_subject, is_match, is_question,
    looks_like_title, subject_around, subject_confidence, title_of,
};
use crate::Intent;
use crate::text::{Pattern, rx};
use regex::Regex;
use std::sync::LazyLock;

static SUGGEST_COMMAND: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:suggest|autocomplete|auto-complete|auto\s+complete|complete|type-?ahead|suggestions?|prefix\s+completions?|title\s+(?:auto-?)?completions?|auto-?completions?)\b(?:\s+(?:the\s+)?(?:title\s+)?(?:article\s+(?:names?|titles?)|titles?|(?:auto-?)?completions?|suggestions?|entries|pages?|names?))?(?:\s+(?:that\s+|which\s+)?(?:start|starts|starting|begin|begins|beginning)\s+with)?(?:\s+(?:for|of|to))?\s*:?\s*(?P<x>.+)$"#,
    )
});
static SUGGEST_STARTS_WITH: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:titles?|article\s+names?|names?|pages?|entries|articles?|suggestions?|completions?)\s+(?:that\s+|which\s+)?(?:start|starts|starting|begin|begins|beginning)\s+with\s*:?\s*(?P<x>.+)$|^(?:words|terms|entries)\s+(?:that\s+|which\s+)?(?:start|starts|starting|begin|begins|beginning)\s+with\s+(?P<x1>[\p{L}'-]{1,12})\s*[?.!]*$",
    )
});
/// "suggestions for X" takes X as a prefix when the words between are request words ("what
/// completions do you have for Napo"); with a subject of their own they are advice about a
/// topic ("what suggestions do dietitians give for lowering LDL").
static SUGGEST_FOR: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:title\s+)?(?:suggestions?|(?:auto-?)?completions?)(?:\s+(?:do|does|you|have|has|got|are|is|there|any|some|the|me|us|possible|available|title|titles|article|page|name|names|search|autocomplete|can|could|would|give|get|show|list)){0,3}?\s+(?:for|of|on)\s*:?\s*(?P<x>.+)$",
    )
});

/// "complete listing of Bach cantatas", "complete works of Shakespeare": "complete" before a
/// noun for a whole is its adjective, not the verb of completing a prefix.
static COMPLETE_AS_ADJECTIVE: Pattern = LazyLock::new(|| {
    rx(
        r"^complete\s+(?:list|lists|listing|listings|works|text|texts|pages?|articles?|entries|entry|guide|history|set|collection|series|index|catalog|catalogue|edition|discography|filmography|bibliography|overview|version|record|records|archive|dump|enumeration|dataset|reference|rundown|breakdown|walkthrough|beginner's|walk|sweep|pass|scan|crawl|traversal|iteration|tour|picture|story|works)\b",
    )
});

/// A noun for the argument itself before it: "the prefix 'Napol'", "the letters Qu".
static ARGUMENT_NOUN: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:the\s+)?(?:prefix|string|letters|characters|chars|partial\s+(?:title|name|word)|beginning|start|input|text)\s*:?\s+(?P<x>\S.*)$",
    )
});
/// What follows a suggestion cue that modifies a topic rather than taking a prefix: a
/// preposition or a verb ("autocomplete suggestions in bash not working", "type-ahead is
/// slow").
static TOPIC_CONTINUATION: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:in|on|with|after|before|during|when|while|because|not|is|are|was|were|isn't|aren't|doesn't|don't|won't|keeps?|stopped|broke|broken|from|inside|under|using|via|vs)\b",
    )
});
/// "suggest articles similar to Volcano": suggesting pages like an article is the related
/// view, not completion of a prefix.
/// "suggest pages similar to the Iterator trait page": what follows the command's noun is
/// the pages' kinship to an article, the related view, not a prefix.
static KIN_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:very|most|closely)\s+)?(?:similar|related|close|comparable|akin|connected)\s+(?:to|with)\b",
    )
});
static PAGES_LIKE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:some\s+|more\s+|other\s+|a\s+few\s+)?(?:articles|pages|entries|topics|reading|ones|things)\b",
    )
});

/// Prefixes keep their inner punctuation ("Vec::", "std::col"); only quotes and sentence
/// punctuation at the ends go.
static QUOTED_FIRST: Pattern = LazyLock::new(|| rx(r#"^["'](?P<q>[^"']+)["']\s*[,;]"#));

fn clean_prefix(s: &str) -> String {
    // ", Kende": a comma left where a spoken filler was ("begin with, um, Kende").
    let t = s
        .trim()
        .trim_start_matches([',', ';', ':', ' '])
        .trim_end_matches(['?', '!', ',', '.'])
        .trim();
    // "begin with um neuro": a hesitation before the letters typed.
    let t = ["um ", "uh ", "umm ", "erm ", "uhm "]
        .iter()
        .find_map(|h| {
            t.get(..h.len())
                .filter(|head| head.eq_ignore_ascii_case(h))
                .and_then(|_| t.get(h.len()..))
        })
        .map_or(t, str::trim_start);
    // "'smoke', 10 suggestions": a quoted prefix first, what follows it is about the answer.
    if let Some(c) = caps(&QUOTED_FIRST, t)
        && let Some(q) = c.name("q")
        && !q.as_str().trim().is_empty()
    {
        return q.as_str().trim().to_string();
    }
    let t = match caps(&ARGUMENT_NOUN, t) {
        Some(c) => c.name("x").map_or(t, |m| m.as_str()),
        None => t,
    };
    // "this title for me: Barack Ob": an instruction in lowercase words, then the prefix.
    let t = match t.split_once(": ") {
        Some((lead, rest))
            if !rest.trim().is_empty()
                && lead
                    .chars()
                    .all(|c| c.is_lowercase() || c.is_whitespace() || c == '\'') =>
        {
            rest.trim()
        }
        _ => t,
    };
    for q in ['"', '\''] {
        if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
            return t.trim_matches(q).trim().to_string();
        }
    }
    t.to_string()
}

/// How, why, when or where something happens: a question about the world, in which
/// "autocomplete suggestions for queries" or "titles that begin with a verb" are topic.
static HOW_QUESTION: Pattern = LazyLock::new(|| rx(r"^(?:how|why|when|where)\b"));

/// The words a user typed before trailing off ("Habeas...", "Napol…"): after the last
/// clause mark, at most three words, then an ellipsis that ends the clause (the ask follows
/// or nothing does; "hmm... for a gift" goes on).
static TRAILED_OFF: Pattern = LazyLock::new(|| {
    rx(
        r"(?:^|[,;:]\s*|\s-\s)(?P<x>[^\s,;:.][^,;:.]*?)(?:\.\.\.|…)(?:\s*$|\s+(?:what|which|any|got|suggestions?|completions?|autocomplete|can|could|how|help|please)\b)",
    )
});
/// Asking for completions, or saying only the start is known.
static COMPLETION_ASKED: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:completions?|autocompletes?|auto-?complete|auto-?completed?|complete\s+(?:it|this|that|the\s+title)|suggestions?|how\s+it\s+(?:starts|begins)|(?:starts|begins)\s+with|(?:start|starts|begin|begins)\s+like\s+(?:that|this|it|so))\b",
    )
});

/// Words after which what was typed follows ("begins with Ray Ch...", "how to spell brach...").
const TYPED_LEAD: &[&str] = &[
    "with", "spell", "spelt", "spelled", "type", "typed", "write",
];

/// "I only remember how it starts, Habeas... what completions are there?": the prefix is
/// the words typed before an ellipsis, when completions are asked.
fn trailed_off_prefix(text: &str) -> Option<String> {
    if !is_match(&COMPLETION_ASKED, text) {
        return None;
    }
    let c = caps(&TRAILED_OFF, text)?;
    let x = group(&c, "x");
    // "it begins with Ray Ch...", "i only know how to spell brach...": what it begins
    // with, what is spelt.
    let words: Vec<&str> = x.split_whitespace().collect();
    let typed_from = words
        .iter()
        .rposition(|w| TYPED_LEAD.contains(&w.to_lowercase().as_str()))
        .map_or(0, |i| i.saturating_add(1));
    let x = words.get(typed_from..).unwrap_or_default().join(" ");
    (!x.is_empty() && x.split_whitespace().count() <= 3).then(|| x.to_string())
}

/// What is being typed into a search box: "I'm typing 'Mount Kili' into the search box",
/// "if I enter \"Napol\" in the search bar". A quoted prefix, or a name of up to four words.
static TYPED_INTO: Pattern = LazyLock::new(|| {
    rx(
        r#"\b(?:typing|typed|type|entering|entered|enter|input|inputting|key(?:ing)?\s+in)\s+(?:'(?P<s>[^']+)'|"(?P<d>[^"]+)"|(?P<n>\S+(?:\s+\S+){0,3}?))\s+(?:in|into)\s+(?:the\s+|a\s+|your\s+)?(?:search\s+(?:box|bar|field)|search|searchbox|box|bar|field)\b"#,
    )
});

/// The prefix typed into a search box, when completions are asked.
fn typed_prefix(text: &str) -> Option<String> {
    if !is_match(&COMPLETION_ASKED, text) {
        return None;
    }
    let c = caps(&TYPED_INTO, text)?;
    if let Some(q) = c.name("s").or_else(|| c.name("d")) {
        return Some(q.as_str().trim().to_string()).filter(|q| !q.is_empty());
    }
    // Unquoted, it is a name: "type Mount Kili into the search box".
    let n = group(&c, "n");
    looks_like_title(&n).then_some(n)
}

pub(super) fn suggest(ctx: &Context) -> Option<RuleHit> {
    if is_match(&HOW_QUESTION, ctx.text) {
        return None;
    }
    // "suggest further reading next to A/Photosynthesis": pages suggested by their place in
    // the link graph are the related view, not completions of a prefix.
    if graph_neighbourhood_subject(ctx.text).is_some() {
        return None;
    }
    if let Some(prefix) = typed_prefix(ctx.text) {
        return hit(
            Intent::Suggest { prefix },
            0.85,
            "suggest: what is typed into the search box",
        );
    }
    if let Some(prefix) = trailed_off_prefix(ctx.text) {
        return hit(
            Intent::Suggest { prefix },
            0.85,
            "suggest: words before an ellipsis",
        );
    }
    for (re, conf, rule) in [
        (&SUGGEST_COMMAND, 0.9, "suggest: command"),
        (&SUGGEST_STARTS_WITH, 0.85, "suggest: titles starting with"),
        (&SUGGEST_FOR, 0.85, "suggest: suggestions for"),
    ] {
        if let Some(c) = caps(re, ctx.text) {
            // "words that start with tyranno": a word's letters, the second alternative.
            let raw = match group(&c, "x") {
                x if x.is_empty() => group(&c, "x1"),
                x => x,
            };
            if is_match(&TOPIC_CONTINUATION, raw.trim())
                || (is_match(&PAGES_LIKE, raw.trim()) && is_match(&RELATED_CUE, &raw))
                || is_match(&KIN_LEAD, raw.trim())
                || is_match(&COMPLETE_AS_ADJECTIVE, ctx.text)
            {
                continue;
            }
            // "complete metric space definition", "complete the square": the bare verb takes
            // letters typed as its object only quoted, capitalised ("complete Ray Ch") or after
            // a colon ("complete this title for me: ..."); lowercase words after it are a topic
            // or a task.
            if (rule == "suggest: command" && lowercase_words_after_complete(ctx.text, &raw))
                || (rule == "suggest: suggestions for" && lowercase_phrase(&raw))
            {
                continue;
            }
            // "see-also style suggestions for the Baroque music article": an article named
            // whole is no prefix to complete; what is suggested for it is its neighbourhood.
            if let Some(article) = caps(&WHOLE_ARTICLE, raw.trim()) {
                let named = match group(&article, "t") {
                    t if t.is_empty() => group(&article, "q"),
                    t => t,
                };
                let t = title_of(&named)?;
                return hit(
                    Intent::Related { title_or_path: t },
                    0.8,
                    "related: suggestions for a named article",
                );
            }
            let prefix = clean_prefix(&raw);
            // "suggest a name for my cat", "suggestions for a birthday gift": advice wanted.
            if is_generic_subject(&prefix) {
                continue;
            }
            if !prefix.is_empty() {
                return hit(Intent::Suggest { prefix }, conf, rule);
            }
        }
    }
    None
}

/// "I'd like the entire Simón Bolívar page, not just a snippet", "I want the full Tokyo
/// article": the whole of a page named, wanted or named alone.
static WHOLE_NAMED_PAGE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:i\s+(?:want|need|would\s+like)|i'd\s+like|(?:can|could|may)\s+i\s+(?:have|get|see|read))\s+)?(?:the\s+)?(?:entire|full|whole|complete)\s+(?P<t>[^,;?!]+?)\s+(?:page|article|entry|text)\s*(?:,\s*(?:not|rather\s+than|instead\s+of)\b.*|[.!]*)$",
    )
});

/// "the Baroque music article", "the page 'Fugue'": an article named whole.
static WHOLE_ARTICLE: Pattern = LazyLock::new(|| {
    rx(
        r#"^the\s+(?:(?P<t>[^,;]+?)\s+(?:article|page|entry)|(?:article|page|entry)\s+(?P<q>'[^']+'|"[^"]+"))\s*[.!?]*$"#,
    )
});

/// Whether `raw`, the object of a request that begins with the bare verb "complete" or
/// "suggest", is lowercase words with no quote and no colon (see [`suggest`]): letters typed
/// are a word or two ("suggest Sch"); "suggest stretches for lower back pain" and
/// "suggestions for improving sleep quality" ask advice.
fn lowercase_words_after_complete(text: &str, raw: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or_default();
    let least_words = if first.eq_ignore_ascii_case("complete") {
        2
    } else if ["suggest", "suggestion", "suggestions"]
        .iter()
        .any(|w| first.eq_ignore_ascii_case(w))
    {
        3
    } else {
        return false;
    };
    let raw = raw.trim();
    raw.split_whitespace().count() >= least_words
        && raw.chars().next().is_some_and(char::is_lowercase)
        && !raw.contains([':', '"', '\'', '`', '«', '„', '“'])
}

/// Three lowercase words or more, unquoted: a phrase about a topic ("improving sleep quality
/// when working night shifts"), not letters typed.
fn lowercase_phrase(raw: &str) -> bool {
    let raw = raw.trim();
    raw.split_whitespace().count() >= 3
        && raw.chars().next().is_some_and(char::is_lowercase)
        && !raw.contains([':', '"', '\'', '`', '«', '„', '“'])
}

static FIND_BY_TITLE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:titled|named|called|whose\s+title\s+is|(?:with|has|have|having|bears|bearing)\s+(?:the\s+)?(?:exact\s+)?title(?:\s+of)?|by\s+title|title\s+(?:search|lookup|look-?up|match)|(?:check|search|query|consult|look\s+(?:in|through|up))\s+the\s+title\s+(?:index|list|listing)\s+(?:for|with)|look\s+up\s+the\s+title|(?:the\s+)?exact\s+title)\b\s*:?\s*(?P<t>.+)$",
    )
});

/// "Resolve the title 'Home port' to its entry path", "map the name X to a path": a title
/// turned into the entry that bears it.
static TITLE_TO_PATH: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:resolve|map|convert|translate|turn)\s+(?:the\s+|this\s+|a\s+)?(?:exact\s+)?(?:title|name)\s+(?P<t>.+?)\s+(?:to|into)\s+(?:its\s+|the\s+|an?\s+|their\s+)?(?:entry\s+|article\s+|page\s+)?(?:path|url|entry|id)\b.*$",
    )
});

/// "is \"Schrödinger's cat\" an article title in wikipedia_en_all?", "is 'Hagia Sophia' a page
/// title here": whether a name is one of the archive's titles.
static IS_A_TITLE: Pattern = LazyLock::new(|| {
    rx(
        r"^is\s+(?P<t>.+?)\s+(?:an?\s+|the\s+)?(?:(?:existing|valid|real|actual|exact)\s+)?(?:article|page|entry)\s+title(?:\s+(?:in|on|of|at)\b.*|\s+(?:here|there))?\s*[?.!]*$",
    )
});

/// "find title 'Regular expression'", "look up the article title Habeas corpus": a lookup
/// verb whose object is the word "title" and a name (what follows must read as one: "find
/// title of the song that goes ..." asks about the world).
static FIND_TITLE_NAMED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:find|locate|look\s*up|lookup|search(?:\s+for)?|check)\s+(?:the\s+|a\s+)?(?:exact\s+)?(?:article\s+|page\s+|entry\s+)?title\s+(?P<t>.+)$",
    )
});

/// "which entry matches the title Tchaikovsky", "find the page matching the name Tolstoy":
/// the entry a title names.
static TITLE_MATCH: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:entry|entries|article|articles|page|pages|path)\s+(?:that\s+|which\s+)?(?:best\s+|most\s+closely\s+|closely\s+)?(?:matches|matching|match)\s+(?:the\s+)?(?:(?:exact|closest|given)\s+)?(?:title|name)\s*:?\s+(?P<t>.+)$",
    )
});

/// "look up 'X' in the title index": a name looked for where titles are.
static IN_TITLE_INDEX: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:look\s+up|find|search\s+for|check|locate)\s+(?P<t>.+?)\s+in\s+the\s+title\s+(?:index|list|listing)\s*[.!?]*$",
    )
});

/// What the title index holds, asked of it: "does the title index have anything like
/// 'Kolmogorov–Smirnov test'?", "is 'Bletchley Park' in the title index?".
static TITLE_INDEX_HAS: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:does|do|would|will)\s+(?:the|your|this|its|the\s+archive's)\s+title\s+(?:index|list|listing)\s+(?:have|has|contain|include|hold|list|show)\s+(?:(?:anything|something|an?\s+(?:entry|title|page|article)|any\s+(?:entries|titles|pages))\s+)?(?:(?:like|similar\s+to|close\s+to|for|named|called|matching|titled)\s+)?(?P<t>.+?)|is\s+(?P<u>.+?)\s+in\s+the\s+title\s+(?:index|list|listing))\s*[?.!]*$",
    )
});

pub(super) fn find_by_title(ctx: &Context) -> Option<RuleHit> {
    if let Some(c) = caps(&TITLE_INDEX_HAS, ctx.text) {
        let raw = c
            .name("t")
            .or_else(|| c.name("u"))
            .map_or("", |m| m.as_str());
        if looks_like_title(raw)
            && let Some(t) = title_of(raw)
        {
            return hit(
                Intent::FindByTitle { title: t.clone() },
                subject_confidence(0.9, &t),
                "find by title: what the title index holds",
            );
        }
    }
    for (re, rule) in [
        (&IS_A_TITLE, "find by title: whether X is a title"),
        (&TITLE_MATCH, "find by title: the entry matching title X"),
        (&FIND_TITLE_NAMED, "find by title: a lookup of title X"),
    ] {
        if let Some(c) = caps(re, ctx.text)
            && looks_like_title(&group(&c, "t"))
            && let Some(t) = title_of(&group(&c, "t"))
        {
            return hit(
                Intent::FindByTitle { title: t.clone() },
                subject_confidence(0.9, &t),
                rule,
            );
        }
    }
    if let Some(c) = caps(&IN_TITLE_INDEX, ctx.text)
        && let Some(t) = title_of(&group(&c, "t"))
    {
        return hit(
            Intent::FindByTitle { title: t.clone() },
            subject_confidence(0.9, &t),
            "find by title: looked up in the title index",
        );
    }
    if let Some(c) = caps(&TITLE_TO_PATH, ctx.text)
        && let Some(t) = title_of(&group(&c, "t"))
    {
        return hit(
            Intent::FindByTitle { title: t.clone() },
            subject_confidence(0.9, &t),
            "find by title: title resolved to its path",
        );
    }
    let c = caps(&FIND_BY_TITLE, ctx.text)?;
    // "named tuples", "arguments called by name": the bare participles name an article only
    // after a noun for one ("an article titled X", "the page called X").
    let cue_start = c.get(0).map_or(0, |m| m.start());
    let cue = c.get(0).map_or("", |m| m.as_str()).to_lowercase();
    // "which entry has the title X" too: a book or a film has a title as well.
    let bare = ["titled", "named", "called", "has", "have", "bear"]
        .iter()
        .any(|w| cue.starts_with(w));
    if bare
        && !is_match(
            &TITLE_HOLDER_BEFORE,
            ctx.text.get(..cue_start).unwrap_or_default(),
        )
    {
        return None;
    }
    // "show me the article called X" fetches it; "find/is there an article called X" looks.
    if bare && (is_match(&GET_VERB, ctx.text) || is_match(&RETURN_ARTICLE, ctx.text)) {
        return None;
    }
    // "how does a title search work when you buy a house": in a how/why question the
    // words for a title lookup are the topic, as with suggestions.
    if !bare && is_match(&HOW_QUESTION, ctx.text) {
        return None;
    }
    // "difference between a title search and title insurance": lookup words coordinated
    // with or compared to another topic are one of the topics.
    if !bare
        && (is_match(&COORDINATED_AFTER, &group(&c, "t"))
            || is_match(
                &COMPARISON_BEFORE,
                ctx.text.get(..cue_start).unwrap_or_default(),
            ))
    {
        return None;
    }
    let t = title_of(&group(&c, "t"))?;
    hit(
        Intent::FindByTitle { title: t.clone() },
        subject_confidence(0.9, &t),
        "find by title: titled/named/called",
    )
}

/// A subject coordinated with or compared to the words before it.
static COORDINATED_AFTER: Pattern =
    LazyLock::new(|| rx(r"^(?:and|or|nor|vs\.?|versus|compared|as\s+opposed)\b"));
/// A comparison the words after it are part of.
static COMPARISON_BEFORE: Pattern = LazyLock::new(|| {
    rx(r"\b(?:between|differences?|differ|compare|comparing|comparison|versus|vs)\b")
});
/// A subject that continues the verb ("read and write files", "get to the point").
/// "Return of the Jedi", "show of hands": a noun phrase, its first word no verb.
static CONJUNCTION_START: Pattern = LazyLock::new(|| rx(r"^(?:and|or|to|from|into|out|of)\b"));
/// A noun for an article right before "titled/named/called", also with a relative clause's
/// verb between them ("the page that's titled Status bar"), or a question's ("which page is
/// named 'Lake Tanganyika'?").
static TITLE_HOLDER_BEFORE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:article|articles|page|pages|entry|entries|path|paths|url|one|something|anything|document|item)(?:\s+(?:that's|that\s+is|which\s+is|that\s+was|which\s+was|that\s+are|which\s+are|that\s+were|is|are))?\s*$",
    )
});

static RELATED_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:related|similar|see[\s-]+also|connected|more\s+(?:(?:stuff|things|articles|pages|entries|topics|ones|reads|reading|content|material)\s+)?like|(?:articles|pages|entries|topics|ones|reads|stuff|things)\s+(?:(?:that|which)\s+(?:are|is|look|looks|seem)\s+)?like|neighbou?rs|neighbou?ring\s+(?:pages|articles|entries)|recommend(?:ed|ations?)?|what\s+else)\b",
    )
});
static RELATED_AFTER: Pattern = LazyLock::new(|| rx(r"\b(?:after|besides|than)\s+(?P<t>.+)$"));
static RELATED_CONNECTOR: Pattern = LazyLock::new(|| rx(r"^(?:to|for|of|with|on)\b"));
static RELATED_DIRECT: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:show\s+(?:me\s+)?|give\s+(?:me\s+)?|find\s+(?:me\s+)?)?(?:more\s+(?:(?:stuff|things|articles|pages|entries|topics|ones|reads|reading|content|material)\s+)?like|see\s+also|what\s+else))\b",
    )
});
static RELATED_LEAD_START: Pattern =
    LazyLock::new(|| rx(r"^(?:articles|pages|topics|ones|items|entries|reading|to|for|of|with)\b"));
static RELATED_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:articles|pages|topics|ones|items|entries|to|for|of|with|the\s+one(?:\s+(?:on|about|for))?)\b\s*)+",
    )
});
/// What may stand before a related cue that leads to its subject with a connector ("find
/// articles related to X", "what other pages are similar to X"): request words and nouns for
/// articles. Anything else is the topic the cue qualifies ("diseases related to smoking").
static RELATED_BEFORE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:find|recommend|suggest|show|list|get|give|display|see|me|us|the|some|any|other|more|few|a|articles?|pages?|topics?|entries|ones|reading|what|what's|whats|which|are|is|there|also|else|anything|something|else|can|you|i|please|closely|most|strongly|directly|really)\b\s*)*$",
    )
});
/// "show me stuff similar to X": vague words for pages, after a request verb ("things related
/// to smoking" alone is a topic).
static RELATED_BEFORE_VAGUE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:show|give|find|recommend|suggest|list|get|display)\s+(?:me\s+|us\s+)?(?:some\s+|more\s+|other\s+)?(?:stuff|things|reads)\s*$",
    )
});

/// The last clause before a position: "I read the X article, what else is related" gives
/// "what else is".
fn clause_before(s: &str, at: usize) -> &str {
    let before = s.get(..at).unwrap_or_default();
    let start = before
        .rfind([',', ';', '?', '!'])
        .map_or(0, |i| i.saturating_add(1));
    before.get(start..).unwrap_or_default().trim()
}

/// The link-graph neighbourhood of a named article, in the words of graph exploration, after
/// a clause that names it and a request verb ("I just read the Silk Road article, can you
/// point me to other pages close to it?"): "topics adjacent to 'Docker (software)'", "what other articles sit close to 'Crop
/// rotation' in the link graph?", "expand from seed article 'Microplastics' to its
/// neighbourhood", "pages in the neighbourhood of Main sequence", "the link neighbourhood of
/// the Sahara article" (the link named: "the neighbourhood of Paris" is a place), "suggest further reading
/// next to A/Photosynthesis (neighbouring pages)".
static GRAPH_NEIGHBOURHOOD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:(?:what|which)\s+(?:other\s+)?|(?:show|give|list|find|get|point|suggest|recommend|send)\s+(?:me\s+|us\s+)?(?:to\s+)?(?:the\s+|some\s+|a\s+few\s+)?)?(?:other\s+|more\s+|further\s+)?(?:topics|articles|pages|entries|reading|reads)\s+(?:[a-z]+\s+){0,4}?(?:adjacent|clos(?:e|est)|near(?:est)?|nearby|next)\s+to\s+(?P<a>[^,?]+?)(?:\s+(?:page|article|entry))?(?:\s+in\s+(?:the|its)\s+(?:link\s+)?(?:graph|neighbou?rhood))?(?:\s+\([^()]*\))?\s*(?:[,?.!].*)?$|^what(?:'s|\s+is|\s+are)\s+(?:near|close\s+to|next\s+to|around|adjacent\s+to)\s+(?P<d>.+?)\s+in\s+the\s+link\s+graph\s*[?.!]*$|^(?:expand|explore|grow|crawl|walk)\s+(?:out\s+)?from\s+(?:the\s+)?(?:seed\s+)?(?:article|page|entry)?\s*(?P<b>.+?)\s+(?:to|into)\s+(?:its|the)\s+(?:link\s+)?neighbou?rhood\b|\b(?:pages|articles|entries|topics)\s+in\s+the\s+(?:link\s+)?neighbou?rhood\s+of\s+(?P<c>[^,;?]+)|^(?:(?:show|give|get|list|find|map|explore)\s+(?:me\s+|us\s+)?)?(?:the\s+|its\s+)?link(?:[- ]graph)?\s+neighbou?rhood\s+(?:of|around|for)\s+(?:the\s+)?(?:(?:article|page|entry)\s+)?(?P<e>[^,;?]+?)(?:\s+(?:article|page|entry))?\s*[?.!]*$",
    )
});

fn graph_neighbourhood_subject(text: &str) -> Option<String> {
    // The ask may follow a clause that names the article (its last clause, after a comma).
    let c = caps(&GRAPH_NEIGHBOURHOOD, text).or_else(|| {
        let after = text.rfind([',', ';'])?.saturating_add(1);
        caps(&GRAPH_NEIGHBOURHOOD, text.get(after..)?.trim_start())
    })?;
    let raw = c
        .name("a")
        .or_else(|| c.name("b"))
        .or_else(|| c.name("c"))
        .or_else(|| c.name("d"))
        .or_else(|| c.name("e"))?
        .as_str();
    // "... the Silk Road article, can you point me to other pages close to it?": a pronoun
    // takes the article named before it (`resolve_pronoun`).
    let pronoun = raw.split_whitespace().count() == 1 && is_match(&super::PRONOUN_SUBJECT, raw);
    (looks_like_title(raw) || pronoun)
        .then(|| title_of(raw))
        .flatten()
}

/// "what topics relate to Photosynthesis", "which articles are connected with X": pages that
/// relate to a named article. A lowercase subject is a topic ("what topics relate to
/// calculus" stays a search).
static RELATE_TO: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)\s+(?:other\s+)?(?:topics|articles|pages|entries|subjects)\s+(?:relate|are\s+related|connect|are\s+connected|tie\s+in|are\s+linked)\s+(?:to|with)\s+(?P<t>.+?)\s*[?.!]*$",
    )
});

/// "what's adjacent in the graph to London", "which pages are next to X in the link graph":
/// the neighbours of a named article in the link graph, the graph named.
static ADJACENT_IN_GRAPH: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which\s+(?:other\s+)?(?:pages|articles|entries|topics))(?:'s|s|\s+is|\s+are)?\s+(?:adjacent|near(?:est)?|nearby|close(?:st)?|next|neighbou?ring)\s+(?:to\s+(?P<a>.+?)\s+in\s+the\s+(?:link\s+)?graph|in\s+the\s+(?:link\s+)?graph\s+(?:to|of)\s+(?P<b>.+?))\s*[?.!]*$",
    )
});

fn relate_to_subject(text: &str) -> Option<String> {
    let c = caps(&RELATE_TO, text).or_else(|| caps(&ADJACENT_IN_GRAPH, text))?;
    let raw = c
        .name("t")
        .or_else(|| c.name("a"))
        .or_else(|| c.name("b"))?
        .as_str();
    looks_like_title(raw).then(|| title_of(raw)).flatten()
}

/// "Anything similar I should read next?", "got anything like it?": pages like the one the
/// request named before ("I just finished the Octopus page"), asked with no subject of their
/// own. The pronoun stands for it; without an article named before, the hit stays below the
/// threshold.
static SIMILAR_NEXT: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:is\s+there|are\s+there|got|have\s+you\s+got|do\s+you\s+have|any\s+ideas\s+for)\s+)?(?:anything|something|more|any\s+more|other\s+(?:pages|articles|reads))\s+(?:similar|like\s+(?:it|this|that)|related|along\s+(?:those|the\s+same)\s+lines)(?:\s+to\s+(?:it|this|that))?(?:\s+(?:that\s+)?(?:i|we)\s+(?:should|could|might|can|ought\s+to)\s+(?:read|check\s+out|look\s+at|try)(?:\s+(?:next|after\s+(?:it|that|this)))?)?\s*[?.!]*$",
    )
});

pub(super) fn related(ctx: &Context) -> Option<RuleHit> {
    let lower = ctx.text.to_lowercase();
    if ["similar", "like", "related", "along"]
        .iter()
        .any(|w| lower.contains(w))
        && is_match(&SIMILAR_NEXT, ctx.text)
    {
        return hit(
            Intent::Related {
                title_or_path: "it".to_string(),
            },
            subject_confidence(0.85, "it"),
            "related: pages like the one named before",
        );
    }
    if let Some(t) = relate_to_subject(ctx.text) {
        return hit(
            Intent::Related {
                title_or_path: t.clone(),
            },
            subject_confidence(0.85, &t),
            "related: pages that relate to X",
        );
    }
    if let Some(t) = graph_neighbourhood_subject(ctx.text) {
        return hit(
            Intent::Related {
                title_or_path: t.clone(),
            },
            subject_confidence(0.85, &t),
            "related: the link-graph neighbourhood of X",
        );
    }
    let cue = RELATED_CUE.as_ref()?;
    // "how are birds related to dinosaurs" asks about a relation; a request for related
    // pages is a command ("articles related to X") or a "what else" question.
    if is_question(ctx.text) {
        return None;
    }
    let last = cue.find_iter(ctx.text).last()?;
    // "candela vs lumen vs lux — how are they related?": the same inside the part of the
    // request that holds the cue.
    if is_question(super::part_at(ctx.text, last.start())) {
        return None;
    }
    let after = ctx.text.get(last.end()..).unwrap_or_default();
    // The cue must lead to the article: "related to X", "similar pages for X", "X related
    // articles" — not modify a topic ("related rates in calculus", "stress related illnesses").
    // Multi-word cues at the start take their subject directly ("more like X", "see also: X").
    let direct = is_match(&RELATED_DIRECT, ctx.text);
    let after_trimmed = after.trim().trim_start_matches([':', ',', '-']).trim();
    // "pages like X", "more like X": the cue ends in its own connector.
    let ends_in_like = last.as_str().to_lowercase().ends_with("like");
    let leads_to_subject = after_trimmed.is_empty()
        || direct
        || ends_in_like
        || is_match(&RELATED_LEAD_START, after_trimmed)
        || is_match(&RELATED_AFTER, after);
    if !leads_to_subject {
        return None;
    }
    // A connector after the cue ("related to X") leads to the article only from the command
    // position; after a topic noun it relates two topics ("diseases related to smoking").
    let first = cue.find(ctx.text)?;
    let connector_next = is_match(&RELATED_CONNECTOR, after_trimmed);
    if connector_next
        && !direct
        && !is_match(&RELATED_BEFORE, clause_before(ctx.text, first.start()))
        && !is_match(
            &RELATED_BEFORE_VAGUE,
            clause_before(ctx.text, first.start()),
        )
    {
        return None;
    }
    let t = if let Some(c) = caps(&RELATED_AFTER, after) {
        title_of(&group(&c, "t"))?
    } else {
        let stripped = match RELATED_LEAD.as_ref() {
            // "related-to DNA": the connector joined to the cue by a hyphen.
            Some(re) => re
                .replace(after.trim().trim_start_matches(['-', ':', ',']), "")
                .to_string(),
            None => after.to_string(),
        };
        match title_of(&stripped) {
            Some(t) => t,
            // "Apollo 11 related articles": the nouns after the cue are the pages asked for,
            // the article is named before it.
            None => {
                super::subject_before(cue, ctx.text).or_else(|| subject_around(cue, ctx.text))?
            }
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

/// "what are the outgoing links of the article 'Moon'", "which links does the Moon article
/// have", "which links are in the article 'Moon'": the links of a named article asked as a question (the subject must name one: "what
/// are the links between poverty and crime" asks about the world).
static ARTICLE_LINKS_QUESTION: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)\s+(?:(?:are|were)\s+(?:all\s+)?(?:the\s+)?(?:(?:outgoing|outbound|internal)\s+)?(?:links|hyperlinks)\s+(?:of|in|from|on|inside)\s+(?P<t>.+?)|(?:(?:outgoing|outbound|internal)\s+)?(?:links|hyperlinks)\s+(?:does|do)\s+(?P<u>.+?)\s+(?:have|contain|hold|include)|(?:(?:outgoing|outbound|internal)\s+)?(?:links|hyperlinks)\s+(?:are|appear)\s+(?:in|on|inside)\s+(?P<v>.+?))\s*[?.!]*$",
    )
});
static LINKS_QUESTION: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:what|which)\s+(?:other\s+)?(?:pages\s+|articles\s+|entries\s+)?(?:does|do)\s+(?P<t>.+?)\s+links?\s+(?:out\s+)?to\b",
    )
});
/// Words for links: also references counted as links when said to go out of a page
/// ("outgoing references from X").
static LINKS_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:outbound|outgoing)\s+(?:references|refs|citations|connections)|links?|hyperlinks?|hrefs?|urls?|outbound|outgoing|backlinks)\b",
    )
});
/// A determiner right before a final links word makes it a noun of the sentence ("require a
/// client certificate to access one URL", "how do I shorten a link"), not "X links"; so does
/// a word that picks one by identity ("versions of the same url", "redirect to a different
/// url", "the canonical URL").
static COUNTED_NOUN_BEFORE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:a|an|one|each|every|any|another|single|some|this|that|my|your|our|their|same|other|different|given|specific|particular|original|canonical|correct|wrong)\s*$",
    )
});
/// What an article's links are asked with: "links in/of/from X", "the hyperlinks contained
/// in X", "backlinks for X".
static LINKS_OF: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:outbound|outgoing)\s+(?:(?:links?|references|refs|citations|connections)\s+)?(?:(?:graph|list|map)\s+)?(?:from|of|for|out\s+of)|(?:links?|hyperlinks?)\s+(?:graph|list|map)\s+(?:of|for|from)|(?:links?|hyperlinks?|hrefs?|urls?|outlinks?)\s+(?:(?:contained|found|included|present|listed|used|appearing|that\s+(?:are|appear))\s+)?(?:in|of|from|on|for|inside|within|out\s+of)|(?:backlinks?|inlinks?|inbound\s+links?|incoming\s+links?)\s+(?:to|of|for|into|on))\s+\S",
    )
});
static REFERENCES_QUESTION: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)\s+(?:other\s+)?(?:pages|articles|entries)\s+(?:does|do)\s+(?P<t>.+?)\s+(?:reference|cite|mention|point\s+to)s?\b",
    )
});
/// "what does the X article cite?", "What sources does the article on Sepsis cite?": without
/// a noun for the pages asked about, or with one for sources, the subject must be an article ("what does the Bible mention about X" asks about the world).
static REFERENCES_OF_ARTICLE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)\s+(?:(?:other\s+)?(?:sources|works|references|pages|articles|entries|urls|links|websites|sites|external\s+links)\s+)?(?:does|do)\s+(?P<t>.+?\s+(?:article|page|entry)|the\s+(?:article|page|entry)\s+(?:on|about|for|of)\s+.+?)\s+(?:reference|cite|mention|point\s+to|link\s+to)s?\b",
    )
});
/// "list everything the 'Vaccine hesitancy' article cites or references": what an article
/// named with its noun cites, asked by a listing verb.
static LISTED_AS_CITED_BY_ARTICLE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:list|show|give|get|tell)\s+(?:me\s+|us\s+)?(?:everything|all(?:\s+(?:that|the\s+(?:pages|articles|sources|links)))?|whatever|every\s+(?:page|article|source|link))\s+(?:that\s+)?(?P<t>.+?\s+(?:article|page|entry))\s+(?:cites|references|links\s+to|points\s+to|mentions)(?:\s+(?:or|and|and/or)\s+(?:cites|references|links\s+to|points\s+to|mentions))?\s*[.!?]*$",
    )
});
/// "list the references cited by the Climate change article": what an article named with its
/// noun cites, the things cited named first.
static CITED_BY_ARTICLE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:list|show|give|get|tell|return|fetch)\s+(?:me\s+|us\s+)?(?:the\s+|all\s+(?:the\s+)?|every\s+)?(?:references?|sources?|citations?|works|links|urls|pages|articles)\s+(?:that\s+(?:are|were)\s+)?(?:cited|referenced|linked|mentioned|listed)\s+(?:by|in|from|on)\s+(?P<t>.+?\s+(?:article|page|entry)|the\s+(?:article|page|entry)\s+(?:on|about|for|of)\s+.+?)\s*[.!?]*$",
    )
});
/// "show me what the 'Chlorophyll' entry links out to", "list what Chlorophyll cites": the
/// question put inside an order, its subject an article (called one, quoted or capitalised).
static WHAT_IT_LINKS_TO: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:show|tell|list|give|get|find|return)\s+(?:me\s+|us\s+)?what\s+(?P<t>the\s+.+?\s+(?:article|page|entry)|the\s+(?:article|page|entry)\s+.+?|'[^']+'|"[^"]+"|(?-i:[A-Z]).*?)\s+(?:links?|cites?|references?|points?)(?:\s+(?:out\s+)?to)?\s*[.!?]*$"#,
    )
});
/// "which articles link to X?", "which pages reference X?": the link graph around X.
static LINKING_TO: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)\s+(?:other\s+)?(?:pages|articles|entries)\s+(?:(?:link|point|refer)\s+(?:back\s+)?(?:to|at)|reference|cite)\s+(?P<t>.+)$",
    )
});
/// "show me every page that links back to the Charles Darwin article": the pages that link
/// to an article (named: capitalised, quoted or with "the"; "a dead link" is a topic), asked
/// for as a listing.
static EVERY_PAGE_LINKING_TO: Pattern = LazyLock::new(|| {
    rx(
        r#"\b(?:every|all(?:\s+the)?|each|the)\s+(?:other\s+)?(?:pages?|articles?|entries)\s+(?:that|which)\s+(?:links?|points?|refers?)\s+(?:back\s+)?(?:to|at)\s+(?P<t>(?:the\s+|["'“«]|(?-i:[A-Z0-9])).+?)\s*[?.!]*$"#,
    )
});

/// The same asked in the passive: "what's cited in the X article", "which pages are linked
/// from Ray Charles". Citing, referencing and mentioning are asked of an article ("what is
/// mentioned in the Bible" asks about the world); linking of any name.
static LINKS_PASSIVE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)(?:'s|s|\s+is|\s+are|\s+gets?)?\s+(?:(?:pages|articles|entries|sources|works|links)\s+(?:are\s+|is\s+|get\s+)?)?(?P<verb>cited|referenced|linked(?:\s+to)?|mentioned|referred\s+to|pointed\s+to)\s+(?:in|by|from|on|within|inside)\s+(?P<t>.+)$",
    )
});

/// MediaWiki's own words for inbound links: "what links to X", "what links here: X". The
/// subject must be a name or an article ("what links to download ubuntu" is a search).
static WHAT_LINKS_HERE: Pattern = LazyLock::new(|| {
    rx(r"^(?:what|who)\s+links\s+(?:to|here\s*(?:[:,]|for|to|on)?)\s+(?P<t>.+?)[?.!]*$")
});

/// The links of a page asked as where they lead from it: "what links out of Tokyo", "links
/// that Photosynthesis points to", "which pages lead out of X". The subject must be a name or
/// an article ("what leads out of a maze" asks about the world).
static LINKS_OUT_OF: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:what|which)\s+(?:(?:other\s+)?(?:pages|articles|entries|links)\s+)?(?:links?|leads?|points?|goes|go)\s+(?:out\s+of|out\s+from|away\s+from)\s+(?P<t>.+?)|(?:(?:show|give|list|get|find)\s+(?:me\s+|us\s+)?(?:the\s+|all\s+(?:the\s+)?)?)?(?:links?|hyperlinks?|urls?|pages|articles|entries)\s+(?:that|which)\s+(?P<u>.+?)\s+(?:points?|links?|leads?|goes|refers?)\s+(?:out\s+)?to)\s*[?.!]*$",
    )
});

fn links_out_subject(text: &str) -> Option<String> {
    let c = caps(&LINKS_OUT_OF, text)?;
    let raw = c.name("t").or_else(|| c.name("u"))?.as_str();
    let named = looks_like_title(raw) || is_match(&super::article_view::ARTICLE_NOUN, raw);
    named.then(|| title_of(raw)).flatten()
}

fn what_links_here_subject(text: &str) -> Option<String> {
    let c = caps(&WHAT_LINKS_HERE, text)?;
    let raw = group(&c, "t");
    let named = looks_like_title(&raw) || is_match(&super::article_view::ARTICLE_NOUN, &raw);
    named.then(|| title_of(&raw)).flatten()
}

fn passive_links_subject(text: &str) -> Option<String> {
    let c = caps(&LINKS_PASSIVE, text)?;
    let raw = group(&c, "t");
    let linked = group(&c, "verb").to_lowercase().starts_with("linked");
    let of_article =
        is_match(&super::article_view::ARTICLE_NOUN, &raw) || (linked && looks_like_title(&raw));
    of_article.then(|| title_of(&raw)).flatten()
}

/// "hyperlinks in HTML: the a tag and href attribute", "links in Markdown: inline and
/// reference style": a topic, then the things it is made of after a colon, lowercase words
/// joined by "and"/"or". An article's links asked so say which ones instead ("links in Ray
/// Charles: only the outgoing ones").
static TOPIC_THEN_ITS_PARTS: Pattern = LazyLock::new(|| {
    rx(
        r"^[^:]{1,60}:\s+(?:(?:the|an?)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,5}\s+(?:and|or|vs\.?|versus)\s+(?:(?:the|an?)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}\s*[.?!]*$",
    )
});
static WHICH_LINKS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:outgoing|incoming|inbound|outbound|only|just|all|every|first|internal|external|backlinks?)\b|\d",
    )
});

pub(super) fn links(ctx: &Context) -> Option<RuleHit> {
    if is_match(&TOPIC_THEN_ITS_PARTS, ctx.text)
        && ctx
            .text
            .split_once(':')
            .is_some_and(|(_, parts)| !is_match(&WHICH_LINKS, parts))
    {
        return None;
    }
    if let Some(t) = what_links_here_subject(ctx.text) {
        return hit(
            Intent::Links {
                title_or_path: t.clone(),
            },
            subject_confidence(0.88, &t),
            "links: what links to X (inbound)",
        );
    }
    if let Some(t) = links_out_subject(ctx.text) {
        return hit(
            Intent::Links {
                title_or_path: t.clone(),
            },
            subject_confidence(0.88, &t),
            "links: what links out of X",
        );
    }
    if let Some(t) = passive_links_subject(ctx.text) {
        return hit(
            Intent::Links {
                title_or_path: t.clone(),
            },
            subject_confidence(0.88, &t),
            "links: what is cited/linked in X",
        );
    }
    if let Some(c) = caps(&ARTICLE_LINKS_QUESTION, ctx.text) {
        let raw = c
            .name("t")
            .or_else(|| c.name("u"))
            .or_else(|| c.name("v"))
            .map_or("", |m| m.as_str());
        if (looks_like_title(raw) || is_match(&super::article_view::ARTICLE_NOUN, raw))
            && !super::is_generic_subject(raw)
            && let Some(t) = title_of(raw)
        {
            return hit(
                Intent::Links {
                    title_or_path: t.clone(),
                },
                subject_confidence(0.85, &t),
                "links: the links of a named article asked",
            );
        }
    }
    let question = caps(&LINKS_QUESTION, ctx.text)
        .or_else(|| caps(&REFERENCES_QUESTION, ctx.text))
        .or_else(|| caps(&REFERENCES_OF_ARTICLE, ctx.text))
        .or_else(|| caps(&LISTED_AS_CITED_BY_ARTICLE, ctx.text))
        .or_else(|| caps(&CITED_BY_ARTICLE, ctx.text))
        .or_else(|| caps(&WHAT_IT_LINKS_TO, ctx.text))
        .or_else(|| caps(&EVERY_PAGE_LINKING_TO, ctx.text))
        .or_else(|| caps(&LINKING_TO, ctx.text));
    let t = match question.and_then(|c| title_of(&group(&c, "t"))) {
        Some(t) => t,
        None => {
            // "links between poverty and crime", "a hard link": the cue names a topic unless
            // it asks for an article's links ("links in X", "outgoing links of X", "X links").
            let cue = LINKS_CUE.as_ref()?;
            let asks = is_match(&LINKS_OF, ctx.text) || {
                let last = cue.find_iter(ctx.text).last()?;
                let before = ctx.text.get(..last.start()).unwrap_or_default();
                ctx.text
                    .get(last.end()..)
                    .unwrap_or_default()
                    .trim()
                    .is_empty()
                    && !is_match(&COUNTED_NOUN_BEFORE, before)
            };
            // "What tool can crawl the page and report dead links?": a question that is none of
            // the links questions above asks about links in the world.
            let last_sentence = ctx
                .text
                .rsplit(['.', '!', '?'])
                .map(str::trim)
                .find(|s| !s.is_empty())
                .unwrap_or(ctx.text);
            if !asks
                || super::article_view::starts_like_question(ctx.text)
                || super::article_view::starts_like_question(last_sentence)
            {
                return None;
            }
            let t = cue_subject(&LINKS_CUE, ctx.text)?;
            // "a python tool to check a website for broken links": the words before a final
            // links cue name an article only as a name ("Tokyo links") or with an article
            // noun; a lowercase phrase there is the links' kind in the world.
            let trailing = !is_match(&LINKS_OF, ctx.text);
            if trailing
                && !looks_like_title(&t)
                && !is_match(&super::article_view::ARTICLE_NOUN, ctx.text)
            {
                return None;
            }
            t
        }
    };
    hit(
        Intent::Links {
            title_or_path: t.clone(),
        },
        subject_confidence(0.88, &t),
        "links: links/urls words",
    )
}

static PAGE_OF_RESULTS: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:the\s+)?(?:(?:next|previous|following|last|first)\s+page|page\s+(?:\d+|two|three|four|five))(?:\s+of\s+(?:the\s+)?(?:results?|hits|search|listing|list|entries)\b.*)?[.!?]?$|^(?:a|one|a\s+single)\s+page\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:results?|hits|listing|entries|titles|items|paths)\b",
    )
});
/// A path alone: no spaces, and none of the sentence punctuation of the scripts written
/// without spaces ("サーバーが…。見覚えのないプロセスが/var/tmpから動いている。" is a sentence).
static BARE_PATH: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"^[^\s/。、，？！]+(?:/[^\s/。、，？！]+)+/?$").ok());
static GET_VERB: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:get|open|read|show|display|fetch|retrieve|download|pull\s+up|give|view|print|load|see|go\s+to|zeige?|montre|affiche|muestra|abre|apri|mostra|ouvre|lis)\b(?:\s+me)?\s+(?P<t>.+)$",
    )
});
/// "return the complete page titled 'Health'", "return the Rome article", "return the full
/// text of Rome": an agent's "return" fetches when an article's noun or its whole text is
/// its object ("return articles related to X" asks for other pages; "return a value from
/// a function" is a task).
static RETURN_ARTICLE: Pattern = LazyLock::new(|| {
    rx(
        r"^return\s+(?:me\s+|us\s+)?(?P<t>(?:the\s+)?(?:(?:complete|full|whole|entire|raw|plain)\s+)?(?:(?:text|body|content|contents)\s+of\s+(?:the\s+)?)?(?:article|page|entry)\b.+|the\s+\S.*\s(?:article|page|entry)|(?:the\s+)?(?:complete|full|whole|entire|raw|plain)\s+(?:text|body|content|contents)\s+of\s+\S.*)\s*[.!]*$",
    )
});
/// "see X for more information", "see X for how to ...", "see X for details".
static SEE_FOR_MORE: Pattern = LazyLock::new(|| {
    rx(
        r"^see\s+\S.*?\s+for\s+(?:how\b|more\b|further\b|details?\b|(?:the\s+)?(?:full\s+)?(?:information|info|instructions|documentation|reference|explanation|list)\b|an?\s+(?:explanation|list|description|overview)\b)",
    )
});
static ARTICLE_WORDS: Pattern =
    LazyLock::new(|| rx(r"\b(?:article|page|entry|full\s+text|whole|entire|artikel)\b"));
static GERMAN_ARTICLE_NOUN: Pattern = LazyLock::new(|| rx(r"^(?:den|das|die)?\s*artikel\b\s*"));

/// A request that is only the thing wanted: "the complete text of the 'Magna Carta'
/// article", "full text of Hamlet", "the whole entry for 'serendipity'".
static TEXT_OF: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:the\s+)?(?:(?:(?:complete|full|whole|entire|raw)\s+)?(?:text|body|article\s+text|page\s+text)|(?:complete|full|whole|entire)\s+(?:article|entry|page))\s+(?:of|for|from|on|about)\s+(?P<t>.+)$",
    )
});

/// Words a request for an entry by its path may have besides the path: request verbs, and
/// nouns for what the entry holds ("binary fetch the stylesheet -/s/main.css", "I want the
/// image at I/x.jpg", "download the PDF at -/d/intro.pdf").
const ASSET_REQUEST_WORDS: &[&str] = &[
    "fetch",
    "get",
    "retrieve",
    "download",
    "give",
    "show",
    "open",
    "read",
    "pull",
    "grab",
    "load",
    "return",
    "send",
    "display",
    "print",
    "dump",
    "export",
    "want",
    "need",
    "i",
    "i'd",
    "like",
    "me",
    "us",
    "the",
    "a",
    "an",
    "at",
    "from",
    "for",
    "of",
    "in",
    "as",
    "this",
    "that",
    "its",
    "it",
    "please",
    "content",
    "contents",
    "bytes",
    "raw",
    "binary",
    "asset",
    "assets",
    "file",
    "image",
    "picture",
    "photo",
    "icon",
    "favicon",
    "logo",
    "illustration",
    "svg",
    "png",
    "jpg",
    "jpeg",
    "gif",
    "webp",
    "pdf",
    "stylesheet",
    "css",
    "script",
    "javascript",
    "js",
    "font",
    "media",
    "video",
    "audio",
    "blob",
    "data",
    "entry",
    "resource",
    "path",
    "located",
    "stored",
    "base64",
    "encoded",
    "with",
    "and",
    "mime",
    "type",
    "mimetype",
    "just",
];

/// "binary fetch -/j/head.js", "the image at I/foo.png", "give me the stylesheet
/// -/s/main.css": an entry asked for by its path, every other word a request verb or a noun
/// for what it holds. The path is the entry (the service fetches it as bytes when it is no
/// text).
fn asset_path(text: &str) -> Option<String> {
    // Every path has a slash: most requests are let through by one scan.
    if !text.contains('/') {
        return None;
    }
    let mut path = None;
    for word in text.split_whitespace() {
        let w = word
            .trim_matches(|c: char| matches!(c, ',' | ';' | ':' | '!' | '?' | '"' | '\'' | '`'));
        let w = w
            .strip_suffix('.')
            .filter(|p| super::batch::is_entry_path(p))
            .unwrap_or(w);
        if super::batch::is_entry_path(w) {
            if path.is_some() {
                return None;
            }
            path = Some(w.to_string());
        } else if !ASSET_REQUEST_WORDS.contains(&w.to_lowercase().as_str()) {
            return None;
        }
    }
    path
}

/// "Retry with the corrected path A/Eiffel_Tower" (after a 404 for a misspelt one): the
/// entry at the path given, asked again.
static RETRY_WITH: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:ok|okay|so|now|please)[\s,]+)*(?:retry|try\s+again|re-?try\s+it|redo\s+it|re-?fetch|re-?request)(?:\s+it)?\s+(?:with|using|at|on|for)\s+(?:the\s+)?(?:(?:corrected|correct|right|fixed|proper|new|updated|real)\s+)?(?:path|entry(?:\s+path)?|url)?\s*:?\s*(?P<t>\S+?)\s*[.!]*$",
    )
});

pub(super) fn get_article(ctx: &Context) -> Option<RuleHit> {
    if let Some(c) = caps(&WHOLE_NAMED_PAGE, ctx.text)
        && looks_like_title(&group(&c, "t"))
        && let Some(t) = title_of(&group(&c, "t"))
    {
        return hit(
            Intent::GetArticle { title_or_path: t },
            0.85,
            "get article: the whole of a named page wanted",
        );
    }
    if let Some(c) = caps(&RETRY_WITH, ctx.text)
        && super::batch::is_entry_path(&group(&c, "t"))
    {
        return hit(
            Intent::GetArticle {
                title_or_path: group(&c, "t"),
            },
            0.85,
            "get article: a retry with an entry path",
        );
    }
    if let Some(path) = asset_path(ctx.text) {
        return hit(
            Intent::GetArticle {
                title_or_path: path,
            },
            0.85,
            "get article: an entry asked for by its path",
        );
    }
    if let Some(c) = caps(&TEXT_OF, ctx.text) {
        let raw = group(&c, "t");
        // "text of the first amendment" is about a text in the world, not an article.
        if looks_like_title(&raw) || is_match(&ARTICLE_WORDS, &raw) {
            let t = title_of(&raw)?;
            return hit(
                Intent::GetArticle {
                    title_or_path: t.clone(),
                },
                subject_confidence(0.85, &t),
                "get article: the text of X",
            );
        }
    }
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
    let c = caps(&GET_VERB, ctx.text).or_else(|| caps(&RETURN_ARTICLE, ctx.text))?;
    let raw = group(&c, "t");
    // "give me page 2", "show the next page": a page of results, not an article.
    if is_match(&PAGE_OF_RESULTS, raw.trim()) {
        return None;
    }
    // "See https://aka.ms/rps-not-found for how to register subscriptions.": a pointer to
    // where to read more, as error messages and documents end, not a request to the archive.
    if is_match(&SEE_FOR_MORE, ctx.text) {
        return None;
    }
    // "read a config file", "get the size of a file", "read and write files": tasks. Without
    // a word for an article, a lowercase phrase is a task too ("get the current date").
    // "fetch API vs axios in JavaScript": things set against each other are compared, a
    // question for search, unless an article is named ("open the Kramer vs. Kramer article").
    let no_article_word = !is_match(&ARTICLE_WORDS, ctx.text);
    if is_generic_subject(&raw)
        || is_match(&CONJUNCTION_START, &raw)
        || (no_article_word && !looks_like_title(&raw))
        || (no_article_word && super::search::is_relation(&raw))
    {
        return None;
    }
    let raw = match GERMAN_ARTICLE_NOUN.as_ref() {
        Some(re) => re.replace(&raw, "").to_string(),
        None => raw,
    };
    // "the image I/favicon.png", "the stylesheet -/s/style.css": the path is the entry.
    let raw = raw
        .split_whitespace()
        .find(|w| {
            is_match(
                &BARE_PATH,
                w.trim_matches(|c: char| c == ',' || c == '.' || c == '"' || c == '\''),
            )
        })
        .map(|w| {
            w.trim_matches(|c: char| c == ',' || c == '"' || c == '\'')
                .to_string()
        })
        .unwrap_or(raw);
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

    fn suggestion(text: &str) -> Option<Intent> {
        let ctx = Context {
            text,
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        suggest(&ctx).map(|h| h.intent)
    }

    #[test]
    fn a_sentence_holding_a_path_is_no_bare_path() {
        let is_get = |q: &str| matches!(crate::parse(q, &[]).intent, Intent::GetArticle { .. });
        assert!(is_get("A/北京"));
        assert!(is_get("C/Ray_Charles"));
        assert!(!is_get(
            "サーバーが乗っ取られたかも。見覚えのないプロセスが/var/tmpから動いている"
        ));
        assert!(!is_get("服务器被黑了？进程在/var/tmp里运行"));
    }

    #[test]
    fn what_a_suggestion_cue_takes() {
        let prefix = |p: &str| {
            Some(Intent::Suggest {
                prefix: p.to_string(),
            })
        };
        // A noun for the argument is no part of it.
        assert_eq!(
            suggestion("suggest titles for the prefix 'Napol'"),
            prefix("Napol")
        );
        assert_eq!(suggestion("autocomplete the letters Qu"), prefix("Qu"));
        assert_eq!(suggestion("complete the string: Ray Ch"), prefix("Ray Ch"));
        // A cue that modifies a topic, or pages like an article, takes no prefix.
        assert_eq!(suggestion("autocomplete suggestions in zsh are slow"), None);
        assert_eq!(suggestion("autocomplete not working in vscode"), None);
        assert_eq!(suggestion("suggest some pages related to Jazz"), None);
        assert_eq!(suggestion("suggest articles like Volcano"), None);
        // How and why questions are about the world.
        assert_eq!(
            suggestion("How do search engines generate autocomplete suggestions for queries"),
            None
        );
        assert_eq!(
            suggestion("why are titles starting with The sorted last"),
            None
        );
        assert_eq!(suggestion("when do suggestions for Mozart appear"), None);
        // ... while a prefix may still look like anything.
        assert_eq!(suggestion("autocomplete Inter"), prefix("Inter"));
        assert_eq!(suggestion("suggestions for 'simil'"), prefix("simil"));
    }

    fn run(text: &str) -> Option<Intent> {
        let ctx = Context {
            text,
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        super::super::classify(&ctx).map(|h| h.intent)
    }

    #[test]
    fn links_with_a_participle_and_backlinks() {
        for (q, t) in [
            (
                "Enumerate the hyperlinks contained in the article on Sigmund Freud",
                "Sigmund Freud",
            ),
            ("list the links found in Ray Charles", "Ray Charles"),
            ("backlinks for Isaac Newton", "Isaac Newton"),
            ("incoming links to the Jazz article", "Jazz"),
        ] {
            assert_eq!(
                run(q),
                Some(Intent::Links {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
        for q in [
            "how do backlinks for a website improve seo",
            "are backlinks for my blog worth buying",
        ] {
            assert_ne!(run(q).map(|i| i.name()), Some("Links"), "{q}");
        }
    }

    #[test]
    fn more_of_a_kind_like_an_article() {
        for (q, t) in [
            ("more stuff like the colosseum article", "colosseum"),
            ("give me more things like Ray Charles", "Ray Charles"),
            ("more articles like the one on Jazz", "Jazz"),
        ] {
            assert_eq!(
                run(q),
                Some(Intent::Related {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
        assert_ne!(
            run("why do cats like boxes").map(|i| i.name()),
            Some("Related")
        );
    }

    #[test]
    fn the_link_graph_neighbourhood_of_a_named_article() {
        for (q, t) in [
            (
                "topics adjacent to 'Docker (software)'",
                "Docker (software)",
            ),
            (
                "what other articles sit close to 'Crop rotation' in the link graph?",
                "Crop rotation",
            ),
            (
                "expand from seed article 'Microplastics' to its neighbourhood of associated pages",
                "Microplastics",
            ),
            (
                "give me pages in the neighbourhood of Main sequence, i want explore around this topic",
                "Main sequence",
            ),
        ] {
            assert_eq!(graph_neighbourhood_subject(q).as_deref(), Some(t), "{q}");
        }
        for q in [
            "topics adjacent to machine learning for a thesis",
            "houses in the neighbourhood of a school",
            "what other planets are close to the sun",
        ] {
            assert_eq!(graph_neighbourhood_subject(q), None, "{q}");
        }
    }

    #[test]
    fn a_links_word_with_its_own_determiner_is_a_noun_of_the_sentence() {
        for q in [
            "require a client certificate to access one URL",
            "redirect every request to a single URL",
            "shorten a link",
        ] {
            assert_ne!(run(q).map(|i| i.name()), Some("Links"), "{q}");
        }
        for (q, t) in [("Ray Charles URLs", "Ray Charles"), ("Jazz links", "Jazz")] {
            assert_eq!(
                run(q),
                Some(Intent::Links {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
    }

    #[test]
    fn what_links_here_asks_for_a_named_page() {
        for (q, t) in [
            ("what links to Photosynthesis", "Photosynthesis"),
            ("What links here: Ray Charles?", "Ray Charles"),
            ("what links to the article on jazz", "jazz"),
            ("who links to the 'Malaria' page?", "Malaria"),
        ] {
            assert_eq!(what_links_here_subject(q).as_deref(), Some(t), "{q}");
        }
        for q in [
            "what links to download ubuntu",
            "what links to a healthy liver are known",
        ] {
            assert_eq!(what_links_here_subject(q), None, "{q}");
        }
    }

    #[test]
    fn links_asked_in_the_passive() {
        for (q, t) in [
            ("whats cited in the Moon article", "Moon"),
            ("what is referenced in the page on Jazz", "Jazz"),
            ("which pages are linked from Ray Charles", "Ray Charles"),
            ("what's linked to in A/Ray_Charles", "A/Ray_Charles"),
        ] {
            assert_eq!(passive_links_subject(q).as_deref(), Some(t), "{q}");
        }
        for q in [
            "what is mentioned in the Bible about fasting",
            "what's cited in Nature most often",
            "which genes are linked to obesity",
        ] {
            assert_eq!(passive_links_subject(q), None, "{q}");
        }
    }

    #[test]
    fn whether_a_name_is_a_title_and_the_entry_a_title_matches() {
        for (q, t) in [
            (
                "is \"Schrödinger's cat\" an article title in wikipedia_en_all?",
                "Schrödinger's cat",
            ),
            ("is 'Hagia Sophia' a page title here?", "Hagia Sophia"),
            (
                "which entry matches the title Tchaikovsky? spelling may be off, maybe Tschaikowsky",
                "Tchaikovsky",
            ),
            ("find the page matching the title Tolstoy", "Tolstoy"),
        ] {
            assert_eq!(
                crate::parse(q, &[]).intent,
                Intent::FindByTitle { title: t.into() },
                "{q}"
            );
        }
        for q in [
            "is Dune a good title for a book",
            "is 'Sir' a title of nobility",
            "which page matches the title of the book",
            "which article matches the title tag in html",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
    }

    #[test]
    fn see_also_written_with_a_hyphen() {
        assert_eq!(
            run("see-also neighbours of Insulin"),
            Some(Intent::Related {
                title_or_path: "Insulin".into()
            })
        );
        assert_ne!(
            run("see-also section formatting in wiki articles").map(|i| i.name()),
            Some("Related")
        );
    }

    #[test]
    fn patterns_compile() {
        assert!(LINKS_PASSIVE.is_some(), "LINKS_PASSIVE");
        assert!(SUGGEST_COMMAND.is_some(), "SUGGEST_COMMAND");
        assert!(HOW_QUESTION.is_some(), "HOW_QUESTION");
        assert!(ARGUMENT_NOUN.is_some(), "ARGUMENT_NOUN");
        assert!(TOPIC_CONTINUATION.is_some(), "TOPIC_CONTINUATION");
        assert!(PAGES_LIKE.is_some(), "PAGES_LIKE");
        assert!(SUGGEST_STARTS_WITH.is_some(), "SUGGEST_STARTS_WITH");
        assert!(SUGGEST_FOR.is_some(), "SUGGEST_FOR");
        assert!(FIND_BY_TITLE.is_some(), "FIND_BY_TITLE");
        assert!(IS_A_TITLE.is_some(), "IS_A_TITLE");
        assert!(TITLE_MATCH.is_some(), "TITLE_MATCH");
        assert!(RELATED_CUE.is_some(), "RELATED_CUE");
        assert!(RELATED_AFTER.is_some(), "RELATED_AFTER");
        assert!(RELATED_LEAD.is_some(), "RELATED_LEAD");
        assert!(LINKS_QUESTION.is_some(), "LINKS_QUESTION");
        assert!(LINKS_CUE.is_some(), "LINKS_CUE");
        assert!(LINKS_OF.is_some(), "LINKS_OF");
        assert!(TITLE_HOLDER_BEFORE.is_some(), "TITLE_HOLDER_BEFORE");
        assert!(CONJUNCTION_START.is_some(), "CONJUNCTION_START");
        assert!(RELATED_DIRECT.is_some(), "RELATED_DIRECT");
        assert!(REFERENCES_QUESTION.is_some(), "REFERENCES_QUESTION");
        assert!(RELATED_LEAD_START.is_some(), "RELATED_LEAD_START");
        assert!(BARE_PATH.is_some(), "BARE_PATH");
        assert!(GET_VERB.is_some(), "GET_VERB");
        assert!(ARTICLE_WORDS.is_some(), "ARTICLE_WORDS");
        assert!(GERMAN_ARTICLE_NOUN.is_some(), "GERMAN_ARTICLE_NOUN");
    }

    #[test]
    fn the_words_before_an_ellipsis_are_a_prefix() {
        for (q, prefix) in [
            (
                "I only remember how it starts, Habeas... what completions are there",
                "Habeas",
            ),
            ("autocomplete this: Napol…", "Napol"),
            ("it begins with Ray Ch... any suggestions", "Ray Ch"),
        ] {
            assert_eq!(
                suggestion(q),
                Some(Intent::Suggest {
                    prefix: prefix.into()
                }),
                "{q}"
            );
        }
        // An ellipsis without completions asked, or completions without one, is no prefix here.
        assert_eq!(suggestion("and then... what happened to Rome"), None);
        assert_ne!(
            suggestion("what suggestions do you have, hmm... for a gift"),
            Some(Intent::Suggest {
                prefix: "hmm".into()
            })
        );
    }

    #[test]
    fn an_asset_asked_for_by_its_path_is_that_entry() {
        for (q, path) in [
            ("binary fetch I/Eiffel_Tower.jpg", "I/Eiffel_Tower.jpg"),
            ("download I/logo.png", "I/logo.png"),
            (
                "the image at I/Sunset_over_Oslo.webp",
                "I/Sunset_over_Oslo.webp",
            ),
            ("give me the stylesheet -/s/print.css", "-/s/print.css"),
            ("binary asset -/j/app.js", "-/j/app.js"),
            (
                "I want the picture at I/Kyoto_temple.jpg.",
                "I/Kyoto_temple.jpg",
            ),
            ("the raw bytes of -/favicon.ico please", "-/favicon.ico"),
            (
                "fetch the PDF file -/d/manual.pdf as base64",
                "-/d/manual.pdf",
            ),
            (
                "get the svg icon at images/Flag_of_Peru.svg",
                "images/Flag_of_Peru.svg",
            ),
        ] {
            assert_eq!(
                run(q),
                Some(Intent::GetArticle {
                    title_or_path: path.into()
                }),
                "{q}"
            );
        }
        // No entry path, a filesystem path, or other words around it: no asset request.
        for q in [
            "what metadata does a JPEG file store",
            "download an image from a URL in python",
            "binary I/O in python",
            "convert image/png to jpeg",
            "the image at /etc/motd",
            "the image at I/foo.png looks blurry on retina screens",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
    }
}
