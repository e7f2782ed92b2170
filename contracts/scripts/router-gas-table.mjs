#!/usr/bin/env node
// Derives Junction's router gas table from the router's measured gas.
//   node_modules/.bin/forge test --offline --match-contract RouterGasTable -vv \
//     | node scripts/router-gas-table.mjs > ../src/main/resources/dev/junction/protocol/router-gas.json
// stdin: forge's output, whose lines "<shape letter> <label>: transaction gas <N>, ..." test/RouterGasTable.t.sol
// logs (it logs them whether or not the current table passes). stdout: the table (JSON). Every constant is a
// difference of measured shapes (see the "derivation" field); the shapes M, N, O, U, Z2, Z3 are not used, only
// checked; H0, H1, H2 are only logged (the native V4 pool through WETH, for comparison; two V4 steps).
import { readFileSync } from "node:fs";

const text = readFileSync(0, "utf8");
const gas = {};
for (const m of text.matchAll(/^\s*([A-Z][0-9]?) [^\n]*?: transaction gas (\d+)/gm)) gas[m[1]] = Number(m[2]);
const need = ["A", "B", "C", "D", "E", "F", "G0", "G1", "G2", "I", "J", "K", "L", "P", "Q", "R", "S", "T0", "T1", "T2", "V", "W", "X", "Y", "Z0", "Z1"];
const missing = need.filter((k) => gas[k] === undefined);
if (missing.length) {
  process.stderr.write(`router-gas-table: no measurement for shape(s) ${missing.join(", ")} in the input\n`);
  process.exit(1);
}
const v3Later = gas.B - gas.A;
const base = gas.A - v3Later;
const table = {
  source: "contracts/test/RouterGasTable.t.sol (transaction gas, as a receipt's gasUsed), derived by "
    + "contracts/scripts/router-gas-table.mjs",
  derivation: {
    "uniswap-v3.later": "B - A (the marginal V3 step)",
    base: "A - uniswap-v3.later: 21,000, calldata and the router's fixed work",
    "uniswap-v3.first": "A - base",
    "uniswap-v2.first": "C - base",
    "uniswap-v2.later": "D - C",
    "curve.first": "E - base",
    "curve.later": "F - A",
    "across.first": "P - base",
    "across.later": "Q - A",
    "uniswap-v4.first": "R - base",
    "uniswap-v4.later": "S - A",
    v4NativeIn: "T0 - base: a native V4 pool's step spending msg.value itself (no wrapNative)",
    "uniswap-v4-native-out.first": "T1 - base: a native V4 pool's step paying native, sent on (no unwrapNative)",
    "uniswap-v4-native-out.later": "T2 - A",
    "balancer-v2.first": "V - base",
    "balancer-v2.later": "W - G0",
    "balancer-v2-stable.first": "X - base",
    "balancer-v2-stable.later": "Y - A",
    v3TickCrossed: "mean of G1 - G0 and (G2 - G0) / 2",
    integratorFee: "I - A",
    wrapNative: "J - A",
    unwrapNative: "K - G0",
    permitWitness: "L - A",
    splitLeg: "Z1 - Z0 - uniswap-v2.first - uniswap-v2.later: a leg of a split beyond its steps",
    split: "Z0 - base - uniswap-v3.first - uniswap-v2.first - 2 * splitLeg: a split's fixed work (the input gathered)",
  },
  measured: Object.fromEntries(Object.entries(gas).sort()),
  base,
  steps: {
    "uniswap-v2": { first: gas.C - base, later: gas.D - gas.C },
    "uniswap-v3": { first: gas.A - base, later: v3Later },
    curve: { first: gas.E - base, later: gas.F - gas.A },
    across: { first: gas.P - base, later: gas.Q - gas.A },
    "uniswap-v4": { first: gas.R - base, later: gas.S - gas.A },
    "uniswap-v4-native-out": { first: gas.T1 - base, later: gas.T2 - gas.A },
    "balancer-v2": { first: gas.V - base, later: gas.W - gas.G0 },
    "balancer-v2-stable": { first: gas.X - base, later: gas.Y - gas.A },
  },
  v3TickCrossed: Math.round(((gas.G1 - gas.G0) + (gas.G2 - gas.G0) / 2) / 2),
  integratorFee: gas.I - gas.A,
  wrapNative: gas.J - gas.A,
  unwrapNative: gas.K - gas.G0,
  permitWitness: gas.L - gas.A,
  v4NativeIn: gas.T0 - base,
  split: gas.Z0 - base - (gas.A - base) - (gas.C - base) - 2 * (gas.Z1 - gas.Z0 - (gas.C - base) - (gas.D - gas.C)),
  splitLeg: gas.Z1 - gas.Z0 - (gas.C - base) - (gas.D - gas.C),
  tolerancePercent: 3,
};
process.stdout.write(JSON.stringify(table, null, 2) + "\n");
