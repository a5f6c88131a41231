//! Reads one request per line on standard input and prints each parse as one JSON line
//! (`{"query", "intent", "args", "confidence", "fell_back", "learned", "explanation"}`), for scoring a
//! labelled set written outside the project: `cargo run -p zim-intent --features serde
//! --example route_lines [ARCHIVE.zim[=Title] ...] < requests.txt` (the archives the server
//! would serve, by file name and optional title).

use std::io::{BufRead, Write};

fn main() {
    let archives: Vec<zim_intent::ArchiveName> = std::env::args()
        .skip(1)
        .map(|a| match a.split_once('=') {
            Some((file, title)) => zim_intent::ArchiveName::new(file, Some(title)),
            None => zim_intent::ArchiveName::new(a, None),
        })
        .collect();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let parsed = zim_intent::parse(&line, &archives);
        let record = serde_json::json!({
            "query": line,
            "intent": parsed.intent.name(),
            "args": parsed.intent,
            "confidence": parsed.confidence,
            "fell_back": parsed.fell_back,
            "learned": parsed.learned,
            "explanation": parsed.explanation,
            "archive": parsed.archive.map(|a| a.file_name),
        });
        if writeln!(out, "{record}").is_err() {
            return;
        }
    }
}
