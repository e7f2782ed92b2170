#!/usr/bin/env python3
"""HTTP throughput of Junction's endpoints against its no-op liveness probe, driven by wrk in ONE interleaved run.

For each round, each endpoint in turn (liveness, /quote, /build-best-path, /gasless/quote; the order rotates every
round so slow drifts of the shared machine hit all alike) gets `--seconds` of wrk load (1 thread, `--connections`
keep-alive connections, bench/mix.lua cycling through the 8-pair mix). It prints per endpoint the median over rounds
of throughput, p50, p99, the ratio to liveness measured in the same round, the server's CPU per request (from
/proc/<pid>/stat, user+system, all threads) and the load client's own CPU (wrk's user+system as a share of one core;
the client shares the machine's two cores with the server, and issue 17 bounds it at 25% at the floor, which no client
tried has met: docs/PERFORMANCE.md, fourteenth pass). With `--gc-log` (the server's `-Xlog:gc` file,
which bench/run.sh writes) it also prints the young-collection pauses during each endpoint's load, their total per
second of load, and the bytes the server allocated per request (the young generation's growth between pauses).

Usage: bench/http.py --base http://127.0.0.1:18491 --pid <server pid> [--warmup 30] [--seconds 15] [--rounds 3]
       [--amounts 16] [--gc-log /tmp/gc.log] [--json /tmp/medians.json]
"""
import argparse
import atexit
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.parse

