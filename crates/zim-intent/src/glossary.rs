//! Requests in the other languages Kiwix publishes most (French, German, Spanish, Portuguese):
//! their command words written as the English ones the rules read ("Quels articles pointent
//! vers « X » ?" -> "which articles link to "X" ?"). Only command phrasing is rewritten, and only
//! words that are not English; a topic in another language stays as written, and a request
//! with none of these phrases is returned unchanged.

use std::sync::LazyLock;

use regex::Regex;

/// (phrase, English), longest phrases first. Matched case-insensitively, as whole words.
const PHRASES: &[(&str, &str)] = &[
    // Title completions.
    (
        r"vorschl[äa]ge\s+f[üu]r\s+titel,?\s+die\s+mit",
        "suggest titles starting with",
    ),
    (
        r"suggestions?\s+de\s+titres?\s+commen[çc]ant\s+par",
        "suggest titles starting with",
    ),
    (
        r"sugerencias\s+de\s+t[íi]tulos\s+que\s+(?:empiezan|comienzan)\s+(?:con|por)",
        "suggest titles starting with",
    ),
    (
        r"sugest[õo]es\s+de\s+t[íi]tulos\s+(?:come[çc]ando|que\s+come[çc]am)\s+(?:com|por)",
        "suggest titles starting with",
    ),
    // Title lookups.
    (
        r"gibt\s+es\s+einen\s+eintrag\s+mit\s+(?:genau\s+)?dem\s+titel",
        "is there an entry with the exact title",
    ),
    (
        r"y\s+a-t-il\s+une\s+entr[ée]e\s+(?:intitul[ée]e|avec\s+le\s+titre)",
        "is there an entry titled",
    ),
    (
        r"hay\s+una\s+entrada\s+con\s+(?:el\s+)?t[íi]tulo(?:\s+exacto)?",
        "is there an entry titled",
    ),
    (
        r"existe\s+uma\s+entrada\s+com\s+o\s+t[íi]tulo(?:\s+exato)?",
        "is there an entry titled",
    ),
    // Links and related pages.
    (
        r"(?:quels|quelles)\s+(?:articles|pages)\s+pointent\s+vers",
        "which articles link to",
    ),
    (
        r"welche\s+(?:artikel|seiten)\s+verlinken\s+auf",
        "which articles link to",
    ),
    (
        r"qu[ée]\s+(?:art[íi]culos|p[áa]ginas)\s+enlazan\s+a",
        "which articles link to",
    ),
    (
        r"quais\s+(?:artigos|p[áa]ginas)\s+apontam\s+para",
        "which articles link to",
    ),
    (r"articles\s+li[ée]s\s+[àa]", "articles related to"),
    (r"verwandte\s+artikel\s+(?:zu|von)", "articles related to"),
    (r"art[íi]culos\s+relacionados\s+con", "articles related to"),
    (r"artigos\s+relacionados\s+(?:com|a)", "articles related to"),
    // The archives.
    (
        r"(?:quelles|quels)\s+(?:archives|fichiers)(?:\s+zim)?\s+sont\s+disponibles",
        "which zim archives are available",
    ),
    (
        r"welche\s+(?:archive|zim-dateien|zim-archive)\s+(?:hast\s+du|haben\s+sie)\s+geladen",
        "which archives have you loaded",
    ),
    (
        r"welche\s+(?:archive|zim-dateien|zim-archive)\s+sind\s+verf[üu]gbar",
        "which zim archives are available",
    ),
    (
        r"qu[ée]\s+archivos(?:\s+zim)?\s+(?:hay|est[áa]n\s+disponibles)",
        "which zim archives are available",
    ),
    (
        r"quais\s+arquivos(?:\s+zim)?\s+(?:h[áa]|est[ãa]o\s+dispon[íi]veis)",
        "which zim archives are available",
    ),
    // Views of an article.
    (r"zeig(?:e)?\s+mir", "show me"),
    (r"montre(?:-moi|z-moi)?", "show me"),
    (r"mu[ée]strame", "show me"),
    (r"mostre(?:-me)?", "show me"),
    (r"im\s+artikel", "in the article"),
    (r"dans\s+l'article", "in the article"),
    (r"en\s+el\s+art[íi]culo", "in the article"),
    (r"no\s+artigo", "in the article"),
    (
        r"t[íi]tulos\s+e\s+[âa]ncoras\s+das\s+se[çc][õo]es",
        "headings and section anchors",
    ),
    (
        r"t[íi]tulos\s+y\s+anclas\s+de\s+las\s+secciones",
        "headings and section anchors",
    ),
    (
        r"titres\s+et\s+ancres\s+des\s+sections",
        "headings and section anchors",
    ),
    (r"[üu]berschriften\s+und\s+anker", "headings and anchors"),
    (r"estrutura\s+do\s+artigo", "structure of the article"),
    (
        r"estructura\s+del\s+art[íi]culo",
        "structure of the article",
    ),
    (r"structure\s+de\s+l'article", "structure of the article"),
    (r"struktur\s+des\s+artikels", "structure of the article"),
    (
        r"tabla\s+de\s+contenidos?\s+del\s+art[íi]culo",
        "table of contents of the article",
    ),
    (
        r"table\s+des\s+mati[èe]res\s+de\s+l'article",
        "table of contents of the article",
    ),
    (
        r"[íi]ndice\s+do\s+artigo",
        "table of contents of the article",
    ),
    (r"abschnitt", "section"),
    // The archive as a whole.
    (r"page\s+d'accueil", "main page"),
    (r"p[áa]gina\s+(?:principal|inicial)", "main page"),
    (
        r"m[ée]tadonn[ée]es|metadaten|metadatos|metadados",
        "metadata",
    ),
    (r"statut\s+du\s+serveur", "server status"),
    (
        r"estado\s+del\s+servidor|estado\s+do\s+servidor",
        "server status",
    ),
    (r"serverstatus|status\s+des\s+servers", "server status"),
    (
        r"p[áa]gina\s+por\s+p[áa]gina|page\s+par\s+page|seite\s+f[üu]r\s+seite",
        "page by page",
    ),
    (
        r"recorrer\s+todas\s+las\s+entradas|percorrer\s+todas\s+as\s+entradas|parcourir\s+toutes\s+les\s+entr[ée]es|alle\s+eintr[äa]ge\s+durchgehen",
        "walk through all entries",
    ),
    (
        r"parcourir\s+quelques\s+entr[ée]es|einige\s+eintr[äa]ge\s+durchbl[äa]ttern|hojear\s+algunas\s+entradas|ver\s+algumas\s+entradas",
        "browse a few entries",
    ),
    (
        r"juste\s+un\s+aper[çc]u|nur\s+ein\s+[üu]berblick|solo\s+un\s+vistazo|s[óo]\s+uma\s+amostra",
        "just a sample",
    ),
    (
        r"de\s+l'archive|del\s+archivo|do\s+arquivo|des\s+archivs",
        "of the archive",
    ),
    (r"anzeigen", "show"),
];

