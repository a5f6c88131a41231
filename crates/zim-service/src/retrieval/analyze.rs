//! Query analysis: what of a request is worth searching for.
//!
//! People ask in sentences ("How do I reverse a vector?"), while the archives' indexes want
//! words that occur in the answer. The analysis drops the sentence's scaffolding (question
//! openers, pronouns, auxiliaries: words that occur on every page) and keeps the content
//! words, in order, and the identifiers whole (`Option::unwrap_or`, `os.path.join`,
//! `HEAD~2`, `VecDeque`): an identifier is looked up as a title as it was written, and its
//! parts are searched as words.
//!
//! Nothing here knows an archive: the word lists are of the English question language, and
//! a request in another language keeps all its words (its language's scaffolding is taken
//! out once the archive's language is known, `scaffolding.rs`), except that the scripts
//! written without spaces are read as their words first (`cjk.rs`).

use crate::retrieval::cjk;

/// Longest request analysed (characters); the rest is ignored. Real questions are a sentence.
const MAX_ANALYSED_CHARS: usize = 1_000;
/// Content words analysed at most (a pasted paragraph is not a question; its first words
/// are). A long question's words are cut to [`MAX_QUERY_TERMS`] by their weight in the
/// archive ([`Analysis::weightiest`]), not by their place: its ask often comes last.
pub const MAX_TERMS: usize = 24;
/// Content words searched at most.
pub const MAX_QUERY_TERMS: usize = 12;
/// Identifiers kept at most.
const MAX_IDENTIFIERS: usize = 4;
/// Names kept at most.
const MAX_NAMES: usize = 3;
/// Longest single token considered (characters); longer ones are noise, not words.
const MAX_TOKEN_CHARS: usize = 64;

/// Words that carry no topic in a request: articles, pronouns, auxiliaries, question words,
/// and the verbs of asking ("explain", "tell"). Dropped everywhere.
const STOPWORDS: &[&str] = &[
    "a",
    "about",
    "after",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "been",
    "before",
    "being",
    "between",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "done",
    "each",
    "eg",
    "else",
    "etc",
    "every",
    "everything",
    "explain",
    "find",
    "for",
    "from",
    "give",
    "had",
    "has",
    "have",
    "help",
    "here",
    "how",
    "i",
    "i'd",
    "i'm",
    "ie",
    "if",
    "in",
    "instead",
    "into",
    "is",
    "it",
    "it's",
    "its",
    "just",
    "know",
    "let",
    "like",
    "me",
    "mean",
    "means",
    "might",
    "more",
    "most",
    "must",
    "my",
    "need",
    "of",
    "on",
    "one",
    "or",
    "our",
    "please",
    "possible",
    "properly",
    "rather",
    "really",
    "should",
    "show",
    "so",
    "some",
    "someone",
    "something",
    "tell",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "to",
    "us",
    "use",
    "used",
    "uses",
    "using",
    "versus",
    "via",
    "vs",
    "want",
    "was",
    "way",
    "ways",
    "we",
    "were",
    "what",
    "what's",
    "when",
    "where",
    "whether",
    "which",
    "while",
    "who",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
];

/// Words that are topic only weakly ("work", "thing", "example"): kept for the best-match
/// search, where a page that has them ranks a little higher, left out of the all-words
/// query and of title matching, where they would exclude or mislead.
const WEAK_WORDS: &[&str] = &[
    "actually",
    "another",
    "best",
    "correct",
    "correctly",
    "create",
    "different",
    "difference",
    "entire",
    "example",
    "examples",
    "few",
    "get",
    "good",
    "happen",
    "happens",
    "make",
    "many",
    "multiple",
    "new",
    "only",
    "other",
    "right",
    "same",
    "several",
    "simple",
    "single",
    "specific",
    "thing",
    "things",
    "three",
    "two",
    "whole",
    "work",
    "works",
    "write",
];

