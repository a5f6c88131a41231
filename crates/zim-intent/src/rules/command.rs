//! Agent-style tool calls: a command word alone or followed by `:` (or `(...)`), with free
//! text, `key=value` arguments or command-line flags: "get_article: Ada Lovelace", "links:
//! Marie Curie", "section: Barack Obama / Early life", "browse: namespace=A limit=50",
//! "summary --title \"Higgs boson\"", "browse --ns M --limit 10", "list_archives". Arguments
//! alone name the one call that takes them: "section=Reception article=The_Godfather" (a
//! section and its article), "q=tcp handshake" (a query).
//!
//! Models that know tool interfaces write requests this way. The command word is any intent's
//! name or a tool-ish alias in any spelling (`get_article`, `getArticle`, `get-article`,
//! `get article`, `zim_get`, openzim-mcp's `get_zim_entry`): it is split into words, words
//! that name no operation (`zim`, `get`, `mcp`) are dropped, and the rest is looked up in one
//! table. Only the whole command position counts: "related rates in calculus" has no colon
//! and is not a call.

use super::{Context, RuleHit, hit, namespace, subject_confidence, title_of};
use crate::text::{Pattern, rx};
use crate::{Intent, json};
use std::sync::LazyLock;

/// A call: the command, then `:` and arguments, `(arguments)`, `key=value` arguments or
/// command-line flags (`--title X`), or nothing. The command is at most four words of letters
/// joined by `_`, `-`, `.` or spaces.
static CALL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?P<cmd>[a-z][a-z]*(?:[_\-. ][a-z]+){0,4}?)\s*(?:(?::|->|=>|→)\s*(?P<colon>.*)|\((?P<paren>.*)\)|\s*(?P<brace>\{.*\})|\s(?P<kv>[a-z_]+\s*=.*)|\s(?P<flags>--?[a-z][\w-]*(?:[\s=].*)?))?$",
    )
});

/// A request made only of `key=value` pairs ("section=Reception article=The_Godfather").
static PAIRS_ONLY: Pattern = LazyLock::new(|| rx(r"^[a-z_]+\s*=\s*\S.*$"));

/// One command-line flag: `--title`, `--max-results=5`, `-n`.
static FLAG: Pattern = LazyLock::new(|| rx(r"^--?(?P<k>[a-z][\w-]*)(?:=(?P<v>.*))?$"));

