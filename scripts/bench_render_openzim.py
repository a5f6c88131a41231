#!/usr/bin/env python3
"""Compare zim-render with openzim-mcp's renderer on the same HTML, in the same run.

Setup (once):
    scripts/bench-setup.sh   # creates .venv-anchor

Run:
    .venv-anchor/bin/python scripts/bench_render_openzim.py [files...]

With no files, uses crates/zim-render/tests/fixtures/*.html. zim-render is timed through
its `bench_fixtures` example (release build: Document::parse + Markdown); openzim-mcp
through ContentProcessor.html_to_plain_text (BeautifulSoup + html2text), each file
repeated for at least a second.
"""
import glob
import json
import os
import subprocess
import sys
import time

from openzim_mcp.content_processor import ContentProcessor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def time_python(cp, html, min_secs=1.0, min_iters=3):
    cp.html_to_plain_text(html)  # warm-up
    start = time.perf_counter()
    iters = 0
    while iters < min_iters or time.perf_counter() - start < min_secs:
        cp.html_to_plain_text(html)
        iters += 1
    return (time.perf_counter() - start) / iters


def time_rust(files):
    # ZIM_RENDER_BENCH_EXE: use an already built bench_fixtures binary instead of cargo.
    exe = os.environ.get("ZIM_RENDER_BENCH_EXE")
    if not exe:
        env = dict(os.environ)
        env.setdefault("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
        subprocess.run(
            ["cargo", "build", "-q", "--release", "-p", "zim-render", "--example", "bench_fixtures"],
            cwd=ROOT, env=env, check=True,
        )
        exe = os.path.join(env["CARGO_TARGET_DIR"], "release", "examples", "bench_fixtures")
    out = subprocess.run([exe, *files], check=True, capture_output=True, text=True).stdout
    return {r["file"]: r["secs_per_iter"] for r in map(json.loads, out.splitlines())}


def main():
    files = sys.argv[1:] or sorted(glob.glob(os.path.join(ROOT, "crates/zim-render/tests/fixtures/*.html")))
    rust = time_rust(files)
    cp = ContentProcessor()
    total_bytes = total_rs = total_py = 0.0
    print(f"{'file':42} {'KB':>7} {'zim-render ms':>14} {'openzim-mcp ms':>15} {'ratio':>7}")
    for f in files:
        with open(f, "rb") as fh:
            raw = fh.read()
        html = raw.decode("utf-8", errors="replace")
        py = time_python(cp, html)
        rs = rust[f]
        total_bytes += len(raw)
        total_rs += rs
        total_py += py
        print(f"{os.path.basename(f):42} {len(raw)/1024:7.1f} {rs*1e3:14.3f} {py*1e3:15.2f} {py/rs:7.1f}x")
    mb = total_bytes / 1e6
    print(f"{'TOTAL':42} {total_bytes/1024:7.1f} {total_rs*1e3:14.3f} {total_py*1e3:15.2f} {total_py/total_rs:7.1f}x")
    print(f"throughput: zim-render {mb/total_rs:.1f} MB/s, openzim-mcp {mb/total_py:.2f} MB/s")


if __name__ == "__main__":
    main()
