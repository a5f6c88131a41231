//! Hand-crafted archives: every format variant the real test files lack
//! (extended offsets, xz/zstd/stored mixes, redirect loops) and hostile
//! headers that must fail without huge allocations or panics.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

mod builder;

use builder::*;
use zim_reader::{Archive, OpenOptions, ZimError};

fn sample_entries() -> Vec<TestEntry> {
    vec![
        item(b'C', "a.html", "Alpha", 0, 0),
        item(b'C', "b.html", "", 1, 0),
        redirect(b'C', "c", 0),
        item(b'C', "d.bin", "Delta", 2, 0),
        item(b'M', "Title", "", 0, 1),
        item(b'X', "x", "", 1, 1),
    ]
}

fn sample_clusters() -> Vec<Vec<u8>> {
    vec![
        zstd_cluster(&[b"<p>alpha</p>", b"Hand-made"], false),
        xz_cluster(&[b"<p>beta</p>", b"xx"]),
        stored_cluster(&[b"\x00\x01\x02delta"], true),
    ]
}

fn open_bytes(bytes: &[u8]) -> (tempfile::NamedTempFile, Result<Archive, ZimError>) {
    let f = temp_zim(bytes);
    let a = Archive::open(f.path());
    (f, a)
}

#[test]
fn hand_made_archive_reads_every_variant() {
    let bytes = build(&sample_entries(), &sample_clusters());
    let (_f, a) = open_bytes(&bytes);
    let a = a.expect("open");
    assert_eq!(a.version(), (6, 1));
    assert_eq!(a.all_entry_count(), 6);
    assert_eq!(a.entry_count(), 4);
    assert_eq!(a.uuid(), "11111111-1111-1111-1111-111111111111");
    let e = a.entry_by_path("a.html").expect("lookup").expect("found");
    assert_eq!(&*e.content().expect("zstd"), b"<p>alpha</p>");
    assert_eq!(e.mimetype().expect("mime"), "text/html");
    let b = a.entry_by_path("C/b.html").expect("lookup").expect("found");
    assert_eq!(b.title(), "b.html");
    assert_eq!(&*b.content().expect("xz"), b"<p>beta</p>");
    let d = a.entry_by_path("d.bin").expect("lookup").expect("found");
    assert_eq!(
        &*d.content().expect("extended stored"),
        b"\x00\x01\x02delta"
    );
    let loc = d
        .direct_access()
        .expect("direct")
        .expect("stored blob has a location");
    let raw = std::fs::read(&loc.file).expect("read");
    assert_eq!(
        &raw[loc.offset as usize..(loc.offset + loc.size) as usize],
        b"\x00\x01\x02delta"
    );
    assert!(
        a.entry_by_path("a.html")
            .expect("ok")
            .expect("e")
            .direct_access()
            .expect("ok")
            .is_none()
    );
    let c = a.entry_by_path("c").expect("lookup").expect("found");
    assert!(c.is_redirect());
    assert!(matches!(c.content(), Err(ZimError::IsRedirect(2))));
    assert_eq!(c.resolve().expect("resolve").path(), "a.html");
    assert_eq!(
        a.metadata("Title")
            .expect("meta")
            .expect("some")
            .as_str()
            .expect("utf8"),
        "Hand-made"
    );
    assert_eq!(a.metadata_keys().expect("keys"), vec!["Title".to_string()]);
    assert!(a.entry_by_path("missing").expect("ok").is_none());
    assert_eq!(
        a.entry_by_title("Alpha")
            .expect("ok")
            .expect("found")
            .path(),
        "a.html"
    );
    assert!(a.entry_by_title("alpha").expect("ok").is_none());
    let titles: Vec<String> = a
        .entries_by_title()
        .map(|e| e.expect("e").title().to_string())
        .collect();
    assert_eq!(titles, ["Alpha", "Delta", "b.html", "c"]);
    let pos = a.title_index_position("D").expect("pos");
    assert_eq!(pos, 1);
    let from: Vec<String> = a
        .entries_by_title_from(pos)
        .map(|e| e.expect("e").path().to_string())
        .collect();
    assert_eq!(from, ["d.bin", "b.html", "c"]);
    assert_eq!(a.front_articles().count(), 0);
    let report = a.check();
    assert!(report.ok, "{:?}", report.errors);
    assert_eq!(report.checksum_ok, Some(true));
    let inspect = a.inspect().expect("inspect");
    assert_eq!(
        (
            inspect.clusters.none,
            inspect.clusters.xz,
            inspect.clusters.zstd
        ),
        (1, 1, 1)
    );
    assert_eq!(inspect.clusters.extended, 1);
    assert!(inspect.to_text().contains("Hand-made"));
}

