"""The benchmark's floor server (scripts/mcp_replay_server.py) replays what zim-mcp answered.

bench_mcp.sh divides openzim-mcp's latencies by this server's to say which targets no server
could reach through the harness; that only holds if the client sees the same surface and the
same answers from it as from zim-mcp. Recorded here from the real binary, replayed through the
same SDK client, compared field by field.
"""

from __future__ import annotations

import json
import sys

from mcp import Client, StdioServerParameters

from conftest import KIWIX, REPO, run, stdio_client

REPLAY = REPO / "scripts" / "mcp_replay_server.py"
CALLS = {
    "search": ("zim_search", {"zim_file_path": "example", "query": "test", "limit": 3}),
    "main page": ("zim_get", {"zim_file_path": "example", "main_page": True}),
    "metadata": ("zim_metadata", {"zim_file_path": "example"}),
}


def dump(model) -> dict:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def test_replay_server_answers_what_zim_mcp_answered(tmp_path):
    async def record():
        async with stdio_client("--mode", "advanced", str(KIWIX)) as client:
            tools = [dump(t) for t in (await client.list_tools()).tools]
            answers = {}
            for name, (tool, arguments) in CALLS.items():
                result = dump(await client.call_tool(tool, arguments))
                answers[name] = {"tool": tool, "arguments": arguments, "result": result}
            return tools, answers

    tools, answers = run(record())
    assert len(tools) == 8
    assert all(not a["result"].get("isError") for a in answers.values()), answers
    surface = tmp_path / "surface.json"
    responses = tmp_path / "responses.json"
    surface.write_text(json.dumps({
        "protocolVersion": "2025-06-18",
        "serverInfo": {"name": "zim-mcp", "version": "recorded"},
        "capabilities": {"tools": {"listChanged": False}},
        "tools": tools,
    }))
    responses.write_text(json.dumps(answers))

    async def replay():
        params = StdioServerParameters(
            command=sys.executable,
            args=[str(REPLAY), "--surface", str(surface), "--responses", str(responses)],
        )
        async with Client(params, mode="legacy") as client:
            listed = [dump(t) for t in (await client.list_tools()).tools]
            replayed = {
                name: dump(await client.call_tool(tool, arguments))
                for name, (tool, arguments) in CALLS.items()
            }
            # A call that was not recorded is an error, never someone else's answer.
            other = None
            try:
                other = dump(await client.call_tool("zim_search", {"query": "unrecorded"}))
            except Exception as exc:  # noqa: BLE001 - the SDK raises its own error type
                other = {"raised": str(exc)}
            return listed, replayed, other

    listed, replayed, other = run(replay())
    assert listed == tools
    for name, recorded in answers.items():
        assert replayed[name] == recorded["result"], name
    assert "raised" in other and "no recorded answer" in other["raised"], other
