//! Helpers shared by the integration tests (included with `mod common;`).
#![allow(dead_code)]

use std::path::PathBuf;

/// `tests/data` of the workspace.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data")
}

pub fn zim_dir() -> PathBuf {
    data_dir().join("zim")
}

pub fn oracle_dir() -> PathBuf {
    data_dir().join("oracle")
}

/// Lowercase hex MD5.
pub fn md5_hex(bytes: &[u8]) -> String {
    use md5::{Digest, Md5};
    Md5::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Ranges of `small.zim.embedded.multi`: `BEGINZIMMULTIPART`, then the
/// archive in 2048-byte sections separated by `NEWSECTIONZIMMULTI`.
pub fn multi_ranges(archive_len: u64) -> Vec<(u64, u64)> {
    let mut ranges = Vec::new();
    let mut off = "BEGINZIMMULTIPART".len() as u64;
    let mut left = archive_len;
    while left > 0 {
        let len = left.min(2048);
        ranges.push((off, len));
        off += len + "NEWSECTIONZIMMULTI".len() as u64;
        left -= len;
    }
    ranges
}

/// Small valid archives used by several tests.
pub fn small_archives() -> Vec<PathBuf> {
    ["nons", "withns", "noTitleListingV0"]
        .iter()
        .map(|d| zim_dir().join(d).join("small.zim"))
        .chain([
            zim_dir().join("kiwix/corner_cases.zim"),
            zim_dir().join("kiwix/foo-zstd.zim"),
        ])
        .collect()
}
