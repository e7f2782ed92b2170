// Balancer V2 on an anvil chain, from @balancer-labs/v2-deployments@3.2.0's published bytecode (never re-typed):
// the Authorizer and Vault (task 20210418-vault), the ProtocolFeePercentagesProvider the V2+ pool factories need
// (20220725), the WeightedPoolFactory (20220908-weighted-pool-v2), the newest ComposableStablePoolFactory in the
// package (20230206-composable-stable-pool-v3: shipped as artifact/ only, bytecode and ABI in one file) and
// BalancerQueries (20220721). Pools are created through the factories and initialised with a Vault INIT join.
// Exports the `balancerV2` descriptor of lib/protocols.mjs's index (deployed when a market spec has `balancerV2`;
// its pools quoted by BalancerQueries.querySwap for the reference optimum).
import { ethers } from "ethers";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packedRoot } from "./packed.mjs";
import { deployArtifact, fundToken, mined, mulDecimal } from "./core.mjs";

export const BALANCER_DEPLOYMENTS = "@balancer-labs/v2-deployments@3.2.0";
const MAX_UINT = ethers.MaxUint256;
const ONE = 10n ** 18n;

function task(dir, name) {
  const root = join(packedRoot(BALANCER_DEPLOYMENTS), "dist", "tasks", dir);
  try {
    const abi = JSON.parse(readFileSync(join(root, "abi", `${name}.json`), "utf8"));
    const bytecode = JSON.parse(readFileSync(join(root, "bytecode", `${name}.json`), "utf8")).creationCode;
    return { abi, bytecode: bytecode.startsWith("0x") ? bytecode : `0x${bytecode}` };
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
    const a = JSON.parse(readFileSync(join(root, "artifact", `${name}.json`), "utf8"));
    return { abi: a.abi, bytecode: a.bytecode };
  }
}

export const BALANCER_ARTIFACTS = {
  Authorizer: () => task("20210418-authorizer", "Authorizer"),
  Vault: () => task("20210418-vault", "Vault"),
  ProtocolFeePercentagesProvider: () => task("20220725-protocol-fee-percentages-provider",
    "ProtocolFeePercentagesProvider"),
  WeightedPoolFactory: () => task("20220908-weighted-pool-v2", "WeightedPoolFactory"),
  WeightedPool: () => task("20220908-weighted-pool-v2", "WeightedPool"),
  ComposableStablePoolFactory: () => task("20230206-composable-stable-pool-v3", "ComposableStablePoolFactory"),
  ComposableStablePool: () => task("20230206-composable-stable-pool-v3", "ComposableStablePool"),
  BalancerQueries: () => task("20220721-balancer-queries", "BalancerQueries"),
};

export function balancerAbi(name) { return BALANCER_ARTIFACTS[name]().abi; }

async function deploy(signer, name, args = []) {
  return deployArtifact(signer, BALANCER_ARTIFACTS[name](), args, `${name} deployment`);
}

/**
 * The Vault (its Authorizer administered by the signer; pause window and buffer 0: nothing here pauses), the fee
 * provider (max yield and AUM fees 50%, as mainnet's), both factories and BalancerQueries.
 */
export async function deployBalancerV2(signer, weth) {
  const admin = await signer.getAddress();
  const authorizer = await deploy(signer, "Authorizer", [admin]);
  const vault = await deploy(signer, "Vault", [authorizer, weth, 0, 0]);
  const feeProvider = await deploy(signer, "ProtocolFeePercentagesProvider", [vault, ONE / 2n, ONE / 2n]);
  const weightedPoolFactory = await deploy(signer, "WeightedPoolFactory", [vault, feeProvider]);
  const composableStablePoolFactory = await deploy(signer, "ComposableStablePoolFactory",
    [vault, feeProvider, "local", "local"]);
  const queries = await deploy(signer, "BalancerQueries", [vault]);
  return { vault, queries, weightedPoolFactory, composableStablePoolFactory, authorizer, feeProvider };
}

function sortedBy(tokens, ...columns) {
  const order = tokens.map((t, i) => i).sort((a, b) => (BigInt(tokens[a]) < BigInt(tokens[b]) ? -1 : 1));
  return [order.map((i) => tokens[i]), ...columns.map((c) => order.map((i) => c[i]))];
}

async function poolCreated(receipt, factory) {
  const iface = new ethers.Interface(["event PoolCreated(address indexed pool)"]);
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() === factory.toLowerCase() && log.topics[0] === iface.getEvent("PoolCreated").topicHash) {
      return ethers.getAddress(ethers.dataSlice(log.topics[1], 12));
    }
  }
  throw new Error("no PoolCreated log");
}

