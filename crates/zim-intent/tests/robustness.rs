//! Hostile and unusual inputs: the parser must never panic and must always return a valid result.

use zim_intent::{ArchiveName, FALLBACK_THRESHOLD, Intent, MAX_QUERY_CHARS, ParsedIntent, parse};

fn archives() -> Vec<ArchiveName> {
    vec![
        ArchiveName::new("wikipedia_en_ray_charles_2015-06.zim", Some("Ray Charles")),
        ArchiveName::new("rustdocs.zim", None),
        // Degenerate names must not break matching either.
        ArchiveName::new("", Some("")),
        ArchiveName::new(".zim", None),
        ArchiveName::new("🦀🦀.zim", Some("Кириллица 🦀")),
    ]
}

fn check(p: &ParsedIntent) {
    assert!(
        (0.0..=1.0).contains(&p.confidence),
        "confidence {} out of range",
        p.confidence
    );
    assert!(!p.explanation.is_empty());
    if !p.fell_back {
        assert!(p.confidence >= FALLBACK_THRESHOLD);
    }
}

#[test]
fn empty_and_whitespace() {
    for q in ["", " ", "\n\t\r", "\u{0}\u{1}\u{7f}"] {
        let p = parse(q, &archives());
        check(&p);
        assert!(p.fell_back);
        assert_eq!(
            p.intent,
            Intent::Search {
                query: String::new(),
                all_archives: false
            }
        );
        assert_eq!(p.confidence, 0.0);
    }
}

#[test]
fn only_punctuation() {
    for q in [
        "???", "...", "\"\"", "''", "``", "-/-", "///", ":", ",,,;;;", "()", "«»", "’’",
    ] {
        check(&parse(q, &archives()));
    }
}

#[test]
fn huge_input_is_capped() {
    let big = "search for cats ".repeat(100 * 1024 / 16);
    let p = parse(&big, &archives());
    check(&p);
    match &p.intent {
        Intent::Search { query, .. } => assert!(query.chars().count() <= MAX_QUERY_CHARS),
        other => panic!("expected a search, got {other:?}"),
    }
    let no_spaces = "x".repeat(100 * 1024);
    check(&parse(&no_spaces, &archives()));
    let multibyte = "ж".repeat(100 * 1024);
    check(&parse(&multibyte, &archives()));
}

#[test]
fn control_characters_and_emoji() {
    let p = parse("summary\u{0} of\u{1b}[31m Ray\nCharles", &archives());
    check(&p);
    check(&parse("🦀 search 🦀 for 🦀🦀 in 🦀🦀", &archives()));
    check(&parse("get article 👩‍👩‍👧‍👦", &archives()));
    check(&parse("\u{202e}esrever\u{200b}\u{feff}", &archives()));
    check(&parse("in the 🦀🦀 archive", &archives()));
}

#[test]
fn pathological_regex_inputs() {
    let many_sections = "section of ".repeat(500);
    check(&parse(&many_sections, &archives()));
    let nested_quotes = "\"'".repeat(400);
    check(&parse(&nested_quotes, &archives()));
    let namespace_spam = "namespace ".repeat(300);
    check(&parse(&namespace_spam, &archives()));
    check(&parse("limit 4294967296 top 99999999999", &archives()));
}

/// A deterministic pseudo-random generator (no extra dependency) for a small fuzz loop.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn random_word_salad_never_panics() {
    const PIECES: &[&str] = &[
        "search",
        "for",
        "in",
        "the",
        "wikipedia",
        "rustdocs.zim",
        "section",
        "of",
        "'",
        "\"",
        "namespace",
        "C",
        "limit",
        "10",
        "top",
        "what",
        "is",
        "?",
        "Ray",
        "Charles",
        "archive",
        "A/Ray_Charles",
        "🦀",
        "Першая",
        "\u{0}",
        "titled",
        "links",
        "related",
        "to",
        "toc",
        ",",
        "summary",
        "walk",
        "browse",
        "suggest",
        "main",
        "page",
        "server",
        "'s",
        ":",
        "é",
        "\t",
    ];
    let mut rng = Lcg(42);
    let archives = archives();
    for _ in 0..3000 {
        let n = (rng.next() % 12) as usize;
        let mut q = String::new();
        for _ in 0..n {
            let idx = (rng.next() as usize) % PIECES.len();
            q.push_str(PIECES.get(idx).copied().unwrap_or(""));
            if !rng.next().is_multiple_of(3) {
                q.push(' ');
            }
        }
        check(&parse(&q, &archives));
    }
}
