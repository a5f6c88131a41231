//! The ordered intent rules. The first rule that matches (and extracts a non-empty parameter)
//! wins, so specific phrasings ("section anchors of X") come before generic ones ("show X").
//!
//! Base confidences: explicit command words 0.85–0.92, bare paths 0.85, generic "show/open X"
//! 0.8, "what is X?" questions 0.75, other questions 0.6. Subjects longer than
//! [`LONG_SUBJECT_WORDS`] words lose 0.45 (a title that long usually means a misparse), which
//! sends the parse below the fallback threshold.

use crate::Intent;
use crate::text::{Pattern, clean_title, rx};
use regex::{Captures, Regex};
use std::sync::LazyLock;

mod archive_level;
pub(crate) use archive_level::holds_a_how_to_task;
mod article_view;
mod batch;
mod command;
mod contrast;
mod lookup;
mod namespace;
mod relay;
mod search;
mod sql;

pub(crate) use archive_level::service_cue_declined;
pub(crate) use batch::listed_titles;
pub(crate) use command::{json_call, wrapped_request};
pub(crate) use namespace::namespace_named;
pub(crate) use relay::relayed_request;
pub use search::mentions_all_archives;
pub(crate) use search::search_query;

/// The wrappings agents and clients put around a request, taken off in this order before the
/// rules read it; each returns the request it wraps, or `None` when its whole syntax is not
/// there.
pub(crate) const UNWRAPPINGS: [fn(&str) -> Option<String>; 13] = [
    // Lines of `key: value` are one call with its parameters; the line breaks that tell them
    // apart are lost in normalising.
    command::key_value_lines,
    // An element naming the operation (`<call name="toc" title="Hypothermia"/>`), then
    // XML-like tags, one naming it: the `key=value` call they make.
    command::named_element_call,
    command::tagged_call,
    // A last line saying why ("reason: ..."), a Markdown item in bold, a support bot's
    // paraphrase ("Customer is asking whether ..."): the request without them.
    relay::without_reason_line,
    relay::markdown_item,
    relay::paraphrased_request,
    // "don't send me the whole X article, just the intro": the part asked, of X.
    contrast::part_not_whole,
    // "Fetch [[Epinephrine]] and [[Atropine]] in full": wiki links as the names they are.
    relay::wiki_links_named,
    // "@zim please ...", "to: zim-agent | body: ...", a log line's stamp: the message alone.
    relay::addressed_request,
    // "Plan: 1. ... 2. Get the intro of X. 3. ... Do step 2 now": the step to carry out.
    relay::plan_step,
    // "SELECT toc FROM article WHERE title='Ross Sea'": the slash command the statement asks.
    sql::sql_request,
    // A browser extension's fields and verb ("[page: Dragon] [selection: \"Etymology\"] →
    // open this section"): the request they make together.
    relay::bracketed_request,
    // A chat bot's, a shell alias's or a method's call ("!wiki toc X", "zq toc X", "call
    // zim.getToc"): the slash command it is; the "!" is punctuation to the normaliser.
    command::bot_command,
];

/// "what is X?" with X of at most this many words is a Summary; longer is a Search.
pub const QUESTION_SUBJECT_MAX_WORDS: usize = 6;
/// Titles longer than this many words are penalised.
pub const LONG_SUBJECT_WORDS: usize = 12;

/// Input of the rules: the cleaned, typo-corrected sentence without archive name and limit.
pub struct Context<'a> {
    pub text: &'a str,
    pub all_archives: bool,
    pub limit: Option<u32>,
    pub archive_named: bool,
    /// The request was written as a question: it opens with a question word or a modal
    /// ("Could you give me ...?") or ends with "?". Politeness and punctuation are gone
    /// from `text`.
    pub question: bool,
}

/// A matching rule's result.
pub struct RuleHit {
    pub intent: Intent,
    pub confidence: f32,
    pub rule: &'static str,
}

type Rule = fn(&Context) -> Option<RuleHit>;

/// Rules in priority order.
const RULES: &[Rule] = &[
    command::tool_call,
    batch::get_articles,
    lookup::suggest,
    search::search_command,
    archive_level::health,
    archive_level::list_archives,
    archive_level::health_server_mention,
    archive_level::main_page,
    namespace::walk,
    namespace::browse,
    namespace::archive_pass,
    archive_level::metadata,
    archive_level::open_archive,
    article_view::structure_specific,
    article_view::toc,
    article_view::section,
    article_view::structure,
    article_view::summary_command,
    lookup::find_by_title,
    lookup::related,
    lookup::links,
    lookup::get_article,
    search::search_loose,
    search::question_summary,
    search::question_search,
];

/// Classifies a request: the sentence that holds the ask when the request is made of several
/// (context first: "I'm writing a report on X. Can you list the sections of the X article?"),
/// else the whole request.
pub fn classify(ctx: &Context) -> Option<RuleHit> {
    let asked = labelled_ask(ctx.text);
    let text = strip_speaker_label(asked.unwrap_or(ctx.text));
    let unroled = strip_role_lead(text);
    let text = unroled.as_deref().unwrap_or(text);
    let affirmed = without_negated_tail(text);
    let whole_declined = affirmed.is_some() && is_match(&WHOLE_DECLINED, text);
    let text = affirmed.as_deref().unwrap_or(text);
    // "Before I begin cataloguing ..., please give me ...": the scene set first is no ask.
    let unscened = caps(&LEADING_SUBORDINATE, text)
        .and_then(|c| c.name("rest"))
        .map(|m| crate::text::strip_politeness(m.as_str()));
    let text = unscened.as_deref().unwrap_or(text);
    let text = without_sequence_lead(text).unwrap_or(text);
    let ctx = &Context { text, ..*ctx };
    // "What is the Kuiper belt? Also, list the archives you have.": two requests in one
    // message; the first is the one answered.
    if let Some(first) = first_of_two(ctx) {
        return Some(first);
    }
    // The scene set in a sentence of its own comes before the parts are read one by one:
    // "There's an article called X" alone would be a title lookup.
    let found = follow_up(ctx)
        .or_else(|| ask_in_article_scene(ctx, &SCENE_THEN_ASK))
        .or_else(|| ask_of_parts(ctx))
        .or_else(|| ask_after_purpose(ctx))
        .or_else(|| ask_of_plan(ctx))
        .or_else(|| classify_one(ctx, ctx.text));
    // "ci-bot: enumerate loaded ZIM files for inventory": a command no rule read whole may
    // be one with what it is for after it; only an operation read without that tail counts
    // ("gifts for teachers" stays the search it is).
    let found = found.or_else(|| {
        let m = FOR_PURPOSE_TAIL.as_ref()?.find(ctx.text)?;
        // "for my essay on Rome" names a topic: what is sought, not what it is for.
        if is_match(&TOPIC_IN_PURPOSE, m.as_str()) {
            return None;
        }
        let kept = ctx.text.get(..m.start())?;
        // Only after an order to hand something over: after "look in all the archives" or a
        // kind of thing ("a summary of X for my class", "the best page layout for a bakery")
        // the words after "for" are what is sought.
        if !is_match(&HANDING_ORDER, kept) {
            return None;
        }
        let part_ctx = Context { text: kept, ..*ctx };
        classify_one(&part_ctx, kept).filter(|h| {
            !matches!(h.intent, Intent::Search { .. }) && h.confidence >= crate::FALLBACK_THRESHOLD
        })
    });
    // "give me the Nelson Mandela article, not the whole thing": an article asked for with
    // the whole of it declined is asked for in short, its summary.
    match found {
        Some(RuleHit {
            intent: Intent::GetArticle { title_or_path },
            confidence,
            ..
        }) if whole_declined => hit(
            Intent::Summary { title_or_path },
            confidence,
            "summary: the article asked for, the whole of it declined",
        ),
        other => other,
    }
}

/// What a request is for, at its end: "for inventory", "for my risk assessment", "for the
/// student's worksheet".
static FOR_PURPOSE_TAIL: Pattern = LazyLock::new(|| {
    rx(
        r"\s+for\s+(?:(?:my|our|your|his|her|their|a|an|the|this|some)\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}\s*[.!]*$",
    )
});

/// A purpose that names a topic: a capitalised name, or "on/about/of" a thing.
static TOPIC_IN_PURPOSE: Pattern =
    LazyLock::new(|| Regex::new(r"(?-i:[A-Z])|(?i:\b(?:on|about|of|regarding)\b)").ok());

/// An order to hand something over, first.
static HANDING_ORDER: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:please|just|now|then|ok|okay)\s+)*(?:list|enumerate|show|get|give|fetch|open|dump|display|print|pull(?:\s+up)?|return|output|retrieve|send)\b",
    )
});

/// The boundary before a second request: "? Also, ...", ", then ...", ". After that, ...".
static SECOND_REQUEST: Pattern = LazyLock::new(|| {
    rx(
        r"(?:[.?!;]\s+|,\s+)(?:also|and\s+also|then|and\s+then|after\s+that|afterwards|next)\b,?\s+\S",
    )
});

/// The first of two requests in one message ([`SECOND_REQUEST`]), when a rule reads it alone
/// and reads the second alone too, naming its own subject or none ("open the wikipedia
/// archive, then show its main page" is one request: "its" is the first's).
fn first_of_two(ctx: &Context) -> Option<RuleHit> {
    let m = SECOND_REQUEST.as_ref()?.find(ctx.text)?;
    let first = ctx.text.get(..m.start())?.trim();
    let second = ctx.text.get(m.end().saturating_sub(1)..)?.trim();
    let read = |text: &str| {
        let part = Context {
            text,
            question: written_as_question(text),
            ..*ctx
        };
        classify_one(&part, text).filter(|h| h.confidence >= crate::FALLBACK_THRESHOLD)
    };
    let hit = read(first)?;
    let second_hit = read(second)?;
    let mut second_intent = second_hit.intent.clone();
    let second_own = subject_mut(&mut second_intent)
        .is_none_or(|t| looks_like_title(t) && !is_match(&PRONOUN_SUBJECT, t));
    (second_own && !is_match(&PRONOUN_IN, second)).then_some(hit)
}

/// A pronoun for what the first request named: "its main page", "its links".
static PRONOUN_IN: Pattern =
    LazyLock::new(|| rx(r"\b(?:its|it|their|them|that\s+one|this\s+one)\b"));

/// A negated tail that declines the whole article ("..., not the whole thing").
static WHOLE_DECLINED: Pattern = LazyLock::new(|| {
    rx(
        r"(?:not|rather\s+than|instead\s+of)\s+(?:just\s+)?(?:the\s+)?(?:whole|entire|full|complete)\s+(?:thing|article|page|text)\s*[.!)]*\s*$",
    )
});

/// "prev: lead of 'Laika' ✅ now same for Sputnik 2", "the toc of Tide. and now the same for
/// Moon": a request that repeats the one before it for another article. The earlier request
/// is read alone and its view applied to the new article.
static SAME_FOR: Pattern = LazyLock::new(|| {
    rx(
        r"^(?P<prev>.+?)[\s,.;:!]+(?:(?:and|ok|okay|thanks|cool|great|perfect|nice)[\s,.!]+)*(?:now|then|next)\s+(?:do\s+|give\s+me\s+|show\s+me\s+)?(?:the\s+)?same(?:\s+(?:thing|one|again))?\s+(?:but\s+)?(?:for|with|on|of)\s+(?P<t>.+)$",
    )
});
/// "prev:", "previous:", "earlier:": a label for the request before.
static PREVIOUS_LABEL: Pattern =
    LazyLock::new(|| rx(r"^(?:prev|previous|earlier|before|last(?:\s+time)?|done)\s*[:>-]\s*"));
/// "and now that same section but for Pierre Curie", "the same summary for Berlin": the view
/// named, its article new, the earlier request not in the text.
static SAME_VIEW_FOR: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:and|ok|okay|so|now|then|next|also)\s+)*(?:(?:do|give\s+me|show\s+me|get\s+me|i\s+want|i\s+need)\s+)?(?:that|the|this)\s+same\s+(?P<view>section|part|chapter|paragraph|summary|intro|introduction|lead|lede|toc|table\s+of\s+contents|contents|outline|headings|structure|links|related\s+(?:pages|articles)|article|page|full\s+article|full\s+text)\s+(?:but\s+)?(?:for|of|on|from|with|about)\s+(?P<t>.+)$",
    )
});

/// A follow-up whose view is not known ("now the same for Berlin" with nothing before it):
/// its new subject is searched, not the words of the follow-up.
fn follow_up_search(ctx: &Context, subject: &str) -> Option<RuleHit> {
    let query = crate::text::clean_query(subject);
    (!query.is_empty()).then_some(())?;
    hit(
        Intent::Search {
            query,
            all_archives: ctx.all_archives,
        },
        0.6,
        "follow-up: no earlier request in the text, its new subject searched",
    )
}

/// "now the same for Berlin", "same for Sputnik 2": a follow-up that names neither the view
/// nor the earlier request.
static SAME_ONLY_FOR: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:and|ok|okay|so|now|then|next|also|thanks|great|cool)[\s,.!]+)+(?:do\s+)?(?:the\s+)?same(?:\s+(?:thing|one|again))?\s+(?:but\s+)?(?:for|with|on)\s+(?P<t>.+)$",
    )
});

/// A request repeating an earlier one for another article ([`SAME_FOR`], [`SAME_VIEW_FOR`]).
/// When the earlier request is not in the text, the view it names is used; a section cannot
/// be (its name was said earlier, where the parser cannot see): the new article's table of
/// contents is the view that lets the caller pick it, not a guessed section.
fn follow_up(ctx: &Context) -> Option<RuleHit> {
    // Every follow-up says "same": most requests are let through by one substring search.
    if !ctx.text.to_lowercase().contains("same") {
        return None;
    }
    if let Some(c) = caps(&SAME_FOR, ctx.text) {
        let t = title_of(&group(&c, "t"))?;
        let prev = group(&c, "prev");
        let prev = match PREVIOUS_LABEL.as_ref() {
            Some(re) => re.replace(&prev, "").into_owned(),
            None => prev,
        };
        let prev = crate::text::strip_politeness(&prev);
        let prev_ctx = Context {
            text: &prev,
            question: written_as_question(&prev),
            ..*ctx
        };
        return match classify_one(&prev_ctx, &prev) {
            Some(mut hit) => {
                if hit.confidence < crate::FALLBACK_THRESHOLD {
                    return None;
                }
                *subject_mut(&mut hit.intent)? = t;
                hit.rule = "follow-up: the request before, for another article";
                Some(hit)
            }
            // "Got it. Now the same for Berlin.": what came before is no request.
            None => follow_up_search(ctx, &group(&c, "t")),
        };
    }
    if let Some(c) = caps(&SAME_ONLY_FOR, ctx.text) {
        return follow_up_search(ctx, &group(&c, "t"));
    }
    let c = caps(&SAME_VIEW_FOR, ctx.text)?;
    let t = title_of(&group(&c, "t"))?;
    let view = group(&c, "view").to_lowercase();
    let intent = match view.split_whitespace().next().unwrap_or_default() {
        "summary" | "intro" | "introduction" | "lead" | "lede" => {
            Intent::Summary { title_or_path: t }
        }
        "structure" => Intent::Structure { title_or_path: t },
        "links" => Intent::Links { title_or_path: t },
        "related" => Intent::Related { title_or_path: t },
        "article" | "page" | "full" => Intent::GetArticle { title_or_path: t },
        _ => Intent::Toc { title_or_path: t },
    };
    let rule = match intent {
        Intent::Toc { .. }
            if !matches!(view.as_str(), "toc" | "contents" | "outline" | "headings")
                && !view.starts_with("table") =>
        {
            "follow-up: the same section, its name not in the request (the table of contents)"
        }
        _ => "follow-up: the same view for another article",
    };
    hit(intent, 0.8, rule)
}

/// Runs the rules in order on one sentence; `None` when none matched. A pronoun subject takes
/// its antecedent from `whole`, the request the sentence is part of.
fn classify_one(ctx: &Context, whole: &str) -> Option<RuleHit> {
    let mut hit = RULES.iter().find_map(|rule| rule(ctx))?;
    resolve_pronoun(whole, &mut hit);
    Some(hit)
}

/// "agent: ...", "agent step 2: ...", "agent> ...": who speaks (also as a prompt, its name
/// before ">"), or which step of a plan this is, is no part of the request. A tool's name
/// before a colon ("toc: X") is kept: it is the command.
static SPEAKER_LABEL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:[\w-]+\s+){0,2}(?:[a-z0-9]+[-_])?(?:agent|assistant|bot|user|system|planner)(?:\s*(?:->|→|=>)\s*[\w-]+)?(?:\s+(?:step|instruction|instructions|request|task|query|message|note))?(?:\s+#?\d+)?|step\s+#?\d+(?:\s*/\s*\d+|\s+of\s+\d+)?)(?:\s*:|>{1,2})\s+",
    )
});

/// "As the IDE agent, ...", "As a research assistant, ...": the role the asker writes in is
/// no part of the request, nor is the politeness after it ("As a tutor, could you ...").
static ROLE_LEAD: Pattern =
    LazyLock::new(|| rx(r"^as\s+(?:a|an|the|your|my)\s+[\w' -]{1,40}?,\s+(?P<rest>\S.*)$"));

fn strip_role_lead(s: &str) -> Option<String> {
    let rest = caps(&ROLE_LEAD, s)?.name("rest")?.as_str().to_string();
    Some(crate::text::strip_politeness(&rest))
}

/// A structured prompt's field that holds the ask ("### Request incoming links to X", a
/// ReAct agent's "Action Input: get article A/X",
/// "Objective: gather background material on X. Constraints: ..."): the text of the last
/// such field, up to the next field label. Preambles ("You are a tool-calling agent"),
/// context and constraints are not the request.
pub(crate) fn labelled_ask(s: &str) -> Option<&str> {
    let re = ASK_FIELD.as_ref()?;
    let m = re.find_iter(s).last()?;
    let rest = s.get(m.end()..)?;
    let end = NEXT_FIELD
        .as_ref()
        .and_then(|n| n.find(rest))
        .map_or(rest.len(), |n| n.start());
    let ask = rest.get(..end)?.trim();
    (!ask.is_empty()).then_some(ask)
}

static ASK_FIELD: Pattern = LazyLock::new(|| {
    rx(
        r"(?:^|[\s.;])(?:#{1,6}\s*(?:request|query|task|objective|goal|question|ask)\b\s*:?|(?:request|query|task|objective|goal|question|ask|user\s+request|user\s+query|action\s+input)\s*:)\s*",
    )
});
static NEXT_FIELD: Pattern = LazyLock::new(|| {
    rx(
        r"(?:^|[\s.;])(?:#{1,6}\s*\w+|(?:constraints?|context|notes?|format|output|instructions?|background|requirements?|rules?)\s*:)",
    )
});

/// The request without a negated alternative at its end: "the complete text of X, not a
/// summary", "X in full (not the intro)", "..., rather than a summary": the view named after
/// "not" is the one not wanted.
fn without_negated_tail(s: &str) -> Option<String> {
    let m = NEGATED_TAIL.as_ref()?.find(s)?;
    let kept = s.get(..m.start())?.trim_end();
    kept.chars()
        .any(char::is_alphanumeric)
        .then(|| kept.to_string())
}

static NEGATED_TAIL: Pattern = LazyLock::new(|| {
    rx(
        r"(?:,\s*|\s+-+\s+|\s+)(?:and\s+|but\s+)?(?:not|rather\s+than|instead\s+of)\s+(?:just\s+)?(?:a|an|the|its)?\s*(?:summary|intro|introduction|lead|overview|snippet|excerpt|extract|preview|abstract|outline|toc|table\s+of\s+contents|headings|full\s+text|whole\s+(?:thing|article|page)|links|search)\s*[.!)]*\s*$",
    )
});

/// The request without who speaks and where to look ("DevOps agent: in the git docs: ...").
pub(crate) fn strip_speaker_label(s: &str) -> &str {
    let mut s = s;
    // A speaker, then a place ("DevOps agent: in the git docs: ..."), each at most once.
    for label in [&SPEAKER_LABEL, &PLACE_LABEL] {
        if let Some(m) = label.as_ref().and_then(|re| re.find(s))
            && m.end() < s.len()
        {
            s = s.get(m.end()..).unwrap_or(s);
        }
    }
    s
}

/// "git docs: ...", "in the stackexchange zim, ...": where to look, before the request (the
/// archive itself is matched on the whole request). Set aside here for every rule and for the
/// search's words alike.
static PLACE_LABEL: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:in|from|using|within|inside)\s+)?(?:the\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+(?:zim|archive|docs|documentation|wiki)\s*[:,—–]\s+",
    )
});

/// Boundaries between the sentences or clauses of one request: "? ", "! ", "; ", ". " after
/// a word (not after an initial or an ellipsis), a spaced dash, and a comma before a new
/// first-person clause (", I need the complete text for a brief").
static PART_BOUNDARY: Pattern = LazyLock::new(|| {
    rx(
        r"[?!;]\s+|[^.\s]{2}\.\s+|\s+[-–—]{1,2}\s+|,\s+(?:i|i'm|we|we're)\s+(?:need|want|am|have|was|will|must|should|only|just|also)\b|(?:\.{2,}|…)\s+(?:i|i'm|im|my|we|our)\s",
    )
});

/// A statement of context by the person asking ("I'm a nurse prepping a teaching session",
/// "I only remember how it starts"): it tells why, not what.
static CONTEXT_STATEMENT: Pattern = LazyLock::new(|| {
    rx(r"^(?:i|i'm|im|i've|i'd|we|we're|we've|my|our|for\s+context|background|context)\b")
});

/// "I need the full articles for both X and Y": a first-person want of a thing (a noun
/// phrase after its determiner) is the ask, unlike a want to do something ("I want to see
/// how it's laid out") or a statement ("I'm a nurse").
static WANT_OF_A_THING: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:i|we)\s+(?:(?:only|just|really|also|still)\s+)?(?:need|want|would\s+like)\s+(?:the|all|both|its|their)\b",
    )
});

/// A leading clause before a comma that sets the scene of the ask after it ("Before I dive
/// in, can you ...").
/// A subordinate clause before the request ("Before I begin cataloguing ..., please give
/// me ...", "Before I ask anything: could you tell me ..."): the time or the reason, not the
/// ask; it ends at its comma, colon or semicolon.
static LEADING_SUBORDINATE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:before|after|while|since|because|once|as\s+soon\s+as)\s[^,:;]{0,100}[,:;]\s+(?P<rest>\S.*)$",
    )
});
static SCENE_CLAUSE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:before|after|while|since|because|first|first\s+off|ok|okay|so|also|anyway|then|now|well|next|alright)\b[^,]{0,100},\s+(?P<rest>\S.*)$",
    )
});

/// The part of a request (its sentence or clause, see [`PART_BOUNDARY`], or what follows a
/// label's colon) that holds the byte position `at`, trimmed.
pub(crate) fn part_at(s: &str, at: usize) -> &str {
    let Some(re) = PART_BOUNDARY.as_ref() else {
        return s;
    };
    let mut start = 0;
    let mut end = s.len();
    for m in re.find_iter(s) {
        if m.end() <= at {
            start = m.end();
        } else if m.start() >= at {
            end = m.start();
            break;
        }
    }
    let part = s.get(start..end).unwrap_or(s);
    // "dogs and wolves: how are they related?": the clause after a colon.
    let within = at.saturating_sub(start);
    let from = part
        .get(..within.min(part.len()))
        .and_then(|before| before.rfind(": "))
        .map_or(0, |i| i.saturating_add(2));
    part.get(from..).unwrap_or(part).trim()
}

/// Whether a part of the request after byte position `at` is a question: "outline of the
/// Najdorf main line after 6.Bg5 — what is the Poisoned Pawn actually about?" asks its
/// question about what it named before.
pub(crate) fn question_after(s: &str, at: usize) -> bool {
    PART_BOUNDARY.as_ref().is_some_and(|re| {
        re.find_iter(s)
            .filter(|m| m.start() >= at)
            .any(|m| article_view::starts_like_question(s.get(m.end()..).unwrap_or_default()))
    })
}

/// The parts of a request made of several sentences or clauses, each without politeness.
fn request_parts(s: &str) -> Vec<String> {
    let Some(re) = PART_BOUNDARY.as_ref() else {
        return Vec::new();
    };
    let mut parts = Vec::new();
    let mut start = 0;
    for m in re.find_iter(s) {
        let found = m.as_str();
        // A full stop ends the word before it, which stays in its sentence; a first-person
        // clause after a comma starts at its pronoun.
        let (cut, next) = if found.starts_with(',') {
            (m.start(), m.start().saturating_add(1))
        } else if found.starts_with("..") || found.starts_with('…') {
            // "What books have you got in there... my daughter set this up": an ellipsis
            // before a first-person clause ends the ask; the clause starts at its pronoun.
            let pronoun = found
                .find(|c: char| c != '.' && c != '…' && !c.is_whitespace())
                .unwrap_or(found.len());
            (m.start(), m.start().saturating_add(pronoun))
        } else if let Some(dot) = found.find('.').filter(|_| !found.starts_with(' ')) {
            (m.start().saturating_add(dot), m.end())
        } else {
            (m.start(), m.end())
        };
        if cut < start {
            continue;
        }
        parts.push(s.get(start..cut).unwrap_or_default());
        start = next;
    }
    parts.push(s.get(start..).unwrap_or_default());
    parts
        .into_iter()
        .map(str::trim)
        // A statement of context is no ask, however it goes on ("I want to see how it's
        // laid out" is not "see how it's laid out").
        .filter(|p| {
            !p.is_empty() && (!is_match(&CONTEXT_STATEMENT, p) || is_match(&WANT_OF_A_THING, p))
        })
        .map(|p| {
            let p = without_sequence_lead(p)
                .or_else(|| caps(&SCENE_CLAUSE, p).and_then(|c| c.name("rest").map(|m| m.as_str())))
                .unwrap_or(p);
            let p = crate::text::strip_politeness(p);
            // "the whole page on X not just the intro — paste all of it": a view not wanted,
            // at the end of its part.
            without_negated_tail(&p).unwrap_or(p)
        })
        .collect()
}

/// "now give me the full article on X, every paragraph", "and then show its links": the
/// word that orders the ask after what came before, followed by the ask itself (a request
/// verb, a modal or "I need"); "now that you mention it, ..." is a clause of its own.
static SEQUENCE_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:ok|okay|and|so|but)\s+)?(?:now|then|next|first|firstly|finally|lastly)\s+(?P<rest>(?:give|show|get|fetch|open|read|list|display|pull|print|paste|send|tell|summari[sz]e|find|look|do|can|could|would|will|i\s+(?:need|want|would)|i'd|let\s+me|just|only)\b.*)$",
    )
});

fn without_sequence_lead(s: &str) -> Option<&str> {
    caps(&SEQUENCE_LEAD, s)
        .and_then(|c| c.name("rest"))
        .map(|m| m.as_str())
}

/// In a request of several parts, the last one that is no statement of context and that a
/// rule reads confidently decides: a view there is the answer ("I'm preparing a patient
/// handout. Could you give me a brief overview of the Sepsis article?"); a search there
/// leaves the reading to the whole request. `None` for requests of one part.
fn ask_of_parts(ctx: &Context) -> Option<RuleHit> {
    if PART_BOUNDARY
        .as_ref()
        .is_none_or(|re| !re.is_match(ctx.text))
    {
        return None;
    }
    // "Retrieve full text for: A; B; C": semicolons between the names of one batch.
    if let Some(hit) = batch::get_articles(ctx) {
        return Some(hit);
    }
    let parts = request_parts(ctx.text);
    if let Some(search) = search_then_its_results(ctx, &parts) {
        return Some(search);
    }
    for part in parts.iter().rev() {
        let part_ctx = Context {
            text: part,
            question: written_as_question(part),
            ..*ctx
        };
        let Some(hit) = ask_after_purpose(&part_ctx).or_else(|| classify_one(&part_ctx, ctx.text))
        else {
            continue;
        };
        // A part read alone may lean on the parts before it ("what were the main ones?",
        // "sections and their lengths"): its view counts when it names its own article.
        let mut intent = hit.intent.clone();
        // A lowercase subject names its own article when the part calls it one ("fetch the
        // complete git-rebase page").
        let own_subject = subject_mut(&mut intent).is_none_or(|t| {
            let lower = part.to_lowercase();
            let t_lower = t.to_lowercase();
            looks_like_title(t)
                || ["page", "article", "entry"]
                    .iter()
                    .any(|noun| lower.contains(&format!("{t_lower} {noun}")))
        });
        if hit.confidence < crate::FALLBACK_THRESHOLD || !own_subject {
            continue;
        }
        return match hit.intent {
            Intent::Search { .. } => None,
            // "photosynthesis light-dependent reactions — search all the zims": the part that
            // orders every archive searched is the scope of the topic before it.
            Intent::ListArchives if archive_level::orders_every_archive_searched(part) => None,
            // The namespace named in one part, the pass over all of it asked in another ("every
            // title in the A namespace — walk the whole thing"): the whole request says which.
            Intent::Browse { .. } => namespace::walk(ctx).or(Some(hit)),
            _ => Some(hit),
        };
    }
    None
}

/// What a search gave, referred back to in a later step: "the date range it gives", "the
/// top results", "summarise them".
static REFERS_TO_RESULTS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:it|they|them|its|their|the\s+(?:results?|hits|matches|top\s+(?:hits?|results?|matches?)))\b",
    )
});

/// "Step 1: search for 'monsoon onset Kerala'. Step 2: report the date range it gives.": a
/// search asked for first by its command word, the later steps about what it gives ("it", "the
/// results"): the request is that search, whatever words the later steps hold (a date, a
/// summary, links are of the hits, not of the archive or an article).
fn search_then_its_results(ctx: &Context, parts: &[String]) -> Option<RuleHit> {
    let (first, later) = parts.split_first()?;
    if later.is_empty() || !later.iter().any(|p| is_match(&REFERS_TO_RESULTS, p)) {
        return None;
    }
    let first_ctx = Context {
        text: first,
        question: written_as_question(first),
        ..*ctx
    };
    let hit = search::search_command(&first_ctx)?;
    matches!(hit.intent, Intent::Search { .. }).then_some(hit)
}

/// A name in quotes, as a word of its own ("reading 'Byzantine Empire'", "a page called
/// \"Health effects of tobacco\""); an apostrophe inside a word opens none.
static QUOTED_NAME: Pattern =
    LazyLock::new(|| rx(r#"(?:^|\s)(?:'(?P<s>[^']+)'|"(?P<d>[^"]+)")(?:$|[\s,.;:?!])"#));

/// The request with each quoted name replaced by a neutral word: a cue word inside a title
/// ("a page called 'Health effects of tobacco'") is the title's, not a cue.
pub(crate) fn without_quoted(s: &str) -> String {
    match QUOTED_NAME.as_ref() {
        Some(re) if re.is_match(s) => re.replace_all(s, " NAME ").to_string(),
        _ => s.to_string(),
    }
}

/// "For a graph project I need the outgoing links of X", "For my Year 6 class: pages that
/// sit close to the Ancient Rome article", "To compare the two rebellions for the student,
/// get the full articles on X and Y": why, then what. The ask after the purpose is read
/// alone.
static PURPOSE_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:for\s+(?:(?:a|an|my|our|the|this|some)\s+[^,;:]{1,60}?|[\w-]+(?:\s+[\w-]+){0,2}\s+(?:purposes?|reasons?))(?:,?\s+(?:i|we)\s+(?:only\s+|just\s+|really\s+|also\s+)?(?:need|want|would\s+like|'d\s+like)\s+(?:to\s+(?:see|get|have|read)\s+|to\s+)?|,\s+|:\s+)|(?:in\s+order\s+)?to\s+[a-z][^,;:]{1,80}?[,:]\s+)(?P<rest>\S.*)$",
    )
});

/// "I'm building a citation graph: give me ...": a statement of what the asker is doing,
/// then the ask after a colon.
static CONTEXT_COLON: Pattern =
    LazyLock::new(|| rx(r"^(?:i'm|im|i\s+am|we're|we\s+are)\s+[^:;]{1,60}:\s+(?P<rest>\S.*)$"));

/// "My students need a two-sentence overview of the Magna Carta article": who the answer is
/// for, and that they need it, before the ask (as "I need" is politeness before it).
static NEEDED_BY: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:my|our|the|his|her|their)\s+(?:[\w'-]+\s+){0,2}?[\w'-]+\s+(?:needs?|wants?|would\s+like|asked\s+(?:me\s+)?for|asks?\s+(?:me\s+)?for)\s+(?P<rest>\S.*)$",
    )
});

/// The ask after a statement of purpose, of who needs it or a label ([`LABEL_COLON`]), when a
/// rule reads it confidently as a view of an article it names (or of the archive); a search or
/// nothing there leaves the whole request to decide. An article named first as the scene
/// ([`ARTICLE_SCENE`]) is the ask's when it names none.
fn ask_after_purpose(ctx: &Context) -> Option<RuleHit> {
    if let Some(found) = ask_in_article_scene(ctx, &ARTICLE_SCENE) {
        return Some(found);
    }
    let c = caps(&PURPOSE_LEAD, ctx.text)
        .or_else(|| caps(&CONTEXT_COLON, ctx.text))
        .or_else(|| caps(&NEEDED_BY, ctx.text))
        .or_else(|| {
            LABEL_COLON.as_ref()?.captures(ctx.text).filter(|c| {
                c.name("label")
                    .is_some_and(|l| !command::names_a_command(l.as_str()))
            })
        })?;
    let rest = crate::text::strip_politeness(c.name("rest")?.as_str());
    let rest = without_sequence_lead(&rest).unwrap_or(&rest).to_string();
    let part_ctx = Context {
        text: &rest,
        question: written_as_question(&rest),
        ..*ctx
    };
    let hit = classify_one(&part_ctx, ctx.text)?;
    let mut intent = hit.intent.clone();
    // A view of the archive itself has no subject to name ("For an inventory I need to go
    // through the entire archive entry by entry").
    let own_subject = match subject_mut(&mut intent) {
        Some(t) => looks_like_title(t),
        None => !matches!(hit.intent, Intent::Search { .. }),
    };
    (hit.confidence >= crate::FALLBACK_THRESHOLD && own_subject).then_some(hit)
}