#[test]
fn extended_compressed_cluster() {
    let entries = vec![item(b'C', "a", "", 0, 0), item(b'C', "b", "", 0, 1)];
    let clusters = vec![zstd_cluster(&[b"first", b"second"], true)];
    let (_f, a) = open_bytes(&build(&entries, &clusters));
    let a = a.expect("open");
    assert_eq!(&*a.entry_at(1).expect("e").content().expect("c"), b"second");
    assert!(a.check().ok);
}

#[test]
fn redirect_loops_are_errors_not_hangs() {
    let entries = vec![
        item(b'C', "a", "", 0, 0),
        redirect(b'C', "loop1", 2),
        redirect(b'C', "loop2", 1),
        redirect(b'C', "self", 3),
        redirect(b'C', "wild", 4000),
    ];
    let clusters = vec![stored_cluster(&[b"a"], false)];
    let (_f, a) = open_bytes(&build(&entries, &clusters));
    let a = a.expect("open");
    for i in 1..=3 {
        let e = a.entry_at(i).expect("entry");
        assert!(
            matches!(e.resolve(), Err(ZimError::RedirectLoop(_))),
            "entry {i}"
        );
    }
    let wild = a.entry_at(4).expect("entry");
    assert!(matches!(
        wild.redirect_target(),
        Err(ZimError::EntryIndexOutOfRange { .. })
    ));
    let report = a.check();
    // Loops are tolerated (libzim opens and verifies such archives), the
    // out-of-range target is not.
    assert_eq!(
        report
            .warnings
            .iter()
            .filter(|w| w.contains("redirect loop"))
            .count(),
        3
    );
    assert!(!report.ok);
    assert!(
        report
            .errors
            .iter()
            .any(|e| e.contains("redirect target 4000"))
    );
}

