// Type-checked only: a CommonJS consumer (require) gets the same typed API from the package's CommonJS half.
import junction = require("@junction/client");

export async function usage(): Promise<string> {
  const client = junction.createJunctionClient({ baseUrl: "http://localhost:8080" });
  const [best] = await client.quote({ fromChain: 1, toChain: 42161, fromToken: junction.NATIVE_TOKEN,
    toToken: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", amount: "1000000000000000000",
    sender: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" });
  const status: junction.SwapStatus = await junction.waitForStatus(client, { txHash: "0x", fromChainId: 1 });
  return `${best?.amountOut} ${status.status}`;
}
