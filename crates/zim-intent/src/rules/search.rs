//! Search rules: explicit search commands, loose "find/look up" phrasings and questions.

use super::{
    Context, QUESTION_SUBJECT_MAX_WORDS, RuleHit, caps, group, hit, is_match, subject_confidence,
    title_of,
};
use crate::Intent;
use crate::text::{Pattern, clean_query, rx};
use std::sync::LazyLock;

static SEARCH_COMMAND: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:full[- ]?text\s+)?(?:search(?:\s+for)?|query|grep|cherche[rz]?|recherche[rz]?|busca|buscar|suche|such|cerca|cercare|procura|procurar|zoek|найди|найти|искать|поиск|szukaj)\b\s*(?P<q>.*)$",
    )
});
/// Every archive as the scope: "in all archives", "across every zim", "everywhere".
static ALL_ARCHIVES: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:in|across|through|on)\s+)?(?:all|every|each)\s+(?:(?:one\s+)?of\s+(?:the|your|these|my)\s+|the\s+|your\s+|these\s+|my\s+)?(?:loaded\s+|available\s+)?(?:zim\s+)?(?:files?|archives?|zims?|wikis?|sources?|librar(?:y|ies)|knowledge\s+bases?|collections?)\b|\beverywhere\b|\bcross[- ]file\b|\b(?:everything|all)\s+(?:that's\s+|that\s+is\s+|you've\s+(?:got\s+)?|you\s+have\s+)?(?:loaded|installed|available|served)\b|\bscope\s*[=:]\s*(?:all|every|everything|everywhere|global)\b",
    )
});
/// What follows a scope of every archive and goes with it: what qualifies the archives ("you
/// have", "that are loaded") and the colon, dash or comma that sets the question after it
/// apart ("across all the zims you have, what does X mean?").
static SCOPE_TAIL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:\s+(?:(?:that\s+)?(?:you've|you\s+have|we\s+have|i\s+have)(?:\s+got)?(?:\s+(?:loaded|installed|here))?|(?:that\s+)?(?:are\s+)?(?:loaded|installed|available|served)))?(?:\s*[:;,]|\s+[-–—](?:\s|$))?",
    )
});
/// A verb of looking right before the scope ("look across all the loaded archives: X"), and
/// the dash or colon that sets it apart from a topic before it ("black holes - search every
/// archive").
static LOOK_BEFORE: Pattern =
    LazyLock::new(|| rx(r"(?:\s*[-–—:;,])?\s*\b(?:look|search|check|dig|hunt)\s*$"));

/// "all files" whose files are someone else's: placed in a container of the world ("all files
/// in a directory", "every file under the repo"), qualified by what they are ("all files
/// larger than 100MB", "all files including hidden ones"), or asked about in a how-to
/// question ("how to list all files ..."). Only bare "files" is ambiguous: zim files,
/// archives, wikis and knowledge bases are always the server's.
static FILES_OF_THE_WORLD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:how|why|what'?s?\s+the\s+(?:command|way|best\s+way)|bash|shell|linux|python|powershell)\b|\b(?:all|every|each)\s+(?:the\s+|my\s+|of\s+the\s+)?files?\s+(?:(?:in|inside|within|under|from|of|on)\s+(?:a|an|the|this|that|my|your|each|every|some|its|their)?\s*(?:[\w.-]+\s+)?(?:director(?:y|ies)|folders?|dirs?|subdirector(?:y|ies)|repo(?:sitor(?:y|ies))?s?|projects?|paths?|trees?|disks?|drives?|zips?|tarballs?|bucket|linux|windows|git|system)|(?:larger|smaller|bigger|older|newer|modified|matching|ending|starting|including|with|that|which|named|recursively)\b)",
    )
});

/// True when the sentence asks to search every archive ("search all files for python").
pub fn mentions_all_archives(s: &str) -> bool {
    let Some(found) = ALL_ARCHIVES.as_ref().and_then(|re| re.find(s)) else {
        return false;
    };
    // Only a bare "files" can be the world's; "all zim files" is always the server's.
    let bare_files = found
        .as_str()
        .split_whitespace()
        .last()
        .is_some_and(|w| w.eq_ignore_ascii_case("files") || w.eq_ignore_ascii_case("file"))
        && !found.as_str().to_lowercase().contains("zim");
    !(bare_files && is_match(&FILES_OF_THE_WORLD, s))
}

