#!/usr/bin/env node
// node chains/bin/balancer-vectors.mjs OUT.json
// Derives Balancer V2 swap vectors from the real bytecode: starts anvil, deploys Balancer V2 from npm
// (lib/balancerv2.mjs), creates weighted and composable stable pools of tokens with 18, 6 and 8 decimals, moves them
// off balance with real swaps, and records for each state the pool's own reads (getPoolTokens, getScalingFactors,
// getSwapFeePercentage, getNormalizedWeights / getAmplificationParameter) and BalancerQueries.querySwap's answers for
// seeded random amounts, given in and given out (null where the pool reverts, e.g. past the 30% ratio limits).
// Junction's unit tests (market.math.BalancerV2VectorsTest) check its pure math against this file.
import { writeFileSync } from "node:fs";
import { ethers } from "ethers";
import { startAnvil } from "../lib/anvil.mjs";
import { anvilSigner, deployCore, deployToken, fundToken } from "../lib/protocols.mjs";
import { balancerAbi, createComposableStablePool, createWeightedPool, deployBalancerV2 } from "../lib/balancerv2.mjs";

const out = process.argv[2];
if (!out) { console.error("usage: balancer-vectors.mjs OUT.json"); process.exit(2); }
const KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"; // anvil's first dev account
const E = (n, d) => BigInt(n) * 10n ** BigInt(d);

let seed = 0x9e3779b97f4a7c15n;
function random() { // splitmix64: the same vectors on every run
  seed = (seed + 0x9e3779b97f4a7c15n) & ((1n << 64n) - 1n);
  let z = seed;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & ((1n << 64n) - 1n);
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & ((1n << 64n) - 1n);
  return z ^ (z >> 31n);
}
/** An amount from 1 to about 40% of `balance`, log-uniform, so tiny, ordinary and over-limit amounts all occur. */
function amountFor(balance) {
  const digits = balance.toString().length;
  const exp = Number(random() % BigInt(digits));
  const mant = random() % 10000n;
  let a = (10n ** BigInt(exp) * (mant + 1n)) / 1000n + 1n;
  const cap = (balance * 4n) / 10n;
  if (a > cap) a = cap - (random() % (cap / 3n + 1n));
  return a;
}

