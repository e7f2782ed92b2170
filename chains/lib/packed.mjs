// Packages read by path only, taken with `npm pack` (not installed): @across-protocol/contracts wants node >= 22.18
// and pulls heavy dependencies, @uniswap/uniswapx-sdk pulls ethers v5, @chainlink/contracts pulls a dozen contract
// packages (one from GitHub) and ships sources only (a test compiles its MockV3Aggregator); we need a few files of each. The
// versions and their registry integrity are pinned in package.json ("packed"); a tarball whose integrity differs is
// refused. Extracted under chains/.packed/<name>@<version>/ (ignored by git). Runs as npm's postinstall and lazily.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const CHAINS_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
const PACKED_DIR = join(CHAINS_DIR, ".packed");

function pinned() {
  return JSON.parse(readFileSync(join(CHAINS_DIR, "package.json"), "utf8")).packed;
}

/** The extracted root (the tarball's `package/`) of a pinned packed package, fetched with `npm pack` if absent. */
export function packedRoot(spec) {
  const integrity = pinned()[spec];
  if (!integrity) throw new Error(`${spec} is not pinned in chains/package.json "packed"`);
  const root = join(PACKED_DIR, spec.replace("/", "+"));
  if (existsSync(join(root, "package.json"))) return root;
  const work = `${root}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", work], {
    cwd: work, stdio: ["ignore", "pipe", "inherit"],
  });
  const tgz = readdirSync(work).find((f) => f.endsWith(".tgz"));
  if (!tgz) throw new Error(`npm pack ${spec} produced no tarball`);
  const [algo, expected] = integrity.split("-");
  const actual = createHash(algo).update(readFileSync(join(work, tgz))).digest("base64");
  if (actual !== expected) throw new Error(`${spec}: integrity ${algo}-${actual} differs from the pinned ${integrity}`);
  execFileSync("tar", ["xzf", tgz], { cwd: work });
  rmSync(root, { recursive: true, force: true });
  renameSync(join(work, "package"), root);
  rmSync(work, { recursive: true, force: true });
  return root;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const spec of Object.keys(pinned())) console.log(`${spec}: ${packedRoot(spec)}`);
}
