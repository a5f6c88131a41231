//! Rules for views of one article: structure, table of contents, one section, summary.

use super::{
    Context, RuleHit, caps, cue_position, cue_subject, group, hit, is_match, is_question,
    looks_like_title, subject_confidence, title_of,
};
use crate::Intent;
use crate::text::{Pattern, rx};
use regex::Regex;
use std::sync::LazyLock;

static PAREN_ASIDE: Pattern = LazyLock::new(|| rx(r"\s*\([^()]*\)"));
static STRUCTURE_SPECIFIC: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:section\s+anchors?|heading\s+anchors?\s+(?:for|of|in)|heading\s+structure|structur(?:al|e)\s+outline|structural\s+(?:layout|skeleton|view|overview|map|breakdown)|skeletal\s+(?:outline|layout|structure|view|form)|(?:article|page|document|entry|heading|section)\s+skeleton|skeleton\s+(?:outline|layout|structure|view)|anchor\s+slugs?|(?:outline|headings|toc|table\s+of\s+contents|h[1-6](?:\s*(?:/|,|and|&)\s*h[1-6])*s?)\s+(?:with|plus|including)\s+(?:the\s+|their\s+|its\s+|each\s+)?(?:section\s+|heading\s+|anchor\s+|fragment\s+)?(?:#?anchors?(?:\s+ids?)?|ids|slugs)|(?:section\s+)?headings?(?:\s+hierarchy)?(?:\s+structure)?(?:\s*\([^()]{1,20}\))?(?:\s+and\s+|\s*[+&]\s*)(?:their\s+|its\s+|the\s+)?anchors?|document\s+structure)\b",
    )
});

/// How long each section is: the structure view carries section sizes ("section sizes for
/// X", "how long is each part of the article on X", "with how big each section is", "which
/// parts are the biggest").
pub(super) static SECTION_SIZES: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:section|part|chapter|heading)\s+(?:(?:byte|word|character)\s+)?(?:sizes|lengths|word\s+counts|byte\s+counts)|(?:which|what)\s+(?:sections?|parts?|chapters?)\s+(?:are|is)\s+(?:the\s+)?(?:biggest|longest|largest|shortest|smallest|bigger|longer|shorter|smaller)|(?:the\s+)?(?:biggest|longest|largest|shortest|smallest)\s+(?:sections?|parts?|chapters?)|(?:sizes?|lengths?|word\s+counts?)\s+of\s+(?:each|every|all|the)\s+(?:sections?|parts?|chapters?)|how\s+(?:long|big|large)\s+(?:is\s+)?(?:each|every|the)\s+(?:sections?|parts?|chapters?)(?:\s+(?:is|are))?)\b",
    )
});

/// "break down the X article by section": the structure view of a named article (a name or
/// a noun for an article; "break down a research paper by section" is a task).
static BREAKDOWN: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:break(?:ing)?\s+down|split(?:ting)?\s+up|split)\s+(?P<t>.+?)\s+(?:by|into)\s+(?:its\s+)?(?:sections?|parts?|chapters?|headings?)\b",
    )
});

/// "which sections of the X article are the longest": sizes asked of a named article.
static LONGEST_SECTIONS_OF: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:which|what)\s+(?:sections?|parts?|chapters?)\s+(?:of|in)\s+(?P<t>.+?)\s+(?:are|is)\s+(?:the\s+)?(?:biggest|longest|largest|shortest|smallest)$",
    )
});

/// "how big is the article on the French Revolution?", "how long is the Moon article": the
/// size of a named article, which the structure view gives with its sections'.
static ARTICLE_SIZE: Pattern = LazyLock::new(|| {
    rx(
        r"^how\s+(?:big|long|large)\s+is\s+(?:the\s+)?(?:(?:article|page|entry)\s+(?:on|about|for|of)\s+(?P<t>[^?.!]+?)|(?P<u>[^?.!]+?)\s+(?:article|page|entry))\s*(?:[?.!]|$)",
    )
});

fn breakdown_subject(text: &str) -> Option<String> {
    if let Some(c) = caps(&ARTICLE_SIZE, text) {
        let raw = c
            .name("t")
            .or_else(|| c.name("u"))
            .map_or("", |m| m.as_str());
        if looks_like_title(raw) {
            return title_of(raw);
        }
    }
    let c = caps(&BREAKDOWN, text).or_else(|| caps(&LONGEST_SECTIONS_OF, text))?;
    let raw = group(&c, "t");
    (looks_like_title(&raw) || is_match(&ARTICLE_NOUN, &raw))
        .then(|| title_of(&raw))
        .flatten()
}

pub(super) fn structure_specific(ctx: &Context) -> Option<RuleHit> {
    // An aside listing what the view should hold ("(heading hierarchy, anchor slugs, ...)")
    // names no subject: the cue outside it leads to the article.
    let without_asides = PAREN_ASIDE
        .as_ref()
        .map(|re| re.replace_all(ctx.text, "").into_owned())
        .filter(|t| is_match(&STRUCTURE_SPECIFIC, t));
    let text = without_asides.as_deref().unwrap_or(ctx.text);
    let specific = cue_subject(&STRUCTURE_SPECIFIC, text);
    // The anchors asked after "how is the article X organised": its subject is the article.
    let specific = specific.map(|t| organised_subject(ctx.text).unwrap_or(t));
    let t = match specific {
        Some(t) => t,
        None => match breakdown_subject(ctx.text) {
            Some(t) => t,
            None => section_sizes_subject(ctx.text)?,
        },
    };
    hit(
        Intent::Structure {
            title_or_path: t.clone(),
        },
        subject_confidence(0.9, &t),
        "structure: anchors/heading structure",
    )
}

/// The article whose section sizes are asked. Another structure word ("the layout of X,
/// with how big each section is") names the view and its subject itself. As with
/// "structure of", a question asks about the world unless it names an article ("how long
/// is each section of the Appalachian Trail"), and a request about a lowercase topic is a
/// search ("section lengths for a thesis").
fn section_sizes_subject(text: &str) -> Option<String> {
    if is_match(&STRUCTURE_CUE, text) || !is_match(&SECTION_SIZES, text) {
        return None;
    }
    // "what sections does the Moon article have and how big is each": the question names it.
    if let Some(c) = caps(&TOC_QUESTION, text) {
        return title_of(&group(&c, "t"));
    }
    let t = cue_subject(&SECTION_SIZES, text)?;
    let named =
        is_match(&ARTICLE_NOUN, text) || (!starts_like_question(text) && looks_like_title(&t));
    named.then_some(t)
}

static TOC_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:table\s+of\s+contents|tabla\s+de\s+(?:contenidos?|contents)|contents?\s+table|toc|contents\s+(?:list|listing|box)|contents|(?:(?:main|major|principal|top-level)\s+)?(?:sections|chapters)|section\s+(?:headings|titles|names|list)|sommaire|inhaltsverzeichnis)\b",
    )
});
/// The list of an article's headings, asked by the headings or the outline: the table of
/// contents too ("list the headings in X", "the outline of the article on X"). These words
/// name other things as often ("headings in markdown", "outline of the French Revolution"
/// for an essay), so they take an article: a name, a path or a noun for an article.
static HEADINGS_CUE: Pattern = LazyLock::new(|| {
    rx(r"\b(?:(?:section|heading)\s+)?(?:headings|outline)\b|\bheadings?\s+hierarchy\b")
});
/// "Which sections has the Octopus article?", "which chapters has the page about Octopus":
/// the question with "has" for "does ... have", of an article called one or named.
static SECTIONS_IT_HAS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:what|which)\s+(?:sections|chapters|headings)\s+has\s+(?P<t>the\s+[^?.!]+?\s+(?:article|page|entry)|the\s+(?:article|page|entry)\s+(?:about|on|for)\s+[^?.!]+?|(?-i:[A-Z])[^?.!]*?)\s*(?:[?.!]|$)",
    )
});
/// "which parts is the Ancient Egypt page divided into?": the parts of an article called one
/// ("which parts is Germany divided into?" asks about the country).
static PARTS_DIVIDED_INTO: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:what|which|how\s+many)\s+(?:parts|sections|chapters|pieces)\s+(?:is|are)\s+(?P<t>the\s+[^?.!,]+?\s+(?:article|page|entry))\s+(?:divided|split|broken|separated|organi[sz]ed)(?:\s+up)?\s+into\b",
    )
});
static TOC_QUESTION: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:what|which)\s+(?:sections|chapters|headings)\s+(?:does|do|are\s+in|is\s+in|are\s+there\s+in|are\s+on|(?:are|is)\s+(?:listed|shown|given)\s+in\s+(?:the\s+)?(?:table\s+of\s+contents|contents|toc)\s+(?:of|for)|in)\s+(?P<t>.+?)(?:\s+(?:have|has|contain|(?:break|split|divide|fall)s?\s+into))?(?:\s+(?:and|with|plus)\s+(?:how\s+(?:long|big|large)|(?:the\s+|their\s+|its\s+)?(?:anchors?|sizes?|lengths?))\b.*)?$",
    )
});
/// "what are the sections of X": a what/which question asks for the view when the cue is
/// what it asks for. "Which sections of the UCC govern the sale of goods?" picks sections
/// by their content, a question about the world.
static TOC_ASKED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)(?:'s|s|\s+(?:are|is|were|was))\s+(?:(?:the|all|its|their|all\s+the)\s+)?(?:main\s+|top-level\s+)?(?:table\s+of\s+contents|toc|contents|sections|chapters|(?:section|chapter)\s+(?:headings|titles|names)|headings|outline)\b",
    )
});

