//! One embedded Xapian database (full-text or title) of an archive, opened in place from the
//! archive file and shared between threads through a pool of handles.

use std::path::Path;
use std::sync::Arc;

use cxx::UniquePtr;
use zim_reader::IndexLocation;

use crate::EstimateConcurrency;
use crate::error::{IndexKind, SearchError};
use crate::ffi::bridge::{self, XapianIndex};
use crate::helper;
use crate::language::stemmer_language;
use crate::pool::Pool;
use crate::raw::{RawHit, RawMatches};

/// Idle handles kept per index; more are opened when more threads search at once.
const MAX_IDLE_HANDLES: usize = 16;

/// From this much posting-list work (`QueryPlan::estimate_work`, the summed term frequencies)
/// libzim's estimate match is handed to a helper thread beside the page match; below it the
/// helper's wake-up costs about what it saves (BENCHMARKS.md). Calibrated on the
/// rustdocs.zim query set (BENCHMARKS.md).
const PARALLEL_ESTIMATE_WORK: u64 = 5_000;

/// Facts read once from the database when it is first opened.
#[derive(Debug, Clone)]
pub(crate) struct IndexMeta {
    /// Language passed to `Xapian::Stem`.
    pub stem_language: String,
    /// The `data` metadata: `fullPath` (default) or something else; decides libzim's path form.
    pub data_is_full_path: bool,
    pub doc_count: u32,
}

pub(crate) struct SharedIndex {
    kind: IndexKind,
    file: String,
    offset: u64,
    meta: IndexMeta,
    pool: Arc<Pool<UniquePtr<XapianIndex>>>,
    /// `QueryPlan::estimate_work` from which the estimate match runs on a helper.
    parallel_estimate_work: u64,
}

/// A handle lent to a task that may outlive the borrowing call's frame (a helper thread): it
/// goes back to the pool when the task is done or dropped unrun.
struct Borrowed {
    handle: Option<UniquePtr<XapianIndex>>,
    pool: Arc<Pool<UniquePtr<XapianIndex>>>,
}

impl Drop for Borrowed {
    fn drop(&mut self) {
        if let Some(handle) = self.handle.take() {
            self.pool.give_back(handle);
        }
    }
}

fn index_error(kind: IndexKind, err: cxx::Exception) -> SearchError {
    SearchError::Index {
        index: kind,
        message: err.what().to_owned(),
    }
}

/// Checks that the database lies inside one physical file, as Xapian can only read it there.
fn check_location(location: &IndexLocation) -> Result<String, String> {
    let file_len = std::fs::metadata(&location.file)
        .map_err(|e| format!("index_open_failed: {}: {e}", location.file.display()))?
        .len();
    let end = location
        .offset
        .checked_add(location.size)
        .ok_or_else(|| "index_open_failed: index offset overflows".to_owned())?;
    if end > file_len {
        return Err("index_outside_file".to_owned());
    }
    path_to_str(&location.file)
}

fn path_to_str(path: &Path) -> Result<String, String> {
    path.to_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("index_open_failed: non UTF-8 path {}", path.display()))
}

impl SharedIndex {
    /// Opens the database once to validate it and read its metadata. `archive_language` is the
    /// archive's `Language` metadata; `Err` carries the unavailability reason.
    pub(crate) fn open(
        kind: IndexKind,
        location: &IndexLocation,
        archive_language: &str,
        concurrency: EstimateConcurrency,
    ) -> Result<SharedIndex, String> {
        let file = check_location(location)?;
        let mut first = bridge::open_index(&file, location.offset)
            .map_err(|e| format!("index_open_failed: {}", e.what()))?;
        if first.is_null() {
            return Err("index_open_failed: the bridge returned no database".to_owned());
        }
        let read = |key: &str| -> Result<String, String> {
            bridge::index_metadata(&first, key)
                .map_err(|e| format!("index_open_failed: {}", e.what()))
        };
        let db_language = read("language")?;
        let data_type = read("data")?;
        // libzim: the full-text stemmer comes from the database's own language metadata only;
        // the title index falls back to the archive's Language (old databases have none).
        let language = match kind {
            IndexKind::Fulltext => db_language,
            IndexKind::Title if db_language.is_empty() => archive_language.to_owned(),
            IndexKind::Title => db_language,
        };
        let info =
            bridge::index_info(&first).map_err(|e| format!("index_open_failed: {}", e.what()))?;
        let meta = IndexMeta {
            stem_language: stemmer_language(&language),
            data_is_full_path: data_type.is_empty() || data_type == "fullPath",
            doc_count: info.doc_count,
        };
        bridge::configure_index(
            first.pin_mut(),
            kind == IndexKind::Title,
            &meta.stem_language,
        )
        .map_err(|e| format!("index_open_failed: {}", e.what()))?;
        let shared = SharedIndex {
            kind,
            file,
            offset: location.offset,
            meta,
            pool: Arc::new(Pool::new(MAX_IDLE_HANDLES)),
            parallel_estimate_work: match concurrency {
                EstimateConcurrency::Auto => PARALLEL_ESTIMATE_WORK,
                EstimateConcurrency::Always => 1,
                EstimateConcurrency::Never => u64::MAX,
            },
        };
        shared.pool.give_back(first);
        Ok(shared)
    }

