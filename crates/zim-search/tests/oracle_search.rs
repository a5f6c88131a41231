//! Every `search` / `suggest` query of the libzim oracle (python-libzim 3.13.1, libzim 9.8.2):
//! top-20 paths and estimated totals must match exactly.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

mod common;

use std::fs;

use serde_json::Value;
use zim_search::{ArchiveSearch, EstimateConcurrency, FallbackMatch, SearchRequest, SuggestSource};

struct OracleArchive {
    name: String,
    relative: String,
    oracle: Value,
}

fn oracle_archives() -> Vec<OracleArchive> {
    let dir = common::data_dir().join("oracle");
    let mut found = Vec::new();
    for item in fs::read_dir(&dir).expect("oracle dir") {
        let path = item.expect("dir entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .to_owned();
        let Some(stem) = name.strip_suffix(".json") else {
            continue;
        };
        let oracle: Value = serde_json::from_str(&fs::read_to_string(&path).expect("read oracle"))
            .expect("oracle json");
        let has_queries = ["search", "suggest"].iter().any(|k| {
            oracle
                .get(k)
                .and_then(Value::as_object)
                .is_some_and(|m| !m.is_empty())
        });
        if !has_queries {
            continue;
        }
        let (dir_name, file) = stem.split_once('_').expect("<dir>_<file>");
        found.push(OracleArchive {
            name: stem.to_owned(),
            relative: format!("{dir_name}/{file}"),
            oracle,
        });
    }
    found.sort_by(|a, b| a.name.cmp(&b.name));
    found
}

fn expected(entry: &Value) -> (u64, Vec<String>) {
    let estimated = entry["estimated"].as_u64().expect("estimated");
    let top = entry["top"]
        .as_array()
        .expect("top")
        .iter()
        .map(|p| p.as_str().expect("path").to_owned())
        .collect();
    (estimated, top)
}

fn queries<'a>(oracle: &'a Value, key: &str) -> Vec<(&'a String, &'a Value)> {
    oracle
        .get(key)
        .and_then(Value::as_object)
        .map(|m| m.iter().collect())
        .unwrap_or_default()
}

/// Both ways of running libzim's estimate match (beside the page on a helper thread, or after
/// it on the caller's) give libzim's numbers.
#[test]
fn search_matches_libzim() {
    for concurrency in [EstimateConcurrency::Always, EstimateConcurrency::Never] {
        search_matches_libzim_with(concurrency);
    }
}

fn search_matches_libzim_with(concurrency: EstimateConcurrency) {
    let mut checked = 0;
    let mut failures = Vec::new();
    for archive in oracle_archives() {
        let search = ArchiveSearch::new(common::archive(&archive.relative))
            .with_estimate_concurrency(concurrency);
        let queries = queries(&archive.oracle, "search");
        if queries.is_empty() {
            continue;
        }
        if !cfg!(feature = "xapian") {
            // Without Xapian the full-text index cannot be read; the degradation is tested
            // elsewhere.
            continue;
        }
        assert!(
            search.capabilities().fulltext.is_available(),
            "{}: full-text index not available: {:?}",
            archive.name,
            search.capabilities()
        );
        for (query, entry) in queries {
            let (estimated, top) = expected(entry);
            let got = search
                .search(&SearchRequest::new(query.as_str(), 0, 20))
                .expect("search");
            let paths: Vec<String> = got.hits.into_iter().map(|h| h.path).collect();
            checked += 1;
            if got.estimated_total != estimated || paths != top {
                failures.push(format!(
                    "{} search {query:?} ({concurrency:?}): got {} {paths:?}, libzim {estimated} \
                     {top:?}",
                    archive.name, got.estimated_total
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    if cfg!(feature = "xapian") {
        assert!(checked >= 60, "only {checked} search queries checked");
    }
}

#[test]
fn suggest_matches_libzim() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for archive in oracle_archives() {
        // libzim's fallback is case-sensitive: compare with our libzim-compatible mode.
        let search = ArchiveSearch::new(common::archive(&archive.relative))
            .with_fallback_match(FallbackMatch::LibzimCompatible);
        for (query, entry) in queries(&archive.oracle, "suggest") {
            let (estimated, top) = expected(entry);
            let got = search.suggest(query, 0, 20).expect("suggest");
            if !cfg!(feature = "xapian")
                && got.source == SuggestSource::TitleListingCaseSensitive
                && archive.oracle["has_title_index"].as_bool() == Some(true)
            {
                // libzim used the title index, which this build cannot read.
                continue;
            }
            let paths: Vec<String> = got.hits.into_iter().map(|h| h.path).collect();
            checked += 1;
            if got.estimated_total != estimated || paths != top {
                failures.push(format!(
                    "{} suggest {query:?}: got {} {paths:?}, libzim {estimated} {top:?}",
                    archive.name, got.estimated_total
                ));
            }
            // The split API: the page without libzim's estimate has the same hits, and the
            // estimate asked for on its own is libzim's exact number.
            let total = search.suggest_total(query).expect("suggest_total");
            let page = search.suggest_page(query, 0, 20).expect("suggest_page");
            let page_paths: Vec<String> = page.hits.into_iter().map(|h| h.path).collect();
            if total != estimated || page_paths != top {
                failures.push(format!(
                    "{} suggest_total/suggest_page {query:?}: got {total} {page_paths:?}, \
                     libzim {estimated} {top:?}",
                    archive.name
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked >= 40, "only {checked} suggest queries checked");
}

/// Our default fallback (no title index) is case- and accent-insensitive: it finds everything
/// libzim's case-sensitive fallback finds, and more.
#[test]
fn folded_fallback_is_a_superset_of_libzim() {
    let mut compared = 0;
    for archive in oracle_archives() {
        if archive.oracle["has_title_index"].as_bool() != Some(false) {
            continue; // libzim answered from the title index: other semantics
        }
        let search = common::search(&archive.relative);
        for (query, entry) in queries(&archive.oracle, "suggest") {
            let got = search.suggest(query, 0, 10_000).expect("suggest");
            if got.source != SuggestSource::TitleListing {
                break;
            }
            let (estimated, top) = expected(entry);
            let paths: Vec<&str> = got.hits.iter().map(|h| h.path.as_str()).collect();
            assert!(
                got.estimated_total >= estimated,
                "{} {query:?}",
                archive.name
            );
            for path in &top {
                assert!(
                    paths.contains(&path.as_str()),
                    "{} {query:?}: {path} missing",
                    archive.name
                );
            }
            compared += 1;
        }
    }
    assert!(compared >= 20, "only {compared} fallback queries compared");
}
