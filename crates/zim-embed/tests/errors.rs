//! Loading refuses missing, corrupt and mismatched model files with an error, never a panic.
//! None of these tests needs the real model: they build a tiny BERT (random weights, a
//! hand-written WordPiece tokenizer) in a temporary directory, check that it loads and embeds,
//! then break one file at a time.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failed test

use std::collections::HashMap;
use std::path::Path;

use candle_core::{DType, Device, Tensor};
use serde_json::json;
use zim_embed::{EmbedError, Embedder, cosine};

const HIDDEN: usize = 8;
const HEADS: usize = 2;
const INTERMEDIATE: usize = 16;
const MAX_POS: usize = 32;
const WORDS: &[&str] = &[
    "hello", "world", "zim", "archive", "search", "##s", ",", ".",
];

fn vocab() -> Vec<String> {
    let mut v: Vec<String> = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.extend(WORDS.iter().map(|s| s.to_string()));
    v
}

fn config(vocab_size: usize, hidden: usize) -> serde_json::Value {
    json!({
        "architectures": ["BertModel"],
        "hidden_act": "gelu",
        "hidden_dropout_prob": 0.1,
        "hidden_size": hidden,
        "initializer_range": 0.02,
        "intermediate_size": INTERMEDIATE,
        "layer_norm_eps": 1e-12,
        "max_position_embeddings": MAX_POS,
        "model_type": "bert",
        "num_attention_heads": HEADS,
        "num_hidden_layers": 1,
        "pad_token_id": 0,
        "type_vocab_size": 2,
        "vocab_size": vocab_size
    })
}

/// A BERT WordPiece tokenizer over `words` (the special tokens first), shaped like
/// all-MiniLM-L6-v2's `tokenizer.json`.
fn tokenizer(words: &[String]) -> serde_json::Value {
    let id = |t: &str| words.iter().position(|w| w == t).unwrap_or(1);
    let vocab: serde_json::Map<String, serde_json::Value> = words
        .iter()
        .enumerate()
        .map(|(i, w)| (w.clone(), json!(i)))
        .collect();
    json!({
        "version": "1.0",
        "truncation": {"max_length": 128, "strategy": "LongestFirst", "stride": 0},
        "padding": {"strategy": {"Fixed": 128}, "direction": "Right", "pad_to_multiple_of": null,
                    "pad_id": 0, "pad_type_id": 0, "pad_token": "[PAD]"},
        "added_tokens": [],
        "normalizer": {"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true,
                       "strip_accents": null, "lowercase": true},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                       {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                     {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 0}},
                     {"Sequence": {"id": "B", "type_id": 1}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {
                "[CLS]": {"id": "[CLS]", "ids": [id("[CLS]")], "tokens": ["[CLS]"]},
                "[SEP]": {"id": "[SEP]", "ids": [id("[SEP]")], "tokens": ["[SEP]"]}
            }
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": true},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": vocab}
    })
}

/// Deterministic small pseudo-random weights for a one-layer BERT.
fn weights(vocab_size: usize, hidden: usize) -> HashMap<String, Tensor> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |shape: &[usize]| {
        let n: usize = shape.iter().product();
        let data: Vec<f32> = (0..n)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 0.2
            })
            .collect();
        Tensor::from_vec(data, shape, &Device::Cpu).expect("tensor")
    };
    let ones = |n: usize| Tensor::ones(n, DType::F32, &Device::Cpu).expect("tensor");
    let zeros = |n: usize| Tensor::zeros(n, DType::F32, &Device::Cpu).expect("tensor");
    let mut t = HashMap::new();
    t.insert(
        "embeddings.word_embeddings.weight".into(),
        next(&[vocab_size, hidden]),
    );
    t.insert(
        "embeddings.position_embeddings.weight".into(),
        next(&[MAX_POS, hidden]),
    );
    t.insert(
        "embeddings.token_type_embeddings.weight".into(),
        next(&[2, hidden]),
    );
    t.insert("embeddings.LayerNorm.weight".into(), ones(hidden));
    t.insert("embeddings.LayerNorm.bias".into(), zeros(hidden));
    let l = "encoder.layer.0";
    for name in ["query", "key", "value"] {
        t.insert(
            format!("{l}.attention.self.{name}.weight"),
            next(&[hidden, hidden]),
        );
        t.insert(format!("{l}.attention.self.{name}.bias"), next(&[hidden]));
    }
    t.insert(
        format!("{l}.attention.output.dense.weight"),
        next(&[hidden, hidden]),
    );
    t.insert(format!("{l}.attention.output.dense.bias"), next(&[hidden]));
    t.insert(
        format!("{l}.attention.output.LayerNorm.weight"),
        ones(hidden),
    );
    t.insert(
        format!("{l}.attention.output.LayerNorm.bias"),
        zeros(hidden),
    );
    t.insert(
        format!("{l}.intermediate.dense.weight"),
        next(&[INTERMEDIATE, hidden]),
    );
    t.insert(
        format!("{l}.intermediate.dense.bias"),
        next(&[INTERMEDIATE]),
    );
    t.insert(
        format!("{l}.output.dense.weight"),
        next(&[hidden, INTERMEDIATE]),
    );
    t.insert(format!("{l}.output.dense.bias"), next(&[hidden]));
    t.insert(format!("{l}.output.LayerNorm.weight"), ones(hidden));
    t.insert(format!("{l}.output.LayerNorm.bias"), zeros(hidden));
    t
}

