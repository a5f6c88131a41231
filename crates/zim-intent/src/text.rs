//! Sentence normalisation shared by every rule: input capping, politeness stripping, typo
//! correction of command words, and cleanup of extracted titles and queries.

use regex::Regex;
use std::sync::LazyLock;

/// Longest input (in characters) that is parsed; anything after is ignored. Real requests are a
/// sentence or two, and capping keeps the parser fast on hostile input (e.g. 100 KB of text).
pub const MAX_QUERY_CHARS: usize = 1000;

/// Compiles a case-insensitive pattern. Patterns are compile-time constants; a pattern that fails
/// to compile disables its rule instead of panicking. `tests/patterns.rs` compiles every pattern
/// literal of the crate, so such a pattern fails the tests rather than silently losing a rule.
pub(crate) fn rx(pattern: &str) -> Option<Regex> {
    Regex::new(&format!("(?i){pattern}")).ok()
}

/// Lazily compiled pattern.
pub(crate) type Pattern = LazyLock<Option<Regex>>;

/// Caps the input, replaces control characters and typographic quotes, collapses whitespace.
pub fn normalize_input(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len().min(MAX_QUERY_CHARS * 4));
    let mut last_space = true;
    for c in raw.chars().take(MAX_QUERY_CHARS) {
        let c = match c {
            '\u{2018}' | '\u{2019}' | '\u{02bc}' => '\'',
            '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{00ab}' | '\u{00bb}' => '"',
            // Japanese corner brackets quote a name as „...“ does.
            '\u{300c}' | '\u{300d}' | '\u{300e}' | '\u{300f}' => '"',
            c if c.is_control() || c.is_whitespace() || is_pictograph(c) => ' ',
            c => c,
        };
        if c == ' ' {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
        } else {
            out.push(c);
            last_space = false;
        }
    }
    out.trim().to_string()
}

/// An emoji or a pictograph ("🎾", "✅", "❤️"): decoration, never a word of the request.
fn is_pictograph(c: char) -> bool {
    matches!(c as u32, 0x1F000..=0x1FAFF | 0x2600..=0x27BF | 0xFE0F | 0x200D)
}

/// Common words a writer in Odd Capitalisation capitalises ("Find Me Pages That Are Like The
/// One About... Elvis Presley"): function words and the words of requests. Names are never in
/// this table.
const TITLE_CASED_COMMON: &[&str] = &[
    "a", "about", "all", "an", "and", "any", "are", "article", "articles", "be", "books", "called",
    "can", "comes", "could", "do", "does", "don't", "even", "facts", "find", "for", "from", "get",
    "give", "got", "has", "have", "here", "how", "in", "is", "it", "just", "know", "like", "me",
    "more", "my", "named", "nothing", "of", "on", "one", "ones", "or", "other", "page", "pages",
    "part", "please", "set", "show", "similar", "some", "tell", "that", "the", "there", "these",
    "thing", "this", "those", "to", "type", "up", "was", "what", "what's", "where", "which", "who",
    "why", "with", "working", "you",
];

/// Words a request written all in capitals holds besides its names, beyond the command
/// vocabulary and [`TITLE_CASED_COMMON`]: function words and the words of asking.
const CAPITALS_COMMON: &[&str] = &[
    "at",
    "by",
    "into",
    "onto",
    "over",
    "under",
    "about",
    "i",
    "i'm",
    "we",
    "our",
    "your",
    "their",
    "its",
    "his",
    "her",
    "them",
    "they",
    "him",
    "she",
    "he",
    "look",
    "want",
    "need",
    "see",
    "read",
    "list",
    "front",
    "home",
    "start",
    "where",
    "when",
    "whose",
    "will",
    "would",
    "should",
    "may",
    "might",
    "must",
    "not",
    "no",
    "now",
    "then",
    "today",
    "thanks",
    "full",
    "text",
    "entire",
    "whole",
    "so",
    "if",
    "but",
    "than",
    "after",
    "before",
    "again",
    "also",
    "only",
    "every",
    "each",
    "many",
    "much",
    "there's",
    "what's",
    "whats",
    "can't",
    "won't",
    "isn't",
    "it's",
    "let",
    "tell",
    "out",
    "off",
    "down",
    "new",
    "old",
    "first",
    "last",
    "next",
    "same",
    "other",
    "another",
    "both",
    "work",
    "works",
    "loaded",
    "available",
    "have",
    "server",
    "up",
    "running",
    "ok",
    "okay",
    "hi",
    "hello",
    "hey",
    "thank",
    "help",
    "print",
    "send",
    "fetch",
    "bring",
    "pull",
    "go",
    "take",
    "make",
    "put",
    "use",
    "using",
];