/// Command-line flags as `key=value` arguments: `--title "Higgs boson" --limit 3` gives
/// `title="Higgs boson" limit=3`. A flag's value is the words up to the next flag; a flag
/// without one (`--fuzzy`) and a lone `--` say nothing of the arguments read here.
fn flags_as_pairs(raw: &str) -> String {
    let mut pairs: Vec<(String, Vec<String>)> = Vec::new();
    let mut quote: Option<char> = None;
    let mut words: Vec<String> = Vec::new();
    for w in raw.split_whitespace() {
        // Quoted values keep their spaces: `"Higgs boson"` is one value.
        match (quote, words.last_mut()) {
            (Some(q), Some(last)) => {
                last.push(' ');
                last.push_str(w);
                if w.ends_with(q) {
                    quote = None;
                }
                continue;
            }
            _ => {
                let opens = w.chars().next().filter(|c| matches!(c, '"' | '\''));
                if let Some(q) = opens
                    && !(w.len() > 1 && w.ends_with(q))
                {
                    quote = Some(q);
                }
                words.push(w.to_string());
            }
        }
    }
    for w in words {
        // A lone "--" ends the flags' values.
        if w.chars().all(|c| c == '-') {
            pairs.push((String::new(), Vec::new()));
            continue;
        }
        match super::caps(&FLAG, &w) {
            Some(c) => {
                let key = super::group(&c, "k").replace('-', "_");
                let value: Vec<String> = c
                    .name("v")
                    .map(|v| v.as_str().to_string())
                    .into_iter()
                    .collect();
                pairs.push((key, value));
            }
            None => {
                if let Some((_, value)) = pairs.last_mut() {
                    value.push(w);
                }
            }
        }
    }
    pairs
        .into_iter()
        .filter(|(k, v)| !k.is_empty() && !v.is_empty())
        .map(|(k, v)| format!("{k}={}", v.join(" ")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A command in a tool's spelling (`get_structure`, `zim.search`, `getArticle`) followed by
/// its argument without a colon: "get_structure Albert Einstein". Only such one-token
/// spellings: words of prose ("related rates in calculus") and hyphenated compounds
/// ("full-text search engines") need the colon.
static SPELLED_CALL: LazyLock<Option<regex::Regex>> = LazyLock::new(|| {
    regex::Regex::new(
        r"^(?P<cmd>[A-Za-z]+(?:[_.][A-Za-z]+)+|[a-z]+(?:[A-Z][a-z]+)+)\s+(?P<free>\S.*)$",
    )
    .ok()
});

/// What a command word asks for, before its arguments are read.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Command {
    ListArchives,
    Search,
    GetArticle,
    GetArticles,
    Summary,
    Toc,
    Structure,
    Section,
    Browse,
    Walk,
    FindByTitle,
    Related,
    Links,
    Metadata,
    MainPage,
    Health,
    Suggest,
}

/// Command words once normalised (lowercase, words joined without separators, `zim`/`get`/
/// `mcp`/`tool` dropped). Intent names, zim-mcp's and openzim-mcp's tool names and the
/// obvious short forms.
const COMMANDS: &[(&str, Command)] = &[
    ("listarchives", Command::ListArchives),
    ("archives", Command::ListArchives),
    ("listfiles", Command::ListArchives),
    ("files", Command::ListArchives),
    ("listzims", Command::ListArchives),
    ("search", Command::Search),
    ("searchfile", Command::Search),
    ("searcharchive", Command::Search),
    ("fulltextsearch", Command::Search),
    ("fulltext", Command::Search),
    ("query", Command::Search),
    ("article", Command::GetArticle),
    ("entry", Command::GetArticle),
    ("getarticle", Command::GetArticle),
    ("readarticle", Command::GetArticle),
    ("openarticle", Command::GetArticle),
    ("fetcharticle", Command::GetArticle),
    ("showarticle", Command::GetArticle),
    // An entry fetched by a verb of its own, an asset as well as an article
    // (`fetch_entry path="I/logo.png"`).
    ("fetchentry", Command::GetArticle),
    ("readentry", Command::GetArticle),
    ("openentry", Command::GetArticle),
    ("showentry", Command::GetArticle),
    ("rawentry", Command::GetArticle),
    ("read", Command::GetArticle),
    ("open", Command::GetArticle),
    ("fetch", Command::GetArticle),
    ("articles", Command::GetArticles),
    ("getarticles", Command::GetArticles),
    ("fetcharticles", Command::GetArticles),
    ("readarticles", Command::GetArticles),
    ("zimentries", Command::GetArticles),
    ("getentries", Command::GetArticles),
    ("batch", Command::GetArticles),
    ("batchget", Command::GetArticles),
    ("batchfetch", Command::GetArticles),
    ("bulk", Command::GetArticles),
    ("bulkget", Command::GetArticles),
    ("multiget", Command::GetArticles),
    ("mget", Command::GetArticles),
    ("pages", Command::GetArticles),
    ("getpages", Command::GetArticles),
    // `get_many` ("get" is no operation of its own: the key is "many").
    ("many", Command::GetArticles),
    ("fetchmany", Command::GetArticles),
    ("summary", Command::Summary),
    ("summarize", Command::Summary),
    ("summarise", Command::Summary),
    ("entrysummary", Command::Summary),
    ("articlesummary", Command::Summary),
    ("tldr", Command::Summary),
    ("toc", Command::Toc),
    ("tableofcontents", Command::Toc),
    ("contents", Command::Toc),
    ("articletoc", Command::Toc),
    ("outline", Command::Toc),
    ("headings", Command::Toc),
    ("structure", Command::Structure),
    ("layout", Command::Structure),
    ("skeleton", Command::Structure),
    ("articlestructure", Command::Structure),
    ("entrystructure", Command::Structure),
    ("section", Command::Section),
    ("articlesection", Command::Section),
    ("entrysection", Command::Section),
    ("browse", Command::Browse),
    ("browsenamespace", Command::Browse),
    ("listentries", Command::Browse),
    ("listnamespace", Command::Browse),
    ("walk", Command::Walk),
    ("walknamespace", Command::Walk),
    ("iterate", Command::Walk),
    ("findbytitle", Command::FindByTitle),
    ("findentrybytitle", Command::FindByTitle),
    ("bytitle", Command::FindByTitle),
    ("findtitle", Command::FindByTitle),
    ("titlelookup", Command::FindByTitle),
    ("lookuptitle", Command::FindByTitle),
    ("exists", Command::FindByTitle),
    ("titleexists", Command::FindByTitle),
    ("related", Command::Related),
    ("relatedarticles", Command::Related),
    ("relatedentries", Command::Related),
    ("similar", Command::Related),
    ("morelikethis", Command::Related),
    ("seealso", Command::Related),
    ("links", Command::Links),
    ("articlelinks", Command::Links),
    ("entrylinks", Command::Links),
    ("extractlinks", Command::Links),
    ("extractarticlelinks", Command::Links),
    ("outlinks", Command::Links),
    ("inboundlinks", Command::Links),
    ("incominglinks", Command::Links),
    ("backlinks", Command::Links),
    ("outboundlinks", Command::Links),
    ("metadata", Command::Metadata),
    ("meta", Command::Metadata),
    ("info", Command::Metadata),
    ("archiveinfo", Command::Metadata),
    ("mainpage", Command::MainPage),
    ("homepage", Command::MainPage),
    ("frontpage", Command::MainPage),
    ("home", Command::MainPage),
    ("startpage", Command::MainPage),
    ("health", Command::Health),
    ("healthcheck", Command::Health),
    ("serverhealth", Command::Health),
    ("status", Command::Health),
    ("serverstatus", Command::Health),
    ("ping", Command::Health),
    ("diagnostics", Command::Health),
    ("serverconfiguration", Command::Health),
    ("suggest", Command::Suggest),
    ("suggestions", Command::Suggest),
    ("searchsuggestions", Command::Suggest),
    ("autocomplete", Command::Suggest),
    ("complete", Command::Suggest),
    ("completions", Command::Suggest),
    ("typeahead", Command::Suggest),
];

/// Words of a command that name no operation ("zim_get", "get_zim_metadata", "mcp.health").
/// "inspect" ("inspect_layout") names no operation either: what is inspected does.
const NO_OPERATION: &[&str] = &["zim", "get", "mcp", "tool", "inspect"];

/// The command a command word names: camelCase and `_`/`-`/`.`/space separate words.
fn command_of(word: &str) -> Option<Command> {
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in word.chars() {
        if !c.is_alphanumeric() {
            words.push(std::mem::take(&mut cur));
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower {
            words.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase();
        cur.extend(c.to_lowercase());
    }
    words.push(cur);
    words.retain(|w| !w.is_empty());
    // The shell's "ls" lists ("ls archives --format=json").
    for w in &mut words {
        if w == "ls" {
            *w = "list".to_string();
        }
    }
    // "links for: X", "summary of: X", "inbound links to: X": the preposition that leads to
    // the argument is no word of the command.
    if words.len() > 1
        && words
            .last()
            .is_some_and(|w| matches!(w.as_str(), "for" | "of" | "on" | "to" | "about"))
    {
        words.pop();
    }
    let operative: Vec<&String> = words
        .iter()
        .filter(|w| !NO_OPERATION.contains(&w.as_str()))
        .collect();
    // "zim_get" is a get: only drop the non-operative words when something is left.
    let key: String = if operative.is_empty() {
        if words.iter().any(|w| w == "get") {
            "article".to_string()
        } else {
            return None;
        }
    } else {
        operative.iter().map(|w| w.as_str()).collect()
    };
    let found = |key: &str| COMMANDS.iter().find(|(k, _)| *k == key).map(|(_, c)| *c);
    // "full article:", "short summary:", "whole entry:": a word for how much or how long
    // qualifies the command and names no operation of its own ("fulltext" is one).
    found(&key).or_else(|| {
        let rest: String = operative
            .iter()
            .filter(|w| !QUALIFIERS.contains(&w.as_str()))
            .map(|w| w.as_str())
            .collect();
        (rest.len() < key.len() && !rest.is_empty())
            .then(|| found(&rest))
            .flatten()
    })
}

/// Whether `word` (in any spelling [`command_of`] reads) names a command.
pub(crate) fn names_a_command(word: &str) -> bool {
    command_of(word).is_some()
}

/// Words for how much or how long, before a command word ("full article: X").
const QUALIFIERS: &[&str] = &[
    "full", "whole", "complete", "entire", "brief", "short", "quick",
];

/// Arguments of a call: `key=value` pairs and the free text around them.
#[derive(Default, Debug)]
struct Args {
    free: String,
    title: Option<String>,
    section: Option<String>,
    query: Option<String>,
    namespace: Option<String>,
    limit: Option<u32>,
    /// Quoted positional arguments, as a function call gives them: `section("Rome",
    /// "History")` has `["Rome", "History"]`.
    positional: Vec<String>,
    /// Several titles or paths (`titles=A, B`, a JSON array of them): a batch's.
    titles: Vec<String>,
    /// The query was given as a prefix (`prefix=Sch`): a title completion's.
    prefix: bool,
    /// The values of the keys no argument is read from (`fields=heading, anchor`, `mode=full
    /// iteration`): what they say of the view asked ([`call_hit`]).
    extra: Vec<String>,
}

/// The free text as quoted positional arguments separated by commas (`"Rome", "History"`),
/// or nothing when any part is unquoted: a comma in plain text belongs to it ("Paris,
/// France").
fn positional_args(free: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for c in free.chars() {
        match quote {
            Some(q) if c == q => {
                quote = None;
                cur.push(c);
            }
            Some(_) => cur.push(c),
            None if c == ',' => parts.push(std::mem::take(&mut cur)),
            None => {
                if matches!(c, '"' | '\'' | '`') && cur.trim().is_empty() {
                    quote = Some(c);
                }
                cur.push(c);
            }
        }
    }
    parts.push(cur);
    let unquoted: Vec<String> = parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .filter_map(|p| {
            let q = p.chars().next()?;
            (matches!(q, '"' | '\'' | '`') && p.len() >= 2 && p.ends_with(q)).then(|| {
                p.get(1..p.len().saturating_sub(1))
                    .unwrap_or_default()
                    .trim()
                    .to_string()
            })
        })
        .collect();
    let all_quoted = unquoted.len() == parts.iter().filter(|p| !p.trim().is_empty()).count();
    if all_quoted { unquoted } else { Vec::new() }
}

/// Start of a `key=value` pair (also `"key": value` inside braces).
static KEY: Pattern = LazyLock::new(|| rx(r#"(?:^|[\s,;{(])["']?(?P<k>[a-z_]+)["']?\s*(?:=|:\s)"#));

fn parse_args(raw: &str) -> Args {
    // "cmd=section | title=Apis mellifera | section=Distribution": pairs set apart by bars.
    let barred = raw.replace(" | ", " ");
    let raw = barred.trim();
    let braced = raw.starts_with('{') && raw.ends_with('}');
    let body = raw.trim_start_matches('{').trim_end_matches('}');
    let mut args = Args::default();
    let Some(key_re) = KEY.as_ref() else {
        args.free = body.to_string();
        return args;
    };
    // `key: value` is a pair only inside braces; elsewhere the colon is prose ("complete
    // this title for me: Barack Ob").
    // Every pair, known or not: a value ends where the next pair starts ("ns='C',
    // cursor=null"); only the known keys are read.
    let pairs: Vec<(usize, usize, String)> = key_re
        .captures_iter(body)
        .filter_map(|c| {
            let all = c.get(0)?;
            let k = c.name("k")?;
            let is_pair = all.as_str().trim_end().ends_with('=') || braced;
            is_pair.then(|| (k.start(), all.end(), k.as_str().to_lowercase()))
        })
        .collect();
    let starts: Vec<&(usize, usize, String)> =
        pairs.iter().filter(|(_, _, k)| known_key(k)).collect();
    // The free text ends at the first known pair, or at an unknown one after it
    // ("Photosynthesis format=json"); free text that opens with an "=" keeps it ("E=mc2").
    let first_key = pairs
        .iter()
        .find(|(start, _, k)| known_key(k) || *start > 0)
        .map_or(body.len(), |s| s.0);
    // A key may be quoted: its opening quote belongs to it, not to the free text.
    let free = body.get(..first_key).unwrap_or_default();
    args.free = if first_key == body.len() {
        free
    } else {
        free.trim_end_matches(['"', '\''])
    }
    .trim()
    .to_string();
    args.positional = positional_args(&args.free);
    if let Some(first) = args.positional.first() {
        args.free = first.clone();
    }
    // A pair's value runs from its "=" to the next pair's key; a value in double quotes ends
    // at its closing quote, an aside after it no part of it (`path="I/logo.png" (raw
    // bytes)`).
    let value_from = |value_start: usize| {
        let value_end = pairs
            .iter()
            .map(|p| p.0)
            .find(|&start| start > value_start)
            .unwrap_or(body.len());
        let value = body.get(value_start..value_end).unwrap_or_default();
        if let Some(quoted) = value.trim_start().strip_prefix('"')
            && let Some((inner, _)) = quoted.split_once('"')
            && !inner.trim().is_empty()
        {
            return inner.trim();
        }
        value.trim_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '"' | '\''))
    };
    for (_, value_start, _) in pairs.iter().filter(|(_, _, k)| !known_key(k)) {
        let value = value_from(*value_start);
        if !value.is_empty() {
            args.extra.push(value.to_string());
        }
    }
    for (_, value_start, key) in starts {
        let value = value_from(*value_start).to_string();
        if value.is_empty() {
            continue;
        }
        match key.as_str() {
            "title" | "title_or_path" | "path" | "entry_path" | "entry" | "article" | "page"
            | "name" | "target" | "subject" => args.title = Some(value),
            "titles" | "titles_or_paths" | "entry_paths" | "paths" | "articles" | "entries"
            | "ids" | "pages" => args.titles = split_titles(&value),
            "section" | "section_title" | "heading" | "anchor" => args.section = Some(value),
            "query" | "q" | "prefix" | "partial_query" | "text" | "terms" => {
                args.prefix |= matches!(key.as_str(), "prefix" | "partial_query");
                args.query = Some(value)
            }
            "namespace" | "ns" => args.namespace = Some(value),
            "limit" | "max_results" | "count" | "n" | "top" | "page_size" | "per_page" => {
                args.limit = value.parse().ok()
            }
            _ => {}
        }
    }
    args
}

fn known_key(k: &str) -> bool {
    matches!(
        k.to_lowercase().as_str(),
        "title"
            | "title_or_path"
            | "target"
            | "subject"
            | "path"
            | "entry_path"
            | "entry"
            | "article"
            | "page"
            | "name"
            | "section"
            | "section_title"
            | "heading"
            | "anchor"
            | "query"
            | "q"
            | "prefix"
            | "partial_query"
            | "text"
            | "terms"
            | "namespace"
            | "ns"
            | "limit"
            | "max_results"
            | "count"
            | "n"
            | "top"
            | "page_size"
            | "per_page"
            | "titles"
            | "titles_or_paths"
            | "entry_paths"
            | "paths"
            | "articles"
            | "entries"
            | "ids"
            | "pages"
    )
}

/// A batch's titles written in one argument: "Paris, London; Tokyo | Rome" (not on "and":
/// "Romeo and Juliet" is one title), each cleaned as a title is.
fn split_titles(value: &str) -> Vec<String> {
    let value = value.trim().trim_start_matches('[').trim_end_matches(']');
    collect_titles(value.split([',', ';', '|']))
}

/// Three capitalised names or more separated by commas (or "and" before the last).
fn several_names(free: &str) -> Option<Vec<String>> {
    let parts: Vec<&str> = free
        .split(',')
        .flat_map(|p| p.split(" and "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let capitalised = |p: &&str| p.chars().next().is_some_and(char::is_uppercase);
    (parts.len() >= 3 && parts.iter().all(capitalised)).then(|| collect_titles(parts))
}

/// Titles cleaned as a title is, each once, at most [`crate::MAX_BATCH_TITLES`].
fn collect_titles<'a>(parts: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in parts {
        if let Some(t) = title_of(part)
            && !out.contains(&t)
            && out.len() < crate::MAX_BATCH_TITLES
        {
            out.push(t);
        }
    }
    out
}

/// "Barack Obama / Early life", "Barack Obama#Early life", "Barack Obama > Early life": an
/// article and one of its sections. A slash without spaces is a path ("A/Ray_Charles").
static SECTION_SPLIT: Pattern =
    LazyLock::new(|| rx(r"^(?P<t>.+?)(?:\s+/\s+|\s*#\s*|\s+>\s+|\s*\|\s*|\s+::\s+)(?P<s>.+)$"));

/// The free argument's namespace: "C", "namespace C", "the content namespace".
fn namespace_arg(args: &Args) -> Option<String> {
    if let Some(ns) = &args.namespace {
        return Some(if ns.chars().count() == 1 {
            ns.to_uppercase()
        } else {
            ns.clone()
        });
    }
    let free = args
        .free
        .trim_matches(|c: char| c.is_ascii_punctuation() || c == ' ');
    if free.chars().count() == 1 {
        return Some(free.to_uppercase());
    }
    // "A 20": a namespace's letter, then how many ([`count_after_namespace`]).
    if let Some((ns, _)) = letter_and_count(free) {
        return Some(ns.to_uppercase());
    }
    namespace::namespace_of(&args.free)
}

/// "A 20" as a namespace's letter and a count.
fn letter_and_count(free: &str) -> Option<(&str, u32)> {
    let mut words = free.split_whitespace();
    let (ns, n) = (words.next()?, words.next()?);
    if words.next().is_some() || ns.chars().count() != 1 {
        return None;
    }
    Some((ns, n.parse().ok()?))
}

/// The count after a namespace's letter in a call's free text ("browse A 20").
fn count_after_namespace(args: &Args) -> Option<u32> {
    letter_and_count(
        args.free
            .trim_matches(|c: char| c.is_ascii_punctuation() || c == ' '),
    )
    .map(|(_, n)| n)
}

/// A chat bot's slash command: "/read wikivoyage_en Istanbul", "/browse ns=A", "/toc Tide".
static SLASH_CALL: Pattern =
    LazyLock::new(|| rx(r"^/(?P<cmd>[a-z][a-z_-]*)(?:\s+(?P<free>\S.*))?$"));

/// A chat bot's command after the bot's name: "!wiki toc Mitochondrion", "/zim browse --ns A
/// --limit 20", "!wiki get \"Alan Turing\" --full"; or a command word after "!" as after "/"
/// ("!toc Tide").
/// A method called by its dotted name: "call zim.health", "invoke kiwix.getToc title=Nile".
static METHOD_CALL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:call|invoke|run|execute)\s+(?P<method>[a-z][\w-]*\.[a-z][\w.]*)(?:\s+(?P<kv>[a-z_]+\s*=.*))?\s*$",
    )
});

