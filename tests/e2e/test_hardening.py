"""Findings of an adversarial probe of the running server, kept fixed (issue "Hardening").

Each test reproduces one finding against the real binary on loopback, with bounded loops."""

from __future__ import annotations

import json
import os
import shutil
import threading
import time

import requests

import subprocess

from conftest import KIWIX, NONS, binary, clean_env, run, stdio_client, tool_json


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


def test_a_replaced_archive_with_the_same_mtime_is_not_served_stale(tmp_path):
    # Finding 3: `cp new.zim .t && touch -r target.zim .t && mv .t target.zim` kept the old,
    # deleted archive answering (521/521 calls).
    served = tmp_path / "served"
    served.mkdir()
    target = served / "target.zim"
    shutil.copy(NONS / "small.zim", target)

    async def go():
        async with stdio_client("--mode", "advanced", str(served), env={"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false"}) as client:
            before = tool_json(await client.call_tool("zim_metadata", {"zim_file_path": "target.zim"}))
            aside = served / ".t"
            shutil.copy(KIWIX / "corner_cases.zim", aside)
            stat = os.stat(target)
            os.utime(aside, ns=(stat.st_atime_ns, stat.st_mtime_ns))
            os.replace(aside, target)
            after = tool_json(await client.call_tool("zim_metadata", {"zim_file_path": "target.zim"}))
            again = tool_json(await client.call_tool("zim_metadata", {"zim_file_path": "target.zim"}))
            return before, after, again

    before, after, again = run(go())
    assert "Test ZIM file" in json.dumps(before)
    assert "ZIM corner cases" in json.dumps(after), after
    assert "ZIM corner cases" in json.dumps(again), again


def test_a_symlink_swapped_under_load_never_serves_an_outside_archive(tmp_path):
    # Finding 2: swapping served/sub between a real directory and a symlink to an outside
    # directory returned the outside archive 6 times in 95,729 calls (check and open were two
    # steps). Bounded: ~3 s of calls while another thread swaps as fast as it can.
    served = tmp_path / "served"
    inside = tmp_path / "inside"
    outside = tmp_path / "outside"
    for d in (served, inside, outside):
        d.mkdir()
    shutil.copy(NONS / "small.zim", inside / "small.zim")
    shutil.copy(KIWIX / "corner_cases.zim", outside / "small.zim")
    sub = served / "sub"
    os.symlink(inside, sub)
    stop = threading.Event()

    def swap():
        flip = False
        while not stop.is_set():
            tmp = served / ".swap"
            try:
                os.symlink(outside if flip else inside, tmp)
                os.replace(tmp, sub)
            except OSError:
                pass
            flip = not flip

    async def go():
        seen_outside = 0
        calls = 0
        async with stdio_client("--mode", "advanced", str(served), env={"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false"}) as client:
            worker = threading.Thread(target=swap, daemon=True)
            worker.start()
            deadline = time.monotonic() + 3.0
            try:
                while time.monotonic() < deadline:
                    result = await client.call_tool("zim_metadata", {"zim_file_path": "sub/small.zim"})
                    calls += 1
                    if not result.is_error and "ZIM corner cases" in json.dumps(tool_json(result)):
                        seen_outside += 1
            finally:
                stop.set()
                worker.join(timeout=5)
        return calls, seen_outside

    calls, seen_outside = run(go())
    assert calls > 50
    assert seen_outside == 0, f"{seen_outside} of {calls} calls served the outside archive"


def test_resources_prompts_and_completions_are_rate_limited():
    # Finding 7: resources/read was not rate-limited (nor prompts and completions).
    from mcp.shared.exceptions import MCPError as McpError

    env = {"OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND": "0.1", "OPENZIM_MCP_RATE_LIMIT__BURST_SIZE": "3"}

    async def go():
        outcomes = []
        async with stdio_client(str(KIWIX), env=env) as client:
            for _ in range(5):
                try:
                    await client.read_resource("zim://files")
                    outcomes.append("ok")
                except McpError as err:
                    outcomes.append(err.error.code)
        return outcomes

    outcomes = run(go())
    assert outcomes[0] == "ok", outcomes
    assert -32000 in outcomes, outcomes