/// "I should first check the table of contents of 'X' so that I can decide which section to
/// read", "I'm unsure of the exact spelling, so I'll ask for title autocompletions for the
/// prefix 'Schrödin'", "I'll fetch only the 'Y' section of the X article, since ...": an
/// agent's plan in the first person. Its main verb phrase is the request; the reason before it
/// and the purpose after it ("so that ...", "since ...", "because ...") are set aside.
static PLAN: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:[^,;]{1,100}[,;]\s+(?:so\s+|and\s+|then\s+)?)?(?:i|we)(?:'ll|\s+will|\s+shall|\s+should|\s+must|'m\s+going\s+to|\s+am\s+going\s+to|\s+are\s+going\s+to|\s+(?:need|have|want|plan|intend|ought|am\s+about)\s+to|'d\s+better)\s+(?:(?:first|now|then|next|just|also|quickly|only|go\s+ahead\s+and|start\s+by|start\s+with|begin\s+with|begin\s+by)\s+)*(?P<rest>\S.*)$",
    )
});

/// Why the step is taken, after it: "so that I can decide ...", "since that's all the user
/// asked about", "because ...", "to decide which ...", "before ...ing".
static PLAN_PURPOSE: Pattern = LazyLock::new(|| {
    rx(
        r"(?:,\s*|\s+)(?:so\s+that|so\s+(?:i|we|the\s+user)\b|since|because|as\s+(?:that|this|it|the\s+user)\b|in\s+order\s+to|to\s+(?:decide|see|make\s+sure|confirm|know|find\s+out|avoid|figure|check|pick|choose|answer)\b|before\s+\w+ing\b|then\b).*$",
    )
});

/// Verbs of an agent's step that stand for "show": "check the table of contents of X", "ask
/// for title autocompletions", "look at the outline of X".
static PLAN_VERB: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:check|ask\s+(?:the\s+\w+\s+)?for|request|look\s+at|consult|call\s+up|pull\s+up|use)\s+",
    )
});

fn ask_of_plan(ctx: &Context) -> Option<RuleHit> {
    // Every plan has its first-person pronoun: most requests are let through by one scan.
    let first_person = |w: &str| {
        let w = w.trim_start_matches(|c: char| !c.is_alphanumeric());
        w.eq_ignore_ascii_case("we")
            || w.eq_ignore_ascii_case("i")
            || w.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("i'"))
    };
    if !ctx.text.split_whitespace().any(first_person) {
        return None;
    }
    // A plan of several sentences ("I'm going to explain X to the user; first I need to find
    // out how ... Search for that.") is read part by part ([`ask_of_parts`]), not as one step.
    if is_match(&PART_BOUNDARY, ctx.text) {
        return None;
    }
    let c = caps(&PLAN, ctx.text)?;
    let step = group(&c, "rest");
    let step = match PLAN_PURPOSE.as_ref() {
        Some(re) => re.replace(&step, "").into_owned(),
        None => step,
    };
    let step = match PLAN_VERB.as_ref() {
        Some(re) => re.replace(&step, "show ").into_owned(),
        None => step,
    };
    let step = crate::text::strip_politeness(&step);
    let step_ctx = Context {
        text: &step,
        question: false,
        ..*ctx
    };
    let hit = classify_one(&step_ctx, ctx.text)?;
    (hit.confidence >= crate::FALLBACK_THRESHOLD && !matches!(hit.intent, Intent::Search { .. }))
        .then_some(hit)
}

/// "quiz prep: ...", "for the galley: ...", "voice relay: ...": a label in lowercase words
/// (what the asker is doing, for whom, through what) before a colon and the ask. Not a
/// command's name ("toc: X" is the call) nor a name ("LaTeX: ..." is a topic): lowercase but
/// for the sentence's first letter ("Planning: first get ...", "Collecting citations: ..."),
/// at most four words. The ask still has to name its own article for the label to be set
/// aside ("Berlin: toc" stays whole).
static LABEL_COLON: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"^(?P<label>[A-Za-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,3})\s*:\s+(?P<rest>\S.*)$").ok()
});

/// The article first, then the view of it asked for: "For 'Hurricane Katrina' I need every
/// h2/h3 with its #anchor so I can deep-link into it", "ok, and for that same article (Marie
/// Curie) just give me the lead". The name is quoted, capitalised, called an article ("the
/// X article", "the article X") or given in parentheses after "that same article"; the ask is
/// wanted ("I need ...") or given as an order ("just give me ...", "only the toc").
static ARTICLE_SCENE: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:(?:ok|okay|and|so|now|then|next|also|right)[\s,.!]+)*(?:for|on|about|regarding)\s+(?P<t>'[^']+'|"[^"]+"|(?:that|the|this)\s+(?:same\s+)?(?:article|page|entry)\s*\([^()]+\)|the\s+(?:article|page|entry)\s+(?-i:[A-Z])[^,;:]*?|the\s+[^,;:]+?\s+(?:article|page|entry)|(?-i:[A-Z])[^,;:]*?)\s*,?\s+(?:(?:i|we)\s+(?:only\s+|just\s+|really\s+|also\s+)?(?:need|want|would\s+like|'d\s+like)\s+(?:to\s+(?:see|get|have|read)\s+)?|(?:(?:just|only|please|simply)\s+)*(?:give|show|get|send|fetch|pull|return|list)\s+(?:(?:me|us)\s+)?|(?:just|only)\s+)(?P<ask>\S.*)$"#,
    )
});

/// The article set as a scene in a sentence of its own, then the ask that refers to it:
/// "There's an article called Feline panleukopenia — open it and show me the full text",
/// "I/trebuchet_diagram.png — give me the raw image", "Look at the article Owlbear, then pull
/// just its Ecology section". The scene is an article said to exist, an entry path, or an
/// article to look at first; the ask comes after a dash, a colon or "then".
static SCENE_THEN_ASK: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:(?:there's|there\s+is|there\s+should\s+be)\s+(?:an?\s+)?(?:article|page|entry)\s+(?:called|named|titled)\s+(?P<t>[^—–;:.?!]+?)\s*(?:—|–|\s-{1,2}|[;:.])\s*|(?P<p>(?:[\w.-]+/)+[\w.%()~-]+)\s*(?:—|–|\s-{1,2}|:)\s+|(?:look\s+at|open|find|go\s+to|pull\s+up)\s+(?:the\s+)?(?:article|page|entry)\s+(?P<a>(?-i:[A-Z])[^,;]*?)\s*[,;]?\s+(?:and\s+)?then\s+)(?:(?:and|so|then|please|just)\s+)*(?P<ask>\S.*)$"#,
    )
});

/// "that same article (Marie Curie)": a reference to an article with its name in parentheses.
static NAMED_IN_PARENTHESES: Pattern = LazyLock::new(|| {
    rx(r"^(?:that|the|this)\s+(?:same\s+)?(?:article|page|entry)\s*\((?P<t>[^()]+)\)$")
});

/// The article a scene names: the name in parentheses after "that same article", the rest as
/// written.
fn scene_title(raw: &str) -> String {
    caps(&NAMED_IN_PARENTHESES, raw).map_or_else(|| raw.to_string(), |c| group(&c, "t"))
}

/// Why the view is wanted, after the ask: "so I can deep-link into it".
static PURPOSE_TAIL: Pattern =
    LazyLock::new(|| rx(r"\s+so\s+(?:that\s+)?(?:i|we)\s+(?:can|could|may|might)\b.*$"));

/// The view asked after the article it is of ([`ARTICLE_SCENE`]): the ask is read alone and
/// takes the scene's article when it names none of its own.
fn ask_in_article_scene(ctx: &Context, scene: &Pattern) -> Option<RuleHit> {
    let c = caps(scene, ctx.text)?;
    let named = ["t", "p", "a"]
        .iter()
        .find_map(|n| c.name(n))
        .map_or_else(String::new, |m| scene_title(m.as_str()));
    let scene = title_of(&named)?;
    let ask = group(&c, "ask");
    let ask = match PURPOSE_TAIL.as_ref() {
        Some(re) => re.replace(&ask, "").into_owned(),
        None => ask,
    };
    let part_ctx = Context {
        text: &ask,
        question: written_as_question(&ask),
        ..*ctx
    };
    let alone = classify_one(&part_ctx, ctx.text);
    let mut alone_intent = alone.as_ref().map(|h| h.intent.clone());
    let named = alone_intent
        .as_mut()
        .and_then(subject_mut)
        .is_some_and(|t| looks_like_title(t) && !is_match(&PRONOUN_SUBJECT, t));
    if named {
        return alone.filter(|h| h.confidence >= crate::FALLBACK_THRESHOLD);
    }
    // The ask names no article of its own ("the toc", "every h2/h3 with its #anchor"): it is
    // of the scene's.
    // The scene's name quoted: a rule reads it whole, whatever words it holds.
    let of_scene = format!("{ask} of \"{scene}\"");
    let scene_ctx = Context {
        text: &of_scene,
        ..part_ctx
    };
    let mut hit = classify_one(&scene_ctx, ctx.text)
        .filter(|h| {
            let mut intent = h.intent.clone();
            subject_mut(&mut intent).is_some()
        })
        .or(alone)?;
    let subject = subject_mut(&mut hit.intent)?;
    *subject = scene;
    hit.confidence = hit.confidence.max(0.8);
    Some(hit)
}

/// An article named in the request: "the Apollo 11 article", "the page 'Renaissance'".
static ANTECEDENT: Pattern = LazyLock::new(|| {
    rx(
        r#"\bthe\s+(?:(?P<t>[^,;?!]+?)\s+(?:article|page|entry)|(?:article|page|entry)\s+(?P<q>'[^']+'|"[^"]+"))"#,
    )
});

/// A name the request is about, told as context: "a reading list around Health care in the
/// United States; which articles are closely related to it?". Capitalised (case-sensitive),
/// up to the end of its clause.
static TOPIC_ANTECEDENT: Pattern = LazyLock::new(|| {
    Regex::new(
        r"\b(?i:around|about|on|regarding|covering|researching|studying)\s+(?:the\s+)?(?P<t>[A-Z][^,;?!.]*?)\s*(?:[,;?!.]|\s+-\s|$)",
    )
    .ok()
});

/// "I enjoyed the Apollo 11 article, what else is related to it?": a pronoun subject refers
/// to the article the same request named before it (or the name it is about). Without one it refers to earlier
/// conversation the parser cannot see, and keeps its penalty.
/// "that one", "this article", "the same page": an article pointed at, as a pronoun does.
static DEMONSTRATIVE_SUBJECT: Pattern = LazyLock::new(|| {
    rx(r"^(?:that|this|the\s+same|the\s+previous|the\s+last)\s+(?:one|article|page|entry)$")
});

fn resolve_pronoun(text: &str, hit: &mut RuleHit) {
    let Some(subject) = subject_mut(&mut hit.intent) else {
        return;
    };
    let pronoun = (subject.split_whitespace().count() == 1 && is_match(&PRONOUN_SUBJECT, subject))
        || is_match(&DEMONSTRATIVE_SUBJECT, subject);
    if !pronoun {
        return;
    }
    // The article named before, the name the request is about, or a name it quotes ("I
    // enjoyed reading 'Byzantine Empire'. What other pages are related to it?").
    let Some(c) = caps(&ANTECEDENT, text)
        .or_else(|| caps(&TOPIC_ANTECEDENT, text))
        .or_else(|| caps(&QUOTED_NAME, text))
    else {
        return;
    };
    let raw = ["t", "q", "s", "d"]
        .iter()
        .find_map(|n| c.name(n))
        .map_or("", |m| m.as_str());
    // A quoted name is one already; its quotes make it look like a title.
    let raw = if c.name("s").is_some() || c.name("d").is_some() {
        format!("'{raw}'")
    } else {
        raw.to_string()
    };
    let raw = raw.as_str();
    if !looks_like_title(raw) || is_match(&PRONOUN_SUBJECT, raw) {
        return;
    }
    if let Some(t) = title_of(raw) {
        *subject = t;
        hit.confidence = (hit.confidence + 0.45).min(1.0);
    }
}

/// The article a hit is about, for the intents that have one.
fn subject_mut(intent: &mut Intent) -> Option<&mut String> {
    match intent {
        Intent::GetArticle { title_or_path }
        | Intent::Summary { title_or_path }
        | Intent::Toc { title_or_path }
        | Intent::Structure { title_or_path }
        | Intent::Section { title_or_path, .. }
        | Intent::Related { title_or_path }
        | Intent::Links { title_or_path } => Some(title_or_path),
        _ => None,
    }
}

fn caps<'a>(re: &Pattern, s: &'a str) -> Option<Captures<'a>> {
    re.as_ref().and_then(|r| r.captures(s))
}

pub(crate) fn is_match(re: &Pattern, s: &str) -> bool {
    re.as_ref().is_some_and(|r| r.is_match(s))
}

fn group(c: &Captures, name: &str) -> String {
    c.name(name)
        .map(|m| m.as_str().to_string())
        .unwrap_or_default()
}

fn hit(intent: Intent, confidence: f32, rule: &'static str) -> Option<RuleHit> {
    Some(RuleHit {
        intent,
        confidence,
        rule,
    })
}

/// Confidence after the long-subject penalty.
/// Subjects that are pronouns ("summarize it", "tell me about his childhood") refer to earlier
/// conversation the parser cannot see; they are penalised like overlong subjects.
static PRONOUN_SUBJECT: Pattern = LazyLock::new(|| {
    rx(r"^(?:it|its|it's|this|that|these|those|them|they|their|he|him|his|she|her|hers)\b")
});

fn subject_confidence(base: f32, subject: &str) -> f32 {
    if subject.split_whitespace().count() > LONG_SUBJECT_WORDS
        || is_match(&PRONOUN_SUBJECT, subject)
    {
        base - 0.45
    } else {
        base
    }
}

/// A non-empty cleaned title, or `None`.
fn title_of(raw: &str) -> Option<String> {
    let t = clean_title(raw);
    // "anchor ids for A/Climate_change": one entry path among other words is what is named.
    let mut paths = t
        .split_whitespace()
        .map(|w| w.trim_end_matches([',', '.', ';', '?', '!']))
        .filter(|w| batch::is_entry_path(w));
    if let (Some(path), None) = (paths.next(), paths.next())
        && t.contains(char::is_whitespace)
    {
        return Some(path.to_string());
    }
    (!t.is_empty()).then_some(t)
}

static LEADING_VERBS: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:just|simply|show|get|give|tell|list|display|read|open|fetch|print|view|provide|retrieve|extract|collect|gather|grab|enumerate|return|output|dump|export|what|what's|whats|which|does|do|is|are|me|us|the|all|can|could|may|might|i|need|want|see|describe|analy[sz]e|inspect|outline)(?:\s+|$))+",
    )
});

/// A noun for the view itself between a cue and its subject: "structure report for X",
/// "toc listing of X"; or a participle saying where the thing asked is ("the hyperlinks
/// contained in X").
static VIEW_NOUN_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^\s*(?:(?:report|view|listing|breakdown|info|details|box|list|graph|map)\s+(?:of|for|on|about|from)|(?:contained|found|included|present|listed|used|appearing)\s+(?:in|on|within|inside))\b",
    )
});

/// A parenthesised aside at the start of a cue's subject.
static LEADING_ASIDE: Pattern = LazyLock::new(|| rx(r"^\s*\([^()]*\)"));

/// Subject for a cue word: the text after the last cue match, or if that is empty the text
/// after an earlier one up to the next ("the gist of X page, just the intro" gives X), or
/// the text before the first one (without leading verbs): "toc of X" and "X toc" both give X.
fn subject_around(re: &Regex, s: &str) -> Option<String> {
    // A cue joined to another word by a hyphen is part of a compound ("a dead-link scan"),
    // unless every cue is.
    let joined = |m: &regex::Match| {
        s.get(..m.start()).is_some_and(|b| b.ends_with('-'))
            || s.get(m.end()..).is_some_and(|a| a.starts_with('-'))
    };
    let mut cues: Vec<regex::Match> = re.find_iter(s).collect();
    if cues.iter().any(|m| !joined(m)) {
        cues.retain(|m| !joined(m));
    }
    for (i, cue) in cues.iter().enumerate().rev() {
        let end = cues.get(i.saturating_add(1)).map_or(s.len(), |m| m.start());
        let after = s.get(cue.end()..end).unwrap_or_default();
        let after = match VIEW_NOUN_LEAD.as_ref() {
            Some(v) => v.replace(after, ""),
            None => after.into(),
        };
        // "the document structure (headings, anchors, sizes) of X": an aside right after the
        // cue says what the view holds; no title begins with a parenthesis.
        let after = match LEADING_ASIDE.as_ref() {
            Some(v) => v.replace(&after, "").into_owned(),
            None => after.into_owned(),
        };
        if let Some(t) = title_of(without_restating_clause(&after)) {
            return Some(t);
        }
    }
    subject_before(re, s)
}

/// The subject before the first match of a cue, without leading verbs ("X toc", "Apollo 11
/// related articles").
pub(crate) fn subject_before(re: &Regex, s: &str) -> Option<String> {
    let first = re.find(s)?;
    let before = s.get(..first.start()).unwrap_or_default();
    let before = match LEADING_VERBS.as_ref() {
        Some(v) => v.replace(before, "").to_string(),
        None => before.to_string(),
    };
    title_of(before.trim().trim_end_matches("'s"))
}

/// The text without a last clause made only of words that restate the request before a
/// later cue: "of the Reef page, just the" (the cue "intro" follows) is "of the Reef page".
fn without_restating_clause(s: &str) -> &str {
    match s.rfind([',', ';']) {
        Some(i)
            if s.get(i.saturating_add(1)..)
                .unwrap_or_default()
                .split_whitespace()
                .all(|w| is_match(&RESTATING_WORD, w)) =>
        {
            s.get(..i).unwrap_or_default()
        }
        _ => s,
    }
}

static RESTATING_WORD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:just|only|the|a|an|its|me|us|give|show|i|want|need|please|and|or|not|no|whole|full|short|quick)$",
    )
});

fn cue_subject(cue: &Pattern, s: &str) -> Option<String> {
    let re = cue.as_ref()?;
    if !cue_acts(re, s) {
        return None;
    }
    let subject = subject_around(re, s)?;
    (!is_generic_subject(&subject_raw(re, s))).then_some(subject)
}

/// Whether a cue word acts as a command rather than being part of the topic: it stands at
/// the command position (first, after leading verbs and determiners: "show the toc of X",
/// "outline of X") or at the end ("X toc", "Moon's table of contents"). In the middle of a
/// sentence ("server health checks in Kubernetes", "symbolic links on linux") it is topic.
/// A cue last after a how-to or why question ("latex how to add a list of figures after the
/// table of contents") is the end of the question's topic, not a command after a title.
pub(crate) fn cue_acts(re: &Regex, s: &str) -> bool {
    cue_position(re, s)
        .is_some_and(|(at_start, at_end)| at_start || (at_end && !is_match(&HOW_TO_LEAD, s)))
}

/// "how to ...", "latex how do I ...", "why does ...": a question of method or cause, after at
/// most two words of its topic.
static HOW_TO_LEAD: Pattern = LazyLock::new(|| {
    rx(r"^(?:[\w+#.-]+\s+){0,2}?(?:how\s+(?:to|do|does|can|could|should|would)|why)\b")
});

/// Whether a cue stands at the command position (first) and whether it stands at the end
/// (second); `None` when it does not occur.
pub(crate) fn cue_position(re: &Regex, s: &str) -> Option<(bool, bool)> {
    let first = re.find(s)?;
    let before = s.get(..first.start()).unwrap_or_default();
    let before = match LEADING_VERBS.as_ref() {
        Some(v) => v.replace(before, "").to_string(),
        None => before.to_string(),
    };
    let before = before.trim();
    // "get article structure for entry X": a noun for the document right before a cue
    // written in lowercase is filler ("open the article Introduction to Algorithms" names
    // the article).
    let cue_lowercase = !first.as_str().chars().any(char::is_uppercase);
    let before = match before
        .rsplit_once(' ')
        .map_or(("", before), |(a, b)| (a, b))
    {
        (rest, "article" | "entry") if cue_lowercase => rest.trim(),
        _ => before,
    };
    let at_start = (before.is_empty() || is_match(&COMMAND_FILLER, before))
        && !modifies_a_noun(re, s.get(first.end()..).unwrap_or_default());
    let last = re.find_iter(s).last().unwrap_or(first);
    let after = s
        .get(last.end()..)
        .unwrap_or_default()
        .trim_matches(|c: char| c.is_whitespace() || c.is_ascii_punctuation());
    let at_end = after.is_empty() || is_match(&TRAILING_FILLER, after);
    Some((at_start, at_end))
}

/// Whether the words after a cue make it a modifier of a noun, as in "contents insurance vs
/// buildings insurance" or "summary statistics in pandas": a lowercase word that is no
/// connector and no noun for the view, followed by more words. A command is followed by a
/// connector ("toc of X"), a name ("toc Biology"), a view noun ("structure report for X")
/// or one lowercase word ("toc photosynthesis"), or another cue ("outgoing links of X",
/// "explain briefly").
fn modifies_a_noun(cue: &Regex, after: &str) -> bool {
    let mut words = after.split_whitespace();
    let Some(next) = words.next() else {
        return false;
    };
    // "every summary I find just says ...", "the outline you sent me": a subject pronoun
    // opens a clause about the cue's noun, which the sentence talks about.
    if is_match(&SUBJECT_PRONOUN, next) && words.clone().next().is_some() {
        return true;
    }
    let lowercase_word = next.chars().all(|c| c.is_lowercase() || c == '-')
        && next.chars().next().is_some_and(char::is_alphabetic);
    // "tldr chernobyl disaster article": a name in lowercase that a noun for the article
    // ends is what the cue is of, not a noun it qualifies.
    let article_named = is_match(&ENDS_WITH_ARTICLE_NOUN, after) && !is_match(&PREPOSITION, after);
    lowercase_word
        && !article_named
        && !is_match(&CUE_FOLLOWER, next)
        && !cue.is_match(next)
        && words.next().is_some()
}

/// A name of up to four words ending with a noun for an article: "chernobyl disaster
/// article" (not "view in word page": a preposition makes it a phrase of the world).
static ENDS_WITH_ARTICLE_NOUN: Pattern =
    LazyLock::new(|| rx(r"^\s*(?:[\w'-]+\s+){1,4}(?:article|page|entry)\s*[.!?]*$"));
static PREPOSITION: Pattern =
    LazyLock::new(|| rx(r"\b(?:in|on|of|for|with|to|from|about|by|at|into|vs)\b"));

/// A personal pronoun that can be the subject of a clause.
static SUBJECT_PRONOUN: Pattern = LazyLock::new(|| {
    rx(r"^(?:i|i've|i'd|i'm|we|we've|you|you've|they|they've|he|she|people|everyone)$")
});

/// Words that may follow a command cue: connectors (in the languages the cues cover),
/// determiners, nouns for the view.
static CUE_FOLLOWER: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:of|for|in|on|from|about|to|and|or|the|a|an|this|that|its|his|her|their|me|us|please|page|article|entry|report|view|listing|breakdown|info|details|box|only|just|with|into|inside|within|out|as|contained|found|included|present|listed|appearing|de|du|des|la|le|les|von|vom|der|die|das|di|del|della|da|do|dos|el|sur|über|zu)$",
    )
});

/// The raw text a cue's subject comes from (after the last cue), before cleaning.
fn subject_raw(re: &Regex, s: &str) -> String {
    re.find_iter(s)
        .last()
        .and_then(|m| s.get(m.end()..))
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// "of a research paper", "of an atom", "of proteins in general": an indefinite subject is a
/// kind of thing, not an article of the archive (titles that begin with "A" are capitalised).
pub(crate) fn is_generic_subject(raw: &str) -> bool {
    // A quoted name ends the subject: what follows it is about the request ("the entry
    // 'algebra' for a translation note").
    let raw = match QUOTED_NAME.as_ref().and_then(|re| re.find(raw)) {
        Some(m) => raw.get(..m.end()).unwrap_or(raw),
        None => raw,
    };
    // So does a noun for the article after its name: "the Hydrofluoric acid article for my
    // risk assessment" says what the article is for.
    let raw = match NAMED_ARTICLE_NOUN.as_ref().and_then(|re| re.find(raw)) {
        Some(m) => raw.get(..m.end()).unwrap_or(raw),
        None => raw,
    };
    is_match(&INDEFINITE_SUBJECT, raw) || is_match(&INDEFINITE_INSIDE, raw)
}

/// A name, then a noun for an article: "the Hydrofluoric acid article".
static NAMED_ARTICLE_NOUN: Pattern = LazyLock::new(|| {
    Regex::new(r"^.*?\b(?-i:[A-Z])[^\s]*(?:\s+\S+){0,5}?\s+(?:article|page|entry)\b").ok()
});

/// "the size of a file": a task, not a title.
static INDEFINITE_INSIDE: Pattern = LazyLock::new(|| {
    Regex::new(r"\b(?:of|from|in|on|for|with|to|into|about)\s+(?:a|an|any|some|my|your)\s").ok()
});

/// Whether an extracted subject reads as the name of an article: it has a capital letter, a
/// path separator or quotes ("Ray Charles", "std/vec/...", "'hit the road jack'"). Lowercase
/// phrases after a bare verb or adjective-like cue are tasks and topics ("get the current
/// date in javascript", "summary statistics in pandas", "structure of the atom").
pub(crate) fn looks_like_title(raw: &str) -> bool {
    // The first word that is not an article decides: "the Eiffel Tower" is a name, "user
    // input in C#" and "hidden files on macOS" are not.
    let first = raw
        .split_whitespace()
        .find(|w| !matches!(w.to_lowercase().as_str(), "the" | "a" | "an" | "me" | "us"))
        .unwrap_or("");
    first
        .chars()
        .find(|c| c.is_alphanumeric())
        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
        || raw.contains('/')
        || raw.contains('"')
        || opens_a_quote(raw)
        || raw.contains('_')
        || (is_identifier(first) && raw.split_whitespace().count() == first_words_count(raw))
}

/// Whether `raw` opens a single quote ("'hit the road jack'"); the apostrophe of a
/// contraction or a possessive ("like I'm 15", "Newton's laws") quotes nothing.
fn opens_a_quote(raw: &str) -> bool {
    let mut prev: Option<char> = None;
    raw.chars().any(|c| {
        let opens = c == '\'' && !prev.is_some_and(char::is_alphanumeric);
        prev = Some(c);
        opens
    })
}

/// How many words `raw` has up to and including its first one that is not an article: an
/// identifier names a page when it is the whole subject ("the os.path.join page" is cleaned
/// before; "node.js tutorials" is a topic).
fn first_words_count(raw: &str) -> usize {
    raw.split_whitespace()
        .position(|w| !matches!(w.to_lowercase().as_str(), "the" | "a" | "an" | "me" | "us"))
        .map_or(0, |i| i.saturating_add(1))
}

/// A code identifier names an API page as a capital names an article: `std::iter::Iterator`,
/// `os.path.join`, `asyncio.gather()`. Abbreviations ("e.g.") are no identifiers.
fn is_identifier(word: &str) -> bool {
    let w = word
        .trim_matches(|c: char| matches!(c, ',' | ';' | ':' | '?' | '!' | '.' | '"' | '\'' | '`'));
    let w = w.strip_suffix("()").unwrap_or(w);
    let parts: Vec<&str> = w.split("::").flat_map(|p| p.split('.')).collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            p.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && p.chars().all(|c| c.is_alphanumeric() || c == '_')
        })
        && parts.iter().any(|p| p.chars().count() >= 2)
}

static INDEFINITE_SUBJECT: Pattern = LazyLock::new(|| {
    Regex::new(r"^(?:(?:of|for|in|on|about|does|do)\s+)?(?:a|an|any|some)\s").ok()
});
/// Words that may stand before a command cue: "show me all the", "give me a quick", "a
/// two-sentence".
static COMMAND_FILLER: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:me|us|all|the|a|an|(?:\d+|one|two|three|four|five|few)-(?:sentences?|lines?|paragraphs?|words?|minutes?)|quick|short|brief|opening|introductory|document|full|complete|whole|this|that|its|their|list|of|please|extract|external|internal|outgoing|outbound|incoming|every|each|just|only|inbound)\b\s*)+$",
    )
});
/// Words that may follow a trailing cue: "X toc please", "X outline for me".
static TRAILING_FILLER: Pattern =
    LazyLock::new(|| rx(r"^(?:please|pls|thanks|for\s+me|only|view|page)$"));

/// Whether the request as written (before politeness is stripped) is a question: "Could you
/// give me an overview of X?", "what are ...", "is it ...?".
pub fn written_as_question(s: &str) -> bool {
    let s = s.trim();
    s.ends_with('?') || is_question(s) || is_match(&WHAT_QUESTION, s)
}

static WHAT_QUESTION: Pattern =
    LazyLock::new(|| rx(r"^(?:[¿¡]\s*)?(?:what|which|what's|whats|who)\b"));

/// A request that reads as a question (not an imperative).
pub(crate) fn is_question(s: &str) -> bool {
    is_match(&QUESTION_OPENER, s)
}

static QUESTION_OPENER: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:how|why|when|where|who|whom|whose|is|are|was|were|does|do|did|can|could|should|would|will)\b",
    )
});

/// A request for an explanation ("structure of the DNA double helix explained simply") or a
/// problem report ("table of contents in LaTeX not updating after I add a chapter"): it asks
/// about its topic, so a view word in it is topic too.
pub(crate) fn asks_about_the_topic(s: &str) -> bool {
    is_match(&ABOUT_THE_TOPIC, s) || asks_about_the_world_after(s)
}

/// A problem told ("I'm typing 'hello' into the search box and nothing happens", "the page
/// won't load"): the request is about what goes wrong, not a command, whatever its other words
/// are. The learned second opinion routes no such request to a view.
/// "links in Markdown: inline and reference style": a topic, a colon, then lowercase words
/// that say which of its aspects are wanted, none a command word. A heading of a topic, not
/// a view asked of an article: the learned second opinion routes no such request to a view.
pub(crate) fn topic_then_its_aspects(s: &str) -> bool {
    let Some((head, tail)) = s.split_once(':') else {
        return false;
    };
    let tail = tail.trim();
    let head_words = head.split_whitespace().count();
    (1..=5).contains(&head_words)
        && !head.contains(',')
        && tail.chars().next().is_some_and(char::is_lowercase)
        && tail
            .chars()
            .all(|c| c.is_alphanumeric() || c.is_whitespace() || matches!(c, ',' | '-' | '\''))
        && !tail
            .split(|c: char| !c.is_alphanumeric())
            .any(command::names_a_command)
}

/// "outline of World War II — is it chronological?": a request of several parts whose last
/// one is a question the rules read as a search. The question is what is asked (as it is
/// alone); the view word before it names its topic, and no second opinion makes it the view.
pub(crate) fn ends_in_a_question_searched(s: &str) -> bool {
    let parts = request_parts(s);
    let Some(last) = parts.last().filter(|_| parts.len() >= 2) else {
        return false;
    };
    if !written_as_question(last) {
        return false;
    }
    let ctx = Context {
        text: last,
        all_archives: false,
        limit: None,
        archive_named: false,
        question: true,
    };
    classify_one(&ctx, s).is_some_and(|hit| {
        matches!(hit.intent, Intent::Search { .. }) && hit.confidence >= crate::FALLBACK_THRESHOLD
    })
}

pub(crate) fn reports_a_problem(s: &str) -> bool {
    is_match(&PROBLEM_REPORT, s)
}

static PROBLEM_REPORT: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:nothing\s+(?:happens|happened|shows?(?:\s+up)?|showed\s+up|comes\s+up|came\s+up|appears|appeared|loads|works|changes)|(?:doesn'?t|does\s+not|don'?t|do\s+not|won'?t|will\s+not|isn'?t|aren'?t|can'?t|cannot|didn'?t)\s+(?:work|load|show|open|appear|display|start|respond|update|compile|run)|not\s+(?:working|loading|showing|opening|responding|appearing|updating|compiling)|stopped\s+working|keeps\s+(?:crashing|failing|freezing|hanging))\b",
    )
});

/// "the structure of DNA and how the base pairs are held together", "structure of the US
/// Supreme Court and how justices are appointed": a view word's object followed by "and
/// how/why/what ..." asks a question about the world, the view word is part of it. Not when
/// the question is about the article's parts ("and how long is each section", "and how is it
/// organised").
pub(crate) fn asks_about_the_world_after(s: &str) -> bool {
    // Every such request says " and ": most are let through by one scan of the bytes.
    if !s
        .as_bytes()
        .windows(5)
        .any(|w| w.eq_ignore_ascii_case(b" and "))
    {
        return false;
    }
    caps(&AND_QUESTION, s)
        .and_then(|c| c.name("rest"))
        .is_some_and(|rest| !is_match(&ABOUT_THE_ARTICLE, rest.as_str()))
}

static AND_QUESTION: Pattern = LazyLock::new(|| {
    rx(r"\S\s*,?\s+and\s+(?:how|why|what|what's|when|where|who|whom|which)\b(?P<rest>.*)$")
});

/// Words of a question about the article itself: its parts, size or layout.
static ABOUT_THE_ARTICLE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:each|every|sections?|headings?|anchors?|parts?|chapters?|article|page|entry|organi[sz]ed|structured|laid\s+out|long|big|large|sizes?|length|links?)\b",
    )
});

static ABOUT_THE_TOPIC: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:explained|explanation|eli5|for\s+(?:dummies|beginners|kids|a\s+child)|in\s+(?:simple|plain|layman'?s)\s+(?:terms|words|english)|not\s+(?:updating|updated|working|showing|shown|loading|compiling|rendering|appearing|displaying)|doesn'?t|does\s+not|won'?t|isn'?t|aren'?t|fails?\s+to|(?:after|when|whenever|because|once)\s+(?:i|we|it)\b|[:;]\s*how\s+(?:to|do|can|should)\b)",
    )
});

