//! Recall and speed of the clustered page-embedding search against the exact scan, on a
//! sidecar's real vectors and real questions:
//!
//!     cargo run --release -p zim-index --example ivf_recall -- SIDECAR_DIR QUESTIONS.jsonl [MODEL_DIR]
//!
//! Copies `SIDECAR_DIR/vectors.bin` twice into a temporary directory, once as it is (exact
//! scan) and once clustered whatever its size, embeds every `"q"` of QUESTIONS.jsonl with the
//! model (default: the directory `scripts/install-model.sh` installs into) and prints the
//! share of the exact top 10 (and top 50) the clustered search finds, and both searches'
//! median time.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a measuring tool: a panic is a failed run

use std::path::PathBuf;
use std::time::Instant;

use zim_index::vectors::{VectorIndex, VectorWriter};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sidecar = PathBuf::from(args.get(1).expect("SIDECAR_DIR"));
    let questions = std::fs::read_to_string(args.get(2).expect("QUESTIONS.jsonl")).unwrap();
    let model = args.get(3).map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(std::env::var("HOME").unwrap()).join(".cache/zim-mcp/models/all-MiniLM-L6-v2")
    });
    let source = VectorIndex::open(&sidecar.join("vectors.bin")).expect("vectors.bin");
    let dir = tempfile::tempdir().unwrap();
    let (exact_path, ivf_path) = (dir.path().join("exact.bin"), dir.path().join("ivf.bin"));
    let mut exact = VectorWriter::create(&exact_path, source.dims(), source.model_id()).unwrap();
    let mut ivf = VectorWriter::create(&ivf_path, source.dims(), source.model_id()).unwrap();
    source
        .for_each(|entry, v| {
            exact.add(entry, v).unwrap();
            ivf.add(entry, v).unwrap();
        })
        .unwrap();
    exact.finish_clustering_from(&exact_path, u64::MAX).unwrap();
    let started = Instant::now();
    ivf.finish_clustering_from(&ivf_path, 1).unwrap();
    let clustering = started.elapsed();
    let (exact, ivf) = (
        VectorIndex::open(&exact_path).unwrap(),
        VectorIndex::open(&ivf_path).unwrap(),
    );
    let embedder = zim_embed::Embedder::load(&model).expect("model");
    let texts: Vec<String> = questions
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v.get("q").and_then(|q| q.as_str()).map(str::to_owned))
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let queries = embedder.embed(&refs).expect("embed");
    let (mut times_exact, mut times_ivf) = (Vec::new(), Vec::new());
    let mut found = [0usize; 2];
    let mut total = [0usize; 2];
    for q in &queries {
        let t = Instant::now();
        let want = exact.search(q, 50);
        times_exact.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let got = ivf.search(q, 50);
        times_ivf.push(t.elapsed().as_secs_f64() * 1e3);
        for (slot, k) in [10usize, 50].into_iter().enumerate() {
            let got: Vec<u32> = got.iter().take(k).map(|h| h.0).collect();
            let want = want.iter().take(k);
            total[slot] += want.len();
            found[slot] += want.filter(|h| got.contains(&h.0)).count();
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    println!(
        "{} vectors, {} questions; clustered in {:.1} s; recall@10 {:.3}, recall@50 {:.3}; median search exact {:.2} ms, clustered {:.2} ms",
        exact.len(),
        queries.len(),
        clustering.as_secs_f64(),
        found[0] as f64 / total[0].max(1) as f64,
        found[1] as f64 / total[1].max(1) as f64,
        median(&mut times_exact),
        median(&mut times_ivf),
    );
}