    fn new_handle(&self) -> Result<UniquePtr<XapianIndex>, SearchError> {
        let mut handle =
            bridge::open_index(&self.file, self.offset).map_err(|e| index_error(self.kind, e))?;
        if handle.is_null() {
            return Err(SearchError::Index {
                index: self.kind,
                message: "the bridge returned no database".to_owned(),
            });
        }
        bridge::configure_index(
            handle.pin_mut(),
            self.kind == IndexKind::Title,
            &self.meta.stem_language,
        )
        .map_err(|e| index_error(self.kind, e))?;
        Ok(handle)
    }

    /// An idle handle from the pool, or a newly opened one.
    fn checkout(&self) -> Result<UniquePtr<XapianIndex>, SearchError> {
        match self.pool.take() {
            Some(handle) => Ok(handle),
            None => self.new_handle(),
        }
    }

    /// Runs `work` with a handle of its own. A handle whose use failed is dropped rather than
    /// returned (its state after a Xapian error is not trusted).
    fn with_handle<R>(
        &self,
        work: impl FnOnce(&mut UniquePtr<XapianIndex>) -> Result<R, cxx::Exception>,
    ) -> Result<R, SearchError> {
        let mut handle = self.checkout()?;
        let result = work(&mut handle).map_err(|e| index_error(self.kind, e))?;
        self.pool.give_back(handle);
        Ok(result)
    }

    /// Runs a (folded) query; `want_estimate` also computes libzim's estimated total.
    pub(crate) fn query(
        &self,
        folded_query: &str,
        offset: u32,
        limit: u32,
        want_estimate: bool,
    ) -> Result<RawMatches, SearchError> {
        self.run(folded_query, offset, limit, want_estimate, true)
    }

    /// Like [`SharedIndex::query`], without reading word counts (cheaper for long scans).
    pub(crate) fn query_paths(
        &self,
        folded_query: &str,
        offset: u32,
        limit: u32,
        want_estimate: bool,
    ) -> Result<RawMatches, SearchError> {
        self.run(folded_query, offset, limit, want_estimate, false)
    }

    /// Best-match query: documents matching any of the (folded) words, ranked by BM25.
    pub(crate) fn query_any_words(
        &self,
        folded_query: &str,
        limit: u32,
    ) -> Result<RawMatches, SearchError> {
        let set = self
            .with_handle(|handle| bridge::run_any_words(handle.pin_mut(), folded_query, limit))?;
        Ok(RawMatches {
            estimated: 0,
            lower_bound: u64::from(set.lower_bound),
            parse_error: set.parse_error,
            hits: set
                .hits
                .into_iter()
                .map(|hit| RawHit {
                    data: hit.data,
                    docid: hit.docid,
                    percent: hit.percent,
                    word_count: None,
                })
                .collect(),
        })
    }

    /// The number of documents, and of documents holding each (folded) word.
    pub(crate) fn word_frequencies(
        &self,
        words: &[String],
    ) -> Result<(u64, Vec<u64>), SearchError> {
        self.with_handle(|handle| {
            let docs = bridge::index_info(&*handle)?.doc_count;
            let freqs = bridge::word_frequencies(handle.pin_mut(), words)?;
            Ok((u64::from(docs), freqs.into_iter().map(u64::from).collect()))
        })
    }

    /// Terms beginning with `prefix` (at most `max`), with their document frequencies.
    pub(crate) fn terms_with_prefix(
        &self,
        prefix: &str,
        max: u32,
    ) -> Result<Vec<(String, u64)>, SearchError> {
        let terms = self.with_handle(|handle| bridge::terms_with_prefix(&*handle, prefix, max))?;
        Ok(terms
            .into_iter()
            .map(|t| (t.term, u64::from(t.freq)))
            .collect())
    }

    /// Fills in the word counts of hits returned by [`SharedIndex::query_paths`].
    pub(crate) fn fill_word_counts(&self, hits: &mut [RawHit]) -> Result<(), SearchError> {
        let docids: Vec<u32> = hits.iter().map(|h| h.docid).collect();
        let counts = self.with_handle(|handle| bridge::word_counts(handle, &docids))?;
        for (hit, count) in hits.iter_mut().zip(counts) {
            hit.word_count = u64::try_from(count).ok();
        }
        Ok(())
    }