/// Whether the request addresses the server, the service or an archive (rather than a topic
/// that happens to use the same words): "the server", "this archive", "your zim files", "the
/// loaded archives", "you", "the tool", a project's dump ("the stackexchange dump", "this
/// wiki dump"), an archive's file name even when not loaded
/// ("wikipedia_en_medicine_2024-01.zim"). A plural alone is a topic ("How do archives preserve paper?",
/// "what app can open .zim files", "list all the zip archives in a folder"); a request made
/// of nothing but it is still the service's ("list zim files": see [`topic_free`]).
pub(crate) fn addresses_service(ctx: &Context) -> bool {
    if ctx.archive_named {
        return true;
    }
    // "How do you collect a blood sample for a rapid diagnostic test?": the impersonal "you"
    // of a how/when/where question is anyone, not the service.
    let text = match IMPERSONAL_YOU.as_ref() {
        Some(re) => re.replace_all(ctx.text, |c: &regex::Captures| {
            let whole = c.get(0).map_or("", |m| m.as_str());
            match (c.name("q"), c.name("own")) {
                (Some(q), None) => format!("{} one", q.as_str()),
                _ => whole.to_string(),
            }
        }),
        None => std::borrow::Cow::Borrowed(ctx.text),
    };
    // "how to cite your sources", "how to back up your files": the "you" of an infinitive
    // question of method is anyone's, by construction.
    let text = match (HOW_TO_START.as_ref(), GENERIC_YOU.as_ref()) {
        (Some(start), Some(you)) if start.is_match(&text) => {
            std::borrow::Cow::Owned(you.replace_all(&text, "one").into_owned())
        }
        _ => text,
    };
    matches_standalone(&SERVICE_REFERENCE, &text)
}

static HOW_TO_START: Pattern = LazyLock::new(|| rx(r"^how\s+to\b"));
static GENERIC_YOU: Pattern = LazyLock::new(|| rx(r"\b(?:your|yours|you)\b"));

/// "how do you", "where can you", "when should you": a question of method whose "you" is
/// anyone. Not of what the service holds or does ("how do you store ...", "what do you have").
static IMPERSONAL_YOU: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?P<q>(?:how|when|where)\s+(?:do|does|can|could|would|should|did|might)?)\s*you\b(?P<own>\s+(?:have|got|hold|store|keep|contain|serve|know|index|work|run|load|cache)\b)?",
    )
});

/// Whether `re` matches other than inside a compound or an identifier: "the server-status
/// page", "server-side rendering", "health-conscious" and "app.config" are words of their
/// own, not "the server", "health" or "config".
pub(crate) fn matches_standalone(re: &Pattern, s: &str) -> bool {
    let Some(re) = re.as_ref() else {
        return false;
    };
    re.find_iter(s).any(|m| {
        let before = s.get(..m.start()).unwrap_or_default();
        let after = s.get(m.end()..).unwrap_or_default();
        // A hyphen joins the cue to a word in a compound; a dot or an underscore makes a
        // word cue part of an identifier ("app.config", "server_name", "health_check()").
        let word_cue = m
            .as_str()
            .chars()
            .all(|c| c.is_alphabetic() || c.is_whitespace() || c == '\'');
        let joiners: &[char] = if word_cue { &['-', '.', '_'] } else { &['-'] };
        let joined_before = before.ends_with(joiners)
            && before
                .trim_end_matches(joiners)
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric);
        let joined_after = after.starts_with(joiners)
            && after
                .trim_start_matches(joiners)
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric);
        !joined_before && !joined_after
    })
}

static SERVICE_REFERENCE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:the|this|your|my|these|those|our|mcp|zim)\s+(?:(?:loaded|available|installed|offline|local)\s+)?(?:server|service|backend|archives?|zims?|zim\s+files?|wikis?|librar(?:y|ies)|collections?|knowledge\s+bases?)|(?:the|this|that)\s+[\w.-]+(?:\s+[\w.-]+)?\s+(?:zim|archive|library|wiki|collection)|(?:the|this|that|your)\s+(?:(?:wikipedia|wiktionary|wikivoyage|wikihow|wikibooks|wikiquote|wikisource|wikinews|wikiversity|wikispecies|gutenberg|stack\s?exchange|devdocs|kiwix|zim|wiki)\s+)+dumps?|(?:on|in)\s+(?:this|the|your)\s+(?:box|server)\b|(?:of|in|from|on|for)\s+(?:the\s+)?(?:wikipedia|wiktionary|wikivoyage|wikihow|wikibooks|wikiquote|wikisource|wikinews|wikiversity|wikispecies|gutenberg|stack\s?exchange|devdocs)(?:\s+(?:zim|archive|wiki|file))?\s*[?.!]*$|[a-z][a-z0-9.-]*_(?:[a-z]{2,3}|mul)_[a-z0-9][\w-]*|(?:the|this|your|my|our)\s+\w*(?:zim|mcp)\w*\s+(?:server|service|backend|tool)|(?:installed|loaded|mounted|stored|available)\s+(?:on|in)\s+(?:the|this|our|your|my)\s+(?:[\w'-]+\s+){0,2}(?:server|machine|computer|device|system|box|kiosk|terminal|tablet|laptop|pc|station)|(?:what|which)\s+offline\s+(?:librar(?:y|ies)|collections?|wikis|archives|encyclopa?edias|references?)|\w[\w.-]*\.zim|(?:the|this|your|mcp|zim)\s+tool(?:'s|\s*$|\s+(?:is|are|itself|running|working|up|ok|okay|still)\b)|(?:loaded|available|installed|mounted|served)\s+(?:zims?|zim\s+files|archives|wikis)|zim\s+(?:backend)|zim-?mcp|kiwix[\s-]?serve(?:r)?|kiwix\s+(?:service|backend)|(?:installed|loaded|available|served)\s+here|(?:in|on)\s+here|(?:of|on|in|with|from)\s+this\s+(?:thing|gadget|contraption|machine)|(?:on|in)\s+(?:this|your)\s+(?:instance|deployment|installation|setup)\s*[?.!]*$|(?:this|the)\s+thing\s+(?:even\s+|still\s+)?(?:working|running|on|broken|alive)|you|your|yourself)\b",
    )
});

/// Whether, once `cue` and words without a topic (function words, request verbs, words about
/// the service) are removed, nothing is left: "health check", "server status", "metadata".
pub(crate) fn topic_free(text: &str, cue: &Pattern) -> bool {
    topic_free_besides(text, cue, &[])
}

/// [`topic_free`], with `also` words of the cue's own vocabulary carrying no topic either
/// ("readiness probe response", "uptime and config summary").
pub(crate) fn topic_free_besides(text: &str, cue: &Pattern, also: &[&str]) -> bool {
    let without_cue = match cue.as_ref() {
        Some(re) => re.replace_all(text, " ").to_string(),
        None => text.to_string(),
    };
    // "landing page of stackexchange_diy": an archive's file name, loaded or not, is no topic.
    let without_cue = match ARCHIVE_FILE_NAME.as_ref() {
        Some(re) => re.replace_all(&without_cue, " ").into_owned(),
        None => without_cue,
    };
    without_cue
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .all(|w| {
            let w = w.to_lowercase();
            NO_TOPIC_WORDS.contains(&w.as_str()) || also.contains(&w.as_str())
        })
}

/// An archive's file name, as Kiwix names them: a project, then underscored parts
/// ("stackexchange_diy"), a language segment ("wikipedia_en_all_maxi_2024-01"), or a `.zim`
/// file. An identifier with underscores ("node_exporter", "my_service") is a topic.
static ARCHIVE_FILE_NAME: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:wikipedia|wiktionary|wikivoyage|wikibooks|wikiquote|wikisource|wikinews|wikiversity|wikispecies|wikihow|wikimed|gutenberg|stackexchange|stackoverflow|devdocs|ted|phet|vikidia)(?:\.[\w.]+)?_[\w.-]+|[a-z][a-z0-9.-]*_(?:[a-z]{2,3}|mul)_[\w.-]+|[\w.-]+\.zim)\b",
    )
});

