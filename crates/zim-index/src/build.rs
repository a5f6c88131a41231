//! Building a sidecar: every HTML page of the archive is read once, in the order its
//! content is stored (each cluster decoded once), by a few threads; its sections go to the
//! section index as they come, its links to a buffer that is spilled to sorted runs on disk
//! when it fills (so memory stays bounded on any archive). At the end the runs are merged
//! target by target into the link graph's inbound lists and the anchor-text documents.
//!
//! A build may cover one shard of the archive's entries (`--shard i/n`): shards are built
//! by separate processes or machines and merged afterwards ([`merge_shards`]); a whole build
//! is a single shard merged at once. Everything is written under a `.building` name and
//! published by a rename, so an interrupted build leaves no half-written sidecar.

use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use zim_reader::Archive;

use crate::error::IndexError;
use crate::extract::Resolver;
use crate::graph::{GraphWriter, get_varint, put_varint};
use crate::locate::{BUILDING_SUFFIX, BuildProgress, PROGRESS_FILE, build_target};
use crate::manifest::{FORMAT_VERSION, Manifest};
use crate::sections::{DIR_NAME as SECTIONS_DIR, SectionWriter};

/// Pages a worker takes at a time (neighbours in storage order share clusters).
const BATCH: usize = 8;
/// Links kept in memory before they are spilled to a sorted run.
const DEFAULT_EDGE_BUFFER: usize = 2_000_000;
/// The section index's indexing memory, shared by its threads.
const DEFAULT_HEAP_BYTES: usize = 192 * 1024 * 1024;
/// Distinct anchor texts of one page kept for its anchor document, and their total size.
const MAX_ANCHOR_TEXTS: usize = 64;
const MAX_ANCHOR_DOC_CHARS: usize = 4_000;
/// Archives of fewer pages have no site furniture to sink.
const FURNITURE_MIN_PAGES: u64 = 50;
const RUN_PREFIX: &str = "links-";
const OUT_FILE: &str = "outbound.bin";
const DEGREES_FILE: &str = "degrees.bin";
/// The texts to embed, one record per page, while pages are read.
const VECTOR_TEXTS_FILE: &str = "vector-texts.tmp";
/// Characters of a page's text to embed: its title, headings and lead (the model reads 256
/// tokens at most; a page is known by its outline and its opening).
const VECTOR_TEXT_CHARS: usize = 1_000;
/// Headings kept in a page's record (its text to embed names fewer, the non-boilerplate ones).
const MAX_RECORD_HEADINGS: usize = 64;
/// Headings named in a page's text to embed.
const VECTOR_HEADINGS: usize = 12;
/// Texts embedded per call (the model tokenizes a call's texts up front).
const EMBED_CHUNK: usize = 256;
/// How often progress is reported.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// `i` of `n` equal parts of the archive's entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl std::str::FromStr for Shard {
    type Err = IndexError;
    /// `i/n` with `0 <= i < n`.
    fn from_str(s: &str) -> Result<Self, IndexError> {
        let bad = || IndexError::Invalid(format!("shard {s:?}: expected i/n with 0 <= i < n"));
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count || count > 4096 {
            return Err(bad());
        }
        Ok(Self { index, count })
    }
}

impl Shard {
    /// The entries of this shard: a contiguous range of entry indices.
    fn range(&self, entries: u32) -> std::ops::Range<u32> {
        let n = u64::from(entries);
        let at =
            |i: u32| u32::try_from(n * u64::from(i) / u64::from(self.count)).unwrap_or(entries);
        at(self.index)..at(self.index + 1)
    }
}

/// How far a build has come.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    /// "pages" while pages are read, "embeddings" while they are embedded.
    pub phase: &'static str,
    pub pages_done: u64,
    pub pages_total: u64,
    pub elapsed: Duration,
}

impl Progress {
    pub fn pages_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.pages_done as f64 / s
        } else {
            0.0
        }
    }

    pub fn eta(&self) -> Option<Duration> {
        let rate = self.pages_per_second();
        (rate > 0.0).then(|| {
            Duration::from_secs_f64(self.pages_total.saturating_sub(self.pages_done) as f64 / rate)
        })
    }
}

pub struct BuildOptions<'a> {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// The sidecar's directory; by default beside the archive, or in `cache_dir` when the
    /// archive's directory is not writable.
    pub out_dir: Option<PathBuf>,
    pub cache_dir: Option<PathBuf>,
    pub shard: Option<Shard>,
    pub heap_bytes: usize,
    pub edge_buffer: usize,
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    /// Embed every page with the sentence-embedding model in this directory (`--vectors`).
    pub vectors: Option<PathBuf>,
    /// Set to stop the build (the `.building` directory is removed).
    pub stop: Option<&'a AtomicBool>,
}

