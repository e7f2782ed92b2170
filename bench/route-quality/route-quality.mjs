#!/usr/bin/env node
// Route quality on the local chains (issue 37): for each major pair, both directions, and trade sizes from $1k to
// $10M, Junction's /quote amountOut against the best single pool of the pair and a reference optimum computed
// independently of Junction's planner (chains/lib/optimum.mjs: greedy allocation over every pool of the pair, each
// quoted by its protocol's own quoter by eth_call, refined). See bench/route-quality/README.md.
//
//   node bench/route-quality/route-quality.mjs [--up FILE] [--chain ID] [--sizes 1000,10000,...] [--json FILE]
//
// --up: bin/local-chains' up.json (default $LOCAL_CHAINS_STATE_DIR/up.json, else .local-chains/up.json); its
// `junction` is the Junction asked, its chains.<id>.protocols name the pools' contracts. Prints one Markdown table.
// Its only dependencies are chains/'s (ethers, through chains/lib), which bin/local-chains installs.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { anvilProvider } from "../../chains/lib/protocols.mjs";
import { CHAINS, localMarketSpec } from "../../chains/lib/localmarket.mjs";
import { bestSinglePool, pairQuoters, referenceOptimum } from "../../chains/lib/optimum.mjs";

const { values } = parseArgs({ options: {
  up: { type: "string", default: `${process.env.LOCAL_CHAINS_STATE_DIR ?? ".local-chains"}/up.json` },
  chain: { type: "string", default: "1" },
  sizes: { type: "string", default: "1000,10000,100000,1000000,5000000,10000000" },
  pairs: { type: "string", default: "WETH/USDC,WETH/USDT,USDC/USDT" },
  json: { type: "string" },
} });
const up = JSON.parse(readFileSync(values.up, "utf8"));
if (!up.junction) throw new Error(`${values.up} has no junction (start bin/local-chains up without --no-junction)`);
const chainId = Number(values.chain);
const chain = up.chains[chainId];
if (!chain?.protocols) throw new Error(`${values.up}: chain ${chainId} has no protocols (an up.json of an older layout)`);
const { reference } = localMarketSpec(CHAINS.find((c) => c.chainId === chainId));
const decimals = { WETH: 18, USDC: 6, USDT: 6, DAI: 18 };
const sizes = values.sizes.split(",").map(Number);
const provider = anvilProvider(chain.rpc, chainId);
const SENDER = up.account.address;

/** `usd` worth of `symbol` in its smallest units, at the snapshot's reference price (exact to 1e-6 of a unit). */
function units(symbol, usd) {
  const micro = BigInt(Math.round((usd / reference[symbol]) * 1e6));
  return (micro * 10n ** BigInt(decimals[symbol])) / 1_000_000n;
}

async function junctionQuote(from, to, amount) {
  const params = new URLSearchParams({ fromChain: String(chainId), toChain: String(chainId),
    fromToken: chain.tokens[from], toToken: chain.tokens[to], amount: String(amount), sender: SENDER });
  const body = await (await fetch(`${up.junction}/quote?${params}`)).json();
  if (body.code !== 0) return { error: `${body.code} ${body.message}` };
  const [best] = body.data;
  // every one-step route of data (a swap through one pool of the pair) with its gas: the best single pool's gas
  const oneStep = body.data.filter((d) => d.path.length === 1 && d.path[0].leg === undefined)
    .map((d) => ({ amountOut: BigInt(d.amountOut), gasUsd: d.gasFee?.gasFeeUsd ?? 0 }));
  return { amountOut: BigInt(best.amountOut), gasUsd: best.gasFee?.gasFeeUsd ?? 0, pathType: best.pathType, oneStep,
    path: describePath(best.path, to) };
}

/** A path's providers (+ between hops, with the intermediate token); a split's legs as "share% hops; share% hops". */
function describePath(path, to) {
  const legs = [];
  for (const s of path) {
    const hop = `${s.provider.name}${s.toToken.symbol === to ? "" : ` ${s.toToken.symbol}`}`;
    const last = legs.at(-1);
    if (last && last.leg === s.leg) last.hops.push(hop);
    else legs.push({ leg: s.leg, share: s.shareBps, hops: [hop] });
  }
  return legs.map((l) => `${l.share === undefined ? "" : `${l.share / 100}% `}${l.hops.join(" + ")}`).join("; ");
}

/**
 * The gas in USD of a swap through the best single pool on Junction's router: that of the one-step route of /quote's
 * data delivering the same amountOut (the same pool), else the cheapest one-step route's (a lower gas makes the single
 * pool's net value higher, so the comparison is never in Junction's favour), else Junction's own route's.
 */
function singleGasUsd(j, singleOut) {
  const same = j.oneStep.find((r) => r.amountOut === singleOut);
  if (same) return same.gasUsd;
  return j.oneStep.length ? Math.min(...j.oneStep.map((r) => r.gasUsd)) : j.gasUsd;
}

