// Compiles contracts/src/IJunctionRouter.sol with solc-js (offline) and prints its ABI as canonical JSON
// (entries sorted by type and name), or, with --check, compares it with contracts/abi/JunctionRouter.json and exits 1
// on any difference. Usage: node compile-abi.mjs <repo-root> [--check | --write]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const solc = require('solc');
const root = process.argv[2];
const mode = process.argv[3] ?? '--print';
const source = fs.readFileSync(path.join(root, 'contracts/src/IJunctionRouter.sol'), 'utf8');
const input = {
  language: 'Solidity',
  sources: { 'IJunctionRouter.sol': { content: source } },
  settings: { outputSelection: { '*': { '*': ['abi'] } } },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  console.error(errors.map((e) => e.formattedMessage).join('\n'));
  process.exit(2);
}
const abi = output.contracts['IJunctionRouter.sol'].IJunctionRouter.abi;

const canonical = (entries) =>
  [...entries].sort((a, b) => `${a.type}:${a.name}`.localeCompare(`${b.type}:${b.name}`));
const abiPath = path.join(root, 'contracts/abi/JunctionRouter.json');
if (mode === '--write') {
  fs.writeFileSync(abiPath, JSON.stringify(canonical(abi), null, 2) + '\n');
} else if (mode === '--check') {
  const committed = JSON.parse(fs.readFileSync(abiPath, 'utf8'));
  const a = JSON.stringify(canonical(abi));
  const b = JSON.stringify(canonical(committed));
  if (a !== b) {
    console.error('contracts/abi/JunctionRouter.json differs from the ABI solc ' + solc.version() + ' derives');
    console.error('solc: ' + a);
    process.exit(1);
  }
  console.log('ABI matches solc ' + solc.version());
} else {
  console.log(JSON.stringify(canonical(abi), null, 2));
}