static BOT_CALL: Pattern = LazyLock::new(|| {
    rx(r"^[!/?](?P<bot>[a-z][\w-]*)(?:\s+(?P<cmd>[a-z][a-z_-]*)(?P<rest>\s.*)?)?$")
});

/// A command-line call of a ZIM tool: the program's name, then a command word, then
/// arguments ("zim toc 'Macbeth'", "zimctl status --verbose", "kiwix-cli related 'Chess'").
/// Only a client's name (not `python`: "python list comprehension"; not `zimit`, a scraper),
/// and arguments, not a sentence: "zim files are not opening in kiwix" is a question.
static CLI_CALL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?P<bot>zim|zimctl|zimcli|zim-cli|zim-mcp|kiwix|kiwix-cli|kiwixctl)\s+(?P<cmd>[a-z][a-z_-]*)(?P<rest>\s.*)?$",
    )
});

/// A shell alias's call: a short name of the user's own, a command word or its usual
/// abbreviation, arguments ("zq toc Monsoon", "zq sec 'Wind turbine' 'Blade design'", "zq ls
/// A 20"). The name has no vowel (English words have one: "tea health benefits", "dog walk
/// schedule" are topics) and is no abbreviation of the web or of file formats.
static ALIAS_CALL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?P<alias>[b-df-hj-np-tv-xz][b-df-hj-np-tv-xz0-9]{1,3})\s+(?P<cmd>[a-z][a-z_-]*)(?P<rest>\s.*)?$",
    )
});

/// The shell's `ls` of a namespace: "ls A 25", "ls -l M".
static SHELL_LS: Pattern =
    LazyLock::new(|| rx(r"^ls\s+(?:-[a-z]+\s+)*(?P<rest>(?-i:[A-Z]|-)(?:\s+\d{1,5})?)\s*$"));

/// Vowelless words and abbreviations a topic begins with ("http status 418 meaning").
const NO_ALIAS: &[&str] = &[
    "http", "https", "www", "html", "xml", "css", "sql", "ssh", "tcp", "dns", "ftp", "tls", "ssl",
    "pdf", "jpg", "png", "gif", "svg", "csv", "tsv", "npm", "pnpm", "cmd", "pwd", "gcc", "rpm",
    "dpkg", "mkv", "mp3", "mp4", "nfs", "smb", "vpn", "lvm", "crt", "pgp", "gpg", "xss", "csrf",
    "jwt", "tty", "std", "rgb", "cmyk", "bmp", "pls", "plz", "thx", "hmm", "psst", "tsk", "nth",
    "dr", "mr", "mrs", "ms", "st", "pc", "tv", "dvd", "cd", "gps", "sms", "mms", "nhs", "bbc",
    "cnn", "fbi", "cdc", "ptsd", "adhd", "cpr", "bp", "ppm", "kg", "km",
];

/// The command words an alias's call abbreviates.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("ls", "browse"),
    ("arch", "archives"),
    ("archs", "archives"),
    ("rel", "related"),
    ("sec", "section"),
    ("sect", "section"),
    ("struct", "structure"),
    ("sug", "suggest"),
    ("sugg", "suggest"),
    ("lnk", "links"),
    ("lnks", "links"),
    ("sum", "summary"),
    ("meta", "metadata"),
    ("title", "findtitle"),
];

/// A call's command word with [`ABBREVIATIONS`] written out.
fn unabbreviated(cmd: &str) -> String {
    ABBREVIATIONS
        .iter()
        .find(|(short, _)| *short == cmd)
        .map_or(cmd, |(_, long)| long)
        .to_string()
}

/// Words of a sentence, not of a command's arguments.
static SENTENCE_WORD: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:of|the|a|an|to|for|with|what|which|explained|explain|vs|versus|is|are|was|were|not|no|does|do|did|can|cannot|can't|won't|doesn't|don't|why|how|when|after|before|because|my|i|it|keeps?|fails?|failed|broken|crash(?:es|ed)?|error|working|opening|open)\b",
    )
});

