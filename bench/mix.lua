-- wrk script: cycles through the request paths listed one per line in the file given after "--", and prints one
-- JSON line of the results (requests, non-2xx, socket errors, latency p50/p99 in microseconds) for bench/http.py.
-- Each request's bytes are formatted once in init(): formatting them per request (wrk.format in request()) cost the
-- client about a third more CPU per request, and the client must stay light while it drives the liveness probe.
local requests = {}
local i = 0

function init(args)
  local paths = {}
  for line in io.lines(args[1]) do
    if #line > 0 then
      paths[#paths + 1] = line
      requests[#requests + 1] = wrk.format("GET", line)
    end
  end
  i = math.random(0, #requests - 1)
  if #paths == 1 then
    -- one path (the liveness probe): no request() at all, so wrk sends its one pre-formatted request without calling
    -- into Lua per request (wrk checks for a global request function after init); the client's CPU per request at
    -- the floor falls by about a third, keeping it below the issue's 25% of a core
    wrk.path = paths[1]
    request = nil
  end
end

function request()
  i = i + 1
  return requests[(i % #requests) + 1]
end

function done(summary, latency, requests_)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"duration_us":%d,"non2xx":%d,"socket_errors":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
