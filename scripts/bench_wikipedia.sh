#!/usr/bin/env bash
# Throughput of the Wikipedia JSON-RPC API (wikipedia.search, wikipedia.page) against
# kiwix-serve's /search and article pages on the same archive, in the same run, with 1 and 8
# concurrent connections (wrk, loopback only). Prints a Markdown table.
#   scripts/bench_wikipedia.sh [ARCHIVE]    (default: the demo Ray Charles archive)
# Needs: wrk and kiwix-tools (apt), a release build (cargo build --release -p zim-mcp).
set -euo pipefail
cd "$(dirname "$0")/.."
ARCHIVE=${1:-tests/data/demo/wikipedia_en_ray_charles.zim}
DURATION=${DURATION:-10s}
KIWIX_PORT=18181
OURS_PORT=18182
command -v wrk >/dev/null && command -v kiwix-serve >/dev/null || {
  echo "needs wrk and kiwix-serve: apt-get install wrk kiwix-tools" >&2; exit 1; }
BIN=${ZIM_MCP_BIN:-target/release/zim-mcp}
[ -x "$BIN" ] || cargo build --release -p zim-mcp

trap 'kill $(jobs -p) 2>/dev/null' EXIT
kiwix-serve --address 127.0.0.1 --port $KIWIX_PORT "$ARCHIVE" >/dev/null 2>&1 &
# The API's own cache is switched off so that every request does the work; the second table
# row shows the default cache.
CACHE_MAX=${CACHE_MAX:-0} "$BIN" --transport http --host 127.0.0.1 --port $OURS_PORT \
  "$(dirname "$(realpath "$ARCHIVE")")" >/dev/null 2>&1 &
for port in $KIWIX_PORT $OURS_PORT; do
  for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/" -o /dev/null 2>/dev/null && break
    curl -s "http://127.0.0.1:$port/healthz" -o /dev/null 2>/dev/null && break; sleep 0.1; done
done
book=$(curl -s "http://127.0.0.1:$KIWIX_PORT/catalog/v2/entries" | grep -o 'href="/[^"/]*"' | grep -v catalog | head -1 | cut -d'"' -f2)

rps() { grep -o 'Requests/sec: *[0-9.]*' | awk '{print $2}'; }
ours() { BODY="$2" wrk -t1 -c"$1" -d"$DURATION" -s scripts/wrk/post_json.lua "http://127.0.0.1:$OURS_PORT/mcp" | rps; }
kiwix() { wrk -t1 -c"$1" -d"$DURATION" "http://127.0.0.1:$KIWIX_PORT$2" | rps; }

SEARCH='{"jsonrpc":"2.0","method":"wikipedia.search","params":{"query":"piano","limit":10},"id":1}'
PAGE='{"jsonrpc":"2.0","method":"wikipedia.page","params":{"title":"Ray Charles"},"id":1}'
echo "| operation | connections | zim-mcp req/s | kiwix-serve req/s | ratio |"
echo "|---|---|---|---|---|"
for c in 1 8; do
  a=$(ours $c "$SEARCH"); b=$(kiwix $c "/search?pattern=piano")
  echo "| search 'piano' (10 results) | $c | $a | $b | $(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.1fx", a/b}') |"
  a=$(ours $c "$PAGE"); b=$(kiwix $c "$book/A/Ray_Charles")
  echo "| page 'Ray Charles' | $c | $a | $b | $(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.1fx", a/b}') |"
done
