// Balancer V2 on an anvil chain, from @balancer-labs/v2-deployments@3.2.0's published bytecode (never re-typed):
// the Authorizer and Vault (task 20210418-vault), the ProtocolFeePercentagesProvider the V2+ pool factories need
// (20220725), the WeightedPoolFactory (20220908-weighted-pool-v2), the newest ComposableStablePoolFactory in the
// package (20230206-composable-stable-pool-v3: shipped as artifact/ only, bytecode and ABI in one file) and
// BalancerQueries (20220721). Pools are created through the factories and initialised with a Vault INIT join.
import { ethers } from "ethers";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packedRoot } from "./packed.mjs";
import { mined } from "./protocols.mjs";

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
  const { abi, bytecode } = BALANCER_ARTIFACTS[name]();
  const contract = await new ethers.ContractFactory(abi, bytecode, signer).deploy(...args);
  await contract.waitForDeployment();
  return contract.getAddress();
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