/// One element of a request written in XML-like tags: `<tool>toc</tool>`,
/// `<title>Diabetes mellitus</title>`.
static TAG_ELEMENT: Pattern =
    LazyLock::new(|| rx(r"^\s*<(?P<name>[a-z][\w-]*)>(?P<value>[^<>]*)</(?P<close>[a-z][\w-]*)>"));

/// A call written as code, then a comment: `related(C/Insulin)  # need its neighbourhood`.
static CALL_THEN_COMMENT: Pattern =
    LazyLock::new(|| rx(r"^(?P<call>[A-Za-z_][\w.]*\([^()]*\))\s*(?:#|//)\s.*$"));

/// "call structure on C/Volcano", "invoke get_summary for 'Nile'": a call and its argument
/// (a path, a quoted or capitalised name), the purpose after it set aside.
static CALL_ON: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:(?:i'll|i\s+will|let\s+me|now|next|then)\s+)?(?:call|invoke|run|use)\s+(?:the\s+)?(?P<cmd>[\w.-]+)(?:\s+tool)?\s+(?:on|for|with)\s+(?P<arg>(?:[A-Z-]/\S+|"[^"]+"|'[^']+'|(?-i:[A-Z])[^,;:]*?))(?:\s+(?:to|so|in\s+order\s+to|because|since|and\s+then)\b.*|\s*[,;.].*)?$"#,
    )
});

/// `action=get_section`, `op="toc"`: the pair of a `key=value` call that names it.
static OPERATION_PAIR: Pattern = LazyLock::new(|| {
    rx(
        r#"(?:^|\s)(?:op|operation|action|tool|command|cmd|function|intent|method)\s*=\s*["']?(?P<op>[\w.-]+)["']?"#,
    )
});

/// Tag names that hold the operation of a request written in tags.
const OPERATION_TAGS: &[&str] = &[
    "tool",
    "op",
    "operation",
    "command",
    "cmd",
    "action",
    "function",
    "name",
    "intent",
];

