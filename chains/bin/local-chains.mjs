#!/usr/bin/env node
// bin/local-chains up|down (the bash wrapper installs chains/ first). See README "Local chains".
//   up   [--state-dir DIR] [--load-state DIR] [--dump-state DIR] [--block-time ID=SECONDS ...] [--no-junction]
//        [--junction-port N]
//   down [--state-dir DIR]
// Environment defaults: LOCAL_CHAINS_STATE_DIR (default .local-chains/), LOCAL_CHAINS_BLOCK_TIMES ("1=1,8453=1"),
// LOCAL_CHAINS_NO_JUNCTION=true.
// up starts three anvil chains (1, 8453, 42161), deploys WETH9/Multicall3/Permit2, the majors, the protocols and
// bridges of lib/protocols.mjs (Uniswap V2/V3/V4 and Balancer V2 pools at the snapshot's reference prices, Across
// SpokePools),
// Junction's router and adapters (Junction's `deploy` command), starts the Across test relayer and Junction in chain
// mode, then prints ONE JSON line (the last line of its output: up.json, each chain's contracts under `protocols` and
// `bridges` by provider key) and returns, leaving everything running. Everything it started is recorded in
// STATE_DIR/pids.json for `down`. Progress goes to stderr.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, readFileSync, writeFileSync, writeSync, copyFileSync, openSync, readdirSync, rmSync }
  from "node:fs";
import { createInterface } from "node:readline";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ethers } from "ethers";
import { startAnvil, freePort } from "../lib/anvil.mjs";
import { anvilSigner, BRIDGES, PROTOCOLS } from "../lib/protocols.mjs";
import { deployMarket } from "../lib/market.mjs";
import { CHAINS, localMarketSpec } from "../lib/localmarket.mjs";
import { CHAINS_DIR } from "../lib/packed.mjs";

const ROOT = resolve(CHAINS_DIR, "..");
// anvil's public dev accounts (funded with 10,000 ETH on every fresh anvil): never use them on a real network.
const DEV = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80", // 0: deployer (pools, tokens, router)
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d", // 1: Across test relayer
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a", // 2: the account printed for the user
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6", // 3: Junction's gasless relayer
];
const addr = (k) => new ethers.Wallet(k).address;

const say = (m) => process.stderr.write(`local-chains: ${m}\n`);

const { values, positionals } = parseArgs({ allowPositionals: true, options: {
  "state-dir": { type: "string", default: process.env.LOCAL_CHAINS_STATE_DIR || join(ROOT, ".local-chains") },
  "load-state": { type: "string" }, "dump-state": { type: "string" },
  "block-time": { type: "string", multiple: true,
    default: (process.env.LOCAL_CHAINS_BLOCK_TIMES || "").split(",").filter(Boolean) },
  "no-junction": { type: "boolean", default: process.env.LOCAL_CHAINS_NO_JUNCTION === "true" },
  "junction-port": { type: "string" },
} });
const stateDir = resolve(values["state-dir"]);
const command = positionals[0];

function isAlive(pid) { try { process.kill(pid, 0); return true; } catch { return false; } }

async function down() {
  const file = join(stateDir, "pids.json");
  if (!existsSync(file)) { say(`nothing to stop (no ${file})`); return; }
  const pids = JSON.parse(readFileSync(file, "utf8"));
  // Junction first (it reads the chains), then the relayer, then the chains.
  for (const { name, pid } of pids) {
    if (!isAlive(pid)) continue;
    process.kill(pid, "SIGTERM");
    for (let i = 0; i < 200 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, "SIGKILL");
    say(`stopped ${name} (pid ${pid})`);
  }
  rmSync(file);
}