impl Default for BuildOptions<'_> {
    fn default() -> Self {
        Self {
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            out_dir: None,
            cache_dir: crate::locate::default_cache_dir(),
            shard: None,
            heap_bytes: DEFAULT_HEAP_BYTES,
            edge_buffer: DEFAULT_EDGE_BUFFER,
            progress: None,
            vectors: None,
            stop: None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct BuildReport {
    pub dir: PathBuf,
    pub manifest: Manifest,
    pub size_bytes: u64,
}

/// The directory a build of `archive_path` publishes to (a shard's has its own name).
pub fn target_dir(
    archive_path: &Path,
    archive: &Archive,
    opts: &BuildOptions<'_>,
) -> Result<PathBuf, IndexError> {
    let base = match &opts.out_dir {
        Some(dir) => dir.clone(),
        None => build_target(archive_path, &archive.uuid(), opts.cache_dir.as_deref())
            .ok_or_else(|| IndexError::Invalid("no writable place for the index".into()))?,
    };
    Ok(match opts.shard {
        Some(s) if s.count > 1 => shard_dir(&base, s),
        _ => base,
    })
}

fn shard_dir(base: &Path, s: Shard) -> PathBuf {
    suffixed(base, &format!(".shard-{}-of-{}", s.index, s.count))
}

fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Builds the sidecar of the archive at `archive_path` (or one shard of it).
pub fn build(archive_path: &Path, opts: &BuildOptions<'_>) -> Result<BuildReport, IndexError> {
    let archive = Archive::open(archive_path)?;
    build_open(&archive, archive_path, opts)
}

/// [`build`] of an archive already open (the server builds from the handle it verified).
pub fn build_open(
    archive: &Archive,
    archive_path: &Path,
    opts: &BuildOptions<'_>,
) -> Result<BuildReport, IndexError> {
    let started = Instant::now();
    let archive = archive.clone();
    let target = target_dir(archive_path, &archive, opts)?;
    let staging = suffixed(&target, BUILDING_SUFFIX);
    let result = build_into(&archive, &staging, opts, started).and_then(|collected| {
        let shard = opts.shard.filter(|s| s.count > 1);
        match shard {
            Some(s) => {
                let manifest = collected.manifest(&archive, Some((s.index, s.count)), started)?;
                manifest.write(&staging)?;
                publish(&staging, &target)?;
                Ok(BuildReport {
                    size_bytes: crate::locate::dir_size(&target),
                    dir: target.clone(),
                    manifest,
                })
            }
            None => finish(
                &archive,
                &staging,
                &target,
                std::slice::from_ref(&staging),
                opts,
                started,
                collected.vectors,
            ),
        }
    });
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    result
}

/// Merges the `count` shards of `archive_path` built with `--shard i/count` into one
/// sidecar (the shards are removed once it is published).
pub fn merge_shards(
    archive_path: &Path,
    count: u32,
    opts: &BuildOptions<'_>,
) -> Result<BuildReport, IndexError> {
    let started = Instant::now();
    let archive = Archive::open(archive_path)?;
    let whole = BuildOptions {
        shard: None,
        out_dir: opts.out_dir.clone(),
        cache_dir: opts.cache_dir.clone(),
        ..BuildOptions::default()
    };
    let target = target_dir(archive_path, &archive, &whole)?;
    let mut parts = Vec::new();
    for index in 0..count {
        let dir = shard_dir(&target, Shard { index, count });
        let manifest = Manifest::read(&dir)?;
        let (uuid, checksum) = Manifest::identity(&archive)?;
        if manifest.shard != Some((index, count))
            || manifest.archive_uuid != uuid
            || manifest.archive_checksum != checksum
            || manifest.format != FORMAT_VERSION
        {
            return Err(IndexError::Mismatch(format!(
                "{} is not shard {index}/{count} of this archive",
                dir.display()
            )));
        }
        parts.push(dir);
    }
    let staging = suffixed(&target, BUILDING_SUFFIX);
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging).map_err(|e| IndexError::io(&staging, e))?;
    let result = (|| {
        let indexes = parts
            .iter()
            .map(|p| tantivy::Index::open_in_dir(p.join(SECTIONS_DIR)))
            .collect::<Result<Vec<_>, _>>()?;
        let out = staging.join(SECTIONS_DIR);
        std::fs::create_dir_all(&out).map_err(|e| IndexError::io(&out, e))?;
        let directory = tantivy::directory::MmapDirectory::open(&out)
            .map_err(|e| IndexError::Invalid(format!("section index: {e}")))?;
        tantivy::indexer::merge_indices(&indexes, directory)?;
        let embedded = merge_vectors(&parts, &staging)?;
        finish(&archive, &staging, &target, &parts, opts, started, embedded)
    })();
    match result {
        Ok(report) => {
            for p in &parts {
                let _ = std::fs::remove_dir_all(p);
            }
            Ok(report)
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staging);
            Err(e)
        }
    }
}

/// What reading the pages produced.
struct Collected {
    pages: u64,
    sections: u64,
    links: u64,
    vectors: Embedded,
}

/// Page embeddings written, and the model that made them.
#[derive(Debug, Clone, Default)]
struct Embedded {
    count: u64,
    model: Option<String>,
}

impl Collected {
    fn manifest(
        &self,
        archive: &Archive,
        shard: Option<(u32, u32)>,
        started: Instant,
    ) -> Result<Manifest, IndexError> {
        let (uuid, checksum) = Manifest::identity(archive)?;
        Ok(Manifest {
            format: FORMAT_VERSION,
            archive_uuid: uuid,
            archive_checksum: checksum,
            archive_entries: archive.all_entry_count(),
            pages: self.pages,
            sections: self.sections,
            links: self.links,
            vectors: self.vectors.count,
            model: self.vectors.model.clone(),
            build_seconds: started.elapsed().as_secs_f64(),
            built_at: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            shard,
        })
    }
}

