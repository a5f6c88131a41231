//! The archive subcommands of the built binary as a shell user runs them: output into a pipe
//! whose reader has gone (`zim-mcp suggest ... | head`), and entry paths that begin with `-`
//! (every old-scheme asset is under `-/`). `tests/e2e/test_cli.py` checks the same through
//! Python; these run with every `cargo test`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn data(dir: &str, file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/zim")
        .join(dir)
        .join(file)
}

fn zim_mcp() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_zim-mcp"));
    command.env_remove("RUST_LOG").stdin(Stdio::null());
    command
}

fn run(command: &mut Command) -> Output {
    let output = command.output().expect("the binary runs");
    assert!(
        output.status.success(),
        "{}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let archive = data("kiwix", "zimfile.zim");
    // What the command prints when someone reads it: 110 suggestions, so there is output.
    let listed = run(zim_mcp()
        .args(["suggest", "--limit", "20"])
        .arg(&archive)
        .arg("R"));
    assert!(
        String::from_utf8_lossy(&listed.stdout).contains("Ray Charles"),
        "{}",
        String::from_utf8_lossy(&listed.stdout)
    );
    // The same with the pipe's reading end closed before the command starts (as after
    // `| head -1` has exited): its first write fails with EPIPE.
    for args in [
        vec!["suggest", "--limit", "20"],
        vec!["search", "--limit", "20"],
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = zim_mcp()
            .args(&args)
            .arg(&archive)
            .arg("Ray")
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success(),
            "{args:?}: {}: {stderr}",
            output.status
        );
        assert!(
            stderr.is_empty(),
            "{args:?}: nothing on stderr, no panic: {stderr}"
        );
    }
}

#[test]
fn paths_beginning_with_a_dash_are_paths() {
    let small = data("withns", "small.zim");
    // `-/favicon` is a path, not a cluster of short flags, wherever it stands.
    let redirect = run(zim_mcp()
        .arg("cat")
        .arg(&small)
        .args(["-/favicon", "--no-follow"]));
    assert_eq!(
        String::from_utf8_lossy(&redirect.stdout).trim(),
        "redirect -> I/favicon.png"
    );
    let followed = run(zim_mcp().arg("cat").arg(&small).arg("-/favicon"));
    let png = followed.stdout;
    assert!(
        png.starts_with(b"\x89PNG"),
        "{:?}",
        &png[..png.len().min(8)]
    );
    // Queries and prefixes that begin with '-' are values too.
    let kiwix = data("kiwix", "zimfile.zim");
    run(zim_mcp()
        .arg("search")
        .arg(&kiwix)
        .args(["-charles", "--limit", "1"]));
    run(zim_mcp().arg("suggest").arg(&kiwix).arg("-R"));
}