/// The query without "in all archives"/"everywhere" wherever it appears, with the verb of
/// looking before it and what goes with it after ([`SCOPE_TAIL`]); the flag keeps the scope.
/// The archive searched, named before what is sought: "the archive for X", "this zim for X".
static ONE_ARCHIVE_FOR: Pattern = LazyLock::new(|| {
    rx(r"^(?:the|this|our|my|your)\s+(?:archive|zim|wiki|library|offline\s+library)\s+for\s+")
});

pub(crate) fn search_query(raw: &str) -> String {
    let mut without_scope = String::with_capacity(raw.len());
    let mut at = 0;
    if let Some(scope) = ALL_ARCHIVES.as_ref() {
        for m in scope.find_iter(raw) {
            if m.start() < at {
                continue;
            }
            let before = raw.get(at..m.start()).unwrap_or_default();
            let before = match LOOK_BEFORE.as_ref() {
                Some(re) => re.replace(before, "").into_owned(),
                None => before.to_string(),
            };
            without_scope.push_str(&before);
            without_scope.push(' ');
            let rest = raw.get(m.end()..).unwrap_or_default();
            let tail = SCOPE_TAIL
                .as_ref()
                .and_then(|re| re.find(rest))
                .map_or(0, |t| t.end());
            at = m.end().saturating_add(tail);
        }
    }
    without_scope.push_str(raw.get(at..).unwrap_or_default());
    // "the archive for 'causes of the crash'": the one archive searched is no topic.
    let without_scope = match ONE_ARCHIVE_FOR.as_ref() {
        Some(re) => re.replace(without_scope.trim_start(), "").into_owned(),
        None => without_scope,
    };
    clean_query(
        &without_scope
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// A search asked for with a request verb: "Retrieve search results for 'X'", "run a
/// full-text search on X", "show me the search hits about X". The search must lead to its
/// query ("results for", "search on"): "get search engine tips" is a topic.
static SEARCH_REQUESTED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:retrieve|get|show|give|fetch|display|return|list|run|do|perform|execute|make|pull\s+up)\s+(?:me\s+|us\s+)?(?:the\s+|a\s+|an\s+|some\s+|your\s+)?(?:quick\s+)?(?:full[- ]?text\s+)?(?:search|query)\s*(?:results?|hits|matches)?\s+(?:for|on|about|of|regarding|matching)\s+(?P<q>.+)$",
    )
});

/// "run this search across all the knowledge bases at once: X": a search asked for with
/// its scope, then its query after a colon.
static SEARCH_RUN_COLON: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:run|do|perform|execute|make|try)\s+(?:this|that|the|a|an|my)?\s*(?:quick\s+)?(?:full[- ]?text\s+)?(?:search|query|lookup)\b[^:]{0,80}:\s*(?P<q>\S.*)$",
    )
});

pub(super) fn search_command(ctx: &Context) -> Option<RuleHit> {
    search_from(&SEARCH_COMMAND, ctx, 0.92, "search: command word")
        .or_else(|| {
            search_from(
                &SEARCH_REQUESTED,
                ctx,
                0.9,
                "search: search results asked for",
            )
        })
        .or_else(|| search_from(&SEARCH_RUN_COLON, ctx, 0.9, "search: query after a colon"))
}

/// A search for the cleaned `q` group of `pattern`, or `None` when it does not match or
/// leaves no query.
fn search_from(
    pattern: &Pattern,
    ctx: &Context,
    confidence: f32,
    rule: &'static str,
) -> Option<RuleHit> {
    let c = caps(pattern, ctx.text)?;
    let query = search_query(&group(&c, "q"));
    if query.is_empty() {
        return None;
    }
    hit(
        Intent::Search {
            query,
            all_archives: ctx.all_archives,
        },
        confidence,
        rule,
    )
}