function javaBinary() {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(join(process.env.JAVA_HOME, "bin", "java"));
  if (existsSync("/usr/lib/jvm")) {
    for (const d of readdirSync("/usr/lib/jvm").sort().reverse()) candidates.push(join("/usr/lib/jvm", d, "bin", "java"));
  }
  candidates.push("java");
  for (const c of candidates) {
    const r = spawnSync(c, ["-version"], { encoding: "utf8" });
    const m = (r.stderr ?? "").match(/version "(\d+)/);
    if (r.status === 0 && m && Number(m[1]) >= 21) return c;
  }
  throw new Error("no JDK 21+ found (set JAVA_HOME)");
}

/**
 * target/junction/junction.jar, built first when missing (./mvnw -DskipTests package). Maven's output goes to
 * STATE_DIR/build.log; its progress (each plugin step, and every 15 s without one) to stderr; on failure its last lines.
 */
async function junctionJar() {
  const jar = join(ROOT, "target", "junction", "junction.jar");
  if (existsSync(jar)) return jar;
  mkdirSync(stateDir, { recursive: true });
  const logFile = join(stateDir, "build.log");
  say(`building Junction (./mvnw -DskipTests package; first start only, a few minutes on a fresh clone; log ${logFile})`);
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  const lines = [];
  let lastStep = Date.now();
  const maven = spawn(join(ROOT, "mvnw"), ["-B", "-ntp", "-DskipTests", "package"], { cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"] });
  const log = openSync(logFile, "w");
  const onLine = (line) => {
    writeSync(log, `${line}\n`);
    lines.push(line);
    if (lines.length > 40) lines.shift();
    // "[INFO] --- compiler:3.15.0:compile (default-compile) @ junction ---": one line per plugin step
    const step = line.match(/^\[INFO\] --- (\S+?)(?::[\d.]+)?:(\S+) (?:\((\S+)\) )?@ /);
    if (step) {
      lastStep = Date.now();
      say(`building Junction, ${seconds()}: ${step[1]} ${step[2]}${step[3] ? ` (${step[3]})` : ""}`);
    }
  };
  for (const stream of [maven.stdout, maven.stderr]) {
    createInterface({ input: stream }).on("line", onLine);
  }
  const ticker = setInterval(() => {
    if (Date.now() - lastStep >= 15000) say(`building Junction, ${seconds()}: still working`);
  }, 15000);
  const code = await new Promise((resolve) => maven.on("close", resolve));
  clearInterval(ticker);
  closeSync(log);
  if (code !== 0 || !existsSync(jar)) {
    process.stderr.write(`${lines.join("\n")}\n`);
    throw new Error(`./mvnw -DskipTests package failed (exit ${code}) after ${seconds()}; its output: ${logFile}`);
  }
  say(`Junction built in ${seconds()}`);
  return jar;
}

const q = (s) => `"${s}"`;
/** At least the most pools any pair of the local market has (WETH/USDC: six), so every pool can be a split's leg. */
const POOLS_PER_PAIR = 8;

/** The chain-mode YAML (junction.market.source=chain, junction.chains.<id>.*; addresses quoted). */
function chainModeYaml(chains, routers, { dataDir, relayerKey }) {
  // routing.pools-per-pair: the planner keeps the deepest N pools of each token pair (default 3) plus each pool cheaper
  // than every deeper one, and a provider filter cuts among its own pools; the local chains' WETH/USDC has six (V2, V3
  // 1/5/30 bp, Balancer weighted, V4 native ETH), and with 3 Balancer's and one of the V2 and V4 pools would not be
  // legs of the large trades' splits (11-19% of the input on V4 from $100k); the reference optimum uses every pool.
  const lines = ["junction:", `  data-dir: ${q(dataDir)}`, "  market:", "    source: chain", "  routing:",
    `    pools-per-pair: ${POOLS_PER_PAIR}`, "  relayer:", `    private-key: ${q(relayerKey)}`, "  chains:"];
  for (const c of chains) {
    const m = c.market;
    const btc = c.btc;
    lines.push(`    ${c.chainId}:`, `      name: ${q(c.name)}`, `      rpc-url: ${q(c.rpcUrl)}`,
      // anvil serves WebSocket on its HTTP port: new heads are pushed (eth_subscribe newHeads), not polled
      `      ws-url: ${q(c.rpcUrl.replace(/^http/, "ws"))}`,
      `      block-time: ${Math.round(c.blockTime * 1000)}ms`, "      confirmations: 1",
      `      tokens: [${Object.values(m.tokens).map(q).join(", ")}]`,
      `      wrapped-native: ${q(m.weth)}`, `      stablecoins: [${["USDC", "USDT", "DAI"].map((s) => q(m.tokens[s])).join(", ")}]`,
      `      permit2: ${q(m.permit2)}`, `      multicall3: ${q(m.multicall3)}`, "      dexes:",
      ...PROTOCOLS.filter((p) => m[p.specKey]).map((p) => `        ${p.key}: ${p.dex(m[p.specKey])}`),
      "      bridges:", "        across:", `          spoke-pool: ${q(m.across.spokePool)}`, "          lanes:");
    for (const other of chains) {
      if (other === c) continue;
      for (const s of ["USDC", "USDT", "DAI", "WETH"]) {
        lines.push(`            - {token: ${q(m.tokens[s])}, to-chain: ${other.chainId}, to-token: ${q(other.market.tokens[s])},`
          + " fee-bps: 5, p50-seconds: 4, p90-seconds: 20}");
      }
      void btc;
    }
    if (routers?.[c.chainId]?.router) lines.push(`      router: ${q(routers[c.chainId].router)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The hash of the contracts' compiler input the build wrote beside their artifacts (null when there is none). */
function contractsHash() {
  const file = join(ROOT, "target", "classes", "contracts", ".inputs.sha256");
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}

/**
 * Junction's router and adapters on the chains (c.rpcUrl): `java -jar junction.jar deploy` (CREATE2, idempotent: a
 * second run sends nothing) with anvil's dev account 0 as deployer and owner. Answers its JSON
 * ({chainId: {router, adapters}}), or null (said on stderr) when the jar has no deploy command or it failed.
 */
function deployRouters(java, jar, chains, { dataDir, relayerKey }) {
  const yaml = join(stateDir, "junction-deploy.yml");
  writeFileSync(yaml, chainModeYaml(chains, null, { dataDir, relayerKey }));
  // A jar built before the deploy command existed would ignore "deploy" and serve HTTP: look for the class first.
  if (!readFileSync(jar).includes("dev/junction/deploy/DeployCommand.class")) {
    say(`${jar} has no deploy command (built from an older checkout: rebuild with ./mvnw -DskipTests package); `
      + "chains have no router");
    return null;
  }
  const started = Date.now();
  const r = spawnSync(java, ["-jar", jar, "deploy", `--spring.config.additional-location=file:${yaml}`], {
    encoding: "utf8", env: { ...process.env, JUNCTION_DEPLOYER_PRIVATE_KEY: DEV[0] }, timeout: 300000 });
  try {
    if (r.status !== 0) throw new Error(`exit ${r.status ?? r.signal}`);
    const routers = JSON.parse(r.stdout.trim());
    say(`router and adapters deployed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(routers)}`);
    return routers;
  } catch (e) {
    say(`Junction's deploy command failed (${e.message}); chains have no router: `
      + `${(r.stderr || r.stdout || "").trim().split("\n").slice(-3).join(" | ")}`);
    return null;
  }
}

/** up.json's {protocols: {key: contracts}, bridges: {key: contracts}} of one chain's market (lib/protocols.mjs). */
function contractsOf(market) {
  const named = (list) => Object.fromEntries(list.filter((p) => market[p.specKey])
    .map((p) => [p.key, p.contracts(market[p.specKey])]));
  return { protocols: named(PROTOCOLS), bridges: named(BRIDGES) };
}

async function waitHttp(url, ok, timeoutMs, proc) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc && proc.exitCode !== null) throw new Error(`process exited with ${proc.exitCode}`);
    try { const r = await fetch(url); if (await ok(r)) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s`);
}

async function up() {
  const started = Date.now();
  if (existsSync(join(stateDir, "pids.json"))) {
    const alive = JSON.parse(readFileSync(join(stateDir, "pids.json"), "utf8")).filter((p) => isAlive(p.pid));
    if (alive.length) throw new Error(`already up (${stateDir}/pids.json): run bin/local-chains down first`);
  }
  mkdirSync(stateDir, { recursive: true });
  const pids = [];
  const record = (name, pid) => { pids.push({ name, pid }); writeFileSync(join(stateDir, "pids.json"), JSON.stringify([...pids].reverse(), null, 1)); };
  const blockTimes = Object.fromEntries((values["block-time"] ?? []).map((s) => s.split("=").map(Number)));
  const chains = CHAINS.map((c) => ({ ...c, blockTime: blockTimes[c.chainId] ?? c.blockTime }));
  const account = { address: addr(DEV[2]), privateKey: DEV[2] };
  const loadDir = values["load-state"] && resolve(values["load-state"]);

  const relayerKey = DEV[3];
  const dataDir = join(stateDir, "junction-data");
  let java;
  let jar;
  if (!values["no-junction"]) {
    java = javaBinary();
    jar = await junctionJar();
  }

  // 1. The chains' state: deployed into fresh anvils (automine, fast) and dumped, or loaded from --load-state.
  //    Junction's router and adapters are part of that state (its deploy command runs before the dump), so a start
  //    from --load-state sends nothing and is ready as soon as the chains and Junction are.
  let routers = null;
  if (loadDir) {
    const saved = JSON.parse(readFileSync(join(loadDir, "markets.json"), "utf8"));
    for (const c of chains) {
      c.market = saved[c.chainId];
      copyFileSync(join(loadDir, `anvil-${c.chainId}.json`), join(stateDir, `anvil-${c.chainId}.json`));
    }
    // The saved routers hold while the contracts are the ones this build compiled (the hash of its compiler input);
    // otherwise (saved before the router existed, or the contracts changed since) step 3 deploys on the running chains.
    const file = join(loadDir, "routers.json");
    const savedRouters = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
    if (savedRouters?.contracts && savedRouters.contracts === contractsHash()) routers = savedRouters.deployed;
    else if (!values["no-junction"]) say(`${loadDir}: no routers for this build's contracts saved; deploying them`);
  } else {
    const anvils = [];
    try {
      const deployed = await Promise.allSettled(chains.map(async (c) => {
        const stateFile = join(stateDir, `anvil-${c.chainId}.json`);
        rmSync(stateFile, { force: true });
        const anvil = await startAnvil({ chainId: c.chainId, dumpState: stateFile });
        anvils.push(anvil);
        c.rpcUrl = anvil.rpcUrl;
        const signer = anvilSigner(anvil.rpcUrl, c.chainId, DEV[0]);
        // The pools' WETH is the deployer's wrapped ETH: more than a dev account's 10,000 ETH (lib/localmarket.mjs).
        await signer.provider.send("anvil_setBalance", [addr(DEV[0]), ethers.toQuantity(ethers.parseEther("1000000"))]);
        const { spec } = localMarketSpec(c, [{ address: account.address }, { address: addr(DEV[1]) }],
          [account.address]);
        c.market = await deployMarket(signer, spec);
        signer.provider.destroy();
        say(`chain ${c.chainId}: market deployed (${Object.keys(c.market.tokens).join(", ")})`);
      }));
      // allSettled: every deploying anvil is stopped before a failure is reported.
      const failed = deployed.find((d) => d.status === "rejected");
      if (failed) throw failed.reason;
      if (!values["no-junction"]) routers = deployRouters(java, jar, chains, { dataDir, relayerKey });
    } finally {
      await Promise.all(anvils.map((a) => a.stop())); // each writes its state file
    }
    for (const c of chains) {
      if (!existsSync(join(stateDir, `anvil-${c.chainId}.json`))) {
        throw new Error(`anvil did not dump its state to ${join(stateDir, `anvil-${c.chainId}.json`)}`);
      }
    }
  }
  const markets = Object.fromEntries(chains.map((c) => [c.chainId, c.market]));
  writeFileSync(join(stateDir, "markets.json"), JSON.stringify(markets, null, 1));
  const routersFile = () => JSON.stringify({ contracts: contractsHash(), deployed: routers }, null, 1);
  const saveRouters = () => writeFileSync(join(stateDir, "routers.json"), routersFile());
  rmSync(join(stateDir, "routers.json"), { force: true });
  if (routers) saveRouters();

  // 2. The chains, from that state, with their block times, left running.
  for (const c of chains) {
    c.port = await freePort();
    const a = await startAnvil({ chainId: c.chainId, port: c.port, blockTime: c.blockTime,
      loadState: join(stateDir, `anvil-${c.chainId}.json`), detached: true,
      logFile: join(stateDir, `anvil-${c.chainId}.log`) });
    c.rpcUrl = a.rpcUrl;
    record(`anvil ${c.chainId}`, a.pid);
  }

  // 3. The chain-mode configuration of these chains (written even with --no-junction, for a Junction started by
  //    hand); with the routers when Junction deployed them.
  const yamlFile = join(stateDir, "junction-chains.yml");
  writeFileSync(yamlFile, chainModeYaml(chains, routers, { dataDir, relayerKey }));
  if (!values["no-junction"] && !routers) {
    // A --load-state directory without routers for these contracts: deploy on the running chains (slower blocks).
    routers = deployRouters(java, jar, chains, { dataDir, relayerKey });
    if (routers) {
      saveRouters();
      writeFileSync(yamlFile, chainModeYaml(chains, routers, { dataDir, relayerKey }));
    }
  }

  // 4. The Across test relayer.
  const relayerLog = openSync(join(stateDir, "across-relayer.log"), "a");
  const relayer = spawn(process.execPath, [join(CHAINS_DIR, "bin/across-relayer.mjs"), "--private-key", DEV[1],
    ...chains.flatMap((c) => ["--chain", `${c.chainId}=${c.rpcUrl}=${c.market.across.spokePool}`])],
  { detached: true, stdio: ["ignore", relayerLog, relayerLog] });
  relayer.unref();
  record("across-relayer", relayer.pid);

  // 5. Junction in chain mode.
  const out = { chains: {}, account };
  if (!values["no-junction"]) {
    const yaml = yamlFile;
    const port = Number(values["junction-port"] ?? await freePort());
    const log = openSync(join(stateDir, "junction.log"), "a");
    const j = spawn(java, ["-jar", jar, `--spring.config.additional-location=file:${yaml}`, `--server.port=${port}`],
      { detached: true, stdio: ["ignore", log, log], cwd: stateDir });
    j.unref();
    record("junction", j.pid);
    const base = `http://127.0.0.1:${port}`;
    say(`starting Junction in chain mode at ${base} (log ${join(stateDir, "junction.log")})`);
    try {
      await waitHttp(`${base}/actuator/health/readiness`, async (r) => r.ok, 180000, j);
      // Chain mode, not the sandbox: /chains lists exactly these chains.
      const body = await (await fetch(`${base}/chains`)).json();
      const served = (body.data ?? body).chains.map((c) => Number(c.id));
      const expected = chains.map((c) => c.chainId);
      if (served.length !== expected.length || !expected.every((id) => served.includes(id))) {
        throw new Error(`Junction serves chains ${served.join(", ")}, not ${expected.join(", ")}: not in chain mode`);
      }
    } catch (e) {
      const logText = readFileSync(join(stateDir, "junction.log"), "utf8");
      const cause = logText.split("\n").filter((l) => /Exception: /.test(l)).pop()?.replace(/^.*?Exception: /, "");
      if (cause) e.message += `: ${cause}`;
      throw new Error(`Junction did not become ready in chain mode: ${e.message} (see ${join(stateDir, "junction.log")}; `
        + "the chains and the relayer are up: bin/local-chains down stops them)");
    }
    out.junction = base;
  }
  for (const c of chains) {
    out.chains[c.chainId] = { rpc: c.rpcUrl, tokens: c.market.tokens, router: routers?.[c.chainId]?.router ?? null,
      ...contractsOf(c.market) };
  }
  if (values["dump-state"]) {
    const dir = resolve(values["dump-state"]);
    mkdirSync(dir, { recursive: true });
    for (const c of chains) copyFileSync(join(stateDir, `anvil-${c.chainId}.json`), join(dir, `anvil-${c.chainId}.json`));
    writeFileSync(join(dir, "markets.json"), JSON.stringify(markets, null, 1));
    if (routers) writeFileSync(join(dir, "routers.json"), routersFile());
    else rmSync(join(dir, "routers.json"), { force: true });
    say(`state saved to ${dir} (start from it with --load-state ${dir})`);
  }
  const ordered = values["no-junction"] ? { chains: out.chains, account } : { junction: out.junction, chains: out.chains, account };
  writeFileSync(join(stateDir, "up.json"), JSON.stringify(ordered));
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.stdout.write(`${JSON.stringify(ordered)}\n`);
}

try {
  if (command === "up") await up();
  else if (command === "down") await down();
  else { console.error("usage: bin/local-chains up|down [options] (see README: Local chains)"); process.exit(2); }
  process.exit(0);
} catch (e) {
  say(`failed: ${e.message}`);
  process.exit(1);
}
