// bin/local-chains up --no-junction / down, as a user runs them: three chains with the right ids and block times,
// every V2/V3 pool at the snapshot's reference price (±0.05%), Uniswap V4 deployed and its pools quoted by V4Quoter,
// up.json naming each protocol's and bridge's contracts, depth that makes splitting matter (the reference optimum of
// a $5M WETH->USDC trade beats the best single pool by at least 0.5% on every chain), the printed account funded, a
// cross-chain Across deposit filled by the relayer `up` started, --dump-state/--load-state, and `down` stopping every
// process.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ethers } from "ethers";
import { abiOf, anvilProvider, ERC20_ABI } from "../lib/protocols.mjs";
import { CHAINS, MAJOR_DEPTH, localMarketSpec } from "../lib/localmarket.mjs";
import { bestSinglePool, pairQuoters, referenceOptimum } from "../lib/optimum.mjs";
import { balancerAbi } from "../lib/balancerv2.mjs";

const BIN = fileURLToPath(new URL("../../bin/local-chains", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "local-chains-test-"));
const stateDir = join(work, "state");
const saved = join(work, "saved");
const FAST = ["--block-time", "1=1", "--block-time", "8453=1", "--block-time", "42161=1"];

function run(args) {
  return execFileSync(BIN, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 300000 });
}
function lastJsonLine(out) { return JSON.parse(out.trim().split("\n").pop()); }
function isAlive(pid) { try { process.kill(pid, 0); return true; } catch { return false; } }

after(() => {
  try { run(["down", "--state-dir", stateDir]); } catch { /* already down */ }
  rmSync(work, { recursive: true, force: true });
});

