//! A request in another language read word by word: its command vocabulary (the nouns for an
//! article, a section, the table of contents, links, the archive, the server; the request
//! verbs; "which", "of", "the") written as the English words, every other word kept as
//! written ("Quelle est la table des matières de l'article Camembert (fromage) ?" -> "which is
//! the table of contents of the article Camembert (fromage) ?").
//!
//! [`crate::glossary`]'s phrases and [`crate::foreign_views`]' shapes read the phrasings their
//! writers brought, whole; a new writer's phrasing of the same request misses them while its
//! words are the same few. This reading is the last one tried, only for a request that every
//! earlier reading searched, and its operation is taken only when it is not a search and the
//! request is no question about the world in its own words (see `lib.rs`). Words inside
//! quotes are names and stay as written. Entries are literal words or word groups (no
//! patterns), matched whole and case-insensitively, longest first.

use regex::{Regex, RegexBuilder};
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// Function words: glossed, but a request of only these is not read again.
const FUNCTION_WORDS: &[(&str, &str)] = &[
    // Spanish, Portuguese, Italian, French: "of", "the", "which", "from".
    ("del", "of the"),
    ("de la", "of the"),
    ("de los", "of the"),
    ("de las", "of the"),
    ("de", "of"),
    ("el", "the"),
    ("los", "the"),
    ("las", "the"),
    ("la", "the"),
    ("do", "of the"),
    ("da", "of the"),
    ("dos", "of the"),
    ("os", "the"),
    ("della", "of the"),
    ("dello", "of the"),
    ("degli", "of the"),
    ("delle", "of the"),
    ("dei", "of the"),
    ("dell'", "of the "),
    ("dall'", "from the "),
    ("nell'", "in the "),
    ("all'", "to the "),
    ("il", "the"),
    ("lo", "the"),
    ("gli", "the"),
    ("du", "of the"),
    ("des", "the"),
    ("le", "the"),
    ("les", "the"),
    ("l'", "the "),
    ("d'", "of "),
    // German, Dutch, Swedish.
    ("der", "of the"),
    ("dem", "the"),
    ("den", "the"),
    ("vom", "of the"),
    ("von", "of"),
    ("aus dem", "from the"),
    ("het", "the"),
    ("van", "of"),
    ("van de", "of the"),
    ("van het", "of the"),
    ("om", "about"),
    // Polish, Czech, Russian, Ukrainian prepositions of "about", "from", "with".
    ("z", "from"),
    ("ze", "from"),
    ("из", "from"),
    ("о", "about"),
    ("об", "about"),
    ("с", "with"),
    ("со", "with"),
    ("в", "in"),
    ("на", "on"),
    // Question words, copulas, "has", prepositions.
    ("qué", "which"),
    ("cuáles", "which"),
    ("cuales", "which"),
    ("con", "with"),
    ("sobre", "about"),
    ("quelle", "which"),
    ("quelles", "which"),
    ("quel", "which"),
    ("quels", "which"),
    ("vers", "to"),
    ("à", "to"),
    ("welche", "which"),
    ("welcher", "which"),
    ("über", "about"),
    ("auf", "to"),
    ("mit", "with"),
    ("quais", "which"),
    ("ao", "to the"),
    ("quali", "which"),
    ("alla", "to the"),
    ("al", "to the"),
    ("jakie", "which"),
    ("какие", "which"),
    ("welke", "which"),
    ("vilka", "which"),
    ("comment", "how"),
    ("cómo", "how"),
    ("como", "how"),
    ("wie", "how"),
    ("pourquoi", "why"),
    ("por qué", "why"),
    ("warum", "why"),
    ("perché", "why"),
    ("quand", "when"),
    ("cuándo", "when"),
    ("wann", "when"),
    ("quando", "when"),
    ("est-il", "is it"),
    ("est-elle", "is it"),
    ("as", "the"),
    ("a", "to"),
    ("y", "and"),
    ("e", "and"),
    ("et", "and"),
    ("und", "and"),
    ("och", "and"),
    ("dan", "and"),
    ("dengan", "with"),
    ("insieme", "together"),
    ("juntos", "together"),
    ("zusammen", "together"),
    ("ensemble", "together"),
    ("tienes", "do you have"),
    ("tenés", "do you have"),
    ("hai", "do you have"),
    ("hast du", "do you have"),
    ("avez-vous", "do you have"),
    ("as-tu", "do you have"),
    ("tens", "do you have"),
    ("est", "is"),
    ("sont", "are"),
    ("es", "is"),
    ("son", "are"),
    ("ist", "is"),
    ("sind", "are"),
    ("são", "are"),
    ("è", "is"),
    ("är", "is"),
    ("tiene", "has"),
    ("hat", "has"),
    ("ha", "has"),
    ("heeft", "has"),
    ("har", "has"),
    ("tem", "has"),
];

