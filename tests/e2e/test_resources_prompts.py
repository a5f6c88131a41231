"""Prompts, resources, resource templates and completions, over stdio and streamable HTTP."""

from __future__ import annotations

import base64
import hashlib
import json

import pytest
from mcp import Client
from mcp.types import PromptReference, ResourceTemplateReference

from conftest import KIWIX, assert_no_absolute_paths, run, stdio_client

ORACLE = KIWIX.parents[1] / "oracle"


def oracle_entry(archive: str, path: str) -> dict:
    data = json.loads((ORACLE / f"kiwix_{archive}.json").read_text())
    return next(e for e in data["entries"] if e["path"] == path)


async def exercise(client: Client) -> dict:
    """Every prompt, resource and completion flow; returns what the assertions need."""
    out: dict = {}
    out["prompts"] = {p.name: p for p in (await client.list_prompts()).prompts}
    out["research"] = await client.get_prompt("research", {"topic": "soul `music`\nnow"})
    out["summarize"] = await client.get_prompt(
        "summarize", {"zim_file_path": "zimfile.zim", "entry_path": "A/Ray_Charles"}
    )
    out["explore"] = await client.get_prompt("explore", {"zim_file_path": "zimfile.zim"})
    out["summarize_missing"] = await client.get_prompt("summarize", {"zim_file_path": "zimfile.zim"})
    out["explore_empty"] = await client.get_prompt("explore", {"zim_file_path": " `` "})

    out["resources"] = [r.uri for r in (await client.list_resources()).resources]
    out["templates"] = [t.uri_template for t in (await client.list_resource_templates()).resource_templates]
    out["files"] = (await client.read_resource("zim://files")).contents[0]
    out["overview"] = (await client.read_resource("zim://zimfile")).contents[0]
    out["html"] = (await client.read_resource("zim://zimfile/entry/A%2FRay_Charles")).contents[0]
    out["image"] = (
        await client.read_resource("zim://zimfile/entry/I%2Fm%2FRay_Charles_classic_piano_pose.jpg")
    ).contents[0]
    out["split_overview"] = (await client.read_resource("zim://wikipedia_en_ray_charles_2015-06")).contents[0]

    complete = client.complete
    out["c_archive"] = (await complete(PromptReference(name="explore"), {"name": "zim_file_path", "value": "zim"})).completion
    out["c_stem"] = (
        await complete(ResourceTemplateReference(uri="zim://{name}"), {"name": "name", "value": "exa"})
    ).completion
    out["c_entry"] = (
        await complete(
            PromptReference(name="summarize"),
            {"name": "entry_path", "value": "Mary"},
            context_arguments={"zim_file_path": "zimfile.zim"},
        )
    ).completion
    out["c_path"] = (
        await complete(
            ResourceTemplateReference(uri="zim://{name}/entry/{path}"),
            {"name": "path", "value": "A/Hit"},
            context_arguments={"name": "zimfile"},
        )
    ).completion
    out["c_unknown_prompt"] = (
        await complete(PromptReference(name="no-such-prompt"), {"name": "zim_file_path", "value": "z"})
    ).completion
    out["c_unknown_arg"] = (await complete(PromptReference(name="research"), {"name": "topic", "value": "x"})).completion
    out["c_unknown_template"] = (
        await complete(ResourceTemplateReference(uri="zim://nothing/{x}"), {"name": "x", "value": ""})
    ).completion
    return out


def text_of(prompt_result) -> str:
    return "\n".join(m.content.text for m in prompt_result.messages)


def check(out: dict) -> None:
    assert set(out["prompts"]) == {"research", "summarize", "explore"}
    assert [a.name for a in out["prompts"]["summarize"].arguments] == ["zim_file_path", "entry_path"]
    research = text_of(out["research"])
    assert "soul music now" in research and "`" not in research and "cross_file=true" in research
    summarize = text_of(out["summarize"])
    assert 'view="toc"' in summarize and 'view="summary"' in summarize and 'direction="outbound"' in summarize
    assert "A/Ray_Charles" in summarize
    explore = text_of(out["explore"])
    assert "zim_metadata" in explore and "main_page=true" in explore and 'mode="walk"' in explore
    missing = text_of(out["summarize_missing"])
    assert "/summarize" in missing and "entry_path" in missing and "Please ask me" in missing
    assert "given you entry_path." in missing  # zim_file_path was given: only the path is asked for
    empty = text_of(out["explore_empty"])
    assert "/explore" in empty and "zim_file_path" in empty and "Please ask me" in empty

    assert out["resources"][0] == "zim://files"
    assert "zim://zimfile" in out["resources"] and "zim://example" in out["resources"]
    assert set(out["templates"]) == {"zim://{name}", "zim://{name}/entry/{path}"}
    files = json.loads(out["files"].text)
    assert "zimfile.zim" in [f["name"] for f in files]
    assert out["files"].mime_type == "application/json"
    overview = json.loads(out["overview"].text)
    # openzim-mcp's overview: counts and metadata entries under `metadata`.
    assert overview["metadata"]["metadata_entries"]["Title"] == "Ray Charles"
    assert overview["metadata"]["entry_count"] > 0 and overview["namespaces"]["namespaces"]["A"]["total"] > 0
    assert len(overview["main_page"]["preview"]) <= 2000
    assert overview["main_page_preview"] == overview["main_page"]["preview"]
    assert_no_absolute_paths(out["files"].text + out["overview"].text)
    assert out["html"].mime_type == "text/html" and "Ray Charles Robinson" in out["html"].text
    image = out["image"]
    assert image.mime_type == "image/jpeg"
    blob = base64.b64decode(image.blob)
    assert hashlib.md5(blob).hexdigest() == oracle_entry("zimfile.zim", "I/m/Ray_Charles_classic_piano_pose.jpg")["md5"]
    assert json.loads(out["split_overview"].text)["name"] == "wikipedia_en_ray_charles_2015-06.zim"

    assert out["c_archive"].values == ["zimfile.zim"]
    assert out["c_stem"].values == ["example"]
    assert "A/Mary_Ann_(Ray_Charles_song)" in out["c_entry"].values
    assert "A/Hit_the_Road_Jack" in out["c_path"].values
    assert all(v.startswith("A/Hit") for v in out["c_path"].values)
    assert out["c_unknown_prompt"].values == []
    assert out["c_unknown_arg"].values == []
    assert out["c_unknown_template"].values == []


def test_prompts_resources_and_completions_over_stdio():
    async def go():
        async with stdio_client(str(KIWIX)) as client:
            return await exercise(client)

    check(run(go()))


def test_prompts_resources_and_completions_over_http(http_server):
    server = http_server(str(KIWIX))

    async def go():
        async with Client(server.base + "/mcp", mode="legacy") as client:
            return await exercise(client)

    check(run(go()))


def test_unknown_resources_are_errors_not_crashes():
    async def go():
        async with stdio_client(str(KIWIX)) as client:
            errors = []
            for uri in ["zim://no-such-archive", "zim://zimfile/entry/A%2FNo_such_entry", "zim://a/b"]:
                with pytest.raises(Exception) as info:
                    await client.read_resource(uri)
                errors.append(str(info.value))
            return errors

    errors = run(go())
    assert len(errors) == 3
    for message in errors:
        assert_no_absolute_paths(message)
