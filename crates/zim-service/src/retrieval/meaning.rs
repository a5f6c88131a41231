//! Meaning: the page embeddings of an archive's knowledge index, compared with the
//! request's embedding. They bring pages that share no word with the request into the
//! candidates, and judge the first candidates by how alike in meaning they are to it.

use super::rank::Ranked;
use crate::registry::OpenArchive;

/// Pages asked of the page embeddings.
const VECTOR_HITS: usize = 30;

/// The pages whose embeddings are nearest the request's, when the archive's index has page
/// embeddings and the model stage has their model. Short requests too: `min_query_tokens`
/// gates the rerank ([`rerank`]), as it gates openzim-mcp's reranker, not this source (with
/// it gated as well, the same hit@3; BENCHMARKS.md).
pub fn vector_candidates(
    open: &OpenArchive,
    index: &zim_index::KnowledgeIndex,
    stage: &crate::model::ModelStage,
    request: &str,
) -> Option<(crate::backend::CandidateList, Vec<f32>)> {
    let vectors = index.vectors.as_ref()?;
    let embedder = stage.embedder(vectors.model_id())?;
    let query = embedder
        .embed(&[stage.query_text(request)])
        .ok()?
        .into_iter()
        .next()?;
    let hits = vectors
        .search(&query, VECTOR_HITS)
        .into_iter()
        .filter_map(|(entry, _)| {
            let e = open.archive.entry_at(entry).ok()?;
            Some(crate::backend::CandidateHit {
                path: e.path().to_owned(),
                title: e.title().to_owned(),
                entry_index: Some(entry),
            })
        })
        .collect();
    Some((
        crate::backend::CandidateList {
            source: crate::backend::CandidateSource::Vectors,
            hits,
        },
        query,
    ))
}

/// How much a page's likeness in meaning to the request (the cosine of their embeddings)
/// weighs in the ranking of the first candidates.
const W_MEANING: f64 = 1.0;

/// The first `depth` pages gain [`W_MEANING`] times their cosine with the request, above the
/// mean of theirs, and are ranked again: a page about what was asked, in other words than
/// the request's, rises over one that only shares its words.
pub fn rerank(
    open: &OpenArchive,
    ranked: &mut [Ranked],
    vectors: &zim_index::VectorIndex,
    query: &[f32],
    depth: usize,
) {
    let depth = ranked.len().min(depth);
    let Some(head) = ranked.get_mut(..depth) else {
        return;
    };
    let likeness: Vec<Option<f32>> = head
        .iter()
        .map(|candidate| vectors.similarity(query, super::entry_index_of(open, candidate)?))
        .collect();
    let known: Vec<f64> = likeness.iter().flatten().map(|c| f64::from(*c)).collect();
    if known.is_empty() {
        return;
    }
    let mean = known.iter().sum::<f64>() / known.len() as f64;
    for (candidate, cos) in head.iter_mut().zip(&likeness) {
        if let Some(cos) = cos {
            candidate.score += W_MEANING * (f64::from(*cos) - mean);
        }
    }
    head.sort_by(|a, b| b.score.total_cmp(&a.score));
}
