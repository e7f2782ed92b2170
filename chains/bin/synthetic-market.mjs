#!/usr/bin/env node
// node chains/bin/synthetic-market.mjs --rpc URL [--v2 1000] [--v3 1000] [--v4 0] [--balancer 0] [--tokens N]
//   [--seed 14]
// A large market for chain mode's benchmark (issue 14 "Speed and cost") on an automining anvil started with
// --disable-block-gas-limit (or a large --gas-limit): N test tokens (UMA's ExpandedERC20, as lib/protocols.mjs), the
// real Uniswap V2 (Factory, Router02) and V3 (Factory, NonfungiblePositionManager, SwapRouter) bytecode from npm,
// then `--v2` pairs through Router02.addLiquidity and `--v3` pools (fee 3000) through the position manager, each V3
// pool with three positions (full range, about ±20% and ±2%) so swaps cross initialized ticks. Fast: the thousands
// of pool transactions go as JSON-RPC batches of eth_sendTransaction from anvil's unlocked dev account 0 with an
// explicit gas limit (no estimate, no signing in Node); anvil mines each at once. Prints ONE JSON object on stdout:
// {tokens: [address...], weth, v2: {factory, router02}, v3: {factory, positionManager, swapRouter, quoterV2},
//  pairs: [{pair, a, b}], pools: [{pool, a, b, fee}], seconds, transactions}.
// Options for issue 36's figures: `--v4 N` hookless Uniswap V4 pools (fee 3000, spacing 60, the same three positions;
// v4-core 1.0.2's PoolManager and its test routers and v4-periphery 1.0.3's StateView, read from contracts/'s
// node_modules, where the contracts build installs them), answered as v4: {poolManager, stateView, swapRouter,
// liquidityRouter}, v4pools: [{id, a, b, fee, spacing}]; `--balancer N` Balancer V2 weighted 50/50 pools (lib/
// balancerv2.mjs, fee 0.3%), answered as balancer: {vault, weightedPoolFactory, ...}, balancerPools: [{pool, poolId,
// a, b}].
import { parseArgs } from "node:util";
import { ethers } from "ethers";
import { readFileSync } from "node:fs";
import { abiOf, anvilSigner, deployCore, deployToken, deployUniswapV2, deployUniswapV3, sqrtPriceX96For }
  from "../lib/protocols.mjs";
import { createWeightedPool, deployBalancerV2 } from "../lib/balancerv2.mjs";

const DEV0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const { values } = parseArgs({ options: {
  rpc: { type: "string" }, v2: { type: "string", default: "1000" }, v3: { type: "string", default: "1000" },
  v4: { type: "string", default: "0" }, balancer: { type: "string", default: "0" },
  tokens: { type: "string" }, seed: { type: "string", default: "14" },
} });
if (!values.rpc) {
  console.error("usage: synthetic-market.mjs --rpc URL [--v2 N] [--v3 N] [--tokens N] [--seed S]");
  process.exit(2);
}
const nV2 = Number(values.v2);
const nV3 = Number(values.v3);
const nV4 = Number(values.v4);
const nBalancer = Number(values.balancer);
const pairsNeeded = Math.max(nV2, nV3, nV4, nBalancer);
// Pools go on distinct token pairs: the smallest token count with n(n-1)/2 >= the pools of one kind.
let nTokens = Number(values.tokens ?? 0);
while (nTokens * (nTokens - 1) / 2 < pairsNeeded) nTokens++;
const say = (m) => process.stderr.write(`synthetic-market: ${m}\n`);

