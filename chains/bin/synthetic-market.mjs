#!/usr/bin/env node
// node chains/bin/synthetic-market.mjs --rpc URL [--v2 1000] [--v3 1000] [--v4 0] [--balancer 0] [--tokens N] [--seed 14]
// A large market for chain mode's benchmark (issue 14 "Speed and cost") on an automining anvil started with
// --disable-block-gas-limit (or a large --gas-limit): N test tokens (UMA's ExpandedERC20, as lib/protocols.mjs), the
// real Uniswap V2 (Factory, Router02) and V3 (Factory, NonfungiblePositionManager, SwapRouter) bytecode from npm,
// then `--v2` pairs through Router02.addLiquidity and `--v3` pools (fee 3000) through the position manager, each V3
// pool with three positions (full range, about ±20% and ±2%) so swaps cross initialized ticks. Fast: the thousands
// of pool transactions go as JSON-RPC batches of eth_sendTransaction from anvil's unlocked dev account 0 with an
// explicit gas limit (no estimate, no signing in Node); anvil mines each at once.
// Issue 36: `--v4 N` adds Uniswap V4 (v4-core 1.0.2's PoolManager and test routers, v4-periphery 1.0.3's StateView,
// read from contracts/node_modules) and N hookless pools on the customary fee/tickSpacing keys (100/1, 500/10,
// 3000/60, 10000/200, the keys chain mode's cold load looks up), every fifth one native ETH/token (WETH is then a
// listed token and the chain's wrapped native), with V3's three positions; `--balancer M` adds Balancer V2
// (lib/balancerv2.mjs's Vault and factories from @balancer-labs/v2-deployments 3.2.0) and M pools through the
// factories, initialised by a Vault INIT join: every third a composable stable pool of two or three of the first
// five tokens (priced $1 when there are such pools), the others weighted 50/50 or 80/20 pairs. Prints ONE JSON object
// on stdout: {tokens: [address...], weth, v2: {factory, router02}, v3: {factory, positionManager, swapRouter,
// quoterV2}, pairs: [{pair, a, b}], pools: [{pool, a, b, fee}], seconds, transactions}, and with --v4 / --balancer
// also wrappedNative, v4: {poolManager, stateView, swapTest, modifyLiquidityTest}, v4pools: [{id, currency0,
// currency1, fee, tickSpacing, native}], balancer: {vault, weightedPoolFactory, composableStablePoolFactory},
// balancerPools: [{pool, poolId, kind, tokens}] (tokens without the BPT).
import { parseArgs } from "node:util";
import { ethers } from "ethers";
import { readFileSync } from "node:fs";
import { abiOf, anvilSigner, balancerAbi, deployBalancerV2, deployCore, deployToken, deployUniswapV2,
  deployUniswapV3, sqrtPriceX96For } from "../lib/protocols.mjs";

const DEV0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const { values } = parseArgs({ options: {
  rpc: { type: "string" }, v2: { type: "string", default: "1000" }, v3: { type: "string", default: "1000" },
  v4: { type: "string", default: "0" }, balancer: { type: "string", default: "0" },
  tokens: { type: "string" }, seed: { type: "string", default: "14" },
} });
if (!values.rpc) {
  console.error("usage: synthetic-market.mjs --rpc URL [--v2 N] [--v3 N] [--v4 N] [--balancer M] [--tokens N] [--seed S]");
  process.exit(2);
}
const nV2 = Number(values.v2);
const nV3 = Number(values.v3);
const nV4 = Number(values.v4);
const nBalancer = Number(values.balancer);
const pairsNeeded = Math.max(nV2, nV3, Math.ceil(nV4 / 4), nBalancer);
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
  const all = [];
  for (let from = 0; from < txs.length; from += 1000) {
    const part = txs.slice(from, from + 1000);
    await rpcBatch([["evm_setAutomine", [false]]]);
    let nonce = Number(await rpcBatch([["eth_getTransactionCount", [me, "pending"]]]).then((r) => r[0]));
    const hashes = await rpcBatch(part.map((t) => ["eth_sendTransaction", [{ from: me, to: t.to, data: t.data,
      gas: ethers.toQuantity(t.gas ?? 3_000_000), nonce: ethers.toQuantity(nonce++),
      ...(t.value ? { value: ethers.toQuantity(t.value) } : {}) }]]));
    await rpcBatch([["evm_mine", []]]);
    await rpcBatch([["evm_setAutomine", [true]]]);
    transactions += hashes.length;
    const receipts = await rpcBatch(hashes.map((h) => ["eth_getTransactionReceipt", [h]]));
    receipts.forEach((r, i) => {
      if (!r || r.status !== "0x1") {
        throw new Error(`transaction ${from + i} (${part[i].what}) ${r ? "reverted" : "not mined"}: ${hashes[i]}`);
      }
    });
    all.push(...receipts);
  }
  return all;
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
say(`core, Uniswap V2 and V3 deployed; ${nTokens} tokens next`);

