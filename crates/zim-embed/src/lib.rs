//! Sentence embeddings computed in-process, in pure Rust: all-MiniLM-L6-v2 (a 6-layer BERT,
//! 384 dimensions) run with candle on the CPU, tokenized with the `tokenizers` crate.
//!
//! The pipeline is sentence-transformers' for this model: WordPiece tokens (lower-cased,
//! truncated to 256 including `[CLS]`/`[SEP]`), a BERT forward pass over a padded batch with
//! its attention mask, mean pooling over the real tokens, L2 normalisation. Vectors agree with
//! the Python reference to a cosine of at least 0.999 (`tests/reference.rs`).
//!
//! The model comes from a local directory holding `model.safetensors`, `tokenizer.json` and
//! optionally `config.json` (`scripts/install-model.sh` installs one); nothing is downloaded.
//! Model files are treated as untrusted input: a missing, corrupt or wrong-shaped file is an
//! [`EmbedError`], never a panic, and error text names files, never absolute paths.
//!
//! Memory: the weights are held compact (`bert.rs`: f16 matrices, a byte per word-embedding
//! value), ~34 MB for all-MiniLM-L6-v2 instead of ~90 MB as f32; the tokenizer takes ~9 MB.
//!
//! Speed: about 19-21 paragraph-sized sections (~120 tokens) per CPU second (see
//! `examples/throughput`); candle parallelises matrix products over `RAYON_NUM_THREADS` or
//! every core. Each batch allocates and frees activations of several MB, so glibc's mmap
//! threshold matters: fixed at 1 MiB (as `zim-mcp` sets it for the server) every such buffer is
//! a fresh mapping, and embedding runs about 40% slower than with glibc's default.
#![forbid(unsafe_code)]

use std::io::Read;
use std::path::Path;

mod bert;

use candle_core::{DType, Device, Tensor};
use tokenizers::{Tokenizer, TruncationDirection, TruncationParams, TruncationStrategy};

/// The model this crate is written and tested for.
pub const DEFAULT_MODEL_NAME: &str = "all-MiniLM-L6-v2";

/// Longest input in tokens, `[CLS]` and `[SEP]` included (sentence-transformers'
/// `max_seq_length` for all-MiniLM-L6-v2); longer texts are truncated.
pub const MAX_TOKENS: usize = 256;

/// Texts are cut to this many bytes (at a character boundary) before tokenizing, so that a
/// huge input costs no more than a long one. 256 WordPiece tokens come from far fewer bytes
/// unless the text is almost all whitespace or control characters.
pub const MAX_INPUT_BYTES: usize = 64 * 1024;

/// Default number of texts run through the model together. Measured on paragraphs of ~120
/// tokens, one thread (`examples/throughput`), with the f16 weights of `bert.rs`: 21.4
/// sections per CPU second at 1, 20.9 at 8, 20.2 at 16, 18.9 at 32 (with f32 weights it was
/// 25.0, 27.6, 22.5, 19.9); larger batches lose more to page faults and caches (their
/// activations run to tens of MB) than they gain in matrix-product efficiency.
pub const DEFAULT_BATCH_SIZE: usize = 8;

/// Files larger than these are refused before being read.
const MAX_WEIGHTS_BYTES: u64 = 2 * 1024 * 1024 * 1024;
const MAX_JSON_BYTES: u64 = 64 * 1024 * 1024;

/// all-MiniLM-L6-v2's `config.json`, used when the model directory has none.
const MINILM_L6_CONFIG: &str = r#"{
  "architectures": ["BertModel"],
  "attention_probs_dropout_prob": 0.1,
  "hidden_act": "gelu",
  "hidden_dropout_prob": 0.1,
  "hidden_size": 384,
  "initializer_range": 0.02,
  "intermediate_size": 1536,
  "layer_norm_eps": 1e-12,
  "max_position_embeddings": 512,
  "model_type": "bert",
  "num_attention_heads": 12,
  "num_hidden_layers": 6,
  "pad_token_id": 0,
  "position_embedding_type": "absolute",
  "type_vocab_size": 2,
  "use_cache": true,
  "vocab_size": 30522
}"#;

/// The fields of a BERT `config.json` the encoder needs (others are ignored).
#[derive(Debug, Clone, serde::Deserialize)]
pub(crate) struct BertConfig {
    pub(crate) vocab_size: usize,
    pub(crate) hidden_size: usize,
    pub(crate) num_hidden_layers: usize,
    pub(crate) num_attention_heads: usize,
    pub(crate) intermediate_size: usize,
    pub(crate) hidden_act: bert::Activation,
    pub(crate) max_position_embeddings: usize,
    pub(crate) type_vocab_size: usize,
    pub(crate) layer_norm_eps: f64,
    #[serde(default = "absolute")]
    pub(crate) position_embedding_type: String,
}

