// Deployers of real protocol bytecode from npm (never re-typed or re-compiled copies), for anvil chains:
// WETH9 and Uniswap V2 (@uniswap/v2-core, v2-periphery), Uniswap V3 (@uniswap/v3-core, v3-periphery), Permit2
// (@uniswap/uniswapx-sdk's creation code, through the CREATE2 deployer with the mainnet salt), Multicall3, test
// ERC-20s (UMA's ExpandedERC20) and Across's SpokePool behind ERC1967Proxy (@across-protocol/contracts).
import { ethers } from "ethers";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packedRoot } from "./packed.mjs";

const require = createRequire(import.meta.url);

export const MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11";
export const PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
export const CREATE2_DEPLOYER = "0x4e59b44847b379578588920cA78FbF26c0B4956C";
const PERMIT2_SALT = "0x0000000000000000000000000000000000000000d3af2663da51c10215000000";
export const V2_PAIR_INIT_CODE_HASH = "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";
export const V3_POOL_INIT_CODE_HASH = "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";
const MAX_UINT = ethers.MaxUint256;

// ---- artifacts -------------------------------------------------------------------------------------------------

function hex(b) { return b.startsWith("0x") ? b : `0x${b}`; }

function npmArtifact(path) {
  const a = require(path);
  const bytecode = typeof a.bytecode === "string" ? a.bytecode : a.evm.bytecode.object;
  return { abi: a.abi, bytecode: hex(bytecode) };
}

function acrossArtifact(name, file = name) {
  const root = packedRoot("@across-protocol/contracts@5.0.27");
  const a = JSON.parse(readFileSync(join(root, "dist/evm/artifacts", `${file}.sol`, `${name}.json`), "utf8"));
  return { abi: a.abi, bytecode: hex(a.bytecode) };
}

/** Permit2's mainnet creation code, from uniswapx-sdk's typechain factory (read by path: its exports map blocks it). */
function permit2CreationCode() {
  const root = packedRoot("@uniswap/uniswapx-sdk@3.1.0");
  const js = readFileSync(join(root, "dist/cjs/src/contracts/factories/Permit2__factory.js"), "utf8");
  const m = js.match(/const _bytecode = "(0x[0-9a-fA-F]+)"/);
  if (!m) throw new Error("Permit2 creation code not found in @uniswap/uniswapx-sdk");
  return m[1];
}

export const ARTIFACTS = {
  WETH9: () => npmArtifact("@uniswap/v2-periphery/build/WETH9.json"),
  UniswapV2Factory: () => npmArtifact("@uniswap/v2-core/build/UniswapV2Factory.json"),
  UniswapV2Pair: () => npmArtifact("@uniswap/v2-core/build/UniswapV2Pair.json"),
  UniswapV2Router02: () => npmArtifact("@uniswap/v2-periphery/build/UniswapV2Router02.json"),
  UniswapV3Factory: () => npmArtifact("@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json"),
  UniswapV3Pool: () => npmArtifact("@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json"),
  SwapRouter: () => npmArtifact("@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json"),
  QuoterV2: () => npmArtifact("@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json"),
  TickLens: () => npmArtifact("@uniswap/v3-periphery/artifacts/contracts/lens/TickLens.sol/TickLens.json"),
  NonfungiblePositionManager: () => npmArtifact(
    "@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json"),
  Multicall3: () => acrossArtifact("Multicall3"),
  ExpandedERC20: () => acrossArtifact("ExpandedERC20"),
  Ethereum_SpokePool: () => acrossArtifact("Ethereum_SpokePool"),
  ERC1967Proxy: () => acrossArtifact("ERC1967Proxy"),
};

export function abiOf(name) { return ARTIFACTS[name]().abi; }

export const ERC20_ABI = [
  "function balanceOf(address) view returns (uint256)",
  "function allowance(address,address) view returns (uint256)",
  "function approve(address,uint256) returns (bool)",
  "function transfer(address,uint256) returns (bool)",
  "function decimals() view returns (uint8)",
  "function symbol() view returns (string)",
  "function name() view returns (string)",
  "function mint(address,uint256) returns (bool)",
  "function deposit() payable",
];

// ---- sending ---------------------------------------------------------------------------------------------------

/**
 * A provider for anvil set as a real node needs: no 250 ms result cache (a wallet sending two transactions in a row
 * would reuse a stale nonce), no 10 ms batch stall, a fast poll, and the chain id given (no eth_chainId probe).
 */
export function anvilProvider(rpcUrl, chainId) {
  return new ethers.JsonRpcProvider(rpcUrl, chainId, {
    staticNetwork: true, cacheTimeout: -1, batchStallTime: 0, polling: true, pollingInterval: 100,
  });
}

/**
 * A NonceManager (so transactions can be sent back to back) that gives every transaction 30% more gas than
 * eth_estimateGas: the estimate runs on the latest block and a V3 mint or swap in the next block (a later second)
 * can need more gas (the pool's oracle reads), which a bare estimate turns into an out-of-gas revert.
 */
export class AnvilSigner extends ethers.NonceManager {
  async sendTransaction(tx) {
    if (tx.gasLimit == null) {
      const estimate = await this.estimateGas(tx);
      tx = { ...tx, gasLimit: (estimate * 13n) / 10n };
    }
    return super.sendTransaction(tx);
  }
}

