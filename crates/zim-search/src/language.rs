//! Which Xapian stemmer a language code selects, as libzim decides it.
//!
//! libzim builds an ICU `Locale` from the language metadata and passes `getLanguage()` to
//! `Xapian::Stem`. ICU lowercases the language subtag and turns ISO 639-2 three-letter codes
//! into their two-letter form, so `eng` selects the English stemmer and `deu` the German one;
//! a code Xapian does not know means no stemming. We reproduce that mapping for the languages
//! Xapian 1.4 can stem (other codes fail in Xapian either way).

/// ISO 639-2 (terminological and bibliographic) codes of the languages Xapian 1.4 stems.
const THREE_TO_TWO: &[(&str, &str)] = &[
    ("ara", "ar"),
    ("hye", "hy"),
    ("arm", "hy"),
    ("eus", "eu"),
    ("baq", "eu"),
    ("cat", "ca"),
    ("dan", "da"),
    ("nld", "nl"),
    ("dut", "nl"),
    ("eng", "en"),
    ("fin", "fi"),
    ("fra", "fr"),
    ("fre", "fr"),
    ("deu", "de"),
    ("ger", "de"),
    ("ell", "el"),
    ("gre", "el"),
    ("hin", "hi"),
    ("hun", "hu"),
    ("ind", "id"),
    ("gle", "ga"),
    ("ita", "it"),
    ("lit", "lt"),
    ("nep", "ne"),
    ("nor", "no"),
    ("nob", "nb"),
    ("nno", "nn"),
    ("por", "pt"),
    ("ron", "ro"),
    ("rum", "ro"),
    ("rus", "ru"),
    ("srp", "sr"),
    ("spa", "es"),
    ("swe", "sv"),
    ("tam", "ta"),
    ("tur", "tr"),
    ("yid", "yi"),
];

/// The stemmer name libzim would ask Xapian for, given a language metadata value.
pub fn stemmer_language(metadata: &str) -> String {
    // ICU reads the language subtag up to the first separator or terminator.
    let subtag: String = metadata
        .trim()
        .chars()
        .take_while(|c| !matches!(c, '_' | '-' | '.' | '@'))
        .flat_map(char::to_lowercase)
        .collect();
    THREE_TO_TWO
        .iter()
        .find(|(three, _)| *three == subtag)
        .map(|(_, two)| (*two).to_owned())
        .unwrap_or(subtag)
}

#[cfg(test)]
mod tests {
    use super::stemmer_language;

    #[test]
    fn maps_like_icu() {
        assert_eq!(stemmer_language("eng"), "en");
        assert_eq!(stemmer_language("en"), "en");
        assert_eq!(stemmer_language("en_US"), "en");
        assert_eq!(stemmer_language("DEU"), "de");
        assert_eq!(stemmer_language("bel"), "bel");
        assert_eq!(stemmer_language(""), "");
    }
}
