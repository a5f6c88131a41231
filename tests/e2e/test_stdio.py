"""End-to-end tests over stdio with the official Python MCP client."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote

import pytest
from mcp import types
from mcp.shared.exceptions import MCPError

from conftest import (
    DATA,
    KIWIX,
    NONS,
    WITHNS,
    assert_no_absolute_paths,
    run,
    stdio_client,
    query_json,
    query_text,
    tool_json,
    tool_text,
)

ORACLE = json.loads((DATA.parent / "oracle" / "kiwix_example.zim.json").read_text())
ADVANCED = ["--mode", "advanced", str(KIWIX)]
PAGE = next(e for e in ORACLE["entries"] if e["mimetype"] == "text/html" and not e["redirect"])
EIGHT = {
    "zim_query", "zim_search", "zim_get", "zim_get_section",
    "zim_browse", "zim_metadata", "zim_links", "zim_health",
}


def call(args: list[str], tool: str, arguments: dict, env: dict | None = None):
    async def go():
        async with stdio_client(*args, env=env) as client:
            return await client.call_tool(tool, arguments)

    return run(go())


def error_payload(result) -> dict:
    assert result.is_error, tool_text(result)
    payload = tool_json(result)
    assert payload["status"] == "error" and payload["error"] is True
    assert isinstance(payload["message"], str) and payload["operation"]
    assert_no_absolute_paths(json.dumps(payload))
    return payload


def test_simple_mode_lists_only_zim_query_and_advanced_lists_eight():
    async def go():
        async with stdio_client(str(KIWIX), mode="auto") as client:
            simple = [t.name for t in (await client.list_tools()).tools]
        async with stdio_client(*ADVANCED) as client:
            tools = (await client.list_tools()).tools
        return simple, tools

    simple, tools = run(go())
    assert simple == ["zim_query"]
    assert {t.name for t in tools} == EIGHT
    for tool in tools:
        assert tool.description and tool.input_schema["type"] == "object"
    browse = next(t for t in tools if t.name == "zim_browse")
    assert browse.input_schema["properties"]["limit"]["maximum"] == 500
    assert set(browse.input_schema["required"]) == {"zim_file_path", "namespace"}


def test_env_var_selects_advanced_mode():
    async def go():
        async with stdio_client(str(KIWIX), env={"OPENZIM_MCP_TOOL_MODE": "advanced"}) as client:
            return {t.name for t in (await client.list_tools()).tools}

    assert run(go()) == EIGHT


def test_metadata_matches_the_oracle():
    meta = tool_json(call(ADVANCED, "zim_metadata", {"zim_file_path": "example.zim"}))
    assert meta["archive_identity"] == {"uuid": ORACLE["uuid"], "is_multipart": False}
    assert meta["index_capabilities"] == {
        "has_fulltext_index": ORACLE["has_fulltext_index"],
        "has_title_index": ORACLE["has_title_index"],
    }
    assert meta["metadata"]["Title"] == ORACLE["metadata"]["Title"]["text"]
    # openzim-mcp's shape: a list of namespaces, each with its letter and exact total.
    namespaces = {ns["letter"]: ns for ns in meta["namespaces"]}
    assert sum(ns["total"] for ns in namespaces.values()) == ORACLE["all_entry_count"]
    assert namespaces["C"]["total"] == ORACLE["entry_count"]
    assert set(namespaces) >= {"C", "M", "X"}
    assert meta["_meta"]["truncated"] is False and meta["_meta"]["chars"] > 0
    assert meta["counter_breakdown"]["text/html"] == 4
    assert_no_absolute_paths(json.dumps(meta))


def test_metadata_of_split_archive_by_bare_name():
    meta = tool_json(call(ADVANCED, "zim_metadata", {"zim_file_path": "wikipedia_en_ray_charles_2015-06"}))
    assert meta["archive_identity"]["is_multipart"] is True
    assert meta["has_new_namespace_scheme"] is False
    assert "A" in {ns["letter"] for ns in meta["namespaces"]}


def test_browse_page_and_exhaustive_walk_with_cursors():
    async def go():
        async with stdio_client(*ADVANCED) as client:
            page = tool_json(await client.call_tool(
                "zim_browse", {"zim_file_path": "example.zim", "namespace": "C", "limit": 5, "offset": 2,
                               "include_assets": True}))
            # The next page through the page's own cursor, which keeps its size.
            after = tool_json(await client.call_tool(
                "zim_browse", {"zim_file_path": "example.zim", "namespace": "C", "cursor": page["next_cursor"]}))
            seen, cursor, calls = [], None, 0
            while True:
                args = {"zim_file_path": "example.zim", "namespace": "C", "mode": "walk", "limit": 7,
                        "include_assets": True}
                if cursor:
                    args["cursor"] = cursor
                walk = tool_json(await client.call_tool("zim_browse", args))
                seen += [e["path"] for e in walk["results"]]
                calls += 1
                if walk["done"]:
                    assert walk["next_cursor"] is None
                    break
                cursor = walk["next_cursor"]
            tampered = cursor[:-3] + ("AAA" if not cursor.endswith("AAA") else "BBB")
            bad = await client.call_tool(
                "zim_browse", {"zim_file_path": "example.zim", "namespace": "C", "mode": "walk", "cursor": tampered})
            mixed = await client.call_tool(
                "zim_browse", {"zim_file_path": "example.zim", "namespace": "C", "mode": "walk", "offset": 3})
            return page, after, seen, calls, bad, mixed

    page, after, seen, calls, bad, mixed = run(go())
    oracle_c = [e["path"] for e in ORACLE["entries"]][: ORACLE["entry_count"]]
    assert page["total"] == ORACLE["entry_count"]
    assert [e["path"] for e in page["results"]] == oracle_c[2:7]
    assert page["done"] is False and page["page_info"] == {"offset": 2, "limit": 5, "returned_count": 5}
    assert all(isinstance(e["content_type"], str) and "preview" in e for e in page["results"])
    assert [e["path"] for e in after["results"]] == oracle_c[7:12]
    assert seen == oracle_c and len(set(seen)) == len(seen)
    assert calls == -(-len(oracle_c) // 7)
    assert error_payload(bad)["operation"] == "cursor_decode"
    assert error_payload(mixed)["operation"] == "invalid_combination"


def test_health_report_and_archive_checks():
    async def go():
        async with stdio_client("--mode", "advanced", str(KIWIX), str(NONS)) as client:
            report = tool_json(await client.call_tool("zim_health", {}))
            good = tool_json(await client.call_tool("zim_health", {"zim_file_path": "example.zim"}))
            bad = tool_json(await client.call_tool(
                "zim_health", {"zim_file_path": "invalid.smaller_than_header.zim"}))
            return report, good, bad

    report, good, bad = run(go())
    health = report["health"]
    # nons/ holds the libzim suite's deliberately broken invalid.*.zim files.
    assert health["status"] == "degraded"
    # openzim-mcp's nesting: the configuration under configuration.configuration.
    config = report["configuration"]["configuration"]
    unreadable = {a["zim_file"].rsplit("/", 1)[-1] for a in health["unreadable_archives"]}
    assert "invalid.smaller_than_header.zim" in unreadable and "small.zim" not in unreadable
    assert isinstance(health["uptime_info"]["process_id"], int)
    assert config["server_pid"] == health["uptime_info"]["process_id"]
    assert config["tool_mode"] == "advanced"
    assert config["allowed_directories"] == ["...kiwix", "...nons"]
    assert report["configuration"]["diagnostics"]["validation_status"] == "ok"
    assert all(a["size"].endswith(" MB") and a["size_bytes"] > 0 for a in report["loaded_archives"])
    names = {a["name"] for a in report["loaded_archives"]}
    assert {"example.zim", "wikipedia_en_ray_charles_2015-06.zim", "small.zim"} <= names
    assert health["health_checks"]["directories_accessible"] == 2
    assert good["is_valid"] is True and good["uuid"] == ORACLE["uuid"]
    assert good["checksum"] == ORACLE["checksum"] and good["path"] == "...example.zim"
    assert bad["is_valid"] is False and bad["errors"]
    assert_no_absolute_paths(json.dumps([report, good, bad]))


def test_get_main_page_binary_and_batch():
    image = next(e for e in ORACLE["entries"] if e["mimetype"] == "image/png" and not e["redirect"])
    page = next(e for e in ORACLE["entries"] if e["mimetype"] == "text/html" and not e["redirect"])

    async def go():
        async with stdio_client(*ADVANCED) as client:
            main = await client.call_tool("zim_get", {"zim_file_path": "example.zim", "main_page": True})
            binary = await client.call_tool(
                "zim_get", {"zim_file_path": "example.zim", "entry_path": image["path"], "binary": True})
            batch = await client.call_tool(
                "zim_get", {"zim_file_path": "example.zim", "entry_paths": [page["path"], "No/Such/Entry"]})
            single = await client.call_tool(
                "zim_get", {"zim_file_path": "example.zim", "entry_path": page["path"], "max_content_length": 200})
            return main, binary, batch, single

    main, binary, batch, single = run(go())
    body = tool_json(main)
    assert body["content"] and body["content_type"].startswith("text/html") and body["path"]
    data = tool_json(binary)
    assert data["encoding"] == "base64" and data["mime_type"] == "image/png"
    assert len(base64.b64decode(data["data"])) == image["size"] == data["size"]
    assert data["size_human"].endswith("B") and data["_meta"]["truncated"] is False
    result = tool_json(batch)
    assert (result["succeeded"], result["failed"]) == (1, 1)
    assert result["results"][0]["success"] is True
    assert result["results"][1]["success"] is False and isinstance(result["results"][1]["error"], str)
    assert result["results"][1]["error_code"] == "entry_not_found"
    assert [r["index"] for r in result["results"]] == [0, 1] and result["total"] == 2
    body = tool_json(single)
    assert body["path"] == page["path"] and "content_offset=200" in body["content"]
    assert body["_meta"]["truncated"] is True and body["_meta"]["more_at_offset"] == 200


@pytest.mark.parametrize(
    "arguments",
    [
        {"entry_path": "a", "entry_paths": ["b"]},
        {"main_page": True, "view": "summary"},
        {"binary": True},
        {},
    ],
)
def test_get_branch_combinations_are_refused(arguments):
    result = call(ADVANCED, "zim_get", {"zim_file_path": "example.zim", **arguments})
    payload = error_payload(result)
    assert payload["operation"] == "invalid_path_combination"
    assert "`" in payload["message"]


def test_arguments_as_lax_clients_send_them_are_understood():
    """What openzim-mcp's lax validation accepts from LLM clients works here too."""
    image = next(e for e in ORACLE["entries"] if e["mimetype"] == "image/png" and not e["redirect"])
    page = next(e for e in ORACLE["entries"] if e["mimetype"] == "text/html" and not e["redirect"])
    ex = {"zim_file_path": "example.zim"}

    async def go():
        async with stdio_client(*ADVANCED, env={"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false"}) as client:
            async def j(tool, args):
                return tool_json(await client.call_tool(tool, args))
            return {
                # Numbers and booleans as strings, whole floats, arrays as JSON text.
                "search": await j("zim_search", {**ex, "query": "wikibooks", "limit": "2", "offset": 0.0}),
                "batch": await j("zim_get", {**ex, "entry_paths": json.dumps([page["path"]])}),
                # Empty selectors are absent ones.
                "main": await client.call_tool("zim_get", {**ex, "main_page": "true", "entry_path": ""}),
                # Long and lowercase namespace names.
                "browse": await j("zim_browse", {**ex, "namespace": "content", "limit": 3}),
                "lower": await j("zim_browse", {**ex, "namespace": "c", "limit": 3}),
                # A byte cap below the entry's size: metadata only, truncated.
                "capped": await j("zim_get", {**ex, "entry_path": image["path"], "binary": True,
                                             "max_content_length": 100}),
                "too_big_cap": await client.call_tool("zim_get", {**ex, "entry_path": image["path"], "binary": True,
                                                                 "max_content_length": 30_000_000}),
                # Profiles and clamped numbers for compact_budget.
                "tiny": await client.call_tool("zim_get", {**ex, "entry_path": page["path"], "compact": True,
                                                          "compact_budget": "tiny"}),
                "clamped": await client.call_tool("zim_get", {**ex, "entry_path": page["path"], "compact": True,
                                                             "compact_budget": -5}),
                "long_query": await client.call_tool("zim_search", {**ex, "query": "wikibooks " * 300}),
            }

    r = run(go())
    assert len(r["search"]["results"]) == 2
    assert r["batch"]["succeeded"] == 1
    assert not r["main"].is_error and tool_json(r["main"])["content"]
    assert r["browse"]["namespace"] == r["lower"]["namespace"] == "C" and len(r["browse"]["results"]) == 3
    assert r["capped"]["truncated"] is True and r["capped"]["data"] is None and r["capped"]["size"] == image["size"]
    assert error_payload(r["too_big_cap"])["operation"] == "invalid_max_content_length"
    assert not r["tiny"].is_error and not r["clamped"].is_error
    assert not r["long_query"].is_error