/// Command words, by language: (word or word group, English).
const COMMAND_WORDS: &[(&str, &str)] = &[
    // ---- Spanish
    ("artículo", "article"),
    ("articulo", "article"),
    ("artículos", "articles"),
    ("articulos", "articles"),
    ("página", "page"),
    ("pagina", "page"),
    ("páginas", "pages"),
    ("paginas", "pages"),
    ("entrada", "entry"),
    ("entradas", "entries"),
    ("sección", "section"),
    ("seccion", "section"),
    ("secciones", "sections"),
    ("apartado", "section"),
    ("apartados", "sections"),
    ("índice", "table of contents"),
    ("tabla de contenidos", "table of contents"),
    ("tabla de contenido", "table of contents"),
    ("resumen", "summary"),
    ("resúmeme", "summarize"),
    ("resumir", "summarize"),
    ("introducción", "introduction"),
    ("introduccion", "introduction"),
    ("estructura", "structure"),
    ("esqueleto", "skeleton"),
    ("encabezados", "headings"),
    ("anclas", "anchors"),
    ("enlaces", "links"),
    ("enlaza", "links"),
    ("enlazan", "link"),
    ("vínculos", "links"),
    ("relacionados", "related"),
    ("relacionadas", "related"),
    ("similares", "similar"),
    ("metadatos", "metadata"),
    ("página principal", "main page"),
    ("página inicial", "main page"),
    ("pagina principal", "main page"),
    ("portada", "main page"),
    ("servidor", "server"),
    ("estado", "status"),
    ("funcionando", "running"),
    ("funciona", "running"),
    ("archivos", "archives"),
    ("cargados", "loaded"),
    ("títulos", "titles"),
    ("titulos", "titles"),
    ("título", "title"),
    ("se titula", "titled"),
    ("titulado", "titled"),
    ("llamado", "called"),
    ("empiezan por", "start with"),
    ("empiezan con", "start with"),
    ("comienzan por", "start with"),
    ("comienzan con", "start with"),
    ("muéstrame", "show me"),
    ("muestrame", "show me"),
    ("muestra", "show"),
    ("enséñame", "show me"),
    ("me enseñas", "show me"),
    ("dame", "give me"),
    ("abre", "open"),
    ("ábreme", "open"),
    ("tráeme", "fetch"),
    ("trae", "fetch"),
    ("busca", "search for"),
    ("completo", "full"),
    ("completos", "full"),
    // ---- French
    ("article", "article"),
    ("articles", "articles"),
    ("entrée", "entry"),
    ("rubrique", "section"),
    ("table des matières", "table of contents"),
    ("table des matieres", "table of contents"),
    ("sommaire", "table of contents"),
    ("résumé", "summary"),
    ("resume-moi", "summarize"),
    ("résume-moi", "summarize"),
    ("résume", "summarize"),
    ("résumer", "summarize"),
    ("squelette", "skeleton"),
    ("titres", "headings"),
    ("intertitres", "headings"),
    ("ancres", "anchors"),
    ("liens", "links"),
    ("pointent vers", "link to"),
    ("liés", "related"),
    ("connexes", "related"),
    ("similaires", "similar"),
    ("métadonnées", "metadata"),
    ("metadonnees", "metadata"),
    ("page d'accueil", "main page"),
    ("page principale", "main page"),
    ("serveur", "server"),
    ("état", "status"),
    ("opérationnel", "running"),
    ("en ligne", "online"),
    ("en marche", "running"),
    ("chargées", "loaded"),
    ("chargés", "loaded"),
    ("intitulé", "titled"),
    ("intitulée", "titled"),
    ("commencent par", "start with"),
    ("montre-moi", "show me"),
    ("montre", "show"),
    ("affiche", "show"),
    ("donne-moi", "give me"),
    ("ouvre", "open"),
    ("ouvre-moi", "open"),
    ("trouve-moi", "find"),
    ("trouve", "find"),
    ("complet", "full"),
    ("complète", "complete"),
    // ---- German
    ("artikel", "article"),
    ("seite", "page"),
    ("seiten", "pages"),
    ("eintrag", "entry"),
    ("abschnitt", "section"),
    ("abschnitte", "sections"),
    ("inhaltsverzeichnis", "table of contents"),
    ("zusammenfassung", "summary"),
    ("fasse", "summarize"),
    ("einleitung", "introduction"),
    ("gliederung", "structure"),
    ("überschriften", "headings"),
    ("anker", "anchors"),
    ("verweise", "links"),
    ("verlinkt", "links"),
    ("verlinken", "link"),
    ("verwandte", "related"),
    ("ähnliche", "similar"),
    ("metadaten", "metadata"),
    ("hauptseite", "main page"),
    ("startseite", "main page"),
    ("zustand", "status"),
    ("erreichbar", "reachable"),
    ("läuft", "running"),
    ("geladen", "loaded"),
    ("titel", "title"),
    ("mit dem titel", "titled"),
    ("zeig mir", "show me"),
    ("zeige mir", "show me"),
    ("zeig", "show"),
    ("zeige", "show"),
    ("gib mir", "give me"),
    ("öffne", "open"),
    ("hol mir", "fetch"),
    ("finde", "find"),
    ("vollständig", "full"),
    ("vollständige", "full"),
    ("vollständigen", "full"),
    // ---- Portuguese
    ("artigo", "article"),
    ("artigos", "articles"),
    ("verbete", "article"),
    ("seção", "section"),
    ("secção", "section"),
    ("seções", "sections"),
    ("resumo", "summary"),
    ("resuma", "summarize"),
    ("introdução", "introduction"),
    ("estrutura", "structure"),
    ("cabeçalhos", "headings"),
    ("âncoras", "anchors"),
    ("ligações", "links"),
    ("relacionado", "related"),
    ("metadados", "metadata"),
    ("servidor está", "server is"),
    ("respondendo", "responding"),
    ("arquivos", "archives"),
    ("carregados", "loaded"),
    ("intitulado", "titled"),
    ("começam com", "start with"),
    ("começam por", "start with"),
    ("mostre", "show"),
    ("mostra", "show"),
    ("me mostra", "show me"),
    ("mostra-me", "show me"),
    ("abra", "open"),
    ("me traz", "fetch"),
    ("traz", "fetch"),
    // ---- Italian
    ("articolo", "article"),
    ("articoli", "articles"),
    ("voce", "article"),
    ("voci", "articles"),
    ("sezione", "section"),
    ("sezioni", "sections"),
    ("sommario", "table of contents"),
    ("indice", "table of contents"),
    ("riassunto", "summary"),
    ("riassumi", "summarize"),
    ("introduzione", "introduction"),
    ("struttura", "structure"),
    ("intestazioni", "headings"),
    ("ancore", "anchors"),
    ("collegamenti", "links"),
    ("rimandano", "link"),
    ("correlate", "related"),
    ("correlati", "related"),
    ("collegate", "related"),
    ("metadati", "metadata"),
    ("pagina principale", "main page"),
    ("stato", "status"),
    ("archivi", "archives"),
    ("caricati", "loaded"),
    ("intitolato", "titled"),
    ("intitolata", "titled"),
    ("iniziano con", "start with"),
    ("iniziano per", "start with"),
    ("mostrami", "show me"),
    ("dammi", "give me"),
    ("apri", "open"),
    ("aprimi", "open"),
    ("per intero", "in full"),
    // ---- Polish
    ("artykuł", "article"),
    ("artykułu", "article"),
    ("artykułem", "article"),
    ("artykuły", "articles"),
    ("sekcja", "section"),
    ("sekcję", "section"),
    ("sekcji", "sections"),
    ("spis treści", "table of contents"),
    ("streszczenie", "summary"),
    ("podsumuj", "summarize"),
    ("podsumowanie", "summary"),
    ("streść", "summarize"),
    ("strukturę", "structure"),
    ("struktura", "structure"),
    ("nagłówki", "headings"),
    ("kotwice", "anchors"),
    ("linki", "links"),
    ("powiązane", "related"),
    ("metadane", "metadata"),
    ("strona główna", "main page"),
    ("stronę główną", "main page"),
    ("serwer", "server"),
    ("archiwa", "archives"),
    ("pokaż", "show"),
    ("podaj", "give me"),
    ("otwórz", "open"),
    // ---- Czech
    ("článek", "article"),
    ("článku", "article"),
    ("články", "articles"),
    ("oddíl", "section"),
    ("obsah", "table of contents"),
    ("shrň", "summarize"),
    ("úvod", "introduction"),
    ("odkazy", "links"),
    ("související", "related"),
    ("otevři", "open"),
    ("ukaž", "show"),
    ("celý", "full"),
    // ---- Russian, Ukrainian
    ("статья", "article"),
    ("статью", "article"),
    ("статьи", "article"),
    ("статье", "article"),
    ("раздел", "section"),
    ("разделы", "sections"),
    ("содержание", "table of contents"),
    ("оглавление", "table of contents"),
    ("краткое содержание", "summary"),
    ("структура", "structure"),
    ("структуру", "structure"),
    ("ссылки", "links"),
    ("связанные", "related"),
    ("похожие", "similar"),
    ("метаданные", "metadata"),
    ("главную страницу", "main page"),
    ("главная страница", "main page"),
    ("сервер", "server"),
    ("состояние", "status"),
    ("работает", "running"),
    ("архивы", "archives"),
    ("архива", "archive"),
    ("покажи", "show"),
    ("открой", "open"),
    ("дай", "give me"),
    ("стаття", "article"),
    ("статтю", "article"),
    ("статті", "article"),
    ("покажи мені", "show me"),
    // ---- Dutch, Swedish
    ("artikelen", "articles"),
    ("sectie", "section"),
    ("inhoudsopgave", "table of contents"),
    ("samenvatting", "summary"),
    ("archieven", "archives"),
    ("geladen", "loaded"),
    ("artikeln", "the article"),
    ("artiklarna", "the articles"),
    ("avsnittet", "the section"),
    ("innehållsförteckning", "table of contents"),
    ("innehållsförteckningen", "the table of contents"),
    ("sammanfattning", "summary"),
    ("länkar", "links"),
    ("titeln", "the title"),
    ("med titeln", "titled"),
    ("börjar på", "start with"),
    ("hämta", "fetch"),
    // ---- Indonesian
    ("artikel yang berjudul", "the article titled"),
    ("berjudul", "titled"),
    ("daftar isi", "table of contents"),
    ("ringkasan", "summary"),
    ("tautan", "links"),
    ("terkait", "related"),
    ("halaman utama", "main page"),
    ("tampilkan", "show"),
    ("tunjukkan", "show"),
    ("ambilkan", "fetch"),
    ("diawali", "start with"),
    ("sekaligus", "together"),
];