async function approveVault(signer, tokens, vault) {
  const owner = await signer.getAddress();
  for (const token of tokens) {
    const c = new ethers.Contract(token, ["function allowance(address,address) view returns (uint256)",
      "function approve(address,uint256) returns (bool)"], signer);
    if ((await c.allowance(owner, vault)) < MAX_UINT / 2n) await mined(c.approve(vault, MAX_UINT), "approve");
  }
}

async function initJoin(signer, vault, poolId, assets, amounts) {
  await approveVault(signer, assets, vault);
  const me = await signer.getAddress();
  const userData = ethers.AbiCoder.defaultAbiCoder().encode(["uint256", "uint256[]"], [0, amounts]);
  const v = new ethers.Contract(vault, balancerAbi("Vault"), signer);
  await mined(v.joinPool(poolId, me, me, { assets, maxAmountsIn: amounts.map(() => MAX_UINT), userData,
    fromInternalBalance: false }), "Balancer INIT join");
}

/**
 * A WeightedPool (V2) of `tokens` with `weights` (18-decimal fractions summing to 1e18) and `swapFee` (18 decimals),
 * initialised with `amounts` (smallest units; the signer must hold them). Returns {pool, poolId, tokens} (sorted).
 */
export async function createWeightedPool(signer, { balancer, tokens, weights, amounts, swapFee, name = "Weighted" }) {
  const [sorted, w, a] = sortedBy(tokens, weights.map(BigInt), amounts.map(BigInt));
  const f = new ethers.Contract(balancer.weightedPoolFactory, balancerAbi("WeightedPoolFactory"), signer);
  const receipt = await mined(f.create(name, name, sorted, w, sorted.map(() => ethers.ZeroAddress), BigInt(swapFee),
    await signer.getAddress()), "WeightedPoolFactory.create");
  const pool = await poolCreated(receipt, balancer.weightedPoolFactory);
  const poolId = await new ethers.Contract(pool, balancerAbi("WeightedPool"), signer.provider).getPoolId();
  await initJoin(signer, balancer.vault, poolId, sorted, a);
  return { pool, poolId, tokens: sorted };
}

/**
 * A ComposableStablePool (V3 factory) of `tokens` with amplification `amp` (the A a pool owner sets, without the
 * 1e3 precision), no rate providers, `swapFee`, initialised with `amounts`. Its registered tokens include its own BPT
 * (in address order); the INIT join names them all. Returns {pool, poolId, tokens} (registered order, BPT included).
 */
export async function createComposableStablePool(signer, { balancer, tokens, amp, amounts, swapFee,
  name = "Stable" }) {
  const [sorted, a] = sortedBy(tokens, amounts.map(BigInt));
  const f = new ethers.Contract(balancer.composableStablePoolFactory, balancerAbi("ComposableStablePoolFactory"),
    signer);
  const receipt = await mined(f.create(name, name, sorted, BigInt(amp), sorted.map(() => ethers.ZeroAddress),
    sorted.map(() => 0n), sorted.map(() => false), BigInt(swapFee), await signer.getAddress()),
  "ComposableStablePoolFactory.create");
  const pool = await poolCreated(receipt, balancer.composableStablePoolFactory);
  const p = new ethers.Contract(pool, balancerAbi("ComposableStablePool"), signer.provider);
  const poolId = await p.getPoolId();
  const v = new ethers.Contract(balancer.vault, balancerAbi("Vault"), signer.provider);
  const [registered] = await v.getPoolTokens(poolId);
  const amountsWithBpt = registered.map((t) => {
    const i = sorted.findIndex((s) => s.toLowerCase() === t.toLowerCase());
    return i < 0 ? 0n : a[i];
  });
  await initJoin(signer, balancer.vault, poolId, [...registered], amountsWithBpt);
  return { pool, poolId, tokens: [...registered] };
}

/**
 * Balancer V2 and its pools: weighted pools at `priceAInB` (each side its weight's share of the value, the signer
 * funded: WETH wrapped, test tokens minted; swap fee 0.3%) and composable stable pools of `amount` of each token
 * (swap fee 0.01%).
 */