/// Words that carry no topic in a request to the service.
const NO_TOPIC_WORDS: &[&str] = &[
    "a",
    "all",
    "am",
    "an",
    "and",
    "any",
    "are",
    "available",
    "can",
    "check",
    "current",
    "currently",
    "did",
    "display",
    "do",
    "does",
    "every",
    "everything",
    "fine",
    // Request verbs carry no topic either ("fetch the main page", "navigate to the home").
    "fetch",
    "retrieve",
    "navigate",
    "visit",
    "pull",
    "grab",
    "return",
    "provide",
    "output",
    "print",
    "for",
    "get",
    "give",
    "go",
    "got",
    "has",
    "have",
    "here",
    "how",
    "i",
    "i'm",
    "in",
    "info",
    "information",
    "installed",
    "is",
    "it",
    "it's",
    "its",
    "just",
    "let",
    "list",
    "loaded",
    "mounted",
    "enumerate",
    "me",
    "mcp",
    "my",
    "normally",
    "now",
    "of",
    "ok",
    "okay",
    "on",
    "online",
    "please",
    "pls",
    "quick",
    "report",
    "right",
    "run",
    "running",
    "see",
    "served",
    "server",
    "service",
    "show",
    "some",
    "state",
    "status",
    "tell",
    "the",
    "there",
    "this",
    "those",
    "to",
    "up",
    "us",
    "view",
    "what",
    "what's",
    "whether",
    // "where is the main page", "what's on the home page today": where the thing asked is
    // and when, said of the service's own.
    "where",
    "where's",
    "wheres",
    "today",
    "which",
    "whole",
    "with",
    "working",
    "you",
    "your",
    "zim",
    "zims",
    "archive",
    "archive's",
    "zim's",
    "own",
    "archives",
    "file",
    "files",
    "wiki",
    "wikis",
    // The archives as dumps, and the ones asked about ("which ones are installed").
    "dump",
    "dumps",
    "ones",
    "offline",
    "stats",
    "statistics",
    "details",
    "overall",
    "take",
    "bring",
    "open",
    "back",
    "start",
    "cache",
    "rate",
    "ratio",
    "hits",
    "misses",
    "memory",
    "usage",
    "load",
    "latency",
    "errors",
    "uptime",
    "query",
    "search",
    "use",
    "access",
    "read",
    "browse",
    "ask",
    "content",
    // Chat fillers ("what can i even search in here, like which sources").
    "even",
    "like",
    "actually",
    "everything",
    "alright",
    "ping",
    "report",
    "doing",
    "going",
    "feeling",
    // How a service is said to be doing ("is zim-mcp alive or did it crash").
    "alive",
    "dead",
    "down",
    "crash",
    "crashed",
    "crashing",
    "slow",
    "responding",
    "responsive",
    "unresponsive",
    "response",
    "responses",
    "seem",
    "seems",
    "broken",
    "hanging",
    "stuck",
    "or",
    "still",
    "backend",
    // Auxiliaries and adverbs of time and degree, as in a symptom told after the question
    // ("Is everything OK with the server? It was really slow just now.").
    "was",
    "were",
    "been",
    "be",
    "being",
    "really",
    "very",
    "quite",
    "pretty",
    "so",
    "too",
    "bit",
    "little",
    "kinda",
    "somewhat",
    "extremely",
    "earlier",
    "today",
    "lately",
    "recently",
    "again",
    "suddenly",
    "sometimes",
    "keeps",
    "getting",
    "morning",
    "yesterday",
    "tonight",
    "ago",
    "minute",
    "minutes",
    "hour",
    "hours",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Intent;

    fn run(text: &str) -> Option<(Intent, &'static str)> {
        let ctx = Context {
            text,
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        classify(&ctx).map(|h| (h.intent, h.rule))
    }

    fn title(s: &str) -> String {
        s.to_string()
    }

    #[test]
    fn shared_patterns_compile() {
        assert!(LEADING_VERBS.is_some());
        assert!(PRONOUN_SUBJECT.is_some());
    }

    #[test]
    fn suggest_rule() {
        assert_eq!(
            run("autocomplete 'Ray Ch'").map(|r| r.0),
            Some(Intent::Suggest {
                prefix: "Ray Ch".into()
            })
        );
        assert_eq!(
            run("titles that start with Vec::").map(|r| r.0),
            Some(Intent::Suggest {
                prefix: "Vec::".into()
            })
        );
    }

    #[test]
    fn search_rules() {
        assert_eq!(
            run("search for black holes").map(|r| r.0),
            Some(Intent::Search {
                query: "black holes".into(),
                all_archives: false
            })
        );
        assert_eq!(
            run("busca el sistema solar").map(|r| r.0),
            Some(Intent::Search {
                query: "el sistema solar".into(),
                all_archives: false
            })
        );
        assert_eq!(
            run("find pages about volcanoes").map(|r| r.1),
            Some("search: find/look up")
        );
        assert_eq!(
            run("how do volcanoes erupt").map(|r| r.1),
            Some("search: open question")
        );
        assert!(mentions_all_archives("search all files for python"));
        assert!(!mentions_all_archives("search for python"));
        assert!(mentions_all_archives("search every archive for python"));
    }

    #[test]
    fn archive_level_rules() {
        assert_eq!(run("is the server ok").map(|r| r.0), Some(Intent::Health));
        assert_eq!(
            run("which archives are loaded").map(|r| r.0),
            Some(Intent::ListArchives)
        );
        assert_ne!(
            run("open std/collections/struct.HashMap.html").map(|r| r.0),
            Some(Intent::ListArchives)
        );
        assert_eq!(
            run("show the front page").map(|r| r.0),
            Some(Intent::MainPage)
        );
        assert_eq!(
            run("list the namespaces").map(|r| r.0),
            Some(Intent::Metadata)
        );
        assert_eq!(
            run("who created this archive").map(|r| r.0),
            Some(Intent::Metadata)
        );
        // "created" about something else is not metadata.
        assert_ne!(
            run("who created Linux").map(|r| r.0),
            Some(Intent::Metadata)
        );
    }

    #[test]
    fn namespace_rules() {
        assert_eq!(
            run("walk namespace m").map(|r| r.0),
            Some(Intent::Walk {
                namespace: "M".into(),
                limit: None
            })
        );
        assert_eq!(
            run("browse the content namespace").map(|r| r.0),
            Some(Intent::Browse {
                namespace: "C".into(),
                limit: None
            })
        );
        assert_eq!(
            run("what is in the I namespace").map(|r| r.0),
            Some(Intent::Browse {
                namespace: "I".into(),
                limit: None
            })
        );
        assert_eq!(
            run("browse C").map(|r| r.0),
            Some(Intent::Browse {
                namespace: "C".into(),
                limit: None
            })
        );
    }

    #[test]
    fn article_view_rules() {
        assert_eq!(
            run("table of contents of Biology").map(|r| r.0),
            Some(Intent::Toc {
                title_or_path: title("Biology")
            })
        );
        assert_eq!(
            run("Biology toc").map(|r| r.0),
            Some(Intent::Toc {
                title_or_path: title("Biology")
            })
        );
        assert_eq!(
            run("outline of the article Photosynthesis").map(|r| r.0),
            Some(Intent::Toc {
                title_or_path: title("Photosynthesis")
            })
        );
        assert_eq!(
            run("show the Early life section of Ray Charles").map(|r| r.0),
            Some(Intent::Section {
                title_or_path: title("Ray Charles"),
                section: title("Early life")
            })
        );
        assert_eq!(
            run("Evolution, section Etymology").map(|r| r.0),
            Some(Intent::Section {
                title_or_path: title("Evolution"),
                section: title("Etymology")
            })
        );
        assert_eq!(
            run("summarize the article on Photosynthesis").map(|r| r.0),
            Some(Intent::Summary {
                title_or_path: title("Photosynthesis")
            })
        );
    }

    #[test]
    fn lookup_and_graph_rules() {
        assert_eq!(
            run("is there an article called Ray Charles (album)").map(|r| r.0),
            Some(Intent::FindByTitle {
                title: title("Ray Charles (album)")
            })
        );
        assert_eq!(
            run("articles related to Climate_Change").map(|r| r.0),
            Some(Intent::Related {
                title_or_path: title("Climate_Change")
            })
        );
        assert_eq!(
            run("what does A/Ray_Charles link to").map(|r| r.0),
            Some(Intent::Links {
                title_or_path: title("A/Ray_Charles")
            })
        );
    }

    #[test]
    fn get_article_rules() {
        assert_eq!(
            run("std/vec/struct.Vec.html").map(|r| r.0),
            Some(Intent::GetArticle {
                title_or_path: title("std/vec/struct.Vec.html")
            })
        );
        assert_eq!(
            run("open the article Schrödinger's cat").map(|r| r.0),
            Some(Intent::GetArticle {
                title_or_path: title("Schrödinger's cat")
            })
        );
        assert_eq!(
            run("zeige den Artikel Willkommen").map(|r| r.0),
            Some(Intent::GetArticle {
                title_or_path: title("Willkommen")
            })
        );
    }

    #[test]
    fn pronoun_subjects_are_uncertain() {
        let ctx = Context {
            text: "summarize it",
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        assert!(classify(&ctx).is_some_and(|h| h.confidence < crate::FALLBACK_THRESHOLD));
        assert!(subject_confidence(0.9, "Italy") > 0.85);
    }

    #[test]
    fn pronouns_refer_to_an_article_named_before() {
        let ctx = Context {
            text: "I just read the Moon article, what pages are similar to it",
            all_archives: false,
            limit: None,
            archive_named: false,
            question: false,
        };
        let h = classify(&ctx).expect("a rule matches");
        assert_eq!(
            h.intent,
            Intent::Related {
                title_or_path: "Moon".into()
            }
        );
        assert!(h.confidence >= crate::FALLBACK_THRESHOLD);
    }

    #[test]
    fn possessive_before_cue() {
        assert_eq!(
            run("Moon's table of contents").map(|r| r.0),
            Some(Intent::Toc {
                title_or_path: "Moon".into()
            })
        );
    }

    #[test]
    fn questions() {
        // A definitional question is about the world: the page that explains it answers.
        assert_eq!(
            run("what is photosynthesis").map(|r| r.0),
            Some(Intent::Search {
                query: "what is photosynthesis".into(),
                all_archives: false
            })
        );
        assert_eq!(
            run("who were the Beatles").map(|r| r.0.name()),
            Some("Search")
        );
        // Long subjects are not titles: a search of the question instead.
        assert_eq!(
            run("what is the reason the sky looks blue during the day").map(|r| r.1),
            Some("search: open question")
        );
        assert_eq!(
            run("what's the difference between Vec and slices").map(|r| r.1),
            Some("search: open question")
        );
    }

    #[test]
    fn cue_words_that_modify_a_topic_are_topic() {
        // A cue followed by a noun it modifies is part of the topic.
        assert_ne!(
            run("contents management systems compared").map(|r| r.0.name()),
            Some("Toc")
        );
        assert_ne!(
            run("outline view shortcuts in word").map(|r| r.0.name()),
            Some("Structure")
        );
        // ... but a command may be followed by a noun for the view.
        assert_eq!(
            run("structure report for A/Octopus").map(|r| r.0),
            Some(Intent::Structure {
                title_or_path: title("A/Octopus")
            })
        );
        // A section of a lowercase topic is a clause of a text, asked about the world.
        assert_ne!(
            run("what does article 5 section 2 of the treaty say").map(|r| r.0.name()),
            Some("Section")
        );
        // "how is X organised" is the view only for an article.
        assert_ne!(
            run("how is the human brain organized").map(|r| r.0.name()),
            Some("Structure")
        );
        assert_eq!(
            run("how is the Jazz article organized").map(|r| r.0.name()),
            Some("Structure")
        );
        // "explain X" takes the subjects "what is X?" takes.
        assert_ne!(
            run("explain the difference between RAM and ROM").map(|r| r.0.name()),
            Some("Summary")
        );
        assert_eq!(run("explain entropy").map(|r| r.0.name()), Some("Search"));
        // Asked of an article, it is the article's summary.
        assert_eq!(
            run("explain the Entropy article briefly").map(|r| r.0),
            Some(Intent::Summary {
                title_or_path: title("Entropy")
            })
        );
    }

    #[test]
    fn requests_written_by_others() {
        // Links asked of an article by what it cites, or by what links to it.
        assert_eq!(
            run("what does the Moon article mention").map(|r| r.0),
            Some(Intent::Links {
                title_or_path: title("Moon")
            })
        );
        assert_ne!(
            run("what does the Quran mention about fasting").map(|r| r.0.name()),
            Some("Links")
        );
        assert_eq!(
            run("what pages point to Ray Charles").map(|r| r.0.name()),
            Some("Links")
        );
        // Suggestions that begin with a prefix; an instruction before a colon.
        assert_eq!(
            run("completions starting with Quan").map(|r| r.0),
            Some(Intent::Suggest {
                prefix: "Quan".into()
            })
        );
        assert_eq!(
            run("autocomplete the following: Ray Ch").map(|r| r.0),
            Some(Intent::Suggest {
                prefix: "Ray Ch".into()
            })
        );
        // The text of an article, asked as a noun phrase.
        assert_eq!(
            run("full text of Hamlet").map(|r| r.0),
            Some(Intent::GetArticle {
                title_or_path: title("Hamlet")
            })
        );
        assert_ne!(
            run("full text of the second amendment").map(|r| r.0.name()),
            Some("GetArticle")
        );
        // The service by its other names, and how it is said to be doing.
        assert_eq!(
            run("is the zim backend down").map(|r| r.0),
            Some(Intent::Health)
        );
        assert_eq!(
            run("zim-mcp seems unresponsive").map(|r| r.0),
            Some(Intent::Health)
        );
    }

    #[test]
    fn identifiers_name_pages() {
        assert!(is_identifier("std::iter::Iterator"));
        assert!(is_identifier("os.path.join"));
        assert!(is_identifier("asyncio.gather()"));
        assert!(!is_identifier("e.g."));
        assert!(!is_identifier("end."));
        assert!(!is_identifier("3.14"));
        assert!(looks_like_title("the std::iter::Iterator"));
        assert!(!looks_like_title("node.js tutorials for beginners"));
        assert_ne!(
            run("show me node.js tutorials").map(|r| r.0.name()),
            Some("GetArticle")
        );
        assert_eq!(
            run("section 'Examples' of std::iter::Iterator").map(|r| r.0),
            Some(Intent::Section {
                title_or_path: title("std::iter::Iterator"),
                section: title("Examples")
            })
        );
        assert_eq!(
            run("the Parameters section of os.path.join").map(|r| r.0),
            Some(Intent::Section {
                title_or_path: title("os.path.join"),
                section: title("Parameters")
            })
        );
        assert_eq!(
            run("structure of collections.OrderedDict").map(|r| r.0.name()),
            Some("Structure")
        );
        // A lowercase topic is still a topic.
        assert_ne!(
            run("section 3 of the tax code").map(|r| r.0.name()),
            Some("Section")
        );
    }

    #[test]
    fn the_sources_asked_about_in_chat() {
        for q in [
            "what can i even search in here, like which sources",
            "which sources do you have",
            "what can I actually search, like which archives",
        ] {
            assert_eq!(run(q).map(|r| r.0), Some(Intent::ListArchives), "{q}");
        }
        for q in [
            "what sources did Darwin use",
            "list sources for my essay on Rome",
        ] {
            assert_ne!(run(q).map(|r| r.0), Some(Intent::ListArchives), "{q}");
        }
    }

    #[test]
    fn a_symptom_told_after_a_question_about_the_server() {
        for q in [
            "Is everything OK with the server? It was really slow just now",
            "is the service alright? it keeps getting stuck today",
            "are you up? you seem a bit slow lately",
            "is the server ok? it was down this morning",
        ] {
            assert_eq!(run(q).map(|r| r.0), Some(Intent::Health), "{q}");
        }
        // A topic in the same words is still a topic.
        assert_ne!(
            run("why was the server room so hot today").map(|r| r.0),
            Some(Intent::Health)
        );
    }

    #[test]
    fn cue_words_inside_a_compound_are_topic() {
        for q in [
            "how do i enable the server-status page in nginx",
            "is the server-side rendering slow in next.js",
            "health-conscious recipes for the office",
        ] {
            assert_ne!(run(q).map(|r| r.0), Some(Intent::Health), "{q}");
        }
        assert_eq!(run("is the server ok").map(|r| r.0), Some(Intent::Health));
        assert_eq!(run("zim-mcp status").map(|r| r.0), Some(Intent::Health));
    }

    #[test]
    fn nothing_matches_plain_words() {
        assert!(run("photosynthesis").is_none());
        assert!(run("").is_none());
    }

    #[test]
    fn service_cues_act_on_the_service_not_on_a_topic() {
        // A plural noun or a file format alone is a topic of the world.
        for q in [
            "How do archives preserve old paper documents so they don't yellow",
            "what app can open .zim files on an android phone",
            "bash one-liner to list all the zip archives in a folder",
            "how do public libraries fund their collections",
            "why do wikis attract vandals",
            "When was the Treaty of Versailles signed, and on what date did it come into force",
            "when was the Eiffel Tower built and how big is it",
            "how does a title search work when you buy a house",
            "why does a title match fail in elasticsearch",
            "what suggestions do dietitians give for lowering LDL cholesterol",
            "which completions do linters offer for python",
            "Which section of the Civil Rights Act of 1964 prohibits employment discrimination",
            "what part of the Constitution covers impeachment",
        ] {
            let got = run(q).map(|r| r.0.name());
            assert!(matches!(got, None | Some("Search")), "{q}: {got:?}");
        }
        // The same cues acting on the service, the archive or a named article keep their route.
        for (q, want) in [
            ("list the zim files", "ListArchives"),
            ("which archives are loaded", "ListArchives"),
            ("what zim files do you have", "ListArchives"),
            ("show the loaded archives", "ListArchives"),
            ("which wikis are installed here", "ListArchives"),
            ("when was this archive created", "Metadata"),
            ("when was it created", "Metadata"),
            ("do a title search for Main Street", "FindByTitle"),
            ("what completions do you have for Napo", "Suggest"),
            ("title suggestions for Ray Ch", "Suggest"),
            ("the History section of Rome", "Section"),
        ] {
            assert_eq!(run(q).map(|r| r.0.name()), Some(want), "{q}");
        }
    }

    #[test]
    fn an_apostrophe_quotes_nothing() {
        for q in [
            "Explain the differences between TCP and UDP like I'm 15",
            "explain the pros and cons of nuclear power, I'm curious",
        ] {
            assert_ne!(run(q).map(|r| r.0.name()), Some("Summary"), "{q}");
        }
        assert!(looks_like_title("'hit the road jack'"));
        assert!(!looks_like_title(
            "differences between TCP and UDP like I'm 15"
        ));
        assert!(!looks_like_title("newton's laws of motion"));
    }

    #[test]
    fn the_part_of_a_request_that_holds_the_ask() {
        for (q, want) in [
            (
                "I'm preparing a patient handout. Could you give me a brief overview of the Sepsis article?",
                Intent::Summary {
                    title_or_path: "Sepsis".into(),
                },
            ),
            (
                "I'm writing a report on Rome. Before I start, can you list the sections in the Roman Empire article?",
                Intent::Toc {
                    title_or_path: "Roman Empire".into(),
                },
            ),
            (
                "We're studying jazz - could you pull up the Legacy section of the Miles Davis article?",
                Intent::Section {
                    title_or_path: "Miles Davis".into(),
                    section: "Legacy".into(),
                },
            ),
            (
                "pull up the whole entry for Habeas corpus, I need the complete text for a brief",
                Intent::GetArticle {
                    title_or_path: "Habeas corpus".into(),
                },
            ),
            (
                "I'm reading about the Apollo program; which pages are closely related to it?",
                Intent::Related {
                    title_or_path: "Apollo program".into(),
                },
            ),
            (
                "the app feels sluggish - is the backend OK?",
                Intent::Health,
            ),
            (
                "agent step 3: collect all hyperlinks from the page Moon landing",
                Intent::Links {
                    title_or_path: "Moon landing".into(),
                },
            ),
            (
                "Which parts of the Moby-Dick article are the longest? I want to see how it's laid out.",
                Intent::Structure {
                    title_or_path: "Moby-Dick".into(),
                },
            ),
        ] {
            assert_eq!(run(q).map(|r| r.0), Some(want), "{q}");
        }
        // A later part that leans on an earlier one, or asks a question, does not take over.
        for q in [
            "I need to outline an essay about the causes of World War I - what were the main ones?",
            "I read the Ray Charles article. How did he lose his sight?",
            "how is the 'Mitochondrion' article organised? sections and their lengths please",
            "I'm on a slow connection - how do offline wikis work",
        ] {
            let got = run(q).map(|r| r.0.name());
            assert!(
                matches!(got, None | Some("Search") | Some("Structure")),
                "{q}: {got:?}"
            );
        }
        assert_eq!(
            run("how is the 'Mitochondrion' article organised? sections and their lengths please")
                .map(|r| r.0),
            Some(Intent::Structure {
                title_or_path: "Mitochondrion".into()
            })
        );
    }

    fn parsed(q: &str) -> Intent {
        crate::parse(q, &[]).intent
    }

    #[test]
    fn an_agent_instruction_or_a_place_in_the_docs_is_no_part_of_the_request() {
        let t = |x: &str| x.to_string();
        for (q, want) in [
            (
                "Agent instruction: return only the opening summary of the entry \"PostgreSQL\" (no full text).",
                Intent::Summary {
                    title_or_path: t("PostgreSQL"),
                },
            ),
            (
                "assistant task: give me the opening summary of 'Tide'",
                Intent::Summary {
                    title_or_path: t("Tide"),
                },
            ),
            (
                "Please fetch the complete git-rebase page from the git docs, I need the whole thing not a snippet.",
                Intent::GetArticle {
                    title_or_path: t("git-rebase"),
                },
            ),
            (
                "open the Iterator page in the rust docs",
                Intent::GetArticle {
                    title_or_path: t("Iterator"),
                },
            ),
            (
                "what are the chapter headings listed in the contents box of the Cell (biology) page",
                Intent::Toc {
                    title_or_path: t("Cell (biology)"),
                },
            ),
        ] {
            assert_eq!(parsed(q), want, "{q}");
        }
        // The ask itself still decides: a task in the docs is searched.
        for q in [
            "fetch data from an API in the python docs",
            "user request: how do I read a file line by line",
            "what are the chapter headings of a thesis",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
    }

    #[test]
    fn explanations_and_problem_reports_ask_about_their_topic() {
        for q in [
            "structure of the DNA double helix explained simply",
            "table of contents in LaTeX not updating after I add a chapter",
            "My static site has broken links somewhere. What tool can crawl the page and report dead links?",
            "in the stackexchange zim: how do I check disk health with smartctl",
            "section headings in markdown not showing when I export",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
        // The views themselves stay views.
        for (q, name) in [
            ("structure of the DNA article", "Structure"),
            ("table of contents of Photosynthesis", "Toc"),
            ("links in the Ray Charles article", "Links"),
        ] {
            assert_eq!(parsed(q).name(), name, "{q}");
        }
    }

    #[test]
    fn who_speaks_and_where_to_look_are_set_aside() {
        let t = |x: &str| x.to_string();
        for (q, want) in [
            (
                "DevOps agent: return the section anchors of the nginx docs page for ngx_http_proxy_module so I can generate deep links",
                Intent::Structure {
                    title_or_path: t("ngx_http_proxy_module"),
                },
            ),
            (
                "git docs: complete 'git-cherry'",
                Intent::Suggest {
                    prefix: t("git-cherry"),
                },
            ),
            (
                "DevOps agent: report the set of mounted ZIM files so I can diff it against the deployment manifest.",
                Intent::ListArchives,
            ),
        ] {
            assert_eq!(parsed(q), want, "{q}");
        }
        // A search keeps only its topic.
        assert_eq!(
            parsed("in the stackexchange zim: how do I check disk health with smartctl"),
            Intent::Search {
                query: t("how do I check disk health with smartctl"),
                all_archives: false
            }
        );
        assert_eq!(
            parsed("Research agent: effects of caffeine on sleep"),
            Intent::Search {
                query: t("effects of caffeine on sleep"),
                all_archives: false
            }
        );
    }

    #[test]
    fn views_asked_in_other_words() {
        let t = |x: &str| x.to_string();
        for (q, want) in [
            (
                "what chapters are listed in the contents of the 'World War I' article?",
                Intent::Toc {
                    title_or_path: t("World War I"),
                },
            ),
            (
                "first paragraph only: Kubernetes",
                Intent::Summary {
                    title_or_path: t("Kubernetes"),
                },
            ),
            (
                "can you tell me the short version of the page about Tyrannosaurus? i'm 9",
                Intent::Summary {
                    title_or_path: t("Tyrannosaurus"),
                },
            ),
            (
                "check the title index for 'List of Byzantine emperors'",
                Intent::FindByTitle {
                    title: t("List of Byzantine emperors"),
                },
            ),
            (
                "I need the Etymology section of the wiktionary entry 'algebra' for a translation note",
                Intent::Section {
                    title_or_path: t("algebra"),
                    section: t("Etymology"),
                },
            ),
            ("start page for the gutenberg library pls", Intent::MainPage),
            (
                "is the kiwix backend responding normally or is something broken on your side",
                Intent::Health,
            ),
        ] {
            assert_eq!(parsed(q), want, "{q}");
        }
        for q in [
            "next page of the full entry listing for devdocs_en_git, offset 300",
            "list ALL articles in the archive page by page — give me page 2",
        ] {
            assert_eq!(parsed(q).name(), "Walk", "{q}");
        }
        // Not the service's: the topic's.
        for q in [
            "why is my dog not responding to commands",
            "give me page 2 of the results for tides",
        ] {
            assert_ne!(parsed(q).name(), "Health", "{q}");
            assert_ne!(parsed(q).name(), "GetArticle", "{q}");
        }
    }

    #[test]
    fn structured_prompts_scenes_and_negated_views() {
        let t = |x: &str| x.to_string();
        // The ask is the request field's; preambles, context and constraints are not.
        assert_eq!(
            parsed(
                "You are assisting an autonomous research agent. Objective: gather background material on the causes of coral bleaching. Constraints: offline sources only, return at most 5 results."
            ),
            Intent::Search {
                query: t("gather background material on the causes of coral bleaching"),
                all_archives: false
            }
        );
        assert_eq!(
            parsed(
                "### Instructions You are a tool-calling agent. Use the zim archive only. ### Request incoming links to Marie Curie"
            ),
            Intent::Links {
                title_or_path: t("Marie Curie")
            }
        );
        // A subordinate clause first sets the time; the ask follows.
        assert_eq!(
            parsed(
                "Before I begin cataloguing the reading-room terminals for our annual collections report, please give me an inventory of every offline archive this server can currently read"
            ),
            Intent::ListArchives
        );
        assert_eq!(
            parsed(
                "Before extracting any content, retrieve the structural outline of the article 'Tuberculosis' (heading hierarchy, anchor slugs, approximate length per section)"
            ),
            Intent::Structure {
                title_or_path: t("Tuberculosis")
            }
        );
        // The view after "not" is the one not wanted.
        assert_eq!(
            parsed("I need the complete text of the wikivoyage page for Valparaíso, not a summary")
                .name(),
            "GetArticle"
        );
        // Kiwix's projects and file names name archives.
        for (q, name) in [
            ("open the home page of wikivoyage", "MainPage"),
            ("welcome page of wikihow pls", "MainPage"),
            ("archive metadata for wikipedia_en_all", "Metadata"),
            ("how many articles are in the wikivoyage file", "Metadata"),
            (
                "what kind of entries does the wikivoyage archive have? show me a few",
                "Browse",
            ),
            (
                "give me a quick overview of what's in the gutenberg zim, like 20 entries",
                "Browse",
            ),
        ] {
            assert_eq!(parsed(q).name(), name, "{q}");
        }
        for q in [
            "history of wikipedia",
            "how many articles did Asimov write",
            "Before the war, what was the main export of Ceylon?",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
    }

    #[test]
    fn more_views_in_other_words() {
        let t = |x: &str| x.to_string();
        for (q, want) in [
            (
                "just the lead of 'Kraken (mythology)', keep it short",
                Intent::Summary {
                    title_or_path: t("Kraken (mythology)"),
                },
            ),
            (
                "thanks. now the same lead paragraph for Berlin",
                Intent::Summary {
                    title_or_path: t("Berlin"),
                },
            ),
            (
                "and the Get in section for Kyoto as well",
                Intent::Section {
                    title_or_path: t("Kyoto"),
                    section: t("Get in"),
                },
            ),
            (
                "from the article Bowline read me the part under the heading Variations",
                Intent::Section {
                    title_or_path: t("Bowline"),
                    section: t("Variations"),
                },
            ),
            (
                "outline with anchors for the article Roman Empire",
                Intent::Structure {
                    title_or_path: t("Roman Empire"),
                },
            ),
            (
                "i want see the content table of article Moon",
                Intent::Toc {
                    title_or_path: t("Moon"),
                },
            ),
            (
                "look up 'Dunning–Kruger effect' in the title index",
                Intent::FindByTitle {
                    title: t("Dunning–Kruger effect"),
                },
            ),
            (
                "what's near Sepsis in the link graph?",
                Intent::Related {
                    title_or_path: t("Sepsis"),
                },
            ),
        ] {
            assert_eq!(parsed(q), want, "{q}");
        }
        assert_eq!(
            parsed("next page of entries please, offset 500").name(),
            "Walk"
        );
        for q in [
            "lead poisoning symptoms in children",
            "get in shape before summer",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
    }

    #[test]
    fn requests_in_french_german_spanish_and_portuguese() {
        let t = |x: &str| x.to_string();
        for (q, want) in [
            (
                "Quels articles pointent vers « Apiculture » ?",
                Intent::Links {
                    title_or_path: t("Apiculture"),
                },
            ),
            (
                "Zeig mir den Abschnitt „Geschichte“ im Artikel „Imkerei“.",
                Intent::Section {
                    title_or_path: t("Imkerei"),
                    section: t("Geschichte"),
                },
            ),
            (
                "Artículos relacionados con «Campo de refugiados»",
                Intent::Related {
                    title_or_path: t("Campo de refugiados"),
                },
            ),
            (
                "Vorschläge für Titel, die mit „Feuerw“ beginnen",
                Intent::Suggest {
                    prefix: t("Feuerw"),
                },
            ),
        ] {
            assert_eq!(crate::parse(q, &[]).intent, want, "{q}");
        }
        for (q, name) in [
            (
                "quelles archives ZIM sont disponibles sur le serveur ?",
                "ListArchives",
            ),
            ("Welche Archive hast du geladen?", "ListArchives"),
            ("Statut du serveur ?", "Health"),
            (
                "Estrutura do artigo «Amazônia»: títulos e âncoras das seções",
                "Structure",
            ),
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), name, "{q}");
        }
        // A search keeps its words as written.
        assert_eq!(
            crate::parse("Abschnitt 3 des Grundgesetzes Bedeutung", &[]).intent,
            Intent::Search {
                query: t("Abschnitt 3 des Grundgesetzes Bedeutung"),
                all_archives: false
            }
        );
    }

    #[test]
    fn requests_in_italian_dutch_and_polish_and_more_of_the_others() {
        let t = |x: &str| x.to_string();
        for (q, want) in [
            (
                "Sezione 'Biografia' dell'articolo su Giuseppe Verdi",
                Intent::Section {
                    title_or_path: t("Giuseppe Verdi"),
                    section: t("Biografia"),
                },
            ),
            (
                "mostrami la sezione 'Storia' nell'articolo Roma",
                Intent::Section {
                    title_or_path: t("Roma"),
                    section: t("Storia"),
                },
            ),
            (
                "Toon me de inhoudsopgave van het artikel over Utrecht",
                Intent::Toc {
                    title_or_path: t("Utrecht"),
                },
            ),
            (
                "Jakie linki wychodzące ma artykuł Kraków?",
                Intent::Links {
                    title_or_path: t("Kraków"),
                },
            ),
            (
                "quels liens sortants contient l'article Marseille ?",
                Intent::Links {
                    title_or_path: t("Marseille"),
                },
            ),
            (
                "Przejdź przez wszystkie wpisy w przestrzeni nazw A, po 200 naraz",
                Intent::Walk {
                    namespace: t("A"),
                    limit: Some(200),
                },
            ),
            (
                "Muestra el artículo completo sobre la Revolución Mexicana",
                Intent::GetArticle {
                    title_or_path: t("Revolución Mexicana"),
                },
            ),
            (
                "Kurze Zusammenfassung des Artikels über die Weimarer Republik, bitte",
                Intent::Summary {
                    title_or_path: t("Weimarer Republik"),
                },
            ),
            (
                "Riassunto dell'articolo su Leonardo da Vinci",
                Intent::Summary {
                    title_or_path: t("Leonardo da Vinci"),
                },
            ),
        ] {
            assert_eq!(crate::parse(q, &[]).intent, want, "{q}");
        }
        for (q, name) in [
            (
                "laat een paar willekeurige artikelen uit het archief zien",
                "Browse",
            ),
            ("quali archivi zim sono disponibili?", "ListArchives"),
            (
                "welche ZIM-Dateien sind auf dem Server verfügbar?",
                "ListArchives",
            ),
            ("¿el servidor funciona correctamente?", "Health"),
            ("Funktioniert der Server richtig?", "Health"),
            ("il server funziona correttamente?", "Health"),
            ("czy serwer działa poprawnie?", "Health"),
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), name, "{q}");
        }
        // A German compound names the archive ("des Wikipedia-Archivs": the Wikipedia archive).
        let loaded = [crate::ArchiveName::new(
            "wikipedia_de_all_maxi_2024-01.zim",
            Some("Wikipedia"),
        )];
        assert_eq!(
            crate::parse(
                "Metadaten des deutschen Wikipedia-Archivs anzeigen",
                &loaded
            )
            .intent,
            Intent::Metadata
        );
        // Searches in these languages stay searches of their words: a section of the golden
        // ratio, the word for a namespace before "w" ("in"), how to tell whether a server
        // works, a mail server down, a urine sample, the history of an archive.
        for q in [
            "sezione aurea",
            "Geschichte des Wikipedia-Archivs",
            "przestrzeń nazw w C++",
            "cómo saber si el servidor funciona correctamente en linux",
            "el servidor de correo no funciona",
            "muestra de orina en ayunas",
            "come si prepara il ragù alla bolognese tradizionale",
            "hoe werkt de hypotheekrenteaftrek in Nederland",
            "jak obliczyć pochodną funkcji złożonej? zadanie domowe",
        ] {
            assert_eq!(
                crate::parse(q, &[]).intent,
                Intent::Search {
                    query: t(q),
                    all_archives: false
                },
                "{q}"
            );
        }
    }

    #[test]
    fn who_the_answer_is_for_and_a_prompt_label_before_the_ask() {
        let t = |x: &str| x.to_string();
        for (q, topic) in [
            (
                "My students need a two-sentence overview of the Magna Carta article. The lead section is enough.",
                "Magna Carta",
            ),
            (
                "My editor needs a short summary of the Treaty of Versailles article",
                "Treaty of Versailles",
            ),
            ("agent> summary --title \"Higgs boson\"", "Higgs boson"),
            ("a three-line summary of Ada Lovelace", "Ada Lovelace"),
        ] {
            assert_eq!(
                parsed(q),
                Intent::Summary {
                    title_or_path: t(topic)
                },
                "{q}"
            );
        }
        // Needs about a topic, or of someone else entirely, are searched.
        for q in [
            "my students need a two-sentence overview of photosynthesis",
            "my dog needs a bath every week?",
            "our team wants a summary of the pros and cons of remote work",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
        // A prompt label is no word of a search either.
        assert_eq!(
            parsed("agent> how do I bake bread"),
            Intent::Search {
                query: t("how do I bake bread"),
                all_archives: false
            }
        );
    }

    #[test]
    fn abbreviations_libraries_and_how_questions_after_a_label() {
        let t = |x: &str| x.to_string();
        assert_eq!(
            parsed("outline w/ section anchors: 'Fire triangle'"),
            Intent::Structure {
                title_or_path: t("Fire triangle")
            }
        );
        assert_eq!(
            parsed("LaTeX: how to change the depth of the table of contents").name(),
            "Search"
        );
        assert_eq!(
            parsed("prefix completion 'smoke', 10 suggestions"),
            Intent::Suggest { prefix: t("smoke") }
        );
        assert_eq!(
            parsed("which libraries are on this box? need to know if there's a medical one before the first-aid class").name(),
            "ListArchives"
        );
        assert_eq!(
            parsed("what kind of pages does the survival library contain? show a handful").name(),
            "Browse"
        );
        assert_eq!(
            parsed("which books are on the shelf of the town library").name(),
            "Search"
        );
    }

    #[test]
    fn a_pass_over_the_archive_with_its_pagination() {
        for q in [
            "I need an exhaustive, paginated dump of every entry path in the medical wiki. Start at page 1.",
            "next page of the namespace C listing, offset 500",
        ] {
            assert_eq!(parsed(q).name(), "Walk", "{q}");
        }
    }

    #[test]
    fn cue_words_inside_a_quoted_name_are_the_names() {
        for (q, t) in [
            (
                "is there an entry called 'Server (computing)' in the archive?",
                "Server (computing)",
            ),
            (
                "find a page named \"Main Page (film)\" by title",
                "Main Page (film)",
            ),
        ] {
            assert_eq!(parsed(q), Intent::FindByTitle { title: t.into() }, "{q}");
        }
        // Outside quotes the cues keep acting on the service.
        assert_eq!(parsed("is the archive healthy?"), Intent::Health);
        assert_eq!(
            parsed("show the main page of this archive"),
            Intent::MainPage
        );
        assert!(without_quoted("the page 'Health care' please").contains("NAME"));
        assert_eq!(without_quoted("I'm fine, it's ok"), "I'm fine, it's ok");
    }

    #[test]
    fn which_entry_has_the_title() {
        assert_eq!(
            parsed("what page has the exact title 'Treaty of Ghent'?"),
            Intent::FindByTitle {
                title: "Treaty of Ghent".into()
            }
        );
        // A book or a film has a title too: a question about the world.
        for q in [
            "which novel has the title 'The Road'",
            "which film has the title Vertigo",
        ] {
            assert!(!matches!(parsed(q), Intent::FindByTitle { .. }), "{q}");
        }
    }

    #[test]
    fn a_quoted_name_is_a_pronouns_antecedent() {
        assert_eq!(
            parsed("I just finished 'Silk Road'. Which articles are similar to it?"),
            Intent::Related {
                title_or_path: "Silk Road".into()
            }
        );
        assert_eq!(
            parsed("I liked \"Bauhaus\" a lot; show me the links in it"),
            Intent::Links {
                title_or_path: "Bauhaus".into()
            }
        );
        // Without a name before, the pronoun refers to earlier conversation.
        assert!(matches!(
            parsed("which articles are similar to it?"),
            Intent::Search { .. }
        ));
    }

    #[test]
    fn the_ask_after_a_statement_of_purpose() {
        for (q, want) in [
            (
                "For my thesis I need the table of contents of 'Baroque music'",
                Intent::Toc {
                    title_or_path: "Baroque music".into(),
                },
            ),
            (
                "for a citation graph, we want the outbound links of Tokyo",
                Intent::Links {
                    title_or_path: "Tokyo".into(),
                },
            ),
        ] {
            assert_eq!(parsed(q), want, "{q}");
        }
        // A topic after the purpose is still searched, with the purpose kept.
        for q in [
            "For a school project I need information about volcanoes",
            "for my essay I need the links between poverty and crime",
        ] {
            assert!(matches!(parsed(q), Intent::Search { .. }), "{q}");
        }
    }

    #[test]
    fn links_asked_as_linking_out() {
        for (q, t) in [
            ("what pages does the Jupiter article link out to", "Jupiter"),
            ("which entries does 'Opera' link out to?", "Opera"),
        ] {
            assert_eq!(
                parsed(q),
                Intent::Links {
                    title_or_path: t.into()
                },
                "{q}"
            );
        }
        assert!(matches!(
            parsed("why does my router link out to the wrong gateway"),
            Intent::Search { .. }
        ));
    }

    #[test]
    fn the_whole_article_asked_as_a_noun_phrase() {
        for (q, t) in [
            ("the full article on Nelson Mandela", "Nelson Mandela"),
            ("the complete page for 'Tundra'", "Tundra"),
        ] {
            assert_eq!(
                parsed(q),
                Intent::GetArticle {
                    title_or_path: t.into()
                },
                "{q}"
            );
        }
        assert!(matches!(
            parsed("the whole page about how to bake bread"),
            Intent::Search { .. }
        ));
    }

    #[test]
    fn a_prefix_typed_into_the_search_box() {
        for (q, p) in [
            (
                "if I enter \"Barcel\" in the search bar, what does it autocomplete to?",
                "Barcel",
            ),
            (
                "I typed Alexander the G into the search field. What completions come up?",
                "Alexander the G",
            ),
        ] {
            assert_eq!(parsed(q), Intent::Suggest { prefix: p.into() }, "{q}");
        }
        // Typing without completions asked is something else.
        assert!(!matches!(
            parsed("I'm typing 'hello' into the search box and nothing happens"),
            Intent::Suggest { .. }
        ));
    }

    #[test]
    fn the_archives_own_fields() {
        for q in [
            "show the zim's own description and language",
            "what's the archive's own publisher and date",
        ] {
            assert_eq!(parsed(q), Intent::Metadata, "{q}");
        }
        assert!(!matches!(
            parsed("show the poem's own title and description"),
            Intent::Metadata
        ));
    }

    fn with_archive(q: &str) -> crate::ParsedIntent {
        let archives = [crate::ArchiveName::new(
            "wikipedia_en_all_maxi_2024-01.zim",
            Some("Wikipedia"),
        )];
        crate::parse(q, &archives)
    }

    #[test]
    fn the_listing_takes_no_archive() {
        for q in [
            "do we have any archives other than wikipedia loaded? list them",
            "is there only Wikipedia or which archives are loaded on the server",
        ] {
            let p = with_archive(q);
            assert_eq!(p.intent, Intent::ListArchives, "{q}");
            assert_eq!(p.archive, None, "{q}");
        }
        // Other views keep the archive named.
        let p = with_archive("show the main page of wikipedia");
        assert_eq!(p.intent, Intent::MainPage);
        assert!(p.archive.is_some());
    }

    #[test]
    fn an_archive_file_or_the_tool_addresses_the_service() {
        for q in [
            "Get the start page of wikipedia_en_medicine_2024-01.zim.",
            "open the home page of stackexchange_en_all_2024-01.zim",
        ] {
            assert_eq!(parsed(q), Intent::MainPage, "{q}");
        }
        for q in [
            "Report the tool's health and current configuration.",
            "what's the tool's status",
        ] {
            assert_eq!(parsed(q), Intent::Health, "{q}");
        }
        // A tool or a file format in the topic stays a search.
        for q in [
            "what is the health of the tool industry",
            "what app can open .zim files on android",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
    }

    #[test]
    fn a_misspelt_noun_after_zim() {
        for q in [
            "what zim fles are avalable on this server",
            "which zim archves do you have",
        ] {
            assert_eq!(parsed(q), Intent::ListArchives, "{q}");
        }
        assert_eq!(parsed("what flies are in season").name(), "Search");
    }

    #[test]
    fn what_the_archive_holds_and_every_entry_as_a_noun_phrase() {
        for q in [
            "give me a quick overview of what entries are in this archive",
            "what kind of pages does this zim contain? show me a few",
            "what kind of pages are in this zim? show me a few of them as example",
            "what sorts of articles does the archive have",
        ] {
            assert_eq!(parsed(q).name(), "Browse", "{q}");
        }
        for q in [
            "I need an exhaustive list of every article in the archive, paginated",
            "we want a full list of every page in the zim",
        ] {
            assert_eq!(parsed(q).name(), "Walk", "{q}");
        }
        // Kinds of things in the world, and one page, are no pass over the archive.
        for q in [
            "what kind of pages does a passport contain",
            "I need a list of every article in the constitution",
        ] {
            let name = parsed(q).name();
            assert!(name != "Browse" && name != "Walk", "{q}: {name}");
        }
    }

    #[test]
    fn a_title_resolved_to_its_path() {
        for (q, t) in [
            (
                "Resolve the title 'Home port' to its entry path.",
                "Home port",
            ),
            ("map the title Ray Charles to its path", "Ray Charles"),
            ("convert the name \"Jazz\" into an entry id", "Jazz"),
        ] {
            assert_eq!(parsed(q), Intent::FindByTitle { title: t.into() }, "{q}");
        }
        assert_ne!(
            parsed("resolve the title dispute with my landlord").name(),
            "FindByTitle"
        );
    }

    #[test]
    fn asides_places_and_capitals_around_a_title() {
        assert_eq!(
            parsed("look up the page with the title Sextant (not a full-text search)"),
            Intent::FindByTitle {
                title: "Sextant".into()
            }
        );
        assert_eq!(
            parsed("Get the table of contents of A/Navigation from seamanship_en_2023-06.zim."),
            Intent::Toc {
                title_or_path: "A/Navigation".into()
            }
        );
        assert_eq!(
            parsed("GIVE ME THE ENTIRE ARTICLE ON SEARCH ENGINE"),
            Intent::GetArticle {
                title_or_path: "SEARCH ENGINE".into()
            }
        );
        assert_eq!(
            parsed("TABLE OF CONTENTS FOR WORLD WAR II"),
            Intent::Toc {
                title_or_path: "WORLD WAR II".into()
            }
        );
        // A parenthesis that is part of a title, and capitalised words in a mixed-case title.
        assert_eq!(
            parsed("table of contents of Index (publishing)"),
            Intent::Toc {
                title_or_path: "Index (publishing)".into()
            }
        );
        assert_eq!(
            parsed("get the article The Beatles"),
            Intent::GetArticle {
                title_or_path: "The Beatles".into()
            }
        );
    }

    fn search_of(q: &str) -> bool {
        matches!(parsed(q), Intent::Search { .. })
    }

    #[test]
    fn cue_words_as_verbs_and_compared_things_are_topic() {
        for q in [
            "How many soldiers took part in the Battle of Hastings and how long did it last?",
            "How far did Napoleon's army walk during the retreat from Moscow?",
            "Which ships took part in the Battle of Jutland?",
            "difference between a title search and a survey in conveyancing",
            "title search versus title insurance, which protects the buyer",
            "What is the MARC 100 field used for?",
            "what is port 443 used for",
        ] {
            assert!(search_of(q), "{q}: {:?}", parsed(q));
        }
        // The views these words name stay.
        assert_eq!(
            parsed("show the Early life part of Ray Charles"),
            Intent::Section {
                title_or_path: "Ray Charles".into(),
                section: "Early life".into()
            }
        );
        assert_eq!(
            parsed("title search: Treaty of Versailles"),
            Intent::FindByTitle {
                title: "Treaty of Versailles".into()
            }
        );
        for q in ["What is Apollo 11?", "Who was Ada Lovelace?"] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
    }

    #[test]
    fn greetings_before_a_request() {
        assert!(search_of(
            "Good evening. Could you please search for information on when the Prime Meridian was established? Thanks so much."
        ));
        assert_eq!(
            parsed("Hi there, could you show me the Tide article?"),
            Intent::GetArticle {
                title_or_path: "Tide".into()
            }
        );
    }

    #[test]
    fn an_archive_as_the_place_of_a_question() {
        for q in [
            "in wikipedia: how to check the status of a systemd unit",
            "In wikipedia, how do I verify a PGP signature?",
        ] {
            let p = with_archive(q);
            assert_eq!(p.intent.name(), "Search", "{q}: {p:?}");
            assert!(p.archive.is_some(), "{q}");
        }
        assert!(search_of(
            "in rustdocs.zim: how do I validate a struct's fields"
        ));
        for q in [
            "in wikipedia: health check",
            "is wikipedia's integrity ok?",
            "how do I check the integrity of wikipedia?",
        ] {
            assert_eq!(with_archive(q).intent, Intent::Health, "{q}");
        }
    }

    #[test]
    fn which_archives_can_be_used() {
        for q in [
            "which collections could we search through",
            "what archives can i read",
            "show me every zim file currently mounted",
            "enumerate the mounted archives",
        ] {
            assert_eq!(parsed(q), Intent::ListArchives, "{q}");
        }
        for q in [
            "look this up in every archive you have: scurvy",
            "search every zim file for scurvy",
        ] {
            assert!(search_of(q), "{q}: {:?}", parsed(q));
        }
    }

    #[test]
    fn more_words_for_views() {
        let summary = |t: &str| Intent::Summary {
            title_or_path: t.into(),
        };
        assert_eq!(
            parsed("the short version of the Moon article please"),
            summary("Moon")
        );
        assert_eq!(
            parsed("give me the condensed version of Photosynthesis"),
            summary("Photosynthesis")
        );
        assert!(search_of(
            "how do I write a short version of a cover letter"
        ));
        let toc = |t: &str| Intent::Toc {
            title_or_path: t.into(),
        };
        assert_eq!(
            parsed("show me the contents list of the Jupiter article"),
            toc("Jupiter")
        );
        assert_eq!(
            parsed("can i see the contents list for the Moon page"),
            toc("Moon")
        );
        assert!(search_of("what goes on a home contents list for insurance"));
        assert_eq!(
            parsed("dump the outgoing links of Photosynthesis"),
            Intent::Links {
                title_or_path: "Photosynthesis".into()
            }
        );
        assert!(search_of("dump a postgres database to a file"));
        for q in [
            "is this offline wiki thing still working?",
            "is the zim server actually running right now? it froze earlier",
        ] {
            assert_eq!(parsed(q), Intent::Health, "{q}");
        }
        for q in [
            "is the Large Hadron Collider still running?",
            "Is the Hubble telescope still working?",
        ] {
            assert!(search_of(q), "{q}: {:?}", parsed(q));
        }
    }

    #[test]
    fn passes_named_in_one_part_and_asked_in_another() {
        assert_eq!(
            parsed("I need every single title in the M namespace — page through all of it"),
            Intent::Walk {
                namespace: "M".into(),
                limit: None
            }
        );
        assert_eq!(
            parsed("show me some titles in the A namespace"),
            Intent::Browse {
                namespace: "A".into(),
                limit: None
            }
        );
        assert_eq!(
            parsed("For a backup I need to go through the entire archive entry by entry"),
            Intent::Walk {
                namespace: "C".into(),
                limit: None
            }
        );
        assert!(search_of(
            "For my thesis I need to go through the history of the Silk Road"
        ));
        assert_eq!(
            parsed(
                "I'd like to get a feel for this zim — show me a representative handful of its articles"
            ),
            Intent::Browse {
                namespace: "C".into(),
                limit: None
            }
        );
    }

    #[test]
    fn prefixes_spelt_and_arguments_named_around_them() {
        assert_eq!(
            parsed("i only know how to spell tyrann... which pages start like that?"),
            Intent::Suggest {
                prefix: "tyrann".into()
            }
        );
        assert!(search_of("how do you spell necessary... i always forget"));
        assert_eq!(
            parsed("suggest title completions for the prefix Magel"),
            Intent::Suggest {
                prefix: "Magel".into()
            }
        );
        assert_eq!(
            parsed("show me more pages like the Stegosaurus one"),
            Intent::Related {
                title_or_path: "Stegosaurus".into()
            }
        );
        assert_eq!(
            parsed("summary of Formula One"),
            Intent::Summary {
                title_or_path: "Formula One".into()
            }
        );
        assert_eq!(
            parsed("I need to know how the article Water cycle is organised, with its anchors"),
            Intent::Structure {
                title_or_path: "Water cycle".into()
            }
        );
    }
}

/// What the test modules of each held-out set's causes share: the archives the requests may
/// name, and the parse in the labelled sets' terms.
#[cfg(test)]
mod problem_reports {
    use super::reports_a_problem;

    /// What goes wrong, told: the learned second opinion routes none of it to a view.
    #[test]
    fn a_problem_told_is_no_command() {
        for q in [
            "I'm typing 'hello' into the search box and nothing happens",
            "I click the 'Moon' link and nothing shows up",
            "the toc of my thesis doesn't update",
            "my links are not working after the upgrade",
            "the app won't load on my phone",
        ] {
            assert!(reports_a_problem(q), "{q}");
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
        for q in [
            "show the links of the Moon article",
            "nothing compares 2 u",
            "what does not mean in logic",
        ] {
            assert!(!reports_a_problem(q), "{q}");
        }
    }
}

#[cfg(test)]
mod causes_support {
    use crate::{ArchiveName, Intent, parse};

    pub(super) fn archives() -> Vec<ArchiveName> {
        vec![
            ArchiveName::new("wikipedia_en_all_maxi_2024-01.zim", Some("Wikipedia")),
            ArchiveName::new("wiktionary_fr_all_nopic_2023-10.zim", Some("Wiktionnaire")),
        ]
    }

    pub(super) fn intent(q: &str) -> Intent {
        parse(q, &archives()).intent
    }

    pub(super) fn name(q: &str) -> &'static str {
        intent(q).name()
    }

    pub(super) fn t(s: &str) -> String {
        s.to_string()
    }

    pub(super) fn searched(qs: &[&str]) {
        for q in qs {
            assert_eq!(name(q), "Search", "{q}");
        }
    }

    /// Each request routes to the intent named beside it.
    pub(super) fn each(cases: &[(&str, &str)]) {
        for (q, want) in cases {
            assert_eq!(name(q), *want, "{q}");
        }
    }
}

/// Causes of heldout-o's misses, each on variations written for it, with ones that keep
/// their route.
#[cfg(test)]
mod heldout_o_causes {
    use super::causes_support::*;
    use crate::Intent;

    #[test]
    fn the_you_of_a_how_to_question_is_anyone() {
        for q in [
            "how to cite your sources in APA",
            "how to back up your files before an upgrade",
            "how to check your archives for mold damage",
        ] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "Search", "{q}");
        }
        for q in ["list your archives", "what sources do you have"] {
            assert_eq!(crate::parse(q, &[]).intent.name(), "ListArchives", "{q}");
        }
    }

    #[test]
    fn the_impersonal_you_of_a_method_question_is_not_the_service() {
        for q in [
            "How do you collect a blood sample for a malaria rapid diagnostic test?",
            "how do you verify a PGP signature?",
            "how can you tell if a hard drive is healthy",
            "where do you check the status of a parcel in Canada Post?",
            "When should you validate user input in a web form?",
        ] {
            assert_eq!(name(q), "Search", "{q}");
        }
        // The service addressed keeps its route.
        for q in [
            "are you healthy?",
            "how do you check the integrity of this archive?",
            "what's your configuration?",
            "health check",
        ] {
            assert_eq!(name(q), "Health", "{q}");
        }
    }

    #[test]
    fn a_cue_word_named_as_an_entry_is_the_entrys() {
        assert_eq!(
            intent("Show the Etymology section of the Wiktionary entry for status"),
            Intent::Section {
                title_or_path: "status".into(),
                section: "Etymology".into()
            }
        );
        assert_eq!(
            intent("show the Usage section of the Wiktionnaire entry on integrity"),
            Intent::Section {
                title_or_path: "integrity".into(),
                section: "Usage".into()
            }
        );
        // A server word asked of the archive stays a health check.
        assert_eq!(
            name("check the integrity of the Wiktionnaire archive"),
            "Health"
        );
        assert_eq!(name("status of the wikipedia archive"), "Health");
    }

    #[test]
    fn trailing_instructions_about_the_answer_are_set_aside() {
        for q in [
            "I'm researching royal history. Who holds the title of longest-reigning monarch, and how is that record verified? Please cite your sources.",
            "What were the causes of the Dust Bowl? cite your sources please",
            "Why is the sky blue? Answer in French.",
            "Who wrote the Federalist Papers? keep it short",
        ] {
            assert_eq!(name(q), "Search", "{q}");
        }
        assert_eq!(
            intent("Why is the sky blue? Please cite your sources."),
            Intent::Search {
                query: "Why is the sky blue".into(),
                all_archives: false
            }
        );
        // Sources asked of the service, or citing as the topic, keep their route.
        assert_eq!(name("which sources do you have?"), "ListArchives");
        assert_eq!(name("what does 'cite your sources' mean in APA?"), "Search");
        assert_eq!(
            intent("Brief summary of the Main sequence article please, keep it under 100 words"),
            Intent::Summary {
                title_or_path: "Main sequence".into()
            }
        );
        assert_eq!(
            intent("summarize Rubella in a few lines, the opening paragraph is enough"),
            Intent::Summary {
                title_or_path: "Rubella".into()
            }
        );
    }

    #[test]
    fn a_role_or_a_purpose_before_the_ask_is_no_part_of_it() {
        assert_eq!(
            intent("For a quick kid-friendly answer, fetch just the opening paragraph of Volcano"),
            Intent::Summary {
                title_or_path: "Volcano".into()
            }
        );
        assert_eq!(
            intent("For my essay, show the History section of Tea"),
            Intent::Section {
                title_or_path: "Tea".into(),
                section: "History".into()
            }
        );
        assert_eq!(
            intent("As a tutor, could you show the table of contents of Photosynthesis?"),
            Intent::Toc {
                title_or_path: "Photosynthesis".into()
            }
        );
        assert_eq!(
            intent(
                "As the IDE agent, I want to see the contents box of the asyncio docs page before I pick a part to read."
            ),
            Intent::Toc {
                title_or_path: "asyncio".into()
            }
        );
        // A question after the purpose or the role stays a search.
        for q in [
            "For the Roman Empire, what year did it fall?",
            "As a nurse, how do I calculate a drip rate?",
            "As a result of the war, which borders changed?",
        ] {
            assert_eq!(name(q), "Search", "{q}");
        }
    }
    #[test]
    fn the_service_named_by_its_machine_its_tool_or_an_archive_noun() {
        assert_eq!(
            name("what offline collections are installed on the ship's server?"),
            "ListArchives"
        );
        assert_eq!(
            name("which wikis are loaded on this machine?"),
            "ListArchives"
        );
        assert_eq!(
            name(
                "Before I run searches: is the zim_query backend working, and what is its configuration?"
            ),
            "Health"
        );
        assert_eq!(
            name("What's on the start page of the Wikivoyage archive?"),
            "MainPage"
        );
        // Other things installed, or another server, stay searches.
        for q in [
            "what programs are installed on the server?",
            "which files are installed on my laptop for Python?",
            "how do I configure the web server backend?",
            "What's in the newspaper archive of 1920?",
        ] {
            assert_eq!(name(q), "Search", "{q}");
        }
    }

    #[test]
    fn views_asked_with_other_words() {
        assert_eq!(
            intent("find neighbouring pages of Great Barrier Reef in the link graph"),
            Intent::Related {
                title_or_path: "Great Barrier Reef".into()
            }
        );
        assert_eq!(name("find neighbouring countries of France"), "Search");
        assert_eq!(
            intent(
                "I'm building a citation graph: give me every outbound link in the Insulin entry."
            ),
            Intent::Links {
                title_or_path: "Insulin".into()
            }
        );
        assert_eq!(name("I'm studying volcanoes: why do they erupt?"), "Search");
        assert_eq!(
            name(
                "Page through the complete list of entries in this ZIM, starting from the beginning"
            ),
            "Walk"
        );
        assert_eq!(
            name("page through the full set of articles in the archive"),
            "Walk"
        );
    }
    #[test]
    fn titles_after_an_archive_named_article_noun_by_its_title_and_out_of() {
        assert_eq!(
            intent(
                "Give me the complete text of the Wikipedia article 'Health Insurance Portability and Accountability Act'"
            ),
            Intent::GetArticle {
                title_or_path: "Health Insurance Portability and Accountability Act".into()
            }
        );
        assert_eq!(
            intent("show me the Rust documentation page 'Vec'"),
            Intent::GetArticle {
                title_or_path: "Vec".into()
            }
        );
        assert_eq!(
            intent("Locate the entry named Beaufort Sea by its title (not full-text)"),
            Intent::FindByTitle {
                title: "Beaufort Sea".into()
            }
        );
        assert_eq!(
            intent("links out of A/Summary_judgment"),
            Intent::Links {
                title_or_path: "A/Summary_judgment".into()
            }
        );
        // A capitalised "Out of" is the title's.
        assert_eq!(
            intent("get the article 'Out of Africa'"),
            Intent::GetArticle {
                title_or_path: "Out of Africa".into()
            }
        );
        assert_eq!(
            intent("links out of Out of Africa"),
            Intent::Links {
                title_or_path: "Out of Africa".into()
            }
        );
    }
}

/// The general causes of heldout-u's first-run misses (`tests/accuracy.rs`), each with
/// variations and with requests that must keep their route.
#[cfg(test)]
mod heldout_u_causes {
    use super::causes_support::*;
    use crate::Intent;

    #[test]
    fn a_view_word_in_a_clause_about_it_is_topic() {
        searched(&[
            "why does tritone substitution work? every summary I find just says 'shared guide tones' and stops there",
            "why do plants need light? every summary I read says photosynthesis and stops",
            "the summary you gave me earlier was too short",
            "every outline I find online skips the Sicilian",
        ]);
        assert_eq!(
            intent("give me a summary of the Tide article"),
            Intent::Summary {
                title_or_path: t("Tide")
            }
        );
        assert_eq!(
            intent("summary of Photosynthesis"),
            Intent::Summary {
                title_or_path: t("Photosynthesis")
            }
        );
    }

    #[test]
    fn a_relation_asked_in_a_question_after_its_topics() {
        searched(&[
            "candela vs lumen vs lux — how are they related?",
            "dogs and wolves: how are they related?",
            "how are cats and lions related?",
        ]);
        for (q, topic) in [
            ("articles related to Photosynthesis", "Photosynthesis"),
            (
                "what else is related to the Apollo 11 article?",
                "Apollo 11",
            ),
            ("anything related to 'Scurvy' I should read next?", "Scurvy"),
            // The nouns after the cue are the pages asked for; the article is before it.
            ("Apollo 11 related articles", "Apollo 11"),
        ] {
            assert_eq!(
                intent(q),
                Intent::Related {
                    title_or_path: t(topic)
                },
                "{q}"
            );
        }
    }

    #[test]
    fn a_number_after_section_and_counted_parts_are_questions_about_the_world() {
        searched(&[
            "Section 8 voucher eligibility for a retired veteran in Ohio — what are the income limits?",
            "Section 8 housing rules in California",
            "section 230 protections of the Communications Decency Act",
            "what do the seven articles of the US Constitution each cover? need it for a civics quiz",
            "what do the three branches of the US government each do?",
        ]);
        assert_eq!(
            intent("section Early life of Marie Curie"),
            Intent::Section {
                title_or_path: t("Marie Curie"),
                section: t("Early life")
            }
        );
        assert_eq!(
            intent("what does the History section of Paris say?"),
            Intent::Section {
                title_or_path: t("Paris"),
                section: t("History")
            }
        );
        assert_eq!(
            intent("what does the lead of the Rosetta Stone article say"),
            Intent::Summary {
                title_or_path: t("Rosetta Stone")
            }
        );
    }

    #[test]
    fn an_archive_named_in_a_how_or_why_question_is_its_topic() {
        searched(&[
            "how does Wikipedia decide what goes in the 'In the news' section of its Main Page?",
            "why is the wikipedia main page so cluttered?",
        ]);
        for q in [
            "show me the main page of wikipedia",
            "open the front page of the Gutenberg zim",
            "take me to the home page of wikivoyage",
        ] {
            assert_eq!(name(q), "MainPage", "{q}");
        }
    }

    #[test]
    fn a_pointer_to_read_more_is_no_request() {
        searched(&[
            "(MissingSubscriptionRegistration) The subscription is not registered to use namespace 'Microsoft.ContainerService'. See https://aka.ms/rps-not-found for how to register subscriptions.",
            "Error: could not connect. See https://example.com/help for details.",
            "See https://aka.ms/xyz for more information.",
        ]);
        assert_eq!(
            intent("see the Tide article"),
            Intent::GetArticle {
                title_or_path: t("Tide")
            }
        );
    }

    #[test]
    fn a_question_after_a_view_word_is_the_request() {
        searched(&[
            "outline of the Najdorf main line after 6.Bg5 — what is the Poisoned Pawn actually about?",
            "outline of World War II — is it chronological?",
            "what is the Sicilian Defence really about?",
        ]);
        assert_eq!(
            intent("outline of Hamlet"),
            Intent::Toc {
                title_or_path: t("Hamlet")
            }
        );
        // What a work is about is asked of the world, as "what is X?" is (heldout-z5's writer
        // labels "What is The X-Files about?" a search; the summary view is asked by name); a
        // what-question after a topic label is a question about the world, as it is alone.
        searched(&[
            "what is Hamlet about?",
            "What is The X-Files about?",
            "Chess openings — what is the Sicilian Defence?",
        ]);
        assert_eq!(
            intent("summary of Hamlet"),
            Intent::Summary {
                title_or_path: t("Hamlet")
            }
        );
    }

    #[test]
    fn calls_written_as_slash_commands_urls_and_shell_commands() {
        for (q, want) in [
            (
                "/read wikivoyage_en Istanbul",
                Intent::GetArticle {
                    title_or_path: t("Istanbul"),
                },
            ),
            (
                "/toc Photosynthesis",
                Intent::Toc {
                    title_or_path: t("Photosynthesis"),
                },
            ),
            (
                "/browse ns=A limit=25",
                Intent::Browse {
                    namespace: t("A"),
                    limit: Some(25),
                },
            ),
            ("GET /v1/archives", Intent::ListArchives),
            (
                "GET /v1/archives/wikipedia_en_all/metadata",
                Intent::Metadata,
            ),
            (
                "GET /api/search?q=tide+tables",
                Intent::Search {
                    query: t("tide tables"),
                    all_archives: false,
                },
            ),
            (
                "GET /article/Tide",
                Intent::GetArticle {
                    title_or_path: t("Tide"),
                },
            ),
            ("?prefix=Sch&limit=10", Intent::Suggest { prefix: t("Sch") }),
            (
                "?q=tide",
                Intent::Search {
                    query: t("tide"),
                    all_archives: false,
                },
            ),
            ("ls archives --format=json", Intent::ListArchives),
            ("ls archives", Intent::ListArchives),
        ] {
            assert_eq!(intent(q), want, "{q}");
        }
        assert_eq!(crate::parse("?prefix=Sch&limit=10", &[]).limit, Some(10));
        // A path, a shell command of another kind, a slash before no command name.
        searched(&["/usr/bin/python", "ls -la", "/help me"]);
    }

    #[test]
    fn follow_ups_for_another_article() {
        for (q, want) in [
            (
                "prev: lead of 'Laika' ✅\nnow same for Sputnik 2",
                Intent::Summary {
                    title_or_path: t("Sputnik 2"),
                },
            ),
            (
                "the toc of Tide. and now the same for Moon",
                Intent::Toc {
                    title_or_path: t("Moon"),
                },
            ),
            (
                "summary of Tide, then the same for Moon",
                Intent::Summary {
                    title_or_path: t("Moon"),
                },
            ),
            // Without the earlier request in the text: the view it names; a section's name
            // was said earlier, so the new article's contents (not a guessed section).
            (
                "and now the same summary for Berlin",
                Intent::Summary {
                    title_or_path: t("Berlin"),
                },
            ),
            (
                "and now that same section but for Pierre Curie",
                Intent::Toc {
                    title_or_path: t("Pierre Curie"),
                },
            ),
            // Neither the view nor the earlier request: the new subject is searched.
            (
                "now the same for Berlin",
                Intent::Search {
                    query: t("Berlin"),
                    all_archives: false,
                },
            ),
            (
                "Got it. Now the same for Berlin.",
                Intent::Search {
                    query: t("Berlin"),
                    all_archives: false,
                },
            ),
        ] {
            assert_eq!(intent(q), want, "{q}");
        }
        for q in [
            "the same for loop in python and rust",
            "is it the same for dogs?",
            "same-sex marriage laws in Europe",
        ] {
            assert_eq!(
                intent(q),
                Intent::Search {
                    query: crate::text::clean_query(q),
                    all_archives: false
                },
                "{q}"
            );
        }
    }

    #[test]
    fn views_asked_in_other_words() {
        for (q, want) in [
            (
                "outline w/ byte sizes per section: Great Barrier Reef",
                Intent::Structure {
                    title_or_path: t("Great Barrier Reef"),
                },
            ),
            (
                "list all hrefs in A/Tide",
                Intent::Links {
                    title_or_path: t("A/Tide"),
                },
            ),
            (
                "list the hrefs of Photosynthesis",
                Intent::Links {
                    title_or_path: t("Photosynthesis"),
                },
            ),
            (
                "the intro bit of the Voyager 1 article, not the whole thing pls",
                Intent::Summary {
                    title_or_path: t("Voyager 1"),
                },
            ),
            (
                "i need the whole page on Mitochondrial Eve not just the intro — paste all of it",
                Intent::GetArticle {
                    title_or_path: t("Mitochondrial Eve"),
                },
            ),
            (
                "ok that summary was way too short. now give me the full article on the Bessemer process, every paragraph",
                Intent::GetArticle {
                    title_or_path: t("Bessemer process"),
                },
            ),
            (
                "now give me the links of the Tide article",
                Intent::Links {
                    title_or_path: t("Tide"),
                },
            ),
            (
                "does the title index have anything like 'Kolmogorov–Smirnov test'?",
                Intent::FindByTitle {
                    title: t("Kolmogorov–Smirnov test"),
                },
            ),
            (
                "is 'Bletchley Park' in the title index?",
                Intent::FindByTitle {
                    title: t("Bletchley Park"),
                },
            ),
            (
                "exact title lookup: Ada Lovelace",
                Intent::FindByTitle {
                    title: t("Ada Lovelace"),
                },
            ),
        ] {
            assert_eq!(intent(q), want, "{q}");
        }
        searched(&[
            "list all hrefs in a page with beautifulsoup",
            "how do I get all hrefs with BeautifulSoup",
            "the intro part of my essay",
            "does the title index have a size limit in MySQL?",
        ]);
    }

    #[test]
    fn labels_and_a_scene_before_the_ask() {
        for (q, want) in [
            (
                "quiz prep: I want the contents listing of the 'Water cycle' page so I can split my questions by part",
                Intent::Toc {
                    title_or_path: t("Water cycle"),
                },
            ),
            (
                "for the galley: anything related to 'Scurvy' I should read next?",
                Intent::Related {
                    title_or_path: t("Scurvy"),
                },
            ),
            (
                "voice relay: the user says the offline library feels really slow today — is something wrong with the server?",
                Intent::Health,
            ),
            (
                "I'm writing a scraper. For 'Hurricane Katrina' I need every h2/h3 with its #anchor so I can deep-link into it.",
                Intent::Structure {
                    title_or_path: t("Hurricane Katrina"),
                },
            ),
            (
                "For 'Hurricane Katrina' I need the toc",
                Intent::Toc {
                    title_or_path: t("Hurricane Katrina"),
                },
            ),
            (
                "For Hurricane Katrina, I need every heading with its anchor",
                Intent::Structure {
                    title_or_path: t("Hurricane Katrina"),
                },
            ),
        ] {
            assert_eq!(intent(q), want, "{q}");
        }
        // A label that is the topic, a task or a question after it; a problem of something
        // else; a scene with no view asked.
        searched(&[
            "homework: list all the prime numbers under 100",
            "excel: summary of sales by region",
            "note: how do tides work",
            "is something wrong with my thyroid?",
            "is something wrong with the Tide article?",
            "For 'Tide' I want to know why it happens",
        ]);
    }

    #[test]
    fn passes_over_the_archive_continued_by_namespace_path_or_archive_name() {
        for (q, want) in [
            (
                "continue the full enumeration from cursor 41500, same page size",
                Intent::Walk {
                    namespace: t("C"),
                    limit: None,
                },
            ),
            (
                "resume the listing from offset 300",
                Intent::Walk {
                    namespace: t("C"),
                    limit: None,
                },
            ),
            (
                "exhaustively enumerate the M/ entries. every one.",
                Intent::Walk {
                    namespace: t("M"),
                    limit: None,
                },
            ),
            (
                "browse gutenberg_en_all — first 20 books or so",
                Intent::Browse {
                    namespace: t("C"),
                    limit: Some(20),
                },
            ),
            (
                "what kind of stuff is in this archive? give me a sample, not everything",
                Intent::Browse {
                    namespace: t("C"),
                    limit: None,
                },
            ),
        ] {
            assert_eq!(intent(q), want, "{q}");
        }
        searched(&[
            "continue fetching rows from the cursor in PL/SQL",
            "continue the enumeration of primes",
            "browse the web safely",
        ]);
    }

    #[test]
    fn the_archives_files_and_their_namespaces() {
        for (q, want) in [
            (
                "enumerate every .zim file mounted on the server, names + sizes if you have them",
                "ListArchives",
            ),
            (
                "list the namespaces in this file with their entry counts",
                "Metadata",
            ),
            (
                "how many entries per namespace does this archive have",
                "Metadata",
            ),
            ("M/Description of the gutenberg archive?", "Metadata"),
            ("M/Title", "Metadata"),
        ] {
            assert_eq!(name(q), want, "{q}");
        }
        searched(&[
            "what namespaces does this C# file declare",
            "how do I enumerate every zim file in a directory with python",
        ]);
    }

    #[test]
    fn a_misspelt_section_after_its_heading() {
        assert_eq!(
            intent("can you show the early life sexton of the marie curie article"),
            Intent::Section {
                title_or_path: t("marie curie"),
                section: t("early life")
            }
        );
        // No heading before it: the word is the sentence's.
        searched(&[
            "who was the sexton of the church in Hamlet",
            "the comments of the Tide page",
        ]);
    }

    #[test]
    fn requests_in_swedish_turkish_czech_russian_indonesian_japanese_and_more_italian() {
        for (q, want) in [
            ("Visa startsidan för arkivet.", Intent::MainPage),
            (
                "Vilka arkiv finns tillgängliga på servern just nu?",
                Intent::ListArchives,
            ),
            (
                "Visa innehållsförteckningen för artikeln om Stockholm",
                Intent::Toc {
                    title_or_path: t("Stockholm"),
                },
            ),
            (
                "Arşivdeki tüm girdileri sayfa sayfa dolaş, hiçbirini atlama.",
                Intent::Walk {
                    namespace: t("C"),
                    limit: None,
                },
            ),
            (
                "'Kapadokya' ile ilgili sayfaları göster",
                Intent::Related {
                    title_or_path: t("Kapadokya"),
                },
            ),
            ("hangi arşivler mevcut?", Intent::ListArchives),
            (
                "Vypiš strukturu nadpisů článku „Karel IV.“ včetně kotev.",
                Intent::Structure {
                    title_or_path: t("Karel IV."),
                },
            ),
            (
                "Zobraz obsah článku Praha",
                Intent::Toc {
                    title_or_path: t("Praha"),
                },
            ),
            (
                "Дай краткое содержание статьи «Тунгусский метеорит», только вступление.",
                Intent::Summary {
                    title_or_path: t("Тунгусский метеорит"),
                },
            ),
            (
                "Покажи оглавление статьи «Москва»",
                Intent::Toc {
                    title_or_path: t("Москва"),
                },
            ),
            ("Apakah servernya sedang berjalan normal?", Intent::Health),
            (
                "Tampilkan beberapa contoh entri dari arsip wikivoyage.",
                Intent::Browse {
                    namespace: t("C"),
                    limit: None,
                },
            ),
            (
                "Tampilkan daftar isi artikel Jakarta",
                Intent::Toc {
                    title_or_path: t("Jakarta"),
                },
            ),
            (
                "このアーカイブのメタデータ（作成者・日付・言語）を見せて",
                Intent::Metadata,
            ),
            (
                "「東京タ」で始まるタイトルの候補を出して",
                Intent::Suggest {
                    prefix: t("東京タ"),
                },
            ),
            (
                "「量子もつれ」の記事を全文表示してください",
                Intent::GetArticle {
                    title_or_path: t("量子もつれ"),
                },
            ),
            (
                "「富士山」の目次を表示して",
                Intent::Toc {
                    title_or_path: t("富士山"),
                },
            ),
            (
                "Mostrami l'indice dell'articolo 'Rinascimento', solo i titoli dei capitoli.",
                Intent::Toc {
                    title_or_path: t("Rinascimento"),
                },
            ),
            (
                "Quali link escono dall'articolo 'Vesuvio'? Solo quelli in uscita, grazie.",
                Intent::Links {
                    title_or_path: t("Vesuvio"),
                },
            ),
            (
                "Grazie, mostrami l'articolo completo su Dante",
                Intent::GetArticle {
                    title_or_path: t("Dante"),
                },
            ),
        ] {
            assert_eq!(intent(q), want, "{q}");
        }
        // Searches in these languages stay searches of their words as written: a tree's
        // structure, something related to a boiler's tank, a short summary of a difference,
        // a tax structure, a short summary of why the sky is blue, a cross-reaction
        // (関連, related), a refractive index; English words the table writes too.
        for q in [
            "Hur beskär man ett äppelträd på vintern utan att förstöra kronans struktur?",
            "Kombi basıncı sürekli düşüyor, genleşme tankıyla ilgili olabilir mi?",
            "Jaký je rozdíl mezi durovou a mollovou stupnicí? Stačí krátké shrnutí pro začátečníka.",
            "Какова структура налоговых вычетов по НДФЛ при покупке квартиры в России?",
            "дай совет по ремонту",
            "kenapa langit berwarna biru tapi matahari terbenam merah? ringkasan singkat aja ya",
            "ペニシリンアレルギーがある場合、セファロスポリン系の抗生物質は安全ですか？交差反応との関連を知りたいです",
            "Qual è l'indice di rifrazione del diamante e perché brilla così tanto?",
            "visa requirements for Thailand",
            "Visa Thailand",
        ] {
            assert_eq!(
                intent(q),
                Intent::Search {
                    query: crate::text::clean_query(&crate::text::normalize_input(q)),
                    all_archives: false
                },
                "{q}"
            );
        }
    }
}

/// The general causes of heldout-v's first-run misses, each with variations of its phrasing
/// and searches that share its words.
#[cfg(test)]
mod heldout_v_causes {
    use super::causes_support::*;
    use crate::Intent;

    #[test]
    fn a_listing_said_to_be_complete_is_a_walk() {
        for (q, ns) in [
            (
                "i need the complete listing of namespace X, all entries, paginate thru everything",
                "X",
            ),
            ("give me the full listing of namespace C", "C"),
            (
                "complete list of namespace A, paginate through everything",
                "A",
            ),
            ("all entries in namespace M please", "M"),
            ("the entire listing of the M namespace", "M"),
        ] {
            assert_eq!(
                intent(q),
                Intent::Walk {
                    namespace: t(ns),
                    limit: None
                },
                "{q}"
            );
        }
        // "complete" before a noun for a whole is its adjective, not the verb of completing
        // a prefix; without a namespace a complete listing is of something in the world.
        searched(&[
            "complete listing of Bach cantatas",
            "complete works of Shakespeare",
            "the complete list of US presidents",
            "paginate through everything in a Django queryset",
            "full list of namespace conventions in python",
        ]);
        assert_eq!(
            intent("complete Napol"),
            Intent::Suggest { prefix: t("Napol") }
        );
    }

    #[test]
    fn a_page_number_or_none_skipped_after_a_pass_over_the_archive() {
        for q in [
            "dump the complete list of entries in the beekeeping stackexchange zim, page 3",
            "enumerate the complete list of entries in the gutenberg zim, don't skip any",
            "dump all entries of the archive, do not skip any",
            "enumerate every entry in this zim starting at page 4",
        ] {
            assert_eq!(
                intent(q),
                Intent::Walk {
                    namespace: t("C"),
                    limit: None
                },
                "{q}"
            );
        }
        searched(&[
            "list the pages of my thesis, don't skip any",
            "dump truck weight limit page 3",
            "enumerate the prime numbers below 100, don't skip any",
        ]);
    }

    #[test]
    fn a_projects_dump_is_the_archive() {
        for q in [
            "show me the landing page of the stackexchange dump",
            "open the home page of the wikipedia dump",
            "what's on the front page of this wiki dump",
            "landing page of the gutenberg dump pls",
        ] {
            assert_eq!(intent(q), Intent::MainPage, "{q}");
        }
        searched(&[
            "what is the landing page conversion rate for ecommerce",
            "landing page design best practices",
            "how to make a landing page with tailwind",
        ]);
    }

    #[test]
    fn which_dumps_or_wikis_are_installed() {
        for q in [
            "hey what wikis/dumps can u search, like which ones are installed",
            "which dumps are installed?",
            "what wiki dumps do you have",
            "which zims/archives are loaded right now",
            "what dumps can I search",
        ] {
            assert_eq!(intent(q), Intent::ListArchives, "{q}");
        }
        searched(&[
            "installed base of iPhones",
            "which python packages are installed",
            "how to analyze memory dumps in windows",
            "which fonts are installed on ubuntu",
            "core dumps are disabled, how to enable them",
            "input/output files in c",
        ]);
    }

    #[test]
    fn an_article_with_the_exact_title_in_other_languages() {
        for (q, title) in [
            ("Existe um artigo com o título exato 'Saudade'?", "Saudade"),
            ("Há uma página com o título 'Fado'?", "Fado"),
            ("Y a-t-il un article intitulé « Baguette » ?", "Baguette"),
            ("¿Hay un artículo con el título exacto 'Tapas'?", "Tapas"),
            ("Gibt es einen Artikel mit dem Titel „Brezel“?", "Brezel"),
            ("C'è un articolo intitolato 'Pizza'?", "Pizza"),
        ] {
            assert_eq!(intent(q), Intent::FindByTitle { title: t(title) }, "{q}");
        }
        searched(&[
            "existe um artigo sobre saudade?",
            "o título de eleitor como tirar",
            "hay un artículo en la constitución sobre la vivienda",
        ]);
    }

    #[test]
    fn summarise_as_an_imperative_in_other_languages() {
        for (q, title) in [
            (
                "Résume-moi l'article « Révolution française » en quelques lignes",
                "Révolution française",
            ),
            ("Résumez l'article sur la Tour Eiffel", "Tour Eiffel"),
            (
                "Resúmeme el artículo «Guerra Civil Española»",
                "Guerra Civil Española",
            ),
            (
                "Riassumimi l'articolo 'Rinascimento' in poche righe",
                "Rinascimento",
            ),
            ("Resuma o artigo 'Fado' em poucas linhas", "Fado"),
        ] {
            assert_eq!(
                intent(q),
                Intent::Summary {
                    title_or_path: t(title)
                },
                "{q}"
            );
        }
        // A bare "resume" is an English word; a résumé and a format asked of a question
        // are no command.
        searched(&[
            "resume writing tips for software engineers",
            "how to resume a paused download in chrome",
            "resume template for nurses",
            "comment écrire un résumé de lecture",
            "en quelques lignes, pourquoi le ciel est bleu",
        ]);
    }

    #[test]
    fn the_opening_blurb_or_the_article_without_the_whole_of_it() {
        for (q, title) in [
            (
                "Could you give me just the opening blurb of the Nelson Mandela article, not the whole thing?",
                "Nelson Mandela",
            ),
            ("the opening blurb of Marie Curie", "Marie Curie"),
            ("give me the intro blurb of the Danube article", "Danube"),
            (
                "show me the Nelson Mandela article, not the whole thing",
                "Nelson Mandela",
            ),
            ("open the Tide article, not the full text", "Tide"),
        ] {
            assert_eq!(
                intent(q),
                Intent::Summary {
                    title_or_path: t(title)
                },
                "{q}"
            );
        }
        searched(&[
            "opening blurb for a cover letter",
            "how to write a book blurb",
            "a blurb for the back of my novel",
            "the opening paragraph of a persuasive essay",
        ]);
    }

    #[test]
    fn the_section_layout_and_anchor_ids() {
        for (q, title) in [
            (
                "section layout of 'Machine learning' incl. anchor ids",
                "Machine learning",
            ),
            ("section layout of Photosynthesis", "Photosynthesis"),
            ("layout of 'Jazz' including anchor ids", "Jazz"),
            ("heading layout of the Moon article", "Moon"),
            (
                "show the section layout of Tokyo incl. anchor names",
                "Tokyo",
            ),
        ] {
            assert_eq!(
                intent(q),
                Intent::Structure {
                    title_or_path: t(title)
                },
                "{q}"
            );
        }
        searched(&[
            "layout of a hospital section",
            "section layout of a hospital",
            "kitchen layout incl. anchor bolts",
            "how do anchor ids work in html",
            "price incl. VAT of an iPhone 15",
        ]);
    }

    #[test]
    fn a_what_is_question_reads_the_same_in_every_language() {
        // "what is X?" is a question about X in the world, a search, in every language.
        searched(&[
            "what is quantum entanglement",
            "что такое квантовая запутанность",
            "qu'est-ce que l'intrication quantique",
            "was ist Quantenverschränkung",
        ]);
        searched(&[
            "what is a fugue in music",
            "what is a tort in law",
            "metadata vs data what is the difference",
        ]);
    }

    #[test]
    fn an_identity_word_before_a_final_url_makes_it_a_noun() {
        searched(&[
            "cache separate mobile and desktop versions of the same url",
            "redirect every request to a different url",
            "nginx rewrite to the canonical url",
        ]);
        assert_eq!(
            intent("Photosynthesis links"),
            Intent::Links {
                title_or_path: t("Photosynthesis")
            }
        );
    }
}

/// The general causes of heldout-w's first-run misses, each with variations of its phrasing
/// and searches that share its words.
#[cfg(test)]
mod heldout_w_causes {
    use super::causes_support::*;
    use crate::Intent;

    #[test]
    fn spoken_fillers_are_no_words_of_the_request() {
        for (q, want) in [
            (
                "um can you like pull up the full page on the Moon landing",
                "GetArticle",
            ),
            ("uh show me the main page", "MainPage"),
            (
                "um, so like, can i see the table of contents for the Jazz article",
                "Toc",
            ),
            (
                "erm could i like get the summary of the Tide article",
                "Summary",
            ),
            ("you know, um, show me the home page", "MainPage"),
        ] {
            assert_eq!(name(q), want, "{q}");
        }
        // "like" as a verb or a preposition keeps its place; a search keeps its words
        // without the hesitation; Portuguese "um" is an article.
        searched(&[
            "songs like Yesterday by the Beatles",
            "do you like the Beatles",
            "what does a platypus look like",
            "something like the iPhone but cheaper",
            "5 mm is how many inches",
        ]);
        assert_eq!(
            intent("um what causes hiccups"),
            Intent::Search {
                query: t("what causes hiccups"),
                all_archives: false
            }
        );
        assert_eq!(
            intent("Existe um artigo com o título exato 'Saudade'?"),
            Intent::FindByTitle {
                title: t("Saudade")
            }
        );
    }

    #[test]
    fn lines_of_key_value_are_one_call_with_its_parameters() {
        assert_eq!(
            intent("outline: article=Bitcoin\nfields: heading, level, anchor, length"),
            Intent::Structure {
                title_or_path: t("Bitcoin")
            }
        );
        assert_eq!(
            intent("toc: title=Jazz\ninclude: anchors"),
            Intent::Structure {
                title_or_path: t("Jazz")
            }
        );
        assert_eq!(
            intent("outline: article=Bitcoin\nformat: markdown"),
            Intent::Toc {
                title_or_path: t("Bitcoin")
            }
        );
        assert_eq!(
            intent("namespace: C\nmode: full iteration\noutput: all paths"),
            Intent::Walk {
                namespace: t("C"),
                limit: None
            }
        );
        assert_eq!(
            intent("namespace: M\nmode: sample\nlimit: 5"),
            Intent::Browse {
                namespace: t("M"),
                limit: Some(5)
            }
        );
        for q in [
            "inbound links for: Photosynthesis\nlimit: 50",
            "inbound links for: Photosynthesis",
            "links for: Photosynthesis\nformat: json",
        ] {
            assert_eq!(
                intent(q),
                Intent::Links {
                    title_or_path: t("Photosynthesis")
                },
                "{q}"
            );
        }
        // A structured prompt's fields and prose with colons are read as they stand.
        searched(&[
            "Objective: find out why the sky is blue\nConstraints: offline sources only",
            "topic: hiccups\nquestion: what causes them",
            "shopping list: eggs, milk\nnote: buy before 6",
        ]);
    }

    #[test]
    fn the_contents_box_placed_on_the_page() {
        for (q, title) in [
            (
                "what's in the contents box at the top of the Beethoven article",
                "Beethoven",
            ),
            (
                "what's in the contents box near the top of the Moon page",
                "Moon",
            ),
            (
                "what is in the table of contents at the top of Jazz",
                "Jazz",
            ),
            ("whats in the toc on the left of the Tide article", "Tide"),
        ] {
            assert_eq!(
                intent(q),
                Intent::Toc {
                    title_or_path: t(title)
                },
                "{q}"
            );
        }
        searched(&[
            "what's in the contents of a first aid kit",
            "what's in the box at the top of the stairs",
            "what is in the contents box at the top of a word document",
        ]);
    }

    #[test]
    fn other_pages_close_to_an_article_named_before() {
        for (q, title) in [
            (
                "Hi, I just read the Silk Road article, can you point me to other pages close to it? Thanks!",
                "Silk Road",
            ),
            (
                "I finished the Moon article, can you show me other pages close to it",
                "Moon",
            ),
            ("point me to other pages close to 'Silk Road'", "Silk Road"),
            (
                "can you suggest some articles close to Photosynthesis",
                "Photosynthesis",
            ),
        ] {
            assert_eq!(
                intent(q),
                Intent::Related {
                    title_or_path: t(title)
                },
                "{q}"
            );
        }
        searched(&[
            "pages close to the spine in anatomy",
            "which restaurants are close to the Eiffel Tower",
            "what other planets are close to the sun",
        ]);
    }

    #[test]
    fn offline_libraries_on_the_device_are_the_archives() {
        for q in [
            "which offline libraries are installed on this kiosk?",
            "what offline libraries do you have",
            "which libraries are installed on this kiosk",
            "which collections are loaded on this tablet",
        ] {
            assert_eq!(intent(q), Intent::ListArchives, "{q}");
        }
        searched(&[
            "which python libraries are installed by default",
            "offline libraries for android development",
            "which fonts are installed on this laptop",
            "public libraries open on sunday",
        ]);
    }

    #[test]
    fn a_namespace_named_is_browsed_not_the_archives_listed() {
        for q in [
            "just curious what kind of pages are in here, can you show me a few random entries from the content namespace?",
            "what kind of stuff is in here? show me some entries from the C namespace",
            "which archives... nah, just a few entries of namespace C",
        ] {
            assert_eq!(
                intent(q),
                Intent::Browse {
                    namespace: t("C"),
                    limit: None
                },
                "{q}"
            );
        }
        assert_eq!(intent("what archives are in here"), Intent::ListArchives);
        searched(&[
            "how do namespaces work in C++",
            "what kind of pages are in a passport",
            "namespace collisions in python",
        ]);
    }

    #[test]
    fn a_title_after_a_relative_clause() {
        for (q, title) in [
            ("uh find me the page that's titled Status bar", "Status bar"),
            (
                "find the article that is titled Moon landing",
                "Moon landing",
            ),
            ("look for an entry which is named Tide", "Tide"),
        ] {
            assert_eq!(intent(q), Intent::FindByTitle { title: t(title) }, "{q}");
        }
        searched(&[
            "find me a book that's titled after a song",
            "a movie that is named after its director",
        ]);
    }

    #[test]
    fn command_phrases_of_more_languages() {
        for (q, want) in [
            (
                "Struktura nagłówków artykułu 'Mikołaj Kopernik' razem z kotwicami",
                Intent::Structure {
                    title_or_path: t("Mikołaj Kopernik"),
                },
            ),
            (
                "Ukaž mi několik položek z jmenného prostoru C",
                Intent::Browse {
                    namespace: t("C"),
                    limit: None,
                },
            ),
            (
                "Перелічи всі записи в просторі імен C, повністю, без пропусків",
                Intent::Walk {
                    namespace: t("C"),
                    limit: None,
                },
            ),
            (
                "vilka artiklar är relaterade till 'Astrid Lindgren'?",
                Intent::Related {
                    title_or_path: t("Astrid Lindgren"),
                },
            ),
            (
                "Quali pagine rimandano all'articolo 'Leonardo da Vinci'?",
                Intent::Links {
                    title_or_path: t("Leonardo da Vinci"),
                },
            ),
            (
                "Quali articoli puntano a 'Etna'?",
                Intent::Links {
                    title_or_path: t("Etna"),
                },
            ),
            (
                "ZIMファイルのメタデータ（タイトル、作成者、言語）を見せて",
                Intent::Metadata,
            ),
            ("sunucu çalışıyor mu?", Intent::Health),
            ("Sunucu ayakta mı", Intent::Health),
            (
                "'서울'로 시작하는 문서 제목 자동완성해 줘",
                Intent::Suggest {
                    prefix: t("서울")
                },
            ),
            (
                "'부산'으로 시작하는 제목 추천해 줘",
                Intent::Suggest {
                    prefix: t("부산")
                },
            ),
        ] {
            assert_eq!(intent(q), want, "{q}");
        }
        // Topics in these languages stay searches.
        searched(&[
            "Jak działa struktura nagłówków w HTML?",
            "Proč je obloha modrá?",
            "Чому небо блакитне?",
            "Vilka sjukdomar är relaterade till rökning?",
            "Perché il cielo è blu?",
            "Sunucu neden yavaş çalışıyor?",
            "서울에서 부산까지 기차로 얼마나 걸려?",
        ]);
    }

    #[test]
    fn what_and_who_questions_in_romanian_hungarian_and_ukrainian() {
        // Questions about the world, as in English.
        searched(&[
            "ce este fotosinteza?",
            "Cine a fost Mihai Eminescu?",
            "Ki volt Petőfi Sándor?",
            "Mi az a fotoszintézis?",
            "Що таке фотосинтез?",
            "Хто був Тарас Шевченко?",
        ]);
        // With a qualifier of its own the subject is a question for search.
        searched(&[
            "ce este o funcție în matematică",
            "що таке струм у фізиці",
            "Hogyan működik a fotoszintézis?",
        ]);
    }
}

/// The general causes of heldout-x's first-run misses, each with variations of its phrasing
/// and searches that share its words.
#[cfg(test)]
mod heldout_x_causes {
    use super::causes_support::*;
    use crate::Intent;

    fn routed(cases: &[(&str, &str)]) {
        for (q, want) in cases {
            assert_eq!(name(q), *want, "{q}");
        }
    }

    #[test]
    fn a_view_word_before_and_how_asks_about_the_world() {
        // The object of a view word followed by "and how/why/what ...": a question about the
        // world, however capitalised the object.
        searched(&[
            "the structure of DNA and how the base pairs are held together",
            "structure of the US Supreme Court and how justices are appointed",
            "the structure of a cell membrane and what it is made of",
            "structure of the Roman Senate and why it lost power",
            "an overview of the Cold War and why it ended",
        ]);
        // A question about the article's own parts keeps the view.
        routed(&[
            (
                "how are the sections of Climate change laid out and how big is each one",
                "Structure",
            ),
            (
                "what's the heading hierarchy of the Tide article, and how big is each section?",
                "Structure",
            ),
            ("show the structure of the Napoleon article", "Structure"),
        ]);
    }

    #[test]
    fn a_what_question_after_a_named_topic_is_part_of_a_longer_question() {
        searched(&[
            "meaning of ``Ozymandias`` by Shelley, what is the poem saying about power",
            "the ending of 'Inception', what is the spinning top supposed to mean",
            "Hamlet's third soliloquy, what is he really saying",
            "themes of “The Road” by McCarthy, what is the father protecting",
        ]);
        // A what-question after words that name no topic is still one, searched whole.
        assert_eq!(
            intent("in a few sentences, what is the borrow checker?"),
            Intent::Search {
                query: "few sentences, what is the borrow checker".into(),
                all_archives: false
            }
        );
        assert_eq!(name("quick question, what is Photosynthesis"), "Search");
    }

    #[test]
    fn a_chat_bots_name_before_a_command_word_is_a_tool_call() {
        routed(&[
            ("!wiki toc Mitochondrion", "Toc"),
            ("!kiwix summary \"Rust (programming language)\"", "Summary"),
            ("/bot links \"Chess\" --limit 5", "Links"),
            ("!wiki exists \"Mount Kilimanjaro\"", "FindByTitle"),
            ("/zim home", "MainPage"),
            ("!toc Tide", "Toc"),
            ("/zim walk --ns C", "Walk"),
            ("/zim meta --archive wikipedia_en_all", "Metadata"),
        ]);
        assert_eq!(
            intent("!wiki section \"Aspirin\" \"Adverse effects\""),
            Intent::Section {
                title_or_path: t("Aspirin"),
                section: t("Adverse effects")
            }
        );
        assert_eq!(
            intent("/zim browse --ns A --limit 20"),
            Intent::Browse {
                namespace: t("A"),
                limit: Some(20)
            }
        );
        assert_eq!(
            intent("/zim suggest \"Photosyn\" --limit 5"),
            Intent::Suggest {
                prefix: t("Photosyn")
            }
        );
        assert_eq!(
            intent("!wiki get \"Alan Turing\" --full"),
            Intent::GetArticle {
                title_or_path: t("Alan Turing")
            }
        );
        // A flag naming the sizes makes the outline the structure view.
        assert_eq!(name("/zim toc \"World War I\" --with-sizes"), "Structure");
        // No command word after the bot's name, or no bot's name: no call.
        searched(&[
            "!important css rule not working",
            "/etc/hosts file format",
            "!wiki is down again, the ocean pages are missing",
            "/r/AskHistorians best books on Rome",
            "/usr/bin/env python not found",
        ]);
    }

    #[test]
    fn a_first_person_plan_is_the_command_it_plans() {
        routed(&[
            (
                "I should first check the table of contents of 'Diabetes mellitus' so that I can decide which section to read.",
                "Toc",
            ),
            (
                "I'll fetch only the 'Pathophysiology' section of the Asthma article, since that's all the user asked about.",
                "Section",
            ),
            (
                "I'm unsure of the exact spelling, so I'll ask for title autocompletions for the prefix 'Schrödin'.",
                "Suggest",
            ),
            (
                "Before fetching, I'll verify that an entry with the exact title 'Acute kidney injury' exists in the archive.",
                "FindByTitle",
            ),
            (
                "Next I'll pull the summary of the Gout article because the user wants a quick answer.",
                "Summary",
            ),
            (
                "We need to check the outline of 'Photosynthesis' so that we can pick a section.",
                "Toc",
            ),
        ]);
        // A plan whose step is no command, or a check of something else, stays a search.
        searched(&[
            "I should learn how photosynthesis works",
            "I'll never understand the structure of proteins",
            "we should check the tire pressure before a long drive",
            "I need to verify that my passport is still valid before travelling",
        ]);
    }

    #[test]
    fn odd_capitalisation_and_ellipses() {
        routed(&[
            (
                "Find Me Pages That Are Like The One About... Elvis Presley",
                "Related",
            ),
            (
                "Just The Part Called Treatment... in the Gout page please",
                "Section",
            ),
            (
                "Is This Thing Even Working... i Type and nothing Comes Up",
                "Health",
            ),
            (
                "What Books Have You Got In There... my Daughter set This up for me and i don't know what's On it",
                "ListArchives",
            ),
            ("Show Me The Front Page Of This Thing", "MainPage"),
        ]);
        // Capitals lowered only where the words are common; a name keeps its capitals.
        assert_eq!(
            intent("Just The Part Called Treatment... in the Gout page please"),
            Intent::Section {
                title_or_path: t("Gout"),
                section: t("Treatment")
            }
        );
        searched(&[
            "Just The Facts About Vitamin D...",
            "The Lord Of The Rings Book Order",
            "which books are on the shelf of the town library",
            "what books did Tolkien write",
            "the part called the ventricle in the heart",
        ]);
    }

    #[test]
    fn the_service_as_this_thing_and_the_contents_box() {
        routed(&[
            ("whats the front page of this thing", "MainPage"),
            ("is this thing still working", "Health"),
            (
                "what's listed in the contents box of the Appendicitis article?",
                "Toc",
            ),
            (
                "what's shown in the table of contents of the Gout article",
                "Toc",
            ),
        ]);
        searched(&[
            "front page of the New York Times today",
            "what is this thing on my skin",
            "what's listed in the ingredients of Coca-Cola",
        ]);
    }

    #[test]
    fn a_scene_clause_ends_at_its_colon_and_a_deployment_is_the_service() {
        // Seen when heldout-v's cross-validated line lost the learned model's help: the scene
        // set before a colon is no ask; "this instance" at the end names the service.
        routed(&[
            (
                "Before I ask anything: could you tell me which collections (Wikipedia, Stack Exchange, etc.) are present in this instance?",
                "ListArchives",
            ),
            (
                "which collections are present in this instance",
                "ListArchives",
            ),
            (
                "Before we start: is the server working correctly?",
                "Health",
            ),
        ]);
        // What a thing is made of is its matter, not who made the archive.
        searched(&[
            "what is it made of",
            "the structure of a cell membrane and what it is made of",
            "what's it made from",
        ]);
    }

    #[test]
    fn command_phrases_of_more_languages() {
        routed(&[
            ("Welche ZIM-Dateien sind gerade geladen?", "ListArchives"),
            ("Welche Archive sind momentan installiert?", "ListArchives"),
            (
                "dame un resumen breve del artículo «Simón Bolívar»",
                "Summary",
            ),
            ("dime un resumen corto del artículo 'Cuba'", "Summary"),
            (
                "affiche la table des matières de l'article « Révolution française »",
                "Toc",
            ),
            (
                "liste todas as entradas do namespace M, sem exceção",
                "Walk",
            ),
            ("чи є стаття з точною назвою «Київ»?", "FindByTitle"),
            ("чи існує стаття під назвою «Львів»", "FindByTitle"),
            ("doplň názvy článků začínajících na 'Praž'", "Suggest"),
            ("'세종대왕' 문서가 링크하는 문서들을 보여줘", "Links"),
            (
                "「東京」の記事の見出し構成をアンカー付きで出して",
                "Structure",
            ),
            ("打开「长城」这篇文章的全文", "GetArticle"),
            ("「故宫」的全文", "GetArticle"),
            (
                "näytä muutamia esimerkkejä nimiavaruuden C merkinnöistä",
                "Browse",
            ),
            ("σχετικά άρθρα με το «Σωκράτης»", "Related"),
            ("σχετικά άρθρα για την «Αθήνα»", "Related"),
            ("האם השרת פועל?", "Health"),
            ("האם השרת עובד", "Health"),
        ]);
        // Topics in those languages stay searches.
        searched(&[
            "Welche Bücher hat Goethe geschrieben?",
            "dame una receta de paella valenciana",
            "lista de presidentes do Brasil",
            "σχετικά με την ιστορία της Αθήνας",
            "האם השמש היא כוכב?",
            "näytä minulle Suomen historia",
        ]);
    }
}

/// The general causes of heldout-y's first-run misses: requests written in XML-like tags, and
/// command-line calls of a ZIM client.
#[cfg(test)]
mod heldout_y_causes {
    use crate::{Intent, parse};

    fn name(q: &str) -> &'static str {
        parse(q, &[]).intent.name()
    }

    #[test]
    fn a_request_in_tags_is_the_call_its_operation_tag_names() {
        assert_eq!(
            parse("<tool>toc</tool><title>Diabetes mellitus</title>", &[]).intent,
            Intent::Toc {
                title_or_path: "Diabetes mellitus".into()
            }
        );
        for (q, want) in [
            ("<tool>list_archives</tool>", "ListArchives"),
            ("<op>structure</op><title>Norway</title>", "Structure"),
            ("<action>related</action> <title>Insulin</title>", "Related"),
            ("<tool>suggest</tool><prefix>Hydro</prefix>", "Suggest"),
            (
                "<tool>browse</tool><namespace>A</namespace><limit>20</limit>",
                "Browse",
            ),
        ] {
            assert_eq!(name(q), want, "{q}");
        }
        for q in [
            "<b>bold</b> text in html",
            "<title>My page</title>",
            "what does the <tool> tag do in this xml schema",
            "<tool>hammer</tool> rental prices",
        ] {
            assert_eq!(name(q), "Search", "{q}");
        }
    }

    #[test]
    fn a_zim_client_call_is_its_command() {
        for (q, want) in [
            ("zim toc 'Macbeth'", "Toc"),
            ("zimctl status --verbose", "Health"),
            ("zim related 'Harlem Renaissance'", "Related"),
            ("zimctl archives --all", "ListArchives"),
            ("kiwix-cli summary Kubernetes", "Summary"),
        ] {
            assert_eq!(name(q), want, "{q}");
        }
        for q in [
            "zim files are not opening in kiwix",
            "zimit toc generation broken",
            "kiwix search results are empty",
            "python list comprehension",
            "zim structure of the file format explained",
        ] {
            assert_eq!(name(q), "Search", "{q}");
        }
    }
}

/// Causes of the misses of an external labelled set (openzim-mcp's probes, not copied here):
/// the service, the archive and its pages asked for in other words. Each on variations
/// written for it, with near misses that stay searches.
#[cfg(test)]
mod other_words_causes {
    use super::causes_support::*;
    use crate::Intent;

    fn each(qs: &[&str], want: &str) {
        for q in qs {
            assert_eq!(name(q), want, "{q}");
        }
    }

    #[test]
    fn the_main_page_in_other_words() {
        each(
            &[
                "open the home article",
                "retrieve the main page",
                "show the landing entry",
                "give me the zim's default page",
                "go to the primary entry of the archive",
                "navigate to the archive's home",
                "show me the archive root",
                "what's the starting point of this archive",
                "where does the zim begin",
                "wikivoyage home page",
                "the front page of this Wiktionary mirror",
                "open Wiktionary",
                "go to gutenberg",
                "fetch the welcome entry",
            ],
            "MainPage",
        );
        // The main page fetched is the archive's, not an article titled "main page".
        assert_eq!(intent("fetch the main page"), Intent::MainPage);
        searched(&[
            "the home page of a newspaper",
            "How do I change the start page that Firefox opens with?",
            "landing page design tips",
            "default page size in postgres",
            "entry point of a C program",
            "a good starting point for learning Rust",
            "main entry hall of the Louvre",
            "open Wikipedia in a new tab",
            "where does the Amazon river start",
            "how to set Wikipedia as my home page",
            "primary page of a book",
        ]);
        // A project's name is its archive's only when that archive is served.
        assert_eq!(
            crate::parse("Wikipedia main page redesign of 2023", &[])
                .intent
                .name(),
            "Search"
        );
    }

    #[test]
    fn the_services_health_in_ops_vocabulary() {
        each(
            &[
                "show me the readiness probe",
                "liveness check of the server",
                "what's the server's runtime configuration",
                "is everything ok",
                "is everything working right now?",
                "are all systems operational",
                "uptime summary please",
                "config and uptime overview",
                "diagnostic endpoint",
                "is the archive loaded correctly",
                "was the zim mounted properly",
                "is the kiwix service up",
                "is the zim-mcp backend responsive",
                "what configuration is the zim server running with?",
                "what runtime mode is the server in",
            ],
            "Health",
        );
        searched(&[
            "Is coffee healthy?",
            "server health checks in Kubernetes",
            "generate a random UUID",
            "what is a readiness probe",
            "what are liveness probes",
            "kubernetes liveness vs readiness probe",
            "readiness probe failing in kubernetes",
            "is everything working in my kitchen",
            "is the gun loaded properly",
            "is the postfix service up",
            "what is runtime mode in MATLAB",
            "the readiness of students for college",
            "uptime of my raspberry pi",
            "spring boot health endpoint",
            "diagnostic tests for diabetes",
            "heartbeat",
        ]);
    }

    #[test]
    fn the_archives_metadata_in_other_words() {
        each(
            &[
                "show the M/Description entry",
                "what's in M/Counter",
                "give me the zim's M/* block",
                "the zim header",
                "show archive headers",
                "article count of this zim",
                "what's the entry count",
                "when was this archive generated",
                "tell me about this zim",
                "what is the archive about",
                "what kind of zim file is this",
                "what language is this Wikipedia in",
                "how many articles does this Wikipedia have",
            ],
            "Metadata",
        );
        searched(&[
            "what metadata does a JPEG file store",
            "when was this painting created",
            "when was this electricity generated",
            "what language is this Wikipedia article written in",
            "how to read PE file headers",
            "M/S Estonia sinking",
            "article count of the US Constitution",
            "what kind of archive is the Vatican Secret Archive",
            "who generated this report",
            "how do I parse HTTP headers in Go",
        ]);
    }

    #[test]
    fn links_out_and_related_pages_in_other_words() {
        for (q, want) in [
            ("related-to DNA", "DNA"),
            ("what topics relate to Photosynthesis", "Photosynthesis"),
            (
                "which articles are connected with Alan Turing",
                "Alan Turing",
            ),
            ("what's near London in the link graph", "London"),
            (
                "which pages are neighbouring in the graph to Paris",
                "Paris",
            ),
        ] {
            assert_eq!(
                intent(q),
                Intent::Related {
                    title_or_path: t(want)
                },
                "{q}"
            );
        }
        for (q, want) in [
            ("outbound link list from World War II", "World War II"),
            ("outgoing citations from Hamlet", "Hamlet"),
            ("outbound from the Tide article", "Tide"),
            ("outgoing link map for Jazz", "Jazz"),
            ("what leads out of Berlin", "Berlin"),
            ("which pages link out of the Moon article", "Moon"),
            ("list the links that the Iliad points to", "Iliad"),
            (
                "what websites does the Climate change article cite",
                "Climate change",
            ),
            ("what other pages does Hamlet reference", "Hamlet"),
        ] {
            assert_eq!(
                intent(q),
                Intent::Links {
                    title_or_path: t(want)
                },
                "{q}"
            );
        }
        searched(&[
            "outbound logistics",
            "outgoing references in APA style",
            "what leads out of a maze",
            "what topics relate to calculus",
            "related rates in calculus",
            "what's adjacent to London",
            "what's near Paris",
            "links that my router points to",
            "outbound marketing strategies",
            "how does the exclusionary rule relate to due process",
            "outgoing mail server settings",
        ]);
    }

    #[test]
    fn a_page_from_an_offset_and_walks_in_other_words() {
        for (q, ns) in [
            ("one page of titles from M starting at offset 40", "M"),
            ("next 20 titles in C", "C"),
            ("list the first page of entries in I", "I"),
            ("the C titles please", "C"),
        ] {
            assert!(
                matches!(intent(q), Intent::Browse { namespace, .. } if namespace == ns),
                "{q}"
            );
        }
        for (q, ns) in [
            ("a full sweep of namespace M", "M"),
            ("loop over every C entry", "C"),
            ("stream all entries of the archive", "C"),
            ("give me an iterator over every article URL", "C"),
            ("iterate all the entry paths in this zim", "C"),
            ("walk all image entries", "I"),
            ("walk all metadata entries", "M"),
            ("complete walk of namespace X", "X"),
            ("complete pass over the metadata namespace", "M"),
            ("every X entry", "X"),
        ] {
            assert!(
                matches!(intent(q), Intent::Walk { namespace, .. } if namespace == ns),
                "{q}: {:?}",
                intent(q)
            );
        }
        // "complete" before a noun for a pass is its adjective; a prefix is still completed.
        assert_eq!(
            intent("complete Napol"),
            Intent::Suggest { prefix: t("Napol") }
        );
        searched(&[
            "complete walk of shame meaning",
            "write a python generator over a list",
            "loop through a dictionary in python",
            "iterate over a dict in python",
            "list all files in a directory",
            "stream all episodes of Friends",
            "a full sweep of the chimney",
            "grades in A",
            "write a function in C",
            "next 50 years in A",
            "the metadata entries of a JPEG",
        ]);
    }

    #[test]
    fn the_structure_in_other_words() {
        for (q, want) in [
            ("structural layout of the Jazz article", "Jazz"),
            ("skeletal outline for Ada Lovelace", "Ada Lovelace"),
            ("the page skeleton of Tide", "Tide"),
            ("give me the skeletal structure of Hamlet", "Hamlet"),
            ("what's the structural layout of Alan Turing", "Alan Turing"),
            ("structural skeleton of the Moon article", "Moon"),
        ] {
            assert_eq!(
                intent(q),
                Intent::Structure {
                    title_or_path: t(want)
                },
                "{q}"
            );
        }
        searched(&[
            "skeleton of a bird",
            "What is the structure of DNA?",
            "structural engineering of bridges",
            "the skeleton of a T. rex",
            "structural layout of a suspension bridge",
            "skeletal muscle anatomy",
            "what's the structural formula of ethanol",
            "the skeleton crew of the ship",
            "structural outline of a persuasive essay",
        ]);
    }
}

/// Causes of heldout-z1's misses (a new writer's set), each on variations written for it,
/// with near misses that stay searches.
#[cfg(test)]
mod heldout_z1_causes {
    use super::causes_support::*;
    use crate::Intent;

    #[test]
    fn the_arguments_of_the_new_readings() {
        assert_eq!(
            intent("Retrieve full text for: Mitochondrion; Chloroplast; Ribosome"),
            Intent::GetArticles {
                titles_or_paths: vec![t("Mitochondrion"), t("Chloroplast"), t("Ribosome")]
            }
        );
        assert_eq!(
            intent("open C/Tide#Spring_tides"),
            Intent::Section {
                title_or_path: t("C/Tide"),
                section: t("Spring tides")
            }
        );
        assert_eq!(
            intent(
                "I just finished the Octopus page and loved it. Anything similar I should read next?"
            ),
            Intent::Related {
                title_or_path: t("Octopus")
            }
        );
        assert_eq!(
            intent("I need an exhaustive listing of every asset under -/"),
            Intent::Walk {
                namespace: t("-"),
                limit: None
            }
        );
    }

    /// Several articles asked for in other words: their whole texts ("full text for:", "the full
    /// articles for both"), "pull up", names after a verb and its colon, semicolons between
    /// them; a want of them said after a statement of context.
    #[test]
    fn several_articles_asked_in_other_words() {
        each(&[
            (
                "the full articles for Marie Curie and Pierre Curie",
                "GetArticles",
            ),
            (
                "I'm writing a school report. I need the full articles for both Marie Curie and Pierre Curie.",
                "GetArticles",
            ),
            (
                "For my class, we need the complete pages of Lagos and Nairobi.",
                "GetArticles",
            ),
            (
                "pull up the pages for Lagos, Nairobi & Accra all at once",
                "GetArticles",
            ),
            (
                "call up the articles on Oslo, Bergen and Trondheim together",
                "GetArticles",
            ),
            (
                "Retrieve full text for: Mitochondrion; Chloroplast; Ribosome",
                "GetArticles",
            ),
            ("fetch: Sodium; Potassium; Calcium", "GetArticles"),
            ("full text of Hamlet and Macbeth", "GetArticles"),
            (
                "give me the articles on Victor Hugo and Émile Zola in full",
                "GetArticles",
            ),
        ]);
        searched(&[
            "the full articles of confederation and the bill of rights",
            "get started: Python, Rust and Go",
            "full text search in Postgres and MySQL",
            "I need the full picture of inflation and unemployment",
        ]);
    }

    /// A namespace walked, asked as an exhaustive listing: by its entries' long name ("every
    /// metadata entry"), as the place of their paths ("under -/"), "every single one, no
    /// paging"; sampled when not every entry is asked.
    #[test]
    fn walks_asked_as_exhaustive_listings() {
        each(&[
            ("dump every metadata entry", "Walk"),
            ("walk all the well-known entries", "Walk"),
            ("list ALL the articles, every single one, no paging", "Walk"),
            ("list all the pages, every one of them", "Walk"),
            (
                "I need an exhaustive listing of every asset under -/, 2000 max",
                "Walk",
            ),
            ("enumerate everything under M/ exhaustively", "Walk"),
            ("peek at a page of the well-known entries", "Browse"),
            ("peek at some entries in the stackexchange dump", "Browse"),
            ("show a few entries under -/", "Browse"),
        ]);
        searched(&[
            "how to add metadata entries to a PDF",
            "list the metadata entries of this PDF",
            "I/O scheduling in Linux",
            "every asset under management must be reported",
            // The entries of another thing, whatever the learned model leans to.
            "I need a list of every article in the constitution",
            "dump every entry of my diary, page after page",
        ]);
    }

    /// The service asked in short: a pronoun's liveness, a question of the server after its
    /// symptom, whether an archive is served or what is, the fields of an archive named.
    #[test]
    fn the_service_asked_in_short() {
        each(&[
            ("is it alive?", "Health"),
            ("are you up?", "Health"),
            ("is this thing on?", "Health"),
            (
                "the tool seems slow today, is the server responsive?",
                "Health",
            ),
            ("it keeps timing out, is the backend up?", "Health"),
            (
                "do you serve a wiktionary archive? what's available",
                "ListArchives",
            ),
            ("do you have a wikipedia archive?", "ListArchives"),
            ("is there a wiktionary zim?", "ListArchives"),
            ("what's available?", "ListArchives"),
            ("what do you have?", "ListArchives"),
            (
                "get the favicon and tags of wikipedia_en_all_maxi",
                "Metadata",
            ),
            (
                "the language and publisher of wiktionary_fr_all_nopic",
                "Metadata",
            ),
            ("show the tags of wikipedia_en_all_maxi", "Metadata"),
        ]);
        searched(&[
            "is it alive in the wild?",
            "is a virus alive",
            "is it on sale?",
            "nginx seems slow today, is caching enabled?",
            "do you have a cat?",
            "what's available for dinner",
            "is there a wikipedia article on cats",
            "tags of html5",
        ]);
    }

    /// A section named by the anchor of an entry path, or of a lowercase title asked with a
    /// request verb; a section of something with a determiner is a topic.
    #[test]
    fn a_section_by_its_anchor_or_a_lowercase_name() {
        each(&[
            ("A/Volcano#Eruptions section pls", "Section"),
            ("open C/Tide#Spring_tides", "Section"),
            ("read me the reception section from breaking bad", "Section"),
        ]);
        searched(&[
            "show me the string section of an orchestra",
            "get the rhythm section of the band",
            "C# section of the docs",
            "the F#minor chord",
        ]);
    }

    /// Structure asked as a skeleton of a named document, with an aside listing what it holds,
    /// or as an outline with ids; a skeleton of an animal is a topic.
    #[test]
    fn structure_as_a_skeleton_or_outline_with_ids() {
        each(&[
            (
                "show me the skeleton of the Mount Everest article",
                "Structure",
            ),
            ("the skeleton of the page on Octopus", "Structure"),
            (
                "Get article structure (headings, anchors, sizes) for entry C/Octopus",
                "Structure",
            ),
            ("article structure for Octopus", "Structure"),
            (
                "document outline with ids for 'Treaty of Versailles'",
                "Structure",
            ),
            ("toc with anchor ids for Photosynthesis", "Structure"),
        ]);
        searched(&[
            "the skeleton of a whale",
            "skeleton of Stegosaurus",
            "show me the skeleton of a blue whale",
        ]);
    }

    /// Pages like the one named in the sentence before ("Anything similar I should read
    /// next?"); with none named it stays a search.
    #[test]
    fn similar_pages_after_naming_one() {
        each(&[
            (
                "I just finished the Octopus page and loved it. Anything similar I should read next?",
                "Related",
            ),
            (
                "I loved the article on Jazz. Got anything like it?",
                "Related",
            ),
            (
                "I read the Byzantine Empire article yesterday. Anything similar?",
                "Related",
            ),
        ]);
        searched(&["Anything similar I should read next?"]);
    }
}

/// Causes of heldout-z2's misses (a new writer's set), each on variations written for it,
/// with near misses that keep their route.
#[cfg(test)]
mod heldout_z2_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// The six searches the first run sent elsewhere, each with its variations: things
    /// compared after a request verb, a topic then its parts after a colon, every archive as
    /// the place of a question, a plan whose first step is a search, how a named thing is
    /// built or what it holds; the views that share their words keep their route.
    #[test]
    fn searches_that_share_a_views_words() {
        searched(&[
            "fetch API vs axios in JavaScript",
            "get REST vs GraphQL",
            "show me Vim vs Emacs keybindings",
            "read replicas versus sharding in Postgres",
            "hyperlinks in HTML: the a tag and href attribute",
            "links in Markdown: inline and reference style",
            "Look across all the loaded archives: boiling point of water at 3000 m altitude",
            "in every zim file you have - the Treaty of Kadesh",
            "Step 1: search for 'monsoon onset Kerala'. Step 2: report the date range it gives.",
            "search for tea ceremony history. Then summarise the top results.",
            "structure of the UN Security Council",
            "structure of the European Central Bank",
            "contents of the Dead Sea Scrolls",
            "contents of the Voynich Manuscript",
            "organization of the European Union",
            "layout of the Louvre",
        ]);
        assert_eq!(
            intent(
                "Step 1: search for 'monsoon onset Kerala'. Step 2: report the date range it gives."
            ),
            Intent::Search {
                query: t("monsoon onset Kerala"),
                all_archives: false
            }
        );
        assert!(matches!(
            intent(
                "Look across all the loaded archives: boiling point of water at 3000 m altitude"
            ),
            Intent::Search {
                all_archives: true,
                ..
            }
        ));
        each(&[
            ("open the Kramer vs. Kramer article", "GetArticle"),
            ("links in Ray Charles", "Links"),
            ("links in Ray Charles: only the outgoing ones", "Links"),
            ("list all the loaded archives", "ListArchives"),
            ("which archives are loaded?", "ListArchives"),
            ("search for tea. When was this archive created?", "Metadata"),
            ("contents of the Evolution article", "Toc"),
            ("table of contents of the Roman Empire", "Toc"),
            ("contents of Schrödinger's cat", "Toc"),
            ("show the structure of the French Revolution", "Structure"),
            ("structure for Marie Curie", "Structure"),
            (
                "structure of the Diabetes mellitus article with section sizes",
                "Structure",
            ),
            ("structure of A/Cell_(biology) with anchor ids", "Structure"),
        ]);
    }

    /// The service asked with a figure of its cache or with what the asker does if it is down;
    /// the archives listed by their extension, the reason for the listing after it; every
    /// archive as the place of a question is no listing.
    #[test]
    fn the_service_asked_with_its_figures_or_a_fallback() {
        each(&[
            ("how much memory is the cache using right now", "Health"),
            ("how big is the cache currently?", "Health"),
            (
                "is the zim backend alive or should I fall back to web search?",
                "Health",
            ),
            ("is the server up, or should I use Google?", "Health"),
            (
                "Before I search: enumerate the available .zim files so I can pick one",
                "ListArchives",
            ),
            ("list the .zim files so I can choose one", "ListArchives"),
        ]);
        searched(&[
            "how big is the cache in a Ryzen 7 CPU",
            "how much memory is the cache using in Chrome",
            "is Elvis alive or should I believe the rumours?",
            "how to list .zim files in a folder with Python",
        ]);
    }

    /// Several articles asked for as the text of them, "both of them", with a bare "need" or a
    /// "please" before them, "+" between them and what they are for after them.
    #[test]
    fn several_articles_in_other_words() {
        each(&[
            (
                "Give me the text of the Tsunami and Earthquake articles, both of them",
                "GetArticles",
            ),
            ("the text of the Oslo and Bergen articles", "GetArticles"),
            (
                "Need the Lion, Leopard and Cheetah pages all at once for the Grade 4 big-cats unit",
                "GetArticles",
            ),
            (
                "I want the Paris and Rome articles together for my essay",
                "GetArticles",
            ),
            ("artcles pls: Baobab + Acacia + Mango", "GetArticles"),
            ("articles please: Oak + Ash + Elm", "GetArticles"),
        ]);
        searched(&[
            "the text of the first amendment and the second",
            "need a gift for the Grade 4 teacher",
            "salt + pepper + garlic marinade",
        ]);
    }

    /// An entry asked again at a corrected path; a section quoted from a page named; pages
    /// near an article asked after who they are for, or suggested as further reading; a page
    /// asked by its name in a question.
    #[test]
    fn retries_quoted_sections_neighbours_and_names() {
        assert_eq!(
            intent(
                "Previous call failed: 404 for A/Eifel_Tower. Retry with the corrected path A/Eiffel_Tower."
            ),
            Intent::GetArticle {
                title_or_path: t("A/Eiffel_Tower")
            }
        );
        assert_eq!(
            intent("Read me 'Early life' from the Nelson Mandela article"),
            Intent::Section {
                title_or_path: t("Nelson Mandela"),
                section: t("Early life")
            }
        );
        each(&[
            ("try again with A/Mount_Everest", "GetArticle"),
            ("That 404'd. Retry using the path C/Tide.", "GetArticle"),
            ("jump to 'Preparation' in the Ugali page", "Section"),
            ("show 'History' from the page on Timbuktu", "Section"),
            ("read 'Reception' from A/Breaking_Bad", "Section"),
            (
                "For my Year 6 class: pages that sit close to the Ancient Rome article",
                "Related",
            ),
            (
                "suggest further reading next to A/Photosynthesis (neighbouring pages)",
                "Related",
            ),
            ("suggest some reading close to Octopus", "Related"),
            ("Which page is named 'Lake Tanganyika'?", "FindByTitle"),
            ("which article is called Zebu?", "FindByTitle"),
            ("suggest titles starting with Photo", "Suggest"),
        ]);
        searched(&[
            "retry with exponential backoff in Python",
            "try again with a different password",
            "play 'Yesterday' from the Beatles album",
            "which ship is named after Queen Mary?",
            "which element is called the king of chemicals?",
        ]);
    }

    /// The arguments of views asked with a tail that declines more ("..., nothing else"), the
    /// whole text asked again after the title (", full text please"), and chapters an article
    /// breaks into.
    #[test]
    fn titles_without_their_tails() {
        assert_eq!(
            intent("Just the lead paragraph of A/Kilimanjaro, nothing else"),
            Intent::Summary {
                title_or_path: t("A/Kilimanjaro")
            }
        );
        assert_eq!(
            intent("pull up the whole Cholera page, full text please, not just the intro"),
            Intent::GetArticle {
                title_or_path: t("Cholera")
            }
        );
        assert_eq!(
            intent("What chapters does the Ancient Egypt page break into?"),
            Intent::Toc {
                title_or_path: t("Ancient Egypt")
            }
        );
        searched(&["what does a cell split into during mitosis?"]);
    }

    /// Headings and anchors joined by "+" or "&", as by "and" (a line of heldout-n the learned
    /// model read so until it was trained with heldout-z2).
    #[test]
    fn headings_plus_anchors() {
        each(&[
            ("headings + anchors for Linux kernel", "Structure"),
            ("headings & anchors of A/Volcano", "Structure"),
            ("headings+anchors: Tide", "Structure"),
        ]);
        searched(&["html headings + anchor tags tutorial"]);
    }
}

