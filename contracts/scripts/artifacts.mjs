// Compiles the router and its adapters (contracts/src) with the pinned solc-js, with exactly the settings of
// foundry.toml, and writes each deployable contract's ABI and creation bytecode to OUT_DIR/<Name>.json
// ({contractName, abi, bytecode}). Run by the Maven build in generate-resources (OUT_DIR =
// target/classes/contracts): the deploy command and the adapters' CREATE2 addresses read these files from the jar.
//
//   node scripts/artifacts.mjs OUT_DIR
//
// Installs contracts/ with `npm ci --ignore-scripts` first when node_modules is missing or older than the lock
// (as ForgeSuiteTest does). Skips compiling when the inputs (sources, settings, compiler) are unchanged since the last
// run (a hash in OUT_DIR/.inputs.sha256). The bytecode equals `forge build`'s (ContractArtifactsTest checks it).
// Also copies OpenZeppelin's compiled TimelockController from its npm package, unchanged, to OUT_DIR (the router's
// owner when `junction deploy` hands ownership to a timelock).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = resolve(process.argv[2] ?? join(DIR, "..", "target", "classes", "contracts"));
/** The contracts the deploy command deploys (source file -> contract name). */
const DEPLOYABLE = {
  "src/JunctionRouter.sol": "JunctionRouter",
  "src/JunctionCctpReceiver.sol": "JunctionCctpReceiver",
  "src/adapters/UniswapV2Adapter.sol": "UniswapV2Adapter",
  "src/adapters/UniswapV3Adapter.sol": "UniswapV3Adapter",
  "src/adapters/UniswapV4Adapter.sol": "UniswapV4Adapter",
  "src/adapters/CurveStableSwapAdapter.sol": "CurveStableSwapAdapter",
  "src/adapters/AcrossAdapter.sol": "AcrossAdapter",
  "src/adapters/CctpAdapter.sol": "CctpAdapter",
  "src/adapters/BalancerV2Adapter.sol": "BalancerV2Adapter",
};

function install() {
  const stamp = join(DIR, "node_modules", ".package-lock.json");
  const lock = join(DIR, "package-lock.json");
  if (existsSync(join(DIR, "node_modules", "solc", "package.json")) && existsSync(stamp)
      && statSync(stamp).mtimeMs >= statSync(lock).mtimeMs) {
    return;
  }
  process.stderr.write("contracts: npm ci (solc-js and the contract toolchain)\n");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(npm, ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: DIR, stdio: ["ignore", 2, 2] });
}

/** The settings foundry.toml sets, read from it (so the two cannot drift apart). */
function foundrySettings() {
  const toml = readFileSync(join(DIR, "foundry.toml"), "utf8");
  const profile = toml.split(/^\[/m).find((s) => s.startsWith("profile.default]"));
  const value = (key) => {
    const m = profile.match(new RegExp(`^${key}\\s*=\\s*(.+)$`, "m"));
    if (!m) throw new Error(`foundry.toml [profile.default] has no ${key}`);
    return m[1].trim();
  };
  const remappings = [...profile.match(/^remappings\s*=\s*\[([\s\S]*?)\]/m)[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  return {
    optimizer: { enabled: value("optimizer") === "true", runs: Number(value("optimizer_runs")) },
    evmVersion: JSON.parse(value("evm_version")),
    metadata: { bytecodeHash: JSON.parse(value("bytecode_hash")), appendCBOR: value("cbor_metadata") === "true" },
    remappings,
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
  };
}

function solFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? solFiles(p) : e.name.endsWith(".sol") ? [p] : [];
  });
}

install();
/** OpenZeppelin's compiled TimelockController, copied from its npm package as it is (the router's timelock owner). */
function copyTimelock() {
  const from = join(DIR, "node_modules", "@openzeppelin", "contracts", "build", "contracts", "TimelockController.json");
  const a = JSON.parse(readFileSync(from, "utf8"));
  const text = `${JSON.stringify({ contractName: a.contractName, abi: a.abi, bytecode: a.bytecode }, null, 1)}\n`;
  const to = join(out, "TimelockController.json");
  mkdirSync(out, { recursive: true });
  if (!existsSync(to) || readFileSync(to, "utf8") !== text) writeFileSync(to, text);
}
copyTimelock();
const require = createRequire(join(DIR, "package.json"));
const solc = require("solc");
const settings = foundrySettings();
const sources = Object.fromEntries(solFiles(join(DIR, "src")).sort()
  .map((f) => [relative(DIR, f), { content: readFileSync(f, "utf8") }]));
const input = { language: "Solidity", sources, settings };

const hash = createHash("sha256").update(solc.version()).update(JSON.stringify(input)).digest("hex");
const hashFile = join(out, ".inputs.sha256");
if (existsSync(hashFile) && readFileSync(hashFile, "utf8") === hash
    && Object.values(DEPLOYABLE).every((n) => existsSync(join(out, `${n}.json`)))) {
  process.stderr.write("contracts: artifacts up to date\n");
  process.exit(0);
}

const started = Date.now();
function findImports(p) {
  const file = resolve(DIR, p);
  return existsSync(file) ? { contents: readFileSync(file, "utf8") } : { error: `File not found: ${p}` };
}
const result = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const errors = (result.errors ?? []).filter((e) => e.severity === "error");
if (errors.length) {
  for (const e of errors) process.stderr.write(`${e.formattedMessage}\n`);
  process.exit(1);
}
mkdirSync(out, { recursive: true });
for (const [file, name] of Object.entries(DEPLOYABLE)) {
  const c = result.contracts?.[file]?.[name];
  if (!c || !c.evm.bytecode.object) throw new Error(`solc produced no bytecode for ${file}:${name}`);
  writeFileSync(join(out, `${name}.json`),
    `${JSON.stringify({ contractName: name, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }, null, 1)}\n`);
}
writeFileSync(hashFile, hash);
process.stderr.write(`contracts: compiled ${Object.values(DEPLOYABLE).join(", ")} with solc ${solc.version()} `
  + `in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${out}\n`);