/// A call written as an XML element with a name attribute: `<call name="toc"
/// title="Hypothermia"/>`, `<call name="section"><arg name="title">Marionette</arg><arg
/// name="section">Construction</arg></call>` (also `invoke`, `function`, `tool_call` and
/// `param`/`parameter` elements for the arguments).
static NAMED_CALL: Pattern = LazyLock::new(|| {
    rx(
        r#"^\s*<(?P<tag>call|invoke|function|tool_call|tool)\s+name\s*=\s*["'](?P<name>[\w.-]+)["'](?P<attrs>[^>]*?)\s*(?:/>|>(?P<body>.*)</(?:call|invoke|function|tool_call|tool)>)\s*$"#,
    )
});
static NAMED_ATTR: Pattern = LazyLock::new(|| rx(r#"(?P<k>[a-z_]+)\s*=\s*["'](?P<v>[^"']*)["']"#));
static NAMED_ARG: Pattern = LazyLock::new(|| {
    rx(
        r#"<(?:arg|param|parameter)\s+name\s*=\s*["'](?P<k>[\w-]+)["']\s*>(?P<v>[^<]*)</(?:arg|param|parameter)>"#,
    )
});

/// The `key=value` call an XML call element ([`NAMED_CALL`]) makes.
pub(crate) fn named_element_call(raw: &str) -> Option<String> {
    let c = super::caps(&NAMED_CALL, raw)?;
    let name = super::group(&c, "name");
    command_of(&name)?;
    let mut parts = vec![name];
    let pairs = |re: &Pattern, text: &str, parts: &mut Vec<String>| {
        if let Some(re) = re.as_ref() {
            for p in re.captures_iter(text) {
                let (k, v) = (
                    p.name("k").map_or("", |m| m.as_str()),
                    p.name("v").map_or("", |m| m.as_str()).trim(),
                );
                if !v.is_empty() {
                    parts.push(format!("{k}=\"{}\"", v.replace('"', "'")));
                }
            }
        }
    };
    pairs(&NAMED_ATTR, &super::group(&c, "attrs"), &mut parts);
    pairs(&NAMED_ARG, &super::group(&c, "body"), &mut parts);
    Some(parts.join(" "))
}

/// A request written wholly in XML-like tags, one of which names the operation
/// (`<tool>toc</tool><title>Diabetes mellitus</title>`), as the `key=value` call it is
/// (`toc title="Diabetes mellitus"`). `None` when any part is not such an element, when no
/// tag names an operation, or when a tag is closed by another name.
pub(crate) fn tagged_call(raw: &str) -> Option<String> {
    let mut rest = raw.trim();
    if !rest.starts_with('<') {
        return None;
    }
    let (mut operation, mut args) = (None, Vec::new());
    while !rest.is_empty() {
        let c = super::caps(&TAG_ELEMENT, rest)?;
        let (name, value) = (super::group(&c, "name"), super::group(&c, "value"));
        if name != super::group(&c, "close") {
            return None;
        }
        let value = value.trim().replace('"', "'");
        if operation.is_none() && OPERATION_TAGS.contains(&name.as_str()) {
            operation = Some(value);
        } else if !value.is_empty() {
            args.push(format!("{name}=\"{value}\""));
        }
        rest = rest
            .get(c.get(0).map_or(rest.len(), |m| m.end())..)?
            .trim_start();
    }
    let operation = operation.filter(|o| command_of(o).is_some())?;
    Some(
        std::iter::once(operation)
            .chain(args)
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// A request written as a chat bot's command ([`BOT_CALL`]) as the slash command it is:
/// "!wiki toc Mitochondrion" is "/toc Mitochondrion". The bot's name is any word; the word
/// after it must name a command, so "!important css rule not working" and "/etc/hosts file
/// format" are no calls. `None` when the request is no such command, or is a slash command
/// already.
pub(crate) fn bot_command(raw: &str) -> Option<String> {
    let raw = raw.trim();
    if let Some(c) = super::caps(&CLI_CALL, raw) {
        let (cmd, rest) = (
            unabbreviated(&super::group(&c, "cmd")),
            super::group(&c, "rest"),
        );
        let unquoted = super::without_quoted(&rest);
        if command_of(&cmd).is_none() || super::is_match(&SENTENCE_WORD, &unquoted) {
            return None;
        }
        return Some(format!("/{cmd}{rest}"));
    }
    if let Some(c) = super::caps(&ALIAS_CALL, raw) {
        let (alias, cmd, rest) = (
            super::group(&c, "alias"),
            super::group(&c, "cmd"),
            super::group(&c, "rest"),
        );
        let cmd = unabbreviated(&cmd);
        // A namespace's capital letter is no article ("zq ls A 20").
        let unquoted = super::without_quoted(&rest)
            .split_whitespace()
            .filter(|w| *w != "A")
            .collect::<Vec<_>>()
            .join(" ");
        // A call whose command needs an article has one ("zq toc Nile"); an acronym and a
        // command word alone is a topic ("gdpr summary", "crm links").
        let complete = command_of(&cmd).is_some_and(|c| {
            !rest.trim().is_empty()
                || matches!(
                    c,
                    Command::ListArchives | Command::Metadata | Command::MainPage | Command::Health
                )
        });
        if command_of(&alias).is_none()
            && !NO_ALIAS.contains(&alias.to_lowercase().as_str())
            && complete
            && !super::is_match(&SENTENCE_WORD, &unquoted)
        {
            return Some(format!("/{cmd}{rest}"));
        }
    }
    // "ls A 25": the shell's listing of a namespace (a capital letter or "-"), with a count.
    if let Some(c) = super::caps(&SHELL_LS, raw) {
        return Some(format!("/browse {}", super::group(&c, "rest")));
    }
    // "call zim.getMainPage", "call zim.suggest prefix='Hyperth'": a method by its dotted
    // name, alone or with `key=value` arguments.
    if let Some(c) = super::caps(&METHOD_CALL, raw) {
        let (method, kv) = (super::group(&c, "method"), super::group(&c, "kv"));
        if command_of(&method).is_some() {
            return Some(if kv.is_empty() {
                format!("/{}", method.replace('.', "_"))
            } else {
                format!("{} {kv}", method.replace('.', "_"))
            });
        }
    }
    // "!wiki ...", "/zim ...", and Discord's "?zim ..." prefix.
    if !raw.starts_with(['!', '/', '?']) {
        return None;
    }
    let c = super::caps(&BOT_CALL, raw)?;
    let bot = super::group(&c, "bot");
    if command_of(&bot).is_some() {
        // "!toc Tide" is "/toc Tide"; "/toc Tide" is read as it stands.
        return raw
            .starts_with('!')
            .then(|| format!("/{}", raw.get(1..).unwrap_or_default()));
    }
    let cmd = unabbreviated(&super::group(&c, "cmd"));
    command_of(&cmd)?;
    Some(format!("/{cmd}{}", super::group(&c, "rest")))
}

/// A slash command's arguments: free text, then command-line flags (`--ns A`, `-n 10`,
/// `--with-sizes`); quoted arguments one after the other are positional (`"Aspirin"
/// "Adverse effects"`). A flag without a value says what it names (`--with-sizes`,
/// `--full`) as another key's value does.
fn slash_args(free: &str) -> Args {
    let flag_at = FLAG_START
        .as_ref()
        .and_then(|re| re.find(free))
        .map_or(free.len(), |m| m.start());
    let (head, flags) = free.split_at(flag_at);
    let mut args = parse_args(head);
    let quoted = quoted_words(head);
    if quoted.len() >= 2 {
        args.free = quoted.first().cloned().unwrap_or_default();
        args.positional = quoted;
    }
    let pairs = parse_args(&flags_as_pairs(flags));
    args.title = args.title.or(pairs.title);
    args.section = args.section.or(pairs.section);
    args.namespace = args.namespace.or(pairs.namespace);
    args.limit = args.limit.or(pairs.limit);
    if args.query.is_none() {
        args.prefix |= pairs.prefix;
        args.query = pairs.query;
    }
    args.extra.extend(pairs.extra);
    args.extra.extend(
        flags
            .split_whitespace()
            .filter_map(|w| w.strip_prefix("--"))
            .map(str::to_string),
    );
    args
}

/// The start of a command-line flag after the free text.
static FLAG_START: Pattern = LazyLock::new(|| rx(r"(?:^|\s)--?[a-z]"));

/// The text as quoted words one after the other (`"Aspirin" "Adverse effects"`), or nothing
/// when any part is unquoted.
fn quoted_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while let Some(q) = rest.chars().next() {
        if !matches!(q, '"' | '\'' | '`') {
            return Vec::new();
        }
        let body = rest.get(1..).unwrap_or_default();
        let Some(end) = body.find(q) else {
            return Vec::new();
        };
        out.push(body.get(..end).unwrap_or_default().trim().to_string());
        rest = body
            .get(end.saturating_add(1)..)
            .unwrap_or_default()
            .trim_start();
    }
    out
}

/// An archive's Kiwix name as a slash command's first argument ("/read wikivoyage_en
/// Istanbul"): the place, not the title.
static KIWIX_NAME_FIRST: Pattern = LazyLock::new(|| {
    rx(r"^[a-z][a-z0-9.-]*_(?:[a-z]{2,3}|mul)(?:_[\w.-]+)?(?:\.zim)?\s+(?P<rest>\S.*)$")
});

/// A call written as an HTTP request to a REST API: "GET /v1/archives", "GET
/// /api/search?q=tide", "GET https://host/v1/archives/x/metadata".
static REST_CALL: Pattern = LazyLock::new(|| {
    rx(r"^(?:get|post|head)\s+(?:https?://[^/\s]+)?(?P<path>/[^\s?#]*)(?:\?(?P<qs>\S*))?$")
});

/// A URL's query string alone: "?prefix=Sch&limit=10", "?q=tide".
static QUERY_STRING: Pattern = LazyLock::new(|| rx(r"^\?(?P<qs>[a-z_]+=\S*)$"));

/// The `key=value` pairs of a URL query string, as the call syntax writes them
/// (`prefix=Sch&n=5` gives `prefix=Sch n=5`); `%20` and `+` are spaces.
fn query_string_pairs(qs: &str) -> String {
    qs.split('&')
        .filter(|p| p.contains('='))
        .map(|p| p.replace("%20", " ").replace('+', " "))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A call written as a URL: a REST path whose last segment names the command (or whose
/// segment before the last does, the last being its argument: "GET /article/Tide"), with a
/// query string's pairs as its arguments; or a query string alone, whose keys name the call.
fn url_call(text: &str) -> Option<(Command, Args)> {
    // Both begin with "?" or an HTTP method and hold "/" or "=": most requests are let through
    // without a pattern run.
    if !text.contains(['/', '=']) {
        return None;
    }
    if let Some(c) = super::caps(&QUERY_STRING, text) {
        let args = parse_args(&query_string_pairs(&super::group(&c, "qs")));
        return Some((implied_command(&args)?, args));
    }
    let c = super::caps(&REST_CALL, text)?;
    let path = super::group(&c, "path");
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let mut args = parse_args(&query_string_pairs(&super::group(&c, "qs")));
    let last = segments.last();
    let before_last = segments.len().checked_sub(2).and_then(|i| segments.get(i));
    // "GET /find?title=Kyrie": finding by a title given is a title lookup.
    if last.is_some_and(|s| s.eq_ignore_ascii_case("find")) && args.title.is_some() {
        return Some((Command::FindByTitle, args));
    }
    if let Some(command) = last.and_then(|s| command_of(s)) {
        return Some((command, args));
    }
    let command = before_last.and_then(|s| command_of(s))?;
    if args.free.is_empty() && args.title.is_none() {
        args.free = last?.replace("%20", " ");
    }
    Some((command, args))
}

pub(super) fn tool_call(ctx: &Context) -> Option<RuleHit> {
    let text = ctx.text.trim();
    // `related(C/Insulin)  # need its neighbourhood`: a code comment after a call.
    let uncommented = super::caps(&CALL_THEN_COMMENT, text).map(|c| super::group(&c, "call"));
    let text = uncommented.as_deref().unwrap_or(text);
    if let Some((command, args)) = url_call(text) {
        return call_hit(
            command,
            &args,
            ctx.limit,
            ctx.all_archives,
            "tool call: a URL that names its call",
        );
    }
    if text.starts_with('/')
        && let Some(c) = super::caps(&SLASH_CALL, text)
        && let Some(command) = command_of(&super::group(&c, "cmd"))
    {
        let free = super::group(&c, "free");
        let free = match super::caps(&KIWIX_NAME_FIRST, &free) {
            Some(k) => super::group(&k, "rest"),
            None => free,
        };
        return call_hit(
            command,
            &slash_args(&free),
            ctx.limit,
            ctx.all_archives,
            "tool call: a slash command",
        );
    }
    // "call structure on C/Volcano to find the anchor of ...": an agent naming the call it
    // makes and its argument; why it calls is no argument.
    if let Some(c) = super::caps(&CALL_ON, text)
        && let Some(command) = command_of(&super::group(&c, "cmd"))
    {
        return call_hit(
            command,
            &parse_args(&super::group(&c, "arg")),
            ctx.limit,
            ctx.all_archives,
            "tool call: a call named with its argument",
        );
    }
    if super::is_match(&PAIRS_ONLY, text) {
        // `action=get_section title="Photosynthesis" section="..."`: one pair names the call.
        if let Some(c) = super::caps(&OPERATION_PAIR, text)
            && let Some(command) = command_of(&super::group(&c, "op"))
        {
            let rest = OPERATION_PAIR
                .as_ref()
                .map_or_else(|| text.to_string(), |re| re.replace(text, " ").into_owned());
            return call_hit(
                command,
                &parse_args(rest.trim()),
                ctx.limit,
                ctx.all_archives,
                "tool call: a key=value pair names the call",
            );
        }
        let args = parse_args(text);
        if args.free.is_empty()
            && let Some(command) = implied_command(&args)
        {
            return call_hit(
                command,
                &args,
                ctx.limit,
                ctx.all_archives,
                "tool call: arguments that name their call",
            );
        }
    }
    let (c, command) = [
        super::caps(&CALL, text),
        SPELLED_CALL.as_ref().and_then(|re| re.captures(text)),
    ]
    .into_iter()
    .flatten()
    .find_map(|c| {
        let command = command_of(c.name("cmd")?.as_str())?;
        Some((c, command))
    })?;
    let args = match c.name("flags") {
        Some(flags) => parse_args(&flags_as_pairs(flags.as_str())),
        None => parse_args(
            ["colon", "paren", "brace", "kv", "free"]
                .iter()
                .find_map(|g| c.name(g))
                .map_or("", |m| m.as_str()),
        ),
    };
    call_hit(
        command,
        &args,
        ctx.limit,
        ctx.all_archives,
        "tool call: command word and arguments",
    )
}

/// The call that arguments without a command name: a section with its article is the
/// section's, a query a search's; a title alone could be any view of it, and names none.
fn implied_command(args: &Args) -> Option<Command> {
    if !args.titles.is_empty() && args.query.is_none() {
        Some(Command::GetArticles)
    } else if args.section.is_some() && args.title.is_some() {
        Some(Command::Section)
    } else if args.prefix {
        Some(Command::Suggest)
    } else if args.query.is_some() {
        Some(Command::Search)
    } else if args.namespace.is_some() && args.title.is_none() && !args.extra.is_empty() {
        // "namespace=C mode=full iteration": the namespace's entries, a pass over all of
        // them when the other keys say so ([`call_hit`]); a namespace alone ("ns=A") is left
        // to the namespace rules.
        Some(Command::Browse)
    } else {
        None
    }
}

/// What the values of other keys say of the view: the anchors or the sizes of the sections
/// (`fields: heading, level, anchor, length`) make the outline the structure view; a pass
/// over every entry (`mode: full iteration`, `output: all paths`) makes a browse a walk.
static EXTRA_STRUCTURE: Pattern =
    LazyLock::new(|| rx(r"\b(?:anchors?|lengths?|sizes?|bytes|byte_size|word_count|offsets?)\b"));
static EXTRA_EVERY_ENTRY: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:full|complete|entire|exhaustive|iteration|iterate|walk|all|every|everything|no\s+sampling|paginat\w*)\b",
    )
});

fn extra_says(args: &Args, re: &Pattern) -> bool {
    args.extra.iter().any(|v| super::is_match(re, v))
}

/// A request written as lines of `key: value`, as YAML is ("outline: article=Bitcoin" then
/// "fields: heading, level, anchor, length"; "namespace: C" then "mode: full iteration";
/// "inbound links for: Photosynthesis" then "limit: 50"), read as one call: the first line
/// names the command (or is an argument), the lines after it are its parameters, written
/// `key=value` as the call syntax reads them. `None` unless every line of two or more is such
/// a line and the first names a command or an argument: a structured prompt's fields
/// ("Objective: ...", "Constraints: ...") are read by the rules as they stand.
pub(crate) fn key_value_lines(raw: &str) -> Option<String> {
    if !raw.contains('\n') {
        return None;
    }
    let lines: Vec<&str> = raw
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() < 2 {
        return None;
    }
    let mut parts = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let c = super::caps(&KEY_VALUE_LINE, line)?;
        let key = super::group(&c, "k");
        let value = super::group(&c, "v");
        let pair_key = key.to_lowercase().replace([' ', '-'], "_");
        if i == 0 && command_of(&key).is_some() {
            parts.push(format!("{key}: {value}"));
        } else if i == 0
            && OPERATION_KEYS.contains(&pair_key.as_str())
            && command_of(&value).is_some()
        {
            // "op: links" then "target: Hurricane Sandy": the operation named by its key.
            parts.push(format!("{value}:"));
        } else if i == 0 && !known_key(&pair_key) {
            return None;
        } else {
            parts.push(format!("{pair_key}={value}"));
        }
    }
    Some(parts.join(" "))
}

