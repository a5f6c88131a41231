//! Every `invalid.*` archive either fails to open with a typed error naming
//! the defect, or opens and fails `check()`; reading its entries returns
//! errors, never panics.

mod common;

use common::{oracle_dir, zim_dir};
use serde_json::Value;
use zim_reader::{Archive, ZimError};

/// Walks everything an archive exposes; errors are fine, panics are not.
fn walk(archive: &Archive) -> usize {
    let mut failures = 0;
    for e in archive.entries() {
        let Ok(e) = e else {
            failures += 1;
            continue;
        };
        let _ = (e.path(), e.title(), e.mimetype().is_ok());
        if e.is_redirect() {
            failures += usize::from(e.resolve().is_err());
        } else {
            failures += usize::from(e.content().is_err());
        }
    }
    for e in archive.entries_by_title() {
        failures += usize::from(e.is_err());
    }
    let _ = archive.main_entry();
    let _ = archive.illustration_sizes();
    let _ = archive.metadata_keys();
    let _ = archive.inspect();
    failures
}

/// The error we expect when we refuse to open, by defect name.
fn expected_open_error(name: &str, err: &ZimError) -> bool {
    match name {
        "invalid.smaller_than_header.zim" => matches!(err, ZimError::TooSmall(_)),
        "invalid.invalid_checksumpos.zim" => matches!(err, ZimError::BadSize { .. }),
        "invalid.invalid_mimelistpos.zim" => matches!(err, ZimError::BadHeader(_)),
        "invalid.bad_mimetype_list.zim" => matches!(err, ZimError::BadMimeList(_)),
        "invalid.nonsorted_dirent_table.zim" => matches!(err, ZimError::UnsortedDirents { .. }),
        "invalid.outofbounds_urlptrpos.zim"
        | "invalid.outofbounds_clusterptrpos.zim"
        | "invalid.outofbounds_titleptrpos.zim" => matches!(err, ZimError::SectionOutOfBounds(_)),
        "invalid.outofbounds_first_direntptr.zim" | "invalid.outofbounds_last_direntptr.zim" => {
            matches!(err, ZimError::BadDirentPointer { .. })
        }
        "invalid.outofbounds_first_clusterptr.zim" => {
            matches!(err, ZimError::BadClusterPointer { .. })
        }
        "invalid.offset_in_cluster.zim" => matches!(err, ZimError::BadCluster { .. }),
        _ => false,
    }
}

#[test]
fn invalid_archives_are_rejected_or_fail_check() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for dir in ["nons", "withns", "noTitleListingV0"] {
        let mut names: Vec<String> = std::fs::read_dir(zim_dir().join(dir))
            .expect("dir")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with("invalid."))
            .collect();
        names.sort();
        for name in names {
            let oracle: Value = serde_json::from_str(
                &std::fs::read_to_string(oracle_dir().join(format!("{dir}_{name}.json")))
                    .expect("oracle"),
            )
            .expect("json");
            let libzim_opens = oracle["opens"].as_bool().expect("opens");
            let path = zim_dir().join(dir).join(&name);
            checked += 1;
            match Archive::open(&path) {
                Err(e) => {
                    let msg = e.to_string();
                    assert_no_path_leak(&msg, &path);
                    if !expected_open_error(&name, &e) {
                        problems.push(format!("{dir}/{name}: unexpected open error {e:?}"));
                    }
                }
                Ok(archive) => {
                    let report = archive.check();
                    if report.ok || report.errors.is_empty() {
                        problems.push(format!(
                            "{dir}/{name}: opens (libzim opens: {libzim_opens}) and passes check()"
                        ));
                    }
                    let failures = walk(&archive);
                    if let Some(n) = oracle["entries_failing_to_read"].as_u64()
                        && n > 0
                        && failures == 0
                    {
                        problems.push(format!(
                            "{dir}/{name}: libzim fails {n} entries, we fail none"
                        ));
                    }
                }
            }
        }
    }
    assert!(
        checked >= 40,
        "expected all invalid archives, saw {checked}"
    );
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn structural_defects_are_named_by_check() {
    // These open (as in libzim) but the title listing defects must be
    // reported by the structural part of check(), not only by the MD5.
    for (dir, name, needle) in [
        (
            "nons",
            "invalid.nonsorted_title_index.zim",
            "not properly sorted",
        ),
        (
            "withns",
            "invalid.nonsorted_title_index.zim",
            "not properly sorted",
        ),
        (
            "nons",
            "invalid.outofbounds_first_title_entry.zim",
            "beyond the entry count",
        ),
        (
            "nons",
            "invalid.outofbounds_last_title_entry.zim",
            "beyond the entry count",
        ),
        ("nons", "invalid.outofbounds_titleptrpos.zim", "outside"),
        (
            "nons",
            "invalid.bad_mimetype_in_dirent.zim",
            "invalid MIME-type value 1234",
        ),
    ] {
        let archive = Archive::open(zim_dir().join(dir).join(name)).expect("opens like libzim");
        let report = archive.check();
        assert_eq!(report.checksum_ok, Some(false), "{dir}/{name}");
        assert!(
            report.errors.iter().any(|e| e.contains(needle)),
            "{dir}/{name}: {:?} lacks {needle:?}",
            report.errors
        );
    }
}

#[test]
fn bad_mimetype_entry_reads_but_has_no_mimetype() {
    let archive =
        Archive::open(zim_dir().join("nons/invalid.bad_mimetype_in_dirent.zim")).expect("open");
    let entry = archive
        .entry_by_ns_path('M', "Publisher")
        .expect("lookup")
        .expect("present");
    assert!(matches!(
        entry.mimetype(),
        Err(ZimError::UnknownMimeType(1234))
    ));
    assert!(entry.content().is_ok());
}

/// An error message names no absolute path: neither the archive's own (nor any of its parent
/// directories, canonical or as given) nor anything that looks like one.
fn assert_no_path_leak(msg: &str, archive: &std::path::Path) {
    let mut forms = vec![archive.to_path_buf()];
    if let Ok(canonical) = archive.canonicalize() {
        forms.push(canonical);
    }
    for form in &forms {
        for dir in form.ancestors().filter(|d| d.components().count() > 1) {
            let dir = dir.to_string_lossy();
            assert!(
                !msg.contains(dir.as_ref()),
                "message leaks a path ({dir}): {msg}"
            );
        }
    }
    // Any absolute path at all: a '/' starting a word and followed by a second component.
    let absolute = msg
        .split(|c: char| c.is_whitespace() || c == '\'' || c == '"' || c == '(' || c == '`')
        .any(|word| word.starts_with('/') && word.get(1..).is_some_and(|rest| rest.contains('/')));
    assert!(!absolute, "message holds an absolute path: {msg}");
}

#[test]
fn the_leak_check_catches_leaks() {
    let archive = zim_dir()
        .join("nons")
        .join("invalid.smaller_than_header.zim");
    let shown = archive.to_string_lossy().into_owned();
    let leaks = [
        format!("cannot read {shown}: too short"),
        "cannot open /srv/zim/other.zim".to_owned(),
        format!("in '{}'", zim_dir().display()),
    ];
    for msg in leaks {
        let caught = std::panic::catch_unwind(|| assert_no_path_leak(&msg, &archive));
        assert!(caught.is_err(), "not caught: {msg}");
    }
    assert_no_path_leak("invalid.smaller_than_header.zim: file too short", &archive);
}