def test_unknown_argument_suggests_the_closest_name():
    payload = error_payload(call(ADVANCED, "zim_browse", {"zim_file_path": "example.zim", "namespace": "C", "limt": 3}))
    assert payload["operation"] == "unknown_argument"
    assert payload["unknown_arguments"] == ["limt"] and payload["closest_matches"] == {"limt": "limit"}
    assert "Did you mean 'limit'" in payload["message"]


@pytest.mark.parametrize(
    "path",
    [
        "../nons/small.zim",
        "..%2Fnons%2Fsmall.zim",
        "%252e%252e%252fnons%252fsmall.zim",
        str(NONS / "small.zim"),
        "/etc/passwd",
        "kiwix/../../../etc/passwd",
    ],
)
def test_traversal_and_outside_paths_are_refused(path):
    payload = error_payload(call(ADVANCED, "zim_metadata", {"zim_file_path": path}))
    # openzim-mcp names the tool; our precise code is beside it.
    assert payload["operation"] == "zim_metadata"
    assert payload["error_code"] in {"security_violation", "zim_file_not_found"}


def test_ambiguous_name_lists_candidates():
    payload = error_payload(call(["--mode", "advanced", str(NONS), str(WITHNS)], "zim_metadata", {"zim_file_path": "small"}))
    assert (payload["operation"], payload["error_code"]) == ("zim_metadata", "ambiguous_zim_file")
    assert "nons/small.zim" in payload["message"] and "withns/small.zim" in payload["message"]


