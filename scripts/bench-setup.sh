#!/usr/bin/env bash
# Prepares the benchmark peers and archives, all from the package registries:
#   .venv-corpus  python-libzim 3.13.1 (the reference reader; also builds the corpora)
#   .venv-anchor  openzim-mcp 3.4.0 (the Python MCP server we compare with; needs Python >= 3.12)
#   .venv-bench   the MCP Python SDK, for shared/bench-style harness runs
#   corpus-out/rustdocs.zim (~3 min) and corpus-out/synthetic-100k.zim (~13 min; skip with --quick)
# Debian packages: kiwix-tools (kiwix-serve), wrk, hyperfine.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
for tool in kiwix-serve:kiwix-tools wrk:wrk hyperfine:hyperfine; do
  command -v "${tool%%:*}" >/dev/null || { $SUDO apt-get update -qq; $SUDO apt-get install -y -qq "${tool##*:}" >/dev/null; }
done
[ -x .venv-corpus/bin/python ] || { python3 -m venv .venv-corpus && .venv-corpus/bin/pip install -q 'libzim==3.13.1'; }
[ -x .venv-bench/bin/python ] || { python3 -m venv .venv-bench && .venv-bench/bin/pip install -q 'mcp==2.3.0'; }
if [ ! -x .venv-anchor/bin/openzim-mcp ]; then
  py=""
  for cand in python3.13 python3.12 "$HOME"/.pyenv/versions/3.13*/bin/python3 "$HOME"/.pyenv/versions/3.12*/bin/python3; do
    if command -v "$cand" >/dev/null 2>&1; then py=$cand; break; fi
  done
  [ -n "$py" ] || { echo "bench-setup: openzim-mcp needs Python >= 3.12; none found" >&2; exit 1; }
  "$py" -m venv .venv-anchor && .venv-anchor/bin/pip install -q 'openzim-mcp==3.4.0'
fi
mkdir -p corpus-out
[ -f corpus-out/rustdocs.zim ] || .venv-corpus/bin/python scripts/build-corpus rustdocs corpus-out/rustdocs.zim
if [ "${1:-}" != "--quick" ] && [ ! -f corpus-out/synthetic-100k.zim ]; then
  .venv-corpus/bin/python scripts/build-corpus synthetic corpus-out/synthetic-100k.zim --articles 100000
fi
echo "bench-setup: ready" >&2
