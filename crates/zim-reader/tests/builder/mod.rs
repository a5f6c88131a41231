//! A tiny ZIM writer for hand-crafted test archives (new namespace scheme,
//! v6.1, v0 title listing, MD5 checksum). Only for tests.
#![allow(dead_code)]
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use md5::{Digest, Md5};

/// What an entry points at.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Item { mime: u16, cluster: u32, blob: u32 },
    Redirect(u32),
}

#[derive(Clone, Debug)]
pub struct TestEntry {
    pub ns: u8,
    pub path: String,
    pub title: String,
    pub kind: Kind,
}

pub fn item(ns: u8, path: &str, title: &str, cluster: u32, blob: u32) -> TestEntry {
    TestEntry {
        ns,
        path: path.into(),
        title: title.into(),
        kind: Kind::Item {
            mime: 0,
            cluster,
            blob,
        },
    }
}

pub fn redirect(ns: u8, path: &str, target: u32) -> TestEntry {
    TestEntry {
        ns,
        path: path.into(),
        title: String::new(),
        kind: Kind::Redirect(target),
    }
}

/// Blob offset table + data, 32- or 64-bit offsets.
fn cluster_body(blobs: &[&[u8]], extended: bool) -> Vec<u8> {
    let w = if extended { 8 } else { 4 };
    let mut offsets = Vec::new();
    let mut pos = (blobs.len() + 1) * w;
    offsets.push(pos);
    for b in blobs {
        pos += b.len();
        offsets.push(pos);
    }
    let mut out = Vec::new();
    for o in offsets {
        if extended {
            out.extend_from_slice(&(o as u64).to_le_bytes());
        } else {
            out.extend_from_slice(&(o as u32).to_le_bytes());
        }
    }
    for b in blobs {
        out.extend_from_slice(b);
    }
    out
}

/// Uncompressed cluster (info byte 1, or 0x11 when extended).
pub fn stored_cluster(blobs: &[&[u8]], extended: bool) -> Vec<u8> {
    let mut out = vec![if extended { 0x11 } else { 0x01 }];
    out.extend(cluster_body(blobs, extended));
    out
}

/// Cluster from a raw (already laid out) body, stored.
pub fn raw_stored_cluster(body: &[u8]) -> Vec<u8> {
    let mut out = vec![0x01];
    out.extend_from_slice(body);
    out
}

pub fn zstd_cluster(blobs: &[&[u8]], extended: bool) -> Vec<u8> {
    zstd_raw_cluster(&cluster_body(blobs, extended), extended)
}

pub fn zstd_raw_cluster(body: &[u8], extended: bool) -> Vec<u8> {
    let mut out = vec![if extended { 0x15 } else { 0x05 }];
    out.extend(zstd::encode_all(body, 3).expect("zstd"));
    out
}

pub fn xz_cluster(blobs: &[&[u8]]) -> Vec<u8> {
    use std::io::Write;
    let mut enc = xz2::write::XzEncoder::new(Vec::new(), 6);
    enc.write_all(&cluster_body(blobs, false)).expect("xz");
    let mut out = vec![0x04];
    out.extend(enc.finish().expect("xz finish"));
    out
}