/// "... „Feuerw“ beginnen": the German verb after what a title starts with.
static TRAILING_BEGIN: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r#"(?i)("[^"]+")\s+beginnen\b"#).ok());

/// The phrases as whole-word, case-insensitive patterns. Built from the table, so the
/// crate's literal-pattern check (`tests/patterns.rs`) cannot read them: `every_phrase_compiles`
/// below fails when one does not compile.
static COMPILED: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    PHRASES
        .iter()
        .filter_map(|(p, en)| {
            let re = regex::RegexBuilder::new(&format!(r"\b(?:{p})\b"))
                .case_insensitive(true)
                .build()
                .ok()?;
            Some((re, *en))
        })
        .collect()
});

/// The request with the command phrases of other languages written in English.
pub fn english_cues(s: &str) -> String {
    let mut out = s.to_string();
    for (re, en) in COMPILED.iter() {
        if re.is_match(&out) {
            out = re.replace_all(&out, *en).into_owned();
        }
    }
    if let Some(re) = TRAILING_BEGIN.as_ref() {
        out = re.replace_all(&out, "$1").into_owned();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_phrases_become_english_and_topics_stay() {
        assert_eq!(
            english_cues("Quels articles pointent vers \"Apiculture\" ?"),
            "which articles link to \"Apiculture\" ?"
        );
        assert_eq!(
            english_cues("Zeig mir den Abschnitt \"Geschichte\" im Artikel \"Imkerei\"."),
            "show me den section \"Geschichte\" in the article \"Imkerei\"."
        );
        assert_eq!(
            english_cues("Vorschläge für Titel, die mit \"Feuerw\" beginnen"),
            "suggest titles starting with \"Feuerw\""
        );
        // English requests, and topics in other languages, are left alone.
        for s in [
            "show me the table of contents of Photosynthesis",
            "Qu'est-ce que la photosynthèse ?",
            "history of the Abschnittsbevollmächtigter",
        ] {
            assert_eq!(english_cues(s), s, "{s}");
        }
    }

    #[test]
    fn every_phrase_compiles() {
        assert_eq!(COMPILED.len(), PHRASES.len());
    }
}
