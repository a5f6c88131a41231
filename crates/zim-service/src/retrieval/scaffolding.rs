//! The scaffolding of questions in the languages other than English that Kiwix publishes
//! most: the articles, pronouns, prepositions, auxiliaries and question words of French,
//! Spanish, Portuguese, Italian, German, Russian and Arabic ("comment", "est-ce que", "cómo",
//! "qué", "wie", "как", "كيف"),
//! and the elided articles French and Italian write onto the next word ("l'installation",
//! "dell'archivio").
//!
//! [`crate::retrieval::analyze`] reads a request without knowing the archive, with English
//! stopwords only: a word that is scaffolding in one language is a topic in another ("pour",
//! "die", "come", "son"). Once the archive is known, its language's scaffolding is taken out
//! of the request's words ([`Analysis::without_scaffolding_of`]); the all-words query would
//! otherwise demand "comment" and "je" of the page that answers.

use crate::retrieval::analyze::Analysis;

const FRENCH: &[&str] = &[
    "a",
    "afin",
    "ai",
    "alors",
    "as",
    "au",
    "aux",
    "avec",
    "avoir",
    "c",
    "ça",
    "ce",
    "cela",
    "ces",
    "cet",
    "cette",
    "comment",
    "d",
    "dans",
    "de",
    "des",
    "dois",
    "doit",
    "donc",
    "du",
    "elle",
    "en",
    "est",
    "et",
    "être",
    "faire",
    "faut",
    "il",
    "ils",
    "j",
    "je",
    "l",
    "la",
    "le",
    "les",
    "leur",
    "lui",
    "m",
    "ma",
    "mais",
    "me",
    "mes",
    "moi",
    "mon",
    "n",
    "ne",
    "nos",
    "notre",
    "nous",
    "on",
    "ou",
    "où",
    "par",
    "pas",
    "peut",
    "peux",
    "pour",
    "pourquoi",
    "qu",
    "quand",
    "que",
    "quel",
    "quelle",
    "quelles",
    "quels",
    "qui",
    "quoi",
    "s",
    "sa",
    "sans",
    "se",
    "ses",
    "si",
    "son",
    "sont",
    "sur",
    "t",
    "ta",
    "te",
    "tes",
    "toi",
    "ton",
    "tu",
    "un",
    "une",
    "vos",
    "votre",
    "vous",
    "y",
    "est-ce",
    "qu'est-ce",
    "c'est",
    "j'ai",
    "svp",
    "merci",
    "bonjour",
];

const SPANISH: &[&str] = &[
    "a", "al", "algo", "algún", "alguna", "como", "cómo", "con", "cual", "cuál", "cuáles",
    "cuando", "cuándo", "de", "del", "donde", "dónde", "el", "él", "ella", "en", "es", "esta",
    "está", "este", "esto", "hacer", "hay", "la", "las", "le", "les", "lo", "los", "me", "mi",
    "mis", "muy", "necesito", "no", "nos", "o", "para", "pero", "por", "porque", "puedo", "qué",
    "que", "quiero", "se", "ser", "si", "sí", "sin", "sobre", "son", "su", "sus", "te", "tengo",
    "tu", "tú", "un", "una", "uno", "y", "ya", "yo", "favor", "hola", "gracias",
];

const PORTUGUESE: &[&str] = &[
    "a", "ao", "aos", "as", "à", "com", "como", "da", "das", "de", "do", "dos", "e", "é", "ela",
    "ele", "em", "essa", "esse", "esta", "está", "este", "eu", "fazer", "isso", "mais", "me",
    "meu", "minha", "na", "nas", "no", "nos", "não", "o", "os", "ou", "para", "pela", "pelo",
    "por", "porque", "posso", "pra", "qual", "quais", "quando", "que", "quê", "se", "sem", "ser",
    "seu", "sua", "um", "uma", "você", "favor", "obrigado", "olá",
];

const ITALIAN: &[&str] = &[
    "a", "al", "alla", "allo", "che", "chi", "ci", "come", "con", "cosa", "cos'è", "da", "dal",
    "dalla", "dei", "del", "della", "dello", "delle", "devo", "di", "dove", "e", "è", "fare",
    "gli", "i", "il", "in", "io", "la", "le", "lo", "ma", "mi", "mio", "mia", "nel", "nella",
    "non", "o", "per", "perché", "posso", "può", "qual", "quale", "quali", "quando", "se", "si",
    "sono", "su", "sul", "sulla", "ti", "tra", "tu", "un", "una", "uno", "grazie",
];

const GERMAN: &[&str] = &[
    "ab", "aber", "als", "am", "an", "auf", "aus", "bei", "bin", "bitte", "das", "dass", "dem",
    "den", "der", "des", "die", "du", "ein", "eine", "einem", "einen", "einer", "eines", "er",
    "es", "für", "gibt", "habe", "hat", "ich", "ihr", "im", "in", "ist", "kann", "man", "mein",
    "meine", "mich", "mir", "mit", "muss", "nach", "nicht", "oder", "sich", "sie", "sind", "so",
    "um", "und", "uns", "von", "vom", "was", "welche", "welcher", "wenn", "wie", "wieso", "wir",
    "wo", "zu", "zum", "zur", "danke", "hallo",
];

