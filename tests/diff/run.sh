#!/usr/bin/env bash
# The differential test: zim-mcp against openzim-mcp 3.4.0 on the vendored archives.
#   tests/diff/run.sh [ZIM_MCP_BIN] [-- extra diff_openzim.py arguments]
# Installs openzim-mcp 3.4.0 from PyPI into .cache/venv-openzim (Python >= 3.12: the first of
# $OPENZIM_PYTHON, pyenv's 3.12/3.13, python3.13, python3.12, python3 that is recent enough;
# idempotent), copies the archives of the corpus into a scratch directory, and runs every call
# of tests/diff/corpus.json against both servers over stdio (tests/diff/diff_openzim.py).
set -euo pipefail
cd "$(dirname "$0")/../.."

bin=${1:-$PWD/target/debug/zim-mcp}
shift || true
[ "${1:-}" = "--" ] && shift
[ -x "$bin" ] || { echo "tests/diff/run.sh: no zim-mcp binary at $bin (cargo build -p zim-mcp)" >&2; exit 2; }

venv=${OPENZIM_VENV:-$PWD/.cache/venv-openzim}
installed=""
[ -x "$venv/bin/pip" ] && installed=$("$venv/bin/pip" show openzim-mcp 2>/dev/null | sed -n 's/^Version: //p')
if [ ! -x "$venv/bin/openzim-mcp" ] || [ "$installed" != "3.4.0" ]; then
  python=""
  for candidate in "${OPENZIM_PYTHON:-}" ~/.pyenv/versions/3.12*/bin/python ~/.pyenv/versions/3.13*/bin/python \
                   python3.13 python3.12 python3; do
    [ -n "$candidate" ] || continue
    command -v "$candidate" >/dev/null 2>&1 || [ -x "$candidate" ] || continue
    if "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
      python=$candidate
      break
    fi
  done
  [ -n "$python" ] || { echo "tests/diff/run.sh: openzim-mcp 3.4.0 needs Python >= 3.12 (set OPENZIM_PYTHON)" >&2; exit 2; }
  echo "tests/diff/run.sh: installing openzim-mcp 3.4.0 into $venv ($("$python" --version))" >&2
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install -q openzim-mcp==3.4.0
fi

"$venv/bin/python" tests/diff/diff_openzim.py --self-test

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
# Copies, not links: both servers list the directory and open the files as they are.
cp tests/data/demo/wikipedia_en_ray_charles.zim \
   tests/data/zim/kiwix/tonedear.com_en_2024-09.zim \
   tests/data/zim/kiwix/example.zim \
   tests/data/zim/kiwix/corner_cases.zim "$data/"

"$venv/bin/python" tests/diff/diff_openzim.py --ours "$bin" --openzim "$venv/bin/openzim-mcp" \
  --data "$data" "$@"
