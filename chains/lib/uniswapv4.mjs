// Uniswap V4 on the local chains, from the published npm packages (read by path, taken with `npm pack` like
// Balancer's: lib/packed.mjs): @uniswap/v4-core@1.0.2's PoolManager and @uniswap/v4-periphery@1.0.3's StateView,
// V4Quoter and PositionManager (foundry-out). Pools are keyed by PoolKey (currency0, currency1, fee, tickSpacing,
// hooks); every pool here is hookless, on the customary fee/tick-spacing pairs chain mode finds at its cold load,
// and native ETH is currency address(0). Liquidity is added through v4-core's own test router
// PoolModifyLiquidityTest (test-only: it is what v4-core's tests use; PositionManager is deployed for users, its
// mint flow through Permit2 being more than seeding needs). Exports the `uniswapV4` descriptor of lib/protocols.mjs
// (deployed when a market spec has `uniswapV4`; its pools quoted by V4Quoter.quoteExactInputSingle for the
// reference optimum).
import { ethers } from "ethers";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packedRoot } from "./packed.mjs";
import { PERMIT2, approveMax, deployArtifact, fundToken, mined } from "./core.mjs";
import { DEFAULT_POSITIONS, decimalFraction, positionTicks, sqrtPriceX96For } from "./uniswapv3.mjs";

export const V4_CORE = "@uniswap/v4-core@1.0.2";
export const V4_PERIPHERY = "@uniswap/v4-periphery@1.0.3";
export const NATIVE_CURRENCY = ethers.ZeroAddress;
/** The customary hookless fee tiers and their tick spacings (what chain mode's cold load looks for). */
export const V4_TICK_SPACING = { 100: 1, 500: 10, 3000: 60, 10000: 200 };
/** PositionManager's unsubscribe gas limit, as Uniswap's deployments set it. */
const UNSUBSCRIBE_GAS_LIMIT = 300_000n;
const Q96 = 2n ** 96n;
const KEY = "(address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks)";

function foundry(spec, dir, file, name) {
  const a = JSON.parse(readFileSync(join(packedRoot(spec), dir, `${file}.sol`, `${name}.json`), "utf8"));
  return { abi: a.abi, bytecode: a.bytecode.object };
}

export const V4_ARTIFACTS = {
  PoolManager: () => foundry(V4_CORE, "out", "PoolManager", "PoolManager"),
  PoolModifyLiquidityTest: () => foundry(V4_CORE, "out", "PoolModifyLiquidityTest", "PoolModifyLiquidityTest"),
  StateView: () => foundry(V4_PERIPHERY, "foundry-out", "StateView", "StateView"),
  V4Quoter: () => foundry(V4_PERIPHERY, "foundry-out", "V4Quoter", "V4Quoter"),
  PositionManager: () => foundry(V4_PERIPHERY, "foundry-out", "PositionManager", "PositionManager"),
};

export function v4Abi(name) { return V4_ARTIFACTS[name]().abi; }

async function deploy(signer, name, args = []) {
  return deployArtifact(signer, V4_ARTIFACTS[name](), args, `${name} deployment`);
}

/** PoolManager (owned by the signer), StateView, V4Quoter, PositionManager and the test-only liquidity router. */
export async function deployUniswapV4(signer, weth) {
  const poolManager = await deploy(signer, "PoolManager", [await signer.getAddress()]);
  const stateView = await deploy(signer, "StateView", [poolManager]);
  const quoter = await deploy(signer, "V4Quoter", [poolManager]);
  const positionManager = await deploy(signer, "PositionManager",
    [poolManager, PERMIT2, UNSUBSCRIBE_GAS_LIMIT, ethers.ZeroAddress, weth]);
  const liquidityRouter = await deploy(signer, "PoolModifyLiquidityTest", [poolManager]);
  return { poolManager, stateView, quoter, positionManager, liquidityRouter };
}

