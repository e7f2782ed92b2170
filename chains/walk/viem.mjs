// README.md "Walk-through with viem", its blocks in order (LocalChainsWalkTest checks that this file is
// exactly those blocks and runs it as the README says). From the repository root, after bin/local-chains up:
//   node chains/walk/viem.mjs
import { readFileSync } from "node:fs";
import { createPublicClient, createWalletClient, http, parseEther, parseAbi, defineChain } from "viem";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";

// bin/local-chains' state: .local-chains/, or the directory LOCAL_CHAINS_STATE_DIR (up's --state-dir) names
const up = JSON.parse(readFileSync(`${process.env.LOCAL_CHAINS_STATE_DIR ?? ".local-chains"}/up.json`, "utf8"));
const arb = up.chains["42161"];
const chain = defineChain({ id: 42161, name: "Arbitrum One (local)", nativeCurrency: { name: "Ether",
  symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [arb.rpc] } } });
const transport = http(arb.rpc, { retryCount: 3 });
const publicClient = createPublicClient({ chain, transport, pollingInterval: 250, cacheTime: 0 });
const account = privateKeyToAccount(generatePrivateKey());
const wallet = createWalletClient({ account, chain, transport, pollingInterval: 250, cacheTime: 0 });
const funder = createWalletClient({ account: privateKeyToAccount(up.account.privateKey), chain, transport });
const erc20 = parseAbi(["function mint(address,uint256) returns (bool)",
  "function balanceOf(address) view returns (uint256)", "function approve(address,uint256) returns (bool)"]);

await publicClient.request({ method: "anvil_setBalance", params: [account.address, `0x${parseEther("1").toString(16)}`] });
const minted = await funder.writeContract({ address: arb.tokens.USDC, abi: erc20, functionName: "mint",
  args: [account.address, 5_000_000000n] });
await publicClient.waitForTransactionReceipt({ hash: minted });
console.log("USDC", await publicClient.readContract({ address: arb.tokens.USDC, abi: erc20,
  functionName: "balanceOf", args: [account.address] })); // 5000000000n
const J = up.junction;
async function api(path) {
  const body = await (await fetch(`${J}${path}`)).json();
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
  return body.data;
}
const params = new URLSearchParams({ fromChain: "42161", toChain: "42161", fromToken: arb.tokens.USDC,
  toToken: arb.tokens.WETH, amount: "1000000000", sender: account.address, slippage: "1", acquisitionMode: "0" });
const { Tx } = await api(`/build-best-path?${params}`);
const approval = await wallet.writeContract({ address: arb.tokens.USDC, abi: erc20, functionName: "approve",
  args: [Tx.allowanceTarget, 1_000_000000n] });
await publicClient.waitForTransactionReceipt({ hash: approval });
const hash = await wallet.sendTransaction({ to: Tx.to, data: Tx.data, value: BigInt(Tx.value),
  gas: BigInt(Tx.gasLimit) });
await publicClient.waitForTransactionReceipt({ hash });
let status;
do {
  await new Promise((r) => setTimeout(r, 500));
  status = (await api(`/status?txHash=${hash}&fromChainId=42161`)).status;
} while (!["DONE", "FAILED"].includes(status));
console.log(status); // DONE

// gasless: the same EIP-712 object, signed with viem
await publicClient.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: arb.tokens.USDC,
  abi: erc20, functionName: "approve", args: ["0x000000000022D473030F116dDEE9F6B43aC78BA3", 2n ** 256n - 1n] }) });
const gq = new URLSearchParams({ fromChain: "42161", toChain: "42161", fromToken: arb.tokens.USDC,
  toToken: arb.tokens.WETH, amount: "1000000000", sender: account.address, acquisitionMode: "3" });
const [item] = await api(`/gasless/quote?${gq}`);
const { domain, types, primaryType, message } = item.eip712;
const signature = await wallet.signTypedData({ domain, types, primaryType, message });
const submitted = await (await fetch(`${J}/gasless/submit-swap`, { method: "POST",
  headers: { "Content-Type": "application/json" }, body: JSON.stringify({ quoteId: item.quoteId, signature }) })).json();
if (submitted.code !== 0) throw new Error(submitted.message);
let gasless;
do {
  await new Promise((r) => setTimeout(r, 500));
  gasless = (await api(`/status?txHash=${submitted.data.executionTxHash}&fromChainId=42161`)).status;
} while (!["DONE", "FAILED"].includes(gasless));
console.log("gasless", gasless); // gasless DONE
