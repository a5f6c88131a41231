//! Finding an archive named in the sentence ("in wikipedia", "from the Ray Charles archive",
//! "rustdocs.zim") and removing those words so they do not leak into the extracted query/title.

use crate::text::{Pattern, rx};
use crate::{ArchiveMatch, ArchiveName};
use std::sync::LazyLock;

/// An archive given as a call's argument: `get_metadata(archive="rustdocs.zim")`,
/// `search: q=jazz zim=wikipedia`.
static ARCHIVE_ARGUMENT: Pattern = LazyLock::new(|| {
    rx(
        r#"(?:^|[\s,;({])["']?(?:archive|archive_name|zim|zim_file|zim_file_path|zim_name|file|file_name|file_path|book)["']?\s*(?:=|:)\s*(?:"(?P<d>[^"]+)"|'(?P<s>[^']+)'|(?P<b>[^\s,;)}]+))\s*,?"#,
    )
});

/// The archive a call names as a `key=value` argument, and the call without that argument.
pub fn find_archive_argument(s: &str, archives: &[ArchiveName]) -> Option<(ArchiveMatch, String)> {
    let c = ARCHIVE_ARGUMENT.as_ref()?.captures(s)?;
    let all = c.get(0)?;
    let value = c
        .name("d")
        .or_else(|| c.name("s"))
        .or_else(|| c.name("b"))?;
    let (mut m, _) = find_archive(&format!("in {}", value.as_str()), archives)?;
    m.matched_text = value.as_str().to_string();
    // Keep the separator that opened the pair: "get_metadata(archive=x)" -> "get_metadata()".
    let opener = all
        .as_str()
        .chars()
        .next()
        .filter(|c| matches!(c, '(' | '{' | ',' | ';'))
        .map(String::from)
        .unwrap_or_default();
    let rest = format!(
        "{}{opener}{}",
        s.get(..all.start()).unwrap_or_default(),
        s.get(all.end()..).unwrap_or_default()
    );
    Some((m, rest.trim().to_string()))
}

/// Prepositions/verbs that strongly introduce an archive name. Verbs (`search`, `does`, `query`)
/// are kept in the sentence; the others are removed with the name.
const STRONG_INTRO: &[&str] = &[
    "in",
    "from",
    "within",
    "inside",
    "using",
    "use",
    "dans",
    "im",
    "en",
    "across",
    "search",
    "searching",
    "query",
    "into",
];
const KEPT_INTRO: &[&str] = &["search", "searching", "does", "do", "query"];
/// Weak introducers ("of", "for", "does"): accepted only for names derived from the whole file
/// name, as "summary of Ray Charles" or "what does Ray Charles link to" must not select the
/// archive titled "Ray Charles".
const WEAK_INTRO: &[&str] = &["of", "on", "for", "does", "do"];
/// A name ending in one of these is an archive reference by itself ("the python docs").
const ARCHIVE_KIND_WORDS: &[&str] = &[
    "docs",
    "wiki",
    "wikipedia",
    "wiktionary",
    "dictionary",
    "encyclopedia",
    "wikibooks",
];
const ARTICLES: &[&str] = &[
    "the", "le", "la", "les", "l'", "der", "die", "das", "den", "el", "this",
];
/// Words after a name that confirm it is an archive ("the Ray Charles archive").
const ARCHIVE_WORDS: &[&str] = &["archive", "archives", "zim", "file", "wiki", "dump", "zims"];
/// Nouns for one article: a name right before one is the article's ("the Ray Charles
/// article"), unless the article is named after it ("the Wiktionnaire entry for chat").
const ARTICLE_NOUNS: &[&str] = &["article", "page", "entry", "articles", "pages", "entries"];
/// Nouns for a part of an article: a name after one and "of/from/in" is the article's.
const SECTION_NOUNS: &[&str] = &["section", "sections", "part", "chapter", "paragraph"];
/// Words that make "X page"/"X screen" the archive's main page.
const MAIN_PAGE_WORDS: &[&str] = &[
    "main", "home", "front", "start", "landing", "welcome", "index", "root",
];
/// Words that lead from an article noun to the article's own name.
const ARTICLE_NOUN_LINKS: &[&str] = &["for", "on", "about", "of"];
/// File-name tokens that say nothing about the content (flavours).
const FLAVOUR_TOKENS: &[&str] = &[
    "all", "maxi", "mini", "nopic", "novid", "nodet", "top", "zim", "com", "org", "net", "www",
    "io",
];
/// Verbs whose object is a search query: "search for example" is about the query "example",
/// not about an archive called `example.zim`.
const SEARCH_VERBS: &[&str] = &[
    "search",
    "searching",
    "find",
    "look",
    "looking",
    "query",
    "lookup",
];
/// Verbs that may follow an archive name in a question ("does wikipedia have ...").
const FOLLOWING_VERBS: &[&str] = &[
    "have", "has", "contain", "contains", "include", "includes", "say",
];
/// ISO 639-1 codes commonly found in Kiwix file names; ignored when matching.
const LANG_CODES: &[&str] = &[
    "en", "fr", "de", "es", "it", "pt", "ru", "be", "zh", "ja", "ar", "nl", "pl", "sv", "uk", "fa",
    "he", "hi", "ko", "tr", "cs", "fi", "da", "no", "el", "hu", "ro", "id", "vi", "th", "ca", "eu",
    "mul",
];
/// Scores at or above these accept a match (similarity x key weight).
const STRONG_THRESHOLD: f64 = 0.8;
const WEAK_THRESHOLD: f64 = 0.85;
const MAX_NGRAM: usize = 4;