fn patch_u32(bytes: &mut [u8], at: usize, v: u32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn patch_u64(bytes: &mut [u8], at: usize, v: u64) {
    bytes[at..at + 8].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn huge_entry_count_is_rejected_before_allocating() {
    let mut bytes = build(&sample_entries(), &sample_clusters());
    patch_u32(&mut bytes, 24, u32::MAX);
    fix_checksum(&mut bytes);
    let (_f, a) = open_bytes(&bytes);
    assert!(matches!(a, Err(ZimError::SectionOutOfBounds(_))), "{a:?}");
}

#[test]
fn pointers_past_the_end_are_rejected() {
    for field in [32usize, 48] {
        let mut bytes = build(&sample_entries(), &sample_clusters());
        patch_u64(&mut bytes, field, u64::MAX - 4);
        fix_checksum(&mut bytes);
        let (_f, a) = open_bytes(&bytes);
        assert!(
            matches!(a, Err(ZimError::SectionOutOfBounds(_))),
            "field {field}: {a:?}"
        );
    }
    // Title pointer list past the end: needed (no v1 listing), so refused.
    let mut bytes = build(&sample_entries(), &sample_clusters());
    patch_u64(&mut bytes, 40, 1 << 40);
    fix_checksum(&mut bytes);
    let (_f, a) = open_bytes(&bytes);
    assert!(matches!(a, Err(ZimError::SectionOutOfBounds(_))), "{a:?}");
}

#[test]
fn cluster_claiming_4gib_blob_fails_cleanly() {
    // Offsets: 12 (two blobs) .. 17 .. 0xFFFF_FFFF: the second blob claims 4 GiB.
    let mut body = Vec::new();
    for o in [12u32, 17, u32::MAX] {
        body.extend_from_slice(&o.to_le_bytes());
    }
    body.extend_from_slice(b"hello");
    let entries = vec![
        item(b'C', "a", "", 0, 0),
        item(b'C', "b", "", 0, 1),
        item(b'C', "c", "", 1, 1),
    ];
    let clusters = vec![raw_stored_cluster(&body), zstd_raw_cluster(&body, false)];
    let (_f, a) = open_bytes(&build(&entries, &clusters));
    let a = a.expect("open");
    assert_eq!(
        &*a.entry_at(0).expect("e").content().expect("first blob"),
        b"hello"
    );
    let big = a.entry_at(1).expect("e");
    assert_eq!(
        big.size().expect("size is only a number"),
        u64::from(u32::MAX) - 17
    );
    assert!(matches!(
        big.content(),
        Err(ZimError::BlobOutOfBounds { .. })
    ));
    let big_z = a.entry_at(2).expect("e");
    // Compressed: the claim exceeds the 1 GiB cap, refused before decoding.
    assert!(matches!(
        big_z.content(),
        Err(ZimError::ClusterTooLarge { .. })
    ));
    // Under the cap, decoding stops at the real end of the data.
    let f = temp_zim(&build(&entries, &clusters));
    let opts = OpenOptions {
        max_cluster_bytes: u64::from(u32::MAX),
        ..OpenOptions::default()
    };
    let a = Archive::open_with(f.path(), opts).expect("open");
    let big_z = a.entry_at(2).expect("e");
    assert!(matches!(
        big_z.content(),
        Err(ZimError::BlobOutOfBounds { .. })
    ));
}

#[test]
fn cluster_claiming_billions_of_blobs_fails_cleanly() {
    let body = 0xFFFF_FFF0u32.to_le_bytes();
    let entries = vec![item(b'C', "a", "", 0, 0)];
    let clusters = vec![raw_stored_cluster(&body)];
    let (_f, a) = open_bytes(&build(&entries, &clusters));
    let a = a.expect("open");
    let err = a.entry_at(0).expect("e").content().expect_err("must fail");
    assert!(matches!(err, ZimError::BadCluster { .. }), "{err:?}");
    assert!(!a.check().ok);
}

#[test]
fn decompression_bomb_is_capped() {
    let zeros = vec![0u8; 4 << 20];
    let entries = vec![item(b'C', "a", "", 0, 0)];
    let clusters = vec![zstd_cluster(&[&zeros], false)];
    let bytes = build(&entries, &clusters);
    assert!(bytes.len() < 64 * 1024, "the bomb is small on disk");
    let f = temp_zim(&bytes);
    let opts = OpenOptions {
        max_cluster_bytes: 1 << 20,
        ..OpenOptions::default()
    };
    let a = Archive::open_with(f.path(), opts).expect("open");
    let err = a.entry_at(0).expect("e").content().expect_err("too big");
    assert!(matches!(err, ZimError::ClusterTooLarge { .. }), "{err:?}");
    // With the default cap it reads fine.
    let a = Archive::open(f.path()).expect("open");
    assert_eq!(
        a.entry_at(0).expect("e").content().expect("content").len(),
        4 << 20
    );
}

#[test]
fn unsupported_compression_is_named() {
    let mut cluster = stored_cluster(&[b"x"], false);
    cluster[0] = 0x02; // zlib: never supported by libzim either
    let (_f, a) = open_bytes(&build(&[item(b'C', "a", "", 0, 0)], &[cluster]));
    let a = a.expect("open");
    let err = a.entry_at(0).expect("e").content().expect_err("zlib");
    assert!(
        matches!(err, ZimError::UnsupportedCompression { kind: 2, .. }),
        "{err:?}"
    );
}

#[test]
fn truncated_while_open_gives_errors_not_sigbus() {
    let bytes = build(&sample_entries(), &sample_clusters());
    let f = temp_zim(&bytes);
    let a = Archive::open(f.path()).expect("open");
    f.as_file().set_len(300).expect("truncate");
    for e in a.entries().flatten() {
        let _ = e.content();
    }
    assert!(!a.check().ok);
    assert!(a.entry_at(3).and_then(|e| e.content()).is_err());
}

#[test]
fn bad_magic_and_version() {
    let mut bytes = build(&sample_entries(), &sample_clusters());
    bytes[0] = 0;
    let (_f, a) = open_bytes(&bytes);
    assert!(matches!(a, Err(ZimError::BadMagic(_))));
    let mut bytes = build(&sample_entries(), &sample_clusters());
    bytes[4] = 7;
    let (_f, a) = open_bytes(&bytes);
    assert!(matches!(a, Err(ZimError::UnsupportedVersion(7))));
}

#[test]
fn archive_is_send_sync_and_shares_work_across_threads() {
    fn assert_send_sync<T: Send + Sync + Clone>() {}
    assert_send_sync::<Archive>();
    assert_send_sync::<zim_reader::Entry>();
    assert_send_sync::<zim_reader::Blob>();
    let bytes = build(&sample_entries(), &sample_clusters());
    let f = temp_zim(&bytes);
    let a = Archive::open(f.path()).expect("open");
    std::thread::scope(|s| {
        for _ in 0..4 {
            let a = a.clone();
            s.spawn(move || {
                for _ in 0..20 {
                    let e = a.entry_by_path("b.html").expect("ok").expect("found");
                    assert_eq!(&*e.content().expect("content"), b"<p>beta</p>");
                }
            });
        }
    });
}

#[test]
fn missing_file_error_has_no_absolute_path() {
    let err = Archive::open("/nonexistent/dir/file.zim").expect_err("missing");
    assert!(matches!(err, ZimError::NotFound(_)));
    assert!(!err.to_string().contains("/nonexistent"), "{err}");
}

/// `n` blobs of `size` bytes each, distinct and only moderately compressible (so the
/// cluster spans many zstd blocks and is decoded in several steps).
fn varied_blobs(n: usize, size: usize) -> Vec<Vec<u8>> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|i| {
            let mut b = format!("<p>blob {i}</p>").into_bytes();
            while b.len() < size {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Letters from a small alphabet: compressible, but not to nothing.
                b.push(b'a' + (state % 16) as u8);
            }
            b
        })
        .collect()
}

