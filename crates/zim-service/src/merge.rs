//! One ranking across archives for a cross-file `zim_search` (`merged_results`), next to the
//! spec's `per_file_results`.
//!
//! Scores from different archives are not comparable as raw Xapian weights (BM25 depends on
//! each archive's size and term statistics), so each hit is ranked by a score normalised
//! within its own archive:
//!
//! - **fulltext**: Xapian's percentage divided by 100. Xapian already normalises it per
//!   database and query: the best match's percentage is the share of the query's terms it
//!   matches, and every other hit is scaled by its weight relative to that best match. A hit
//!   that matches every term of the query scores near 1.0 in a big archive and in a small one.
//!   Hits found by the title fallback (an archive without a full-text index) carry no
//!   percentage; they rank after every scored hit, by their rank within their archive.
//! - **title / suggest**: title matches carry no scores at all, so the lists are interleaved
//!   by position (every archive's first match, then every second...), archives in the order
//!   `per_file_results` lists them.
//!
//! Ties keep the per-archive rank, then the archive order, so the ranking is deterministic.
//! The merged list holds every hit of the page (`limit` per archive), none dropped, so paging
//! with the cursor never skips one.

use std::cmp::Ordering;

use serde_json::{Value, json};

use crate::requests::SearchMode;

/// The merged ranking of one cross-file page. `per_file` holds each archive's response (with
/// its `zim_file` name), in archive order.
pub fn merged_ranking(mode: SearchMode, per_file: &[Value]) -> Vec<Value> {
    let mut ranked: Vec<Ranked> = Vec::new();
    for (archive, response) in per_file.iter().enumerate() {
        let zim_file = response.get("zim_file").cloned().unwrap_or(Value::Null);
        let fallback = response.get("source").and_then(Value::as_str) == Some("title_fallback");
        let list_key = match mode {
            SearchMode::Fulltext => "results",
            SearchMode::Title => "candidates",
            SearchMode::Suggest => "suggestions",
        };
        let Some(hits) = response.get(list_key).and_then(Value::as_array) else {
            continue;
        };
        for (position, hit) in hits.iter().enumerate() {
            let normalized = match mode {
                SearchMode::Fulltext if !fallback => hit
                    .get("score")
                    .and_then(Value::as_f64)
                    .map(|percent| (percent / 100.0).clamp(0.0, 1.0)),
                _ => None,
            };
            let mut entry = json!({
                "zim_file": zim_file,
                "path": hit.get("path").cloned().unwrap_or(Value::Null),
                "title": hit.get("title").cloned().unwrap_or(Value::Null),
                "archive_rank": position,
            });
            if let Some(map) = entry.as_object_mut() {
                if let Some(score) = normalized {
                    map.insert("normalized_score".into(), json!(round4(score)));
                }
                if let Some(snippet) = hit.get("snippet") {
                    map.insert("snippet".into(), snippet.clone());
                }
            }
            ranked.push(Ranked {
                normalized,
                position,
                archive,
                entry,
            });
        }
    }
    ranked.sort_by(|a, b| {
        // Scored hits first, best score first; then position, then archive order.
        match (a.normalized, b.normalized) {
            (Some(x), Some(y)) => y.partial_cmp(&x).unwrap_or(Ordering::Equal),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        }
        .then(a.position.cmp(&b.position))
        .then(a.archive.cmp(&b.archive))
    });
    ranked
        .into_iter()
        .enumerate()
        .map(|(rank, mut r)| {
            if let Some(map) = r.entry.as_object_mut() {
                map.insert("rank".into(), json!(rank));
            }
            r.entry
        })
        .collect()
}

struct Ranked {
    normalized: Option<f64>,
    position: usize,
    archive: usize,
    entry: Value,
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(path: &str, score: i64) -> Value {
        json!({"path": path, "title": path, "score": score, "snippet": format!("about {path}")})
    }

    #[test]
    fn fulltext_hits_rank_by_percentage_across_archives() {
        let a = json!({"zim_file": "a.zim", "results": [hit("A1", 90), hit("A2", 40)]});
        let b = json!({"zim_file": "b.zim", "results": [hit("B1", 70), hit("B2", 40)]});
        let merged = merged_ranking(SearchMode::Fulltext, &[a, b]);
        let order: Vec<&str> = merged.iter().map(|m| m["path"].as_str().unwrap()).collect();
        // A2 and B2 tie on score: the tie keeps per-archive rank (both 1), then archive order.
        assert_eq!(order, ["A1", "B1", "A2", "B2"]);
        assert_eq!(merged[0]["normalized_score"], json!(0.9));
        assert_eq!(merged[1]["zim_file"], "b.zim");
        assert_eq!(merged[1]["archive_rank"], 0);
        assert_eq!(merged[3]["rank"], 3);
        assert_eq!(merged[0]["snippet"], "about A1");
    }

    #[test]
    fn title_fallback_hits_follow_scored_ones() {
        let indexed = json!({"zim_file": "a.zim", "results": [hit("A1", 12)]});
        let fallback = json!({"zim_file": "b.zim", "source": "title_fallback",
                              "results": [hit("B1", 0), hit("B2", 0)]});
        let merged = merged_ranking(SearchMode::Fulltext, &[fallback, indexed]);
        let order: Vec<&str> = merged.iter().map(|m| m["path"].as_str().unwrap()).collect();
        assert_eq!(order, ["A1", "B1", "B2"]);
        assert!(merged[1].get("normalized_score").is_none());
    }

    #[test]
    fn suggestions_interleave_by_position() {
        let s = |paths: &[&str]| json!({"suggestions": paths.iter().map(|p| json!({"path": p, "title": p})).collect::<Vec<_>>()});
        let merged = merged_ranking(SearchMode::Suggest, &[s(&["a", "b", "c"]), s(&["x"])]);
        let order: Vec<&str> = merged.iter().map(|m| m["path"].as_str().unwrap()).collect();
        assert_eq!(order, ["a", "x", "b", "c"]);
    }

    #[test]
    fn malformed_responses_are_skipped_not_fatal() {
        let merged = merged_ranking(
            SearchMode::Fulltext,
            &[
                json!(null),
                json!({"results": "nope"}),
                json!({"results": [{"score": "x"}]}),
            ],
        );
        assert_eq!(merged.len(), 1);
        assert!(merged[0].get("normalized_score").is_none());
    }
}
