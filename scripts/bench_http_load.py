#!/usr/bin/env python3
"""HTTP throughput of zim-mcp against openzim-mcp, driven by wrk instead of a Python client.

The MCP harness (../shared/bench/mcpbench.py) drives every HTTP session from one Python
process, which here tops out near 500-650 calls/s: it measures the client, not a server that
answers in a fraction of a millisecond. This script gives each of N concurrent clients its
own initialized MCP session (streamable HTTP, protocol 2025-06-18) and lets wrk repeat one
workload item's `tools/call` over each session's keep-alive connection for a fixed time, for
both servers in the same run, rate limiting off. Every response is checked: an HTTP status
other than 200 or a body without a JSON-RPC result counts as an error (reported).

    scripts/bench_http_load.py --workload ../shared/bench/raycharles.json \\
        --dir /tmp/bench/raycharles --ours target/release/zim-mcp \\
        --anchor .venv-anchor/bin/openzim-mcp [--clients 1,8] [--duration 3] [--cache on]

Prints a Markdown table (calls/s per item and client count, ratio ours/openzim-mcp).
Needs wrk (apt-get install wrk).
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

LUA = Path(__file__).resolve().parent / "wrk" / "mcp_call.lua"
PROTOCOL = "2025-06-18"
HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


def post(url, payload, session=None, timeout=120):
    headers = dict(HEADERS)
    if session:
        headers["Mcp-Session-Id"] = session
        headers["MCP-Protocol-Version"] = PROTOCOL
    req = urllib.request.Request(url, data=json.dumps(payload).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read().decode("utf-8", "replace")
        return resp.headers.get("Mcp-Session-Id"), body


def open_session(url):
    sid, _ = post(url, {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": PROTOCOL, "capabilities": {},
        "clientInfo": {"name": "bench_http_load", "version": "1"}}})
    if not sid:
        raise RuntimeError("the server returned no Mcp-Session-Id")
    post(url, {"jsonrpc": "2.0", "method": "notifications/initialized"}, sid)
    return sid


def wait_ready(url, proc, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            open_session(url)
            return
        except (OSError, urllib.error.URLError, RuntimeError):
            time.sleep(0.2)
    raise RuntimeError("server did not come up")


def substitute(value, variables):
    if isinstance(value, str):
        for k, v in variables.items():
            value = value.replace("{{" + k + "}}", v)
        return value
    if isinstance(value, dict):
        return {k: substitute(v, variables) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute(v, variables) for v in value]
    return value


def run_wrk(url, sessions, body_file, duration):
    n = len(sessions)
    env = dict(os.environ, SIDS=",".join(sessions), BODY=body_file)
    out = subprocess.run(
        ["wrk", f"-t{n}", f"-c{n}", f"-d{duration}s", "--timeout", "120s", "-s", str(LUA), url],
        env=env, capture_output=True, text=True, check=True).stdout
    m = re.search(r"MCPLOAD calls (\d+) seconds ([\d.]+) errors (\d+) p50_us (\d+)", out)
    if not m:
        raise RuntimeError(f"unexpected wrk output:\n{out}")
    calls, secs, errors, p50 = int(m[1]), float(m[2]), int(m[3]), int(m[4])
    return {"calls": calls, "per_s": calls / secs if secs else 0.0, "errors": errors,
            "p50_ms": p50 / 1000}


def measure(name, cmd, env, port, items, clients, duration, tmp):
    url = f"http://127.0.0.1:{port}/mcp"
    proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    results = {}
    try:
        wait_ready(url, proc)
        for i, item in enumerate(items):
            body = {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                    "params": {"name": item["tool"], "arguments": item["arguments"]}}
            body_file = Path(tmp) / f"{name}.{i}.json"
            body_file.write_text(json.dumps(body))
            for c in clients:
                sessions = [open_session(url) for _ in range(c)]
                for sid in sessions:  # first calls (and cache fills) stay out of the timing
                    post(url, body, sid)
                results[(item["name"], c)] = run_wrk(url, sessions, str(body_file), duration)
                r = results[(item["name"], c)]
                print(f"  {name:6} {item['name'][:34]:34} x{c}: {r['per_s']:9.1f} calls/s"
                      f"  p50 {r['p50_ms']:.2f} ms  errors {r['errors']}", file=sys.stderr)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workload", required=True)
    ap.add_argument("--dir", required=True, help="directory holding the workload's archive")
    ap.add_argument("--ours", required=True)
    ap.add_argument("--anchor", required=True)
    ap.add_argument("--clients", default="1,8")
    ap.add_argument("--duration", type=int, default=3)
    ap.add_argument("--cache", choices=["on", "off"], default="on")
    ap.add_argument("--port", type=int, default=18790)
    ap.add_argument("--json-out", help="also write the per-item results here")
    args = ap.parse_args()

    workload = json.loads(Path(args.workload).read_text())
    items = [dict(it, arguments=substitute(it["arguments"], workload.get("vars", {})))
             for it in workload["items"]]
    clients = [int(c) for c in args.clients.split(",")]
    env = dict(os.environ, OPENZIM_MCP_RATE_LIMIT__ENABLED="false", RUST_LOG="error",
               OPENZIM_MCP_CACHE__ENABLED="true" if args.cache == "on" else "false")
    common = ["--mode", "advanced", "--transport", "http", "--host", "127.0.0.1", "--port"]
    with tempfile.TemporaryDirectory() as tmp:
        ours = measure("ours", [args.ours, *common, str(args.port), args.dir], env, args.port,
                       items, clients, args.duration, tmp)
        anchor = measure("anchor", [args.anchor, *common, str(args.port + 1), args.dir], env,
                         args.port + 1, items, clients, args.duration, tmp)

    print(f"### {workload['name']}: HTTP calls/s (wrk, {args.duration} s per cell, "
          f"caches {args.cache}, one MCP session per client)\n")
    head = "| item |" + "".join(f" ours x{c} | openzim-mcp x{c} | ratio x{c} |" for c in clients)
    print(head)
    print("|---|" + "---:|---:|---:|" * len(clients))
    ratios = {c: [] for c in clients}
    errors = 0
    for item in items:
        row = f"| {item['name']} |"
        for c in clients:
            o, a = ours[(item["name"], c)], anchor[(item["name"], c)]
            errors += o["errors"] + a["errors"]
            ratio = o["per_s"] / a["per_s"] if a["per_s"] else float("inf")
            ratios[c].append(ratio)
            row += f" {o['per_s']:,.0f} | {a['per_s']:,.1f} | {ratio:,.1f}x |"
        print(row)
    print()
    for c in clients:
        rs = [r for r in ratios[c] if math.isfinite(r) and r > 0]
        geo = math.exp(sum(map(math.log, rs)) / len(rs)) if rs else 0
        met = sum(r >= 20 for r in ratios[c])
        print(f"- {c} client(s): {met}/{len(ratios[c])} items >= 20x, geometric mean {geo:,.1f}x")
    print(f"- failed responses (both servers, all cells): {errors}")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps({
            "workload": workload["name"], "duration_s": args.duration, "cache": args.cache,
            "clients": clients, "errors": errors,
            "items": [{"name": it["name"],
                       "ours": {str(c): ours[(it["name"], c)] for c in clients},
                       "anchor": {str(c): anchor[(it["name"], c)] for c in clients}}
                      for it in items]}, indent=1))


if __name__ == "__main__":
    main()