async function deployBalancerMarket(signer, weth, spec, token) {
  const balancer = await deployBalancerV2(signer, weth);
  const me = await signer.getAddress();
  const pools = {};
  const funded = async (t, amount) => {
    await fundToken(signer, { token: t.address, weth, to: me, amount });
    return amount;
  };
  for (const p of spec.weighted ?? []) {
    const a = token(p.a);
    const b = token(p.b);
    const weightA = ethers.parseUnits(String(p.weightA ?? "0.5"), 18);
    const weightB = 10n ** 18n - weightA;
    const amountA = ethers.parseUnits(String(p.amountA), a.decimals);
    // value of B = value of A * weightB / weightA, in B at priceAInB
    const valueB = mulDecimal(p.amountA, p.priceAInB, b.decimals);
    const amountB = (ethers.parseUnits(valueB, b.decimals) * weightB) / weightA;
    const created = await createWeightedPool(signer, { balancer, tokens: [a.address, b.address],
      weights: [weightA, weightB], amounts: [await funded(a, amountA), await funded(b, amountB)],
      swapFee: 3n * 10n ** 15n, name: `${p.a}-${p.b}` });
    pools[`${p.a}/${p.b}`] = { pool: created.pool, poolId: created.poolId };
  }
  for (const p of spec.stable ?? []) {
    const ts = p.tokens.map(token);
    const amounts = [];
    for (const t of ts) amounts.push(await funded(t, ethers.parseUnits(String(p.amount), t.decimals)));
    const created = await createComposableStablePool(signer, { balancer, tokens: ts.map((t) => t.address),
      amp: p.amp ?? 200, amounts, swapFee: 10n ** 14n, name: p.tokens.join("-") });
    pools[p.tokens.join("/")] = { pool: created.pool, poolId: created.poolId };
  }
  const { vault, queries, weightedPoolFactory, composableStablePoolFactory } = balancer;
  return { vault, queries, weightedPoolFactory, composableStablePoolFactory, pools };
}

const FACTORY_ABI = ["function isPoolFromFactory(address) view returns (bool)"];

export const balancerV2 = {
  key: "balancer-v2",
  specKey: "balancerV2",
  /**
   * spec: {weighted: [{a, b, priceAInB, amountA, weightA?}], stable: [{tokens, amount, amp?}]}; answers {vault,
   * queries, weightedPoolFactory, composableStablePoolFactory, pools: {"A/B" or "A/B/C": {pool, poolId}}}.
   */
  deploy: (signer, { weth, token }, spec) => deployBalancerMarket(signer, weth, spec, token),
  contracts: (m) => ({ vault: m.vault, queries: m.queries, weightedPoolFactory: m.weightedPoolFactory,
    composableStablePoolFactory: m.composableStablePoolFactory }),
  dex: (m) => `{kind: balancer-v2, vault: "${m.vault}", factories: ["${m.weightedPoolFactory}", `
    + `"${m.composableStablePoolFactory}"]`
    + (Object.keys(m.pools).length ? `, pools: [${Object.values(m.pools).map((p) => `"${p.pool}"`).join(", ")}]` : "")
    + "}",
  /**
   * Every pool of the two factories (the Vault's PoolRegistered logs) that holds tokenIn and tokenOut, quoted by
   * BalancerQueries.querySwap (GIVEN_IN, eth_call).
   */
  async quoters(provider, contracts, tokenIn, tokenOut) {
    const vault = new ethers.Contract(contracts.vault, balancerAbi("Vault"), provider);
    const queries = new ethers.Contract(contracts.queries, balancerAbi("BalancerQueries"), provider);
    const factories = [contracts.weightedPoolFactory, contracts.composableStablePoolFactory]
      .map((f) => ({ f, c: new ethers.Contract(f, FACTORY_ABI, provider) }));
    const found = [];
    for (const log of await vault.queryFilter(vault.filters.PoolRegistered(), 0)) {
      const [poolId, pool] = log.args;
      const [tokens] = await vault.getPoolTokens(poolId);
      const held = tokens.map((t) => t.toLowerCase());
      if (!held.includes(tokenIn.toLowerCase()) || !held.includes(tokenOut.toLowerCase())) continue;
      let from = null;
      for (const { f, c } of factories) if (await c.isPoolFromFactory(pool)) from = f;
      if (from === null) continue;
      const kind = from === contracts.weightedPoolFactory ? "weighted" : "stable";
      found.push({ name: `balancer-v2 ${kind}`, pool,
        quote: async (amountIn, blockTag) => queries.querySwap.staticCall(
          { poolId, kind: 0, assetIn: tokenIn, assetOut: tokenOut, amount: amountIn, userData: "0x" },
          { sender: ethers.ZeroAddress, fromInternalBalance: false, recipient: ethers.ZeroAddress,
            toInternalBalance: false }, { blockTag }) });
    }
    return found;
  },
};