/// Causes of heldout-z3's misses, each on variations written for it, with near-miss searches
/// and the views that share their words.
#[cfg(test)]
mod heldout_z3_causes {
    use super::causes_support::*;

    /// The three searches the first run sent elsewhere, each with its variations: health as a
    /// thing of the world, every archive as what a search goes through after the question, a
    /// how-to question whose topic ends in a view word.
    #[test]
    fn searches_that_share_a_views_words() {
        searched(&[
            "Is intermittent fasting bad for your health?",
            "is red wine good for your health",
            "is coffee good for health?",
            "Are e-cigarettes harmful for your health",
            "health effects of vaping",
            "what are the health risks of your job",
            "Compare the GDP of Germany and France, check every archive you've got",
            "who wrote Faust, search every archive",
            "population of Lagos, and check each archive you have",
            "latex how to add a list of figures after the table of contents",
            "how to add a table of contents",
            "word how do I update the table of contents",
            "why does my pdf have no outline",
        ]);
        assert!(matches!(
            intent("Compare the GDP of Germany and France, check every archive you've got"),
            crate::Intent::Search {
                all_archives: true,
                ..
            }
        ));
        each(&[
            ("how is your health?", "Health"),
            ("server health", "Health"),
            ("health check", "Health"),
            ("is the server healthy", "Health"),
            ("list every archive you've got", "ListArchives"),
            ("which archives are loaded?", "ListArchives"),
            ("Evolution table of contents", "Toc"),
            ("table of contents of Photosynthesis", "Toc"),
            ("Moon outline", "Toc"),
        ]);
    }

