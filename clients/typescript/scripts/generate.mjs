#!/usr/bin/env node
// Regenerates src/schema.ts, the types of every request and response, from Junction's OpenAPI document with
// openapi-typescript (the version in package-lock.json):
//   npm run generate                                  # from http://localhost:8080/v3/api-docs
//   npm run generate -- http://host:port/v3/api-docs  # another running Junction
//   npm run generate -- api-docs.json out.ts          # a saved document, into another file (the drift check)
// Never edit src/schema.ts by hand: TypeScriptClientTest fails when it differs from what the service's document
// generates.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = process.argv[2] ?? "http://localhost:8080/v3/api-docs";
const output = process.argv[3] ?? join(root, "src", "schema.ts");
const cli = join(root, "node_modules", "openapi-typescript", "bin", "cli.js");
const run = spawnSync(process.execPath, [cli, source, "--output", output], { stdio: "inherit" });
process.exit(run.status ?? 1);
