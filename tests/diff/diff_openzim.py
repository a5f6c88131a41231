#!/usr/bin/env python3
"""Differential test: zim-mcp against openzim-mcp 3.4.0, call by call.

Both servers run over stdio on the same copies of the vendored archives. Every call of
corpus.json goes to both; the two answers are compared:

- the envelope: JSON-RPC error or result, `isError`, whether `structuredContent` is sent, and
  whether the text block is JSON;
- the body, recursively: every key openzim-mcp sends must be in ours with the same JSON type
  (null is a type of its own, so null-versus-absent counts); keys only we send are allowed;
- values, where both servers are deterministic: the keys in VALUE_KEYS (paths, titles, counts,
  error operation codes) must be equal.

A difference is excused only by an entry of deliberate.json that names the calls, the JSON path
and the kind of difference, with the reason. Anything else fails. Entries that excuse nothing
fail too, so the file lists only what still differs.

Usage: diff_openzim.py --ours BIN --openzim BIN --data DIR [--report FILE] [--only ID...]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Keys compared by value wherever they appear (both servers are deterministic there).
VALUE_KEYS = {
    "error",
    "operation",
    "path",
    "entry_path",
    "title",
    "namespace",
    "total",
    "returned_count",
    "done",
    "offset",
    "limit",
    "kind",
    "direction",
    "mode",
    "content_type",
    "section_id",
    "partial_query",
    "query",
    "files_searched",
    "invalid_arguments",
    "unknown_arguments",
    "closest_match",
    "is_redirect",
    "redirect_target",
    "next_offset",
    "mime_type",
    "size",
    "encoding",
    "status",
    "name",
    "uri",
    "uriTemplate",
    "role",
    "type",
}

# Subtrees whose values depend on when and after what they are asked (clocks, process ids,
# cache statistics, absolute directories): compared by keys and types only.
VOLATILE = ("health.", "configuration.", "uptime_info.")


class Server:
    """One MCP server over stdio, spoken to with newline-delimited JSON-RPC."""

    def __init__(self, name: str, cmd: list[str], env: dict[str, str]):
        self.name = name
        self.stderr = open(os.devnull, "w") if not os.environ.get("DIFF_STDERR") else None
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env=env,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self.next_id = 1
        self.lines: list[str] = []
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self.cond:
                self.lines.append(line)
                self.cond.notify_all()
        with self.cond:
            self.lines.append("")
            self.cond.notify_all()

    def _send(self, message: dict) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict | None = None, timeout: float = 120.0) -> dict:
        rid = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                while self.lines:
                    line = self.lines.pop(0)
                    if line == "":
                        raise RuntimeError(f"{self.name}: server closed stdout")
                    try:
                        answer = json.loads(line)
                    except ValueError:
                        continue
                    if isinstance(answer, dict) and answer.get("id") == rid:
                        return answer
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError(f"{self.name}: no answer to {method} in {timeout}s")
                self.cond.wait(left)

    def initialize(self) -> None:
        self.request(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "diff_openzim", "version": "1"},
            },
        )
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def close(self) -> None:
        try:
            if self.proc.stdin:
                self.proc.stdin.close()
            self.proc.wait(timeout=15)
        except Exception:
            self.proc.kill()


def jtype(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def normalise(answer: dict) -> dict:
    """The comparable facts of one JSON-RPC answer."""
    if "error" in answer:
        err = answer["error"] if isinstance(answer["error"], dict) else {}
        return {"rpc_error": err.get("code")}
    result = answer.get("result") or {}
    out: dict = {"isError": bool(result.get("isError", False))}
    out["structuredContent"] = "structuredContent" in result and result["structuredContent"] is not None
    if "contents" in result:  # resources/read: the resource's text
        blocks = result.get("contents") or []
        texts = [b.get("text") for b in blocks if isinstance(b, dict)]
    elif "content" not in result:
        # Lists (resources, templates, prompts) and prompts/get: the result itself, without
        # the cache hints only we send.
        body = {k: v for k, v in result.items() if k not in ("ttlMs", "cacheScope", "_meta")}
        out.update({"text": None, "kind": "json", "body": body})
        return out
    else:
        blocks = result.get("content") or []
        texts = [b.get("text") for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
        out["blocks"] = [b.get("type") for b in blocks if isinstance(b, dict)]
    text = texts[0] if texts else None
    out["text"] = text
    body = None
    kind = "none" if text is None else "text"
    if isinstance(text, str):
        try:
            body = json.loads(text)
            kind = "json"
        except ValueError:
            body = None
    out["kind"] = kind
    out["body"] = body
    return out


def walk(py, rs, path: str, diffs: list[dict]) -> None:
    """Recursive comparison of openzim-mcp's value `py` with ours `rs`."""
    tp, tr = jtype(py), jtype(rs)
    if tp != tr:
        diffs.append({"path": path, "kind": "type", "openzim": tp, "ours": tr,
                      "detail": f"{short(py)} vs {short(rs)}"})
        return
    if tp == "object":
        for key, value in py.items():
            sub = f"{path}.{key}" if path else key
            if key not in rs:
                diffs.append({"path": sub, "kind": "missing", "openzim": jtype(value),
                              "ours": "absent", "detail": short(value)})
                continue
            walk(value, rs[key], sub, diffs)
            # `error` is the envelope's flag; a batch row's `error` is a message, not compared.
            if (key in VALUE_KEYS and jtype(value) not in ("object",) and value != rs[key]
                    and not sub.startswith(VOLATILE)
                    and not (key == "error" and not isinstance(value, bool))):
                if not (isinstance(value, (int, float)) and isinstance(rs[key], (int, float))
                        and not isinstance(value, bool) and float(value) == float(rs[key])):
                    diffs.append({"path": sub, "kind": "value", "openzim": short(value),
                                  "ours": short(rs[key]), "detail": ""})
    elif tp == "array":
        # Lists of archives come in directory order, which differs between the two servers'
        # listings: those are paired by archive name.
        named = lambda xs: bool(xs) and all(isinstance(x, dict) and isinstance(x.get("name"), str) for x in xs)
        if named(py) and named(rs):
            by_name = {x["name"]: x for x in rs}
            for i, x in enumerate(py):
                if x["name"] in by_name:
                    walk(x, by_name[x["name"]], f"{path}[{i}]", diffs)
                else:
                    diffs.append({"path": f"{path}[{i}]", "kind": "missing", "openzim": "object",
                                  "ours": "absent", "detail": x["name"]})
            return
        for i in range(min(len(py), len(rs))):
            walk(py[i], rs[i], f"{path}[{i}]", diffs)
        if py and not rs:
            diffs.append({"path": f"{path}[]", "kind": "empty", "openzim": f"{len(py)} items",
                          "ours": "0 items", "detail": short(py[0])})


