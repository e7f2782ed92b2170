#!/usr/bin/env node
// node chains/bin/across-relayer.mjs --private-key KEY --chain ID=RPC_URL=SPOKE_POOL [--chain ...] [--poll-ms 250]
//                                    [--from-block N]
// Fills Across V3 deposits between the given chains as Across relayers do (see lib/relayer.mjs). Runs until
// SIGTERM/SIGINT; logs one line per fill on stdout. The relayer account needs native gas and inventory of the
// output tokens on each destination (wrapped native is topped up from its ETH).
import { parseArgs } from "node:util";
import { startRelayer } from "../lib/relayer.mjs";

const { values } = parseArgs({ options: {
  "private-key": { type: "string" }, chain: { type: "string", multiple: true },
  "poll-ms": { type: "string", default: "250" }, "from-block": { type: "string", default: "0" },
} });
if (!values["private-key"] || !values.chain || values.chain.length < 2) {
  console.error("usage: across-relayer.mjs --private-key KEY --chain ID=RPC_URL=SPOKE_POOL --chain ... (2 or more)");
  process.exit(2);
}
const chains = values.chain.map((c) => {
  const [chainId, rpcUrl, spokePool] = c.split("=");
  if (!chainId || !rpcUrl || !spokePool) throw new Error(`--chain ${c}: expected ID=RPC_URL=SPOKE_POOL`);
  return { chainId: Number(chainId), rpcUrl, spokePool };
});
const relayer = startRelayer({ chains, privateKey: values["private-key"], pollMs: Number(values["poll-ms"]),
  fromBlock: Number(values["from-block"]), log: (m) => console.log(`${new Date().toISOString()} ${m}`) });
console.log(`across-relayer watching ${chains.map((c) => c.chainId).join(", ")}`);
const shutdown = async () => { await relayer.stop(); process.exit(0); };
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
