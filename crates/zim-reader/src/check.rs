//! Full integrity check: MD5 checksum plus the structural invariants libzim's
//! `Archive::checkIntegrity` verifies, and a few more (redirect targets,
//! blob indexes). Redirect loops are reported as warnings: libzim accepts
//! archives containing them (e.g. zimcheck's `poor.zim`).

use std::cmp::Ordering;
use std::io::Read;

use md5::{Digest, Md5};
use serde::Serialize;

use crate::archive::{Archive, Inner, MAX_REDIRECT_HOPS};
use crate::dirent::{Dirent, DirentKind};
use crate::header::HEADER_SIZE;
use crate::title_listing::TitleListing;

/// Errors recorded per kind of check before giving up on that kind.
const MAX_ERRORS_PER_CHECK: usize = 10;

/// Result of [`Archive::check`].
#[derive(Debug, Clone, Default, Serialize)]
pub struct CheckReport {
    /// No error found (warnings do not count).
    pub ok: bool,
    /// MD5 verification result; `None` when the archive has no checksum.
    pub checksum_ok: Option<bool>,
    /// Defects that make the archive invalid.
    pub errors: Vec<String>,
    /// Oddities that readers tolerate (redirect loops, unordered clusters).
    pub warnings: Vec<String>,
}

struct Collector {
    errors: Vec<String>,
    warnings: Vec<String>,
    in_check: usize,
}

impl Collector {
    fn start(&mut self) {
        self.in_check = 0;
    }
    /// Records an error; false once the per-check budget is spent.
    fn error(&mut self, msg: String) -> bool {
        self.in_check += 1;
        if self.in_check <= MAX_ERRORS_PER_CHECK {
            self.errors.push(msg);
        }
        self.in_check < MAX_ERRORS_PER_CHECK
    }
    fn warn(&mut self, msg: String) {
        if self.warnings.len() < 100 {
            self.warnings.push(msg);
        }
    }
}

impl Archive {
    /// Verifies the MD5 checksum (streamed, constant memory) and the
    /// structure: dirent pointers and order, title listings, cluster
    /// pointers and contents, MIME indexes, redirect targets.
    pub fn check(&self) -> CheckReport {
        let inner = &self.inner;
        let mut c = Collector {
            errors: Vec::new(),
            warnings: Vec::new(),
            in_check: 0,
        };
        let checksum_ok = verify_checksum(inner);
        if checksum_ok == Some(false) {
            c.errors.push("checksum doesn't match".into());
        }
        let blob_counts = check_clusters(inner, &mut c);
        check_dirents(inner, &blob_counts, &mut c);
        check_title_listings(self, &mut c);
        CheckReport {
            ok: c.errors.is_empty(),
            checksum_ok,
            errors: c.errors,
            warnings: c.warnings,
        }
    }
}

fn valid_end(inner: &Inner) -> u64 {
    if inner.header.has_checksum() {
        inner.header.checksum_pos
    } else {
        inner.parts.size()
    }
}

fn verify_checksum(inner: &Inner) -> Option<bool> {
    if !inner.header.has_checksum() {
        return None;
    }
    let pos = inner.header.checksum_pos;
    let mut stored = [0u8; 16];
    if inner.parts.read_exact_at(pos, &mut stored).is_err() {
        return Some(false);
    }
    let mut hasher = Md5::new();
    let mut stream = inner.parts.stream_range(0, pos);
    let mut buf = vec![0u8; 1 << 20];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => hasher.update(buf.get(..n).unwrap_or(&[])),
            Err(_) => return Some(false),
        }
    }
    Some(hasher.finalize().as_slice() == stored)
}

/// Checks cluster pointers and parses every cluster; returns blob counts.
fn check_clusters(inner: &Inner, c: &mut Collector) -> Vec<Option<u32>> {
    c.start();
    let count = inner.header.cluster_count;
    let end = valid_end(inner);
    // The pointer table was checked at open to lie inside the archive, so
    // this allocation is bounded by the file size.
    let mut counts = Vec::with_capacity(usize::try_from(count).unwrap_or(0));
    let mut prev = 0u64;
    for i in 0..count {
        let ptr = inner
            .parts
            .read_u64(inner.header.cluster_ptr_pos + u64::from(i) * 8);
        let ok_ptr = match ptr {
            Ok(p) if p >= HEADER_SIZE && p < end => {
                if p < prev {
                    c.warn(format!(
                        "cluster {i} is stored before cluster {}",
                        i.saturating_sub(1)
                    ));
                }
                prev = p;
                true
            }
            _ => {
                if !c.error(format!("invalid cluster pointer for cluster {i}")) {
                    break;
                }
                false
            }
        };
        if !ok_ptr {
            counts.push(None);
            continue;
        }
        match inner
            .read_cluster_uncached(i)
            .and_then(|cl| cl.decode_all().map(|()| cl))
        {
            Ok(cl) => counts.push(Some(cl.blob_count())),
            Err(e) => {
                counts.push(None);
                if !c.error(e.to_string()) {
                    break;
                }
            }
        }
    }
    counts
}