def test_rate_limit_denial_carries_retry_after():
    env = {"OPENZIM_MCP_RATE_LIMIT__BURST_SIZE": "3", "OPENZIM_MCP_RATE_LIMIT__REQUESTS_PER_SECOND": "0.01"}

    async def go():
        async with stdio_client(*ADVANCED, env=env) as client:
            return [await client.call_tool("zim_health", {}) for _ in range(4)]

    results = run(go())
    assert not any(r.is_error for r in results[:3])
    payload = error_payload(results[3])
    assert payload["operation"] == "rate_limited"
    assert payload["retry_after"] > 0


def test_search_hits_count_in_health_and_the_cache_survives_a_restart(tmp_path):
    # openzim-mcp's cache settings, as its users have them in their environment.
    env = {
        "OPENZIM_MCP_CACHE__PERSISTENCE_ENABLED": "true",
        "OPENZIM_MCP_CACHE__PERSISTENCE_PATH": str(tmp_path / "results"),
        "OPENZIM_MCP_CACHE__MAX_BYTES": "1000000",
        "OPENZIM_MCP_CACHE__LIBZIM_CLUSTER_CACHE_MAX_SIZE_BYTES": "4194304",
        "OPENZIM_MCP_CACHE__LIBZIM_DIRENT_CACHE_MAX_COUNT": "512",
        "OPENZIM_MCP_RATE_LIMIT__ENABLED": "false",
    }
    search = {"query": "Free", "zim_file_path": "example.zim", "limit": 3}

    async def session(searches: int):
        async with stdio_client(*ADVANCED, env=env) as client:
            results = [tool_json(await client.call_tool("zim_search", search)) for _ in range(searches)]
            health = tool_json(await client.call_tool("zim_health", {}))
        return results, health["health"]["cache_performance"]

    first, cache = run(session(2))
    assert first[0] == first[1]
    assert (cache["misses"], cache["hits"]) == (1, 1), cache
    assert cache["persistence_enabled"] is True and cache["max_bytes"] == 1000000
    assert 0 < cache["bytes"] <= 1000000
    assert (tmp_path / "results.json").is_file()
    # A new process answers the same search from the saved cache.
    again, cache = run(session(1))
    assert again[0] == first[0]
    assert (cache["misses"], cache["hits"]) == (0, 1), cache
    assert_no_absolute_paths(json.dumps(cache))


