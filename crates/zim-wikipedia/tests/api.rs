//! The three methods against real archives: the Ray Charles Wikipedia archives (English) and
//! the Belarusian Wikibooks archive.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{Value, json};
use zim_wikipedia::cache::CacheConfig;
use zim_wikipedia::jsonrpc::{Reply, handle_payload};
use zim_wikipedia::service::{WikiSource, WikipediaApi};

fn data(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/zim")
        .join(rel)
}

fn source(rel: &str) -> WikiSource {
    let archive = zim_reader::Archive::open(data(rel)).expect("test archive opens");
    WikiSource {
        name: rel.rsplit('/').next().unwrap_or(rel).to_owned(),
        search: Arc::new(zim_search::ArchiveSearch::new(archive.clone())),
        archive,
    }
}

fn api(rels: &[&str]) -> WikipediaApi {
    let sources: Vec<WikiSource> = rels.iter().map(|r| source(r)).collect();
    WikipediaApi::new(Arc::new(sources), CacheConfig::default())
}

fn call(api: &WikipediaApi, method: &str, params: Value) -> Value {
    let body = json!({"jsonrpc": "2.0", "method": method, "params": params, "id": "t"}).to_string();
    match handle_payload(body.as_bytes(), api) {
        Reply::Json(s) => serde_json::from_str(&s).expect("valid JSON reply"),
        Reply::Nothing => panic!("a request with an id must be answered"),
    }
}

const MINI: &str = "kiwix/zimfile.zim";
const FULL_2015: &str = "kiwix/wikipedia_en_ray_charles_2015-06.zimaa";
const BE: &str = "nons/wikibooks_be_all_nopic_2017-02.zim";

#[test]
fn search_returns_titles_snippets_and_ids() {
    let api = api(&[MINI, BE]);
    let r = call(
        &api,
        "wikipedia.search",
        json!({"query": "ray charles", "limit": 5}),
    );
    let hits = r["result"].as_array().expect("an array of results");
    assert_eq!(hits.len(), 5);
    for hit in hits {
        assert!(
            hit["title"].as_str().is_some_and(|t| !t.is_empty()),
            "{hit}"
        );
        assert!(hit["pageid"].as_u64().is_some_and(|id| id > 0), "{hit}");
        let snippet = hit["snippet"].as_str().expect("snippet is a string");
        assert!(
            !snippet.contains("<b>"),
            "snippets are plain text: {snippet}"
        );
    }
    assert!(hits.iter().any(|h| {
        h["snippet"]
            .as_str()
            .unwrap_or("")
            .to_lowercase()
            .contains("charles")
    }));
    // Pagination: offset skips what the first page returned.
    let next = call(
        &api,
        "wikipedia.search",
        json!({"query": "ray charles", "limit": 5, "offset": 5}),
    );
    let next_ids: Vec<&Value> = next["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| &h["pageid"])
        .collect();
    assert!(hits.iter().all(|h| !next_ids.contains(&&h["pageid"])));
}

#[test]
fn page_by_title_follows_wikipedia_title_rules_and_redirects() {
    let api = api(&[MINI]);
    let exact = call(&api, "wikipedia.page", json!({"title": "Ray Charles"}))["result"].clone();
    assert_eq!(exact["title"], "Ray Charles");
    assert!(exact["text"]["*"].as_str().unwrap().contains("Ray Charles"));
    let html = exact["text"]["*"].as_str().unwrap();
    assert!(
        !html.contains("<script"),
        "page chrome and scripts are stripped"
    );
    // Lower-case first letter, underscores: the same page.
    let loose = call(&api, "wikipedia.page", json!({"title": "ray_Charles"}))["result"].clone();
    assert_eq!(loose["pageid"], exact["pageid"]);
    // A redirect (A/Ray_charles -> A/Ray_Charles in this archive) lands on the target page.
    let redirected =
        call(&api, "wikipedia.page", json!({"title": "Ray charles"}))["result"].clone();
    assert_eq!(redirected["pageid"], exact["pageid"]);
    assert_eq!(redirected["title"], "Ray Charles");
    // Unknown title: null, not an error.
    let missing = call(
        &api,
        "wikipedia.page",
        json!({"title": "No such page at all"}),
    );
    assert_eq!(missing["result"], Value::Null);
    assert!(missing.get("error").is_none());
}

#[test]
fn page_sections_are_numbered_like_mediawiki() {
    let api = api(&[FULL_2015]);
    let page = call(&api, "wikipedia.page", json!({"title": "Ray Charles"}))["result"].clone();
    let sections = page["sections"].as_array().expect("sections array");
    assert!(
        sections.len() > 3,
        "the full 2015 article has sections: {page:?}"
    );
    for (i, s) in sections.iter().enumerate() {
        assert_eq!(s["index"], (i + 1).to_string());
        assert!(s["toclevel"].as_u64().is_some_and(|l| l >= 1));
        assert!(
            s["level"]
                .as_str()
                .is_some_and(|l| l.parse::<u32>().is_ok())
        );
        assert!(s["line"].as_str().is_some_and(|l| !l.is_empty()));
        assert!(
            s["number"]
                .as_str()
                .is_some_and(|n| n.split('.').all(|p| p.parse::<u32>().is_ok()))
        );
    }
    assert_eq!(sections[0]["number"], "1");
}

#[test]
fn page_by_id_round_trips_and_resolves_redirects() {
    let api = api(&[MINI]);
    let page = call(&api, "wikipedia.page", json!({"title": "Ray Charles"}))["result"].clone();
    let id = page["pageid"].as_u64().unwrap();
    let by_id = call(&api, "wikipedia.pageById", json!({"id": id}))["result"].clone();
    assert_eq!(by_id, page);
    // The redirect entry's own id resolves to the target page.
    let archive = zim_reader::Archive::open(data(MINI)).unwrap();
    let redirect = archive
        .entry_by_path("A/Ray_charles")
        .unwrap()
        .expect("redirect exists");
    assert!(redirect.is_redirect());
    let via_redirect = call(
        &api,
        "wikipedia.pageById",
        json!({"id": u64::from(redirect.index()) + 1}),
    )["result"]
        .clone();
    assert_eq!(via_redirect["pageid"], id);
    // Out of range: null.
    assert_eq!(
        call(&api, "wikipedia.pageById", json!({"id": 4_000_000_000u64}))["result"],
        Value::Null
    );
}

#[test]
fn language_selects_the_archive_and_unknown_languages_name_the_served_ones() {
    let api = api(&[MINI, BE]);
    let be = call(
        &api,
        "wikipedia.search",
        json!({"query": "кніга", "lang": "be", "limit": 3}),
    );
    let hits = be["result"]
        .as_array()
        .expect("results from the Belarusian archive");
    assert!(!hits.is_empty());
    let fr = call(
        &api,
        "wikipedia.search",
        json!({"query": "x", "lang": "fr"}),
    );
    assert_eq!(fr["error"]["code"], -32602);
    let msg = fr["error"]["message"].as_str().unwrap();
    assert!(
        msg.starts_with("Invalid parameters for wikipedia.search: "),
        "{msg}"
    );
    assert!(msg.contains("be") && msg.contains("en"), "{msg}");
}
