// Issue 36's wallet proof on the local chains, against Junction in chain mode: /build-best-path restricted to
// uniswap-v4 (ERC-20 in and out through a V4 pool, and WETH in through the native ETH/USDC pool, which the adapter
// unwraps into), restricted to balancer-v2 (weighted and composable stable), and a multi-hop route mixing Balancer V2
// and Uniswap V4 (DAI -> USDC or USDT on Balancer's stable pool -> WETH on V4: no pool of either holds DAI and WETH).
// Each built transaction is sent by an ethers v6 wallet as an integrator's would (approve the allowanceTarget for
// exactly the amount, send the Tx as it is): the receiver gets exactly the route's amountOut (nothing else moves the
// pools: the wallet is the only sender), and the router and every adapter it registered hold none of the tokens and
// no ETH afterwards. The deploy command registered a UniswapV4Adapter bound to up.json's PoolManager and a
// BalancerV2Adapter bound to its Vault.
// Needs UP_JSON (bin/local-chains' up.json, with `junction` and each chain's `router`); CHAIN (default 8453).
// Run by dev.junction.LocalChainsWalkTest; by hand: bin/local-chains up, then
//   UP_JSON=.local-chains/up.json node --test chains/junction/adapters.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ethers } from "ethers";
import { anvilProvider, ERC20_ABI } from "../lib/protocols.mjs";

const UP = JSON.parse(readFileSync(process.env.UP_JSON ?? `${process.env.LOCAL_CHAINS_STATE_DIR ?? ".local-chains"}/up.json`,
  "utf8"));
const CHAIN = Number(process.env.CHAIN ?? 8453);
const chain = UP.chains[CHAIN];
const provider = anvilProvider(chain.rpc, CHAIN);
const wallet = new ethers.NonceManager(new ethers.Wallet(UP.account.privateKey, provider));
const ROUTER_ABI = ["event AdapterSet(address indexed adapter, bool allowed)",
  "function isAdapter(address) view returns (bool)"];
const erc20 = (symbol) => new ethers.Contract(chain.tokens[symbol], ERC20_ABI, provider);

/** The mined receipt, polled (see chains/bin/send-built-tx.mjs on why not tx.wait()). */
async function receiptOf(hash) {
  for (let i = 0; i < 1200; i++) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt != null) return receipt;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no receipt for ${hash}`);
}

/** Every adapter the router registered and still allows (its AdapterSet logs). */
async function adapters() {
  const router = new ethers.Contract(chain.router, ROUTER_ABI, provider);
  const set = new Set((await router.queryFilter(router.filters.AdapterSet(), 0)).map((l) => l.args[0]));
  const allowed = [];
  for (const a of set) if (await router.isAdapter(a)) allowed.push(a);
  return allowed;
}

/** What the router and each adapter hold of every token of up.json and of native ETH. */
async function holdings(holders) {
  const out = [];
  for (const h of holders) {
    for (const symbol of Object.keys(chain.tokens)) {
      const b = await erc20(symbol).balanceOf(h);
      if (b !== 0n) out.push(`${h} holds ${b} ${symbol}`);
    }
    const eth = await provider.getBalance(h);
    if (eth !== 0n) out.push(`${h} holds ${eth} wei`);
  }
  return out;
}

async function buildBestPath(from, to, amount, providers) {
  const params = new URLSearchParams({ fromChain: String(CHAIN), toChain: String(CHAIN), fromToken: chain.tokens[from],
    toToken: chain.tokens[to], amount: String(amount), sender: wallet.signer.address, includeRoute: "true" });
  for (const p of providers) params.append("includeProvider", p);
  const body = await (await fetch(`${UP.junction}/build-best-path?${params}`)).json();
  assert.equal(body.code, 0, JSON.stringify(body));
  return body.data;
}

/** Builds, sends as a wallet does, and checks the receiver's delta and what router and adapters keep. */
async function swapExactly(from, to, amount, providers) {
  const { Tx: tx, route } = await buildBestPath(from, to, amount, providers);
  assert.equal(tx.to.toLowerCase(), chain.router.toLowerCase());
  const used = [...new Set(route.path.map((s) => s.provider.name))];
  const token = new ethers.Contract(chain.tokens[from], ERC20_ABI, wallet);
  await receiptOf((await token.approve(tx.allowanceTarget, amount)).hash);
  const before = await erc20(to).balanceOf(wallet.signer.address);
  const sent = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value ?? "0"),
    gasLimit: BigInt(tx.gasLimit), chainId: BigInt(tx.chain ?? CHAIN) });
  const receipt = await receiptOf(sent.hash);
  assert.equal(receipt.status, 1, `${from} -> ${to} via ${used} reverted: ${sent.hash}`);
  const delta = (await erc20(to).balanceOf(wallet.signer.address)) - before;
  assert.equal(delta, BigInt(route.amountOut), `${from} -> ${to} via ${used}: received exactly amountOut`);
  assert.deepEqual(await holdings([chain.router, ...await adapters()]), [], "the router and adapters keep nothing");
  console.log(`${from} -> ${to} ${amount} via ${route.path.map((s) => `${s.provider.name} ${s.toToken.symbol}`)
    .join(", ")} (${route.pathType}): received ${delta} = amountOut, gas ${receipt.gasUsed}`);
  return { route, used };
}

test("the deploy command registered a UniswapV4Adapter on up.json's PoolManager and a BalancerV2Adapter on its Vault",
  async () => {
    assert.ok(chain.router, "up.json names the chain's router");
    const bound = { poolManager: [], vault: [] };
    for (const a of await adapters()) {
      for (const fn of Object.keys(bound)) {
        const c = new ethers.Contract(a, [`function ${fn}() view returns (address)`], provider);
        try { bound[fn].push((await c[fn]()).toLowerCase()); } catch { /* another adapter */ }
      }
    }
    assert.ok(bound.poolManager.includes(chain.protocols["uniswap-v4"].poolManager.toLowerCase()), "UniswapV4Adapter");
    assert.ok(bound.vault.includes(chain.protocols["balancer-v2"].vault.toLowerCase()), "BalancerV2Adapter");
  });

test("uniswap-v4: ERC-20 in through a V4 pool, and WETH in through the native ETH/USDC pool", async () => {
  const stable = await swapExactly("USDC", "USDT", 25_000n * 10n ** 6n + 123_456n, ["uniswap-v4"]);
  assert.deepEqual(stable.used, ["uniswap-v4"]);
  const native = await swapExactly("WETH", "USDC", 3n * 10n ** 18n + 987_654_321n, ["uniswap-v4"]);
  assert.deepEqual(native.used, ["uniswap-v4"]);
});

test("balancer-v2: the weighted and the composable stable pool", async () => {
  const weighted = await swapExactly("WETH", "USDC", 2n * 10n ** 18n + 55_555n, ["balancer-v2"]);
  assert.deepEqual(weighted.used, ["balancer-v2"]);
  const stable = await swapExactly("USDC", "DAI", 12_345n * 10n ** 6n + 678n, ["balancer-v2"]);
  assert.deepEqual(stable.used, ["balancer-v2"]);
});

test("a multi-hop route mixing Balancer V2 and Uniswap V4: DAI -> stablecoins -> WETH", async () => {
  const { route, used } = await swapExactly("DAI", "WETH", 20_000n * 10n ** 18n + 31_337n,
    ["uniswap-v4", "balancer-v2"]);
  assert.deepEqual([...used].sort(), ["balancer-v2", "uniswap-v4"], JSON.stringify(route.path));
  assert.ok(route.path.length >= 2);
  provider.destroy();
});
