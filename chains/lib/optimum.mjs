// The reference optimum of one trade over every pool of a pair, computed independently of Junction's planner: each
// pool is quoted by its protocol's own on-chain quoter (eth_call: Uniswap V2 Router02.getAmountsOut, Uniswap V3
// QuoterV2.quoteExactInputSingle, and whatever lib/protocols.mjs lists next), the input is allocated greedily in
// `steps` equal increments (each to the pool whose next increment pays most), then refined by moving ever smaller
// amounts from the pool that loses least to the pool that gains most while that pays. Every quote is taken at one
// block. Used by bench/route-quality and by the local chains' depth test.
import { PROTOCOLS } from "./protocols.mjs";

/**
 * Every pool of tokenIn/tokenOut on one chain, from up.json's chains.<id> (its `protocols`: {key: contracts}):
 * [{name, pool, quote(amountIn, blockTag) -> amountOut}].
 */
export async function pairQuoters(provider, chain, tokenIn, tokenOut) {
  const found = [];
  for (const p of PROTOCOLS) {
    const contracts = chain.protocols?.[p.key];
    if (contracts && p.quoters) {
      found.push(...await p.quoters(provider, contracts, tokenIn, tokenOut, { weth: chain.tokens?.WETH }));
    }
  }
  return found;
}

/** amountOut of `amountIn` through one pool; null when its quoter refuses the amount (e.g. not enough liquidity). */
async function tryQuote(q, amountIn, blockTag) {
  if (amountIn <= 0n) return 0n;
  try {
    return BigInt(await q.quote(amountIn, blockTag));
  } catch {
    return null;
  }
}

/**
 * The best single pool for `amountIn`: {name, pool, amountOut} (amountOut 0n when no pool can take it), and each
 * pool's own amountOut in `single`.
 */
export async function bestSinglePool(quoters, amountIn, { blockTag } = {}) {
  const single = [];
  for (const q of quoters) single.push({ name: q.name, pool: q.pool, amountOut: (await tryQuote(q, amountIn, blockTag)) ?? 0n });
  const best = single.reduce((a, b) => (b.amountOut > a.amountOut ? b : a), { name: null, pool: null, amountOut: 0n });
  return { ...best, single };
}

/**
 * The reference optimum of `amountIn` over `quoters`: {amountOut, allocation: [{name, pool, amountIn, amountOut}],
 * quotes} (quotes: the number of eth_calls it took). `steps` greedy increments (default 100), then up to `rounds`
 * halvings of the moved amount (default 8), each move taken while it raises the total.
 */
export async function referenceOptimum(quoters, amountIn, { blockTag, steps = 100, rounds = 8 } = {}) {
  amountIn = BigInt(amountIn);
  let quotes = 0;
  const quote = async (i, amount) => { quotes++; return tryQuote(quoters[i], amount, blockTag); };
  const n = quoters.length;
  const alloc = new Array(n).fill(0n);
  const out = new Array(n).fill(0n);
  const chunk = amountIn / BigInt(steps) || amountIn;
  // greedy: the next increment goes where it pays most (a refused quote never wins)
  const next = [];
  for (let i = 0; i < n; i++) next.push(await quote(i, chunk));
  let left = amountIn;
  while (left > 0n) {
    const size = left < 2n * chunk ? left : chunk;
    let best = -1;
    for (let i = 0; i < n; i++) {
      if (next[i] !== null && (best < 0 || next[i] - out[i] > next[best] - out[best])) best = i;
    }
    if (best < 0) throw new Error("no pool can take the trade");
    if (size !== chunk) next[best] = await quote(best, alloc[best] + size);
    if (next[best] === null) throw new Error("no pool can take the trade");
    alloc[best] += size;
    out[best] = next[best];
    left -= size;
    next[best] = await quote(best, alloc[best] + chunk);
  }
  // refinement: move `delta` from the pool that loses least to the one that gains most, while that pays
  let delta = chunk / 2n;
  for (let r = 0; r < rounds && delta > 0n; r++, delta /= 2n) {
    const up = [];
    const down = [];
    for (let i = 0; i < n; i++) {
      up.push(await quote(i, alloc[i] + delta));
      down.push(alloc[i] >= delta ? await quote(i, alloc[i] - delta) : null);
    }
    for (;;) {
      let to = -1;
      let from = -1;
      for (let i = 0; i < n; i++) {
        if (up[i] !== null && (to < 0 || up[i] - out[i] > up[to] - out[to])) to = i;
      }
      for (let i = 0; i < n; i++) {
        if (i !== to && down[i] !== null && (from < 0 || out[i] - down[i] < out[from] - down[from])) from = i;
      }
      if (to < 0 || from < 0 || up[to] - out[to] <= out[from] - down[from]) break;
      alloc[to] += delta;
      out[to] = up[to];
      alloc[from] -= delta;
      out[from] = down[from];
      for (const i of [to, from]) {
        up[i] = await quote(i, alloc[i] + delta);
        down[i] = alloc[i] >= delta ? await quote(i, alloc[i] - delta) : null;
      }
    }
  }
  const allocation = quoters.map((q, i) => ({ name: q.name, pool: q.pool, amountIn: alloc[i], amountOut: out[i] }));
  return { amountOut: out.reduce((a, b) => a + b, 0n), allocation, quotes };
}
