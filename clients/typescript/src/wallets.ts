import { allowanceCall, approveCall, EXECUTE_ROUTE, NATIVE_TOKEN, routeInput, ZERO_ADDRESS } from "./abi.js";
import type { BuiltTransaction, GaslessQuoteItem } from "./client.js";

type Hex = `0x${string}`;
type TypedFields = Record<string, Array<{ name: string; type: string }>>;

/**
 * What the helpers use of an ethers v6 `Signer` (a `Wallet`, a `JsonRpcSigner` of a browser wallet, ...). ethers is
 * an optional peer dependency: this package never imports it.
 */
export interface EthersSignerLike {
  readonly provider: { getNetwork(): Promise<{ chainId: bigint }> } | null;
  getAddress(): Promise<string>;
  signTypedData(domain: object, types: TypedFields, value: Record<string, unknown>): Promise<string>;
  call(tx: { to: string; data: string }): Promise<string>;
  sendTransaction(tx: { to: string; data: string; value?: bigint; gasLimit?: bigint; chainId?: bigint }): Promise<{
    hash: string;
    wait(confirms?: number, timeout?: number): Promise<{ status: number | null; blockNumber: number } | null>;
  }>;
}

/**
 * What the helpers use of a viem `WalletClient` (with a local account, or a JSON-RPC account such as a browser
 * wallet's). viem is an optional peer dependency: this package never imports it.
 */
export interface ViemWalletClientLike {
  readonly account?: { readonly address: Hex } | undefined;
  readonly chain?: { readonly id: number } | undefined;
  readonly pollingInterval?: number;
  request: (args: any, options?: any) => Promise<any>;
  getAddresses(): Promise<readonly Hex[]>;
  getChainId(): Promise<number>;
  signTypedData(args: any): Promise<Hex>;
  sendTransaction(args: any): Promise<Hex>;
}

/** An ethers v6 signer or a viem wallet client. */
export type WalletLike = EthersSignerLike | ViemWalletClientLike;

function isEthers(wallet: WalletLike): wallet is EthersSignerLike {
  return typeof (wallet as EthersSignerLike).getAddress === "function";
}

function isViem(wallet: WalletLike): wallet is ViemWalletClientLike {
  return typeof (wallet as ViemWalletClientLike).request === "function"
    && typeof (wallet as ViemWalletClientLike).getChainId === "function";
}

function kind(wallet: WalletLike): "ethers" | "viem" {
  if (isEthers(wallet)) {
    return "ethers";
  }
  if (isViem(wallet)) {
    return "viem";
  }
  throw new TypeError("expected an ethers v6 Signer or a viem WalletClient");
}

/**
 * Signs a gasless quote item's EIP-712 Permit2 object exactly as `/gasless/quote` returns it (domain, types and
 * message unchanged; viem gets the `primaryType` and the integers as bigints it requires), with an ethers v6 signer
 * (`signTypedData`) or a viem wallet client (`signTypedData` with its account). The answer is what
 * `submitSwap({ quoteId: item.quoteId, signature })` takes.
 */
export async function signGaslessQuote(item: Pick<GaslessQuoteItem, "eip712">, wallet: WalletLike): Promise<Hex> {
  const { domain, types, primaryType, message } = item.eip712;
  if (kind(wallet) === "ethers") {
    return (await (wallet as EthersSignerLike).signTypedData(domain, types, message)) as Hex;
  }
  const client = wallet as ViemWalletClientLike;
  return client.signTypedData({
    account: await account(client),
    domain,
    types,
    primaryType,
    message: integersAsBigints(types, primaryType, message as Record<string, unknown>),
  });
}

/** viem encodes uint/int fields from bigints; Junction writes them as decimal strings. */
function integersAsBigints(types: TypedFields, type: string, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of types[type] ?? []) {
    const v = value[field.name];
    if (/^u?int\d*$/.test(field.type) && (typeof v === "string" || typeof v === "number")) {
      out[field.name] = BigInt(v);
    } else if (types[field.type] !== undefined && v !== null && typeof v === "object") {
      out[field.name] = integersAsBigints(types, field.type, v as Record<string, unknown>);
    } else {
      out[field.name] = v;
    }
  }
  return out;
}

async function account(client: ViemWalletClientLike): Promise<{ readonly address: Hex } | Hex> {
  if (client.account !== undefined) {
    return client.account;
  }
  const [first] = await client.getAddresses();
  if (first === undefined) {
    throw new Error("the viem wallet client has no account");
  }
  return first;
}

export interface SendBuiltTransactionOptions {
  /** How long to wait for each receipt (default 5 minutes). */
  timeoutMs?: number;
}

/** What {@link sendBuiltTransaction} did. */
export interface SentTransaction {
  /** The router transaction's hash: follow it with `waitForStatus(client, { txHash: hash, fromChainId })`. */
  hash: Hex;
  /** The block that included it. */
  blockNumber: number;
  /** The `approve(allowanceTarget, amountIn)` sent first, when the allowance was short. */
  approvalHash: Hex | null;
}

