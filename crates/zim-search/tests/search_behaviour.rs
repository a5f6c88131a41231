//! Degradation, filters, pagination, snippets, split archives and corrupt indexes.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

mod common;

use zim_search::{Availability, ResultSource, SearchRequest, SuggestSource};

fn paths(results: &zim_search::SearchResults) -> Vec<String> {
    results.hits.iter().map(|h| h.path.clone()).collect()
}

#[test]
fn archive_search_is_shareable_between_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<zim_search::ArchiveSearch>();
}

#[test]
fn backend_names_the_mode() {
    let backend = zim_search::backend();
    if cfg!(feature = "xapian") {
        assert!(backend.starts_with("xapian 1.4."), "{backend}");
    } else {
        assert_eq!(backend, "title-fallback");
    }
}

#[test]
fn archive_without_fulltext_index_degrades_to_titles() {
    // nons/small.zim: title index, no full-text index.
    let search = common::search("nons/small.zim");
    let caps = search.capabilities();
    let expected_reason = "no_xapian_index";
    assert_eq!(
        caps.fulltext,
        Availability::Unavailable {
            reason: expected_reason.to_owned()
        }
    );
    assert!(caps.title.is_available());
    let results = search
        .search(&SearchRequest::new("Test", 0, 10))
        .expect("search");
    assert_eq!(
        results.source,
        ResultSource::TitleFallback {
            reason: expected_reason.to_owned()
        }
    );
    assert_eq!(paths(&results), vec!["main.html".to_owned()]);
    assert_eq!(results.hits[0].title, "Test ZIM file");
}

#[test]
fn archive_without_any_index_suggests_from_listing() {
    let search = common::search("kiwix/wikipedia_en_ray_charles_2015-06.zimaa");
    let caps = search.capabilities();
    assert_eq!(
        caps.fulltext,
        Availability::Unavailable {
            reason: "no_xapian_index".to_owned()
        }
    );
    assert!(
        matches!(&caps.title, Availability::Available { detail } if detail.starts_with("title-listing"))
    );
    // libzim finds nothing for lowercase "ra"; the folded fallback finds the "Ra..." titles.
    let lower = search.suggest("ra", 0, 50).expect("suggest");
    let upper = search.suggest("Ra", 0, 50).expect("suggest");
    assert_eq!(lower.source, SuggestSource::TitleListing);
    assert!(lower.estimated_total >= 25);
    assert_eq!(lower, upper);
    // Stable order: sorted by folded title.
    let folded: Vec<String> = lower
        .hits
        .iter()
        .map(|h| zim_search::fold(&h.title))
        .collect();
    let mut sorted = folded.clone();
    sorted.sort();
    assert_eq!(folded, sorted);
    // Accent-insensitive: "rày" folds to "ray".
    let accented = search.suggest("rày", 0, 50).expect("suggest");
    assert_eq!(accented, search.suggest("RAY", 0, 50).expect("suggest"));
    assert!(accented.estimated_total >= 22);
}

#[test]
fn find_title_is_exact() {
    let search = common::search("kiwix/zimfile.zim");
    let entry = search
        .find_title("Ray Charles")
        .expect("lookup")
        .expect("found");
    assert_eq!(entry.title(), "Ray Charles");
    assert!(search.find_title("ray charles").expect("lookup").is_none());
}

#[test]
fn suggestion_pagination_is_consistent() {
    let search = common::search("kiwix/zimfile.zim");
    let all = search.suggest("Ray", 0, 30).expect("suggest");
    assert!(all.hits.len() >= 20, "{all:?}");
    let mut pages = Vec::new();
    for page in 0..3 {
        pages.extend(search.suggest("Ray", page * 10, 10).expect("suggest").hits);
    }
    assert_eq!(pages, all.hits);
}

#[test]
fn odd_queries_never_fail() {
    let long = "ray ".repeat(5000);
    let queries = [
        "",
        " ",
        "\"",
        "\"ray",
        "(((",
        ")",
        "AND",
        "OR NOT",
        "NOT",
        "ray AND",
        "*",
        "**",
        "-",
        "+",
        "\0",
        "ray\0charles",
        "a:b:c",
        "title:ray",
        "~",
        "ÿ̈̈",
        "🎹🎶",
        "漢字かなカナ",
        &long,
    ];
    for archive in [
        "kiwix/zimfile.zim",
        "nons/small.zim",
        "kiwix/wikipedia_en_ray_charles_2015-06.zimaa",
    ] {
        let search = common::search(archive);
        for q in queries {
            let found = search
                .search(&SearchRequest::new(q, 0, 10))
                .expect("search");
            assert!(found.hits.len() <= 10);
            let suggested = search.suggest(q, 0, 10).expect("suggest");
            assert!(suggested.hits.len() <= 10);
            let snippet = search.snippet(q, "Ray Charles played the piano.", 50);
            assert!(snippet.len() <= 200, "{snippet}");
        }
    }
}

