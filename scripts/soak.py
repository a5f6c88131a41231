#!/usr/bin/env python3
"""Soak and fault run of the HTTP server, on loopback only, bounded in time.

8 clients (threads, each its own MCP session over streamable HTTP) mix every advanced tool and
the Wikipedia API against a scratch copy of the test archives, while a fault thread replaces,
truncates and restores archives under them. Reported every `--report` seconds and at the end:
calls, unexpected errors, p50/p99 latency, server RSS. Exits non-zero on a crash, on an
unexpected error, on RSS above 1.5x its value after warm-up, or on a stale answer (the replaced
archive's metadata in answer to a call sent more than 0.5 s after the replacement, with no
change while it ran; a call running across a change may answer from either file).

  scripts/soak.py [--binary target/release/zim-mcp] [--minutes 5] [--clients 8]

Expected errors (counted apart): calls that touch an archive while it is truncated or missing
(archive_open_failed, zim_file_not_found, entry read errors) and rate-limit refusals.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[1]
KIWIX = REPO / "tests" / "data" / "zim" / "kiwix"
NONS = REPO / "tests" / "data" / "zim" / "nons"
# A call sent this long after an archive changed (with no change while it ran) must answer
# from the new file: every call checks the file's identity, nothing is kept by time.
STALE_AFTER_S = 0.5

EXPECTED = ("archive_open_failed", "zim_file_not_found", "entry_not_found", "archive_read",
            "Archive read error", "rate_limited", "Rate limit", "cannot be opened", "not found",
            "truncated", "search_failed", "section_not_found")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def sse_json(text: str) -> dict:
    """A response body: plain JSON, or the last `data:` line of an SSE stream."""
    text = text.strip()
    if text.startswith("{"):
        return json.loads(text)
    data = [l[5:].strip() for l in text.splitlines() if l.startswith("data:") and l[5:].strip()]
    for payload in reversed(data):
        try:
            return json.loads(payload)
        except json.JSONDecodeError:
            continue
    raise ValueError("no JSON in response")


class Client:
    def __init__(self, url: str):
        self.url = url
        self.http = requests.Session()
        self.headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        reply = self.http.post(url, headers=self.headers, timeout=30, data=json.dumps({
            "jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "soak", "version": "1"}}}))
        reply.raise_for_status()
        self.headers["mcp-session-id"] = reply.headers["mcp-session-id"]
        self.http.post(url, headers=self.headers, timeout=30,
                       data=json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        self.next_id = 1

    def call(self, method: str, params: dict) -> dict:
        self.next_id += 1
        reply = self.http.post(self.url, headers=self.headers, timeout=60, data=json.dumps(
            {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}))
        return sse_json(reply.text)


CALLS = [
    ("zim_search", {"query": "piano", "zim_file_path": "zimfile.zim"}),
    ("zim_search", {"query": "Ray", "mode": "suggest", "zim_file_path": "zimfile.zim"}),
    ("zim_get", {"zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles", "view": "summary"}),
    ("zim_get", {"zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles", "max_content_length": 2000}),
    ("zim_get_section", {"zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles", "section_id": "early-years"}),
    ("zim_browse", {"zim_file_path": "example.zim", "namespace": "C", "limit": 5}),
    ("zim_links", {"zim_file_path": "zimfile.zim", "entry_path": "A/Hit_the_Road_Jack"}),
    ("zim_metadata", {"zim_file_path": "victim.zim"}),
    ("zim_metadata", {"zim_file_path": "example.zim"}),
    ("zim_health", {}),
    ("zim_query", {"query": "When was Ray Charles born?", "zim_file_path": "zimfile.zim"}),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(REPO / "target" / "release" / "zim-mcp"))
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--report", type=float, default=30.0)
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server (repeatable)")
    args = parser.parse_args()

    scratch = Path(tempfile.mkdtemp(prefix="zim-soak-"))
    for name in ("zimfile.zim", "example.zim"):
        shutil.copy(KIWIX / name, scratch / name)
    victim = scratch / "victim.zim"
    originals = {"small": NONS / "small.zim", "corner": KIWIX / "corner_cases.zim"}
    shutil.copy(originals["small"], victim)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENZIM_MCP_")}
    env.update({"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false", "RUST_LOG": "warn"})
    env.update(dict(item.split("=", 1) for item in args.env if "=" in item))
    # The server's log goes to a file: a pipe nobody reads fills up and blocks its writers.
    log_path = scratch.parent / f"{scratch.name}.log"
    log = open(log_path, "w")
    server = subprocess.Popen([args.binary, "--mode", "advanced", "--transport", "http", "--host", "127.0.0.1",
                               "--port", str(port), str(scratch)], env=env,
                              stdout=subprocess.DEVNULL, stderr=log, text=True)
    url = f"http://127.0.0.1:{port}/mcp"
    for _ in range(100):
        try:
            if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                break
        except requests.RequestException:
            time.sleep(0.1)

    stop = threading.Event()
    lock = threading.Lock()
    latencies: list[float] = []
    counts = {"calls": 0, "expected_errors": 0, "unexpected": 0, "stale": 0}
    unexpected_samples: list[str] = []
    current_victim = {"title": "Test ZIM file", "since": time.monotonic()}

    def record(seconds: float, outcome: str, detail: str = ""):
        with lock:
            latencies.append(seconds)
            counts["calls"] += 1
            if outcome != "ok":
                counts[outcome] += 1
                if outcome == "unexpected" and len(unexpected_samples) < 10:
                    unexpected_samples.append(detail[:300])

    def worker(seed: int):
        rng = random.Random(seed)
        client = Client(url)
        while not stop.is_set():
            if rng.random() < 0.15:
                method, params = "wikipedia.search" if rng.random() < 0.7 else "wikipedia.page", None
                body = {"query": "piano", "limit": 3} if method == "wikipedia.search" else {"title": "Ray Charles"}
                started = time.perf_counter()
                try:
                    reply = requests.post(url, timeout=60, headers={"Content-Type": "application/json"},
                                          data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": body})).json()
                    ok = "result" in reply
                    record(time.perf_counter() - started, "ok" if ok else "expected_errors")
                except Exception as err:  # noqa: BLE001 - any failure here is a finding
                    record(time.perf_counter() - started, "unexpected", f"{method}: {err}")
                continue
            tool, params = rng.choice(CALLS)
            with lock:
                expected, since = current_victim["title"], current_victim["since"]
            started = time.perf_counter()
            sent_at = time.monotonic()
            try:
                reply = client.call("tools/call", {"name": tool, "arguments": params})
                elapsed = time.perf_counter() - started
                if "error" in reply:
                    record(elapsed, "unexpected", f"{tool}: {reply['error']}")
                    continue
                result = reply["result"]
                text = json.dumps(result)
                if result.get("isError"):
                    record(elapsed, "expected_errors" if any(e in text for e in EXPECTED) else "unexpected",
                           f"{tool}: {text}")
                    continue
                if tool == "zim_metadata" and params["zim_file_path"] == "victim.zim":
                    with lock:
                        changed_during_call = current_victim["since"] != since
                    # Stale: an answer from the predecessor to a call SENT more than STALE_AFTER_S after
                    # the change, with no change while it ran. The state is read before the
                    # call is sent and again after its answer: the fault thread records a change
                    # just after making it, so a call that ran across a change may rightly
                    # answer from either file (reading the state only after the answer took
                    # such an answer, from the newer file, for a stale one).
                    if not changed_during_call and expected not in text and sent_at - since > STALE_AFTER_S:
                        with lock:
                            counts["stale"] += 1
                            if len(unexpected_samples) < 10:
                                unexpected_samples.append(
                                    f"stale: expected {expected!r}, call sent {sent_at - since:.1f}s after the change, "
                                    f"call took {elapsed * 1000:.0f} ms: {text[:200]}")
                record(elapsed, "ok")
            except Exception as err:  # noqa: BLE001
                record(time.perf_counter() - started, "unexpected", f"{tool}: {err}")

    def mark_change():
        # Called before a file changes as well as after: a call sent in between is never
        # judged against the state the change is replacing.
        with lock:
            current_victim["since"] = time.monotonic()

    def faults():
        rng = random.Random(99)
        which = "small"
        while not stop.wait(rng.uniform(1.0, 3.0)):
            action = rng.choice(["replace", "truncate", "delete"])
            tmp = scratch / ".victim.tmp"
            if action == "replace":
                which = "corner" if which == "small" else "small"
                shutil.copy(originals[which], tmp)
                stat = victim.stat() if victim.exists() else None
                if stat:
                    os.utime(tmp, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same mtime on purpose
                mark_change()
                os.replace(tmp, victim)
                with lock:
                    current_victim["title"] = "Test ZIM file" if which == "small" else "ZIM corner cases"
                    current_victim["since"] = time.monotonic()
            elif action == "truncate":
                data = originals[which].read_bytes()
                tmp.write_bytes(data[: len(data) // 3])
                mark_change()
                os.replace(tmp, victim)
                stop.wait(0.5)
                shutil.copy(originals[which], tmp)
                mark_change()
                os.replace(tmp, victim)
                with lock:
                    current_victim["since"] = time.monotonic()
            else:
                mark_change()
                victim.unlink(missing_ok=True)
                stop.wait(0.5)
                shutil.copy(originals[which], tmp)
                mark_change()
                os.replace(tmp, victim)
                with lock:
                    current_victim["since"] = time.monotonic()

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(args.clients)]
    fault_thread = threading.Thread(target=faults, daemon=True)
    started = time.monotonic()
    for t in threads:
        t.start()
    fault_thread.start()
    deadline = started + args.minutes * 60
    warm_rss = None
    samples = []
    failed = False
    try:
        while time.monotonic() < deadline:
            time.sleep(min(args.report, max(0.1, deadline - time.monotonic())))
            if server.poll() is not None:
                print("server exited", server.returncode)
                failed = True
                break
            rss = rss_kib(server.pid)
            elapsed = time.monotonic() - started
            if warm_rss is None and elapsed >= min(30.0, args.minutes * 60 / 4):
                warm_rss = rss
            with lock:
                lat = sorted(latencies)
                snap = dict(counts)
            p50 = lat[len(lat) // 2] * 1000 if lat else 0
            p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else 0
            samples.append((elapsed, rss))
            print(f"t={elapsed:6.0f}s calls={snap['calls']} expected_errors={snap['expected_errors']} "
                  f"unexpected={snap['unexpected']} stale={snap['stale']} p50={p50:.1f}ms p99={p99:.1f}ms "
                  f"rss={rss / 1024:.1f}MiB", flush=True)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=30)
        fault_thread.join(timeout=10)
        alive = server.poll() is None
        server.send_signal(signal.SIGTERM)
        try:
            code = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            code = -9
        log.close()
        stderr = log_path.read_text(errors="replace")
        log_path.unlink(missing_ok=True)
        shutil.rmtree(scratch, ignore_errors=True)
    final_rss = samples[-1][1] if samples else 0
    print(f"final: calls={counts['calls']} expected_errors={counts['expected_errors']} "
          f"unexpected={counts['unexpected']} stale={counts['stale']} "
          f"rss warm={(warm_rss or 0) / 1024:.1f}MiB end={final_rss / 1024:.1f}MiB exit={code}")
    for sample in unexpected_samples:
        print("  unexpected:", sample)
    if "panicked" in stderr:
        print("server panicked:\n" + stderr[-2000:])
        failed = True
    if not alive or code not in (0,):
        failed = True
    if counts["unexpected"] or counts["stale"]:
        failed = True
    if warm_rss and final_rss > 1.5 * warm_rss:
        print("RSS grew beyond 1.5x its warm-up value")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