fn absolute() -> String {
    "absolute".to_string()
}

/// What can go wrong loading a model or embedding texts.
#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    #[error("the model directory has no {file}")]
    MissingFile { file: &'static str },
    #[error("cannot read {file}: {source}")]
    Io {
        file: &'static str,
        #[source]
        source: std::io::Error,
    },
    #[error("{file} is too large ({size} bytes; at most {limit})")]
    TooLarge {
        file: &'static str,
        size: u64,
        limit: u64,
    },
    #[error("config.json is not a usable BERT configuration: {0}")]
    Config(String),
    #[error("tokenizer.json is not a usable tokenizer for this model: {0}")]
    Tokenizer(String),
    #[error("model.safetensors does not hold the model's weights: {0}")]
    Weights(String),
    #[error("tokenizing failed: {0}")]
    Tokenize(String),
    #[error("the model's forward pass failed: {0}")]
    Inference(String),
    #[error("the model produced non-finite values (corrupt weights?)")]
    NonFinite,
}

/// A loaded sentence-embedding model. `Send + Sync`: one instance can serve several threads
/// (candle parallelises each matrix product itself, over `RAYON_NUM_THREADS` or all cores).
pub struct Embedder {
    model: bert::Encoder,
    tokenizer: Tokenizer,
    device: Device,
    vocab_size: usize,
    dims: usize,
    max_tokens: usize,
    batch_size: usize,
    model_id: String,
    fingerprint: u64,
}

impl std::fmt::Debug for Embedder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Embedder")
            .field("model_id", &self.model_id)
            .field("dims", &self.dims)
            .field("max_tokens", &self.max_tokens)
            .field("batch_size", &self.batch_size)
            .finish_non_exhaustive()
    }
}

impl Embedder {
    /// Loads a BERT sentence-embedding model from `dir`: `model.safetensors` and
    /// `tokenizer.json`, plus `config.json` when present (all-MiniLM-L6-v2's otherwise).
    pub fn load(dir: &Path) -> Result<Embedder, EmbedError> {
        let config = match read_capped(dir, "config.json", MAX_JSON_BYTES)? {
            Some(bytes) => parse_config(&bytes)?,
            None => parse_config(MINILM_L6_CONFIG.as_bytes())?,
        };
        let tokenizer_bytes =
            read_capped(dir, "tokenizer.json", MAX_JSON_BYTES)?.ok_or(EmbedError::MissingFile {
                file: "tokenizer.json",
            })?;
        let max_tokens = MAX_TOKENS.min(config.max_position_embeddings);
        let tokenizer = load_tokenizer(&tokenizer_bytes, max_tokens, config.vocab_size)?;
        drop(tokenizer_bytes);
        let weights = read_capped(dir, "model.safetensors", MAX_WEIGHTS_BYTES)?.ok_or(
            EmbedError::MissingFile {
                file: "model.safetensors",
            },
        )?;
        let fingerprint = fingerprint(&weights);
        let device = Device::Cpu;
        let model = load_weights(&weights, &config, &device)?;
        drop(weights);
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .filter(|n| !n.is_empty())
            .unwrap_or(DEFAULT_MODEL_NAME);
        let embedder = Embedder {
            model,
            tokenizer,
            device,
            vocab_size: config.vocab_size,
            dims: config.hidden_size,
            max_tokens,
            batch_size: DEFAULT_BATCH_SIZE,
            model_id: format!("{name}@{fingerprint:016x}"),
            fingerprint,
        };
        // One real forward pass, so that weights that load but cannot run (or run to NaN)
        // are refused here rather than at the first request.
        embedder.embed(&["zim-mcp"])?;
        Ok(embedder)
    }

    /// The length of every vector [`embed`](Self::embed) returns (384 for all-MiniLM-L6-v2).
    pub fn dims(&self) -> usize {
        self.dims
    }

    /// Identifies the model: the directory's name and a 64-bit fingerprint of its weights,
    /// e.g. `all-MiniLM-L6-v2@1f0c…`. Vectors made under different ids are not comparable.
    pub fn model_id(&self) -> &str {
        &self.model_id
    }

    /// A 64-bit fingerprint of `model.safetensors` (the part of [`model_id`](Self::model_id)
    /// after `@`): the same weights give the same fingerprint wherever they are installed.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// Longest input in tokens; longer texts are truncated.
    pub fn max_tokens(&self) -> usize {
        self.max_tokens
    }

