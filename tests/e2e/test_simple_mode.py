"""Simple mode end to end: zim_query phrasings routed by the intent parser, and synthesize.

Each phrasing names the intent it should be parsed as and a check on the answer's content.
The suite reports its accuracy (intent right *and* content right) and requires all of them.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from mcp import Client

from conftest import (
    FENCE_OPEN,
    KIWIX,
    assert_no_absolute_paths,
    query_json,
    query_text,
    run,
    stdio_client,
    tool_json,
    tool_text,
)

NO_RATE_LIMIT = {"OPENZIM_MCP_RATE_LIMIT__ENABLED": "false"}


def single_archive_dir() -> Path:
    """A directory serving only zimfile.zim (mwoffliner "Ray Charles" mini archive)."""
    scratch = Path(tempfile.mkdtemp(prefix="zim-simple-"))
    shutil.copy(KIWIX / "zimfile.zim", scratch / "zimfile.zim")
    return scratch


def paths(items) -> list[str]:
    return [i["path"] for i in items]


# (query, expected intent, check(answer) -> bool). `answer` is the JSON payload, or the text
# for text answers (articles, main page).
SINGLE_ARCHIVE = [
    ("list available ZIM files", "ListArchives", lambda a: [f["name"] for f in a["files"]] == ["zimfile.zim"]),
    ("search for piano", "Search", lambda a: "A/The_Genius_Sings_the_Blues" in paths(a["results"]) and a["answer"]["path"] == a["results"][0]["path"]),
    ("get article Ray Charles", "GetArticle", lambda a: "Ray Charles Robinson" in a and "A/Ray_Charles" in a),
    # Several named entries in one batch; a redirect is read as the entry it leads to.
    (
        "batch get Eleanor Rigby, Georgia On My Mind and Hit the Road Jack",
        "GetArticles",
        lambda a: a["succeeded"] == 3
        and [r["entry_path"] for r in a["results"]] == ["A/Eleanor_Rigby", "A/Georgia_on_My_Mind", "A/Hit_the_Road_Jack"]
        and all("# " in r["content"] for r in a["results"]),
    ),
    # An image asked for by its path comes back as its bytes.
    (
        "download the image at -/s/enwiki.png",
        "GetArticle",
        lambda a: a["mime_type"] == "image/png" and a["encoding"] == "base64" and a["size"] == 20016 and a["data"].startswith("iVBORw0KGgo"),
    ),
    ("summary of ray charles", "Summary", lambda a: a["path"] == "A/Ray_Charles" and "American singer" in a["summary"]),
    ("table of contents of Ray_Charles", "Toc", lambda a: a["path"] == "A/Ray_Charles" and "toc" in a),
    ("show the structure of Hit the Road Jack", "Structure", lambda a: a["path"] == "A/Hit_the_Road_Jack" and "sections" in a),
    ("browse namespace A with limit 5", "Browse", lambda a: len(a["entries"]) == 5 and all(e["namespace"] == "A" for e in a["entries"])),
    ("walk namespace M", "Walk", lambda a: "M/Title" in [e["path"] for e in a["entries"]]),
    ("find article titled A Fool for You", "FindByTitle", lambda a: a["found"] and a["entry"]["path"] == "A/A_Fool_for_You"),
    ("articles related to Ray Charles", "Related", lambda a: a["entry_path"] == "A/Ray_Charles" and len(a["related"]) > 0),
    ("links in Hit the Road Jack", "Links", lambda a: a["entry_path"] == "A/Hit_the_Road_Jack" and a["internal_count"] >= 1),
    ("show me the metadata", "Metadata", lambda a: "Ray Charles" in json.dumps(a["metadata"])),
    ("show the main page", "MainPage", lambda a: "A Fool for You" in a and "A/index" in a),
    ("server health", "Health", lambda a: "configuration" in a),
    ("suggest titles starting with Mary", "Suggest", lambda a: "A/Mary_Ann_(Ray_Charles_song)" in paths(a["suggestions"])),
    # Questions are answered by the question pipeline: the best page's passage, cited.
    ("who was Ray Charles?", "Search", lambda a: a["answer"]["path"] == "A/Ray_Charles" and "pianist" in a["answer"]["passage"]),
    ("what is hit the road jack", "Search", lambda a: a["answer"]["path"] == "A/Hit_the_Road_Jack"),
    ("When was Ray Charles born?", "Search", lambda a: a["answer"]["path"] == "A/Ray_Charles" and "1930" in a["answer"]["passage"]),
    ("could you pls serach for blues", "Search", lambda a: a["query"] == "blues" and len(a["results"]) == 10),
    ("blue tulips quantum zebra", "Search", lambda a: a["intent"]["fell_back"] and "note" in a["intent"]),
]

# With every kiwix archive served: the archive comes from the sentence, or is found.
MULTI_ARCHIVE = [
    (
        "show the Early life section of Ray Charles in wikipedia_en_ray_charles_2015-06.zim",
        "Section",
        lambda a: a["id"].startswith("early-years") and "Albany, Georgia" in json.dumps(a),
    ),
    ("search all archives for piano", "Search", lambda a: len(a["archives_searched"]) == 8 and "zim_file_path" in a["results"][0]),
    ("metadata of example.zim", "Metadata", lambda a: a["intent"]["archive"] == "kiwix/example.zim"),
    ("summary of Ray Charles", "Summary", lambda a: "Ray Charles Robinson" in a["summary"]),
    ("check the integrity of zimfile.zim", "Health", lambda a: a["intent"].get("archive") == "kiwix/zimfile.zim"),
]


def intent_of(result) -> tuple[str, float, object]:
    """(intent name, confidence, answer) from a zim_query result (JSON or text header), out of
    the `<retrieved_archive_content>` fence every answer comes in."""
    assert result.structured_content is None, "openzim-mcp sends no structuredContent"
    assert tool_text(result).startswith(FENCE_OPEN), tool_text(result)[:300]
    text = query_text(result)
    try:
        payload = json.loads(text)
    except ValueError:
        payload = None
    if isinstance(payload, dict):
        return payload["intent"]["name"], payload["intent"]["confidence"], payload
    header, _, body = text.partition("\n")
    assert header.startswith("<!-- intent="), header
    fields = dict(part.split("=", 1) for part in header.strip("<!-> ").split() if "=" in part)
    return fields["intent"], float(fields["confidence"]), text


async def ask_all(client: Client, cases) -> list[str]:
    failures = []
    for query, expected, check in cases:
        result = await client.call_tool("zim_query", {"query": query})
        if result.is_error:
            failures.append(f"{query!r}: error {tool_text(result)[:300]}")
            continue
        name, confidence, answer = intent_of(result)
        assert 0.0 <= confidence <= 1.0
        assert_no_absolute_paths(json.dumps(answer) if not isinstance(answer, str) else answer)
        if name != expected:
            failures.append(f"{query!r}: intent {name}, expected {expected}")
            continue
        try:
            ok = check(answer)
        except (KeyError, TypeError, IndexError) as err:
            ok = False
            failures.append(f"{query!r}: content check raised {err!r}")
            continue
        if not ok:
            failures.append(f"{query!r}: content check failed: {str(answer)[:300]}")
    return failures


def test_phrasings_route_to_the_right_operation_over_stdio():
    scratch = single_archive_dir()

    async def go():
        async with stdio_client(str(scratch), env=NO_RATE_LIMIT) as single:
            failures = await ask_all(single, SINGLE_ARCHIVE)
        async with stdio_client(str(KIWIX), env=NO_RATE_LIMIT) as multi:
            failures += await ask_all(multi, MULTI_ARCHIVE)
        return failures

    try:
        failures = run(go())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    total = len(SINGLE_ARCHIVE) + len(MULTI_ARCHIVE)
    print(f"zim_query accuracy: {total - len(failures)}/{total}")
    assert not failures, "\n".join(failures)


def test_phrasings_over_http(http_server):
    server = http_server(str(KIWIX), env=NO_RATE_LIMIT)

    async def go():
        async with Client(server.base + "/mcp", mode="legacy") as client:
            return await ask_all(client, MULTI_ARCHIVE[:3])

    assert run(go()) == []


def test_parameters_pass_through_and_errors_are_structured():
    scratch = single_archive_dir()

    async def go():
        async with stdio_client(str(scratch), env=NO_RATE_LIMIT) as client:
            first = query_json(await client.call_tool("zim_query", {"query": "search for ray charles", "limit": 3}))
            second = query_json(
                await client.call_tool(
                    "zim_query", {"query": "search for ray charles", "limit": 3, "cursor": first["next_cursor"]}
                )
            )
            short = query_text(
                await client.call_tool("zim_query", {"query": "get article Ray Charles", "max_content_length": 300})
            )
            paged = query_text(
                await client.call_tool(
                    "zim_query",
                    {"query": "get article Ray Charles", "max_content_length": 300, "content_offset": 300},
                )
            )
            missing = await client.call_tool("zim_query", {"query": "summary of Qwxyz Zzqvvk"})
            empty = await client.call_tool("zim_query", {"query": "   "})
            return first, second, short, paged, missing, empty

    try:
        first, second, short, paged, missing, empty = run(go())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    assert len(first["results"]) == 3 and len(second["results"]) == 3
    assert set(paths(first["results"])).isdisjoint(paths(second["results"]))
    assert short != paged and "Ray Charles" in short
    assert missing.is_error and tool_json(missing)["operation"] == "entry_not_found"
    assert empty.is_error and "empty" in tool_json(empty)["message"]


def test_synthesize_returns_a_cited_briefing():
    async def go():
        async with stdio_client(str(KIWIX), env=NO_RATE_LIMIT) as client:
            everywhere = tool_json(
                await client.call_tool(
                    "zim_query", {"query": "How did Ray Charles learn to play piano?", "synthesize": True}
                )
            )
            one = tool_json(
                await client.call_tool(
                    "zim_query",
                    {
                        "query": "soul music in zimfile.zim",
                        "synthesize": True,
                        "max_content_length": 1200,
                        "limit": 3,
                    },
                )
            )
            return everywhere, one

    everywhere, one = run(go())
    for briefing in (everywhere, one):
        assert briefing["fallback_used"] == "xapian_score"
        assert briefing["citations"], briefing
        assert briefing["total_chars"] == len(briefing["answer_markdown"])
        for citation in briefing["citations"]:
            assert f"[cite: {citation['cite_id']}]" in briefing["answer_markdown"]
            assert citation["cite_id"].startswith(f"{citation['archive']}/{citation['entry_path']}")
        # Distinct sources: no article cited twice for the same section.
        ids = [c["cite_id"] for c in briefing["citations"]]
        assert len(ids) == len(set(ids))
        assert_no_absolute_paths(json.dumps(briefing))
    assert len(everywhere["archives_searched"]) == 8
    assert any("piano" in p["text_markdown"].lower() for p in everywhere["passages"])
    assert one["archives_searched"] == ["kiwix/zimfile.zim"]
    assert one["total_chars"] <= 1200
    assert len({c["entry_path"] for c in one["citations"]}) <= 3
    assert any("soul" in p["text_markdown"].lower() for p in one["passages"])


def test_synthesize_follows_the_configured_budget_and_sources():
    env = {**NO_RATE_LIMIT, "OPENZIM_MCP_SYNTHESIZE__OUTPUT_CHAR_BUDGET": "600", "OPENZIM_MCP_SYNTHESIZE__TOP_N": "2"}

    async def go():
        async with stdio_client(str(KIWIX), env=env) as client:
            briefing = await client.call_tool("zim_query", {"query": "soul music in zimfile.zim", "synthesize": True})
            too_many = await client.call_tool("zim_query", {"query": "soul music", "synthesize": True, "limit": 51})
            paged = await client.call_tool("zim_query", {"query": "soul music", "synthesize": True, "offset": 5})
            return tool_json(briefing), too_many, paged

    briefing, too_many, paged = run(go())
    assert paged.is_error and tool_json(paged)["operation"] == "invalid_combination"
    assert "offset" in tool_json(paged)["message"]
    assert briefing["citations"] and briefing["total_chars"] <= 600
    assert len({c["entry_path"] for c in briefing["citations"]}) <= 2
    assert too_many.is_error and "at most 50" in tool_json(too_many)["message"]
