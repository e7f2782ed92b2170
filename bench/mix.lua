-- wrk script: cycles through the request paths listed one per line in the file given after "--", and prints one
-- JSON line of the results (requests, non-2xx, socket errors, latency p50/p99 in microseconds) for bench/http.py.
local paths = {}
local i = 0

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  i = math.random(0, #paths - 1)
end

function request()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"duration_us":%d,"non2xx":%d,"socket_errors":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