#[cfg(not(feature = "xapian"))]
#[test]
fn build_without_xapian_reports_it_and_uses_titles() {
    let search = common::search("kiwix/zimfile.zim");
    let caps = search.capabilities();
    let reason = "xapian_disabled".to_owned();
    assert_eq!(
        caps.fulltext,
        Availability::Unavailable {
            reason: reason.clone()
        }
    );
    let results = search
        .search(&SearchRequest::new("Ray Charles", 0, 5))
        .expect("search");
    assert_eq!(results.source, ResultSource::TitleFallback { reason });
    assert!(!results.hits.is_empty());
    assert!(
        results
            .hits
            .iter()
            .all(|h| zim_search::fold(&h.title).starts_with("ray charles"))
    );
}

#[cfg(feature = "xapian")]
mod with_xapian {
    use super::*;
    use std::sync::Arc;
    use zim_search::{ArchiveSearch, EstimateConcurrency};

    #[test]
    fn pagination_concatenates_to_the_full_list() {
        let search = common::search("kiwix/zimfile.zim");
        let full = search
            .search(&SearchRequest::new("ray charles", 0, 40))
            .expect("search");
        assert_eq!(full.hits.len(), 40);
        let mut pages = Vec::new();
        for page in 0..5 {
            let got = search
                .search(&SearchRequest::new("ray charles", page * 8, 8))
                .expect("search");
            assert_eq!(got.estimated_total, 105);
            pages.extend(paths(&got));
        }
        assert_eq!(pages, paths(&full));
        let ranks: Vec<u32> = full.hits.iter().map(|h| h.rank).collect();
        assert_eq!(ranks, (0..40).collect::<Vec<_>>());
        assert!(
            full.hits
                .iter()
                .all(|h| !h.title.is_empty() && h.entry_index.is_some())
        );
        assert!(
            full.hits
                .iter()
                .any(|h| h.word_count.is_some_and(|w| w > 0))
        );
        assert!(full.hits.windows(2).all(|w| w[0].score >= w[1].score));
    }

    #[test]
    fn filters_count_exactly_and_paginate() {
        let search = common::search("kiwix/zimfile.zim");
        let req = |offset, limit, ns: Option<char>, mime: Option<&str>| SearchRequest {
            text: "ray charles".to_owned(),
            offset,
            limit,
            namespace: ns,
            content_type: mime.map(str::to_owned),
        };
        let unfiltered = search.search(&req(0, 200, None, None)).expect("search");
        let in_a = search
            .search(&req(0, 200, Some('A'), None))
            .expect("search");
        assert!(in_a.total_is_exact);
        assert_eq!(in_a.estimated_total, 105);
        assert_eq!(paths(&in_a), paths(&unfiltered));
        let html = search
            .search(&req(0, 200, None, Some("text/html")))
            .expect("search");
        assert_eq!(html.estimated_total, 105);
        let images = search.search(&req(0, 10, Some('I'), None)).expect("search");
        assert_eq!(images.estimated_total, 0);
        assert!(images.hits.is_empty());
        let pdf = search
            .search(&req(0, 10, None, Some("application/pdf")))
            .expect("search");
        assert_eq!((pdf.estimated_total, pdf.hits.len()), (0, 0));
        let mut pages = Vec::new();
        for page in 0..4 {
            let got = search
                .search(&req(page * 30, 30, Some('A'), Some("text/html")))
                .expect("search");
            assert_eq!(got.estimated_total, 105);
            pages.extend(got.hits.iter().map(|h| (h.rank, h.path.clone())));
        }
        let expected: Vec<(u32, String)> = (0u32..).zip(paths(&in_a)).collect();
        assert_eq!(pages, expected);
    }

    #[test]
    fn new_scheme_namespace_filter() {
        let search = common::search("kiwix/tonedear.com_en_2024-09.zim");
        let req = SearchRequest {
            text: "ear".to_owned(),
            offset: 0,
            limit: 20,
            namespace: Some('C'),
            content_type: Some("text/html".to_owned()),
        };
        let got = search.search(&req).expect("search");
        assert_eq!(got.estimated_total, 12);
        assert!(got.hits.iter().all(|h| h.path.starts_with("tonedear.com/")));
    }

    #[test]
    fn snippet_marks_query_terms() {
        let search = common::search("kiwix/zimfile.zim");
        let text = "Ray Charles Robinson was an American singer and pianist. He played the piano \
                    from an early age and later recorded many rhythm and blues songs.";
        let snippet = search.snippet("piano blues", text, 200);
        assert!(snippet.contains("<b>piano</b>"), "{snippet}");
        assert!(snippet.contains("<b>blues</b>"), "{snippet}");
        // Stemming: "pianos" matches the term "piano".
        let stemmed = search.snippet("pianos", text, 200);
        assert!(stemmed.contains("<b>piano</b>"), "{stemmed}");
    }

    #[test]
    fn snippet_without_index_still_highlights() {
        let search = common::search("nons/small.zim");
        let snippet = search.snippet("Zim", "A test ZIM file, small.", 100);
        assert_eq!(snippet, "A test <b>ZIM</b> file, small.");
    }

