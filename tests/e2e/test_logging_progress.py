"""MCP logging (logging/setLevel, per-request log levels, notifications/message) and progress
notifications (progressToken) with the Python SDK client, over stdio and streamable HTTP."""

from __future__ import annotations

import re
import warnings

import anyio
from mcp import Client, StdioServerParameters

from conftest import KIWIX, assert_no_absolute_paths, binary, clean_env, run, tool_json

ADVANCED = ["--mode", "advanced", str(KIWIX)]
# A call the server refuses as invalid arguments: a warning.
BAD_SEARCH = {"query": "ray", "mode": "bogus"}


def stdio(args, *, env=None, mode="legacy", **kwargs) -> Client:
    params = StdioServerParameters(command=binary(), args=list(args), env=clean_env(env))
    return Client(params, mode=mode, **kwargs)


def set_level(client: Client, level: str):
    # Deprecated by SEP-2577, still the handshake-era way to ask for log messages.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return client.set_logging_level(level)


def test_log_messages_follow_the_level_the_session_sets():
    messages = []

    async def on_log(params):
        messages.append(params)

    async def go():
        async with stdio(ADVANCED, logging_callback=on_log) as client:
            # Nothing asked for, nothing sent.
            refused = await client.call_tool("zim_search", BAD_SEARCH)
            assert refused.is_error
            before = len(messages)
            await set_level(client, "warning")
            await client.call_tool("zim_search", BAD_SEARCH)
            at_warning = len(messages)
            # Above the warning's level: filtered out again.
            await set_level(client, "error")
            await client.call_tool("zim_search", BAD_SEARCH)
            at_error = len(messages)
            # A good call has nothing to warn about.
            await set_level(client, "debug")
            ok = await client.call_tool("zim_search", {"query": "ray", "zim_file_path": "example.zim"})
            assert not ok.is_error
            return before, at_warning, at_error

    before, at_warning, at_error = run(go())
    assert before == 0
    assert at_warning == 1, messages
    warning = messages[0]
    assert warning.level == "warning"
    assert warning.logger == "zim-mcp"
    assert warning.data["tool"] == "zim_search"
    assert warning.data["message"] and warning.data["operation"]
    assert at_error == at_warning
    assert all(m.level != "warning" or m.data.get("tool") != "zim_search" for m in messages[at_error:])
    for m in messages:
        assert_no_absolute_paths(str(m.data))


def test_a_request_s_own_log_level_opts_in_on_modern_connections():
    messages = []

    async def on_log(params):
        messages.append(params)

    async def go():
        async with stdio(ADVANCED, mode="2026-07-28", logging_callback=on_log, log_level="warning") as client:
            await client.call_tool("zim_search", BAD_SEARCH)
        async with stdio(ADVANCED, mode="2026-07-28", logging_callback=on_log, log_level="error") as client:
            await client.call_tool("zim_search", BAD_SEARCH)

    run(go())
    assert [m.level for m in messages] == ["warning"], messages


def test_archive_errors_are_logged_as_errors():
    messages = []

    async def on_log(params):
        messages.append(params)

    async def go():
        async with stdio(ADVANCED, logging_callback=on_log) as client:
            await set_level(client, "error")
            return await client.call_tool(
                "zim_get", {"zim_file_path": "example.zim", "entry_path": "No_such_page_at_all"}
            )

    result = run(go())
    assert result.is_error
    # Not found is the caller's problem (a warning), so an error-level session hears nothing.
    assert all(m.level in ("error", "critical", "alert", "emergency") for m in messages), messages


def progress_of(args, tool, arguments, *, env=None, transport=None):
    seen = []

    async def on_progress(progress, total, message):
        seen.append((progress, total, message))

    async def go():
        client = stdio(args, env=env) if transport is None else Client(transport, mode="legacy")
        async with client:
            return await client.call_tool(tool, arguments, progress_callback=on_progress)

    return run(go()), seen


def assert_well_formed(seen):
    assert len(seen) >= 2, seen
    values = [p for p, _, _ in seen]
    assert values == sorted(values) and len(set(values)) == len(values), seen
    assert all(total is None for _, total, _ in seen[:-1]), seen
    last, total, message = seen[-1]
    assert total == last and "done" in message, seen


def test_a_cross_archive_search_reports_its_start_and_end():
    result, seen = progress_of(ADVANCED, "zim_search", {"query": "ray", "cross_file": True})
    assert not result.is_error
    assert_well_formed(seen)
    assert re.search(r"searching \d+ archive", seen[0][2]), seen


def test_a_browse_walk_reports_progress():
    result, seen = progress_of(
        ADVANCED, "zim_browse", {"zim_file_path": "example.zim", "namespace": "C", "mode": "walk", "limit": 5}
    )
    assert not result.is_error
    assert_well_formed(seen)
    assert "walking" in seen[0][2], seen


def test_synthesize_reports_steps_while_it_runs():
    # Heartbeats every 10 ms, so a synthesis (tens of milliseconds at least) has steps between
    # its start and its end.
    result, seen = progress_of(
        [str(KIWIX)],
        "zim_query",
        {"query": "who was Ray Charles?", "synthesize": True},
        env={"ZIM_MCP_PROGRESS_INTERVAL_MS": "10"},
    )
    assert not result.is_error, result
    assert_well_formed(seen)
    assert "synthesizing" in seen[0][2], seen
    assert any("working" in message for _, _, message in seen[1:-1]), seen


def test_no_token_no_progress_and_the_answer_is_unchanged():
    async def go():
        async with stdio(ADVANCED) as client:
            plain = await client.call_tool("zim_search", {"query": "ray", "cross_file": True})
        return plain

    plain = run(go())
    with_progress, seen = progress_of(ADVANCED, "zim_search", {"query": "ray", "cross_file": True})
    assert seen
    assert tool_json(plain)["results"] == tool_json(with_progress)["results"]


def test_progress_over_streamable_http(http_server):
    server = http_server(*ADVANCED)
    result, seen = progress_of(
        ADVANCED, "zim_search", {"query": "ray", "cross_file": True}, transport=server.base + "/mcp"
    )
    assert not result.is_error
    assert_well_formed(seen)


def test_log_messages_over_streamable_http(http_server):
    server = http_server(*ADVANCED)
    messages = []

    async def on_log(params):
        messages.append(params)

    async def go():
        async with Client(server.base + "/mcp", mode="legacy", logging_callback=on_log) as client:
            await set_level(client, "warning")
            await client.call_tool("zim_search", BAD_SEARCH)
            # The message travels on the session's own stream: give it a moment.
            for _ in range(50):
                if messages:
                    break
                await anyio.sleep(0.05)

    run(go())
    assert [m.level for m in messages] == ["warning"], messages
