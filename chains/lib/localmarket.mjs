// The market `bin/local-chains up` deploys on each chain: the majors with their real decimals and the embedded
// snapshot's reference prices (src/main/resources/market/tokens.json `priceUsd`, generated from
// tools/market/tokens_table.py PRICES), Uniswap V2 pairs and V3 pools (several positions) seeded at those prices:
// the major pairs (WETH/USDC, WETH/USDT, USDC/USDT) on V2 and on V3's 1, 5 and 30 bp tiers (MAJOR_DEPTH), and
// Balancer V2 weighted and composable stable pools, and Uniswap V4 pools (one of native ETH).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CHAINS_DIR } from "./packed.mjs";

export const CHAINS = [
  { chainId: 1, name: "Ethereum", blockTime: 12, btc: "WBTC" },
  { chainId: 8453, name: "Base", blockTime: 2, btc: "cbBTC" },
  { chainId: 42161, name: "Arbitrum One", blockTime: 0.25, btc: "WBTC" },
];

function snapshotTokens() {
  const file = join(CHAINS_DIR, "..", "src/main/resources/market/tokens.json");
  return JSON.parse(readFileSync(file, "utf8")).tokens;
}

/** One whole A in whole B, from the snapshot's USD reference prices (15 significant digits: far inside ±0.05%). */
function ratio(a, b) {
  return (a.priceUsd / b.priceUsd).toPrecision(15).replace(/\.?0+$/, "");
}

/**
 * The major pairs' V3 pools: [a, b, [[fee tier, amountA], ...]], beside each pair's V2 pair. Depth is spread over the
 * tiers (the 5 bp pool deepest for WETH, the 1 bp for the stablecoins) so that, as on real chains, a large trade
 * pays less by splitting over the pools than through the best one alone: a $5M WETH->USDC trade gains about 1% by
 * splitting (the local chains' depth test in test/local-chains.test.mjs holds it above 0.5%).
 */
export const MAJOR_DEPTH = [
  ["WETH", "USDC", [[500, "3000"], [3000, "2000"], [100, "800"]]],
  ["WETH", "USDT", [[500, "1800"], [3000, "1200"], [100, "500"]]],
  ["USDC", "USDT", [[100, "10000000"], [500, "4000000"], [3000, "1000000"]]],
];

/** {spec for lib/market.mjs, reference: {SYMBOL: priceUsd}} for one chain, funding `fund` addresses. */
export function localMarketSpec(chain, fund = [], minters = []) {
  const all = snapshotTokens().filter((t) => t.chain === chain.chainId);
  const symbols = ["WETH", "USDC", "USDT", "DAI", chain.btc];
  const tok = Object.fromEntries(symbols.map((s) => {
    const t = all.find((x) => x.symbol === s);
    if (!t) throw new Error(`the snapshot has no ${s} on chain ${chain.chainId}`);
    return [s, t];
  }));
  const BTC = chain.btc;
  const pair = (a, b, amountA, fee) => ({ a, b, priceAInB: ratio(tok[a], tok[b]), amountA, ...(fee ? { fee } : {}) });
  return {
    reference: Object.fromEntries(symbols.map((s) => [s, tok[s].priceUsd])),
    spec: {
      tokens: symbols.filter((s) => s !== "WETH").map((s) => ({ symbol: s, name: `${tok[s].name} (local test)`, decimals: tok[s].decimals })),
      uniswapV2: { pairs: [pair("WETH", "USDC", "1500"), pair("WETH", "USDT", "900"), pair("WETH", "DAI", "300"),
        pair(BTC, "WETH", "10"), pair("USDC", "USDT", "3000000"), pair("DAI", "USDC", "300000")] },
      uniswapV3: { pools: [...MAJOR_DEPTH.flatMap(([a, b, tiers]) => tiers.map(([fee, amountA]) => pair(a, b, amountA, fee))),
        pair("WETH", "DAI", "500", 3000), pair(BTC, "WETH", "50", 3000), pair("DAI", "USDC", "1000000", 100)] },
      // Balancer V2: a weighted WETH/USDC 50/50 pool at the reference price, a composable stable USDC/USDT/DAI pool
      balancerV2: { weighted: [{ ...pair("WETH", "USDC", "300"), weightA: "0.5" }],
        stable: [{ tokens: ["USDC", "USDT", "DAI"], amount: "1000000", amp: 200 }] },
      // Uniswap V4 (hookless, customary tiers): native ETH/USDC 5 bp, WETH/USDT 30 bp, USDC/USDT 1 and 5 bp
      uniswapV4: { pools: [{ ...pair("WETH", "USDC", "1000", 500), a: "ETH" }, pair("WETH", "USDT", "600", 3000),
        pair("USDC", "USDT", "2000000", 100), pair("USDC", "USDT", "500000", 500)] },
      across: true,
      minters,
      fund: fund.map((f) => ({ address: f.address, native: f.native ?? "10000",
        tokens: f.tokens ?? { WETH: "100", USDC: "1000000", USDT: "1000000", DAI: "1000000", [BTC]: "10" } })),
    },
  };
}