/// One `key: value` line: a key of up to four words, a colon, a value.
static KEY_VALUE_LINE: Pattern = LazyLock::new(|| {
    rx(r"^[-*]?\s*(?P<k>[a-z][a-z_-]*(?:\s+[a-z][a-z_-]*){0,3})\s*:\s*(?P<v>\S.*)$")
});

/// What a command with its arguments asks for.
fn call_hit(
    command: Command,
    args: &Args,
    limit: Option<u32>,
    all_archives: bool,
    rule: &'static str,
) -> Option<RuleHit> {
    let conf = 0.92;
    // The article an article view is about: a `title=` argument or the free text.
    let title = || {
        args.title
            .clone()
            .or_else(|| title_of(&args.free))
            .filter(|t| !t.is_empty())
    };
    let view = |make: fn(String) -> Intent| {
        let t = title()?;
        hit(make(t.clone()), subject_confidence(conf, &t), rule)
    };
    match command {
        Command::ListArchives => hit(Intent::ListArchives, conf, rule),
        Command::Metadata => hit(Intent::Metadata, conf, rule),
        Command::MainPage => hit(Intent::MainPage, conf, rule),
        Command::Health => hit(Intent::Health, conf, rule),
        Command::Search => {
            let query = args
                .query
                .clone()
                .unwrap_or_else(|| super::search::search_query(&args.free));
            (!query.is_empty()).then_some(())?;
            hit(
                Intent::Search {
                    query,
                    all_archives,
                },
                conf,
                rule,
            )
        }
        Command::Suggest => {
            let prefix = args.query.clone().unwrap_or_else(|| {
                args.free
                    .trim()
                    .trim_matches(['"', '\'', '`'])
                    .trim()
                    .to_string()
            });
            (!prefix.is_empty()).then_some(())?;
            hit(Intent::Suggest { prefix }, conf, rule)
        }
        // `{"op": "zim_get", "entry_paths": [...]}`: a get of several entries is a batch.
        Command::GetArticle if args.titles.len() >= 2 => hit(
            Intent::GetArticles {
                titles_or_paths: args.titles.clone(),
            },
            conf,
            rule,
        ),
        // "/zim fetch Refugee, Asylum seeker, Internally displaced person": three names or
        // more, each capitalised, are several articles ("Washington, D.C." is one).
        Command::GetArticle if several_names(&args.free).is_some() => {
            let titles = several_names(&args.free).unwrap_or_default();
            hit(
                Intent::GetArticles {
                    titles_or_paths: titles,
                },
                conf,
                rule,
            )
        }
        Command::GetArticle => view(|t| Intent::GetArticle { title_or_path: t }),
        Command::GetArticles => {
            let titles = if !args.titles.is_empty() {
                args.titles.clone()
            } else if args.positional.len() >= 2 {
                collect_titles(args.positional.iter().map(String::as_str))
            } else {
                split_titles(&args.free)
            };
            // "getArticles for A/Orca and A/Beluga_whale": asked for several, "and" joins them.
            let titles = match titles.as_slice() {
                [one] if one.contains(" and ") => collect_titles(one.split(" and ")),
                _ => titles,
            };
            match titles.as_slice() {
                [] => None,
                [one] => hit(
                    Intent::GetArticle {
                        title_or_path: one.clone(),
                    },
                    subject_confidence(conf, one),
                    rule,
                ),
                _ => hit(
                    Intent::GetArticles {
                        titles_or_paths: titles,
                    },
                    conf,
                    rule,
                ),
            }
        }
        Command::Summary => view(|t| Intent::Summary { title_or_path: t }),
        Command::Toc if extra_says(args, &EXTRA_STRUCTURE) => {
            view(|t| Intent::Structure { title_or_path: t })
        }
        Command::Toc => view(|t| Intent::Toc { title_or_path: t }),
        Command::Structure => view(|t| Intent::Structure { title_or_path: t }),
        Command::Related => view(|t| Intent::Related { title_or_path: t }),
        Command::Links => view(|t| Intent::Links { title_or_path: t }),
        Command::FindByTitle => {
            let t = title()?;
            hit(
                Intent::FindByTitle { title: t.clone() },
                subject_confidence(conf, &t),
                rule,
            )
        }
        Command::Section => {
            let second = args.positional.get(1).cloned();
            let (t, s) = match (args.title.clone(), args.section.clone().or(second)) {
                (Some(t), Some(s)) => (t, s),
                (None, Some(s)) if args.positional.len() >= 2 => (title()?, s),
                (t, s) => {
                    let split = super::caps(&SECTION_SPLIT, &args.free)?;
                    let t = t.or_else(|| title_of(split.name("t")?.as_str()))?;
                    let s = s.or_else(|| title_of(split.name("s")?.as_str()))?;
                    (t, s)
                }
            };
            hit(
                Intent::Section {
                    title_or_path: t.clone(),
                    section: s,
                },
                subject_confidence(conf, &t),
                rule,
            )
        }
        Command::Browse | Command::Walk => {
            // Without a namespace the archive's content is meant ("browse", "walk:").
            let namespace = namespace_arg(args).unwrap_or_else(|| "C".to_string());
            let limit = limit
                .or(args.limit)
                .or_else(|| args.positional.get(1).and_then(|n| n.parse().ok()))
                .or_else(|| count_after_namespace(args));
            let intent = if command == Command::Walk || extra_says(args, &EXTRA_EVERY_ENTRY) {
                Intent::Walk { namespace, limit }
            } else {
                Intent::Browse { namespace, limit }
            };
            hit(intent, conf, rule)
        }
    }
}

/// A request written as one JSON object, read as a call: its operation key (`op`, `action`,
/// `tool`, `name`, ...) names a command in any spelling [`command_of`] knows, its other keys
/// give the arguments (`title`/`path`, `section`, `query`/`q`/`prefix`, `ns`, `limit`/`n`,
/// `all`, `archive`). Nested argument objects (`{"name": "get_article", "arguments":
/// {"title": "X"}}`, also an `arguments` string holding the object, as some tool-call formats
/// send it) count as the object's own keys. An object with no operation key names its call
/// by its arguments ([`implied_command`]): a query is a search of it, a section and a title
/// that section.
pub(crate) struct JsonCall {
    pub(crate) hit: RuleHit,
    /// The archive named by an `archive`/`zim`/`file` key, as written.
    pub(crate) archive: Option<String>,
    pub(crate) limit: Option<u32>,
}

/// Keys that name the operation, most explicit first.
const OPERATION_KEYS: &[&str] = &[
    "op",
    "operation",
    "action",
    "tool",
    "tool_name",
    "intent",
    "command",
    "cmd",
    "method",
    "function",
    "call",
    "task",
    "type",
    "name",
];

/// Keys whose object holds the arguments (or the whole call: `{"function": {"name": ..,
/// "arguments": ..}}`).
const ARGUMENT_OBJECT_KEYS: &[&str] = &[
    "arguments",
    "args",
    "params",
    "parameters",
    "input",
    "payload",
    "function",
    "tool",
    "call",
];

/// The members of an object with those of its argument objects after them, depth first.
fn flattened(members: Vec<(String, json::Value)>, depth: usize) -> Vec<(String, json::Value)> {
    let mut out = Vec::new();
    let mut nested = Vec::new();
    for (key, value) in members {
        let k = key.to_lowercase();
        let inner = match &value {
            json::Value::Object(m) if ARGUMENT_OBJECT_KEYS.contains(&k.as_str()) => {
                Some(m.clone().into_iter().collect())
            }
            json::Value::String(s) if ARGUMENT_OBJECT_KEYS.contains(&k.as_str()) => {
                json::parse_object(s)
            }
            _ => None,
        };
        match inner {
            Some(m) if depth < 3 => nested.push(m),
            _ => out.push((k, value)),
        }
    }
    for m in nested {
        out.extend(flattened(m, depth.saturating_add(1)));
    }
    out
}