/// A weak word's share of its rarity when a long question's words are cut.
const WEAK_TERM_SHARE: f64 = 0.33;
/// How much more a word said twice (by its stem) weighs when a long question's words are cut.
const REPEATED_TERM_GAIN: f64 = 2.0;
/// Latin abbreviations of the sentence's scaffolding ("e.g.", "i.e."), without their last
/// point: split at their points they would be letters searched as words.
const SCAFFOLDING_ABBREVIATIONS: &[&str] = &["e.g", "i.e", "etc", "cf", "viz"];

/// Words that start a new clause, ending a contrasted phrase ("instead of X and Y").
const CLAUSE_JOINERS: &[&str] = &["and", "but", "so", "then", "because", "while", "when"];

/// A request, analysed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Analysis {
    /// Content words, lowercase, in the order of the request, without repeats; identifiers
    /// appear here split into their words.
    pub terms: Vec<String>,
    /// Content words that are only weakly topical (also in `terms`).
    pub weak: Vec<String>,
    /// Identifiers as written (`Option::unwrap_or`, `os.path.join`, `VecDeque`).
    pub identifiers: Vec<String>,
    /// Names: runs of capitalised words inside the sentence ("Ray Charles", "Debug"), as
    /// written; looked up as title beginnings.
    pub names: Vec<String>,
}

impl Analysis {
    /// The strong content words: what a page about the request must mention.
    pub fn strong_terms(&self) -> Vec<&str> {
        self.terms
            .iter()
            .filter(|t| !self.weak.contains(t))
            .map(String::as_str)
            .collect()
    }

    /// True when nothing searchable is left.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty() && self.identifiers.is_empty()
    }

    /// The analysis with only its `most` weightiest words (by `weight`: a word's rarity in
    /// the archive, `None` for a word it never uses), in request order. A weak word weighs a
    /// third of its rarity; identifiers and names stay as written. A long question says its
    /// scaffolding in ordinary words ("we generate ... every run and now every program gets
    /// relinked each time") and its subject in rare ones ("order-only dependency"), wherever
    /// in the sentence they come.
    pub fn weightiest(&self, most: usize, weight: &dyn Fn(&str) -> Option<f64>) -> Analysis {
        if self.terms.len() <= most {
            return self.clone();
        }
        let mut by_weight: Vec<(usize, f64)> = self
            .terms
            .iter()
            .enumerate()
            .map(|(place, term)| {
                let w = weight(term).unwrap_or(0.0);
                let share = if self.weak.contains(term) {
                    WEAK_TERM_SHARE
                } else if term.chars().count() < 2 {
                    // A letter alone is a variable's or a host's name, no topic.
                    0.0
                } else if self
                    .terms
                    .iter()
                    .filter(|t| light_stem(t) == light_stem(term))
                    .count()
                    > 1
                {
                    // Said twice ("types" ... "type alias"): what the question is about.
                    REPEATED_TERM_GAIN
                } else {
                    1.0
                };
                (place, w * share)
            })
            .collect();
        // Stable: among equal weights the earlier word stays.
        by_weight.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut kept: Vec<usize> = by_weight.iter().take(most).map(|(p, _)| *p).collect();
        kept.sort_unstable();
        let terms: Vec<String> = kept
            .iter()
            .filter_map(|p| self.terms.get(*p).cloned())
            .collect();
        Analysis {
            weak: self
                .weak
                .iter()
                .filter(|w| terms.contains(w))
                .cloned()
                .collect(),
            terms,
            identifiers: self.identifiers.clone(),
            names: self.names.clone(),
        }
    }

    /// The strong words joined: the noun phrase of the request, for title lookups.
    pub fn phrase(&self) -> String {
        self.strong_terms().join(" ")
    }
}

