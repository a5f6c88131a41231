//! Requests for a view of an article in the five other languages Kiwix publishes most
//! (Spanish, French, German, Portuguese, Italian), read by the shape such a request takes in
//! each rather than phrase by phrase: an optional request verb, the view's noun, the word for
//! "of", an optional noun for the article, the article's name ("Muéstrame el índice del
//! artículo Reconquista", "Zeig mir die Links der Seite Berlin", "Quali sezioni ha l'articolo
//! Dante Alighieri?"). The request is written in English in the same shape ("show me the table
//! of contents of the article Reconquista"), the name kept as written, for the English rules to
//! read; [`crate::glossary`]'s phrases are tried first.
//!
//! Only a request that is that shape from its first word to its last is rewritten, and the
//! question shape needs the noun for the article ("¿Qué secciones tiene el artículo X?"): a
//! question about the world ("¿Cuál es la estructura del átomo?", "Welche Links sind
//! sicher?") is no such shape, and stays a search.

use regex::{Regex, RegexBuilder};
use std::sync::LazyLock;

/// The words of one language for the parts of a view request. Each is a regex alternation.
struct Words {
    /// Request verbs, with a pronoun after them ("muéstrame", "zeig mir", "mostre-me").
    verb: &'static str,
    /// Determiners before the view's noun ("el", "die", "l'").
    det: &'static str,
    /// The words for "of" between the view and the article ("del", "de l'", "der", "des").
    of: &'static str,
    /// The nouns for an article, with their determiner or preposition ("artículo", "la page",
    /// "dem Artikel"), then an optional "about" ("sobre", "über").
    article: &'static str,
    /// "which ... does the article have": the question's opening and its verb.
    which: &'static str,
    has: &'static str,
    /// The views: (nouns, English).
    views: &'static [(&'static str, &'static str)],
    /// The noun for one section ("sección", "Abschnitt").
    section: &'static str,
}

const SPANISH: Words = Words {
    verb: r"mu[ée]strame|mu[ée]stranos|mu[ée]stra|ens[ée][ñn]ame|ens[ée][ñn]a|dame|d[ée]me|p[áa]same|abre|[áa]breme|ver|quiero\s+ver|necesito|lista|l[íi]stame|saca|s[áa]came|trae|tr[áa]eme|puedes\s+mostrarme|podr[íi]as\s+mostrarme|me\s+muestras",
    det: r"el|la|los|las|un|una",
    of: r"del|de\s+la|de\s+los|de\s+las|de|en\s+el|en\s+la",
    article: r"(?:art[íi]culo|p[áa]gina|entrada)(?:\s+(?:sobre|de|acerca\s+de))?",
    which: r"qu[ée]|cu[áa]les\s+son\s+(?:los|las)",
    has: r"tiene|hay\s+en(?:\s+el|\s+la)?|contiene",
    views: &[
        (
            r"[íi]ndice|tabla\s+de\s+contenidos?|contenidos|secciones|apartados|encabezados|t[íi]tulos\s+de\s+(?:las\s+)?secciones",
            "table of contents",
        ),
        (r"estructura|esqueleto|esquema", "structure"),
        (
            r"resumen|sinopsis|introducci[óo]n|primer\s+p[áa]rrafo|entradilla",
            "summary",
        ),
        (r"enlaces|v[íi]nculos|links", "links"),
        (
            r"(?:art[íi]culos|p[áa]ginas|entradas|temas)\s+(?:relacionad[oa]s|similares|parecid[oa]s)",
            "related articles",
        ),
        (r"texto\s+(?:completo|entero)", "full text"),
    ],
    section: r"secci[óo]n|apartado|parte",
};

