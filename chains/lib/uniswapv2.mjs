// Uniswap V2 on the local chains, from @uniswap/v2-core and v2-periphery's published builds: the factory, Router02,
// pairs with liquidity, and the protocol's own quote (Router02.getAmountsOut) for the reference optimum.
import { ethers } from "ethers";
import { ARTIFACTS, abiOf, approveMax, deploy, fundToken, mulDecimal, npmArtifact, send } from "./core.mjs";

export const V2_PAIR_INIT_CODE_HASH = "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";

Object.assign(ARTIFACTS, {
  UniswapV2Factory: () => npmArtifact("@uniswap/v2-core/build/UniswapV2Factory.json"),
  UniswapV2Pair: () => npmArtifact("@uniswap/v2-core/build/UniswapV2Pair.json"),
  UniswapV2Router02: () => npmArtifact("@uniswap/v2-periphery/build/UniswapV2Router02.json"),
});


export async function deployUniswapV2(signer, weth) {
  const factory = await deploy(signer, "UniswapV2Factory", [await signer.getAddress()]);
  const router02 = await deploy(signer, "UniswapV2Router02", [factory, weth]);
  return { factory, router02 };
}

/**
 * Creates the pair if needed and adds `amountA`/`amountB` (smallest units, funded here: WETH wrapped, test tokens
 * minted) through Router02. Returns the pair address.
 */
export async function addV2Liquidity(signer, { factory, router02, weth, tokenA, tokenB, amountA, amountB }) {
  const me = await signer.getAddress();
  await fundToken(signer, { token: tokenA, weth, to: me, amount: amountA });
  await fundToken(signer, { token: tokenB, weth, to: me, amount: amountB });
  await approveMax(signer, tokenA, router02);
  await approveMax(signer, tokenB, router02);
  const deadline = Math.floor(Date.now() / 1000) + 3600 * 24 * 365;
  await send(signer, router02, abiOf("UniswapV2Router02"), "addLiquidity",
    [tokenA, tokenB, BigInt(amountA), BigInt(amountB), 0n, 0n, me, deadline]);
  const f = new ethers.Contract(factory, abiOf("UniswapV2Factory"), signer.provider);
  return f.getPair(tokenA, tokenB);
}


/** The protocol as protocols.mjs lists it (see there). */
export const uniswapV2 = {
  key: "uniswap-v2",
  specKey: "uniswapV2",
  /** spec: {pairs: [{a, b, priceAInB, amountA, amountB?}]}; answers {factory, router02, pairs: {"A/B": pair}}. */
  async deploy(signer, { weth, token }, spec) {
    const v2 = await deployUniswapV2(signer, weth);
    const pairs = {};
    for (const p of spec.pairs ?? []) {
      const a = token(p.a);
      const b = token(p.b);
      const amountA = ethers.parseUnits(String(p.amountA), a.decimals);
      const amountB = ethers.parseUnits(String(p.amountB ?? mulDecimal(p.amountA, p.priceAInB, b.decimals)), b.decimals);
      pairs[`${p.a}/${p.b}`] = await addV2Liquidity(signer, { ...v2, weth, tokenA: a.address, tokenB: b.address,
        amountA, amountB });
    }
    return { ...v2, pairs };
  },
  contracts: (m) => ({ factory: m.factory, router: m.router02 }),
  dex: (m) => `{kind: uniswap-v2, factory: "${m.factory}"}`,
  /** The pair of tokenIn/tokenOut, if any, quoted by Router02.getAmountsOut (`contracts` as up.json names them). */
  async quoters(provider, contracts, tokenIn, tokenOut) {
    const factory = new ethers.Contract(contracts.factory, abiOf("UniswapV2Factory"), provider);
    const pair = await factory.getPair(tokenIn, tokenOut);
    if (pair === ethers.ZeroAddress) return [];
    const router = new ethers.Contract(contracts.router, abiOf("UniswapV2Router02"), provider);
    return [{ name: "uniswap-v2", pool: pair,
      quote: async (amountIn, blockTag) => (await router.getAmountsOut(amountIn, [tokenIn, tokenOut], { blockTag }))[1] }];
  },
};
