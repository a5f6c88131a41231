//! Every regular expression of the parser compiles.
//!
//! Patterns are built lazily and a pattern that fails to compile becomes `None`, which
//! disables its rule instead of panicking at run time (the parser must never panic). That
//! failure must not go unnoticed: this test reads the crate's source, finds every pattern
//! literal given to `rx(...)` or `Regex::new(...)` and compiles it the same way. It also
//! fails when such a call is given anything but a literal it can check, so a new pattern
//! cannot escape it.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use regex::Regex;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source directory is readable")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The raw string literal (`r"..."`, `r#"..."#`) or plain literal at the start of `s`, with
/// its length in bytes; `None` when `s` does not start with one.
fn literal(s: &str) -> Option<(String, usize)> {
    if let Some(rest) = s.strip_prefix('r') {
        let hashes = rest.chars().take_while(|&c| c == '#').count();
        let body = rest.get(hashes..)?.strip_prefix('"')?;
        let close = format!("\"{}", "#".repeat(hashes));
        let end = body.find(&close)?;
        return Some((
            body.get(..end)?.to_string(),
            1 + hashes + 1 + end + close.len(),
        ));
    }
    let body = s.strip_prefix('"')?;
    let end = body.find('"')?;
    let text = body.get(..end)?;
    // Plain literals in this crate carry no escapes other than `\\`.
    Some((text.replace("\\\\", "\\"), end + 2))
}

#[test]
fn every_pattern_compiles() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut checked = 0usize;
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("source is readable");
        for (call, case_insensitive) in [("rx(", true), ("Regex::new(", false)] {
            for (at, _) in text.match_indices(call) {
                // Only the call itself, not an identifier ending the same way, nor the
                // definition `fn rx(pattern: &str)`.
                let before = text.get(..at).unwrap_or_default();
                let joined = before
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
                if joined || before.ends_with("fn ") {
                    continue;
                }
                let after = text.get(at + call.len()..).unwrap_or_default();
                let after = after.trim_start();
                if after.starts_with("&format!(\"(?i){pattern}\")") || after.starts_with("pattern")
                {
                    continue;
                }
                let Some((pattern, _)) = literal(after) else {
                    failures.push(format!(
                        "{}: a pattern that is not a literal: {}",
                        file.display(),
                        after.chars().take(60).collect::<String>()
                    ));
                    continue;
                };
                let full = if case_insensitive {
                    format!("(?i){pattern}")
                } else {
                    pattern.clone()
                };
                checked += 1;
                // A control character is an escape gone wrong (a backspace for `\b`): it
                // compiles but never matches what was meant.
                if pattern.chars().any(char::is_control) {
                    failures.push(format!(
                        "{}: a control character in {pattern:?}",
                        file.display()
                    ));
                }
                if let Err(e) = Regex::new(&full) {
                    failures.push(format!("{}: {pattern}\n{e}", file.display()));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "patterns that do not compile:\n{}",
        failures.join("\n\n")
    );
    // The scan itself works: the parser has dozens of patterns.
    assert!(checked >= 60, "only {checked} patterns found");
}
