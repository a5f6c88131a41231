#!/usr/bin/env python3
"""A stdio MCP server that answers instantly with answers recorded from another server.

Used by scripts/bench_mcp.sh to measure the benchmark harness's own cost *per workload item*:
mcpbench's client does work proportional to each answer (JSON parsing, pydantic models, output
schema validation of structuredContent), so the cost of a null server's tiny echo answers is
not the floor for a 100 KB article. This server advertises the recorded surface (the same tools
with the same output schemas, so the client validates the same way) and answers every
``tools/call`` with the recorded result for those exact arguments, serialised once at start.
Its p50 for an item is the latency a server that takes no time at all would show through the
harness on this machine; openzim-mcp's p50 divided by it is the best ratio any server could
reach there.

    mcp_replay_server.py --surface surface.json --responses responses.json

``surface.json`` and ``responses.json`` are mcpbench's ``--surface`` and ``--responses`` outputs
of a run of the recorded server. Standard library only.
"""

import argparse
import json
import sys


def canonical(arguments):
    """The key a call is recorded under: its arguments with sorted keys."""
    return json.dumps(arguments or {}, sort_keys=True, separators=(",", ":"))


def load_answers(responses_path):
    """{(tool, canonical arguments): result serialised as JSON text}."""
    with open(responses_path, encoding="utf-8") as fh:
        recorded = json.load(fh)
    answers = {}
    for item in recorded.values():
        result = item.get("result")
        if result is None:
            continue  # the recorded call failed: the replay answers it with an error too
        key = (item["tool"], canonical(item.get("arguments")))
        answers[key] = json.dumps(result, ensure_ascii=False, separators=(",", ":"))
    return answers


class Replay:
    def __init__(self, surface, answers):
        self.surface = surface
        self.answers = answers
        self.lists = {
            "tools/list": ("tools", surface.get("tools") or []),
            "prompts/list": ("prompts", surface.get("prompts") or []),
            "resources/list": ("resources", surface.get("resources") or []),
            "resources/templates/list": ("resourceTemplates", surface.get("resourceTemplates") or []),
        }

    def result_text(self, method, params):
        """The JSON text of the result for a request, or None for 'method not found'."""
        if method == "initialize":
            return json.dumps({
                "protocolVersion": params.get("protocolVersion") or self.surface.get("protocolVersion"),
                "capabilities": self.surface.get("capabilities") or {},
                "serverInfo": self.surface.get("serverInfo") or {"name": "replay", "version": "0"},
            })
        if method == "ping":
            return "{}"
        if method in self.lists:
            key, values = self.lists[method]
            return json.dumps({key: values})
        if method == "tools/call":
            key = (params.get("name"), canonical(params.get("arguments")))
            return self.answers.get(key)
        return None


def serve(replay):
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        if "id" not in message or "method" not in message:
            continue  # notifications and responses need no answer
        ident = json.dumps(message["id"])
        text = replay.result_text(message["method"], message.get("params") or {})
        if text is None:
            error = {"code": -32601, "message": f"no recorded answer for {message['method']}"}
            out.write(f'{{"jsonrpc":"2.0","id":{ident},"error":{json.dumps(error)}}}\n')
        else:
            out.write(f'{{"jsonrpc":"2.0","id":{ident},"result":{text}}}\n')
        out.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--surface", required=True, help="mcpbench --surface output")
    parser.add_argument("--responses", required=True, help="mcpbench --responses output")
    args = parser.parse_args()
    with open(args.surface, encoding="utf-8") as fh:
        surface = json.load(fh)
    serve(Replay(surface, load_answers(args.responses)))


if __name__ == "__main__":
    main()
