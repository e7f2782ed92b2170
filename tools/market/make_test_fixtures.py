#!/usr/bin/env python3
"""Writes the small snapshot fixtures under src/test/resources/market-fixtures/: one valid snapshot (two chains, eight
tokens, three pools of the three kinds, two lanes) taken from the generator, and one directory per validation rule whose
manifest points at the valid files except the one broken file it holds.

    python3 tools/market/make_test_fixtures.py
"""
import copy
import json
import os
import shutil

import generate

OUT = os.path.join(generate.ROOT, "src", "test", "resources", "market-fixtures")
LINK_ARB = "0xf97f4df75117a78c1A5a0DBb814Af92458539FB4"


def valid():
    full = generate.files()
    chains = [c for c in full["chains.json"]["chains"] if c["key"] in ("eth", "arb")]
    keep = {(1, s) for s in ("ETH", "WETH", "USDC", "USDT", "DAI")} | {(42161, s) for s in ("ETH", "WETH", "USDC")}
    tokens = [t for t in full["tokens.json"]["tokens"] if (t["chain"], t["symbol"]) in keep]
    providers = [p for p in full["providers.json"]["providers"] if p["key"] in ("uniswap-v2", "uniswap-v3", "curve", "across")]
    pool_ids = ["eth:uniswap-v2:USDC-WETH", "eth:uniswap-v3:USDC-WETH-500", "eth:curve:3pool"]
    pools = [next(p for p in full["pools.json"]["pools"] if p["id"] == i) for i in pool_ids]
    lane_ids = ["across:eth-arb:USDC-USDC", "across:arb-eth:USDC-USDC"]
    lanes = [next(l for l in full["lanes.json"]["lanes"] if l["id"] == i) for i in lane_ids]
    return {"chains.json": {"chains": chains}, "tokens.json": {"tokens": tokens},
            "providers.json": {"providers": providers}, "pools.json": {"pools": pools}, "lanes.json": {"lanes": lanes}}


def manifest(broken_file=None, override=None):
    files = {}
    for part in ("chains", "tokens", "providers", "pools", "lanes"):
        name = part + ".json"
        files[part] = name if name == broken_file else "../valid/" + name
    doc = {"formatVersion": 1, "dataVersion": "test", "asOf": "2026-11-15", "files": files}
    if override:
        override(doc)
    return doc


def swap_case(address, index):
    """The address with the case of one hex letter flipped: same bytes, broken EIP-55 checksum."""
    chars = list(address)
    i = next(k for k in range(index, len(chars)) if chars[k].isalpha() and k > 1)
    chars[i] = chars[i].swapcase()
    return "".join(chars)


def mutations(v):
    """name -> (file, function that breaks a deep copy of that file's document)."""
    def tok(i, field, value):
        return "tokens.json", lambda d: d["tokens"][i].__setitem__(field, value)

    def pool(i, field, value):
        return "pools.json", lambda d: d["pools"][i].__setitem__(field, value)

    def lane(i, field, value):
        return "lanes.json", lambda d: d["lanes"][i].__setitem__(field, value)

    usdc = v["tokens.json"]["tokens"][2]
    v2 = v["pools.json"]["pools"][0]
    v3 = v["pools.json"]["pools"][1]

    def swap_tokens(d):
        p = d["pools"][0]
        p["token0"], p["token1"] = p["token1"], p["token0"]
        p["reserve0"], p["reserve1"] = p["reserve1"], p["reserve0"]

    def dup_token(d):
        d["tokens"].append(copy.deepcopy(d["tokens"][2]))

    def ticks(f):
        return "pools.json", lambda d: f(d["pools"][1]["ticks"])

    return {
        "missing-field": ("tokens.json", lambda d: d["tokens"][2].pop("decimals")),
        "bad-checksum": tok(2, "address", swap_case(usdc["address"], 5)),
        "lowercase-address": tok(2, "address", usdc["address"].lower()),
        "bad-address": tok(2, "address", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB4"),
        "bad-decimals": tok(2, "decimals", 77),
        "unknown-chain": tok(2, "chain", 999),
        "duplicate-token": ("tokens.json", dup_token),
        "no-native-token": ("tokens.json", lambda d: d["tokens"].pop(0)),
        "reference-price-moved": ("tokens.json", lambda d: d["tokens"][1].__setitem__("priceUsd", 3400 * 1.01)),
        "unknown-field": ("chains.json", lambda d: d["chains"][0].__setitem__("color", "blue")),
        "duplicate-chain": ("chains.json", lambda d: d["chains"][1].__setitem__("id", 1)),
        "executor-missing": ("chains.json", lambda d: d["chains"][1].__setitem__("gaslessExecutor", None)),
        "unknown-token-in-pool": pool(0, "token1", LINK_ARB),
        "duplicate-pool-id": pool(1, "id", v2["id"]),
        "price-off-v2": pool(0, "reserve1", str(int(v2["reserve1"]) * 101 // 100)),
        "bad-fee-tier": pool(1, "feePips", 2500),
        "bad-spacing": pool(1, "tickSpacing", 60),
        "tick-mismatch": pool(1, "tick", v3["tick"] + 7),
        "liquidity-mismatch": pool(1, "liquidity", str(int(v3["liquidity"]) + 1)),
        "tick-off-spacing": ticks(lambda t: t[0].__setitem__("tick", t[0]["tick"] + 1)),
        "ticks-do-not-net-to-zero": ticks(lambda t: t.pop()),
        "token-order": ("pools.json", swap_tokens),
        "stable-decimals": ("pools.json", lambda d: d["pools"][2]["decimals"].__setitem__(1, 18)),
        "unknown-provider": pool(0, "provider", "nosuchdex"),
        "bad-kind": pool(0, "kind", "orderbook"),
        "unknown-token-in-lane": lane(0, "outputToken", LINK_ARB),
        "lane-provider-not-bridge": lane(0, "provider", "uniswap-v2"),
        "lane-same-chain": lane(0, "toChain", 1),
        "lane-p90-below-p50": lane(0, "p90Seconds", 1),
        "lane-negative-fee": lane(0, "feeBps", -1),
    }


def write(path, doc):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=1) + "\n")


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    v = valid()
    for name, doc in v.items():
        write(os.path.join(OUT, "valid", name), doc)
    write(os.path.join(OUT, "valid", "snapshot.json"),
          {"formatVersion": 1, "dataVersion": "test", "asOf": "2026-11-15",
           "files": {p: p + ".json" for p in ("chains", "tokens", "providers", "pools", "lanes")}})
    for case, (file, breaker) in mutations(v).items():
        doc = copy.deepcopy(v[file])
        breaker(doc)
        write(os.path.join(OUT, case, file), doc)
        write(os.path.join(OUT, case, "snapshot.json"), manifest(file))
    # files that are not the five data files
    os.makedirs(os.path.join(OUT, "not-json"), exist_ok=True)
    with open(os.path.join(OUT, "not-json", "pools.json"), "w") as f:
        f.write('{"pools": [\n')
    write(os.path.join(OUT, "not-json", "snapshot.json"), manifest("pools.json"))
    write(os.path.join(OUT, "missing-file", "snapshot.json"),
          manifest(None, lambda d: d["files"].__setitem__("lanes", "nowhere.json")))
    write(os.path.join(OUT, "bad-manifest", "snapshot.json"),
          manifest(None, lambda d: d.__setitem__("formatVersion", 2)))
    print("fixtures:", len(os.listdir(OUT)))


if __name__ == "__main__":
    main()
