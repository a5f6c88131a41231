#!/usr/bin/env bash
# Rebuilds the archives the question sets under tests/qa are evaluated on (see the READMEs in
# tests/qa/*/), one at a time, into OUT_DIR (default corpus-out), skipping those already there:
#   scripts/build-qa-archives.sh [OUT_DIR]
#   scripts/eval_qa.py --sets tests/qa/*.jsonl tests/qa/*/*.jsonl --archive-dir OUT_DIR --install-openzim
# Makes .venv-corpus (python-libzim) if missing and installs the Debian doc packages it needs.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "${1:-$ROOT/corpus-out}"
OUT=$(cd "${1:-$ROOT/corpus-out}" && pwd)
cd "$ROOT"

# archive | Debian package | source directory | extra build-corpus args.
# Package "-": none (rustdocs: the toolchain's rust-docs; a .zim source is copied as it is).
# "deb:PKG": the .deb's files are unpacked, not installed (NodeSource's nodejs, installed on
# these machines, ships Node 20's docs and conflicts with Debian's nodejs-doc 18).
MANIFEST='
rustdocs.zim        -                        -
pydocs.zim          python3.11-doc           /usr/share/doc/python3.11/html
gitdocs.zim         git-doc                  /usr/share/doc/git/html
pgdocs.zim          postgresql-doc-15        /usr/share/doc/postgresql-doc-15/html
cmake.zim           cmake-doc                /usr/share/doc/cmake-data/html
sqlite.zim          sqlite3-doc              /usr/share/doc/sqlite3
django.zim          python-django-doc        /usr/share/doc/python-django-doc/html
apache-httpd.zim    apache2-doc              /usr/share/doc/apache2-doc/manual/en
octave.zim          octave-doc               /usr/share/doc/octave/octave.html
tonedear.com_en_2024-09.zim  -               ../shared/testdata/zim/kiwix/tonedear.com_en_2024-09.zim
gnuplot.zim         gnuplot-doc              /usr/share/doc/gnuplot/htmldocs
pandas.zim          python-pandas-doc        /usr/share/doc/python-pandas-doc/html
sqlalchemy.zim      python-sqlalchemy-doc    /usr/share/doc/python-sqlalchemy-doc/html
pytest.zim          python-pytest-doc        /usr/share/doc/python-pytest-doc/html
celery.zim          python-celery-doc        /usr/share/doc/python-celery-doc/html
varnish.zim         varnish-doc              /usr/share/doc/varnish/html
scrapy.zim          python-scrapy-doc        /usr/share/doc/python-scrapy-doc/html
vim.zim             vim-doc                  /usr/share/doc/vim/html
flask.zim           python-flask-doc         /usr/share/doc/python-flask-doc/html
postfix.zim         postfix-doc              /usr/share/doc/postfix/html
debhandbook-fr.zim  debian-handbook          /usr/share/doc/debian-handbook/html/fr-FR  --language fra
debhandbook-es.zim  debian-handbook          /usr/share/doc/debian-handbook/html/es-ES  --language spa
debhandbook-de.zim  debian-handbook          /usr/share/doc/debian-handbook/html/de-DE  --language deu
debhandbook-it.zim  debian-handbook          /usr/share/doc/debian-handbook/html/it-IT  --language ita
debhandbook-pt.zim  debian-handbook          /usr/share/doc/debian-handbook/html/pt-BR  --language por
debhandbook-ja.zim  debian-handbook          /usr/share/doc/debian-handbook/html/ja-JP  --language jpn
debhandbook-zh.zim  debian-handbook          /usr/share/doc/debian-handbook/html/zh-CN  --language zho
debhandbook-zhtw.zim debian-handbook         /usr/share/doc/debian-handbook/html/zh-TW  --language zho
debhandbook-ru.zim  debian-handbook          /usr/share/doc/debian-handbook/html/ru-RU  --language rus
debhandbook-ar.zim  debian-handbook          /usr/share/doc/debian-handbook/html/ar-MA  --language ara
gimp-ja.zim         gimp-help-ja             /usr/share/gimp/2.0/help/ja  --language jpn
sphinx.zim          sphinx-doc               /usr/share/doc/sphinx-doc/html
debhandbook.zim     debian-handbook          /usr/share/doc/debian-handbook/html/en-US
erlang.zim          erlang-doc               /usr/share/doc/erlang-doc
nodejs.zim          deb:nodejs-doc           /usr/share/doc/nodejs/api
cppref.zim          cppreference-doc-en-html /usr/share/cppreference/doc/html/en
gimp.zim            gimp-help-en             /usr/share/gimp/2.0/help/en
tornado.zim         python-tornado-doc       /usr/share/doc/python-tornado-doc/html
gnucash.zim         gnucash-docs             /usr/share/doc/gnucash-docs
xapian.zim          xapian-doc               /usr/share/doc/xapian-doc
zsh.zim             zsh-doc                  /usr/share/doc/zsh-common/html
sympy.zim           python-sympy-doc         /usr/share/doc/python-sympy-doc/html
exim.zim            exim4-doc-html           /usr/share/doc/exim4-doc-html/spec_html
dask.zim            python-dask-doc          /usr/share/doc/python-dask-doc/html
wireshark.zim       wireshark-doc            /usr/share/doc/wireshark/wsug_html_chunked
ant.zim             ant-doc                  /usr/share/doc/ant/manual
slurm.zim           slurm-wlm-doc            /usr/share/doc/slurm-wlm/html
gevent.zim          python-gevent-doc        /usr/share/doc/python-gevent-doc/html
rsyslog.zim         rsyslog-doc              /usr/share/doc/rsyslog-doc/html
pylint.zim          pylint-doc               /usr/share/doc/pylint/html
glib.zim            libglib2.0-doc           /usr/share/gtk-doc/html
cyrus.zim           cyrus-doc                /usr/share/doc/cyrus-doc/html
numba.zim           numba-doc                /usr/share/doc/numba-doc/html
scons.zim           scons-doc                /usr/share/doc/scons/HTML
pygame.zim          python-pygame-doc        /usr/share/doc/python-pygame-doc/html
ffmpeg.zim          ffmpeg-doc               /usr/share/doc/ffmpeg
libvirt.zim         libvirt-doc              /usr/share/doc/libvirt-doc/html
scipy.zim           python-scipy-doc         /usr/share/doc/python-scipy-doc/html
mypy.zim            mypy-doc                 /usr/share/doc/mypy/html
bind9.zim           bind9-doc                /usr/share/doc/bind9-doc/arm
'
STAGE=$(mktemp -d); trap 'rm -rf "$STAGE"' EXIT