/// Keys whose string value is a request in words, when an object wraps one.
const REQUEST_KEYS: &[&str] = &[
    "input",
    "request",
    "prompt",
    "message",
    "instruction",
    "question",
    "ask",
    "query",
    "text",
];

/// The request in words an object wraps, when it names no operation of its own but the
/// natural-language tool (`{"tool": "zim_query", "input": "toc: Mount Everest"}`,
/// `{"request": "entries related to C/Coral_reef, up to 10"}`): read as if sent alone.
pub(crate) fn wrapped_request(text: &str) -> Option<String> {
    let members = flattened(json::parse_object(text)?, 0);
    let operation_is_other = members.iter().any(|(k, v)| {
        OPERATION_KEYS.contains(&k.as_str())
            && json::as_text(v).is_some_and(|t| {
                let t = t.to_lowercase();
                !matches!(t.as_str(), "zim_query" | "query" | "ask" | "zim")
            })
    });
    if operation_is_other {
        return None;
    }
    let request = REQUEST_KEYS.iter().find_map(|key| {
        let (_, v) = members.iter().find(|(k, _)| k == key)?;
        json::as_text(v).filter(|t| !t.trim().is_empty() && !t.trim_start().starts_with('{'))
    })?;
    // Only a request with words to read: a bare query (`{"query": "tcp handshake"}`) is the
    // search `json_call` already makes of it.
    (request.split_whitespace().count() > 1).then_some(request)
}

/// Values meaning every archive for a scope key.
const EVERY_ARCHIVE: &[&str] = &[
    "all",
    "all_archives",
    "everything",
    "everywhere",
    "global",
    "*",
];

