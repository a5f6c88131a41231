//! A request relayed by an agent: a person's words quoted whole, with the relaying agent's
//! own remark around them ("The user says \"Get me both the Beethoven and Mozart articles\".
//! Forwarding as-is.", "Passing along: \"Ist der Server erreichbar?\"", "User query follows,
//! verbatim: \"summarize the article Photosynthesis\". Keep it short."). The remark says who
//! asked and how to answer; the quoted words are the request, and the command words of the
//! remark ("answer from the server side", "forwarding", "handle") name no operation.
//!
//! Also the other wrappings of a request that are prose rather than a call's syntax (see
//! `UNWRAPPINGS`): a mail quoted in an automatic reply, a message's address or a log line's
//! stamp, a numbered plan's step to carry out, wiki links, a support bot's paraphrase, a
//! Markdown item in bold, a last line saying why, and a browser extension's bracketed fields
//! and verb ("[page: Dragon] [selection: \"Etymology\"] → open this section").

use crate::text::{Pattern, rx};
use std::ops::Range;
use std::sync::LazyLock;

/// Words of a relaying remark: someone else's words passed on, or how they were passed.
static RELAY_REMARK: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:forward(?:ed|ing)?|pass(?:ing|ed)?\s+(?:it\s+|this\s+)?along|relay(?:ed|ing)?|verbatim|as[\s-]is|(?:user|customer|caller|client|patient|student|visitor|requester|human|operator|person|he|she|they)(?:'s)?\s+(?:says?|said|wrote|writes|typed|types|asks?|asked|wants|wanted|request(?:ed|s)?|query|message|question|input|prompt)|(?:user|original|incoming)\s+(?:request|query|input|message|prompt|question)|(?:query|request|message)\s+follows|your\s+(?:message|mail|e-?mail)|quoted\s+below|you\s+wrote|auto-?reply|original\s+message)\b",
    )
});

/// Opening marks of a quotation and the marks that close it: straight, typographic,
/// guillemets, German low-high.
const QUOTE_MARKS: [(char, &[char]); 4] = [
    ('"', &['"']),
    ('\u{201c}', &['\u{201d}']),
    ('\u{00ab}', &['\u{00bb}']),
    ('\u{201e}', &['\u{201c}', '\u{201d}']),
];

/// The quoted request of a relayed one: the last quotation of two words or more, when the
/// text around the quotations reads as a relaying remark. A single quoted word is a name
/// ("User typed \"Schrödi\""), not a request.
pub(crate) fn relayed_request(raw: &str) -> Option<String> {
    if let Some(quoted) = email_quote(raw) {
        return Some(quoted);
    }
    let spans = quotations(raw);
    let inner = spans.iter().rev().find(|q| {
        raw.get(q.inner.clone())
            .is_some_and(|t| t.split_whitespace().count() >= 2)
    })?;
    let mut outside = String::with_capacity(raw.len());
    let mut from = 0;
    for q in &spans {
        outside.push_str(raw.get(from..q.outer.start)?);
        outside.push(' ');
        from = q.outer.end;
    }
    outside.push_str(raw.get(from..)?);
    if !RELAY_REMARK.as_ref()?.is_match(&outside) {
        return None;
    }
    let inner = raw.get(inner.inner.clone())?.trim();
    (!inner.is_empty()).then(|| inner.to_string())
}