def test_unknown_tool_is_an_unknown_tool_error():
    async def go():
        async with stdio_client(str(KIWIX)) as client:
            # zim_metadata exists only in advanced mode.
            return await client.call_tool("zim_metadata", {"zim_file_path": "example.zim"})

    payload = error_payload(run(go()))
    assert payload["operation"] == "unknown_tool" and payload["available_tools"] == ["zim_query"]


def test_simple_mode_query_routes_intents():
    async def go():
        async with stdio_client(str(KIWIX)) as client:
            files = await client.call_tool("zim_query", {"query": "list available ZIM files"})
            meta = await client.call_tool("zim_query", {"query": "metadata of example.zim"})
            browse = await client.call_tool("zim_query", {"query": "browse namespace C with limit 2 in example.zim"})
            main = await client.call_tool("zim_query", {"query": "show the main page of example.zim"})
            return files, meta, browse, main

    files, meta, browse, main = run(go())
    listing = query_json(files)
    assert listing["count"] == len(listing["files"]) >= 8
    assert query_json(meta)["archive_identity"]["uuid"] == ORACLE["uuid"]
    assert len(query_json(browse)["entries"]) == 2
    assert "## Content" in query_text(main)
    assert_no_absolute_paths(json.dumps(listing))


def test_search_modes_and_pagination():
    oracle_search = ORACLE["search"]

    async def go():
        # A cross-file search costs 2 tokens per archive: keep the limiter out of this test.
        async with stdio_client(*ADVANCED, env={"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false"}) as client:
            query = "wikibooks"
            first = tool_json(await client.call_tool(
                "zim_search", {"query": query, "zim_file_path": "example.zim", "limit": 2}))
            suggest = tool_json(await client.call_tool(
                "zim_search", {"query": "Free", "mode": "suggest", "zim_file_path": "example.zim", "limit": 5}))
            title = tool_json(await client.call_tool(
                "zim_search", {"query": PAGE["title"], "mode": "title", "zim_file_path": "example.zim"}))
            bad = await client.call_tool(
                "zim_search", {"query": "x", "mode": "suggest", "limit": 51, "zim_file_path": "example.zim"})
            everywhere = tool_json(await client.call_tool("zim_search", {"query": query, "cross_file": True}))
            return query, first, suggest, title, bad, everywhere

    async def tight_budget():
        # A one-microsecond budget is spent by the first archive: the rest are left out.
        env = {"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false",
               "OPENZIM_MCP_SEARCH__SEARCH_ALL_TOTAL_TIMEOUT_SECONDS": "0.000001"}
        async with stdio_client(*ADVANCED, env=env) as client:
            return tool_json(await client.call_tool("zim_search", {"query": "wikibooks", "cross_file": True}))

    query, first, suggest, title, bad, everywhere = run(go())
    partial = run(tight_budget())
    expected = oracle_search[query]
    assert first["source"] == "fulltext" and first["zim_file_path"] == "example.zim"
    assert [r["path"] for r in first["results"]] == expected["top"][:2]
    assert first["total"] == expected["estimated"] and first["done"] is False
    assert first["page_info"]["next_offset"] == 2 and first["next_cursor"]
    assert suggest["partial_query"] == "Free"
    assert [s["path"] for s in suggest["results"]] == ORACLE["suggest"]["Free"]["top"]
    assert {s["type"] for s in suggest["results"]} <= {"title_start_match", "title_contains_match", "title_suggest_match"}
    assert title["fast_path_hit"] is True and title["results"][0]["path"] == PAGE["path"]
    assert title["results"][0]["match_type"] == "direct"
    assert error_payload(bad)["operation"] == "invalid_limit"
    rows = everywhere["results"]
    assert everywhere["files_searched"] >= 8 and len(rows) == everywhere["files_searched"]
    assert everywhere["budget_exceeded"] is False
    assert everywhere["files_available"] == everywhere["files_searched"] + len(everywhere["skipped_files"])
    # One ranking across archives: every hit of every archive, once, best normalised score first.
    merged = everywhere["merged_results"]
    per_file_hits = {(f["zim_file_path"], r["path"]) for f in rows for r in f["result"]["results"]}
    assert {(m["zim_file"], m["path"]) for m in merged} == per_file_hits and len(merged) == len(per_file_hits)
    assert [m["rank"] for m in merged] == list(range(len(merged)))
    scored = [m["normalized_score"] for m in merged if "normalized_score" in m]
    assert scored and scored == sorted(scored, reverse=True) and all(0 <= x <= 1 for x in scored)
    assert merged[0]["path"] in expected["top"]
    assert_no_absolute_paths(json.dumps(everywhere))
    assert partial["budget_exceeded"] is True
    assert partial["files_searched"] == 1 < partial["files_available"]