/** A hookless key of two currencies (sorted), fee tier and its customary tick spacing. */
export function poolKey(a, b, fee) {
  const spacing = V4_TICK_SPACING[fee];
  if (!spacing) throw new Error(`no customary tick spacing for V4 fee ${fee}`);
  const [currency0, currency1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
  return { currency0, currency1, fee, tickSpacing: spacing, hooks: ethers.ZeroAddress };
}

/** PoolId = keccak256(abi.encode(key)). */
export function poolId(key) {
  return ethers.keccak256(ethers.AbiCoder.defaultAbiCoder().encode(["address", "address", "uint24", "int24", "address"],
    [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks]));
}

/** sqrt(1.0001^tick) * 2^96, in floating point: only to size a position's liquidity (the pool computes the amounts). */
function sqrtAtTick(tick) {
  return BigInt(Math.floor(Math.sqrt(1.0001 ** tick) * 2 ** 96));
}

function tickOf(sqrtPriceX96) {
  const ratio = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
  return Math.floor(Math.log(ratio) / Math.log(1.0001));
}

/**
 * Initializes a hookless V4 pool of tokenA/tokenB ({address, decimals}; address(0) is native ETH) at `priceAInB` and
 * adds the V3 module's position shape (full range, ±30%, ±8%, ±1.5%) through the test-only liquidity router, each
 * position's liquidity the most its share of `amountA` (smallest units of A) and the same value in B allow. The
 * signer is funded (test tokens minted, WETH wrapped, native ETH sent as value; the router returns what the pool did
 * not take). Returns {key, poolId}.
 */
export async function createV4Pool(signer, { v4, weth, tokenA, tokenB, fee, priceAInB, amountA,
  positions = DEFAULT_POSITIONS }) {
  const key = poolKey(tokenA.address, tokenB.address, fee);
  const aIs0 = key.currency0 === tokenA.address;
  const sqrtP = sqrtPriceX96For({ tokenA, tokenB, priceAInB });
  const pm = new ethers.Contract(v4.poolManager, [`function initialize(${KEY} key, uint160 sqrtPriceX96) returns (int24)`],
    signer);
  await mined(pm.initialize(key, sqrtP), "V4 initialize");
  const { num, den } = decimalFraction(priceAInB);
  const totalA = BigInt(amountA);
  const totalB = (totalA * num * 10n ** BigInt(tokenB.decimals)) / (den * 10n ** BigInt(tokenA.decimals));
  const [total0, total1] = aIs0 ? [totalA, totalB] : [totalB, totalA];
  const me = await signer.getAddress();
  // funded with 1% more than the value put in: liquidity is sized in floating point below
  const erc20 = [[key.currency0, total0], [key.currency1, total1]].filter(([c]) => c !== NATIVE_CURRENCY);
  for (const [currency, total] of erc20) {
    await fundToken(signer, { token: currency, weth, to: me, amount: (total * 101n) / 100n });
    await approveMax(signer, currency, v4.liquidityRouter);
  }
  const router = new ethers.Contract(v4.liquidityRouter, [`function modifyLiquidity(${KEY} key, (int24 tickLower, `
    + "int24 tickUpper, int256 liquidityDelta, bytes32 salt) params, bytes hookData) payable returns (int256)"], signer);
  const spacing = key.tickSpacing;
  const tick = tickOf(sqrtP);
  for (const [halfWidth, share] of positions) {
    const { lower, upper } = positionTicks(tick, spacing, halfWidth);
    const bp = BigInt(Math.round(share * 10000));
    const a0 = (total0 * bp) / 10000n;
    const a1 = (total1 * bp) / 10000n;
    const sL = sqrtAtTick(lower);
    const sU = sqrtAtTick(upper);
    // L from each side's budget (amount0 = L (sU - sP) / (sP sU), amount1 = L (sP - sL), prices in Q96), the lower,
    // less 0.1% for the floating-point sqrt prices of the bounds
    const l0 = (a0 * sqrtP * sU) / ((sU - sqrtP) * Q96);
    const l1 = (a1 * Q96) / (sqrtP - sL);
    const liquidity = ((l0 < l1 ? l0 : l1) * 999n) / 1000n;
    const value = key.currency0 === NATIVE_CURRENCY ? (a0 * 101n) / 100n : 0n;
    await mined(router.modifyLiquidity(key, { tickLower: lower, tickUpper: upper, liquidityDelta: liquidity,
      salt: ethers.ZeroHash }, "0x", { value }), "V4 modifyLiquidity");
  }
  return { key, poolId: poolId(key) };
}

/** The protocol as protocols.mjs lists it (see there). */
export const uniswapV4 = {
  key: "uniswap-v4",
  specKey: "uniswapV4",
  /**
   * spec: {pools: [{a, b, fee, priceAInB, amountA}]}, `a` or `b` "ETH" for native ETH (currency address(0)); answers
   * {poolManager, stateView, quoter, positionManager, liquidityRouter, pools: {"A/B/fee": {poolId, key}}}.
   */
  async deploy(signer, { weth, token }, spec) {
    const v4 = await deployUniswapV4(signer, weth);
    const currency = (s) => (s === "ETH" ? { address: NATIVE_CURRENCY, decimals: 18 } : token(s));
    const pools = {};
    for (const p of spec.pools ?? []) {
      const a = currency(p.a);
      const b = currency(p.b);
      const { key, poolId: id } = await createV4Pool(signer, { v4, weth, tokenA: a, tokenB: b, fee: p.fee,
        priceAInB: String(p.priceAInB), amountA: ethers.parseUnits(String(p.amountA), a.decimals),
        ...(p.positions ? { positions: p.positions } : {}) });
      pools[`${p.a}/${p.b}/${p.fee}`] = { poolId: id, key };
    }
    return { ...v4, pools };
  },
  contracts: (m) => ({ poolManager: m.poolManager, positionManager: m.positionManager, stateView: m.stateView,
    quoter: m.quoter }),
  dex: (m) => `{kind: uniswap-v4, pool-manager: "${m.poolManager}", state-view: "${m.stateView}"}`,
  /**
   * Each customary hookless pool of tokenIn/tokenOut that is initialized (StateView.getSlot0's sqrt price not 0),
   * the wrapped native token also standing for native ETH (as Junction's V4 adapter unwraps it into such a pool),
   * quoted by V4Quoter.quoteExactInputSingle (eth_call).
   */
  async quoters(provider, contracts, tokenIn, tokenOut, { weth } = {}) {
    const stateView = new ethers.Contract(contracts.stateView, v4Abi("StateView"), provider);
    const quoter = new ethers.Contract(contracts.quoter, v4Abi("V4Quoter"), provider);
    const currencies = (t) => (weth && t.toLowerCase() === weth.toLowerCase() ? [t, NATIVE_CURRENCY] : [t]);
    const found = [];
    for (const cIn of currencies(tokenIn)) {
      for (const cOut of currencies(tokenOut)) {
        for (const fee of Object.keys(V4_TICK_SPACING).map(Number)) {
          const key = poolKey(cIn, cOut, fee);
          const [sqrtPriceX96] = await stateView.getSlot0(poolId(key));
          if (sqrtPriceX96 === 0n) continue;
          const zeroForOne = key.currency0 === cIn;
          const native = cIn === NATIVE_CURRENCY || cOut === NATIVE_CURRENCY;
          found.push({ name: `uniswap-v4 ${fee / 100} bp${native ? " native" : ""}`, pool: poolId(key),
            quote: async (amountIn, blockTag) => (await quoter.quoteExactInputSingle.staticCall(
              { poolKey: key, zeroForOne, exactAmount: amountIn, hookData: "0x" }, { blockTag }))[0] });
        }
      }
    }
    return found;
  },
};
