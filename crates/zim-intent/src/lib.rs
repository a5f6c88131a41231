//! Natural-language intent parser for zim-mcp's Simple mode (`zim_query`).
//!
//! [`parse`] turns a sentence such as "show the Early life section of Ray Charles in the
//! Ray Charles archive" into a structured [`ParsedIntent`]; the service executes it.
//!
//! Pipeline (each step is a small module):
//! 0. `json`: a request written as one JSON object whose operation key (`op`, `action`,
//!    `tool`, `name`, ...) names a command in any spelling the tool-call rule knows, its other
//!    keys the arguments (`{"op": "section", "title": "Tide", "section": "Spring and neap
//!    tides"}`), or with no operation key and arguments only one call takes (a query; a
//!    section and its title), is read as that call, its values untouched by the steps
//!    below; an unknown operation or malformed JSON goes on to them.
//! 1. `text`: cap the input at [`MAX_QUERY_CHARS`] characters, replace control
//!    characters, rewrite chat spellings of function words ("whats", "thru", "r u"), read two
//!    view words joined by a slash as one ("chapters/sections"), drop
//!    asides about the answer's form ("(2-3 sentences)"), strip politeness ("could you
//!    please ... thanks"). Whether the request was written as a question is kept.
//! 2. `archive`: find an archive named in the sentence (or given as a call's
//!    `archive=...` argument) and remove those words. A name right
//!    before a noun for an article is the article's ("the Ray Charles article"), unless the
//!    article is named after the noun ("the Wiktionnaire entry for chat").
//! 3. `limit`: take out "with limit 10" / "top 5" / "first 20 entries".
//! 4. `text::correct_typos`: fix misspelt command words ("serach", "summery") where a command
//!    stands (the first two words, a word before "of"), never in the topic.
//! 5. `rules`: ordered rules, first match wins; each extracts its parameters and reports a
//!    confidence. Below [`FALLBACK_THRESHOLD`] the parse becomes a full-text search of the
//!    cleaned sentence with `fell_back = true`. The first rule reads agent-style tool calls
//!    ("get_article: X", "section: X / Y", "browse: namespace=A limit=50", "summary --title
//!    X", a bare "list_archives"): any intent's name or tool alias in any spelling, then free
//!    or `key=value` arguments or command-line flags; `key=value` arguments alone name the
//!    call only they fit ("section=Y article=X"); slash commands ("/read X"), REST paths ("GET
//!    /v1/archives") and query strings ("?prefix=Sch&limit=10") too. A pronoun subject
//!    ("related to it") takes the article the same request named before it ("the Apollo 11
//!    article"). A follow-up ("prev: lead of 'Laika' ... now same for Sputnik 2") repeats the
//!    request before it in the text for the new article; with no earlier request in the text it
//!    takes the view it names, the new article's table of contents for "that same section"
//!    (whose name the parser cannot see), or searches its new subject when it names none.
//!
//! Cue words count where they act, not anywhere: a view cue ("toc", "structure", "links",
//! "summary") at the command position or at the end, with an article for subject ("outline of
//! Hamlet"), not a lowercase or indefinite topic ("structure of the atom", "outline of a
//! paper"), nor when it modifies the noun after it ("contents insurance", "summary
//! statistics") or relates two topics ("diseases related to smoking", "section 230 of the
//! communications decency act"); archive-level cues ("health", "metadata", "files", "main page") only when the
//! request addresses the service ("is the server healthy", "this archive's metadata") or has
//! no other topic ("health check"); "titled/named/called" only after a noun for an article.
//! A cue inside a hyphenated compound is topic ("the server-status page", "server-side").
//! A code identifier that is the whole subject names a page as a capital does
//! (`std::iter::Iterator`, `os.path.join`).
//! Anything else is a search ("Is coffee healthy?", "generate a random UUID"): when unsure,
//! search, since a wrong specialised route is worse than a search.
//!
//! A request of several sentences or clauses ("I'm writing a report on X. Before I dive in,
//! can you list the sections of the X article?", "the tool seems slow - is the backend OK?")
//! routes its last part that is no statement of context ("I'm ...", "my ...") and that a
//! rule reads confidently with an article of its own; a search or nothing there leaves the
//! whole request to decide. Speaker labels ("agent step 2:", "agent>") are no part of the
//! request, nor is who the answer is for ("My students need ...").
//!
//! Headings and outlines of a named article are its table of contents ("list the headings in
//! X", "outline of X": [`Intent::Toc`]); structure, layout, anchors and section sizes are
//! [`Intent::Structure`]. A summary of a named article is [`Intent::Summary`]; an overview of
//! a relation ("pros and cons"), or of an attribute of a topic asked as a question ("Could
//! you give me an overview of the main causes of World War I?"), is a search.
//!
//! Questions are searches: "what is X?", "who was X?", "tell me about X", "define X",
//! "explain X" ask about X in the world, and the page that answers is the one that explains X,
//! whether or not it is titled X (openzim-mcp's own labelled probes read them so). The
//! question rules still tell a definitional question (subject of at most
//! [`QUESTION_SUBJECT_MAX_WORDS`] words, a bare name or topic) from one whose subject carries a
//! qualifier of its own (a prepositional phrase with a lowercase or numeric object, "a random
//! sample in statistics"; a coordinated clause; a quantifier), which the explanation reports;
//! both are searched whole, as is what a work is about ("what is Hamlet about?"). Only a
//! summary asked for by name ("summarize X", "the intro of X") is [`Intent::Summary`].
//!
//! Learned second opinion ([`learned`]): where no rule reads a request (or none confidently)
//! and it would fall back to a search, a small logistic-regression classifier over lowercased
//! word unigrams and bigrams (quoted names, capitalised words, numbers and `.zim` files
//! masked), trained at first use from the labelled phrasings compiled into the crate
//! (`data/*.jsonl`), may route it instead: only to an intent other than Search with a
//! posterior of at least [`learned::LEARNED_THRESHOLD`], at most two words training never
//! saw, and arguments read with confidence (a quoted name, "titled X", "the X article", a
//! capitalised name after a preposition); else it stays a search. A request for the service
//! itself (health, metadata, the main page, the archive list) takes no argument, so every
//! word of it must speak for that intent in the model's own weights: one that leans to search
//! or was never seen is a topic ("run two postfix instances on the same server"). A rule that matched is never
//! overridden, nor is a main page, health or metadata-field cue the rules declined as being about another
//! topic. The explanation says `learned: <Intent> (p=..)`. Cross-validated by leaving each
//! labelled split out (`tests/crossval.rs`), it lifts heldout-k (the one split untuned by
//! rules) from 176/200 with the rules alone to 188/200, with no wrong route and no Search
//! line routed elsewhere in any split. Training takes about 20 ms once per process (optimised
//! build);
//! [`warm_up`] does it ahead of the first request, e.g. on a background thread at start-up.
#![forbid(unsafe_code)]