def test_prompts_and_resources():
    async def go():
        async with stdio_client(str(KIWIX)) as client:
            prompts = [p.name for p in (await client.list_prompts()).prompts]
            prompt = await client.get_prompt("explore", {"zim_file_path": "example.zim"})
            templates = [t.uri_template for t in (await client.list_resource_templates()).resource_templates]
            files = await client.read_resource("zim://files")
            path = quote(PAGE["path"], safe="")
            entry = await client.read_resource(f"zim://example/entry/{path}")
            completion = await client.complete(
                types.PromptReference(type="ref/prompt", name="explore"), {"name": "zim_file_path", "value": "ex"}
            )
            return prompts, prompt, templates, files, entry, completion

    prompts, prompt, templates, files, entry, completion = run(go())
    assert completion.completion.values == ["example.zim"]
    assert sorted(prompts) == ["explore", "research", "summarize"]
    assert "zim_metadata" in prompt.messages[0].content.text
    assert "zim://{name}/entry/{path}" in templates
    listing = json.loads(files.contents[0].text)
    assert any(f["name"] == "example.zim" for f in listing)
    assert entry.contents[0].mime_type.startswith("text/html")


def test_structured_views_sections_and_links():
    ray = {"zim_file_path": "wikipedia_en_ray_charles_2015-06", "entry_path": "A/Ray_Charles"}

    async def go():
        async with stdio_client(*ADVANCED) as client:
            toc = await client.call_tool("zim_get", {**ray, "view": "toc"})
            structure = await client.call_tool("zim_get", {**ray, "view": "structure"})
            summary = await client.call_tool("zim_get", {**ray, "view": "summary"})
            first = tool_json(structure)["sections"][0]["id"]
            section = await client.call_tool("zim_get_section", {**ray, "section_id": first})
            missing = await client.call_tool("zim_get_section", {**ray, "section_id": "no-such-section"})
            links = tool_json(await client.call_tool("zim_links", {**ray, "limit": 5}))
            more = tool_json(await client.call_tool("zim_links", {**ray, "limit": 5, "cursor": links["next_cursor"]}))
            related = tool_json(await client.call_tool("zim_links", {**ray, "direction": "related", "limit": 3}))
            # openzim-mcp's extra arguments: accepted and obeyed.
            parent = next(t for t in tool_json(toc)["toc"] if t.get("children"))["id"]
            whole = tool_json(await client.call_tool("zim_get_section", {**ray, "section_id": parent}))
            own = tool_json(await client.call_tool(
                "zim_get_section", {**ray, "section_id": parent, "include_subsections": False}))
            external = tool_json(await client.call_tool("zim_links", {**ray, "kind": "external", "limit": 500}))
            bad_kind = await client.call_tool("zim_links", {**ray, "direction": "related", "kind": "media"})
            pages = tool_json(await client.call_tool(
                "zim_browse", {"zim_file_path": "wikipedia_en_ray_charles_2015-06", "namespace": "I",
                               "limit": 20, "include_assets": False, "_meta": {"progressToken": 1}}))
            extras = (whole, own, external, bad_kind, pages)
            return toc, structure, summary, section, missing, links, more, related, extras

    toc, structure, summary, section, missing, links, more, related, extras = run(go())
    whole, own, external, bad_kind, pages = extras
    assert len(own["content_markdown"]) < len(whole["content_markdown"])
    assert whole["content_markdown"].startswith(own["content_markdown"])
    assert own["subsections"] == whole["subsections"] and own["section_id"] == whole["section_id"]
    assert own["title"] == "Ray Charles" and own["char_count"] == len(own["content_markdown"])
    assert external["kind"] == "external" and external["results"]
    assert all("domain" in l and "url" in l for l in external["results"])
    assert external["total"] == links["category_totals"]["external"]
    assert error_payload(bad_kind)["operation"] == "invalid_combination"
    # Namespace I holds images only: every row is an asset.
    assert pages["results"] == [] and pages["page_info"]["assets_filtered"] is True
    assert tool_json(toc)["toc"], "the article has headings"
    assert tool_json(toc)["heading_count"] >= len(tool_json(toc)["toc"])
    assert tool_json(structure)["actual_path"] == "A/Ray_Charles.html"
    assert "Charles" in tool_json(summary)["summary"]
    assert tool_json(section)["content_markdown"]
    missing = error_payload(missing)
    assert missing["operation"] == "section_not_found" and tool_json(structure)["sections"][0]["id"] in missing["available_section_ids"]
    # zim_links answers the internal links by default, as openzim-mcp does.
    assert links["kind"] == "internal" and len(links["results"]) == 5 and links["total"] > 10
    assert links["total"] == links["category_totals"]["internal"]
    assert more["page_info"]["offset"] == 5 and more["results"][0] != links["results"][0]
    assert 0 < len(related["results"]) <= 3 and related["results"][0]["mention_count"] >= 1
