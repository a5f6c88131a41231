//! The built binary answers `zim_search` over stdio, in whichever build this is: with Xapian
//! (the default) and without it (`cargo test -p zim-mcp --no-default-features`, title search
//! only), so the build for those who cannot install libxapian is known to work, not only to
//! compile.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

#[test]
fn zim_search_answers_over_stdio() {
    let kiwix = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/zim/kiwix");
    let mut child = Command::new(env!("CARGO_BIN_EXE_zim-mcp"))
        .args(["--mode", "advanced"])
        .arg(&kiwix)
        .env_remove("RUST_LOG")
        .env("OPENZIM_MCP_CACHE__PERSISTENCE_ENABLED", "false")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut send = |message: Value| {
        writeln!(stdin, "{message}").expect("write");
        stdin.flush().expect("flush");
    };
    let mut answer = |id: u64| -> Value {
        let mut line = String::new();
        loop {
            line.clear();
            let n = stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "the server closed stdout before answering {id}");
            let message: Value = serde_json::from_str(&line).expect("a JSON line");
            if message["id"] == id {
                return message;
            }
        }
    };
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "binary_search", "version": "0"}}}),
    );
    assert!(answer(1)["result"]["serverInfo"].is_object());
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    send(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "zim_search",
        "arguments": {"query": "Ray Charles",
            "zim_file_path": "wikipedia_en_ray_charles_2015-06.zimaa"}}}),
    );
    let reply = answer(2);
    let result = &reply["result"];
    assert_eq!(result["isError"], false, "{reply}");
    let text = result["content"][0]["text"].as_str().expect("a text block");
    let body: Value = serde_json::from_str(text).expect("JSON text");
    // Without Xapian the answer says where it came from.
    #[cfg(not(feature = "xapian"))]
    assert_eq!(body["source"], "title_fallback", "{body}");
    let results = body["results"].as_array().expect("results");
    assert!(!results.is_empty(), "{body}");
    let titles: Vec<&str> = results.iter().filter_map(|r| r["title"].as_str()).collect();
    assert!(
        titles.iter().any(|t| t.contains("Ray Charles")),
        "{titles:?}"
    );
    drop(stdin);
    let status = child.wait().expect("the server exits");
    assert!(status.success(), "{status}");
}