mod archive;
mod direction;
mod foreign_views;
mod glossary;
mod json;
pub mod learned;
mod limit;
mod rules;
mod sanitize;
mod script_gloss;
mod text;
mod word_gloss;

pub use direction::asks_for_inbound;
pub use rules::{LONG_SUBJECT_WORDS, QUESTION_SUBJECT_MAX_WORDS};
pub use sanitize::{PROMPT_ARG_MAX_CHARS, sanitize_prompt_arg};
pub use text::MAX_QUERY_CHARS;

/// Most entries one [`Intent::GetArticles`] names (zim_get's batch takes as many); the rest
/// of a longer list is dropped.
pub const MAX_BATCH_TITLES: usize = 50;

/// Confidence below which a parse is replaced by a full-text search of the cleaned sentence.
pub const FALLBACK_THRESHOLD: f32 = 0.5;
/// Confidence reported for the fallback search itself.
pub const FALLBACK_CONFIDENCE: f32 = 0.3;

/// One loaded archive, as the service knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveName {
    /// File name, e.g. `wikipedia_en_ray_charles_2015-06.zim`.
    pub file_name: String,
    /// The archive's `Title` metadata, e.g. `Ray Charles`.
    pub title: Option<String>,
    /// Extra names users may use for it.
    pub aliases: Vec<String>,
}

impl ArchiveName {
    /// Convenience constructor without aliases.
    pub fn new(file_name: impl Into<String>, title: Option<&str>) -> Self {
        Self {
            file_name: file_name.into(),
            title: title.map(str::to_string),
            aliases: Vec::new(),
        }
    }
}

/// The archive named in the sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ArchiveMatch {
    /// File name of the matched archive (as given in [`ArchiveName::file_name`]).
    pub file_name: String,
    /// The words of the sentence that named it (removed from the extracted parameters).
    pub matched_text: String,
}

/// What the user asked for, with its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Intent {
    /// List the loaded archives.
    ListArchives,
    /// Full-text search; `all_archives` when the user asked to search every archive.
    Search { query: String, all_archives: bool },
    /// Full article body.
    GetArticle { title_or_path: String },
    /// Several named entries fetched at once ("fetch A/Sun and A/Moon together"), each
    /// cleaned like a [`Intent::GetArticle`] title, at most [`MAX_BATCH_TITLES`] of them.
    GetArticles { titles_or_paths: Vec<String> },
    /// Opening paragraph.
    Summary { title_or_path: String },
    /// Hierarchical table of contents.
    Toc { title_or_path: String },
    /// Headings with section anchors.
    Structure { title_or_path: String },
    /// One section of an article.
    Section {
        title_or_path: String,
        section: String,
    },
    /// Sampled namespace overview.
    Browse {
        namespace: String,
        limit: Option<u32>,
    },
    /// Exhaustive namespace iteration.
    Walk {
        namespace: String,
        limit: Option<u32>,
    },
    /// Title-index lookup.
    FindByTitle { title: String },
    /// Link-graph neighbours.
    Related { title_or_path: String },
    /// Outbound links of an article.
    Links { title_or_path: String },
    /// Archive metadata and namespaces.
    Metadata,
    /// The archive's main page.
    MainPage,
    /// Server health / configuration, or one archive's integrity when an archive is named.
    Health,
    /// Title auto-completion.
    Suggest { prefix: String },
}

