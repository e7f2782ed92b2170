// Compiles src/quickstart.ts (README's TypeScript quickstart, type-checked with the project by tsc --noEmit) to
// build/quickstart.mjs to run it: the types are checked already, so this only strips them (ts.transpileModule).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import ts from "typescript";

const source = readFileSync("src/quickstart.ts", "utf8");
const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022 } });
mkdirSync("build", { recursive: true });
writeFileSync("build/quickstart.mjs", outputText);
