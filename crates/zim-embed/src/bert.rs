//! The BERT encoder of a sentence-embedding model, with its weights held compact.
//!
//! Why our own forward pass rather than candle-transformers' `BertModel`: that model keeps every
//! weight in one dtype. In f32, all-MiniLM-L6-v2 is ~90 MB resident for as long as the server
//! runs; in f16 its forward pass breaks (the attention mask's fill value, f32::MIN, overflows
//! f16, and softmax then yields NaN). Here the six layers' projection matrices are stored as
//! f16 and the word-embedding table as one byte per value with a scale per row (together 99%
//! of the weights: ~34 MB instead of ~90), while every sum, softmax, layer norm and residual is
//! computed in f32. A projection multiplies in f16 against its matrix stored transposed (gemm
//! widens both operands to f32 as it packs them, so no f32 copy of a weight is ever made; the
//! transposed layout is the one its packing reads fast: for a one-sentence query, the untransposed
//! layout took twice as long as f32, this one a little less than f32) and its result is widened
//! back before the bias is added. Against the PyTorch reference (`tests/reference.rs`), the
//! lowest cosine over the reference sentences is 0.99992 (0.9999994 with the embedding table
//! in f16 too: its byte per value is what costs precision, far within the 0.999 required).
//!
//! The architecture is Hugging Face's `BertModel` without the pooler: embeddings (word +
//! position + token type 0, layer norm), then per layer self-attention with a residual and
//! layer norm, a feed-forward block (GELU) with a residual and layer norm.

use candle_core::safetensors::SliceSafetensors;
use candle_core::{DType, Device, Module, Result, Tensor};
use candle_nn::LayerNorm;

use crate::BertConfig;

/// The activation of the feed-forward block, as `config.json` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
pub(crate) enum Activation {
    /// The exact GELU (erf), BERT's `"gelu"`.
    #[serde(rename = "gelu")]
    Gelu,
    /// The tanh approximation of GELU.
    #[serde(
        alias = "gelu_new",
        alias = "gelu_pytorch_tanh",
        rename = "gelu_approximate"
    )]
    GeluApproximate,
    #[serde(rename = "relu")]
    Relu,
}

impl Activation {
    fn apply(self, xs: &Tensor) -> Result<Tensor> {
        match self {
            Activation::Gelu => xs.gelu_erf(),
            Activation::GeluApproximate => xs.gelu(),
            Activation::Relu => xs.relu(),
        }
    }
}

/// A loaded encoder. Its tensors are immutable, so it is `Send + Sync`.
pub(crate) struct Encoder {
    word_embeddings: QuantizedRows,
    position_embeddings: Tensor,
    token_type_embedding: Tensor,
    embeddings_norm: LayerNorm,
    layers: Vec<Layer>,
    heads: usize,
    head_size: usize,
}

struct Layer {
    query: Projection,
    key: Projection,
    value: Projection,
    attention_output: Projection,
    attention_norm: LayerNorm,
    intermediate: Projection,
    activation: Activation,
    output: Projection,
    output_norm: LayerNorm,
}

/// `x W^T + b` with `W` stored as f16 and `b` as f32.
struct Projection {
    weight: Tensor,
    bias: Tensor,
}

impl Projection {
    /// `xs`: f32, `(tokens, in)`; returns f32 `(tokens, out)`.
    fn forward(&self, xs: &Tensor) -> Result<Tensor> {
        xs.to_dtype(DType::F16)?
            .matmul(&self.weight)?
            .to_dtype(DType::F32)?
            .broadcast_add(&self.bias)
    }
}

/// A table of vectors stored as one byte per value with a scale per row (absmax
/// quantisation): the word-embedding table is a third of a small model's weights and only a
/// few dozen of its rows are read per text, each once, before a layer norm.
struct QuantizedRows {
    values: Vec<i8>,
    scales: Vec<f32>,
    width: usize,
}

