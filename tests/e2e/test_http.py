"""End-to-end tests over streamable HTTP and the legacy SSE transport."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import httpx
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from conftest import KIWIX, assert_no_absolute_paths, binary, clean_env, run, tool_json

TOKEN = "e2e-secret-token"
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "e2e", "version": "0"}},
}
MCP_HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


def test_health_and_ready_endpoints(http_server):
    server = http_server(str(KIWIX))
    assert httpx.get(server.base + "/healthz").status_code == 200
    ready = httpx.get(server.base + "/readyz")
    assert ready.status_code == 200 and ready.json()["status"] == "ready"


def test_readyz_is_503_when_no_directory_is_readable(http_server):
    scratch = Path(tempfile.mkdtemp())
    shutil.copy(KIWIX / "example.zim", scratch / "example.zim")
    server = http_server(str(scratch))
    assert httpx.get(server.base + "/readyz").status_code == 200
    shutil.rmtree(scratch)
    assert httpx.get(server.base + "/readyz").status_code == 503
    assert httpx.get(server.base + "/healthz").status_code == 200


def test_mcp_client_over_streamable_http(http_server):
    server = http_server("--mode", "advanced", str(KIWIX))

    async def go():
        async with Client(server.base + "/mcp", mode="legacy") as client:
            tools = {t.name for t in (await client.list_tools()).tools}
            meta = await client.call_tool("zim_metadata", {"zim_file_path": "example.zim"})
            return tools, meta

    tools, meta = run(go())
    assert len(tools) == 8
    payload = tool_json(meta)
    assert payload["archive_identity"]["uuid"] == "5dc0b3af-5df2-0925-f0ca-d2bf75e78af6"
    assert_no_absolute_paths(json.dumps(payload))


def test_bearer_auth_missing_wrong_and_right(http_server):
    server = http_server(str(KIWIX), env={"OPENZIM_MCP_AUTH_TOKEN": TOKEN})
    url = server.base + "/mcp"
    missing = httpx.post(url, json=INIT, headers=MCP_HEADERS)
    assert missing.status_code == 401 and missing.headers["www-authenticate"] == "Bearer"
    wrong = httpx.post(url, json=INIT, headers={**MCP_HEADERS, "Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    assert TOKEN not in wrong.text
    options = httpx.options(url)
    assert options.status_code == 401, "OPTIONS is not exempt from auth"
    assert httpx.get(server.base + "/healthz").status_code == 200
    assert httpx.get(server.base + "/readyz").status_code == 200

    async def go():
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"})
        async with http, Client(streamable_http_client(url, http_client=http), mode="legacy") as client:
            return [t.name for t in (await client.list_tools()).tools]

    assert run(go()) == ["zim_query"]


def test_cors_preflight_allowed_and_refused_and_on_401(http_server):
    server = http_server(
        str(KIWIX), env={"OPENZIM_MCP_AUTH_TOKEN": TOKEN, "OPENZIM_MCP_CORS_ORIGINS": "http://app.test"}
    )
    url = server.base + "/mcp"
    preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "mcp-session-id"}
    allowed = httpx.options(url, headers={"Origin": "http://app.test", **preflight})
    assert allowed.headers.get("access-control-allow-origin") == "http://app.test"
    assert "mcp-session-id" in allowed.headers.get("access-control-allow-headers", "")
    refused = httpx.options(url, headers={"Origin": "http://evil.test", **preflight})
    assert "access-control-allow-origin" not in refused.headers
    unauthorized = httpx.post(url, json=INIT, headers={**MCP_HEADERS, "Origin": "http://app.test"})
    assert unauthorized.status_code == 401
    assert unauthorized.headers.get("access-control-allow-origin") == "http://app.test"
    assert "mcp-session-id" in unauthorized.headers.get("access-control-expose-headers", "")
    ok = httpx.post(url, json=INIT, headers={**MCP_HEADERS, "Origin": "http://app.test", "Authorization": f"Bearer {TOKEN}"})
    assert ok.status_code == 200 and ok.headers.get("mcp-session-id")


def test_dns_rebinding_protection(http_server):
    server = http_server(str(KIWIX))
    url = server.base + "/mcp"
    assert httpx.post(url, json=INIT, headers={**MCP_HEADERS, "Host": "evil.example.com"}).status_code == 403
    assert httpx.post(url, json=INIT, headers={**MCP_HEADERS, "Origin": "http://evil.example.com"}).status_code == 403
    assert httpx.post(url, json=INIT, headers=MCP_HEADERS).status_code == 200


def test_non_loopback_bind_needs_a_token_and_sse_stays_local():
    for args, env in [
        (["--transport", "http", "--host", "0.0.0.0"], {}),
        (["--transport", "sse", "--host", "0.0.0.0"], {"OPENZIM_MCP_AUTH_TOKEN": TOKEN}),
    ]:
        proc = subprocess.run([binary(), *args, str(KIWIX)], env=clean_env(env), capture_output=True, timeout=30)
        assert proc.returncode == 1
        assert b"refusing to bind" in proc.stderr


def test_invalid_configuration_is_reported_before_start():
    for env, needle in [
        ({"OPENZIM_MCP_CORS_ORIGINS": "*"}, b"wildcard"),
        ({"OPENZIM_MCP_WATCH_INTERVAL_SECONDS": "0"}, b"1-60"),
        ({"OPENZIM_MCP_PORT": "70000"}, b"1-65535"),
    ]:
        proc = subprocess.run([binary(), str(KIWIX)], env=clean_env(env), capture_output=True, timeout=30)
        assert proc.returncode == 1 and needle in proc.stderr, proc.stderr


def test_rate_limit_is_per_client_address_not_per_session(http_server):
    # Two tokens and almost no refill: a client's third call is refused.
    server = http_server("--mode", "advanced", str(KIWIX), env={
        "OPENZIM_MCP_RATE_LIMIT__BURST_SIZE": "2", "OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND": "0.01"})
    url = server.base + "/mcp"

    async def calls(source: str, count: int) -> list:
        # Every 127.x address is this machine: a second source address is a second client.
        transport = httpx2.AsyncHTTPTransport(local_address=source)
        http = httpx2.AsyncClient(transport=transport)
        async with http, Client(streamable_http_client(url, http_client=http), mode="legacy") as client:
            return [await client.call_tool("zim_health", {}) for _ in range(count)]

    async def go():
        first = await calls("127.0.0.1", 3)
        # A new session from the same address shares that address's (empty) bucket...
        again = await calls("127.0.0.1", 1)
        # ...while another address has its own.
        other = await calls("127.0.0.2", 2)
        return first, again, other

    first, again, other = run(go())
    assert [r.is_error for r in first] == [False, False, True]
    assert tool_json(first[2])["operation"] == "rate_limited"
    assert tool_json(first[2])["retry_after"] > 0
    assert again[0].is_error and tool_json(again[0])["operation"] == "rate_limited"
    assert [r.is_error for r in other] == [False, False]


def test_stateless_http_serves_handshake_era_clients_without_sessions(http_server):
    server = http_server("--mode", "advanced", str(KIWIX), env={"OPENZIM_MCP_STATELESS_HTTP": "true"})
    url = server.base + "/mcp"
    init = httpx.post(url, json=INIT, headers=MCP_HEADERS)
    assert init.status_code == 200 and "mcp-session-id" not in init.headers
    for method in ("GET", "DELETE"):
        refused = httpx.request(method, url, headers=MCP_HEADERS)
        assert refused.status_code == 405 and refused.headers["allow"] == "POST"
    # A tool call needs no session: any replica could answer it.
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "zim_metadata", "arguments": {"zim_file_path": "example.zim"}}}
    answer = httpx.post(url, json=call, headers={**MCP_HEADERS, "MCP-Protocol-Version": "2025-06-18"})
    assert answer.status_code == 200 and "5dc0b3af-5df2-0925-f0ca-d2bf75e78af6" in answer.text

    async def go():
        async with Client(url, mode="legacy") as client:
            return await client.call_tool("zim_search", {"query": "wikibooks", "zim_file_path": "example.zim"})

    assert tool_json(run(go()))["results"]
    # Sessions are the default.
    stateful = http_server(str(KIWIX))
    assert "mcp-session-id" in httpx.post(stateful.base + "/mcp", json=INIT, headers=MCP_HEADERS).headers


def test_cache_hints_in_the_2026_protocol(http_server):
    server = http_server(str(KIWIX), env={"OPENZIM_MCP_WATCH_INTERVAL_SECONDS": "2"})
    short = http_server(str(KIWIX), env={"OPENZIM_MCP_RESOURCE_CACHE_TTL_SECONDS": "0"})

    async def hints(base: str):
        async with Client(base + "/mcp", mode="2026-07-28") as client:
            return {
                "tools": (await client.list_tools()).ttl_ms,
                "resources": (await client.list_resources()).ttl_ms,
                "overview": (await client.read_resource("zim://example")).ttl_ms,
                "files": (await client.read_resource("zim://files")).ttl_ms,
            }

    assert run(hints(server.base)) == {"tools": 3_600_000, "resources": 2000, "overview": 3_600_000, "files": 2000}
    # resource_cache_ttl_seconds=0 puts overview reads back on the watcher-bounded hint.
    assert run(hints(short.base))["overview"] == 5000


def test_legacy_sse_transport(http_server):
    server = http_server("--mode", "advanced", str(KIWIX), transport="sse")
    with httpx.Client(base_url=server.base, timeout=30) as http:
        with http.stream("GET", "/sse") as stream:
            events = stream.iter_lines()
            endpoint = None
            for line in events:
                if line.startswith("data:"):
                    endpoint = line[5:].strip()
                    break
            assert endpoint and endpoint.startswith("/messages?sessionId=")
            assert http.post(endpoint, json={**INIT, "params": {**INIT["params"], "protocolVersion": "2024-11-05"}}).status_code == 202
            assert http.post(endpoint, json={"jsonrpc": "2.0", "method": "notifications/initialized"}).status_code == 202
            call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                    "params": {"name": "zim_health", "arguments": {}}}
            assert http.post(endpoint, json=call).status_code == 202
            replies = {}
            for line in events:
                if line.startswith("data:"):
                    message = json.loads(line[5:])
                    replies[message.get("id")] = message
                    if 2 in replies:
                        break
        assert replies[1]["result"]["serverInfo"]["name"] == "openzim-mcp"
        # JSON text in content, as openzim-mcp sends it (no structuredContent).
        assert "structuredContent" not in replies[2]["result"]
        health = json.loads(replies[2]["result"]["content"][0]["text"])
        assert health["configuration"]["configuration"]["transport"] == "sse"
        assert_no_absolute_paths(json.dumps(health))
        assert http.post("/messages?sessionId=nope", json=call).status_code == 404


def test_legacy_sse_rate_limit_is_per_client_address(http_server):
    server = http_server("--mode", "advanced", str(KIWIX), transport="sse", env={
        "OPENZIM_MCP_RATE_LIMIT__BURST_SIZE": "1", "OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND": "0.01"})

    def two_health_calls(source: str) -> list[bool]:
        transport = httpx.HTTPTransport(local_address=source)
        with httpx.Client(base_url=server.base, timeout=30, transport=transport) as http:
            with http.stream("GET", "/sse") as stream:
                events = stream.iter_lines()
                endpoint = next(line[5:].strip() for line in events if line.startswith("data:"))
                init = {**INIT, "params": {**INIT["params"], "protocolVersion": "2024-11-05"}}
                http.post(endpoint, json=init)
                http.post(endpoint, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
                for id_ in (2, 3):
                    http.post(endpoint, json={"jsonrpc": "2.0", "id": id_, "method": "tools/call",
                                              "params": {"name": "zim_health", "arguments": {}}})
                replies = {}
                for line in events:
                    if line.startswith("data:"):
                        message = json.loads(line[5:])
                        replies[message.get("id")] = message
                        if 2 in replies and 3 in replies:
                            break
        # The two calls may be served in either order.
        return sorted(replies[i]["result"].get("isError", False) for i in (2, 3))

    # One token each: every client's second call is refused, whoever called first.
    assert two_health_calls("127.0.0.1") == [False, True]
    assert two_health_calls("127.0.0.3") == [False, True]


def test_resource_subscription_notifies_when_an_archive_appears(http_server):
    scratch = Path(tempfile.mkdtemp())
    shutil.copy(KIWIX / "example.zim", scratch / "example.zim")
    server = http_server(str(scratch), env={"OPENZIM_MCP_WATCH_INTERVAL_SECONDS": "1"})
    updates: list[str] = []

    async def on_message(message) -> None:
        uri = getattr(getattr(message, "params", None), "uri", None)
        if uri:
            updates.append(uri)

    async def go():
        import asyncio

        async with Client(server.base + "/mcp", mode="legacy", message_handler=on_message) as client:
            assert client.server_capabilities.resources.subscribe is True
            await client.subscribe_resource("zim://files")
            await client.subscribe_resource("zim://example")
            shutil.copy(KIWIX / "poor.zim", scratch / "poor.zim")
            for _ in range(100):
                if "zim://files" in updates:
                    break
                await asyncio.sleep(0.1)

    try:
        run(go())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    assert "zim://files" in updates
    assert "zim://example" not in updates, "example.zim did not change"


def test_listen_stream_gets_resource_updates_in_the_2026_protocol(http_server):
    scratch = Path(tempfile.mkdtemp())
    shutil.copy(KIWIX / "example.zim", scratch / "example.zim")
    server = http_server(str(scratch), env={"OPENZIM_MCP_WATCH_INTERVAL_SECONDS": "1"})

    async def go():
        import anyio

        async with Client(server.base + "/mcp", mode="2026-07-28") as client:
            assert client.protocol_version == "2026-07-28"
            async with client.listen(resource_subscriptions=["zim://files"]) as sub:
                shutil.copy(KIWIX / "poor.zim", scratch / "poor.zim")
                with anyio.fail_after(20):
                    async for event in sub:
                        return repr(event)
        return None

    try:
        event = run(go())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    assert event is not None and "zim://files" in event


def test_stdio_server_exits_cleanly_on_sigterm_even_with_stdin_open():
    import signal as signals

    env = clean_env({"RUST_LOG": "info"})
    proc = subprocess.Popen([binary(), str(KIWIX)], env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        # Wait for the start-up log line, then ask it to stop while stdin stays open.
        assert b"started" in proc.stderr.readline()
        proc.send_signal(signals.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
