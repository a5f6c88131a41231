//! Compares everything the reader reports with the python-libzim oracle
//! (`tests/data/oracle/*.json`) for every valid archive, including split,
//! embedded and multi-range copies.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

mod common;

use std::path::{Path, PathBuf};

use common::{md5_hex, multi_ranges, oracle_dir, zim_dir};
use serde_json::Value;
use zim_reader::Archive;

fn load(name: &str) -> Value {
    let text = std::fs::read_to_string(oracle_dir().join(name)).expect("oracle file");
    serde_json::from_str(&text).expect("oracle json")
}

struct Diff {
    label: String,
    errors: Vec<String>,
}

impl Diff {
    fn eq<T: PartialEq + std::fmt::Debug>(&mut self, what: &str, ours: T, theirs: T) {
        if ours != theirs {
            self.errors.push(format!(
                "{}: {what}: ours {ours:?} != oracle {theirs:?}",
                self.label
            ));
        }
    }
}

/// Compares one opened archive with an oracle document.
fn compare(archive: &Archive, o: &Value, label: &str, multipart: bool, diff: &mut Vec<String>) {
    let mut d = Diff {
        label: label.to_string(),
        errors: Vec::new(),
    };
    d.eq(
        "uuid",
        Some(archive.uuid()),
        o["uuid"].as_str().map(String::from),
    );
    d.eq("filesize", Some(archive.filesize()), o["filesize"].as_u64());
    d.eq(
        "all_entry_count",
        Some(u64::from(archive.all_entry_count())),
        o["all_entry_count"].as_u64(),
    );
    d.eq(
        "entry_count",
        Some(u64::from(archive.entry_count())),
        o["entry_count"].as_u64(),
    );
    d.eq(
        "article_count",
        Some(u64::from(archive.article_count())),
        o["article_count"].as_u64(),
    );
    d.eq(
        "media_count",
        Some(u64::from(archive.media_count())),
        o["media_count"].as_u64(),
    );
    d.eq(
        "has_fulltext_index",
        Some(archive.fulltext_index().expect("fulltext").is_some()),
        o["has_fulltext_index"].as_bool(),
    );
    d.eq(
        "has_title_index",
        Some(archive.title_index().expect("title index").is_some()),
        o["has_title_index"].as_bool(),
    );
    d.eq(
        "has_new_namespace_scheme",
        Some(archive.has_new_namespace_scheme()),
        o["has_new_namespace_scheme"].as_bool(),
    );
    d.eq("is_multipart", archive.is_multipart(), multipart);
    d.eq(
        "has_checksum",
        Some(archive.has_checksum()),
        o["has_checksum"].as_bool(),
    );
    d.eq(
        "checksum",
        archive.checksum().expect("checksum"),
        o["checksum"].as_str().map(String::from),
    );
    let report = archive.check();
    d.eq("check", Some(report.ok), o["check"].as_bool());
    if report.ok != o["check"].as_bool().unwrap_or(false) {
        d.errors
            .push(format!("{label}: check errors: {:?}", report.errors));
    }
    d.eq("checksum_ok", report.checksum_ok, o["check"].as_bool());
    let main = archive
        .main_entry()
        .expect("main entry")
        .map(|e| e.path().to_string());
    d.eq(
        "main_entry",
        main,
        o["main_entry"].as_str().map(String::from),
    );
    let sizes: Vec<u64> = archive
        .illustration_sizes()
        .expect("sizes")
        .into_iter()
        .map(u64::from)
        .collect();
    let oracle_sizes: Vec<u64> = o["illustration_sizes"]
        .as_array()
        .expect("sizes")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    d.eq("illustration_sizes", sizes, oracle_sizes);

    // Metadata: same keys; text values exactly, binary ones by md5 and size.
    let meta = o["metadata"].as_object().expect("metadata");
    let mut keys = archive.metadata_keys().expect("keys");
    keys.sort();
    let mut oracle_keys: Vec<String> = meta.keys().cloned().collect();
    oracle_keys.sort();
    d.eq("metadata keys", keys, oracle_keys);
    for (k, v) in meta {
        let blob = archive
            .metadata(k)
            .expect("metadata read")
            .expect("metadata present");
        if let Some(text) = v["text"].as_str() {
            d.eq(&format!("metadata {k}"), blob.as_str().ok(), Some(text));
        } else {
            d.eq(
                &format!("metadata {k} md5"),
                Some(md5_hex(&blob)),
                v["md5"].as_str().map(String::from),
            );
            d.eq(
                &format!("metadata {k} size"),
                Some(blob.len() as u64),
                v["size"].as_u64(),
            );
        }
    }

    // Every entry.
    let entries = o["entries"].as_array().expect("entries");
    d.eq(
        "entries len",
        entries.len(),
        archive.all_entry_count() as usize,
    );
    for (e, oe) in archive.entries().zip(entries) {
        let e = e.expect("entry");
        let id = oe["id"].as_u64().expect("id");
        d.eq("id", u64::from(e.index()), id);
        d.eq(&format!("#{id} path"), Some(e.path()), oe["path"].as_str());
        d.eq(
            &format!("#{id} title"),
            Some(e.title()),
            oe["title"].as_str(),
        );
        d.eq(
            &format!("#{id} redirect"),
            Some(e.is_redirect()),
            oe["redirect"].as_bool(),
        );
        // Lookups by path must find the entry again.
        let again = archive
            .entry_by_ns_path(e.namespace(), &e.full_path()[2..])
            .expect("lookup");
        d.eq(
            &format!("#{id} lookup"),
            again.map(|x| x.index()),
            Some(e.index()),
        );
        if e.is_redirect() {
            let target = e.redirect_target().expect("target");
            d.eq(
                &format!("#{id} redirect_to"),
                Some(target.path()),
                oe["redirect_to"].as_str(),
            );
        } else {
            d.eq(
                &format!("#{id} mimetype"),
                e.mimetype().ok(),
                oe["mimetype"].as_str(),
            );
            d.eq(&format!("#{id} size"), e.size().ok(), oe["size"].as_u64());
            let content = e.content().expect("content");
            d.eq(
                &format!("#{id} md5"),
                Some(md5_hex(&content)),
                oe["md5"].as_str().map(String::from),
            );
            d.eq(
                &format!("#{id} content len"),
                Some(content.len() as u64),
                oe["size"].as_u64(),
            );
        }
    }
    diff.extend(d.errors);
}

