#!/usr/bin/env node
// Signs many of Junction's gasless permits in one process, exactly as an integrator's wallet code does with ethers v6:
//   new Wallet(key).signTypedData(eip712.domain, eip712.types, eip712.message)
// Input (stdin): a JSON array of {"key": "0x…", "item": <one /gasless/quote item, or its eip712 object>}.
// Output (stdout): a JSON array, in the same order, of {"signature": "0x…", "signer": "0x…", "digest": "0x…"}.
// (The reliability tests sign 50 permits at once; one node start per permit would cost more than the swaps.)
import { Wallet, TypedDataEncoder } from "ethers";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));
if (!Array.isArray(requests)) {
  console.error("sign-permits: stdin must be a JSON array of {key, item}");
  process.exit(2);
}
const out = [];
for (const { key, item } of requests) {
  const { domain, types, message } = item.eip712 ?? item;
  const wallet = new Wallet(key);
  // ethers throws when types contains EIP712Domain: Junction's types must not.
  const signature = await wallet.signTypedData(domain, types, message);
  out.push({ signature, signer: wallet.address, digest: TypedDataEncoder.hash(domain, types, message) });
}
process.stdout.write(JSON.stringify(out) + "\n");