    fn run(
        &self,
        folded_query: &str,
        offset: u32,
        limit: u32,
        want_estimate: bool,
        want_word_counts: bool,
    ) -> Result<RawMatches, SearchError> {
        let mut handle = self.checkout()?;
        let plan = bridge::prepare_query(handle.pin_mut(), folded_query)
            .map_err(|e| index_error(self.kind, e))?;
        if plan.parse_error {
            self.pool.give_back(handle);
            return Ok(RawMatches {
                parse_error: true,
                ..RawMatches::default()
            });
        }
        let parallel =
            want_estimate && limit > 0 && plan.estimate_work >= self.parallel_estimate_work;
        let (page, estimated) = if parallel {
            self.page_with_concurrent_estimate(
                &mut handle,
                folded_query,
                offset,
                limit,
                want_word_counts,
            )
        } else {
            let page = bridge::run_prepared(
                handle.pin_mut(),
                offset,
                limit,
                want_estimate,
                want_word_counts,
            );
            let estimated = page
                .as_ref()
                .map(|set| u64::from(set.estimated))
                .unwrap_or(0);
            (page, Ok(estimated))
        };
        // A handle whose use failed is dropped rather than returned (its state after a Xapian
        // error is not trusted).
        let set = page.map_err(|e| index_error(self.kind, e))?;
        self.pool.give_back(handle);
        Ok(RawMatches {
            estimated: estimated?,
            lower_bound: u64::from(set.lower_bound),
            parse_error: false,
            hits: set
                .hits
                .into_iter()
                .map(|hit| RawHit {
                    data: hit.data,
                    docid: hit.docid,
                    percent: hit.percent,
                    word_count: u64::try_from(hit.word_count).ok(),
                })
                .collect(),
        })
    }

    /// The page match on `handle` (already prepared) while libzim's estimate match is posted
    /// to a helper thread with a second handle (see `helper.rs`: it runs here afterwards if no
    /// helper is free, so this is never slower than the two matches in sequence). When the page
    /// proves the estimate itself, the estimate match is abandoned.
    fn page_with_concurrent_estimate(
        &self,
        handle: &mut UniquePtr<XapianIndex>,
        folded_query: &str,
        offset: u32,
        limit: u32,
        want_word_counts: bool,
    ) -> (
        Result<bridge::MatchSet, cxx::Exception>,
        Result<u64, SearchError>,
    ) {
        let other = match self.checkout() {
            Ok(other) => other,
            Err(err) => {
                let page =
                    bridge::run_prepared(handle.pin_mut(), offset, limit, true, want_word_counts);
                let estimated = page
                    .as_ref()
                    .map(|set| u64::from(set.estimated))
                    .map_err(|_| err);
                return (page, estimated);
            }
        };
        let mut other = Borrowed {
            handle: Some(other),
            pool: self.pool.clone(),
        };
        let query = folded_query.to_owned();
        let estimate = helper::spawn(move || {
            let handle = other.handle.as_mut()?;
            match bridge::run_query(handle.pin_mut(), &query, 0, 0, true, false) {
                Ok(set) => Some(Ok(set.estimated)),
                Err(err) => {
                    // not trusted after a Xapian error: closed, not pooled again
                    drop(other.handle.take());
                    Some(Err(err.what().to_owned()))
                }
            }
        });
        let page = bridge::run_prepared(handle.pin_mut(), offset, limit, false, want_word_counts);
        if let Ok(set) = &page
            && set.estimate_proven
        {
            let proven = u64::from(set.estimated);
            estimate.abandon();
            return (page, Ok(proven));
        }
        let estimated = match estimate.join().flatten() {
            Some(Ok(estimated)) => Ok(u64::from(estimated)),
            Some(Err(message)) => Err(SearchError::Index {
                index: self.kind,
                message,
            }),
            None => Err(SearchError::Index {
                index: self.kind,
                message: "the estimate match did not complete".to_owned(),
            }),
        };
        (page, estimated)
    }

    pub(crate) fn snippet(
        &self,
        folded_query: &str,
        text: &str,
        max_chars: usize,
    ) -> Result<String, SearchError> {
        self.with_handle(|handle| {
            bridge::make_snippet(handle.pin_mut(), folded_query, text, max_chars)
        })
    }

    /// libzim's path form of a document's data: new-scheme archives whose index stores full
    /// paths drop the two-character namespace prefix (`C/`), blindly, as libzim does.
    pub(crate) fn display_path(&self, data: &str, new_namespace_scheme: bool) -> String {
        if new_namespace_scheme && self.meta.data_is_full_path {
            data.get(2..).unwrap_or("").to_owned()
        } else {
            data.to_owned()
        }
    }
}

/// Description of an open index for capability reports.
impl SharedIndex {
    pub(crate) fn describe(&self) -> String {
        format!("xapian ({} documents)", self.meta.doc_count)
    }
}

/// The `libxapian` version string, e.g. `1.4.22`.
pub(crate) fn xapian_version() -> String {
    bridge::xapian_version()
}