/// "what's in the contents box of X", "... the contents box at the top of the X article" (the
/// box placed by where it stands on the page): what the table of contents holds is the view; bare
/// "contents" asks so of a document ("what's in the contents of a first aid kit" is a
/// question about the world, and its indefinite subject is no article anyway).
static TOC_IN_ASKED: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:what|which)(?:'s|s|\s+is|\s+are)\s+(?:(?:the\s+)?(?:(?:section|chapter)\s+)?(?:headings|titles|entries|items|sections|chapters)\s+)?(?:(?:listed|shown?|given|written)\s+)?(?:in|on)\s+(?:the\s+|its\s+)?(?:table\s+of\s+contents|toc|contents\s+(?:box|list|listing|section|page))(?:\s+(?:at|near|on|in)\s+the\s+(?:very\s+)?(?:top|start|beginning|head|left|side|left-hand\s+side|sidebar))?\s+(?:of|for|in|on)\s+(?P<t>.+)$",
    )
});

/// Anchors or section sizes asked with the headings: "the outline of X, with each heading's
/// anchor", "the headings and section sizes of X", "the section headings and their byte sizes
/// for X", "which sections does X have and how long is each" are the structure view.
static WITH_ANCHORS_OR_SIZES: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:anchors?|(?:section|part|chapter|heading|their|its)(?:'s)?\s+(?:(?:byte|word|character)\s+)?(?:sizes|lengths|word\s+counts|byte\s+counts)|(?:byte|word|character)\s+(?:sizes|counts)|sizes\s+in\s+(?:bytes|words)|how\s+(?:long|big|large)\s+(?:is\s+|are\s+)?(?:each|every)(?:\s+(?:one|section|part|chapter|heading))?(?:\s+is)?)\b",
    )
});

/// "X with the anchors", "X and their section sizes": the clause after a title that asks
/// for them.
static ANCHORS_CLAUSE: Pattern = LazyLock::new(|| {
    rx(
        r"[\s,]+(?:with|and|plus|including|along\s+with)\s+(?:the\s+|their\s+|its\s+|all\s+|each\s+)?(?:heading(?:'s)?\s+|section(?:'s)?\s+)?(?:anchors?|(?:(?:section|part|chapter|heading)\s+)?(?:(?:byte|word|character)\s+)?(?:sizes|lengths)|how\s+(?:long|big|large)\s+(?:is\s+)?each)\b.*$",
    )
});

pub(super) fn toc(ctx: &Context) -> Option<RuleHit> {
    if super::asks_about_the_topic(ctx.text) && !is_match(&ARTICLE_NOUN, ctx.text) {
        return None;
    }
    // "table of contents in LaTeX, how to generate one": a task asked about the cue's topic.
    if super::holds_a_how_to_task(ctx.text) && !is_match(&ARTICLE_NOUN, ctx.text) {
        return None;
    }
    let asked = caps(&TOC_QUESTION, ctx.text)
        .or_else(|| caps(&TOC_IN_ASKED, ctx.text))
        .or_else(|| caps(&SECTIONS_IT_HAS, ctx.text))
        .or_else(|| caps(&PARTS_DIVIDED_INTO, ctx.text))
        .map(|c| group(&c, "t"))
        .filter(|raw| !super::is_generic_subject(raw));
    let t = match asked.and_then(|raw| title_of(&raw)) {
        Some(t) => t,
        None => {
            if is_match(&WHAT_OPENER, ctx.text) && !is_match(&TOC_ASKED, ctx.text) {
                return None;
            }
            // A cue followed by a question asked of what it named is the question's context.
            let cue_at = [&TOC_CUE, &HEADINGS_CUE]
                .iter()
                .filter_map(|re| re.as_ref()?.find(ctx.text))
                .map(|m| m.start())
                .min();
            if cue_at.is_some_and(|at| super::question_after(ctx.text, at))
                || property_of_a_thing(ctx.text)
            {
                return None;
            }
            match cue_subject(&TOC_CUE, ctx.text) {
                Some(t) => t,
                None => headings_subject(ctx.text)?,
            }
        }
    };
    // "what are the main sections of the US constitution and what does each one cover": a
    // question coordinated after the subject asks about the world.
    if is_match(&COORDINATED_QUESTION, &t) {
        return None;
    }
    // Anchors or sizes asked outside the title ("... of 'Anchors Aweigh'" names them); a
    // clause asking for them after the title is no part of it.
    let t = match ANCHORS_CLAUSE.as_ref() {
        Some(re) => title_of(&re.replace(&t, "")).unwrap_or(t),
        None => t,
    };
    if is_match(&WITH_ANCHORS_OR_SIZES, &ctx.text.replace(t.as_str(), " ")) {
        return hit(
            Intent::Structure {
                title_or_path: t.clone(),
            },
            subject_confidence(0.9, &t),
            "structure: headings with anchors or sizes",
        );
    }
    hit(
        Intent::Toc {
            title_or_path: t.clone(),
        },
        subject_confidence(0.9, &t),
        "toc: contents/sections words",
    )
}

/// The article whose headings or outline are asked, when one is named.
fn headings_subject(text: &str) -> Option<String> {
    let t = cue_subject(&HEADINGS_CUE, text)?;
    (looks_like_title(&t) || is_match(&ARTICLE_NOUN, text)).then_some(t)
}

static SECTION_LEAD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:show|get|read|display|give|open|fetch|print|view|extract|retrieve|provide|return|output|pull\s+up|pull|grab|need|want|i\s+need|i\s+want|and|now|also|then|what's|what\s+is|what\s+does|what|does|do|me|us|the|can|could|i|see|just|only|jump\s+to|go\s+to|skip\s+to|take\s+me\s+to|in)\b\s*)+",
    )
});
static SECTION_COMMA: Pattern =
    LazyLock::new(|| rx(r"^(?P<t>.+?),\s*(?:section|part|chapter)\s+(?P<s>.+)$"));
static SECTION_POSSESSIVE: Pattern =
    LazyLock::new(|| rx(r"^(?P<t>.+?)'s\s+(?P<s>.+?)\s+(?:section|part|chapter)\b"));
static SECTION_NAMED_FIRST: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:section|(?:part|chapter|bit)\s+(?:called|named|titled|headed))\s+(?P<s>.+?)\s+(?:of|in|from|on)\s+(?P<t>.+)$",
    )
});
static SECTION_NAMED_BEFORE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?P<s>.+?)\s+(?:section|part|chapter|paragraph)(?:\s+(?:only|alone))?(?:\s+(?:of|in|from|on|for)|\s*:)\s+(?P<t>.+)$",
    )
});
static LEAD_SECTION: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:the\s+)?same\s+|just\s+(?:the\s+)?)?(?:intro|introduction|introductory|lead|lede|opening|first|top)$",
    )
});
static CONTRACTION_START: Pattern = LazyLock::new(|| rx(r"^'(?:m|re|s|ve|d|ll)\b"));
static ENDS_WITH_PREPOSITION: Pattern =
    LazyLock::new(|| rx(r"\b(?:in|of|on|to|for|with|at|by|from|about|into|per|each|every)$"));
/// Words that, after "section", name a view of every section rather than one section.
static SECTIONS_VIEW_WORD: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:outlines?|headings?|titles|names|list|listing|structure|hierarchy|tree|sizes|lengths|breakdown|layout|anchors)$",
    )
});
/// A clause number: "230", "3(a)", "2.1", "IV".
static NUMBERED_CLAUSE: Pattern =
    LazyLock::new(|| rx(r"^(?:\d+[a-z]?(?:\.\d+)*(?:\s*\(\w{1,4}\))*|[ivxlc]{1,6})$"));
/// A how-to task: "how to write ...", "how do I structure ...".
static HOW_TO: Pattern =
    LazyLock::new(|| rx(r"^how\s+(?:to|do\s+(?:i|you|we)|should\s+(?:i|we)|can\s+(?:i|we))\b"));