impl QuantizedRows {
    /// Quantises a little-endian f32 table of `(rows, width)` straight from the file's bytes
    /// (no f32 copy of the table is made).
    fn from_le_bytes(bytes: &[u8], rows: usize, width: usize) -> Result<QuantizedRows> {
        let expected = rows.checked_mul(width).and_then(|n| n.checked_mul(4));
        if width == 0 || expected != Some(bytes.len()) {
            candle_core::bail!(
                "the table holds {} bytes, not {rows} x {width} f32",
                bytes.len()
            );
        }
        let mut values = Vec::with_capacity(rows * width);
        let mut scales = Vec::with_capacity(rows);
        let mut row = vec![0f32; width];
        for chunk in bytes.chunks_exact(width * 4) {
            for (value, b) in row.iter_mut().zip(chunk.chunks_exact(4)) {
                *value = <[u8; 4]>::try_from(b).map_or(0.0, f32::from_le_bytes);
            }
            let max = row.iter().fold(0f32, |m, v| m.max(v.abs()));
            if !max.is_finite() {
                candle_core::bail!("the table holds non-finite values");
            }
            let scale = if max > 0.0 { max / 127.0 } else { 1.0 };
            scales.push(scale);
            values.extend(
                row.iter()
                    .map(|v| (v / scale).round().clamp(-127.0, 127.0) as i8),
            );
        }
        Ok(QuantizedRows {
            values,
            scales,
            width,
        })
    }

    /// The rows `ids` (each checked against the table), widened to f32: `(ids.len(), width)`.
    fn gather(&self, ids: &[u32], device: &Device) -> Result<Tensor> {
        let mut out = Vec::with_capacity(ids.len() * self.width);
        for &id in ids {
            let id = id as usize;
            let start = id.checked_mul(self.width);
            let row =
                start.and_then(|start| self.values.get(start..start.checked_add(self.width)?));
            let (Some(&scale), Some(row)) = (self.scales.get(id), row) else {
                candle_core::bail!("token id {id} is outside the vocabulary");
            };
            out.extend(row.iter().map(|&v| f32::from(v) * scale));
        }
        Tensor::from_vec(out, (ids.len(), self.width), device)
    }
}

/// Reads the named tensors out of safetensors bytes one at a time, checking each one's shape,
/// so that loading never holds more than one widened copy of a weight at once.
struct Weights<'a> {
    file: SliceSafetensors<'a>,
    device: &'a Device,
}

impl Weights<'_> {
    fn get(&self, name: &str, shape: &[usize], dtype: DType) -> Result<Tensor> {
        let tensor = self
            .file
            .load(name, self.device)
            .map_err(|e| candle_core::Error::Msg(format!("{name}: {e}")))?;
        if tensor.dims() != shape {
            candle_core::bail!("{name} has shape {:?}, expected {shape:?}", tensor.dims());
        }
        tensor.to_dtype(dtype)
    }

    /// An f32 table of `(rows, width)`, quantised to a byte per value as it is read.
    fn quantized_rows(&self, name: &str, rows: usize, width: usize) -> Result<QuantizedRows> {
        let view = self
            .file
            .get(name)
            .map_err(|e| candle_core::Error::Msg(format!("{name}: {e}")))?;
        if view.dtype() != safetensors::Dtype::F32 || view.shape() != [rows, width] {
            candle_core::bail!(
                "{name} is {:?} {:?}, expected F32 {:?}",
                view.dtype(),
                view.shape(),
                [rows, width]
            );
        }
        QuantizedRows::from_le_bytes(view.data(), rows, width)
            .map_err(|e| candle_core::Error::Msg(format!("{name}: {e}")))
    }

    fn projection(&self, prefix: &str, out: usize, inp: usize) -> Result<Projection> {
        Ok(Projection {
            weight: self
                .get(&format!("{prefix}.weight"), &[out, inp], DType::F16)?
                .t()?
                .contiguous()?,
            bias: self.get(&format!("{prefix}.bias"), &[out], DType::F32)?,
        })
    }

    fn layer_norm(&self, prefix: &str, size: usize, eps: f64) -> Result<LayerNorm> {
        Ok(LayerNorm::new(
            self.get(&format!("{prefix}.weight"), &[size], DType::F32)?,
            self.get(&format!("{prefix}.bias"), &[size], DType::F32)?,
            eps,
        ))
    }
}

