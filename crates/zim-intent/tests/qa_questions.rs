//! The questions of the project's question sets (`tests/qa/`, written by others to test
//! answers over documentation archives) are questions about the archives' topics: none may
//! route to a request to the service (the archives, their metadata, health, listings) or to
//! an article's links. An article view ("the intro of generators" as the Summary of
//! "generators") is allowed: when no entry has that title it answers from the search. Each
//! question is parsed with its set's archive among those served, as the server would: the
//! archive's name is often a word of the question ("run two postfix instances on the same
//! server" over `postfix.zim`), and taking it out must not leave a service request behind.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

mod common;

use std::path::{Path, PathBuf};

fn question_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("tests/qa is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            question_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "jsonl") {
            out.push(path);
        }
    }
}

#[test]
fn questions_about_topics_are_never_service_requests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/qa");
    let mut files = Vec::new();
    question_files(&root, &mut files);
    assert!(files.len() >= 10, "question sets found: {}", files.len());
    let archives = common::archives();
    let mut questions = 0;
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable set");
        let mut archives = archives.clone();
        if let Some(name) = text
            .lines()
            .next()
            .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .and_then(|v| v["archive"].as_str().map(str::to_string))
        {
            archives.push(zim_intent::ArchiveName::new(name, None));
        }
        for line in text.lines() {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let Some(q) = v["q"].as_str() else { continue };
            questions += 1;
            let intent = zim_intent::parse(q, &archives).intent;
            let allowed = matches!(
                intent.name(),
                "Search" | "Summary" | "GetArticle" | "Toc" | "Structure" | "Section"
            );
            if !allowed {
                wrong.push(format!("{} <- {q}", intent.name()));
            }
        }
    }
    assert!(questions >= 500, "questions read: {questions}");
    assert!(
        wrong.is_empty(),
        "{} routed to the service: {wrong:#?}",
        wrong.len()
    );
}
