//! A plain highlighter used when no full-text index can build the snippet (no index, a build
//! without Xapian, or an index error): marks the words of the text whose folded form equals a
//! folded query word, with the same `<b>...</b>` markers and `...` cut marks as Xapian.

use crate::fold::fold;

/// Splits `text` into (byte start, byte end) word spans: runs of alphanumeric characters.
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                spans.push((from, at));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        spans.push((from, text.len()));
    }
    spans
}

/// Highlights query words in a window of at most `max_chars` characters of `text`, starting a
/// little before the first match.
pub(crate) fn highlight(query: &str, text: &str, max_chars: usize) -> String {
    let terms: Vec<String> = fold(query)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect();
    let spans = word_spans(text);
    let is_match = |&(from, to): &(usize, usize)| {
        text.get(from..to)
            .is_some_and(|word| terms.iter().any(|t| *t == fold(word)))
    };
    let first_match = spans.iter().position(is_match).unwrap_or(0);
    // Keep a few words of context before the first match.
    let window_start = spans
        .get(first_match.saturating_sub(5))
        .map_or(0, |&(from, _)| from);
    let window_end = text
        .get(window_start..)
        .unwrap_or("")
        .char_indices()
        .nth(max_chars)
        .map_or(text.len(), |(at, _)| window_start.saturating_add(at));

    let mut out = String::new();
    if window_start > 0 {
        out.push_str("...");
    }
    let mut cursor = window_start;
    for span in spans
        .iter()
        .filter(|&&(from, to)| from >= window_start && to <= window_end)
    {
        if is_match(span) {
            out.push_str(text.get(cursor..span.0).unwrap_or(""));
            out.push_str("<b>");
            out.push_str(text.get(span.0..span.1).unwrap_or(""));
            out.push_str("</b>");
            cursor = span.1;
        }
    }
    out.push_str(text.get(cursor..window_end).unwrap_or(""));
    if window_end < text.len() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::highlight;

    #[test]
    fn marks_folded_words() {
        assert_eq!(
            highlight("cafe creme", "Un Café crème, s'il vous plaît.", 100),
            "Un <b>Café</b> <b>crème</b>, s'il vous plaît."
        );
    }

    #[test]
    fn cuts_long_text() {
        let text = "word ".repeat(100) + "target here";
        let out = highlight("target", &text, 40);
        assert!(out.starts_with("..."));
        assert!(out.contains("<b>target</b>"));
        assert!(out.ends_with("here"));
    }

    #[test]
    fn no_match_keeps_start() {
        assert_eq!(highlight("zzz", "abc def", 3), "abc...");
    }
}