const FRENCH: Words = Words {
    verb: r"montre(?:z)?(?:-moi|-nous)?|affiche(?:z)?(?:-moi|-nous)?|donne(?:z)?(?:-moi|-nous)?|ouvre(?:z)?(?:-moi)?|liste(?:z)?(?:-moi)?|sors(?:-moi)?|je\s+veux(?:\s+voir)?|je\s+voudrais(?:\s+voir)?|j'aimerais(?:\s+voir)?|peux-tu\s+(?:me\s+)?(?:montrer|afficher|donner)|pouvez-vous\s+(?:me\s+)?(?:montrer|afficher|donner)",
    det: r"le|la|les|l'|un|une",
    of: r"du|de\s+la|de\s+l'|des|de|d'",
    article: r"(?:article|page|entr[ée]e|fiche)(?:\s+(?:sur|consacr[ée]e?\s+[àa]))?",
    which: r"quelles|quels",
    has: r"a|contient|comporte|y\s+a-t-il\s+dans",
    views: &[
        (
            r"sommaire|table\s+des\s+mati[èe]res|sections|rubriques|intertitres|titres\s+de\s+sections?",
            "table of contents",
        ),
        (r"structure|squelette|plan", "structure"),
        (
            r"r[ée]sum[ée]|introduction|intro|premier\s+paragraphe|chapeau|synth[èe]se",
            "summary",
        ),
        (r"liens", "links"),
        (
            r"(?:articles|pages|sujets)\s+(?:li[ée]s|connexes|similaires|apparent[ée]s|proches)",
            "related articles",
        ),
        (r"texte\s+(?:complet|int[ée]gral)", "full text"),
    ],
    section: r"section|partie|rubrique",
};

const GERMAN: Words = Words {
    verb: r"zeig(?:e)?(?:\s+mir|\s+uns)?|zeigen\s+sie\s+mir|gib(?:\s+mir)?|geben\s+sie\s+mir|[öo]ffne|liste|list(?:e)?\s+(?:mir\s+)?auf|ich\s+(?:m[öo]chte|will|h[äa]tte\s+gern)(?:\s+(?:sehen|haben))?|kannst\s+du\s+mir|k[öo]nnen\s+sie\s+mir|hol(?:e)?(?:\s+mir)?",
    det: r"der|die|das|den|dem|des|ein|eine|einen",
    of: r"der|des|von\s+der|vom|von|zur|zum|f[üu]r\s+(?:den|die|das)|im|in\s+der",
    article: r"(?:artikels?|seite|eintrags?|beitrags?)(?:\s+(?:über|zu|zum|zur))?",
    which: r"welche",
    has: r"hat|enth[äa]lt|gibt\s+es\s+(?:im|in\s+der)",
    views: &[
        (
            r"inhaltsverzeichnis|abschnitte|gliederung|[üu]berschriften|kapitel",
            "table of contents",
        ),
        (r"struktur|aufbau|ger[üu]st", "structure"),
        (
            r"zusammenfassung|einleitung|einf[üu]hrung|kurzfassung|ersten?\s+absatz|überblick|[üu]berblick",
            "summary",
        ),
        (r"links|verweise|verlinkungen", "links"),
        (
            r"(?:verwandten|[äa]hnlichen|verwandte|[äa]hnliche)\s+(?:artikel|seiten|themen)",
            "related articles",
        ),
        (
            r"vollst[äa]ndigen?\s+text|volltext|ganzen?\s+text",
            "full text",
        ),
    ],
    section: r"abschnitt|kapitel|teil",
};

const PORTUGUESE: Words = Words {
    verb: r"mostre(?:-me)?|mostra(?:-me)?|me\s+mostra|me\s+mostre|exiba|exibe|d[êe](?:-me)?|me\s+d[áaê]|abra|abre|liste|lista|quero\s+ver|preciso\s+(?:de|ver)|traga|traz|pode\s+me\s+mostrar|podes\s+mostrar-me",
    det: r"o|a|os|as|um|uma",
    of: r"do|da|dos|das|de|no|na",
    article: r"(?:artigo|p[áa]gina|verbete|entrada)(?:\s+(?:sobre|de|acerca\s+de))?",
    which: r"quais\s+(?:s[ãa]o\s+)?(?:os|as)|que",
    has: r"tem|h[áa]\s+n[oa]|cont[ée]m|possui",
    views: &[
        (
            r"[íi]ndice|sum[áa]rio|tabela\s+de\s+conte[úu]dos?|se[çc][õo]es|cabe[çc]alhos|t[íi]tulos\s+das\s+se[çc][õo]es",
            "table of contents",
        ),
        (r"estrutura|esqueleto", "structure"),
        (
            r"resumo|introdu[çc][ãa]o|sinopse|primeiro\s+par[áa]grafo",
            "summary",
        ),
        (r"links|liga[çc][õo]es|hiperliga[çc][õo]es", "links"),
        (
            r"(?:artigos|p[áa]ginas|verbetes|temas)\s+(?:relacionad[oa]s|semelhantes|parecid[oa]s)",
            "related articles",
        ),
        (r"texto\s+(?:completo|inteiro|integral)", "full text"),
    ],
    section: r"se[çc][ãa]o|parte",
};

