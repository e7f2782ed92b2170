// Deploys a whole market on one chain from a JSON spec (used by bin/deploy-market.mjs and bin/local-chains.mjs).
//
// Spec (amounts are decimal strings in whole tokens; prices: one whole `a` is worth `priceAInB` whole `b`):
// {
//   "tokens": [{"symbol": "USDC", "name": "USD Coin", "decimals": 6}, ...],       // WETH is always there (WETH9)
//   "uniswapV2": {"pairs": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "100"}]},
//   "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 500, "priceAInB": "3000", "amountA": "200"}]},
//   "balancerV2": {"weighted": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "100", "weightA": "0.5"}],
//                  "stable": [{"tokens": ["USDC", "USDT", "DAI"], "amount": "1000000", "amp": 200}]},
//   "across": true,
//   "minters": ["0x…"],                                                       // may mint every test token
//   "fund": [{"address": "0x…", "native": "100", "tokens": {"USDC": "1000000", "WETH": "10"}}]
// }
// Result: {chainId, weth, multicall3, permit2, tokens: {SYMBOL: address}, decimals: {SYMBOL: n},
//          uniswapV2: {factory, router02, pairs: {"A/B": pair}}, uniswapV3: {factory, swapRouter, quoterV2,
//          positionManager, tickLens, pools: {"A/B/fee": pool}}, balancerV2: {vault, queries, weightedPoolFactory,
//          composableStablePoolFactory, pools: {"A/B" or "A/B/C": {pool, poolId}}}, across: {spokePool}}
import { ethers } from "ethers";
import {
  send, deployCore, deployToken, deployUniswapV2, addV2Liquidity, deployUniswapV3, createV3Pool, deployAcross, fundToken,
} from "./protocols.mjs";
import { createComposableStablePool, createWeightedPool, deployBalancerV2 } from "./balancerv2.mjs";

export async function deployMarket(signer, spec) {
  const chainId = Number((await signer.provider.getNetwork()).chainId);
  const core = await deployCore(signer);
  const tokens = { WETH: { address: core.weth, decimals: 18 } };
  for (const t of spec.tokens ?? []) {
    if (t.symbol === "WETH") continue;
    if (!Number.isInteger(t.decimals)) throw new Error(`token ${t.symbol}: decimals must be an integer`);
    tokens[t.symbol] = await deployToken(signer, { symbol: t.symbol, name: t.name ?? t.symbol, decimals: t.decimals });
  }
  const token = (symbol) => {
    const t = tokens[symbol];
    if (!t) throw new Error(`unknown token ${symbol} in the spec (declare it under "tokens")`);
    return t;
  };
  const result = {
    chainId, weth: core.weth, multicall3: core.multicall3, permit2: core.permit2,
    tokens: Object.fromEntries(Object.entries(tokens).map(([s, t]) => [s, t.address])),
    decimals: Object.fromEntries(Object.entries(tokens).map(([s, t]) => [s, t.decimals])),
  };
  if (spec.uniswapV2) {
    const v2 = await deployUniswapV2(signer, core.weth);
    const pairs = {};
    for (const p of spec.uniswapV2.pairs ?? []) {
      const a = token(p.a);
      const b = token(p.b);
      const amountA = ethers.parseUnits(String(p.amountA), a.decimals);
      const amountB = ethers.parseUnits(String(p.amountB ?? mulDecimal(p.amountA, p.priceAInB, b.decimals)), b.decimals);
      pairs[`${p.a}/${p.b}`] = await addV2Liquidity(signer, { ...v2, weth: core.weth, tokenA: a.address,
        tokenB: b.address, amountA, amountB });
    }
    result.uniswapV2 = { ...v2, pairs };
  }
  if (spec.uniswapV3) {
    const v3 = await deployUniswapV3(signer, core.weth);
    const pools = {};
    for (const p of spec.uniswapV3.pools ?? []) {
      const a = token(p.a);
      const b = token(p.b);
      const fee = p.fee ?? 3000;
      pools[`${p.a}/${p.b}/${fee}`] = await createV3Pool(signer, { v3, weth: core.weth, tokenA: a, tokenB: b, fee,
        priceAInB: String(p.priceAInB), amountA: ethers.parseUnits(String(p.amountA), a.decimals) });
    }
    result.uniswapV3 = { ...v3, pools };
  }
  if (spec.balancerV2) {
    result.balancerV2 = await deployBalancerMarket(signer, core.weth, spec.balancerV2, token);
  }
  if (spec.across) {
    const { spokePool } = await deployAcross(signer, core.weth);
    result.across = { spokePool };
  }
  // Extra minters of every test token (e.g. the account bin/local-chains prints, so it can fund any wallet).
  for (const minter of spec.minters ?? []) {
    for (const t of Object.values(tokens)) {
      if (t.address !== core.weth) await send(signer, t.address, ["function addMinter(address)"], "addMinter", [minter]);
    }
  }
  for (const f of spec.fund ?? []) {
    if (f.native != null) {
      await signer.provider.send("anvil_setBalance", [f.address, ethers.toQuantity(ethers.parseEther(String(f.native)))]);
    }
    for (const [symbol, amount] of Object.entries(f.tokens ?? {})) {
      const t = token(symbol);
      await fundToken(signer, { token: t.address, weth: core.weth, to: f.address,
        amount: ethers.parseUnits(String(amount), t.decimals) });
    }
  }
  return result;
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

/** a * b as a decimal string with at most `decimals` fraction digits (exact, truncated). */
export function mulDecimal(a, b, decimals) {
  const scale = 10n ** BigInt(decimals);
  const [an, ad] = frac(a);
  const [bn, bd] = frac(b);
  return ethers.formatUnits((an * bn * scale) / (ad * bd), decimals);
}

function frac(x) {
  const [i, f = ""] = String(x).split(".");
  return [BigInt(i + f), 10n ** BigInt(f.length)];
}