/// Lays out a complete archive. `entries` must be sorted by (ns, path).
pub fn build(entries: &[TestEntry], clusters: &[Vec<u8>]) -> Vec<u8> {
    let mime_list: &[u8] = b"text/html\0text/plain\0\0";
    let n = entries.len();
    let mut out = vec![0u8; 80];
    out.extend_from_slice(mime_list);
    let path_ptr_pos = out.len();
    out.resize(path_ptr_pos + n * 8, 0);
    let title_ptr_pos = out.len();
    out.resize(title_ptr_pos + n * 4, 0);
    let mut dirent_offsets = Vec::new();
    for e in entries {
        dirent_offsets.push(out.len() as u64);
        match e.kind {
            Kind::Item {
                mime,
                cluster,
                blob,
            } => {
                out.extend_from_slice(&mime.to_le_bytes());
                out.push(0);
                out.push(e.ns);
                out.extend_from_slice(&0u32.to_le_bytes());
                out.extend_from_slice(&cluster.to_le_bytes());
                out.extend_from_slice(&blob.to_le_bytes());
            }
            Kind::Redirect(t) => {
                out.extend_from_slice(&0xffffu16.to_le_bytes());
                out.push(0);
                out.push(e.ns);
                out.extend_from_slice(&0u32.to_le_bytes());
                out.extend_from_slice(&t.to_le_bytes());
            }
        }
        out.extend_from_slice(e.path.as_bytes());
        out.push(0);
        out.extend_from_slice(e.title.as_bytes());
        out.push(0);
    }
    for (i, off) in dirent_offsets.iter().enumerate() {
        out[path_ptr_pos + i * 8..path_ptr_pos + i * 8 + 8].copy_from_slice(&off.to_le_bytes());
    }
    let mut by_title: Vec<usize> = (0..n).collect();
    let key = |e: &TestEntry| {
        (
            e.ns,
            if e.title.is_empty() {
                e.path.clone()
            } else {
                e.title.clone()
            },
        )
    };
    by_title.sort_by_key(|&i| key(&entries[i]));
    for (p, &i) in by_title.iter().enumerate() {
        out[title_ptr_pos + p * 4..title_ptr_pos + p * 4 + 4]
            .copy_from_slice(&(i as u32).to_le_bytes());
    }
    let cluster_ptr_pos = out.len();
    out.resize(cluster_ptr_pos + clusters.len() * 8, 0);
    for (i, c) in clusters.iter().enumerate() {
        let off = out.len() as u64;
        out[cluster_ptr_pos + i * 8..cluster_ptr_pos + i * 8 + 8]
            .copy_from_slice(&off.to_le_bytes());
        out.extend_from_slice(c);
    }
    let checksum_pos = out.len() as u64;
    // Header.
    out[0..4].copy_from_slice(&0x044D_495Au32.to_le_bytes());
    out[4..6].copy_from_slice(&6u16.to_le_bytes());
    out[6..8].copy_from_slice(&1u16.to_le_bytes());
    out[8..24].copy_from_slice(&[0x11; 16]);
    out[24..28].copy_from_slice(&(n as u32).to_le_bytes());
    out[28..32].copy_from_slice(&(clusters.len() as u32).to_le_bytes());
    out[32..40].copy_from_slice(&(path_ptr_pos as u64).to_le_bytes());
    out[40..48].copy_from_slice(&(title_ptr_pos as u64).to_le_bytes());
    out[48..56].copy_from_slice(&(cluster_ptr_pos as u64).to_le_bytes());
    out[56..64].copy_from_slice(&80u64.to_le_bytes());
    out[64..68].copy_from_slice(&u32::MAX.to_le_bytes());
    out[68..72].copy_from_slice(&u32::MAX.to_le_bytes());
    out[72..80].copy_from_slice(&checksum_pos.to_le_bytes());
    fix_checksum(&mut out);
    out
}

/// Recomputes the trailing MD5 (after patching bytes in a test).
pub fn fix_checksum(out: &mut Vec<u8>) {
    let pos = u64::from_le_bytes(out[72..80].try_into().expect("8 bytes")) as usize;
    out.truncate(pos);
    let digest = Md5::digest(&out[..]);
    out.extend_from_slice(&digest);
}

/// Writes bytes to a temporary file kept alive by the returned handle.
pub fn temp_zim(bytes: &[u8]) -> tempfile::NamedTempFile {
    use std::io::Write;
    let mut f = tempfile::Builder::new()
        .suffix(".zim")
        .tempfile()
        .expect("tempfile");
    f.write_all(bytes).expect("write");
    f.flush().expect("flush");
    f
}