    /// Views asked in other words: pages similar to an article after "suggest", a view asked
    /// with "just" before the command and "I don't need the rest" after the title, a section
    /// navigated to inside a page named.
    #[test]
    fn views_in_other_words() {
        assert_eq!(
            intent("suggest pages similar to the Iterator trait page"),
            crate::Intent::Related {
                title_or_path: t("Iterator trait")
            }
        );
        assert_eq!(
            intent("Just give me the intro of the Marie Curie article, I don't need the rest"),
            crate::Intent::Summary {
                title_or_path: t("Marie Curie")
            }
        );
        assert_eq!(
            intent("jump to Discography in the Beyonc\u{e9} article"),
            crate::Intent::Section {
                title_or_path: t("Beyonc\u{e9}"),
                section: t("Discography")
            }
        );
        each(&[
            ("suggest articles related to Octopus", "Related"),
            ("suggest titles starting with Photo", "Suggest"),
            ("just show the toc of Evolution", "Toc"),
            ("simply give me the summary of Rome", "Summary"),
            ("skip to Early life in the Nelson Mandela page", "Section"),
            ("go to the History section of A/Rome", "Section"),
        ]);
        searched(&[
            "jump to conclusions in the article",
            "go to the store in the town",
            "just give me a reason to stay",
            "suggest a name similar to Emma",
        ]);
    }

