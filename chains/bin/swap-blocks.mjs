#!/usr/bin/env node
// node chains/bin/swap-blocks.mjs --rpc URL --market FILE [--swaps 100] [--block-ms 250] [--seconds 30] [--seed 38]
// The block driver of bench/fresh-quote.sh (issue 38): on the synthetic market of synthetic-market.mjs (its printed
// JSON in FILE), with anvil's automine off, every --block-ms one block of --swaps random swaps from anvil's unlocked
// dev account 0 (Router02.swapExactTokensForTokens on a random V2 pair, SwapRouter.exactInputSingle on a random V3
// pool, 0.01 to 5 whole tokens, either direction): one JSON-RPC batch of eth_sendTransaction, then evm_mine. Runs for
// --seconds or until SIGTERM/SIGINT, turns automine back on. Prints "started" on stdout once the first block is
// mined, then at the end ONE JSON line: {blocks, late, firstBlock, lastBlock, mineMs: {p50, p99, max}} (late: blocks
// whose send + mine took longer than --block-ms, so the next one started late; the chain then moves slower than asked).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ethers } from "ethers";

const { values } = parseArgs({ options: {
  rpc: { type: "string" }, market: { type: "string" }, swaps: { type: "string", default: "100" },
  "block-ms": { type: "string", default: "250" }, seconds: { type: "string", default: "30" },
  seed: { type: "string", default: "38" },
} });
if (!values.rpc || !values.market) {
  console.error("usage: swap-blocks.mjs --rpc URL --market FILE [--swaps N] [--block-ms MS] [--seconds S] [--seed S]");
  process.exit(2);
}
const market = JSON.parse(readFileSync(values.market, "utf8"));
const swaps = Number(values.swaps);
const blockMs = Number(values["block-ms"]);
const DEV0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"; // anvil's public dev account 0 (unlocked)
const DEADLINE = 4_000_000_000n;

let seed = Number(values.seed) >>> 0;
function random() { // mulberry32, as synthetic-market.mjs
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

let rpcId = 0;
async function rpc(calls) {
  const body = calls.map(([method, params]) => ({ jsonrpc: "2.0", id: ++rpcId, method, params }));
  const r = await fetch(values.rpc, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(body) });
  const answers = await r.json();
  for (const a of answers) {
    if (a.error) throw new Error(`JSON-RPC error: ${JSON.stringify(a.error)}`);
  }
  return answers.sort((a, b) => a.id - b.id).map((a) => a.result);
}

const router02 = new ethers.Interface([
  "function swapExactTokensForTokens(uint256,uint256,address[],address,uint256)"]);
const swapRouter = new ethers.Interface([
  "function exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))"]);

function swap() {
  const flip = random() < 0.5;
  const amount = 10n ** 16n * BigInt(1 + Math.floor(random() * 500));
  if (random() < 0.5 && market.pairs.length > 0) {
    const p = market.pairs[Math.floor(random() * market.pairs.length)];
    const path = flip ? [p.b, p.a] : [p.a, p.b];
    return { to: market.v2.router02,
      data: router02.encodeFunctionData("swapExactTokensForTokens", [amount, 0n, path, DEV0, DEADLINE]) };
  }
  const p = market.pools[Math.floor(random() * market.pools.length)];
  const [a, b] = flip ? [p.b, p.a] : [p.a, p.b];
  return { to: market.v3.swapRouter,
    data: swapRouter.encodeFunctionData("exactInputSingle", [[a, b, p.fee, DEV0, DEADLINE, amount, 0n, 0n]]) };
}

let stop = false;
process.on("SIGTERM", () => { stop = true; });
process.on("SIGINT", () => { stop = true; });

await rpc([["evm_setAutomine", [false]]]);
const firstBlock = Number(BigInt((await rpc([["eth_blockNumber", []]]))[0])) + 1;
let [nonceHex] = await rpc([["eth_getTransactionCount", [DEV0, "pending"]]]);
let nonce = Number(BigInt(nonceHex));
const end = Date.now() + Number(values.seconds) * 1000;
let next = performance.now();
let blocks = 0;
let late = 0;
const mineMs = [];
try {
  while (!stop && Date.now() < end) {
    const t0 = performance.now();
    const txs = [];
    for (let i = 0; i < swaps; i++) {
      const s = swap();
      txs.push(["eth_sendTransaction", [{ from: DEV0, to: s.to, data: s.data, gas: "0x1e8480",
        nonce: ethers.toQuantity(nonce++) }]]);
    }
    await rpc(txs);
    await rpc([["evm_mine", []]]);
    mineMs.push(performance.now() - t0);
    if (blocks++ === 0) console.log("started");
    next += blockMs;
    const wait = next - performance.now();
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    } else {
      late++;
      next = performance.now(); // do not fire a burst of blocks to catch up
    }
  }
} finally {
  await rpc([["evm_setAutomine", [true]]]);
}
const lastBlock = Number(BigInt((await rpc([["eth_blockNumber", []]]))[0]));
mineMs.sort((x, y) => x - y);
const pct = (p) => (mineMs.length ? mineMs[Math.min(mineMs.length - 1, Math.ceil(p * mineMs.length) - 1)] : 0);
console.log(JSON.stringify({ blocks, late, firstBlock, lastBlock,
  mineMs: { p50: +pct(0.5).toFixed(1), p99: +pct(0.99).toFixed(1), max: +pct(1).toFixed(1) } }));