    /// How many tokens the model sees for `text`: `[CLS]` and `[SEP]` included, after
    /// truncation to [`max_tokens`](Self::max_tokens).
    pub fn token_count(&self, text: &str) -> Result<usize, EmbedError> {
        let encoding = self
            .tokenizer
            .encode(cut_at_char_boundary(text, MAX_INPUT_BYTES), true)
            .map_err(|e| EmbedError::Tokenize(e.to_string()))?;
        Ok(encoding.get_ids().len())
    }

    /// Texts run through the model together (default [`DEFAULT_BATCH_SIZE`]).
    pub fn batch_size(&self) -> usize {
        self.batch_size
    }

    /// Sets how many texts run through the model together (at least 1).
    pub fn set_batch_size(&mut self, batch_size: usize) {
        self.batch_size = batch_size.max(1);
    }

    /// Builder form of [`set_batch_size`](Self::set_batch_size).
    pub fn with_batch_size(mut self, batch_size: usize) -> Self {
        self.set_batch_size(batch_size);
        self
    }

    /// Embeds `texts`: one L2-normalised vector of [`dims`](Self::dims) floats per text, in
    /// order. Texts are grouped by token length into batches of [`batch_size`](Self::batch_size)
    /// so that little time goes to padding. An empty text gets the vector of `[CLS] [SEP]`.
    ///
    /// All texts are tokenized before the first batch runs, so the memory a call takes grows
    /// with its input: give it a few hundred or thousand texts at a time, not a whole archive.
    pub fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let inputs: Vec<&str> = texts
            .iter()
            .map(|t| cut_at_char_boundary(t, MAX_INPUT_BYTES))
            .collect();
        let encodings = self
            .tokenizer
            .encode_batch(inputs, true)
            .map_err(|e| EmbedError::Tokenize(e.to_string()))?;
        let mut tokens: Vec<(usize, &[u32])> =
            encodings.iter().map(|e| e.get_ids()).enumerate().collect();
        // Longest first, as sentence-transformers does; stable, so equal lengths keep order.
        tokens.sort_by_key(|(_, ids)| std::cmp::Reverse(ids.len()));

        let mut out: Vec<Vec<f32>> = vec![Vec::new(); texts.len()];
        for batch in tokens.chunks(self.batch_size) {
            let ids: Vec<&[u32]> = batch.iter().map(|(_, ids)| *ids).collect();
            let vectors = self.embed_tokens(&ids)?;
            for ((index, _), vector) in batch.iter().zip(vectors) {
                if let Some(slot) = out.get_mut(*index) {
                    *slot = vector;
                }
            }
        }
        Ok(out)
    }

    /// Runs one padded batch of token sequences through the model and pools it.
    fn embed_tokens(&self, batch: &[&[u32]]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let rows = batch.len();
        let width = batch.iter().map(|ids| ids.len()).max().unwrap_or(0).max(1);
        if width > self.max_tokens {
            return Err(EmbedError::Tokenize(format!(
                "a text has {width} tokens after truncation to {}",
                self.max_tokens
            )));
        }
        let cells = rows
            .checked_mul(width)
            .ok_or_else(|| EmbedError::Tokenize("batch too large".into()))?;
        let mut input_ids = Vec::with_capacity(cells);
        let mut mask = Vec::with_capacity(cells);
        for ids in batch {
            if let Some(&bad) = ids.iter().find(|&&id| id as usize >= self.vocab_size) {
                return Err(EmbedError::Tokenize(format!(
                    "token id {bad} is outside the model's vocabulary of {}",
                    self.vocab_size
                )));
            }
            let pad = width - ids.len();
            input_ids.extend_from_slice(ids);
            input_ids.extend(std::iter::repeat_n(0u32, pad));
            mask.extend(std::iter::repeat_n(1u32, ids.len()));
            mask.extend(std::iter::repeat_n(0u32, pad));
        }
        let vectors = self
            .forward_pool(input_ids, mask, rows, width)
            .map_err(|e| EmbedError::Inference(e.to_string()))?;
        if vectors.iter().flatten().any(|v| !v.is_finite()) {
            return Err(EmbedError::NonFinite);
        }
        Ok(vectors)
    }

    /// BERT forward pass, mean pooling over the mask, L2 normalisation.
    fn forward_pool(
        &self,
        input_ids: Vec<u32>,
        mask: Vec<u32>,
        rows: usize,
        width: usize,
    ) -> candle_core::Result<Vec<Vec<f32>>> {
        let input_ids = Tensor::from_vec(input_ids, (rows, width), &self.device)?;
        let mask = Tensor::from_vec(mask, (rows, width), &self.device)?;
        let hidden = self.model.forward(&input_ids, &mask)?;
        let (_, _, hidden_size) = hidden.dims3()?;
        if hidden_size != self.dims {
            candle_core::bail!(
                "hidden states have {hidden_size} dimensions, not {}",
                self.dims
            );
        }
        let mask = mask.to_dtype(DType::F32)?.unsqueeze(2)?;
        let summed = hidden.broadcast_mul(&mask)?.sum(1)?;
        let counts = mask.sum(1)?.clamp(1e-9f32, f32::MAX)?;
        let mean = summed.broadcast_div(&counts)?;
        let norms = mean
            .sqr()?
            .sum_keepdim(1)?
            .sqrt()?
            .clamp(1e-12f32, f32::MAX)?;
        mean.broadcast_div(&norms)?.to_vec2::<f32>()
    }
}

