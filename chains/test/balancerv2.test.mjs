// Balancer V2 from @balancer-labs/v2-deployments@3.2.0 on a real anvil through lib/market.mjs's spec: a weighted
// WETH/USDC 50/50 pool priced at the spec's price, a composable stable USDC/USDT/DAI pool, and swaps through the Vault
// that pay exactly BalancerQueries.querySwap's answer.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { ethers } from "ethers";
import { startAnvil } from "../lib/anvil.mjs";
import { anvilSigner, ERC20_ABI, fundToken } from "../lib/protocols.mjs";
import { deployMarket } from "../lib/market.mjs";
import { balancerAbi } from "../lib/balancerv2.mjs";

const KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"; // anvil's first account

let chain;
let signer;
let market;

before(async () => {
  chain = await startAnvil({ chainId: 1, port: 0 });
  signer = anvilSigner(chain.rpcUrl, 1, KEY);
  market = await deployMarket(signer, {
    tokens: [{ symbol: "USDC", decimals: 6 }, { symbol: "USDT", decimals: 6 }, { symbol: "DAI", decimals: 18 }],
    balancerV2: {
      weighted: [{ a: "WETH", b: "USDC", priceAInB: "3000", amountA: "100" }],
      stable: [{ tokens: ["USDC", "USDT", "DAI"], amount: "1000000", amp: 200 }],
    },
  });
});

after(async () => { signer?.provider.destroy(); await chain?.stop(); });

test("the weighted pool holds equal values at the spec's price and the stable pool its BPT and three tokens", async () => {
  const vault = new ethers.Contract(market.balancerV2.vault, balancerAbi("Vault"), signer.provider);
  const weighted = market.balancerV2.pools["WETH/USDC"];
  const [tokens, balances] = await vault.getPoolTokens(weighted.poolId);
  const weth = balances[tokens.findIndex((t) => t === market.tokens.WETH)];
  const usdc = balances[tokens.findIndex((t) => t === market.tokens.USDC)];
  assert.equal(weth, ethers.parseEther("100"));
  assert.equal(usdc, 300_000n * 10n ** 6n);
  const stable = market.balancerV2.pools["USDC/USDT/DAI"];
  const [stableTokens] = await vault.getPoolTokens(stable.poolId);
  assert.equal(stableTokens.length, 4);
  assert.ok(stableTokens.includes(stable.pool), "a composable stable pool registers its own BPT");
});

test("a Vault swap pays exactly BalancerQueries.querySwap's answer, both pools, both ways", async () => {
  const me = await signer.getAddress();
  const vault = new ethers.Contract(market.balancerV2.vault, balancerAbi("Vault"), signer);
  const queries = new ethers.Contract(market.balancerV2.queries, balancerAbi("BalancerQueries"), signer.provider);
  const funds = { sender: me, fromInternalBalance: false, recipient: me, toInternalBalance: false };
  const cases = [
    ["WETH/USDC", "WETH", "USDC", ethers.parseEther("1.5")],
    ["WETH/USDC", "USDC", "WETH", 7_000n * 10n ** 6n],
    ["USDC/USDT/DAI", "DAI", "USDT", ethers.parseEther("25000")],
    ["USDC/USDT/DAI", "USDT", "USDC", 40_000n * 10n ** 6n],
  ];
  for (const [name, a, b, amount] of cases) {
    const single = { poolId: market.balancerV2.pools[name].poolId, kind: 0, assetIn: market.tokens[a],
      assetOut: market.tokens[b], amount, userData: "0x" };
    await fundToken(signer, { token: market.tokens[a], weth: market.weth, to: me, amount });
    const quoted = await queries.querySwap.staticCall(single, funds);
    const out = new ethers.Contract(market.tokens[b], ERC20_ABI, signer.provider);
    const before = await out.balanceOf(me);
    const deadline = (await signer.provider.getBlock("latest")).timestamp + 600;
    await (await vault.swap(single, funds, quoted, deadline)).wait();
    assert.equal(await out.balanceOf(me) - before, quoted, `${a} -> ${b} through ${name}`);
  }
});
