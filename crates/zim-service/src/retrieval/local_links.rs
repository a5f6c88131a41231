//! Link analysis of a result set: among the first candidates of a ranking, the page the
//! others link to is what they are about (the "local authority" of link analysis over a
//! query's results: `git-stash` for "temporarily save uncommitted changes", pointed to from
//! the pages about committing and the working tree).
//!
//! The links come from the archive's knowledge index (every page's links, resolved through
//! redirects). Without an index, scanning the candidates' own HTML for links was measured
//! and left out: it lowered hit@3 (BENCHMARKS.md).

use std::collections::HashMap;

use super::rank::Ranked;

/// How much being linked from the other first candidates weighs, for the best-linked page.
pub const W_LOCAL_LINKS: f64 = 1.0;
/// A linker's place in the ranking counts as `1 / (place + RANK_DAMPING)`.
const RANK_DAMPING: f64 = 5.0;

/// The first `depth` pages of `ranked` gain up to [`W_LOCAL_LINKS`] by how much the others
/// among them link to them, and are ranked again. Each linker counts by its own place and
/// less the more pages it links to (an index page says little of each one); a page's gain
/// is its share of the best-linked page's.
pub fn rerank(ranked: &mut [Ranked], depth: usize, graph: &zim_index::LinkGraph) {
    let depth = ranked.len().min(depth);
    let Some(head) = ranked.get_mut(..depth) else {
        return;
    };
    let outbound = links_among(head, graph);
    let mut authority = vec![0.0_f64; head.len()];
    for (place, (targets, breadth)) in outbound.iter().enumerate() {
        let weight =
            1.0 / ((place as f64 + RANK_DAMPING) * (std::f64::consts::E + *breadth as f64).ln());
        for target in targets {
            if *target != place
                && let Some(a) = authority.get_mut(*target)
            {
                *a += weight;
            }
        }
    }
    let best = authority.iter().copied().fold(0.0_f64, f64::max);
    if best <= 0.0 {
        return;
    }
    for (candidate, a) in head.iter_mut().zip(&authority) {
        candidate.score += W_LOCAL_LINKS * a / best;
    }
    head.sort_by(|a, b| b.score.total_cmp(&a.score));
}

/// For each candidate: the places of the other candidates it links to (each once), and how
/// many distinct pages it links to in all.
fn links_among(head: &[Ranked], graph: &zim_index::LinkGraph) -> Vec<(Vec<usize>, usize)> {
    let places: HashMap<u32, usize> = head
        .iter()
        .enumerate()
        .filter_map(|(place, c)| Some((c.entry_index?, place)))
        .collect();
    head.iter()
        .map(|c| {
            let out = c
                .entry_index
                .and_then(|e| graph.outbound(e).ok())
                .unwrap_or_default();
            let targets = out.iter().filter_map(|e| places.get(e).copied()).collect();
            (targets, out.len())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(path: &str, score: f64, entry: u32) -> Ranked {
        Ranked {
            path: path.into(),
            title: path.into(),
            entry_index: Some(entry),
            score,
            sources: Vec::new(),
            title_coverage: 0.0,
            anchor: None,
            title_forms: Vec::new(),
        }
    }

    #[test]
    fn the_page_the_others_link_to_rises() {
        // Pages 0..3 link to page 3 ("stash"); nothing links to the others.
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("links.bin");
        let mut w = zim_index::graph::GraphWriter::create(&path, 4).expect("graph");
        w.add_inbound(3, &[(0, "stash"), (1, "stash"), (2, "stash")])
            .expect("add");
        let outbound = |s: u32| if s < 3 { vec![3] } else { Vec::new() };
        w.finish(&path, 4, &[0, 0, 0, 0], outbound).expect("finish");
        let graph = zim_index::LinkGraph::open(&path, 4).expect("open");
        let mut ranked = vec![
            page("commit", 1.0, 0),
            page("status", 0.95, 1),
            page("reset", 0.9, 2),
            page("stash", 0.5, 3),
        ];
        rerank(&mut ranked, 30, &graph);
        assert_eq!(ranked.first().map(|r| r.path.as_str()), Some("stash"));
        // Without links among them, the order stays.
        let mut alone = vec![page("a", 1.0, 0), page("b", 0.5, 1)];
        let empty_path = dir.path().join("empty.bin");
        let w = zim_index::graph::GraphWriter::create(&empty_path, 4).expect("graph");
        w.finish(&empty_path, 4, &[0, 0, 0, 0], |_| Vec::new())
            .expect("finish");
        let empty = zim_index::LinkGraph::open(&empty_path, 4).expect("open");
        rerank(&mut alone, 30, &empty);
        assert_eq!(alone.first().map(|r| r.path.as_str()), Some("a"));
    }
}
