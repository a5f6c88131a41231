//! The service against the real test archives in `tests/data`, checked against the
//! python-libzim oracle.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::path::PathBuf;

use serde_json::{Map, Value, json};
use zim_service::ClientId;
use zim_service::config::{CliOverrides, Config, ToolMode};
use zim_service::{ErrorKind, ToolOutput, ZimService};

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data")
}

fn service(dirs: &[&str]) -> ZimService {
    let cli = CliOverrides {
        allowed_directories: dirs.iter().map(|d| data().join("zim").join(d)).collect(),
        tool_mode: Some(ToolMode::Advanced),
        ..CliOverrides::default()
    };
    // No rate limiting: these tests make many calls.
    let env = vec![(
        "OPENZIM_MCP_RATE_LIMIT__ENABLED".to_owned(),
        "false".to_owned(),
    )];
    ZimService::new(Config::load(None, env, &cli).unwrap())
}

fn oracle(name: &str) -> Value {
    let text = std::fs::read_to_string(data().join("oracle").join(format!("{name}.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn args(value: Value) -> Option<Map<String, Value>> {
    value.as_object().cloned()
}

fn json_of(output: ToolOutput) -> Value {
    match output {
        ToolOutput::Json(v) => v,
        ToolOutput::Text(t) => panic!("expected JSON, got text {t:.200}"),
    }
}

/// (directory, file to pass as zim_file_path, oracle name) of every valid archive.
const VALID: &[(&str, &str, &str)] = &[
    ("kiwix", "example.zim", "kiwix_example.zim"),
    ("kiwix", "corner_cases.zim", "kiwix_corner_cases.zim"),
    ("kiwix", "foo-zstd.zim", "kiwix_foo-zstd.zim"),
    ("kiwix", "poor.zim", "kiwix_poor.zim"),
    (
        "kiwix",
        "spelling_correction_test.zim",
        "kiwix_spelling_correction_test.zim",
    ),
    (
        "kiwix",
        "tonedear.com_en_2024-09.zim",
        "kiwix_tonedear.com_en_2024-09.zim",
    ),
    (
        "kiwix",
        "wikipedia_en_ray_charles_2015-06.zim",
        "kiwix_wikipedia_en_ray_charles_2015-06.zimaa",
    ),
    ("kiwix", "zimfile.zim", "kiwix_zimfile.zim"),
    ("nons", "small.zim", "nons_small.zim"),
    ("withns", "small.zim", "withns_small.zim"),
    (
        "withns",
        "wikibooks_be_all_nopic_2017-02.zim",
        "withns_wikibooks_be_all_nopic_2017-02.zim",
    ),
    (
        "noTitleListingV0",
        "small.zim",
        "noTitleListingV0_small.zim",
    ),
];

#[test]
fn metadata_namespaces_and_identity_match_the_oracle() {
    for (dir, file, name) in VALID {
        let svc = service(&[dir]);
        let expected = oracle(name);
        let meta = json_of(
            svc.call_tool(
                &ClientId::local(),
                "zim_metadata",
                args(json!({"zim_file_path": file})),
            )
            .unwrap(),
        );
        assert_eq!(meta["archive_identity"]["uuid"], expected["uuid"], "{name}");
        assert_eq!(
            meta["archive_identity"]["is_multipart"], expected["is_multipart"],
            "{name}"
        );
        assert_eq!(
            meta["index_capabilities"]["has_fulltext_index"], expected["has_fulltext_index"],
            "{name}"
        );
        assert_eq!(
            meta["index_capabilities"]["has_title_index"], expected["has_title_index"],
            "{name}"
        );
        // openzim-mcp's shape: a list of {letter, total, ...}.
        let namespaces: Map<String, Value> = meta["namespaces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| (n["letter"].as_str().unwrap().to_owned(), n.clone()))
            .collect();
        let total: u64 = namespaces
            .values()
            .map(|n| n["total"].as_u64().unwrap())
            .sum();
        assert_eq!(Some(total), expected["all_entry_count"].as_u64(), "{name}");
        if expected["has_new_namespace_scheme"] == json!(false) {
            // Old scheme: the oracle paths carry the namespace.
            for (ns, info) in namespaces {
                let count = expected["entries"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|e| e["path"].as_str().unwrap().starts_with(&format!("{ns}/")))
                    .count();
                assert_eq!(
                    info["total"].as_u64(),
                    Some(count as u64),
                    "{name} namespace {ns}"
                );
            }
        } else {
            assert_eq!(namespaces["C"]["total"], expected["entry_count"], "{name}");
        }
    }
}

#[test]
fn walking_every_namespace_visits_every_entry_once() {
    for (dir, file, name) in VALID {
        let svc = service(&[dir]);
        let expected = oracle(name);
        let meta = json_of(
            svc.call_tool(
                &ClientId::local(),
                "zim_metadata",
                args(json!({"zim_file_path": file})),
            )
            .unwrap(),
        );
        let mut seen = Vec::new();
        for namespace in meta["namespaces"].as_array().unwrap() {
            let ns = namespace["letter"].as_str().unwrap();
            let mut cursor: Option<String> = None;
            loop {
                // Assets included: the walk must visit every entry.
                let mut call = json!({"zim_file_path": file, "namespace": ns, "mode": "walk",
                    "limit": 9, "include_assets": true});
                if let Some(c) = &cursor {
                    call["cursor"] = json!(c);
                }
                let page = json_of(
                    svc.call_tool(&ClientId::local(), "zim_browse", args(call))
                        .unwrap(),
                );
                for entry in page["results"].as_array().unwrap() {
                    seen.push(entry["index"].as_u64().unwrap());
                }
                if page["done"] == json!(true) {
                    break;
                }
                cursor = page["next_cursor"].as_str().map(str::to_owned);
            }
        }
        seen.sort_unstable();
        let all: Vec<u64> = (0..expected["all_entry_count"].as_u64().unwrap()).collect();
        assert_eq!(seen, all, "{name}");
    }
}

#[test]
fn entry_lookup_falls_back_to_suffixes_and_titles() {
    let svc = service(&["kiwix"]);
    for requested in [
        "A/Ray_Charles",
        "A/Ray_Charles.html",
        "Ray Charles",
        "Ray_Charles",
    ] {
        let out = svc
            .call_tool(&ClientId::local(), "zim_get",
                args(json!({"zim_file_path": "wikipedia_en_ray_charles_2015-06", "entry_path": requested, "max_content_length": 100})),
            )
            .unwrap();
        let page = json_of(out);
        assert_eq!(page["path"], "A/Ray_Charles.html", "{requested}");
        assert!(page["content"].as_str().unwrap().chars().count() < 400);
    }
}

#[test]
fn corrupt_archives_give_reports_or_errors_never_panics() {
    for dir in ["nons", "withns", "noTitleListingV0"] {
        let svc = service(&[dir]);
        let files: Vec<String> = svc
            .registry()
            .files()
            .iter()
            .map(|f| f.display.clone())
            .collect();
        for file in files.iter().filter(|f| f.contains("invalid.")) {
            let report = json_of(
                svc.call_tool(
                    &ClientId::local(),
                    "zim_health",
                    args(json!({"zim_file_path": file})),
                )
                .unwrap(),
            );
            assert!(report["is_valid"].is_boolean(), "{file}");
            if let Err(err) = svc.call_tool(
                &ClientId::local(),
                "zim_metadata",
                args(json!({"zim_file_path": file})),
            ) {
                assert!(
                    matches!(err.kind, ErrorKind::Archive | ErrorKind::NotFound),
                    "{file}: {err:?}"
                );
            }
            let browse = svc.call_tool(
                &ClientId::local(),
                "zim_browse",
                args(json!({"zim_file_path": file, "namespace": "C"})),
            );
            if let Err(err) = browse {
                assert_eq!(err.kind, ErrorKind::Archive, "{file}: {err:?}");
            }
        }
    }
}

#[test]
fn archives_libzim_cannot_open_are_reported_invalid() {
    let svc = service(&["nons"]);
    let mut checked = 0;
    for file in svc
        .registry()
        .files()
        .iter()
        .filter(|f| f.name.starts_with("invalid."))
    {
        let expected = oracle(&format!("nons_{}", file.name));
        if expected["opens"] == json!(false) {
            let report = json_of(
                svc.call_tool(
                    &ClientId::local(),
                    "zim_health",
                    args(json!({"zim_file_path": file.display})),
                )
                .unwrap(),
            );
            assert_eq!(report["is_valid"], json!(false), "{}", file.name);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

/// A search backend that reports what it was asked, to test the tool layer around it.
struct EchoSearch;

impl zim_service::backend::SearchBackend for EchoSearch {
    fn search(
        &self,
        archive: &zim_service::registry::OpenArchive,
        args: &zim_service::tools::search::ZimSearchArgs,
        limit: u32,
        offset: u32,
    ) -> Result<Value, zim_service::ToolError> {
        Ok(json!({
            "query": args.query,
            "uuid": archive.archive.uuid(),
            "limit": limit,
            "offset": offset,
            "has_more": offset < 20,
        }))
    }
}

fn search_service(dirs: &[&str], env: Vec<(String, String)>) -> ZimService {
    let cli = CliOverrides {
        allowed_directories: dirs.iter().map(|d| data().join("zim").join(d)).collect(),
        tool_mode: Some(ToolMode::Advanced),
        ..CliOverrides::default()
    };
    ZimService::with_backends(
        Config::load(None, env, &cli).unwrap(),
        Some(std::sync::Arc::new(EchoSearch)),
        std::sync::Arc::new(zim_service::render_backend::ZimRenderBackend::new()),
    )
}

#[test]
fn search_pages_with_cursors_and_merges_cross_file_results() {
    let svc = search_service(&["kiwix"], Vec::new());
    let first = json_of(
        svc.call_tool(
            &ClientId::local(),
            "zim_search",
            args(json!({"query": "ray", "zim_file_path": "example", "limit": 10})),
        )
        .unwrap(),
    );
    assert_eq!(
        (
            first["page_info"]["offset"].as_u64(),
            first["page_info"]["limit"].as_u64()
        ),
        (Some(0), Some(10))
    );
    assert_eq!(first["zim_file_path"], "example");
    assert_eq!(first["done"], false);
    let cursor = first["next_cursor"].as_str().unwrap().to_owned();
    let second = json_of(
        svc.call_tool(
            &ClientId::local(),
            "zim_search",
            args(json!({"query": "ray", "zim_file_path": "example", "cursor": cursor})),
        )
        .unwrap(),
    );
    assert_eq!(second["page_info"]["offset"].as_u64(), Some(10));
    // A cursor from one archive is refused for another.
    let err = svc
        .call_tool(
            &ClientId::local(),
            "zim_search",
            args(json!({"query": "ray", "zim_file_path": "poor", "cursor": cursor})),
        )
        .unwrap_err();
    assert_eq!(err.operation, "cursor_mismatch");
    let all = json_of(
        svc.call_tool(
            &ClientId::local(),
            "zim_search",
            args(json!({"query": "ray", "cross_file": true})),
        )
        .unwrap(),
    );
    assert_eq!(
        all["files_searched"].as_u64(),
        Some(svc.registry().files().len() as u64)
    );
    // openzim-mcp's cross-file rows: one per archive, its page under `result`.
    let rows = all["results"].as_array().unwrap();
    assert_eq!(rows.len(), svc.registry().files().len());
    assert!(rows.iter().all(|r| r["result"]["query"] == "ray"));
    assert!(all["merged_results"].is_array());
    let err = svc
        .call_tool(
            &ClientId::local(),
            "zim_search",
            args(json!({"query": "ray", "mode": "title", "namespace": "C"})),
        )
        .unwrap_err();
    assert_eq!(err.operation, "invalid_combination");
}

#[test]
fn search_costs_follow_the_mode_and_the_number_of_archives() {
    let env = vec![
        (
            "OPENZIM_MCP_RATE_LIMIT__BURST_SIZE".to_owned(),
            "5".to_owned(),
        ),
        (
            "OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND".to_owned(),
            "0.001".to_owned(),
        ),
    ];
    let svc = search_service(&["kiwix"], env);
    let call = |mode: &str| {
        svc.call_tool(
            &ClientId::local(),
            "zim_search",
            args(json!({"query": "x", "zim_file_path": "example", "mode": mode})),
        )
    };
    // fulltext costs 2, suggest 1: 2 + 2 + 1 = 5 drains a bucket of 5.
    call("fulltext").unwrap();
    call("fulltext").unwrap();
    call("suggest").unwrap();
    let err = call("suggest").unwrap_err();
    assert_eq!(err.kind, ErrorKind::RateLimited);
    assert!(err.retry_after.unwrap() > 0.0);
}

/// `search.structured_suggestions_limit`: a fruitless search offers openzim-mcp's
/// `_meta.suggestions`, typo variants and other archives named by the query, within the limit.
#[test]
fn fruitless_searches_offer_suggestions_within_the_limit() {
    let with_limit = |limit: Option<&str>| {
        let cli = CliOverrides {
            allowed_directories: vec![data().join("zim").join("kiwix")],
            tool_mode: Some(ToolMode::Advanced),
            ..CliOverrides::default()
        };
        let mut env = vec![(
            "OPENZIM_MCP_RATE_LIMIT__ENABLED".to_owned(),
            "false".to_owned(),
        )];
        if let Some(l) = limit {
            env.push((
                "OPENZIM_MCP_SEARCH__STRUCTURED_SUGGESTIONS_LIMIT".to_owned(),
                l.to_owned(),
            ));
        }
        ZimService::new(Config::load(None, env, &cli).unwrap())
    };
    let suggestions = |svc: &ZimService, call: Value| -> Vec<(String, String)> {
        let answer = json_of(
            svc.call_tool(&ClientId::local(), "zim_search", args(call))
                .unwrap(),
        );
        assert!(answer.get("structured_suggestions").is_none());
        answer["_meta"]["suggestions"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|s| {
                        (
                            s["type"].as_str().unwrap().to_owned(),
                            s["value"].as_str().unwrap().to_owned(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let svc = with_limit(None);
    // Nothing in the Ray Charles archive: the archives whose names hold a query word.
    let mut other = suggestions(
        &svc,
        json!({"query": "tonedear spelling", "zim_file_path": "zimfile.zim"}),
    );
    other.sort();
    assert_eq!(
        other,
        vec![
            (
                "alt_archive".to_owned(),
                "spelling_correction_test".to_owned()
            ),
            (
                "alt_archive".to_owned(),
                "tonedear.com_en_2024-09".to_owned()
            ),
        ]
    );
    // A hit carries none.
    assert!(
        suggestions(
            &svc,
            json!({"query": "piano", "zim_file_path": "zimfile.zim"})
        )
        .is_empty()
    );
    // A title lookup's typo correction shows the variant it took.
    assert_eq!(
        suggestions(
            &svc,
            json!({"query": "Wilkommen", "mode": "title", "zim_file_path": "spelling_correction_test.zim"}),
        ),
        vec![("alt_spelling".to_owned(), "Willkommen".to_owned())]
    );
    // The limit bounds them.
    let one = with_limit(Some("1"));
    assert_eq!(
        suggestions(
            &one,
            json!({"query": "tonedear spelling", "zim_file_path": "zimfile.zim"}),
        )
        .len(),
        1
    );
}