impl Encoder {
    /// Builds the encoder from the bytes of `model.safetensors`. Tensor names may carry a
    /// `bert.` prefix (as checkpoints of BERT with a task head do) or not.
    pub(crate) fn load(bytes: &[u8], config: &BertConfig, device: &Device) -> Result<Encoder> {
        let file = SliceSafetensors::new(bytes)?;
        let prefix = if file.get("embeddings.word_embeddings.weight").is_ok() {
            ""
        } else {
            "bert."
        };
        let weights = Weights { file, device };
        let hidden = config.hidden_size;
        let inner = config.intermediate_size;
        let eps = config.layer_norm_eps;
        let token_types = weights.get(
            &format!("{prefix}embeddings.token_type_embeddings.weight"),
            &[config.type_vocab_size, hidden],
            DType::F32,
        )?;
        let mut layers = Vec::with_capacity(config.num_hidden_layers);
        for index in 0..config.num_hidden_layers {
            let at = format!("{prefix}encoder.layer.{index}");
            layers.push(Layer {
                query: weights.projection(&format!("{at}.attention.self.query"), hidden, hidden)?,
                key: weights.projection(&format!("{at}.attention.self.key"), hidden, hidden)?,
                value: weights.projection(&format!("{at}.attention.self.value"), hidden, hidden)?,
                attention_output: weights.projection(
                    &format!("{at}.attention.output.dense"),
                    hidden,
                    hidden,
                )?,
                attention_norm: weights.layer_norm(
                    &format!("{at}.attention.output.LayerNorm"),
                    hidden,
                    eps,
                )?,
                intermediate: weights.projection(
                    &format!("{at}.intermediate.dense"),
                    inner,
                    hidden,
                )?,
                activation: config.hidden_act,
                output: weights.projection(&format!("{at}.output.dense"), hidden, inner)?,
                output_norm: weights.layer_norm(&format!("{at}.output.LayerNorm"), hidden, eps)?,
            });
        }
        Ok(Encoder {
            word_embeddings: weights.quantized_rows(
                &format!("{prefix}embeddings.word_embeddings.weight"),
                config.vocab_size,
                hidden,
            )?,
            position_embeddings: weights.get(
                &format!("{prefix}embeddings.position_embeddings.weight"),
                &[config.max_position_embeddings, hidden],
                DType::F32,
            )?,
            // Sentence embeddings use token type 0 only.
            token_type_embedding: token_types.get(0)?,
            embeddings_norm: weights.layer_norm(
                &format!("{prefix}embeddings.LayerNorm"),
                hidden,
                eps,
            )?,
            layers,
            heads: config.num_attention_heads,
            head_size: hidden / config.num_attention_heads,
        })
    }

    /// Hidden states of the last layer, f32 `(rows, width, hidden)`, for token ids `(rows,
    /// width)` (u32, each below the vocabulary size, `width` at most the position table's
    /// length) and a mask of the same shape (1 for real tokens, 0 for padding).
    pub(crate) fn forward(&self, input_ids: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let (rows, width) = input_ids.dims2()?;
        let hidden = self.heads * self.head_size;
        let ids = input_ids.flatten_all()?.to_vec1::<u32>()?;
        let words = self
            .word_embeddings
            .gather(&ids, input_ids.device())?
            .reshape((rows, width, hidden))?;
        let positions = self.position_embeddings.narrow(0, 0, width)?;
        let embedded = words
            .broadcast_add(&positions)?
            .broadcast_add(&self.token_type_embedding)?;
        let mut states = self
            .embeddings_norm
            .forward(&embedded)?
            .reshape((rows * width, hidden))?;
        // Padding is kept out of attention by a large negative bias on its scores: -1e4 after
        // scaling, as the original BERT, is ample (e^-10000 is 0 in f32) and cannot overflow.
        let bias =
            ((mask.to_dtype(DType::F32)? - 1.0)? * 10_000.0)?.reshape((rows, 1, 1, width))?;
        for layer in &self.layers {
            states = layer.forward(&states, &bias, rows, width, self.heads, self.head_size)?;
        }
        states.reshape((rows, width, hidden))
    }
}

impl Layer {
    /// `states`: f32 `(rows * width, hidden)`; `bias`: f32 `(rows, 1, 1, width)`.
    fn forward(
        &self,
        states: &Tensor,
        bias: &Tensor,
        rows: usize,
        width: usize,
        heads: usize,
        head_size: usize,
    ) -> Result<Tensor> {
        let split = |xs: Tensor| -> Result<Tensor> {
            xs.reshape((rows, width, heads, head_size))?
                .transpose(1, 2)?
                .contiguous()
        };
        let query = split(self.query.forward(states)?)?;
        let key = split(self.key.forward(states)?)?;
        let value = split(self.value.forward(states)?)?;
        let scores = (query.matmul(&key.t()?)? / (head_size as f64).sqrt())?.broadcast_add(bias)?;
        let weights = candle_nn::ops::softmax_last_dim(&scores)?;
        let context = weights
            .matmul(&value)?
            .transpose(1, 2)?
            .reshape((rows * width, heads * head_size))?;
        let attended = self
            .attention_norm
            .forward(&(self.attention_output.forward(&context)? + states)?)?;
        let inner = self
            .activation
            .apply(&self.intermediate.forward(&attended)?)?;
        self.output_norm
            .forward(&(self.output.forward(&inner)? + &attended)?)
    }
}