/// The valid oracle files: `<dir>_<file>.json` without an `opens` key.
fn valid_oracles() -> Vec<(String, PathBuf, Value)> {
    let mut out = Vec::new();
    let mut names: Vec<String> = std::fs::read_dir(oracle_dir())
        .expect("oracle dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    for name in names {
        let o = load(&name);
        if o.get("opens").is_some() {
            continue;
        }
        let stem = name.trim_end_matches(".json");
        let (dir, file) = stem.split_once('_').expect("dir_file");
        out.push((stem.to_string(), zim_dir().join(dir).join(file), o));
    }
    out
}

fn finish(diff: Vec<String>) {
    if !diff.is_empty() {
        for line in diff.iter().take(60) {
            eprintln!("{line}");
        }
        panic!("{} differences with the oracle", diff.len());
    }
}

#[test]
fn every_valid_archive_matches_the_oracle() {
    let mut diff = Vec::new();
    let oracles = valid_oracles();
    assert!(
        oracles.len() >= 15,
        "expected all valid archives, found {}",
        oracles.len()
    );
    for (label, path, o) in &oracles {
        let multipart = path.to_string_lossy().ends_with(".zimaa");
        let archive = Archive::open(path).unwrap_or_else(|e| panic!("{label}: {e}"));
        compare(&archive, o, label, multipart, &mut diff);
    }
    finish(diff);
}

