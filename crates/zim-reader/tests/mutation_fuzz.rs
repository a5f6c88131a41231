//! Mutation fuzzing on stable: real small archives get random mutations
//! (bit flips, "interesting" byte/word overwrites, header field overwrites,
//! truncation), then are opened and walked completely. Any panic fails the
//! test; the work per case is bounded by the small cluster cap.
//!
//! `ZIM_FUZZ_CASES` sets the total number of cases (default 4000).
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

mod common;

use std::io::Write;

use zim_reader::{Archive, OpenOptions};

/// xorshift64*: deterministic, dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const INTERESTING_U32: [u32; 8] = [
    0,
    1,
    0x7f,
    0xff,
    0xffff,
    0x7fff_ffff,
    0xffff_fffe,
    0xffff_ffff,
];
/// Header fields (offset, width) worth hitting directly.
const HEADER_FIELDS: [(usize, usize); 10] = [
    (4, 2),
    (6, 2),
    (24, 4),
    (28, 4),
    (32, 8),
    (40, 8),
    (48, 8),
    (56, 8),
    (64, 4),
    (72, 8),
];

fn mutate(rng: &mut Rng, data: &mut Vec<u8>) {
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        if data.is_empty() {
            return;
        }
        let len = data.len();
        match rng.below(6) {
            0 => {
                let i = rng.below(len);
                data[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = rng.below(len);
                data[i] = [0u8, 0xff, 0x7f, 0x80][rng.below(4)];
            }
            2 => {
                let i = rng.below(len.saturating_sub(4));
                let v = INTERESTING_U32[rng.below(INTERESTING_U32.len())];
                if let Some(s) = data.get_mut(i..i + 4) {
                    s.copy_from_slice(&v.to_le_bytes());
                }
            }
            3 => {
                let (off, width) = HEADER_FIELDS[rng.below(HEADER_FIELDS.len())];
                let v = match rng.below(4) {
                    0 => u64::MAX,
                    1 => 0,
                    2 => len as u64 + rng.below(64) as u64,
                    _ => rng.next(),
                };
                if let Some(s) = data.get_mut(off..off + width) {
                    s.copy_from_slice(&v.to_le_bytes()[..width]);
                }
            }
            4 => {
                let new_len = rng.below(len);
                data.truncate(new_len);
            }
            _ => {
                // Overwrite somewhere in the pointer tables region (after the header).
                let i = 80 + rng.below(len.saturating_sub(88));
                let v = rng.next();
                if let Some(s) = data.get_mut(i..i + 8) {
                    s.copy_from_slice(&v.to_le_bytes());
                }
            }
        }
    }
}

/// Everything a client could do with an archive.
fn exercise(path: &std::path::Path) -> bool {
    let opts = OpenOptions {
        cluster_cache_bytes: 1 << 20,
        max_cluster_bytes: 4 << 20,
    };
    let Ok(a) = Archive::open_with(path, opts) else {
        return false;
    };
    let _ = (
        a.uuid(),
        a.entry_count(),
        a.article_count(),
        a.media_count(),
        a.checksum(),
    );
    for e in a.entries().take(5000).flatten() {
        let _ = (
            e.path(),
            e.title(),
            e.full_path(),
            e.mimetype().is_ok(),
            e.size().is_ok(),
        );
        if e.is_redirect() {
            let _ = e.resolve();
        } else {
            let _ = e.content();
            let _ = e.direct_access();
        }
        let _ = a.entry_by_ns_path(e.namespace(), &e.full_path()[2..]);
        let _ = a.entry_by_title(e.title());
    }
    for e in a.entries_by_title().take(5000) {
        let _ = e.map(|e| e.title().len());
    }
    let _ = a.front_articles().take(5000).count();
    let _ = a.title_index_position("M");
    let _ = a.main_entry();
    let _ = a.illustration_sizes();
    let _ = a.illustration(48);
    let _ = a.counter();
    let _ = a.fulltext_index();
    let _ = a.title_index();
    let _ = a.inspect().map(|r| r.to_text());
    let _ = a.check();
    true
}

#[test]
fn mutated_archives_never_panic() {
    let total: usize = std::env::var("ZIM_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4000);
    let seeds: Vec<Vec<u8>> = common::small_archives()
        .iter()
        .map(|p| std::fs::read(p).expect("read archive"))
        .collect();
    let mut rng = Rng(0x5EED_2026_0000_0001);
    let mut tmp = tempfile::Builder::new()
        .suffix(".zim")
        .tempfile()
        .expect("tempfile");
    let mut opened = 0usize;
    for case in 0..total {
        let mut data = seeds[case % seeds.len()].clone();
        mutate(&mut rng, &mut data);
        let f = tmp.as_file_mut();
        f.set_len(0).expect("truncate");
        f.write_all_at_start(&data);
        opened += usize::from(exercise(tmp.path()));
    }
    eprintln!("{total} mutated archives, {opened} opened and walked");
    // Most mutations must leave an openable archive, or the walk tests little.
    assert!(opened * 4 >= total, "only {opened} of {total} cases opened");
}

trait WriteAtStart {
    fn write_all_at_start(&mut self, data: &[u8]);
}

impl WriteAtStart for std::fs::File {
    fn write_all_at_start(&mut self, data: &[u8]) {
        use std::os::unix::fs::FileExt;
        self.write_all_at(data, 0).expect("write");
        self.flush().expect("flush");
    }
}
