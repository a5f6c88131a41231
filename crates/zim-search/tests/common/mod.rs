//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use zim_reader::Archive;
use zim_search::ArchiveSearch;

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data")
}

pub fn archive(relative: &str) -> Archive {
    let path = data_dir().join("zim").join(relative);
    Archive::open(&path).unwrap_or_else(|e| panic!("open {}: {e}", path.display()))
}

pub fn search(relative: &str) -> ArchiveSearch {
    ArchiveSearch::new(archive(relative))
}