fn write_json(dir: &Path, name: &str, value: &serde_json::Value) {
    std::fs::write(dir.join(name), serde_json::to_vec(value).expect("json")).expect("write");
}

fn write_weights(dir: &Path, tensors: &HashMap<String, Tensor>) {
    candle_core::safetensors::save(tensors, dir.join("model.safetensors")).expect("save");
}

/// A complete tiny model directory.
fn tiny_model() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let words = vocab();
    write_json(dir.path(), "config.json", &config(words.len(), HIDDEN));
    write_json(dir.path(), "tokenizer.json", &tokenizer(&words));
    write_weights(dir.path(), &weights(words.len(), HIDDEN));
    dir
}

fn load_err(dir: &Path) -> EmbedError {
    match Embedder::load(dir) {
        Ok(e) => panic!("loaded {e:?}, expected an error"),
        Err(e) => e,
    }
}

#[test]
fn tiny_model_loads_and_embeds() {
    let dir = tiny_model();
    let embedder = Embedder::load(dir.path()).expect("tiny model loads");
    assert_eq!(embedder.dims(), HIDDEN);
    assert_eq!(embedder.max_tokens(), 32.min(zim_embed::MAX_TOKENS));
    assert!(embedder.model_id().contains('@'), "{}", embedder.model_id());
    let texts = [
        "hello world",
        "",
        "zim archives, search.",
        "unknown words here",
    ];
    let vectors = embedder.embed(&texts).expect("embeds");
    assert_eq!(vectors.len(), texts.len());
    for v in &vectors {
        assert_eq!(v.len(), HIDDEN);
        let norm: f32 = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        assert!((norm - 1.0).abs() < 1e-4, "norm {norm}");
    }
    // Batching and padding do not change a text's vector.
    for (text, batched) in texts.iter().zip(&vectors) {
        let alone = embedder.embed(&[text]).expect("embeds");
        assert!(cosine(&alone[0], batched) > 0.99999, "{text:?}");
    }
    let small = Embedder::load(dir.path())
        .expect("loads")
        .with_batch_size(1);
    assert_eq!(small.embed(&texts).expect("embeds").len(), texts.len());
    assert!(embedder.embed(&[]).expect("embeds nothing").is_empty());
    // Past max_position_embeddings (32), texts are truncated, not refused.
    let long = "hello world ".repeat(100);
    assert_eq!(embedder.token_count(&long).expect("counts"), 32);
    assert_eq!(embedder.embed(&[&long]).expect("embeds")[0].len(), HIDDEN);
    // A huge input is cut before tokenizing.
    let huge = "zim ".repeat(1 << 20);
    assert_eq!(embedder.embed(&[&huge]).expect("embeds")[0].len(), HIDDEN);
}

#[test]
fn config_json_is_optional_and_defaults_to_minilm() {
    let dir = tiny_model();
    std::fs::remove_file(dir.path().join("config.json")).expect("rm");
    // The default is all-MiniLM-L6-v2's configuration, which the tiny weights do not fit.
    assert!(matches!(load_err(dir.path()), EmbedError::Weights(_)));
}

#[test]
fn missing_directory_or_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let gone = dir.path().join("nothing-here");
    assert!(matches!(
        load_err(&gone),
        EmbedError::MissingFile {
            file: "tokenizer.json"
        }
    ));
    let dir = tiny_model();
    std::fs::remove_file(dir.path().join("model.safetensors")).expect("rm");
    let err = load_err(dir.path());
    assert!(
        matches!(
            err,
            EmbedError::MissingFile {
                file: "model.safetensors"
            }
        ),
        "{err}"
    );
    // Error text names the file, never the directory.
    assert!(
        !err.to_string()
            .contains(dir.path().to_string_lossy().as_ref())
    );
}

#[test]
fn a_directory_where_a_file_should_be() {
    let dir = tiny_model();
    std::fs::remove_file(dir.path().join("tokenizer.json")).expect("rm");
    std::fs::create_dir(dir.path().join("tokenizer.json")).expect("mkdir");
    let err = load_err(dir.path());
    assert!(
        matches!(
            err,
            EmbedError::Io { .. } | EmbedError::Tokenizer(_) | EmbedError::TooLarge { .. }
        ),
        "{err}"
    );
}

