//! Small text helpers: lossy decoding, slugs, sentence ends, word counts, byte-bounded prefixes.

use std::collections::HashSet;

/// Decodes page bytes as UTF-8, replacing invalid sequences, and drops a leading BOM.
/// ZIM content is UTF-8 in practice; bytes that are not (binary mislabelled as HTML)
/// still render, as replacement characters.
pub fn decode_lossy(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut s = String::from_utf8_lossy(bytes).into_owned();
    // NUL is not allowed in HTML text and only confuses consumers.
    if s.contains('\0') {
        s = s.replace('\0', "\u{FFFD}");
    }
    s
}

/// The longest prefix of `s` of at most `max` bytes ending on a character boundary.
pub fn prefix_within(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end = end.saturating_sub(1);
    }
    s.get(..end).unwrap_or_default()
}

/// A URL-fragment-friendly id: lowercase letters and digits (any script), others as `-`.
pub fn slugify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.extend(c.to_lowercase());
        } else {
            dash = true;
        }
    }
    if out.is_empty() {
        out.push_str("section");
    }
    out
}

/// Makes `id` unique within `used` by appending `-2`, `-3`, ...
pub fn dedupe_id(id: String, used: &mut HashSet<String>) -> String {
    if used.insert(id.clone()) {
        return id;
    }
    let mut n: usize = 2;
    loop {
        let candidate = format!("{id}-{n}");
        if used.insert(candidate.clone()) {
            return candidate;
        }
        n = n.saturating_add(1);
    }
}

/// Number of whitespace-separated words.
pub fn word_count(s: &str) -> usize {
    s.split_whitespace().count()
}

/// Byte offset just after the first sentence end of `s` at or after `min_bytes`
/// (`.`, `!`, `?`, `。` followed by whitespace or the end), or None.
pub fn first_sentence_end(s: &str, min_bytes: usize) -> Option<usize> {
    let mut iter = s.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if matches!(c, '.' | '!' | '?' | '。' | '！' | '？') && i >= min_bytes {
            let end = i + c.len_utf8();
            match iter.peek() {
                None => return Some(end),
                Some((_, n)) if n.is_whitespace() => return Some(end),
                _ => {}
            }
        }
    }
    None
}

/// Cuts `s` to at most `max_chars` characters, preferring a sentence end, then a word end;
/// appends `…` when something was cut (the ellipsis counts towards the limit).
pub fn truncate_chars(s: &str, max_chars: usize) -> String {
    if s.chars().count() <= max_chars {
        return s.to_string();
    }
    if max_chars == 0 {
        return String::new();
    }
    let keep = max_chars.saturating_sub(1);
    let end = s
        .char_indices()
        .nth(keep)
        .map(|(i, _)| i)
        .unwrap_or(s.len());
    let head = s.get(..end).unwrap_or("");
    // A sentence end in the last half is a better place to stop.
    let mut best = None;
    let mut search_from = head.len() / 2;
    while let Some(e) = head
        .get(search_from..)
        .and_then(|t| first_sentence_end(t, 0))
    {
        let abs = search_from + e;
        best = Some(abs);
        search_from = abs;
        if search_from >= head.len() {
            break;
        }
    }
    if let Some(b) = best {
        return head.get(..b).unwrap_or(head).trim_end().to_string();
    }
    let cut = head
        .rfind(char::is_whitespace)
        .filter(|&i| i > head.len() / 2);
    let base = cut.and_then(|i| head.get(..i)).unwrap_or(head);
    format!("{}…", base.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_end_on_a_character_boundary() {
        assert_eq!(prefix_within("héllo", 2), "h");
        assert_eq!(prefix_within("héllo", 3), "hé");
        assert_eq!(prefix_within("abc", 10), "abc");
        assert_eq!(prefix_within("", 0), "");
    }

    #[test]
    fn slugs() {
        assert_eq!(slugify("Early years (1930–45)"), "early-years-1930-45");
        assert_eq!(slugify("Гісторыя мовы"), "гісторыя-мовы");
        assert_eq!(slugify("!!"), "section");
        let mut used = HashSet::new();
        assert_eq!(dedupe_id("a".into(), &mut used), "a");
        assert_eq!(dedupe_id("a".into(), &mut used), "a-2");
        assert_eq!(dedupe_id("a".into(), &mut used), "a-3");
    }

    #[test]
    fn sentences_and_truncation() {
        assert_eq!(first_sentence_end("Hi there. Next", 0), Some(9));
        assert_eq!(first_sentence_end("v1.2 is out. x", 0), Some(12));
        assert_eq!(
            truncate_chars("One two. Three four five six", 20),
            "One two. Three…"
        );
        assert_eq!(
            truncate_chars("One two three. Four five six", 20),
            "One two three."
        );
        assert_eq!(truncate_chars("short", 20), "short");
        let t = truncate_chars("ééééé ééééé ééééé", 10);
        assert!(t.chars().count() <= 10, "{t}");
        assert_eq!(decode_lossy(b"\xEF\xBB\xBFa\xFFb\0"), "a\u{FFFD}b\u{FFFD}");
    }
}