impl Intent {
    /// The variant's name (e.g. `"Summary"`), as used in the labelled test set.
    pub fn name(&self) -> &'static str {
        match self {
            Intent::ListArchives => "ListArchives",
            Intent::Search { .. } => "Search",
            Intent::GetArticle { .. } => "GetArticle",
            Intent::GetArticles { .. } => "GetArticles",
            Intent::Summary { .. } => "Summary",
            Intent::Toc { .. } => "Toc",
            Intent::Structure { .. } => "Structure",
            Intent::Section { .. } => "Section",
            Intent::Browse { .. } => "Browse",
            Intent::Walk { .. } => "Walk",
            Intent::FindByTitle { .. } => "FindByTitle",
            Intent::Related { .. } => "Related",
            Intent::Links { .. } => "Links",
            Intent::Metadata => "Metadata",
            Intent::MainPage => "MainPage",
            Intent::Health => "Health",
            Intent::Suggest { .. } => "Suggest",
        }
    }
}

/// Result of [`parse`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ParsedIntent {
    pub intent: Intent,
    /// 0..=1; rule-specific base value minus penalties (typo corrections, very long subjects).
    pub confidence: f32,
    /// Archive named in the sentence; `None` when none was named (the service auto-selects).
    pub archive: Option<ArchiveMatch>,
    /// A result-count limit found in the sentence (also copied into `Browse`/`Walk`).
    pub limit: Option<u32>,
    /// Where a listing starts, when the sentence says ("starting at offset 200", "offset=40"):
    /// the service browses from there.
    pub offset: Option<u32>,
    /// True when no rule was confident enough and this is a search of the cleaned sentence.
    pub fell_back: bool,
    /// True when the learned model, not a rule, chose the operation (no rule read the
    /// request; the model was sure of an operation other than a search).
    pub learned: bool,
    /// Which rule matched and what was extracted, for logs and for the model.
    pub explanation: String,
}

/// Parses a natural-language request. Never panics; runs in microseconds for normal sentences.
///
/// ```
/// use zim_intent::{ArchiveName, Intent, parse};
///
/// let loaded = [ArchiveName::new("wikipedia_en_ray_charles_2015-06.zim", Some("Ray Charles"))];
/// let p = parse("show the Early life section of Ray Charles from the ray charles zim", &loaded);
/// assert_eq!(
///     p.intent,
///     Intent::Section { title_or_path: "Ray Charles".into(), section: "Early life".into() }
/// );
/// assert_eq!(p.archive.map(|a| a.file_name).as_deref(), Some("wikipedia_en_ray_charles_2015-06.zim"));
/// assert!(!p.fell_back);
/// ```
pub fn parse(query: &str, archives: &[ArchiveName]) -> ParsedIntent {
    parse_with(query, archives, Some(learned::builtin()))
}

/// Trains the built-in learned classifier and compiles the rules' patterns now, if that is not
/// done yet (once per process; tens of milliseconds in an optimised build, on one core).
/// [`parse`] does both at first use otherwise, so the first request pays for them; a server
/// calls this on a background thread at start-up instead
/// (`std::thread::spawn(zim_intent::warm_up)`). Once done, a call costs two flag checks.
/// Concurrent calls and parses wait for the one training.
pub fn warm_up() {
    let _ = learned::builtin();
    // The rules' patterns compile at their first use (tens of milliseconds in all): requests
    // that run through every rule compile them here instead of in a client's first request.
    static RULES_WARM: std::sync::Once = std::sync::Once::new();
    RULES_WARM.call_once(|| {
        for request in WARM_UP_REQUESTS {
            let _ = parse(request, &[]);
        }
    });
}

/// Requests no rule reads (each runs through all of them) and a few that stop at the later
/// rules' more specific patterns.
const WARM_UP_REQUESTS: &[&str] = &[
    "how do I turn off the lights, and why?",
    "In the Moon article, what does the section \"History\" say? Please cite sources.",
    "DevOps agent: next page of the full entry listing, offset 300",
    "what is a tardigrade",
];

/// [`parse`] with another learned classifier, or none (the rules alone): for measuring the
/// classifier by cross-validation.
pub fn parse_with(
    query: &str,
    archives: &[ArchiveName],
    classifier: Option<&learned::Classifier>,
) -> ParsedIntent {
    // Capped once, before the readers of raw syntax (JSON objects, `key: value` lines, tags,
    // chat-bot and command-line calls) see the text: none of them reads more than the rules.
    let capped: String = query.chars().take(MAX_QUERY_CHARS).collect();
    let mut parsed = parse_capped(&capped, archives, classifier);
    parsed.offset = limit::extract_offset(&capped);
    parsed
}

