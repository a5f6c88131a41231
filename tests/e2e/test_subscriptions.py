"""Live resource updates: list_changed when archives appear or disappear, updated when one is
replaced; resources/subscribe (handshake-era clients) and subscriptions/listen (2026-07-28);
and a stalled subscriber that never reads does not delay the others.

The watcher polls every OPENZIM_MCP_WATCH_INTERVAL_SECONDS=1 second; a notification is
awaited for at most two intervals plus a fixed allowance for process scheduling on a busy
machine (the bound is a timeout, not a measurement).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import tempfile
from pathlib import Path

from mcp import Client, StdioServerParameters

from conftest import KIWIX, binary, clean_env, run

INTERVAL = 1
# Slack for loaded CI machines: the notifications come within two polls on an idle one.
WAIT = 2 * INTERVAL + 8
WATCH_ENV = {"OPENZIM_MCP_WATCH_INTERVAL_SECONDS": str(INTERVAL), "OPENZIM_MCP_SUBSCRIPTIONS_ENABLED": "true"}


def scratch_dir() -> Path:
    scratch = Path(tempfile.mkdtemp(prefix="zim-watch-"))
    shutil.copy(KIWIX / "example.zim", scratch / "example.zim")
    return scratch


def replace_atomically(src: Path, dest: Path) -> None:
    """Replace `dest` by a copy of `src` the way a download tool does (write, then rename)."""
    tmp = dest.with_suffix(".partial")
    shutil.copy(src, tmp)
    os.replace(tmp, dest)


class Inbox:
    """Notifications received by one legacy client, awaitable by method and URI."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str | None]] = []
        self.changed = asyncio.Event()

    async def __call__(self, message) -> None:
        message = getattr(message, "root", message)
        method = getattr(message, "method", None)
        if method is None:
            return
        params = getattr(message, "params", None)
        self.items.append((method, getattr(params, "uri", None)))
        self.changed.set()

    async def wait_for(self, method: str, uri: str | None = None) -> None:
        async def until() -> None:
            while not any(m == method and (uri is None or u == uri) for m, u in self.items):
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(until(), WAIT)

    def clear(self) -> None:
        self.items.clear()


def test_legacy_subscriber_over_stdio_sees_add_replace_remove():
    scratch = scratch_dir()
    inbox = Inbox()

    async def go():
        params = StdioServerParameters(command=binary(), args=[str(scratch)], env=clean_env(WATCH_ENV))
        async with Client(params, mode="legacy", message_handler=inbox) as client:
            caps = client.server_capabilities.resources
            assert caps.subscribe and caps.list_changed
            await client.subscribe_resource("zim://files")
            await client.subscribe_resource("zim://example")

            shutil.copy(KIWIX / "zimfile.zim", scratch / "zimfile.zim")
            await inbox.wait_for("notifications/resources/list_changed")
            await inbox.wait_for("notifications/resources/updated", "zim://files")
            uris = [r.uri for r in (await client.list_resources()).resources]
            assert "zim://zimfile" in uris

            inbox.clear()
            replace_atomically(KIWIX / "foo-zstd.zim", scratch / "example.zim")
            await inbox.wait_for("notifications/resources/updated", "zim://example")
            assert ("notifications/resources/list_changed", None) not in inbox.items

            inbox.clear()
            await client.unsubscribe_resource("zim://files")
            (scratch / "zimfile.zim").unlink()
            await inbox.wait_for("notifications/resources/list_changed")
            uris = [r.uri for r in (await client.list_resources()).resources]
            assert "zim://zimfile" not in uris
            # Unsubscribed: the list change arrives (no subscription needed), the update not.
            await asyncio.sleep(0)
            assert ("notifications/resources/updated", "zim://files") not in inbox.items

    try:
        run(go())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_listen_streams_over_http_and_a_stalled_subscriber_does_not_delay_others(http_server):
    scratch = scratch_dir()
    server = http_server(str(scratch), env=WATCH_ENV)

    async def listener(ready: asyncio.Event, seen: list) -> None:
        async with Client(server.base + "/mcp", mode="2026-07-28") as client:
            async with client.listen(resources_list_changed=True, resource_subscriptions=["zim://example"]) as sub:
                assert sub.honored.resources_list_changed
                ready.set()
                async for event in sub:
                    seen.append(type(event).__name__ + ":" + getattr(event, "uri", ""))
                    if len(seen) >= 2:
                        return

    def stalled_legacy_session() -> socket.socket:
        """A handshake-era session that subscribes, opens its notification stream and
        never reads from it (smallest receive buffer the kernel allows)."""
        import httpx

        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        init = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "stalled", "version": "0"}},
        }
        response = httpx.post(server.base + "/mcp", json=init, headers=headers)
        session = response.headers["mcp-session-id"]
        headers["mcp-session-id"] = session
        headers["mcp-protocol-version"] = "2025-06-18"
        initialized = httpx.post(
            server.base + "/mcp", json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers
        )
        assert initialized.status_code == 202
        subscribed = httpx.post(
            server.base + "/mcp",
            json={"jsonrpc": "2.0", "id": 2, "method": "resources/subscribe", "params": {"uri": "zim://example"}},
            headers=headers,
        )
        assert subscribed.status_code == 200 and '"result"' in subscribed.text
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
        sock.connect(("127.0.0.1", server.port))
        request = (
            f"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nAccept: text/event-stream\r\n"
            f"mcp-session-id: {session}\r\nmcp-protocol-version: 2025-06-18\r\n\r\n"
        )
        sock.sendall(request.encode())
        return sock

    async def legacy_listener(ready: asyncio.Event, inbox: Inbox) -> None:
        async with Client(server.base + "/mcp", mode="legacy", message_handler=inbox) as client:
            await client.subscribe_resource("zim://example")
            ready.set()
            await inbox.wait_for("notifications/resources/list_changed")
            await inbox.wait_for("notifications/resources/updated", "zim://example")

    async def go():
        stalled = stalled_legacy_session()
        try:
            readies = [asyncio.Event() for _ in range(4)]
            seen: list[list[str]] = [[] for _ in range(3)]
            tasks = [asyncio.create_task(listener(r, s)) for r, s in zip(readies, seen)]
            legacy_inbox = Inbox()
            tasks.append(asyncio.create_task(legacy_listener(readies[3], legacy_inbox)))
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 30)
            shutil.copy(KIWIX / "zimfile.zim", scratch / "zimfile.zim")
            replace_atomically(KIWIX / "foo-zstd.zim", scratch / "example.zim")
            # Both changes are picked up within one or two scans, by every live subscriber.
            await asyncio.wait_for(asyncio.gather(*tasks), WAIT + INTERVAL)
            return seen
        finally:
            stalled.close()

    try:
        seen = run(go())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for events in seen:
        assert "ResourcesListChanged:" in events
        assert "ResourceUpdated:zim://example" in events


def test_subscriptions_can_be_switched_off():
    scratch = scratch_dir()

    async def go():
        env = {**WATCH_ENV, "OPENZIM_MCP_SUBSCRIPTIONS_ENABLED": "false"}
        params = StdioServerParameters(command=binary(), args=[str(scratch)], env=clean_env(env))
        async with Client(params, mode="legacy") as client:
            caps = client.server_capabilities.resources
            return bool(caps.subscribe), bool(caps.list_changed)

    try:
        assert run(go()) == (False, False)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
