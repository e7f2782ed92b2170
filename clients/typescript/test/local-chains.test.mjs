// The client on real EVMs: the anvil chains of bin/local-chains and Junction in chain mode on them, as up.json
// describes them (UP_JSON; LocalChainsWalkTest runs this after its walk). Wallets are fresh and funded here; every
// answer is checked against the service's OpenAPI document (conformance.mjs), every swap followed to DONE.
// Run: UP_JSON=.local-chains/up.json node --test test/local-chains.test.mjs (after bin/local-chains up, npm run build).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, test } from "node:test";
import {
  createJunctionClient,
  NATIVE_TOKEN,
  sendBuiltTransaction,
  signGaslessQuote,
  waitForStatus,
} from "@junction/client";
import { ethers } from "ethers";
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { apiDocs, conformingFetch } from "./conformance.mjs";

const up = JSON.parse(readFileSync(process.env.UP_JSON ?? ".local-chains/up.json", "utf8"));
const BASE = 8453;
const ARBITRUM = 42161;
const PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
const ERC20 = ["function mint(address,uint256) returns (bool)", "function balanceOf(address) view returns (uint256)",
  "function approve(address,uint256) returns (bool)"];

let junction;

before(async () => {
  const api = await apiDocs(up.junction);
  junction = createJunctionClient({ baseUrl: up.junction, fetch: conformingFetch(api, up.junction).fetch });
});

/** A fresh ethers wallet on a chain with 1 ETH and 5,000 USDC (minted by up.json's account). */
async function ethersWallet(chainId) {
  const chain = up.chains[chainId];
  const provider = new ethers.JsonRpcProvider(chain.rpc, chainId, { staticNetwork: true, cacheTimeout: -1,
    pollingInterval: 250 });
  const wallet = ethers.Wallet.createRandom(provider);
  await provider.send("anvil_setBalance", [wallet.address, ethers.toQuantity(ethers.parseEther("1"))]);
  const funder = new ethers.Wallet(up.account.privateKey, provider);
  await (await new ethers.Contract(chain.tokens.USDC, ERC20, funder).mint(wallet.address, 5_000_000000n)).wait();
  return { wallet, provider, tokens: chain.tokens };
}

