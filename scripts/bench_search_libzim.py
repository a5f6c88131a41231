#!/usr/bin/env python3
"""Search and suggestion latency, zim-search vs python-libzim, on the same queries.

Each query runs --repeat times after one warm-up pass (index opening excluded) in
both engines; a sample is one complete query: estimated total + top-N paths.
Prints p50 / p99 / mean per engine and mode.  zim-search is timed inside its
`zsearch` example (release build), python-libzim around its Python calls (that
includes the binding's small overhead: compare with that in mind).

Usage: scripts/bench_search_libzim.py [--archive A.zim] [--queries FILE]
                                      [--repeat 20] [--limit 10] [--zsearch PATH]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from libzim.reader import Archive
from libzim.search import Query, Searcher
from libzim.suggestion import SuggestionSearcher

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_queries(path):
    with open(path, encoding="utf-8") as f:
        return [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]


def suggest_prefixes(queries):
    # Typing prefixes: the first 2, 3 and 5 characters of each query.
    out = []
    for q in queries:
        for n in (2, 3, 5):
            if len(q) >= n and q[:n] not in out:
                out.append(q[:n])
    return out


def percentile(samples, p):
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def libzim_times(archive, queries, mode, repeat, limit):
    searcher = Searcher(archive) if mode == "search" else SuggestionSearcher(archive)

    def once(q):
        s = searcher.search(Query().set_query(q)) if mode == "search" else searcher.suggest(q)
        s.getEstimatedMatches()
        list(s.getResults(0, limit))

    for q in queries:  # warm-up
        once(q)
    times = []
    for _ in range(repeat):
        for q in queries:
            t = time.perf_counter()
            once(q)
            times.append((time.perf_counter() - t) * 1e6)
    return times


def ours_times(zsearch, archive, queries_file, mode, repeat, limit):
    run = subprocess.run([zsearch, archive, mode, queries_file, "--limit", str(limit),
                          "--repeat", str(repeat + 1)], capture_output=True, text=True, check=True)
    doc = json.loads(run.stdout)
    times = []
    for r in doc["results"]:
        times.extend(r["times_us"][1:])  # first repetition = warm-up
    return times, doc["backend"]


def report(name, times):
    print(f"  {name:14} n={len(times):5}  p50={percentile(times, 50):9.1f} us  "
          f"p99={percentile(times, 99):9.1f} us  mean={statistics.mean(times):9.1f} us")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--archive", default="/work/corpus-out/rustdocs.zim")
    p.add_argument("--queries", default=os.path.join(ROOT, "crates/zim-search/tests/data/rustdocs_queries.txt"))
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--zsearch", help="path of a release-built zsearch example")
    args = p.parse_args()

    zsearch = args.zsearch
    if not zsearch:
        env = dict(os.environ)
        env.setdefault("CARGO_TARGET_DIR", "/work/targets/zim-search")
        subprocess.run(["cargo", "build", "-q", "--release", "-p", "zim-search", "--example", "zsearch"],
                       cwd=ROOT, env=env, check=True)
        zsearch = os.path.join(env["CARGO_TARGET_DIR"], "release", "examples", "zsearch")

    queries = read_queries(args.queries)
    prefixes = suggest_prefixes(queries)
    prefix_file = "/tmp/zim_search_bench_prefixes.txt"
    with open(prefix_file, "w", encoding="utf-8") as f:
        f.write("\n".join(prefixes) + "\n")

    archive = Archive(args.archive)
    for mode, qs, qfile in (("search", queries, args.queries), ("suggest", prefixes, prefix_file)):
        ours, backend = ours_times(zsearch, args.archive, qfile, mode, args.repeat, args.limit)
        theirs = libzim_times(archive, qs, mode, args.repeat, args.limit)
        print(f"{mode}: {len(qs)} queries x {args.repeat} (ours = {backend})")
        report("zim-search", ours)
        report("python-libzim", theirs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
