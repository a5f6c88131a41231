//! Archive-type presets (`presets_override_path`) on a Q&A archive made by sotoki
//! (`tests/data/qa.zim`, written by `tests/data/make_qa_zim.py`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};
use zim_service::ClientId;
use zim_service::config::{CliOverrides, Config, ToolMode};
use zim_service::{ToolOutput, ZimService};

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn service(presets: Option<&Path>) -> ZimService {
    let cli = CliOverrides {
        allowed_directories: vec![data()],
        tool_mode: Some(ToolMode::Advanced),
        ..CliOverrides::default()
    };
    let mut env = vec![(
        "OPENZIM_MCP_RATE_LIMIT__ENABLED".to_owned(),
        "false".to_owned(),
    )];
    if let Some(p) = presets {
        env.push((
            "OPENZIM_MCP_PRESETS_OVERRIDE_PATH".to_owned(),
            p.display().to_string(),
        ));
    }
    ZimService::new(Config::load(None, env, &cli).unwrap())
}

fn call(svc: &ZimService, tool: &str, args: Value) -> Value {
    let args: Option<Map<String, Value>> = args.as_object().cloned();
    match svc.call_tool(&ClientId::local(), tool, args).unwrap() {
        ToolOutput::Json(v) => v,
        ToolOutput::Text(t) => panic!("expected JSON, got {t:.200}"),
    }
}

const QUESTION: &str = "questions/1/how-do-i-descale-a-kettle";

fn summary(svc: &ZimService, path: &str) -> Value {
    call(
        svc,
        "zim_get",
        json!({"zim_file_path": "qa.zim", "entry_path": path, "view": "summary"}),
    )
}

fn longest_snippet(svc: &ZimService) -> (usize, Value) {
    let found = call(
        svc,
        "zim_search",
        json!({"zim_file_path": "qa.zim", "query": "kettle"}),
    );
    let longest = found["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["snippet"].as_str().unwrap().chars().count())
        .max()
        .unwrap();
    (longest, found["_meta"]["preset_applied"].clone())
}

#[test]
fn a_q_and_a_archive_is_summarised_by_its_answers() {
    let svc = service(None);
    let answered = summary(&svc, QUESTION);
    let text = answered["summary"].as_str().unwrap();
    assert!(
        text.starts_with("Boil a mixture of water and white vinegar"),
        "{text}"
    );
    assert_eq!(answered["_meta"]["preset_applied"], "stackexchange");
    // A question without answers keeps its opening.
    let open = summary(&svc, "questions/2/why-does-my-kettle-click");
    assert!(
        open["summary"]
            .as_str()
            .unwrap()
            .starts_with("It clicks when it boils"),
        "{open}"
    );
    // Simple mode's summaries too.
    let cli = CliOverrides {
        allowed_directories: vec![data()],
        ..CliOverrides::default()
    };
    let simple = ZimService::new(Config::load(None, Vec::new(), &cli).unwrap());
    let asked = simple
        .call_tool(
            &ClientId::local(),
            "zim_query",
            json!({"query": format!("summary of {QUESTION}"), "zim_file_path": "qa.zim"})
                .as_object()
                .cloned(),
        )
        .unwrap();
    let text = match asked {
        ToolOutput::Json(v) => v.to_string(),
        ToolOutput::Text(t) => t,
    };
    assert!(text.contains("Boil a mixture of water"), "{text:.600}");
    // zim_search says which preset it applied.
    let (_, applied) = longest_snippet(&svc);
    assert_eq!(applied, "stackexchange");
}

#[test]
fn an_override_file_changes_summaries_and_snippets() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("presets.toml");
    std::fs::write(
        &file,
        "[preset.stackexchange]\nsnippet_length = 120\nsummary_style = \"first_section\"\n",
    )
    .unwrap();
    let svc = service(Some(&file));
    let text = summary(&svc, QUESTION)["summary"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.starts_with("My kettle is full of limescale"), "{text}");
    let (short, _) = longest_snippet(&svc);
    let (default, _) = longest_snippet(&service(None));
    // Snippets are cut at the length, then the query's words are marked.
    assert!(short < 200 && default > 300, "{short} vs {default}");
    // Nothing in this file lacks an effect.
    let health = call(&svc, "zim_health", json!({}));
    assert!(!health.to_string().contains("presets_override_path"));

    // A pin by the archive's Name forces another type (no preset of its own: the stack
    // exchange one's fields do not follow), and max_paragraphs is reported as inert.
    let pinned = dir.path().join("pinned.toml");
    std::fs::write(
        &pinned,
        "[archive.\"cooking.stackexchange.com_en_all\"]\ntype = \"ted\"\nmax_paragraphs = 2\n",
    )
    .unwrap();
    let svc = service(Some(&pinned));
    let answered = summary(&svc, QUESTION);
    assert_eq!(answered["_meta"]["preset_applied"], "ted");
    assert!(
        answered["summary"]
            .as_str()
            .unwrap()
            .starts_with("My kettle is full of limescale")
    );
    let health = call(&svc, "zim_health", json!({}));
    assert!(
        health
            .to_string()
            .contains("presets_override_path (max_paragraphs)"),
        "{health}"
    );
}

#[test]
fn metadata_reports_the_detected_type() {
    let meta = call(
        &service(None),
        "zim_metadata",
        json!({"zim_file_path": "qa.zim"}),
    );
    assert_eq!(meta["_meta"]["detected_type"], "stackexchange");
    assert_eq!(meta["_meta"]["detection_confidence"], "high");
}