/// A request written all in capitals ("OPEN THE ARTICLES ON ROSES AND TULIPS FOR ME"): its
/// common words in lowercase and its other words capitalised, so that capitals mark names
/// as they do in other requests ("open the articles on Roses and Tulips for me"). Words of
/// three letters or fewer that are no common word stay in capitals (acronyms: "DNA").
pub fn case_all_capitals(s: &str) -> String {
    let words: Vec<&str> = s.split(' ').filter(|w| !w.is_empty()).collect();
    let all_caps = words.len() >= 3
        && s.chars().filter(|c| c.is_alphabetic()).count() >= 8
        && !s.chars().any(char::is_lowercase);
    if !all_caps {
        return s.to_string();
    }
    s.split(' ')
        .map(|w| {
            let lower = w.to_lowercase();
            let core = lower.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
            let common = TITLE_CASED_COMMON.contains(&core)
                || CAPITALS_COMMON.contains(&core)
                || VOCABULARY.contains(&core)
                || COMMAND_FILLER.contains(&core);
            if common {
                lower
            } else if core.chars().count() <= 3 {
                w.to_string()
            } else {
                let mut chars = lower.chars();
                match chars.next() {
                    Some(first) => first.to_uppercase().chain(chars).collect(),
                    None => lower,
                }
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A request written in Odd Capitalisation, every word or most capitalised ("Is This Thing
/// Even Working... i Type and nothing Comes Up"): its common words ([`TITLE_CASED_COMMON`])
/// are written in lowercase, so that capitals mark names again. Only when at least three
/// capitalised common words follow the first word: "Find pages like The Beatles" keeps its
/// capitals.
pub fn lower_odd_capitals(s: &str) -> String {
    // Four capitals at least (the first word's and three more): most requests are let
    // through by one count.
    if s.chars().filter(|c| c.is_uppercase()).take(4).count() < 4 {
        return s.to_string();
    }
    let core = |w: &str| -> String {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_string()
    };
    let capitalised_common = |w: &str| {
        let c = core(w);
        c.chars().next().is_some_and(char::is_uppercase)
            && c.chars().skip(1).all(|ch| !ch.is_uppercase())
            && TITLE_CASED_COMMON.contains(&c.to_lowercase().as_str())
    };
    let count = s
        .split(' ')
        .skip(1)
        .filter(|w| capitalised_common(w))
        .count();
    if count < 3 {
        return s.to_string();
    }
    s.split(' ')
        .map(|w| {
            if capitalised_common(w) {
                w.to_lowercase()
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Chat spellings of function words, always meant as the word ("whats", "thru", "rn").
/// Only lowercase words of their own are rewritten; topic words are never in this table.
const CHAT_WORDS: &[(&str, &str)] = &[
    ("whats", "what's"),
    ("w/", "with"),
    ("w/o", "without"),
    ("wats", "what's"),
    ("wat", "what"),
    ("wut", "what"),
    ("wht", "what"),
    ("whos", "who's"),
    ("thru", "through"),
    ("rn", "right now"),
    ("atm", "at the moment"),
    ("gimme", "give me"),
    ("lemme", "let me"),
    ("abt", "about"),
    ("bc", "because"),
    ("cuz", "because"),
    ("pls", "please"),
    ("plz", "please"),
    // Abbreviations of function words ("incl. anchor ids"); their period goes with them.
    ("incl", "including"),
    // Slips of the keyboard on function words, which no topic spells this way.
    ("teh", "the"),
    ("jsut", "just"),
    ("wich", "which"),
    ("youve", "you've"),
];
/// Words next to which a lone "u" is "you" ("can u", "r u alive", "u there").
const YOU_NEIGHBOURS: &[&str] = &[
    "r", "are", "can", "could", "do", "did", "will", "would", "have", "thank", "if", "tell",
    "show", "give", "let", "got", "know", "alive", "up", "there", "ok", "okay", "working", "doing",
    "still", "online", "running", "able", "even",
];
/// Words before which a lone "r" is "are" ("r u", "pages r in this").
const ARE_FOLLOWERS: &[&str] = &[
    "u",
    "you",
    "ya",
    "there",
    "these",
    "those",
    "they",
    "we",
    "in",
    "on",
    "the",
    "any",
    "all",
    "available",
    "loaded",
    "working",
    "up",
    "down",
    "alive",
    "ok",
    "okay",
];

/// Nouns and verbs that name a view of an article (its sections, links, summary, structure)
/// or a listing, as people pair them with a slash ("chapters/sections", "cites/links").
const VIEW_WORDS: &[&str] = &[
    "sections",
    "section",
    "chapters",
    "chapter",
    "headings",
    "heading",
    "headers",
    "contents",
    "toc",
    "outline",
    "links",
    "link",
    "cites",
    "references",
    "backlinks",
    "summary",
    "overview",
    "intro",
    "lead",
    "structure",
    "layout",
    "anchors",
    "related",
    "metadata",
    "entries",
    "titles",
];

/// Two words joined by a slash of which one names a view ("which chapters/sections r in X",
/// "what the entry cites/links out to"): the pair is one word, the view's (the second when
/// both are). Other slashes (paths, "input/output", "A/Foo") stay.
pub fn one_of_alternatives(s: &str) -> String {
    if !s.contains('/') {
        return s.to_string();
    }
    let is_view = |w: &str| VIEW_WORDS.contains(&w.to_lowercase().as_str());
    let words: Vec<String> = s
        .split(' ')
        .map(|token| {
            let core = token.trim_end_matches([',', '?', '!', '.', ';', ':']);
            let tail = token.get(core.len()..).unwrap_or_default();
            let Some((a, b)) = core.split_once('/') else {
                return token.to_string();
            };
            let letters = |w: &str| w.len() >= 2 && w.chars().all(|c| c.is_ascii_lowercase());
            if !letters(a) || !letters(b) {
                return token.to_string();
            }
            match (is_view(a), is_view(b)) {
                (_, true) => format!("{b}{tail}"),
                (true, false) => format!("{a}{tail}"),
                _ => token.to_string(),
            }
        })
        .collect();
    words.join(" ")
}

/// Rewrites chat spellings of function words: "whats a hash map" -> "what's a hash map",
/// "r u alive" -> "are you alive", "go thru every page" -> "go through every page". A lone
/// "u" or "r" is rewritten only next to the words that make it a pronoun or a verb, so "u
/// substitution" and "plot in r" keep theirs.
pub fn expand_chat(s: &str) -> String {
    let unfilled = without_self_corrections(&without_spoken_fillers(s));
    let s = unfilled.as_str();
    let words: Vec<&str> = s.split(' ').collect();
    let core = |w: &str| {
        w.trim_end_matches([',', '?', '!', '.', ';', ':'])
            .to_string()
    };
    let cores: Vec<String> = words.iter().map(|w| core(w)).collect();
    let mut changed = false;
    let out: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let c = cores.get(i).map_or("", String::as_str);
            let prev = i
                .checked_sub(1)
                .and_then(|j| cores.get(j))
                .map(|p| p.to_lowercase());
            let next = cores.get(i.saturating_add(1)).map(|n| n.to_lowercase());
            let near =
                |list: &[&str], x: &Option<String>| x.as_deref().is_some_and(|x| list.contains(&x));
            let replacement = match c {
                "u" if near(YOU_NEIGHBOURS, &prev) || near(YOU_NEIGHBOURS, &next) => Some("you"),
                "r" if near(ARE_FOLLOWERS, &next)
                    && prev.as_deref() != Some("namespace")
                    && !matches!(
                        prev.as_deref(),
                        Some("in" | "of" | "with" | "for" | "using")
                    ) =>
                {
                    Some("are")
                }
                _ => CHAT_WORDS.iter().find(|(k, _)| *k == c).map(|(_, v)| *v),
            };
            match replacement {
                Some(r) => {
                    changed = true;
                    let rest = w.get(c.len()..).unwrap_or_default();
                    // "incl." is the word: its period ends no sentence.
                    let rest = match c {
                        "incl" => rest.strip_prefix('.').unwrap_or(rest),
                        _ => rest,
                    };
                    format!("{r}{rest}")
                }
                None => (*w).to_string(),
            }
        })
        .collect();
    if changed {
        out.join(" ")
    } else {
        s.to_string()
    }
}

/// Hesitations of speech, transcribed ("um", "uh", "erm", "hmm"). Portuguese "um" is the
/// article "a": a hesitation only before a word that opens an English clause or a phrase
/// ([`FILLER_FOLLOWERS`]), before punctuation or at the end ("um artigo" keeps its word).
const HESITATIONS: &[&str] = &[
    "um", "umm", "ummm", "uh", "uhh", "uhm", "uhmm", "erm", "hmm", "hmmm",
];
/// Words that open an English request or phrase: a hesitation before one is a filler.
const FILLER_FOLLOWERS: &[&str] = &[
    "a",
    "actually",
    "an",
    "and",
    "are",
    "can",
    "could",
    "do",
    "does",
    "find",
    "get",
    "give",
    "go",
    "hey",
    "hi",
    "how",
    "i",
    "i'd",
    "i'm",
    "is",
    "just",
    "let",
    "like",
    "list",
    "look",
    "maybe",
    "ok",
    "okay",
    "open",
    "please",
    "pull",
    "read",
    "search",
    "show",
    "so",
    "tell",
    "the",
    "what",
    "what's",
    "when",
    "where",
    "which",
    "who",
    "why",
    "will",
    "would",
    "yeah",
    "yes",
    "you",
    "um",
    "uh",
    "erm",
    "well",
    "summarize",
    "summarise",
    "fetch",
    "wait",
];
/// Request verbs a filler "like" may stand before ("can you like pull up ...").
const LIKE_BEFORE_VERB: &[&str] = &[
    "pull",
    "show",
    "give",
    "get",
    "find",
    "open",
    "read",
    "list",
    "tell",
    "fetch",
    "summarize",
    "summarise",
    "search",
    "look",
    "see",
    "bring",
    "grab",
    "check",
    "send",
    "just",
];
/// Verbs of asking and getting after which a filler "like" stands before the object ("can i
/// see like the table of contents", "i need like a summary"); "looks like a", "something like
/// the" compare.
const LIKE_AFTER_VERB: &[&str] = &[
    "see", "get", "need", "want", "have", "show", "give", "find", "pull", "open", "read", "grab",
];
const DETERMINERS_AFTER_LIKE: &[&str] = &[
    "the",
    "a",
    "an",
    "some",
    "this",
    "that",
    "all",
    "every",
    "just",
    "maybe",
    "one",
    "two",
    "three",
    "five",
    "ten",
    "everything",
];

/// A speaker correcting themselves: "no wait", "no sorry", "hold on", "scratch that".
static SELF_CORRECTION: Pattern = LazyLock::new(|| {
    rx(
        r"[,;]?\s+(?:no\s+wait|wait\s+no|no\s+sorry|sorry\s+no|no\s+no|actually\s+no|hold\s+on|scratch\s+that|i\s+mean)[,;]?\s+|\s*,\s*sorry\s*,\s*",
    )
});

/// The request with a spoken self-correction applied: the words said since the last word
/// that leads on ("on", "called", "the", ...) give way to the words after the correction
/// ("the full article on Ada Lovelace no wait Alan Turing" is "the full article on Alan
/// Turing"; "the page called uh hold on called X" is "the page called X"). Only a correction
/// that replaces a name: the words given up start with a capital letter, or nothing was said
/// yet after the leading word.
fn without_self_corrections(s: &str) -> String {
    let Some(re) = SELF_CORRECTION.as_ref() else {
        return s.to_string();
    };
    let Some(m) = re.find(s) else {
        return s.to_string();
    };
    let (before, after) = (
        s.get(..m.start()).unwrap_or_default(),
        s.get(m.end()..).unwrap_or_default(),
    );
    let words: Vec<&str> = before.split_whitespace().collect();
    let Some(lead) = words
        .iter()
        .rposition(|w| CORRECTION_LEADS.contains(&w.to_lowercase().as_str()))
    else {
        return s.to_string();
    };
    let given_up: Vec<&str> = words
        .get(lead.saturating_add(1)..)
        .unwrap_or_default()
        .iter()
        .copied()
        .filter(|w| !HESITATIONS.contains(&w.to_lowercase().as_str()))
        .collect();
    let names_given_up = given_up.is_empty()
        || given_up
            .first()
            .is_some_and(|w| w.chars().next().is_some_and(char::is_uppercase));
    let kept = words.get(..=lead).unwrap_or_default();
    // "called uh hold on called X": nothing given up but the leading word said again; a name
    // that holds the words ("the article on Hold On (song)") says nothing again.
    let lead_word = kept.last().copied().unwrap_or_default();
    let said_again = after.strip_prefix(lead_word).map(str::trim_start);
    if !names_given_up || after.trim().is_empty() || (given_up.is_empty() && said_again.is_none()) {
        return s.to_string();
    }
    let after = said_again.unwrap_or(after);
    format!("{} {after}", kept.join(" "))
}

/// Words a name follows: where a spoken correction starts over.
const CORRECTION_LEADS: &[&str] = &[
    "on", "of", "about", "for", "called", "named", "titled", "the", "article", "page", "entry",
];

/// Words that lead on to what follows them: no clause ends with one.
const LEADS_ON: &[&str] = &[
    "on", "of", "to", "for", "about", "the", "a", "an", "with", "in", "at", "from", "by",
];

/// The request without the fillers of speech a voice transcript keeps: hesitations ("um",
/// "uh"), "like" as a filler ("can you like pull up the page", "can i see like the table of
/// contents", ", like,"), "you know" and "i mean" between commas or at the start. "like" as
/// a verb or a preposition keeps its place ("songs like Yesterday", "do you like jazz",
/// "what does it look like", "something like the iPhone").
fn without_spoken_fillers(s: &str) -> String {
    let candidate = s.split(' ').any(|w| {
        let w = w.trim_end_matches([',', '?', '!', '.', ';', ':', '…']);
        ["like", "know", "mean"]
            .iter()
            .chain(HESITATIONS)
            .any(|f| w.eq_ignore_ascii_case(f))
    });
    if !candidate {
        return s.to_string();
    }
    let words: Vec<&str> = s.split(' ').collect();
    let core = |w: &str| -> String {
        w.trim_end_matches([',', '?', '!', '.', ';', ':', '…'])
            .to_lowercase()
    };
    let cores: Vec<String> = words.iter().map(|w| core(w)).collect();
    let at = |i: Option<usize>| i.and_then(|i| cores.get(i)).map_or("", String::as_str);
    let ends_clause = |i: usize| {
        words
            .get(i)
            .is_some_and(|w| w.ends_with([',', '.', '…', ';', '!', '?']))
    };
    let mut drop = vec![false; words.len()];
    for (i, c) in cores.iter().enumerate() {
        let prev = at(i.checked_sub(1));
        let prev2 = at(i.checked_sub(2));
        let next = at(i.checked_add(1));
        let starts_clause = i == 0 || ends_clause(i.saturating_sub(1));
        let is_filler = match c.as_str() {
            h if HESITATIONS.contains(&h) => {
                next.is_empty() || ends_clause(i) || FILLER_FOLLOWERS.contains(&next)
            }
            "like" => {
                // ", like," / "like, ..." at a clause's start; after a hesitation.
                (starts_clause && ends_clause(i))
                    || (starts_clause && !next.is_empty() && FILLER_FOLLOWERS.contains(&next))
                        && !matches!(next, "a" | "an" | "the" | "this" | "that")
                    || (HESITATIONS.contains(&prev) && i > 0)
                    // "can you like pull up", "could i like get".
                    || (matches!(prev, "you" | "i" | "we" | "u")
                        && matches!(prev2, "can" | "could" | "would" | "will" | "should" | "may" | "might")
                        && LIKE_BEFORE_VERB.contains(&next))
                    // "can i see like the table", "i need like a summary", "show me like the".
                    || ((LIKE_AFTER_VERB.contains(&prev)
                        || (matches!(prev, "me" | "us") && LIKE_AFTER_VERB.contains(&prev2)))
                        && DETERMINERS_AFTER_LIKE.contains(&next))
            }
            "know" => {
                prev == "you"
                    && (i < 2 || ends_clause(i.saturating_sub(2)) || HESITATIONS.contains(&prev2))
                    && (ends_clause(i) || next.is_empty())
            }
            "mean" => prev == "i" && (i < 2 || ends_clause(i.saturating_sub(2))) && ends_clause(i),
            _ => false,
        };
        if is_filler {
            if let Some(d) = drop.get_mut(i) {
                *d = true;
            }
            if matches!(c.as_str(), "know" | "mean")
                && let Some(d) = drop.get_mut(i.saturating_sub(1))
            {
                *d = true;
            }
        }
    }
    if !drop.iter().any(|d| *d) {
        return s.to_string();
    }
    let kept: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|(i, _)| !drop.get(*i).copied().unwrap_or(false))
        .map(|(i, w)| {
            // "the article on, um, Plate tectonics": the commas set off the filler, not the
            // word that leads to what follows it.
            let filler_next = drop.get(i.saturating_add(1)).copied().unwrap_or(false);
            let leads_on = cores.get(i).is_some_and(|c| LEADS_ON.contains(&c.as_str()));
            if filler_next && w.ends_with(',') && leads_on {
                w.trim_end_matches(',')
            } else {
                w
            }
        })
        .collect();
    let out = kept.join(" ");
    let out = out.trim_start_matches([',', ' ', '.', '…']).to_string();
    if out.chars().any(char::is_alphanumeric) {
        out
    } else {
        s.to_string()
    }
}

/// How long or in what form the answer should be: "(2-3 sentences)", "in one paragraph",
/// "in under 100 words", "in bullet points". An instruction to the writer of the answer, not
/// part of the title or topic; the views have their own size.
static FORMAT_ASIDE: Pattern = LazyLock::new(|| {
    rx(
        r"\s*\(\s*(?:(?:about|around|roughly|approximately|under|at\s+most|max(?:imum)?|no\s+more\s+than|less\s+than|fewer\s+than|just|only)\s+)?(?:\d+(?:\s*(?:-|–|to|or)\s*\d+)?|one|two|three|four|five|a\s+few|a\s+couple(?:\s+of)?|a\s+(?:single|short)|a)\s+(?:short\s+)?(?:sentences?|words?|paragraphs?|bullet\s+points?|bullets?|lines?)(?:\s+or\s+(?:two|so|less|fewer))?(?:\s+(?:max|maximum|long|at\s+most|tops))?\s*\)|\s+in\s+(?:(?:about|around|roughly|approximately|under|at\s+most|max(?:imum)?|no\s+more\s+than|less\s+than|fewer\s+than|just|only)\s+)?(?:\d+(?:\s*(?:-|–|to|or)\s*\d+)?|one|two|three|four|five|a\s+few|a\s+couple(?:\s+of)?|a\s+(?:single|short)|a)\s+(?:short\s+)?(?:sentences?|words?|paragraphs?|bullet\s+points?|bullets?|lines?)(?:\s+or\s+(?:two|so|less|fewer))?(?:\s+(?:max|maximum|long|at\s+most|tops))?\b|\s+in\s+(?:bullet\s+points|bullets|plain\s+english|simple\s+terms|layman'?s\s+terms)\b",
    )
});

/// A trailing sentence or clause instructing the writer of the answer, not asking anything
/// of the archive: "Please cite your sources.", "Answer in French.", "keep it under 100
/// words", "explain in simple words for a 10 year old", ", the opening paragraph is enough".
/// It follows a boundary (". ", "? ", "! ", ", ", "; ", a spaced dash), so a request that is
/// only about citing ("how to cite sources in APA") keeps its words.
static TRAILING_INSTRUCTION: Pattern = LazyLock::new(|| {
    rx(
        r"(?:[.?!;,:]\s*|\s+[-–—]{1,2}\s+)(?:(?:and|also|but)\s+)?(?:(?:please|pls|plz|kindly)\s+)?(?:(?:cite|give|list|include|add|provide|quote|name|show)\s+(?:me\s+)?(?:your|the|its|all|any|some|a)?\s*(?:sources?|references?|citations?)|(?:answer|reply|respond|write|explain|put\s+it|say\s+it)\s+(?:(?:it|this|that|me|briefly|only|back)\s+)?in\s+(?:english|french|german|spanish|italian|portuguese|dutch|polish|russian|chinese|japanese|arabic|hindi|simple\s+(?:words|terms|english|language)|plain\s+(?:english|language|words|terms)|layman'?s\s+terms)|simple\s+words|keep\s+(?:it|this|that|the\s+answer|your\s+answer|the\s+reply|your\s+reply)\s+(?:short|brief|simple|concise|(?:under|below|within|to)\s+(?:\d+|one|two|three|a\s+few)\s+(?:words|sentences|lines|paragraphs?))|be\s+(?:brief|concise)|(?:the|an?|one|just\s+the|only\s+the)\s+[\w'-]+(?:\s+[\w'-]+){0,2}\s+(?:is|would\s+be|will\s+be)\s+(?:enough|sufficient|plenty|fine))(?:\s*,?\s*(?:for|to)\s+(?:a|an|my|the)\s+[\w'-]+(?:\s+[\w'-]+){0,3})?(?:\s*,?\s*(?:please|pls|plz|thanks|thank\s+you))?(?:\s*,\s*it'?s\s+for\s+(?:a|an|my|the)\s+[\w'-]+(?:\s+[\w'-]+){0,3})?\s*[.!]?\s*$",
    )
});

/// Removes asides about the answer's length or form ("Provide a brief summary (2-3
/// sentences) of X" gives "Provide a brief summary of X") and a trailing instruction about
/// the answer ("..., and how is that record verified? Please cite your sources." gives
/// "..., and how is that record verified?").
pub fn strip_format_asides(s: &str) -> String {
    let s = &strip_trailing_instruction(s);
    match FORMAT_ASIDE.as_ref() {
        Some(re) if re.is_match(s) => re
            .replace_all(s, " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace(" ,", ",")
            .replace(" .", "."),
        _ => s.to_string(),
    }
}

/// The request without a trailing instruction about the answer ([`TRAILING_INSTRUCTION`]),
/// keeping the boundary's question mark; the request unchanged when nothing is left before it.
fn strip_trailing_instruction(s: &str) -> String {
    let Some(m) = TRAILING_INSTRUCTION.as_ref().and_then(|re| re.find(s)) else {
        return s.to_string();
    };
    let kept = s.get(..m.start()).unwrap_or_default().trim_end();
    if !kept.chars().any(char::is_alphanumeric) {
        return s.to_string();
    }
    if m.as_str().trim_start().starts_with('?') {
        format!("{kept}?")
    } else {
        kept.to_string()
    }
}

static POLITE_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:[¿¡]+\s*|[,;]+\s*|(?:good\s+(?:morning|afternoon|evening|day)|greetings|(?:hi|hey|hello)\s+there|thanks|thank\s+you|thx|cheers|many\s+thanks)(?:\s+(?:a\s+lot|so\s+much|very\s+much))?\s*[,.!]+\s*|dear\s+(?:sir(?:\s+or\s+madam)?|madam|team|colleagues?|friends?|librarian|all|[\w-]+)\s*[,!.:]\s*|(?:alexa|siri|hey\s+siri|ok(?:ay)?\s+google|hey\s+google|cortana)(?:[,!.]\s*(?:(?:ask|tell)\s+(?:zim|kiwix|[\w-]+\s+(?:wiki|library|archive))\s+(?:to\s+)?)?|\s+(?:ask|tell)\s+(?:zim|kiwix|[\w-]+\s+(?:wiki|library|archive))\s+(?:to\s+)?)|(?:please|pls|plz|kindly|hey|hi|hello|yo|ok|okay|so)\b[,!]?\s*|(?:could|can|would|will)\s+you\s*,?\s+(?:please\s*,?\s+|kindly\s+)?(?:be\s+so\s+kind\s+as\s+to\s+|mind\s+)?|(?:would|will|is)\s+it\s+be\s+possible\s+(?:for\s+you\s+)?to\s+|is\s+it\s+possible\s+(?:for\s+you\s+)?to\s+|i\s+(?:was\s+)?wonder(?:ing)?\s+if\s+you\s+(?:could|can|would)\s+|pray\s+|i(?:\s+(?:(?:only|just|really|also)\s+)?(?:want|would\s+like|need|wanna)|'d\s+(?:only\s+|just\s+|really\s+)?like)\s+(?:you\s+)?(?:to\s+)?|let\s+me\s+|help\s+me\s+)",
    )
});
static POLITE_TRAIL: Pattern = LazyLock::new(|| {
    rx(
        r"(?:[\s,]+(?:please|pls|plz|thanks|thank\s+you|thx)(?:\s+(?:(?:very|so)\s+much|a\s+lot|a\s+bunch|in\s+advance))?|[\s,?!.]+(?:much\s+appreciated|many\s+thanks)|[\s,]+(?:lol|lmao|haha+|hehe+|xd|:\)|:d)|[\s,?!.]+)$",
    )
});

static TELL_ME_WH: Pattern = LazyLock::new(|| {
    rx(r"^tell\s+(?:me|us)\s+(?P<rest>(?:what|which|whether|if|who|where|when|how|why)\b.*)$")
});

/// Removes leading politeness ("please", "could you", "I'd like to", a greeting followed by
/// its punctuation: "Good afternoon.", "Hi there,") and trailing "please"/"thanks"/"thank
/// you very much"/punctuation, repeatedly.
pub fn strip_politeness(s: &str) -> String {
    let mut cur = s.trim().to_string();
    for _ in 0..8 {
        let mut next = cur.clone();
        if let Some(re) = POLITE_LEAD.as_ref() {
            next = re.replace(&next, "").trim().to_string();
        }
        if let Some(re) = POLITE_TRAIL.as_ref() {
            next = re.replace(&next, "").trim().to_string();
        }
        // "tell me what pages cite X": the question asked, without the order to answer it.
        if let Some(re) = TELL_ME_WH.as_ref() {
            next = re.replace(&next, "$rest").trim().to_string();
        }
        if next == cur {
            break;
        }
        cur = next;
    }
    cur
}

/// Command words that are corrected when misspelt ("serach" -> "search").
const VOCABULARY: &[&str] = &[
    "search",
    "summary",
    "summarize",
    "summarise",
    "article",
    "articles",
    "table",
    "contents",
    "structure",
    "section",
    "sections",
    "browse",
    "walk",
    "links",
    "link",
    "related",
    "similar",
    "suggest",
    "suggestions",
    "autocomplete",
    "metadata",
    "list",
    "namespace",
    "namespaces",
    "headings",
    "health",
    "archives",
    "title",
    "titled",
    "outline",
    "overview",
    "iterate",
    "enumerate",
    "configuration",
    "integrity",
    "retrieve",
    "display",
    "extract",
    "complete",
    "server",
    "status",
    "anchors",
    "page",
    "main",
    "front",
    "entries",
    "entry",
    "available",
    "hyperlinks",
    "outbound",
    "outgoing",
    "traverse",
    "publisher",
    "language",
    "validate",
    "diagnose",
    "recommend",
    "show",
    "open",
    "find",
];

/// Words that may stand between command words ("table of contents", "show me the links"),
/// and request verbs and question words before them ("get the full artcle", "what's the mian
/// page"): the command runs on through them.
const COMMAND_FILLER: &[&str] = &[
    "of", "the", "a", "an", "me", "us", "all", "its", "whole", "entire", "full", "complete", "get",
    "give", "see", "read", "what's", "what", "just", "only",
];

/// The one command word or filler of four letters that `word`, three lowercase letters and
/// no word of either, begins ("ful" -> "full", "lis" -> "list").
fn truncated_command_word(word: &str) -> Option<&'static str> {
    if word.len() != 3
        || !word.chars().all(|c| c.is_ascii_lowercase())
        || VOCABULARY.contains(&word)
        || COMMAND_FILLER.contains(&word)
    {
        return None;
    }
    let mut found = VOCABULARY
        .iter()
        .chain(COMMAND_FILLER)
        .filter(|c| c.len() == 4 && c.starts_with(word));
    let first = found.next()?;
    found.next().is_none().then_some(*first)
}

/// Misspellings of command words written as they sound, which are no word of their own:
/// corrected wherever they stand ("i need the dinosaur artical", "wats the layowt").
const SOUNDED_OUT: &[(&str, &str)] = &[
    ("artical", "article"),
    ("articel", "article"),
    ("artcile", "article"),
    ("aritcle", "article"),
    ("articals", "articles"),
    ("articels", "articles"),
    ("sumarize", "summarize"),
    ("summerize", "summarize"),
    ("sumarise", "summarise"),
    ("summerise", "summarise"),
    ("sumary", "summary"),
    ("hedings", "headings"),
    ("headins", "headings"),
    ("layowt", "layout"),
    ("startin", "starting"),
    ("begining", "beginning"),
    ("sektion", "section"),
    ("seccion", "section"),
];
/// Homophones of a command word, corrected only before a noun for the article or a page:
/// "the hole article", "opne the mane page".
const SOUNDED_BEFORE_PAGE: &[(&str, &str)] =
    &[("hole", "whole"), ("mane", "main"), ("mian", "main")];

/// [`correct_typos`]' first pass: [`SOUNDED_OUT`] and [`SOUNDED_BEFORE_PAGE`].
fn sounded_out_command_words(s: &str) -> (String, usize) {
    let words: Vec<&str> = s.split(' ').collect();
    let mut changed = 0usize;
    let out: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let core = w.trim_matches(|c: char| c.is_ascii_punctuation());
            let lower = core.to_lowercase();
            let next_is_page = words.get(i.saturating_add(1)).is_some_and(|n| {
                let n = n
                    .trim_matches(|c: char| c.is_ascii_punctuation())
                    .to_lowercase();
                matches!(
                    n.as_str(),
                    "article" | "artical" | "page" | "text" | "thing" | "entry"
                )
            });
            let fixed = SOUNDED_OUT
                .iter()
                .find(|(bad, _)| *bad == lower)
                .map(|(_, good)| *good)
                .or_else(|| {
                    next_is_page
                        .then(|| SOUNDED_BEFORE_PAGE.iter().find(|(bad, _)| *bad == lower))
                        .flatten()
                        .map(|(_, good)| *good)
                });
            match fixed {
                Some(good) if !core.is_empty() => {
                    changed = changed.saturating_add(1);
                    w.replacen(core, good, 1)
                }
                _ => (*w).to_string(),
            }
        })
        .collect();
    (out.join(" "), changed)
}

/// Returns the vocabulary word `word` is a likely misspelling of, if any.
///
/// Only lowercase ASCII words are considered (titles are usually capitalised or non-ASCII, and we
/// must not rewrite them). Four-letter words are corrected only for transpositions or a missing
/// letter ("wlak", "lsit", "lnks"), since a single substitution there often makes another real
/// word ("wall"). Singular/plural pairs are left alone.
fn correct_word(word: &str) -> Option<&'static str> {
    let len = word.chars().count();
    if len < 4 || !word.chars().all(|c| c.is_ascii_lowercase()) || VOCABULARY.contains(&word) {
        return None;
    }
    // Plurals of command words ("titles") are words in their own right, not typos of "titled".
    if word
        .strip_suffix('s')
        .is_some_and(|stem| VOCABULARY.contains(&stem))
    {
        return None;
    }
    let first = word.chars().next()?;
    let mut best: Option<(&'static str, usize)> = None;
    for &cand in VOCABULARY {
        // "structural", "sectional", "similarly": a word made from a command word is a
        // word of its own, not a misspelling of it.
        if derived_from(word, cand) {
            return None;
        }
        let plural_pair =
            word.strip_suffix('s') == Some(cand) || cand.strip_suffix('s') == Some(word);
        if !cand.starts_with(first) || cand.len().abs_diff(len) > 1 || plural_pair {
            continue;
        }
        let dl = strsim::damerau_levenshtein(word, cand);
        let allowed = if len >= 9 { 2 } else { 1 };
        // Scrambled letters ("sreach") are a common fast-typing error: same letters, same start.
        let scrambled = len >= 5 && cand.len() == len && same_letters(word, cand);
        if dl == 0 || (dl > allowed && !scrambled) {
            continue;
        }
        if len == 4 && cand.len() == 4 && strsim::levenshtein(word, cand) == 1 {
            continue;
        }
        if best.is_none_or(|(_, d)| dl < d) {
            best = Some((cand, dl));
        }
    }
    best.map(|(c, _)| c)
}

/// Whether word `i` of `words` stands where a section noun does: after the words of a
/// heading (a word that is no determiner nor request word), before "of" and a reference to an
/// article ("the early life sexton of the marie curie article").
fn section_noun_position(words: &[&str], i: usize) -> bool {
    let bare = |w: &str| {
        w.trim_matches(|c: char| c.is_ascii_punctuation())
            .to_ascii_lowercase()
    };
    let next = i.saturating_add(1);
    let before_of = words
        .get(next)
        .is_some_and(|w| w.eq_ignore_ascii_case("of"));
    let after_heading = || {
        i.checked_sub(1)
            .and_then(|j| words.get(j))
            .is_some_and(|w| {
                let w = bare(w);
                !COMMAND_FILLER.contains(&w.as_str()) && !VOCABULARY.contains(&w.as_str())
            })
    };
    // The article after "of" is named with its noun ("of the Wolf article") or capitalised
    // ("the Etymology secton of Wolf").
    let article_after = || {
        words
            .iter()
            .skip(next.saturating_add(1))
            .any(|w| matches!(bare(w).as_str(), "article" | "page" | "entry"))
            || words
                .get(next.saturating_add(1))
                .is_some_and(|w| w.chars().next().is_some_and(char::is_uppercase))
    };
    before_of && after_heading() && article_after()
}

/// "section" misspelt by a word of six letters or more, two edits away at most ("sexton"),
/// in that position.
fn misspelt_section(word: &str) -> bool {
    word.chars().count() >= 6
        && word.chars().all(|c| c.is_ascii_lowercase())
        && word.starts_with('s')
        && !VOCABULARY.contains(&word)
        && word != "sections"
        && (1..=2).contains(&strsim::damerau_levenshtein(word, "section"))
}

/// Endings that make a word from another ("struct-ure" -> "struct-ural", "section" ->
/// "sectional", "similar" -> "similarly").
const DERIVING_SUFFIXES: &[&str] = &[
    "al", "ally", "ly", "ed", "er", "ers", "ing", "ings", "ion", "ions", "ive", "ism", "ist",
    "ity", "ness", "ment", "able", "ize", "ise",
];

/// Whether `word` is `cand` (or `cand` without its final "e") with a deriving suffix.
fn derived_from(word: &str, cand: &str) -> bool {
    let stems = [Some(cand), cand.strip_suffix('e')];
    stems.into_iter().flatten().any(|stem| {
        stem.len() >= 4
            && word
                .strip_prefix(stem)
                .is_some_and(|rest| DERIVING_SUFFIXES.contains(&rest))
    })
}

fn same_letters(a: &str, b: &str) -> bool {
    let mut x: Vec<char> = a.chars().collect();
    let mut y: Vec<char> = b.chars().collect();
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

/// The noun for an archive's files `word` misspells, after "zim" ("zim fles", "zim archves"),
/// where no other noun stands: one edit away, four letters or more.
fn archive_noun_typo(word: &str) -> Option<&'static str> {
    const NOUNS: [&str; 4] = ["files", "archives", "file", "archive"];
    if word.chars().count() < 4 || !word.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    if NOUNS.contains(&word) {
        return None;
    }
    NOUNS
        .into_iter()
        .find(|n| strsim::damerau_levenshtein(word, n) == 1)
}

/// Rewrites misspelt command words in place; returns the new text and how many words changed.
/// Only words where a command stands are corrected: the first two words ("serach for X",
/// "pls sumary X"), a word before "of" ("the tabel of contents of X") and "section" after the
/// words of a heading, before "of" and an article ("the early life sexton of the X article",
/// two edits away). The topic is never
/// touched: "search for linus torvalds" keeps "linus", which is one letter from "links". After
/// "zim" a misspelt noun for its files is corrected wherever it stands ("what zim fles are
/// avalable").
pub fn correct_typos(s: &str) -> (String, usize) {
    let (s, sounded) = sounded_out_command_words(s);
    let s = s.as_str();
    let mut changed = sounded;
    let raw: Vec<&str> = s.split(' ').collect();
    // The command runs on while every word so far is a command word or a filler: the third
    // word of "table of contnets for X" is still the command.
    let mut in_command = true;
    let words: Vec<String> = raw
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let core = w.trim_matches(|c: char| c.is_ascii_punctuation());
            // "zim fles": after "zim" only a noun for its files can stand.
            if i >= 1
                && raw
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.eq_ignore_ascii_case("zim"))
                && let Some(fixed) = archive_noun_typo(core)
            {
                changed = changed.saturating_add(1);
                return w.replacen(core, fixed, 1);
            }
            let before_of = i <= 3
                && raw
                    .get(i.saturating_add(1))
                    .is_some_and(|next| next.eq_ignore_ascii_case("of"));
            // After a search command everything is topic ("search for lines of best fit").
            let after_search = raw.iter().take(i).any(|p| {
                let p = p.to_lowercase();
                p == "search" || p == "find" || p == "for"
            });
            // "show the early life sexton of the marie curie article": before "of" and an
            // article of its own a view noun stands, wherever that is in the sentence.
            if !after_search && section_noun_position(&raw, i) && misspelt_section(core) {
                changed = changed.saturating_add(1);
                in_command = false;
                return w.replacen(core, "section", 1);
            }
            let command_prefix = in_command && i >= 2;
            if (i >= 2 && !before_of && !command_prefix) || (i >= 1 && after_search) {
                in_command = false;
                return (*w).to_string();
            }
            let fixed = correct_word(core).or_else(|| {
                // "the ful artcle": inside the command, three letters that begin exactly one
                // command word of four are it with its last letter dropped.
                in_command.then(|| truncated_command_word(core)).flatten()
            });
            let word = fixed.unwrap_or(core).to_lowercase();
            in_command = in_command
                && (VOCABULARY.contains(&word.as_str()) || COMMAND_FILLER.contains(&word.as_str()));
            match fixed {
                Some(fixed) => {
                    changed = changed.saturating_add(1);
                    w.replacen(core, fixed, 1)
                }
                None => w.to_string(),
            }
        })
        .collect();
    (words.join(" "), changed)
}