const RUSSIAN: &[&str] = &[
    "а",
    "без",
    "бы",
    "в",
    "во",
    "вот",
    "где",
    "да",
    "для",
    "до",
    "его",
    "ее",
    "её",
    "если",
    "есть",
    "ещё",
    "еще",
    "же",
    "за",
    "зачем",
    "и",
    "из",
    "или",
    "их",
    "к",
    "как",
    "какая",
    "какие",
    "каким",
    "какой",
    "каком",
    "когда",
    "ко",
    "ли",
    "меня",
    "мне",
    "мной",
    "можно",
    "мой",
    "моя",
    "мою",
    "мои",
    "моем",
    "моём",
    "на",
    "надо",
    "не",
    "нет",
    "нужно",
    "о",
    "об",
    "от",
    "по",
    "под",
    "подскажите",
    "пожалуйста",
    "помогите",
    "почему",
    "при",
    "с",
    "сделать",
    "со",
    "так",
    "такое",
    "там",
    "то",
    "у",
    "уже",
    "хочу",
    "чем",
    "что",
    "чтобы",
    "это",
    "этот",
    "эта",
    "эти",
    "этом",
    "я",
    "спасибо",
    "привет",
];

/// Arabic, standard and the colloquial question words most written (Egyptian, Levantine,
/// Gulf): a word with a prefix attached ("وكيف") is another word and stays.
const ARABIC: &[&str] = &[
    "أريد",
    "اريد",
    "أن",
    "ان",
    "إن",
    "أنا",
    "انا",
    "أو",
    "او",
    "إلى",
    "الى",
    "إزاي",
    "ازاي",
    "ايش",
    "إيش",
    "التي",
    "الذي",
    "اللي",
    "بس",
    "بعد",
    "ذلك",
    "شو",
    "شكرا",
    "شكراً",
    "على",
    "عن",
    "عايز",
    "عندي",
    "فضلك",
    "في",
    "فين",
    "قبل",
    "كيف",
    "كيفية",
    "لا",
    "لماذا",
    "لو",
    "لي",
    "ليه",
    "ما",
    "ماذا",
    "مرحبا",
    "مع",
    "ممكن",
    "من",
    "هذا",
    "هذه",
    "هل",
    "هو",
    "هي",
    "و",
    "وين",
    "يا",
    "يعني",
    "يمكن",
    "يمكنني",
    "سمحت",
];

/// The question scaffolding of a two-letter language, when it is one of those listed.
fn scaffolding_of(language: &str) -> Option<&'static [&'static str]> {
    match language {
        "fr" => Some(FRENCH),
        "es" => Some(SPANISH),
        "pt" => Some(PORTUGUESE),
        "it" => Some(ITALIAN),
        "de" => Some(GERMAN),
        "ru" => Some(RUSSIAN),
        "ar" => Some(ARABIC),
        _ => None,
    }
}

/// The word without an elided article or pronoun before an apostrophe ("l'installation" ->
/// "installation", "dell'archivio" -> "archivio"), in French and Italian.
fn without_elision<'w>(word: &'w str, language: &str) -> &'w str {
    if !matches!(language, "fr" | "it") {
        return word;
    }
    match word.split_once(['\'', '’']) {
        Some((head, rest)) if !rest.is_empty() && head.chars().count() <= 5 && !head.is_empty() => {
            rest
        }
        _ => word,
    }
}

impl Analysis {
    /// The analysis without the question scaffolding of `language` (two letters), its
    /// elided words bare; unchanged for English and languages not listed, and when nothing
    /// would be left.
    pub fn without_scaffolding_of(&self, language: &str) -> Analysis {
        let Some(words) = scaffolding_of(language) else {
            return self.clone();
        };
        let keep = |t: &String| -> Option<String> {
            let bare = without_elision(t, language);
            (!words.contains(&bare) && !words.contains(&t.as_str())).then(|| bare.to_owned())
        };
        let mut terms: Vec<String> = Vec::new();
        for t in &self.terms {
            if let Some(k) = keep(t)
                && !terms.contains(&k)
            {
                terms.push(k);
            }
        }
        if terms.is_empty() {
            return self.clone();
        }
        let weak = self
            .weak
            .iter()
            .filter_map(&keep)
            .filter(|w| terms.contains(w))
            .collect();
        Analysis {
            terms,
            weak,
            identifiers: self.identifiers.clone(),
            names: self.names.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::retrieval::analyze::analyze;

    #[test]
    fn a_french_question_keeps_its_topic() {
        let a = analyze("comment est-ce que je peux installer l'installation d'un paquet ?")
            .without_scaffolding_of("fr");
        assert_eq!(a.terms, ["installer", "installation", "paquet"]);
    }

    #[test]
    fn russian_and_arabic_questions_keep_their_topic() {
        let ru = analyze("Подскажите, как настроить статический IP в Debian?");
        assert_eq!(
            ru.without_scaffolding_of("ru").terms,
            ["настроить", "статический", "ip", "debian"]
        );
        let ar = analyze("كيف أقوم بتثبيت حزمة في ديبيان؟");
        assert_eq!(
            ar.without_scaffolding_of("ar").terms,
            ["أقوم", "بتثبيت", "حزمة", "ديبيان"]
        );
    }

    #[test]
    fn each_language_drops_only_its_own_scaffolding() {
        let q = analyze("cómo configurar la red para die Firma");
        assert_eq!(
            q.without_scaffolding_of("es").terms,
            ["configurar", "red", "die", "firma"]
        );
        assert_eq!(
            q.without_scaffolding_of("de").terms,
            ["cómo", "configurar", "la", "red", "para", "firma"]
        );
        // English and unlisted languages: unchanged.
        assert_eq!(q.without_scaffolding_of("en"), q);
        assert_eq!(q.without_scaffolding_of("ja"), q);
    }

    #[test]
    fn a_request_of_scaffolding_only_is_left_as_it_was() {
        let q = analyze("qu'est-ce que c'est");
        assert_eq!(q.without_scaffolding_of("fr"), q);
    }
}
