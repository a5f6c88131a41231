//! zim-embed against the reference implementation: the vectors of `tests/data/reference.json`
//! were computed by sentence-transformers (PyTorch, CPU) with `tests/data/make_reference.py`;
//! every sentence must come out with a cosine of at least 0.999.
//!
//! Needs the real model, installed by `scripts/install-model.sh` into
//! `$ZIM_EMBED_MODEL_DIR`, or by default `${XDG_CACHE_HOME:-$HOME/.cache}/zim-mcp/models/
//! all-MiniLM-L6-v2`. Without it these tests fail, saying how to install it, unless
//! `ZIM_EMBED_SKIP_MODEL_TESTS=1` is set.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::path::PathBuf;
use std::sync::OnceLock;

use zim_embed::{Embedder, cosine};

const MIN_COSINE: f32 = 0.999;

#[derive(serde::Deserialize)]
struct Reference {
    dims: usize,
    items: Vec<Item>,
}

#[derive(serde::Deserialize)]
struct Item {
    text: String,
    tokens: usize,
    vector: Vec<f32>,
}

fn reference() -> Reference {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference.json");
    let bytes = std::fs::read(&path).expect("tests/data/reference.json is readable");
    serde_json::from_slice(&bytes).expect("tests/data/reference.json parses")
}

fn model_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ZIM_EMBED_MODEL_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .expect("neither XDG_CACHE_HOME nor HOME is set");
    cache.join("zim-mcp/models/all-MiniLM-L6-v2")
}

/// The model, loaded once for all tests of this file; `None` when the model tests are skipped.
fn embedder() -> Option<&'static Embedder> {
    static EMBEDDER: OnceLock<Option<Embedder>> = OnceLock::new();
    EMBEDDER
        .get_or_init(|| {
            let dir = model_dir();
            let present = dir.join("model.safetensors").is_file() && dir.join("tokenizer.json").is_file();
            if !present {
                if std::env::var("ZIM_EMBED_SKIP_MODEL_TESTS").as_deref() == Ok("1") {
                    eprintln!(
                        "zim-embed: model tests skipped (ZIM_EMBED_SKIP_MODEL_TESTS=1); no model in {}",
                        dir.display()
                    );
                    return None;
                }
                panic!(
                    "the all-MiniLM-L6-v2 model is not installed in {}.\n\
                     Install it with `scripts/install-model.sh` (or `scripts/install-model.sh DIR` \
                     and set ZIM_EMBED_MODEL_DIR=DIR), or set ZIM_EMBED_SKIP_MODEL_TESTS=1 to skip \
                     the tests that need it.",
                    dir.display()
                );
            }
            Some(Embedder::load(&dir).unwrap_or_else(|e| {
                panic!("cannot load the model from {}: {e}", dir.display())
            }))
        })
        .as_ref()
}

#[test]
fn matches_the_reference_implementation() {
    let Some(embedder) = embedder() else { return };
    let reference = reference();
    assert_eq!(embedder.dims(), reference.dims);
    assert_eq!(embedder.dims(), 384);
    let texts: Vec<&str> = reference.items.iter().map(|i| i.text.as_str()).collect();
    let vectors = embedder
        .embed(&texts)
        .expect("embeds the reference sentences");
    assert_eq!(vectors.len(), texts.len());
    let mut failures = Vec::new();
    let mut worst = f32::MAX;
    for (item, vector) in reference.items.iter().zip(&vectors) {
        let c = cosine(vector, &item.vector);
        worst = worst.min(c);
        let tokens = embedder.token_count(&item.text).expect("counts tokens");
        let short: String = item.text.chars().take(48).collect();
        let max_diff = vector
            .iter()
            .zip(&item.vector)
            .map(|(a, b)| (a - b).abs())
            .fold(0f32, f32::max);
        eprintln!("cosine {c:.7}  max |diff| {max_diff:.1e}  tokens {tokens:>3}  {short:?}");
        if c < MIN_COSINE {
            failures.push(format!("{short:?}: cosine {c}"));
        }
        if tokens != item.tokens {
            failures.push(format!(
                "{short:?}: {tokens} tokens, the reference tokenizer made {}",
                item.tokens
            ));
        }
    }
    eprintln!("lowest cosine {worst:.7} over {} sentences", texts.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn batch_size_does_not_change_vectors() {
    let Some(embedder) = embedder() else { return };
    let reference = reference();
    let texts: Vec<&str> = reference.items.iter().map(|i| i.text.as_str()).collect();
    let batched = embedder.embed(&texts).expect("embeds");
    for (text, b) in texts.iter().zip(&batched) {
        let alone = embedder.embed(&[text]).expect("embeds");
        let c = cosine(&alone[0], b);
        assert!(c > 0.99999, "{text:?}: alone vs batched cosine {c}");
    }
}

#[test]
fn vectors_are_unit_length_and_meaningful() {
    let Some(embedder) = embedder() else { return };
    let v = embedder
        .embed(&[
            "How do I run an external program and capture its output?",
            "subprocess.run executes a command in a child process and returns its stdout.",
            "The Eiffel Tower is a wrought-iron lattice tower in Paris.",
        ])
        .expect("embeds");
    for x in &v {
        let norm: f32 = x.iter().map(|a| a * a).sum::<f32>().sqrt();
        assert!((norm - 1.0).abs() < 1e-4, "norm {norm}");
    }
    let related = cosine(&v[0], &v[1]);
    let unrelated = cosine(&v[0], &v[2]);
    assert!(
        related > unrelated + 0.2,
        "related {related}, unrelated {unrelated}"
    );
    // The weights scripts/install-model.sh installs (and reference.json was computed with).
    assert_eq!(
        embedder.fingerprint(),
        0xb3d7_bf7b_50f5_e921,
        "{}",
        embedder.model_id()
    );
    assert!(embedder.model_id().ends_with("@b3d7bf7b50f5e921"));
}
