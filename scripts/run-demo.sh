#!/usr/bin/env bash
# Builds zim-mcp (release) and starts it on the bundled demo archive (Wikipedia's articles
# about Ray Charles, with a full-text index), over streamable HTTP on 127.0.0.1:8000.
# Extra arguments are passed to the server, e.g. `scripts/run-demo.sh --transport stdio`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cargo build --release -p zim-mcp
echo "zim-mcp: serving tests/data/demo on http://127.0.0.1:8000/mcp (Ctrl-C stops it)" >&2
exec target/release/zim-mcp --mode advanced --transport http --host 127.0.0.1 --port 8000 "$@" tests/data/demo