/// [`parse_with`] of a request already capped.
fn parse_capped(
    query: &str,
    archives: &[ArchiveName],
    classifier: Option<&learned::Classifier>,
) -> ParsedIntent {
    if let Some(parsed) = json_request(query, archives) {
        return parsed;
    }
    // `{"tool": "zim_query", "input": "toc: Mount Everest"}`: the request the object wraps,
    // read alone (once: what it wraps is read by the rules, not unwrapped again).
    if query.trim_start().starts_with('{')
        && let Some(inner) = rules::wrapped_request(query)
        && !inner.trim_start().starts_with('{')
    {
        let mut parsed = parse_capped(&inner, archives, classifier);
        parsed.explanation = format!("{} (the request inside a JSON object)", parsed.explanation);
        return parsed;
    }
    // "The user says \"get me both the Beethoven and Mozart articles\". Forwarding as-is.":
    // the quoted words are the request when they ask for an operation; a quoted search is
    // read with the remark around it, which may name the operation itself ("... please
    // enumerate the available collections").
    if let Some(inner) = rules::relayed_request(query) {
        let parsed = parse_capped(&inner, archives, classifier);
        if !matches!(parsed.intent, Intent::Search { .. }) {
            return ParsedIntent {
                explanation: format!(
                    "{} (the request quoted in a relayed one)",
                    parsed.explanation
                ),
                ..parsed
            };
        }
    }
    // The wrappings agents and clients put around a request (`key: value` lines, XML calls,
    // a reason line, Markdown, a paraphrase, wiki links, an address, a plan, SQL, bracketed
    // fields, bot and shell commands), taken off in order, each when its whole syntax is there.
    let mut unwrapped = std::borrow::Cow::Borrowed(query);
    for unwrap in rules::UNWRAPPINGS {
        if let Some(inner) = unwrap(&unwrapped) {
            unwrapped = std::borrow::Cow::Owned(inner);
        }
    }
    let query: &str = &unwrapped;
    let written = text::one_of_alternatives(&text::lower_odd_capitals(&text::expand_chat(
        &text::normalize_input(query),
    )));
    // "Muéstrame el índice del artículo Reconquista": a view request of another language, read
    // by its shape, whole, before the glossary's phrases rewrite its parts.
    if let Some(view) = foreign_views::english_view_request(&written) {
        let parsed = parse_normalized(&view, archives, None);
        let world_topic =
            view_of_an_article(&parsed.intent) && glossary::asks_the_world_abroad(&written);
        if !matches!(parsed.intent, Intent::Search { .. }) && !world_topic {
            return ParsedIntent {
                explanation: format!("{} (a view request read by its shape)", parsed.explanation),
                ..parsed
            };
        }
    }
    // A request in another language is routed by its command phrases written in English, by
    // the rules: the learned model reads the request as written (it was trained on such
    // requests as written, and English command words among foreign topic words are no
    // English request: "el servidor de correo no funciona" is no health check). A search
    // keeps the words as written (a German search for "Abschnitt 3 des Grundgesetzes" is not
    // one for "section").
    let english = glossary::english_cues(&written);
    let mut every_archive = false;
    if english != written {
        let parsed = parse_normalized(&english, archives, None);
        match parsed.intent {
            Intent::Search { all_archives, .. } => every_archive = all_archives,
            // "Inhaltsverzeichnis in Word automatisch erstellen": a view's noun the glossary
            // wrote in English, in a request that asks about the world in words it left as
            // they were and names no article, is the topic: the request is searched below.
            ref view if view_of_an_article(view) && glossary::asks_the_world_abroad(&written) => {}
            // "Wie kann ich verhindern, dass apt ...? Auf dem Server laufen Skripte, die genau
            // Version 5.28 brauchen.": the service's words the glossary wrote in English in
            // a request asking how to do something in its own words are the asker's server.
            // ("Wann wurde dieses Archiv erstellt?" names the archive: its metadata.)
            ref service
                if takes_no_argument(service.name())
                    && glossary::asks_the_world_abroad(&written)
                    && names_no_archive(&written, &english) => {}
            _ => return parsed,
        }
    }
    let mut parsed = parse_normalized(&written, archives, classifier);
    // "la structure de l'ADN expliquée simplement": a view's noun that is English too, in a
    // request that asks about the world in another language's words.
    if view_of_an_article(&parsed.intent) && glossary::asks_the_world_abroad(&written) {
        let why = format!(
            "{} declined, the request asks about the world in another language",
            parsed.intent.name()
        );
        parsed = fallback(&written, every_archive, parsed.archive, parsed.limit, &why);
    }
    // "Quelle est la table des matières de l'article Camembert ?": a request every reading
    // above searched, read again with its command words in English, word by word. Its
    // operation is taken when it is one (a search stays as written).
    // "「夏目漱石」の記事の「生涯」セクションを見せて": in Chinese, Japanese, Korean and Arabic
    // the words are found by a lexicon rather than between spaces, and written in English's
    // order ([`script_gloss`]).
    // Each reading, and whether it is the lexicon's of those scripts.
    let readings: [(&dyn Fn() -> Option<String>, bool); 2] = [
        (&|| word_gloss::gloss(&english, english != written), false),
        (&|| script_gloss::gloss(&written), true),
    ];
    let searched = matches!(parsed.intent, Intent::Search { .. })
        && !glossary::asks_the_world_abroad(&written);
    for (glossed, read_by_script) in readings
        .iter()
        .filter(|_| searched)
        .filter_map(|(read, by_script)| Some((read()?, *by_script)))
    {
        // A fetch found by the lexicon's verbs ("教えて", "보여줘") needs its article named as
        // one too (read_by_script): "Wordで目次を作る方法を教えて" asks how to, not for an
        // article "Word".
        let again = parse_normalized(&glossed, archives, None);
        // A view's noun read word by word names a view only of an article named as one: by
        // a noun for it ("artículo", "voci") or in quotes. Otherwise it is the topic's word
        // ("sezione aurea e Leonardo da Vinci", "resumen de las causas de la guerra civil").
        // The scripts' reading also sets a name off as quoted where the request does by its
        // layout: after a colon ("目录：万有引力") or alone beside the command ("부산항 요약").
        let topic_view = (view_of_an_article(&again.intent)
            || (read_by_script && fetches_by_name(&again.intent)))
            && !glossary::names_an_article_abroad(&written)
            && !rules::is_match(&ARTICLE_NOUN_EN, &glossed)
            && !view_subject(&again.intent).is_some_and(|x| {
                quoted_in(&written, x) || (read_by_script && quoted_in(&glossed, x))
            })
            && !(read_by_script && fetches_named(&again.intent, &written));
        // The service's words in a question of how, why or when to do something are the
        // asker's own server, as in the glossary's reading above.
        let askers_server = takes_no_argument(again.intent.name())
            && rules::is_match(&HOW_WHY_WHEN, &glossed)
            && names_no_archive(&written, &glossed);
        if !matches!(again.intent, Intent::Search { .. }) && !topic_view && !askers_server {
            return ParsedIntent {
                explanation: format!(
                    "{} (read word by word in English: {glossed:?})",
                    again.explanation
                ),
                ..again
            };
        }
    }
    // "OPEN THE ARTICLES ON ROSES AND TULIPS FOR ME": written all in capitals, a request is
    // read again with its names capitalised and its other words in lowercase, as others
    // write it. That reading decides the operation when it names one; the same operation
    // keeps the arguments as written ("SEARCH ENGINE" is no command word there), and a
    // search keeps the words as written.
    let cased = text::case_all_capitals(&written);
    if cased != written {
        let again = parse_normalized(&cased, archives, classifier);
        if !matches!(again.intent, Intent::Search { .. })
            && again.intent.name() != parsed.intent.name()
        {
            return again;
        }
    }
    // A request no rule read (searched, or left to the learned model, whose arguments are
    // cut from the whole text) may hold its ask among context a piece read alone makes clear.
    if (parsed.fell_back || parsed.learned)
        && !glossary::asks_the_world_abroad(&written)
        && let Some(ask) = ask_among_context(&written, archives, classifier)
            .or_else(|| ask_without_listed_aside(&written, archives, classifier))
        && (parsed.fell_back || ask.intent.name() == parsed.intent.name())
    {
        return ask;
    }
    // "Hae kaikista arkistoista: talvisota": a search of every archive, ordered in words the
    // glossary read, searches the words as written.
    if every_archive && let Intent::Search { all_archives, .. } = &mut parsed.intent {
        *all_archives = true;
    }
    parsed
}

