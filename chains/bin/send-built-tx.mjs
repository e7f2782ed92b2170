#!/usr/bin/env node
// Sends a Junction-built transaction the way an integrator's wallet does, with ethers v6:
// approve the Tx's allowanceTarget for exactly the input amount (ERC-20 input), then send the Tx as it is
// (its to, data, value and gasLimit), wait for the receipt and print one JSON line.
// stdin: {"rpc": "http://…", "privateKey": "0x…", "tx": <the Tx object of /build-best-path or /build-path>,
//         "fromToken": "0x…", "amount": "<smallest units>", "watch": ["0x<token>", …], "holder": "0x…"}
// stdout: {"hash", "status", "gasUsed", "blockNumber", "logs": [{address, topics, data}],
//          "balancesBefore": {token: "…"}, "balancesAfter": {token: "…"}}  (balances of `holder`, native as 0xEeee…)
import { ethers } from "ethers";

const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const ERC20 = ["function approve(address,uint256) returns (bool)", "function balanceOf(address) view returns (uint256)"];

const input = JSON.parse(await new Promise((resolve) => {
  let text = "";
  process.stdin.on("data", (d) => (text += d)).on("end", () => resolve(text));
}));
// A local node: no polling delay, no cached answers between the approval and the route.
const provider = new ethers.JsonRpcProvider(input.rpc, undefined, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
const wallet = new ethers.Wallet(input.privateKey, provider);
const holder = input.holder ?? wallet.address;

// The mined receipt, polled. Not provider.waitForTransaction / tx.wait(): they count confirmations against a head read
// before the receipt and then wait for a "block" event; on a node that mines one block per transaction (anvil's
// automine) that event may never come, and the wallet hung with the transaction already mined.
async function receiptOf(hash) {
  for (let i = 0; i < 1200; i++) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt != null) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no receipt for ${hash} after 60 s`);
}

async function balances() {
  const out = {};
  for (const token of input.watch ?? []) {
    out[token] = token.toLowerCase() === NATIVE.toLowerCase()
      ? (await provider.getBalance(holder)).toString()
      : (await new ethers.Contract(token, ERC20, provider).balanceOf(holder)).toString();
  }
  return out;
}

const tx = input.tx;
if (input.fromToken && input.fromToken.toLowerCase() !== NATIVE.toLowerCase()
    && tx.allowanceTarget !== ethers.ZeroAddress) {
  const approve = await new ethers.Contract(input.fromToken, ERC20, wallet).approve(tx.allowanceTarget, input.amount);
  await receiptOf(approve.hash);
}
const balancesBefore = await balances();
const sent = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value ?? "0"),
  gasLimit: BigInt(tx.gasLimit), chainId: BigInt(tx.chain ?? tx.chainId) });
const receipt = await receiptOf(sent.hash);
const balancesAfter = await balances();
process.stdout.write(JSON.stringify({
  hash: sent.hash, status: receipt.status, gasUsed: receipt.gasUsed.toString(), blockNumber: receipt.blockNumber,
  logs: receipt.logs.map((l) => ({ address: l.address, topics: l.topics, data: l.data })), balancesBefore, balancesAfter,
}) + "\n");