/// Analyses a request. Never panics; bounded work for any input.
pub fn analyze(request: &str) -> Analysis {
    let text: String = request.chars().take(MAX_ANALYSED_CHARS).collect();
    let text = cjk::spaced(&text);
    let mut analysis = Analysis::default();
    let mut run: Vec<&str> = Vec::new();
    // Inside "instead of X" / "rather than X": X is what the asker does not want, so its
    // words only weakly mark the topic.
    let mut contrast = false;
    let mut previous = String::new();
    for (position, raw) in text.split_whitespace().enumerate() {
        let token = trim_token(raw);
        // A run of a script written without spaces is read as its own words.
        if token.chars().next().is_some_and(cjk::is_cjk) {
            flush_name(&mut analysis, &mut run);
            for word in cjk::run_words(token) {
                push_term(&mut analysis, &word);
            }
            continue;
        }
        let lower = token.to_lowercase();
        let opens_contrast = matches!(
            (previous.as_str(), lower.as_str()),
            ("instead", "of") | ("rather", "than") | ("other", "than")
        );
        previous = lower.clone();
        if opens_contrast {
            contrast = true;
            continue;
        }
        if CLAUSE_JOINERS.contains(&lower.as_str()) {
            contrast = false;
        }
        let clause_ends = raw.ends_with([',', ';', '?', '!', '.', ':']);
        if SCAFFOLDING_ABBREVIATIONS.contains(&lower.trim_end_matches('.')) {
            continue;
        }
        if token.is_empty() || token.chars().count() > MAX_TOKEN_CHARS {
            flush_name(&mut analysis, &mut run);
            continue;
        }
        let is_name_word = !contrast
            && position > 0
            && token.chars().next().is_some_and(char::is_uppercase)
            && token
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '\'')
            && !token.eq_ignore_ascii_case("i")
            && !token.to_lowercase().starts_with("i'");
        if is_name_word {
            run.push(token);
        } else {
            flush_name(&mut analysis, &mut run);
        }
        // Sentence punctuation after a word ends a name ("Ray Charles, the singer").
        if raw.ends_with([',', ';', ':', '?', '!', '.', ')']) {
            flush_name(&mut analysis, &mut run);
        }
        if contrast {
            for word in words_of(token) {
                push_contrasted(&mut analysis, &word);
            }
            if clause_ends {
                contrast = false;
            }
            continue;
        }
        // A decimal number ("0.1", "3.14", "1,000") is one word, as the archives' indexes
        // keep it: split at its point, it would be digits every page has.
        if is_decimal(token) {
            push_term(&mut analysis, token);
            continue;
        }
        if is_identifier(token) {
            if analysis.identifiers.len() < MAX_IDENTIFIERS
                && !analysis.identifiers.iter().any(|i| i == token)
            {
                analysis.identifiers.push(token.to_owned());
            }
            for part in words_of(token) {
                push_term(&mut analysis, &part);
            }
            continue;
        }
        // A function word capitalised inside the sentence is a name ("From and Into",
        // "the With statement"): kept.
        let capitalised = position > 0
            && token.chars().next().is_some_and(char::is_uppercase)
            && !token.eq_ignore_ascii_case("i")
            && !token.to_lowercase().starts_with("i'");
        for word in words_of(token) {
            if capitalised && STOPWORDS.contains(&word.as_str()) {
                push_kept(&mut analysis, &word);
            } else {
                push_term(&mut analysis, &word);
            }
        }
    }
    flush_name(&mut analysis, &mut run);
    analysis
}

/// Ends the current run of capitalised words: kept as a name unless it is only function
/// words ("The", "From" alone are kept: an API may be named so).
fn flush_name(analysis: &mut Analysis, run: &mut Vec<&str>) {
    if !run.is_empty() && analysis.names.len() < MAX_NAMES {
        let name = run.join(" ");
        if !analysis.names.contains(&name) {
            analysis.names.push(name);
        }
    }
    run.clear();
}