/// What is left of "switch to X first, then ..." once X is taken out.
static SWITCH_FIRST: text::Pattern = std::sync::LazyLock::new(|| {
    text::rx(
        r"^(?:(?:ok(?:ay)?|so|now|please)[\s,]+)*(?:switch|switching|change|move|jump|swap)(?:\s+over)?(?:\s+to)?(?:\s+the)?(?:\s+(?:archive|zim|wiki))?(?:\s+first)?\s*[,;]?\s*(?:and\s+)?then\s+",
    )
});

fn without_switch(rest: &str) -> String {
    match SWITCH_FIRST.as_ref() {
        Some(re) => re.replace(rest.trim_start(), "").into_owned(),
        None => rest.to_string(),
    }
}

/// A word for an archive or a `.zim` file name: the archive named as one, not by its topic.
static ARCHIVE_WORD: text::Pattern =
    std::sync::LazyLock::new(|| text::rx(r"\b(?:archives?|zims?|dumps?|kiwix)\b|\.zim\b"));

fn mentions_an_archive_word(s: &str) -> bool {
    ARCHIVE_WORD.as_ref().is_some_and(|re| re.is_match(s))
}

/// [`parse_with`] of a request already normalised.
fn parse_normalized(
    normalized: &str,
    archives: &[ArchiveName],
    classifier: Option<&learned::Classifier>,
) -> ParsedIntent {
    let normalized = normalized.to_string();
    let polite_free = text::strip_politeness(&text::strip_format_asides(&normalized));
    let all_archives = rules::mentions_all_archives(&polite_free);
    let named = archive::find_archive_argument(&polite_free, archives)
        .or_else(|| archive::find_archive(&polite_free, archives));
    let (archive, without_archive) = match named {
        // "Switch to wiktionary_fr first, then pull up the entry A/chat": once the archive is
        // taken, the switch to it is no part of the request that follows.
        Some((m, rest)) => (Some(m), without_switch(&rest)),
        None => (None, polite_free.clone()),
    };
    let (limit, without_limit) = limit::extract_limit(&without_archive);
    let cleaned = text::strip_politeness(&without_limit);
    let (corrected, typo_count) = text::correct_typos(&cleaned);

    // "how do I pull fields out of a packet header in erlang" with erlang.zim served: the
    // archive's topic word scopes the search, but a how-to or why question asks about the
    // topic, not the service (no metadata of the archive for "version" or "header"). A file
    // name ("... of erlang.zim") or an archive word left in the text ("the erlang archive")
    // still addresses the service.
    let by_topic_word = !mentions_an_archive_word(&polite_free);
    let archive_named =
        archive.is_some() && !(by_topic_word && rules::holds_a_how_to_task(&corrected));
    let ctx = rules::Context {
        text: &corrected,
        all_archives,
        limit,
        archive_named,
        question: rules::written_as_question(&normalized),
    };
    let hit = rules::classify(&ctx);
    let mut notes = Vec::new();
    if let Some(a) = &archive {
        notes.push(format!(
            "archive '{}' from \"{}\"",
            a.file_name, a.matched_text
        ));
    }
    if let Some(l) = limit {
        notes.push(format!("limit {l}"));
    }
    if typo_count > 0 {
        notes.push(format!("{typo_count} misspelt command word(s) corrected"));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!("; {}", notes.join("; "))
    };

    let fell = Fallback {
        cleaned: &cleaned,
        corrected: &corrected,
        normalized: &normalized,
        all_archives,
        archive,
        limit,
        classifier,
    };
    match hit {
        Some(hit) => {
            // Each corrected typo makes the reading a little less certain.
            let penalty = 0.05 * typo_count.min(3) as f32;
            let confidence = (hit.confidence - penalty).clamp(0.0, 1.0);
            if confidence >= FALLBACK_THRESHOLD {
                // The listing covers every archive: one named in it is what the question is
                // about ("do we have any archives other than wikipedia?"), not its scope.
                let archive = match hit.intent {
                    Intent::ListArchives => None,
                    _ => fell.archive,
                };
                return ParsedIntent {
                    intent: hit.intent,
                    confidence,
                    archive,
                    limit,
                    offset: None,
                    fell_back: false,
                    learned: false,
                    explanation: format!("rule '{}'{notes}", hit.rule),
                };
            }
            fell.learned_or_search(&format!(
                "rule '{}' too uncertain ({confidence:.2} < {FALLBACK_THRESHOLD}){notes}",
                hit.rule
            ))
        }
        None => fell.learned_or_search(&format!("no rule matched{notes}")),
    }
}

