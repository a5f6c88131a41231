//! Behaviour of the public `parse` result: archive, limit, fallback, explanation, confidence.

use zim_intent::{ArchiveName, FALLBACK_THRESHOLD, Intent, parse};

fn archives() -> Vec<ArchiveName> {
    vec![
        ArchiveName::new("wikipedia_en_ray_charles_2015-06.zim", Some("Ray Charles")),
        ArchiveName::new("wikipedia_en_all_maxi_2024-01.zim", Some("Wikipedia")),
        ArchiveName {
            file_name: "rustdocs.zim".into(),
            title: Some("Rust documentation".into()),
            aliases: vec!["the rust book".into()],
        },
    ]
}

#[test]
fn archive_words_are_removed_from_parameters() {
    let p = parse("look up soul music in the Ray Charles archive", &archives());
    assert_eq!(
        p.intent,
        Intent::Search {
            query: "soul music".into(),
            all_archives: false
        }
    );
    let a = p.archive.expect("archive named");
    assert_eq!(a.file_name, "wikipedia_en_ray_charles_2015-06.zim");
    assert_eq!(a.matched_text, "Ray Charles");
    assert!(
        p.explanation
            .contains("wikipedia_en_ray_charles_2015-06.zim")
    );
}

#[test]
fn archive_matching_tolerates_typos_and_aliases() {
    let p = parse("search wikipeda for tectonics", &archives());
    assert_eq!(
        p.archive.map(|a| a.file_name),
        Some("wikipedia_en_all_maxi_2024-01.zim".into())
    );
    let p = parse("search lifetimes in the rust book", &archives());
    assert_eq!(p.archive.map(|a| a.file_name), Some("rustdocs.zim".into()));
    assert_eq!(
        p.intent,
        Intent::Search {
            query: "lifetimes".into(),
            all_archives: false
        }
    );
}

#[test]
fn no_archive_named_means_none() {
    let p = parse("who was Ray Charles?", &archives());
    assert_eq!(p.archive, None);
    assert_eq!(
        p.intent,
        Intent::Search {
            query: "who was Ray Charles".into(),
            all_archives: false
        }
    );
}

#[test]
fn limit_is_reported_at_top_level_and_in_browse() {
    let p = parse("browse namespace C with limit 10", &archives());
    assert_eq!(
        p.intent,
        Intent::Browse {
            namespace: "C".into(),
            limit: Some(10)
        }
    );
    assert_eq!(p.limit, Some(10));
    let p = parse("search for jazz, top 5", &archives());
    assert_eq!(p.limit, Some(5));
    assert_eq!(
        p.intent,
        Intent::Search {
            query: "jazz".into(),
            all_archives: false
        }
    );
}

#[test]
fn unrecognised_sentence_falls_back_to_search() {
    let p = parse("photosynthesis in desert plants", &archives());
    assert!(p.fell_back);
    assert!(p.confidence < FALLBACK_THRESHOLD);
    assert_eq!(
        p.intent,
        Intent::Search {
            query: "photosynthesis in desert plants".into(),
            all_archives: false
        }
    );
    assert!(p.explanation.starts_with("fallback"));
}

#[test]
fn very_long_titles_fall_back() {
    let q = "open the article about how the many small things that happen every day add up over a lifetime";
    let p = parse(q, &archives());
    assert!(p.fell_back, "{p:?}");
}

#[test]
fn typos_lower_confidence() {
    let clean = parse("summary of Evolution", &archives());
    let typo = parse("summery of Evolution", &archives());
    assert_eq!(clean.intent, typo.intent);
    assert!(typo.confidence < clean.confidence);
    assert!(typo.explanation.contains("misspelt"));
}

#[test]
fn questions_are_searches_and_summaries_are_asked_for() {
    let p = parse("what is photosynthesis?", &archives());
    assert_eq!(
        p.intent,
        Intent::Search {
            query: "what is photosynthesis".into(),
            all_archives: false
        }
    );
    assert!(!p.fell_back);
    let p = parse(
        "give me the intro of the Photosynthesis article",
        &archives(),
    );
    assert_eq!(
        p.intent,
        Intent::Summary {
            title_or_path: "Photosynthesis".into()
        }
    );
    let p = parse("how does photosynthesis work?", &archives());
    assert!(matches!(p.intent, Intent::Search { .. }));
    assert!(!p.fell_back);
}

#[test]
fn all_archives_flag() {
    let p = parse("search all files for python", &archives());
    assert_eq!(
        p.intent,
        Intent::Search {
            query: "python".into(),
            all_archives: true
        }
    );
    assert_eq!(p.archive, None);
}

#[test]
fn every_intent_has_a_name() {
    let p = parse("list available ZIM files", &archives());
    assert_eq!(p.intent.name(), "ListArchives");
    assert!(p.confidence >= FALLBACK_THRESHOLD && p.confidence <= 1.0);
}

#[test]
fn naming_only_an_archive() {
    let p = parse("open the Ray Charles archive", &archives());
    assert_eq!(p.intent, Intent::MainPage);
    assert!(p.archive.is_some());
    let p = parse("tell me about the Ray Charles archive", &archives());
    assert_eq!(p.intent, Intent::Metadata);
}