static WH_WORD: Pattern = LazyLock::new(|| rx(r"^(?:which|what|whichever|whose)\b"));
/// "take part in", "played a key part in": "part" in a verb idiom, not an article's part.
static PART_IDIOM: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:take|takes|took|taking|taken|(?:play|plays|played|playing)\s+(?:a|an|no|any|some|the|its|their|his|her)(?:\s+[a-z]+)?)$",
    )
});
/// A question opener that names no section: "how many ...", "who ...", "when ...".
static QUESTION_LEAD: Pattern = LazyLock::new(|| {
    rx(r"^(?:how\s+(?:many|much|far|long|often|old|big|large)|who|whom|when|where|why)\b")
});
/// A question coordinated after a subject: "... and how far did they walk".
/// A quoted name that ends a phrase.
static QUOTED_LAST: Pattern = LazyLock::new(|| rx(r#"(?:^|\s)["'“‘](?P<q>[^"'“”‘’]+)["'”’]\s*$"#));
static COORDINATED_QUESTION: Pattern =
    LazyLock::new(|| rx(r"\s(?:and|but|or)\s+(?:how|why|when|where|who|what|which)\b"));
static CONNECTOR_START: Pattern = LazyLock::new(|| rx(r"^(?:of|in|from|on)\b"));
/// A noun for an article: the subject it follows or precedes is one ("the Wolf article").
pub(super) static ARTICLE_NOUN: Pattern =
    LazyLock::new(|| rx(r"\b(?:article|page|entry|document)\b"));

/// The article first, as the scene, then the ask: "From the Kubernetes article, pull the
/// section called Architecture", "In Health care in the United States, what does the Costs
/// section say?".
static SECTION_SCENE: Pattern =
    LazyLock::new(|| rx(r"^(?:in|from|within|inside)\s+(?P<t>[^,]+?),\s+(?P<ask>\S.*)$"));
/// The section named in the ask after the scene: "the section called Y", "the Y section",
/// "(what's) under 'Y'", "under the heading Y".
static SECTION_IN_ASK: Pattern = LazyLock::new(|| {
    rx(
        r#"\b(?:section|part|chapter)\s+(?:called|named|titled|headed)\s+(?P<a>.+)$|\b(?:section|part|chapter)\s+(?P<q>"[^"]+"|'[^']+')|^(?P<b>.+?)\s+(?:section|part|chapter)\b|^(?:(?:the\s+)?(?:part|text|bit|passage|content|stuff)\s+)?(?:written\s+)?(?:under|beneath)\s+(?:(?:the\s+)?(?:heading|header|subheading)\s+(?P<h>.+?)|(?P<u>"[^"]+"|'[^']+'))\s*$"#,
    )
});
/// "called/named Y": the words that name a section before its name.
/// Words before a section's name that are none of it: a participle of naming ("called X"), a
/// possessive pronoun for the article ("its Ecology").
static NAMING_WORD: Pattern =
    LazyLock::new(|| rx(r"^(?:called|named|titled|headed|its|their|the\s+article's)\s+"));

fn section_after_scene(text: &str) -> Option<(String, String)> {
    let c = caps(&SECTION_SCENE, text)?;
    let raw_title = group(&c, "t");
    if !looks_like_title(&raw_title) && !is_match(&ARTICLE_NOUN, &raw_title) {
        return None;
    }
    let ask = group(&c, "ask");
    let ask = match SECTION_LEAD.as_ref() {
        Some(re) => re.replace(&ask, "").to_string(),
        None => ask,
    };
    let s = caps(&SECTION_IN_ASK, &ask)?;
    let raw_section = ["a", "q", "b", "h", "u"]
        .iter()
        .find_map(|n| s.name(n))?
        .as_str();
    if is_match(&WH_WORD, raw_section) {
        return None;
    }
    Some((title_of(raw_section)?, title_of(&raw_title)?))
}

/// The section and the article of "show me what's under 'Y' in X" ([`WHAT_IS_UNDER`]), when
/// X names an article.
fn what_is_under(text: &str) -> Option<(String, String)> {
    let ask = match SECTION_LEAD.as_ref() {
        Some(re) => re.replace(text, "").to_string(),
        None => text.to_string(),
    };
    let c = caps(&WHAT_IS_UNDER, &ask)?;
    let raw_title = group(&c, "t");
    if !(looks_like_title(&raw_title) || is_match(&ARTICLE_NOUN, &raw_title))
        || super::is_generic_subject(&raw_title)
    {
        return None;
    }
    let raw_section = c.name("h").or_else(|| c.name("q"))?.as_str();
    Some((title_of(raw_section)?, title_of(&raw_title)?))
}

/// "what does the lead of the Rosetta Stone article say", "what does the History section of
/// Paris say": a part of a named article asked for by what it says.
static WHAT_PART_SAYS: Pattern = LazyLock::new(|| {
    rx(
        r"^what\s+(?:does|do)\s+(?:the\s+)?(?P<s>.+?)\s+(?:(?:section|part|chapter|paragraph)\s+)?(?:of|in)\s+(?P<t>.+?)\s+(?:say|says|state|states|cover|covers|tell\s+(?:me|us))\s*[?.!]*$",
    )
});

/// "the seven articles", "the 27 amendments", "both houses": parts counted, each of which the
/// question asks about; a section is one part, named by its heading.
static COUNTED_PARTS: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:the\s+)?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|several|various|many|both|all)\s",
    )
});
/// "... of the US Constitution each cover": a quantifier floated after the subject distributes
/// the question over several parts.
static FLOATING_QUANTIFIER: Pattern = LazyLock::new(|| rx(r"\s(?:each|both|all)\s*$"));

fn part_said(text: &str) -> Option<RuleHit> {
    let c = caps(&WHAT_PART_SAYS, text)?;
    let raw_title = group(&c, "t");
    let raw_section = group(&c, "s");
    if !(looks_like_title(&raw_title) || is_match(&ARTICLE_NOUN, &raw_title))
        || super::is_generic_subject(&raw_title)
        || is_match(&WH_WORD, &raw_section)
        || is_match(&NUMBERED_CLAUSE, raw_section.trim())
        || raw_section
            .split_whitespace()
            .last()
            .is_some_and(|w| is_match(&NUMBERED_CLAUSE, w))
        || is_match(&COUNTED_PARTS, &raw_section)
        || is_match(&FLOATING_QUANTIFIER, &raw_title)
    {
        return None;
    }
    let t = title_of(&raw_title)?;
    let sec = title_of(&raw_section)?;
    let conf = subject_confidence(0.88, &t);
    part_view(t, sec, conf, "section: what the Y of X says")
}

/// The view of part `sec` of article `t`: its summary when the part is the lead ("the intro
/// paragraph of X" names no section "intro"), else the section.
fn part_view(t: String, sec: String, conf: f32, rule: &'static str) -> Option<RuleHit> {
    if is_match(&LEAD_SECTION, &sec) {
        return hit(
            Intent::Summary { title_or_path: t },
            conf,
            "summary: lead section requested",
        );
    }
    hit(
        Intent::Section {
            title_or_path: t,
            section: sec,
        },
        conf,
        rule,
    )
}

static PARTICLE_BEFORE_SECTION: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:and|now|also|then|the)\s+)*(?-i:[A-Z])\w*\s+(?:in|on|out|up|off|around|by|there|away)\s+(?:section|part|chapter)\b",
    )
});
static FOLLOW_UP_LEAD: Pattern =
    LazyLock::new(|| rx(r"^(?:(?:and|now|also|then|the|same|for)\b\s*)+"));
/// "just the lead of 'Kraken (mythology)'", "the intro bit of the Voyager 1 article", "the
/// opening blurb of the Nelson Mandela article": the lead of a named article is its summary.
static LEAD_OF: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:give|show|get|read|fetch|display|print|send|pull\s+up|provide|furnish|return|grab)\s+(?:me\s+|us\s+)?)?(?:(?:just|only|and|now|also)\s+)*(?:the\s+)?(?:same\s+)?(?:lead|lede|(?:intro|introduction|introductory|opening|lead|lede)\s+(?:bit|part|paragraph|para|lines?|section|stuff|blurbs?|snippet)|first\s+(?:paragraph|para))(?:\s+(?:only|alone))?\s+(?:of|for|from)\s+(?P<t>.+)$",
    )
});
/// "show me what's under 'Lubrication' in the Marine diesel engine article", "what is under
/// the heading Variations in Bowline": the text under a heading of a named article. The
/// heading is quoted or called one ("what's under the surface of Mars" asks about the world).
static WHAT_IS_UNDER: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:the\s+(?:part|text|bit|passage|content|stuff)\s+)?(?:written\s+)?(?:under|beneath)\s+(?:(?:the\s+)?(?:heading|header|subheading)\s+(?P<h>.+?)|(?P<q>"[^"]+"|'[^']+'))\s+(?:in|of|from|on)\s+(?P<t>.+)$"#,
    )
});

/// "from the article Bowline read me the part under the heading Variations".
static UNDER_HEADING: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:from|in)\s+(?:the\s+)?(?:article|page|entry)\s+(?P<t>.+?),?\s+(?:read|show|give|get|fetch|print|display)\s+(?:me\s+|us\s+)?(?:the\s+)?(?:part|section|text|bit|passage)\s+under\s+(?:the\s+)?(?:heading|header|subheading)\s+(?P<s>.+?)\s*[.!?]*$",
    )
});

/// "A/Volcano#Eruptions section", "open C/Tide#Spring_tides": an entry path with the anchor
/// of one of its sections, alone or with a request verb and a word for the part. The anchor
/// is the section, its underscores spaces. Not "C#" or "F# major" (no path before).
static PATH_ANCHOR: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:show|get|read|open|fetch|display|give|pull\s+up|jump\s+to|go\s+to|skip\s+to|take\s+me\s+to)\s+(?:me\s+|us\s+)?)?(?:the\s+)?(?P<t>[^\s#]+)#(?P<s>[^\s#]+)(?:\s+(?:section|heading|part|anchor))?\s*[.!?]*$",
    )
});

