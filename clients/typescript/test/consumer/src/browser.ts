// Type-checked only (tsc --noEmit with bundler resolution, the DOM and no Node types): a browser dApp signs with the
// injected wallet through ethers v6's BrowserProvider.
import { createJunctionClient, sendBuiltTransaction, signGaslessQuote, waitForStatus } from "@junction/client";
import { BrowserProvider, type Eip1193Provider } from "ethers";

export async function swap(ethereum: Eip1193Provider, sender: string): Promise<string> {
  const junction = createJunctionClient({ baseUrl: window.location.origin });
  const signer = await new BrowserProvider(ethereum).getSigner();
  const params = { fromChain: 8453, toChain: 8453, fromToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    toToken: "0x4200000000000000000000000000000000000006", amount: "1000000", sender };
  const { Tx } = await junction.buildBestPath({ ...params, slippage: 1 });
  const sent = await sendBuiltTransaction(Tx, signer);
  const [item] = await junction.gaslessQuote({ ...params, acquisitionMode: 3 });
  const signature = await signGaslessQuote(item!, signer);
  const accepted = await junction.submitSwap({ quoteId: item!.quoteId, signature });
  const done = await waitForStatus(junction, { txHash: accepted.executionTxHash, fromChainId: 8453 },
    { onUpdate: (s) => document.title = s.status });
  return `${sent.hash} ${done.status}`;
}