#[derive(Clone, Copy, PartialEq)]
enum KeyKind {
    /// The whole file name (or its content tokens joined): accepted after weak introducers.
    File,
    /// A title or an alias: needs a strong introducer.
    Partial,
    /// One token of a multi-token file name ("python" of `devdocs_en_python_2024-02`): a
    /// common word as often as a name, so it names the archive only with an archive word
    /// after it ("the python zim"), never after a preposition alone ("sort a list in
    /// python", "walk a directory tree in python" are about the language).
    FileToken,
}

struct Key {
    archive: usize,
    text: String,
    compact: String,
    kind: KeyKind,
    weight: f64,
}

/// Lowercases, drops a `.zim` suffix and possessive `'s`, and unifies "documentation"/"doc".
fn normalize_words(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c == '_' || c == '-' || c == '.')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w = w.to_lowercase();
            match w.as_str() {
                "documentation" | "doc" | "documentations" => "docs".to_string(),
                _ => w,
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn compact(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).collect()
}

/// The file name without `.zim` (or a split archive's `.zimaa` part suffix).
fn file_stem(file_name: &str) -> &str {
    let lower = file_name.to_ascii_lowercase();
    let cut = if lower.ends_with(".zim") {
        4
    } else if lower.len() >= 6
        && lower
            .get(lower.len().saturating_sub(6)..lower.len().saturating_sub(2))
            .is_some_and(|e| e == ".zim")
    {
        6
    } else {
        0
    };
    file_name
        .get(..file_name.len().saturating_sub(cut))
        .unwrap_or(file_name)
}

fn is_noise_token(t: &str) -> bool {
    t.chars().all(|c| c.is_ascii_digit()) || LANG_CODES.contains(&t) || FLAVOUR_TOKENS.contains(&t)
}

fn build_keys(archives: &[ArchiveName]) -> Vec<Key> {
    let mut keys = Vec::new();
    let mut push = |archive: usize, text: String, kind: KeyKind, weight: f64| {
        if text.chars().count() >= 3 {
            keys.push(Key {
                archive,
                compact: compact(&text),
                text,
                kind,
                weight,
            });
        }
    };
    for (i, a) in archives.iter().enumerate() {
        let stem = file_stem(&a.file_name);
        push(i, normalize_words(stem), KeyKind::File, 1.0);
        // The name without its date ("wikipedia_en_all_maxi" for
        // "wikipedia_en_all_maxi_2024-01.zim"), as a publisher's catalogue names the archive.
        let words = normalize_words(stem);
        let mut undated: Vec<&str> = words.split(' ').collect();
        while undated
            .last()
            .is_some_and(|t| t.chars().all(|c| c.is_ascii_digit()))
        {
            undated.pop();
        }
        if undated.len() >= 2 && undated.len() < words.split(' ').count() {
            push(i, undated.join(" "), KeyKind::File, 1.0);
        }
        let content: Vec<String> = normalize_words(stem)
            .split(' ')
            .filter(|t| !is_noise_token(t))
            .map(str::to_string)
            .collect();
        push(i, content.join(" "), KeyKind::File, 1.0);
        if content.len() > 1 {
            // A single token covers only part of the name, so it scores a little lower: with
            // "wikipedia_en_all" and "wikipedia_en_ray_charles" loaded, "in wikipedia" picks the first.
            let weight = 0.7 + 0.3 / content.len() as f64;
            for t in &content {
                push(i, t.clone(), KeyKind::FileToken, weight);
            }
        }
        if let Some(title) = &a.title {
            push(i, normalize_words(title), KeyKind::Partial, 1.0);
        }
        for alias in &a.aliases {
            push(i, normalize_words(alias), KeyKind::Partial, 1.0);
        }
    }
    keys
}