fn path_anchor(text: &str) -> Option<(String, String)> {
    if !text.contains('#') {
        return None;
    }
    let c = caps(&PATH_ANCHOR, text)?;
    let path = group(&c, "t");
    if !super::batch::is_entry_path(&path) {
        return None;
    }
    let sec = group(&c, "s").replace('_', " ");
    let sec = sec
        .trim_matches(|ch: char| ch.is_ascii_punctuation())
        .to_string();
    (!sec.is_empty()).then_some((path, sec))
}

/// "read me the reception section from breaking bad": a title written in lowercase is still
/// the article's when a request verb opens the request and the title is a bare name of a few
/// words, with no determiner ("show me the string section of an orchestra", "the rhythm
/// section of the band" are topics).
static REQUEST_VERB_START: Pattern = LazyLock::new(|| {
    rx(r"^(?:show|read|give|get|open|display|fetch|print|pull\s+up|bring\s+up|grab)\b")
});
static DETERMINER_START: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:the|a|an|my|your|our|their|his|her|its|this|that|these|those|some|any|every|each|one|what|which|how)\b",
    )
});

fn lowercase_name_asked(text: &str, raw_title: &str, view_named_first: bool) -> bool {
    let words = raw_title.split_whitespace().count();
    (view_named_first || is_match(&REQUEST_VERB_START, text))
        && (1..=4).contains(&words)
        && !is_match(&DETERMINER_START, raw_title.trim())
        && raw_title
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '\'' || c == '-')
        && !super::is_generic_subject(raw_title)
        // "the references section of wikipedia articles": a kind of document, many of them.
        && !raw_title.split_whitespace().last().is_some_and(|w| {
            matches!(
                w.to_lowercase().as_str(),
                "articles" | "pages" | "entries" | "papers" | "documents" | "books" | "essays"
                    | "reports" | "theses"
            )
        })
}

/// "Read me 'Early life' from the Nelson Mandela article", "jump to 'Preparation' in the Ugali
/// page": a quoted name asked from a page the request calls one (or an entry path) is one of
/// its sections; without a noun for the page it is a name of the world ("play 'Yesterday'
/// from the Beatles").
static QUOTED_PART_OF_PAGE: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?P<s>"[^"]+"|'[^']+')\s+(?:from|in|of|on)\s+(?:the\s+)?(?:(?P<t>[^,;?!]+?)\s+(?:article|page|entry)|(?:article|page|entry)\s+(?P<u>[^,;?!]+?)|(?P<p>(?:[A-Z]|-)/\S+))\s*[.!]*$"#,
    )
});

/// "jump to Discography in the Beyoncé article": a name one navigates to inside a page the
/// request calls one is one of its sections, quoted or not ("jump to conclusions" names none).
static NAVIGATED_PART_OF_PAGE: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?:jump|skip|go|scroll|take\s+me)\s+(?:straight\s+|right\s+|directly\s+)?to\s+(?:the\s+)?(?P<s>[^\s,;?!'"][^,;?!'"]*?)\s+(?:section\s+|part\s+|heading\s+)?(?:in|of|on)\s+(?:the\s+)?(?:(?P<t>[^,;?!]+?)\s+(?:article|page|entry)|(?:article|page|entry)\s+(?P<u>[^,;?!]+?)|(?P<p>(?:[A-Z]|-)/\S+))\s*[.!]*$"#,
    )
});

fn quoted_part_of_page(text: &str) -> Option<(String, String)> {
    let ask = match SECTION_LEAD.as_ref() {
        Some(re) => re.replace(text, "").to_string(),
        None => text.to_string(),
    };
    let c = caps(&QUOTED_PART_OF_PAGE, ask.trim())
        .or_else(|| caps(&NAVIGATED_PART_OF_PAGE, text.trim()))?;
    let raw_title = ["t", "u", "p"].iter().find_map(|n| c.name(n))?.as_str();
    Some((title_of(&group(&c, "s"))?, title_of(raw_title)?))
}

/// A section of a page, the confidence `base` scaled by how much the title looks like one.
fn section_hit(t: String, sec: String, base: f32, why: &'static str) -> Option<RuleHit> {
    let conf = subject_confidence(base, &t);
    hit(
        Intent::Section {
            title_or_path: t,
            section: sec,
        },
        conf,
        why,
    )
}

pub(super) fn section(ctx: &Context) -> Option<RuleHit> {
    // "Nepal > Geography": a breadcrumb, the article then its section, both named.
    if !ctx.question
        && let Some(c) = caps(&BREADCRUMB, ctx.text.trim())
        && group(&c, "s").split_whitespace().count() <= 4
        && let (Some(t), Some(sec)) = (
            title_of(&group(&c, "t")),
            title_of(&[group(&c, "s"), group(&c, "q")].concat()),
        )
    {
        return part_view(t, sec, 0.8, "section: a breadcrumb, article > section");
    }
    if let Some(found) = part_said(ctx.text) {
        return Some(found);
    }
    if let Some((sec, t)) = quoted_part_of_page(ctx.text) {
        return section_hit(t, sec, 0.85, "section: a quoted part of a page named");
    }
    if let Some((t, sec)) = path_anchor(ctx.text) {
        return section_hit(t, sec, 0.88, "section: an entry path and its anchor");
    }
    if let Some(c) = caps(&LEAD_OF, ctx.text)
        && (looks_like_title(&group(&c, "t")) || is_match(&ARTICLE_NOUN, &group(&c, "t")))
        && !super::is_generic_subject(&group(&c, "t"))
        && let Some(t) = title_of(&group(&c, "t"))
    {
        let conf = subject_confidence(0.88, &t);
        return hit(
            Intent::Summary { title_or_path: t },
            conf,
            "summary: the lead of X",
        );
    }
    if let Some(c) = caps(&UNDER_HEADING, ctx.text)
        && looks_like_title(&group(&c, "t"))
        && let (Some(t), Some(sec)) = (title_of(&group(&c, "t")), title_of(&group(&c, "s")))
    {
        return section_hit(t, sec, 0.88, "section: the part under the heading Y");
    }
    if let Some((sec, t)) = what_is_under(ctx.text) {
        return section_hit(t, sec, 0.88, "section: what is under heading Y in X");
    }
    if let Some((sec, t)) = section_after_scene(ctx.text) {
        return section_hit(t, sec, 0.88, "section: 'in X, ... the Y section'");
    }
    let s = match SECTION_LEAD.as_ref() {
        Some(re) => re.replace(ctx.text, "").to_string(),
        None => ctx.text.to_string(),
    };
    // "the Get in section for Kyoto" (Wikivoyage's "Get in", "Get around"): a verb and its
    // particle before "section" are the section's name, not the request's verb.
    let s = if is_match(&PARTICLE_BEFORE_SECTION, ctx.text) {
        match FOLLOW_UP_LEAD.as_ref() {
            Some(re) => re.replace(ctx.text, "").to_string(),
            None => ctx.text.to_string(),
        }
    } else {
        s
    };
    for (re, rule, named_after_noun) in [
        (&SECTION_COMMA, "section: 'X, section Y'", true),
        (&SECTION_POSSESSIVE, "section: \"X's Y section\"", false),
        (&SECTION_NAMED_FIRST, "section: 'section Y of X'", true),
        (&SECTION_NAMED_BEFORE, "section: 'Y section of X'", false),
    ] {
        let Some(c) = caps(re, &s) else { continue };
        let raw_section = group(&c, "s");
        let raw_section = match NAMING_WORD.as_ref() {
            Some(re) => re.replace(&raw_section, "").to_string(),
            None => raw_section,
        };
        // "Step 2 of plan: obtain the 'Impact on agriculture' section": a quoted name right
        // before the noun is the section's whole name.
        let raw_section = match caps(&QUOTED_LAST, &raw_section) {
            Some(c) => group(&c, "q"),
            None => raw_section,
        };
        // "Which section of the Civil Rights Act prohibits ...": a section picked by its
        // content is a question about the world, as "which sections of X govern ...".
        if is_match(&CONNECTOR_START, &raw_section) || is_match(&WH_WORD, &raw_section) {
            continue;
        }
        // "the section outline of X", "section headings of X": a view of all the sections,
        // not one named "outline".
        if is_match(&SECTIONS_VIEW_WORD, raw_section.trim()) {
            continue;
        }
        // "I'm only interested in part of X": a heading names a thing; it does not end with
        // a preposition or begin inside a contraction.
        let lowercase_start = raw_section
            .trim_start()
            .chars()
            .next()
            .is_some_and(char::is_lowercase);
        if (is_match(&ENDS_WITH_PREPOSITION, raw_section.trim()) && lowercase_start)
            || is_match(&CONTRACTION_START, raw_section.trim_start())
        {
            continue;
        }
        // "How many people took part in the Salt March and how far did they walk?": "part"
        // in a verb idiom, a section "named" by a question, or a question coordinated
        // after the "title" is a question about the world.
        if is_match(&PART_IDIOM, &raw_section)
            || is_match(&QUESTION_LEAD, &raw_section)
            || is_match(&COORDINATED_QUESTION, &group(&c, "t"))
        {
            continue;
        }
        // "section 230 of the communications decency act": a section of a lowercase topic
        // is a clause of a law or a text, asked about the world; a section view is of an
        // article ("of Tea", "of the Flask article", "in std/iter/...").
        let raw_title = group(&c, "t");
        // "personal life section of keanu reeves pls": the view named first, with nothing
        // before it, asks for it as a verb would.
        let view_named_first = !ctx.question
            && ctx
                .text
                .trim_start()
                .to_lowercase()
                .starts_with(&raw_section.trim().to_lowercase());
        if !looks_like_title(&raw_title)
            && !is_match(&ARTICLE_NOUN, &raw_title)
            && !lowercase_name_asked(ctx.text, &raw_title, view_named_first)
        {
            continue;
        }
        // "Section 230 of the Communications Decency Act", "section 3(a) of the Treaty": a
        // section named by a number is a clause of a law or a text; an article's sections
        // are named by their headings. "the Methods section of a PhD thesis", "how to write
        // the Abstract section": a kind of document, or a task.
        if is_match(&NUMBERED_CLAUSE, raw_section.trim())
            || super::is_generic_subject(&raw_title)
            || is_match(&HOW_TO, ctx.text)
        {
            continue;
        }
        // "Section 8 voucher eligibility for ...", "section 230 protections of ...": a number
        // right after "section" names a clause, a program or a law, whatever follows it.
        if named_after_noun
            && raw_section
                .split_whitespace()
                .next()
                .is_some_and(|w| is_match(&NUMBERED_CLAUSE, w))
        {
            continue;
        }
        if let (Some(sec), Some(t)) = (title_of(&raw_section), title_of(&raw_title)) {
            let conf = subject_confidence(0.9, &t);
            return part_view(t, sec, conf, rule);
        }
    }
    None
}