/// The archives shipped in `tests/data/zim`, with their real titles: short common-word file
/// names must not be picked up from ordinary sentences.
fn test_data_archives() -> Vec<ArchiveName> {
    vec![
        ArchiveName::new("corner_cases.zim", Some("ZIM corner cases")),
        ArchiveName::new("example.zim", Some("Wikibooks")),
        ArchiveName::new("foo-zstd.zim", None),
        ArchiveName::new("poor.zim", None),
        ArchiveName::new("tonedear.com_en_2024-09.zim", Some("Tone Dear.com")),
        ArchiveName::new("wikipedia_en_ray_charles_2015-06.zimaa", Some("Wikipedia")),
        ArchiveName::new("zimfile.zim", Some("Ray Charles")),
    ]
}

fn archive_of(q: &str) -> Option<String> {
    parse(q, &test_data_archives()).archive.map(|a| a.file_name)
}

#[test]
fn common_words_are_not_archives() {
    assert_eq!(archive_of("search for example code"), None);
    assert_eq!(archive_of("search for the poor"), None);
    assert_eq!(archive_of("find poor people"), None);
    assert_eq!(archive_of("summary of Ray Charles"), None);
}

#[test]
fn real_test_archives_are_found() {
    assert_eq!(
        archive_of("metadata of example.zim"),
        Some("example.zim".into())
    );
    assert_eq!(
        archive_of("search in the wikibooks archive for cooking"),
        Some("example.zim".into())
    );
    assert_eq!(
        archive_of("search tonedear for intervals"),
        Some("tonedear.com_en_2024-09.zim".into())
    );
    assert_eq!(archive_of("main page of poor.zim"), Some("poor.zim".into()));
    assert_eq!(
        archive_of("search in wikipedia_en_ray_charles_2015-06 for piano"),
        Some("wikipedia_en_ray_charles_2015-06.zimaa".into())
    );
    assert_eq!(
        archive_of("from the ray charles zim, get Georgia"),
        Some("zimfile.zim".into())
    );
}

#[test]
fn pronoun_subjects_fall_back() {
    let p = parse("tell me more about his childhood", &archives());
    assert!(p.fell_back, "{p:?}");
    let p = parse("summarize it", &archives());
    assert!(p.fell_back, "{p:?}");
}

#[test]
fn warm_up_runs_on_any_thread_and_again_and_parsing_goes_on() {
    let worker = std::thread::spawn(zim_intent::warm_up);
    worker.join().expect("warm-up thread");
    // Later calls find the classifier trained and the rules compiled (once-guards).
    for _ in 0..3 {
        zim_intent::warm_up();
    }
    let p = zim_intent::parse(
        "um what other articles are related to the uh Silk Road one",
        &[],
    );
    assert_eq!(p.intent.name(), "Related");
}

#[test]
fn a_request_written_as_a_json_object() {
    let p = parse(
        "{\"op\": \"walk\", \"ns\": \"A\", \"cursor\": 0, \"limit\": 500,\n \"archive\": \"rustdocs.zim\"}",
        &archives(),
    );
    assert_eq!(
        p.intent,
        Intent::Walk {
            namespace: "A".into(),
            limit: Some(500)
        }
    );
    assert_eq!(p.limit, Some(500));
    assert_eq!(
        p.archive.map(|a| a.file_name).as_deref(),
        Some("rustdocs.zim")
    );
    assert!(!p.fell_back && p.confidence >= FALLBACK_THRESHOLD);
    assert!(p.explanation.contains("json"), "{}", p.explanation);
    // Values are names: no word in them is rewritten or read as a cue.
    let p = parse(
        "{\"op\":\"get\",\"title\":\"Please Please Me (top 5 u r)\",\"zim\":\"Ray Charles\"}",
        &archives(),
    );
    assert_eq!(
        p.intent,
        Intent::GetArticle {
            title_or_path: "Please Please Me (top 5 u r)".into()
        }
    );
    assert_eq!(
        p.archive.map(|a| a.file_name).as_deref(),
        Some("wikipedia_en_ray_charles_2015-06.zim")
    );
    // The listing takes no archive; an unknown operation or malformed JSON is no call.
    let p = parse(
        "{\"op\":\"list_archives\",\"archive\":\"rustdocs.zim\"}",
        &archives(),
    );
    assert_eq!((p.intent, p.archive), (Intent::ListArchives, None));
    for text in [
        "{\"op\": \"translate\", \"q\": \"hello\"}",
        "{\"op\": \"section\", \"title\": \"Tide\", \"section\": }",
    ] {
        assert_eq!(parse(text, &archives()).intent.name(), "Search", "{text}");
    }
}

/// `learned` says which routes the learned model chose, as the explanation tells people.
#[test]
fn a_route_of_the_learned_model_says_so() {
    let by_model = parse("okay so uh table of contents for the Metadata article", &[]);
    assert!(by_model.learned, "{by_model:?}");
    assert!(!by_model.fell_back);
    for q in [
        "show me the Paris article",
        "what is photosynthesis",
        "list the archives",
        "okay so uh table of contents for the Metadata article",
    ] {
        let p = parse(q, &[]);
        assert_eq!(p.learned, p.explanation.starts_with("learned:"), "{p:?}");
    }
    assert!(!parse("show me the Paris article", &[]).learned);
}
