#!/usr/bin/env python3
"""Search and suggestion latency, zim-search vs python-libzim, on the same queries.

Each query runs --repeat times after one warm-up pass (index opening excluded) in
both engines; a sample is one complete query: estimated total + top-N paths.
Prints p50 / p99 / mean per engine and mode, and the ratio ours / python-libzim.
zim-search is timed inside its `zsearch` example (release build), python-libzim
around its Python calls (that includes the binding's small overhead: compare
with that in mind).  The repetitions are split into --rounds rounds that
alternate between the engines, so a change of machine load during the run
affects both alike.

Suggestions are timed twice: "suggest" = libzim's estimated total + top-N
(ArchiveSearch::suggest), "suggest-page" = top-N with a free lower-bound total
(ArchiveSearch::suggest_page) against python-libzim's getResults alone (no
getEstimatedMatches).  No cache is involved: every sample is a cold query
(same handles, no per-query result reuse).

Suggestions are timed on typing prefixes of the queries (first 2, 3 and 5
characters).  Query sets: crates/zim-search/tests/data/rustdocs_queries.txt
(rustdocs.zim, the default) and synthetic_queries.txt (synthetic-100k.zim,
chosen automatically when the archive name contains "synthetic").

--zsearch-before PATH times a second zsearch build (e.g. one of the previous
commit) in the same rounds, for before/after comparisons under the same load.

Usage: scripts/bench_search_libzim.py [--archive A.zim] [--queries FILE]
                                      [--repeat 20] [--rounds 4] [--limit 10]
                                      [--zsearch PATH] [--zsearch-before PATH]
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


def libzim_times(archive, queries, mode, repeat, limit, warm_up=True):
    searcher = Searcher(archive) if mode == "search" else SuggestionSearcher(archive)

    def once(q):
        s = searcher.search(Query().set_query(q)) if mode == "search" else searcher.suggest(q)
        if mode != "suggest-page":
            s.getEstimatedMatches()
        list(s.getResults(0, limit))

    if warm_up:
        for q in queries:
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
    print(f"  {name:20} n={len(times):5}  p50={percentile(times, 50):9.1f} us  "
          f"p99={percentile(times, 99):9.1f} us  mean={statistics.mean(times):9.1f} us")


def report_ratio(ours, theirs):
    ratio = {p: percentile(ours, p) / max(percentile(theirs, p), 1e-9) for p in (50, 99)}
    mean = statistics.mean(ours) / max(statistics.mean(theirs), 1e-9)
    print(f"  {'ours/libzim':20} {'':7}  p50={ratio[50]:9.2f}     p99={ratio[99]:9.2f}     "
          f"mean={mean:9.2f}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--archive", default="corpus-out/rustdocs.zim")
    p.add_argument("--queries", help="query file (default: chosen from the archive name)")
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--rounds", type=int, default=4, help="alternations between the engines")
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--zsearch", help="path of a release-built zsearch example")
    p.add_argument("--zsearch-before", help="another zsearch build to time alongside")
    args = p.parse_args()

    zsearch = args.zsearch
    if not zsearch:
        env = dict(os.environ)
        env.setdefault("CARGO_TARGET_DIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target"))
        subprocess.run(["cargo", "build", "-q", "--release", "-p", "zim-search", "--example", "zsearch"],
                       cwd=ROOT, env=env, check=True)
        zsearch = os.path.join(env["CARGO_TARGET_DIR"], "release", "examples", "zsearch")

    if not args.queries:
        name = "synthetic" if "synthetic" in os.path.basename(args.archive) else "rustdocs"
        args.queries = os.path.join(ROOT, f"crates/zim-search/tests/data/{name}_queries.txt")
    queries = read_queries(args.queries)
    prefixes = suggest_prefixes(queries)
    stem = os.path.splitext(os.path.basename(args.archive))[0]
    prefix_file = f"/tmp/zim_search_bench_prefixes_{stem}.txt"
    with open(prefix_file, "w", encoding="utf-8") as f:
        f.write("\n".join(prefixes) + "\n")

    archive = Archive(args.archive)
    rounds = max(1, min(args.rounds, args.repeat))
    print(f"archive {args.archive}, queries {args.queries}")
    modes = (("search", queries, args.queries), ("suggest", prefixes, prefix_file),
             ("suggest-page", prefixes, prefix_file))
    for mode, qs, qfile in modes:
        ours, before, theirs, backend = [], [], [], ""
        for r in range(rounds):
            # Split --repeat over the rounds (the first rounds take the remainder).
            n = args.repeat // rounds + (1 if r < args.repeat % rounds else 0)
            if args.zsearch_before and mode != "suggest-page":
                times, _ = ours_times(args.zsearch_before, args.archive, qfile, mode, n, args.limit)
                before.extend(times)
            times, backend = ours_times(zsearch, args.archive, qfile, mode, n, args.limit)
            ours.extend(times)
            theirs.extend(libzim_times(archive, qs, mode, n, args.limit, warm_up=(r == 0)))
        print(f"{mode}: {len(qs)} queries x {args.repeat} in {rounds} rounds (ours = {backend})")
        if before:
            report("zim-search (before)", before)
        report("zim-search", ours)
        report("python-libzim", theirs)
        report_ratio(ours, theirs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
