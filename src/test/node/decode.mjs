// Decodes calldata with ethers v6 and re-encodes it, for CalldataNodeCheckTest.
// Input (argv[2]): a JSON file [{ "name": ..., "signature": "f(uint256,...)" | "router" | "abi:<types>", "data": "0x..." }];
// "router" uses contracts/abi/JunctionRouter.json (argv[3] = repo root); "abi:t1,t2" decodes data as
// abi.encode(t1, t2) (an adapter's step data, no selector; "abi:" alone is empty data). Output: one JSON array on stdout with, per
// case, the function name ethers matched, whether re-encoding the decoded values gave the same bytes, and the decoded
// values (bigint as decimal string, bytes as hex, addresses checksummed, tuples and arrays as arrays).
import fs from 'node:fs';
import path from 'node:path';
import { AbiCoder, Interface } from 'ethers';

const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const root = process.argv[3];
const routerAbi = JSON.parse(fs.readFileSync(path.join(root, 'contracts/abi/JunctionRouter.json'), 'utf8'));

const plain = (v) => {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object' && typeof v.toArray === 'function') return v.toArray().map(plain);
  return v;
};

const splitTypes = (text) => {
  const types = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === ',' && depth === 0) {
      types.push(current);
      current = '';
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    current += ch;
  }
  if (current !== '') types.push(current);
  return types;
};

const out = cases.map((c) => {
  if (c.signature.startsWith('abi:')) {
    const types = splitTypes(c.signature.slice(4));
    const coder = AbiCoder.defaultAbiCoder();
    const values = types.length === 0 ? [] : coder.decode(types, c.data);
    const again = types.length === 0 ? '0x' : coder.encode(types, values);
    return { name: c.name, matched: c.signature, roundTrip: again.toLowerCase() === c.data.toLowerCase(), args: plain(values) };
  }
  const iface = c.signature === 'router' ? new Interface(routerAbi) : new Interface(['function ' + c.signature]);
  const parsed = iface.parseTransaction({ data: c.data });
  if (parsed === null) return { name: c.name, matched: null };
  const again = iface.encodeFunctionData(parsed.fragment, parsed.args);
  return {
    name: c.name,
    matched: parsed.fragment.format('sighash'),
    selector: parsed.selector,
    roundTrip: again.toLowerCase() === c.data.toLowerCase(),
    args: plain(parsed.args),
  };
});
console.log(JSON.stringify(out));
