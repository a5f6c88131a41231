//! Answers to repeated tool calls, kept so a transport can serve them without handing the call
//! to a blocking thread.
//!
//! A tool call may read the disk or run for seconds (a cold search on a big archive, an
//! integrity check), so transports run calls on a blocking pool. Handing a call over costs
//! little CPU but real latency on small machines (the thread must be woken), and for a call
//! answered from memory that hand-over is most of its cost. So when a call completes, its
//! answer is kept in the service's result cache with what is needed to replay it faithfully:
//!
//! - the rate-limit charges it made (replayed, so a memoised answer costs the client the same
//!   tokens and is refused the same way);
//! - every archive it opened, with that file's modification time: a memoised answer is served
//!   only while each file still has it (one `stat` per archive, the same freshness test as
//!   opening does), so a replaced archive is never answered for from the old one;
//! - the generation of the archive list: an answer computed before archives were added or
//!   removed (a cross-file search, a file listing) is not served after.
//!
//! Calls whose answers change with time (server health, anything reporting uptime or cache
//! figures) or that scanned the directories (a file listing) mark themselves volatile and are
//! never kept. Errors are never kept. Entries live in
//! the one result cache (bounded by its entry and byte budgets), under a prefix the cache does
//! not persist: a restart starts with an empty memo.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::output::ToolOutput;

/// Key prefix of memo entries in the result cache (which does not persist them).
pub const MEMO_PREFIX: &str = "memo\u{1f}";

/// What a call did that its replay must repeat or check.
#[derive(Debug, Default)]
pub struct Recording {
    pub charges: Vec<(String, Option<u32>)>,
    pub archives: Vec<(PathBuf, Option<String>)>,
    pub volatile: bool,
}

thread_local! {
    /// The recording of the call running on this thread, if it is being recorded.
    static RECORDING: RefCell<Option<Recording>> = const { RefCell::new(None) };
}

/// Run `call` on this thread, recording its charges, archives and volatility.
pub fn record<T>(call: impl FnOnce() -> T) -> (T, Recording) {
    let previous = RECORDING.with(|r| r.replace(Some(Recording::default())));
    let out = call();
    let recording = RECORDING.with(|r| r.replace(previous)).unwrap_or_default();
    (out, recording)
}

fn with_recording(f: impl FnOnce(&mut Recording)) {
    RECORDING.with(|r| {
        if let Some(recording) = r.borrow_mut().as_mut() {
            f(recording);
        }
    });
}

pub(crate) fn note_charge(operation: &str, cost: Option<u32>) {
    with_recording(|r| r.charges.push((operation.to_owned(), cost)));
}

pub(crate) fn note_archive(path: &Path, stamp: Option<String>) {
    with_recording(|r| {
        if !r.archives.iter().any(|(p, _)| p == path) {
            r.archives.push((path.to_path_buf(), stamp));
        }
    });
}

/// The running call's answer depends on the moment (uptime, live statistics).
pub(crate) fn note_volatile() {
    with_recording(|r| r.volatile = true);
}

/// The cache key of a call: tool, archive-list generation, arguments as sent.
pub fn key(tool: &str, generation: u64, args: Option<&Map<String, Value>>) -> String {
    // Serialised in place (no copy of the arguments); a map always serialises.
    let args = args
        .and_then(|a| serde_json::to_string(a).ok())
        .unwrap_or_else(|| "null".to_owned());
    format!("{MEMO_PREFIX}{tool}\u{1f}{generation}\u{1f}{args}")
}

/// The cached form of a completed call, or `None` when it must not be kept.
pub fn entry(output: &ToolOutput, recording: &Recording) -> Option<Value> {
    if recording.volatile {
        return None;
    }
    let output = match output {
        ToolOutput::Json(v) => json!({"json": v}),
        ToolOutput::Text(t) => json!({"text": t}),
    };
    let charges: Vec<Value> = recording
        .charges
        .iter()
        .map(|(op, cost)| json!([op, cost]))
        .collect();
    let mut archives = Vec::with_capacity(recording.archives.len());
    for (path, stamp) in &recording.archives {
        // A path that is not UTF-8 cannot be checked later: do not keep the answer.
        archives.push(json!([path.to_str()?, stamp]));
    }
    Some(json!({"output": output, "charges": charges, "archives": archives}))
}

