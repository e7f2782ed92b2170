// Compiles ONE test-support contract (e.g. test/support/TestOnlyCurveStableSwap.sol) with the pinned solc-js and the
// settings of foundry.toml, and prints {contractName, abi, bytecode} as one JSON line: for the Java tests that deploy
// a test-only contract on anvil (chain mode's Curve test), or a contract of an npm package that ships sources only
// (../chains/.packed/@chainlink+contracts@1.5.0/..., chain mode's price-feed test). Never for production artifacts
// (scripts/artifacts.mjs).
//
//   node scripts/test-artifact.mjs test/support/TestOnlyCurveStableSwap.sol TestOnlyCurveStableSwap
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [file, name] = process.argv.slice(2);
if (!file || !name) {
  console.error("usage: test-artifact.mjs SOURCE CONTRACT");
  process.exit(2);
}
const require = createRequire(join(DIR, "package.json"));
const solc = require("solc");
const toml = readFileSync(join(DIR, "foundry.toml"), "utf8");
const profile = toml.split(/^\[/m).find((s) => s.startsWith("profile.default]"));
const value = (key) => profile.match(new RegExp(`^${key}\\s*=\\s*(.+)$`, "m"))[1].trim();
const remappings = [...profile.match(/^remappings\s*=\s*\[([\s\S]*?)\]/m)[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
const input = {
  language: "Solidity",
  sources: { [file]: { content: readFileSync(join(DIR, file), "utf8") } },
  settings: {
    optimizer: { enabled: value("optimizer") === "true", runs: Number(value("optimizer_runs")) },
    evmVersion: JSON.parse(value("evm_version")), remappings,
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
  },
};
const findImports = (p) => {
  const f = resolve(DIR, p);
  return existsSync(f) ? { contents: readFileSync(f, "utf8") } : { error: `File not found: ${p}` };
};
const result = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const errors = (result.errors ?? []).filter((e) => e.severity === "error");
if (errors.length) {
  for (const e of errors) process.stderr.write(`${e.formattedMessage}\n`);
  process.exit(1);
}
const c = result.contracts[file][name];
process.stdout.write(`${JSON.stringify({ contractName: name, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` })}\n`);