/// The HTML pages of the shard, in the order their content is stored.
fn pages_to_read(archive: &Archive, shard: Option<Shard>) -> Vec<(u32, (u32, u32))> {
    let entries = archive.all_entry_count();
    let range = shard.map_or(0..entries, |s| s.range(entries));
    let mut pages: Vec<(u32, (u32, u32))> = range
        .filter_map(|i| {
            let e = archive.entry_at(i).ok()?;
            if e.is_redirect() || !e.mimetype().ok()?.contains("html") {
                return None;
            }
            Some((i, e.blob_location().ok()?))
        })
        .collect();
    pages.sort_by_key(|(_, at)| *at);
    pages
}

/// Reads the shard's pages into `staging`: the section index, the sorted link runs, the
/// outbound records and the inbound degrees.
fn build_into(
    archive: &Archive,
    staging: &Path,
    opts: &BuildOptions<'_>,
    started: Instant,
) -> Result<Collected, IndexError> {
    let _ = std::fs::remove_dir_all(staging);
    std::fs::create_dir_all(staging).map_err(|e| IndexError::io(staging, e))?;
    let pages = pages_to_read(archive, opts.shard);
    let language = archive
        .metadata("Language")
        .ok()
        .flatten()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let threads = opts.threads.max(1);
    let sections = SectionWriter::create(
        &staging.join(SECTIONS_DIR),
        &language,
        threads,
        opts.heap_bytes,
    )?;
    let next = AtomicUsize::new(0);
    let section_count = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let stopped = || opts.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let mut collector = LinkCollector::new(staging, archive.all_entry_count(), opts.edge_buffer)?;
    // The model is loaded first: a missing or broken one fails the build before the long part.
    let embedder = match &opts.vectors {
        Some(dir) => Some(
            zim_embed::Embedder::load(dir)
                .map_err(|e| IndexError::Invalid(format!("embedding model: {e}")))?,
        ),
        None => None,
    };
    let embedding = embedder.is_some();
    let mut texts = if embedding {
        Some(TextWriter::create(&staging.join(VECTOR_TEXTS_FILE))?)
    } else {
        None
    };
    let total = pages.len() as u64;
    let mut first_error: Option<IndexError> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = sync_channel::<(u32, PageOutput)>(256);
        for _ in 0..threads {
            let tx = tx.clone();
            let (pages, next, sections, section_count, failed) =
                (&pages, &next, &sections, &section_count, &failed);
            scope.spawn(move || {
                let resolver = Resolver::new(archive);
                loop {
                    if failed.load(Ordering::Relaxed) || stopped() {
                        return;
                    }
                    let start = next.fetch_add(BATCH, Ordering::Relaxed);
                    let Some(batch) = pages.get(start..pages.len().min(start + BATCH)) else {
                        return;
                    };
                    if batch.is_empty() {
                        return;
                    }
                    for (index, _) in batch {
                        let out = read_page(
                            archive,
                            &resolver,
                            sections,
                            section_count,
                            *index,
                            embedding,
                        );
                        if tx.send((*index, out)).is_err() {
                            return;
                        }
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0u64;
        let mut last_report = Instant::now();
        for (source, out) in rx {
            done += 1;
            let added = collector.add(source, &out.links).and_then(|()| {
                match (&mut texts, &out.vector_text) {
                    (Some(w), Some(text)) => w.add(source, text),
                    _ => Ok(()),
                }
            });
            if let Err(e) = added {
                failed.store(true, Ordering::Relaxed);
                first_error.get_or_insert(e);
            }
            if last_report.elapsed() >= PROGRESS_EVERY || done == total {
                last_report = Instant::now();
                let p = Progress {
                    phase: "pages",
                    pages_done: done,
                    pages_total: total,
                    elapsed: started.elapsed(),
                };
                write_progress(staging, &p);
                if let Some(report) = opts.progress {
                    report(&p);
                }
            }
        }
    });
    if let Some(e) = first_error {
        return Err(e);
    }
    if stopped() {
        return Err(IndexError::Interrupted);
    }
    sections.finish()?;
    let links = collector.finish()?;
    let vectors = match (embedder, texts) {
        (Some(embedder), Some(texts)) => {
            texts.finish()?;
            embed_pages(&embedder, staging, total, opts)?
        }
        _ => Embedded::default(),
    };
    Ok(Collected {
        pages: total,
        sections: section_count.load(Ordering::Relaxed),
        links,
        vectors,
    })
}

/// What reading one page gives the collector.
struct PageOutput {
    links: Vec<(u32, String)>,
    vector_text: Option<String>,
}

/// Separates the parts of a page's record in the page-texts file: title, lead, headings.
const PART_SEPARATOR: char = '\u{1f}';
/// A heading on more than this share of the pages is the site's boilerplate ("NAME",
/// "SYNOPSIS", "See also"), not what a page is about.
const BOILERPLATE_HEADING_SHARE: f64 = 0.05;

/// A page's parts to embed: its title, its lead (what it says it is about) and its headings.
fn vector_parts(title: &str, lead: &str, sections: &[zim_render::SectionText]) -> String {
    let headings: Vec<&str> = sections
        .iter()
        .filter_map(|s| s.heading_path.last().map(String::as_str))
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .collect();
    let clean = |t: &str| crate::extract::clip(&t.replace(PART_SEPARATOR, " "), 200);
    let mut record = clean(title.trim());
    record.push(PART_SEPARATOR);
    record.push_str(&clean(lead.trim()));
    // A page of hundreds of API items names them all in headings: the first ones are kept
    // (their share of pages decides which are boilerplate).
    for h in headings.into_iter().take(MAX_RECORD_HEADINGS) {
        record.push(PART_SEPARATOR);
        record.push_str(&clean(h));
    }
    record
}

/// The text a page is embedded by: its title, its lead, then its headings that are not the
/// site's boilerplate (`generic`).
fn vector_text(record: &str, generic: &std::collections::HashSet<String>) -> String {
    let mut parts = record.split(PART_SEPARATOR);
    let title = parts.next().unwrap_or_default();
    let lead = parts.next().unwrap_or_default();
    let mut out = title.to_owned();
    if !lead.is_empty() {
        out.push_str(". ");
        out.push_str(lead);
    }
    let headings: Vec<&str> = parts
        .filter(|h| !generic.contains(&h.to_lowercase()))
        .take(VECTOR_HEADINGS)
        .collect();
    if !headings.is_empty() {
        out.push_str(". ");
        out.push_str(&headings.join("; "));
    }
    crate::extract::clip(&out, VECTOR_TEXT_CHARS)
}

/// Headings found on more than [`BOILERPLATE_HEADING_SHARE`] of the pages (lowercase).
fn boilerplate_headings(path: &Path) -> Result<std::collections::HashSet<String>, IndexError> {
    let mut reader = RunReader::open(path.to_path_buf())?;
    let mut counts: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
    let mut pages = 0u64;
    while let Some((_, record)) = reader.next_text()? {
        pages += 1;
        let mut seen = std::collections::HashSet::new();
        for h in record.split(PART_SEPARATOR).skip(2) {
            let h = h.to_lowercase();
            if seen.insert(h.clone()) {
                *counts.entry(h).or_default() += 1;
            }
        }
        // Bounded: a pathological archive of unique headings keeps only the frequent ones.
        if counts.len() > 1_000_000 {
            counts.retain(|_, n| *n > 1);
        }
    }
    let threshold = (pages as f64 * BOILERPLATE_HEADING_SHARE).max(2.0);
    Ok(counts
        .into_iter()
        .filter(|(_, n)| f64::from(*n) > threshold)
        .map(|(h, _)| h)
        .collect())
}

/// Page texts to embed, appended as they come (entry, text).
struct TextWriter {
    path: PathBuf,
    out: BufWriter<File>,
}

impl TextWriter {
    fn create(path: &Path) -> Result<Self, IndexError> {
        let file = File::create(path).map_err(|e| IndexError::io(path, e))?;
        Ok(Self {
            path: path.to_path_buf(),
            out: BufWriter::with_capacity(1 << 20, file),
        })
    }

    fn add(&mut self, entry: u32, text: &str) -> Result<(), IndexError> {
        let mut record = Vec::with_capacity(text.len() + 10);
        put_varint(&mut record, u64::from(entry));
        put_varint(&mut record, text.len() as u64);
        record.extend_from_slice(text.as_bytes());
        self.out
            .write_all(&record)
            .map_err(|e| IndexError::io(&self.path, e))
    }

    fn finish(mut self) -> Result<(), IndexError> {
        self.out.flush().map_err(|e| IndexError::io(&self.path, e))
    }
}

/// Embeds the page texts collected in `staging` into `staging/vectors.bin`, a chunk at a
/// time, each chunk split over the build's threads (one model, shared).
fn embed_pages(
    embedder: &zim_embed::Embedder,
    staging: &Path,
    total: u64,
    opts: &BuildOptions<'_>,
) -> Result<Embedded, IndexError> {
    let texts_path = staging.join(VECTOR_TEXTS_FILE);
    let generic = boilerplate_headings(&texts_path)?;
    let mut reader = RunReader::open(texts_path.clone())?;
    let out_path = staging.join(crate::vectors::FILE_NAME);
    let mut writer =
        crate::vectors::VectorWriter::create(&out_path, embedder.dims(), embedder.model_id())?;
    let threads = opts.threads.max(1);
    let started = Instant::now();
    let mut done = 0u64;
    loop {
        let mut chunk: Vec<(u32, String)> = Vec::with_capacity(EMBED_CHUNK);
        while chunk.len() < EMBED_CHUNK {
            match reader.next_text()? {
                Some((entry, record)) => chunk.push((entry, vector_text(&record, &generic))),
                None => break,
            }
        }
        if chunk.is_empty() {
            break;
        }
        // Texts arrive in the order the page readers finished them; in entry order, a chunk
        // is split and batched the same way on every build (batch widths change the float
        // sums, so otherwise a vector could differ in its last bits from one build to the
        // next, and a near tie flip).
        chunk.sort_unstable_by_key(|(entry, _)| *entry);
        if opts.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(IndexError::Interrupted);
        }
        let share = chunk.len().div_ceil(threads).max(1);
        let parts: Vec<Result<Vec<Vec<f32>>, IndexError>> = std::thread::scope(|scope| {
            let workers: Vec<_> = chunk
                .chunks(share)
                .map(|part| {
                    scope.spawn(move || {
                        let texts: Vec<&str> = part.iter().map(|(_, t)| t.as_str()).collect();
                        embedder
                            .embed(&texts)
                            .map_err(|e| IndexError::Invalid(format!("embedding: {e}")))
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| {
                    w.join().unwrap_or_else(|_| {
                        Err(IndexError::Invalid("an embedding thread failed".into()))
                    })
                })
                .collect()
        });
        let mut vectors = Vec::with_capacity(chunk.len());
        for part in parts {
            vectors.extend(part?);
        }
        for ((entry, _), v) in chunk.iter().zip(&vectors) {
            writer
                .add(*entry, v)
                .map_err(|e| IndexError::io(&out_path, e))?;
        }
        done += chunk.len() as u64;
        let p = Progress {
            phase: "embeddings",
            pages_done: done,
            pages_total: total,
            elapsed: started.elapsed(),
        };
        write_progress(staging, &p);
        if let Some(report) = opts.progress {
            report(&p);
        }
    }
    let count = writer.finish(&out_path)?;
    let _ = std::fs::remove_file(&texts_path);
    Ok(Embedded {
        count,
        model: Some(embedder.model_id().to_owned()),
    })
}

/// The vectors of merged shards, one after the other, into `staging/vectors.bin`.
fn merge_vectors(parts: &[PathBuf], staging: &Path) -> Result<Embedded, IndexError> {
    let mut models: Vec<String> = Vec::new();
    let mut indexes = Vec::new();
    for part in parts {
        let m = Manifest::read(part)?;
        if m.vectors == 0 {
            continue;
        }
        if let Some(model) = &m.model
            && !models.contains(model)
        {
            models.push(model.clone());
        }
        indexes.push(crate::vectors::VectorIndex::open(
            &part.join(crate::vectors::FILE_NAME),
        )?);
    }
    if indexes.is_empty() {
        return Ok(Embedded::default());
    }
    if models.len() > 1 || indexes.len() != parts.len() {
        return Err(IndexError::Mismatch(
            "the shards were embedded with different models, or only some of them".into(),
        ));
    }
    let out_path = staging.join(crate::vectors::FILE_NAME);
    let dims = indexes.first().map_or(0, |i| i.dims());
    let model = models.first().cloned().unwrap_or_default();
    let mut writer = crate::vectors::VectorWriter::create(&out_path, dims, &model)?;
    for (index, part) in indexes.iter().zip(parts) {
        let mut written = Ok(());
        index
            .for_each(|entry, vector| {
                if written.is_ok() {
                    written = writer.add(entry, vector);
                }
            })
            .map_err(|e| IndexError::io(part.join(crate::vectors::FILE_NAME), e))?;
        written.map_err(|e| IndexError::io(&out_path, e))?;
    }
    let count = writer.finish(&out_path)?;
    Ok(Embedded {
        count,
        model: Some(model),
    })
}

/// One page: its sections into the index, its links returned. A page that cannot be read
/// or parsed contributes nothing (the build goes on).
fn read_page(
    archive: &Archive,
    resolver: &Resolver<'_>,
    sections: &SectionWriter,
    section_count: &AtomicU64,
    index: u32,
    embedding: bool,
) -> PageOutput {
    let nothing = PageOutput {
        links: Vec::new(),
        vector_text: None,
    };
    let Ok(entry) = archive.entry_at(index) else {
        return nothing;
    };
    let Ok(blob) = entry.content() else {
        return nothing;
    };
    let Some(parts) = resolver.page_parts(&entry, &blob) else {
        return nothing;
    };
    match sections.add_page(index, &parts.title, &parts.sections) {
        Ok(n) => {
            section_count.fetch_add(n, Ordering::Relaxed);
        }
        Err(e) => tracing::warn!(entry = index, error = %e, "section index refused a page"),
    }
    PageOutput {
        vector_text: embedding.then(|| {
            let lead = zim_render::page_lead(&blob, crate::extract::LEAD_CHARS);
            vector_parts(&parts.title, &lead, &parts.sections)
        }),
        links: parts.links,
    }
}

fn write_progress(staging: &Path, p: &Progress) {
    let progress = BuildProgress {
        pages_done: p.pages_done,
        pages_total: p.pages_total,
        pages_per_second: (p.pages_per_second() * 10.0).round() / 10.0,
        eta_seconds: p.eta().map_or(0.0, |d| d.as_secs_f64().round()),
    };
    if let Ok(text) = serde_json::to_string(&progress) {
        let tmp = staging.join(format!("{PROGRESS_FILE}.tmp"));
        if std::fs::write(&tmp, text).is_ok() {
            let _ = std::fs::rename(&tmp, staging.join(PROGRESS_FILE));
        }
    }
}

/// Links as they come: outbound records appended to a file, inbound degrees counted, and
/// (target, source, anchor) triples buffered and spilled to sorted runs.
struct LinkCollector {
    dir: PathBuf,
    out: BufWriter<File>,
    degrees: Vec<u32>,
    buffer: Vec<(u32, u32, String)>,
    capacity: usize,
    runs: usize,
    links: u64,
}

impl LinkCollector {
    fn new(dir: &Path, entries: u32, capacity: usize) -> Result<Self, IndexError> {
        let path = dir.join(OUT_FILE);
        let out = File::create(&path).map_err(|e| IndexError::io(&path, e))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            out: BufWriter::with_capacity(1 << 20, out),
            degrees: vec![0; entries as usize],
            buffer: Vec::new(),
            capacity: capacity.max(1),
            runs: 0,
            links: 0,
        })
    }

    fn add(&mut self, source: u32, links: &[(u32, String)]) -> Result<(), IndexError> {
        if links.is_empty() {
            return Ok(());
        }
        let mut record = Vec::with_capacity(links.len() * 3 + 8);
        put_varint(&mut record, u64::from(source));
        put_varint(&mut record, links.len() as u64);
        for (target, anchor) in links {
            put_varint(&mut record, u64::from(*target));
            if let Some(d) = self.degrees.get_mut(*target as usize) {
                *d = d.saturating_add(1);
            }
            self.buffer.push((*target, source, anchor.clone()));
        }
        let path = self.dir.join(OUT_FILE);
        self.out
            .write_all(&record)
            .map_err(|e| IndexError::io(&path, e))?;
        self.links += links.len() as u64;
        if self.buffer.len() >= self.capacity {
            self.spill()?;
        }
        Ok(())
    }

    fn spill(&mut self) -> Result<(), IndexError> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        self.buffer.sort_unstable_by_key(|(t, s, _)| (*t, *s));
        let path = self.dir.join(format!("{RUN_PREFIX}{:05}.run", self.runs));
        let file = File::create(&path).map_err(|e| IndexError::io(&path, e))?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        let mut record = Vec::new();
        for (t, s, anchor) in self.buffer.drain(..) {
            record.clear();
            put_varint(&mut record, u64::from(t));
            put_varint(&mut record, u64::from(s));
            put_varint(&mut record, anchor.len() as u64);
            record.extend_from_slice(anchor.as_bytes());
            w.write_all(&record).map_err(|e| IndexError::io(&path, e))?;
        }
        w.flush().map_err(|e| IndexError::io(&path, e))?;
        self.runs += 1;
        self.buffer.shrink_to(self.capacity.min(1 << 16));
        Ok(())
    }

    /// Spills what is left and writes the degrees; returns the links collected.
    fn finish(mut self) -> Result<u64, IndexError> {
        self.spill()?;
        let out = self.dir.join(OUT_FILE);
        self.out.flush().map_err(|e| IndexError::io(&out, e))?;
        let path = self.dir.join(DEGREES_FILE);
        let mut bytes = Vec::with_capacity(self.degrees.len() * 4);
        for d in &self.degrees {
            bytes.extend_from_slice(&d.to_le_bytes());
        }
        std::fs::write(&path, bytes).map_err(|e| IndexError::io(&path, e))?;
        Ok(self.links)
    }
}

/// A sorted run being merged.
struct RunReader {
    input: BufReader<File>,
    path: PathBuf,
}

impl RunReader {
    fn open(path: PathBuf) -> Result<Self, IndexError> {
        let file = File::open(&path).map_err(|e| IndexError::io(&path, e))?;
        Ok(Self {
            input: BufReader::with_capacity(1 << 18, file),
            path,
        })
    }

    fn varint(&mut self) -> Result<Option<u64>, IndexError> {
        let mut v = 0u64;
        let mut shift = 0u32;
        let mut byte = [0u8; 1];
        loop {
            match self.input.read(&mut byte) {
                Ok(0) if shift == 0 => return Ok(None),
                Ok(0) => {
                    return Err(IndexError::Corrupt(format!(
                        "{}: truncated",
                        self.path.display()
                    )));
                }
                Ok(_) => {}
                Err(e) => return Err(IndexError::io(&self.path, e)),
            }
            if shift > 63 {
                return Err(IndexError::Corrupt(format!(
                    "{}: varint",
                    self.path.display()
                )));
            }
            v |= u64::from(byte[0] & 0x7f) << shift;
            if byte[0] & 0x80 == 0 {
                return Ok(Some(v));
            }
            shift += 7;
        }
    }

    /// The next (entry, text) of a page-texts file, or `None` at the end.
    fn next_text(&mut self) -> Result<Option<(u32, String)>, IndexError> {
        let corrupt = || IndexError::Corrupt("page texts".into());
        let Some(e) = self.varint()? else {
            return Ok(None);
        };
        let n = self.varint()?.ok_or_else(corrupt)?;
        if n > 64 * 1024 {
            return Err(corrupt());
        }
        let mut text = vec![0u8; n as usize];
        self.input
            .read_exact(&mut text)
            .map_err(|e| IndexError::io(&self.path, e))?;
        Ok(Some((
            u32::try_from(e).map_err(|_| corrupt())?,
            String::from_utf8_lossy(&text).into_owned(),
        )))
    }

    /// The next (target, source, anchor), or `None` at the end.
    fn next(&mut self) -> Result<Option<(u32, u32, String)>, IndexError> {
        let corrupt = || IndexError::Corrupt("link run".into());
        let Some(t) = self.varint()? else {
            return Ok(None);
        };
        let s = self.varint()?.ok_or_else(corrupt)?;
        let n = self.varint()?.ok_or_else(corrupt)?;
        if n > 64 * 1024 {
            return Err(corrupt());
        }
        let mut text = vec![0u8; n as usize];
        self.input
            .read_exact(&mut text)
            .map_err(|e| IndexError::io(&self.path, e))?;
        Ok(Some((
            u32::try_from(t).map_err(|_| corrupt())?,
            u32::try_from(s).map_err(|_| corrupt())?,
            String::from_utf8_lossy(&text).into_owned(),
        )))
    }
}

/// Completes a sidecar in `staging` from the link runs, outbound records and degrees of
/// `parts` (the staging directory itself, or merged shards), then publishes it to `target`.
fn finish(
    archive: &Archive,
    staging: &Path,
    target: &Path,
    parts: &[PathBuf],
    opts: &BuildOptions<'_>,
    started: Instant,
    vectors: Embedded,
) -> Result<BuildReport, IndexError> {
    let entries = archive.all_entry_count();
    let mut degrees = vec![0u32; entries as usize];
    let mut pages = 0u64;
    let mut sections = 0u64;
    for part in parts {
        let path = part.join(DEGREES_FILE);
        let bytes = std::fs::read(&path).map_err(|e| IndexError::io(&path, e))?;
        if bytes.len() != degrees.len() * 4 {
            return Err(IndexError::Corrupt("degrees of another archive".into()));
        }
        for (d, b) in degrees.iter_mut().zip(bytes.chunks_exact(4)) {
            let v = b.try_into().map(u32::from_le_bytes).unwrap_or(0);
            *d = d.saturating_add(v);
        }
        if part != staging {
            let m = Manifest::read(part)?;
            pages += m.pages;
            sections += m.sections;
        }
    }
    if parts.len() == 1 && parts.first().is_some_and(|p| p == staging) {
        // A whole build: its counts come from its own pass.
        pages = pages_to_read(archive, None).len() as u64;
        sections = 0;
    }
    let threshold = if pages >= FURNITURE_MIN_PAGES {
        u32::try_from(pages / 2).unwrap_or(u32::MAX)
    } else {
        0
    };
    let degree = |e: u32| degrees.get(e as usize).copied().unwrap_or(0);
    // Inbound lists, target by target, from every run of every part.
    let mut runs = Vec::new();
    for part in parts {
        let listing = std::fs::read_dir(part).map_err(|e| IndexError::io(part, e))?;
        for entry in listing.flatten() {
            let name = entry.file_name();
            if name.to_string_lossy().starts_with(RUN_PREFIX) {
                runs.push(RunReader::open(entry.path())?);
            }
        }
    }
    let graph_path = staging.join(crate::graph::FILE_NAME);
    let mut graph = GraphWriter::create(&graph_path, entries)?;
    let anchors = SectionWriter::open(&staging.join(SECTIONS_DIR), 1, 64 * 1024 * 1024)?;
    let mut heap = BinaryHeap::new();
    for (i, run) in runs.iter_mut().enumerate() {
        if let Some((t, s, a)) = run.next()? {
            heap.push(std::cmp::Reverse((t, s, i, a)));
        }
    }
    let mut current: Option<u32> = None;
    let mut group: Vec<(u32, String)> = Vec::new();
    let mut links = 0u64;
    let mut flush = |target: u32, group: &mut Vec<(u32, String)>| -> Result<(), IndexError> {
        if group.is_empty() {
            return Ok(());
        }
        group.sort_by_key(|(s, _)| {
            let d = degree(*s);
            (threshold > 0 && d >= threshold, std::cmp::Reverse(d), *s)
        });
        group.dedup_by_key(|(s, _)| *s);
        let list: Vec<(u32, &str)> = group.iter().map(|(s, a)| (*s, a.as_str())).collect();
        graph
            .add_inbound(target, &list)
            .map_err(|e| IndexError::io(&graph_path, e))?;
        links += list.len() as u64;
        let mut texts: Vec<&str> = Vec::new();
        let mut chars = 0usize;
        for (_, a) in &list {
            if a.is_empty() || texts.contains(a) {
                continue;
            }
            if texts.len() >= MAX_ANCHOR_TEXTS || chars >= MAX_ANCHOR_DOC_CHARS {
                break;
            }
            chars += a.chars().count();
            texts.push(a);
        }
        if !texts.is_empty() {
            anchors.add_anchors(target, &texts.join(" | "))?;
        }
        group.clear();
        Ok(())
    };
    while let Some(std::cmp::Reverse((t, s, i, a))) = heap.pop() {
        if opts.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(IndexError::Interrupted);
        }
        if current != Some(t) {
            if let Some(c) = current {
                flush(c, &mut group)?;
            }
            current = Some(t);
        }
        group.push((s, a));
        if let Some(run) = runs.get_mut(i)
            && let Some((t2, s2, a2)) = run.next()?
        {
            heap.push(std::cmp::Reverse((t2, s2, i, a2)));
        }
    }
    if let Some(c) = current {
        flush(c, &mut group)?;
    }
    // Outbound lists: where each source's record is in which part's file.
    let mut files = Vec::new();
    let mut where_is: Vec<Option<(u16, u64)>> = vec![None; entries as usize];
    for (n, part) in parts.iter().enumerate() {
        let path = part.join(OUT_FILE);
        let bytes_len = std::fs::metadata(&path)
            .map_err(|e| IndexError::io(&path, e))?
            .len();
        let file = File::open(&path).map_err(|e| IndexError::io(&path, e))?;
        let mut reader = BufReader::with_capacity(
            1 << 18,
            File::open(&path).map_err(|e| IndexError::io(&path, e))?,
        );
        let mut offset = 0u64;
        let mut buf = Vec::new();
        while offset < bytes_len {
            // A record: varint source, varint count, count varint targets.
            let (source, len) = scan_record(&mut reader, &mut buf)
                .ok_or_else(|| IndexError::Corrupt("outbound records".into()))?;
            if let Some(slot) = where_is.get_mut(source as usize) {
                *slot = Some((u16::try_from(n).unwrap_or(u16::MAX), offset));
            }
            offset += len;
        }
        files.push(file);
    }
    let outbound = |source: u32| -> Vec<u32> {
        let Some(Some((n, offset))) = where_is.get(source as usize) else {
            return Vec::new();
        };
        let Some(file) = files.get(usize::from(*n)) else {
            return Vec::new();
        };
        read_record(file, *offset).unwrap_or_default()
    };
    graph.finish(&graph_path, pages, &degrees, outbound)?;
    anchors.finish()?;
    // Intermediate files go; the manifest is written last.
    for part in parts {
        if part == staging {
            for entry in std::fs::read_dir(staging)
                .map_err(|e| IndexError::io(staging, e))?
                .flatten()
            {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.starts_with(RUN_PREFIX)
                    || name == OUT_FILE
                    || name == DEGREES_FILE
                    || name.starts_with(PROGRESS_FILE)
                {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
    }
    let sections = if sections == 0 {
        crate::sections::SectionIndex::open(&staging.join(SECTIONS_DIR))?.documents()
    } else {
        sections
    };
    let manifest = Collected {
        pages,
        sections,
        links,
        vectors,
    }
    .manifest(archive, None, started)?;
    manifest.write(staging)?;
    publish(staging, target)?;
    Ok(BuildReport {
        size_bytes: crate::locate::dir_size(target),
        dir: target.to_path_buf(),
        manifest,
    })
}

/// Reads one outbound record from `reader` into `buf`: its source and its length in bytes.
fn scan_record(reader: &mut BufReader<File>, buf: &mut Vec<u8>) -> Option<(u32, u64)> {
    buf.clear();
    let mut read_varint = |buf: &mut Vec<u8>| -> Option<u64> {
        let mut v = 0u64;
        let mut shift = 0u32;
        loop {
            let mut b = [0u8; 1];
            reader.read_exact(&mut b).ok()?;
            buf.push(b[0]);
            if shift > 63 {
                return None;
            }
            v |= u64::from(b[0] & 0x7f) << shift;
            if b[0] & 0x80 == 0 {
                return Some(v);
            }
            shift += 7;
        }
    };
    let source = u32::try_from(read_varint(buf)?).ok()?;
    let count = read_varint(buf)?;
    for _ in 0..count {
        read_varint(buf)?;
    }
    Some((source, buf.len() as u64))
}

/// The targets of the outbound record at `offset` of `file`.
fn read_record(file: &File, offset: u64) -> Option<Vec<u32>> {
    // Read a window and decode; grow it while the record is longer.
    let mut window = 4096usize;
    loop {
        let mut buf = vec![0u8; window];
        let n = read_some_at(file, &mut buf, offset)?;
        buf.truncate(n);
        let mut at = 0usize;
        let parsed = (|| {
            let _source = get_varint(&buf, &mut at)?;
            let count = get_varint(&buf, &mut at)?;
            let mut out = Vec::with_capacity(usize::try_from(count).ok()?.min(1 << 20));
            for _ in 0..count {
                out.push(u32::try_from(get_varint(&buf, &mut at)?).ok()?);
            }
            Some(out)
        })();
        match parsed {
            Some(out) => return Some(out),
            None if n == window && window < (64 << 20) => window *= 4,
            None => return None,
        }
    }
}

fn read_some_at(file: &File, buf: &mut [u8], offset: u64) -> Option<usize> {
    let mut filled = 0usize;
    while filled < buf.len() {
        let rest = buf.get_mut(filled..)?;
        match file.read_at(rest, offset + filled as u64) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(_) => return None,
        }
    }
    Some(filled)
}

/// Publishes `staging` as `target`, replacing an older sidecar there.
fn publish(staging: &Path, target: &Path) -> Result<(), IndexError> {
    let _ = std::fs::remove_file(staging.join(PROGRESS_FILE));
    if target.exists() {
        let old = suffixed(target, &format!(".old-{}", std::process::id()));
        std::fs::rename(target, &old).map_err(|e| IndexError::io(target, e))?;
        std::fs::rename(staging, target).map_err(|e| IndexError::io(target, e))?;
        let _ = std::fs::remove_dir_all(&old);
    } else {
        std::fs::rename(staging, target).map_err(|e| IndexError::io(target, e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_record_is_bounded_and_boilerplate_headings_are_left_out() {
        let sections: Vec<zim_render::SectionText> = (0..1000)
            .map(|i| zim_render::SectionText {
                id: Some(format!("s{i}")),
                heading_path: vec![format!("Heading {i} {}", "x".repeat(1000))],
                text: String::new(),
            })
            .collect();
        let record = vector_parts(&"T".repeat(10_000), &"L".repeat(10_000), &sections);
        assert!(record.len() < 16 * 1024, "{}", record.len());
        let record = vector_parts(
            "git-mv(1)",
            "git-mv - Move or rename a file",
            &[
                zim_render::SectionText {
                    id: Some("_name".into()),
                    heading_path: vec!["NAME".into()],
                    text: String::new(),
                },
                zim_render::SectionText {
                    id: Some("_renames".into()),
                    heading_path: vec!["Renaming submodules".into()],
                    text: String::new(),
                },
            ],
        );
        let generic: std::collections::HashSet<String> = ["name".to_string()].into();
        assert_eq!(
            vector_text(&record, &generic),
            "git-mv(1). git-mv - Move or rename a file. Renaming submodules"
        );
    }

    #[test]
    fn shards_split_the_entries_without_gaps() {
        let s: Shard = "1/3".parse().expect("parse");
        assert_eq!((s.index, s.count), (1, 3));
        for bad in ["3/3", "1", "a/b", "0/0", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let ranges: Vec<_> = (0..3)
            .map(|i| Shard { index: i, count: 3 }.range(10))
            .collect();
        assert_eq!(ranges, [0..3, 3..6, 6..10]);
    }
}
