//! Paging a long text by character offsets.

use serde::Serialize;

/// One page of a text. Offsets and lengths count characters (Unicode scalar values,
/// Rust `char`s), never bytes, so a cut never falls inside a UTF-8 sequence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Page {
    pub text: String,
    /// Character offset of `text` in the whole.
    pub offset: usize,
    /// Length of the whole text in characters.
    pub total_chars: usize,
    /// Offset of the next page, or None when this page reaches the end.
    pub next_offset: Option<usize>,
}

/// How far back from the hard limit a natural break is looked for: a fifth of the page.
const LOOKBACK_DIVISOR: usize = 5;

/// Returns the page of at most `max_chars` characters starting at `offset_chars`.
///
/// The cut prefers, within the last fifth of the page, a paragraph break, then a
/// sentence end, then a line break, then a space; the separator stays on the earlier
/// page, so concatenating all pages gives back exactly `text`. `max_chars` 0 is treated
/// as 1 so that paging always makes progress. An offset at or past the end gives an
/// empty page with `next_offset` None.
pub fn page(text: &str, offset_chars: usize, max_chars: usize) -> Page {
    let max_chars = max_chars.max(1);
    let total_chars = text.chars().count();
    if offset_chars >= total_chars {
        return Page {
            text: String::new(),
            offset: offset_chars,
            total_chars,
            next_offset: None,
        };
    }
    let start = text
        .char_indices()
        .nth(offset_chars)
        .map(|(i, _)| i)
        .unwrap_or(text.len());
    let rest = text.get(start..).unwrap_or("");
    let remaining = total_chars.saturating_sub(offset_chars);
    if remaining <= max_chars {
        return Page {
            text: rest.to_string(),
            offset: offset_chars,
            total_chars,
            next_offset: None,
        };
    }
    let hard_end = rest
        .char_indices()
        .nth(max_chars)
        .map(|(i, _)| i)
        .unwrap_or(rest.len());
    let window = rest.get(..hard_end).unwrap_or(rest);
    let min_chars = max_chars
        .saturating_sub(max_chars / LOOKBACK_DIVISOR)
        .max(1);
    let min_byte = window
        .char_indices()
        .nth(min_chars)
        .map(|(i, _)| i)
        .unwrap_or(window.len());
    let cut = natural_break(window, min_byte).unwrap_or(window.len());
    let page_text = window.get(..cut).unwrap_or(window).to_string();
    let taken = page_text.chars().count();
    Page {
        text: page_text,
        offset: offset_chars,
        total_chars,
        next_offset: Some(offset_chars.saturating_add(taken)),
    }
}

/// The byte index just past the best break in `window[min_byte..]`.
fn natural_break(window: &str, min_byte: usize) -> Option<usize> {
    let tail = window.get(min_byte..)?;
    if let Some(i) = tail.rfind("\n\n") {
        return Some(min_byte + i + 2);
    }
    let mut sentence = None;
    let mut prev: Option<char> = None;
    for (i, c) in tail.char_indices() {
        if c.is_whitespace() && matches!(prev, Some('.' | '!' | '?' | '。' | '！' | '？')) {
            sentence = Some(min_byte + i + c.len_utf8());
        }
        prev = Some(c);
    }
    if sentence.is_some() {
        return sentence;
    }
    if let Some(i) = tail.rfind('\n') {
        return Some(min_byte + i + 1);
    }
    tail.char_indices()
        .rfind(|(_, c)| c.is_whitespace())
        .map(|(i, c)| min_byte + i + c.len_utf8())
        .filter(|&b| b > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_pages(text: &str, max: usize) -> Vec<Page> {
        let mut pages = Vec::new();
        let mut off = 0;
        loop {
            let p = page(text, off, max);
            let next = p.next_offset;
            pages.push(p);
            match next {
                Some(n) => {
                    assert!(n > off, "paging must progress");
                    off = n;
                }
                None => break,
            }
        }
        pages
    }

    #[test]
    fn pages_concatenate_to_the_whole_text() {
        let texts = [
            "Один два три. Чатыры пяць шэсць!\n\nАбзац другі — з доўгім сказам пра 日本語のテキスト。 \u{1F600}\u{1F600}\u{1F600} end.".repeat(7),
            "x".repeat(1000),
            "a b c d e f g h i j k l m n o p".to_string(),
        ];
        for text in &texts {
            for max in [1, 2, 3, 7, 16, 50, 333, 5000] {
                let pages = all_pages(text, max);
                let joined: String = pages.iter().map(|p| p.text.as_str()).collect();
                assert_eq!(&joined, text, "max={max}");
                for p in &pages {
                    assert!(p.text.chars().count() <= max);
                    assert_eq!(p.total_chars, text.chars().count());
                }
            }
        }
    }

    #[test]
    fn prefers_paragraph_then_sentence_breaks() {
        let text =
            "First sentence here. Second one follows.\n\nNext paragraph starts here and goes on.";
        let p = page(text, 0, 50);
        assert_eq!(p.text, "First sentence here. Second one follows.\n\n");
        assert_eq!(p.next_offset, Some(42));
        let p = page("Alpha beta gamma. Delta epsilon zeta eta theta", 0, 20);
        assert_eq!(p.text, "Alpha beta gamma. ");
    }

    #[test]
    fn offset_past_end_is_empty() {
        let p = page("héllo", 5, 10);
        assert_eq!(p.text, "");
        assert_eq!(p.next_offset, None);
        assert_eq!(p.total_chars, 5);
        let p = page("héllo", 1, 10);
        assert_eq!(p.text, "éllo");
        assert_eq!(p.next_offset, None);
    }
}
