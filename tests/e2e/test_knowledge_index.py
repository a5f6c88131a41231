"""The knowledge index end to end: `zim-mcp index` builds a sidecar beside an archive, the
server then answers `zim_links direction="inbound"` from it (openzim-mcp 3.4.0's shape, paged
by cursor), reports it in `zim_health`, finds pages through its sections in `zim_query`, and
ignores a sidecar that no longer matches its archive."""

from __future__ import annotations

import json
import shutil
import subprocess

from conftest import KIWIX, binary, run, stdio_client, tool_json


def build_index(directory) -> None:
    out = subprocess.run([binary(), "index", str(directory)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "pages" in out.stdout and "sections" in out.stdout


def served_copy(tmp_path):
    served = tmp_path / "served"
    served.mkdir()
    shutil.copy(KIWIX / "zimfile.zim", served / "zimfile.zim")
    return served


def test_inbound_links_need_the_index_then_come_from_it(tmp_path):
    served = served_copy(tmp_path)
    args = {"zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles", "direction": "inbound"}

    async def before():
        async with stdio_client(str(served), "--mode", "advanced") as client:
            return await client.call_tool("zim_links", args)

    result = run(before())
    assert result.is_error
    assert tool_json(result)["operation"] == "inbound_sidecar_unavailable"

    build_index(served)
    assert (served / "zimfile.zim.index" / "manifest.json").is_file()

    async def after():
        async with stdio_client(str(served), "--mode", "advanced") as client:
            first = tool_json(await client.call_tool("zim_links", {**args, "limit": 5}))
            second = tool_json(await client.call_tool(
                "zim_links", {**args, "cursor": first["next_cursor"]}))
            missing = await client.call_tool(
                "zim_links", {**args, "entry_path": "A/No_such_page_here"})
            health = tool_json(await client.call_tool("zim_health", {"zim_file_path": "zimfile.zim"}))
            overall = tool_json(await client.call_tool("zim_health", {}))
            return first, second, missing, health, overall

    first, second, missing, health, overall = run(after())
    assert set(first) >= {"entry_path", "results", "next_cursor", "total", "done", "page_info"}
    assert first["entry_path"] == "A/Ray_Charles"
    assert first["total"] > 5 and not first["done"]
    assert first["page_info"] == {"offset": 0, "limit": 5, "returned_count": 5}
    for row in first["results"] + second["results"]:
        assert set(row) == {"path", "title", "inbound_degree", "anchor_text"}
        assert row["path"].startswith("A/") and row["path"] != "A/Ray_Charles"
    # Pages follow each other without repeats; linkers come by their own inbound degree.
    paths = [r["path"] for r in first["results"] + second["results"]]
    assert len(paths) == len(set(paths))
    degrees = [r["inbound_degree"] for r in first["results"]]
    assert degrees == sorted(degrees, reverse=True)
    assert second["page_info"]["offset"] == 5
    assert missing.is_error
    assert health["has_link_graph"] is True
    assert health["knowledge_index"]["state"] == "present"
    states = {i["zim_file"]: i["state"] for i in overall["health"]["knowledge_indexes"]}
    assert states == {"served/zimfile.zim": "present"}


def test_a_replaced_archive_does_not_answer_from_the_old_index(tmp_path):
    served = served_copy(tmp_path)
    build_index(served)
    # Another archive under the same name: the sidecar no longer matches and is ignored.
    shutil.copy(KIWIX / "example.zim", served / "zimfile.zim")

    async def go():
        async with stdio_client(str(served), "--mode", "advanced") as client:
            links = await client.call_tool("zim_links", {
                "zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles", "direction": "inbound"})
            health = tool_json(await client.call_tool("zim_health", {"zim_file_path": "zimfile.zim"}))
            return links, health

    links, health = run(go())
    assert links.is_error
    assert health["has_link_graph"] is False
    assert health["knowledge_index"]["state"] == "stale"
    assert "/" not in json.dumps(health["knowledge_index"]["reason"]).strip('"').split("built for")[0]


def test_questions_use_the_section_index(tmp_path):
    served = served_copy(tmp_path)
    build_index(served)

    async def go():
        async with stdio_client(str(served)) as client:
            return await client.call_tool("zim_query", {"query": "Who did Ray Charles marry?"})

    text = run(go()).content[0].text
    answer = json.loads(text[text.index("{"): text.rindex("}") + 1])
    best = answer["results"][0]
    assert best["path"] == "A/Ray_Charles"
    assert "sections" in best["found_by"]


def test_what_links_here_in_simple_mode(tmp_path):
    served = served_copy(tmp_path)

    async def ask():
        async with stdio_client(str(served)) as client:
            result = await client.call_tool("zim_query", {"query": "which articles link to Ray Charles?"})
            text = result.content[0].text
            return json.loads(text[text.index("{"): text.rindex("}") + 1])

    without = run(ask())
    # No index: the pages that mention the article, and why.
    assert "knowledge index" in without["note"]
    assert without["results"]
    build_index(served)
    with_index = run(ask())
    rows = with_index["results"]
    assert rows and all({"path", "inbound_degree", "anchor_text"} <= set(r) for r in rows)
    assert with_index["total"] > len(rows) or with_index["done"]


def test_auto_build_indexes_in_the_background_into_the_cache(tmp_path):
    served = served_copy(tmp_path)
    cache = tmp_path / "cache"
    env = {"OPENZIM_MCP_INDEX__AUTO_BUILD": "true", "OPENZIM_MCP_INDEX__DIR": str(cache)}

    async def go():
        import asyncio
        async with stdio_client(str(served), "--mode", "advanced", env=env) as client:
            # Start-up does not wait for the index: the first answers come at once.
            first = tool_json(await client.call_tool("zim_health", {"zim_file_path": "zimfile.zim"}))
            state = first["knowledge_index"]["state"]
            for _ in range(120):
                if state == "present":
                    break
                await asyncio.sleep(0.5)
                health = tool_json(await client.call_tool("zim_health", {"zim_file_path": "zimfile.zim"}))
                state = health["knowledge_index"]["state"]
            links = tool_json(await client.call_tool("zim_links", {
                "zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles", "direction": "inbound"}))
            return first, state, links

    first, state, links = run(go())
    assert first["knowledge_index"]["state"] in {"absent", "building"}
    assert state == "present"
    assert links["total"] > 0
    # Built into the cache directory, nothing written beside the served archive.
    assert not (served / "zimfile.zim.index").exists()
    assert any(p.name.endswith(".index") for p in cache.iterdir())


def test_related_pages_gain_co_cited_ones_with_the_index(tmp_path):
    served = served_copy(tmp_path)
    args = {"zim_file_path": "zimfile.zim", "entry_path": "A/Hit_the_Road_Jack", "direction": "related", "limit": 50}

    async def related():
        async with stdio_client(str(served), "--mode", "advanced") as client:
            rel = tool_json(await client.call_tool("zim_links", args))
            out = tool_json(await client.call_tool("zim_links", {
                "zim_file_path": "zimfile.zim", "entry_path": "A/Hit_the_Road_Jack", "limit": 500}))
            return rel, out

    before, outbound = run(related())
    build_index(served)
    after, _ = run(related())
    linked = {r["path"] for r in outbound["results"]}
    before_paths = {r["path"] for r in before["results"]}
    after_paths = {r["path"] for r in after["results"]}
    # Without the index, related pages are the article's own links; with it, pages linked
    # alongside it from other pages join them.
    assert before_paths <= linked
    assert after_paths - linked, after_paths
    assert set(after["results"][0]) >= {"path", "title", "score"}
