#!/usr/bin/env python3
"""Issue 38's /quote-while-blocks-apply bench over HTTP; run it through bench/fresh-quote.sh (which builds the jar).

1. anvil (chains/node_modules) with the synthetic market of chains/bin/synthetic-market.mjs (1,000 Uniswap V2 pairs +
   1,000 V3 pools): built once and saved (anvil --dump-state STATE, the market's JSON in STATE.market.json, the same
   files as bench/chain-bench.sh's -Dchainbench.state), then loaded (--load-state) by every run.
2. Junction (the jar) in chain mode on that one chain: rpc-url and ws-url (heads pushed over anvil's WebSocket),
   block-time 250 ms, rate limiting off, -Xmx512m, -Xlog:gc to a file.
3. wrk (one thread) on /quote for a mix of 16 pairs (8 with a direct pool, 8 random: multi-hop), paced: --connections
   connections, each pausing --pause-ms after every answer, so the load is steady and the same in both phases.
4. Warm-up (--warmup seconds of the load while blocks apply), then each round: phase "frozen" (no blocks), phase
   "blocks" (chains/bin/swap-blocks.mjs sends a block of --swaps swaps every --block-ms). Prints per phase: requests,
   rate, p50/p90/p99/max, the server's CPU (ms per second), wrk's CPU (% of a core), GC pauses, and for the blocks
   phase the driver's blocks and the head -> snapshot histogram from /actuator/prometheus (count, mean, share <= 50 ms,
   p99 interpolated in its buckets); then the p99 and p50 ratios (blocks / frozen; target p99 <= 1.2).
"""
import os
import sys

# bench/http.py (another bench's) would shadow the standard library's http package that urllib imports
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import urllib.error  # noqa: E402
import urllib.parse  # noqa: E402
import urllib.request  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHAINS = os.path.join(ROOT, "chains")
ANVIL = os.path.join(CHAINS, "node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil")
CHAIN = 31337
SENDER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
YOUNG_PAUSE = re.compile(r"Pause Young.* ([\d.]+)ms")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def say(msg):
    print(msg, flush=True)


