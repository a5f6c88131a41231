//! Property tests: any text, including sentences built from the parser's own cue words,
//! punctuation it treats specially, control and bidirectional characters and very long runs,
//! parses without panicking into a valid result within bounds.

use proptest::prelude::*;
use zim_intent::{ArchiveName, FALLBACK_THRESHOLD, MAX_QUERY_CHARS, parse};

fn archives() -> Vec<ArchiveName> {
    vec![
        ArchiveName::new("wikipedia_en_ray_charles_2015-06.zim", Some("Ray Charles")),
        ArchiveName::new("rustdocs.zim", Some("Rust documentation")),
        ArchiveName::new("🦀.zim", Some("")),
    ]
}

/// Sentences from the words that steer the parser, joined by what separates them.
fn cue_soup() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "search",
        "for",
        "summary",
        "of",
        "table",
        "contents",
        "toc",
        "section",
        "links",
        "related",
        "to",
        "metadata",
        "health",
        "server",
        "list",
        "archives",
        "files",
        "main",
        "page",
        "namespace",
        "C",
        "walk",
        "browse",
        "titled",
        "named",
        "called",
        "suggest",
        "what",
        "is",
        "the",
        "a",
        "structure",
        "article",
        "open",
        "read",
        "get",
        "in",
        "ray",
        "charles",
        "zim",
        "rustdocs.zim",
        "A/Ray_Charles",
        "-/s/style.css",
        "?",
        "'",
        "\"",
        ",",
        "…",
        "\u{202e}",
        "\u{0}",
        "x".repeat(200).leak(),
    ]);
    let seps = prop::sample::select(vec![" ", "  ", "\t", "", ", ", "\n"]);
    prop::collection::vec((words, seps), 0..60)
        .prop_map(|v| v.into_iter().map(|(w, s)| format!("{w}{s}")).collect())
}

/// Requests of Chinese, Japanese, Korean and Arabic built from their command words,
/// particles, quotes and names, read word by word when nothing else reads them.
fn script_soup() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "显示",
        "给我看",
        "这篇文章",
        "的",
        "目录",
        "摘要",
        "链接到",
        "相关",
        "哪些",
        "命名空间",
        "前",
        "30个",
        "服务器",
        "状态",
        "元数据",
        "方法",
        "「",
        "」",
        "《",
        "》",
        "の",
        "記事",
        "を",
        "見せて",
        "セクション",
        "と",
        "一覧",
        "문서",
        "의",
        "목차",
        "를",
        "보여줘",
        "와",
        "관련된",
        "이",
        "아카이브",
        "'",
        "\"",
        "مقالة",
        "ملخص",
        "اعرض",
        "الصفحة الرئيسية",
        "للأرشيف",
        "و",
        "بـ",
        "«",
        "»",
        "：",
        ":",
        "、",
        "，",
        "？",
        "京都",
        "서울",
        "القاهرة",
        "A",
        "ZIM",
        "\u{202e}",
        "\u{0}",
        "한".repeat(300).leak(),
    ]);
    let seps = prop::sample::select(vec![" ", "", "", "\t"]);
    prop::collection::vec((words, seps), 0..80)
        .prop_map(|v| v.into_iter().map(|(w, s)| format!("{w}{s}")).collect())
}

/// JSON-ish text built from the keys and values a request as a JSON object has, with the
/// punctuation that breaks it.
fn json_soup() -> impl Strategy<Value = String> {
    let parts = prop::sample::select(vec![
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "\"",
        "\\",
        "\\u",
        "d83d",
        "\"op\"",
        "\"q\"",
        "\"title\"",
        "\"section\"",
        "\"ns\"",
        "\"limit\"",
        "\"archive\"",
        "\"arguments\"",
        "\"function\"",
        "\"name\"",
        "\"scope\"",
        "\"health\"",
        "\"get\"",
        "\"section\"",
        "\"walk\"",
        "\"suggest\"",
        "\"search\"",
        "\"it\"",
        "\"Ray Charles\"",
        "\"rustdocs.zim\"",
        "\"all\"",
        "true",
        "null",
        "-",
        "1e999",
        "500",
        "4294967296",
        " ",
        "\n",
        "\u{0}",
        "\u{202e}",
    ]);
    prop::collection::vec(parts, 0..80).prop_map(|v| format!("{{{}", v.concat()))
}

/// Tool-call syntaxes read before normalising: XML-like tags, chat-bot and command-line calls,
/// `key: value` lines, flags, with the punctuation that breaks them.
fn call_soup() -> impl Strategy<Value = String> {
    let parts = prop::sample::select(vec![
        "<tool>",
        "</tool>",
        "<title>",
        "</title>",
        "<",
        ">",
        "</",
        "toc",
        "section",
        "suggest",
        "walk",
        "!wiki ",
        "/zim ",
        "zim ",
        "zimctl ",
        "kiwix-cli ",
        "--ns ",
        "-n ",
        "--full",
        "--limit 5",
        "'",
        "\"",
        "«",
        "」",
        ": ",
        "\n",
        "namespace: C\n",
        "limit: 50\n",
        "title=",
        "=",
        "Ray Charles",
        "é",
        "\u{0}",
        "\u{202e}",
        " ",
        "um ",
        "like ",
    ]);
    prop::collection::vec(parts, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn call_soup_parses_within_bounds(text in call_soup()) {
        let p = parse(&text, &archives());
        prop_assert!((0.0..=1.0).contains(&p.confidence));
        prop_assert!(p.fell_back || p.confidence >= FALLBACK_THRESHOLD);
        prop_assert!(!p.explanation.is_empty());
    }

    #[test]
    fn json_soup_parses_within_bounds(text in json_soup()) {
        let p = parse(&text, &archives());
        prop_assert!((0.0..=1.0).contains(&p.confidence));
        prop_assert!(p.fell_back || p.confidence >= FALLBACK_THRESHOLD);
        prop_assert!(!p.explanation.is_empty());
    }

    #[test]
    fn cue_soup_parses_within_bounds(text in cue_soup()) {
        let p = parse(&text, &archives());
        prop_assert!((0.0..=1.0).contains(&p.confidence));
        prop_assert!(p.fell_back || p.confidence >= FALLBACK_THRESHOLD);
        prop_assert!(!p.explanation.is_empty());
        // Nothing extracted is longer than what was read of the input.
        let longest = format!("{:?}", p.intent).chars().count();
        prop_assert!(longest <= MAX_QUERY_CHARS.saturating_mul(6) + 100);
    }

    #[test]
    fn script_soup_parses_within_bounds(text in script_soup()) {
        let p = parse(&text, &archives());
        prop_assert!((0.0..=1.0).contains(&p.confidence));
        prop_assert!(p.fell_back || p.confidence >= FALLBACK_THRESHOLD);
        prop_assert!(!p.explanation.is_empty());
    }

    #[test]
    fn any_text_parses(text in ".{0,2000}") {
        let p = parse(&text, &archives());
        prop_assert!((0.0..=1.0).contains(&p.confidence));
    }
}

#[test]
fn megabytes_of_input_are_capped() {
    let huge = "search for links of the table of contents ".repeat(100_000);
    let p = parse(&huge, &archives());
    assert!((0.0..=1.0).contains(&p.confidence));
}