/// Compound forms of neighbouring content words, joined by `_` and run together
/// (`split_whitespace` from "split a string by whitespace", `getsize` from "get the size",
/// `namedtuple`): code documentation names things that way, and a search for a term no page
/// has costs nothing. Pairs of words at most two apart, in request order.
pub fn joined_pairs(analysis: &Analysis) -> Vec<String> {
    let words: Vec<&str> = analysis
        .terms
        .iter()
        .filter(|t| !t.contains('_') && t.chars().all(char::is_alphanumeric))
        .map(String::as_str)
        .collect();
    let mut out = Vec::new();
    for (i, first) in words.iter().enumerate() {
        for second in words.iter().skip(i + 1).take(2) {
            out.push(format!("{first}_{second}"));
            out.push(format!("{first}{second}"));
        }
    }
    out
}

fn push_kept(analysis: &mut Analysis, word: &str) {
    if analysis.terms.len() < MAX_TERMS && !analysis.terms.iter().any(|t| t == word) {
        analysis.terms.push(word.to_owned());
    }
}

/// A word of a contrasted phrase ("instead of crates.io"): searched, but weak.
fn push_contrasted(analysis: &mut Analysis, word: &str) {
    if analysis.terms.len() >= MAX_TERMS || word.is_empty() || is_stopword(word) {
        return;
    }
    if analysis.terms.iter().any(|t| t == word) {
        return;
    }
    analysis.weak.push(word.to_owned());
    analysis.terms.push(word.to_owned());
}

fn push_term(analysis: &mut Analysis, word: &str) {
    if analysis.terms.len() >= MAX_TERMS || word.is_empty() || is_stopword(word) {
        return;
    }
    if analysis.terms.iter().any(|t| t == word) {
        return;
    }
    if WEAK_WORDS.contains(&word) {
        analysis.weak.push(word.to_owned());
    }
    analysis.terms.push(word.to_owned());
}

fn is_stopword(word: &str) -> bool {
    STOPWORDS.contains(&word) || word.chars().all(|c| !c.is_alphanumeric())
}

/// A token without the sentence punctuation around it (`"foo?"`, `(bar)`, `` `x` ``).
/// Inner punctuation stays: it is what makes an identifier.
fn trim_token(raw: &str) -> &str {
    let trimmed = raw.trim_matches(|c: char| {
        matches!(
            c,
            '?' | '!'
                | ','
                | ';'
                | '"'
                | '\''
                | '`'
                | '('
                | '['
                | '{'
                | '<'
                | '>'
                | '}'
                | ']'
                | '¿'
                | '¡'
                | '“'
                | '”'
                | '‘'
                | '’'
        )
    });
    // A sentence's full stop or colon, not an identifier's (`a.b`, `a::b` keep theirs).
    let trimmed = trimmed.trim_end_matches(['.', ':']);
    trimmed.strip_suffix("()").unwrap_or(trimmed)
}