static SEARCH_LOOSE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:find|look\s+up|look\s+for|lookup|locate|looking\s+for|i'?m\s+looking\s+for|i\s+am\s+looking\s+for|any|anything|something|articles?\s+about|info\s+on|information\s+(?:on|about)|(?:list|show)(?:\s+me)?(?:\s+all)?\s+(?:articles|pages|entries)\s+(?:about|on|mentioning|containing))\b\s*(?P<q>.*)$",
    )
});

pub(super) fn search_loose(ctx: &Context) -> Option<RuleHit> {
    search_from(&SEARCH_LOOSE, ctx, 0.8, "search: find/look up")
}

static QUESTION_SUBJECT: Pattern = LazyLock::new(|| {
    rx(
        r"^(?P<pre>.*?[,;]\s*)?(?:(?:what|who)(?:'s|\s+(?:is|are|was|were))|tell\s+me\s+(?:more\s+)?about|define|definition\s+of|qu'est-ce\s+que|qu'est-ce\s+qu'|was\s+ist|was\s+sind|wer\s+war|wer\s+ist|qu[ée]\s+es|qui[ée]n\s+(?:es|fue)|qui\s+(?:est|était|etait|sont|étaient)|chi\s+(?:è|e|era)|che\s+cos'?è|o\s+que\s+é|quem\s+(?:é|foi)|что\s+такое|кто\s+так(?:ой|ая)|кто\s+был[аи]?|що\s+таке|хто\s+так(?:ий|а)|хто\s+(?:був|була|були)|ce\s+(?:este|sunt|a\s+fost|era)|cine\s+(?:este|a\s+fost|era)|ki\s+(?:volt|az)|mi\s+az(?:\s+an?)?|mik\s+azok(?:\s+az?)?)\s+(?P<t>.+)$",
    )
});

/// Subjects that are comparisons or relations, not article titles: searched instead. The
/// relation noun may be qualified ("the main differences between TCP and UDP", "the key
/// similarities of ..."); two things set against each other ("tabs vs spaces") are one too.
static NOT_A_TITLE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:[a-z][\w-]*\s+){0,2}?(?:differences?|difference|relationship|relation|connection|comparison|similarities|similarity|distinction|pros\s+and\s+cons|tradeoffs?|trade-offs?)\s+(?:between|of|among|in)\b|^(?:[a-z][\w-]*\s+){0,2}?(?:links?|associations?|correlations?|interactions?)\s+between\b|\s(?:vs\.?|versus)\s|\b(?:pros\s+and\s+cons|advantages\s+and\s+disadvantages|benefits\s+and\s+(?:risks|drawbacks)|strengths\s+and\s+weaknesses)\b",
    )
});

/// Whether a subject is a comparison, relation or evaluation rather than a title ("the
/// differences between X and Y", "keto diet pros and cons").
pub(super) fn is_relation(t: &str) -> bool {
    is_match(&NOT_A_TITLE, t)
}

/// "the structure of DNA", "the main idea of stoicism", "the common contraindications for an
/// MRI scan", "the title of the first book": a
/// question about an attribute of something (lowercase, so not a title such as "The Lord of
/// the Rings"), searched rather than summarised.
static ATTRIBUTE_OF: Pattern = LazyLock::new(|| {
    regex::Regex::new(r"^(?:(?:of|on|about|for|to)\s+)?the\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:of|for|in|on|to|with|among|during|after)\s").ok()
});

/// Prepositions that place a subject in a field, a range or a relation; those of the other
/// languages whose what/who questions [`QUESTION_SUBJECT`] reads follow the English ones
/// (Romanian "ce este o funcție în matematică", Ukrainian "що таке струм у фізиці").
const PREPOSITIONS: &[&str] = &[
    "in",
    "on",
    "at",
    "for",
    "from",
    "to",
    "below",
    "above",
    "under",
    "over",
    "between",
    "among",
    "amongst",
    "by",
    "during",
    "within",
    "without",
    "with",
    "against",
    "than",
    "into",
    "onto",
    "per",
    "via",
    "of",
    "în",
    "din",
    "pentru",
    "între",
    "despre",
    "la",
    "в",
    "у",
    "на",
    "для",
    "між",
    "під",
    "про",
    "при",
    "серед",
];
/// Words that open a noun phrase or join two: skipped when reading a preposition's object.
const DETERMINERS: [&str; 17] = [
    "the", "a", "an", "all", "some", "its", "their", "his", "her", "this", "that", "these",
    "those", "each", "every", "any", "and",
];