let seed = Number(values.seed) >>> 0;
function random() { // mulberry32: the same market for the same seed
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

let rpcId = 0;
async function rpcBatch(calls) {
  const out = [];
  for (let i = 0; i < calls.length; i += 500) {
    const chunk = calls.slice(i, i + 500).map(([method, params]) => ({ jsonrpc: "2.0", id: ++rpcId, method, params }));
    const r = await fetch(values.rpc, { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(chunk) });
    const answers = await r.json();
    const byId = new Map(answers.map((a) => [a.id, a]));
    for (const c of chunk) {
      const a = byId.get(c.id);
      if (!a || a.error) throw new Error(`${c.method} failed: ${JSON.stringify(a?.error ?? "no answer")}`);
      out.push(a.result);
    }
  }
  return out;
}

let transactions = 0;
/**
 * Sends transactions from dev account 0 as JSON-RPC batches into anvil's pool with automine off, then mines them in
 * one block (anvil started with --disable-block-gas-limit), and checks every receipt's status.
 */
async function sendAll(me, txs) {
  for (let from = 0; from < txs.length; from += 1000) {
    const part = txs.slice(from, from + 1000);
    await rpcBatch([["evm_setAutomine", [false]]]);
    let nonce = Number(await rpcBatch([["eth_getTransactionCount", [me, "pending"]]]).then((r) => r[0]));
    const hashes = await rpcBatch(part.map((t) => ["eth_sendTransaction", [{ from: me, to: t.to, data: t.data,
      gas: ethers.toQuantity(t.gas ?? 3_000_000), nonce: ethers.toQuantity(nonce++) }]]));
    await rpcBatch([["evm_mine", []]]);
    await rpcBatch([["evm_setAutomine", [true]]]);
    transactions += hashes.length;
    const receipts = await rpcBatch(hashes.map((h) => ["eth_getTransactionReceipt", [h]]));
    receipts.forEach((r, i) => {
      if (!r || r.status !== "0x1") {
        throw new Error(`transaction ${from + i} (${part[i].what}) ${r ? "reverted" : "not mined"}: ${hashes[i]}`);
      }
    });
  }
}

const started = Date.now();
const probe = new ethers.JsonRpcProvider(values.rpc);
const chainId = Number((await probe.getNetwork()).chainId);
probe.destroy();
const signer = anvilSigner(values.rpc, chainId, DEV0);
const me = await signer.getAddress();
const core = await deployCore(signer);
const v2 = await deployUniswapV2(signer, core.weth);
const v3 = await deployUniswapV3(signer, core.weth);
/** A v4-core or v4-periphery Foundry artifact from contracts/'s node_modules. */
function v4Artifact(pkg, file, name) {
  const dir = pkg === "core" ? "v4-core/out" : "v4-periphery/foundry-out";
  const a = JSON.parse(readFileSync(new URL(`../../contracts/node_modules/@uniswap/${dir}/${file}/${name}.json`,
    import.meta.url), "utf8"));
  return { abi: a.abi, bytecode: a.bytecode.object };
}
async function deployV4(name, pkg, file, args) {
  const { abi, bytecode } = v4Artifact(pkg, file, name);
  const c = await new ethers.ContractFactory(abi, bytecode, signer).deploy(...args);
  await c.waitForDeployment();
  return c.getAddress();
}
let v4 = null;
if (nV4 > 0) {
  const poolManager = await deployV4("PoolManager", "core", "PoolManager.sol", [me]);
  v4 = { poolManager,
    stateView: await deployV4("StateView", "periphery", "StateView.sol", [poolManager]),
    liquidityRouter: await deployV4("PoolModifyLiquidityTest", "core", "PoolModifyLiquidityTest.sol", [poolManager]),
    swapRouter: await deployV4("PoolSwapTest", "core", "PoolSwapTest.sol", [poolManager]) };
}
const balancer = nBalancer > 0 ? await deployBalancerV2(signer, core.weth) : null;
say(`core, Uniswap V2 and V3${v4 ? ", V4" : ""}${balancer ? ", Balancer V2" : ""} deployed; ${nTokens} tokens next`);

// Tokens: deployed through ethers (few), all 18 decimals but priced differently.
const erc20 = new ethers.Interface(abiOf("ExpandedERC20"));
const tokens = [];
for (let i = 0; i < nTokens; i++) {
  const t = await deployToken(signer, { symbol: `T${i}`, name: `Synthetic ${i}`, decimals: 18 });
  tokens.push({ ...t, price: 10 ** (random() * 4 - 1) }); // $0.1 .. $1,000
}
const huge = 10n ** 40n;
const setup = [];
for (const t of tokens) {
  setup.push({ to: t.address, data: erc20.encodeFunctionData("mint", [me, huge]), what: "mint" });
  for (const spender of [v2.router02, v3.positionManager, v3.swapRouter,
    ...(v4 ? [v4.liquidityRouter, v4.swapRouter] : []), ...(balancer ? [balancer.vault] : [])]) {
    setup.push({ to: t.address, data: erc20.encodeFunctionData("approve", [spender, ethers.MaxUint256]),
      what: "approve" });
  }
}
await sendAll(me, setup);

const pairsOf = [];
for (let i = 0; i < nTokens; i++) for (let j = i + 1; j < nTokens; j++) pairsOf.push([i, j]);
const deadline = 4_000_000_000n;
const unit = 10n ** 18n;
/** Whole-token amount worth `usd` of token i, smallest units. */
const worth = (i, usd) => BigInt(Math.floor((usd / tokens[i].price) * 1e6)) * (unit / 1_000_000n);

// V2: addLiquidity creates the pair; $1m to $5m a side.
const router02 = new ethers.Interface(abiOf("UniswapV2Router02"));
const v2Txs = [];
const v2Pairs = pairsOf.slice(0, nV2);
for (const [i, j] of v2Pairs) {
  const usd = 1e6 * (1 + 4 * random());
  v2Txs.push({ to: v2.router02, gas: 4_000_000, what: `V2 ${i}/${j}`, data: router02.encodeFunctionData(
    "addLiquidity", [tokens[i].address, tokens[j].address, worth(i, usd), worth(j, usd), 0n, 0n, me, deadline]) });
}
await sendAll(me, v2Txs);
say(`${nV2} V2 pairs created`);

// V3: create + initialize at the tokens' relative price, then three positions each.
const npm = new ethers.Interface(abiOf("NonfungiblePositionManager"));
const FEE = 3000;
const SPACING = 60;
const createTxs = [];
const mintTxs = [];
const v3Pairs = pairsOf.slice(0, nV3);
for (const [i, j] of v3Pairs) {
  const a = tokens[i];
  const b = tokens[j];
  const aIs0 = BigInt(a.address) < BigInt(b.address);
  const [t0, t1] = aIs0 ? [a, b] : [b, a];
  const sqrtPriceX96 = sqrtPriceX96For({ tokenA: t0, tokenB: t1, priceAInB: (t0.price / t1.price).toPrecision(12) });
  createTxs.push({ to: v3.positionManager, gas: 6_000_000, what: `V3 create ${i}/${j}`,
    data: npm.encodeFunctionData("createAndInitializePoolIfNecessary", [t0.address, t1.address, FEE, sqrtPriceX96]) });
  const tick = Math.floor(Math.log((Number(sqrtPriceX96) / 2 ** 96) ** 2) / Math.log(1.0001));
  const usd = 1e6 * (1 + 4 * random());
  const t0Index = aIs0 ? i : j;
  const t1Index = aIs0 ? j : i;
  for (const [halfWidth, share] of [[null, 0.4], [0.2, 0.3], [0.02, 0.3]]) {
    let lower, upper;
    if (halfWidth == null) {
      lower = Math.ceil(-887272 / SPACING) * SPACING;
      upper = Math.floor(887272 / SPACING) * SPACING;
    } else {
      const w = Math.log(1 + halfWidth) / Math.log(1.0001);
      lower = Math.floor((tick - w) / SPACING) * SPACING;
      upper = Math.ceil((tick + w) / SPACING) * SPACING;
    }
    mintTxs.push({ to: v3.positionManager, gas: 1_500_000, what: `V3 mint ${i}/${j}`,
      data: npm.encodeFunctionData("mint", [{ token0: t0.address, token1: t1.address, fee: FEE, tickLower: lower,
        tickUpper: upper, amount0Desired: worth(t0Index, usd * share), amount1Desired: worth(t1Index, usd * share),
        amount0Min: 0n, amount1Min: 0n, recipient: me, deadline }]) });
  }
}
await sendAll(me, createTxs);
say(`${nV3} V3 pools created`);
await sendAll(me, mintTxs);
say(`${mintTxs.length} V3 positions minted`);

// V4: initialize at the tokens' relative price, then three positions each (liquidity sqrt(amount0 * amount1) of the
// position's share: a narrow range holds fewer tokens for the same liquidity).
const KEY = "(address,address,uint24,int24,address)";
const pm = new ethers.Interface([`function initialize(${KEY} key, uint160 sqrtPriceX96) returns (int24)`]);
const lr = new ethers.Interface([`function modifyLiquidity(${KEY} key, (int24,int24,int256,bytes32) params, `
  + "bytes hookData) payable returns (int256)"]);
const v4Pairs = pairsOf.slice(0, nV4);
const v4Pools = [];
if (v4) {
  const initTxs = [];
  const liquidityTxs = [];
  const sqrt = (v) => { // integer square root (Newton's method from above)
    if (v < 2n) return v;
    let x = BigInt(Math.ceil(Math.sqrt(Number(v)))) + 1n;
    for (let y = (x + v / x) / 2n; y < x; y = (x + v / x) / 2n) x = y;
    return x;
  };
  for (const [i, j] of v4Pairs) {
    const a = tokens[i];
    const b = tokens[j];
    const aIs0 = BigInt(a.address) < BigInt(b.address);
    const [t0, t1] = aIs0 ? [a, b] : [b, a];
    const key = [t0.address, t1.address, FEE, SPACING, ethers.ZeroAddress];
    const sqrtPriceX96 = sqrtPriceX96For({ tokenA: t0, tokenB: t1, priceAInB: (t0.price / t1.price).toPrecision(12) });
    initTxs.push({ to: v4.poolManager, gas: 1_000_000, what: `V4 initialize ${i}/${j}`,
      data: pm.encodeFunctionData("initialize", [key, sqrtPriceX96]) });
    const tick = Math.floor(Math.log((Number(sqrtPriceX96) / 2 ** 96) ** 2) / Math.log(1.0001));
    const usd = 1e6 * (1 + 4 * random());
    const t0Index = aIs0 ? i : j;
    const t1Index = aIs0 ? j : i;
    for (const [halfWidth, share] of [[null, 0.4], [0.2, 0.3], [0.02, 0.3]]) {
      let lower, upper;
      if (halfWidth == null) {
        lower = Math.ceil(-887272 / SPACING) * SPACING;
        upper = Math.floor(887272 / SPACING) * SPACING;
      } else {
        const w = Math.log(1 + halfWidth) / Math.log(1.0001);
        lower = Math.floor((tick - w) / SPACING) * SPACING;
        upper = Math.ceil((tick + w) / SPACING) * SPACING;
      }
      const liquidity = sqrt(worth(t0Index, usd * share) * worth(t1Index, usd * share));
      liquidityTxs.push({ to: v4.liquidityRouter, gas: 1_500_000, what: `V4 liquidity ${i}/${j}`,
        data: lr.encodeFunctionData("modifyLiquidity", [key, [lower, upper, liquidity, ethers.ZeroHash], "0x"]) });
    }
    v4Pools.push({ id: ethers.keccak256(ethers.AbiCoder.defaultAbiCoder().encode(
      ["address", "address", "uint24", "int24", "address"], key)), a: a.address, b: b.address, fee: FEE,
      spacing: SPACING });
  }
  await sendAll(me, initTxs);
  await sendAll(me, liquidityTxs);
  say(`${nV4} V4 pools initialized, ${liquidityTxs.length} positions`);
}

// Balancer V2: weighted 50/50 pools ($1m to $5m a side), created and joined one by one through the signer (its nonce
// re-read: the batches above sent from the same account).
const balancerPools = [];
signer.reset();
for (const [i, j] of pairsOf.slice(0, nBalancer)) {
  const usd = 1e6 * (1 + 4 * random());
  const created = await createWeightedPool(signer, { balancer, tokens: [tokens[i].address, tokens[j].address],
    weights: [10n ** 17n * 5n, 10n ** 17n * 5n], amounts: [worth(i, usd), worth(j, usd)], swapFee: 3n * 10n ** 15n,
    name: `W${i}-${j}` });
  balancerPools.push({ pool: created.pool, poolId: created.poolId, a: tokens[i].address, b: tokens[j].address });
}
if (balancer) say(`${nBalancer} Balancer weighted pools created`);

const f2 = new ethers.Interface(abiOf("UniswapV2Factory"));
const f3 = new ethers.Interface(abiOf("UniswapV3Factory"));
const pairAddrs = await rpcBatch(v2Pairs.map(([i, j]) => ["eth_call", [{ to: v2.factory,
  data: f2.encodeFunctionData("getPair", [tokens[i].address, tokens[j].address]) }, "latest"]]));
const poolAddrs = await rpcBatch(v3Pairs.map(([i, j]) => ["eth_call", [{ to: v3.factory,
  data: f3.encodeFunctionData("getPool", [tokens[i].address, tokens[j].address, FEE]) }, "latest"]]));
const result = {
  chainId, weth: core.weth, multicall3: core.multicall3,
  tokens: tokens.map((t) => t.address),
  v2: { factory: v2.factory, router02: v2.router02 },
  v3: { factory: v3.factory, positionManager: v3.positionManager, swapRouter: v3.swapRouter, quoterV2: v3.quoterV2 },
  pairs: v2Pairs.map(([i, j], k) => ({ pair: ethers.getAddress(ethers.dataSlice(pairAddrs[k], 12)),
    a: tokens[i].address, b: tokens[j].address })),
  pools: v3Pairs.map(([i, j], k) => ({ pool: ethers.getAddress(ethers.dataSlice(poolAddrs[k], 12)),
    a: tokens[i].address, b: tokens[j].address, fee: FEE })),
  ...(v4 ? { v4, v4pools: v4Pools } : {}),
  ...(balancer ? { balancer, balancerPools } : {}),
  seconds: (Date.now() - started) / 1000,
  transactions,
};
say(`done in ${result.seconds} s, ${transactions} batched transactions`);
// Exit once the JSON is flushed: process.exit() right after a large write to a pipe can cut it short.
process.stdout.write(`${JSON.stringify(result)}\n`, () => {
  signer.provider.destroy();
  process.exit(0);
});