/// One alternation of every entry, longest first; and each entry's English by its
/// lowercase, single-spaced form.
struct Lexicon {
    re: Regex,
    english: HashMap<String, (&'static str, bool)>,
    /// The first word of every command entry of another language (lowercase): a request
    /// without one of them has nothing to gloss, told by a lookup per word (most requests
    /// are English searches, and the alternation is costlier than that).
    firsts: HashSet<String>,
}

static LEXICON: LazyLock<Option<Lexicon>> = LazyLock::new(|| {
    let mut entries: Vec<(&str, &str, bool)> = FUNCTION_WORDS
        .iter()
        .map(|(w, e)| (*w, *e, false))
        .chain(COMMAND_WORDS.iter().map(|(w, e)| (*w, *e, true)))
        .collect();
    entries.sort_by_key(|(w, _, _)| std::cmp::Reverse(w.chars().count()));
    let alternatives: Vec<String> = entries
        .iter()
        .map(|(w, _, _)| {
            let body = regex::escape(w).replace(' ', r"\s+");
            // An elided determiner ("l'", "dell'") ends at its apostrophe, not a word.
            if w.ends_with('\'') {
                format!(r"\b{body}")
            } else {
                format!(r"\b{body}\b")
            }
        })
        .collect();
    let re = RegexBuilder::new(&alternatives.join("|"))
        .case_insensitive(true)
        .build()
        .ok()?;
    let english = entries
        .iter()
        .map(|(w, e, command)| (w.to_lowercase(), (*e, *command)))
        .collect();
    let firsts = COMMAND_WORDS
        .iter()
        .filter(|(w, e)| !w.eq_ignore_ascii_case(e))
        .filter_map(|(w, _)| w.split_whitespace().next())
        .map(|w| w.trim_end_matches('\'').to_lowercase())
        .collect();
    Some(Lexicon {
        re,
        english,
        firsts,
    })
});

/// Opening and closing quotes around a name: what is between them stays as written.
const QUOTES: &[(char, char)] = &[
    ('«', '»'),
    ('„', '“'),
    ('“', '”'),
    ('"', '"'),
    ('「', '」'),
    ('『', '』'),
    ('‹', '›'),
];

/// The request with its command vocabulary in English. `None` when no command word (not a
/// function word) of another language was glossed, unless `commands_already` says the
/// glossary's phrases wrote some in English before (then its function words are enough).
pub fn gloss(s: &str, commands_already: bool) -> Option<String> {
    let lexicon = LEXICON.as_ref()?;
    if !commands_already && !holds_a_first_word(s, &lexicon.firsts) {
        return None;
    }
    let mut out = String::with_capacity(s.len().saturating_add(16));
    let mut commands = 0usize;
    let mut rest = s;
    while !rest.is_empty() {
        // The next quoted span, if any: glossed before it, kept inside it.
        let next_quote = QUOTES
            .iter()
            .filter_map(|(open, close)| {
                let start = rest.find(*open)?;
                let after = start.checked_add(open.len_utf8())?;
                let end = rest.get(after..)?.find(*close)?;
                let stop = after.checked_add(end)?.checked_add(close.len_utf8())?;
                Some((start, stop))
            })
            .min_by_key(|(start, _)| *start);
        let (plain, quoted, tail) = match next_quote {
            Some((start, stop)) => (
                rest.get(..start).unwrap_or(""),
                rest.get(start..stop).unwrap_or(""),
                rest.get(stop..).unwrap_or(""),
            ),
            None => (rest, "", ""),
        };
        let glossed = lexicon.re.replace_all(plain, |caps: &regex::Captures<'_>| {
            let found = caps.get(0).map_or("", |m| m.as_str());
            let key = found
                .to_lowercase()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            match lexicon.english.get(&key) {
                Some((english, command)) => {
                    if *command && !key.eq_ignore_ascii_case(english) {
                        commands = commands.saturating_add(1);
                    }
                    (*english).to_string()
                }
                None => found.to_string(),
            }
        });
        out.push_str(&glossed);
        out.push_str(quoted);
        rest = tail;
    }
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    let changed = out != s.split_whitespace().collect::<Vec<_>>().join(" ");
    (commands > 0 || (commands_already && changed)).then_some(out)
}

