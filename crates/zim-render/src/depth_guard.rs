//! Pre-parse guard against pathological nesting.
//!
//! html5ever checks element scopes by walking the stack of open elements, so each start
//! tag costs time proportional to the current depth: 10,000 nested `<div>`s or `<li>`s
//! take quadratic time (tens of seconds). Real pages nest a few dozen levels. This pass
//! counts the nesting of the raw markup and, only when it exceeds [`MAX_TAG_DEPTH`],
//! removes the tags opened beyond that depth (and as many end tags), keeping all text.

use std::borrow::Cow;

/// Far above real pages, far below quadratic trouble; the renderer flattens anything
/// deeper than `convert::MAX_DEPTH` to text anyway.
pub(crate) const MAX_TAG_DEPTH: usize = 400;

/// Elements without content or whose end tag is usually implied: they do not deepen
/// the tree in practice (`<li>` lists without `</li>`, `<p>` runs...).
fn is_flat(name: &[u8]) -> bool {
    const FLAT: &[&[u8]] = &[
        b"area",
        b"base",
        b"br",
        b"col",
        b"embed",
        b"hr",
        b"img",
        b"input",
        b"link",
        b"meta",
        b"source",
        b"track",
        b"wbr",
        b"param",
        b"keygen",
        b"li",
        b"p",
        b"dt",
        b"dd",
        b"option",
        b"tr",
        b"td",
        b"th",
        b"tbody",
        b"thead",
        b"tfoot",
        b"rb",
        b"rt",
        b"rp",
        b"optgroup",
    ];
    FLAT.iter().any(|f| f.eq_ignore_ascii_case(name))
}

enum Tag<'a> {
    Start { name: &'a [u8], self_closing: bool },
    End { name: &'a [u8] },
    Other,
}

/// Parses the tag at `bytes[i] == b'<'`; returns it and the index after `>`.
fn tag_at(bytes: &[u8], i: usize) -> (Tag<'_>, usize) {
    let rest = bytes.get(i..).unwrap_or(&[]);
    if rest.starts_with(b"<!--") {
        let end = find(rest, b"-->").map(|e| i + e + 3).unwrap_or(bytes.len());
        return (Tag::Other, end);
    }
    let close = rest
        .iter()
        .position(|&b| b == b'>')
        .map(|p| i + p + 1)
        .unwrap_or(bytes.len());
    let inner = bytes
        .get(i.saturating_add(1)..close.saturating_sub(1))
        .unwrap_or(&[]);
    if let Some(after) = inner.strip_prefix(b"/") {
        let is_name = after.first().is_some_and(|b| b.is_ascii_alphabetic());
        let len = after
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-' || *b == b':'))
            .unwrap_or(after.len());
        let name = after.get(..len).unwrap_or(&[]);
        return (
            if is_name {
                Tag::End { name }
            } else {
                Tag::Other
            },
            close,
        );
    }
    let name_len = inner
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-' || *b == b':'))
        .unwrap_or(inner.len());
    if name_len == 0 || !inner.first().is_some_and(|b| b.is_ascii_alphabetic()) {
        return (Tag::Other, i + 1);
    }
    let name = inner.get(..name_len).unwrap_or(&[]);
    (
        Tag::Start {
            name,
            self_closing: inner.ends_with(b"/"),
        },
        close,
    )
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Skips raw-text element content (`<script>`, `<style>`...) starting after its start tag.
fn skip_raw_text(bytes: &[u8], from: usize, name: &[u8]) -> usize {
    let raw = [
        &b"script"[..],
        b"style",
        b"textarea",
        b"title",
        b"xmp",
        b"plaintext",
    ];
    if !raw.iter().any(|r| r.eq_ignore_ascii_case(name)) {
        return from;
    }
    let mut j = from;
    while let Some(p) = bytes
        .get(j..)
        .and_then(|r| r.iter().position(|&b| b == b'<'))
    {
        let at = j + p;
        let tail = bytes.get(at + 2..).unwrap_or(&[]);
        if bytes.get(at + 1) == Some(&b'/')
            && tail.len() >= name.len()
            && tail
                .get(..name.len())
                .is_some_and(|t| t.eq_ignore_ascii_case(name))
        {
            return at;
        }
        j = at + 1;
    }
    bytes.len()
}

/// Walks the markup, calling `on_tag(kind, start, end, depth_before)`.
fn walk(src: &str, mut on_tag: impl FnMut(bool, usize, usize, usize) -> bool) {
    let bytes = src.as_bytes();
    let mut depth = 0usize;
    let mut i = 0usize;
    while let Some(p) = bytes
        .get(i..)
        .and_then(|r| r.iter().position(|&b| b == b'<'))
    {
        let at = i + p;
        let (tag, end) = tag_at(bytes, at);
        match tag {
            Tag::Start { name, self_closing } => {
                let deepens = !self_closing && !is_flat(name);
                if deepens && on_tag(true, at, end, depth) {
                    depth = depth.saturating_add(1);
                }
                i = skip_raw_text(bytes, end.max(at + 1), name);
                continue;
            }
            Tag::End { name } => {
                if !is_flat(name) && on_tag(false, at, end, depth) {
                    depth = depth.saturating_sub(1);
                }
            }
            Tag::Other => {}
        }
        i = end.max(at + 1);
    }
}

/// Returns the input unchanged unless its nesting exceeds [`MAX_TAG_DEPTH`].
pub(crate) fn limit_nesting(src: &str) -> Cow<'_, str> {
    let mut max = 0usize;
    walk(src, |start, _, _, depth| {
        if start {
            max = max.max(depth.saturating_add(1));
        }
        true
    });
    if max <= MAX_TAG_DEPTH {
        return Cow::Borrowed(src);
    }
    // Byte ranges of tags to drop.
    let mut drop: Vec<(usize, usize)> = Vec::new();
    let mut dropped_open = 0usize;
    walk(src, |start, s, e, depth| {
        if start {
            if depth >= MAX_TAG_DEPTH {
                drop.push((s, e));
                dropped_open = dropped_open.saturating_add(1);
                return false;
            }
            true
        } else if dropped_open > 0 {
            drop.push((s, e));
            dropped_open -= 1;
            false
        } else {
            true
        }
    });
    let mut out = String::with_capacity(src.len());
    let mut last = 0usize;
    for (s, e) in drop {
        out.push_str(src.get(last..s).unwrap_or(""));
        out.push(' ');
        last = e;
    }
    out.push_str(src.get(last..).unwrap_or(""));
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_input_is_untouched() {
        let s = "<div><p>a<li>b<li>c</div><script>if (a<b) {}</script><!-- <div> -->";
        assert!(matches!(limit_nesting(s), Cow::Borrowed(_)));
    }

    #[test]
    fn deep_input_is_flattened_keeping_text() {
        let n = MAX_TAG_DEPTH + 50;
        let s = format!("{}deep{}after", "<div>".repeat(n), "</div>".repeat(n));
        let out = limit_nesting(&s);
        assert_eq!(out.matches("<div>").count(), MAX_TAG_DEPTH);
        assert_eq!(out.matches("</div>").count(), MAX_TAG_DEPTH);
        assert!(out.contains("deep"));
        assert!(out.ends_with("</div>after"));
    }

    #[test]
    fn end_tags_of_flat_elements_do_not_hide_depth() {
        let n = MAX_TAG_DEPTH + 10;
        let s = format!("{}x{}", "<div><p></p>".repeat(n), "</div>".repeat(n));
        assert!(matches!(limit_nesting(&s), Cow::Owned(_)));
    }
}
