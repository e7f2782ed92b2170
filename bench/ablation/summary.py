#!/usr/bin/env python3
"""What bench/ablate.sh's three runs say about issue 17's targets, from the medians bench/http.py wrote (--json).

  bench/ablation/summary.py <shipped.json> <free-planning.json> <free-planning+no-store.json>

Per endpoint, in microseconds of server CPU per request (each run's own median):
  planning in the server  shipped - free planning: every planning the request does, with the collection and cache
                          misses it brings (a gasless quote plans two to five times)
  storing                 free planning - free planning and no store (/quote and /build-best-path; the gasless
                          quote's commit is not switched off)
  room for planning       what planning may cost for the endpoint to reach its target ratio r, given what the rest
                          costs with free planning at ratio f: (1/r - 1/f) liveness requests of the free-planning
                          run's liveness CPU (a ratio r is 1/r liveness requests of time per request); negative: the
                          target is out of reach even if planning cost nothing
"""
import json
import sys

LIVENESS = "/actuator/health/liveness"
TARGETS = {"/quote": 0.50, "/build-best-path": 0.40, "/gasless/quote": 0.40}


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    shipped, free, bare = (json.load(open(path)) for path in sys.argv[1:])
    liveness_us = free[LIVENESS]["server_cpu_us_per_req"]
    print()
    print("| endpoint | target | shipped | free planning | planning in the server | storing | room for planning |")
    print("|---|---|---|---|---|---|---|")
    for endpoint, target in TARGETS.items():
        if endpoint not in shipped or endpoint not in free or endpoint not in bare:
            continue
        s, f, b = shipped[endpoint], free[endpoint], bare[endpoint]
        planning = s["server_cpu_us_per_req"] - f["server_cpu_us_per_req"]
        # the switch skips only the quote store of /quote and /build-best-path
        storing = (f"{f['server_cpu_us_per_req'] - b['server_cpu_us_per_req']:.0f} us"
                   if endpoint != "/gasless/quote" else "not switched off")
        room = (1 / target - 1 / f["ratio"]) * liveness_us
        print(f"| `{endpoint}` | {100 * target:.0f}% | {100 * s['ratio']:.1f}%, {s['server_cpu_us_per_req']:.0f} us "
              f"| {100 * f['ratio']:.1f}%, {f['server_cpu_us_per_req']:.0f} us | {planning:.0f} us "
              f"| {storing} | {room:.0f} us{' (out of reach)' if room < 0 else ''} |")
    print(f"(liveness in the free-planning run: {liveness_us:.0f} us of server CPU per request)")


if __name__ == "__main__":
    main()