/// Whether a word of `s` (split at spaces, apostrophes and punctuation; a hyphenated word
/// also whole) is one of `firsts`.
fn holds_a_first_word(s: &str, firsts: &HashSet<String>) -> bool {
    let lower = s.to_lowercase();
    lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .any(|w| firsts.contains(w) || w.split('-').any(|part| firsts.contains(part)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_words_become_english_and_names_stay() {
        assert_eq!(
            gloss(
                "Quelle est la table des matières de l'article Camembert (fromage) ?",
                false
            )
            .as_deref(),
            Some("which is the table of contents of the article Camembert (fromage) ?")
        );
        assert_eq!(
            gloss(
                "Den Abschnitt „Geschichte“ aus dem Artikel Neuschwanstein, bitte",
                false
            )
            .as_deref(),
            Some("the section „Geschichte“ from the article Neuschwanstein, bitte")
        );
        // Inside quotes a command word is a name's word.
        assert_eq!(
            gloss("Zeig mir «Die Seite der Artikel»", false).as_deref(),
            Some("show me «Die Seite der Artikel»")
        );
    }

    #[test]
    fn only_function_words_or_english_ones_gloss_nothing() {
        for s in [
            "show me the article on Paris",
            "la vie de Marie Curie",
            "structure of the atom",
            "",
            "«»„“",
        ] {
            assert_eq!(gloss(s, false), None, "{s}");
        }
        // After the glossary's phrases, function words are enough.
        assert_eq!(
            gloss("Quelle est la table of contents de l'article X ?", true).as_deref(),
            Some("which is the table of contents of the article X ?")
        );
        assert_eq!(gloss("table of contents", true), None);
    }

    #[test]
    fn the_lexicon_compiles() {
        assert!(LEXICON.is_some());
    }

    #[test]
    fn the_screen_passes_over_no_request_the_lexicon_would_gloss() {
        let Some(lexicon) = LEXICON.as_ref() else {
            panic!("the lexicon compiles");
        };
        for (word, english) in COMMAND_WORDS {
            if word.eq_ignore_ascii_case(english) {
                continue;
            }
            for s in [
                format!("{word} X"),
                format!("Bitte: {} «X»?", word.to_uppercase()),
                format!("dell'{word}"),
            ] {
                let glossed = lexicon.re.is_match(&s);
                assert!(!glossed || holds_a_first_word(&s, &lexicon.firsts), "{s}");
            }
        }
        assert!(!holds_a_first_word("how do I read a file", &lexicon.firsts));
    }
}
