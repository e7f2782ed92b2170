// Uniswap V3 on the local chains, from @uniswap/v3-core and v3-periphery's published artifacts: the factory (with the
// 1 bp tier), SwapRouter, QuoterV2, TickLens, the position manager, pools with several positions, and the
// protocol's own quote (QuoterV2.quoteExactInputSingle) for the reference optimum.
import { ethers } from "ethers";
import { ARTIFACTS, abiOf, approveMax, deploy, fundToken, mined, npmArtifact, send } from "./core.mjs";

export const V3_POOL_INIT_CODE_HASH = "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";

Object.assign(ARTIFACTS, {
  UniswapV3Factory: () => npmArtifact("@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json"),
  UniswapV3Pool: () => npmArtifact("@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json"),
  SwapRouter: () => npmArtifact("@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json"),
  QuoterV2: () => npmArtifact("@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json"),
  TickLens: () => npmArtifact("@uniswap/v3-periphery/artifacts/contracts/lens/TickLens.sol/TickLens.json"),
  NonfungiblePositionManager: () => npmArtifact(
    "@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json"),
});

export const FEE_TIERS = [100, 500, 3000, 10000];


export async function deployUniswapV3(signer, weth) {
  const factory = await deploy(signer, "UniswapV3Factory");
  // The 1 bp tier (tick spacing 1), enabled by governance on mainnet after launch, as on every chain since.
  await send(signer, factory, abiOf("UniswapV3Factory"), "enableFeeAmount", [100, 1]);
  const swapRouter = await deploy(signer, "SwapRouter", [factory, weth]);
  const quoterV2 = await deploy(signer, "QuoterV2", [factory, weth]);
  const tickLens = await deploy(signer, "TickLens");
  // The position manager accepts any token-descriptor address (only tokenURI calls it).
  const positionManager = await deploy(signer, "NonfungiblePositionManager", [factory, weth, ethers.ZeroAddress]);
  return { factory, swapRouter, quoterV2, positionManager, tickLens };
}

const TICK_SPACING = { 100: 1, 500: 10, 3000: 60, 10000: 200 };
const MIN_TICK = -887272;
const MAX_TICK = 887272;

function bigSqrt(n) {
  if (n < 0n) throw new Error("sqrt of a negative number");
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) >> 1n;
  while (y < x) { x = y; y = (x + n / x) >> 1n; }
  return x;
}

/** A decimal string as an exact fraction {num, den}. */
export function decimalFraction(value) {
  const s = String(value).trim();
  const m = s.match(/^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/);
  if (!m) throw new Error(`not a positive decimal number: ${value}`);
  const frac = m[2] ?? "";
  let num = BigInt(m[1] + frac);
  let den = 10n ** BigInt(frac.length);
  const exp = Number(m[3] ?? 0);
  if (exp > 0) num *= 10n ** BigInt(exp); else if (exp < 0) den *= 10n ** BigInt(-exp);
  if (num === 0n) throw new Error(`price must be > 0: ${value}`);
  return { num, den };
}

/**
 * sqrtPriceX96 of a pool where one whole `tokenA` is worth `priceAInB` whole `tokenB` (a decimal string), in the
 * pool's token0/token1 order (raw units, decimals applied exactly).
 */
export function sqrtPriceX96For({ tokenA, tokenB, priceAInB }) {
  const { num, den } = decimalFraction(priceAInB);
  // raw B per raw A = price * 10^decB / 10^decA
  let n = num * 10n ** BigInt(tokenB.decimals);
  let d = den * 10n ** BigInt(tokenA.decimals);
  const aIs0 = BigInt(tokenA.address) < BigInt(tokenB.address);
  if (!aIs0) [n, d] = [d, n]; // token1 per token0
  return bigSqrt((n << 192n) / d);
}

function tickOf(sqrtPriceX96) {
  const ratio = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
  return Math.floor(Math.log(ratio) / Math.log(1.0001));
}

/** The positions' shape: [half-width as a price ratio (null = full range), share of the value]. */
/**
 * A position's tick range around `tick` on a pool of `spacing`: the full range when `halfWidth` is null, else the
 * ticks at price x (1 +/- halfWidth) rounded outwards to the spacing (at least one spacing wide). V3 and V4 alike.
 */
export function positionTicks(tick, spacing, halfWidth) {
  if (halfWidth == null) {
    return { lower: Math.ceil(MIN_TICK / spacing) * spacing, upper: Math.floor(MAX_TICK / spacing) * spacing };
  }
  const w = Math.log(1 + halfWidth) / Math.log(1.0001);
  const lower = Math.floor((tick - w) / spacing) * spacing;
  let upper = Math.ceil((tick + w) / spacing) * spacing;
  if (upper === lower) upper += spacing;
  return { lower, upper };
}

export const DEFAULT_POSITIONS = [[null, 0.25], [0.30, 0.25], [0.08, 0.25], [0.015, 0.25]];