/// "Nepal > Geography", "The Great Gatsby → \"Critical reception\"": two capitalised names
/// and nothing else, the second inside the first.
static BREADCRUMB: Pattern = LazyLock::new(|| {
    rx(
        r#"^(?P<t>(?-i:[A-Z])[^<>?!→»]{0,80}?)\s+(?:(?:>|»)\s+(?P<s>["'“]?(?-i:[A-Z])[^<>?!"'”]{0,80}?["'”]?)|→\s+(?P<q>["'“](?-i:[A-Z])[^<>?!"'”]{0,80}?["'”]))\s*$"#,
    )
});

static STRUCTURE_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:section|heading)\s+layout|structure|structured|anchors?(?:\s+(?:ids?|names?|slugs?|links?|tags?))?|layout|organi[sz]ed|organi[sz]ation|gliederung)\b",
    )
});
static STRUCTURE_HOW: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:.*?\b(?:know|see|understand|learn|find\s+out|check)\s+|(?:map\s+out|show(?:\s+me)?|tell\s+me|explain|describe|lay\s+out|walk\s+me\s+through)\s+)?how\s+(?:(?:is|are)\s+(?P<t>.+?)|(?P<e>.+?)\s+(?:is|are))\s+(?:organi[sz]ed|structured|laid\s+out|arranged)\b",
    )
});

/// "the sections of X": the parts of the article asked about, before its name.
static PARTS_OF: Pattern =
    LazyLock::new(|| rx(r"^(?:the\s+|its\s+)?(?:sections|parts|headings|chapters)\s+(?:of|in)\s+"));

/// The article of "how is X organised", embedded or not ("I need to know how the article X
/// is organised: its headings, their anchors ...").
fn organised_subject(text: &str) -> Option<String> {
    let how_subject = |c: &regex::Captures| {
        let t = group(c, "t");
        if t.is_empty() { group(c, "e") } else { t }
    };
    caps(&STRUCTURE_HOW, text)
        .filter(|c| is_match(&DOCUMENT_REFERENCE, &how_subject(c)))
        .and_then(|c| {
            let t = how_subject(&c);
            match PARTS_OF.as_ref().and_then(|re| re.find(&t)) {
                Some(m) => {
                    let rest = t.get(m.end()..).unwrap_or_default();
                    (looks_like_title(rest) || is_match(&ARTICLE_NOUN, rest))
                        .then(|| title_of(rest))
                        .flatten()
                }
                None => title_of(&t),
            }
        })
}

pub(super) fn structure(ctx: &Context) -> Option<RuleHit> {
    // "how is the Mitochondrion article organized?" asks for the view; "how is the US
    // federal government structured" asks about the world.
    // "how are the sections of X laid out": the sections are the article's, when X names
    // one ("how are the sections of an orchestra arranged" asks about the world).
    // An embedded question after a request verb ("map out how the sections of X are
    // organised") has its subject before the verb.
    let t = match organised_subject(ctx.text) {
        Some(t) => t,
        None => {
            // "What is the structure of DNA?" asks about DNA; "what is the structure of the
            // article on DNA" and "show the structure of DNA" ask for the view.
            if starts_like_question(ctx.text) && !is_match(&DOCUMENT_REFERENCE, ctx.text) {
                return None;
            }
            if (super::asks_about_the_topic(ctx.text) && !is_match(&ARTICLE_NOUN, ctx.text))
                || property_of_a_thing(ctx.text)
            {
                return None;
            }
            // "structure (headings, anchors, sizes) for entry X": an aside listing what the
            // view holds names no subject ("Python (programming language)" is a title).
            let without_asides = LISTING_ASIDE
                .as_ref()
                .map(|re| re.replace_all(ctx.text, "").into_owned())
                .filter(|t| is_match(&STRUCTURE_CUE, t));
            let text = without_asides.as_deref().unwrap_or(ctx.text);
            // "the skeleton of the Mount Everest article": a skeleton is the article's outline
            // only when a document is named ("the skeleton of a whale" is a topic).
            let t = match cue_subject(&STRUCTURE_CUE, text) {
                Some(t) => t,
                None if is_match(&DOCUMENT_REFERENCE, text) => cue_subject(&SKELETON_CUE, text)?,
                None => return None,
            };
            // "structure of the atom": a lowercase topic, not an article of the archive.
            if !looks_like_title(&t) && !is_match(&DOCUMENT_REFERENCE, text) {
                return None;
            }
            t
        }
    };
    hit(
        Intent::Structure {
            title_or_path: t.clone(),
        },
        subject_confidence(0.88, &t),
        "structure: structure/headings words",
    )
}

/// "structure of the UN Security Council", "contents of the Dead Sea Scrolls", "the structure
/// of DNA": the noun phrase alone, its object a thing with "the" (or the phrase itself
/// definite), names how an institution is built or what a document
/// or a container holds, a question about the world (the earlier splits label every such line
/// a search: "structure of the US federal court system", "what were the contents of the Dead
/// Sea Scrolls"). The view is of an article named bare ("structure of Biology"), called one
/// ("contents of the Evolution article") or asked with a verb ("show the structure of X").
static PROPERTY_OF_A_THING: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:(?:the\s+)?(?:structure|organi[sz]ation|layout|contents)\s+of\s+the\s+\S|the\s+(?:structure|organi[sz]ation|layout)\s+of\s+\S)",
    )
});

/// Whether the request is only [`PROPERTY_OF_A_THING`], with no document named and no anchors or
/// sizes asked.
fn property_of_a_thing(text: &str) -> bool {
    is_match(&PROPERTY_OF_A_THING, text)
        && !is_match(&DOCUMENT_REFERENCE, text)
        && !is_match(&WITH_ANCHORS_OR_SIZES, text)
}

/// An aside listing things, set apart by a space: "(headings, anchors, sizes)".
static LISTING_ASIDE: Pattern = LazyLock::new(|| rx(r"\s+\([^()]*,[^()]*\)"));

/// The outline of a document, called its skeleton.
static SKELETON_CUE: Pattern = LazyLock::new(|| rx(r"\bskeleton\b"));

/// A question opener, "what" included (`is_question` leaves "what" to the question rules).
pub(super) fn starts_like_question(s: &str) -> bool {
    is_question(s) || is_match(&WHAT_OPENER, s)
}

static WHAT_OPENER: Pattern = LazyLock::new(|| rx(r"^(?:what|which|what's|whats)\b"));
/// Words that make a question about an article's form rather than about its topic; not
/// inside a hyphenated compound, where they are topic ("page-replacement algorithms").
static DOCUMENT_REFERENCE: Pattern = LazyLock::new(|| {
    rx(
        r"(?:^|[^\w-])(?:article|page|entry|document|heading|headings|sections?|anchors?|toc)(?:$|[^\w-])|/",
    )
});

