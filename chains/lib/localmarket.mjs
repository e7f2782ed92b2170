// The market `bin/local-chains up` deploys on each chain: the majors with their real decimals and the embedded
// snapshot's reference prices (src/main/resources/market/tokens.json `priceUsd`, generated from
// tools/market/tokens_table.py PRICES), Uniswap V2 pairs and V3 pools (several positions) seeded at those prices,
// Balancer V2 weighted and composable stable pools.
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
      uniswapV2: { pairs: [pair("WETH", "USDC", "500"), pair("WETH", "USDT", "300"), pair("WETH", "DAI", "300"),
        pair(BTC, "WETH", "10"), pair("USDC", "USDT", "500000"), pair("DAI", "USDC", "300000")] },
      uniswapV3: { pools: [pair("WETH", "USDC", "2000", 500), pair("WETH", "USDT", "1000", 500),
        pair("WETH", "DAI", "500", 3000), pair(BTC, "WETH", "50", 3000), pair("USDC", "USDT", "2000000", 100),
        pair("DAI", "USDC", "1000000", 100)] },
      // Balancer V2: a weighted WETH/USDC 50/50 pool at the reference price, a composable stable USDC/USDT/DAI pool
      balancerV2: { weighted: [{ ...pair("WETH", "USDC", "300"), weightA: "0.5" }],
        stable: [{ tokens: ["USDC", "USDT", "DAI"], amount: "1000000", amp: 200 }] },
      across: true,
      minters,
      fund: fund.map((f) => ({ address: f.address, native: f.native ?? "10000",
        tokens: f.tokens ?? { WETH: "100", USDC: "1000000", USDT: "1000000", DAI: "1000000", [BTC]: "10" } })),
    },
  };
}