    /// Several articles asked as their whole texts with a verb ("read out", "bring me"), in
    /// sentence case or as commands, with how they are read ("back to back") or what for (",
    /// i want to compare them") after them.
    #[test]
    fn several_whole_texts() {
        assert_eq!(
            intent(
                "Read out the complete texts of Heap (data structure) and Binary search tree, back to back"
            ),
            crate::Intent::GetArticles {
                titles_or_paths: vec![t("Heap (data structure)"), t("Binary search tree")]
            }
        );
        assert_eq!(
            intent(
                "bring me the entire pages on git-stash and git-cherry-pick, i want to compare them side by side"
            ),
            crate::Intent::GetArticles {
                titles_or_paths: vec![t("git-stash"), t("git-cherry-pick")]
            }
        );
        each(&[
            (
                "bring me the Oslo and Bergen articles side by side",
                "GetArticles",
            ),
            ("read out the full texts of Oslo and Bergen", "GetArticles"),
        ]);
        searched(&[
            "get articles on e-commerce and e-learning",
            "read out the full texts of the bill of rights and the constitution",
            "bring me salt and pepper",
            "read out the names of Oslo and Bergen",
            "I want to compare Paris and London side by side",
            "bring me coffee and cake, i want to relax",
        ]);
    }

    /// What an article cites asked by a listing verb ("list everything the 'X' article cites
    /// or references"); an entry fetched by a tool verb of its own, its double-quoted value
    /// ending at its quote, an aside after it.
    #[test]
    fn citations_listed_and_entries_fetched_as_calls() {
        assert_eq!(
            intent("list everything the 'Vaccine hesitancy' article cites or references"),
            crate::Intent::Links {
                title_or_path: t("Vaccine hesitancy")
            }
        );
        assert_eq!(
            intent("fetch_entry path=\"I/logo.png\" (raw bytes)"),
            crate::Intent::GetArticle {
                title_or_path: t("I/logo.png")
            }
        );
        assert_eq!(
            intent("section title=\"Rome\" section=\"Climate\" (short)"),
            crate::Intent::Section {
                title_or_path: t("Rome"),
                section: t("Climate")
            }
        );
        each(&[
            (
                "show me all the pages the Photosynthesis article links to",
                "Links",
            ),
            ("list everything the Moon page mentions", "Links"),
            ("readEntry A/Rome", "GetArticle"),
        ]);
        searched(&[
            "list everything the doctor references",
            "list everything the article cites",
            "tell me everything the Bible page says",
        ]);
    }

    /// A title without a tail that says how the text is wanted ("as JSON", "word for word").
    #[test]
    fn titles_without_a_format_tail() {
        assert_eq!(
            intent("read me the whole git-rebase page word for word please"),
            crate::Intent::GetArticle {
                title_or_path: t("git-rebase")
            }
        );
        assert_eq!(
            intent(
                "Return the article structure (h2/h3 + id attributes) of C/Tuberculosis as JSON"
            ),
            crate::Intent::Structure {
                title_or_path: t("C/Tuberculosis")
            }
        );
        assert_eq!(
            intent("open the article Introduction to JSON"),
            crate::Intent::GetArticle {
                title_or_path: t("Introduction to JSON")
            }
        );
    }
}

/// The misses of the fourth fresh routing set's first run (heldout-z4, 188/200), by cause,
/// with variations and the near misses that must keep their reading.
#[cfg(test)]
mod heldout_z4_causes {
    use super::causes_support::*;
    use crate::{ArchiveName, Intent, parse};

    /// Searches the first run sent elsewhere: a thing's structure named as a noun phrase, a
    /// kind of links in the world, archives someone else keeps, every archive as the place of
    /// a question after a comma.
    #[test]
    fn searches_that_share_a_views_words() {
        searched(&[
            "the structure of DNA",
            "the structure of the hemoglobin molecule",
            "the organization of the Roman army",
            "python tool to check a website for broken links",
            "a crawler that finds dead links",
            "what archives did the Library of Alexandria hold",
            "which files does the Vatican keep about Galileo",
            "across all the zims you have, what does 'ephemeral' mean?",
        ]);
        assert_eq!(
            intent("across all the zims you have, what does 'ephemeral' mean?"),
            Intent::Search {
                query: t("what does 'ephemeral' mean"),
                all_archives: true
            }
        );
        assert_eq!(
            intent("in every zim file you have - the Treaty of Kadesh"),
            Intent::Search {
                query: t("Treaty of Kadesh"),
                all_archives: true
            }
        );
        each(&[
            ("show the structure of the DNA article", "Structure"),
            ("structure of the article DNA", "Structure"),
            ("Tokyo links", "Links"),
            ("links of Tokyo", "Links"),
            ("what archives do you have", "ListArchives"),
            ("what archives do I have installed", "ListArchives"),
            ("which zim files does the server hold", "ListArchives"),
        ]);
    }

    /// A how-to question whose archive is named by its topic ("... in erlang" with erlang.zim
    /// served) asks about the topic: "version" or "header" are no metadata of the archive.
    #[test]
    fn an_archive_named_by_its_topic_in_a_how_to() {
        let archives = [ArchiveName::new("erlang.zim", None)];
        let parsed = |q: &str| parse(q, &archives);
        let how_to = parsed(
            "how do I pull fields out of a binary packet header in erlang, e.g. the version",
        );
        assert_eq!(how_to.intent.name(), "Search");
        assert_eq!(
            how_to.archive.map(|a| a.file_name),
            Some(t("erlang.zim")),
            "the topic word still scopes the search"
        );
        assert_eq!(
            parsed("how do I find out the version of erlang.zim")
                .intent
                .name(),
            "Metadata"
        );
        assert_eq!(
            parsed("what version is the erlang archive").intent.name(),
            "Metadata"
        );
    }

    /// Commands the first run left to a search.
    #[test]
    fn commands_in_other_words() {
        assert_eq!(
            intent("return the complete page titled 'Health' from the wikipedia archive"),
            Intent::GetArticle {
                title_or_path: t("Health")
            }
        );
        assert_eq!(
            intent("return the Photosynthesis article"),
            Intent::GetArticle {
                title_or_path: t("Photosynthesis")
            }
        );
        assert_eq!(
            intent("「東京」と「大阪」の記事を両方取得して"),
            Intent::GetArticles {
                titles_or_paths: vec![t("東京"), t("大阪")]
            }
        );
        assert_eq!(
            intent("「東京」の記事を取得して"),
            Intent::GetArticle {
                title_or_path: t("東京")
            }
        );
        assert_eq!(
            intent("Vervollständige 'Schwarzw'"),
            Intent::Suggest {
                prefix: t("Schwarzw")
            }
        );
        assert_eq!(
            intent("list the references cited by the Climate change article"),
            Intent::Links {
                title_or_path: t("Climate change")
            }
        );
        assert_eq!(
            intent("link neighbourhood of the Sahara article"),
            Intent::Related {
                title_or_path: t("Sahara")
            }
        );
        each(&[
            ("¿está funcionando el servidor?", "Health"),
            ("funktioniert der Server noch?", "Health"),
            ("¿el servidor funciona correctamente?", "Health"),
            (
                "Welche ZIM-Dateien stellt der Server bereit?",
                "ListArchives",
            ),
            (
                "Return articles related to 'Health (game terminology)'.",
                "Related",
            ),
        ]);
        searched(&[
            "Return of the Jedi",
            "return a value from a function in python",
            "return the value of the page counter",
            "show of hands",
            "the neighbourhood of Paris",
            "¿está funcionando el servidor de correo postfix en ubuntu?",
            "list the papers cited by Einstein",
        ]);
    }
}

/// The misses of the fifth fresh routing set's first run (heldout-z5, 179/200), by cause, with
/// variations and the near misses that must keep their reading.
#[cfg(test)]
mod heldout_z5_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// Searches the first run sent elsewhere: a thing's size or maker asked with a pronoun
    /// that stands for it, the format of archives as a thing of the world, "complete" as an
    /// adjective of a topic, what a work is about.
    #[test]
    fn searches_that_share_a_views_words() {
        searched(&[
            "What is a favicon and what size should it be?",
            "What is the ZIM file format and who created it?",
            "who created the zim file format",
            "complete metric space definition",
            "complete the square",
            "complete blood count normal range",
            "What is The X-Files about?",
            "I need to apply a small patch to a package from the Debian archive and rebuild \
             it myself. How do I grab the source and produce a new .deb with a bumped version?",
        ]);
        each(&[
            ("when was it created", "Metadata"),
            ("when was this archive created", "Metadata"),
            ("who made this zim file", "Metadata"),
            ("how do I find the version of this archive", "Metadata"),
            ("complete 'Einst'", "Suggest"),
            ("complete this title for me: Photosy", "Suggest"),
            ("complete Ray Ch", "Suggest"),
            (
                "Hey assistant, what archives does the zim tool have access to?",
                "ListArchives",
            ),
        ]);
    }

    /// Commands the first run left to a search: a request wrapped in a JSON object, a cap at
    /// the end, misspelt command words, a batch with its wording after a comma, an article
    /// pointed at as "that one", command phrases in other languages.
    #[test]
    fn commands_in_other_words() {
        assert_eq!(
            intent(r#"{"tool":"zim_query","input":"return raw bytes of I/Mona_Lisa.jpg"}"#),
            Intent::GetArticle {
                title_or_path: t("I/Mona_Lisa.jpg")
            }
        );
        let parsed = crate::parse(
            r#"{"request": "entries related to C/Coral_reef, up to 10"}"#,
            &archives(),
        );
        assert_eq!(
            parsed.intent,
            Intent::Related {
                title_or_path: t("C/Coral_reef")
            }
        );
        assert_eq!(parsed.limit, Some(10));
        assert_eq!(
            intent(r#"{"tool": "zim_query", "input": "toc: Mount Everest"}"#),
            Intent::Toc {
                title_or_path: t("Mount Everest")
            }
        );
        assert_eq!(
            intent("pls shwo me the ful artcle for Nikola Tesla"),
            Intent::GetArticle {
                title_or_path: t("Nikola Tesla")
            }
        );
        assert_eq!(
            intent("give me teh Etymology secton of Wolf"),
            Intent::Section {
                title_or_path: t("Wolf"),
                section: t("Etymology")
            }
        );
        assert_eq!(
            intent("Open both the Beethoven and the Mozart pages, full text please"),
            Intent::GetArticles {
                titles_or_paths: vec![t("Beethoven"), t("Mozart")]
            }
        );
        assert_eq!(
            intent("Following up on the Silk Road article: find me more articles like that one"),
            Intent::Related {
                title_or_path: t("Silk Road")
            }
        );
        assert_eq!(
            intent("Tráeme los artículos completos de Madrid y Barcelona"),
            Intent::GetArticles {
                titles_or_paths: vec![t("Madrid"), t("Barcelona")]
            }
        );
        assert_eq!(
            intent("Visa avsnittet Historia i artikeln Stockholm"),
            Intent::Section {
                title_or_path: t("Stockholm"),
                section: t("Historia")
            }
        );
        each(&[
            (
                "「東京」と「大阪」と「京都」の記事を全文で取得してください",
                "GetArticles",
            ),
            ("查找标题为“红楼梦”的条目", "FindByTitle"),
            ("Quelle est la description de cette archive ?", "Metadata"),
            (
                "Welche Artikel sind mit dem Artikel Bauhaus verwandt?",
                "Related",
            ),
            ("Titelvorschläge für 'Schwarzw'", "Suggest"),
            (
                "Fammi un riassunto dell'articolo Leonardo da Vinci",
                "Summary",
            ),
            ("Kurzfassung des Artikels Berliner Mauer, bitte", "Summary"),
            ("세종대왕 문서의 요약을 보여줘", "Summary"),
        ]);
        searched(&[
            "Romeo and Juliet full text",
            "Romeo and Juliet, full text",
            "the ful monty",
            "the brain secton of cats",
            "count up to 10 in French",
            "dame los artículos de historia y geografía",
            r#"{"tool":"zim_query","input":"is coffee healthy?"}"#,
        ]);
    }
}

#[cfg(test)]
mod heldout_z6_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// The one search the first run sent elsewhere: an order to search every archive set
    /// apart after the topic by a dash. An order with no topic beside it stays a listing.
    #[test]
    fn an_order_to_search_every_archive_after_the_topic() {
        for q in [
            "photosynthesis light-dependent reactions — search all the zims",
            "black holes - search every archive",
            "black holes. Search all the zims.",
            "treaty of kadesh: look in every archive",
        ] {
            let parsed = crate::parse(q, &archives());
            match parsed.intent {
                Intent::Search {
                    query,
                    all_archives,
                } => {
                    assert!(all_archives, "{q}");
                    assert!(
                        !query.ends_with('-') && !query.contains("zims"),
                        "{q}: {query}"
                    );
                }
                other => panic!("{q}: {other:?}"),
            }
        }
        each(&[
            ("search all the zims", "ListArchives"),
            ("which zims do you have", "ListArchives"),
        ]);
    }

    /// Commands the first run read otherwise: a count set apart by a dash or as where to
    /// stop, two view words joined by a slash, an order to show what an article links to, the
    /// pages that reference one, suggestions for an article named whole, a capitalised label
    /// before a colon, "first" before the ask, a batch's ", all three full text", a follow-up
    /// naming its article in parentheses, and phrases in Polish, Russian, Spanish, Portuguese
    /// and Chinese.
    #[test]
    fn commands_in_other_words() {
        let browse = crate::parse("page through the A namespace — give me 100", &archives());
        assert_eq!(
            browse.intent,
            Intent::Browse {
                namespace: t("A"),
                limit: Some(100)
            }
        );
        let walk = crate::parse("Iterate over all entries in C, stop after 500", &archives());
        assert_eq!(
            walk.intent,
            Intent::Walk {
                namespace: t("C"),
                limit: Some(500)
            }
        );
        assert_eq!(
            intent("which chapters/sections r in the Olympic Games article"),
            Intent::Toc {
                title_or_path: t("Olympic Games")
            }
        );
        for q in [
            "show me what the 'Chlorophyll' entry cites/links out to",
            "show me what the 'Chlorophyll' entry links to",
            "list what the Chlorophyll article references",
        ] {
            assert_eq!(
                intent(q),
                Intent::Links {
                    title_or_path: t("Chlorophyll")
                },
                "{q}"
            );
        }
        assert_eq!(
            intent("Collecting citations: get the outgoing link list from C/Blockchain."),
            Intent::Links {
                title_or_path: t("C/Blockchain")
            }
        );
        assert_eq!(
            intent("Which pages reference Isaac Newton? (backlinks)"),
            Intent::Links {
                title_or_path: t("Isaac Newton")
            }
        );
        assert!(crate::asks_for_inbound(
            "Which pages reference Isaac Newton? (backlinks)"
        ));
        assert_eq!(
            intent("see-also style suggestions for the Baroque music article"),
            Intent::Related {
                title_or_path: t("Baroque music")
            }
        );
        assert_eq!(
            intent(
                "Planning: first get a short summary of 'Byzantine Empire' to decide whether to \
                 read more."
            ),
            Intent::Summary {
                title_or_path: t("Byzantine Empire")
            }
        );
        assert_eq!(
            intent(
                "could u give me the articles for Beethoven, Mozart, Haydn pls, all three full text"
            ),
            Intent::GetArticles {
                titles_or_paths: vec![t("Beethoven"), t("Mozart"), t("Haydn")]
            }
        );
        assert_eq!(
            intent("fetch Sun and Moon, both in full text"),
            Intent::GetArticles {
                titles_or_paths: vec![t("Sun"), t("Moon")]
            }
        );
        for q in [
            "ok, and for that same article (Marie Curie) just give me the lead",
            "for the article Marie Curie give me the lead",
        ] {
            assert_eq!(
                intent(q),
                Intent::Summary {
                    title_or_path: t("Marie Curie")
                },
                "{q}"
            );
        }
        assert_eq!(
            intent("and for the article Marie Curie, only the toc"),
            Intent::Toc {
                title_or_path: t("Marie Curie")
            }
        );
        assert_eq!(
            intent("Pobierz artykuły Warszawa, Gdańsk i Kraków"),
            Intent::GetArticles {
                titles_or_paths: vec![t("Warszawa"), t("Gdańsk"), t("Kraków")]
            }
        );
        each(&[
            ("Pobierz artykuły Warszawa i Kraków", "GetArticles"),
            ("Покажи метаданные архива", "Metadata"),
            ("Muéstrame la página principal de Wikipedia", "MainPage"),
            ("página principal del archivo", "MainPage"),
            (
                "Quais artigos estão relacionados ao artigo Bossa nova?",
                "Related",
            ),
            ("列出以“量子”开头的标题", "Suggest"),
        ]);
        searched(&[
            "input/output error on disk",
            "pros/cons of nuclear power",
            "tallest buildings - give me 10",
            "For Christmas give me ideas for gifts",
            "For Python, show me how to read a file",
            "Python: how to read a file",
            "tell me what Einstein refers to",
            "show me what the doctor prescribes",
            "suggestions for a birthday gift",
        ]);
    }
}

#[cfg(test)]
mod heldout_z7_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// The searches the first run sent elsewhere: what a status code means with the server
    /// set beside the client, archives someone else owns, a pasted command line; and near
    /// misses that stay with the service.
    #[test]
    fn searches_that_share_a_services_words() {
        searched(&[
            "What does an HTTP 503 Service Unavailable status mean, and is it the server or the \
             client that is at fault?",
            "client vs server rendering",
            "What kinds of documents did the Library of Alexandria's archives hold, and did any \
             of them survive?",
            "the Vatican's secret archives",
            "kubectl get all resources all namespaces on the stackexchange zim",
            "what is a landing page",
            "what is the template language of tornado",
            "what is a good cache hit rate for redis",
            "I'm building a live search box that refreshes results on every keystroke. The last \
             word is usually half typed so the results jump around wildly. Is there something \
             built in for this?",
            "my nginx server is overloaded, how to fix",
            "responsive web design",
        ]);
        each(&[
            ("is the server ok", "Health"),
            ("is the server overloaded", "Health"),
            ("show the server's archives", "ListArchives"),
            ("list all namespaces", "Metadata"),
            ("when was this archive built", "Metadata"),
            ("what's on the front page of this zim", "MainPage"),
            (
                "is this Wikipedia in English or another language",
                "Metadata",
            ),
        ]);
    }

    /// Commands the first run read otherwise: "ns" for a namespace, a count asked first,
    /// the assets namespace, an agent's plan to check the server, the cache's figures, every
    /// page linking back to an article, a main page right before an archive's name, a
    /// `key=value` pair naming the call, a lowercase article after its section's name, "start
    /// with the intro paragraph", "which sections has X", and phrases in French, Polish,
    /// Czech, Italian, Swedish, Turkish, Greek, Indonesian, Vietnamese, Ukrainian, Chinese,
    /// Japanese, Korean and Arabic.
    #[test]
    fn commands_in_other_words() {
        let browse = crate::parse("gimme 20 from ns I", &archives());
        assert_eq!(
            browse.intent,
            Intent::Browse {
                namespace: t("I"),
                limit: Some(20)
            }
        );
        assert_eq!(
            intent("Please list a page of the assets namespace (-) in the stackexchange zim."),
            Intent::Browse {
                namespace: t("-"),
                limit: None
            }
        );
        assert_eq!(
            intent(
                r#"action=get_section title="Photosynthesis" section="Light-dependent reactions""#
            ),
            Intent::Section {
                title_or_path: t("Photosynthesis"),
                section: t("Light-dependent reactions")
            }
        );
        assert_eq!(
            intent("personal life section of keanu reeves pls"),
            Intent::Section {
                title_or_path: t("keanu reeves"),
                section: t("personal life")
            }
        );
        assert_eq!(
            intent(
                "I'll start with the intro paragraph of 'Alan Turing' to confirm his birth date, \
                 then move on."
            ),
            Intent::Summary {
                title_or_path: t("Alan Turing")
            }
        );
        assert_eq!(
            intent("Could you show me every page that links back to the Charles Darwin article?"),
            Intent::Links {
                title_or_path: t("Charles Darwin")
            }
        );
        assert_eq!(
            intent("Which sections has the page about Octopus? Just the list of chapters please."),
            Intent::Toc {
                title_or_path: t("Octopus")
            }
        );
        assert_eq!(
            intent("Récupère les articles « Victor Hugo » et « Émile Zola » en une seule fois."),
            Intent::GetArticles {
                titles_or_paths: vec![t("Victor Hugo"), t("Émile Zola")]
            }
        );
        let main = crate::parse("main page wiktionary_fr?", &archives());
        assert_eq!(main.intent, Intent::MainPage);
        assert!(main.archive.is_some());
        each(&[
            (
                "Before retrying, I'll confirm the ZIM server is responsive and not overloaded.",
                "Health",
            ),
            ("server config + cache hit numbers?", "Health"),
            ("show the cache hit rate figures", "Health"),
            ("Pokaż 25 pierwszych wpisów z przestrzeni nazw A.", "Browse"),
            ("Najdi článek s názvem „Karel IV.“", "FindByTitle"),
            (
                "Quali sono le sezioni dell'articolo «Leonardo da Vinci»? Mi basta l'indice.",
                "Toc",
            ),
            (
                "Gå igenom alla poster i namnrymden A, hela vägen till slutet.",
                "Walk",
            ),
            (
                "Mustafa Kemal Atatürk maddesiyle ilgili diğer maddeleri göster",
                "Related",
            ),
            (
                "Δείξε μου τα μεταδεδομένα αυτού του αρχείου ZIM.",
                "Metadata",
            ),
            (
                "Arsip ZIM apa saja yang tersedia di server ini?",
                "ListArchives",
            ),
            ("Máy chủ này đang có những tệp ZIM nào?", "ListArchives"),
            ("Підкажи назви статей, що починаються на «Київ»", "Suggest"),
            ("列出“长城”这篇文章里的所有链接", "Links"),
            ("「量子力学」の記事の冒頭部分だけ教えて", "Summary"),
            ("'세종대왕' 문서의 목차 보여줘", "Toc"),
            ("هل خادم ZIM يعمل الآن؟", "Health"),
        ]);
        searched(&[
            "ns lookup failing",
            "ns-3 simulator tutorial",
            "all pages that point to a dead link",
            "results section of a paper",
            "references section of wikipedia articles",
            "which sections has the most edits",
            "which chapters have the most pages in Moby Dick",
        ]);
    }
}

#[cfg(test)]
mod heldout_z8_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// The search the first run sent to a title completion: "suggest" before advice asked in
    /// lowercase words. Letters typed after it are a word or two.
    #[test]
    fn advice_asked_is_no_completion() {
        searched(&[
            "suggest stretches for lower back pain after lifting heavy gear",
            "suggest a good book about sailing",
            "I want the full text of a contract",
            "call your mother on Sunday",
            "run tests on CI",
            "Apple > Banana in vitamin C?",
        ]);
        each(&[
            ("suggest Sch", "Suggest"),
            ("suggest completions for schr", "Suggest"),
            ("suggest article titles starting with qua", "Suggest"),
        ]);
    }

    /// Commands the first run read otherwise: the whole of a named page wanted, a batch with
    /// "please, all three" after it, "get_many", a call named with its argument ("call
    /// structure on C/Volcano"), a breadcrumb, a code comment after a call, and phrases in
    /// German and Portuguese.
    #[test]
    fn commands_in_other_words() {
        assert_eq!(
            intent("I'd like the entire Simón Bolívar page, not just a snippet"),
            Intent::GetArticle {
                title_or_path: t("Simón Bolívar")
            }
        );
        assert_eq!(
            intent(
                "complete pages for Kilimanjaro, Mount Kenya, and Rwenzori Mountains, please, all \
                 three"
            ),
            Intent::GetArticles {
                titles_or_paths: vec![t("Kilimanjaro"), t("Mount Kenya"), t("Rwenzori Mountains")]
            }
        );
        assert_eq!(
            intent(
                r#"{"op": "get_many", "entries": ["C/Photosynthesis", "C/Cellular_respiration"]}"#
            ),
            Intent::GetArticles {
                titles_or_paths: vec![t("C/Photosynthesis"), t("C/Cellular_respiration")]
            }
        );
        assert_eq!(
            intent(
                "Step 1/3: call structure on C/Volcano to find the anchor of the eruption types \
                 section"
            ),
            Intent::Structure {
                title_or_path: t("C/Volcano")
            }
        );
        assert_eq!(
            intent("Nepal > Geography"),
            Intent::Section {
                title_or_path: t("Nepal"),
                section: t("Geography")
            }
        );
        assert_eq!(
            intent("related(C/Insulin)  # need its neighbourhood for graph expansion"),
            Intent::Related {
                title_or_path: t("C/Insulin")
            }
        );
        each(&[
            (
                "Lade die Artikel Berlin und Hamburg vollständig",
                "GetArticles",
            ),
            ("mostre o índice de seções do artigo Amazônia", "Toc"),
        ]);
    }
}

#[cfg(test)]
mod heldout_z9_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// The searches the first run sent elsewhere: a network error met on someone else's
    /// server, the archives of a named institution, the home page of a website of the world.
    #[test]
    fn searches_that_share_a_services_words() {
        searched(&[
            "ping says Destination Host Unreachable but the hosting company's status page says \
             the server is up",
            "what really happened to the archives of the Library of Alexandria",
            "the first website ever made — is its home page still online?",
            "which parts is Germany divided into?",
            "Berlin → Paris train",
            "Berlin -> Paris train",
        ]);
        each(&[
            ("the archives of this server", "ListArchives"),
            (
                "open the wikipedia archive and show its home page",
                "MainPage",
            ),
            ("this zim's home page", "MainPage"),
        ]);
    }

    /// Commands the first run read otherwise: a batch called `get_pages(ids=[...])`, a
    /// breadcrumb with an arrow and a quoted section, the parts a page is divided into, and
    /// phrases in Spanish and Japanese.
    #[test]
    fn commands_in_other_words() {
        assert_eq!(
            intent("get_pages(ids=['C/Tokyo','C/Osaka','C/Kyoto'])"),
            Intent::GetArticles {
                titles_or_paths: vec![t("C/Tokyo"), t("C/Osaka"), t("C/Kyoto")]
            }
        );
        assert_eq!(
            intent(r#"The Great Gatsby → "Critical reception""#),
            Intent::Section {
                title_or_path: t("The Great Gatsby"),
                section: t("Critical reception")
            }
        );
        assert_eq!(
            intent("which parts is the Ancient Egypt page divided into?"),
            Intent::Toc {
                title_or_path: t("Ancient Egypt")
            }
        );
        each(&[
            (
                "Dame un resumen del artículo Simón Bolívar, por favor",
                "Summary",
            ),
            ("dime un resumen corto del artículo 'Cuba'", "Summary"),
            ("タイトルが「東京タワー」の記事を探して", "FindByTitle"),
        ]);
    }
}

#[cfg(test)]
mod heldout_z10_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// An agent relaying a person's words in quotes, with its own remark around them: the
    /// quoted words are the request when they ask for an operation; a quoted search, or a
    /// quotation without a relaying remark, leaves the whole text to the rules.
    #[test]
    fn requests_relayed_in_quotes() {
        each(&[
            (
                r#"The user says "Get me both the Beethoven and Mozart articles". Forwarding as-is."#,
                "GetArticles",
            ),
            (
                r#"The user wrote "which zims do you have". Please answer from the server side."#,
                "ListArchives",
            ),
            (
                r#"User request: "articles similar to Impressionism". Please handle."#,
                "Related",
            ),
            (
                r#"User typed "Schrödi" and wants completions. Forwarding: "complete Schrödi"."#,
                "Suggest",
            ),
            (
                r#"User query follows, verbatim: "summarize the article Photosynthesis". Keep it short."#,
                "Summary",
            ),
            (
                r#"Passing along: "Ist der Server erreichbar?" The user is German-speaking."#,
                "Health",
            ),
        ]);
        searched(&[
            r#"The user asks: "how long can someone survive buried in an avalanche". Forwarding."#,
            r#"what does "permission denied" mean when I open a file"#,
            r#"my teacher says "the summary of a novel" must fit on one page, how do I shorten it"#,
        ]);
    }

    /// A summary of what someone did or how something happens is a question about the world;
    /// a summary of who or what a named thing is stays the article's lead.
    #[test]
    fn summaries_of_clauses_about_the_world() {
        searched(&[
            "summary of what Planck found about the cosmic microwave background",
            "summary of how vaccines work",
            "what are the main sections of the US constitution and what does each one cover",
            "the lead paragraph of a news article",
            "what are the links between poverty and crime",
            "which links are in a chain",
            "find title of the song that goes la la la",
        ]);
        assert_eq!(
            intent("quick summary of who Ada Lovelace was"),
            Intent::Summary {
                title_or_path: t("Ada Lovelace")
            }
        );
    }

    /// Views the first run missed: the lead asked as a paragraph behind formal politeness, the
    /// links of an article asked as a question, headings with their anchors, a section quoted
    /// after a plan's step, an article noun followed by what it is for, "find title X", a
    /// misspelt "front page", the main sections of a named article.
    #[test]
    fn views_asked_in_other_words() {
        assert_eq!(
            intent("Would it be possible to get the first paragraph only of 'International Sign'?"),
            Intent::Summary {
                title_or_path: t("International Sign")
            }
        );
        assert_eq!(
            intent(
                "Would you be so kind as to furnish the lead paragraph of the article on Magna Carta?"
            ),
            Intent::Summary {
                title_or_path: t("Magna Carta")
            }
        );
        assert_eq!(
            intent("what are the outgoing links of the article 'Moon'"),
            Intent::Links {
                title_or_path: t("Moon")
            }
        );
        assert_eq!(
            intent("what are the section headings and their anchors in the article Bitcoin"),
            Intent::Structure {
                title_or_path: t("Bitcoin")
            }
        );
        assert_eq!(
            intent(
                "Step 2 of plan: obtain the 'Impact on agriculture' section from the article 'Year Without a Summer'."
            ),
            Intent::Section {
                title_or_path: t("Year Without a Summer"),
                section: t("Impact on agriculture")
            }
        );
        assert_eq!(
            intent(
                "I need the Safety section of the Hydrofluoric acid article for my risk assessment"
            ),
            Intent::Section {
                title_or_path: t("Hydrofluoric acid"),
                section: t("Safety")
            }
        );
        assert_eq!(
            intent("find title 'Regular expression'"),
            Intent::FindByTitle {
                title: t("Regular expression")
            }
        );
        each(&[
            ("show me the frunt page", "MainPage"),
            (
                "what are the main sections of the article 'SOLAS Convention'",
                "Toc",
            ),
            (
                "Pray show me the outline, the headings that is, of the article 'Habeas corpus'.",
                "Toc",
            ),
            ("which links does the Moon article have", "Links"),
        ]);
    }

    /// Command phrases of the round's other languages.
    #[test]
    fn commands_in_other_languages() {
        each(&[
            ("Vis de første 25 oppføringene i navnerom A", "Browse"),
            ("gennemgå alle poster i navnerummet C, én efter én", "Walk"),
            ("Find artiklen med titlen 'H.C. Andersen'", "FindByTitle"),
            ("הבא לי את הערך 'ירושלים'", "GetArticle"),
            ("সার্ভার ঠিকমতো চলছে কি?", "Health"),
            (
                "Quels sont les liens sortants de l'article 'Révolution française' ?",
                "Links",
            ),
            ("Melyik archívumok vannak betöltve?", "ListArchives"),
            ("Mostra'm la pàgina principal de l'arxiu", "MainPage"),
            ("ขอดูข้อมูลเมตาของคลังข้อมูลนี้", "Metadata"),
            (
                "Muéstrame los artículos relacionados con 'Frida Kahlo'",
                "Related",
            ),
            ("Nipe makala zinazohusiana na 'Julius Nyerere'", "Related"),
            ("Kérem a 'Budapest' cikk összefoglalóját", "Summary"),
            ("Näytä artikkelin 'Sauna' sisällysluettelo", "Toc"),
        ]);
        assert!(matches!(
            intent("Hae kaikista arkistoista: talvisota"),
            Intent::Search {
                all_archives: true,
                ..
            }
        ));
    }
}