/// A mail quoted in an automatic reply: its quote mark, "> ", then the words, to the last
/// closing mark ("Your message read: '> Hi, can you pull up the full Sextant article for
/// me? Cheers, Tom'").
static EMAIL_QUOTE: Pattern =
    LazyLock::new(|| rx(r#"['"“]\s*>\s*(?P<q>\S.*?)\s*['"”][\s.]*(?:[^'"”]*)$"#));
/// A closing line of a mail: "Cheers, Tom", "Thanks, Ana", "Best regards".
static SIGN_OFF: Pattern = LazyLock::new(|| {
    rx(
        r"[\s.!?,]+(?:cheers|thanks|thank\s+you|regards|best(?:\s+regards|\s+wishes)?|kind\s+regards|sincerely)\s*,?\s*(?:\p{Lu}\w*\s*)?[.!]*$",
    )
});

/// The mail quoted in a relaying remark ([`EMAIL_QUOTE`]), without its sign-off.
fn email_quote(raw: &str) -> Option<String> {
    let c = EMAIL_QUOTE.as_ref()?.captures(raw)?;
    let m = c.get(0)?;
    let outside = format!(
        "{} {}",
        raw.get(..m.start()).unwrap_or_default(),
        raw.get(m.end()..).unwrap_or_default()
    );
    if !RELAY_REMARK.as_ref()?.is_match(&outside) {
        return None;
    }
    let quoted = c.name("q")?.as_str();
    let quoted = match SIGN_OFF.as_ref() {
        Some(re) => re.replace(quoted, "").into_owned(),
        None => quoted.to_string(),
    };
    let quoted = quoted.trim();
    (!quoted.is_empty()).then(|| quoted.to_string())
}

/// One quotation: its byte range with its marks, and its contents' without them.
struct Quotation {
    outer: Range<usize>,
    inner: Range<usize>,
}

/// The quotations of a text, in order; an opening mark without its closing one ends the scan.
fn quotations(raw: &str) -> Vec<Quotation> {
    let mut spans = Vec::new();
    let mut chars = raw.char_indices();
    while let Some((i, c)) = chars.next() {
        let Some(&(_, closing)) = QUOTE_MARKS.iter().find(|(open, _)| *open == c) else {
            continue;
        };
        let start = i + c.len_utf8();
        let Some((j, d)) = chars.by_ref().find(|(_, d)| closing.contains(d)) else {
            break;
        };
        spans.push(Quotation {
            outer: i..j + d.len_utf8(),
            inner: start..j,
        });
    }
    spans
}

/// A message addressed to the tool by name ("@zim please fetch ...", "to: zim-agent | body:
/// get inbound links for 'X'") or stamped as a log line ("[2026-12-07 12:30] INFO request:
/// ..."). The address and the stamp are no part of the request.
static ADDRESSED: Pattern = LazyLock::new(|| {
    rx(
        r"^\s*(?:\[[\d\-:/ T.Z+]{4,30}\]\s*(?:(?:info|debug|warn|warning|error|trace|notice)\b\s*)?(?:(?:request|query|msg|message|input)\s*:\s*)?|@[\w.-]+[,:]?\s+|to\s*:\s*[\w.@-]+\s*[|;,]\s*(?:(?:from|subject|re)\s*:\s*[^|;]*[|;]\s*)*(?:body|message|msg|text)\s*:\s*)(?P<rest>\S.*)$",
    )
});

/// The request of a message addressed to the tool ([`ADDRESSED`]).
pub(crate) fn addressed_request(raw: &str) -> Option<String> {
    let c = ADDRESSED.as_ref()?.captures(raw)?;
    Some(c.name("rest")?.as_str().trim().to_string())
}

/// A numbered step of a plan: "1. ", "2) ".
static STEP_MARK: Pattern = LazyLock::new(|| rx(r"(?:^|\s)(?P<n>\d{1,2})[.)]\s+"));
/// The step the plan says to carry out: "Do step 2 now", "execute step 3", "step 2 only".
static STEP_DESIGNATED: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:(?:do|execute|run|perform|carry\s+out|go\s+with)\s+(?:only\s+|just\s+)?step\s+(?P<a>\d{1,2})|step\s+(?P<b>\d{1,2})\s+(?:only|now|please))\b",
    )
});
/// A step that acts on the archive: the one to carry out when none is designated.
static ARCHIVE_STEP: Pattern = LazyLock::new(|| {
    rx(r"\b(?:archive|zim|search|look\s+up|article|entry|entries|page|namespace|wiki)\b")
});

