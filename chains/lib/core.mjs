// What every protocol of the local chains builds on: artifacts from npm packages (never re-typed or re-compiled
// copies), anvil providers and signers, sending, and the core contracts: WETH9 (@uniswap/v2-periphery), Permit2
// (@uniswap/uniswapx-sdk's creation code, through the CREATE2 deployer with the mainnet salt), Multicall3 and test
// ERC-20s (UMA's ExpandedERC20, as shipped in @across-protocol/contracts). Each protocol's own contracts are in its
// module (uniswapv2.mjs, uniswapv3.mjs, across.mjs, ...), which adds its artifacts to ARTIFACTS; protocols.mjs
// lists them.
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
const MAX_UINT = ethers.MaxUint256;

// ---- artifacts -------------------------------------------------------------------------------------------------

export function hex(b) { return b.startsWith("0x") ? b : `0x${b}`; }

export function npmArtifact(path) {
  const a = require(path);
  const bytecode = typeof a.bytecode === "string" ? a.bytecode : a.evm.bytecode.object;
  return { abi: a.abi, bytecode: hex(bytecode) };
}

export function acrossArtifact(name, file = name) {
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

/** name -> () => {abi, bytecode}; each protocol module adds its own contracts' entries. */
export const ARTIFACTS = {
  WETH9: () => npmArtifact("@uniswap/v2-periphery/build/WETH9.json"),
  Multicall3: () => acrossArtifact("Multicall3"),
  ExpandedERC20: () => acrossArtifact("ExpandedERC20"),
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

/**
 * The receipt of a sent transaction, polled by hash. Not tx.wait() or waitForDeployment(): they look for the receipt,
 * then wait for a "block" event from the head they read; anvil's automine can put the transaction in that very block,
 * and the event they wait for never comes (seen in CI: `up` polled chain 1's unchanging head for ten minutes after
 * its mint was mined). chains/bin/send-built-tx.mjs polls the same way.
 */
export async function receiptOf(provider, hash, what, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt != null) return receipt;
    if (Date.now() > until) throw new Error(`${what}: no receipt for ${hash} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function mined(txPromise, what) {
  const tx = await txPromise;
  const receipt = await receiptOf(tx.provider, tx.hash, what);
  if (receipt.status !== 1) throw new Error(`${what} failed: ${tx.hash}`);
  return receipt;
}

/** Deploys an artifact ({abi, bytecode}) and answers its address once the deployment is mined. */
export async function deployArtifact(signer, { abi, bytecode }, args = [], what = "deployment") {
  const contract = await new ethers.ContractFactory(abi, bytecode, signer).deploy(...args);
  const receipt = await mined(Promise.resolve(contract.deploymentTransaction()), what);
  return ethers.getAddress(receipt.contractAddress);
}

export async function deploy(signer, name, args = []) {
  return deployArtifact(signer, ARTIFACTS[name](), args, `${name} deployment`);
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

export async function approveMax(signer, token, spender) {
  const owner = await signer.getAddress();
  const c = new ethers.Contract(token, ERC20_ABI, signer);
  if ((await c.allowance(owner, spender)) < MAX_UINT / 2n) await mined(c.approve(spender, MAX_UINT), "approve");
}


/** a * b as a decimal string with at most `decimals` fraction digits (exact, truncated). */
export function mulDecimal(a, b, decimals) {
  const scale = 10n ** BigInt(decimals);
  const [an, ad] = fraction(a);
  const [bn, bd] = fraction(b);
  return ethers.formatUnits((an * bn * scale) / (ad * bd), decimals);
}

function fraction(x) {
  const [i, f = ""] = String(x).split(".");
  return [BigInt(i + f), 10n ** BigInt(f.length)];
}
