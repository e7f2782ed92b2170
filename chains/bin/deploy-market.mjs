#!/usr/bin/env node
// node chains/bin/deploy-market.mjs --rpc URL --private-key KEY --spec FILE
// Deploys the market FILE describes (see lib/market.mjs) with real npm bytecode and prints ONE JSON object of every
// address on stdout (nothing else goes to stdout). Exit 0 on success, 1 with the reason on stderr otherwise.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ethers } from "ethers";
import { anvilSigner } from "../lib/protocols.mjs";
import { deployMarket } from "../lib/market.mjs";

const { values } = parseArgs({ options: {
  rpc: { type: "string" }, "private-key": { type: "string" }, spec: { type: "string" },
} });
if (!values.rpc || !values["private-key"] || !values.spec) {
  console.error("usage: deploy-market.mjs --rpc URL --private-key KEY --spec FILE");
  process.exit(2);
}
try {
  const probe = new ethers.JsonRpcProvider(values.rpc);
  const chainId = Number((await probe.getNetwork()).chainId);
  probe.destroy();
  const signer = anvilSigner(values.rpc, chainId, values["private-key"]);
  const spec = JSON.parse(readFileSync(values.spec, "utf8"));
  const result = await deployMarket(signer, spec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  signer.provider.destroy();
  process.exit(0);
} catch (e) {
  console.error(`deploy-market failed: ${e.shortMessage ?? e.message}`);
  process.exit(1);
}