/// A clause coordinated after the subject ("a title deed and who keeps it") or a quantifier
/// over it ("all the prime numbers").
static QUALIFYING_CLAUSE: Pattern = LazyLock::new(|| {
    rx(
        r"\s(?:and|or|but)\s+(?:who|whom|whose|what|how|why|when|where|which|is|are|was|were|does|do|did|can|could|should|would|will|has|have)\b|^(?:all|every|each)\s",
    )
});

/// A prepositional phrase after the subject's first word whose object has a lowercase word
/// or a number ("a random sample in statistics", "a summary offence in English law", "html
/// headings h1 to h6", "the prime numbers below 100"); an object made only of capitalised
/// words is part of a name ("the Long Walk of the Navajo", "the borrow checker in Rust").
fn has_lowercase_phrase(t: &str) -> bool {
    let words: Vec<&str> = t
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().skip(1).any(|(i, w)| {
        PREPOSITIONS.contains(w)
            && words
                .iter()
                .skip(i.saturating_add(1))
                .filter(|o| !DETERMINERS.contains(o))
                .take_while(|o| !PREPOSITIONS.contains(o))
                .any(|o| o.starts_with(|c: char| c.is_lowercase() || c.is_ascii_digit()))
    })
}

/// Whether a subject carries a qualifier of its own, so is a question about the world rather
/// than the name of an article: a prepositional phrase with a lowercase object placing it in a
/// field, a range or a relation, a clause coordinated after it, or a quantifier over it. A
/// request written all in capitals has no case to read names by: every word counts as
/// lowercase.
pub(super) fn is_qualified(t: &str) -> bool {
    let lower;
    let t = if t.chars().any(char::is_lowercase) {
        t
    } else {
        lower = t.to_lowercase();
        &lower
    };
    has_lowercase_phrase(t) || is_match(&QUALIFYING_CLAUSE, t)
}

/// A definite, lowercase noun for something that belongs to a topic left unsaid ("the usual
/// causes", "the difference", "the fix"), or what happens ("going on", "wrong"): asked after a
/// statement or a list of compared things ("nginx keeps returning a 503 ..., what are the
/// usual causes?", "git index vs working tree vs HEAD, what's the difference?"), it is about
/// them, a question for search, never an article's title.
static IMPLICIT_OWNER: Pattern = LazyLock::new(|| {
    regex::Regex::new(
        r"^(?:(?:the|its|their|these|those)\s+(?:[a-z][\w-]*\s+){0,2}(?:causes?|reasons?|differences?|similarit(?:y|ies)|relationship|connection|fix(?:es)?|solutions?|workarounds?|options?|alternatives?|problems?|issues?|catch|deal|point|trick|explanation|consequences?|implications?|risks?|odds|chances?|symptoms?|steps?|requirements?|limits?|culprits?|trade-?offs?)|going\s+on|happening|wrong|the\s+matter)$",
    )
    .ok()
});

/// Whether the subject of "what is X?" / "explain X" (`raw` as written, `t` cleaned) can be
/// an article's title: short, and not a relation ("the difference between ..."), an
/// attribute of something ("the structure of DNA") nor a subject with a qualifier of its own
/// ("a random walk in probability theory", [`is_qualified`]).
pub(super) fn is_question_subject(raw: &str, t: &str) -> bool {
    t.split_whitespace().count() <= QUESTION_SUBJECT_MAX_WORDS
        && !is_match(&NOT_A_TITLE, t)
        && !is_match(&ATTRIBUTE_OF, raw)
        && !is_match(
            &IMPLICIT_OWNER,
            raw.trim().trim_end_matches(|c: char| ".?!".contains(c)),
        )
        && !is_qualified(t)
        && !is_qualified(raw.trim())
        && !names_a_numbered_item(raw)
}

