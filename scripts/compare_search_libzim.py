#!/usr/bin/env python3
"""Compare zim-search with python-libzim (libzim 9) on one archive, query by query.

Runs every query of QUERIES (one per line, `#` comments) through
`libzim.search.Searcher` / `libzim.suggestion.SuggestionSearcher` and through
zim-search's `zsearch` example, and reports whether the top-N paths agree (same
paths, same order) and whether the estimated totals agree.

Usage (python-libzim must be importable, e.g. .venv-corpus/bin/python):
  scripts/compare_search_libzim.py [--archive A.zim] [--queries FILE] [--limit 10]
                                   [--zsearch PATH] [--mode search|suggest|both]
Exit status 1 when top-N agreement is below --target (default 0.95).
"""
import argparse
import json
import os
import subprocess
import sys

from libzim.reader import Archive
from libzim.search import Query, Searcher
from libzim.suggestion import SuggestionSearcher

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_queries(path):
    with open(path, encoding="utf-8") as f:
        return [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]


def libzim_results(archive, queries, mode, limit):
    out = {}
    if mode == "search":
        searcher = Searcher(archive)
        for q in queries:
            s = searcher.search(Query().set_query(q))
            out[q] = (s.getEstimatedMatches(), list(s.getResults(0, limit)))
    else:
        searcher = SuggestionSearcher(archive)
        for q in queries:
            s = searcher.suggest(q)
            out[q] = (s.getEstimatedMatches(), list(s.getResults(0, limit)))
    return out


def build_zsearch():
    env = dict(os.environ)
    env.setdefault("CARGO_TARGET_DIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target"))
    subprocess.run(["cargo", "build", "-q", "-p", "zim-search", "--example", "zsearch"],
                   cwd=ROOT, env=env, check=True)
    return os.path.join(env["CARGO_TARGET_DIR"], "debug", "examples", "zsearch")


def ours_results(zsearch, archive_path, queries_path, mode, limit):
    run = subprocess.run([zsearch, archive_path, mode, queries_path, "--limit", str(limit)],
                         capture_output=True, text=True, check=True)
    doc = json.loads(run.stdout)
    return {r["query"]: (r["estimated"], r["top"]) for r in doc["results"]}, doc["backend"]


def compare(mode, args, queries, archive, zsearch):
    ref = libzim_results(archive, queries, mode, args.limit)
    ours, backend = ours_results(zsearch, args.archive, args.queries, mode, args.limit)
    agree = est_agree = 0
    print(f"\n== {mode}: {len(queries)} queries, top-{args.limit}, ours = {backend}")
    for q in queries:
        (ref_est, ref_top), (our_est, our_top) = ref[q], ours.get(q, (None, []))
        same_top = ref_top == our_top
        agree += same_top
        est_agree += ref_est == our_est
        flag = "ok  " if same_top else "DIFF"
        print(f"{flag} {q!r:45} est libzim={ref_est:<6} ours={our_est}")
        if not same_top:
            for i in range(max(len(ref_top), len(our_top))):
                a = ref_top[i] if i < len(ref_top) else "-"
                b = our_top[i] if i < len(our_top) else "-"
                print(f"       {i:2} {'=' if a == b else '!'} libzim {a}\n            ours   {b}")
    n = len(queries) or 1
    print(f"{mode}: top-{args.limit} order agreement {agree}/{len(queries)} = {agree / n:.1%}; "
          f"estimated totals agree {est_agree}/{len(queries)}")
    return agree / n


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--archive", default="corpus-out/rustdocs.zim")
    p.add_argument("--queries", default=os.path.join(ROOT, "crates/zim-search/tests/data/rustdocs_queries.txt"))
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--zsearch", help="path of a built zsearch example (default: cargo build)")
    p.add_argument("--mode", choices=["search", "suggest", "both"], default="both")
    p.add_argument("--target", type=float, default=0.95)
    args = p.parse_args()

    queries = read_queries(args.queries)
    archive = Archive(args.archive)
    zsearch = args.zsearch or build_zsearch()
    modes = ["search", "suggest"] if args.mode == "both" else [args.mode]
    rates = [compare(m, args, queries, archive, zsearch) for m in modes]
    return 0 if min(rates) >= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
