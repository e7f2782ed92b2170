#!/usr/bin/env node
// node chains/bin/send-tx.mjs --rpc URL --private-key KEY --to ADDRESS --data 0x… [--value WEI] [--gas-limit N]
// Sends one transaction as it is (e.g. a Junction built `Tx`: its to, data, value, gasLimit) from an ethers v6 wallet
// and prints {"hash", "status", "blockNumber"} once it is mined; a reverted transaction is printed too (status 0), not
// thrown. Exits 1 when the node refuses it.
import { parseArgs } from "node:util";
import { ethers } from "ethers";

const { values } = parseArgs({ options: {
  rpc: { type: "string" }, "private-key": { type: "string" }, to: { type: "string" }, data: { type: "string" },
  value: { type: "string", default: "0" }, "gas-limit": { type: "string" },
} });
if (!values.rpc || !values["private-key"] || !values.to || !values.data) {
  console.error("usage: send-tx.mjs --rpc URL --private-key KEY --to ADDRESS --data 0x… [--value WEI] [--gas-limit N]");
  process.exit(2);
}
// No request batching and no result cache (see the reference on ethers against anvil): each send reads fresh state.
const provider = new ethers.JsonRpcProvider(values.rpc, undefined, { batchStallTime: 0, cacheTimeout: -1,
  pollingInterval: 100 });
const wallet = new ethers.Wallet(values["private-key"], provider);
const request = { to: values.to, data: values.data, value: BigInt(values.value) };
if (values["gas-limit"]) request.gasLimit = BigInt(values["gas-limit"]);
const tx = await wallet.sendTransaction(request);
let receipt;
try {
  receipt = await tx.wait();
} catch (e) {
  receipt = e.receipt;
  if (!receipt) throw e;
}
console.log(JSON.stringify({ hash: tx.hash, status: receipt.status, blockNumber: receipt.blockNumber }));
provider.destroy();
