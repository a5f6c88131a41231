#!/usr/bin/env python3
"""Answer quality of `zim_query`: question sets run against zim-mcp and openzim-mcp in one run.

Each set is a JSON-lines file: `{"q": question, "ok": [acceptable entry paths]}` per line, and
optionally a first line `{"archive": "name.zim"}`. For every question, `zim_query` is called in
simple mode with the question alone (over stdio, each server on a directory holding only the
set's archive); the entry paths the answer names are collected in order of first appearance
(distinct, `#fragment` dropped; `core/` and `alloc/` count as `std/`), and a hit is an
acceptable path among the first 1 / 3. Printed per set and server: hit@1, hit@3, MRR (first 10
named paths), median and p90 latency, answers naming no path, and the harness floor (the median
round trip of a `ping`: what the client, the pipe and the JSON-RPC layer cost without a tool).

Path extraction is the same for both servers and does not rely on either one's field names:
every string of a JSON answer and every token of a text answer is a candidate, kept when it is
an entry of the archive (the entry list is read with python-libzim when it is importable; without
it, candidates shaped like paths are kept and the report says so).

  scripts/eval_qa.py --sets tests/qa/*/*.jsonl --archive-dir corpus-out    # every set at once
  scripts/eval_qa.py --sets ../shared/qa/rustdocs-dev.jsonl --archive corpus-out/rustdocs.zim \\
      [--zim-mcp target/release/zim-mcp] [--openzim PYTHON | --install-openzim] [--only zim-mcp]
      [--verbose] [--json OUT]

openzim-mcp 3.4.0 needs Python >= 3.12: `--install-openzim` makes `.cache/venv-openzim` with
the first of pyenv's 3.12/3.13 or python3.12/3.13 on PATH. Rate limits are switched off for
both servers (OPENZIM_MCP_RATE_LIMIT__ENABLED=false): they would measure the client's pace.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROTOCOL = "2025-06-18"
CALL_TIMEOUT = 120.0


class StdioServer:
    """A newline-delimited JSON-RPC client for one MCP server over stdio."""

    def __init__(self, argv: list[str], env: dict[str, str]):
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, env=env, bufsize=1,
        )
        self.next_id = 0
        self.request("initialize", {
            "protocolVersion": PROTOCOL, "capabilities": {},
            "clientInfo": {"name": "eval_qa", "version": "1"},
        })
        self.notify("notifications/initialized")

    def notify(self, method: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": method}) + "\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.next_id += 1
        ident = self.next_id
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}) + "\n")
        self.proc.stdin.flush()
        deadline = time.monotonic() + CALL_TIMEOUT
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"server exited during {method}")
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                continue
            if message.get("id") == ident:
                return message
        raise TimeoutError(method)

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=10)


def answer_text(reply: dict) -> str:
    result = reply.get("result") or {}
    parts = [c.get("text", "") for c in result.get("content", []) if isinstance(c, dict)]
    if result.get("structuredContent") is not None and not parts:
        parts.append(json.dumps(result["structuredContent"]))
    if "error" in reply:
        parts.append(json.dumps(reply["error"]))
    return "\n".join(parts)


def normalise(path: str) -> str:
    path = path.split("#", 1)[0].strip()
    return re.sub(r"^(core|alloc)/", "std/", path)


TOKEN_SPLIT = re.compile(r"[\s\"'<>()\[\]{},|`*]+")
PATH_SHAPE = re.compile(r"^(?:[A-Za-z0-9_.\-~%:]+/)*[A-Za-z0-9_.\-~%:]+\.(?:html?|txt)$|^[A-Z-]/\S+$")


def json_strings(value, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            json_strings(v, out)
    elif isinstance(value, list):
        for v in value:
            json_strings(v, out)


def named_paths(text: str, entries: set[str] | None) -> list[str]:
    """Entry paths an answer names, in order of first appearance."""
    candidates: list[str] = []
    body = text
    fence = re.search(r"<retrieved_archive_content>(.*)</retrieved_archive_content>", text, re.S)
    if fence:
        # The fence's first line is its "treat as data" note; zim-mcp's answer after it is JSON.
        body = re.sub(r"^\s*_The following is retrieved archive content[^\n]*\n", "", fence.group(1))
    try:
        json_strings(json.loads(body), candidates)
    except (json.JSONDecodeError, ValueError):
        candidates.append(body)
    # (token, whole): a whole string value may be any path; a word cut out of running text
    # counts only when it looks like one (has `/`, `.` or `_`), so that prose words which
    # happen to be entry names ("Language", a metadata entry) are not taken for citations.
    tokens: list[tuple[str, bool]] = []
    for c in candidates:
        tokens.append((c.strip(), True))
        tokens.extend((t.strip(".:;!?"), False) for t in TOKEN_SPLIT.split(c))
        # Markdown link targets: [title](path)
        tokens.extend((m.group(1), True) for m in re.finditer(r"\]\(([^)\s]+)\)", c))
    seen: list[str] = []
    for token, whole in tokens:
        if not token or len(token) > 400:
            continue
        if not whole and not any(ch in token for ch in "/._"):
            continue
        path = token.split("#", 1)[0]
        known = path in entries if entries is not None else bool(PATH_SHAPE.match(path))
        if known:
            norm = normalise(path)
            if norm not in seen:
                seen.append(norm)
    return seen


def archive_entries(archive: Path) -> set[str] | None:
    try:
        from libzim.reader import Archive  # type: ignore
    except ImportError:
        return None
    zim = Archive(str(archive))
    paths = set()
    for i in range(zim.all_entry_count):
        entry = zim._get_entry_by_id(i)
        # The ids run over the metadata and index entries too ("Description", "Title",
        # "fulltext/xapian"): not pages, and a section heading named "Description" in an
        # answer is no citation. Only what a path lookup finds (the content) counts.
        if zim.has_entry_by_path(entry.path):
            paths.add(entry.path)
    return paths


def load_set(path: Path) -> tuple[str | None, list[dict]]:
    archive = None
    questions = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        if "archive" in item and "q" not in item:
            archive = item["archive"]
        else:
            questions.append(item)
    return archive, questions


def find_python312() -> str | None:
    for pattern in ("~/.pyenv/versions/3.12*/bin/python", "~/.pyenv/versions/3.13*/bin/python"):
        found = sorted(glob.glob(os.path.expanduser(pattern)))
        if found:
            return found[-1]
    for name in ("python3.12", "python3.13"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def install_openzim() -> str:
    venv = REPO / ".cache" / "venv-openzim"
    python = venv / "bin" / "python"
    if python.exists() and subprocess.run([str(python), "-c", "import openzim_mcp"]).returncode == 0:
        return str(python)
    base = find_python312()
    if base is None:
        sys.exit("eval_qa: openzim-mcp 3.4.0 needs Python >= 3.12 and none was found")
    subprocess.run([base, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "openzim-mcp==3.4.0"], check=True)
    return str(python)


def run_server(name: str, argv: list[str], questions: list[dict], entries, verbose: bool):
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENZIM_MCP_")}
    env["OPENZIM_MCP_RATE_LIMIT__ENABLED"] = "false"
    server = StdioServer(argv, env)
    rows = []
    try:
        for item in questions:
            started = time.perf_counter()
            reply = server.request("tools/call", {"name": "zim_query", "arguments": {"query": item["q"]}})
            elapsed = time.perf_counter() - started
            text = answer_text(reply)
            paths = named_paths(text, entries)
            ok = {normalise(p) for p in item["ok"]}
            rank = next((i + 1 for i, p in enumerate(paths[:10]) if p in ok), None)
            rows.append({"q": item["q"], "rank": rank, "paths": paths[:10], "seconds": elapsed,
                         "answer_head": text[:2048]})
            if verbose:
                mark = "hit " if rank and rank <= 3 else "miss"
                print(f"  [{name}] {mark} r={rank} {item['q']!r} -> {paths[:3]}")
        floor = []
        for _ in range(FLOOR_PINGS):
            started = time.perf_counter()
            server.request("ping", {})
            floor.append(time.perf_counter() - started)
    finally:
        server.close()
    return rows, statistics.median(floor) * 1000


# Round trips of `ping` after a set's questions: the harness floor (this client, the pipe and
# the server's JSON-RPC layer, no tool), below which no answer's latency can go.
FLOOR_PINGS = 20


def summarise(rows: list[dict], floor_ms: float) -> dict:
    n = len(rows)
    ranks = [r["rank"] for r in rows]
    lat = sorted(r["seconds"] for r in rows)
    return {
        "n": n,
        "hit1": sum(1 for r in ranks if r == 1),
        "hit3": sum(1 for r in ranks if r and r <= 3),
        "mrr": sum(1.0 / r for r in ranks if r) / n if n else 0.0,
        "median_ms": statistics.median(lat) * 1000 if lat else 0.0,
        "p90_ms": lat[min(len(lat) - 1, int(0.9 * len(lat)))] * 1000 if lat else 0.0,
        "no_path": sum(1 for r in rows if not r["paths"]),
        "floor_ms": floor_ms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", nargs="+", required=True, type=Path)
    parser.add_argument("--archive", type=Path, help="the sets' archive (else each set's first line, looked up beside the set)")
    parser.add_argument("--archive-dir", type=Path,
                        help="where to look up the archive each set's first line names (e.g. corpus-out)")
    parser.add_argument("--zim-mcp", default=str(REPO / "target" / "release" / "zim-mcp"))
    parser.add_argument("--openzim", help="a Python with openzim-mcp 3.4.0 installed")
    parser.add_argument("--install-openzim", action="store_true")
    parser.add_argument("--only", choices=["zim-mcp", "openzim-mcp"])
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--with-index", action="store_true",
                        help="serve the archive's knowledge index too (ARCHIVE.index beside it, built by `zim-mcp index`)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    openzim = args.openzim
    if args.only != "zim-mcp" and openzim is None:
        if args.install_openzim:
            openzim = install_openzim()
        elif args.only == "openzim-mcp":
            sys.exit("eval_qa: --openzim PYTHON or --install-openzim is needed")
    servers = []
    if args.only != "openzim-mcp":
        servers.append(("zim-mcp", lambda d: [args.zim_mcp, d]))
    if args.only != "zim-mcp" and openzim:
        servers.append(("openzim-mcp", lambda d: [openzim, "-m", "openzim_mcp", "--mode", "simple", d]))

    report = {}
    print(f"{'set':<22} {'server':<12} {'hit@1':>7} {'hit@3':>7} {'MRR':>6} {'p50 ms':>8} {'p90 ms':>8} {'no path':>7} {'floor ms':>8}")
    for set_path in args.sets:
        named, questions = load_set(set_path)
        if args.archive:
            archive = args.archive
        elif named and args.archive_dir and (args.archive_dir / Path(named).name).exists():
            archive = args.archive_dir / Path(named).name
        else:
            archive = set_path.parent / named if named else None
        if archive is None or not Path(archive).exists():
            sys.exit(f"eval_qa: no archive for {set_path} (give --archive)")
        archive = Path(archive).resolve()
        entries = archive_entries(archive)
        scratch = Path(tempfile.mkdtemp(prefix="eval-qa-"))
        try:
            served = scratch / archive.name
            try:
                os.link(archive, served)
            except OSError:
                shutil.copy(archive, served)
            sidecar = archive.with_name(archive.name + ".index")
            if args.with_index:
                if not (sidecar / "manifest.json").is_file():
                    sys.exit(f"eval_qa: --with-index: no knowledge index beside {archive.name} (zim-mcp index {archive.name})")
                shutil.copytree(sidecar, scratch / sidecar.name, copy_function=os.link)
            for name, argv in servers:
                rows, floor_ms = run_server(name, argv(str(scratch)), questions, entries, args.verbose)
                s = summarise(rows, floor_ms)
                report.setdefault(set_path.name, {})[name] = {"summary": s, "rows": rows}
                print(f"{set_path.stem:<22} {name:<12} {s['hit1']:>3}/{s['n']:<3} {s['hit3']:>3}/{s['n']:<3} "
                      f"{s['mrr']:>6.3f} {s['median_ms']:>8.1f} {s['p90_ms']:>8.1f} {s['no_path']:>7} {s['floor_ms']:>8.2f}")
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if entries is None:
            print(f"  ({set_path.name}: python-libzim not importable; path-shaped tokens counted as paths)")
    if len(report) > 1:
        for name, _ in servers:
            sums = [r[name]["summary"] for r in report.values() if name in r]
            n = sum(x["n"] for x in sums)
            hit1 = sum(x["hit1"] for x in sums)
            hit3 = sum(x["hit3"] for x in sums)
            print(f"{'all ' + str(len(sums)) + ' sets':<22} {name:<12} {hit1:>3}/{n:<3} {hit3:>3}/{n:<3} "
                  f"({100 * hit3 / max(n, 1):.1f}% hit@3)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
