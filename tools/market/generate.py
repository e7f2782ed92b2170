#!/usr/bin/env python3
"""Generates Junction's embedded market snapshot under src/main/resources/market/.

    python3 tools/market/generate.py            # writes the files
    python3 tools/market/generate.py --check    # regenerates in memory and fails if the files differ

Facts (chain ids, token addresses and decimals) are curated by hand in this directory (tokens_table.py and the CHAINS,
PROVIDERS and lane tables below). Pool states are derived deterministically from the reference prices and a target depth
per pool (seeded by the pool id), so every pool's price agrees with the reference prices of its tokens. Uniswap V3 state
(sqrtPriceX96, tick, liquidity, liquidityNet) is computed with an exact port of TickMath.getSqrtRatioAtTick.
"""
import hashlib
import json
import math
import os
import sys
from fractions import Fraction

import keccak
from tokens_table import NATIVE, PRICES, TOKENS

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "src", "main", "resources", "market")
TW = "https://raw.githubusercontent.com/trustwallet/assets/master/blockchains"


def junction_address(label):
    """Junction's own contracts: a deterministic placeholder address, the last 20 bytes of keccak256(label)."""
    return keccak.checksum("0x" + keccak.keccak256(label.encode()).hex()[-40:])


ROUTER = junction_address("junction.router.v1")
EXECUTOR = junction_address("junction.gasless-executor.v1")

GWEI = 10 ** 9
# key, id, name, trust-wallet folder, native symbol, decimals, wrapped native symbol, block ms, confirmations,
# base fee wei, priority fee wei, L1 data fee wei per tx (rollups), evm
CHAINS = [
    ("eth", 1, "Ethereum", "ethereum", "ETH", 18, "WETH", 12000, 12, 1_200_000_000, 100_000_000, 0, True),
    ("op", 10, "Optimism", "optimism", "ETH", 18, "WETH", 2000, 10, 1_000_000, 1_000_000, 2_000_000_000_000, True),
    ("bsc", 56, "BNB Chain", "smartchain", "BNB", 18, "WBNB", 750, 15, 50_000_000, 0, 0, True),
    ("pol", 137, "Polygon", "polygon", "POL", 18, "WPOL", 2000, 16, 30 * GWEI, 30 * GWEI, 0, True),
    ("base", 8453, "Base", "base", "ETH", 18, "WETH", 2000, 10, 5_000_000, 1_000_000, 2_000_000_000_000, True),
    ("arb", 42161, "Arbitrum", "arbitrum", "ETH", 18, "WETH", 250, 20, 10_000_000, 0, 1_000_000_000_000, True),
    ("avax", 43114, "Avalanche", "avalanchec", "AVAX", 18, "WAVAX", 2000, 1, 1 * GWEI, 500_000_000, 0, True),
    ("linea", 59144, "Linea", "linea", "ETH", 18, "WETH", 2000, 10, 50_000_000, 10_000_000, 0, True),
    # Solana: quoting only. Fees are lamports per signature (base) and per transaction (priority), not per gas.
    ("sol", 1151111081099710, "Solana", "solana", "SOL", 9, "wSOL", 400, 32, 5000, 10000, 0, False),
]
CHAIN_ID = {c[0]: c[1] for c in CHAINS}

LLAMA = "https://icons.llamao.fi/icons/protocols"
PROVIDERS = [
    ("uniswap-v2", "Uniswap V2", "dex", "uniswap-v2"),
    ("uniswap-v3", "Uniswap V3", "dex", "uniswap-v3"),
    ("sushiswap", "SushiSwap", "dex", "sushiswap"),
    ("pancakeswap", "PancakeSwap", "dex", "pancakeswap"),
    ("curve", "Curve", "dex", "curve-dex"),
    ("aerodrome", "Aerodrome", "dex", "aerodrome"),
    ("velodrome", "Velodrome", "dex", "velodrome-v2"),
    ("camelot", "Camelot", "dex", "camelot-v2"),
    ("quickswap", "QuickSwap", "dex", "quickswap-dex"),
    ("trader-joe", "Trader Joe", "dex", "trader-joe"),
    ("balancer-v2", "Balancer V2", "dex", "balancer-v2"),
    ("across", "Across", "bridge", "across"),
    ("stargate", "Stargate", "bridge", "stargate"),
    ("cctp", "Circle CCTP", "bridge", "circle-cctp"),
    ("hop", "Hop", "bridge", "hop-protocol"),
    ("wormhole", "Wormhole Portal", "bridge", "portal"),
    ("celer", "Celer cBridge", "bridge", "cbridge"),
    ("arbitrum-bridge", "Arbitrum Bridge", "bridge", "arbitrum-bridge"),
    ("optimism-bridge", "OP Mainnet Standard Bridge", "bridge", "optimism-bridge"),
    ("base-bridge", "Base Bridge", "bridge", "base-bridge"),
    ("linea-bridge", "Linea Bridge", "bridge", "linea-bridge"),
]