    #[test]
    fn split_archive_with_index_in_one_part() {
        let search =
            common::search("noTitleListingV0/wikibooks_be_all_nopic_2017-02_splitted.zimaa");
        let caps = search.capabilities();
        assert!(caps.fulltext.is_available(), "{caps:?}");
        let got = search
            .search(&SearchRequest::new("італьянская", 0, 20))
            .expect("search");
        assert_eq!(got.estimated_total, 14);
        assert_eq!(
            got.hits.first().map(|h| h.path.as_str()),
            Some("Італьянская_мова.html")
        );
    }

    #[test]
    fn index_cut_across_parts_is_reported_unavailable() {
        let source = common::data_dir().join("zim/kiwix/zimfile.zim");
        let archive = zim_reader::Archive::open(&source).expect("open");
        let location = archive.fulltext_index().expect("index").expect("present");
        let bytes = std::fs::read(&source).expect("read");
        // Cut the archive in two parts in the middle of the full-text database.
        let cut = usize::try_from(location.offset + location.size / 2).expect("cut");
        let dir = std::env::temp_dir().join(format!("zim-search-split-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join("cut.zimaa"), &bytes[..cut]).expect("write aa");
        std::fs::write(dir.join("cut.zimab"), &bytes[cut..]).expect("write ab");
        let search = zim_search::ArchiveSearch::new(
            zim_reader::Archive::open(dir.join("cut.zimaa")).expect("open split"),
        );
        let caps = search.capabilities();
        let results = search.search(&SearchRequest::new("Ray Charles", 0, 5));
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(
            caps.fulltext,
            Availability::Unavailable {
                reason: "index_spans_parts".to_owned()
            }
        );
        // The title index lies in the first part: suggestions still come from it.
        assert!(caps.title.is_available());
        let results = results.expect("search");
        assert!(matches!(results.source, ResultSource::TitleFallback { .. }));
        assert!(!results.hits.is_empty());
    }

    #[test]
    fn eight_threads_search_one_archive() {
        eight_threads_search_with(EstimateConcurrency::Auto);
    }

    /// Every estimate match handed to the helpers while eight threads search at once: each
    /// gets its own results (no handle shared, none lost), the same as alone.
    #[test]
    fn eight_threads_with_concurrent_estimates() {
        eight_threads_search_with(EstimateConcurrency::Always);
    }

    fn eight_threads_search_with(concurrency: EstimateConcurrency) {
        let search = Arc::new(
            ArchiveSearch::new(common::archive("kiwix/zimfile.zim"))
                .with_estimate_concurrency(concurrency),
        );
        let queries = [
            "ray charles",
            "piano",
            "blues",
            "soul music",
            "gold",
            "mary ann",
        ];
        let expected: Vec<_> = queries
            .iter()
            .map(|q| {
                let s = search
                    .search(&SearchRequest::new(*q, 0, 20))
                    .expect("search");
                let g = search.suggest(q, 0, 10).expect("suggest");
                (s.estimated_total, paths(&s), g)
            })
            .collect();
        let handles: Vec<_> = (0..8)
            .map(|t| {
                let search = Arc::clone(&search);
                let expected = expected.clone();
                std::thread::spawn(move || {
                    for round in 0..25 {
                        let i = (t + round) % queries.len();
                        let s = search
                            .search(&SearchRequest::new(queries[i], 0, 20))
                            .expect("search");
                        let g = search.suggest(queries[i], 0, 10).expect("suggest");
                        assert_eq!((s.estimated_total, paths(&s), g), expected[i]);
                    }
                })
            })
            .collect();
        for handle in handles {
            handle.join().expect("thread");
        }
    }

    #[test]
    fn corrupt_index_gives_errors_not_crashes() {
        let source = common::data_dir().join("zim/kiwix/zimfile.zim");
        let archive = zim_reader::Archive::open(&source).expect("open");
        let location = archive.fulltext_index().expect("index").expect("present");
        let mut bytes = std::fs::read(&source).expect("read");
        // Scramble the database past its first page (keep the header so it still opens).
        let start = usize::try_from(location.offset).expect("offset") + 8192;
        let end = start + 64 * 1024;
        for (i, b) in bytes[start..end].iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(37) ^ 0xA5;
        }
        let path =
            std::env::temp_dir().join(format!("zim-search-corrupt-{}.zim", std::process::id()));
        std::fs::write(&path, &bytes).expect("write");
        let search =
            zim_search::ArchiveSearch::new(zim_reader::Archive::open(&path).expect("open"));
        let mut outcomes = 0;
        for q in ["ray charles", "piano", "blues", "the", "music"] {
            // Either an error or some results: what matters is that we get here.
            match search.search(&SearchRequest::new(q, 0, 20)) {
                Ok(_) | Err(zim_search::SearchError::Index { .. }) => outcomes += 1,
                Err(other) => panic!("unexpected error kind: {other}"),
            }
        }
        std::fs::remove_file(&path).ok();
        assert_eq!(outcomes, 5);
    }
}
