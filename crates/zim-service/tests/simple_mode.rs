//! `zim_query` against the real test archives: routing, archive selection, title
//! resolution, fallback, and the synthesize briefing.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::path::PathBuf;

use serde_json::{Map, Value, json};
use zim_service::ClientId;
use zim_service::config::{CliOverrides, Config};
use zim_service::{ErrorKind, ToolOutput, ZimService};

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/zim")
}

fn service_over(dirs: Vec<PathBuf>) -> ZimService {
    let cli = CliOverrides {
        allowed_directories: dirs,
        ..CliOverrides::default()
    };
    let env = vec![(
        "OPENZIM_MCP_RATE_LIMIT__ENABLED".to_owned(),
        "false".to_owned(),
    )];
    ZimService::new(Config::load(None, env, &cli).unwrap())
}

/// A service over a directory holding only zimfile.zim (the "Ray Charles" archive).
fn single() -> (tempfile::TempDir, ZimService) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        data().join("kiwix/zimfile.zim"),
        dir.path().join("zimfile.zim"),
    )
    .unwrap();
    let service = service_over(vec![dir.path().to_path_buf()]);
    (dir, service)
}

/// zim_query's answer, out of its `<retrieved_archive_content>` fence (JSON when it is).
fn ask(service: &ZimService, args: Value) -> Result<ToolOutput, zim_service::ToolError> {
    let args: Option<Map<String, Value>> = args.as_object().cloned();
    Ok(
        match service.call_tool(&ClientId::local(), "zim_query", args)? {
            ToolOutput::Text(text) => {
                let inner = zim_service::tools::query::unfence(&text)
                    .unwrap_or_else(|| panic!("zim_query answers inside the fence: {text:.200}"));
                match serde_json::from_str(inner) {
                    Ok(value) => ToolOutput::Json(value),
                    Err(_) => ToolOutput::Text(inner.to_owned()),
                }
            }
            json => json,
        },
    )
}

fn json_answer(service: &ZimService, query: &str) -> Value {
    match ask(service, json!({"query": query})).unwrap() {
        ToolOutput::Json(v) => v,
        ToolOutput::Text(t) => panic!("expected JSON for {query:?}, got {t:.200}"),
    }
}

#[test]
fn the_only_archive_is_used_and_titles_resolve_without_case() {
    let (_dir, service) = single();
    let summary = json_answer(&service, "summary of RAY charles");
    assert_eq!(summary["intent"]["name"], "Summary");
    assert_eq!(summary["path"], "A/Ray_Charles");
    assert!(
        summary["summary"]
            .as_str()
            .unwrap()
            .contains("American singer")
    );

    let ToolOutput::Text(article) =
        ask(&service, json!({"query": "get article hit the road jack"})).unwrap()
    else {
        panic!("an article is text")
    };
    let (header, body) = article.split_once('\n').unwrap();
    assert!(
        header.starts_with("<!-- intent=GetArticle confidence="),
        "{header}"
    );
    assert!(body.contains("A/Hit_the_Road_Jack"));

    let browse = json_answer(&service, "browse namespace A with limit 4");
    assert_eq!(browse["entries"].as_array().unwrap().len(), 4);
    assert_eq!(browse["intent"]["name"], "Browse");
}

#[test]
fn an_uncertain_request_becomes_a_search_that_says_so() {
    let (_dir, service) = single();
    let answer = json_answer(&service, "blues piano zebra");
    assert_eq!(answer["intent"]["name"], "Search");
    assert_eq!(answer["intent"]["fell_back"], true);
    assert!(answer["intent"]["confidence"].as_f64().unwrap() < 0.5);
    assert!(
        answer["intent"]["note"]
            .as_str()
            .unwrap()
            .contains("full-text search")
    );
}

#[test]
fn with_several_archives_the_sentence_or_the_article_picks_one() {
    let service = service_over(vec![data().join("kiwix")]);
    let named = json_answer(&service, "metadata of example.zim");
    assert_eq!(named["intent"]["archive"], "kiwix/example.zim");

    // No archive named: the first archive holding the article answers.
    let found = json_answer(&service, "summary of Ray Charles");
    assert!(
        found["summary"]
            .as_str()
            .unwrap()
            .contains("Ray Charles Robinson")
    );

    // Operations on a whole archive need one: the error lists them.
    let err = ask(&service, json!({"query": "show me the metadata"})).unwrap_err();
    assert_eq!(err.operation, "zim_file_path_required");

    // No title, and no page holds any of its words: the honest not-found.
    let err = ask(&service, json!({"query": "summary of Qwxyz Zzqvvk"})).unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotFound);
    assert_eq!(err.operation, "entry_not_found");

    // No title, but pages hold its words: the best of them answers, and says so.
    let resolved = json_answer(&service, "summary of Ray Charles piano albums");
    assert_eq!(
        resolved["resolved_by_search"]["requested"],
        "Ray Charles piano albums"
    );
    assert!(
        resolved["results"]
            .as_array()
            .is_some_and(|r| !r.is_empty())
    );
    assert!(
        resolved["answer"]["passage"]
            .as_str()
            .is_some_and(|p| !p.is_empty())
    );

    let section = json_answer(
        &service,
        "show the Early life section of Ray Charles in wikipedia_en_ray_charles_2015-06.zim",
    );
    assert_eq!(section["intent"]["name"], "Section");
    assert!(section["id"].as_str().unwrap().starts_with("early-years"));
}