/// A kept answer whose archives are all unchanged: its charges and its output.
pub struct Replay {
    pub charges: Vec<(String, Option<u32>)>,
    pub output: ToolOutput,
}

/// Check a kept entry against the files it was computed from; `None` when any changed or the
/// entry is not one of ours.
pub fn replay(entry: &Value) -> Option<Replay> {
    for archive in entry.get("archives")?.as_array()? {
        let path = archive.get(0)?.as_str()?;
        let kept = archive.get(1)?.as_str().map(str::to_owned);
        let now = crate::identity::stamp_of(std::path::Path::new(path));
        if now.is_none() || now != kept {
            return None;
        }
    }
    let mut charges = Vec::new();
    for charge in entry.get("charges")?.as_array()? {
        let op = charge.get(0)?.as_str()?.to_owned();
        let cost = match charge.get(1)? {
            Value::Null => None,
            v => Some(u32::try_from(v.as_u64()?).ok()?),
        };
        charges.push((op, cost));
    }
    let output = entry.get("output")?;
    let output = if let Some(v) = output.get("json") {
        ToolOutput::Json(v.clone())
    } else {
        ToolOutput::Text(output.get("text")?.as_str()?.to_owned())
    };
    Some(Replay { charges, output })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_call_replays_until_its_archive_changes() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.zim");
        std::fs::write(&file, b"one").unwrap();
        let stamp = crate::identity::stamp_of(&file);
        let (out, recording) = record(|| {
            note_charge("search", Some(2));
            note_archive(&file, stamp.clone());
            note_archive(&file, stamp.clone());
            ToolOutput::Text("answer".into())
        });
        assert_eq!(recording.archives.len(), 1);
        let kept = entry(&out, &recording).unwrap();
        let replayed = replay(&kept).unwrap();
        assert_eq!(replayed.charges, vec![("search".to_owned(), Some(2))]);
        assert!(matches!(replayed.output, ToolOutput::Text(t) if t == "answer"));
        // A replaced file (new mtime) or a removed one ends the replay.
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
        std::fs::File::options()
            .write(true)
            .open(&file)
            .unwrap()
            .set_modified(later)
            .unwrap();
        assert!(replay(&kept).is_none());
        std::fs::remove_file(&file).unwrap();
        assert!(replay(&kept).is_none());
    }

    #[test]
    fn volatile_calls_are_not_kept_and_recording_is_per_call() {
        let (out, recording) = record(|| {
            note_volatile();
            ToolOutput::Json(json!({"uptime": 1}))
        });
        assert!(entry(&out, &recording).is_none());
        // Outside a recording nothing is noted (and nothing panics).
        note_charge("search", None);
        let ((), fresh) = record(|| ());
        assert!(fresh.charges.is_empty() && !fresh.volatile);
    }

    #[test]
    fn keys_tell_tools_generations_and_arguments_apart() {
        let mut args = Map::new();
        args.insert("query".into(), json!("x"));
        let a = key("zim_search", 1, Some(&args));
        assert_ne!(a, key("zim_get", 1, Some(&args)));
        assert_ne!(a, key("zim_search", 2, Some(&args)));
        assert_ne!(a, key("zim_search", 1, None));
        assert!(a.starts_with(MEMO_PREFIX));
    }

    #[test]
    fn foreign_or_damaged_entries_do_not_replay() {
        assert!(replay(&json!(null)).is_none());
        assert!(
            replay(&json!({"archives": [], "charges": [["x", -1]], "output": {"text": "t"}}))
                .is_none()
        );
        assert!(replay(&json!({"archives": [["/nonexistent/x.zim", "1"]], "charges": [], "output": {"text": "t"}})).is_none());
    }
}