fn check_dirents(inner: &Inner, blob_counts: &[Option<u32>], c: &mut Collector) {
    c.start();
    let n = inner.header.entry_count;
    let end = valid_end(inner);
    let mut prev: Option<Dirent> = None;
    for i in 0..n {
        let ptr = match inner.dirent_offset(i) {
            Ok(p) => p,
            Err(e) => {
                if !c.error(e.to_string()) {
                    return;
                }
                continue;
            }
        };
        if ptr < HEADER_SIZE || ptr.saturating_add(11) > end {
            if !c.error(format!("invalid dirent pointer for entry {i}")) {
                return;
            }
            continue;
        }
        let d = match Dirent::read(&inner.parts, i, ptr) {
            Ok(d) => d,
            Err(e) => {
                if !c.error(e.to_string()) {
                    return;
                }
                continue;
            }
        };
        if let Some(p) = &prev {
            let ord = p
                .namespace
                .cmp(&d.namespace)
                .then_with(|| p.path.as_bytes().cmp(d.path.as_bytes()));
            if ord != Ordering::Less {
                let msg = format!(
                    "dirent table is not properly sorted: #{}: {}/{} #{i}: {}/{}",
                    i.saturating_sub(1),
                    char::from(p.namespace),
                    p.path,
                    char::from(d.namespace),
                    d.path
                );
                if !c.error(msg) {
                    return;
                }
            }
        }
        let mut more = true;
        match d.kind {
            DirentKind::Item {
                mime,
                cluster,
                blob,
            } => {
                if usize::from(mime) >= inner.mimes.len() {
                    more &= c.error(format!(
                        "entry {}/{} has invalid MIME-type value {mime}",
                        char::from(d.namespace),
                        d.path
                    ));
                }
                match blob_counts.get(usize::try_from(cluster).unwrap_or(usize::MAX)) {
                    None => more &= c.error(format!("entry {i}: cluster {cluster} out of range")),
                    Some(Some(count)) if blob >= *count => {
                        more &= c.error(format!(
                            "entry {i}: blob {blob} out of range in cluster {cluster}"
                        ))
                    }
                    _ => {}
                }
            }
            DirentKind::Redirect(t) => {
                if t >= n {
                    more &= c.error(format!("entry {i}: redirect target {t} out of range"));
                } else if redirect_loops(inner, t) {
                    c.warn(format!(
                        "entry {}/{}: redirect loop (or chain longer than {MAX_REDIRECT_HOPS})",
                        char::from(d.namespace),
                        d.path
                    ));
                }
            }
            DirentKind::LinkTarget | DirentKind::Deleted => {}
        }
        if !more {
            return;
        }
        prev = Some(d);
    }
}

/// Whether following redirects from `start` never reaches an item.
fn redirect_loops(inner: &Inner, start: u32) -> bool {
    let mut cur = start;
    for _ in 0..MAX_REDIRECT_HOPS {
        match inner.dirent(cur) {
            Ok(d) => match d.kind {
                DirentKind::Redirect(t) => cur = t,
                _ => return false,
            },
            // Unreadable targets are reported by their own dirent check.
            Err(_) => return false,
        }
    }
    true
}

fn check_title_listings(archive: &Archive, c: &mut Collector) {
    let inner = &archive.inner;
    let h = &inner.header;
    if h.has_title_listing_v0() {
        c.start();
        match TitleListing::new(
            &inner.parts,
            h.title_ptr_pos,
            u64::from(h.entry_count) * 4,
            "title index table",
        ) {
            Ok(l) => check_listing(inner, &l, "title index", c),
            Err(e) => {
                c.error(e.to_string());
            }
        }
    }
    if inner.front_index {
        c.start();
        let l = inner.title_listing;
        check_listing(inner, &l, "title index v1", c);
    }
}

fn check_listing(inner: &Inner, l: &TitleListing, name: &str, c: &mut Collector) {
    let n = inner.header.entry_count;
    let mut prev: Option<(u8, String)> = None;
    for p in 0..l.count {
        let idx = match l.get(&inner.parts, p) {
            Ok(i) => i,
            Err(e) => {
                c.error(format!("{name}: {e}"));
                return;
            }
        };
        if idx >= n {
            if !c.error(format!(
                "{name}: position {p} points to entry {idx}, beyond the entry count"
            )) {
                return;
            }
            continue;
        }
        let d = match inner.dirent(idx) {
            Ok(d) => d,
            Err(e) => {
                if !c.error(format!("{name}: {e}")) {
                    return;
                }
                continue;
            }
        };
        let key = (d.namespace, d.display_title().to_string());
        if let Some(pk) = &prev
            && pk
                .0
                .cmp(&key.0)
                .then_with(|| pk.1.as_bytes().cmp(key.1.as_bytes()))
                == Ordering::Greater
            && !c.error(format!("{name} is not properly sorted at position {p}"))
        {
            return;
        }
        prev = Some(key);
    }
}