/// A subject naming an item of a scheme by its number next to a lowercase noun ("the MARC
/// 245 field", "port 443", "error 404 pages"): a question about the scheme, not an article's
/// title. A year names an event ("the 2008 financial crisis"), a capitalised word with a
/// number a thing of its own ("Apollo 11", "Windows 95").
fn names_a_numbered_item(raw: &str) -> bool {
    let words: Vec<&str> = raw
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    let lowercase_noun = |w: Option<&&str>| {
        w.is_some_and(|w| {
            w.starts_with(|c: char| c.is_lowercase())
                && !DETERMINERS.contains(w)
                && !PREPOSITIONS.contains(w)
                && !matches!(*w, "is" | "are" | "was" | "were" | "used")
        })
    };
    words.iter().enumerate().any(|(i, w)| {
        let number = !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
        let year = w.len() == 4 && (w.starts_with("1") || w.starts_with("20"));
        number
            && !year
            && (lowercase_noun(i.checked_sub(1).and_then(|j| words.get(j)))
                || lowercase_noun(words.get(i.saturating_add(1))))
    })
}

static ABOUT_END: Pattern = LazyLock::new(|| rx(r"\s+about\s*[?.!]*$"));

pub(super) fn question_summary(ctx: &Context) -> Option<RuleHit> {
    let c = caps(&QUESTION_SUBJECT, ctx.text)?;
    // "how do hyperlinks work in HTML, what is the href attribute": a what-question after
    // another question is one of two asked about a topic, a search.
    if super::is_question(group(&c, "pre").trim()) {
        return None;
    }
    // "meaning of ``Ozymandias`` by Shelley, what is the poem saying about power": a topic
    // named before the what-question makes it part of a longer question about that topic,
    // not a bare what-is ("in a few sentences, what is the borrow checker?" is one).
    if names_a_topic(&group(&c, "pre")) {
        return None;
    }
    let raw = group(&c, "t");
    // "what is Hamlet about?" asks what the work says, a question about the world like "what
    // is X?" (no summary asked by name): the search's best page answers with its passage.
    let raw = match ABOUT_END.as_ref() {
        Some(re) => re.replace(&raw, "").into_owned(),
        None => raw,
    };
    let t = title_of(&raw)?;
    if !is_question_subject(&raw, &t) {
        return None;
    }
    // "What is X?", "tell me about X", "define X" ask about X in the world: the page that
    // explains X answers, whether or not it is titled X, so this is a search (the pipeline's
    // best page leads its answer with its passage about X). Only a summary asked for by name
    // ("summarize X", "the intro of X") is the summary view.
    let conf = subject_confidence(0.75, &t);
    hit(
        Intent::Search {
            // The whole request: what was said before the question may be its topic ("one
            // session per request in a threaded web app, what's the recommended pattern?").
            query: crate::text::clean_query(ctx.text),
            all_archives: ctx.all_archives,
        },
        conf,
        "search: 'what/who is X' question",
    )
}

/// Whether a clause names a topic: a quoted name, or a capitalised word after its first.
fn names_a_topic(pre: &str) -> bool {
    let pre = pre.trim().trim_end_matches([',', ';']).trim();
    pre.contains(['"', '`', '«', '「'])
        || pre.split_whitespace().skip(1).any(|w| {
            w != "I" && !w.starts_with("I'") && w.chars().next().is_some_and(char::is_uppercase)
        })
}

static QUESTION_START: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:how|why|when|where|which|what|who|whose|is|are|does|do|did|can|could|was|were|comment|pourquoi|wie|warum|c[oó]mo|por\s+qu[ée])\b",
    )
});

