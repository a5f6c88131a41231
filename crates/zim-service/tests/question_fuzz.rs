//! Property tests of the question pipeline's pure parts on hostile text: request analysis,
//! the fused ranking, element-id scanning. None may panic, and each stays within its bounds
//! whatever a client sends.

use proptest::prelude::*;
use zim_service::backend::{CandidateHit, CandidateList, CandidateSource};
use zim_service::retrieval::analyze::{
    MAX_QUERY_TERMS, MAX_TERMS, analyze, joined_pairs, light_stem,
};
use zim_service::retrieval::cjk;
use zim_service::retrieval::rank::{PageFacts, anchor_match, fuse};

/// Text made of what breaks parsers: identifier punctuation, quotes, control and
/// bidirectional characters, combining marks, long runs.
fn hostile_text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "::",
        ".",
        "_",
        "~",
        "#",
        "/",
        "->",
        "()",
        "?",
        "\"",
        "'",
        "`",
        " ",
        "  ",
        "\t",
        "\n",
        "\u{0}",
        "\u{202e}",
        "\u{301}",
        "é",
        "ß",
        "İ",
        "日本",
        "怎么",
        "配置网络的",
        "ファイアウォール",
        "する",
        "설치하려면",
        "。",
        "？",
        "ー",
        "🦀",
        "What",
        "is",
        "the",
        "a",
        "From",
        "I",
        "HEAD~2",
        "os.path.join",
        "Option::unwrap_or",
        "VecDeque",
        "x".repeat(70).leak(),
    ]);
    prop::collection::vec(pieces, 0..200).prop_map(|v| v.concat())
}

fn list(source: CandidateSource, paths: Vec<(String, String)>) -> CandidateList {
    CandidateList {
        source,
        hits: paths
            .into_iter()
            .map(|(path, title)| CandidateHit {
                path,
                title,
                entry_index: None,
            })
            .collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn scripts_without_spaces_are_read_within_bounds(text in hostile_text()) {
        let spaced = cjk::spaced(&text);
        // Spacing only adds spaces.
        prop_assert_eq!(spaced.replace(' ', ""), text.replace(' ', ""));
        let mut words = Vec::new();
        for run in spaced.split_whitespace() {
            let read = cjk::run_words(run);
            prop_assert!(read.len() <= 64);
            prop_assert!(read.iter().all(|w| !w.is_empty() && w.chars().count() <= 64));
            words.extend(read);
        }
        let ordered = cjk::parser_order(words.iter().map(String::as_str));
        prop_assert_eq!(ordered.len(), words.len());
        let first_other = ordered.iter().position(|w| !cjk::has_cjk(w)).unwrap_or(ordered.len());
        prop_assert!(ordered.iter().skip(first_other).all(|w| !cjk::has_cjk(w)));
    }

    #[test]
    fn analysis_is_total_and_bounded(text in hostile_text(), noise in ".{0,300}") {
        for request in [&text, &noise] {
            let a = analyze(request);
            prop_assert!(a.terms.len() <= MAX_TERMS);
            prop_assert!(a.identifiers.len() <= 4);
            prop_assert!(a.weak.iter().all(|w| a.terms.contains(w)));
            // Cut by any weights (rarity, unknown, odd floats), a long question keeps
            // at most the searched count, weak words among its terms.
            let odd = |w: &str| match w.len() % 4 {
                0 => None,
                1 => Some(f64::NAN),
                2 => Some(-1.0),
                _ => Some(w.len() as f64),
            };
            let short = a.weightiest(MAX_QUERY_TERMS, &odd);
            prop_assert!(short.terms.len() <= MAX_QUERY_TERMS);
            prop_assert!(short.terms.iter().all(|t| a.terms.contains(t)));
            prop_assert!(short.weak.iter().all(|w| short.terms.contains(w)));
            prop_assert!(joined_pairs(&a).len() <= 2 * 2 * a.terms.len());
            for t in &a.terms {
                let _ = light_stem(t);
            }
        }
    }

    #[test]
    fn fusion_is_total_and_ranks_every_distinct_page_once(
        request in hostile_text(),
        pages in prop::collection::vec((".{0,40}", ".{0,60}"), 0..40),
    ) {
        let weights = std::collections::HashMap::new();
        let facts = PageFacts {
            language: Some("en"),
            stemmer: None,
            word_weights: &weights,
            exists: &|p: &str| p.len().is_multiple_of(3),
        };
        let analysis = analyze(&request);
        let lists = vec![
            list(CandidateSource::AnyWords, pages.clone()),
            list(CandidateSource::TitleWords, pages.iter().rev().cloned().collect()),
        ];
        let ranked = fuse(&lists, &analysis, &facts);
        let mut distinct: Vec<String> = pages
            .iter()
            .map(|(p, _)| p.split('#').next().unwrap_or(p).to_owned())
            .collect();
        distinct.sort();
        distinct.dedup();
        prop_assert_eq!(ranked.len(), distinct.len());
        prop_assert!(ranked.iter().all(|r| r.score.is_finite()));
        prop_assert!(ranked.windows(2).all(|w| w[0].score >= w[1].score));
        let ids: Vec<&str> = pages.iter().map(|(p, _)| p.as_str()).collect();
        if let Some((share, _)) = anchor_match(&ids, &analysis, &facts) {
            prop_assert!((0.0..=1.0 + 1e-9).contains(&share));
        }
    }
}