def rng(label):
    """Deterministic uniform [0, 1) stream per label."""
    counter = 0
    while True:
        h = hashlib.sha256(f"{label}#{counter}".encode()).digest()
        counter += 1
        yield int.from_bytes(h[:8], "big") / 2 ** 64


# ---------------------------------------------------------------- tokens
def token_records():
    out = []
    for chain, symbol, name, address, decimals, pkey in TOKENS:
        folder = next(c[3] for c in CHAINS if c[0] == chain)
        icon = f"{TW}/{folder}/info/logo.png" if address == NATIVE else f"{TW}/{folder}/assets/{address}/logo.png"
        out.append({"chain": CHAIN_ID[chain], "address": address, "decimals": decimals, "symbol": symbol,
                    "name": name, "iconUrl": icon, "priceUsd": PRICES[pkey]})
    return out


TOK = {(t[0], t[1]): t for t in TOKENS}


def tok(chain, symbol):
    return TOK[(chain, symbol)]


def price(t):
    return PRICES[t[5]]


# ---------------------------------------------------------------- Uniswap V3 TickMath (exact port)
MIN_TICK, MAX_TICK = -887272, 887272
TICK_CONSTS = [
    0xfff97272373d413259a46990580e213a, 0xfff2e50f5f656932ef12357cf3c7fdcc, 0xffe5caca7e10e4e61c3624eaa0941cd0,
    0xffcb9843d60f6159c9db58835c926644, 0xff973b41fa98c081472e6896dfb254c0, 0xff2ea16466c96a3843ec78b326b52861,
    0xfe5dee046a99a2a811c461f1969c3053, 0xfcbe86c7900a88aedcffc83b479aa3a4, 0xf987a7253ac413176f2b074cf7815e54,
    0xf3392b0822b70005940c7a398e4b70f3, 0xe7159475a2c29b7443b29c7fa6e889d9, 0xd097f3bdfd2022b8845ad8f792aa5825,
    0xa9f746462d870fdf8a65dc1f90e061e5, 0x70d869a156d2a1b890bb3df62baf32f7, 0x31be135f97d08fd981231505542fcfa6,
    0x9aa508b5b7a84e1c677de54f3e99bc9, 0x5d6af8dedb81196699c329225ee604, 0x2216e584f5fa1ea926041bedfe98,
    0x48a170391f7dc42444e8fa2,
]


def sqrt_ratio_at_tick(tick):
    a = abs(tick)
    ratio = 0xfffcb933bd6fad37aa2d162d1a594001 if a & 1 else 0x100000000000000000000000000000000
    for i, c in enumerate(TICK_CONSTS):
        if a & (2 << i):
            ratio = (ratio * c) >> 128
    if tick > 0:
        ratio = ((1 << 256) - 1) // ratio
    return (ratio >> 32) + (0 if ratio % (1 << 32) == 0 else 1)


def tick_at_sqrt_ratio(sqrt_p):
    lo, hi = MIN_TICK, MAX_TICK
    while lo < hi:  # largest tick with sqrt_ratio_at_tick(tick) <= sqrt_p
        mid = (lo + hi + 1) // 2
        if sqrt_ratio_at_tick(mid) <= sqrt_p:
            lo = mid
        else:
            hi = mid - 1
    return lo


SPACING = {100: 1, 500: 10, 3000: 60, 10000: 200}
STABLE_KEYS = {"USD", "USDT", "DAI", "FRAX", "LUSD", "sUSD", "BUSD", "FDUSD", "PYUSD", "GHO", "USDe"}
ETH_LIKE = {"ETH", "stETH", "wstETH", "rETH", "cbETH", "weETH"}


def order(a, b):
    return (a, b) if a[3].lower() < b[3].lower() else (b, a)


def raw_price(t0, t1, noise):
    """token1 smallest units per token0 smallest unit, as an exact fraction."""
    p = Fraction(price(t0)) / Fraction(price(t1)) * Fraction(10) ** (t1[4] - t0[4])
    return p * (1 + Fraction(noise).limit_denominator(10 ** 9))