const ITALIAN: Words = Words {
    verb: r"mostrami|mostra(?:ci)?|fammi\s+vedere|dammi|apri(?:mi)?|elenca(?:mi)?|visualizza|voglio\s+vedere|vorrei(?:\s+vedere)?|mi\s+(?:mostri|dai|fai\s+vedere)|puoi\s+mostrarmi",
    det: r"il|lo|la|i|gli|le|l'|un|una",
    of: r"del|dello|della|dell'|dei|degli|delle|di|nel|nella",
    article: r"(?:articolo|pagina|voce)(?:\s+(?:su|sul|sulla|sullo|riguardo\s+a))?",
    which: r"quali|che",
    has: r"ha|contiene|ci\s+sono\s+nel(?:la)?",
    views: &[
        (
            r"indice|sommario|sezioni|paragrafi|intestazioni|titoli\s+delle\s+sezioni",
            "table of contents",
        ),
        (r"struttura|scheletro", "structure"),
        (
            r"riassunto|sintesi|introduzione|primo\s+paragrafo|incipit",
            "summary",
        ),
        (r"link|collegamenti", "links"),
        (
            r"(?:articoli|pagine|voci|temi)\s+(?:correlat[ie]|simili|collegat[ie])",
            "related articles",
        ),
        (r"testo\s+(?:completo|integrale|intero)", "full text"),
    ],
    section: r"sezione|paragrafo|parte",
};

const LANGUAGES: [&Words; 5] = [&SPANISH, &FRENCH, &GERMAN, &PORTUGUESE, &ITALIAN];

/// One language's two shapes, compiled, with the English of each view.
struct Shapes {
    section: Option<Regex>,
    imperative: Option<Regex>,
    question: Option<Regex>,
    views: Vec<(Option<Regex>, &'static str)>,
    /// The letter runs of the language's view and section nouns (lowercase): every shape
    /// holds one of those nouns, so a request that spells none of the runs is no shape of
    /// the language, told by substring searches (most requests are English).
    runs: Vec<String>,
}

/// "only" before the view or in a clause after the name ("Nur das Inhaltsverzeichnis vom
/// Artikel X", "..., solo los apartados").
const ONLY: &str =
    r"(?:solo|s[óo]lo|solamente|s[óo]|somente|apenas|nur|bloß|seulement|juste|uniquement|soltanto)";

/// Politeness before or after a request ("por favor", "bitte", "s'il te plaît").
const POLITE: &str =
    r"(?:por\s+favor|porfa|bitte|s'il\s+(?:te|vous)\s+pla[îi]t|stp|svp|per\s+favore|pfv|pf)";

/// A shape built from the tables, case-insensitive. Built, so the crate's literal-pattern
/// check (`tests/patterns.rs`) cannot read it: `every_shape_compiles` below fails when one
/// does not compile.
fn compiled(pattern: &str) -> Option<Regex> {
    RegexBuilder::new(pattern)
        .case_insensitive(true)
        .build()
        .ok()
}

static SHAPES: LazyLock<Vec<Shapes>> = LazyLock::new(|| {
    LANGUAGES
        .iter()
        .map(|w| {
            let views = w
                .views
                .iter()
                .map(|(v, _)| format!("(?:{v})"))
                .collect::<Vec<_>>()
                .join("|");
            let imperative = format!(
                r"^[¿¡]?\s*(?:{POLITE}[,\s]+)?(?P<verb>(?:{verb})\b[,\s]*)?(?:{ONLY}\s+)?(?:(?:{det})\s*)?(?P<view>{views})\s+(?:(?:{of})\s*)(?P<art>(?:(?:{det})\s*)?(?:{art})\s+)?(?P<x>[^,;:!?]+?)(?:,\s*{ONLY}\b[^,;:!?]*)?(?:[,\s]+{POLITE})?\s*[.!?]*$",
                verb = w.verb,
                det = w.det,
                of = w.of,
                art = w.article,
            );
            let question = format!(
                r"^[¿¡]?\s*(?:{which})\s+(?P<view>{views})\s+(?:{has})\s+(?:(?:{det})\s*)?(?:{art})\s+(?P<x>[^,;:!?]+?)\s*(?:[?.!]+(?:\s+.*)?)?$",
                which = w.which,
                has = w.has,
                det = w.det,
                art = w.article,
            );
            let section = format!(
                r"^[¿¡]?\s*(?:{POLITE}[,\s]+)?(?:(?:{verb})\b[,\s]*)?(?:(?:{det})\s*)?(?:{sec})\s+(?P<s>[^,;:!?]+?)\s+(?:{of})\s*(?:(?:{det})\s*)?(?:{art})\s+(?P<x>[^,;:!?]+?)(?:[,\s]+{POLITE})?\s*[.!?]*$",
                verb = w.verb,
                det = w.det,
                sec = w.section,
                of = w.of,
                art = w.article,
            );
            let runs = w
                .views
                .iter()
                .map(|(v, _)| *v)
                .chain(std::iter::once(w.section))
                .flat_map(crate::glossary::letter_runs)
                .collect();
            Shapes {
                runs,
                section: compiled(&section),
                imperative: compiled(&imperative),
                question: compiled(&question),
                views: w
                    .views
                    .iter()
                    .map(|(v, e)| (compiled(&format!("^(?:{v})$")), *e))
                    .collect(),
            }
        })
        .collect()
});

/// A shape's captures, found by the faster match test first: most requests are no shape.
fn captures<'t>(re: &Regex, request: &'t str) -> Option<regex::Captures<'t>> {
    re.is_match(request).then(|| re.captures(request)).flatten()
}