pub(crate) fn json_call(text: &str) -> Option<JsonCall> {
    let members = flattened(json::parse_object(text)?, 0);
    let text_of = |v: &json::Value| {
        json::as_text(v)
            .map(|t| crate::text::normalize_input(&t))
            .filter(|t| !t.is_empty())
    };
    // The operation: the first operation key whose value is a command.
    let operation = OPERATION_KEYS.iter().find_map(|op| {
        let (_, v) = members.iter().find(|(k, _)| k == op)?;
        let command = command_of(&text_of(v)?)?;
        Some((*op, command))
    });
    let mut args = Args::default();
    let mut archive = None;
    let mut all_archives = false;
    for (key, value) in &members {
        if operation.is_some_and(|(op, _)| op == key) {
            continue;
        }
        let truthy = matches!(value, json::Value::Bool(true))
            || text_of(value).is_some_and(|t| t.eq_ignore_ascii_case("true"));
        // A batch's entries: `"entry_paths": ["A/Sun", "A/Moon"]` (or one string of them).
        if matches!(
            key.as_str(),
            "titles" | "titles_or_paths" | "entry_paths" | "paths" | "articles" | "entries"
        ) {
            args.titles = match value {
                json::Value::Array(items) => {
                    let items: Vec<String> = items.iter().filter_map(text_of).collect();
                    collect_titles(items.iter().map(String::as_str))
                }
                _ => text_of(value).map(|t| split_titles(&t)).unwrap_or_default(),
            };
            continue;
        }
        let Some(v) = text_of(value) else { continue };
        args.prefix |= matches!(key.as_str(), "prefix" | "partial_query");
        let slot = match key.as_str() {
            "title" | "title_or_path" | "path" | "entry_path" | "entry" | "article" | "page"
            | "name" | "url" | "slug" | "target" | "subject" => &mut args.title,
            "section" | "section_title" | "section_name" | "heading" | "anchor" => {
                &mut args.section
            }
            "query" | "q" | "prefix" | "partial_query" | "text" | "terms" | "term" | "search"
            | "search_query" | "keywords" => &mut args.query,
            "namespace" | "ns" => &mut args.namespace,
            "archive" | "archive_name" | "zim" | "zim_file" | "zim_name" | "file" | "file_name"
            | "book" => &mut archive,
            "limit" | "n" | "max_results" | "count" | "top" | "k" | "size" | "page_size"
            | "per_page" | "max" => {
                args.limit = args.limit.or_else(|| v.parse().ok());
                continue;
            }
            "all" | "all_archives" | "everywhere" | "global" => {
                all_archives |= truthy;
                continue;
            }
            "scope" | "archives" | "where" => {
                all_archives |= EVERY_ARCHIVE.contains(&v.to_lowercase().as_str());
                continue;
            }
            _ => continue,
        };
        if slot.is_none() {
            *slot = Some(v);
        }
    }
    let command = match operation {
        Some((_, command)) => command,
        // An operation key that names no command leaves the request to the usual rules.
        None if OPERATION_KEYS
            .iter()
            .filter(|k| !matches!(**k, "name" | "type"))
            .any(|op| members.iter().any(|(k, _)| k == op)) =>
        {
            return None;
        }
        None => implied_command(&args)?,
    };
    // The one text argument a command has stands for its argument of another name:
    // `{"op": "get", "query": "Sepsis"}`, `{"op": "search", "title": "Sepsis"}`.
    args.free = args
        .query
        .clone()
        .or_else(|| args.title.clone())
        .unwrap_or_default();
    let hit = call_hit(
        command,
        &args,
        None,
        all_archives,
        "json request: operation and arguments",
    )?;
    Some(JsonCall {
        hit,
        archive,
        limit: args.limit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_words_in_any_spelling() {
        for w in [
            "get_article",
            "getArticle",
            "get-article",
            "get article",
            "zim_get",
            "get_zim_entry",
        ] {
            assert_eq!(command_of(w), Some(Command::GetArticle), "{w}");
        }
        assert_eq!(command_of("list_archives"), Some(Command::ListArchives));
        assert_eq!(command_of("list_zim_files"), Some(Command::ListArchives));
        assert_eq!(command_of("find_by_title"), Some(Command::FindByTitle));
        assert_eq!(command_of("zim_get_section"), Some(Command::Section));
        assert_eq!(command_of("get_main_page"), Some(Command::MainPage));
        assert_eq!(command_of("more like this"), Some(Command::Related));
        assert_eq!(command_of("photosynthesis"), None);
        assert_eq!(command_of("zim"), None);
    }

    fn call(text: &str) -> Option<Intent> {
        let ctx = Context {
            text,
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        tool_call(&ctx).map(|h| h.intent)
    }

    #[test]
    fn a_qualified_command_and_an_arrow() {
        let article = |t: &str| Intent::GetArticle {
            title_or_path: t.into(),
        };
        assert_eq!(
            call("full article: Health effects of tobacco"),
            Some(article("Health effects of tobacco"))
        );
        assert_eq!(
            call("whole entry: Table of contents"),
            Some(article("Table of contents"))
        );
        assert_eq!(
            call("short summary: Main sequence"),
            Some(Intent::Summary {
                title_or_path: "Main sequence".into()
            })
        );
        assert_eq!(
            call("title lookup → Metadata (computing)"),
            Some(Intent::FindByTitle {
                title: "Metadata (computing)".into()
            })
        );
        assert_eq!(call("get_article -> Link farm"), Some(article("Link farm")));
        // "fulltext" stays a search; a qualifier alone or before a topic is no command.
        assert_eq!(command_of("full text"), Some(Command::Search));
        assert_eq!(command_of("full"), None);
        assert_eq!(command_of("quick question"), None);
        assert_eq!(call("quick question: why is the sky blue"), None);
    }

    #[test]
    fn positional_arguments_of_a_function_call() {
        assert_eq!(
            call("section(\"Rome\", \"History\")"),
            Some(Intent::Section {
                title_or_path: "Rome".into(),
                section: "History".into()
            })
        );
        assert_eq!(
            call("get_section('Ray Charles', 'Early life')"),
            Some(Intent::Section {
                title_or_path: "Ray Charles".into(),
                section: "Early life".into()
            })
        );
        assert_eq!(
            call("summary(\"Ada Lovelace\")"),
            Some(Intent::Summary {
                title_or_path: "Ada Lovelace".into()
            })
        );
        assert_eq!(
            call("find_by_title(\"Hypothyroidism\")"),
            Some(Intent::FindByTitle {
                title: "Hypothyroidism".into()
            })
        );
        assert_eq!(
            call("search(\"daily sodium intake, adults\")"),
            Some(Intent::Search {
                query: "daily sodium intake, adults".into(),
                all_archives: false
            })
        );
        assert_eq!(
            call("browse(\"A\", \"20\")"),
            Some(Intent::Browse {
                namespace: "A".into(),
                limit: Some(20)
            })
        );
        // A comma in unquoted text is part of the title.
        assert_eq!(
            call("get_article: Paris, France"),
            Some(Intent::GetArticle {
                title_or_path: "Paris, France".into()
            })
        );
        assert_eq!(positional_args("\"Rome\", History"), Vec::<String>::new());
    }

    #[test]
    fn calls() {
        assert_eq!(
            call("section: Barack Obama / Early life"),
            Some(Intent::Section {
                title_or_path: "Barack Obama".into(),
                section: "Early life".into()
            })
        );
        assert_eq!(
            call("links: A/Ray_Charles"),
            Some(Intent::Links {
                title_or_path: "A/Ray_Charles".into()
            })
        );
        assert_eq!(
            call("walk namespace=M"),
            Some(Intent::Walk {
                namespace: "M".into(),
                limit: None
            })
        );
        assert_eq!(call("main_page"), Some(Intent::MainPage));
        // Without its argument a view is no call; prose is no call either.
        assert_eq!(call("related"), None);
        assert_eq!(call("related rates in calculus"), None);
        assert_eq!(call("browse the web anonymously"), None);
    }

    #[test]
    fn tool_spellings_without_a_colon() {
        assert_eq!(
            call("get_structure Albert Einstein"),
            Some(Intent::Structure {
                title_or_path: "Albert Einstein".into()
            })
        );
        assert_eq!(
            call("getToc Roman Empire"),
            Some(Intent::Toc {
                title_or_path: "Roman Empire".into()
            })
        );
        assert_eq!(
            call("zim.search black holes"),
            Some(Intent::Search {
                query: "black holes".into(),
                all_archives: false
            })
        );
        // Prose, compounds and identifiers that name no command are no calls.
        assert_eq!(call("related rates in calculus"), None);
        assert_eq!(call("full-text search engines compared"), None);
        assert_eq!(call("os.walk example with filters"), None);
        assert_eq!(call("snake_case naming in python"), None);
    }

    #[test]
    fn command_line_flags_are_arguments() {
        assert_eq!(
            call("summary --title \"Higgs boson\""),
            Some(Intent::Summary {
                title_or_path: "Higgs boson".into()
            })
        );
        // "--limit 10" is taken as the limit before the rules read the request.
        assert_eq!(
            call("browse --ns M --"),
            Some(Intent::Browse {
                namespace: "M".into(),
                limit: None
            })
        );
        assert_eq!(
            call("walk --ns A --page-size 200"),
            Some(Intent::Walk {
                namespace: "A".into(),
                limit: Some(200)
            })
        );
        assert_eq!(
            call("search --query 'black holes' --all"),
            Some(Intent::Search {
                query: "black holes".into(),
                all_archives: false
            })
        );
        assert_eq!(call("list_archives --json"), Some(Intent::ListArchives));
        // Flags after a word that names no command are no call.
        for q in [
            "tar --extract --file archive.tar",
            "git log --oneline --graph",
            "summary --help",
        ] {
            assert_eq!(call(q), None, "{q}");
        }
        assert_eq!(
            flags_as_pairs("--title \"Higgs boson\" --fuzzy --max-results=5 --"),
            "title=\"Higgs boson\" max_results=5"
        );
    }

    #[test]
    fn arguments_alone_name_their_call() {
        assert_eq!(
            call("section=Reception article=The_Godfather"),
            Some(Intent::Section {
                title_or_path: "The_Godfather".into(),
                section: "Reception".into()
            })
        );
        assert_eq!(
            call("q=tcp handshake"),
            Some(Intent::Search {
                query: "tcp handshake".into(),
                all_archives: false
            })
        );
        assert_eq!(
            json(r#"{"section": "Formation", "title": "Moon"}"#),
            Some(Intent::Section {
                title_or_path: "Moon".into(),
                section: "Formation".into()
            })
        );
        // A title alone could be any view of it; unknown keys are no arguments.
        for q in ["title=Tide", "x=5 y=3 solve for z", "ns=A"] {
            assert_eq!(call(q), None, "{q}");
        }
    }

    #[test]
    fn an_unknown_key_ends_the_value_before_it() {
        assert_eq!(
            call("walk(ns='C', cursor=null, page_size=1000)"),
            Some(Intent::Walk {
                namespace: "C".into(),
                limit: Some(1000)
            })
        );
        // Free text keeps an "=" of its own.
        assert_eq!(
            call("get_article: E=mc2"),
            Some(Intent::GetArticle {
                title_or_path: "E=mc2".into()
            })
        );
    }

    fn json(text: &str) -> Option<Intent> {
        json_call(text).map(|c| c.hit.intent)
    }

    #[test]
    fn requests_written_as_json_objects() {
        assert_eq!(
            json(r#"{"action": "listArchives"}"#),
            Some(Intent::ListArchives)
        );
        assert_eq!(
            json(r#"{"command":"get_main_page"}"#),
            Some(Intent::MainPage)
        );
        assert_eq!(json(r#"{"intent": "Health"}"#), Some(Intent::Health));
        assert_eq!(
            json(r#"{"method": "getArticle", "title_or_path": "A/Lighthouse"}"#),
            Some(Intent::GetArticle {
                title_or_path: "A/Lighthouse".into()
            })
        );
        assert_eq!(
            json(r#"{ "tool" : "toc", "article" : "Great Barrier Reef" }"#),
            Some(Intent::Toc {
                title_or_path: "Great Barrier Reef".into()
            })
        );
        assert_eq!(
            json(r#"{"op":"get_section","page":"Moon","heading":"Formation"}"#),
            Some(Intent::Section {
                title_or_path: "Moon".into(),
                section: "Formation".into()
            })
        );
        assert_eq!(
            json(r#"{"op":"walk_namespace","namespace":"M","limit":"25"}"#),
            Some(Intent::Walk {
                namespace: "M".into(),
                limit: Some(25)
            })
        );
        assert_eq!(
            json(r#"{"op":"browse"}"#),
            Some(Intent::Browse {
                namespace: "C".into(),
                limit: None
            })
        );
        assert_eq!(
            json(r#"{"op":"autocomplete","q":"Magel"}"#),
            Some(Intent::Suggest {
                prefix: "Magel".into()
            })
        );
        assert_eq!(
            json(r#"{"op":"title lookup","name":"Scurvy"}"#),
            Some(Intent::FindByTitle {
                title: "Scurvy".into()
            })
        );
        // The one text argument stands for the argument of another name.
        assert_eq!(
            json(r#"{"op":"related","query":"Beaufort scale"}"#),
            Some(Intent::Related {
                title_or_path: "Beaufort scale".into()
            })
        );
        assert_eq!(
            json(r#"{"op":"search","title":"Beaufort scale"}"#),
            Some(Intent::Search {
                query: "Beaufort scale".into(),
                all_archives: false
            })
        );
        // A query with no operation is a search; a scope or flag for every archive.
        assert_eq!(
            json(r#"{"q":"bowline knot", "scope": "all"}"#),
            Some(Intent::Search {
                query: "bowline knot".into(),
                all_archives: true
            })
        );
        assert_eq!(
            json(r#"{"op":"search","query":"bowline knot","all_archives":true}"#),
            Some(Intent::Search {
                query: "bowline knot".into(),
                all_archives: true
            })
        );
    }

    #[test]
    fn json_tool_call_envelopes() {
        let links = Some(Intent::Links {
            title_or_path: "Semaphore".into(),
        });
        assert_eq!(
            json(r#"{"name": "links", "arguments": {"title": "Semaphore"}}"#),
            links
        );
        assert_eq!(
            json(
                r#"{"function": {"name": "get_links", "arguments": "{\"path\": \"Semaphore\"}"}}"#
            ),
            links
        );
        assert_eq!(
            json(r#"{"tool": "extract_article_links", "params": {"entry": "Semaphore"}}"#),
            links
        );
        // "name" is a title when it names no command.
        assert_eq!(
            json(r#"{"op": "summary", "name": "Links (golf)"}"#),
            Some(Intent::Summary {
                title_or_path: "Links (golf)".into()
            })
        );
    }

    #[test]
    fn json_that_is_no_call_is_left_to_the_rules() {
        for text in [
            r#"{"op": "translate", "q": "bonjour"}"#,
            r#"{"action": "delete_everything"}"#,
            r#"{"op": "summary"}"#,
            r#"{"op": "section", "title": "Tide"}"#,
            r#"{"title": "Tide"}"#,
            r#"{"name": "Ada Lovelace"}"#,
            r#"{"op": "health""#,
            r#"{'op': 'health'}"#,
            r#"["health"]"#,
            r#"{"op": "health"} please"#,
            "{}",
            "health",
        ] {
            assert_eq!(json(text), None, "{text}");
        }
    }

    #[test]
    fn key_value_arguments() {
        let a = parse_args("namespace=A");
        assert_eq!(a.namespace.as_deref(), Some("A"), "{a:?}");
        let a = parse_args("namespace=A limit=50");
        assert_eq!(a.namespace.as_deref(), Some("A"));
        assert_eq!(a.limit, Some(50));
        let a = parse_args(r#"{"title": "Ada Lovelace", "section": "Early life"}"#);
        assert_eq!(a.title.as_deref(), Some("Ada Lovelace"));
        assert_eq!(a.section.as_deref(), Some("Early life"));
        // A colon in prose is no pair.
        let a = parse_args("this title for me: Barack Ob");
        assert_eq!(a.free, "this title for me: Barack Ob");
        assert_eq!(a.title, None);
    }
}
