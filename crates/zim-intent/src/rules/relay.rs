//! A request relayed by an agent: a person's words quoted whole, with the relaying agent's
//! own remark around them ("The user says \"Get me both the Beethoven and Mozart articles\".
//! Forwarding as-is.", "Passing along: \"Ist der Server erreichbar?\"", "User query follows,
//! verbatim: \"summarize the article Photosynthesis\". Keep it short."). The remark says who
//! asked and how to answer; the quoted words are the request, and the command words of the
//! remark ("answer from the server side", "forwarding", "handle") name no operation.
//!
//! Also a request a browser extension sends: the page and the selected text in brackets, then
//! the verb ("[page: Dragon] [selection: \"Etymology\"] → open this section").

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
    use super::{bracketed_request, relayed_request};

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
