#!/usr/bin/env python3
"""HTTP load for /quote against a running Junction: keep-alive connections, N concurrent clients, a fixed mix of pairs.

Prints throughput and p50/p99 latency for /quote, then for /actuator/health/liveness under the same load.
Usage: bench/load.py [--base http://127.0.0.1:8080] [--clients 16] [--seconds 20] [--warmup 30]
"""
import argparse
import http.client
import threading
import time
import urllib.parse

SENDER = "0x1111111111111111111111111111111111111111"
NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"
# (fromChain, fromToken, toChain, toToken, amount): same-chain, bridge, native, 18-decimal stables, long-tail
MIX = [
    (1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", 1, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "300000000000000000"),
    (1, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", 42161, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "1000000000"),
    (1, NATIVE, 42161, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "300000000000000000"),
    (1, "0x6B175474E89094C44Da98b954EedeAC495271d0F", 1, "0xdAC17F958D2ee523a2206206994597C13D831ec7", "1000000000000000000000"),
    (56, "0x55d398326f99059fF775485246999027B3197955", 1, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "1000000000000000000000"),
    (1, "0x6982508145454Ce325dDbE47a25d4ec3d2311933", 8453, NATIVE, "100000000000000000000000000"),
    (8453, "0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed", 10, "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", "100000000000000000000000"),
    (137, NATIVE, 42161, "0x912CE59144191C1204E64559FE8253a0e49E6548", "2000000000000000000000"),
]


def quote_paths():
    out = []
    for fc, ft, tc, tt, amount in MIX:
        q = urllib.parse.urlencode({"fromChain": fc, "toChain": tc, "fromToken": ft, "toToken": tt,
                                    "amount": amount, "sender": SENDER})
        out.append("/quote?" + q)
    return out


def run(base, paths, clients, seconds):
    url = urllib.parse.urlparse(base)
    latencies = []
    errors = [0]
    statuses = {}
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(k):
        conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=30)
        mine = []
        i = k
        while time.monotonic() < stop:
            path = paths[i % len(paths)]
            i += 1
            t0 = time.perf_counter()
            try:
                conn.request("GET", path)
                resp = conn.getresponse()
                resp.read()
                code = resp.status
            except Exception:
                code = -1
                conn.close()
                conn = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=30)
            mine.append(time.perf_counter() - t0)
            with lock:
                statuses[code] = statuses.get(code, 0) + 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - t0
    latencies.sort()
    n = len(latencies)
    p = lambda q: latencies[min(n - 1, int(q * n))] * 1000 if n else float("nan")
    return n / elapsed, p(0.50), p(0.99), statuses


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="http://127.0.0.1:8080")
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--warmup", type=float, default=30,
                    help="seconds of /quote load before measuring (the JIT compiles for about that long)")
    a = ap.parse_args()
    paths = quote_paths()
    run(a.base, paths, a.clients, a.warmup)
    results = {}
    for name, ps in (("/quote", paths), ("/actuator/health/liveness", ["/actuator/health/liveness"])):
        rps, p50, p99, statuses = run(a.base, ps, a.clients, a.seconds)
        results[name] = rps
        print(f"{name:28s} clients={a.clients} throughput={rps:8.1f} req/s  p50={p50:7.2f} ms  p99={p99:7.2f} ms  "
              f"statuses={statuses}")
    print(f"/quote throughput / liveness throughput = "
          f"{100 * results['/quote'] / results['/actuator/health/liveness']:.1f}%")


if __name__ == "__main__":
    main()