def start_anvil(port, *extra, log=None):
    p = subprocess.Popen([ANVIL, "--host", "127.0.0.1", "--port", str(port), "--chain-id", str(CHAIN),
                          "--disable-block-gas-limit", *extra], stdout=log or subprocess.DEVNULL,
                         stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            rpc(url, "eth_blockNumber")
            return p, url
        except OSError:
            if p.poll() is not None:
                raise SystemExit(f"anvil exited ({p.returncode})")
            time.sleep(0.1)
    raise SystemExit("anvil did not start")


def stop(p, timeout=30):
    if p and p.poll() is None:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def rpc(url, method, *params):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)}).encode()
    req = urllib.request.Request(url, body, {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())["result"]


def build_state(state, v2, v3):
    """Builds the synthetic market into a fresh anvil and saves it (anvil dumps its state on exit)."""
    say(f"building the synthetic market ({v2} V2 + {v3} V3 pools) into {state} (once; minutes)")
    anvil, url = start_anvil(free_port(), "--dump-state", state)
    try:
        out = subprocess.run(["node", "bin/synthetic-market.mjs", "--rpc", url, "--v2", str(v2), "--v3", str(v3)],
                             cwd=CHAINS, capture_output=True, text=True, check=True).stdout
    finally:
        stop(anvil, 120)
    with open(state + ".market.json", "w") as f:
        f.write(out)


def config_yaml(market, rpc_url, data_dir, block_ms):
    tokens = market["tokens"]
    q = lambda s: f'"{s}"'
    return "\n".join([
        "junction:", f"  data-dir: {q(data_dir)}", "  market:", "    source: chain", "  rate-limit:",
        "    enabled: false", "  chains:", f"    {CHAIN}:", '      name: "Bench"', '      key: "bench"',
        f"      rpc-url: {q(rpc_url)}", f"      ws-url: {q(rpc_url.replace('http', 'ws', 1))}",
        f"      block-time: {block_ms}ms", "      confirmations: 1",
        f"      tokens: [{', '.join(q(t) for t in tokens)}]", f"      stablecoins: [{q(tokens[0])}]",
        "      dexes:",
        f'        uniswap-v2: {{kind: uniswap-v2, factory: {q(market["v2"]["factory"])}}}',
        f'        uniswap-v3: {{kind: uniswap-v3, factory: {q(market["v3"]["factory"])}, '
        "fee-tiers: [100, 500, 3000, 10000]}", ""])


def quote_paths(market, amount):
    rnd = random.Random(38)
    tokens = market["tokens"][1:]
    pairs = [(p["a"], p["b"]) for p in rnd.sample(market["pairs"], 4)]
    pairs += [(p["b"], p["a"]) for p in rnd.sample(market["pools"], 4)]
    while len(pairs) < 16:
        a, b = rnd.sample(tokens, 2)
        pairs.append((a, b))
    return ["/quote?" + urllib.parse.urlencode({"fromChain": CHAIN, "toChain": CHAIN, "fromToken": a, "toToken": b,
                                               "amount": amount, "sender": SENDER}) for a, b in pairs]


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


class GcLog:
    def __init__(self, path):
        self.path, self.offset = path, 0
        self.read()

    def read(self):
        """(young pauses, their total ms, the longest ms) since the last call."""
        with open(self.path) as f:
            f.seek(self.offset)
            text = f.read()
        complete = text[:text.rfind("\n") + 1]
        self.offset += len(complete.encode())
        ms = [float(m.group(1)) for m in map(YOUNG_PAUSE.search, complete.splitlines()) if m]
        return len(ms), sum(ms), max(ms, default=0.0)


def prometheus_histogram(base):
    """The head -> snapshot histogram's cumulative buckets {le seconds: count}, and its sum."""
    text = urllib.request.urlopen(base + "/actuator/prometheus", timeout=30).read().decode()
    buckets, total = {}, 0.0
    for line in text.splitlines():
        if line.startswith("junction_chain_head_to_snapshot_seconds_bucket"):
            le = re.search(r'le="([^"]+)"', line).group(1)
            buckets[float("inf") if le == "+Inf" else float(le)] = float(line.rsplit(" ", 1)[1])
        elif line.startswith("junction_chain_head_to_snapshot_seconds_sum"):
            total = float(line.rsplit(" ", 1)[1])
    return buckets, total


def histogram_summary(before, after):
    (b0, s0), (b1, s1) = before, after
    les = sorted(b1)
    counts = [b1[le] - b0.get(le, 0.0) for le in les]
    n = counts[-1] if counts else 0
    if n == 0:
        return "no heads applied"
    under = max((c for le, c in zip(les, counts) if le <= 0.050), default=0.0)
    target = 0.99 * n
    p99, prev_le, prev_c = float("inf"), 0.0, 0.0
    for le, c in zip(les, counts):
        if c >= target:
            p99 = le if le == float("inf") or c == prev_c else prev_le + (le - prev_le) * (target - prev_c) / (c - prev_c)
            break
        prev_le, prev_c = le, c
    return (f"{int(n)} heads, mean {1000 * (s1 - s0) / n:.1f} ms, {100 * under / n:.1f}% <= 50 ms, "
            f"p99 ~{1000 * p99:.1f} ms (interpolated in the histogram's buckets)")


def wrk(base, paths_file, connections, pause_ms, seconds):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s",
                          os.path.join(ROOT, "bench", "fresh-quote.lua"), base, "--", paths_file, str(pause_ms)],
                         capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = json.loads(next(l for l in out.splitlines() if l.startswith("RESULT "))[len("RESULT "):])
    r["client_cpu_s"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r


def driver(rpc_url, market_file, args, seconds):
    """Starts chains/bin/swap-blocks.mjs and returns once it has mined its first block (node's start is slow)."""
    d = subprocess.Popen(["node", "bin/swap-blocks.mjs", "--rpc", rpc_url, "--market", market_file, "--swaps",
                          str(args.swaps), "--block-ms", str(args.block_ms), "--seconds", str(seconds + 120)],
                         cwd=CHAINS, stdout=subprocess.PIPE, text=True)
    line = d.stdout.readline()
    if line.strip() != "started":
        raise SystemExit(f"swap-blocks.mjs did not start: {line}")
    return d


def stop_driver(d):
    """Stops the driver; answers its summary (blocks, late, send+mine times)."""
    d.send_signal(signal.SIGTERM)
    return json.loads(d.communicate()[0].strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", default=os.path.join(ROOT, "target/junction/junction.jar"))
    ap.add_argument("--state", default="/tmp/fresh-quote-state.json")
    ap.add_argument("--v2", type=int, default=1000)
    ap.add_argument("--v3", type=int, default=1000)
    ap.add_argument("--connections", type=int, default=4)
    ap.add_argument("--pause-ms", type=int, default=20, help="each connection's pause after an answer")
    ap.add_argument("--seconds", type=int, default=30, help="each phase")
    ap.add_argument("--warmup", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--swaps", type=int, default=100)
    ap.add_argument("--block-ms", type=int, default=250)
    ap.add_argument("--amount", default=str(10 ** 18))
    ap.add_argument("--jvm", default="", help="extra JVM options, e.g. -XX:StartFlightRecording=filename=x.jfr")
    ap.add_argument("--keep", action="store_true", help="keep the work directory (logs, GC log, database)")
    args = ap.parse_args()
    java = os.environ.get("JAVA", "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java")
    if not (os.path.isfile(args.state) and os.path.isfile(args.state + ".market.json")):
        build_state(args.state, args.v2, args.v3)
    with open(args.state + ".market.json") as f:
        market = json.load(f)
    market_file = args.state + ".market.json"
    work = tempfile.mkdtemp(prefix="fresh-quote.")
    anvil = server = None
    try:
        anvil, rpc_url = start_anvil(free_port(), "--load-state", args.state,
                                     log=open(os.path.join(work, "anvil.log"), "w"))
        with open(os.path.join(work, "application.yml"), "w") as f:
            f.write(config_yaml(market, rpc_url, os.path.join(work, "data"), args.block_ms))
        port = free_port()
        gc_log = os.path.join(work, "gc.log")
        server = subprocess.Popen([java, "-Xmx512m", f"-Xlog:gc:file={gc_log}", *args.jvm.split(), "-jar", args.jar,
                                   f"--spring.config.additional-location=file:{work}/application.yml",
                                   f"--server.port={port}"], stdout=open(os.path.join(work, "server.log"), "w"),
                                  stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        started = time.time()
        while True:
            try:
                urllib.request.urlopen(base + "/actuator/health/liveness", timeout=5).read()
                break
            except OSError:
                if server.poll() is not None or time.time() - started > 300:
                    sys.stderr.write(open(os.path.join(work, "server.log")).read()[-5000:])
                    raise SystemExit("Junction did not start")
                time.sleep(1)
        say(f"anvil {rpc_url} (state {args.state}), Junction {args.jar} pid {server.pid} port {port} up in "
            f"{time.time() - started:.0f} s; work dir {work} (removed at the end unless --keep)")
        health = json.loads(urllib.request.urlopen(base + "/actuator/health", timeout=30).read())
        chain_health = health.get("components", {}).get("chains", {}).get("details", {})
        say(f"chains health: {json.dumps(chain_health)[:400]}")
        paths = quote_paths(market, args.amount)
        paths_file = os.path.join(work, "paths.txt")
        with open(paths_file, "w") as f:
            f.write("\n".join(paths) + "\n")
        for p in paths[:2]:
            try:
                urllib.request.urlopen(base + p, timeout=30).read()
            except urllib.error.HTTPError as e:
                raise SystemExit(f"{p} answered {e.code}: {e.read()[:500]}")
        gc = GcLog(gc_log)
        say(f"load average {open('/proc/loadavg').read().split()[:3]} ({os.cpu_count()} cores); wrk -t1 "
            f"-c{args.connections}, pause {args.pause_ms} ms after each answer; {len(paths)} pairs, amount "
            f"{args.amount}; blocks of {args.swaps} swaps every {args.block_ms} ms")
        if args.warmup > 0:
            d = driver(rpc_url, market_file, args, args.warmup)
            wrk(base, paths_file, args.connections, args.pause_ms, args.warmup)
            stop_driver(d)
            gc.read()
            say(f"warm-up: {args.warmup} s of the load with blocks applying")
        results = {"frozen": [], "blocks": []}
        for rnd in range(args.rounds):
            for phase in ("frozen", "blocks"):
                time.sleep(1)  # the last block of the previous phase applies
                gc.read()
                d = driver(rpc_url, market_file, args, args.seconds) if phase == "blocks" else None
                hist0 = prometheus_histogram(base)
                cpu0, t0 = cpu_ticks(server.pid), time.time()
                r = wrk(base, paths_file, args.connections, args.pause_ms, args.seconds)
                drv = stop_driver(d) if d else {}
                elapsed = time.time() - t0
                server_ms_per_s = (cpu_ticks(server.pid) - cpu0) * 1000 / os.sysconf("SC_CLK_TCK") / elapsed
                time.sleep(0.5)
                pauses, pause_ms, pause_max = gc.read()
                results[phase].append(r)
                say(f"round {rnd + 1} {phase:>6}: {r['requests']} quotes ({r['requests'] / args.seconds:.0f}/s, "
                    f"non-2xx {r['non2xx']}, errors {r['socket_errors']}): p50 {r['p50_us'] / 1000:.2f} ms, p90 "
                    f"{r['p90_us'] / 1000:.2f} ms, p99 {r['p99_us'] / 1000:.2f} ms, max {r['max_us'] / 1000:.1f} ms; "
                    f"server CPU {server_ms_per_s:.0f} ms/s, wrk {100 * r['client_cpu_s'] / args.seconds:.1f}% of a "
                    f"core; GC {pauses} young pauses, {pause_ms:.0f} ms, longest {pause_max:.1f} ms")
                if d:
                    say(f"                driver: {drv.get('blocks')} blocks ({drv.get('late')} late), send+mine "
                        f"p50 {drv.get('mineMs', {}).get('p50')} ms, p99 {drv.get('mineMs', {}).get('p99')} ms; head "
                        f"-> snapshot: {histogram_summary(hist0, prometheus_histogram(base))}")
        f99 = max(r["p99_us"] for r in results["frozen"])
        m99 = max(r["p99_us"] for r in results["blocks"])
        f50 = sorted(r["p50_us"] for r in results["frozen"])[len(results["frozen"]) // 2]
        m50 = sorted(r["p50_us"] for r in results["blocks"])[len(results["blocks"]) // 2]
        say(f"/quote p99 blocks / frozen: {m99 / f99:.2f} (target <= 1.2); p50: {m50 / f50:.2f} "
            f"(the worst p99 and the median p50 of each phase's rounds)")
        say(f"load average after {open('/proc/loadavg').read().split()[:3]}")
    finally:
        stop(server)
        stop(anvil)
        if args.keep:
            say(f"work directory kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
