// README.md "Calls after the swap (bridge, then deposit)", its blocks in order (LocalChainsWalkTest checks that this
// file is exactly those blocks and runs it as the README says). From the repository root, after bin/local-chains up:
//   node chains/walk/bridge-deposit.mjs
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { ethers } from "ethers";

// bin/local-chains' state: .local-chains/, or the directory LOCAL_CHAINS_STATE_DIR (up's --state-dir) names
const up = JSON.parse(readFileSync(`${process.env.LOCAL_CHAINS_STATE_DIR ?? ".local-chains"}/up.json`, "utf8"));
const [base, arb] = [up.chains["8453"], up.chains["42161"]];
const options = { staticNetwork: true, cacheTimeout: -1, pollingInterval: 500 }; // no stale nonce, fast receipts
const onBase = new ethers.JsonRpcProvider(base.rpc, 8453, options);
const onArb = new ethers.JsonRpcProvider(arb.rpc, 42161, options);

// a fresh wallet with 1 ETH on both chains and 2,000 USDC on Base
const wallet = ethers.Wallet.createRandom(onBase);
for (const chain of [onBase, onArb]) {
  await chain.send("anvil_setBalance", [wallet.address, ethers.toQuantity(ethers.parseEther("1"))]);
}
const ERC20 = ["function mint(address,uint256) returns (bool)", "function approve(address,uint256) returns (bool)"];
const funder = new ethers.Wallet(up.account.privateKey, onBase);
await (await new ethers.Contract(base.tokens.USDC, ERC20, funder).mint(wallet.address, 2_000_000000n)).wait();

// the vault on Arbitrum: the repository's test-only vault (contracts/test/support/TestOnlyVault.sol, compiled with the
// project's pinned solc). depositAllowance(token, beneficiary) takes all the caller allowed it and credits beneficiary.
const vaultArtifact = JSON.parse(execFileSync("node", ["scripts/test-artifact.mjs", "test/support/TestOnlyVault.sol",
  "TestOnlyVault"], { cwd: "contracts", encoding: "utf8" }));
const vault = await new ethers.ContractFactory(vaultArtifact.abi, vaultArtifact.bytecode, wallet.connect(onArb))
  .deploy();
await vault.waitForDeployment();
console.log("vault", await vault.getAddress(), "on Arbitrum");
const J = up.junction;
async function api(path) {
  const body = await (await fetch(`${J}${path}`)).json();
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
  return body.data;
}

// 2,000 USDC on Base -> WETH on Arbitrum through Across; at the fill the executor approves the vault for exactly the
// WETH delivered and calls depositAllowance(WETH, beneficiary); if that call fails, the WETH goes to fallbackAddress
const beneficiary = ethers.Wallet.createRandom().address;
const call = vault.interface.encodeFunctionData("depositAllowance", [arb.tokens.WETH, beneficiary]);
const q = new URLSearchParams({ fromChain: "8453", toChain: "42161", fromToken: base.tokens.USDC,
  toToken: arb.tokens.WETH, amount: "2000000000", sender: wallet.address, receiver: await vault.getAddress(),
  slippage: "1", acquisitionMode: "0", destinationCallData: call, destinationGasLimit: "200000",
  fallbackAddress: wallet.address, includeRoute: "true" });
const { Tx, route } = await api(`/build-best-path?${q}`);
await (await new ethers.Contract(base.tokens.USDC, ERC20, wallet).approve(Tx.allowanceTarget, 2_000_000000n)).wait();
const sent = await wallet.sendTransaction({ to: Tx.to, data: Tx.data, value: Tx.value, gasLimit: Tx.gasLimit });
await sent.wait();
let status;
do {
  await new Promise((r) => setTimeout(r, (status?.details?.pollAfterSeconds ?? 1) * 1000));
  status = await api(`/status?txHash=${sent.hash}&fromChainId=8453`);
} while (!["DONE", "FAILED"].includes(status.status));
console.log(status.status, status.details.substatus); // DONE COMPLETED (DESTINATION_CALL_FAILED: the fallback got it)

const credited = await vault.credit(arb.tokens.WETH, beneficiary);
console.log("vault credited", ethers.formatEther(credited), "WETH to", beneficiary);
if (credited !== BigInt(status.toAsset.amount) || credited < BigInt(route.minAmountOut)) {
  throw new Error(`credited ${credited}, delivered ${status.toAsset.amount}, minimum ${route.minAmountOut}`);
}