/// One quoted name and nothing else.
static QUOTED_ALONE: Pattern = LazyLock::new(|| rx(r#"^(?:"[^"]+"|'[^']+')\s*[.!?]*$"#));
static SUMMARY_CONNECTOR: Pattern =
    LazyLock::new(|| rx(r"^(?:of|for|on|about|to|me|us|the\s+article|the\s+page)\b"));
static SUMMARY_VERB: Pattern =
    LazyLock::new(|| rx(r"\b(?:summari[sz]e|explain|tl;?dr|in\s+a\s+nutshell|briefly)\b"));

static SUMMARY_CUE: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:short|shorter|brief|quick|condensed|abridged)\s+version|cliff'?s?\s*notes|summary|summari[sz]e|summari[sz]ation|tl;?dr|overview|gist|intro|introduction|brief|briefly|short\s+description|résumé|resume|resumen|zusammenfassung|synopsis|in\s+a\s+nutshell|explain)\b",
    )
});
static EXPLAIN: Pattern = LazyLock::new(|| rx(r"^explain\b"));
/// A question word and a clause of two words or more: "what Planck found about X", "how
/// vaccines work". Asked of the world unless its verb, last, is a form of "be" or "mean"
/// ([`BE_CLAUSE_END`]: "what Photosynthesis is").
static WH_CLAUSE: Pattern =
    LazyLock::new(|| rx(r"^(?:what|who|how|why|when|where|whether)\s+\S+\s+\S"));
static BE_CLAUSE_END: Pattern =
    LazyLock::new(|| rx(r"\s(?:is|are|was|were|means?|meant|stands\s+for)\s*[?.!]*$"));

fn clause_about_the_world(raw: &str) -> bool {
    is_match(&WH_CLAUSE, raw) && !is_match(&BE_CLAUSE_END, raw)
}

static QUESTION_WORDS_LEAD: Pattern = LazyLock::new(|| rx(r"^(?:what|who|how|quickly)\b\s*"));

/// The text after the last match of `cue`, uncleaned.
fn subject_raw_after(cue: &Pattern, s: &str) -> String {
    cue.as_ref()
        .and_then(|re| re.find_iter(s).last())
        .and_then(|m| s.get(m.end()..))
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// The writer saying they will summarise something themselves ("I'll summarise it later",
/// "we are going to condense this"; politeness stripping may have taken "I will" off, and
/// "later" or "myself" still says whose work it is).
static OWN_SUMMARISING: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:i|we)(?:'ll|'m|'re|\s+will|\s+shall|\s+am|\s+are)?(?:\s+going\s+to|\s+gonna)?\s+(?:then\s+)?(?:summari[sz]e|sum\s+up|condense)\s+(?:this|that|it|them)|(?:summari[sz]e|sum\s+up|condense)\s+(?:this|that|it|them)\s+(?:later|afterwards|myself|ourselves|tomorrow|tonight))\b",
    )
});

/// A summary wanted for the writer's studies ("for the exam", "for my book report") or
/// longer than an article's lead ("chapter by chapter"): what a work or topic is about, in
/// the world, is sought, not the lead of an article (a named article keeps its summary).
static STUDY_SUMMARY: Pattern = LazyLock::new(|| {
    rx(
        r"\bfor\s+(?:(?:my|our|the|a|an|his|her|their|tomorrow's|next\s+week's|this\s+week's)\s+)?(?:\w+\s+)?(?:exams?|tests?|quiz(?:zes)?|class|school|homework|essay|assignment|book\s+report|finals|coursework|lesson|seminar|revision|studies)\b|\b(chapter|book|scene|act|canto|part|episode)\s+by\s+(?:chapter|book|scene|act|canto|part|episode)\b",
    )
});

pub(super) fn summary_command(ctx: &Context) -> Option<RuleHit> {
    let cue = SUMMARY_CUE.as_ref()?;
    // In a question a summary word is the object asked for ("what's the gist of X") or part
    // of the topic ("What is the typical structure of an appellate brief?").
    if starts_like_question(ctx.text) && !cue_position(cue, ctx.text).is_some_and(|p| p.0) {
        return None;
    }
    // "an overview of the Cold War and why it ended": a question about the world.
    if super::asks_about_the_world_after(ctx.text) && !is_match(&ARTICLE_NOUN, ctx.text) {
        return None;
    }
    // "I will summarise this later: give me material about X": the summarising is the
    // writer's own work, what they ask for is material.
    if is_match(&OWN_SUMMARISING, ctx.text) {
        return None;
    }
    let raw = cue_subject(&SUMMARY_CUE, ctx.text)?;
    // Searched here, not left unread: the learned model, which reads "summary of X" as the
    // view whatever follows, would take a request no rule read.
    if is_match(&STUDY_SUMMARY, ctx.text) && !is_match(&ARTICLE_NOUN, ctx.text) {
        return hit(
            Intent::Search {
                query: crate::text::clean_query(ctx.text),
                all_archives: ctx.all_archives,
            },
            0.8,
            "search: a summary for the writer's studies",
        );
    }
    // "summary statistics in pandas": the cue qualifies a lowercase topic. A summary is asked
    // of something ("summary of X", "summarize X", "X in a nutshell") or of a named article.
    let after_cue = cue
        .find(ctx.text)
        .and_then(|m| ctx.text.get(m.end()..))
        .unwrap_or_default()
        .trim();
    // "summary \"敦煌莫高窟\"": a name quoted alone after the cue is what it is asked of.
    let asked_of = after_cue.is_empty()
        || is_match(&SUMMARY_CONNECTOR, after_cue)
        || is_match(&SUMMARY_VERB, ctx.text)
        || is_match(&QUOTED_ALONE, after_cue);
    if !asked_of && !looks_like_title(&raw) && !is_match(&DOCUMENT_REFERENCE, ctx.text) {
        return None;
    }
    // "a summary of what Planck found about the microwave background", "summary of how
    // vaccines work": a clause about the world, not a name ("a summary of what Photosynthesis
    // is" names its subject).
    if clause_about_the_world(&raw) {
        return None;
    }
    let t = match (QUESTION_WORDS_LEAD.as_ref(), BE_CLAUSE_END.as_ref()) {
        // "who Ada Lovelace was": the name without the question's words around it.
        (Some(lead), Some(end)) if lead.is_match(&raw) => {
            title_of(&end.replace(&lead.replace(&raw, ""), ""))?
        }
        (Some(lead), _) => title_of(&lead.replace(&raw, ""))?,
        (None, _) => raw,
    };
    // A summary of a named article is the summary view. A relation or evaluation of a topic
    // is searched ("overview of keto diet pros and cons", "explain the difference between
    // ..."); and asked as a question or with "explain", the subjects "what is X?" takes, the
    // others searched ("Could you give me an overview of the main causes of World War I?",
    // "explain the structure of proteins"), where an imperative names the part of an
    // article it wants summarised ("summary of the plot of Macbeth").
    let named = looks_like_title(&t) || is_match(&DOCUMENT_REFERENCE, ctx.text);
    let raw_subject = subject_raw_after(&SUMMARY_CUE, ctx.text);
    let asked = ctx.question || is_match(&EXPLAIN, ctx.text);
    if !named
        && (super::search::is_relation(&t)
            || (asked && !super::search::is_question_subject(&raw_subject, &t)))
    {
        return None;
    }
    // "explain recursion", "explain briefly what ownership is": asked to explain, not to
    // summarise an article, the request is about the topic in the world (a search, as
    // "what is X?" is); a summary word ("summary", "overview", "intro", "tl;dr") asks for
    // the article's lead.
    if only_explain_cues(cue, ctx.text) && !is_match(&DOCUMENT_REFERENCE, ctx.text) {
        return hit(
            Intent::Search {
                query: crate::text::clean_query(ctx.text),
                all_archives: ctx.all_archives,
            },
            subject_confidence(0.8, &t),
            "search: explain X",
        );
    }
    hit(
        Intent::Summary {
            title_or_path: t.clone(),
        },
        subject_confidence(0.9, &t),
        "summary: summary/overview words",
    )
}