/// A whitespace token of the sentence with its normalized form.
struct Token<'a> {
    raw: &'a str,
    /// Lowercased, edge punctuation and possessive removed.
    core: String,
    had_zim: bool,
    /// Ends a clause (",", "?", ...): an archive name never spans past it.
    clause_end: bool,
    /// Part of an identifier: an underscore at its edge ("FLASK_" of `FLASK_` variables,
    /// "_flask"), which names a program's symbol, not an archive.
    identifier_part: bool,
}

fn tokenize(s: &str) -> Vec<Token<'_>> {
    s.split(' ')
        .filter(|w| !w.is_empty())
        .map(|raw| {
            let clause_end = raw.ends_with([',', '?', '!', ';', ':']);
            let bare = raw.trim_matches(|c: char| matches!(c, ',' | '?' | '!' | ';' | ':' | '.'));
            let identifier_part = bare.starts_with('_') || bare.ends_with('_');
            let mut core = raw
                .trim_matches(|c: char| c.is_ascii_punctuation() && c != '/')
                .to_lowercase();
            if let Some(stripped) = core.strip_suffix("'s") {
                core = stripped.to_string();
            }
            let had_zim = core.ends_with(".zim");
            if let Some(stripped) = core.strip_suffix(".zim") {
                core = stripped.to_string();
            }
            Token {
                raw,
                core,
                had_zim,
                clause_end,
                identifier_part,
            }
        })
        .collect()
}

fn similarity(candidate: &str, key: &Key) -> f64 {
    let cand_compact = compact(candidate);
    if candidate == key.text || (!cand_compact.is_empty() && cand_compact == key.compact) {
        return 1.0;
    }
    // Fuzzy matching only for names long enough that a typo is distinguishable from a different word.
    let cand_len = cand_compact.chars().count();
    if cand_len < 5 {
        return 0.0;
    }
    // The normalized distance cannot reach the thresholds when the lengths differ by more than a
    // quarter: skip the quadratic comparison (keeps long hostile inputs cheap).
    let key_len = key.compact.chars().count();
    if cand_len.abs_diff(key_len).saturating_mul(4) > cand_len.max(key_len) {
        return 0.0;
    }
    strsim::normalized_damerau_levenshtein(candidate, &key.text).max(
        strsim::normalized_damerau_levenshtein(&cand_compact, &key.compact),
    )
}

struct Candidate {
    archive: usize,
    score: f64,
    /// Token range removed from the sentence.
    remove_from: usize,
    remove_to: usize,
    name_from: usize,
    name_to: usize,
}

