//! Request languages (ISO 639-1, `en`) against archive languages (ISO 639-3, `eng`, possibly a
//! comma-separated list such as `eng,fra`).

use isolang::Language;

/// The ISO 639-3 code a request's `lang` stands for: `en` -> `eng`; a three-letter code is
/// taken as it is; a Wikipedia variant (`be-tarask`) by its base language.
pub fn request_to_iso639_3(lang: &str) -> Option<String> {
    let base = lang.split('-').next()?.to_ascii_lowercase();
    match base.len() {
        2 => Language::from_639_1(&base).map(|l| l.to_639_3().to_owned()),
        3 => Language::from_639_3(&base).map(|l| l.to_639_3().to_owned()),
        _ => None,
    }
}

/// The ISO 639-3 codes an archive's `Language` metadata declares. Some older archives use
/// two-letter codes (`en`); those are mapped too.
pub fn archive_languages(metadata: &str) -> Vec<String> {
    metadata
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .filter_map(|code| request_to_iso639_3(code).or_else(|| Some(code.to_ascii_lowercase())))
        .collect()
}

/// How a request language is shown back to a user: the two-letter code when there is one.
pub fn display_code(iso639_3: &str) -> String {
    Language::from_639_3(iso639_3)
        .and_then(|l| l.to_639_1())
        .map(str::to_owned)
        .unwrap_or_else(|| iso639_3.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_both_ways() {
        assert_eq!(request_to_iso639_3("en").as_deref(), Some("eng"));
        assert_eq!(request_to_iso639_3("be").as_deref(), Some("bel"));
        assert_eq!(request_to_iso639_3("deu").as_deref(), Some("deu"));
        assert_eq!(request_to_iso639_3("be-tarask").as_deref(), Some("bel"));
        assert_eq!(request_to_iso639_3("qq"), None);
        assert_eq!(archive_languages("eng, fra"), vec!["eng", "fra"]);
        assert_eq!(archive_languages("en"), vec!["eng"]);
        assert_eq!(display_code("bel"), "be");
    }
}
