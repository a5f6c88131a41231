//! Misspelt words of a request, corrected before it is searched (`query_rewrite.*`).
//!
//! Two sources, as openzim-mcp 3.4.0 has them: a misspelling map (`wrong=right` per line,
//! `#` comments, lowercase; read from `query_rewrite.misspelling_map_path`) with exclusions
//! (one word per line, `misspelling_exclusion_path`), and — our addition, since most archives
//! are not in English and no list covers an archive's vocabulary — the archive itself: a word
//! no page holds is replaced by the closest word that pages do hold (one edit for words of up
//! to six letters, two beyond; the most frequent wins among the closest). Words the archive
//! holds, identifiers and excluded words are never touched. No data file ships with zim-mcp.

use crate::config::QueryRewriteConfig;
use std::collections::{HashMap, HashSet};

/// Map entries read at most (openzim-mcp caps its own list at 500).
const MAX_MAP_ENTRIES: usize = 100_000;
/// Vocabulary words examined per misspelt word.
const VOCABULARY_SCAN: u32 = 50_000;
/// Letters a word shares with its correction at the start (typos rarely hit the first ones,
/// and the prefix bounds the vocabulary scan).
const SHARED_PREFIX: usize = 2;
/// Shortest word corrected from the vocabulary.
const MIN_CORRECTED_CHARS: usize = 4;

/// A request word and what it is searched as.
pub type Correction = (String, String);
/// The archive's words with a prefix (at most the count given), with their page counts.
pub type Vocabulary<'a> = &'a dyn Fn(&str, u32) -> Vec<(String, u64)>;

/// The rewrite settings, loaded once.
#[derive(Debug, Clone, Default)]
pub struct Rewriter {
    enabled: bool,
    map: HashMap<String, String>,
    exclusions: HashSet<String>,
}

impl Rewriter {
    /// From the configuration; unreadable files were refused when the configuration was
    /// validated, so a read failure here leaves that source empty (and is logged).
    pub fn from_config(config: &QueryRewriteConfig) -> Rewriter {
        let read = |path: &Option<std::path::PathBuf>| -> String {
            path.as_deref()
                .and_then(|p| match std::fs::read_to_string(p) {
                    Ok(text) => Some(text),
                    Err(err) => {
                        tracing::warn!("query_rewrite file not read: {err}");
                        None
                    }
                })
                .unwrap_or_default()
        };
        Rewriter {
            enabled: config.enabled,
            map: parse_map(&read(&config.misspelling_map_path)),
            exclusions: parse_exclusions(&read(&config.misspelling_exclusion_path)),
        }
    }

    /// Corrections for `terms` (lowercase request words), as `(from, to)` pairs.
    /// `frequency` tells how many pages hold a word (`None`: unknown, nothing is corrected
    /// from the vocabulary); `vocabulary` lists the archive's words with a prefix.
    pub fn corrections(
        &self,
        terms: &[String],
        protected: &[String],
        frequency: &dyn Fn(&str) -> Option<u64>,
        vocabulary: Vocabulary<'_>,
    ) -> Vec<Correction> {
        if !self.enabled {
            return Vec::new();
        }
        let mut out = Vec::new();
        for term in terms {
            if self.exclusions.contains(term) || protected.iter().any(|p| p == term) {
                continue;
            }
            if let Some(right) = self.map.get(term) {
                out.push((term.clone(), right.clone()));
                continue;
            }
            if frequency(term) != Some(0)
                || term.chars().count() < MIN_CORRECTED_CHARS
                || !term.chars().all(char::is_alphabetic)
                // Edit distance says nothing of ideographs' or kana's likeness.
                || crate::retrieval::cjk::has_cjk(term)
            {
                continue;
            }
            let prefix: String = term.chars().take(SHARED_PREFIX).collect();
            if let Some(best) = closest(term, &vocabulary(&prefix, VOCABULARY_SCAN)) {
                out.push((term.clone(), best));
            }
        }
        out
    }
}

/// The vocabulary word closest to `word` within its allowed edits, the most frequent first.
fn closest(word: &str, vocabulary: &[(String, u64)]) -> Option<String> {
    let len = word.chars().count();
    let allowed = if len <= 6 { 1 } else { 2 };
    vocabulary
        .iter()
        .filter(|(w, freq)| *freq > 0 && w != word && w.chars().all(char::is_alphabetic))
        .filter(|(w, _)| w.chars().count().abs_diff(len) <= allowed)
        .map(|(w, freq)| (strsim::damerau_levenshtein(word, w), *freq, w))
        .filter(|(distance, _, _)| *distance <= allowed)
        .min_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)))
        .map(|(_, _, w)| w.clone())
}

fn parse_map(text: &str) -> HashMap<String, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(wrong, right)| (wrong.trim().to_lowercase(), right.trim().to_lowercase()))
        .filter(|(wrong, right)| !wrong.is_empty() && !right.is_empty() && wrong != right)
        .take(MAX_MAP_ENTRIES)
        .collect()
}

fn parse_exclusions(text: &str) -> HashSet<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_lowercase)
        .take(MAX_MAP_ENTRIES)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewriter(map: &str, exclusions: &str) -> Rewriter {
        Rewriter {
            enabled: true,
            map: parse_map(map),
            exclusions: parse_exclusions(exclusions),
        }
    }

    fn vocabulary(prefix: &str, _max: u32) -> Vec<(String, u64)> {
        [
            ("reverse", 40),
            ("revert", 12),
            ("revers", 1),
            ("receive", 30),
            ("vector", 50),
        ]
        .iter()
        .filter(|(w, _)| w.starts_with(prefix))
        .map(|(w, f)| ((*w).to_owned(), *f))
        .collect()
    }

    fn known(word: &str) -> Option<u64> {
        Some(if vocabulary(word, 0).iter().any(|(w, _)| w == word) {
            5
        } else {
            0
        })
    }

    #[test]
    fn unknown_words_take_the_closest_frequent_word_of_the_archive() {
        let r = rewriter("", "");
        let terms = vec!["revrse".to_owned(), "vector".to_owned(), "zzzz".to_owned()];
        let fixed = r.corrections(&terms, &[], &known, &vocabulary);
        assert_eq!(fixed, vec![("revrse".to_owned(), "reverse".to_owned())]);
    }

    #[test]
    fn the_map_comes_first_and_exclusions_and_identifiers_are_kept() {
        let r = rewriter("# comment\nrecieve=receive\nbad line\n", "revrse\n");
        let terms = vec![
            "recieve".to_owned(),
            "revrse".to_owned(),
            "vectr".to_owned(),
        ];
        let fixed = r.corrections(&terms, &["vectr".to_owned()], &known, &vocabulary);
        assert_eq!(fixed, vec![("recieve".to_owned(), "receive".to_owned())]);
        let off = Rewriter::default();
        assert!(off.corrections(&terms, &[], &known, &vocabulary).is_empty());
        // Unknown frequency (no index): nothing is guessed from the vocabulary.
        let none = r.corrections(&["vectr".to_owned()], &[], &|_| None, &vocabulary);
        assert!(none.is_empty());
    }
}
