#!/usr/bin/env node
// The package's build: ESM (dist/esm) and CommonJS (dist/cjs), each with its .d.ts, compiled by tsc (the version in
// package-lock.json). dist/cjs/package.json marks that half as CommonJS for Node and TypeScript.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
rmSync(join(root, "dist"), { recursive: true, force: true });
for (const project of ["tsconfig.json", "tsconfig.cjs.json"]) {
  const run = spawnSync(process.execPath, [tsc, "-p", join(root, project)], { stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
mkdirSync(join(root, "dist", "cjs"), { recursive: true });
writeFileSync(join(root, "dist", "cjs", "package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