def test_health_is_degraded_while_archives_cannot_be_opened(tmp_path):
    # Finding 7: zim_health said "healthy" while 34 of 44 archives could not be opened.
    served = tmp_path / "served"
    served.mkdir()
    shutil.copy(NONS / "small.zim", served / "good.zim")
    (served / "truncated.zim").write_bytes((NONS / "small.zim").read_bytes()[:40])
    shutil.copy(NONS / "invalid.smaller_than_header.zim", served / "tiny.zim")

    async def go():
        async with stdio_client("--mode", "advanced", str(served), env={"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false"}) as client:
            return tool_json(await client.call_tool("zim_health", {}))

    report = run(go())
    health = report["health"]
    assert health["status"] == "degraded", health
    assert health["health_checks"]["archives_unreadable"] == 2
    names = sorted(a["zim_file"].rsplit("/", 1)[-1] for a in health["unreadable_archives"])
    assert names == ["tiny.zim", "truncated.zim"], names
    assert str(tmp_path) not in json.dumps(report)


def test_malformed_requests_get_json_rpc_errors_on_http_and_stdio(http_server):
    # Finding 8: invalid JSON on /mcp got HTTP 415 with plain text; tools/call with string
    # arguments got -32601; stdio dropped unparsable lines without an answer.
    server = http_server(str(KIWIX))
    url = server.base + "/mcp"
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    bad = requests.post(url, headers=headers, data="{not json", timeout=30)
    assert bad.status_code == 400 and bad.json()["error"]["code"] == -32700
    odd = requests.post(url, headers=headers, data="42", timeout=30)
    assert odd.json()["error"]["code"] == -32600
    call = {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "zim_query", "arguments": "q=x"}}
    refused = requests.post(url, headers=headers, data=json.dumps(call), timeout=30).json()
    assert refused["error"]["code"] == -32602 and refused["id"] == 5

    proc = subprocess.Popen([binary(), str(KIWIX)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=clean_env(), text=True)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("this is not json\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["error"]["code"] == -32700
        proc.stdin.write(json.dumps(call) + "\n")
        proc.stdin.flush()
        reply = json.loads(proc.stdout.readline())
        assert reply["error"]["code"] == -32602 and reply["id"] == 5
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_two_host_headers_are_refused(http_server):
    # Finding 8: two Host headers were accepted (first wins).
    import socket

    server = http_server(str(KIWIX))
    port = int(server.base.rsplit(":", 1)[1])
    request = (
        "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        status = sock.recv(4096).split(b"\r\n", 1)[0]
    assert b" 400 " in status, status
    assert requests.get(server.base + "/healthz", timeout=10).status_code == 200


def _open_sse(port: int, source: str):
    import socket

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(10)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    sock.sendall(b"GET /sse HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    status = sock.recv(4096).split(b"\r\n", 1)[0]
    return sock, status


def test_one_client_cannot_take_every_sse_stream(http_server):
    # Finding 6: one global cap of 256 SSE streams; one client opening 1,000 locked every
    # other client out (503) until it closed them.
    server = http_server(str(KIWIX), transport="sse")
    port = int(server.base.rsplit(":", 1)[1])
    held = []
    try:
        for _ in range(16):
            sock, status = _open_sse(port, "127.0.0.1")
            held.append(sock)
            assert b" 200 " in status, status
        sock, status = _open_sse(port, "127.0.0.1")
        held.append(sock)
        assert b" 429 " in status, status
        # Another client (another loopback address) still gets a stream.
        sock, status = _open_sse(port, "127.0.0.2")
        held.append(sock)
        assert b" 200 " in status, status
    finally:
        for sock in held:
            sock.close()


def _closed_within(sock, seconds: float) -> bool:
    """Whether the server closes the connection within `seconds` (EOF or reset)."""
    import socket

    sock.settimeout(seconds)
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return True
            if b"408" in data or b"Connection: close" in data:
                return True
    except socket.timeout:
        return False
    except OSError:
        return True


def test_connections_are_capped_per_address_and_timed_out(http_server):
    # Finding 5: no idle or header-read timeout and no per-address limit: 500 idle and 300
    # slow-header connections stayed open, before authentication.
    import socket

    server = http_server(
        str(KIWIX),
        env={
            "ZIM_MCP_HTTP_MAX_CONNECTIONS_PER_ADDRESS": "5",
            "ZIM_MCP_HTTP_HEADER_TIMEOUT_SECONDS": "1",
            "ZIM_MCP_HTTP_IDLE_TIMEOUT_SECONDS": "2",
        },
    )
    port = int(server.base.rsplit(":", 1)[1])

    def connect(source="127.0.0.1"):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        return sock

    held = [connect() for _ in range(5)]
    try:
        extra = connect()
        assert _closed_within(extra, 2.0), "a sixth connection from one address is closed"
        extra.close()
        # Another address is served meanwhile.
        other = connect("127.0.0.2")
        other.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        other.settimeout(5)
        assert b" 200 " in other.recv(4096).split(b"\r\n", 1)[0]
        other.close()
    finally:
        for sock in held:
            sock.close()

    # Headers that never finish are cut off at the header deadline.
    slow = connect()
    slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    assert _closed_within(slow, 4.0), "slow headers are cut off"
    slow.close()
    # A connection that says nothing is closed once idle.
    idle = connect()
    assert _closed_within(idle, 5.0), "an idle connection is closed"
    idle.close()
    assert requests.get(server.base + "/healthz", timeout=10).status_code == 200


def _initialize(url: str, source_headers=None):
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "0"}}}
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    return requests.post(url, headers=headers, data=json.dumps(body), timeout=30)


def test_streamable_http_sessions_are_capped_per_client_and_unknown_deletes_are_404(http_server):
    # Finding 4: 22,002 initialize calls without DELETE took RSS from 12 MB to 1.2 GB.
    # Finding 8: DELETE of an unknown or forged session answered 202.
    server = http_server(str(KIWIX), env={"ZIM_MCP_HTTP_MAX_SESSIONS_PER_CLIENT": "3"})
    url = server.base + "/mcp"
    ids = []
    for _ in range(3):
        reply = _initialize(url)
        assert reply.status_code == 200, reply.text
        ids.append(reply.headers["mcp-session-id"])
    refused = _initialize(url)
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == -32000
    # Closing one frees its place.
    done = requests.delete(url, headers={"mcp-session-id": ids[0]}, timeout=30)
    assert done.status_code in (200, 202, 204)
    assert _initialize(url).status_code == 200
    forged = requests.delete(url, headers={"mcp-session-id": "not-a-session"}, timeout=30)
    assert forged.status_code == 404


def test_wikipedia_names_an_archive_that_cannot_be_opened(http_server, tmp_path):
    # Finding 7: while its archive was truncated, wikipedia.search answered "no local archive
    # serves language" instead of naming the fault.
    served = tmp_path / "served"
    served.mkdir()
    data = (KIWIX / "zimfile.zim").read_bytes()
    (served / "zimfile.zim").write_bytes(data[:60])
    server = http_server(str(served))
    url = server.base + "/mcp"
    body = {"jsonrpc": "2.0", "id": 1, "method": "wikipedia.search", "params": {"query": "piano"}}
    error = post(url, body).json()["error"]
    assert "cannot be opened" in error["message"] and "zimfile.zim" in error["message"], error
    assert str(tmp_path) not in error["message"]
    # Restored, it answers again at once.
    (served / "zimfile.zim").write_bytes(data)
    reply = post(url, body).json()
    assert isinstance(reply.get("result"), list) and reply["result"], reply


def test_a_file_behind_a_symlink_alias_answers_to_its_own_name(tmp_path):
    # Finding 7: a symlink alias inside a served directory hid the real file's name
    # (zim_file_path by that name then failed).
    served = tmp_path / "served"
    served.mkdir()
    shutil.copy(NONS / "small.zim", served / "real.zim")
    os.symlink("real.zim", served / "alias.zim")

    async def go():
        async with stdio_client("--mode", "advanced", str(served), env={"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false"}) as client:
            by_alias = await client.call_tool("zim_metadata", {"zim_file_path": "alias.zim"})
            by_name = await client.call_tool("zim_metadata", {"zim_file_path": "real.zim"})
            return by_alias, by_name

    by_alias, by_name = run(go())
    assert not by_alias.is_error and not by_name.is_error, tool_json(by_name)
    assert tool_json(by_alias)["archive_identity"]["uuid"] == tool_json(by_name)["archive_identity"]["uuid"]