pub(super) fn question_search(ctx: &Context) -> Option<RuleHit> {
    is_match(&QUESTION_START, ctx.text).then_some(())?;
    let query = clean_query(ctx.text);
    if query.is_empty() {
        return None;
    }
    hit(
        Intent::Search {
            query,
            all_archives: ctx.all_archives,
        },
        0.6,
        "search: open question",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_words_leave_the_query() {
        assert_eq!(search_query("Ray Charles in all archives"), "Ray Charles");
        assert_eq!(search_query("for jazz everywhere"), "jazz");
        // The loaded archives as "everything that's loaded".
        for q in [
            "search everything that's loaded for tail recursion",
            "search all that is loaded for Mozart",
            "search everything you have installed for jazz",
        ] {
            assert!(mentions_all_archives(q), "{q}");
        }
        assert_eq!(
            search_query("everything that's loaded for tail recursion"),
            "tail recursion"
        );
        assert!(!mentions_all_archives("search for loaded dice"));
        // Files of the world: in a container, qualified by what they are, in a how-to.
        for q in [
            "list all files in a directory",
            "how to list all files in a directory recursively in bash",
            "bash loop over all files in a directory",
            "how to find all files larger than 100MB on Linux",
            "delete every file under the build folder",
            "search all files in my repo for TODO",
            "grep all files recursively for a string",
        ] {
            assert!(!mentions_all_archives(q), "{q}");
        }
        // The server's files stay a scope.
        for q in [
            "search all files for python",
            "look it up in all zim files in the directory",
            "search every archive for the borrow checker",
            "how old is the universe? search all the archives",
        ] {
            assert!(mentions_all_archives(q), "{q}");
        }
        for q in [
            "look through all your files for anything on the treaty of tordesillas",
            "search every one of your archives for Mozart",
            "check all of your wikis for jazz",
        ] {
            assert!(mentions_all_archives(q), "{q}");
        }
    }

    #[test]
    fn a_search_run_with_its_query_after_a_colon() {
        for (q, query) in [
            (
                "run this search across all the knowledge bases at once: kubernetes probes",
                "kubernetes probes",
            ),
            ("do a quick search: tail recursion", "tail recursion"),
        ] {
            assert_eq!(
                run(q),
                Some(Intent::Search {
                    query: query.into(),
                    all_archives: false
                }),
                "{q}"
            );
        }
        assert!(mentions_all_archives("across all the knowledge bases"));
        // Not a search command: the colon introduces something else.
        assert_ne!(
            run("run this: list the loaded archives").map(|i| i.name()),
            Some("Search")
        );
    }

    #[test]
    fn comparisons_are_no_titles() {
        for t in [
            "main differences between TCP and UDP",
            "key difference between a list and a tuple",
            "differences between Python 2 and 3",
            "real tradeoffs of microservices",
            "tabs vs spaces",
            "Vim versus Emacs",
        ] {
            assert!(!is_question_subject(t, t), "{t}");
        }
        for t in [
            "Treaty of Versailles",
            "photosynthesis",
            "Difference engine",
        ] {
            assert!(is_question_subject(t, t), "{t}");
        }
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
    fn search_results_asked_for_with_a_request_verb() {
        for (q, query) in [
            (
                "Retrieve search results for 'file descriptor limits ulimit'",
                "file descriptor limits ulimit",
            ),
            ("run a full-text search on tail recursion", "tail recursion"),
            ("show me the search hits for Mozart", "Mozart"),
            ("do a quick search about volcanoes", "volcanoes"),
        ] {
            assert_eq!(
                run(q),
                Some(Intent::Search {
                    query: query.into(),
                    all_archives: false
                }),
                "{q}"
            );
        }
        // Search as a topic word after a verb is no search command.
        for q in [
            "get search engine optimization tips",
            "show search history in chrome",
        ] {
            assert_ne!(
                run(q),
                Some(Intent::Search {
                    query: "engine optimization tips".into(),
                    all_archives: false
                }),
                "{q}"
            );
        }
    }

    #[test]
    fn attributes_of_a_topic_are_no_titles() {
        for t in [
            "the common contraindications for an MRI scan",
            "the usual dosage of ibuprofen",
            "the best practices in code review",
            "of the main causes of World War I",
        ] {
            assert!(!is_question_subject(t, t), "{t}");
        }
        assert!(is_question_subject(
            "the Treaty of Versailles",
            "Treaty of Versailles"
        ));
    }

    #[test]
    fn patterns_compile() {
        assert!(SEARCH_COMMAND.is_some(), "SEARCH_COMMAND");
        assert!(SEARCH_REQUESTED.is_some(), "SEARCH_REQUESTED");
        assert!(ALL_ARCHIVES.is_some(), "ALL_ARCHIVES");
        assert!(SEARCH_LOOSE.is_some(), "SEARCH_LOOSE");
        assert!(QUESTION_SUBJECT.is_some(), "QUESTION_SUBJECT");
        assert!(NOT_A_TITLE.is_some(), "NOT_A_TITLE");
        assert!(ATTRIBUTE_OF.is_some(), "ATTRIBUTE_OF");
        assert!(QUALIFYING_CLAUSE.is_some(), "QUALIFYING_CLAUSE");
        assert!(QUESTION_START.is_some(), "QUESTION_START");
    }

    fn parsed(q: &str) -> Intent {
        crate::parse(q, &[]).intent
    }

    /// A definitional question ("what is X?" with X a name or a bare topic): a search, read
    /// by the what-is rule.
    fn definitional(q: &str) -> bool {
        let p = crate::parse(q, &[]);
        p.intent.name() == "Search" && p.explanation.contains("'what/who is X' question")
    }

    #[test]
    fn a_what_question_after_another_question_is_searched() {
        for q in [
            "how do hyperlinks work in HTML, what is the href attribute",
            "why does the sky look blue, what is Rayleigh scattering?",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
        // After a statement or a scene, the what-question still names its subject.
        assert!(definitional(
            "in a few sentences, what is the borrow checker?"
        ));
    }

    #[test]
    fn a_subject_with_a_qualifier_of_its_own_is_searched() {
        // A field, a range, a relation (a lowercase prepositional object or a number), a
        // coordinated clause, a quantifier: questions about the world.
        for q in [
            "what is a random sample in statistics",
            "what is a confidence interval in statistics?",
            "what is a summary offence in English law",
            "what is a tort in Scots law",
            "what are html headings h1 to h6 used for",
            "what are all the prime numbers below 100",
            "what are the integers between 1 and 10",
            "what are the links between smoking and lung cancer",
            "what is the link between Sleep and Memory",
            "what is a title deed and who keeps it",
            "what is a mortgage and how does it work",
            "who is a notary and what do they do",
            "what is a random walk in probability theory",
            "WHAT IS A RANDOM SAMPLE IN STATISTICS",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
            assert!(!definitional(q), "{q}");
        }
        // A bare name, a name whose phrase is capitalised, "used for": definitional.
        for q in [
            "What are tardigrades?",
            "Who was Nikola Tesla?",
            "what is the Treaty of Versailles",
            "What was the Long Walk of the Navajo?",
            "who was Alexander the Great",
            "What is Kubernetes used for?",
            "What is a hash map used for?",
            "who were Simon and Garfunkel",
            "what are linked lists?",
            "WHAT IS PUBLIC HEALTH",
        ] {
            assert!(definitional(q), "{q}");
        }
        assert!(is_qualified("a random sample in statistics"));
        assert!(!is_qualified("the Bank of England"));
        assert!(!is_qualified("Kubernetes used for"));
    }

    #[test]
    fn a_question_about_what_was_said_before_it_is_searched() {
        // The subject belongs to the statement or the compared things before the question.
        for q in [
            "postgres refuses connections after the upgrade, what are the usual causes?",
            "my sourdough starter smells like acetone, what's the fix?",
            "tabs or spaces in python, what's the difference?",
            "REST vs GraphQL vs gRPC, what are the main tradeoffs?",
            "the build passes locally but fails in CI, what is going on",
            "docker compose up hangs at attaching, what are the likely reasons",
            "what are the usual causes?",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
        // A name or a bare topic after a scene or an aside stays a definitional question.
        for q in [
            "in a few sentences, what is the borrow checker?",
            "I'm studying for an exam, who was Napoleon?",
            "quick one, what is a black hole?",
            "what is the Point Reyes lighthouse",
        ] {
            assert!(definitional(q), "{q}");
        }
    }

    #[test]
    fn explain_with_a_cue_inside_a_hyphenated_compound() {
        // "page-replacement" is topic, not a noun for an article; the long subject is searched.
        for q in [
            "explain the main page-replacement algorithms used by operating systems",
            "explain the common cache-eviction policies used by databases",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
        assert_eq!(
            parsed("explain the Photosynthesis article"),
            Intent::Summary {
                title_or_path: "Photosynthesis".into()
            }
        );
        // Explaining a topic is about the world.
        assert_eq!(parsed("explain photosynthesis").name(), "Search");
    }
}