/// A request written as one JSON object whose operation key names a command, or that holds
/// a query and no operation (`{"op": "section", "title": "Tide", "section": "Spring and neap
/// tides"}`, `{"q": "tcp handshake"}`). Read from the text as given (capped by
/// [`parse_with`]), before any rewriting of words: its values are names. Anything else (no
/// object, malformed, an unknown operation) is left to the rules.
fn json_request(query: &str, archives: &[ArchiveName]) -> Option<ParsedIntent> {
    if !query.trim_start().starts_with('{') {
        return None;
    }
    let call = rules::json_call(query).filter(|c| c.hit.confidence >= FALLBACK_THRESHOLD)?;
    let archive = match call.hit.intent {
        // The listing covers every archive (as in `parse_with`).
        Intent::ListArchives => None,
        _ => call.archive.and_then(|written| {
            let (mut m, _) = archive::find_archive(&format!("in {written}"), archives)?;
            m.matched_text = written;
            Some(m)
        }),
    };
    let notes = match &archive {
        Some(a) => format!("; archive '{}' from \"{}\"", a.file_name, a.matched_text),
        None => String::new(),
    };
    Some(ParsedIntent {
        confidence: call.hit.confidence.clamp(0.0, 1.0),
        explanation: format!("rule '{}'{notes}", call.hit.rule),
        intent: call.hit.intent,
        archive,
        limit: call.limit,
        offset: None,
        fell_back: false,
        learned: false,
    })
}

/// How the explanation of a route the learned model chose begins (for people reading logs;
/// [`ParsedIntent::learned`] says it to code).
const LEARNED_PREFIX: &str = "learned:";

/// What a parse no rule read confidently falls back on.
struct Fallback<'a> {
    cleaned: &'a str,
    corrected: &'a str,
    normalized: &'a str,
    all_archives: bool,
    archive: Option<ArchiveMatch>,
    limit: Option<u32>,
    classifier: Option<&'a learned::Classifier>,
}