/// Code-like tokens: inner `::`, `.`, `_`, `~`, `#`, `/`, `->`, or a capital letter after a
/// lowercase one (`VecDeque`, `defaultDict`), or digits mixed with letters (`utf8`).
/// Digits with points or commas between them: `0.1`, `3.14`, `1,000.5`.
fn is_decimal(token: &str) -> bool {
    let mut parts = token.split(['.', ',']);
    let whole = parts
        .next()
        .is_some_and(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    let mut fractions = 0;
    for part in parts {
        if part.is_empty() || !part.chars().all(|c| c.is_ascii_digit()) {
            return false;
        }
        fractions += 1;
    }
    whole && fractions > 0
}

fn is_identifier(token: &str) -> bool {
    let inner = token.trim_matches(|c: char| !c.is_alphanumeric());
    if inner.chars().count() < 2 {
        return false;
    }
    if underscored(token).is_some() {
        return true;
    }
    if inner.contains("::") || inner.contains("->") {
        return true;
    }
    let has_joiner = inner
        .char_indices()
        .any(|(i, c)| matches!(c, '.' | '_' | '~' | '#' | '/') && i > 0 && i + 1 < inner.len());
    let mut prev_lower = false;
    let mut camel = false;
    for c in inner.chars() {
        if c.is_uppercase() && prev_lower {
            camel = true;
        }
        prev_lower = c.is_lowercase();
    }
    has_joiner || camel
}

/// A name with leading or trailing underscores (`__slots__`, `__init__`, `_thread`), whole
/// and lowercase: Python's special and private names, indexed with their underscores (a
/// search for `slots` alone finds the C API's type slots, not `__slots__`).
fn underscored(token: &str) -> Option<String> {
    let core = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
    let letters = core.chars().filter(|c| c.is_alphanumeric()).count();
    ((core.starts_with('_') || core.ends_with('_'))
        && letters >= 2
        && core.chars().all(|c| c.is_alphanumeric() || c == '_'))
    .then(|| core.to_lowercase())
}

/// The lowercase words of a token: split at anything that is not a letter or digit; an
/// identifier's parts (`unwrap_or` -> `unwrap`, `or`) and camel-case humps
/// (`VecDeque` -> `vecdeque`, kept whole: that is how it is indexed).
fn words_of(token: &str) -> Vec<String> {
    let lower = token.to_lowercase();
    let mut out: Vec<String> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    // "snake_case" is also indexed whole by most tokenizers (`_` is a word character there).
    let snake = lower
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .map(|p| p.trim_matches('_'))
        .filter(|p| p.contains('_'));
    for (i, whole) in snake.enumerate() {
        if !out.iter().any(|w| w == whole) {
            out.insert(i, whole.to_owned());
        }
    }
    if let Some(whole) = underscored(token)
        && !out.contains(&whole)
    {
        out.insert(0, whole);
    }
    out
}

/// A word's comparison form: lowercase, accents kept, plural and possessive endings off
/// ("dictionaries" and "dictionary", "threads" and "thread" compare equal). Deliberately
/// light: titles and questions vary in number far more than in anything else.
pub fn light_stem(word: &str) -> String {
    let w = word.to_lowercase();
    let w = w.strip_suffix("'s").unwrap_or(&w).to_owned();
    let n = w.chars().count();
    if n > 4 && w.ends_with("ies") {
        return format!("{}y", w.trim_end_matches("ies"));
    }
    if n > 4
        && (w.ends_with("sses") || w.ends_with("xes") || w.ends_with("ches") || w.ends_with("shes"))
    {
        return w.get(..w.len().saturating_sub(2)).unwrap_or(&w).to_owned();
    }
    if n > 3 && w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") {
        return w.get(..w.len().saturating_sub(1)).unwrap_or(&w).to_owned();
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decimal_number_is_one_word() {
        let a = analyze("Why does 0.1 + 0.2 == 0.3 return False?");
        assert_eq!(a.terms, ["0.1", "0.2", "0.3", "return", "false"]);
        assert!(a.identifiers.is_empty());
        assert!(is_decimal("1,000.5"));
        assert!(!is_decimal("os.path"));
        assert!(!is_decimal("1."));
        assert!(!is_decimal("v1.2"));
        // A dotted name stays an identifier.
        assert_eq!(analyze("os.path.join").identifiers, ["os.path.join"]);
    }

    #[test]
    fn scaffolding_goes_content_stays() {
        let a = analyze("How do I reverse a vector?");
        assert_eq!(a.terms, ["reverse", "vector"]);
        let a = analyze("What is the Default trait?");
        assert_eq!(a.terms, ["default", "trait"]);
        let a = analyze("What does the with statement do?");
        assert_eq!(a.terms, ["statement"]);
    }

    #[test]
    fn names_with_leading_or_trailing_underscores_are_identifiers() {
        let a = analyze("what is __slots__ for");
        assert_eq!(a.identifiers, ["__slots__"]);
        assert_eq!(a.terms.first().map(String::as_str), Some("__slots__"));
        let a = analyze("when is __init__ called?");
        assert_eq!(a.identifiers, ["__init__"]);
        assert!(analyze("a _ b __ c").identifiers.is_empty());
        assert!(analyze("the _x_ of it").identifiers.len() <= 1);
    }

    #[test]
    fn identifiers_are_kept_whole_and_searched_as_words() {
        let a = analyze("what does Option::unwrap_or return");
        assert_eq!(a.identifiers, ["Option::unwrap_or"]);
        assert!(a.terms.contains(&"unwrap_or".to_owned()));
        assert!(a.terms.contains(&"option".to_owned()));
        let a = analyze("how to use os.path.join()?");
        assert_eq!(a.identifiers, ["os.path.join"]);
        assert_eq!(a.terms, ["os", "path", "join"]);
        let a = analyze("git reset HEAD~2");
        assert_eq!(a.identifiers, ["HEAD~2"]);
        let a = analyze("How do I use a VecDeque as a queue?");
        assert_eq!(a.identifiers, ["VecDeque"]);
        assert_eq!(a.terms, ["vecdeque", "queue"]);
    }

    #[test]
    fn capitalised_function_words_are_names() {
        let a = analyze("convert between types with From and Into");
        assert_eq!(a.terms, ["convert", "types", "from", "into"]);
        assert_eq!(analyze("From sources").terms, ["sources"]);
        assert_eq!(analyze("How do I sort").terms, ["sort"]);
    }

    #[test]
    fn neighbouring_words_are_joined_for_code_names() {
        let a = analyze("split a string by whitespace");
        assert_eq!(
            joined_pairs(&a),
            [
                "split_string",
                "splitstring",
                "split_whitespace",
                "splitwhitespace",
                "string_whitespace",
                "stringwhitespace"
            ]
        );
        assert!(joined_pairs(&analyze("closures")).is_empty());
    }

    #[test]
    fn capitalised_runs_are_names() {
        assert_eq!(analyze("When was Ray Charles born?").names, ["Ray Charles"]);
        assert_eq!(analyze("derive Debug for a struct").names, ["Debug"]);
        assert_eq!(
            analyze("convert between types with From and Into").names,
            ["From", "Into"]
        );
        assert_eq!(
            analyze("Is Ray Charles, the singer, in Genius Loves Company").names,
            ["Ray Charles", "Genius Loves Company"]
        );
        assert!(analyze("What is a closure?").names.is_empty());
        assert!(analyze("I like it").names.is_empty());
    }

    #[test]
    fn a_contrasted_phrase_is_weak() {
        let a = analyze("use a crate straight from a github repo instead of crates.io");
        assert!(a.identifiers.is_empty(), "{a:?}");
        assert!(a.weak.contains(&"crates".to_owned()));
        assert!(a.strong_terms().contains(&"github"));
        assert!(!a.terms.contains(&"instead".to_owned()));
        let a = analyze("sort with a closure rather than Ord, and keep it stable");
        assert!(a.names.is_empty(), "{a:?}");
        assert!(a.weak.contains(&"ord".to_owned()));
        assert!(a.strong_terms().contains(&"stable"));
    }

    #[test]
    fn weak_words_are_marked() {
        let a = analyze("how do list comprehensions work");
        assert_eq!(a.terms, ["list", "comprehensions", "work"]);
        assert_eq!(a.strong_terms(), ["list", "comprehensions"]);
        assert_eq!(a.phrase(), "list comprehensions");
    }

    #[test]
    fn a_long_question_keeps_its_rarest_words_wherever_they_come() {
        let a = analyze(
            "we generate version.c with the build date every run and now every program gets \
             relinked each time, how do I say build this first but don't rebuild because of it \
             (order-only dependency)",
        );
        assert!(a.terms.len() > MAX_QUERY_TERMS, "{a:?}");
        let common = [
            "build", "run", "program", "time", "first", "version", "say", "date",
        ];
        let weight = |w: &str| Some(if common.contains(&w) { 0.5 } else { 3.0 });
        let short = a.weightiest(MAX_QUERY_TERMS, &weight);
        assert_eq!(short.terms.len(), MAX_QUERY_TERMS);
        for rare in ["relinked", "rebuild", "order", "dependency"] {
            assert!(short.terms.iter().any(|t| t == rare), "{short:?}");
        }
        // In the request's order, the weak words among them still weak.
        let places: Vec<usize> = short
            .terms
            .iter()
            .filter_map(|t| a.terms.iter().position(|x| x == t))
            .collect();
        assert!(places.windows(2).all(|p| p[0] < p[1]), "{places:?}");
        assert!(short.weak.iter().all(|w| short.terms.contains(w)));
        assert_eq!(short.identifiers, a.identifiers);
        // A short question is left whole.
        let q = analyze("how do I undo my last commit");
        assert_eq!(q.weightiest(MAX_QUERY_TERMS, &weight), q);
    }

    #[test]
    fn a_long_question_drops_lone_letters_and_absent_words_first_and_keeps_repeated_ones() {
        let words: Vec<String> = (0..MAX_QUERY_TERMS).map(|i| format!("w{i}")).collect();
        let request = format!("{} b zzqx type alias, which types", words.join(" "));
        let a = analyze(&request);
        // Every word equally rare, "zzqx" in no page.
        let weight = |w: &str| if w == "zzqx" { None } else { Some(2.0) };
        let short = a.weightiest(MAX_QUERY_TERMS, &weight);
        for gone in ["b", "zzqx"] {
            assert!(!short.terms.iter().any(|t| t == gone), "{short:?}");
        }
        for kept in ["type", "types"] {
            assert!(short.terms.iter().any(|t| t == kept), "{short:?}");
        }
    }

    #[test]
    fn text_without_spaces_is_read_as_its_words() {
        let zh = analyze("怎么在debian上配置静态ip？");
        // Pairs across word boundaries (上配, 置静) stay: no dictionary tells them apart, and
        // their rarity in the archive weighs them (absent ones leave the all-words query).
        assert_eq!(zh.terms, ["debian", "上配", "配置", "置静", "静态", "ip"]);
        let ja = analyze("Debianでファイアウォールを設定する方法");
        assert_eq!(ja.terms, ["debian", "ファイアウォール", "設定", "方法"]);
        // Titles are analysed the same way: their words meet the request's.
        let title = analyze("9.7. 使用 cron 和 atd 调度任务");
        assert!(title.terms.contains(&"任务".to_owned()));
    }

    #[test]
    fn latin_abbreviations_are_scaffolding() {
        let a = analyze("annotate the return type, e.g. ok | {error, atom()}, i.e. a union etc.");
        for letter in ["e", "g", "i", "etc"] {
            assert!(!a.terms.iter().any(|t| t == letter), "{a:?}");
        }
        assert!(a.terms.iter().any(|t| t == "union"));
    }

    #[test]
    fn hostile_input_is_bounded() {
        let long = "word ".repeat(100_000);
        assert!(analyze(&long).terms.len() <= MAX_TERMS);
        let odd = "::: ... ___ ~~~ ??? \u{0} \u{202e} ".repeat(1000);
        let a = analyze(&odd);
        assert!(a.terms.len() <= MAX_TERMS && a.identifiers.len() <= MAX_IDENTIFIERS);
        assert!(analyze("").is_empty());
        assert!(analyze("what is the").is_empty());
        let many: String = (0..5000).map(|i| format!("a{i}::b{i} ")).collect();
        assert!(analyze(&many).identifiers.len() <= MAX_IDENTIFIERS);
    }

    #[test]
    fn light_stem_folds_number() {
        assert_eq!(light_stem("dictionaries"), "dictionary");
        assert_eq!(light_stem("threads"), "thread");
        assert_eq!(light_stem("classes"), "class");
        assert_eq!(light_stem("class"), "class");
        assert_eq!(light_stem("Closures"), "closure");
        assert_eq!(light_stem("status"), "status");
        assert_eq!(light_stem("its"), "its");
    }
}
