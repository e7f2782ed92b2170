// /quote latency on the local chains' market (issue 36: "planner p50/p99 on the local-chains market with them").
// Run after `bin/local-chains up` from the repository root: node bench/local-quote/local-quote.mjs [rounds]
// Sequential requests (one at a time, so the figure is one request's latency, HTTP and planning), a mix of same-chain
// and cross-chain pairs at $1k, $100k and $1M, each request sent twice per round: with every provider, and with
// excludeProvider=uniswap-v4,balancer-v2 (the market as it was before issue 36), interleaved so both sides share the
// machine's state. Paced to one request per 70 ms: the local chains' Junction allows 1,200 requests per 60 s per
// client (2003 above that). Prints p50/p90/p99 of each side and their ratio. Not part of the test command.
import { readFileSync } from "node:fs";

const up = JSON.parse(readFileSync(process.env.UP_JSON ?? ".local-chains/up.json", "utf8"));
const rounds = Number(process.argv[2] ?? 40);
const sender = up.account.address;
const price = { WETH: 3000, USDC: 1, USDT: 1, DAI: 1 };
const decimals = { WETH: 18, USDC: 6, USDT: 6, DAI: 18 };
const pairs = [
  ["1", "WETH", "1", "USDC"], ["1", "USDC", "1", "WETH"], ["1", "WETH", "1", "USDT"], ["1", "USDC", "1", "USDT"],
  ["1", "DAI", "1", "WETH"], ["8453", "WETH", "8453", "USDC"], ["42161", "USDT", "42161", "WETH"],
  ["1", "USDC", "8453", "WETH"], ["8453", "WETH", "42161", "USDC"],
];
const sizes = [1_000, 100_000, 1_000_000];

function amount(symbol, usd) {
  const whole = usd / price[symbol];
  return BigInt(Math.round(whole * 1e6)) * 10n ** BigInt(decimals[symbol]) / 1_000_000n;
}

async function quote(fromChain, from, toChain, to, usd, exclude) {
  const q = new URLSearchParams({
    fromChain, toChain, fromToken: up.chains[fromChain].tokens[from], toToken: up.chains[toChain].tokens[to],
    amount: amount(from, usd).toString(), sender,
  });
  if (exclude) q.append("excludeProvider", "uniswap-v4,balancer-v2");
  const t0 = process.hrtime.bigint();
  const res = await fetch(`${up.junction}/quote?${q}`);
  const body = await res.text();
  if (!res.ok && !firstFailure) firstFailure = `${res.status} ${fromChain}:${from} -> ${toChain}:${to} $${usd}: ${body.slice(0, 200)}`;
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { ms, ok: res.ok };
}

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const all = [], without = [];
let failed = 0;
let firstFailure = null;
for (let r = -2; r < rounds; r++) { // two warm-up rounds
  for (const [fc, f, tc, t] of pairs) {
    for (const usd of sizes) {
      for (const exclude of r % 2 === 0 ? [false, true] : [true, false]) {
        const start = Date.now();
        const { ms, ok } = await quote(fc, f, tc, t, usd, exclude);
        await new Promise((done) => setTimeout(done, Math.max(0, 70 - (Date.now() - start))));
        if (!ok) failed++;
        if (r >= 0) (exclude ? without : all).push(ms);
      }
    }
  }
}
for (const [name, xs] of [["all providers", all], ["without V4 and Balancer", without]]) {
  xs.sort((a, b) => a - b);
  console.log(`${name}: ${xs.length} quotes, p50 ${pct(xs, 0.5).toFixed(2)} ms, p90 ${pct(xs, 0.9).toFixed(2)} ms,`
    + ` p99 ${pct(xs, 0.99).toFixed(2)} ms`);
}
if (firstFailure) console.log(`first failure: ${firstFailure}`);
console.log(`p50 ratio ${(pct(all, 0.5) / pct(without, 0.5)).toFixed(2)}, p99 ratio ${(pct(all, 0.99) / pct(without, 0.99)).toFixed(2)}; non-2xx ${failed}`);