def short(value, n: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    text = text.replace("\n", " ")
    return text if len(text) <= n else text[: n - 3] + "..."


def compare(py: dict, rs: dict) -> list[dict]:
    diffs: list[dict] = []
    if "rpc_error" in py or "rpc_error" in rs:
        if py.get("rpc_error") != rs.get("rpc_error"):
            diffs.append({"path": "<envelope>", "kind": "rpc_error", "openzim": py.get("rpc_error"),
                          "ours": rs.get("rpc_error"), "detail": ""})
        return diffs
    for key in ("isError", "structuredContent", "kind"):
        if py.get(key) != rs.get(key):
            diffs.append({"path": f"<{key}>", "kind": "envelope", "openzim": py.get(key),
                          "ours": rs.get(key), "detail": short(rs.get("text") or "")})
    if py.get("kind") == "json" and rs.get("kind") == "json":
        walk(py["body"], rs["body"], "", diffs)
    return diffs


def generic_path(path: str) -> str:
    return re.sub(r"\[\d*\]", "[*]", path)


def glob(pattern: str, text: str) -> bool:
    """`*` matches anything; every other character (brackets included) stands for itself."""
    regex = ".*".join(re.escape(part) for part in pattern.split("*"))
    return re.fullmatch(regex, text) is not None


def excused(call_id: str, diff: dict, deliberate: list[dict]) -> dict | None:
    gpath = generic_path(diff["path"])
    for entry in deliberate:
        for rule in entry["rules"]:
            if (any(glob(pat, call_id) for pat in rule["calls"])
                    and any(glob(pat, gpath) for pat in rule["paths"])
                    and diff["kind"] in rule["kinds"]):
                return entry
    return None


def resolve_args(args, answers: dict[str, dict]):
    """Substitute `"$next_cursor:ID"` by the next_cursor the same server answered to call ID."""
    if isinstance(args, dict):
        return {k: resolve_args(v, answers) for k, v in args.items()}
    if isinstance(args, list):
        return [resolve_args(v, answers) for v in args]
    if isinstance(args, str) and args.startswith("$next_cursor:"):
        ref = args.split(":", 1)[1]
        body = (answers.get(ref) or {}).get("body")
        cursor = body.get("next_cursor") if isinstance(body, dict) else None
        return cursor if isinstance(cursor, str) else "missing-cursor"
    return args


def run_corpus(server: Server, corpus: list[dict]) -> dict[str, dict]:
    answers: dict[str, dict] = {}
    for call in corpus:
        method = call.get("method", "tools/call")
        if method == "tools/call":
            params = {"name": call["tool"], "arguments": resolve_args(call.get("args", {}), answers)}
        else:
            params = resolve_args(call.get("params", {}), answers)
        answers[call["id"]] = normalise(server.request(method, params))
    return answers


def self_test() -> None:
    """The comparison itself: what it must report and what it must let pass."""
    def kinds(py, rs):
        return sorted((d["path"], d["kind"]) for d in compare(
            {"isError": False, "structuredContent": False, "kind": "json", "body": py},
            {"isError": False, "structuredContent": False, "kind": "json", "body": rs}))
    assert kinds({"a": 1, "b": {"c": None}}, {"a": 1, "b": {"c": None}, "extra": 2}) == []
    assert kinds({"a": 1}, {}) == [("a", "missing")]
    assert kinds({"a": None}, {"a": 0}) == [("a", "type")]
    assert kinds({"a": {"b": "x"}}, {"a": {}}) == [("a.b", "missing")]
    assert kinds({"total": 3}, {"total": 4}) == [("total", "value")]
    assert kinds({"total": 3}, {"total": 3.0}) == []
    assert kinds({"snippet": "x"}, {"snippet": "y"}) == []
    assert kinds({"r": [{"path": "a"}]}, {"r": []}) == [("r[]", "empty")]
    assert kinds({"r": [{"path": "a"}]}, {"r": [{"path": "b", "more": 1}]}) == [("r[0].path", "value")]
    assert kinds({"r": [{"name": "x", "total": 1}, {"name": "y", "total": 1}]},
                 {"r": [{"name": "y", "total": 1}, {"name": "x", "total": 2}]}) == [("r[0].total", "value")]
    assert kinds({"health": {"size": 1}}, {"health": {"size": 2}}) == []
    assert kinds({"error": "message"}, {"error": "other message"}) == []
    assert kinds({"error": True}, {"error": False}) == [("error", "value")]
    envelope = compare({"isError": True, "structuredContent": False, "kind": "json", "body": {}},
                       {"isError": False, "structuredContent": True, "kind": "text", "body": None})
    assert sorted(d["path"] for d in envelope) == ["<isError>", "<kind>", "<structuredContent>"]
    assert compare({"rpc_error": -32602}, {"isError": True}) != []
    rule = [{"id": "r", "rules": [{"calls": ["search_*"], "paths": ["results[*].path"], "kinds": ["value"]}]}]
    assert excused("search_x", {"path": "results[3].path", "kind": "value"}, rule) is not None
    assert excused("search_x", {"path": "results[3].path", "kind": "missing"}, rule) is None
    assert excused("get_x", {"path": "results[3].path", "kind": "value"}, rule) is None
    assert excused("search_x", {"path": "resultsX3].path", "kind": "value"}, rule) is None
    print("diff_openzim: self-test passed")


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ours", required=True)
    ap.add_argument("--openzim", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--corpus", default=str(HERE / "corpus.json"))
    ap.add_argument("--deliberate", default=str(HERE / "deliberate.json"))
    ap.add_argument("--report", help="write every answer pair and difference here (JSON)")
    ap.add_argument("--only", nargs="*", help="run only these call ids (globs)")
    ap.add_argument("--keys-only", action="store_true",
                    help="report only top-level keys openzim-mcp sends that we do not (for other corpora)")
    opts = ap.parse_args()

    corpus = json.loads(Path(opts.corpus).read_text())
    if opts.only:
        corpus = [c for c in corpus if any(glob(p, c["id"]) for p in opts.only)]
    ids = [c["id"] for c in corpus]
    if len(set(ids)) != len(ids):
        print("corpus: duplicate call ids", file=sys.stderr)
        return 2
    deliberate = json.loads(Path(opts.deliberate).read_text())["differences"]

    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENZIM_MCP_")}
    # Both servers see the whole corpus in one burst: the rate limiter is not under test.
    env["OPENZIM_MCP_RATE_LIMIT__ENABLED"] = "false"
    env.setdefault("RUST_LOG", "error")
    servers = {
        "openzim": Server("openzim-mcp", [opts.openzim, "--mode", "advanced", opts.data], env),
        "ours": Server("zim-mcp", [opts.ours, "--mode", "advanced", opts.data], env),
    }
    answers: dict[str, dict[str, dict]] = {}
    try:
        for name, server in servers.items():
            server.initialize()
        results: dict[str, list] = {}

        def drive(name: str) -> None:
            results[name] = [run_corpus(servers[name], corpus)]

        threads = [threading.Thread(target=drive, args=(n,)) for n in servers]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for name in servers:
            if name not in results:
                print(f"{name}: the corpus did not complete", file=sys.stderr)
                return 2
            answers[name] = results[name][0]
    finally:
        for server in servers.values():
            server.close()

    if opts.keys_only:
        missing = 0
        for call in corpus:
            py, rs = answers["openzim"][call["id"]], answers["ours"][call["id"]]
            pk = sorted(py["body"]) if isinstance(py.get("body"), dict) else [f"<{py.get('kind')}>"]
            rk = sorted(rs["body"]) if isinstance(rs.get("body"), dict) else [f"<{rs.get('kind')}>"]
            absent = [k for k in pk if k not in rk]
            missing += bool(absent)
            print(f"{call['id']}: openzim keys {pk}; missing here: {absent or 'none'}")
        print(f"diff_openzim: {len(corpus) - missing} of {len(corpus)} calls carry every top-level key")
        return 1 if missing else 0

    failures: list[tuple[str, dict]] = []
    used: dict[str, int] = {e["id"]: 0 for e in deliberate}
    report = []
    for call in corpus:
        cid = call["id"]
        diffs = compare(answers["openzim"][cid], answers["ours"][cid])
        for d in diffs:
            entry = excused(cid, d, deliberate)
            if entry is not None:
                used[entry["id"]] += 1
                d["excused_by"] = entry["id"]
            else:
                failures.append((cid, d))
        report.append({"id": cid, "call": call, "openzim": answers["openzim"][cid],
                       "ours": answers["ours"][cid], "diffs": diffs})
    if opts.report:
        Path(opts.report).write_text(json.dumps(report, indent=1, ensure_ascii=False))

    tools = sorted({c.get("tool", c.get("method")) for c in corpus})
    print(f"diff_openzim: {len(corpus)} calls ({', '.join(tools)})")
    excused_count = sum(used.values())
    print(f"diff_openzim: {excused_count} differences excused by "
          f"{sum(1 for v in used.values() if v)} deliberate entries")
    stale = [k for k, v in used.items() if v == 0]
    for cid, d in failures:
        print(f"DIFF {cid}: {d['path']} [{d['kind']}] openzim={d['openzim']} ours={d['ours']} {d['detail']}")
    if stale and not opts.only:
        print(f"diff_openzim: deliberate entries that excuse nothing (remove them): {', '.join(stale)}")
    if failures or (stale and not opts.only):
        print(f"diff_openzim: FAILED, {len(failures)} unlisted differences")
        return 1
    print("diff_openzim: every difference is a listed deliberate one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
