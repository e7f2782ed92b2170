// Across V3 between two anvil chains with the real SpokePool bytecode: a deposit on one chain is filled on the other
// by bin/across-relayer.mjs (FilledRelay, the recipient paid outputAmount); with the relayer stopped a deposit
// passes its fillDeadline unfilled and a restarted relayer leaves it so.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ethers } from "ethers";
import { startAnvil } from "../lib/anvil.mjs";
import { abiOf, anvilSigner, ERC20_ABI } from "../lib/protocols.mjs";
import { deployMarket } from "../lib/market.mjs";

const DEPLOYER = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"; // anvil account 0
const RELAYER = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"; // anvil account 1
const USER = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"; // anvil account 2
const relayerAddress = new ethers.Wallet(RELAYER).address;
const user = new ethers.Wallet(USER).address;

const chains = [];
let relayer;

function spec() {
  return {
    tokens: [{ symbol: "USDC", name: "USD Coin (test)", decimals: 6 }, { symbol: "WBTC", name: "WBTC (test)", decimals: 8 }],
    across: true,
    fund: [{ address: relayerAddress, native: "100", tokens: { USDC: "1000000" } },
      { address: user, native: "100", tokens: { USDC: "10000", WBTC: "1" } }],
  };
}

function startRelayerProcess() {
  const bin = fileURLToPath(new URL("../bin/across-relayer.mjs", import.meta.url));
  const args = [bin, "--private-key", RELAYER, "--poll-ms", "100"];
  for (const c of chains) args.push("--chain", `${c.chainId}=${c.rpcUrl}=${c.market.across.spokePool}`);
  const p = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  p.stdout.resume();
  return { stop: () => new Promise((r) => { p.once("exit", r); p.kill("SIGTERM"); }) };
}

async function deposit(origin, dest, { amount, fillDeadlineIn, symbol = "USDC" }) {
  const wallet = new ethers.NonceManager(new ethers.Wallet(USER, origin.provider));
  const usdc = new ethers.Contract(origin.market.tokens[symbol], ERC20_ABI, wallet);
  await (await usdc.approve(origin.market.across.spokePool, amount)).wait();
  const spoke = new ethers.Contract(origin.market.across.spokePool, abiOf("Ethereum_SpokePool"), wallet);
  const now = (await origin.provider.getBlock("latest")).timestamp;
  const b32 = (a) => ethers.zeroPadValue(a, 32);
  const receipt = await (await spoke.deposit(b32(user), b32(user), b32(origin.market.tokens[symbol]),
    b32(dest.market.tokens[symbol]), amount, amount - amount / 1000n, dest.chainId, ethers.ZeroHash, now,
    now + fillDeadlineIn, 0, "0x")).wait();
  const ev = receipt.logs.map((l) => { try { return spoke.interface.parseLog(l); } catch { return null; } })
    .find((e) => e?.name === "FundsDeposited");
  return { depositId: ev.args.depositId, outputAmount: ev.args.outputAmount };
}

async function filled(dest, originChainId, depositId) {
  const spoke = new ethers.Contract(dest.market.across.spokePool, abiOf("Ethereum_SpokePool"), dest.provider);
  const topic = spoke.interface.getEvent("FilledRelay").topicHash;
  const logs = await dest.provider.getLogs({ address: dest.market.across.spokePool, fromBlock: 0,
    topics: [topic, ethers.toBeHex(originChainId, 32), ethers.toBeHex(depositId, 32)] });
  return logs.map((l) => spoke.interface.parseLog(l));
}

before(async () => {
  for (const chainId of [1, 42161]) {
    const anvil = await startAnvil({ chainId });
    const signer = anvilSigner(anvil.rpcUrl, chainId, DEPLOYER);
    const market = await deployMarket(signer, spec());
    chains.push({ ...anvil, chainId, market, provider: signer.provider });
  }
});

after(async () => {
  await relayer?.stop();
  for (const c of chains) { c.provider.destroy(); await c.stop(); }
});

test("a deposit on chain 1 is filled on 42161 by the relayer, paying outputAmount to the recipient", async () => {
  const [origin, dest] = chains;
  relayer = startRelayerProcess();
  const destUsdc = new ethers.Contract(dest.market.tokens.USDC, ERC20_ABI, dest.provider);
  const before = await destUsdc.balanceOf(user);
  const { depositId, outputAmount } = await deposit(origin, dest, { amount: 1234_567890n, fillDeadlineIn: 3600 });
  let logs = [];
  for (let i = 0; i < 150 && logs.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    logs = await filled(dest, 1, depositId);
  }
  assert.equal(logs.length, 1, "one FilledRelay for the deposit");
  assert.equal((await destUsdc.balanceOf(user)) - before, outputAmount);
  assert.equal(ethers.dataSlice(logs[0].args.relayer, 12).toLowerCase(), relayerAddress.toLowerCase());
});

test("a deposit the relayer cannot fill (no inventory) does not hold back the next one", async () => {
  const [origin, dest] = chains;
  const stuck = await deposit(origin, dest, { amount: 10_000000n, fillDeadlineIn: 3600, symbol: "WBTC" });
  const { depositId } = await deposit(origin, dest, { amount: 100_000000n, fillDeadlineIn: 3600 });
  let logs = [];
  for (let i = 0; i < 150 && logs.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    logs = await filled(dest, 1, depositId);
  }
  assert.equal(logs.length, 1);
  assert.equal((await filled(dest, 1, stuck.depositId)).length, 0);
});

test("with the relayer stopped a deposit expires at its fillDeadline and is never filled", async () => {
  const [origin, dest] = chains;
  await relayer.stop();
  relayer = null;
  const { depositId } = await deposit(origin, dest, { amount: 1_000000n, fillDeadlineIn: 60 });
  for (const c of chains) {
    await c.provider.send("evm_increaseTime", [120]);
    await c.provider.send("evm_mine", []);
  }
  relayer = startRelayerProcess();
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal((await filled(dest, 1, depositId)).length, 0);
});