test("up deploys three chains at reference prices, relays Across deposits, and down stops everything", async () => {
  const up = lastJsonLine(run(["up", "--no-junction", "--state-dir", stateDir, "--dump-state", saved, ...FAST]));
  assert.deepEqual(Object.keys(up.chains).sort(), ["1", "42161", "8453"]);
  const markets = JSON.parse(readFileSync(join(stateDir, "markets.json"), "utf8"));
  for (const chain of CHAINS) {
    const c = up.chains[chain.chainId];
    const p = anvilProvider(c.rpc, chain.chainId);
    assert.equal(Number((await p.send("eth_chainId", []))), chain.chainId);
    const { reference } = localMarketSpec(chain);
    const m = markets[chain.chainId];
    const decimals = m.decimals;
    const symbolOf = Object.fromEntries(Object.entries(m.tokens).map(([s, a]) => [a.toLowerCase(), s]));
    // every V3 pool's spot price and every V2 pair's reserve ratio sit at the reference price
    for (const pool of Object.values(m.uniswapV3.pools)) {
      const v3 = new ethers.Contract(pool, abiOf("UniswapV3Pool"), p);
      const [[sqrt], t0, t1] = await Promise.all([v3.slot0(), v3.token0(), v3.token1()]);
      const [s0, s1] = [symbolOf[t0.toLowerCase()], symbolOf[t1.toLowerCase()]];
      const price = (Number(sqrt) / 2 ** 96) ** 2 * 10 ** (decimals[s0] - decimals[s1]);
      assert.ok(Math.abs(price / (reference[s0] / reference[s1]) - 1) < 0.0005, `V3 ${s0}/${s1} on ${chain.chainId}`);
    }
    for (const pair of Object.values(m.uniswapV2.pairs)) {
      const v2 = new ethers.Contract(pair, abiOf("UniswapV2Pair"), p);
      const [[r0, r1], t0, t1] = await Promise.all([v2.getReserves(), v2.token0(), v2.token1()]);
      const [s0, s1] = [symbolOf[t0.toLowerCase()], symbolOf[t1.toLowerCase()]];
      const price = Number(r1) / Number(r0) * 10 ** (decimals[s0] - decimals[s1]);
      assert.ok(Math.abs(price / (reference[s0] / reference[s1]) - 1) < 0.0005, `V2 ${s0}/${s1} on ${chain.chainId}`);
    }
    // up.json names each protocol's and bridge's contracts, and they hold code
    assert.deepEqual(Object.keys(c.protocols), ["uniswap-v2", "uniswap-v3", "balancer-v2", "uniswap-v4"]);
    assert.deepEqual(c.protocols["uniswap-v2"], { factory: m.uniswapV2.factory, router: m.uniswapV2.router02 });
    assert.deepEqual(c.protocols["uniswap-v3"],
      { factory: m.uniswapV3.factory, quoter: m.uniswapV3.quoterV2, swapRouter: m.uniswapV3.swapRouter });
    assert.deepEqual(c.bridges, { across: { spokePool: m.across.spokePool } });
    for (const contracts of [...Object.values(c.protocols), ...Object.values(c.bridges)]) {
      for (const address of Object.values(contracts)) assert.ok((await p.getCode(address)).length > 100, address);
    }
    // each major pair has its V2 pair, a pool on V3's 1, 5 and 30 bp tiers, its Balancer V2 pool if any and its
    // Uniswap V4 pools (WETH/USDC's of native ETH)
    const balancerPools = { "WETH/USDC": ["balancer-v2 weighted"], "USDC/USDT": ["balancer-v2 stable"] };
    const v4Pools = { "WETH/USDC": ["uniswap-v4 5 bp native"], "WETH/USDT": ["uniswap-v4 30 bp"],
      "USDC/USDT": ["uniswap-v4 1 bp", "uniswap-v4 5 bp"] };
    for (const [a, b] of MAJOR_DEPTH) {
      const pools = (await pairQuoters(p, c, c.tokens[a], c.tokens[b])).map((q) => q.name).sort();
      assert.deepEqual(pools, [...(balancerPools[`${a}/${b}`] ?? []), "uniswap-v2", "uniswap-v3 1 bp",
        "uniswap-v3 30 bp", "uniswap-v3 5 bp", ...v4Pools[`${a}/${b}`]], `${a}/${b}`);
    }
    // Uniswap V4: up.json names its contracts; each pool is quoted by V4Quoter at the reference price (a small trade,
    // less than its fee and 0.05% away)
    assert.deepEqual(c.protocols["uniswap-v4"], { poolManager: m.uniswapV4.poolManager,
      positionManager: m.uniswapV4.positionManager, stateView: m.uniswapV4.stateView, quoter: m.uniswapV4.quoter });
    for (const [a, b] of [["WETH", "USDC"], ["USDC", "WETH"], ["WETH", "USDT"], ["USDC", "USDT"], ["USDT", "USDC"]]) {
      for (const q of (await pairQuoters(p, c, c.tokens[a], c.tokens[b])).filter((x) => x.name.startsWith("uniswap-v4"))) {
        const amountIn = ethers.parseUnits((1000 / reference[a]).toFixed(decimals[a]), decimals[a]);
        const out = Number(await q.quote(amountIn, "latest")) / 10 ** decimals[b] * reference[b];
        const fee = Number(q.name.match(/(\d+) bp/)[1]) / 10000;
        assert.ok(Math.abs(out / (1000 * (1 - fee)) - 1) < 0.0005, `${q.name} ${a}->${b} on ${chain.chainId}: $${out}`);
      }
    }
    // depth that makes splitting matter: $5M of WETH -> USDC gains >= 0.5% over the best single pool by splitting
    const quoters = await pairQuoters(p, c, c.tokens.WETH, c.tokens.USDC);
    const amountIn = ethers.parseUnits((5_000_000 / reference.WETH).toFixed(18), 18);
    const blockTag = await p.getBlockNumber();
    const optimum = await referenceOptimum(quoters, amountIn, { blockTag });
    const single = await bestSinglePool(quoters, amountIn, { blockTag });
    const gainBp = Number(((optimum.amountOut - single.amountOut) * 10000n * 100n) / single.amountOut) / 100;
    console.log(`chain ${chain.chainId}: $5M WETH->USDC, optimum over ${quoters.length} pools beats ${single.name} by `
      + `${gainBp} bp`);
    assert.ok(gainBp >= 50, `$5M WETH->USDC on ${chain.chainId}: the optimum beats the best single pool by ${gainBp} bp`);
    assert.equal(optimum.allocation.reduce((sum, x) => sum + x.amountIn, 0n), amountIn);
    assert.ok(optimum.allocation.filter((x) => x.amountIn > 0n).length >= 3, "the optimum uses at least 3 pools");
    // Balancer V2: up.json names its contracts; the weighted 50/50 WETH/USDC pool's balance ratio is the reference price
    assert.deepEqual(c.protocols["balancer-v2"], { vault: m.balancerV2.vault, queries: m.balancerV2.queries,
      weightedPoolFactory: m.balancerV2.weightedPoolFactory,
      composableStablePoolFactory: m.balancerV2.composableStablePoolFactory });
    const vault = new ethers.Contract(m.balancerV2.vault, balancerAbi("Vault"), p);
    const [bTokens, bBalances] = await vault.getPoolTokens(m.balancerV2.pools["WETH/USDC"].poolId);
    const held = Object.fromEntries(bTokens.map((t, i) => [symbolOf[t.toLowerCase()], Number(bBalances[i])]));
    const spot = held.USDC / 10 ** decimals.USDC / (held.WETH / 10 ** decimals.WETH);
    assert.ok(Math.abs(spot / (reference.WETH / reference.USDC) - 1) < 0.0005, `Balancer WETH/USDC on ${chain.chainId}`);
    const [sTokens] = await vault.getPoolTokens(m.balancerV2.pools["USDC/USDT/DAI"].poolId);
    assert.equal(sTokens.length, 4, `Balancer USDC/USDT/DAI (and its BPT) on ${chain.chainId}`);
    for (const [symbol, token] of Object.entries(c.tokens)) {
      const balance = await new ethers.Contract(token, ERC20_ABI, p).balanceOf(up.account.address);
      assert.ok(balance > 0n, `account holds ${symbol} on ${chain.chainId}`);
    }
    assert.ok((await p.getBalance(up.account.address)) >= ethers.parseEther("1000"));
    p.destroy();
  }

  // a user's Across deposit 8453 -> 42161 is filled by the relayer `up` started
  const origin = anvilProvider(up.chains[8453].rpc, 8453);
  const dest = anvilProvider(up.chains[42161].rpc, 42161);
  const wallet = new ethers.NonceManager(new ethers.Wallet(up.account.privateKey, origin));
  const spokeAddress = markets[8453].across.spokePool;
  const amount = 2500n * 10n ** 6n;
  await (await new ethers.Contract(up.chains[8453].tokens.USDC, ERC20_ABI, wallet).approve(spokeAddress, amount)).wait();
  const spoke = new ethers.Contract(spokeAddress, abiOf("Ethereum_SpokePool"), wallet);
  const now = (await origin.getBlock("latest")).timestamp;
  const b32 = (a) => ethers.zeroPadValue(a, 32);
  const destUsdc = new ethers.Contract(up.chains[42161].tokens.USDC, ERC20_ABI, dest);
  const before = await destUsdc.balanceOf(up.account.address);
  await (await spoke.deposit(b32(up.account.address), b32(up.account.address), b32(up.chains[8453].tokens.USDC),
    b32(up.chains[42161].tokens.USDC), amount, amount - 1_000000n, 42161, ethers.ZeroHash, now, now + 1800, 0,
    "0x")).wait();
  let delivered = 0n;
  for (let i = 0; i < 100 && delivered === 0n; i++) {
    await new Promise((r) => setTimeout(r, 200));
    delivered = (await destUsdc.balanceOf(up.account.address)) - before;
  }
  assert.equal(delivered, amount - 1_000000n);
  origin.destroy();
  dest.destroy();

  const pids = JSON.parse(readFileSync(join(stateDir, "pids.json"), "utf8")).map((p) => p.pid);
  run(["down", "--state-dir", stateDir]);
  assert.deepEqual(pids.filter(isAlive), []);

  // a second start from the saved state deploys nothing and answers the same addresses
  const again = lastJsonLine(run(["up", "--no-junction", "--state-dir", stateDir, "--load-state", saved, ...FAST]));
  for (const id of Object.keys(up.chains)) assert.deepEqual(again.chains[id].tokens, up.chains[id].tokens);
  const p = anvilProvider(again.chains[1].rpc, 1);
  assert.notEqual(await p.getCode(markets[1].uniswapV3.quoterV2), "0x");
  p.destroy();
  run(["down", "--state-dir", stateDir]);
});