#[test]
fn a_question_finds_the_page_that_answers_it() {
    let service = service_over(vec![data().join("kiwix")]);
    // libzim's all-words query finds nothing for the sentence as typed.
    let answer = json_answer(&service, "When was Ray Charles born? in zimfile.zim");
    let results = answer["results"].as_array().unwrap();
    assert_eq!(results[0]["path"], "A/Ray_Charles");
    // Redirects are folded into the article they lead to: listed once.
    let paths: Vec<&str> = results.iter().filter_map(|r| r["path"].as_str()).collect();
    assert_eq!(paths.iter().filter(|p| **p == "A/Ray_Charles").count(), 1);
    assert_eq!(answer["answer"]["path"], "A/Ray_Charles");
    assert!(
        answer["answer"]["passage"]
            .as_str()
            .unwrap()
            .contains("1930")
    );
    assert_eq!(
        answer["understood_as"]["words"],
        json!(["ray", "charles", "born"])
    );
}

#[test]
fn explicit_arguments_override_the_sentence() {
    let service = service_over(vec![data().join("kiwix")]);
    let answer = match ask(
        &service,
        json!({"query": "search for piano", "zim_file_path": "zimfile.zim", "limit": 2}),
    )
    .unwrap()
    {
        ToolOutput::Json(v) => v,
        ToolOutput::Text(t) => panic!("{t:.200}"),
    };
    assert_eq!(answer["results"].as_array().unwrap().len(), 2);
    assert_eq!(answer["intent"]["archive"], "zimfile.zim");
    let err = ask(&service, json!({"query": "search for piano", "limit": 0})).unwrap_err();
    assert_eq!(err.operation, "invalid_arguments");
}

#[test]
fn synthesize_cites_distinct_sources_within_the_budget() {
    let (_dir, service) = single();
    let ToolOutput::Json(briefing) = ask(
        &service,
        json!({"query": "soul music", "synthesize": true, "max_content_length": 900, "limit": 3}),
    )
    .unwrap() else {
        panic!("a briefing is JSON")
    };
    let answer = briefing["answer_markdown"].as_str().unwrap();
    assert!(answer.chars().count() <= 900, "{}", answer.len());
    assert_eq!(
        briefing["total_chars"].as_u64().unwrap(),
        answer.chars().count() as u64
    );
    let citations = briefing["citations"].as_array().unwrap();
    assert!(!citations.is_empty());
    let mut articles: Vec<&str> = citations
        .iter()
        .map(|c| c["entry_path"].as_str().unwrap())
        .collect();
    for citation in citations {
        let cite = citation["cite_id"].as_str().unwrap();
        assert!(answer.contains(&format!("[cite: {cite}]")));
        assert!(cite.starts_with("zimfile/A/"));
    }
    articles.sort();
    articles.dedup();
    assert!(articles.len() <= 3);
    assert!(briefing["passages"].as_array().unwrap().iter().all(|p| {
        p["text_markdown"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("soul")
            || p["text_markdown"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .contains("music")
    }));
}

#[test]
fn several_articles_are_fetched_in_one_batch_and_the_missing_ones_said() {
    let (_dir, service) = single();
    let batch = json_answer(
        &service,
        "batch get Eleanor Rigby, A/Georgia_On_My_Mind and Qwxyz Zzqvvk",
    );
    assert_eq!(batch["intent"]["name"], "GetArticles");
    assert_eq!(batch["requested"], 3);
    assert_eq!(batch["succeeded"], 2);
    assert_eq!(batch["failed"], 1);
    assert_eq!(batch["not_found"], json!(["Qwxyz Zzqvvk"]));
    let rows = batch["results"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["requested"], "Eleanor Rigby");
    assert_eq!(rows[0]["entry_path"], "A/Eleanor_Rigby");
    assert_eq!(rows[0]["success"], true);
    assert!(
        rows[0]["content"]
            .as_str()
            .unwrap()
            .contains("Eleanor Rigby")
    );
    // A redirect is read as the entry it leads to.
    assert_eq!(rows[1]["entry_path"], "A/Georgia_on_My_Mind");
    assert_eq!(rows[1]["success"], true);
    assert_eq!(rows[2]["success"], false);
    assert_eq!(rows[2]["error_code"], "entry_not_found");

    // None found: an error naming them.
    let err = ask(
        &service,
        json!({"query": "fetch Qwxyz Zzqvvk and Vvqzz Xyzzy articles together"}),
    )
    .unwrap_err();
    assert_eq!(err.kind, ErrorKind::NotFound);
    assert!(err.message.contains("Qwxyz Zzqvvk"), "{}", err.message);
}

#[test]
fn an_asset_asked_by_its_path_comes_back_as_its_bytes() {
    let (_dir, service) = single();
    let image = json_answer(&service, "download the image at -/s/enwiki.png");
    assert_eq!(image["intent"]["name"], "GetArticle");
    assert_eq!(image["mime_type"], "image/png");
    assert_eq!(image["encoding"], "base64");
    assert_eq!(image["size"], 20016);
    assert!(image["data"].as_str().unwrap().starts_with("iVBORw0KGgo"));

    // A stylesheet is text: read as text.
    let ToolOutput::Text(css) = ask(
        &service,
        json!({"query": "binary fetch the stylesheet -/style.css"}),
    )
    .unwrap() else {
        panic!("a stylesheet is text")
    };
    assert!(css.contains("Type: text/css"), "{css:.300}");
}

#[test]
fn a_page_asked_from_an_offset_starts_there() {
    let (_dir, service) = single();
    let first = json_answer(&service, "browse namespace A with limit 4");
    let later = json_answer(
        &service,
        "list one page of entries starting at offset 2 in A, limit 2",
    );
    assert_eq!(later["intent"]["name"], "Browse");
    let first = first["entries"].as_array().unwrap();
    let later = later["entries"].as_array().unwrap();
    assert_eq!(later.len(), 2);
    assert_eq!(later[0]["path"], first[2]["path"]);
    assert_eq!(later[1]["path"], first[3]["path"]);
}
