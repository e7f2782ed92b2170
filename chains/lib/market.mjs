// Deploys a whole market on one chain from a JSON spec (used by bin/deploy-market.mjs and bin/local-chains.mjs).
//
// Spec (amounts are decimal strings in whole tokens; prices: one whole `a` is worth `priceAInB` whole `b`):
// {
//   "tokens": [{"symbol": "USDC", "name": "USD Coin", "decimals": 6}, ...],       // WETH is always there (WETH9)
//   "uniswapV2": {"pairs": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "100"}]},
//   "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 500, "priceAInB": "3000", "amountA": "200"}]},
//   "balancerV2": {"weighted": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "100", "weightA": "0.5"}],
//                  "stable": [{"tokens": ["USDC", "USDT", "DAI"], "amount": "1000000", "amp": 200}]},
//   "uniswapV4": {"pools": [{"a": "ETH", "b": "USDC", "fee": 500, "priceAInB": "3000", "amountA": "100"}]}, // ETH: native
//   "across": true,
//   "minters": ["0x…"],                                                       // may mint every test token
//   "fund": [{"address": "0x…", "native": "100", "tokens": {"USDC": "1000000", "WETH": "10"}}]
// }
// Each protocol or bridge of lib/protocols.mjs is deployed when the spec has its specKey, in that list's order.
// Result: {chainId, weth, multicall3, permit2, tokens: {SYMBOL: address}, decimals: {SYMBOL: n},
//          uniswapV2: {factory, router02, pairs: {"A/B": pair}}, uniswapV3: {factory, swapRouter, quoterV2,
//          positionManager, tickLens, pools: {"A/B/fee": pool}}, balancerV2: {vault, queries, weightedPoolFactory,
//          composableStablePoolFactory, pools: {"A/B" or "A/B/C": {pool, poolId}}}, uniswapV4: {poolManager, stateView,
//          quoter, positionManager, liquidityRouter, pools: {"A/B/fee": {poolId, key}}}, across: {spokePool}}
import { ethers } from "ethers";
import { BRIDGES, PROTOCOLS, send, deployCore, deployToken, fundToken } from "./protocols.mjs";

export { mulDecimal } from "./protocols.mjs";

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
  for (const p of [...PROTOCOLS, ...BRIDGES]) {
    if (spec[p.specKey]) result[p.specKey] = await p.deploy(signer, { weth: core.weth, token }, spec[p.specKey]);
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