/** A signer for anvil that keeps its own nonce and adds gas headroom (see AnvilSigner). */
export function anvilSigner(rpcUrl, chainId, privateKey) {
  return new AnvilSigner(new ethers.Wallet(privateKey, anvilProvider(rpcUrl, chainId)));
}

export async function mined(txPromise, what) {
  const tx = await txPromise;
  const receipt = await tx.wait();
  if (!receipt || receipt.status !== 1) throw new Error(`${what} failed: ${tx.hash}`);
  return receipt;
}

async function deploy(signer, name, args = []) {
  const { abi, bytecode } = ARTIFACTS[name]();
  const factory = new ethers.ContractFactory(abi, bytecode, signer);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return contract.getAddress();
}

export async function send(signer, to, abi, method, args, overrides = {}, what = method) {
  const c = new ethers.Contract(to, abi, signer);
  return mined(c[method](...args, overrides), what);
}

// ---- core ------------------------------------------------------------------------------------------------------

/**
 * WETH9 (Uniswap's build), Multicall3 at its canonical address (its real runtime from Across's artifact, set with
 * anvil_setCode: the canonical address comes from a keyless deployment a local chain cannot replay) and Permit2 at
 * its canonical address (mainnet creation code through the CREATE2 deployer with the mainnet salt; the constructor
 * runs on this chain, so the domain separator is right). Idempotent for Multicall3 and Permit2.
 */
export async function deployCore(signer) {
  const provider = signer.provider;
  const weth = await deploy(signer, "WETH9");
  if ((await provider.getCode(MULTICALL3)) === "0x") {
    const tmp = await deploy(signer, "Multicall3");
    await provider.send("anvil_setCode", [MULTICALL3, await provider.getCode(tmp)]);
  }
  if ((await provider.getCode(PERMIT2)) === "0x") {
    const initCode = permit2CreationCode();
    const predicted = ethers.getCreate2Address(CREATE2_DEPLOYER, PERMIT2_SALT, ethers.keccak256(initCode));
    if (predicted.toLowerCase() !== PERMIT2.toLowerCase()) throw new Error(`Permit2 would land at ${predicted}`);
    await mined(signer.sendTransaction({ to: CREATE2_DEPLOYER, data: ethers.concat([PERMIT2_SALT, initCode]) }),
      "Permit2 deployment");
    if ((await provider.getCode(PERMIT2)) === "0x") throw new Error("Permit2 has no code after deployment");
  }
  return { weth, multicall3: MULTICALL3, permit2: PERMIT2 };
}

/**
 * A mintable test ERC-20 with real decimals: UMA's ExpandedERC20 (as shipped in Across's artifacts), the signer its
 * owner and a minter. Returns {address, symbol, name, decimals}.
 */
export async function deployToken(signer, { symbol, name = symbol, decimals }) {
  const address = await deploy(signer, "ExpandedERC20", [name, symbol, decimals]);
  await send(signer, address, abiOf("ExpandedERC20"), "addMinter", [await signer.getAddress()]);
  return { address, symbol, name, decimals };
}

/** Gives `to` `amount` (smallest units) of `token`: WETH by wrapping the signer's ETH, test tokens by minting. */
export async function fundToken(signer, { token, weth, to, amount }) {
  amount = BigInt(amount);
  to = to ?? (await signer.getAddress());
  if (weth && token.toLowerCase() === weth.toLowerCase()) {
    await send(signer, weth, ERC20_ABI, "deposit", [], { value: amount }, "WETH deposit");
    if (to.toLowerCase() !== (await signer.getAddress()).toLowerCase()) {
      await send(signer, weth, ERC20_ABI, "transfer", [to, amount]);
    }
  } else {
    await send(signer, token, ERC20_ABI, "mint", [to, amount]);
  }
}

async function approveMax(signer, token, spender) {
  const owner = await signer.getAddress();
  const c = new ethers.Contract(token, ERC20_ABI, signer);
  if ((await c.allowance(owner, spender)) < MAX_UINT / 2n) await mined(c.approve(spender, MAX_UINT), "approve");
}

// ---- Uniswap V2 ------------------------------------------------------------------------------------------------

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

// ---- Uniswap V3 ------------------------------------------------------------------------------------------------

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
    let lower, upper;
    if (halfWidth == null) {
      lower = Math.ceil(MIN_TICK / spacing) * spacing;
      upper = Math.floor(MAX_TICK / spacing) * spacing;
    } else {
      const w = Math.log(1 + halfWidth) / Math.log(1.0001);
      lower = Math.floor((tick - w) / spacing) * spacing;
      upper = Math.ceil((tick + w) / spacing) * spacing;
      if (upper === lower) upper += spacing;
    }
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

// ---- Across ----------------------------------------------------------------------------------------------------

/**
 * Across's Ethereum_SpokePool (wrapped native, 3600 s quote-time buffer, 21600 s fill-deadline buffer, no gateway)
 * behind ERC1967Proxy, initialized with deposit id 0 and the signer as admin (withdrawal recipient).
 */
export async function deployAcross(signer, weth) {
  const implementation = await deploy(signer, "Ethereum_SpokePool", [weth, 3600, 21600, ethers.ZeroAddress]);
  const iface = new ethers.Interface(abiOf("Ethereum_SpokePool"));
  const init = iface.encodeFunctionData("initialize", [0, await signer.getAddress()]);
  const spokePool = await deploy(signer, "ERC1967Proxy", [implementation, init]);
  return { spokePool, implementation };
}
