//! What an open archive reads is decided by its descriptors, and the reader reports where they
//! really are: the server's containment check relies on it (a name checked before the open can
//! be swapped before the open; a descriptor cannot).
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

mod common;

use std::path::PathBuf;

use zim_reader::Archive;

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zim-reader-fd-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

#[test]
fn real_paths_follow_the_descriptor_not_the_name() {
    let dir = scratch();
    let first = dir.join("first");
    std::fs::create_dir_all(&first).unwrap();
    std::fs::copy(
        common::zim_dir().join("nons/small.zim"),
        first.join("small.zim"),
    )
    .unwrap();
    let archive = Archive::open(first.join("small.zim")).unwrap();
    let real = archive.opened_real_paths();
    assert_eq!(real.len(), 1);
    assert_eq!(
        real[0].as_deref(),
        Some(first.join("small.zim").canonicalize().unwrap().as_path())
    );

    // The directory is moved away and a symlink to somewhere else takes its name: the open
    // archive still reads (and reports) the file it opened.
    let moved = dir.join("moved");
    std::fs::rename(&first, &moved).unwrap();
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &first).unwrap();
    let real = archive.opened_real_paths();
    assert_eq!(
        real[0].as_deref(),
        Some(moved.join("small.zim").canonicalize().unwrap().as_path())
    );
    assert!(archive.entry_by_path("main.html").unwrap().is_some());
    assert!(
        archive
            .opened_metadata()
            .is_some_and(|m| m.len() == archive.filesize())
    );

    // Index readers are pointed at the descriptor too, not at the name.
    if let Ok(Some(location)) = archive.title_index() {
        assert!(
            location.file.starts_with("/proc/self/fd/"),
            "{:?}",
            location.file
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_part_of_a_split_archive_is_reported() {
    let archive =
        Archive::open(common::zim_dir().join("nons/wikibooks_be_all_nopic_2017-02_splitted.zimaa"))
            .unwrap();
    let real = archive.opened_real_paths();
    assert_eq!(real.len(), 3);
    assert!(
        real.iter()
            .all(|p| p.as_ref().is_some_and(|p| p.is_absolute()))
    );
}