/// Looks for an archive named in `s`. Returns the match and the sentence without those words.
pub fn find_archive(s: &str, archives: &[ArchiveName]) -> Option<(ArchiveMatch, String)> {
    if archives.is_empty() {
        return None;
    }
    let keys = build_keys(archives);
    let tokens = tokenize(s);
    let mut best: Option<Candidate> = None;
    for start in 0..tokens.len() {
        for len in 1..=MAX_NGRAM {
            let end = start.saturating_add(len);
            let Some(words) = tokens.get(start..end) else {
                break;
            };
            if words
                .iter()
                .any(|t| t.core.contains('/') || t.core.is_empty() || t.identifier_part)
            {
                break;
            }
            if words
                .iter()
                .take(len.saturating_sub(1))
                .any(|t| t.clause_end)
            {
                break;
            }
            let candidate = normalize_words(
                &words
                    .iter()
                    .map(|t| t.core.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            let explicit_file = words.last().is_some_and(|t| t.had_zim);
            // Context before the name: optional article, then an introducer.
            let mut intro_at = start.checked_sub(1);
            let mut has_article = false;
            if let Some(i) = intro_at
                && tokens
                    .get(i)
                    .is_some_and(|t| ARTICLES.contains(&t.core.as_str()))
            {
                has_article = true;
                intro_at = i.checked_sub(1);
            }
            let intro = intro_at
                .and_then(|i| tokens.get(i))
                .map(|t| t.core.as_str());
            let before_intro = intro_at
                .and_then(|i| i.checked_sub(1))
                .and_then(|i| tokens.get(i))
                .map(|t| t.core.as_str());
            // Context after: "archive", "zim", "zim file".
            let mut after_end = end;
            while tokens
                .get(after_end)
                .is_some_and(|t| ARCHIVE_WORDS.contains(&t.core.as_str()))
                && after_end.saturating_sub(end) < 2
                && !tokens
                    .get(after_end.saturating_sub(1))
                    .is_some_and(|t| t.clause_end)
            {
                after_end = after_end.saturating_add(1);
            }
            let archive_word_after = after_end > end
                || candidate
                    .rsplit(' ')
                    .next()
                    .is_some_and(|w| ARCHIVE_KIND_WORDS.contains(&w));
            let next_word = tokens.get(after_end).map(|t| t.core.as_str());
            // "the Early life section from Ray Charles": a name after a section's noun and
            // its preposition is the article's, unless an archive word follows.
            let of_a_section = intro.is_some_and(|w| matches!(w, "of" | "from" | "in" | "on"))
                && before_intro.is_some_and(|w| SECTION_NOUNS.contains(&w));
            // "the home screen of the Wiktionnaire": only an archive has a main page, so the
            // name after one is the archive's, as after a strong introducer.
            let of_a_main_page = intro == Some("of")
                && intro_at
                    .and_then(|i| i.checked_sub(2))
                    .and_then(|i| tokens.get(i..i.saturating_add(2)))
                    .is_some_and(|w| {
                        w.first()
                            .is_some_and(|t| MAIN_PAGE_WORDS.contains(&t.core.as_str()))
                            && w.get(1)
                                .is_some_and(|t| matches!(t.core.as_str(), "page" | "screen"))
                    });
            // "main page wiktionary_fr?": the name right after a main page, with no word
            // between, is the archive's too.
            let after_a_main_page = intro.is_some_and(|w| matches!(w, "page" | "screen"))
                && before_intro.is_some_and(|w| MAIN_PAGE_WORDS.contains(&w));
            // "the Ray Charles article": the name is an article's, not the archive's; "the
            // Wiktionnaire entry for chat", "the Wikipedia page for Tokyo": the archive's, and
            // the article is named after the noun. Only the name leaves the sentence then.
            let noun_after = after_end == end
                && !words.last().is_some_and(|t| t.clause_end)
                && next_word.is_some_and(|w| ARTICLE_NOUNS.contains(&w));
            let article_named_after = noun_after
                && !tokens.get(after_end).is_some_and(|t| t.clause_end)
                && tokens
                    .get(after_end.saturating_add(1))
                    .is_some_and(|t| ARTICLE_NOUN_LINKS.contains(&t.core.as_str()))
                && tokens.get(after_end.saturating_add(2)).is_some();
            if noun_after && !article_named_after && !explicit_file {
                continue;
            }
            if of_a_section && !archive_word_after && !explicit_file && !article_named_after {
                continue;
            }
            // "search wikipedia for X" names an archive; "search example" / "search for example"
            // make the words the query.
            let object_of_search = (intro.is_some_and(|w| SEARCH_VERBS.contains(&w))
                && !next_word.is_some_and(|w| matches!(w, "for" | "about")))
                || (intro.is_some_and(|w| matches!(w, "for" | "about" | "on"))
                    && before_intro.is_some_and(|w| SEARCH_VERBS.contains(&w)));
            // "switch to wiktionary_fr first, then ...": the archive a request moves to.
            let switched_to = intro == Some("to")
                && before_intro.is_some_and(|w| {
                    matches!(
                        w,
                        "switch" | "switching" | "change" | "move" | "jump" | "swap"
                    )
                });
            let strong_intro = (intro.is_some_and(|w| STRONG_INTRO.contains(&w)) || switched_to)
                && !object_of_search;
            // Weak contexts ("of X", "the X") only where the name ends the clause.
            let clause_done = after_end >= tokens.len()
                || tokens
                    .get(after_end.saturating_sub(1))
                    .is_some_and(|t| t.clause_end)
                || next_word.is_some_and(|w| FOLLOWING_VERBS.contains(&w));
            let weak_intro = intro.is_some_and(|w| WEAK_INTRO.contains(&w));
            for key in &keys {
                let allowed_strong = strong_intro
                    || archive_word_after
                    || explicit_file
                    || article_named_after
                    || ((of_a_main_page || after_a_main_page) && clause_done);
                let allowed_weak = (weak_intro || has_article) && clause_done && !object_of_search;
                let threshold = match key.kind {
                    KeyKind::FileToken if !(archive_word_after || explicit_file) => continue,
                    _ if allowed_strong => STRONG_THRESHOLD,
                    KeyKind::File if allowed_weak => WEAK_THRESHOLD,
                    _ => continue,
                };
                let score = similarity(&candidate, key) * key.weight;
                if score < threshold {
                    continue;
                }
                let better = match &best {
                    None => true,
                    Some(b) => {
                        score > b.score + 1e-9
                            || ((score - b.score).abs() <= 1e-9
                                && end.saturating_sub(start)
                                    > b.name_to.saturating_sub(b.name_from))
                    }
                };
                if better {
                    let keep_intro = intro.is_some_and(|w| KEPT_INTRO.contains(&w));
                    let remove_from = match intro_at {
                        _ if article_named_after => start,
                        Some(i) if (strong_intro || weak_intro) && !keep_intro => i,
                        _ if has_article => start.saturating_sub(1),
                        _ => start,
                    };
                    best = Some(Candidate {
                        archive: key.archive,
                        score,
                        remove_from,
                        remove_to: after_end,
                        name_from: start,
                        name_to: end,
                    });
                }
            }
        }
    }
    let best = best?;
    let archive = archives.get(best.archive)?;
    let matched_text = tokens
        .get(best.name_from..best.name_to)?
        .iter()
        .map(|t| {
            t.raw
                .trim_matches(|c: char| matches!(c, ',' | '?' | '!' | ';' | ':' | '"' | '\''))
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut rest: Vec<&str> = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        if i < best.remove_from || i >= best.remove_to {
            rest.push(t.raw);
        } else if i.saturating_add(1) == best.remove_to && t.clause_end {
            // Keep the clause punctuation so "X in wikipedia, top 5" stays two clauses and
            // "what's inside the X archive? list some" two sentences.
            rest.push(match t.raw.chars().next_back() {
                Some('?') => "?",
                Some('!') => "!",
                Some(';') => ";",
                _ => ",",
            });
        }
    }
    Some((
        ArchiveMatch {
            file_name: archive.file_name.clone(),
            matched_text,
        },
        rest.join(" "),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn archives() -> Vec<ArchiveName> {
        vec![
            ArchiveName::new("wikipedia_en_ray_charles_2015-06.zim", Some("Ray Charles")),
            ArchiveName::new("wikipedia_en_all_maxi_2024-01.zim", Some("Wikipedia")),
            ArchiveName::new("rustdocs.zim", Some("Rust documentation")),
        ]
    }

    fn file_of(s: &str) -> Option<(String, String)> {
        find_archive(s, &archives()).map(|(m, rest)| (m.file_name, rest))
    }

    #[test]
    fn an_identifier_is_no_archive_name() {
        let served = [ArchiveName::new("flask.zim", None)];
        for q in [
            "load settings from FLASK_ prefixed environment variables into app.config",
            "read the value from _flask in the template",
        ] {
            assert_eq!(find_archive(q, &served).map(|m| m.0.file_name), None, "{q}");
        }
        assert_eq!(
            find_archive("load settings in the flask docs", &served).map(|m| m.0.file_name),
            Some("flask.zim".to_string())
        );
        // With the archive served, the request is not the server's health.
        assert_ne!(
            crate::parse(
                "load settings from FLASK_ prefixed environment variables into app.config",
                &served
            )
            .intent
            .name(),
            "Health"
        );
    }

    #[test]
    fn preposition_and_file_name() {
        assert_eq!(
            file_of("search for biology in wikipedia.zim"),
            Some((
                "wikipedia_en_all_maxi_2024-01.zim".into(),
                "search for biology".into()
            ))
        );
        assert_eq!(
            file_of("search in the rust docs for Vec"),
            Some(("rustdocs.zim".into(), "search for Vec".into()))
        );
    }

    #[test]
    fn title_needs_strong_context() {
        assert_eq!(
            file_of("look up soul in the Ray Charles archive"),
            Some((
                "wikipedia_en_ray_charles_2015-06.zim".into(),
                "look up soul".into()
            ))
        );
        assert_eq!(file_of("summary of Ray Charles"), None);
        assert_eq!(file_of("who was Ray Charles?"), None);
        assert_eq!(file_of("what pages does Ray Charles link to"), None);
        assert_eq!(
            file_of("main page of the rust docs").map(|(f, _)| f),
            Some("rustdocs.zim".into())
        );
    }

    #[test]
    fn typo_in_archive_name() {
        assert_eq!(
            file_of("search cats in wikipdia").map(|(f, _)| f),
            Some("wikipedia_en_all_maxi_2024-01.zim".into())
        );
    }

    #[test]
    fn exact_stem_anywhere_and_search_verb_kept() {
        assert_eq!(
            file_of("is rustdocs.zim corrupted?"),
            Some(("rustdocs.zim".into(), "is corrupted?".into()))
        );
        assert_eq!(
            file_of("search wikipedia for cats"),
            Some((
                "wikipedia_en_all_maxi_2024-01.zim".into(),
                "search for cats".into()
            ))
        );
    }

    #[test]
    fn one_word_of_a_file_name_needs_an_archive_word() {
        let loaded = [ArchiveName::new("devdocs_en_python_2024-02.zim", None)];
        let file = |q: &str| find_archive(q, &loaded).map(|(m, _)| m.file_name);
        assert_eq!(file("sort a list of dictionaries in python"), None);
        assert_eq!(
            file("metadata of the python zim").as_deref(),
            Some("devdocs_en_python_2024-02.zim")
        );
        assert_eq!(
            file("search devdocs_en_python for asyncio").as_deref(),
            Some("devdocs_en_python_2024-02.zim")
        );
    }

    #[test]
    fn a_name_before_a_noun_for_an_article() {
        // The article's name, not the archive's.
        assert_eq!(file_of("what links are in the Ray Charles article"), None);
        assert_eq!(file_of("summarize the Wikipedia page"), None);
        assert_eq!(file_of("headings of the Rust documentation entry?"), None);
        // The archive's, with the article named after the noun; only the name leaves.
        assert_eq!(
            file_of("the intro of the Ray Charles page about Georgia"),
            Some((
                "wikipedia_en_ray_charles_2015-06.zim".into(),
                "the intro of the page about Georgia".into()
            ))
        );
        assert_eq!(
            file_of("open the Rust documentation entry for Vec").map(|(f, _)| f),
            Some("rustdocs.zim".into())
        );
        // An archive word after the name still names the archive.
        assert_eq!(
            file_of("pages in the Ray Charles archive").map(|(f, _)| f),
            Some("wikipedia_en_ray_charles_2015-06.zim".into())
        );
    }

    #[test]
    fn no_archives_no_match() {
        assert!(find_archive("in wikipedia", &[]).is_none());
        assert_eq!(file_of("in a few sentences"), None);
    }

    #[test]
    fn an_archive_given_as_a_call_argument() {
        let arg =
            |s: &str| find_archive_argument(s, &archives()).map(|(m, rest)| (m.file_name, rest));
        assert_eq!(
            arg("get_metadata(archive=\"wikipedia.zim\")"),
            Some((
                "wikipedia_en_all_maxi_2024-01.zim".into(),
                "get_metadata()".into()
            ))
        );
        assert_eq!(
            arg("search(query=\"jazz\", zim='wikipedia')").map(|(_, r)| r),
            Some("search(query=\"jazz\",)".into())
        );
        assert_eq!(
            arg("main_page: archive=wikipedia").map(|(f, _)| f),
            Some("wikipedia_en_all_maxi_2024-01.zim".into())
        );
        // A value that names no loaded archive, or no such key, leaves the text alone.
        assert_eq!(arg("get_metadata(archive=\"nothing.zim\")"), None);
        assert_eq!(arg("summary(\"Ada Lovelace\")"), None);
    }
}
