//! Which way a links request points: "what does X link to" asks for X's own links,
//! "which articles link to X" / "backlinks of X" / "what links here" for the pages that
//! link to X. The grammatical subject decides: pages or a question word before the verb
//! link to X; an auxiliary ("does") before X makes X the subject.

use std::sync::LazyLock;

use crate::text::{Pattern, rx};

/// Words that name the inbound direction by themselves.
static INBOUND_WORDS: Pattern = LazyLock::new(|| {
    rx(
        r"\b(back[- ]?links?|inbound|incoming\s+links?|links?\s+here|linking\s+here|what\s+links\s+to|who\s+links\s+to)\b",
    )
});

/// Pages (or a question word standing for them) as the subject of a linking verb, with at
/// most two words between: "which articles link to", "pages that point at", "what pages
/// refer to", "articles citing".
static PAGES_AS_SUBJECT: Pattern = LazyLock::new(|| {
    rx(
        r"\b(pages?|articles?|entries|entry|which|who)\b(\s+[\w'-]+){0,2}?\s+(link|links|linking|linked|point|points|pointing|refer|refers|referring|cite|cites|citing|mention|mentions|mentioning)\b(\s+(to|at|back\s+to))?",
    )
});

/// An auxiliary before the subject: "what does X link to" is X's own links.
static AUXILIARY: Pattern = LazyLock::new(|| rx(r"\b(does|do|did|is|are)\b"));

/// True when a links request asks for the pages that link to its article.
pub fn asks_for_inbound(query: &str) -> bool {
    let matches = |p: &Pattern| p.as_ref().is_some_and(|r| r.is_match(query));
    if matches(&INBOUND_WORDS) {
        return true;
    }
    let Some(found) = PAGES_AS_SUBJECT.as_ref().and_then(|r| r.find(query)) else {
        return false;
    };
    // "which pages does X link to", "what does the X article link to": an auxiliary before
    // the verb makes X the subject.
    let before_verb = query.get(..found.end()).unwrap_or(query);
    !AUXILIARY.as_ref().is_some_and(|r| r.is_match(before_verb))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subject_decides_the_direction() {
        for inbound in [
            "which articles link to Isaac Newton?",
            "backlinks for Isaac Newton",
            "what links here: A/Ray_Charles",
            "pages that link to the Python article",
            "show me the pages pointing to Hamlet",
            "articles citing the Ray Charles page",
            "who links to Marie Curie",
            "incoming links of Jazz",
            "list inbound links for Blues",
        ] {
            assert!(asks_for_inbound(inbound), "{inbound}");
        }
        for outbound in [
            "what does the Amazon rainforest article link to?",
            "links in the Ray Charles article",
            "which pages does Hamlet link to",
            "show the links of Jazz",
            "Enumerate the hyperlinks contained in the article on Sigmund Freud.",
            "what does the Amazon rainforest article cite?",
        ] {
            assert!(!asks_for_inbound(outbound), "{outbound}");
        }
    }
}
