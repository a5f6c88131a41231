"""Findings of an adversarial probe of the running server, kept fixed (issue "Hardening").

Each test reproduces one finding against the real binary on loopback, with bounded loops."""

from __future__ import annotations

import json

import requests

import subprocess

from conftest import KIWIX, binary, clean_env


def post(url: str, body) -> requests.Response:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return requests.post(url, headers={"Content-Type": "application/json"}, data=data, timeout=60)


def test_a_huge_wikipedia_query_is_refused_not_run(http_server):
    # Finding 1: a 400 KB query took 37 s of a core and 311 MB; a 4 MB one 225 s and 2.1 GB.
    server = http_server(str(KIWIX))
    url = server.base + "/mcp"
    for words in (200_000, 1_900_000):
        body = {"jsonrpc": "2.0", "id": 1, "method": "wikipedia.search", "params": {"query": "a " * words}}
        reply = post(url, body)
        assert reply.status_code == 200
        error = reply.json()["error"]
        assert error["code"] == -32602
        assert "at most 300 characters" in error["message"]
    # The server still answers normally afterwards.
    ok = post(url, {"jsonrpc": "2.0", "id": 2, "method": "wikipedia.search", "params": {"query": "piano", "limit": 1}})
    assert isinstance(ok.json()["result"], list) and ok.json()["result"]


def test_the_wikipedia_api_is_rate_limited_per_client(http_server):
    # Finding 1: the API had no rate limit at all.
    server = http_server(
        str(KIWIX),
        env={"OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND": "0.1", "OPENZIM_MCP_RATE_LIMIT__BURST_SIZE": "4"},
    )
    url = server.base + "/mcp"
    codes = []
    for i in range(6):
        reply = post(url, {"jsonrpc": "2.0", "id": i, "method": "wikipedia.search", "params": {"query": "piano"}})
        body = reply.json()
        codes.append(body["error"]["code"] if "error" in body else "ok")
    # A search costs 2 tokens: two pass on a burst of 4, then the client is told to wait.
    assert codes[:2] == ["ok", "ok"], codes
    assert -32000 in codes[2:], codes
    refused = post(url, {"jsonrpc": "2.0", "id": 9, "method": "wikipedia.search", "params": {"query": "x"}}).json()
    assert refused["error"]["data"]["retry_after"] > 0


def test_wikipedia_lines_on_stdio_are_rate_limited_too():
    env = {"OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND": "0.1", "OPENZIM_MCP_RATE_LIMIT__BURST_SIZE": "2"}

    proc = subprocess.Popen([binary(), str(KIWIX)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=clean_env(env), text=True)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        replies = []
        for i in range(3):
            proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": i, "method": "wikipedia.search",
                                         "params": {"query": "piano"}}) + "\n")
            proc.stdin.flush()
            replies.append(json.loads(proc.stdout.readline()))
    finally:
        proc.kill()
        proc.wait(timeout=10)
    assert "result" in replies[0]
    assert any(r.get("error", {}).get("code") == -32000 for r in replies[1:])