/// The English of a view's noun as matched.
fn english_view(shapes: &Shapes, matched: &str) -> Option<&'static str> {
    shapes
        .views
        .iter()
        .find(|(re, _)| re.as_ref().is_some_and(|re| re.is_match(matched.trim())))
        .map(|(_, e)| *e)
}

/// The article's name as the request gives it; `None` when words follow a quoted name
/// ("„Dreißigjähriger Krieg“ mit Ankern": what they ask of the view, the glossary's to read).
fn named(x: &str) -> Option<&str> {
    let x = x.trim();
    let after_quote = x
        .char_indices()
        .skip(1)
        .find(|(_, c)| matches!(c, '"' | '»' | '“' | '”'))
        .and_then(|(i, c)| x.get(i.saturating_add(c.len_utf8())..))
        .unwrap_or_default();
    after_quote.trim().is_empty().then_some(x)
}

/// Whether `x` begins as a name is written: a capital letter or a quote.
fn written_as_a_name(x: &str) -> bool {
    x.trim_start()
        .chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || matches!(c, '"' | '«' | '„' | '“' | '‚' | '\'' | '»'))
}

/// The request in English when it is a view request of one of the languages ([`Words`]):
/// "Muéstrame el índice del artículo Reconquista" is "show me the table of contents of the
/// article Reconquista". `None` when it is no such request.
pub(crate) fn english_view_request(request: &str) -> Option<String> {
    view_request(request, true)
}