// Tokens: deployed through ethers (few), all 18 decimals but priced differently.
const erc20 = new ethers.Interface(abiOf("ExpandedERC20"));
const tokens = [];
for (let i = 0; i < nTokens; i++) {
  const t = await deployToken(signer, { symbol: `T${i}`, name: `Synthetic ${i}`, decimals: 18 });
  tokens.push({ ...t, price: 10 ** (random() * 4 - 1) }); // $0.1 .. $1,000
}
// Composable stable pools hold the first five tokens, then worth $1 each (only then: the V2/V3-only market is as before)
const nStable = Math.floor(nBalancer / 3);
const stables = nStable > 0 ? tokens.slice(0, Math.min(5, nTokens)) : [];
for (const t of stables) t.price = 1;
const ETH_USD = 2000;
const nNative = Math.floor(nV4 / 5);

const huge = 10n ** 40n;
// Uniswap V4 from npm (contracts/node_modules: the chains package does not install it)
const V4_CORE = new URL("../../contracts/node_modules/@uniswap/v4-core/out/", import.meta.url);
const V4_PERIPHERY = new URL("../../contracts/node_modules/@uniswap/v4-periphery/foundry-out/", import.meta.url);
const v4Artifact = (root, name) => {
  const a = JSON.parse(readFileSync(new URL(`${name}.sol/${name}.json`, root), "utf8"));
  return { abi: a.abi, bytecode: a.bytecode.object };
};
async function deployV4(name, root, args) {
  const { abi, bytecode } = v4Artifact(root, name);
  const c = await new ethers.ContractFactory(abi, bytecode, signer).deploy(...args);
  await c.waitForDeployment();
  return c.getAddress();
}
let v4 = null;
if (nV4 > 0) {
  const poolManager = await deployV4("PoolManager", V4_CORE, [me]);
  v4 = { poolManager, stateView: await deployV4("StateView", V4_PERIPHERY, [poolManager]),
    swapTest: await deployV4("PoolSwapTest", V4_CORE, [poolManager]),
    modifyLiquidityTest: await deployV4("PoolModifyLiquidityTest", V4_CORE, [poolManager]) };
  say("Uniswap V4 deployed");
}
const balancer = nBalancer > 0 ? await deployBalancerV2(signer, core.weth) : null;
if (balancer) say("Balancer V2 deployed");
const extraSpenders = [...(v4 ? [v4.swapTest, v4.modifyLiquidityTest] : []), ...(balancer ? [balancer.vault] : [])];
const setup = [];
for (const t of tokens) {
  setup.push({ to: t.address, data: erc20.encodeFunctionData("mint", [me, huge]), what: "mint" });
  for (const spender of [v2.router02, v3.positionManager, v3.swapRouter, ...extraSpenders]) {
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

/** A copy of `list` shuffled by the market's random stream (Fisher-Yates). */
function shuffled(list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// V4: hookless pools on the customary keys, initialized at the tokens' relative price, V3's three positions each.
const V4_KEYS = [[100, 1], [500, 10], [3000, 60], [10000, 200]];
const MAX_TICK = 887272;
const v4Pools = [];
if (v4) {
  const pm = new ethers.Interface(v4Artifact(V4_CORE, "PoolManager").abi);
  const ml = new ethers.Interface(v4Artifact(V4_CORE, "PoolModifyLiquidityTest").abi);
  const eth = { address: ethers.ZeroAddress, decimals: 18, price: ETH_USD };
  const order = shuffled(pairsOf.map((p, k) => k));
  const specs = [];
  for (let q = 0; q < nNative; q++) {
    const t = q % nTokens;
    specs.push({ a: -1, b: t, key: V4_KEYS[(t + Math.floor(q / nTokens)) % 4] });
  }
  for (let q = 0; q < nV4 - nNative; q++) {
    const k = order[q % order.length];
    specs.push({ a: pairsOf[k][0], b: pairsOf[k][1], key: V4_KEYS[(k + Math.floor(q / order.length)) % 4] });
  }
  if (nV4 - nNative > 4 * pairsOf.length || nNative > 4 * nTokens) throw new Error(`--v4 ${nV4}: too many pools`);
  const initTxs = [];
  const liquidityTxs = [];
  const coder = ethers.AbiCoder.defaultAbiCoder();
  for (const { a, b, key: [fee, spacing] } of specs) {
    const ta = a < 0 ? eth : tokens[a];
    const tb = tokens[b];
    const aIs0 = BigInt(ta.address) < BigInt(tb.address);
    const [t0, t1] = aIs0 ? [ta, tb] : [tb, ta];
    const key = { currency0: t0.address, currency1: t1.address, fee, tickSpacing: spacing, hooks: ethers.ZeroAddress };
    const sqrtPriceX96 = sqrtPriceX96For({ tokenA: t0, tokenB: t1, priceAInB: (t0.price / t1.price).toPrecision(12) });
    initTxs.push({ to: v4.poolManager, gas: 1_000_000, what: `V4 initialize ${a}/${b} ${fee}`,
      data: pm.encodeFunctionData("initialize", [key, sqrtPriceX96]) });
    const s = Number(sqrtPriceX96) / 2 ** 96;
    const tick = Math.floor(Math.log(s * s) / Math.log(1.0001));
    const usd = 1e6 * (1 + 4 * random());
    for (const [halfWidth, share] of [[null, 0.4], [0.2, 0.3], [0.02, 0.3]]) {
      let lower, upper;
      if (halfWidth == null) {
        lower = Math.ceil(-MAX_TICK / spacing) * spacing;
        upper = Math.floor(MAX_TICK / spacing) * spacing;
      } else {
        const w = Math.log(1 + halfWidth) / Math.log(1.0001);
        lower = Math.floor((tick - w) / spacing) * spacing;
        upper = Math.ceil((tick + w) / spacing) * spacing;
      }
      // liquidity worth `usd * share`: amount0 = L (1/s - 1/sb), amount1 = L (s - sa), valued in token1's raw units
      const sa = Math.sqrt(1.0001 ** lower);
      const sb = Math.sqrt(1.0001 ** upper);
      const value1 = (usd * share / t1.price) * 1e18;
      const liquidity = value1 / ((1 / s - 1 / sb) * s * s + (s - sa));
      const amount0 = liquidity * (1 / s - 1 / sb);
      liquidityTxs.push({ to: v4.modifyLiquidityTest, gas: 1_500_000, what: `V4 liquidity ${a}/${b} ${fee}`,
        value: t0.address === ethers.ZeroAddress ? BigInt(Math.ceil(amount0 * 1.01)) + 10n ** 18n : 0n,
        data: ml.encodeFunctionData(
          "modifyLiquidity((address,address,uint24,int24,address),(int24,int24,int256,bytes32),bytes)",
          [key, { tickLower: lower, tickUpper: upper, liquidityDelta: BigInt(Math.floor(liquidity)),
            salt: ethers.ZeroHash }, "0x"]) });
    }
    v4Pools.push({ id: ethers.keccak256(coder.encode(["address", "address", "uint24", "int24", "address"],
      [key.currency0, key.currency1, fee, spacing, key.hooks])), currency0: key.currency0, currency1: key.currency1,
    fee, tickSpacing: spacing, native: key.currency0 === ethers.ZeroAddress });
  }
  if (nNative > 0) await rpcBatch([["anvil_setBalance", [me, ethers.toQuantity(10n ** 30n)]]]);
  await sendAll(me, initTxs);
  say(`${nV4} V4 pools initialized (${nNative} native ETH)`);
  await sendAll(me, liquidityTxs);
  say(`${liquidityTxs.length} V4 positions added`);
}

// Balancer V2: pools through the factories (CREATE: the pool's address comes from its PoolCreated log), then INIT
// joins through the Vault.
const balancerPools = [];
if (balancer) {
  const wf = new ethers.Interface(balancerAbi("WeightedPoolFactory"));
  const sf = new ethers.Interface(balancerAbi("ComposableStablePoolFactory"));
  const vault = new ethers.Interface(balancerAbi("Vault"));
  const pool = new ethers.Interface(balancerAbi("WeightedPool"));
  const created = ethers.id("PoolCreated(address)");
  const order = shuffled(pairsOf);
  const stableSets = [];
  for (let i = 0; i < stables.length; i++) {
    for (let j = i + 1; j < stables.length; j++) {
      stableSets.push([i, j]);
      for (let k = j + 1; k < stables.length; k++) stableSets.push([i, j, k]);
    }
  }
  const specs = [];
  let w = 0;
  for (let m = 0; m < nBalancer; m++) {
    if (m % 3 === 2 && stableSets.length > 0) {
      const set = stableSets[Math.floor(m / 3) % stableSets.length];
      specs.push({ kind: "composable-stable", idx: set, amp: m % 2 === 0 ? 200 : 1000,
        fee: m % 2 === 0 ? 10n ** 14n : 4n * 10n ** 14n });
    } else {
      const [i, j] = order[w++ % order.length];
      const weightI = w % 2 === 0 ? 5n * 10n ** 17n : 8n * 10n ** 17n;
      specs.push({ kind: "weighted", idx: [i, j], weights: [weightI, 10n ** 18n - weightI],
        fee: w % 2 === 0 ? 3n * 10n ** 15n : 10n ** 15n });
    }
  }
  const sortedIdx = (idx) => [...idx].sort((x, y) => (BigInt(tokens[x].address) < BigInt(tokens[y].address) ? -1 : 1));
  const createTxs = specs.map((p, m) => {
    const sorted = sortedIdx(p.idx);
    const addrs = sorted.map((i) => tokens[i].address);
    if (p.kind === "weighted") {
      const weights = sorted.map((i) => p.weights[p.idx.indexOf(i)]);
      return { to: balancer.weightedPoolFactory, gas: 12_000_000, what: `Balancer weighted ${m}`,
        data: wf.encodeFunctionData("create", [`W${m}`, `W${m}`, addrs, weights, addrs.map(() => ethers.ZeroAddress),
          p.fee, me]) };
    }
    return { to: balancer.composableStablePoolFactory, gas: 15_000_000, what: `Balancer stable ${m}`,
      data: sf.encodeFunctionData("create", [`S${m}`, `S${m}`, addrs, p.amp, addrs.map(() => ethers.ZeroAddress),
        addrs.map(() => 0n), addrs.map(() => false), p.fee, me]) };
  });
  const receipts = await sendAll(me, createTxs);
  const pools = receipts.map((r, m) => {
    const log = r.logs.find((l) => l.topics[0] === created
      && l.address.toLowerCase() === createTxs[m].to.toLowerCase());
    if (!log) throw new Error(`no PoolCreated for Balancer pool ${m}`);
    return ethers.getAddress(ethers.dataSlice(log.topics[1], 12));
  });
  const ids = await rpcBatch(pools.map((p) => ["eth_call", [{ to: p, data: pool.encodeFunctionData("getPoolId") },
    "latest"]]));
  const joins = specs.map((p, m) => {
    const usd = 1e6 * (1 + 4 * random());
    const share = (i) => (p.kind === "weighted" ? Number(p.weights[p.idx.indexOf(i)]) / 1e18 : 1 / p.idx.length);
    const held = sortedIdx(p.idx).map((i) => ({ address: tokens[i].address, amount: worth(i, usd * share(i)) }));
    if (p.kind !== "weighted") held.push({ address: pools[m], amount: 0n }); // the BPT is a registered token
    held.sort((x, y) => (BigInt(x.address) < BigInt(y.address) ? -1 : 1));
    const assets = held.map((h) => h.address);
    const amounts = held.map((h) => h.amount);
    const userData = ethers.AbiCoder.defaultAbiCoder().encode(["uint256", "uint256[]"], [0, amounts]);
    balancerPools.push({ pool: pools[m], poolId: ids[m], kind: p.kind,
      tokens: sortedIdx(p.idx).map((i) => tokens[i].address) });
    return { to: balancer.vault, gas: 3_000_000, what: `Balancer INIT join ${m}`,
      data: vault.encodeFunctionData("joinPool", [ids[m], me, me, { assets,
        maxAmountsIn: assets.map(() => ethers.MaxUint256), userData, fromInternalBalance: false }]) };
  });
  await sendAll(me, joins);
  say(`${nBalancer} Balancer pools created and joined (${specs.filter((p) => p.kind !== "weighted").length} `
    + "composable stable)");
}

const f2 = new ethers.Interface(abiOf("UniswapV2Factory"));
const f3 = new ethers.Interface(abiOf("UniswapV3Factory"));
const pairAddrs = await rpcBatch(v2Pairs.map(([i, j]) => ["eth_call", [{ to: v2.factory,
  data: f2.encodeFunctionData("getPair", [tokens[i].address, tokens[j].address]) }, "latest"]]));
const poolAddrs = await rpcBatch(v3Pairs.map(([i, j]) => ["eth_call", [{ to: v3.factory,
  data: f3.encodeFunctionData("getPool", [tokens[i].address, tokens[j].address, FEE]) }, "latest"]]));
const result = {
  chainId, weth: core.weth, multicall3: core.multicall3,
  tokens: [...tokens.map((t) => t.address), ...(nNative > 0 ? [core.weth] : [])],
  v2: { factory: v2.factory, router02: v2.router02 },
  v3: { factory: v3.factory, positionManager: v3.positionManager, swapRouter: v3.swapRouter, quoterV2: v3.quoterV2 },
  pairs: v2Pairs.map(([i, j], k) => ({ pair: ethers.getAddress(ethers.dataSlice(pairAddrs[k], 12)),
    a: tokens[i].address, b: tokens[j].address })),
  pools: v3Pairs.map(([i, j], k) => ({ pool: ethers.getAddress(ethers.dataSlice(poolAddrs[k], 12)),
    a: tokens[i].address, b: tokens[j].address, fee: FEE })),
  ...(nNative > 0 ? { wrappedNative: core.weth } : {}),
  ...(v4 ? { v4, v4pools: v4Pools } : {}),
  ...(balancer ? { balancer: { vault: balancer.vault, weightedPoolFactory: balancer.weightedPoolFactory,
    composableStablePoolFactory: balancer.composableStablePoolFactory }, balancerPools } : {}),
  seconds: (Date.now() - started) / 1000,
  transactions,
};
say(`done in ${result.seconds} s, ${transactions} batched transactions`);
// Exit once the JSON is flushed: process.exit() right after a large write to a pipe can cut it short.
process.stdout.write(`${JSON.stringify(result)}\n`, () => {
  signer.provider.destroy();
  process.exit(0);
});