impl Fallback<'_> {
    /// The learned classifier's route when it is sure of an intent other than Search and its
    /// arguments can be read; else a full-text search of the cleaned sentence.
    fn learned_or_search(self, why: &str) -> ParsedIntent {
        if let Some(model) = self.classifier
            && let Some((name, p, p_search)) = model.confident_intent(self.normalized)
            && !rules::service_cue_declined(
                name,
                &rules::Context {
                    text: self.corrected,
                    all_archives: self.all_archives,
                    limit: self.limit,
                    archive_named: self.archive.is_some(),
                    question: false,
                },
            )
            && (!takes_no_argument(name) || model.every_word_speaks_for(self.normalized, name))
            // "I'm typing 'hello' into the search box and nothing happens": a problem told is
            // about what goes wrong (the service's own health aside).
            && (name == "Health" || !rules::reports_a_problem(self.corrected))
            && !rules::ends_in_a_question_searched(self.corrected)
            && !rules::topic_then_its_aspects(self.corrected)
            && let Some(intent) = learned::with_arguments(name, self.corrected, self.limit)
        {
            // Between the fallback threshold and the rules' generic readings (0.5..0.8).
            let confidence = (FALLBACK_THRESHOLD + 0.3 * p).min(0.8);
            return ParsedIntent {
                intent,
                confidence,
                archive: self.archive,
                limit: self.limit,
                offset: None,
                fell_back: false,
                learned: true,
                explanation: format!(
                    "{LEARNED_PREFIX} {name} (p={p:.2}, search {p_search:.2}) where {why}"
                ),
            };
        }
        fallback(
            self.cleaned,
            self.all_archives,
            self.archive,
            self.limit,
            why,
        )
    }
}

/// A question of how, why or when, as the word-by-word reading writes it.
static HOW_WHY_WHEN: text::Pattern =
    std::sync::LazyLock::new(|| text::rx(r"^\W*(?:how|why|when)\b"));

/// Whether a request names no archive, in English or another language.
fn names_no_archive(written: &str, english: &str) -> bool {
    !mentions_an_archive_word(english) && !glossary::names_an_archive_abroad(written)
}

/// English nouns for an article, as the word-by-word reading writes them.
static ARTICLE_NOUN_EN: text::Pattern =
    std::sync::LazyLock::new(|| text::rx(r"\b(?:articles?|pages?|entry|entries)\b"));

/// Whether `name` is written in quotes in the normalised request `s` (where «X», „X“ and
/// 「X」 are "X", ‚X‘ is 'X': [`text::normalize_input`]).
fn quoted_in(s: &str, name: &str) -> bool {
    ['"', '\'', '《', '〈', '【']
        .iter()
        .any(|q| s.contains(&format!("{q}{name}")))
}

/// The article a view of one is asked of.
fn view_subject(intent: &Intent) -> Option<&str> {
    match intent {
        Intent::Toc { title_or_path }
        | Intent::Structure { title_or_path }
        | Intent::Summary { title_or_path }
        | Intent::Section { title_or_path, .. }
        | Intent::Links { title_or_path, .. }
        | Intent::Related { title_or_path } => Some(title_or_path),
        _ => None,
    }
}

/// A view of an article (not the service's own operations, not a fetch): what a topic's
/// noun in another language may be mistaken for.
fn view_of_an_article(intent: &Intent) -> bool {
    view_subject(intent).is_some()
}

/// A fetch of articles by their names.
fn fetches_by_name(intent: &Intent) -> bool {
    matches!(
        intent,
        Intent::GetArticle { .. } | Intent::GetArticles { .. }
    )
}

/// Whether every entry a fetch asks for is named as one: in quotes or by its path
/// ("A/京都市").
fn fetches_named(intent: &Intent, written: &str) -> bool {
    let named = |x: &String| quoted_in(written, x) || x.contains('/');
    match intent {
        Intent::GetArticle { title_or_path } => named(title_or_path),
        Intent::GetArticles { titles_or_paths } => {
            !titles_or_paths.is_empty() && titles_or_paths.iter().all(named)
        }
        _ => false,
    }
}

/// The intents about the service itself, which take no argument from the request.
fn takes_no_argument(intent: &str) -> bool {
    matches!(intent, "Health" | "Metadata" | "MainPage" | "ListArchives")
}

fn fallback(
    cleaned: &str,
    all_archives: bool,
    archive: Option<ArchiveMatch>,
    limit: Option<u32>,
    why: &str,
) -> ParsedIntent {
    // Who speaks and where to look are no words of the topic.
    let asked = rules::strip_speaker_label(rules::labelled_ask(cleaned).unwrap_or(cleaned));
    // "across all the zims you have, what does X mean?": every archive is where to look
    // (the flag says so), not words to look for.
    let query = if all_archives {
        rules::search_query(asked)
    } else {
        text::clean_query(asked)
    };
    let confidence = if query.is_empty() {
        0.0
    } else {
        FALLBACK_CONFIDENCE
    };
    ParsedIntent {
        intent: Intent::Search {
            query,
            all_archives,
        },
        confidence,
        archive,
        limit,
        offset: None,
        fell_back: true,
        learned: false,
        explanation: format!("fallback to full-text search: {why}"),
    }
}

/// At most this many pieces of a request are read alone ([`ask_among_context`]).
const MAX_PIECES: usize = 16;

/// The end of a sentence: its mark, then a space or the end ("GET /search?q=x" has none).
static SENTENCE_END: text::Pattern = std::sync::LazyLock::new(|| text::rx(r"[.?!;]+(?:\s+|$)"));

/// A question that asks the service for something ("Would you be so kind as to send me
/// ...?", "could you give me ..."), not about the world.
static POLITE_ASK: text::Pattern = std::sync::LazyLock::new(|| {
    text::rx(r"^(?:(?:can|could|would|will)\s+you|would\s+you\s+be\s+so\s+kind)\b")
});