/// The step of a numbered plan the request asks to carry out ("Plan: 1. Check the archive
/// is up. 2. Get the intro of the article 'Antarctic krill'. 3. Compare with notes. Do step
/// 2 now"): the step designated, or else the only one that acts on the archive. Steps are
/// numbered 1, 2, 3... in order; the designation is no part of the step.
pub(crate) fn plan_step(raw: &str) -> Option<String> {
    let marks: Vec<(usize, usize, u32)> = STEP_MARK
        .as_ref()?
        .captures_iter(raw)
        .filter_map(|c| {
            let all = c.get(0)?;
            Some((all.start(), all.end(), c.name("n")?.as_str().parse().ok()?))
        })
        .collect();
    let in_order = marks
        .iter()
        .enumerate()
        .all(|(i, m)| u32::try_from(i).is_ok_and(|i| m.2 == i + 1));
    if marks.len() < 2 || !in_order {
        return None;
    }
    let designated = STEP_DESIGNATED.as_ref()?.captures(raw);
    let designation_at = designated
        .as_ref()
        .and_then(|c| c.get(0))
        .map_or(raw.len(), |m| m.start());
    let steps: Vec<&str> = marks
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let end = marks.get(i + 1).map_or(designation_at, |next| next.0);
            raw.get(m.1..end.max(m.1)).unwrap_or_default().trim()
        })
        .collect();
    let wanted = designated
        .as_ref()
        .and_then(|c| c.name("a").or_else(|| c.name("b")))
        .and_then(|m| m.as_str().parse::<usize>().ok());
    let step = match wanted {
        Some(n) => *steps.get(n.checked_sub(1)?)?,
        None => {
            let acting: Vec<&&str> = steps
                .iter()
                .filter(|s| ARCHIVE_STEP.as_ref().is_some_and(|re| re.is_match(s)))
                .collect();
            match acting.as_slice() {
                [one] => **one,
                _ => return None,
            }
        }
    };
    // The last step runs on to the plan's closing word ("3. Draft summary. Execute").
    let step = step.trim_end_matches(|c: char| c == '.' || c.is_whitespace());
    (!step.is_empty()).then(|| step.to_string())
}

/// A reference written as a wiki link: `[[Title]]`, `[[Title|label]]`, `[[Title#Section]]`.
static WIKI_LINK: Pattern = LazyLock::new(|| {
    rx(r"\[\[(?P<t>[^\[\]|#]{1,200})(?:#(?P<s>[^\[\]|]{1,200}))?(?:\|[^\[\]]{0,200})?\]\]")
});

/// The request with its wiki links written as the names they are, quoted ("Fetch
/// [[Epinephrine]] and [[Atropine]] in full"); a link to a section as that section of its
/// page ("Pull up [[Coast guard#History]]": the "History" section of "Coast guard").
pub(crate) fn wiki_links_named(raw: &str) -> Option<String> {
    if !raw.contains("[[") {
        return None;
    }
    let re = WIKI_LINK.as_ref()?;
    re.is_match(raw).then(|| {
        re.replace_all(raw, |c: &regex::Captures| {
            let t = c.name("t").map_or("", |m| m.as_str()).trim();
            match c.name("s").map(|m| m.as_str().trim()) {
                Some(s) if !s.is_empty() => format!("the \"{s}\" section of \"{t}\""),
                _ => format!("\"{t}\""),
            }
        })
        .into_owned()
    })
}

/// A support bot's paraphrase of a customer's ask: "Customer is asking whether the server is
/// running; they keep getting timeouts", "Customer is asking for the complete articles on X
/// and Y". What is asked, as the customer would ask it: a question put back in its order
/// ("is the server running"), a thing asked for given ("give me ...").
static PARAPHRASE: Pattern = LazyLock::new(|| {
    rx(
        r"^(?:the\s+)?(?:customer|user|caller|client|patient|visitor|requester)\s+(?:is\s+asking|asks|asked|wants\s+to\s+know|would\s+like\s+to\s+know|is\s+requesting|requests|wants|would\s+like)\s+(?:(?P<how>whether|if)\s+(?P<q>.+)|for\s+(?P<f>.+)|to\s+(?P<t>.+))$",
    )
});
/// A clause's subject and its auxiliary: "the server is running".
static CLAUSE_AUXILIARY: Pattern = LazyLock::new(|| {
    rx(
        r"^(?P<subj>.+?)\s+(?P<aux>is|are|was|were|can|could|does|do|has|have|will|would)\s+(?P<rest>.*)$",
    )
});

/// The ask of a paraphrase ([`PARAPHRASE`]).
pub(crate) fn paraphrased_request(raw: &str) -> Option<String> {
    let c = PARAPHRASE.as_ref()?.captures(raw.trim())?;
    if let Some(q) = c.name("q") {
        let clause = q.as_str();
        return Some(
            match CLAUSE_AUXILIARY.as_ref().and_then(|re| re.captures(clause)) {
                Some(a) => format!(
                    "{} {} {}",
                    a.name("aux").map_or("", |m| m.as_str()),
                    a.name("subj").map_or("", |m| m.as_str()),
                    a.name("rest").map_or("", |m| m.as_str())
                ),
                None => clause.to_string(),
            },
        );
    }
    if let Some(f) = c.name("f") {
        return Some(format!("give me {}", f.as_str()));
    }
    c.name("t").map(|t| t.as_str().to_string())
}