#[test]
fn corrupt_safetensors() {
    let dir = tiny_model();
    let path = dir.path().join("model.safetensors");
    let good = std::fs::read(&path).expect("read");
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("garbage", b"this is not a safetensors file at all".to_vec()),
        ("huge header length", {
            let mut b = u64::MAX.to_le_bytes().to_vec();
            b.extend_from_slice(b"{}");
            b
        }),
        (
            "truncated",
            good.get(..good.len() / 2).expect("half").to_vec(),
        ),
        ("header only", {
            let n = u64::from_le_bytes(good.get(..8).expect("len").try_into().expect("8"));
            good.get(..8 + n as usize).expect("header").to_vec()
        }),
        ("bad json header", {
            let mut b = good.clone();
            if let Some(byte) = b.get_mut(9) {
                *byte = b'!';
            }
            b
        }),
    ];
    for (what, bytes) in cases {
        std::fs::write(&path, &bytes).expect("write");
        let err = load_err(dir.path());
        assert!(matches!(err, EmbedError::Weights(_)), "{what}: {err}");
    }
}

#[test]
fn weights_of_the_wrong_shape_or_missing() {
    let dir = tiny_model();
    let words = vocab();
    // Weights for hidden size 4 under a config that says 8.
    write_weights(dir.path(), &weights(words.len(), 4));
    assert!(matches!(load_err(dir.path()), EmbedError::Weights(_)));
    // A missing tensor.
    let mut tensors = weights(words.len(), HIDDEN);
    tensors.remove("encoder.layer.0.output.dense.weight");
    write_weights(dir.path(), &tensors);
    assert!(matches!(load_err(dir.path()), EmbedError::Weights(_)));
    // An embedding table smaller than the config's vocabulary.
    write_weights(dir.path(), &weights(words.len() - 2, HIDDEN));
    assert!(matches!(load_err(dir.path()), EmbedError::Weights(_)));
    // Integer tensors where floats belong are converted, then the shapes decide.
    let mut tensors = weights(words.len(), HIDDEN);
    tensors.insert(
        "embeddings.LayerNorm.weight".into(),
        Tensor::ones(HIDDEN + 1, DType::U8, &Device::Cpu).expect("tensor"),
    );
    write_weights(dir.path(), &tensors);
    assert!(matches!(load_err(dir.path()), EmbedError::Weights(_)));
}

#[test]
fn weights_that_produce_nan_are_refused() {
    let dir = tiny_model();
    let words = vocab();
    let mut tensors = weights(words.len(), HIDDEN);
    tensors.insert(
        "encoder.layer.0.output.dense.bias".into(),
        Tensor::from_vec(vec![f32::NAN; HIDDEN], HIDDEN, &Device::Cpu).expect("tensor"),
    );
    write_weights(dir.path(), &tensors);
    assert!(matches!(load_err(dir.path()), EmbedError::NonFinite));
}

#[test]
fn wrong_tokenizer() {
    let dir = tiny_model();
    // Not JSON.
    std::fs::write(dir.path().join("tokenizer.json"), b"\x00\x01 not json").expect("write");
    assert!(matches!(load_err(dir.path()), EmbedError::Tokenizer(_)));
    // JSON, but not a tokenizer.
    write_json(
        dir.path(),
        "tokenizer.json",
        &json!({"model": {"type": "Nope"}}),
    );
    assert!(matches!(load_err(dir.path()), EmbedError::Tokenizer(_)));
    // A tokenizer whose vocabulary is larger than the model's.
    let mut words = vocab();
    words.extend((0..50).map(|i| format!("extra{i}")));
    write_json(dir.path(), "tokenizer.json", &tokenizer(&words));
    let err = load_err(dir.path());
    assert!(matches!(err, EmbedError::Tokenizer(_)), "{err}");
}

#[test]
fn bad_config() {
    let dir = tiny_model();
    std::fs::write(dir.path().join("config.json"), b"{ not json").expect("write");
    assert!(matches!(load_err(dir.path()), EmbedError::Config(_)));
    let mut c = config(vocab().len(), HIDDEN);
    c["num_attention_heads"] = json!(3);
    write_json(dir.path(), "config.json", &c);
    assert!(matches!(load_err(dir.path()), EmbedError::Config(_)));
    let mut c = config(vocab().len(), HIDDEN);
    c["hidden_act"] = json!("tanh");
    write_json(dir.path(), "config.json", &c);
    assert!(matches!(load_err(dir.path()), EmbedError::Config(_)));
}
