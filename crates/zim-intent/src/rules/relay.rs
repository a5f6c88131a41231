//! A request relayed by an agent: a person's words quoted whole, with the relaying agent's
//! own remark around them ("The user says \"Get me both the Beethoven and Mozart articles\".
//! Forwarding as-is.", "Passing along: \"Ist der Server erreichbar?\"", "User query follows,
//! verbatim: \"summarize the article Photosynthesis\". Keep it short."). The remark says who
//! asked and how to answer; the quoted words are the request, and the command words of the
//! remark ("answer from the server side", "forwarding", "handle") name no operation.

use crate::text::{Pattern, rx};
use std::ops::Range;
use std::sync::LazyLock;

/// Words of a relaying remark: someone else's words passed on, or how they were passed.
static RELAY_REMARK: Pattern = LazyLock::new(|| {
    rx(
        r"\b(?:forward(?:ed|ing)?|pass(?:ing|ed)?\s+(?:it\s+|this\s+)?along|relay(?:ed|ing)?|verbatim|as[\s-]is|(?:user|customer|caller|client|patient|student|visitor|requester|human|operator|person|he|she|they)(?:'s)?\s+(?:says?|said|wrote|writes|typed|types|asks?|asked|wants|wanted|request(?:ed|s)?|query|message|question|input|prompt)|(?:user|original|incoming)\s+(?:request|query|input|message|prompt|question)|(?:query|request|message)\s+follows)\b",
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

#[cfg(test)]
mod tests {
    use super::relayed_request;

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