#[test]
fn split_archives_match_their_unsplit_oracle() {
    let mut diff = Vec::new();
    for dir in ["nons", "noTitleListingV0", "withns"] {
        let o = load(&format!("{dir}_wikibooks_be_all_nopic_2017-02.zim.json"));
        let path = zim_dir()
            .join(dir)
            .join("wikibooks_be_all_nopic_2017-02_splitted.zimaa");
        let archive = Archive::open(&path).expect("split archive");
        compare(&archive, &o, &format!("{dir} split"), true, &mut diff);
    }
    finish(diff);
}

#[test]
fn split_archive_opens_from_the_base_name() {
    // Only the parts exist: `foo.zim` falls back to `foo.zimaa`...
    let path = zim_dir().join("kiwix/wikipedia_en_ray_charles_2015-06.zim");
    assert!(!path.exists());
    let archive = Archive::open(&path).expect("split via base name");
    let o = load("kiwix_wikipedia_en_ray_charles_2015-06.zimaa.json");
    let mut diff = Vec::new();
    compare(&archive, &o, "ray_charles via .zim", true, &mut diff);
    finish(diff);
}

fn embedded_len(path: &Path) -> u64 {
    std::fs::metadata(path).expect("metadata").len()
}

#[test]
fn embedded_archives_match_small_zim() {
    let mut diff = Vec::new();
    for dir in ["nons", "withns", "noTitleListingV0"] {
        let o = load(&format!("{dir}_small.zim.json"));
        let path = zim_dir().join(dir).join("small.zim.embedded");
        let len = embedded_len(&path) - 14;
        let archive = Archive::open_embedded(&path, 8, len).expect("embedded");
        compare(&archive, &o, &format!("{dir} embedded"), false, &mut diff);
        // Opened as a plain file, the embedded archive is rejected.
        assert!(Archive::open(&path).is_err());

        let multi = zim_dir().join(dir).join("small.zim.embedded.multi");
        let size = o["filesize"].as_u64().expect("filesize");
        let ranges = multi_ranges(size);
        let archive = Archive::open_ranges(&multi, &ranges).expect("multi ranges");
        let mut o_multi = o.clone();
        // The Xapian databases straddle 2048-byte sections here, so they
        // cannot be opened in place: libzim's direct-access rule (which
        // `has_*_index` follows) says "no index" too.
        o_multi["has_fulltext_index"] = Value::Bool(false);
        o_multi["has_title_index"] = Value::Bool(false);
        compare(
            &archive,
            &o_multi,
            &format!("{dir} embedded.multi"),
            false,
            &mut diff,
        );
    }
    finish(diff);
}

#[test]
fn title_order_and_title_lookups_are_consistent() {
    for (label, path, o) in valid_oracles() {
        let archive = Archive::open(&path).expect("open");
        let titles: Vec<String> = archive
            .entries_by_title()
            .map(|e| e.expect("entry").title().to_string())
            .collect();
        assert!(
            titles
                .windows(2)
                .all(|w| w[0].as_bytes() <= w[1].as_bytes()),
            "{label}: title order"
        );
        // libzim's iterByTitle covers the front articles when the archive
        // has a v1 listing (then article_count is their number).
        let front = archive.front_articles().count();
        if front > 0 {
            assert_eq!(titles.len(), front, "{label}");
            assert_eq!(Some(front as u64), o["article_count"].as_u64(), "{label}");
        }
        for (pos, title) in titles.iter().enumerate() {
            let found = archive.entry_by_title(title).expect("lookup");
            assert_eq!(
                found.map(|e| e.title().to_string()).as_deref(),
                Some(title.as_str()),
                "{label}"
            );
            let p = archive.title_index_position(title).expect("position") as usize;
            assert!(
                p <= pos && titles[p] == *title,
                "{label}: position of {title:?}"
            );
        }
        assert_eq!(
            archive.title_index_position("\u{10FFFF}").expect("end") as usize,
            titles.len()
        );
    }
}
