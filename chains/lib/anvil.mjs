// Starts and stops anvil (the binary shipped in the npm package @foundry-rs/anvil-linux-amd64, no download).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { openSync } from "node:fs";

const require = createRequire(import.meta.url);

/** Absolute path of the anvil binary installed by `npm ci` in chains/. */
export function anvilPath() {
  return join(dirname(require.resolve("@foundry-rs/anvil-linux-amd64/package.json")), "bin", "anvil");
}

/**
 * Starts anvil on 127.0.0.1. `port` 0 picks a free port (anvil binds it and prints it). `blockTime` in seconds
 * (omitted: a block per transaction). `loadState`/`dumpState`: files for --load-state/--dump-state (the dump is
 * written when anvil stops). `detached` with `logFile`: anvil outlives this process (for `bin/local-chains up`).
 * Resolves once anvil listens: {rpcUrl, port, pid, stop()}; stop() resolves once the process has exited.
 */
export function startAnvil({ chainId, port = 0, blockTime, loadState, dumpState, detached = false, logFile,
  extraArgs = [], timeoutMs = 30000 } = {}) {
  if (!Number.isInteger(chainId) || chainId <= 0) throw new Error(`chainId must be a positive integer: ${chainId}`);
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId)];
  if (blockTime != null) args.push("--block-time", String(blockTime));
  if (loadState) args.push("--load-state", loadState);
  if (dumpState) args.push("--dump-state", dumpState);
  args.push(...extraArgs);
  const out = logFile ? openSync(logFile, "a") : "pipe";
  const child = spawn(anvilPath(), args, {
    detached,
    stdio: ["ignore", logFile ? out : "pipe", logFile ? out : "pipe"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => { stop(); reject(new Error(`anvil (chain ${chainId}) did not start: ${seen}`)); },
      timeoutMs);
    const ready = (boundPort) => {
      clearTimeout(timer);
      if (detached) child.unref();
      resolve({ rpcUrl: `http://127.0.0.1:${boundPort}`, port: boundPort, pid: child.pid, chainId, stop });
    };
    child.once("exit", (code) => { clearTimeout(timer); reject(new Error(`anvil exited with ${code}: ${seen}`)); });
    if (logFile) {
      // Output goes to the file: wait until the port answers JSON-RPC instead of reading "Listening on".
      if (port === 0) throw new Error("a detached anvil with a log file needs an explicit port");
      const poll = async () => {
        try {
          const r = await fetch(`http://127.0.0.1:${port}`, { method: "POST", headers: { "content-type": "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }) });
          if (r.ok) return ready(port);
        } catch { /* not yet */ }
        setTimeout(poll, 50);
      };
      poll();
      return;
    }
    const onData = (chunk) => {
      seen += chunk.toString();
      const m = seen.match(/Listening on [\d.]+:(\d+)/);
      if (m) {
        child.stdout.off("data", onData);
        child.stdout.resume();
        child.stderr.resume();
        ready(Number(m[1]));
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (c) => { seen += c.toString(); });
  });
}

/** A TCP port free on 127.0.0.1 right now (for processes that must be told their port in advance). */
export async function freePort() {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