# The sources whose README copies them first (a start page added, files left out): into $STAGE.
prepare() {  # NAME SRC -> sets SRC
  local d="$STAGE/${1%.zim}"; mkdir -p "$d"
  case $1 in
    erlang.zim)  cp -r "$2/." "$d/"; find "$d" -name '*.pdf' -delete
                 cp tests/qa/heldout-n/erlang-index.html "$d/index.html" ;;
    gnucash.zim) cp -rL "$2/gnucash-guide-en" "$2/gnucash-help-en" "$d/"
                 printf '<html><head><title>GnuCash documentation</title></head><body><a href="gnucash-guide-en/index.html">Tutorial and Concepts Guide</a> <a href="gnucash-help-en/index.html">Manual</a></body></html>' > "$d/index.html" ;;
    xapian.zim)  cp -rL "$2/." "$d/"; rm -f "$d"/*.gz ;;
    slurm.zim)   cp -r "$2/." "$d/"; cp "$d/documentation.html" "$d/index.html" ;;
    glib.zim)    cp -rL "$2/glib" "$2/gio" "$2/gobject" "$d/"
                 printf '%s\n' '<!DOCTYPE html><html><head><meta charset="utf-8"><title>GLib, GObject and GIO Reference Manuals</title></head>' \
                   '<body><ul><li><a href="glib/index.html">GLib</a></li><li><a href="gobject/index.html">GObject</a></li><li><a href="gio/index.html">GIO</a></li></ul></body></html>' > "$d/index.html" ;;
    ffmpeg.zim)  cp -rL "$2/." "$d/"
                 printf '%s\n' '<!DOCTYPE html><html><head><title>FFmpeg documentation</title></head>' \
                   '<body><h1>FFmpeg documentation</h1><ul><li><a href="manual/index.html">Manual</a></li><li><a href="api/index.html">API</a></li></ul></body></html>' > "$d/index.html" ;;
    *) rmdir "$d"; return ;;
  esac
  SRC=$d
}

build() {  # NAME PKG SRC [ARGS...]
  local name=$1 pkg=$2; SRC=$3; shift 3
  case $SRC in
    *.zim) cp "$SRC" "$OUT/$name"; return ;;
    -) [ -d "$(rustc --print sysroot)/share/doc/rust/html" ] || rustup component add rust-docs
       .venv-corpus/bin/python scripts/build-corpus rustdocs "$OUT/$name" "$@"; return ;;
  esac
  if [[ $pkg == deb:* ]]; then
    (cd "$STAGE" && apt-get download -q "${pkg#deb:}" && dpkg-deb -x "${pkg#deb:}"_*.deb deb)
    SRC=$STAGE/deb$SRC
  fi
  prepare "$name" "$SRC"
  .venv-corpus/bin/python scripts/build-corpus rustdocs "$OUT/$name" --src "$SRC" "$@"
}

[ -x .venv-corpus/bin/python ] || { python3 -m venv .venv-corpus && .venv-corpus/bin/pip install -q 'libzim==3.13.1'; }

# The Debian packages of the archives still to build.
todo=$(awk -v out="$OUT" 'NF && system("test -e \"" out "/" $1 "\"") != 0' <<<"$MANIFEST")
missing=()
for pkg in $(awk '$2 != "-" && $2 !~ /^deb:/ {print $2}' <<<"$todo" | sort -u); do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || missing+=("$pkg")
done
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ ${#missing[@]} -gt 0 ] || grep -q ' deb:' <<<"$todo"; then
  $SUDO apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

failed=()
while read -r name pkg src args; do
  [ -n "$name" ] || continue
  echo "== $name" >&2
  start=$SECONDS
  # A subshell per archive: a failed step fails that archive only. Args are words (no quoting).
  # shellcheck disable=SC2086
  set +e; (set -e; build "$name" "$pkg" "$src" $args); rc=$?; set -e
  if [ $rc -ne 0 ]; then failed+=("$name"); rm -f "$OUT/$name" "$OUT/$name.tmp"; fi
  echo "== $name: $([ $rc -eq 0 ] && echo ok || echo FAILED) in $((SECONDS - start)) s" >&2
done <<<"$todo"

# Every archive a set names (its first line; a path is one vendored beside the set) must be here.
for set in tests/qa/*.jsonl tests/qa/*/*.jsonl; do
  want=$(head -1 "$set" | sed -n 's/^{"archive": *"\([^"/]*\)"}.*/\1/p')
  [ -z "$want" ] || [ -f "$OUT/$want" ] || [[ " ${failed[*]} " == *" $want "* ]] || failed+=("$want")
done
[ ${#failed[@]} -eq 0 ] || { echo "build-qa-archives: failed: ${failed[*]}" >&2; exit 1; }
echo "build-qa-archives: all archives in $OUT" >&2