/** A fresh viem wallet client (local account) and public client on a chain, funded the same way. */
async function viemWallet(chainId) {
  const chain = up.chains[chainId];
  const definition = defineChain({ id: chainId, name: `local ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [chain.rpc] } } });
  const transport = http(chain.rpc, { retryCount: 3 });
  const publicClient = createPublicClient({ chain: definition, transport, pollingInterval: 250, cacheTime: 0 });
  const wallet = createWalletClient({ account: privateKeyToAccount(generatePrivateKey()), chain: definition, transport,
    pollingInterval: 250, cacheTime: 0 });
  const funder = createWalletClient({ account: privateKeyToAccount(up.account.privateKey), chain: definition,
    transport });
  await publicClient.request({ method: "anvil_setBalance", params: [wallet.account.address,
    `0x${parseEther("1").toString(16)}`] });
  const minted = await funder.writeContract({ address: chain.tokens.USDC, abi: parseAbi(ERC20), functionName: "mint",
    args: [wallet.account.address, 5_000_000000n] });
  await publicClient.waitForTransactionReceipt({ hash: minted });
  const balanceOf = (token) => publicClient.readContract({ address: token, abi: parseAbi(ERC20),
    functionName: "balanceOf", args: [wallet.account.address] });
  return { wallet, publicClient, tokens: chain.tokens, balanceOf };
}

test("ethers: quote, buildBestPath, sendBuiltTransaction (approving the router), waitForStatus to DONE", async () => {
  const { wallet, provider, tokens } = await ethersWallet(BASE);
  const params = { fromChain: BASE, toChain: BASE, fromToken: tokens.USDC, toToken: tokens.WETH,
    amount: "1000000000", sender: wallet.address, slippage: 1, acquisitionMode: 0 };
  const [best] = await junction.quote(params);
  assert.ok(best.blockNumber > 0); // chain mode: the block the route was computed at
  const { Tx } = await junction.buildBestPath(params);
  const sent = await sendBuiltTransaction(Tx, wallet);
  assert.notEqual(sent.approvalHash, null, "the router had no allowance: approved first");
  const done = await waitForStatus(junction, { txHash: sent.hash, fromChainId: BASE }, { timeoutMs: 120_000 });
  assert.equal(done.status, "DONE", done.details.message);
  const weth = await new ethers.Contract(tokens.WETH, ERC20, provider).balanceOf(wallet.address);
  assert.equal(weth.toString(), done.toAsset.amount);
  assert.ok(weth >= BigInt(best.minAmountOut) * 99n / 100n, `${weth} arrived for a quoted ${best.amountOut}`);
});

test("ethers: a native input is sent as the value, nothing to approve", async () => {
  const { wallet, tokens } = await ethersWallet(BASE);
  const params = { fromChain: BASE, toChain: BASE, fromToken: NATIVE_TOKEN, toToken: tokens.USDC,
    amount: "100000000000000000", sender: wallet.address, slippage: 1 };
  const { Tx } = await junction.buildBestPath(params);
  assert.equal(Tx.value, params.amount);
  const sent = await sendBuiltTransaction(Tx, wallet);
  assert.equal(sent.approvalHash, null);
  const done = await waitForStatus(junction, { txHash: sent.hash, fromChainId: BASE }, { timeoutMs: 120_000 });
  assert.equal(done.status, "DONE", done.details.message);
});

test("ethers: a wallet on another chain than the transaction's is refused before anything is sent", async () => {
  const { wallet } = await ethersWallet(ARBITRUM);
  const base = up.chains[BASE].tokens;
  const { Tx } = await junction.buildBestPath({ fromChain: BASE, toChain: BASE, fromToken: base.USDC,
    toToken: base.WETH, amount: "1000000000", sender: wallet.address, acquisitionMode: 0 });
  const nonce = await wallet.getNonce();
  await assert.rejects(sendBuiltTransaction(Tx, wallet), /wallet is on chain 42161; the transaction is for chain 8453/);
  assert.equal(await wallet.getNonce(), nonce);
});

test("viem: quote, buildPath of its best pathId, sendBuiltTransaction, waitForStatus to DONE", async () => {
  const { wallet, tokens, balanceOf } = await viemWallet(ARBITRUM);
  const sender = wallet.account.address;
  const [best] = await junction.quote({ fromChain: ARBITRUM, toChain: ARBITRUM, fromToken: tokens.USDC,
    toToken: tokens.WETH, amount: "1000000000", sender, slippage: 1, acquisitionMode: 0 });
  const tx = await junction.buildPath({ Amount: "1000000000", Sender: sender, fromChain: ARBITRUM,
    fromToken: tokens.USDC, toChain: ARBITRUM, toToken: tokens.WETH, pathId: best.pathId, slippage: 1 });
  const sent = await sendBuiltTransaction(tx, wallet);
  assert.notEqual(sent.approvalHash, null);
  const done = await waitForStatus(junction, { txHash: sent.hash, fromChainId: ARBITRUM }, { timeoutMs: 120_000 });
  assert.equal(done.status, "DONE", done.details.message);
  assert.equal((await balanceOf(tokens.WETH)).toString(), done.toAsset.amount);
  assert.equal(await balanceOf(tokens.USDC), 4_000_000000n);
});

test("gasless with ethers: approve Permit2 once, quote, sign, submit, waitForStatus to DONE", async () => {
  const { wallet, tokens } = await ethersWallet(BASE);
  await (await new ethers.Contract(tokens.USDC, ERC20, wallet).approve(PERMIT2, ethers.MaxUint256)).wait();
  const [item] = await junction.gaslessQuote({ fromChain: BASE, toChain: BASE, fromToken: tokens.USDC,
    toToken: tokens.WETH, amount: "1000000000", sender: wallet.address, acquisitionMode: 3 });
  const swap = await junction.submitSwap({ quoteId: item.quoteId, signature: await signGaslessQuote(item, wallet) });
  const done = await waitForStatus(junction, { txHash: swap.executionTxHash, fromChainId: BASE },
    { timeoutMs: 120_000 });
  assert.equal(done.status, "DONE", done.details.message);
  assert.equal(done.kind, "gasless");
});

test("gasless with viem: approve Permit2 once, quote, sign, submit, waitForStatus to DONE", async () => {
  const { wallet, publicClient, tokens, balanceOf } = await viemWallet(ARBITRUM);
  const approval = await wallet.writeContract({ address: tokens.USDC, abi: parseAbi(ERC20), functionName: "approve",
    args: [PERMIT2, 2n ** 256n - 1n] });
  await publicClient.waitForTransactionReceipt({ hash: approval });
  const [item] = await junction.gaslessQuote({ fromChain: ARBITRUM, toChain: ARBITRUM, fromToken: tokens.USDC,
    toToken: tokens.WETH, amount: "1000000000", sender: wallet.account.address, acquisitionMode: 3 });
  const swap = await junction.submitSwap({ quoteId: item.quoteId, signature: await signGaslessQuote(item, wallet) });
  const done = await waitForStatus(junction, { txHash: swap.executionTxHash, fromChainId: ARBITRUM },
    { timeoutMs: 120_000 });
  assert.equal(done.status, "DONE", done.details.message);
  assert.equal((await balanceOf(tokens.WETH)).toString(), done.toAsset.amount);
});