def concentrated(chain, provider, a, b, fee, depth_usd):
    t0, t1 = order(a, b)
    pid = f"{chain}:{provider}:{t0[1]}-{t1[1]}-{fee}"
    r = rng(pid)
    noise = (next(r) - 0.5) * 0.001
    p = raw_price(t0, t1, noise)
    sqrt_p = math.isqrt(p.numerator * 2 ** 192 // p.denominator)
    tick = tick_at_sqrt_ratio(sqrt_p)
    spacing = SPACING[fee]
    pegged = (t0[5] in STABLE_KEYS and t1[5] in STABLE_KEYS) or (t0[5] in ETH_LIKE and t1[5] in ETH_LIKE) \
        or t0[5] == t1[5]
    if pegged:
        ranges = [(0.999, 1.001, 0.30), (0.995, 1.005, 0.25), (0.98, 1.02, 0.20), (0.9, 1.1, 0.15),
                  (0.97, 0.995, 0.05), (1.004, 1.03, 0.05)]
    else:
        ranges = [(0.97, 1.03, 0.22), (0.9, 1.12, 0.25), (0.75, 1.35, 0.2), (0.4, 2.5, 0.15),
                  (0.82, 0.96, 0.09), (1.05, 1.25, 0.09)]
    fp = float(p)
    sp = math.sqrt(fp)
    net = {}
    liquidity = 0
    total_usd = 0.0
    for lo_f, hi_f, share in ranges:
        jitter = 1 + (next(r) - 0.5) * 0.2
        lower = math.floor(math.log(fp * lo_f, 1.0001) / spacing) * spacing
        upper = math.ceil(math.log(fp * hi_f, 1.0001) / spacing) * spacing
        lower = max(lower, -(887272 // spacing) * spacing)
        upper = min(upper, (887272 // spacing) * spacing)
        if upper <= lower:
            upper = lower + spacing
        sa, sb = 1.0001 ** (lower / 2), 1.0001 ** (upper / 2)
        if tick < lower:
            amt0, amt1 = (1 / sa - 1 / sb), 0.0
        elif tick >= upper:
            amt0, amt1 = 0.0, (sb - sa)
        else:
            amt0, amt1 = (1 / sp - 1 / sb), (sp - sa)
        usd_per_l = amt0 * price(t0) / 10 ** t0[4] + amt1 * price(t1) / 10 ** t1[4]
        usd = depth_usd * share * jitter
        liq = int(usd / usd_per_l)
        if liq <= 0:
            continue
        total_usd += usd
        net[lower] = net.get(lower, 0) + liq
        net[upper] = net.get(upper, 0) - liq
        if lower <= tick < upper:
            liquidity += liq
    ticks = [{"tick": t, "liquidityNet": str(v)} for t, v in sorted(net.items()) if v != 0]
    return {"id": pid, "kind": "concentrated", "chain": CHAIN_ID[chain], "provider": provider,
            "token0": t0[3], "token1": t1[3], "feePips": fee, "tickSpacing": spacing,
            "sqrtPriceX96": str(sqrt_p), "tick": tick, "liquidity": str(liquidity), "ticks": ticks,
            "liquidityUsd": round(total_usd, 2)}


def constant_product(chain, provider, a, b, depth_usd, fee_bps=30):
    t0, t1 = order(a, b)
    pid = f"{chain}:{provider}:{t0[1]}-{t1[1]}"
    r = rng(pid)
    noise = (next(r) - 0.5) * 0.001
    half = depth_usd / 2
    r0 = int(Fraction(half) / Fraction(price(t0)) * 10 ** t0[4])
    r1 = int(Fraction(half) / Fraction(price(t1)) * 10 ** t1[4] * (1 + Fraction(noise).limit_denominator(10 ** 9)))
    return {"id": pid, "kind": "constantProduct", "chain": CHAIN_ID[chain], "provider": provider,
            "token0": t0[3], "token1": t1[3], "reserve0": str(r0), "reserve1": str(r1), "feeBps": fee_bps,
            "liquidityUsd": round(depth_usd, 2)}


def stable_marginal(amp, xs, i, j):
    """Marginal price of coin i in coin j (normalised units) of the StableSwap invariant at balances xs.

    With n coins, Ann = amp * n (amp is the contract's A, stored as A * n**(n-1), as StableSwapMath) and c = D**(n+1) / (n**n * prod(xs)), the invariant's gradient gives
    dx_j/dx_i = (Ann + c / x_i) / (Ann + c / x_j)."""
    n = len(xs)
    ann = amp * n
    s = sum(xs)
    d = s
    for _ in range(255):  # Newton's iteration for D, as StableSwapMath.getD
        dp = d
        for x in xs:
            dp = dp * d / (n * x)
        prev = d
        d = (ann * s + dp * n) * d / ((ann - 1) * d + (n + 1) * dp)
        if abs(d - prev) <= 1e-12 * d:
            break
    c = d ** (n + 1) / (n ** n * math.prod(xs))
    return (ann + c / xs[i]) / (ann + c / xs[j])


def stable(chain, provider, name, symbols, depth_usd, amp, fee):
    """A StableSwap pool whose marginal prices equal the reference prices of its coins (an equal split of the depth
    when the references are equal; otherwise each coin's balance is solved so that coin 0 prices at the reference
    ratio in it)."""
    coins = [tok(chain, s) for s in symbols]
    pid = f"{chain}:{provider}:{name}"
    share = depth_usd / len(coins)
    xs = [share / price(c) for c in coins]  # whole coins, an equal USD split
    for _ in range(50):  # Gauss-Seidel: each coin k >= 1 by bisection on its balance
        for k in range(1, len(coins)):
            target = price(coins[0]) / price(coins[k])
            lo, hi = xs[k] * 0.5, xs[k] * 2.0
            for _ in range(200):
                mid = (lo + hi) / 2
                trial = xs[:k] + [mid] + xs[k + 1:]
                # more of coin k makes coin 0 dearer in it
                if stable_marginal(amp, trial, 0, k) < target:
                    lo = mid
                else:
                    hi = mid
            xs[k] = (lo + hi) / 2
    balances = []
    for c, x in zip(coins, xs):
        balances.append(str(int(Fraction(x) * 10 ** c[4])))
    return {"id": pid, "kind": "stable", "chain": CHAIN_ID[chain], "provider": provider,
            "coins": [c[3] for c in coins], "decimals": [c[4] for c in coins], "balances": balances,
            "amp": amp, "fee": fee, "liquidityUsd": round(depth_usd, 2)}


# ---------------------------------------------------------------- pools
M = 1_000_000
# chain: (constant-product providers with fee bps, V3 provider(s), chain scale factor for depth)
DEXES = {
    "eth": ([("uniswap-v2", 30), ("sushiswap", 30)], ["uniswap-v3"], 1.0),
    "arb": ([("camelot", 30), ("sushiswap", 30), ("uniswap-v2", 30)], ["uniswap-v3"], 0.25),
    "base": ([("aerodrome", 30), ("uniswap-v2", 30), ("sushiswap", 30)], ["uniswap-v3"], 0.25),
    "op": ([("velodrome", 30), ("sushiswap", 30)], ["uniswap-v3"], 0.12),
    "pol": ([("quickswap", 30), ("sushiswap", 30)], ["uniswap-v3"], 0.08),
    "bsc": ([("pancakeswap", 25), ("sushiswap", 30)], ["pancakeswap", "uniswap-v3"], 0.3),
    "avax": ([("trader-joe", 30), ("sushiswap", 30)], ["uniswap-v3"], 0.06),
    "linea": ([("sushiswap", 30)], ["uniswap-v3", "pancakeswap"], 0.04),
}
# per chain: native wrapper, ETH token, BTC tokens, USD stables
MAJORS = {
    "eth": ("WETH", "WETH", ["WBTC", "cbBTC"], ["USDC", "USDT", "DAI"]),
    "arb": ("WETH", "WETH", ["WBTC", "cbBTC"], ["USDC", "USDT", "DAI", "USDC.e"]),
    "base": ("WETH", "WETH", ["cbBTC"], ["USDC", "USDT", "DAI", "USDbC"]),
    "op": ("WETH", "WETH", ["WBTC"], ["USDC", "USDT", "DAI", "USDC.e"]),
    "pol": ("WPOL", "WETH", ["WBTC"], ["USDC", "USDT", "DAI", "USDC.e"]),
    "bsc": ("WBNB", "ETH", ["BTCB"], ["USDT", "USDC", "DAI"]),
    "avax": ("WAVAX", "WETH.e", ["BTC.b", "WBTC.e"], ["USDC", "USDt", "DAI.e"]),
    "linea": ("WETH", "WETH", ["WBTC"], ["USDC", "USDT", "DAI"]),
}
MEMES = {"SHIB", "PEPE", "DEGEN", "BRETT", "TOSHI"}


def pools():
    out = []
    for chain, (cps, v3s, scale) in DEXES.items():
        wn, weth, btcs, usds = MAJORS[chain]
        usdc, usdt = usds[0], usds[1]
        T = lambda s: tok(chain, s)  # noqa: E731
        v3main = v3s[0]

        def v3(a, b, fee, depth, provider=v3main):
            out.append(concentrated(chain, provider, T(a), T(b), fee, depth * scale))

        def cp(a, b, depth, which=None):
            for provider, bps in (cps if which is None else [cps[i] for i in which if i < len(cps)]):
                out.append(constant_product(chain, provider, T(a), T(b), depth * scale, bps))

        # ETH against the dollar
        for u in (usdc, usdt):
            v3(weth, u, 500, 120 * M if u == usdc else 60 * M)
            v3(weth, u, 3000, 25 * M)
            cp(weth, u, 30 * M)
        v3(weth, usds[2], 3000, 8 * M)
        cp(weth, usds[2], 6 * M, [0])
        # stables among themselves (V3 0.01%)
        v3(usdc, usdt, 100, 40 * M)
        v3(usds[2], usdc, 100, 15 * M)
        if len(usds) > 3:
            v3(usds[3], usdc, 100, 10 * M)
            cp(usds[3], usdc, 2 * M, [0])
        # bitcoin
        for i, btc in enumerate(btcs):
            depth = 1.0 if i == 0 else 0.5
            v3(btc, weth, 500, 60 * M * depth)
            v3(btc, weth, 3000, 12 * M * depth)
            v3(btc, usdc, 500, 40 * M * depth)
            v3(btc, usdt, 3000, 8 * M * depth)
            cp(btc, weth, 10 * M * depth)
        # the chain's own native token when it is not ETH
        if wn != weth:
            v3(wn, usdc, 500, 40 * M)
            v3(wn, usdt, 500, 30 * M)
            v3(wn, weth, 3000, 20 * M)
            v3(wn, usdc, 3000, 10 * M)
            cp(wn, usdc, 25 * M)
            cp(wn, usdt, 25 * M)
            cp(wn, weth, 10 * M)
            for btc in btcs:
                v3(btc, wn, 3000, 6 * M)
            if len(v3s) > 1:  # a second concentrated venue (Uniswap V3 on BNB Chain, PancakeSwap V3 on Linea)
                v3(wn, usdt, 500, 15 * M, v3s[1])
                v3(wn, usdc, 500, 8 * M, v3s[1])
        elif len(v3s) > 1:
            v3(weth, usdc, 500, 12 * M, v3s[1])
            v3(weth, usdt, 500, 6 * M, v3s[1])
            v3(usdc, usdt, 100, 5 * M, v3s[1])
        # the long tail: every other token against ETH and the dollar
        majors = {wn, weth, *btcs, *usds}
        for t in TOKENS:
            if t[0] != chain or t[1] in majors or t[3] == NATIVE:
                continue
            s = t[1]
            if t[5] in STABLE_KEYS or t[5] == "EUR":
                v3(s, usdc, 100 if t[5] != "EUR" else 500, 6 * M)
                cp(s, usdc, 1.5 * M, [0])
                v3(s, weth, 500, 2 * M)
                continue
            if t[5] in ETH_LIKE:
                v3(s, weth, 100, 40 * M)
                v3(s, weth, 500, 8 * M)
                cp(s, weth, 3 * M, [0])
                v3(s, usdc, 500, 2 * M)
                continue
            meme = s in MEMES
            fee = 10000 if meme else 3000
            v3(s, weth, fee, 10 * M)
            v3(s, usdc, fee, 3 * M)
            cp(s, weth, 4 * M)
            cp(s, usdc, 1 * M, [0])
            if wn != weth:
                v3(s, wn, 3000, 1.5 * M)
    # Curve-style stableswap pools
    out.append(stable("eth", "curve", "3pool", ["DAI", "USDC", "USDT"], 170 * M, 2000, 1_000_000))
    out.append(stable("eth", "curve", "fraxusdc", ["FRAX", "USDC"], 40 * M, 1500, 1_000_000))
    out.append(stable("eth", "curve", "usde-usdc", ["USDe", "USDC"], 60 * M, 1000, 1_000_000))
    out.append(stable("eth", "curve", "pyusd-usdc", ["PYUSD", "USDC"], 30 * M, 1000, 1_000_000))
    out.append(stable("arb", "curve", "2pool", ["USDC.e", "USDT"], 20 * M, 2000, 1_000_000))
    out.append(stable("arb", "curve", "usdc-usdt", ["USDC", "USDT"], 15 * M, 2000, 1_000_000))
    out.append(stable("arb", "curve", "frax-usdc", ["FRAX", "USDC"], 4 * M, 1500, 1_000_000))
    out.append(stable("op", "curve", "3pool", ["DAI", "USDC.e", "USDT"], 8 * M, 2000, 1_000_000))
    out.append(stable("op", "curve", "susd-usdc", ["sUSD", "USDC"], 3 * M, 200, 4_000_000))
    out.append(stable("op", "curve", "lusd-usdc", ["LUSD", "USDC"], 2 * M, 200, 4_000_000))
    out.append(stable("pol", "curve", "aave", ["DAI", "USDC.e", "USDT"], 10 * M, 2000, 3_000_000))
    out.append(stable("pol", "curve", "usdc-usdt", ["USDC", "USDT"], 6 * M, 2000, 1_000_000))
    out.append(stable("base", "curve", "4pool", ["USDC", "USDbC", "USDT"], 12 * M, 2000, 1_000_000))
    out.append(stable("avax", "curve", "aave", ["DAI.e", "USDC", "USDt"], 5 * M, 2000, 3_000_000))
    out.append(stable("bsc", "pancakeswap", "stableswap", ["USDT", "USDC", "BUSD"], 25 * M, 1000, 1_000_000))
    out.append(stable("bsc", "pancakeswap", "fdusd-usdt", ["FDUSD", "USDT"], 20 * M, 1000, 1_000_000))
    # Balancer V2 (Vault 0xBA12222222228d8Ba445958a75a0704d566BF2C8, @balancer-labs/v2-deployments task
    # 20210418-vault output/mainnet.json): mainnet pool ids as facts (B-50USDC-50WETH, pool 25; the composable stable
    # USDC/DAI/USDT "3POOL", as balancer-sor's and the Balancer app's references name them), balances derived from the
    # reference prices like every other pool's.
    out.append(weighted("eth", "usdc-weth", "0x96646936b91d6b9d7d0c47c496afbf3d6ec7b6f8000200000000000000000019",
                        ["USDC", "WETH"], [Fraction(1, 2), Fraction(1, 2)], 8 * M, 3 * 10 ** 15))
    out.append(composable_stable("eth", "3pool", "0x79c58f70905f734641735bc61e45c19dd9ad60bc0000000000000000000004e7",
                                 ["DAI", "USDC", "USDT"], 4 * M, 1000, 5 * 10 ** 13))
    return out


def weighted(chain, name, pool_id, symbols, weights, depth_usd, swap_fee):
    """A Balancer V2 weighted pool: each token's balance its weight's share of the depth, so its spot price
    (B_j / w_j) / (B_i / w_i) is the reference ratio. Tokens in the Vault's order (by address)."""
    tokens = [tok(chain, s) for s in symbols]
    assert [t[3].lower() for t in tokens] == sorted(t[3].lower() for t in tokens), "tokens must sort by address"
    balances = [str(int(Fraction(depth_usd) * w / Fraction(price(t)) * 10 ** t[4])) for t, w in zip(tokens, weights)]
    return {"id": f"{chain}:balancer-v2:{name}", "kind": "weighted", "chain": CHAIN_ID[chain],
            "provider": "balancer-v2", "poolId": pool_id, "tokens": [t[3] for t in tokens], "balances": balances,
            "weights": [str(int(w * 10 ** 18)) for w in weights], "swapFee": str(swap_fee),
            "liquidityUsd": round(depth_usd, 2)}


def composable_stable(chain, name, pool_id, symbols, depth_usd, amp, swap_fee):
    """A Balancer V2 composable stable pool of equally priced stablecoins: an equal USD split (its marginal prices
    1:1), its BPT left out. Tokens in the Vault's order (by address)."""
    tokens = [tok(chain, s) for s in symbols]
    assert [t[3].lower() for t in tokens] == sorted(t[3].lower() for t in tokens), "tokens must sort by address"
    assert len({price(t) for t in tokens}) == 1, "an equal split needs equal reference prices"
    share = Fraction(depth_usd) / len(tokens)
    balances = [str(int(share / Fraction(price(t)) * 10 ** t[4])) for t in tokens]
    return {"id": f"{chain}:balancer-v2:{name}", "kind": "composableStable", "chain": CHAIN_ID[chain],
            "provider": "balancer-v2", "poolId": pool_id, "tokens": [t[3] for t in tokens], "balances": balances,
            "amp": amp, "swapFee": str(swap_fee), "liquidityUsd": round(depth_usd, 2)}


# ---------------------------------------------------------------- bridge lanes
def units(t, usd):
    """A USD amount in token t's smallest units (integer string)."""
    return str(int(Fraction(usd) / Fraction(price(t)) * 10 ** t[4]))


def lane(provider, fc, tc, fsym, tsym, fee_bps, fixed_usd, dest_gas_usd, p50, p90, min_usd, cap_usd, gas):
    a, b = tok(fc, fsym), tok(tc, tsym)
    return {"id": f"{provider}:{fc}-{tc}:{fsym}-{tsym}", "provider": provider, "fromChain": CHAIN_ID[fc],
            "toChain": CHAIN_ID[tc], "inputToken": a[3], "outputToken": b[3], "fixedFee": units(a, fixed_usd),
            "feeBps": fee_bps, "destinationGasUsd": dest_gas_usd, "p50Seconds": p50, "p90Seconds": p90,
            "minAmount": units(a, min_usd), "capacity": units(a, cap_usd), "gasUnits": gas}


def dest_gas(chain):
    return 1.20 if chain == "eth" else 0.05 if chain in ("arb", "op", "base", "linea") else 0.03


def lanes():
    out = []
    slow_finality = {"eth", "op", "arb", "base"}
    # CCTP: USDC burn and mint, no fee. Standard transfer: ~13-19 min from Ethereum and the OP-stack/Arbitrum chains
    # (waiting for Ethereum finality), ~8 s from Avalanche, ~2 min from Polygon PoS, ~25 s from Solana.
    cctp = ["eth", "op", "arb", "base", "pol", "avax", "sol"]
    cctp_latency = {"eth": (960, 1140), "op": (960, 1140), "arb": (960, 1140), "base": (960, 1140),
                    "pol": (100, 150), "avax": (20, 40), "sol": (30, 60)}
    for fc in cctp:
        for tc in cctp:
            if fc != tc:
                p50, p90 = cctp_latency[fc]
                out.append(lane("cctp", fc, tc, "USDC", "USDC", 0, 0, 0.0, p50, p90, 1, 1_000_000, 150_000))
    # Across: intents filled by relayers in seconds to a few minutes; LP fee in bps plus the relayer's gas.
    across_chains = ["eth", "op", "arb", "base", "pol", "linea"]
    across_tokens = {"USDC": ("USDC", 4), "USDT": ("USDT", 5), "WETH": ("WETH", 4), "WBTC": ("WBTC", 6),
                     "DAI": ("DAI", 6)}
    for fc in across_chains:
        for tc in across_chains:
            if fc == tc:
                continue
            for sym, (tsym, bps) in across_tokens.items():
                fs = sym if (fc, sym) in TOK else None
                ts = tsym if (tc, tsym) in TOK else None
                if fs is None or ts is None:
                    continue
                cap = {"USDC": 3_000_000, "USDT": 1_000_000, "WETH": 5_000_000, "WBTC": 1_500_000, "DAI": 500_000}[sym]
                p50, p90 = (90, 240) if fc == "eth" else (60, 180)
                out.append(lane("across", fc, tc, fs, ts, bps, 0, dest_gas(tc), p50, p90, 5, cap, 95_000))
    # Stargate V2 (taxi): bps fee plus the LayerZero message paid as destination gas; minutes, bounded by source
    # finality. Pools for USDC, USDT and native ETH.
    sg_usdc = ["eth", "arb", "op", "base", "pol", "avax", "bsc"]
    sg_usdt = ["eth", "arb", "op", "pol", "avax", "bsc"]
    for sym, chains in (("USDC", sg_usdc), ("USDT", sg_usdt)):
        for fc in chains:
            for tc in chains:
                if fc == tc:
                    continue
                fs = "USDt" if (fc == "avax" and sym == "USDT") else sym
                ts = "USDt" if (tc == "avax" and sym == "USDT") else sym
                p50, p90 = (180, 600) if fc == "eth" else (90, 300)
                out.append(lane("stargate", fc, tc, fs, ts, 6, 0, 0.40 if tc != "eth" else 2.0, p50, p90, 1,
                                2_000_000, 260_000))
    sg_eth = ["eth", "arb", "op", "base", "linea"]
    for fc in sg_eth:
        for tc in sg_eth:
            if fc != tc:
                p50, p90 = (180, 600) if fc == "eth" else (90, 300)
                out.append(lane("stargate", fc, tc, "ETH", "ETH", 6, 0, 0.40 if tc != "eth" else 2.0, p50, p90,
                                5, 3_000_000, 260_000))
    # Hop: bonders front L2->L2 and L2->L1 transfers; L1->L2 goes through the canonical messenger (~10-20 min).
    hop = ["eth", "arb", "op", "base", "linea"]
    for fc in hop:
        for tc in hop:
            if fc != tc:
                p50, p90 = (600, 1200) if fc == "eth" else (120, 600)
                out.append(lane("hop", fc, tc, "ETH", "ETH", 4, 0.25, dest_gas(tc), p50, p90, 10, 800_000, 140_000))
    # Celer cBridge: liquidity pools, base fee + bps, 5-20 min.
    celer = ["eth", "arb", "op", "base", "pol", "bsc", "avax", "linea"]
    for sym in ("USDC", "USDT"):
        for fc in celer:
            for tc in celer:
                if fc == tc:
                    continue
                fs = "USDt" if (fc == "avax" and sym == "USDT") else sym
                ts = "USDt" if (tc == "avax" and sym == "USDT") else sym
                out.append(lane("celer", fc, tc, fs, ts, 5, 0.50, dest_gas(tc), 420, 1200, 20, 500_000, 110_000))
    # Wormhole Portal token bridge: lock-and-mint of WETH to Solana (whETH, 8 decimals) and SOL to Ethereum;
    # guardians sign after source finality (~15-20 min from Ethereum, ~1 min from Solana).
    out.append(lane("wormhole", "eth", "sol", "WETH", "WETH", 0, 0, 0.05, 1020, 1260, 20, 10_000_000, 120_000))
    out.append(lane("wormhole", "sol", "eth", "WETH", "WETH", 0, 0, 2.0, 60, 120, 20, 10_000_000, 200_000))
    out.append(lane("wormhole", "sol", "eth", "wSOL", "SOL", 0, 0, 2.0, 60, 120, 20, 10_000_000, 200_000))
    out.append(lane("wormhole", "eth", "sol", "SOL", "wSOL", 0, 0, 0.05, 1020, 1260, 20, 10_000_000, 120_000))
    # Canonical rollup bridges: deposits in minutes, withdrawals after the 7-day challenge period (Linea: ~8-32 h).
    native = {"arb": ("arbitrum-bridge", (720, 1200), (604800, 691200)),
              "op": ("optimism-bridge", (120, 300), (604800, 691200)),
              "base": ("base-bridge", (120, 300), (604800, 691200)),
              "linea": ("linea-bridge", (1200, 1800), (28800, 115200))}
    for l2, (provider, dep, wd) in native.items():
        out.append(lane(provider, "eth", l2, "ETH", "ETH", 0, 0, 0.10, dep[0], dep[1], 0.01, 50_000_000, 100_000))
        out.append(lane(provider, l2, "eth", "ETH", "ETH", 0, 0, 0.0, wd[0], wd[1], 0.01, 50_000_000, 120_000))
    return out


# ---------------------------------------------------------------- output
def chain_records():
    out = []
    for key, cid, name, folder, nsym, ndec, wsym, block, conf, base, prio, l1, evm in CHAINS:
        out.append({"id": cid, "key": key, "name": name, "logoUrl": f"{TW}/{folder}/info/logo.png",
                    "nativeSymbol": nsym, "nativeDecimals": ndec, "wrappedNative": tok(key, wsym)[3],
                    "blockTimeMs": block, "confirmations": conf, "baseFeeWei": str(base),
                    "priorityFeeWei": str(prio), "l1DataFeeWei": str(l1),
                    "router": ROUTER if evm else None, "gaslessExecutor": EXECUTOR if evm else None, "evm": evm})
    return out


DATA_VERSION = "2026.11.1"
AS_OF = "2026-11-15"


def files():
    return {
        "snapshot.json": {"formatVersion": 1, "dataVersion": DATA_VERSION, "asOf": AS_OF,
                          "description": "Junction's embedded market: real chains and token addresses, reference "
                                         "prices as of asOf, pool states derived from them (tools/market/generate.py)",
                          "files": {"chains": "chains.json", "tokens": "tokens.json", "providers": "providers.json",
                                    "pools": "pools.json", "lanes": "lanes.json"}},
        "chains.json": {"chains": chain_records()},
        "tokens.json": {"tokens": token_records()},
        "providers.json": {"providers": [{"key": k, "name": n, "type": t, "iconUrl": f"{LLAMA}/{slug}"}
                                         for k, n, t, slug in PROVIDERS]},
        "pools.json": {"pools": pools()},
        "lanes.json": {"lanes": lanes()},
    }


def render(doc):
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def main():
    check = "--check" in sys.argv
    out = files()
    stale = []
    for name, doc in out.items():
        path = os.path.join(OUT, name)
        text = render(doc)
        if check:
            if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
                stale.append(name)
        else:
            os.makedirs(OUT, exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    counts = {k: len(v[k[:-5]]) for k, v in out.items() if k[:-5] in v}
    print(counts, "router", ROUTER, "executor", EXECUTOR)
    if stale:
        sys.exit("out of date: " + ", ".join(stale))


if __name__ == "__main__":
    main()