/// Cosine similarity of two vectors; 0.0 when their lengths differ or either is all zeros.
/// Vectors from [`Embedder::embed`] are unit length, so this is their dot product.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    if a.len() != b.len() {
        return 0.0;
    }
    let (mut dot, mut na, mut nb) = (0f64, 0f64, 0f64);
    for (&x, &y) in a.iter().zip(b) {
        let (x, y) = (f64::from(x), f64::from(y));
        dot += x * y;
        na += x * x;
        nb += y * y;
    }
    if na == 0.0 || nb == 0.0 {
        return 0.0;
    }
    (dot / (na.sqrt() * nb.sqrt())) as f32
}

/// Reads `dir/file` whole, refusing files above `limit`; `None` when it does not exist.
fn read_capped(dir: &Path, file: &'static str, limit: u64) -> Result<Option<Vec<u8>>, EmbedError> {
    let handle = match std::fs::File::open(dir.join(file)) {
        Ok(handle) => handle,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(EmbedError::Io { file, source }),
    };
    let size = handle
        .metadata()
        .map_err(|source| EmbedError::Io { file, source })?
        .len();
    if size > limit {
        return Err(EmbedError::TooLarge { file, size, limit });
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    // `take` guards against a file that grows while it is read.
    handle
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| EmbedError::Io { file, source })?;
    if bytes.len() as u64 > limit {
        return Err(EmbedError::TooLarge {
            file,
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(Some(bytes))
}

/// Parses and sanity-checks a BERT `config.json`: values that would make the model code
/// divide by zero or allocate absurdly are refused.
fn parse_config(bytes: &[u8]) -> Result<BertConfig, EmbedError> {
    let config: BertConfig =
        serde_json::from_slice(bytes).map_err(|e| EmbedError::Config(e.to_string()))?;
    let bad = |what: &str| Err(EmbedError::Config(what.to_string()));
    if !(1..=1_000_000).contains(&config.vocab_size) {
        return bad("vocab_size out of range");
    }
    if !(1..=16_384).contains(&config.hidden_size) {
        return bad("hidden_size out of range");
    }
    if !(1..=256).contains(&config.num_hidden_layers) {
        return bad("num_hidden_layers out of range");
    }
    if config.num_attention_heads == 0
        || !config
            .hidden_size
            .is_multiple_of(config.num_attention_heads)
    {
        return bad("num_attention_heads must divide hidden_size");
    }
    if !(1..=65_536).contains(&config.intermediate_size) {
        return bad("intermediate_size out of range");
    }
    if !(2..=65_536).contains(&config.max_position_embeddings) {
        return bad("max_position_embeddings out of range");
    }
    if !(1..=16).contains(&config.type_vocab_size) {
        return bad("type_vocab_size out of range");
    }
    if !(config.layer_norm_eps.is_finite() && config.layer_norm_eps > 0.0) {
        return bad("layer_norm_eps must be a positive number");
    }
    if config.position_embedding_type != "absolute" {
        return bad("only absolute position embeddings are supported");
    }
    Ok(config)
}

/// Parses `tokenizer.json`, sets truncation to `max_tokens` and no padding (batches are padded
/// here), and checks that it speaks the model's vocabulary.
fn load_tokenizer(
    bytes: &[u8],
    max_tokens: usize,
    vocab_size: usize,
) -> Result<Tokenizer, EmbedError> {
    let mut tokenizer =
        Tokenizer::from_bytes(bytes).map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
    tokenizer.with_padding(None);
    tokenizer
        .with_truncation(Some(TruncationParams {
            direction: TruncationDirection::Right,
            max_length: max_tokens,
            strategy: TruncationStrategy::LongestFirst,
            stride: 0,
        }))
        .map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
    let tokenizer_vocab = tokenizer.get_vocab_size(true);
    if tokenizer_vocab > vocab_size {
        return Err(EmbedError::Tokenizer(format!(
            "its vocabulary has {tokenizer_vocab} tokens, the model's {vocab_size}"
        )));
    }
    let probe = tokenizer
        .encode("Hello, world", true)
        .map_err(|e| EmbedError::Tokenizer(e.to_string()))?;
    if probe.get_ids().is_empty() || probe.get_ids().iter().any(|&id| id as usize >= vocab_size) {
        return Err(EmbedError::Tokenizer(
            "it does not map text into the model's vocabulary".into(),
        ));
    }
    Ok(tokenizer)
}

/// Builds the encoder from safetensors bytes; every tensor's shape is checked against the
/// configuration.
fn load_weights(
    bytes: &[u8],
    config: &BertConfig,
    device: &Device,
) -> Result<bert::Encoder, EmbedError> {
    bert::Encoder::load(bytes, config, device).map_err(|e| EmbedError::Weights(e.to_string()))
}

/// A 64-bit fingerprint of `bytes` (FNV-1a style over little-endian 64-bit words, then the
/// tail and the length); stable across platforms and releases of this crate.
fn fingerprint(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut words = bytes.chunks_exact(8);
    for word in words.by_ref() {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        hash = (hash ^ u64::from_le_bytes(w)).wrapping_mul(PRIME);
    }
    for &b in words.remainder() {
        hash = (hash ^ u64::from(b)).wrapping_mul(PRIME);
    }
    (hash ^ bytes.len() as u64).wrapping_mul(PRIME)
}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary.
fn cut_at_char_boundary(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedder_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Embedder>();
    }

    #[test]
    fn cosine_basics() {
        assert!((cosine(&[1.0, 0.0], &[1.0, 0.0]) - 1.0).abs() < 1e-6);
        assert!(cosine(&[1.0, 0.0], &[0.0, 2.0]).abs() < 1e-6);
        assert!((cosine(&[1.0, 1.0], &[-2.0, -2.0]) + 1.0).abs() < 1e-6);
        assert_eq!(cosine(&[1.0], &[1.0, 0.0]), 0.0);
        assert_eq!(cosine(&[0.0, 0.0], &[1.0, 0.0]), 0.0);
        assert_eq!(cosine(&[], &[]), 0.0);
    }

    #[test]
    fn cut_respects_char_boundaries() {
        assert_eq!(cut_at_char_boundary("héllo", 2), "h");
        assert_eq!(cut_at_char_boundary("héllo", 3), "hé");
        assert_eq!(cut_at_char_boundary("abc", 10), "abc");
        assert_eq!(cut_at_char_boundary("", 0), "");
    }

    #[test]
    fn default_config_is_minilm_l6() {
        let config = parse_config(MINILM_L6_CONFIG.as_bytes()).expect("built-in config parses");
        assert_eq!(config.hidden_size, 384);
        assert_eq!(config.num_hidden_layers, 6);
        assert_eq!(config.vocab_size, 30522);
    }

    #[test]
    fn absurd_configs_are_refused() {
        let base: serde_json::Value =
            serde_json::from_str(MINILM_L6_CONFIG).expect("built-in config parses");
        for (key, value) in [
            ("num_attention_heads", serde_json::json!(0)),
            ("num_attention_heads", serde_json::json!(7)),
            ("hidden_size", serde_json::json!(0)),
            ("vocab_size", serde_json::json!(0)),
            ("max_position_embeddings", serde_json::json!(1)),
            ("type_vocab_size", serde_json::json!(0)),
            ("layer_norm_eps", serde_json::json!(-1.0)),
            ("hidden_act", serde_json::json!("swish-ish")),
            ("vocab_size", serde_json::json!(-5)),
        ] {
            let mut config = base.clone();
            config[key] = value.clone();
            let bytes = serde_json::to_vec(&config).expect("serialises");
            assert!(
                matches!(parse_config(&bytes), Err(EmbedError::Config(_))),
                "{key} = {value} was accepted"
            );
        }
    }

    #[test]
    fn fingerprint_is_stable_and_sensitive() {
        assert_eq!(fingerprint(b"abcdefghij"), fingerprint(b"abcdefghij"));
        assert_ne!(fingerprint(b"abcdefghij"), fingerprint(b"abcdefghik"));
        assert_ne!(fingerprint(b""), fingerprint(b"\0"));
        assert_ne!(fingerprint(b"\0"), fingerprint(b"\0\0"));
    }
}