/// A request written as a Markdown list item or in bold: "- **Fetch X and Y together**".
static MARKDOWN_ITEM: Pattern =
    LazyLock::new(|| rx(r"^\s*(?:[-*+]\s+)?(?:\*\*|__)(?P<t>[^*_]+?)(?:\*\*|__)\s*$"));

/// The words of a Markdown list item in bold ([`MARKDOWN_ITEM`]).
pub(crate) fn markdown_item(raw: &str) -> Option<String> {
    let c = MARKDOWN_ITEM.as_ref()?.captures(raw)?;
    Some(c.name("t")?.as_str().trim().to_string())
}

/// A line after the request saying why ("reason: comparing propulsion options").
static REASON_LINE: Pattern =
    LazyLock::new(|| rx(r"\n\s*(?:reason|why|purpose|rationale|context|note)\s*:[^\n]*$"));

/// The request without a last line saying why it is asked ([`REASON_LINE`]).
pub(crate) fn without_reason_line(raw: &str) -> Option<String> {
    let m = REASON_LINE.as_ref()?.find(raw)?;
    let kept = raw.get(..m.start())?.trim();
    (!kept.is_empty()).then(|| kept.to_string())
}

/// Bracketed fields, then the ask after an arrow or a colon.
static BRACKETED: Pattern = LazyLock::new(|| {
    rx(
        r"^\s*(?P<fields>(?:\[\s*[a-z_ -]{1,20}\s*:\s*[^\[\]]{0,200}\]\s*){1,4})(?:→|->|=>|:|-)?\s*(?P<ask>\S.*)$",
    )
});
/// One bracketed field.
static FIELD: Pattern =
    LazyLock::new(|| rx(r"\[\s*(?P<k>[a-z_ -]{1,20}?)\s*:\s*(?P<v>[^\[\]]{0,200})\]"));
/// The words of an ask that stand for the selection or the page: "this section", "it".
static DEICTIC: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:this|that|the\s+selected)\s+(?:section|part|heading|text|word|selection|prefix)\b|\b(?:this|it|that)\b",
    )
});

/// The request a browser extension's fields and verb make: "[page: Dragon] [selection:
/// \"Etymology\"] → open this section" is "open the section \"Etymology\" of \"Dragon\"",
/// "[selection: \"Anten\"] → autocomplete" is "autocomplete \"Anten\"". The selection stands
/// for "this" in the ask (or follows it); the page is what the ask is of.
pub(crate) fn bracketed_request(raw: &str) -> Option<String> {
    let c = BRACKETED.as_ref()?.captures(raw)?;
    let fields = c.name("fields")?.as_str();
    let ask = c.name("ask")?.as_str().trim();
    let (mut page, mut selection) = (None, None);
    for f in FIELD.as_ref()?.captures_iter(fields) {
        let key = f.name("k")?.as_str().to_lowercase();
        let value = f
            .name("v")?
            .as_str()
            .trim()
            .trim_matches(|c| matches!(c, '"' | '\'' | '\u{201c}' | '\u{201d}'))
            .trim();
        if value.is_empty() {
            continue;
        }
        match key.trim() {
            "page" | "article" | "title" | "entry" | "tab" => page = Some(value.to_string()),
            "selection" | "selected" | "selected text" | "highlight" | "text" | "word" => {
                selection = Some(value.to_string());
            }
            _ => {}
        }
    }
    let (page, selection) = (
        page.map(|p| format!("\"{p}\"")),
        selection.map(|s| format!("\"{s}\"")),
    );
    let deictic = DEICTIC.as_ref()?;
    let found = deictic.find(ask);
    let (before, said, after) = match found {
        Some(m) => (
            ask.get(..m.start()).unwrap_or_default(),
            m.as_str(),
            ask.get(m.end()..).unwrap_or_default(),
        ),
        None => (ask, "", ""),
    };
    let ask = match (&selection, found.is_some(), &page) {
        // "open this section": the noun kept, the selection named.
        (Some(sel), true, _) if said.split_whitespace().count() > 1 => {
            let noun = said.split_whitespace().last().unwrap_or_default();
            format!("{before}the {noun} {sel}{after}")
        }
        (Some(sel), true, _) => format!("{before}{sel}{after}"),
        (Some(sel), false, _) => format!("{ask} {sel}"),
        (None, true, Some(p)) => format!("{before}{p}{after}"),
        (None, false, Some(p)) => format!("{ask} {p}"),
        (None, _, None) => return None,
    };
    // The selection named as a part ("this section") is a part of the page.
    Some(match (&selection, &page) {
        (Some(_), Some(p)) if said.split_whitespace().count() > 1 => format!("{ask} of {p}"),
        _ => ask,
    })
}

