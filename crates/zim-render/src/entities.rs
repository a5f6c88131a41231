//! Character-reference decoding for raw markup text, as the HTML tokenizer does it.
//!
//! The streaming rewriter (`lol_html`) hands out text and attribute values as they are
//! written in the source (`&amp;` undecoded). Heading lines, the title and ids must read
//! exactly as the html5ever tree reports them, so this follows the tokenizer's rules:
//! longest named match (with the legacy semicolon-less names), numeric references with
//! the spec's replacements, and the attribute-value exception for `&name=` / `&namex`.

use std::borrow::Cow;

use markup5ever::data::{C1_REPLACEMENTS, NAMED_ENTITIES};

/// Where the text comes from: attribute values keep `&name` followed by `=` or an
/// alphanumeric character literal when the name lacks its semicolon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Context {
    Text,
    Attribute,
}

/// Decodes every character reference of `raw`; borrows when there is none.
pub(crate) fn decode(raw: &str, context: Context) -> Cow<'_, str> {
    let Some(first) = raw.find('&') else {
        return Cow::Borrowed(raw);
    };
    let mut out = String::with_capacity(raw.len());
    out.push_str(raw.get(..first).unwrap_or_default());
    let mut rest = raw.get(first..).unwrap_or_default();
    while let Some(amp) = rest.find('&') {
        out.push_str(rest.get(..amp).unwrap_or_default());
        let after = rest.get(amp.saturating_add(1)..).unwrap_or_default();
        let consumed = decode_one(after, context, &mut out);
        rest = after.get(consumed..).unwrap_or_default();
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Decodes the reference that follows a `&` (`after` starts just after it) into `out`,
/// or pushes the `&` literally; returns how many bytes of `after` were consumed.
fn decode_one(after: &str, context: Context, out: &mut String) -> usize {
    if let Some(num) = after.strip_prefix('#') {
        return decode_numeric(num, out).map_or_else(
            || {
                out.push('&');
                0
            },
            |used| used.saturating_add(1),
        );
    }
    // Longest name with a full match; the table also lists every prefix of a name.
    let mut best: Option<(usize, u32, u32)> = None;
    for (i, c) in after.char_indices() {
        let end = i.saturating_add(c.len_utf8());
        let Some(candidate) = after.get(..end) else {
            break;
        };
        match NAMED_ENTITIES.get(candidate) {
            Some(&(a, b)) => {
                if a != 0 {
                    best = Some((end, a, b));
                }
            }
            None => break,
        }
    }
    let Some((len, a, b)) = best else {
        out.push('&');
        return 0;
    };
    let name = after.get(..len).unwrap_or_default();
    if context == Context::Attribute && !name.ends_with(';') {
        let next = after.get(len..).and_then(|s| s.chars().next());
        if next.is_some_and(|c| c == '=' || c.is_ascii_alphanumeric()) {
            out.push('&');
            return 0;
        }
    }
    for cp in [a, b] {
        if cp != 0 {
            out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
        }
    }
    len
}

/// `num` starts after `&#`. Returns the bytes consumed from `num`, or None when no
/// digits follow (the text then stays literal).
fn decode_numeric(num: &str, out: &mut String) -> Option<usize> {
    let (radix, digits_at) = match num.as_bytes().first() {
        Some(b'x' | b'X') => (16, 1),
        _ => (10, 0),
    };
    let digits = num.get(digits_at..)?;
    let len = digits
        .bytes()
        .take_while(|b| char::from(*b).is_digit(radix))
        .count();
    if len == 0 {
        return None;
    }
    let mut value: u32 = 0;
    let mut too_big = false;
    for b in digits.bytes().take(len) {
        let d = char::from(b).to_digit(radix).unwrap_or(0);
        match value.checked_mul(radix).and_then(|v| v.checked_add(d)) {
            Some(v) => value = v,
            None => too_big = true,
        }
    }
    let mut used = digits_at.saturating_add(len);
    if digits.as_bytes().get(len) == Some(&b';') {
        used = used.saturating_add(1);
    }
    out.push(numeric_char(value, too_big));
    Some(used)
}

/// The tokenizer's mapping of a numeric reference to a character.
fn numeric_char(n: u32, too_big: bool) -> char {
    if too_big || n > 0x10FFFF || n == 0 || (0xD800..=0xDFFF).contains(&n) {
        return '\u{FFFD}';
    }
    if (0x80..=0x9F).contains(&n) {
        let idx = usize::try_from(n.saturating_sub(0x80)).unwrap_or(usize::MAX);
        if let Some(Some(c)) = C1_REPLACEMENTS.get(idx) {
            return *c;
        }
    }
    char::from_u32(n).unwrap_or('\u{FFFD}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_like_the_tokenizer() {
        assert_eq!(decode("a &amp; b", Context::Text), "a & b");
        assert_eq!(decode("&notit;", Context::Text), "¬it;");
        assert_eq!(decode("&notin;", Context::Text), "∉");
        assert_eq!(
            decode("&#x41;&#66;&#128;&#0;", Context::Text),
            "AB€\u{FFFD}"
        );
        assert_eq!(decode("&#;&#x;&", Context::Text), "&#;&#x;&");
        assert_eq!(decode("&#99999999999;", Context::Text), "\u{FFFD}");
        assert_eq!(decode("?a=1&copy=2", Context::Attribute), "?a=1&copy=2");
        assert_eq!(decode("?a=1&copy=2", Context::Text), "?a=1©=2");
        assert_eq!(decode("&unknown;", Context::Text), "&unknown;");
        assert_eq!(decode("é&eacute", Context::Text), "éé");
    }

    mod properties {
        use super::super::{Context, decode};
        use crate::dom::Dom;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(512))]

            /// Attribute values follow the tokenizer's attribute rule (`&copy=` stays).
            #[test]
            fn attribute_values_decode_as_html5ever_decodes_them(
                value in proptest::collection::vec(proptest::sample::select(&[
                    "&", "&amp", "&amp;", "&not", "&notin;", "&#", "&#x41", "&#128;", "&copy=",
                    "&copyx", "&copy;", "&lt", "x", "=", "1", " ", "é", ";",
                ][..]), 0..12).prop_map(|p| p.concat()),
            ) {
                let dom = Dom::parse(&format!("<p title=\"{value}\">x</p>"));
                let tree = dom
                    .root()
                    .descendants()
                    .filter_map(|n| n.value().as_element())
                    .find(|e| e.name() == "p")
                    .and_then(|p| p.attr("title"))
                    .map(str::to_owned);
                prop_assert_eq!(Some(decode(&value, Context::Attribute).into_owned()), tree);
            }
        }
    }
}
