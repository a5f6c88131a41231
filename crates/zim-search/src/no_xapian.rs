//! Stand-in for the Xapian bridge in builds without the `xapian` feature: the index type is
//! uninhabited, so every index is reported unavailable and only title fallbacks run.

use zim_reader::IndexLocation;

use crate::error::{IndexKind, SearchError};
use crate::raw::{RawHit, RawMatches};

pub(crate) enum SharedIndex {}

impl SharedIndex {
    pub(crate) fn open(
        _kind: IndexKind,
        _location: &IndexLocation,
        _archive_language: &str,
        _concurrency: crate::EstimateConcurrency,
    ) -> Result<SharedIndex, String> {
        Err("xapian_disabled".to_owned())
    }

    pub(crate) fn query(
        &self,
        _folded_query: &str,
        _offset: u32,
        _limit: u32,
        _want_estimate: bool,
    ) -> Result<RawMatches, SearchError> {
        match *self {}
    }

    pub(crate) fn query_paths(
        &self,
        _folded_query: &str,
        _offset: u32,
        _limit: u32,
        _want_estimate: bool,
    ) -> Result<RawMatches, SearchError> {
        match *self {}
    }

    pub(crate) fn query_any_words(
        &self,
        _folded_query: &str,
        _limit: u32,
    ) -> Result<RawMatches, SearchError> {
        match *self {}
    }

    pub(crate) fn word_frequencies(
        &self,
        _words: &[String],
    ) -> Result<(u64, Vec<u64>), SearchError> {
        match *self {}
    }

    pub(crate) fn terms_with_prefix(
        &self,
        _prefix: &str,
        _max: u32,
    ) -> Result<Vec<(String, u64)>, SearchError> {
        match *self {}
    }

    pub(crate) fn fill_word_counts(&self, _hits: &mut [RawHit]) -> Result<(), SearchError> {
        match *self {}
    }

    pub(crate) fn snippet(
        &self,
        _folded_query: &str,
        _text: &str,
        _max_chars: usize,
    ) -> Result<String, SearchError> {
        match *self {}
    }

    pub(crate) fn display_path(&self, _data: &str, _new_namespace_scheme: bool) -> String {
        match *self {}
    }

    pub(crate) fn describe(&self) -> String {
        match *self {}
    }
}