static QUOTED: Pattern = LazyLock::new(|| rx(r#"^(?:"(.+)"|'(.+)'|`(.+)`)$"#));
static TITLE_LEAD_FILLER: Pattern = LazyLock::new(|| {
    Regex::new(r"^(?:(?:title_or_path|title|path|page|article|name)\s*=|[\w.+-]+\s+(?:docs?|documentation|manual|wiki)\s+(?:page|article|entry)\s+(?:for|on|about|of)|out\s+of|the|a|an|me|us|whole|full|complete|entire|text|of|article|page|entry|entries|document|doc|artikel|art[ií]culo|den|die|das|der|le|la|les|l'article|l'|el|del|for|on|about|called|named|titled|to|de|du|von|über|sur|sobre|just|this|following|is|are|was|were|in|from|with|title|exact|exactly|precisely|literally|simply|please|pls|only)\b\s*").ok()
});
static TITLE_TRAIL_FILLER: Pattern = LazyLock::new(|| {
    Regex::new(r"\s+(?:(?:docs?|documentation)\s+(?:article|page|entry)|(?:from|in|within)\s+(?:the|our|my|your)\s+[\w.+-]+(?:\s+[\w.+-]+)?\s+(?:docs|documentation|manual|wiki|archive|zim)|by\s+(?:its|the|their)\s+(?:exact\s+)?(?:title|name)|article|page|entry|document|wiki|archive|please|thanks|in\s+the\s+link\s+graph|say|says|have|has|for\s+me|is|are|with|plus|including|along\s+with|used\s+for|good\s+for|useful\s+for|for|stand\s+for|stands\s+for|mean|means|exist|exists|as\s+well|too)$").ok()
});
/// An entry path, then a clause of purpose or sequence.
static PATH_THEN_PURPOSE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:of|in|from|on|at|the|entry|page|article|path)\s+)*(?P<p>(?:[\w.-]+/)+[\w.%()~-]+)\s+(?:for|to|so|because|as|in\s+order|before|after|then)\b.*$",
    )
});
/// "the X one", "that X one": a lowercase "one" after a name (not "Formula One").
static THE_X_ONE: Pattern = LazyLock::new(|| {
    Regex::new(r"^(?:[Tt]he|[Tt]hat|[Tt]his)\s+(?P<x>[A-Z0-9].*?)\s+one[.!?]?$").ok()
});
static EDGE_PUNCT: &[char] = &[',', ';', ':', '!', '?', '.', ' ', '¿', '¡', '—', '–', '→'];

