// README.md "Walk-through with ethers v6", its blocks in order (LocalChainsWalkTest checks that this file is
// exactly those blocks and runs it as the README says). From the repository root, after bin/local-chains up:
//   node chains/walk/ethers.mjs
import { readFileSync } from "node:fs";
import { ethers } from "ethers";

// bin/local-chains' state: .local-chains/, or the directory LOCAL_CHAINS_STATE_DIR (up's --state-dir) names
const up = JSON.parse(readFileSync(`${process.env.LOCAL_CHAINS_STATE_DIR ?? ".local-chains"}/up.json`, "utf8"));
const base = up.chains["8453"];
const provider = new ethers.JsonRpcProvider(base.rpc, 8453, {
  staticNetwork: true, // the chain id is known: no eth_chainId probe per request
  cacheTimeout: -1,    // no 250 ms result cache: never a stale nonce or balance
  pollingInterval: 500,
});

// a fresh wallet, funded with 1 ETH and 5,000 USDC
const wallet = ethers.Wallet.createRandom(provider);
await provider.send("anvil_setBalance", [wallet.address, ethers.toQuantity(ethers.parseEther("1"))]);
const ERC20 = ["function mint(address,uint256) returns (bool)", "function balanceOf(address) view returns (uint256)",
  "function approve(address,uint256) returns (bool)"];
const funder = new ethers.Wallet(up.account.privateKey, provider);
await (await new ethers.Contract(base.tokens.USDC, ERC20, funder).mint(wallet.address, 5_000_000000n)).wait();
const usdc = new ethers.Contract(base.tokens.USDC, ERC20, wallet);
console.log("USDC", ethers.formatUnits(await usdc.balanceOf(wallet.address), 6)); // 5000.0
const J = up.junction;
async function api(path) {
  const body = await (await fetch(`${J}${path}`)).json();
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
  return body.data;
}
async function until(txHash, chainId) {
  for (;;) {
    const s = await api(`/status?txHash=${txHash}&fromChainId=${chainId}`);
    if (["DONE", "FAILED"].includes(s.status)) return s;
    await new Promise((r) => setTimeout(r, (s.details?.pollAfterSeconds ?? 1) * 1000));
  }
}
const params = new URLSearchParams({ fromChain: "8453", toChain: "8453", fromToken: base.tokens.USDC,
  toToken: base.tokens.WETH, amount: "1000000000", sender: wallet.address, slippage: "1", acquisitionMode: "0" });
const [best] = await api(`/quote?${params}`); // the routes, best first
console.log("quoted", best.amountOut, "WETH wei via", best.path.map((step) => step.provider.name).join(", "));
const { Tx } = await api(`/build-best-path?${params}`);
await (await usdc.approve(Tx.allowanceTarget, 1_000_000000n)).wait();
const sent = await wallet.sendTransaction({ to: Tx.to, data: Tx.data, value: Tx.value, gasLimit: Tx.gasLimit });
await sent.wait();
const done = await until(sent.hash, 8453);
console.log(done.status, done.toAsset.amount); // DONE …
const cross = new URLSearchParams({ fromChain: "8453", toChain: "42161", fromToken: base.tokens.USDC,
  toToken: up.chains["42161"].tokens.WETH, amount: "1000000000", sender: wallet.address, slippage: "1",
  acquisitionMode: "0" });
const { Tx: crossTx } = await api(`/build-best-path?${cross}`);
await (await usdc.approve(crossTx.allowanceTarget, 1_000_000000n)).wait();
const crossSent = await wallet.sendTransaction({ to: crossTx.to, data: crossTx.data, value: crossTx.value,
  gasLimit: crossTx.gasLimit });
await crossSent.wait();
const crossDone = await until(crossSent.hash, 8453);
console.log(crossDone.status, crossDone.destTxDetails.txHash); // DONE 0x…
await (await usdc.approve("0x000000000022D473030F116dDEE9F6B43aC78BA3", ethers.MaxUint256)).wait();
const gq = new URLSearchParams({ fromChain: "8453", toChain: "8453", fromToken: base.tokens.USDC,
  toToken: base.tokens.WETH, amount: "1000000000", sender: wallet.address, acquisitionMode: "3" });
const [item] = await api(`/gasless/quote?${gq}`);
const { domain, types, message } = item.eip712;
const signature = await wallet.signTypedData(domain, types, message);
const submitted = await (await fetch(`${J}/gasless/submit-swap`, { method: "POST",
  headers: { "Content-Type": "application/json" }, body: JSON.stringify({ quoteId: item.quoteId, signature }) })).json();
if (submitted.code !== 0) throw new Error(submitted.message);
const gasless = await until(submitted.data.executionTxHash, 8453);
console.log(gasless.status); // DONE