#[cfg(test)]
mod heldout_z11_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// An article set as a scene in a sentence of its own, then the ask that refers to it:
    /// said to exist, given as a path, or looked at first.
    #[test]
    fn the_article_set_before_the_ask() {
        assert_eq!(
            intent(
                "There's an article called Feline panleukopenia — open it and show me the full text."
            ),
            Intent::GetArticle {
                title_or_path: t("Feline panleukopenia")
            }
        );
        assert_eq!(
            intent("There's a page called Marconi — who links to it?"),
            Intent::Links {
                title_or_path: t("Marconi")
            }
        );
        assert_eq!(
            intent("I/trebuchet_diagram.png — give me the raw image"),
            Intent::GetArticle {
                title_or_path: t("I/trebuchet_diagram.png")
            }
        );
        assert_eq!(
            intent("Look at the article Owlbear, then pull just its Ecology section for me."),
            Intent::Section {
                title_or_path: t("Owlbear"),
                section: t("Ecology")
            }
        );
        assert_eq!(
            intent("[page: Dragon] [selection: \"Etymology\"] → open this section"),
            Intent::Section {
                title_or_path: t("Dragon"),
                section: t("Etymology")
            }
        );
        each(&[("[selection: \"Anten\"] → autocomplete", "Suggest")]);
    }

    /// What a request is for, before or after it ("To compare ..., get ...", "... for
    /// inventory"), and who relays it ("ci-bot:", "assistant->tool:"): the ask is read
    /// without them, after an order to hand something over. After "look in all the archives"
    /// or a kind of thing, the words after "for" are what is sought.
    #[test]
    fn purposes_and_relays_around_the_ask() {
        assert_eq!(
            intent(
                "To compare the two rebellions for the student, get the full articles on Wat Tyler and Jack Cade."
            ),
            Intent::GetArticles {
                titles_or_paths: vec![t("Wat Tyler"), t("Jack Cade")]
            }
        );
        assert_eq!(
            intent("ci-bot: list outgoing links of docs/api.html for dead-link scan"),
            Intent::Links {
                title_or_path: t("docs/api.html")
            }
        );
        each(&[
            (
                "ci-bot: enumerate loaded ZIM files for inventory",
                "ListArchives",
            ),
            ("assistant->tool: fetch home page", "MainPage"),
            (
                "Please tell me what pages cite the Canterbury Cathedral article",
                "Links",
            ),
        ]);
        searched(&[
            "look in all the zim files for anything about sourdough hydration",
            "look in all the archives for sleep hygiene tips",
            "best main page layout for a small bakery website",
            "In Ruby on Rails, how do I set a different layout for a single controller action?",
            "a summary of the French Revolution for my year 9 class",
            "gifts for teachers",
            "tell me what the weather is like on Mars",
        ]);
    }

    /// A request written all in capitals is read again as others write it when that reading
    /// names another operation; the same operation keeps its arguments as written.
    #[test]
    fn requests_in_capitals() {
        assert_eq!(
            intent("OPEN THE ARTICLES ON ROSES AND TULIPS FOR ME"),
            Intent::GetArticles {
                titles_or_paths: vec![t("Roses"), t("Tulips")]
            }
        );
        assert_eq!(
            intent("GIVE ME THE ENTIRE ARTICLE ON SEARCH ENGINE"),
            Intent::GetArticle {
                title_or_path: t("SEARCH ENGINE")
            }
        );
        each(&[
            ("WHERE IS THE FRONT PAGE", "MainPage"),
            (
                "WHAT BOOKS OR ARCHIVES CAN I LOOK AT ON HERE",
                "ListArchives",
            ),
            (
                "What's on the start page of the Stack Exchange archive today?",
                "MainPage",
            ),
        ]);
        searched(&[
            "HOW DO I BAKE BREAD WITHOUT YEAST",
            "IS COFFEE HEALTHY",
            "WHAT IS THE STRUCTURE OF DNA",
            "where is the main page of the new york times",
        ]);
    }

    /// Command phrases of the round's other languages.
    #[test]
    fn commands_in_other_languages() {
        each(&[
            ("Atrodi rakstu ar nosaukumu Daugava", "FindByTitle"),
            (
                "Traga os artigos completos de Lisboa e Porto",
                "GetArticles",
            ),
            ("چه آرشیوهایی روی سرور هست؟", "ListArchives"),
            ("Ukáž hlavnú stránku archívu", "MainPage"),
            ("Näita arhiivi metaandmeid", "Metadata"),
            ("Прикажи структуру чланка Београд са сидрима", "Structure"),
            ("Daj mi kratak sažetak članka Dubrovnik", "Summary"),
            ("Pokaži kazalo vsebine članka Ljubljana", "Toc"),
            ("Išvardink visus įrašus vardų srityje A, iki 1000", "Walk"),
        ]);
    }
}

#[cfg(test)]
mod heldout_z12_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// A shell alias of the user's own naming a command or its abbreviation ("zq toc
    /// Monsoon", "zq ls A 20", "zq sec 'X' 'Y'"): the alias has no vowel, so topics that begin
    /// with a word ("tea health benefits", "dog walk schedule") or a web abbreviation ("http
    /// status 418 meaning") stay searches.
    #[test]
    fn a_shell_aliass_calls() {
        assert_eq!(
            intent("zq ls A 20"),
            Intent::Browse {
                namespace: t("A"),
                limit: Some(20)
            }
        );
        assert_eq!(
            intent("zq sec 'Wind turbine' 'Blade design'"),
            Intent::Section {
                title_or_path: t("Wind turbine"),
                section: t("Blade design")
            }
        );
        each(&[
            ("zq toc Monsoon", "Toc"),
            ("zq get Monopile", "GetArticle"),
            ("zq ping", "Health"),
            ("zq arch", "ListArchives"),
            ("zq home", "MainPage"),
            ("zq meta", "Metadata"),
            ("zq rel Top_bar_hive", "Related"),
            ("zq struct Beekeeping", "Structure"),
            ("zq sug Varr", "Suggest"),
            ("zq tldr Dogger Bank", "Summary"),
            ("zq walk C", "Walk"),
            ("/zim title Langstroth hive", "FindByTitle"),
        ]);
        searched(&[
            "tea health benefits",
            "dog walk schedule",
            "http status 418 meaning",
            "HTTP status code 418 meaning and origin",
            "job related stress",
            "copy files between two servers",
        ]);
        // An acronym and a command word alone name a topic, not a call without its article.
        assert_eq!(
            intent("gdpr summary"),
            Intent::Summary {
                title_or_path: t("gdpr")
            }
        );
        searched(&["crm links"]);
    }

    /// A mail quoted in an automatic reply, a ReAct agent's "Action Input:", spoken fillers
    /// between commas, several names after a slash command's fetch, a `target:` key.
    #[test]
    fn requests_inside_other_texts() {
        assert_eq!(
            intent(
                "Auto-reply: Thanks for your email, I'm away until Monday. Your message read: '> Hi, can you pull up the full Sextant article for me? Cheers, Tom'"
            ),
            Intent::GetArticle {
                title_or_path: t("Sextant")
            }
        );
        assert_eq!(
            intent(
                "Thought: I should read the whole page before answering. Action: zim_query Action Input: get article A/Varroa_destructor"
            ),
            Intent::GetArticle {
                title_or_path: t("A/Varroa_destructor")
            }
        );
        assert_eq!(
            intent("/zim fetch Refugee, Asylum seeker, Internally displaced person"),
            Intent::GetArticles {
                titles_or_paths: vec![
                    t("Refugee"),
                    t("Asylum seeker"),
                    t("Internally displaced person")
                ]
            }
        );
        assert_eq!(
            intent("op: links\ntarget: Hurricane Sandy"),
            Intent::Links {
                title_or_path: t("Hurricane Sandy")
            }
        );
        each(&[
            (
                "uh, hey, could you, like, read me the whole Roland TR-808 page",
                "GetArticle",
            ),
            (
                "Auto-reply: Thanks, I'm on leave this week. Quoted below: '> what's the license and publication date of the ZIM you're serving?'",
                "Metadata",
            ),
            ("/fetch Washington, D.C.", "GetArticle"),
        ]);
        searched(&[
            "Auto-reply: I'm out of office. Your message: '> quick question, what is the Dublin Core metadata standard used for?' I will reply on my return.",
            "Thought: user wants beekeeping info. Action: zim_query Action Input: varroa mite treatment",
        ]);
    }

    /// Command phrases of the round's other languages.
    #[test]
    fn commands_in_other_languages() {
        each(&[
            ("Gjej artikullin me titull Skënderbeu", "FindByTitle"),
            ("சர்வர் இயங்குகிறதா?", "Health"),
            (
                "«Абай Құнанбайұлы» мақаласына қандай беттер сілтейді?",
                "Links",
            ),
            ("ఈ సర్వర్\u{200c}లో ఏ ఆర్కైవ్\u{200c}లు ఉన్నాయి?", "ListArchives"),
            ("服务器上加载了哪些ZIM文件？", "ListArchives"),
            ("Ábreme a páxina principal do arquivo", "MainPage"),
            ("Erakutsi artxiboaren metadatuak, mesedez", "Metadata"),
            ("「富士山」の記事に関連する記事を教えて", "Related"),
            ("'세종대왕' 문서에서 '역사' 섹션만 보여줘", "Section"),
            ("自动补全：光合", "Suggest"),
            ("Tabhair dom achoimre ar an alt Gaeltacht", "Summary"),
            ("«Чингис хаан» нийтлэлийн хураангуйг өгнө үү", "Summary"),
            ("Wys my die inhoudsopgawe van die artikel Tafelberg", "Toc"),
            ("Ցույց տուր «Արարատ» հոդվածի բովանդակության ցանկը", "Toc"),
        ]);
    }
}

#[cfg(test)]
mod heldout_z13_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// An agent's SQL: the column or the table names the operation, the WHERE clause its
    /// article, articles, section, prefix or namespace.
    #[test]
    fn select_statements() {
        assert_eq!(
            intent(
                "SELECT section FROM article WHERE title='Warfarin' AND section='Adverse effects'"
            ),
            Intent::Section {
                title_or_path: t("Warfarin"),
                section: t("Adverse effects")
            }
        );
        assert_eq!(
            intent("SELECT * FROM namespace WHERE ns='-' LIMIT 20"),
            Intent::Browse {
                namespace: t("-"),
                limit: Some(20)
            }
        );
        each(&[
            ("SELECT body FROM article WHERE title='Nile'", "GetArticle"),
            (
                "SELECT body FROM article WHERE title IN ('Mont Blanc', 'Matterhorn')",
                "GetArticles",
            ),
            ("SELECT status FROM server", "Health"),
            (
                "SELECT title, description, tags FROM archive_metadata",
                "Metadata",
            ),
            (
                "SELECT related FROM article WHERE title='Ross Ice Shelf'",
                "Related",
            ),
            (
                "SELECT title FROM titles WHERE title LIKE 'Inter%'",
                "Suggest",
            ),
            ("SELECT toc FROM article WHERE title='Ross Sea'", "Toc"),
        ]);
        searched(&[
            "select the best wine for fish",
            "how do I write SELECT * FROM t WHERE x LIKE 'a%' in postgres",
        ]);
    }

    /// Messages addressed to the tool, the designated step of a numbered plan, a chat
    /// interjection after the ask, "auto complete" in two words; a how-to about a view word's
    /// topic stays a search.
    #[test]
    fn requests_inside_messages_and_plans() {
        assert_eq!(
            intent(
                "Plan: 1. Check the archive is up. 2. Get the intro of the article 'Antarctic krill'. 3. Compare with notes. Do step 2 now."
            ),
            Intent::Summary {
                title_or_path: t("Antarctic krill")
            }
        );
        assert_eq!(
            intent(
                "Plan: 1. Gather background. 2. Search the archive for 'causes of the 1929 stock market crash'. 3. Draft summary. Execute"
            ),
            Intent::Search {
                query: t("causes of the 1929 stock market crash"),
                all_archives: false
            }
        );
        each(&[
            (
                "@zim please fetch the full text of A/Emperor_penguin",
                "GetArticle",
            ),
            (
                "to: zim-agent | body: retrieve full text of 'Ibuprofen', 'Naproxen', 'Aspirin'",
                "GetArticles",
            ),
            (
                "to: zim-agent | body: get inbound links for 'Fortnite Battle Royale'",
                "Links",
            ),
            ("take me to the front page lol", "MainPage"),
            ("auto complete 'Zeld' pls", "Suggest"),
            // heldout-z7's leftover: a lowercase name that a noun for the article ends.
            ("tldr chernobyl disaster article", "Summary"),
        ]);
        searched(&[
            "table of contents in LaTeX, how to generate one",
            "summary statistics in pandas",
        ]);
    }

    /// Command phrases of the round's other languages.
    #[test]
    fn commands_in_other_languages() {
        each(&[
            ("hitta artikeln som heter Kebnekaise", "FindByTitle"),
            ("אילו קישורים יש בערך ירושלים?", "Links"),
            ("Які архіви завантажені на сервері?", "ListArchives"),
            ("सर्वर पर कौन-कौन से ZIM आर्काइव हैं?", "ListArchives"),
            ("artigos relacionados ao artigo Fado", "Related"),
            ("gợi ý tiêu đề bắt đầu bằng 'Hà N'", "Suggest"),
            ("İstanbul makalesinin içindekiler tablosunu göster", "Toc"),
        ]);
    }
}

#[cfg(test)]
mod heldout_z14_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// Calls written as XML elements with a name, wiki links, a REST lookup of a title.
    #[test]
    fn calls_and_links_in_markup() {
        assert_eq!(
            intent(
                "<call name=\"section\"><arg name=\"title\">Marionette</arg><arg name=\"section\">Construction</arg></call>"
            ),
            Intent::Section {
                title_or_path: t("Marionette"),
                section: t("Construction")
            }
        );
        assert_eq!(
            intent("Fetch [[Epinephrine]] and [[Atropine]] in full"),
            Intent::GetArticles {
                titles_or_paths: vec![t("Epinephrine"), t("Atropine")]
            }
        );
        assert_eq!(
            intent("Pull up [[Coast guard#History]]"),
            Intent::Section {
                title_or_path: t("Coast guard"),
                section: t("History")
            }
        );
        each(&[
            (
                "<call name=\"get_article\"><arg name=\"title\">Bunraku</arg></call>",
                "GetArticle",
            ),
            ("<call name=\"main_page\"/>", "MainPage"),
            (
                "<call name=\"suggest\"><arg name=\"prefix\">Puppe</arg></call>",
                "Suggest",
            ),
            ("<call name=\"toc\" title=\"Hypothermia\"/>", "Toc"),
            (
                "<call name=\"walk\"><arg name=\"ns\">M</arg></call>",
                "Walk",
            ),
            ("GET /find?title=Kyrie", "FindByTitle"),
        ]);
    }

    /// Command words spelt as they sound, wherever they stand ("artical", "sumarize",
    /// "layowt"), and homophones before a noun for the page ("the hole article", "the mane
    /// page"); the same words elsewhere stay ("a hole in the wall").
    #[test]
    fn command_words_spelt_as_they_sound() {
        each(&[
            (
                "show me the hole artical for Mortise and tenon",
                "GetArticle",
            ),
            ("can u sumarize the artical on Plywood", "Summary"),
            ("opne the mane page", "MainPage"),
            ("titles startin with Dov", "Suggest"),
            (
                "wats the layowt of the Timber framing artical, hedings and there ids",
                "Structure",
            ),
            (
                "Show me the heading anchors for the Sea ice article",
                "Structure",
            ),
        ]);
        searched(&["a hole in the wall", "the horse's mane"]);
    }

    /// Two requests in one message: the first is answered, when the second names its own
    /// subject or none; a wake word and "ask zim to" are no part of the request.
    #[test]
    fn the_first_of_two_requests_and_wake_words() {
        assert_eq!(
            intent("Summarize the Avalanche article, then list the archives."),
            Intent::Summary {
                title_or_path: t("Avalanche")
            }
        );
        searched(&[
            "What is the Kuiper belt? Also, list the archives you have.",
            "computer science degree",
            "siri shortcuts tutorial",
        ]);
        each(&[
            (
                "open the wikipedia archive, then show its main page",
                "MainPage",
            ),
            ("Alexa, ask zim to open the start page", "MainPage"),
            ("Alexa, ask zim what archives it has", "ListArchives"),
        ]);
    }

    /// Command phrases of the round's other languages.
    #[test]
    fn commands_in_other_languages() {
        each(&[
            ("Näytä nimiavaruuden A ensimmäiset 25 merkintää", "Browse"),
            ("Fut még a szerver?", "Health"),
            ("Quels articles renvoient vers la page Chœur ?", "Links"),
            ("Vis mig forsiden af arkivet", "MainPage"),
            (
                "Artikel apa saja yang terkait dengan artikel Borobudur?",
                "Related",
            ),
            ("भारत लेख का इतिहास अनुभाग दिखाओ", "Section"),
            ("অ্যাসপিরিন নিবন্ধের সারাংশ দাও", "Summary"),
        ]);
    }
}

#[cfg(test)]
mod heldout_z15_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// Methods called by a dotted name, Discord's `?zim` prefix, a log line's timestamp and
    /// level, a Markdown item in bold, a support bot's paraphrase, a last line saying why, a
    /// letter's greeting, "both at once" after a list.
    #[test]
    fn requests_in_agents_and_bots_wrappings() {
        assert_eq!(
            intent("call zim.getArticles for A/Orca and A/Beluga_whale"),
            Intent::GetArticles {
                titles_or_paths: vec![t("A/Orca"), t("A/Beluga_whale")]
            }
        );
        assert_eq!(
            intent("call zim.suggest prefix='Hyperth'"),
            Intent::Suggest {
                prefix: t("Hyperth")
            }
        );
        assert_eq!(
            intent(
                "pull both the Diesel engine and Gas turbine articles in full\nreason: comparing propulsion options for the new vessel"
            ),
            Intent::GetArticles {
                titles_or_paths: vec![t("Diesel engine"), t("Gas turbine")]
            }
        );
        each(&[
            ("call zim.health", "Health"),
            ("call zim.listArchives", "ListArchives"),
            ("call zim.getMainPage", "MainPage"),
            ("call zim.getMetadata", "Metadata"),
            ("?zim links Hypothermia", "Links"),
            ("?zim summary Titanic", "Summary"),
            ("?zim walk W", "Walk"),
            (
                "[2026-12-07 12:30] INFO request: landing page of stackexchange_diy",
                "MainPage",
            ),
            (
                "- **Fetch the full text of Louvre, Rijksmuseum and Prado Museum together**",
                "GetArticles",
            ),
            (
                "Customer is asking whether the server is running; they keep getting timeouts.",
                "Health",
            ),
            (
                "Customer is asking for the complete articles on Ellis Island and Castle Garden, both at once.",
                "GetArticles",
            ),
            (
                "Dear Sir, would you be so kind as to show me the whole of the article 'Florence Nightingale', in its entirety? Many thanks",
                "GetArticle",
            ),
        ]);
        searched(&[
            "call my mom tomorrow",
            "the user asked if tomatoes are fruit",
            "dear evan hansen songs",
            // An identifier with underscores is a topic, not an archive's file name.
            "check the status of node_exporter",
            "main page of my_project",
        ]);
    }

    /// Command phrases of the round's other languages.
    #[test]
    fn commands_in_other_languages() {
        each(&[
            ("Máy chủ có đang hoạt động không?", "Health"),
            ("Whakaaturia mai te whārangi matua.", "MainPage"),
            (
                "Kapadokya makalesiyle ilgili diğer makaleleri göster.",
                "Related",
            ),
            ("Προτάσεις τίτλων που ξεκινούν με «Αθη»", "Suggest"),
        ]);
    }
}

/// The causes of heldout-z19's first-run misses (voice dictation, context around the ask,
/// agent-written snippets, a quarter in other languages), each with variations and the
/// searches that must stay searches.
#[cfg(test)]
mod heldout_z19_causes {
    use super::causes_support::*;
    use crate::Intent;

    /// One ask among sentences and clauses of context: a letter's greeting and story before
    /// it, thanks or a remark after it. A piece is taken only when nothing else in the
    /// request asks about the world.
    #[test]
    fn one_ask_among_context() {
        assert_eq!(
            intent(
                "Dear team, I hope this message finds you well. I'm preparing a lecture for Thursday and our campus network blocks most external sites, so I'm relying on your offline server. Would you be so kind as to send me the complete text of the article on the Treaty of Westphalia? Many thanks in advance, Margaret"
            ),
            Intent::GetArticle {
                title_or_path: t("Treaty of Westphalia")
            }
        );
        assert_eq!(
            intent("I need the full texts of Income tax and Value-added tax, both please"),
            Intent::GetArticles {
                titles_or_paths: vec![t("Income tax"), t("Value-added tax")]
            }
        );
        searched(&[
            "table of contents in LaTeX, how to generate one",
            "did medieval manuscripts have a table of contents, and when did page numbers start being used?",
            "I will summarise this later: give me material about the Krebs cycle, max 200 words, no tables, no bullet lists.",
            "in the wikipedia zim, what caused the Irish potato famine",
            "What is the Kuiper belt? Also, list the archives you have.",
            "GET /search?q=photosynthesis+light+reactions",
        ]);
    }

    /// The part of an article asked for against its whole; a list in parentheses saying what
    /// is wanted of the answer; a symptom told after a question about the server.
    #[test]
    fn the_ask_beside_what_it_is_not() {
        assert_eq!(
            intent("don't send me the whole Marie Curie article, just the intro paragraph"),
            Intent::Summary {
                title_or_path: t("Marie Curie")
            }
        );
        assert_eq!(
            intent(
                "don't give me the whole article on Photosynthesis, I only need the Light reactions section"
            ),
            Intent::Section {
                title_or_path: t("Photosynthesis"),
                section: t("Light reactions")
            }
        );
        each(&[
            (
                "archive metadata pls (tags, favicon, namespaces)",
                "Metadata",
            ),
            (
                "hey is the zim server running right now it felt really slow earlier",
                "Health",
            ),
            (
                "is the kiwix server running, the search was very slow",
                "Health",
            ),
        ]);
        searched(&[
            "flu symptoms (fever, cough, aches)",
            "why is my nginx server slow it was really slow earlier",
        ]);
    }

    /// Entry paths listed with spaces only, "and also" between names, `ls` of a namespace,
    /// "inspect_layout", vague words for pages after a verb ("show me stuff similar to X"), a
    /// filler between commas after a preposition.
    #[test]
    fn lists_calls_and_vague_words() {
        assert_eq!(
            intent("fetch A/Sun A/Moon A/Earth in one go"),
            Intent::GetArticles {
                titles_or_paths: vec![t("A/Sun"), t("A/Moon"), t("A/Earth")]
            }
        );
        assert_eq!(
            intent("get A/Sun and also A/Moon"),
            Intent::GetArticles {
                titles_or_paths: vec![t("A/Sun"), t("A/Moon")]
            }
        );
        assert_eq!(
            intent("ls A 25"),
            Intent::Browse {
                namespace: t("A"),
                limit: Some(25)
            }
        );
        assert_eq!(
            intent("show me stuff similar to the article on, um, Plate tectonics"),
            Intent::Related {
                title_or_path: t("Plate tectonics")
            }
        );
        each(&[
            ("inspect_layout Octopus", "Structure"),
            ("inspect_toc Octopus", "Toc"),
        ]);
        // A name that holds a correction's words is the name.
        assert_eq!(
            intent("show me the article on Hold On (song)"),
            Intent::GetArticle {
                title_or_path: t("Hold On (song)")
            }
        );
        assert_eq!(
            intent("show me the article on Sorry Seems to Be the Hardest Word"),
            Intent::GetArticle {
                title_or_path: t("Sorry Seems to Be the Hardest Word")
            }
        );
        searched(&[
            "suggestions for improving sleep quality when working night shifts",
            "things related to smoking",
            "compare A/Sun A/Moon",
            "ls a",
        ]);
    }

    /// Command phrases of the round's other languages.
    #[test]
    fn commands_in_other_languages() {
        assert_eq!(
            intent("Taj Mahal wale article ka short summary de do, bas intro chahiye"),
            Intent::Summary {
                title_or_path: t("Taj Mahal")
            }
        );
        assert_eq!(
            intent("Tolong tampilkan bagian Sejarah dari artikel Candi Borobudur"),
            Intent::Section {
                title_or_path: t("Candi Borobudur"),
                section: t("Sejarah")
            }
        );
        each(&[
            (
                "Welche Abschnitte hat der Artikel Photosynthese? Nur die Überschriften bitte.",
                "Toc",
            ),
            ("Vervollständige den Titel: Schwarzw", "Suggest"),
            (
                "Me dá um resumo do artigo sobre a Revolução dos Cravos, só a introdução mesmo",
                "Summary",
            ),
            ("Le serveur fonctionne-t-il ? Donne-moi son état.", "Health"),
            ("Сервер работает? Покажи статистику кэша", "Health"),
            ("Какие страницы ссылаются на статью «Байкал»?", "Links"),
            ("Jakie pliki ZIM serwujesz?", "ListArchives"),
            (
                "Welke artikelen hangen samen met het artikel over Vincent van Gogh?",
                "Related",
            ),
            (
                "Pokaż strukturę artykułu Maria Skłodowska-Curie",
                "Structure",
            ),
            (
                "Mustafa Kemal Atatürk maddesinin iskeletini göster",
                "Structure",
            ),
            (
                "server pe kaun kaun se archives loaded hain?",
                "ListArchives",
            ),
            (
                "Bhagat Singh article se related aur kaunse articles hain?",
                "Related",
            ),
        ]);
        searched(&["Welche Abschnitte hat das Grundgesetz?"]);
    }
}

/// The causes of heldout-z20's first-run misses (ordinary requests in 18 languages, first run
/// 136/200): view requests read by their shape in five languages ([`crate::foreign_views`]),
/// and command phrases of fourteen more. Searches in the same languages stay searches.
#[cfg(test)]
mod heldout_z20_causes {
    use super::causes_support::*;
    use crate::Intent;

    #[test]
    fn view_requests_by_their_shape() {
        assert_eq!(
            intent("Muéstrame la sección Historia del artículo Madrid"),
            Intent::Section {
                title_or_path: t("Madrid"),
                section: t("Historia")
            }
        );
        assert_eq!(
            intent("Dame el índice del artículo Don Quijote de la Mancha, solo los apartados"),
            Intent::Toc {
                title_or_path: t("Don Quijote de la Mancha")
            }
        );
        each(&[
            (
                "Nur das Inhaltsverzeichnis vom Artikel Berliner Mauer, bitte",
                "Toc",
            ),
            ("Zeig mir die Links der Seite Berlin, bitte", "Links"),
            ("Quali sezioni ha l'articolo Dante Alighieri?", "Toc"),
            ("Mostre o resumo do artigo sobre Tiradentes", "Summary"),
            ("Montre-moi la structure de l'article Paris", "Structure"),
            ("Quels liens contient l'article Toulouse ?", "Links"),
        ]);
        searched(&[
            "¿Cuál es la estructura del átomo?",
            "Welche Links sind sicher?",
            "Quelle est la structure d'une cellule ?",
            "come funziona l'indice di massa corporea",
            "la sección 8 de la constitución",
        ]);
    }

    #[test]
    fn commands_in_other_languages() {
        each(&[
            ("Läuft der Server noch?", "Health"),
            ("Servernya masih jalan nggak?", "Health"),
            ("Werkt de server nog? Geef even de status", "Health"),
            ("¿Está el servidor en marcha?", "Health"),
            ("Jakie archiwa ZIM ma ten serwer?", "ListArchives"),
            ("Které ZIM soubory server načetl?", "ListArchives"),
            (
                "Quais arquivos ZIM esse servidor disponibiliza?",
                "ListArchives",
            ),
            ("Arşivin ana sayfasını açar mısın?", "MainPage"),
            ("Visa arkivets metadata, tack", "Metadata"),
            (
                "Enséñame artículos relacionados con el de Frida Kahlo",
                "Related",
            ),
            ("Jaké články souvisejí s článkem Karel IV.?", "Related"),
            ("Найди статьи, связанные со статьёй «Байкал»", "Related"),
            ("和《孔子》相关的条目有哪些？", "Related"),
            (
                "¿Qué páginas enlazan al artículo Guerra Civil Española?",
                "Links",
            ),
            ("Vilka länkar finns i artikeln Stockholm?", "Links"),
            (
                "Fammi un riassunto della voce Giuseppe Garibaldi",
                "Summary",
            ),
            (
                "Fass mir den Artikel „Otto von Bismarck“ kurz zusammen",
                "Summary",
            ),
            (
                "Tu peux me donner l'intro de l'article Napoléon Ier ?",
                "Summary",
            ),
            (
                "¿Me haces un resumen del artículo de Simón Bolívar?",
                "Summary",
            ),
            ("Przejdź po wszystkich wpisach w przestrzeni nazw A", "Walk"),
            ("Покажи первые 10 записей из пространства имён I", "Browse"),
            ("Znajdź hasło o tytule „Pierogi”", "FindByTitle"),
            ("「富士山」というタイトルの記事を探して", "FindByTitle"),
            (
                "Traga os artigos Lisboa, Porto e Coimbra juntos, por favor",
                "GetArticles",
            ),
            ("Ukaž mi oddíl „Dějiny“ v článku Praha", "Section"),
            ("'Osman' ile başlayan başlıkları tamamla", "Suggest"),
            ("Autocompleta títulos que empiecen por «Barcel»", "Suggest"),
        ]);
        searched(&[
            // A view's noun in a request that asks about the world in its own words.
            "la structure de l'ADN expliquée simplement",
            "Inhaltsverzeichnis in Word automatisch erstellen",
            "Come si scrive un buon riassunto? Consigli per i ragazzi di terza media",
            "table des matières d'un mémoire de master : comment la présenter selon les normes ?",
            "les grandes causes de la Révolution française, en résumé, pour un exposé de 4e",
            "¿Cómo se hace un índice en Word?",
            "Wie schreibe ich eine gute Zusammenfassung?",
            "¿El café es bueno para la salud?",
            "Wie läuft ein Asylverfahren ab?",
            "Quais são os principais arquivos históricos de Portugal?",
            "enséñame a cocinar arroz",
        ]);
    }
}

/// Searches of answer round Y (numba, postfix) the router sent elsewhere: a participle of
/// making before the noun it describes, beside an archive's name ("numba compiled code" is no
/// question of when the archive was compiled), and a server of the world named by what it
/// serves ("the backend exchange server" is no health check of this one).
#[cfg(test)]
mod answer_round_y_causes {
    use super::causes_support::searched;
    use crate::{ArchiveName, Intent, parse};

    #[test]
    fn topics_that_hold_a_service_word() {
        let numba = [ArchiveName::new("numba.zim", None)];
        for q in [
            "which numpy functions can I use inside numba compiled code",
            "numba generated code is slow, why?",
        ] {
            assert!(
                matches!(parse(q, &numba).intent, Intent::Search { .. }),
                "{q}"
            );
        }
        for q in [
            "when was the numba archive compiled",
            "who made the numba archive",
        ] {
            assert_eq!(parse(q, &numba).intent.name(), "Metadata", "{q}");
        }
        searched(&[
            "verify that a recipient actually exists on the backend exchange server before accepting mail on the relay",
            "is the mail server down",
            "how do I check the health of my mail server",
        ]);
        assert_eq!(
            parse("is the zim server running", &[]).intent.name(),
            "Health"
        );
    }
}

/// Requests in other languages that no phrase or shape reads, read word by word in English
/// ([`crate::word_gloss`]; heldout-z23's first run read 144/200 without it). A topic in
/// lowercase after a view's noun, with no noun for an article, stays a search.
#[cfg(test)]
mod word_by_word {
    use super::causes_support::*;
    use crate::Intent;

    #[test]
    fn command_words_of_other_languages_read_in_english() {
        assert_eq!(
            intent("Quelle est la table des matières de l'article Tour Eiffel ?"),
            Intent::Toc {
                title_or_path: t("Tour Eiffel")
            }
        );
        each(&[
            (
                "¿Me enseñas la estructura del artículo Sevilla?",
                "Structure",
            ),
            ("Aprimi per intero la voce Vesuvio", "GetArticle"),
            ("Hämta artiklarna Uppsala och Lund samtidigt", "GetArticles"),
            ("Quais são as seções do artigo Recife?", "Toc"),
            ("Le serveur est-il opérationnel ?", "Health"),
            ("Welche Archive hast du geladen?", "ListArchives"),
            ("Podsumuj artykuł \"Gniezno\"", "Summary"),
            ("voci correlate a \"Barocco\"", "Related"),
        ]);
    }

    #[test]
    fn topics_in_other_languages_stay_searches() {
        searched(&[
            "resumen de las causas de la revolución francesa para clase",
            "indice de massa corporal dos adultos",
            "riassunto delle cause della prima guerra mondiale",
            "estructura de una célula animal",
            "la vie de Marie Curie",
            "Welche Links sind sicher?",
            "enlaces químicos covalentes y iónicos",
            "sezione aurea nell'arte del Rinascimento",
            "структура клітини для уроку біології",
            // The asker's own server, in a question of how to do something.
            "Wie kann ich verhindern, dass apt Python aktualisiert? Auf dem Server laufen Skripte, die Version 3.9 brauchen.",
            "Comment empêcher apt de mettre à jour PHP ? Sur le serveur tournent des scripts qui ont besoin de la version 7.4.",
        ]);
        // The archive named: its metadata.
        each(&[
            ("Wann wurde dieses Archiv erstellt?", "Metadata"),
            ("Welche Version hat dieses Archiv?", "Metadata"),
        ]);
    }

    #[test]
    fn a_summary_for_the_writers_studies_is_searched() {
        searched(&[
            "summary of Faust for the final exams",
            "summary of Great Expectations chapter by chapter",
            "a summary of Hamlet for my book report",
            "résumé de Madame Bovary pour le bac",
            "resumen del libro La Celestina para la tarea",
            "Zusammenfassung von Woyzeck für die Klausur",
            "riassunto dell'Iliade libro per libro per la verifica",
            "resumo de Dom Casmurro capítulo por capítulo",
            "краткое содержание «Мастера и Маргариты» по главам",
        ]);
        // The summary of a named article stays one.
        each(&[
            ("summary of the Faust article for the exam", "Summary"),
            ("summarize Hamlet", "Summary"),
            ("Dame un resumen del artículo Don Quijote", "Summary"),
        ]);
    }
}
