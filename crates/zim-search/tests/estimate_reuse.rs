//! The estimated totals are libzim's `getEstimatedMatches` (an empty MSet checking at least 10
//! documents) even when the bridge derives them from the page's own match instead of running
//! that match: a request for 0 results always runs libzim's estimate match, so every page size
//! must report the same total as it, and the pages must be prefixes of one another.

#![cfg(feature = "xapian")]

mod common;

use std::collections::BTreeSet;

use zim_search::{ArchiveSearch, SearchRequest, SuggestSource, SuggestTotal};

/// Archives whose title index collapses on `targetPath` (the suggestion estimate is then taken
/// from the page's full walk) or has no collapse key, and that have a full-text index.
const ARCHIVES: &[&str] = &[
    "nons/wikibooks_be_all_nopic_2017-02.zim",
    "noTitleListingV0/wikibooks_be_all_nopic_2017-02.zim",
    "kiwix/spelling_correction_test.zim",
    "kiwix/zimfile.zim",
];

const PAGE_SIZES: &[u32] = &[1, 2, 3, 5, 10, 20];

/// Prefixes of 1 to 3 characters and whole words of the archive's titles.
fn queries(search: &ArchiveSearch) -> Vec<String> {
    let mut out = BTreeSet::new();
    for entry in search.archive().entries_by_title().take(200) {
        let Ok(entry) = entry else { continue };
        let title = entry.title().to_owned();
        for n in 1..=3 {
            out.insert(title.chars().take(n).collect::<String>());
        }
        for word in title.split_whitespace().take(2) {
            out.insert(word.to_owned());
        }
    }
    out.into_iter().filter(|q| !q.trim().is_empty()).collect()
}

fn paths<T>(hits: &[T], path: impl Fn(&T) -> &str) -> Vec<String> {
    hits.iter().map(|h| path(h).to_owned()).collect()
}

#[test]
fn suggestion_estimates_do_not_depend_on_the_page_size() {
    let mut full_pages = 0;
    for name in ARCHIVES {
        let search = common::search(name);
        for prefix in queries(&search) {
            let reference = search.suggest(&prefix, 0, 0).expect("estimate only");
            let widest = search.suggest(&prefix, 0, 20).expect("widest page");
            if widest.source != SuggestSource::TitleIndex {
                continue;
            }
            let widest_paths = paths(&widest.hits, |h| h.path.as_str());
            for &limit in PAGE_SIZES {
                let page = search.suggest(&prefix, 0, limit).expect("page");
                assert_eq!(
                    page.estimated_total, reference.estimated_total,
                    "{name} suggest {prefix:?} limit {limit}"
                );
                let got = paths(&page.hits, |h| h.path.as_str());
                let expected: Vec<String> = widest_paths.iter().take(got.len()).cloned().collect();
                assert_eq!(got, expected, "{name} suggest {prefix:?} limit {limit}");
                if u32::try_from(page.hits.len()) == Ok(limit) {
                    full_pages += 1;
                }
            }
        }
    }
    // The shortcut only applies to full pages: make sure plenty were checked.
    assert!(full_pages > 100, "only {full_pages} full pages checked");
}

#[test]
fn search_estimates_do_not_depend_on_the_page_size() {
    let mut checked = 0;
    for name in ARCHIVES {
        let search = common::search(name);
        if !search.capabilities().fulltext.is_available() {
            continue;
        }
        for query in queries(&search) {
            let reference = search
                .search(&SearchRequest::new(query.as_str(), 0, 0))
                .expect("estimate only");
            let widest = search
                .search(&SearchRequest::new(query.as_str(), 0, 20))
                .expect("widest page");
            let widest_paths = paths(&widest.hits, |h| h.path.as_str());
            for &limit in PAGE_SIZES {
                let page = search
                    .search(&SearchRequest::new(query.as_str(), 0, limit))
                    .expect("page");
                assert_eq!(
                    page.estimated_total, reference.estimated_total,
                    "{name} search {query:?} limit {limit}"
                );
                let got = paths(&page.hits, |h| h.path.as_str());
                let expected: Vec<String> = widest_paths.iter().take(got.len()).cloned().collect();
                assert_eq!(got, expected, "{name} search {query:?} limit {limit}");
                // A later page of the same query reports the same total too.
                let later = search
                    .search(&SearchRequest::new(query.as_str(), limit, limit))
                    .expect("later page");
                assert_eq!(
                    later.estimated_total, reference.estimated_total,
                    "{name} search {query:?} offset {limit}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} searches checked");
}

/// `suggest_page` skips libzim's estimate: same pages as `suggest`, and a total that is a true
/// lower bound (at least the titles shown up to the page, at most every matching title).
#[test]
fn suggestion_lower_bounds_hold() {
    let mut bounded = 0;
    for name in ARCHIVES {
        let search = common::search(name);
        for prefix in queries(&search) {
            let everything = search
                .suggest(&prefix, 0, 100_000)
                .expect("all suggestions");
            if everything.source != SuggestSource::TitleIndex {
                continue;
            }
            assert!(!everything.total_is_lower_bound);
            let matching = u64::try_from(everything.hits.len()).expect("count");
            for (offset, limit) in [(0, 1), (0, 5), (0, 10), (3, 5), (10, 10)] {
                let exact = search
                    .suggest_with(&prefix, offset, limit, SuggestTotal::LibzimEstimate)
                    .expect("exact page");
                let page = search.suggest_page(&prefix, offset, limit).expect("page");
                assert!(page.total_is_lower_bound, "{name} {prefix:?}");
                assert_eq!(
                    paths(&page.hits, |h| h.path.as_str()),
                    paths(&exact.hits, |h| h.path.as_str()),
                    "{name} suggest {prefix:?} {offset}+{limit}"
                );
                let shown = u64::from(offset) + u64::try_from(page.hits.len()).expect("len");
                if !page.hits.is_empty() {
                    assert!(page.estimated_total >= shown, "{name} {prefix:?}");
                }
                assert!(
                    page.estimated_total <= matching,
                    "{name} {prefix:?}: lower bound {} > {matching} matches",
                    page.estimated_total
                );
                bounded += 1;
            }
        }
    }
    assert!(bounded > 100, "only {bounded} pages checked");
}