#[cfg(test)]
mod tests {
    use super::{addressed_request, bracketed_request, plan_step, relayed_request};

    #[test]
    fn the_quoted_request_of_a_relaying_remark() {
        for (raw, inner) in [
            (
                "The user says \"Get me both the Beethoven and Mozart articles\". Forwarding as-is.",
                "Get me both the Beethoven and Mozart articles",
            ),
            (
                "User typed \"Schrödi\" and wants completions. Forwarding: \"complete Schrödi\".",
                "complete Schrödi",
            ),
            (
                "Passing along: \u{201c}Ist der Server erreichbar?\u{201d} The user is German-speaking.",
                "Ist der Server erreichbar?",
            ),
            (
                "The customer wrote «which archives are loaded» please check",
                "which archives are loaded",
            ),
        ] {
            assert_eq!(relayed_request(raw).as_deref(), Some(inner), "{raw}");
        }
    }

    #[test]
    fn the_step_of_a_plan_to_carry_out() {
        for (raw, step) in [
            (
                "Plan: 1. Check the archive is up. 2. Get the intro of the article 'Antarctic krill'. 3. Compare with notes. Do step 2 now.",
                "Get the intro of the article 'Antarctic krill'",
            ),
            (
                "Plan: 1. Gather background. 2. Search the archive for 'causes of the 1929 stock market crash'. 3. Draft summary. Execute",
                "Search the archive for 'causes of the 1929 stock market crash'",
            ),
        ] {
            assert_eq!(plan_step(raw).as_deref(), Some(step), "{raw}");
        }
        for raw in [
            "1. eggs 2. flour",
            "what happened in 1914. 2. why",
            "Plan: 1. Read the article X. 2. Read the article Y.",
        ] {
            assert_eq!(plan_step(raw), None, "{raw}");
        }
    }

    #[test]
    fn messages_addressed_to_the_tool() {
        for (raw, request) in [
            (
                "@zim please fetch the full text of A/Emperor_penguin",
                "please fetch the full text of A/Emperor_penguin",
            ),
            (
                "to: zim-agent | body: get inbound links for 'Fortnite Battle Royale'",
                "get inbound links for 'Fortnite Battle Royale'",
            ),
            (
                "to: zim-agent | subject: meds | body: retrieve 'Aspirin'",
                "retrieve 'Aspirin'",
            ),
        ] {
            assert_eq!(addressed_request(raw).as_deref(), Some(request), "{raw}");
        }
        for raw in ["@ the station", "to: be or not to be", "top 10 islands"] {
            assert_eq!(addressed_request(raw), None, "{raw}");
        }
    }

    #[test]
    fn a_browser_extensions_fields_and_verb() {
        for (raw, request) in [
            (
                "[page: Dragon] [selection: \"Etymology\"] → open this section",
                "open the section \"Etymology\" of \"Dragon\"",
            ),
            (
                "[selection: \"Anten\"] → autocomplete",
                "autocomplete \"Anten\"",
            ),
            ("[page: Dragon] -> summarize this", "summarize \"Dragon\""),
            (
                "[page: Dragon] [selection: fire breathing] → search",
                "search \"fire breathing\"",
            ),
        ] {
            assert_eq!(bracketed_request(raw).as_deref(), Some(request), "{raw}");
        }
        for raw in ["[citation needed] what is this", "[1] → toc", "[x: ] go"] {
            assert_eq!(bracketed_request(raw), None, "{raw}");
        }
    }

    #[test]
    fn quotations_without_a_relaying_remark_stay_in_the_request() {
        for raw in [
            "what does \"permission denied\" mean on linux",
            "find the article titled \"Pride and Prejudice\"",
            "User typed \"Schrödi\" and wants completions",
            "the user says \"hello\" twice",
            "forwarding \"unterminated quotation",
            "",
            "\"",
        ] {
            assert_eq!(relayed_request(raw), None, "{raw}");
        }
    }
}