/// [`english_view_request`], trying only the languages whose nouns' letter runs the request
/// spells when `screened` (all of them otherwise: the tests compare the two).
fn view_request(request: &str, screened: bool) -> Option<String> {
    let request = request.trim();
    let lower = request.to_lowercase();
    for shapes in SHAPES.iter() {
        if screened && !shapes.runs.iter().any(|r| lower.contains(r.as_str())) {
            continue;
        }
        if let Some(c) = shapes.section.as_ref().and_then(|re| captures(re, request)) {
            let section = c.name("s")?.as_str().trim();
            let x = named(c.name("x")?.as_str())?;
            return Some(format!("show me the {section} section of the article {x}"));
        }
        if let Some(c) = shapes
            .question
            .as_ref()
            .and_then(|re| captures(re, request))
        {
            let view = english_view(shapes, c.name("view")?.as_str())?;
            let x = named(c.name("x")?.as_str())?;
            return Some(match view {
                "table of contents" => format!("which sections does the article {x} have?"),
                "summary" | "structure" | "full text" => {
                    format!("what is the {view} of the article {x}?")
                }
                _ => format!("what are the {view} of the article {x}?"),
            });
        }
        if let Some(c) = shapes
            .imperative
            .as_ref()
            .and_then(|re| captures(re, request))
        {
            let view = english_view(shapes, c.name("view")?.as_str())?;
            let x = named(c.name("x")?.as_str())?;
            // A view's noun before a phrase in lowercase, with neither a request verb nor the
            // noun for an article ("resumen de las causas de la guerra civil", "indice de
            // desenvolvimento humano"), is a topic: a name is written capitalised or quoted.
            if c.name("verb").is_none() && c.name("art").is_none() && !written_as_a_name(x) {
                continue;
            }
            // A noun phrase alone ("el resumen de la Revolución") names no article unless the
            // noun for one is there: it is the English noun phrase, read as the English one is.
            let verb = if c.name("verb").is_some() {
                "show me "
            } else {
                ""
            };
            let article = if c.name("art").is_some() {
                "the article "
            } else {
                ""
            };
            return Some(format!("{verb}the {view} of {article}{x}"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::english_view_request as e;

    #[test]
    fn every_shape_compiles() {
        for shapes in super::SHAPES.iter() {
            assert!(shapes.section.is_some());
            assert!(shapes.imperative.is_some());
            assert!(shapes.question.is_some());
            assert!(shapes.views.iter().all(|(re, _)| re.is_some()));
        }
        assert_eq!(super::SHAPES.len(), super::LANGUAGES.len());
    }

    #[test]
    fn view_requests_become_english() {
        assert_eq!(
            e("Muéstrame el índice del artículo Reconquista").as_deref(),
            Some("show me the table of contents of the article Reconquista")
        );
        assert_eq!(
            e("Zeig mir die Links der Seite Berlin, bitte").as_deref(),
            Some("show me the links of the article Berlin")
        );
        assert_eq!(
            e("Quali sezioni ha l'articolo Dante Alighieri?").as_deref(),
            Some("which sections does the article Dante Alighieri have?")
        );
        assert_eq!(
            e("Mostre o resumo do artigo sobre Tiradentes").as_deref(),
            Some("show me the summary of the article Tiradentes")
        );
        assert_eq!(
            e("Muéstrame la sección Historia del artículo Madrid").as_deref(),
            Some("show me the Historia section of the article Madrid")
        );
        assert_eq!(
            e("Zeig mir den Abschnitt Geschichte des Artikels Köln").as_deref(),
            Some("show me the Geschichte section of the article Köln")
        );
        assert_eq!(
            e("Nur das Inhaltsverzeichnis vom Artikel Berliner Mauer, bitte").as_deref(),
            Some("the table of contents of the article Berliner Mauer")
        );
        assert_eq!(
            e("Dame el índice del artículo Don Quijote de la Mancha, solo los apartados")
                .as_deref(),
            Some("show me the table of contents of the article Don Quijote de la Mancha")
        );
        assert_eq!(
            e("Donne-moi les articles liés à l'article Victor Hugo").as_deref(),
            None,
            "\"liés à\" is no \"of\": the glossary's phrases read it"
        );
    }

    #[test]
    fn the_screen_passes_over_no_shape_a_request_holds() {
        let sets = [
            include_str!("../data/phrasings-heldout-z20.jsonl"),
            include_str!("../data/phrasings-heldout-z21.jsonl"),
            include_str!("../data/phrasings-heldout-z23.jsonl"),
            include_str!("../data/phrasings-heldout-z24.jsonl"),
            include_str!("../data/phrasings-heldout-z7.jsonl"),
        ];
        let mut read = 0;
        for line in sets.iter().flat_map(|s| s.lines()) {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let Some(q) = v["query"].as_str() else {
                continue;
            };
            let q = crate::text::normalize_input(q);
            let whole = super::view_request(&q, false);
            read += usize::from(whole.is_some());
            assert_eq!(super::view_request(&q, true), whole, "{q}");
        }
        assert!(read > 20, "{read}");
        for shapes in super::SHAPES.iter() {
            assert!(!shapes.runs.is_empty());
        }
    }

    #[test]
    fn questions_about_the_world_are_no_view_requests() {
        for q in [
            "¿Cuál es la estructura del átomo?",
            "Welche Links sind sicher?",
            "Quelle est la structure d'une cellule ?",
            "Qual é o resumo da história do Brasil?",
            "come funziona l'indice di massa corporea",
            "la sección 8 de la constitución",
            "Abschnitt 3 des Grundgesetzes",
            // A view's noun before a lowercase phrase, no verb, no article: a topic.
            "resumen de las causas de la guerra civil española para un trabajo del cole",
            "riassunto delle cause della caduta dell'Impero romano per la verifica",
            "indice de desenvolvimento humano dos paises lusofonos",
        ] {
            assert_eq!(e(q), None, "{q}");
        }
        // With a capital or a quote it is a name, and with a verb or the noun for an article
        // the request asks for the view.
        assert!(e("resumen de «la casa de los espíritus»").is_some());
        assert!(e("el índice de Reconquista").is_some());
        assert!(e("muéstrame el índice del artículo reconquista").is_some());
    }
}
