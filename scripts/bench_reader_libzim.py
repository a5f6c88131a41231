#!/usr/bin/env python3
"""Times the zim-reader benchmark operations with python-libzim.

Same archives, same entries (same selection rule as
crates/zim-reader/benches/reader.rs), same operations: open, lookup by path,
lookup by title, cold read (fresh Archive + lookup + content) and warm read.
Prints ns per operation; with --criterion DIR also prints the Rust numbers
from criterion's estimates and the ratio python-libzim / zim-reader.

Usage: .venv-corpus/bin/python scripts/bench_reader_libzim.py \
           [--rustdocs corpus-out/rustdocs.zim] [--criterion TARGET/criterion]
"""
import argparse
import json
import os
import time

import libzim.reader as zr

HERE = os.path.dirname(os.path.abspath(__file__))
ZIMFILE = os.path.join(HERE, "..", "tests", "data", "zim", "kiwix", "zimfile.zim")


def sample(archive):
    n = archive.all_entry_count
    user_ns = "C" if archive.has_new_namespace_scheme else "A"
    paths, titles = [], []
    for i in range(100):
        eid = i * n // 100
        e = archive._get_entry_by_id(eid)
        # Old-scheme paths carry their namespace ("A/Foo"); new-scheme
        # paths do not, so a C entry is recognised by finding itself in C.
        if e.is_redirect:
            continue
        if archive.has_new_namespace_scheme:
            if not is_user_new(archive, e):
                continue
        elif not e.path.startswith(user_ns + "/"):
            continue
        paths.append(e.path)
        try:
            archive.get_entry_by_title(e.title)
            titles.append(e.title)
        except KeyError:
            pass
    return paths, titles


def is_user_new(archive, entry):
    # A new-scheme entry is a C entry iff looking its path up in C finds the same id.
    try:
        return archive.get_entry_by_path(entry.path)._index == entry._index
    except KeyError:
        return False


def per_op(fn, min_time=1.0):
    """ns per call of fn(i), running for at least min_time seconds."""
    for i in range(20):  # warm-up
        fn(i)
    count, start = 0, time.perf_counter()
    while True:
        for _ in range(50):
            fn(count)
            count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return elapsed * 1e9 / count


def bench(name, path):
    archive = zr.Archive(path)
    paths, titles = sample(archive)
    res = {}
    res["open"] = per_op(lambda i: zr.Archive(path))
    res["lookup_path"] = per_op(lambda i: archive.get_entry_by_path(paths[i % len(paths)]))
    if titles:
        res["lookup_title"] = per_op(lambda i: archive.get_entry_by_title(titles[i % len(titles)]))

    def cold(i):
        fresh = zr.Archive(path)
        return len(bytes(fresh.get_entry_by_path(paths[i % len(paths)]).get_item().content))

    res["read_cold"] = per_op(cold)
    warm = [archive.get_entry_by_path(p).get_item() for p in paths[:16]]
    for it in warm:
        bytes(it.content)
    res["read_warm"] = per_op(lambda i: len(bytes(warm[i % len(warm)].content)))
    return res


def criterion_ns(crit_dir, group, op):
    f = os.path.join(crit_dir, group, op, "new", "estimates.json")
    try:
        with open(f) as fh:
            return json.load(fh)["median"]["point_estimate"]
    except OSError:
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rustdocs", default=os.environ.get("ZIM_BENCH_RUSTDOCS"))
    ap.add_argument("--criterion", help="criterion output dir (TARGET/criterion)")
    args = ap.parse_args()
    archives = [("zimfile", ZIMFILE)]
    if args.rustdocs and os.path.exists(args.rustdocs):
        archives.append(("rustdocs", args.rustdocs))
    print(f"{'archive':<10} {'operation':<13} {'libzim ns/op':>14} {'ours ns/op':>12} {'ratio':>8}")
    for name, path in archives:
        for op, ns in bench(name, path).items():
            ours = criterion_ns(args.criterion, name, op) if args.criterion else None
            ours_s = f"{ours:12.0f}" if ours else f"{'-':>12}"
            ratio = f"{ns / ours:8.1f}" if ours else f"{'-':>8}"
            print(f"{name:<10} {op:<13} {ns:14.0f} {ours_s} {ratio}")


if __name__ == "__main__":
    main()