/// An archive of `blobs` in one zstd cluster, and where that cluster's bytes are in it.
fn big_zstd_archive(blobs: &[Vec<u8>]) -> (Vec<u8>, std::ops::Range<usize>) {
    let refs: Vec<&[u8]> = blobs.iter().map(Vec::as_slice).collect();
    let entries: Vec<TestEntry> = (0..blobs.len())
        .map(|i| item(b'C', &format!("p{i:04}"), "", 0, i as u32))
        .collect();
    let cluster = zstd_cluster(&refs, false);
    let bytes = build(&entries, std::slice::from_ref(&cluster));
    let at = bytes
        .windows(cluster.len())
        .position(|w| w == cluster.as_slice())
        .expect("cluster in the archive");
    (bytes, at..at + cluster.len())
}

#[test]
fn big_zstd_cluster_reads_right_in_any_order_from_many_threads() {
    let blobs = varied_blobs(300, 8 * 1024);
    let (_f, a) = open_bytes(&big_zstd_archive(&blobs).0);
    let a = a.expect("open");
    // Last blob first, then a stride through the rest, on four threads at once: every
    // read lands at a different decoding stage of the same cluster.
    std::thread::scope(|s| {
        for t in 0..4usize {
            let (a, blobs) = (&a, &blobs);
            s.spawn(move || {
                let mut i = (blobs.len() - 1 - t * 7) % blobs.len();
                for _ in 0..blobs.len() {
                    let got = a
                        .entry_at(i as u32)
                        .expect("entry")
                        .content()
                        .expect("blob");
                    assert!(*got == *blobs[i], "blob {i}");
                    i = (i + 37 + t) % blobs.len();
                }
            });
        }
    });
    // A blob kept while decoding goes on stays intact.
    let a = Archive::open(_f.path()).expect("reopen");
    let early = a.entry_at(0).expect("e").content().expect("early");
    let late = a.entry_at(299).expect("e").content().expect("late");
    assert!(*early == *blobs[0] && *late == *blobs[299]);
    assert!(a.check().ok);
}

#[test]
fn truncated_zstd_cluster_keeps_its_early_blobs_and_names_the_damage() {
    let blobs = varied_blobs(300, 8 * 1024);
    let (mut bytes, cluster) = big_zstd_archive(&blobs);
    // Cut the compressed stream in half by zeroing its second half (the archive keeps its
    // size, so only the cluster is damaged).
    let half = cluster.start + cluster.len() / 2;
    bytes[half..cluster.end].fill(0);
    let (_f, a) = open_bytes(&bytes);
    let a = a.expect("open");
    assert!(*a.entry_at(0).expect("e").content().expect("early blob") == *blobs[0]);
    let err = a
        .entry_at(299)
        .expect("e")
        .content()
        .expect_err("late blob is lost");
    assert!(
        matches!(
            err,
            ZimError::Decompression { .. } | ZimError::BlobOutOfBounds { .. }
        ),
        "{err:?}"
    );
    assert!(!a.check().ok);
}

#[test]
fn mutated_big_zstd_clusters_give_errors_or_bytes_never_panics() {
    let blobs = varied_blobs(120, 8 * 1024);
    let (clean, cluster) = big_zstd_archive(&blobs);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut read_ok, mut read_failed, mut damaged_archives) = (0u32, 0u32, 0u32);
    for round in 0..60 {
        let mut bytes = clean.clone();
        // A few flipped bytes anywhere in the compressed stream (the frame header and
        // block headers included).
        for _ in 0..1 + round % 4 {
            let i = cluster.start + 1 + (next() as usize) % (cluster.len() - 1);
            bytes[i] ^= (next() % 255 + 1) as u8;
        }
        let (_f, a) = open_bytes(&bytes);
        let a = a.expect("the directory is intact, so the archive opens");
        let mut i = (next() as usize) % blobs.len();
        for _ in 0..blobs.len() {
            let entry = a.entry_at(i as u32).expect("entry");
            match entry.content() {
                // What decodes has the size the (possibly damaged) offset table announces.
                Ok(content) => {
                    read_ok += 1;
                    assert_eq!(content.len() as u64, entry.size().expect("size"));
                }
                Err(_) => read_failed += 1,
            }
            i = (i + 7) % blobs.len();
        }
        let report = a.check();
        if !report.ok {
            damaged_archives += 1;
        }
    }
    // The mutations did damage, and reads around the damage still worked.
    assert!(read_failed > 0 && read_ok > 0 && damaged_archives > 0);
}
