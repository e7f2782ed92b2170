// A test relayer for Across V3 between local chains, filling as Across relayers do: it watches `FundsDeposited` on
// every chain's SpokePool (eth_getLogs by topic over the new blocks), and for a deposit to another watched chain it
// calls `fillRelay(relayData, repaymentChainId, repaymentAddress)` on the destination SpokePool from its own
// inventory (approved to the SpokePool; wrapped native topped up from its ETH). It skips deposits that are already
// filled, past their fillDeadline (they expire: Across refunds them on the origin later), or exclusive to another
// relayer until the exclusivity deadline passes. Stopping it (stop(), or SIGTERM to the bin) is how tests see expiry.
import { ethers } from "ethers";
import { abiOf, anvilProvider, ERC20_ABI, mined } from "./protocols.mjs";

const SPOKE_ABI = abiOf("Ethereum_SpokePool");
const SPOKE = new ethers.Interface(SPOKE_ABI);
const FUNDS_DEPOSITED = SPOKE.getEvent("FundsDeposited").topicHash;

function toAddress(b32) { return ethers.getAddress(ethers.dataSlice(b32, 12)); }

/**
 * chains: [{chainId, rpcUrl, spokePool}], privateKey: the relayer's key (the same account on every chain).
 * Returns {stop(), fills} (fills: [{originChainId, depositId, destinationChainId, txHash}]).
 */
export function startRelayer({ chains, privateKey, pollMs = 250, fromBlock = 0, log = () => {} }) {
  const byId = new Map();
  for (const c of chains) {
    const provider = anvilProvider(c.rpcUrl, c.chainId);
    const wallet = new ethers.NonceManager(new ethers.Wallet(privateKey, provider));
    byId.set(Number(c.chainId), { ...c, chainId: Number(c.chainId), provider, wallet,
      spoke: new ethers.Contract(c.spokePool, SPOKE_ABI, wallet), next: fromBlock, approved: new Set() });
  }
  const fills = [];
  const seen = new Set();
  let running = true;
  let timer;

  async function ensureInventory(dest, token, amount) {
    const me = await dest.wallet.getAddress();
    const erc20 = new ethers.Contract(token, ERC20_ABI, dest.wallet);
    const balance = await erc20.balanceOf(me);
    if (balance < amount) {
      const wrapped = (await dest.spoke.wrappedNativeToken()).toLowerCase();
      if (token.toLowerCase() !== wrapped) return false;
      await mined(erc20.deposit({ value: amount - balance }), "WETH deposit");
    }
    if (!dest.approved.has(token)) {
      await mined(erc20.approve(dest.spokePool, ethers.MaxUint256), "approve");
      dest.approved.add(token);
    }
    return true;
  }

  async function handle(origin, logEntry) {
    const ev = SPOKE.parseLog(logEntry);
    const destinationChainId = Number(logEntry.topics[1]);
    const depositId = BigInt(logEntry.topics[2]);
    const depositor = logEntry.topics[3];
    const key = `${origin.chainId}:${depositId}`;
    if (seen.has(key)) return true;
    const dest = byId.get(destinationChainId);
    if (!dest) { seen.add(key); return true; }
    const a = ev.args;
    const relayData = {
      depositor, recipient: a.recipient, exclusiveRelayer: a.exclusiveRelayer, inputToken: a.inputToken,
      outputToken: a.outputToken, inputAmount: a.inputAmount, outputAmount: a.outputAmount,
      originChainId: origin.chainId, depositId, fillDeadline: a.fillDeadline,
      exclusivityDeadline: a.exclusivityDeadline, message: a.message,
    };
    const me = await dest.wallet.getAddress();
    const now = (await dest.provider.getBlock("latest")).timestamp;
    if (now > Number(a.fillDeadline)) { seen.add(key); log(`deposit ${key} expired, not filled`); return true; }
    if (a.exclusiveRelayer !== ethers.ZeroHash && toAddress(a.exclusiveRelayer) !== me
      && now <= Number(a.exclusivityDeadline)) return false; // retry after the exclusivity window
    const outputToken = toAddress(a.outputToken);
    if (!(await ensureInventory(dest, outputToken, a.outputAmount))) {
      log(`deposit ${key}: no inventory of ${outputToken} on ${destinationChainId}`);
      return false;
    }
    const args = [relayData, destinationChainId, ethers.zeroPadValue(me, 32)];
    try {
      await dest.spoke.fillRelay.staticCall(...args);
    } catch (e) {
      const reason = e.revert?.name ?? e.shortMessage ?? e.message;
      if (/RelayFilled|ExpiredFillDeadline/.test(reason)) { seen.add(key); return true; }
      log(`deposit ${key}: fill would revert (${reason}); retrying`);
      return false;
    }
    const receipt = await mined(dest.spoke.fillRelay(...args), `fill of ${key}`);
    seen.add(key);
    fills.push({ originChainId: origin.chainId, depositId, destinationChainId, txHash: receipt.hash });
    log(`filled ${key} on ${destinationChainId}: ${receipt.hash}`);
    return true;
  }

  // Deposits that must wait (exclusivity window, inventory, a fill that would revert): retried every poll without
  // holding back later deposits.
  const pending = new Map();

  async function pollChain(origin) {
    for (const [key, p] of pending) {
      if (p.origin !== origin) continue;
      if (await handle(origin, p.log)) pending.delete(key);
    }
    const head = await origin.provider.getBlockNumber();
    if (head < origin.next) return;
    const to = Math.min(head, origin.next + 9999);
    const logs = await origin.provider.getLogs({ address: origin.spokePool, topics: [FUNDS_DEPOSITED],
      fromBlock: origin.next, toBlock: to });
    for (const l of logs) {
      if (!(await handle(origin, l))) pending.set(`${origin.chainId}:${BigInt(l.topics[2])}`, { origin, log: l });
    }
    origin.next = to + 1;
  }

  async function loop() {
    for (const c of byId.values()) {
      if (!running) return;
      try { await pollChain(c); } catch (e) { log(`chain ${c.chainId}: ${e.shortMessage ?? e.message}`); c.wallet.reset(); }
    }
    if (running) timer = setTimeout(loop, pollMs);
  }
  loop();

  return {
    fills,
    async stop() {
      running = false;
      clearTimeout(timer);
      for (const c of byId.values()) c.provider.destroy();
    },
  };
}
