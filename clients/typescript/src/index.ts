/**
 * `@junction/client`: a typed client of Junction, the self-hostable cross-chain swap routing service. Types are
 * generated from the service's OpenAPI document (`src/schema.ts`, openapi-typescript); requests go through
 * openapi-fetch. The wallet helpers work with an ethers v6 `Signer` or a viem `WalletClient` (optional peers).
 */
export {
  createJunctionClient,
  JunctionError,
  type BuildBestPathParams,
  type BuildBestPathResult,
  type BuildPathBody,
  type BuiltTransaction,
  type CallOptions,
  type ChainInfo,
  type ChainsData,
  type ConnectionsData,
  type ConnectionsParams,
  type CreateWebhookBody,
  type ErrorCode,
  type ErrorEnvelope,
  type GaslessQuoteItem,
  type GaslessQuoteParams,
  type GaslessSwapResult,
  type GaslessTypedData,
  type JunctionClient,
  type JunctionClientOptions,
  type ProvidersData,
  type QuoteParams,
  type Route,
  type RouteStep,
  type StatusEvent,
  type StatusParams,
  type StatusStreamParams,
  type StatusWatch,
  type StreamOptions,
  type SubmitSwapBody,
  type SwapStatus,
  type Token,
  type TokensData,
  type TokensParams,
  type WatchStatusBody,
  type Webhook,
  type WebhookDeleted,
  type WebhookDeliveriesParams,
  type WebhookDelivery,
  type WebhookRegistration,
  type WebhooksApi,
} from "./client.js";
export { StatusTimeoutError, TERMINAL_STATUSES, waitForStatus, type WaitForStatusOptions } from "./status.js";
export {
  sendBuiltTransaction,
  signGaslessQuote,
  type EthersSignerLike,
  type SendBuiltTransactionOptions,
  type SentTransaction,
  type ViemWalletClientLike,
  type WalletLike,
} from "./wallets.js";
export { NATIVE_TOKEN } from "./abi.js";
export type { components, operations, paths } from "./schema.js";