/// Whether the request's summary cues are only "explain" and "briefly", which ask for an
/// explanation rather than for an article's summary.
fn only_explain_cues(cue: &Regex, s: &str) -> bool {
    cue.find_iter(s).all(|m| {
        let w = m.as_str().to_lowercase();
        w == "explain" || w == "briefly"
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(q: &str) -> Intent {
        crate::parse(q, &[]).intent
    }

    fn view_of(name: &str, t: &str) -> Intent {
        let title_or_path = t.to_string();
        match name {
            "Toc" => Intent::Toc { title_or_path },
            "Structure" => Intent::Structure { title_or_path },
            _ => Intent::Summary { title_or_path },
        }
    }

    #[test]
    fn a_name_quoted_alone_after_summary_is_its_subject() {
        assert_eq!(
            parsed("summary \"敦煌莫高窟\""),
            view_of("Summary", "敦煌莫高窟")
        );
        assert_eq!(
            parsed("summary 'photosynthesis'"),
            view_of("Summary", "photosynthesis")
        );
    }

    #[test]
    fn the_heading_hierarchy_structure_with_anchors_is_the_structure_view() {
        assert_eq!(
            parsed("show the heading hierarchy structure and anchors of the article Jeju"),
            view_of("Structure", "Jeju")
        );
    }

    #[test]
    fn anchors_or_sizes_asked_with_the_headings_are_the_structure_view() {
        for (q, t) in [
            (
                "list the outline of Photosynthesis with the anchors",
                "Photosynthesis",
            ),
            (
                "show me the headings of the Moon article, plus each heading's anchor",
                "Moon",
            ),
            (
                "table of contents of 'Jazz' and the section lengths",
                "Jazz",
            ),
        ] {
            assert_eq!(parsed(q), view_of("Structure", t), "{q}");
        }
        // Without them, and with the word only inside the title, it stays the contents.
        for (q, t) in [
            ("list the headings of 'Anchors Aweigh'", "Anchors Aweigh"),
            ("outline of the Roman Empire article", "Roman Empire"),
        ] {
            assert_eq!(parsed(q), view_of("Toc", t), "{q}");
        }
    }

    #[test]
    fn the_contents_asked_with_modals_restrictions_and_what_is_in() {
        for (q, t) in [
            (
                "May I see the table of contents for the article on Glaciers?",
                "Glaciers",
            ),
            (
                "i just need the table of contents of 'Baroque music', not the text",
                "Baroque music",
            ),
            ("what's in the table of contents of Tokyo", "Tokyo"),
            ("whats in the toc of the Nile article", "Nile"),
        ] {
            assert_eq!(parsed(q), view_of("Toc", t), "{q}");
        }
        // The contents of a thing in the world are no table of contents.
        for q in [
            "what's in the contents list of a hospital go-bag",
            "could the contents of a will be contested",
            "i only need the contents of a starter kit, not the box",
        ] {
            assert!(!matches!(parsed(q), Intent::Toc { .. }), "{q}");
        }
    }

    #[test]
    fn an_embedded_how_question_about_the_sections() {
        for (q, t) in [
            (
                "Map out how the sections of General Data Protection Regulation are organised (headings, anchors, lengths).",
                "General Data Protection Regulation",
            ),
            (
                "show me how the sections of the Jazz article are laid out",
                "Jazz",
            ),
        ] {
            assert_eq!(parsed(q), view_of("Structure", t), "{q}");
        }
        for q in [
            "explain how the sections of an orchestra are arranged",
            "show me how the US federal government is structured",
        ] {
            assert_ne!(parsed(q).name(), "Structure", "{q}");
        }
    }

    #[test]
    fn the_lead_asked_after_just_or_only() {
        for (q, t) in [
            ("first paragraph only of Index fund pls", "Index fund"),
            ("the opening paragraph alone of Marie Curie", "Marie Curie"),
            ("give me only the intro of the Danube article", "Danube"),
            (
                "show just the first paragraph of Marie Curie",
                "Marie Curie",
            ),
        ] {
            assert_eq!(parsed(q), view_of("Summary", t), "{q}");
        }
    }

    #[test]
    fn numbered_clauses_kinds_of_documents_and_how_to_are_no_sections() {
        for q in [
            "Section 1983 of the Civil Rights Act explained",
            "section 4(b) of the Voting Rights Act",
            "Article IV Section 2 of the Constitution",
            "how to write the Discussion section of a Master's thesis",
            "the Methods section of a clinical trial report",
            "how do I format the Abstract section of the APA paper",
        ] {
            assert!(!matches!(parsed(q), Intent::Section { .. }), "{q}");
        }
        assert_eq!(
            parsed("the Early life section of Alan Turing"),
            Intent::Section {
                title_or_path: "Alan Turing".into(),
                section: "Early life".into()
            }
        );
    }

    #[test]
    fn byte_sizes_and_how_long_each_is_with_the_headings_are_the_structure() {
        for (q, t) in [
            (
                "give me the section headings and their byte sizes for 'Climate change'",
                "Climate change",
            ),
            (
                "which sections does the 'Python (programming language)' page have and how long is each?",
                "Python (programming language)",
            ),
            ("headings with word counts for the Moon article", "Moon"),
        ] {
            assert_eq!(parsed(q), view_of("Structure", t), "{q}");
        }
        assert_eq!(
            parsed("which sections does the 'Python (programming language)' page have?"),
            view_of("Toc", "Python (programming language)")
        );
        for q in [
            "how long is each episode of Breaking Bad",
            "which chapters of the Bible are the longest and how long is each",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
    }

    #[test]
    fn what_is_under_a_heading_of_an_article() {
        for (q, t, s) in [
            (
                "I'm a ship's engineer. From the 'Marine diesel engine' article, show me what's under 'Lubrication'.",
                "Marine diesel engine",
                "Lubrication",
            ),
            (
                "what's under the heading Variations in Bowline",
                "Bowline",
                "Variations",
            ),
            (
                "show me what's under 'Side effects' in the Metformin article",
                "Metformin",
                "Side effects",
            ),
        ] {
            assert_eq!(
                parsed(q),
                Intent::Section {
                    title_or_path: t.into(),
                    section: s.into()
                },
                "{q}"
            );
        }
        // Under things that are no headings, or in no article.
        for q in [
            "what's under the hood of a Tesla Model 3",
            "what's under 'Other income' in my tax return",
            "what is under the heading 'Notes' in an APA paper",
        ] {
            assert_eq!(parsed(q).name(), "Search", "{q}");
        }
    }

    #[test]
    fn patterns_compile() {
        assert!(STRUCTURE_SPECIFIC.is_some(), "STRUCTURE_SPECIFIC");
        assert!(TOC_CUE.is_some(), "TOC_CUE");
        assert!(TOC_QUESTION.is_some(), "TOC_QUESTION");
        assert!(TOC_ASKED.is_some(), "TOC_ASKED");
        assert!(HEADINGS_CUE.is_some(), "HEADINGS_CUE");
        assert!(SECTION_LEAD.is_some(), "SECTION_LEAD");
        assert!(WHAT_IS_UNDER.is_some(), "WHAT_IS_UNDER");
        assert!(SECTION_COMMA.is_some(), "SECTION_COMMA");
        assert!(SECTION_POSSESSIVE.is_some(), "SECTION_POSSESSIVE");
        assert!(SECTION_NAMED_FIRST.is_some(), "SECTION_NAMED_FIRST");
        assert!(SECTION_NAMED_BEFORE.is_some(), "SECTION_NAMED_BEFORE");
        assert!(CONNECTOR_START.is_some(), "CONNECTOR_START");
        assert!(LEAD_SECTION.is_some(), "LEAD_SECTION");
        assert!(STRUCTURE_CUE.is_some(), "STRUCTURE_CUE");
        assert!(STRUCTURE_HOW.is_some(), "STRUCTURE_HOW");
        assert!(SUMMARY_CUE.is_some(), "SUMMARY_CUE");
        assert!(WHAT_OPENER.is_some(), "WHAT_OPENER");
        assert!(SUMMARY_CONNECTOR.is_some(), "SUMMARY_CONNECTOR");
        assert!(SUMMARY_VERB.is_some(), "SUMMARY_VERB");
        assert!(DOCUMENT_REFERENCE.is_some(), "DOCUMENT_REFERENCE");
        assert!(QUESTION_WORDS_LEAD.is_some(), "QUESTION_WORDS_LEAD");
        assert!(SECTION_SIZES.is_some(), "SECTION_SIZES");
        assert!(BREAKDOWN.is_some(), "BREAKDOWN");
        assert!(LONGEST_SECTIONS_OF.is_some(), "LONGEST_SECTIONS_OF");
    }

    fn view(text: &str) -> Option<Intent> {
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
    fn section_sizes_are_the_structure_view() {
        for (q, t) in [
            ("section lengths of the Moon article", "Moon"),
            ("give me the section sizes for Jazz", "Jazz"),
            ("how big is each section of the page on Tokyo", "Tokyo"),
            (
                "the word counts of each section in the Opera article",
                "Opera",
            ),
            (
                "outline of the Nile article, with how long each part is",
                "Nile",
            ),
        ] {
            assert_eq!(
                view(q),
                Some(Intent::Structure {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
        for (q, t) in [
            (
                "break down the Photosynthesis article by section, which parts are the biggest",
                "Photosynthesis",
            ),
            ("break down Ray Charles into its sections", "Ray Charles"),
            ("which sections of the Jazz article are the longest", "Jazz"),
            ("the longest sections of the page on Tokyo", "Tokyo"),
        ] {
            assert_eq!(
                view(q),
                Some(Intent::Structure {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
        for q in [
            "break down a research paper by section",
            "which parts of the brain are the biggest",
            "how long is each section of the Appalachian Trail",
            "section lengths for a thesis",
            "how long is each part of a marathon",
        ] {
            assert_ne!(view(q).map(|i| i.name()), Some("Structure"), "{q}");
        }
    }

    fn view_q(text: &str, question: bool) -> Option<Intent> {
        let ctx = Context {
            text,
            all_archives: false,
            limit: None,
            archive_named: false,
            question,
        };
        super::super::classify(&ctx).map(|h| h.intent)
    }

    #[test]
    fn an_overview_of_a_topic_asked_as_a_question_is_searched() {
        let summary = |t: &str| {
            Some(Intent::Summary {
                title_or_path: t.into(),
            })
        };
        // Asked as a question ("Could you give me ...?"), an overview of an attribute of a
        // topic is a search.
        for q in [
            "give me an overview of the main causes of World War I",
            "give me a summary of the key events of the Cold War",
            "a brief overview of the major symptoms of anemia",
        ] {
            assert_ne!(view_q(q, true).map(|i| i.name()), Some("Summary"), "{q}");
        }
        // A summary word inside a question about the world is topic.
        for q in [
            "what is the typical structure of an appellate brief",
            "what should an executive summary contain",
            "who wrote the brief",
        ] {
            assert_ne!(view_q(q, true).map(|i| i.name()), Some("Summary"), "{q}");
        }
        // Relations and evaluations are searched however they are asked.
        for q in [
            "overview of keto diet pros and cons",
            "summary of the advantages and disadvantages of nuclear power",
            "quick overview of intermittent fasting benefits and risks",
        ] {
            assert_ne!(view_q(q, false).map(|i| i.name()), Some("Summary"), "{q}");
        }
        // A summary of a named article, or of a topic asked for, stays a summary.
        assert_eq!(
            view_q("give me an overview of the French Revolution", true),
            summary("French Revolution")
        );
        assert_eq!(
            view_q("what's the summary of the Moon article", true),
            summary("Moon")
        );
        assert_eq!(
            view_q("summary of the plot of Macbeth", false),
            summary("plot of Macbeth")
        );
        assert_eq!(
            view_q("overview of photosynthesis", false),
            summary("photosynthesis")
        );
    }

    #[test]
    fn a_clause_that_restates_the_request() {
        for (q, t) in [
            (
                "give me the gist of the Great Barrier Reef page, just the intro",
                "Great Barrier Reef",
            ),
            ("the summary of Jazz, only the intro", "Jazz"),
            (
                "Provide a brief summary of the article 'Plate tectonics'",
                "Plate tectonics",
            ),
        ] {
            assert_eq!(
                view(q),
                Some(Intent::Summary {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
    }

    #[test]
    fn headings_and_outlines_are_the_table_of_contents() {
        for (q, t) in [
            (
                "List the headings in the Hypertension article",
                "Hypertension",
            ),
            ("Show me the outline of the article on Jazz", "Jazz"),
            ("outline of Hamlet", "Hamlet"),
            (
                "headings of std/iter/trait.Iterator.html",
                "std/iter/trait.Iterator.html",
            ),
            ("what are the headings of the Moon article", "Moon"),
            ("the colosseum article headings", "colosseum"),
        ] {
            assert_eq!(
                view(q),
                Some(Intent::Toc {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
        // The structure view keeps structure, anchors and sizes.
        assert_eq!(
            view("heading structure of Jazz").map(|i| i.name()),
            Some("Structure")
        );
        assert_eq!(
            view("headings and anchors of Jazz").map(|i| i.name()),
            Some("Structure")
        );
        // Headings and outlines of a topic are searched.
        for q in [
            "headings in markdown how many # can you use",
            "outline of a research paper",
            "outline of the french revolution for my essay",
        ] {
            assert_ne!(view(q).map(|i| i.name()), Some("Toc"), "{q}");
        }
    }

    #[test]
    fn sections_picked_by_their_content_are_a_question_about_the_world() {
        for q in [
            "Which sections of the Uniform Commercial Code govern the sale of goods",
            "what chapters of the Bible mention Moses",
            "which sections of the GDPR apply to small businesses",
        ] {
            assert_ne!(view(q).map(|i| i.name()), Some("Toc"), "{q}");
        }
        for (q, t) in [
            (
                "what are the sections of Hit the Road Jack",
                "Hit the Road Jack",
            ),
            ("which sections are in C/Photosynthesis", "C/Photosynthesis"),
            ("what sections does the Jazz article have", "Jazz"),
        ] {
            assert_eq!(
                view(q),
                Some(Intent::Toc {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
    }

    #[test]
    fn request_words_before_a_section_name() {
        for (q, t, sec) in [
            (
                "Extract the 'Pathophysiology' section of the Asthma article",
                "Asthma",
                "Pathophysiology",
            ),
            (
                "what's in the causes part of the great depression article",
                "great depression",
                "causes",
            ),
            ("retrieve the History section of Rome", "Rome", "History"),
            (
                "what is in the Legacy section of the Ray Charles page",
                "Ray Charles",
                "Legacy",
            ),
        ] {
            assert_eq!(
                view(q),
                Some(Intent::Section {
                    title_or_path: t.into(),
                    section: sec.into()
                }),
                "{q}"
            );
        }
    }

    #[test]
    fn the_article_as_the_scene_before_the_section_asked() {
        for (q, t, sec) in [
            (
                "From the Kubernetes article, pull the section called Architecture",
                "Kubernetes",
                "Architecture",
            ),
            (
                "In Health care in the United States, what does the Costs section say",
                "Health care in the United States",
                "Costs",
            ),
            (
                "in Tea, show me the part named Etymology",
                "Tea",
                "Etymology",
            ),
            (
                "need the Etymology section of Main Street",
                "Main Street",
                "Etymology",
            ),
            (
                "show the section called History in the Rome article",
                "Rome",
                "History",
            ),
            (
                "In the Bitcoin article, what does the section \"Criticism\" say?",
                "Bitcoin",
                "Criticism",
            ),
            (
                "what does the History section of the Paris article say",
                "Paris",
                "History",
            ),
        ] {
            assert_eq!(
                view(q),
                Some(Intent::Section {
                    title_or_path: t.into(),
                    section: sec.into()
                }),
                "{q}"
            );
        }
        // A lowercase scene is a topic; a section picked by its content is a question.
        for q in [
            "in contract law, what does the consideration section usually cover",
            "In the Constitution, which section covers impeachment",
        ] {
            assert_ne!(view(q).map(|i| i.name()), Some("Section"), "{q}");
        }
    }

    #[test]
    fn the_size_or_heading_hierarchy_of_a_named_article_is_its_structure() {
        for (q, t) in [
            (
                "how big is the article on the French Revolution? give me its structure and size",
                "French Revolution",
            ),
            ("how long is the Moon article?", "Moon"),
            (
                "heading hierarchy (h2/h3) and anchors for the Ownership page",
                "Ownership",
            ),
        ] {
            assert_eq!(
                view(q),
                Some(Intent::Structure {
                    title_or_path: t.into()
                }),
                "{q}"
            );
        }
        assert_eq!(
            crate::parse(
                "For chunking purposes I need the section outline of \"Quantum mechanics\" with anchors and approximate length of each section.",
                &[]
            )
            .intent,
            Intent::Structure {
                title_or_path: "Quantum mechanics".into()
            }
        );
        for q in [
            "how big is a blue whale",
            "how long is the Nile",
            "how long is a typical wikipedia article",
            "what is the heading hierarchy in html",
        ] {
            assert!(!matches!(view(q), Some(Intent::Structure { .. })), "{q}");
        }
    }

    #[test]
    fn a_part_named_by_a_clause_is_no_section() {
        for q in [
            "I'm only interested in part of the Pro Git chapter on branching",
            "we took part in the Boston Marathon",
            "she is interested in part of the Moon article",
        ] {
            assert!(!matches!(view(q), Some(Intent::Section { .. })), "{q}");
        }
    }

    #[test]
    fn what_a_part_of_an_article_says() {
        assert_eq!(
            view("what does the lead of the Rosetta Stone article say"),
            Some(Intent::Summary {
                title_or_path: "Rosetta Stone".into()
            })
        );
        assert_eq!(
            view("What does the introduction of Hamlet say?"),
            Some(Intent::Summary {
                title_or_path: "Hamlet".into()
            })
        );
        // A part of a lowercase topic, or of a kind of document, is asked about the world.
        for q in [
            "what does the second amendment of the constitution say",
            "what does the fine print in a mortgage contract say",
            "what does the abstract of a research paper usually say",
            "what does article 5 of the NATO treaty say",
        ] {
            assert!(
                !matches!(
                    view(q),
                    Some(Intent::Section { .. } | Intent::Summary { .. })
                ),
                "{q}"
            );
        }
    }

    #[test]
    fn anchors_or_sizes_asked_with_an_outline_or_the_headings() {
        for (q, t) in [
            (
                "outline of the article French Revolution with heading anchors",
                "French Revolution",
            ),
            (
                "outline of Roman Republic with the heading anchors",
                "Roman Republic",
            ),
            ("outline of Hamlet with section anchors", "Hamlet"),
            (
                "which headings does the Anchor article have and how long is each section",
                "Anchor",
            ),
            (
                "what sections does the Moon article have and how big is each section",
                "Moon",
            ),
            (
                "how are the sections of Summary statistics laid out and how big is each",
                "Summary statistics",
            ),
            ("how are the parts of the Moon article organized", "Moon"),
            (
                "Return the document structure (headings, anchors, byte sizes per section) of Main Street.",
                "Main Street",
            ),
            ("show the heading structure (with anchors) of Jazz", "Jazz"),
        ] {
            assert_eq!(
                parsed(q),
                Intent::Structure {
                    title_or_path: t.into()
                },
                "{q}"
            );
        }
        // The outline or the headings alone stay the table of contents.
        for (q, t) in [
            ("outline of Hamlet", "Hamlet"),
            ("show the outline of Black Death", "Black Death"),
            ("what headings does the Jazz article have", "Jazz"),
            (
                "show the outline of Index (publishing)",
                "Index (publishing)",
            ),
        ] {
            assert_eq!(
                parsed(q),
                Intent::Toc {
                    title_or_path: t.into()
                },
                "{q}"
            );
        }
        // How a thing in the world is laid out is no view.
        assert_eq!(
            parsed("how are the sections of an orchestra arranged").name(),
            "Search"
        );
    }
}