const ratioBp = (a, b) => (b === 0n ? NaN : Number(((a - b) * 1_000_000n) / b) / 100);
const pct = (a, b) => (b === 0n ? NaN : Number((a * 1_000_000n) / b) / 10_000);
const rows = [];
for (const pair of values.pairs.split(",")) {
  const [a, b] = pair.split("/");
  for (const [from, to] of [[a, b], [b, a]]) {
    const quoters = await pairQuoters(provider, chain, chain.tokens[from], chain.tokens[to]);
    for (const usd of sizes) {
      const amountIn = units(from, usd);
      const j = await junctionQuote(from, to, amountIn);
      const blockTag = await provider.getBlockNumber();
      const single = await bestSinglePool(quoters, amountIn, { blockTag });
      const optimum = await referenceOptimum(quoters, amountIn, { blockTag });
      const outUsd = (x) => (Number(x) / 10 ** decimals[to]) * reference[to];
      const row = { pair: `${from}->${to}`, usd, amountIn: String(amountIn), pools: quoters.length,
        junction: j.error ?? String(j.amountOut), junctionPath: j.path, junctionGasUsd: j.gasUsd,
        single: String(single.amountOut), singlePool: single.name, optimum: String(optimum.amountOut),
        optimumPools: optimum.allocation.filter((x) => x.amountIn > 0n).length,
        splitGainBp: ratioBp(optimum.amountOut, single.amountOut),
        junctionVsSingleBp: j.error ? NaN : ratioBp(j.amountOut, single.amountOut),
        junctionOfOptimumPct: j.error ? NaN : pct(j.amountOut, optimum.amountOut),
        // "never below the best single path net of gas": Junction's output in USD less its route's gas, against the
        // best single pool's output in USD less the gas of a one-step route through it on Junction's router
        // (singleGasUsd); a split's extra gas has to come out of its gain.
        junctionOutUsd: j.error ? NaN : outUsd(j.amountOut),
        singleGasUsd: j.error ? NaN : singleGasUsd(j, single.amountOut),
        netVsSingleUsd: NaN,
        belowSingleNetOfGas: true };
      if (!j.error) {
        row.netVsSingleUsd = row.junctionOutUsd - j.gasUsd - (outUsd(single.amountOut) - row.singleGasUsd);
        // equal amounts and gas (the same one-pool route) are equal, not below, whatever the floating point says
        row.belowSingleNetOfGas = !(j.amountOut === single.amountOut && j.gasUsd === row.singleGasUsd)
          && row.netVsSingleUsd < 0;
      }
      rows.push(row);
      process.stderr.write(`${row.pair} $${usd}: junction ${row.junction} single ${row.single} optimum ${row.optimum}\n`);
    }
  }
}
provider.destroy();

const fmt = (x, d = 2) => (Number.isNaN(x) ? "n/a" : x.toFixed(d));
const money = (usd) => (usd >= 1e6 ? `$${usd / 1e6}M` : `$${usd / 1e3}k`);
const lines = [
  `Chain ${chainId}, ${new Date().toISOString().slice(0, 10)}; amounts in the output token's smallest units.`, "",
  "| trade | size | pools | Junction amountOut (path) | best single pool | reference optimum (pools used) "
    + "| split gain | Junction vs single | net of gas vs single | Junction / optimum | target |",
  "|---|---|---|---|---|---|---|---|---|---|---|"];
for (const r of rows) {
  const targets = [];
  if (r.belowSingleNetOfGas) targets.push("below single net of gas");
  if (r.usd >= 100_000 && !(r.junctionOfOptimumPct >= 99.9)) targets.push("< 99.9% of optimum");
  lines.push(`| ${r.pair} | ${money(r.usd)} | ${r.pools} | ${r.junction} (${r.junctionPath ?? "-"}) | ${r.single} `
    + `(${r.singlePool}) | ${r.optimum} (${r.optimumPools}) | ${fmt(r.splitGainBp)} bp | ${fmt(r.junctionVsSingleBp)} bp `
    + `| ${r.netVsSingleUsd >= 0 ? "+" : ""}$${fmt(r.netVsSingleUsd)} | ${fmt(r.junctionOfOptimumPct, 3)}% | ${targets.length ? `missed: ${targets.join(", ")}` : "met"} |`);
}
const missed = rows.filter((r) => r.belowSingleNetOfGas || (r.usd >= 100_000 && !(r.junctionOfOptimumPct >= 99.9)));
lines.push("", `${rows.length - missed.length} of ${rows.length} rows meet both targets `
  + "(never below the best single pool net of gas; >= 99.9% of the optimum from $100k).");
process.stdout.write(`${lines.join("\n")}\n`);
if (values.json) {
  writeFileSync(values.json, JSON.stringify(rows, (k, v) => (typeof v === "bigint" ? String(v) : v), 1));
}
