-- wrk script of bench/fresh-quote.py (issue 38): cycles through the request paths listed one per line in the file
-- given after "--" (each connection from its own offset), pausing the given milliseconds (second argument) after
-- each answer before the next request, so the load is a steady paced one rather than as fast as the server answers.
-- wrk times a request from its send, so the pause is not in the latencies. Prints one JSON line of the results
-- (requests, non-2xx, socket errors, latency p50/p90/p99/max in microseconds).
local requests = {}
local i = 0
local pause = 0

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then
      requests[#requests + 1] = wrk.format("GET", line)
    end
  end
  pause = tonumber(args[2] or "0")
  i = math.random(0, #requests - 1)
end

function request()
  i = i + 1
  return requests[(i % #requests) + 1]
end

function delay()
  return pause
end

function done(summary, latency, requests_)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"duration_us":%d,"non2xx":%d,"socket_errors":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