/// The sentences of a request ([`SENTENCE_END`]), each with its closing mark ("is it up?").
fn sentences_of(request: &str) -> Vec<&str> {
    let Some(re) = SENTENCE_END.as_ref() else {
        return vec![request.trim()];
    };
    let mut out = Vec::new();
    let mut start = 0;
    for m in re.find_iter(request) {
        if let Some(s) = request.get(start..m.end()) {
            out.push(s.trim());
        }
        start = m.end();
    }
    if let Some(rest) = request.get(start..) {
        out.push(rest.trim());
    }
    out.retain(|s| s.chars().any(char::is_alphanumeric));
    out
}

/// Whether a piece of a request asks about the world: a question, unless it politely asks
/// the service for something.
fn asks_the_world(piece: &str) -> bool {
    rules::written_as_question(piece) && !POLITE_ASK.as_ref().is_some_and(|re| re.is_match(piece))
}

/// The pieces of a sentence, each with the rest of the sentence: the sentence, and the
/// sentence without the comma clauses that lead into it or trail after it ("Dear team, I
/// hope ... Would you send me the full text of X? Many thanks, Margaret"; "I need the full
/// articles on X and Y, both of them, nothing trimmed").
fn pieces_of(sentence: &str) -> Vec<(String, String)> {
    let clauses: Vec<&str> = sentence.split(", ").map(str::trim).collect();
    let mut pieces = vec![(sentence.to_string(), String::new())];
    for cut in 1..clauses.len() {
        let (head, tail) = (
            clauses.get(..cut).unwrap_or_default().join(", "),
            clauses.get(cut..).unwrap_or_default().join(", "),
        );
        pieces.push((head.clone(), tail.clone()));
        pieces.push((tail, head));
    }
    pieces.retain(|(p, _)| p.split_whitespace().count() >= 2);
    pieces
}

/// A request no rule read, whose one ask for an operation on an article stands among
/// context that hides it (a greeting and a story before it, thanks or a remark after it):
/// the operation a piece read alone names, when no other sentence asks about the world, the
/// piece and the rest of its sentence are no question about the world, and the pieces name
/// one operation only (two different ones leave the search as it was). The operations on the service itself (its
/// health, metadata, archives, main page) are not taken from a piece: "in the wikipedia zim,
/// what caused X" names an archive as the place to search.
fn ask_among_context(
    request: &str,
    archives: &[ArchiveName],
    classifier: Option<&learned::Classifier>,
) -> Option<ParsedIntent> {
    let sentences = sentences_of(request);
    let mut found: Option<(usize, ParsedIntent)> = None;
    let mut read = 0usize;
    for (i, sentence) in sentences.iter().enumerate() {
        // "Apple > Banana in vitamin C?": a question about the world, whatever its pieces.
        if asks_the_world(sentence) {
            continue;
        }
        let bare = sentence.trim_end_matches(['.', '?', '!', ';']).trim();
        for (piece, rest) in pieces_of(bare) {
            read = read.saturating_add(1);
            if read > MAX_PIECES {
                return None;
            }
            // The request itself was read already; "table of contents in LaTeX, how to
            // generate one": the rest asks the world.
            if (sentences.len() == 1 && piece == bare)
                || asks_the_world(&piece)
                || asks_the_world(&rest)
            {
                continue;
            }
            let parsed = parse_normalized(&piece, archives, classifier);
            if matches!(parsed.intent, Intent::Search { .. })
                || takes_no_argument(parsed.intent.name())
            {
                continue;
            }
            match &found {
                Some((_, f)) if f.intent.name() != parsed.intent.name() => return None,
                Some(_) => {}
                None => found = Some((i, parsed)),
            }
        }
    }
    let (at, p) = found?;
    let other_asks = sentences
        .iter()
        .enumerate()
        .any(|(i, s)| i != at && asks_the_world(s));
    (!other_asks).then(|| ParsedIntent {
        explanation: format!("{} (one piece of the request, read alone)", p.explanation),
        ..p
    })
}

/// A list in parentheses at the end of a request: "archive metadata pls (tags, favicon,
/// namespaces)".
static LISTED_ASIDE: text::Pattern =
    std::sync::LazyLock::new(|| text::rx(r"\s*\([^()]*,[^()]*\)[\s.!]*$"));

/// A request no rule read, read again without a list in parentheses at its end that says
/// what it wants of the answer ([`LISTED_ASIDE`]): the operation that reading names. A
/// search stays the search of the whole request ("flu symptoms (fever, cough, aches)").
fn ask_without_listed_aside(
    request: &str,
    archives: &[ArchiveName],
    classifier: Option<&learned::Classifier>,
) -> Option<ParsedIntent> {
    let m = LISTED_ASIDE.as_ref()?.find(request)?;
    let kept = request.get(..m.start())?.trim();
    if kept.split_whitespace().count() < 2 {
        return None;
    }
    let parsed = parse_normalized(kept, archives, classifier);
    (!matches!(parsed.intent, Intent::Search { .. })).then(|| ParsedIntent {
        explanation: format!(
            "{} (read without the list in parentheses)",
            parsed.explanation
        ),
        ..parsed
    })
}
