import { ethers } from "ethers";

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"; // USDC on Ethereum (chain 1)
// cacheTimeout -1: ethers caches answers (the pending nonce too) for 250 ms by default, so a second transaction sent
// right after the first would reuse its nonce and fail with "nonce too low"
const provider = new ethers.JsonRpcProvider("http://127.0.0.1:43349/devnet/1", undefined, { cacheTimeout: -1 });

// a fresh wallet, funded
const wallet = ethers.Wallet.createRandom().connect(provider);
await provider.send("anvil_setBalance", [wallet.address, ethers.toQuantity(ethers.parseEther("1"))]);
await provider.send("devnet_mint", [USDC, wallet.address, "1000000000"]); // 1,000 USDC
console.log(ethers.formatEther(await provider.getBalance(wallet.address)));        // 1.0

const usdc = new ethers.Contract(USDC, [
  "function balanceOf(address) view returns (uint256)",
  "function symbol() view returns (string)",
  "function allowance(address,address) view returns (uint256)",
  "function approve(address,uint256) returns (bool)",
  "function transfer(address,uint256) returns (bool)",
], wallet);
console.log(await usdc.symbol(), await usdc.balanceOf(wallet.address));           // USDC 1000000000n

// approve the spender the built transaction names (Tx.allowanceTarget of /build-best-path)
const spender = "0x1111111111111111111111111111111111111111";
const receipt = await (await usdc.approve(spender, 500_000_000n)).wait();         // status 1, one Approval log
console.log(await usdc.allowance(wallet.address, spender));                       // 500000000n

const to = ethers.Wallet.createRandom().address;
await (await usdc.transfer(to, 250_000_000n)).wait();
try { await usdc.transfer(to, 10_000_000_000n); }                                  // more than the balance
catch (e) { console.log(e.reason); }                                              // ERC20: transfer amount exceeds balance
const receiver = wallet.address;                        // where the WETH arrives on Arbitrum
const q = new URLSearchParams({ fromChain: "1", toChain: "42161", fromToken: USDC,
  toToken: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", amount: "500000000",   // 500 of the 750 USDC left
  sender: wallet.address, receiver });
const { data: { Tx } } = await (await fetch(`http://127.0.0.1:43349/build-best-path?${q}`)).json();
await (await usdc.approve(Tx.allowanceTarget, 500_000_000n)).wait();
const sent = await wallet.sendTransaction({ to: Tx.to, data: Tx.data, value: BigInt(Tx.value),
  gasLimit: BigInt(Tx.gasLimit), chainId: Tx.chain });
const routeReceipt = await sent.wait();                 // status 1, BridgeInitiated + RouteExecuted logs
let status;
do {
  await new Promise(r => setTimeout(r, 1000));
  status = (await (await fetch(`http://127.0.0.1:43349/status?txHash=${sent.hash}&fromChainId=1`)).json()).data;
} while (status.status === "PENDING" || status.status === "NOT_FOUND");
console.log(status.status, status.kind, status.toAsset.amount);   // DONE direct <WETH wei>
const arb = new ethers.JsonRpcProvider("http://127.0.0.1:43349/devnet/42161", undefined, { cacheTimeout: -1 });
const weth = new ethers.Contract(status.toAsset.address, ["function balanceOf(address) view returns (uint256)"], arb);
console.log(await weth.balanceOf(receiver));            // the same amount
