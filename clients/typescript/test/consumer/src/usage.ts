// Type-checked only (tsc --noEmit): what a dApp in Node writes against @junction/client, with ethers v6 and viem.
// The lines marked as expected errors must stay errors: the types are strict where Junction is.
import {
  createJunctionClient,
  JunctionError,
  sendBuiltTransaction,
  signGaslessQuote,
  StatusTimeoutError,
  waitForStatus,
  type BuiltTransaction,
  type ErrorCode,
  type GaslessQuoteItem,
  type Route,
  type SwapStatus,
} from "@junction/client";
import { JsonRpcProvider, Wallet } from "ethers";
import { createWalletClient, custom, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { arbitrum } from "viem/chains";

export async function usage(): Promise<void> {
  const junction = createJunctionClient({ baseUrl: "http://localhost:8080", apiKey: "key",
    fetch: (request) => fetch(request) });
  const sender = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
  const params = { fromChain: 42161, toChain: 42161, fromToken: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    toToken: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", amount: "1000000000", sender };

  const routes: Route[] = await junction.quote({ ...params, slippage: 0.5, includeProvider: ["uniswap-v3"] });
  const best = routes[0]!;
  const out: string = best.amountOut;
  const block: number | undefined = best.blockNumber; // chain mode only
  const decimals: number = best.toToken.decimals;
  const steps: string[] = best.path.map((step) => `${step.stepType} ${step.provider.name} ${step.toAmount}`);
  // @ts-expect-error amounts are base-10 strings, never numbers
  await junction.quote({ ...params, amount: 1000000000 });
  // @ts-expect-error sender is required
  await junction.quote({ fromChain: 1, toChain: 1, fromToken: "0x", toToken: "0x", amount: "1" });

  const { Tx, route } = await junction.buildBestPath({ ...params, includeRoute: true, simulation: true });
  const maybeRoute: Route | null = route;
  const tx: BuiltTransaction = await junction.buildPath({ Amount: "1000000000", Sender: sender, fromChain: 42161,
    fromToken: params.fromToken, toChain: 42161, toToken: params.toToken, pathId: best.pathId });
  const gas: string = tx.gasLimit;

  const [item] = await junction.gaslessQuote({ ...params, acquisitionMode: 3, deadlineMinutes: 30 });
  const quoteItem: GaslessQuoteItem = item!;
  const primaryType: string = quoteItem.eip712.primaryType;

  // ethers v6: a Wallet and a browser wallet's JsonRpcSigner
  const provider = new JsonRpcProvider("http://127.0.0.1:8545");
  const wallet = new Wallet("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d", provider);
  const signature: `0x${string}` = await signGaslessQuote(quoteItem, wallet);
  await signGaslessQuote(quoteItem, await provider.getSigner());
  const sent = await sendBuiltTransaction(Tx, wallet, { timeoutMs: 60_000 });
  const hash: `0x${string}` = sent.hash;
  const approval: string | null = sent.approvalHash;

  // viem: a local account, and a JSON-RPC account (a browser wallet through EIP-1193)
  const local = createWalletClient({ account: privateKeyToAccount(signature), chain: arbitrum, transport: http() });
  await signGaslessQuote(quoteItem, local);
  await sendBuiltTransaction(tx, local);
  const injected = createWalletClient({ chain: arbitrum,
    transport: custom({ request: async () => null }) });
  await signGaslessQuote(quoteItem, injected);
  // @ts-expect-error neither an ethers signer nor a viem wallet client
  await signGaslessQuote(quoteItem, { address: sender });

  const swap = await junction.submitSwap({ quoteId: quoteItem.quoteId, signature });
  const final: SwapStatus = await waitForStatus(junction, { txHash: swap.executionTxHash, fromChainId: 42161 }, {
    timeoutMs: 60_000,
    onUpdate: (s) => console.log(s.status, s.details.substatus, s.details.pollAfterSeconds),
    signal: AbortSignal.timeout(120_000),
  });
  const status: "PENDING" | "DONE" | "FAILED" | "REFUNDED" | "EXPIRED" | "NOT_FOUND" = final.status;
  const received: string | null | undefined = final.toAsset?.amount;
  const destination: string | undefined = final.destTxDetails?.txHash;
  await junction.status({ txHash: hash, fromChainId: 42161, userAddress: sender });

  const { chains } = await junction.chains();
  const router: string | null = chains[0]!.router;
  const { tokens } = await junction.tokens({ chain: 42161, symbol: "USDC" });
  const { providers } = await junction.providers();
  const { connections } = await junction.connections({ fromChain: 1 });
  const p50: number = connections[0]!.estimatedTime.p50Seconds;

  try {
    await junction.quote(params);
  } catch (error) {
    if (error instanceof JunctionError) {
      const code: ErrorCode = error.code;
      const known: boolean = code === 1004 || code === 3001;
      // @ts-expect-error 1234 is not a code of the catalogue
      const unknown: boolean = code === 1234;
      const param: string | null = error.param;
      const httpStatus: number = error.status;
      console.log(known, unknown, param, httpStatus, error.message, error.requestId);
    } else if (error instanceof StatusTimeoutError) {
      console.log(error.last?.status);
    }
  }
  console.log(out, block, decimals, steps, maybeRoute, gas, primaryType, approval, status, received, destination,
    router, tokens.length, providers.length, p50);
}