const anvil = await startAnvil({ chainId: 31337 });
try {
  const signer = anvilSigner(anvil.rpcUrl, 31337, KEY);
  const me = await signer.getAddress();
  const { weth } = await deployCore(signer);
  const usdc = (await deployToken(signer, { symbol: "USDC", decimals: 6 })).address;
  const usdt = (await deployToken(signer, { symbol: "USDT", decimals: 6 })).address;
  const dai = (await deployToken(signer, { symbol: "DAI", decimals: 18 })).address;
  const wbtc = (await deployToken(signer, { symbol: "WBTC", decimals: 8 })).address;
  const balancer = await deployBalancerV2(signer, weth);
  for (const [t, a] of [[weth, E(5000, 18)], [usdc, E(100_000_000, 6)], [usdt, E(100_000_000, 6)],
    [dai, E(100_000_000, 18)], [wbtc, E(1000, 8)]]) {
    await fundToken(signer, { token: t, weth, to: me, amount: a });
  }
  const pools = [
    { kind: "weighted", ...await createWeightedPool(signer, { balancer, tokens: [weth, usdc],
      weights: [E(8, 17), E(2, 17)], amounts: [E(400, 18), E(300_000, 6)], swapFee: E(3, 15), name: "80WETH-20USDC" }) },
    { kind: "weighted", ...await createWeightedPool(signer, { balancer, tokens: [weth, usdc],
      weights: [E(5, 17), E(5, 17)], amounts: [E(100, 18), E(375_000, 6)], swapFee: E(1, 15), name: "50WETH-50USDC" }) },
    { kind: "weighted", ...await createWeightedPool(signer, { balancer, tokens: [wbtc, weth, dai],
      weights: [333333333333333334n, 333333333333333333n, 333333333333333333n],
      amounts: [E(10, 8), E(160, 18), E(600_000, 18)], swapFee: E(25, 14), name: "33WBTC-33WETH-33DAI" }) },
    { kind: "composable-stable", ...await createComposableStablePool(signer, { balancer, tokens: [usdc, usdt, dai],
      amp: 200, amounts: [E(2_000_000, 6), E(1_500_000, 6), E(2_500_000, 18)], swapFee: E(1, 14), name: "USDC-USDT-DAI" }) },
    { kind: "composable-stable", ...await createComposableStablePool(signer, { balancer, tokens: [usdc, dai],
      amp: 1500, amounts: [E(700_000, 6), E(300_000, 18)], swapFee: E(4, 14), name: "USDC-DAI" }) },
  ];
  const vault = new ethers.Contract(balancer.vault, balancerAbi("Vault"), signer);
  const queries = new ethers.Contract(balancer.queries, balancerAbi("BalancerQueries"), signer.provider);
  const funds = { sender: me, fromInternalBalance: false, recipient: me, toInternalBalance: false };
  const states = [];
  for (const p of pools) {
    const abi = balancerAbi(p.kind === "weighted" ? "WeightedPool" : "ComposableStablePool");
    const pool = new ethers.Contract(p.pool, abi, signer.provider);
    const swappable = p.tokens.filter((t) => t.toLowerCase() !== p.pool.toLowerCase());
    for (let round = 0; round < 3; round++) {
      const [tokens, balances] = await vault.getPoolTokens(p.poolId);
      const state = {
        kind: p.kind, pool: p.pool, poolId: p.poolId, tokens: [...tokens],
        balances: balances.map(String),
        scalingFactors: (await pool.getScalingFactors()).map(String),
        swapFeePercentage: String(await pool.getSwapFeePercentage()),
        cases: [],
      };
      if (p.kind === "weighted") {
        state.normalizedWeights = (await pool.getNormalizedWeights()).map(String);
      } else {
        const [value, , precision] = await pool.getAmplificationParameter();
        state.amplification = String(value);
        state.amplificationPrecision = String(precision);
        state.bptIndex = Number(await pool.getBptIndex());
      }
      for (let c = 0; c < 40; c++) {
        const i = Number(random() % BigInt(swappable.length));
        let j = Number(random() % BigInt(swappable.length - 1));
        if (j >= i) j++;
        const tokenIn = swappable[i];
        const tokenOut = swappable[j];
        const givenIn = random() % 2n === 0n;
        const balance = balances[tokens.findIndex((t) => t === (givenIn ? tokenIn : tokenOut))];
        const amount = amountFor(balance);
        let result = null;
        try {
          result = String(await queries.querySwap.staticCall({ poolId: p.poolId, kind: givenIn ? 0 : 1,
            assetIn: tokenIn, assetOut: tokenOut, amount, userData: "0x" }, funds));
        } catch (e) {
          result = null;
        }
        state.cases.push({ tokenIn, tokenOut, kind: givenIn ? "givenIn" : "givenOut", amount: String(amount), result });
      }
      states.push(state);
      // Move the pool: a real swap of 10-25% of the balance in, alternating direction; the next state follows it.
      const tin = swappable[round % swappable.length];
      const tout = swappable[(round + 1) % swappable.length];
      const bin = balances[tokens.findIndex((t) => t === tin)];
      const amount = (bin * (10n + (random() % 15n))) / 100n;
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
      await (await vault.swap({ poolId: p.poolId, kind: 0, assetIn: tin, assetOut: tout, amount, userData: "0x" },
        funds, 0n, deadline)).wait();
      state.swapAfter = { tokenIn: tin, tokenOut: tout, amount: String(amount) };
    }
  }
  writeFileSync(out, `${JSON.stringify({ source: "chains/bin/balancer-vectors.mjs on anvil with "
    + "@balancer-labs/v2-deployments@3.2.0's bytecode; results from BalancerQueries.querySwap", states }, null, 1)}\n`);
  console.log(`${states.length} states, ${states.reduce((n, s) => n + s.cases.length, 0)} cases -> ${out}`);
  signer.provider.destroy();
} finally {
  await anvil.stop();
}
