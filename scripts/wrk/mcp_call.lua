-- wrk script for MCP over streamable HTTP: every wrk thread is one MCP client with its own
-- initialized session (run with -t N -c N). Environment: SIDS = comma-separated session ids
-- (one per thread), BODY = file holding the JSON-RPC request to repeat.
-- A response counts as an error unless it is HTTP 200 carrying a JSON-RPC "result".
local ids = {}
for id in string.gmatch(os.getenv("SIDS") or "", "[^,]+") do table.insert(ids, id) end
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("sid", ids[((#threads - 1) % #ids) + 1])
end

function init(args)
  local f = assert(io.open(os.getenv("BODY"), "r"))
  wrk.body = f:read("*a")
  f:close()
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Accept"] = "application/json, text/event-stream"
  wrk.headers["Mcp-Session-Id"] = sid
  wrk.headers["MCP-Protocol-Version"] = "2025-06-18"
  bad = 0
end

function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"result"', 1, true) then bad = bad + 1 end
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.timeout
  for _, t in ipairs(threads) do errors = errors + (t:get("bad") or 0) end
  io.write(string.format("MCPLOAD calls %d seconds %.3f errors %d p50_us %d\n",
    summary.requests, summary.duration / 1e6, errors, latency:percentile(50)))
end