/// Removes one pair of surrounding quotes, if the whole string is quoted.
fn unquote(s: &str) -> Option<String> {
    let re = QUOTED.as_ref()?;
    let caps = re.captures(s)?;
    caps.iter()
        .skip(1)
        .flatten()
        .next()
        .map(|m| m.as_str().trim().to_string())
}

/// A clause after the title that qualifies the request: "X article, with section sizes",
/// "X: sections with their sizes" (lowercase words after a colon),
/// "X article with section sizes", "X article for my risk assessment" (what it is for),
/// "the page 'X' including how long each section is", "X, nothing else", "X, I don't need the rest", "X so I can cite it", "X (not a
/// full-text search)", "X from seamanship_en_2023-06.zim" (an archive's file that is not
/// loaded: the place, not the title).
static TRAILING_CLAUSE: Pattern = LazyLock::new(|| {
    Regex::new(
        r",\s+(?:with|including|showing|along|and|so|because|as|not|no|rather\s+than|instead\s+of|just|only|every|each|all\s+of|in\s+full|word\s+for\s+word|nothing\s+(?:else|more)|full\s+text|[iI]\s+(?:don'?t|do\s+not)\s+(?:need|want))\b.*$|:\s+[a-z][a-z\s,'+&-]*$|\s+(?:including|so\s+(?:that\s+)?(?:[iI]|[wW]e)\s+(?:can|could|may)|(?:before|after|once|until|while)\s+(?:i|I|we))\b.*$|\s+(?:article|page|entry)\s+(?:with|including|by|sorted|broken|split|for\s+(?:my|our|your|his|her|their|a|an)\s)\b.*$|\s*\((?:not|no|just|only|rather\s+than|instead\s+of)\b[^()]*\)\s*$|\s+(?:--?|—|–)\s+[a-z].*$|\s+(?:in|from|of)\s+(?:the\s+)?(?:(?:archive|zim|file)\s+)?[\w.-]+\.zim\s*$|\s+(?:in|on|from)\s+(?:the\s+)?[a-z0-9]+(?:_[a-z0-9-]+){2,}\s*$|\s+in\s+the\s+title\s+(?:index|list)\s*$|\s+as\s+(?i:json|yaml|xml|csv|markdown)\s*[.!]*$|\s+(?:word\s+for\s+word|verbatim)\b.*$|\s+(?:the\s+)?(?:whole|entire)\s+thing\s*[.!]*$|\s+(?:just|only)\s+the\s+(?:opening|first|intro(?:ductory)?|top)\s+(?:bit|part|paragraph|lines?|section)\s*[.!]*$",
    )
    .ok()
});
/// Lowercase words before a colon, then a name: the words qualify the request, the name is
/// the title ("with anchors: Tide"). Case-sensitive: "Star Wars: Episode IV" is one title.
static LOWERCASE_LABEL: Pattern = LazyLock::new(|| {
    Regex::new(r#"^(?:[a-z][a-z'/+-]*\s+){0,8}[a-z][a-z'/+-]*:\s+(?P<t>[A-Z0-9"'].*)$"#).ok()
});
/// "the Nile article", "the colosseum page" at the end of lowercase request words ("outline
/// of the Nile article", "break down the Photosynthesis article by section"): the article
/// is the name before the noun. Words after the noun say how the article is wanted.
static NAMED_ARTICLE_INSIDE: Pattern = LazyLock::new(|| {
    Regex::new(
        r"^(?P<lead>(?:(?:[a-z][a-z'-]*|I|I'm|I'd|I've)\s+)+)the\s+(?P<t>\S.*?)\s+(?:(?:docs?|documentation|reference|wiki|help)\s+)?(?:article|page|entry)(?:$|[,;:]\s*.*$|\s+(?:by|with|including|and|so|because|but|sorted|broken|split|as|in\s+full|in\s+order|(?:before|after|once|until|while)\s+(?:i|we)|to\s+(?:read|explore|cite|pick|check))\b.*$)",
    )
    .ok()
});

/// The article a phrase names with "the X article" after lowercase request words.
fn article_named_inside(s: &str) -> Option<String> {
    let c = NAMED_ARTICLE_INSIDE.as_ref()?.captures(s)?;
    let t = c.name("t")?.as_str();
    // The name is the words after the last "the": "of the history of the Jazz article".
    let t = t.rsplit(" the ").next().unwrap_or(t).trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// One quoted span, as a word of its own (not the apostrophe of "Schrödinger's cat").
static QUOTED_SPAN: Pattern = LazyLock::new(|| {
    Regex::new(r#"(?:^|\s)(?:"(?P<d>[^"]+)"|'(?P<s>[^']+)')(?:$|[\s,.;:?!])"#).ok()
});

/// The quoted span of `s` when the words around it are lowercase request words ("the page
/// 'Renaissance'", "exactly \"Turing machine\"", "jump to the 'Causes'"): whoever quotes a
/// name means that name. With capitalised words around it the quotes are part of a title.
fn quoted_name(s: &str) -> Option<String> {
    let re = QUOTED_SPAN.as_ref()?;
    let mut spans = re.captures_iter(s);
    let c = spans.next()?;
    if spans.next().is_some() {
        return None;
    }
    let all = c.get(0)?;
    let inner = c.name("d").or_else(|| c.name("s"))?.as_str().trim();
    let outside = format!(
        "{} {}",
        s.get(..all.start()).unwrap_or_default(),
        s.get(all.end()..).unwrap_or_default()
    );
    // The pronoun "I" is no capital of a name ("'Scurvy' I should read next").
    let plain = |t: &str| {
        t.split_whitespace()
            .filter(|w| !matches!(*w, "I" | "I'm" | "I'd" | "I've" | "I'll"))
            .flat_map(str::chars)
            .all(|ch| !(ch.is_uppercase() || ch.is_ascii_digit() || ch == '/'))
    };
    // "the Wikipedia article 'X'": a name quoted right after a noun for an article is the
    // article's, whatever names the archive before the noun.
    let after_noun = s
        .get(..all.start())
        .unwrap_or_default()
        .trim_end()
        .rsplit(' ')
        .next()
        .is_some_and(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "article" | "page" | "entry" | "post" | "titled" | "called" | "named"
            )
        })
        && plain(s.get(all.end()..).unwrap_or_default());
    ((plain(&outside) || after_noun) && !inner.is_empty()).then(|| inner.to_string())
}

/// `s` without the first match of a filler pattern, matched case-sensitively unless `any_case`
/// (then on the ASCII-lowercased text, which keeps byte offsets).
fn strip_filler(re: &Pattern, s: &str, any_case: bool) -> String {
    let Some(re) = re.as_ref() else {
        return s.trim().to_string();
    };
    if !any_case {
        return re.replace(s, "").trim().to_string();
    }
    let lower = s.to_ascii_lowercase();
    match re.find(&lower) {
        Some(m) => format!(
            "{}{}",
            s.get(..m.start()).unwrap_or_default(),
            s.get(m.end()..).unwrap_or_default()
        )
        .trim()
        .to_string(),
        None => s.trim().to_string(),
    }
}

/// Cleans an extracted article title/path: trims punctuation, unquotes, and strips lowercase
/// filler words ("the", "article", "page of") around it. Fillers are matched case-sensitively so
/// capitalised titles ("The Beatles", "Article 5") survive.
pub fn clean_title(s: &str) -> String {
    let mut cur = s.trim().to_string();
    // Written all in capitals ("GIVE ME THE ENTIRE ARTICLE ON SEARCH ENGINE"), the request
    // has no case to tell filler from title by: fillers are matched in any case then. One
    // word in capitals is a name or a path ("NATO", "A/USA"), not a request.
    let all_caps = cur.contains(' ')
        && cur.chars().any(char::is_uppercase)
        && !cur.chars().any(char::is_lowercase);
    if let Some(named) = article_named_inside(&cur) {
        cur = named;
    }
    // "with byte sizes per section: Great Barrier Reef": lowercase words that say how the
    // view is wanted, then the name after a colon.
    if cur.contains(": ")
        && let Some(c) = LOWERCASE_LABEL.as_ref().and_then(|re| re.captures(&cur))
        && let Some(t) = c.name("t")
    {
        cur = t.as_str().to_string();
    }
    if let Some(re) = TRAILING_CLAUSE.as_ref() {
        cur = re.replace(&cur, "").trim().to_string();
    }
    // "docs/api.html for a dead-link scan": an entry path has no spaces; words after it say
    // what it is wanted for.
    if let Some(p) = PATH_THEN_PURPOSE
        .as_ref()
        .and_then(|re| re.captures(&cur))
        .and_then(|c| c.name("p"))
    {
        cur = p.as_str().to_string();
    }
    // "the Tyrannosaurus one": "one" stands for the article after a definite name.
    if let Some(c) = THE_X_ONE.as_ref().and_then(|re| re.captures(&cur))
        && let Some(x) = c.name("x")
    {
        cur = x.as_str().to_string();
    }
    if let Some(name) = quoted_name(&cur) {
        return name;
    }
    for _ in 0..12 {
        let mut next = cur.trim_matches(EDGE_PUNCT).trim().to_string();
        if let Some(unq) = unquote(&next) {
            return unq;
        }
        next = strip_filler(&TITLE_LEAD_FILLER, &next, all_caps);
        next = strip_filler(&TITLE_TRAIL_FILLER, &next, all_caps);
        if next == cur {
            break;
        }
        cur = next;
    }
    cur
}

/// Leading connectors and articles ("for", "about the"), and what is searched ("articles",
/// "text") only before a connector or a colon: in "search text editors" it is the topic.
static QUERY_LEAD_FILLER: Pattern = LazyLock::new(|| {
    Regex::new(r"^(?:(?:for|about|on|regarding|concerning|the|a|an|nach|sur|pour|sobre|über|per|de|everything|anything|something|stuff|mentioning|that\s+mention|which\s+mention|in|into|through|(?:in\s+|across\s+|through\s+)?(?:all|every|each)\s+(?:the\s+)?(?:loaded\s+|available\s+)?(?:zim\s+)?(?:files?|archives?|zims?|wikis?|sources?)|everywhere)\b|(?:información|informacion|informations?|information|info|articles?|pages?|entries|results?|hits|text|terms?|documents?|docs|mentions?)(?:\s*:|\s+(?:for|about|on|regarding|concerning|mentioning|of|with|containing|matching|sobre|sur|pour|über|nach|de|that\s+mention|which\s+mention)\b))\s*:?\s*").ok()
});

/// Cleans an extracted search query: trims punctuation, unquotes, strips leading connector words
/// ("for", "about", "information on", "all archives"). Articles inside the query are kept, except
/// a leading lowercase "the/a/an".
pub fn clean_query(s: &str) -> String {
    let mut cur = s.trim().to_string();
    for _ in 0..12 {
        let mut next = cur.trim_matches(EDGE_PUNCT).trim().to_string();
        if let Some(unq) = unquote(&next) {
            return unq;
        }
        if let Some(re) = QUERY_LEAD_FILLER.as_ref() {
            next = re.replace(&next, "").trim().to_string();
        }
        if next == cur {
            break;
        }
        cur = next;
    }
    cur
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_caps_and_replaces_controls() {
        assert_eq!(normalize_input("a\u{0}\n b\t\tc"), "a b c");
        assert_eq!(normalize_input("\u{2019}x\u{201c}"), "'x\"");
        // Emoji are decoration: "pls 🎾" ends with the politeness word.
        assert_eq!(
            normalize_input("Serena Williams pls 🎾"),
            "Serena Williams pls"
        );
        assert_eq!(normalize_input("✅ done ❤️ x"), "done x");
        assert_eq!(normalize_input("Zürich → Genève"), "Zürich → Genève");
        assert_eq!(normalize_input(&"x".repeat(5000)).len(), MAX_QUERY_CHARS);
    }

    #[test]
    fn chat_spellings_of_function_words() {
        assert_eq!(expand_chat("whats a hash map"), "what's a hash map");
        assert_eq!(expand_chat("r u alive"), "are you alive");
        assert_eq!(
            expand_chat("wat pages r in this thing"),
            "what pages are in this thing"
        );
        assert_eq!(expand_chat("go thru the list"), "go through the list");
        // An abbreviation's period is its own, no sentence's end.
        assert_eq!(
            expand_chat("layout of X incl. anchor ids"),
            "layout of X including anchor ids"
        );
        assert_eq!(expand_chat("incl, excl"), "including, excl");
        assert_eq!(expand_chat("is it down rn?"), "is it down right now?");
        assert_eq!(
            expand_chat("can u gimme the toc"),
            "can you give me the toc"
        );
        // Slips on function words.
        assert_eq!(
            expand_chat("show me teh zim files youve got"),
            "show me the zim files you've got"
        );
        assert_eq!(expand_chat("jsut the intro"), "just the intro");
        assert_eq!(expand_chat("wich pages"), "which pages");
        // Capitalised, they may be names.
        assert_eq!(expand_chat("Teh Chronicles"), "Teh Chronicles");
        // A lone letter that is no pronoun or verb stays: a topic or a namespace.
        for s in [
            "how to plot in r",
            "u substitution integrals",
            "walk namespace r in batches",
            "the letter u in cyrillic",
            "vitamin u deficiency",
        ] {
            assert_eq!(expand_chat(s), s, "{s}");
        }
    }

    #[test]
    fn trailing_instructions_about_the_answer() {
        for (s, want) in [
            (
                "Who holds the record, and how is it verified? Please cite your sources.",
                "Who holds the record, and how is it verified?",
            ),
            (
                "Which organ produces insulin? Answer in French.",
                "Which organ produces insulin?",
            ),
            (
                "how does a hash table handle collisions? Keep it under 100 words.",
                "how does a hash table handle collisions?",
            ),
            (
                "Brief summary of the Main sequence article please, keep it under 100 words",
                "Brief summary of the Main sequence article please",
            ),
            (
                "summarize Rubella, the opening paragraph is enough",
                "summarize Rubella",
            ),
            (
                "What happens at the start of puberty? explain in simple words for a 10 year old",
                "What happens at the start of puberty?",
            ),
            (
                "is ibuprofen safe with an ulcer? cite the source",
                "is ibuprofen safe with an ulcer?",
            ),
            ("what is a quasar - be concise", "what is a quasar"),
            (
                "what is the missing link? simple words please, it's for my 9 year old",
                "what is the missing link?",
            ),
        ] {
            assert_eq!(strip_format_asides(s), want, "{s}");
        }
    }

    #[test]
    fn asides_about_the_answers_form() {
        assert_eq!(
            strip_format_asides("Provide a brief summary (2-3 sentences) of the article 'X'."),
            "Provide a brief summary of the article 'X'."
        );
        assert_eq!(
            strip_format_asides("explain entropy in one sentence"),
            "explain entropy"
        );
        assert_eq!(
            strip_format_asides("summarize Jazz in under 100 words please"),
            "summarize Jazz please"
        );
        assert_eq!(
            strip_format_asides("the gist of Hamlet in bullet points"),
            "the gist of Hamlet"
        );
        // Counts that are the topic stay.
        for s in [
            "how to cite your sources in APA",
            "answer in French",
            "keep it short",
            "the history of source criticism",
            "what does 'cite your sources' mean?",
            "how to draw a line in matplotlib",
            "read 10 lines of a file in python",
            "a 500 word essay on climate",
            "Ray Charles (album)",
        ] {
            assert_eq!(strip_format_asides(s), s, "{s}");
        }
    }

    #[test]
    fn politeness_is_stripped() {
        assert_eq!(
            strip_politeness("Could you please search for cats?"),
            "search for cats"
        );
        assert_eq!(
            strip_politeness("please list the zim files please!"),
            "list the zim files"
        );
        assert_eq!(strip_politeness("I'd like to read X, thanks"), "read X");
        assert_eq!(
            strip_politeness("¿qué es la fotosíntesis?"),
            "qué es la fotosíntesis"
        );
    }

    #[test]
    fn greetings_and_thanks_are_politeness() {
        for (q, want) in [
            (
                "Good afternoon. Could you please search for tide tables? Thank you very much.",
                "search for tide tables",
            ),
            (
                "Hi there, show me the Tide article",
                "show me the Tide article",
            ),
            (
                "good morning! list the zim files, thanks a lot",
                "list the zim files",
            ),
            (
                "Greetings. read Moby-Dick. Much appreciated!",
                "read Moby-Dick",
            ),
        ] {
            assert_eq!(strip_politeness(q), want, "{q}");
        }
        // Without its punctuation a greeting may be a title; thanks inside a request stay.
        for q in [
            "Good Morning America ratings",
            "Good Day Sunshine lyrics",
            "Thank You for Smoking",
        ] {
            assert_eq!(strip_politeness(q), q, "{q}");
        }
    }

    #[test]
    fn typos_in_command_words_are_corrected() {
        assert_eq!(correct_typos("serach for X").0, "search for X");
        assert_eq!(
            correct_typos("summery of Evolution").0,
            "summary of Evolution"
        );
        assert_eq!(correct_typos("wlak namespace C").0, "walk namespace C");
        assert_eq!(correct_typos("lnks in X").0, "links in X");
        assert_eq!(correct_typos("sreach X").0, "search X");
        // Along a command with adjectives for the whole article.
        assert_eq!(
            correct_typos("show me the whole artcle on X").0,
            "show me the whole article on X"
        );
        // Further along a command of several words.
        assert_eq!(
            correct_typos("table of contnets for X").0,
            "table of contents for X"
        );
        // After request verbs and question words that lead to the command.
        assert_eq!(
            correct_typos("get the full artcle on X").0,
            "get the full article on X"
        );
        assert_eq!(
            correct_typos("what's the mian page of it").0,
            "what's the main page of it"
        );
        assert_eq!(
            correct_typos("give me just the sumary for X").0,
            "give me just the summary for X"
        );
        // Not after the command has ended.
        assert_eq!(correct_typos("toc for Lniks").1, 0);
        assert_eq!(correct_typos("show me Linus Torvalds lnks").1, 0);
        // Plurals of command words stay as they are.
        assert_eq!(correct_typos("titles").0, "titles");
        // A real word one substitution away from a command word is not rewritten.
        assert_eq!(correct_typos("great wall").0, "great wall");
        // Capitalised words (titles) are never rewritten.
        assert_eq!(correct_typos("Serach").1, 0);
        // Words made from a command word are words of their own.
        for w in [
            "structural layout of X",
            "sectional sofa",
            "similarly named pages",
            "linked list",
        ] {
            assert_eq!(correct_typos(w).1, 0, "{w}");
        }
        // Misspellings of it are still corrected.
        assert_eq!(correct_typos("strucutre of X").0, "structure of X");
        assert_eq!(correct_typos("sectoin of X").0, "section of X");
    }

    #[test]
    fn titles_are_cleaned() {
        assert_eq!(clean_title("the Mitochondrion article"), "Mitochondrion");
        assert_eq!(
            clean_title("\"Ray Charles (album)\"?"),
            "Ray Charles (album)"
        );
        assert_eq!(clean_title("'Paris, France'"), "Paris, France");
        assert_eq!(clean_title("The Beatles"), "The Beatles");
        // A path or a name in capitals is no request written in capitals.
        assert_eq!(clean_title("A/USA"), "A/USA");
        assert_eq!(clean_title("A/E"), "A/E");
        assert_eq!(clean_title("NATO"), "NATO");
        assert_eq!(
            clean_title("std/vec/struct.Vec.html."),
            "std/vec/struct.Vec.html"
        );
        // Clauses after the title qualify the request.
        assert_eq!(clean_title("the Moon article, with its sizes"), "Moon");
        assert_eq!(clean_title("Moon including every heading"), "Moon");
        assert_eq!(clean_title("Glacier, only the first paragraph"), "Glacier");
        assert_eq!(clean_title("Tide, not the whole thing"), "Tide");
        // A spaced dash before a lowercase clause ends the title; a dash or an arrow at an
        // edge is punctuation.
        assert_eq!(
            clean_title("Mitochondrion — which sections are the longest"),
            "Mitochondrion"
        );
        assert_eq!(clean_title("Hypertension -- what else"), "Hypertension");
        assert_eq!(
            clean_title("→ Metadata (computing)"),
            "Metadata (computing)"
        );
        assert_eq!(
            clean_title("Pride and Prejudice — Volume I"),
            "Pride and Prejudice — Volume I"
        );
        assert_eq!(clean_title("Spider-Man"), "Spider-Man");
        assert_eq!(clean_title("Comet: sections & anchors"), "Comet");
        // A quoted name among lowercase request words is the name.
        assert_eq!(clean_title("exactly \"Ray Charles\" please"), "Ray Charles");
        assert_eq!(clean_title("the page 'Ray Charles' in full"), "Ray Charles");
        assert_eq!(clean_title("Schrödinger's cat"), "Schrödinger's cat");
        assert_eq!(clean_title("Ray Charles 'Live'"), "Ray Charles 'Live'");
        // An article named inside lowercase request words.
        assert_eq!(clean_title("outline of the Nile article"), "Nile");
        assert_eq!(
            clean_title("break down the Photosynthesis article by section"),
            "Photosynthesis"
        );
        assert_eq!(clean_title("stuff like the colosseum article"), "colosseum");
        assert_eq!(
            clean_title("Diabetes mellitus article with section sizes"),
            "Diabetes mellitus"
        );
        assert_eq!(
            clean_title("The Lord of the Rings page"),
            "The Lord of the Rings"
        );
        assert_eq!(
            clean_title("the Wikipedia page for Tokyo"),
            "Wikipedia page for Tokyo"
        );
        // Adverbs of exactness before a name are no part of it.
        assert_eq!(clean_title("exactly Zeitgeist"), "Zeitgeist");
        assert_eq!(clean_title("precisely the Iliad"), "Iliad");
        assert_eq!(clean_title("Exactly Like You"), "Exactly Like You");
    }

    #[test]
    fn queries_are_cleaned() {
        assert_eq!(
            clean_query("for quantum entanglement"),
            "quantum entanglement"
        );
        assert_eq!(clean_query("all archives for Mozart"), "Mozart");
        // What is searched is filler only before a connector: otherwise it is the topic.
        assert_eq!(clean_query("articles about cats"), "cats");
        assert_eq!(clean_query("pages: dogs"), "dogs");
        assert_eq!(clean_query("text editors"), "text editors");
        assert_eq!(clean_query("for a text column"), "text column");
        assert_eq!(clean_query("documents management"), "documents management");
        assert_eq!(
            clean_query("información sobre el sistema solar"),
            "el sistema solar"
        );
        assert_eq!(
            clean_query("la révolution française"),
            "la révolution française"
        );
    }

    #[test]
    fn heldout_u_text_causes() {
        // Japanese corner brackets quote a name.
        assert_eq!(normalize_input("「東京タ」で始まる"), "\"東京タ\"で始まる");
        // Lowercase words before a colon say how the view is wanted; a capitalised title
        // with a colon is one title.
        assert_eq!(
            clean_title("with byte sizes per section: Great Barrier Reef"),
            "Great Barrier Reef"
        );
        assert_eq!(
            clean_title("Star Wars: Episode IV"),
            "Star Wars: Episode IV"
        );
        assert_eq!(
            clean_title("Bessemer process, every paragraph"),
            "Bessemer process"
        );
        // Thanks before the request is politeness.
        assert_eq!(
            strip_politeness("thanks! and what about Mars"),
            "and what about Mars"
        );
        assert_eq!(
            strip_politeness("thanks for all the fish"),
            "thanks for all the fish"
        );
        // "section" misspelt after the words of a heading, before "of" and an article; not
        // a word of the sentence elsewhere.
        assert_eq!(
            correct_typos("show the early life sexton of the marie curie article"),
            (
                "show the early life section of the marie curie article".to_string(),
                1
            )
        );
        for s in [
            "who was the sexton of the church in Hamlet",
            "the comments of the Tide page",
            "the early life sexton of the church",
            "search for the early life sexton of the X article",
        ] {
            assert_eq!(correct_typos(s), (s.to_string(), 0), "{s}");
        }
    }
}
