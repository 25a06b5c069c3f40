-- Shared by the load benchmark's wrk scripts: each thread counts its answers by status; done() prints one
-- JSON line ("LOADJSON {...}") with the rate, the latency percentiles and the status counts of all threads.
local M = {}
M.threads = {}

function M.setup(thread)
  table.insert(M.threads, thread)
  thread:set("id", #M.threads)
end

function M.count(status)
  statuses[status] = (statuses[status] or 0) + 1
end

function M.done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(M.threads) do
    for status, n in pairs(thread:get("statuses")) do
      counts[status] = (counts[status] or 0) + n
    end
    local extra = thread:get("unexpected")
    counts["unexpected"] = (counts["unexpected"] or 0) + (extra or 0)
  end
  local parts = {}
  for status, n in pairs(counts) do table.insert(parts, string.format('"%s": %d', status, n)) end
  local e = summary.errors
  io.write(string.format(
    'LOADJSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p90_us": %d, "p99_us": %d, "max_us": %d, ' ..
    '"socket_errors": %d, "statuses": {%s}}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, e.connect + e.read + e.write + e.timeout, table.concat(parts, ", ")))
end

return M
