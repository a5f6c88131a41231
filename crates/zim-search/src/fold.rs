//! Accent and case folding of query text and titles.
//!
//! libzim removes accents from every query with the ICU transliterator
//! `Lower; NFD; [:M:] remove; NFC` before handing it to Xapian (the indexes were built from text
//! folded the same way). We reproduce it without ICU: full Unicode lowercasing, canonical
//! decomposition, removal of every combining mark (General_Category M), recomposition.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Folds `text` the way libzim's `removeAccents` does: lowercase, without diacritics.
pub fn fold(text: &str) -> String {
    let lowered = text.to_lowercase();
    lowered
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .nfc()
        .collect()
}

/// The first character of `fold(c)`, or `c` itself when folding removes it entirely.
pub(crate) fn fold_first_char(c: char) -> char {
    let mut buffer = [0u8; 4];
    fold(c.encode_utf8(&mut buffer)).chars().next().unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removes_accents_and_case() {
        assert_eq!(fold("Éléphant Ça"), "elephant ca");
        assert_eq!(fold("MÜSSEN"), "mussen");
        assert_eq!(fold("Італьянская Й"), "італьянская и");
        assert_eq!(fold("beißen"), "beißen");
        assert_eq!(fold("東京"), "東京");
    }

    #[test]
    fn first_char_of_fold() {
        assert_eq!(fold_first_char('É'), 'e');
        assert_eq!(fold_first_char('a'), 'a');
        assert_eq!(fold_first_char('\u{301}'), '\u{301}');
    }
}
