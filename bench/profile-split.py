#!/usr/bin/env python3
"""Where a request's CPU and allocation go, from a JFR recording and /proc per-thread CPU.

  bench/profile-split.py cpu <recording.jfr>      # CPU samples (jdk.ExecutionSample) and allocation
                                                  # (jdk.ObjectAllocationSample, by weight) split by category
  bench/profile-split.py threads <pid> <seconds>  # per-thread CPU from /proc/<pid>/task/*/stat over a window,
                                                  # grouped: request threads, GC, JIT, quote writer, other

A sample's category is that of the first frame, walking from the leaf toward the root, whose class matches one of
the patterns below (so BigInteger under market.math is exact evaluation, a HashMap under the planner is planner).
"""
import collections
import json
import os
import re
import subprocess
import sys
import time

CATEGORIES = [
    ("storage", re.compile(r"^(org\.h2|org\.postgresql|com\.zaxxer|org\.springframework\.(jdbc|transaction)"
                           r"|dev\.junction\.quote\.(QuoteStore|QuoteRepository|PlanCodec)"
                           r"|dev\.junction\.gasless\.(GaslessQuoteStore|GaslessNonceStore))")),
    ("exact evaluation", re.compile(r"^dev\.junction\.(market\.|routing\.PathEvaluator|routing\.QuoteMemo)")),
    ("planner", re.compile(r"^dev\.junction\.routing\.")),
    ("JSON", re.compile(r"^(tools\.jackson|com\.fasterxml|dev\.junction\.quote\.TokenViewSerializer"
                        r"|org\.springframework\.http\.converter)")),
    ("parsing", re.compile(r"^dev\.junction\.api\.(QuoteQuery|TransferQuery|ParamRules|QueryParams|MarketGate"
                           r"|RequestParser|GaslessQuoteRequest|BuildBestPathRequest)")),
    ("calldata/gasless", re.compile(r"^(dev\.junction\.(calldata|gasless|devnet)|org\.web3j|org\.bouncycastle)")),
    ("quote service/views", re.compile(r"^dev\.junction\.(quote|api)\.")),
    ("HTTP and filters", re.compile(r"^(org\.apache\.(catalina|coyote|tomcat)|org\.springframework\.(web|boot|http)"
                                    r"|jakarta\.servlet|io\.micrometer|dev\.junction\.api\.web|org\.slf4j"
                                    r"|ch\.qos\.logback|org\.springframework\.)")),
]


def categorise(frames):
    for f in frames:
        cls = f["method"]["type"]["name"].replace("/", ".")
        for name, pattern in CATEGORIES:
            if pattern.search(cls):
                return name
    leaf = frames[0]["method"]["type"]["name"] if frames else "?"
    return "other (" + leaf.rsplit(".", 1)[0] + ")" if False else "other JDK/runtime"


def events(path, event):
    out = subprocess.run(["jfr", "print", "--json", "--stack-depth", "64", "--events", event, path],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["recording"]["events"]


def cpu(path):
    samples = collections.Counter()
    for e in events(path, "jdk.ExecutionSample"):
        samples[categorise(e["values"]["stackTrace"]["frames"])] += 1
    total = sum(samples.values())
    print(f"CPU samples: {total}")
    for k, v in samples.most_common():
        print(f"  {k:22s} {100 * v / total:5.1f}%")
    alloc = collections.Counter()
    for e in events(path, "jdk.ObjectAllocationSample"):
        st = e["values"].get("stackTrace")
        alloc[categorise(st["frames"]) if st else "other JDK/runtime"] += e["values"]["weight"]
    total = sum(alloc.values())
    print(f"allocation (sampled weight): {total / 2**20:,.0f} MiB")
    for k, v in alloc.most_common():
        print(f"  {k:22s} {100 * v / total:5.1f}%")


def thread_ticks(pid):
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                s = f.read()
        except FileNotFoundError:
            continue
        name = s[s.index("(") + 1:s.rindex(")")]
        fields = s.rsplit(")", 1)[1].split()
        out[tid] = (name, int(fields[11]) + int(fields[12]))
    return out


def group(name):
    if re.match(r"(GC Thread|G1 |VM Periodic|GC )", name):
        return "GC"
    if re.match(r"C[12] Compiler", name):
        return "JIT"
    if name.startswith("quote-writer"):
        return "quote writer"
    if re.match(r"(http-nio|ForkJoinPool|tomcat|virtual|VirtualThread)", name):
        return "request threads"
    return "other: " + re.sub(r"[-#]?\d+$", "", name)


def threads(pid, seconds):
    a = thread_ticks(pid)
    time.sleep(seconds)
    b = thread_ticks(pid)
    tick = os.sysconf("SC_CLK_TCK")
    g = collections.Counter()
    for tid, (name, t) in b.items():
        g[group(name)] += t - a.get(tid, (name, 0))[1]
    total = sum(g.values())
    print(f"server CPU over {seconds}s: {total / tick:.1f} core-seconds ({100 * total / tick / seconds:.0f}% of one core)")
    for k, v in g.most_common(12):
        print(f"  {k:28s} {100 * v / max(1, total):5.1f}%")


if __name__ == "__main__":
    if sys.argv[1] == "cpu":
        cpu(sys.argv[2])
    else:
        threads(sys.argv[2], float(sys.argv[3]))