/**
 * Creates and initializes a V3 pool at `priceAInB` (one whole A in whole B) and mints several positions through the
 * position manager, so swaps cross initialized ticks: a full-range one and ranges of ±30%, ±8%, ±1.5% around the
 * price (DEFAULT_POSITIONS). `amountA` (smallest units of A) is the value put in; each position gets its share of
 * it on the A side and the same value in B. tokenA/tokenB: {address, decimals}. Returns the pool address.
 */
export async function createV3Pool(signer, { v3, weth, tokenA, tokenB, fee = 3000, priceAInB, amountA,
  positions = DEFAULT_POSITIONS }) {
  const spacing = TICK_SPACING[fee];
  if (!spacing) throw new Error(`unknown V3 fee tier ${fee}`);
  const me = await signer.getAddress();
  const aIs0 = BigInt(tokenA.address) < BigInt(tokenB.address);
  const [t0, t1] = aIs0 ? [tokenA, tokenB] : [tokenB, tokenA];
  const sqrtPriceX96 = sqrtPriceX96For({ tokenA, tokenB, priceAInB });
  const npm = new ethers.Contract(v3.positionManager, abiOf("NonfungiblePositionManager"), signer);
  await mined(npm.createAndInitializePoolIfNecessary(t0.address, t1.address, fee, sqrtPriceX96), "create V3 pool");
  // value of amountA in B, exactly: amountA * price * 10^decB / 10^decA
  const { num, den } = decimalFraction(priceAInB);
  const totalA = BigInt(amountA);
  const totalB = (totalA * num * 10n ** BigInt(tokenB.decimals)) / (den * 10n ** BigInt(tokenA.decimals));
  await fundToken(signer, { token: tokenA.address, weth, to: me, amount: totalA });
  await fundToken(signer, { token: tokenB.address, weth, to: me, amount: totalB });
  await approveMax(signer, tokenA.address, v3.positionManager);
  await approveMax(signer, tokenB.address, v3.positionManager);
  const tick = tickOf(sqrtPriceX96);
  const deadline = Math.floor(Date.now() / 1000) + 3600 * 24 * 365;
  for (const [halfWidth, share] of positions) {
    const { lower, upper } = positionTicks(tick, spacing, halfWidth);
    const bp = BigInt(Math.round(share * 10000));
    const a = (totalA * bp) / 10000n;
    const b = (totalB * bp) / 10000n;
    const [amount0Desired, amount1Desired] = aIs0 ? [a, b] : [b, a];
    await mined(npm.mint({ token0: t0.address, token1: t1.address, fee, tickLower: lower, tickUpper: upper,
      amount0Desired, amount1Desired, amount0Min: 0n, amount1Min: 0n, recipient: me, deadline }), "V3 mint");
  }
  const factory = new ethers.Contract(v3.factory, abiOf("UniswapV3Factory"), signer.provider);
  return factory.getPool(t0.address, t1.address, fee);
}


/** The protocol as protocols.mjs lists it (see there). */
export const uniswapV3 = {
  key: "uniswap-v3",
  specKey: "uniswapV3",
  /**
   * spec: {pools: [{a, b, fee, priceAInB, amountA, positions?}]}; answers {factory, swapRouter, quoterV2,
   * positionManager, tickLens, pools: {"A/B/fee": pool}}.
   */
  async deploy(signer, { weth, token }, spec) {
    const v3 = await deployUniswapV3(signer, weth);
    const pools = {};
    for (const p of spec.pools ?? []) {
      const a = token(p.a);
      const b = token(p.b);
      const fee = p.fee ?? 3000;
      pools[`${p.a}/${p.b}/${fee}`] = await createV3Pool(signer, { v3, weth, tokenA: a, tokenB: b, fee,
        priceAInB: String(p.priceAInB), amountA: ethers.parseUnits(String(p.amountA), a.decimals),
        ...(p.positions ? { positions: p.positions } : {}) });
    }
    return { ...v3, pools };
  },
  contracts: (m) => ({ factory: m.factory, quoter: m.quoterV2, swapRouter: m.swapRouter }),
  dex: (m) => `{kind: uniswap-v3, factory: "${m.factory}", fee-tiers: [${FEE_TIERS.join(", ")}]}`,
  /** Each fee tier's pool of tokenIn/tokenOut, quoted by QuoterV2.quoteExactInputSingle (eth_call). */
  async quoters(provider, contracts, tokenIn, tokenOut) {
    const factory = new ethers.Contract(contracts.factory, abiOf("UniswapV3Factory"), provider);
    const quoter = new ethers.Contract(contracts.quoter, abiOf("QuoterV2"), provider);
    const found = [];
    for (const fee of FEE_TIERS) {
      const pool = await factory.getPool(tokenIn, tokenOut, fee);
      if (pool === ethers.ZeroAddress) continue;
      found.push({ name: `uniswap-v3 ${fee / 100} bp`, pool,
        quote: async (amountIn, blockTag) => (await quoter.quoteExactInputSingle.staticCall(
          { tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }, { blockTag }))[0] });
    }
    return found;
  },
};