/**
 * Sends a transaction of `/build-best-path` (its `Tx`) or `/build-path` from the wallet that was its `sender`: first,
 * for an ERC-20 input, `approve(allowanceTarget, amountIn)` when the wallet's allowance is below the route's input
 * (read from the calldata's `RouteParams`), then the transaction as it is (`to`, `data`, `value`, `gasLimit`), each
 * waited for until included. Rejects when the wallet is on another chain than `tx.chain`, when the transaction was
 * built for a Permit2 acquisition mode (2, 3: those are gasless, see {@link signGaslessQuote}) or when a transaction
 * reverts.
 */
export async function sendBuiltTransaction(tx: BuiltTransaction, wallet: WalletLike,
  options: SendBuiltTransactionOptions = {}): Promise<SentTransaction> {
  if (!tx.data.toLowerCase().startsWith(EXECUTE_ROUTE)) {
    throw new Error(`the transaction is not Junction's executeRoute (selector ${tx.data.slice(0, 10)})`);
  }
  const input = routeInput(tx.data);
  if (input.acquisitionMode > 1) {
    throw new Error(`the transaction was built with acquisitionMode ${input.acquisitionMode} (Permit2): a wallet `
      + "sends acquisitionMode 0 (ERC-20) or 1 (native); use the gasless flow for Permit2");
  }
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const sender: Sender = kind(wallet) === "ethers"
    ? ethersSender(wallet as EthersSignerLike, timeoutMs)
    : viemSender(wallet as ViemWalletClientLike, timeoutMs);
  const chainId = await sender.chainId();
  if (chainId !== tx.chain) {
    throw new Error(`the wallet is on chain ${chainId}; the transaction is for chain ${tx.chain}`);
  }
  let approvalHash: Hex | null = null;
  const erc20 = input.inputToken.toLowerCase() !== NATIVE_TOKEN.toLowerCase();
  if (erc20 && tx.allowanceTarget.toLowerCase() !== ZERO_ADDRESS) {
    const owner = await sender.address();
    const allowance = BigInt(await sender.call(input.inputToken, allowanceCall(owner, tx.allowanceTarget)));
    if (allowance < input.amountIn) {
      const approval = await sender.send({ to: input.inputToken, data: approveCall(tx.allowanceTarget, input.amountIn) });
      await approval.included();
      approvalHash = approval.hash;
    }
  }
  const sent = await sender.send({ to: tx.to, data: tx.data, value: BigInt(tx.value), gas: BigInt(tx.gasLimit),
    chainId: tx.chain });
  return { hash: sent.hash, blockNumber: await sent.included(), approvalHash };
}

interface Sending {
  hash: Hex;
  /** Resolves with the including block; rejects when the transaction reverted. */
  included(): Promise<number>;
}

interface Sender {
  chainId(): Promise<number>;
  address(): Promise<string>;
  call(to: string, data: string): Promise<string>;
  send(tx: { to: string; data: string; value?: bigint; gas?: bigint; chainId?: number }): Promise<Sending>;
}

function ethersSender(signer: EthersSignerLike, timeoutMs: number): Sender {
  return {
    async chainId() {
      if (signer.provider === null) {
        throw new Error("the ethers signer has no provider: connect it to the chain's node");
      }
      return Number((await signer.provider.getNetwork()).chainId);
    },
    address: () => signer.getAddress(),
    call: (to, data) => signer.call({ to, data }),
    async send({ to, data, value, gas, chainId }) {
      const response = await signer.sendTransaction({ to, data,
        ...(value === undefined ? {} : { value }), ...(gas === undefined ? {} : { gasLimit: gas }),
        ...(chainId === undefined ? {} : { chainId: BigInt(chainId) }) });
      const hash = response.hash as Hex;
      return {
        hash,
        async included() {
          const receipt = await response.wait(1, timeoutMs);
          if (receipt === null || receipt.status !== 1) {
            throw new Error(`transaction ${hash} reverted`);
          }
          return receipt.blockNumber;
        },
      };
    },
  };
}

function viemSender(client: ViemWalletClientLike, timeoutMs: number): Sender {
  const address = async () => {
    const a = await account(client);
    return typeof a === "string" ? a : a.address;
  };
  return {
    chainId: () => client.getChainId(),
    address,
    async call(to, data) {
      return client.request({ method: "eth_call", params: [{ from: await address(), to, data }, "latest"] });
    },
    async send({ to, data, value, gas }) {
      const hash = await client.sendTransaction({ account: await account(client), chain: client.chain ?? null,
        to, data, ...(value === undefined ? {} : { value }), ...(gas === undefined ? {} : { gas }) });
      return {
        hash,
        async included() {
          const until = Date.now() + timeoutMs;
          for (;;) {
            const receipt = await client.request({ method: "eth_getTransactionReceipt", params: [hash] }) as
              { status: string; blockNumber: string } | null;
            if (receipt !== null) {
              if (receipt.status !== "0x1") {
                throw new Error(`transaction ${hash} reverted`);
              }
              return Number(BigInt(receipt.blockNumber));
            }
            if (Date.now() > until) {
              throw new Error(`transaction ${hash} was not included within ${timeoutMs} ms`);
            }
            await new Promise((resolve) => setTimeout(resolve, client.pollingInterval ?? 1000));
          }
        },
      };
    },
  };
}