SENDER = "0x1111111111111111111111111111111111111111"
NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"
WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
WPOL = "0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270"
# (fromChain, fromToken, toChain, toToken, amount): same-chain, bridge, native, 18-decimal stables, long-tail
MIX = [
    (1, WETH, 1, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "300000000000000000"),
    (1, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", 42161, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "1000000000"),
    (1, NATIVE, 42161, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "300000000000000000"),
    (1, "0x6B175474E89094C44Da98b954EedeAC495271d0F", 1, "0xdAC17F958D2ee523a2206206994597C13D831ec7", "1000000000000000000000"),
    (56, "0x55d398326f99059fF775485246999027B3197955", 1, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "1000000000000000000000"),
    (1, "0x6982508145454Ce325dDbE47a25d4ec3d2311933", 8453, NATIVE, "100000000000000000000000000"),
    (8453, "0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed", 10, "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", "100000000000000000000000"),
    (137, NATIVE, 42161, "0x912CE59144191C1204E64559FE8253a0e49E6548", "2000000000000000000000"),
]
# a gasless swap pulls an ERC-20 with Permit2: the two native inputs become their wrapped token
WRAPPED = {1: WETH, 137: WPOL}
LIVENESS = "/actuator/health/liveness"


def scales(amounts):
    """Per-million factors for `amounts` amounts per pair: 1x alone, else spread evenly from 0.5x to 1.5x."""
    if amounts <= 1:
        return [1_000_000]
    return [500_000 + 1_000_000 * k // (amounts - 1) for k in range(amounts)]


def paths(endpoint, amounts=1):
    """The mix's request paths; with amounts > 1 each pair is asked for that many different amounts (0.5x to 1.5x of
    its own), in rounds over the 8 pairs, so no answer repeats within 8 * amounts requests."""
    if endpoint == LIVENESS:
        return [LIVENESS]
    out = []
    for scale in scales(amounts):
        for fc, ft, tc, tt, amount in MIX:
            params = {"fromChain": fc, "toChain": tc, "fromToken": ft, "toToken": tt,
                      "amount": str(int(amount) * scale // 1_000_000), "sender": SENDER}
            if endpoint == "/gasless/quote":
                params["fromToken"] = WRAPPED[fc] if ft == NATIVE else ft
                params["acquisitionMode"] = 2
            out.append(endpoint + "?" + urllib.parse.urlencode(params))
    return out


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime of all threads


YOUNG_PAUSE = re.compile(r"Pause Young.* (\d+)M->(\d+)M\(\d+M\) ([\d.]+)ms")


class GcLog:
    """Reads the young pauses that `-Xlog:gc` appended since the last call."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.last_after_mb = None
        self.read()

    def read(self):
        """(pauses, sum of pause ms, MB allocated between them) since the last call."""
        with open(self.path) as f:
            f.seek(self.offset)
            text = f.read()
        complete = text[:text.rfind("\n") + 1]  # a line being written is read next time
        self.offset += len(complete.encode())
        pauses, pause_ms, allocated_mb = 0, 0.0, 0
        for line in complete.splitlines():
            m = YOUNG_PAUSE.search(line)
            if not m:
                continue
            before, after = int(m.group(1)), int(m.group(2))
            if self.last_after_mb is not None:
                allocated_mb += before - self.last_after_mb
            self.last_after_mb = after
            pauses += 1
            pause_ms += float(m.group(3))
        return pauses, pause_ms, allocated_mb


def wrk(base, path_file, connections, seconds):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s",
                          "-s", os.path.join(os.path.dirname(__file__), "mix.lua"), base, "--", path_file],
                         capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    line = next(l for l in out.splitlines() if l.startswith("RESULT "))
    r = json.loads(line[len("RESULT "):])
    r["client_cpu_s"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="http://127.0.0.1:8080")
    ap.add_argument("--pid", type=int, required=True, help="the server's process id (for its CPU time)")
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--seconds", type=int, default=15)
    ap.add_argument("--warmup", type=int, default=30, help="seconds of load on every endpoint before measuring")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--endpoints", default=f"{LIVENESS},/quote,/build-best-path,/gasless/quote")
    ap.add_argument("--amounts", type=int, default=1,
                    help="amounts per pair (1: the fixed mix; more: 0.5x to 1.5x of each pair's amount, so no request "
                         "repeats for 8 * amounts requests and nothing a server might reuse between equal requests "
                         "flatters it)")
    ap.add_argument("--gc-log", help="the server's -Xlog:gc file: young pauses and allocation per endpoint")
    ap.add_argument("--json", help="also write the table's medians to this file (bench/ablate.sh reads them)")
    a = ap.parse_args()
    endpoints = a.endpoints.split(",")
    tick = os.sysconf("SC_CLK_TCK")
    files = {}
    tmp = tempfile.mkdtemp(prefix="junction-bench-")
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)  # the path lists, one file per endpoint
    for e in endpoints:
        files[e] = os.path.join(tmp, e.strip("/").replace("/", "_") + ".txt")
        with open(files[e], "w") as f:
            f.write("\n".join(paths(e, a.amounts)) + "\n")
    for e in endpoints:  # warm-up: the JIT compiles every endpoint's code
        wrk(a.base, files[e], a.connections, max(1, a.warmup // len(endpoints)) if e == LIVENESS else a.warmup)
    # the server's own background CPU (the living market ticks every second, the quote writer purges, ...): measured
    # idle after the warm-up, subtracted for the net CPU per request
    c0, t0 = cpu_ticks(a.pid), time.monotonic()
    time.sleep(5)
    idle_cores = (cpu_ticks(a.pid) - c0) / tick / (time.monotonic() - t0)
    print(f"server background CPU while idle: {100 * idle_cores:.1f}% of a core", flush=True)
    gc = GcLog(a.gc_log) if a.gc_log else None
    rows = {e: [] for e in endpoints}
    for rnd in range(a.rounds):
        order = endpoints[rnd % len(endpoints):] + endpoints[:rnd % len(endpoints)]
        for e in order:
            if gc:
                gc.read()  # skip what came before this load
            c0, t0 = cpu_ticks(a.pid), time.monotonic()
            r = wrk(a.base, files[e], a.connections, a.seconds)
            wall = time.monotonic() - t0
            used = (cpu_ticks(a.pid) - c0) / tick
            r["server_cpu_us_per_req"] = used * 1e6 / max(1, r["requests"])
            r["server_net_cpu_us_per_req"] = max(0.0, used - idle_cores * wall) * 1e6 / max(1, r["requests"])
            r["rps"] = r["requests"] / (r["duration_us"] / 1e6)
            r["client_core_share"] = r["client_cpu_s"] / wall
            r["round"] = rnd
            gc_text = ""
            if gc:
                time.sleep(0.2)  # let the log's last lines reach the file
                pauses, pause_ms, allocated_mb = gc.read()
                r["gc_ms_per_s"] = pause_ms / wall
                r["gc_pauses"] = pauses
                r["kb_per_req"] = allocated_mb * 1024 / max(1, r["requests"])
                gc_text = (f" GC {pauses} pauses, {r['gc_ms_per_s']:.1f} ms/s, "
                           f"{r['kb_per_req']:.0f} KB allocated/req")
            rows[e].append(r)
            print(f"round {rnd + 1} {e:28s} {r['rps']:8.1f} req/s p50 {r['p50_us'] / 1000:6.2f} ms "
                  f"p99 {r['p99_us'] / 1000:6.2f} ms server {r['server_cpu_us_per_req']:6.0f} us/req "
                  f"(net of idle {r['server_net_cpu_us_per_req']:6.0f}) "
                  f"client {100 * r['client_core_share']:4.1f}% of a core non2xx {r['non2xx']} "
                  f"errors {r['socket_errors']}{gc_text}", flush=True)
    live = rows.get(LIVENESS)
    print()
    print("| endpoint | req/s (median) | ratio to liveness (median of rounds) | p50 | p99 | server CPU/req | "
          "net of idle | client CPU (max) |" + (" GC pauses per s of load | allocated/req |" if gc else ""))
    print("|---|---|---|---|---|---|---|---|" + ("---|---|" if gc else ""))
    medians = {}
    for e in endpoints:
        rs = rows[e]
        ratios = [r["rps"] / live[i]["rps"] for i, r in enumerate(rs)] if live else []
        med = lambda k: statistics.median(r[k] for r in rs)
        medians[e] = {"rps": med("rps"), "ratio": statistics.median(ratios) if ratios else None,
                      "server_cpu_us_per_req": med("server_cpu_us_per_req"), "p99_ms": med("p99_us") / 1000,
                      "client_core_share_max": max(r["client_core_share"] for r in rs)}
        print(f"| `{e}` | {med('rps'):,.0f} | {100 * statistics.median(ratios):.1f}% "
              f"({', '.join(f'{100 * x:.1f}' for x in ratios)}) | {med('p50_us') / 1000:.2f} ms | "
              f"{med('p99_us') / 1000:.2f} ms | {med('server_cpu_us_per_req'):.0f} us | "
              f"{med('server_net_cpu_us_per_req'):.0f} us | "
              f"{100 * max(r['client_core_share'] for r in rs):.1f}% |"
              + (f" {med('gc_ms_per_s'):.1f} ms | {med('kb_per_req'):.0f} KB |" if gc else ""))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(medians, f, indent=1)
    bad = sum(r["non2xx"] + r["socket_errors"] for e in endpoints for r in rows[e])
    if bad:
        print(f"WARNING: {bad} non-2xx responses or socket errors: the figures are not of successful requests")


if __name__ == "__main__":
    main()
