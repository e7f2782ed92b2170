import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema.js";

type Method = "get" | "post" | "delete";
/** The JSON body of a response. */
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;
/** The success envelope of an operation. */
type SuccessOf<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: { 200: infer R } }
  ? JsonOf<R>
  : never;
/** What an operation answers in the envelope's `data`. */
type DataOf<P extends keyof paths, M extends Method> = SuccessOf<P, M> extends { data: infer D } ? D : never;
/** The query parameters of a GET operation. */
type QueryOf<P extends keyof paths> = paths[P]["get"] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;
/** The JSON body of a POST operation. */
type BodyOf<P extends keyof paths> = paths[P]["post"] extends { requestBody: { content: { "application/json": infer B } } }
  ? B
  : never;

/** One route of `/quote`: amounts, fees, gas, steps, `pathId` and `quoteId`. */
export type Route = DataOf<"/quote", "get">[number];
/** One step of a route (`Route["path"]`). */
export type RouteStep = Route["path"][number];
/** A token object, as every endpoint writes it. */
export type Token = Route["fromToken"];
/** A transaction to sign and send as it is: `data` of `/build-path`, `data.Tx` of `/build-best-path`. */
export type BuiltTransaction = DataOf<"/build-path", "post">;
/** `data` of `/build-best-path`: the transaction and, with `includeRoute=true`, its route. */
export type BuildBestPathResult = DataOf<"/build-best-path", "get">;
/** One item of `/gasless/quote`: the route's terms, the fee and the EIP-712 Permit2 object to sign. */
export type GaslessQuoteItem = DataOf<"/gasless/quote", "get">[number];
/** The typed data of a gasless quote item, for `signTypedData`. */
export type GaslessTypedData = GaslessQuoteItem["eip712"];
/** `data` of `/gasless/submit-swap`: the accepted swap and the hash to follow on `/status`. */
export type GaslessSwapResult = DataOf<"/gasless/submit-swap", "post">;
/** `data` of `/status`. */
export type SwapStatus = DataOf<"/status", "get">;
/** `data` of `/chains`. */
export type ChainsData = DataOf<"/chains", "get">;
/** One chain of `/chains`. */
export type ChainInfo = ChainsData["chains"][number];
/** `data` of `/tokens`. */
export type TokensData = DataOf<"/tokens", "get">;
/** `data` of `/providers`. */
export type ProvidersData = DataOf<"/providers", "get">;
/** `data` of `/connections`. */
export type ConnectionsData = DataOf<"/connections", "get">;

/** `data` of `POST /status/watch`: the transaction followed and until when. */
export type StatusWatch = DataOf<"/status/watch", "post">;
/** `data` of `POST /webhooks`: the webhook, its `secret` (shown once) and how its URL answered the signed ping. */
export type WebhookRegistration = DataOf<"/webhooks", "post">;
/** One webhook of `GET /webhooks` (without its secret). */
export type Webhook = DataOf<"/webhooks", "get">[number];
/** `data` of `DELETE /webhooks/{id}`. */
export type WebhookDeleted = DataOf<"/webhooks/{id}", "delete">;
/** One delivery of `GET /webhooks/{id}/deliveries`. */
export type WebhookDelivery = DataOf<"/webhooks/{id}/deliveries", "get">[number];
/**
 * One event of `GET /status/stream` and the body of a webhook delivery: the `/status` result of that moment plus the
 * change's `event` id, its `sequence` (increasing per transaction) and `occurredAtMs` (the first event of a stream,
 * before any change is recorded, is the bare `/status` answer: no `event`).
 */
export type StatusEvent = SwapStatus & { event?: string; sequence?: number; occurredAtMs?: number };

export type QuoteParams = QueryOf<"/quote">;
export type BuildBestPathParams = QueryOf<"/build-best-path">;
export type BuildPathBody = BodyOf<"/build-path">;
export type GaslessQuoteParams = QueryOf<"/gasless/quote">;
export type SubmitSwapBody = BodyOf<"/gasless/submit-swap">;
export type StatusParams = QueryOf<"/status">;
export type TokensParams = QueryOf<"/tokens">;
export type ConnectionsParams = QueryOf<"/connections">;
export type WatchStatusBody = BodyOf<"/status/watch">;
export type CreateWebhookBody = BodyOf<"/webhooks">;
export type WebhookDeliveriesParams = QueryOf<"/webhooks/{id}/deliveries">;
export type StatusStreamParams = QueryOf<"/status/stream">;

/** Every failure Junction answers: the error envelope. */
export type ErrorEnvelope = JsonOf<paths["/quote"]["get"]["responses"][400]>;
/** A code of Junction's error catalogue (1001 ... 9006; the OpenAPI document lists them with their meaning). */
export type ErrorCode = ErrorEnvelope["code"];

/**
 * A request Junction refused: the envelope's `code` (the error catalogue's), `message` (one sentence naming the
 * parameter and the rule), `param` (the parameter at fault, when one is) and the HTTP `status`.
 */
export class JunctionError extends Error {
  override readonly name = "JunctionError";
  readonly code: ErrorCode;
  readonly param: string | null;
  readonly status: number;
  /** The response's `X-Request-Id`: Junction logs unexpected errors (9001) under it. */
  readonly requestId: string | null;

  constructor(envelope: ErrorEnvelope, status: number, requestId: string | null) {
    super(envelope.message);
    this.code = envelope.code;
    this.param = envelope.data?.param ?? null;
    this.status = status;
    this.requestId = requestId;
  }
}

export interface JunctionClientOptions {
  /** Where Junction answers, e.g. `http://localhost:8080` (the `/v1/` prefix is not needed). */
  baseUrl: string;
  /** Sent as `X-API-Key` when the service requires API keys (`junction.security.api-keys`). */
  apiKey?: string;
  /** The fetch to use (default: the global one), e.g. to add headers, logging or a proxy agent. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Per call: an `AbortSignal` cancels the request. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** For {@link JunctionClient.statusStream}: `lastEventId` resumes after that event (as `Last-Event-ID`). */
export interface StreamOptions extends CallOptions {
  lastEventId?: string;
}

/** The caller's webhooks (`/webhooks`): status changes of its swaps and watched transactions, signed. */
export interface WebhooksApi {
  /** `POST /webhooks`: registers a URL; the answer's `secret` (shown once) verifies `Junction-Signature`. */
  create(body: CreateWebhookBody, options?: CallOptions): Promise<WebhookRegistration>;
  /** `GET /webhooks`: the caller's webhooks. */
  list(options?: CallOptions): Promise<Webhook[]>;
  /** `DELETE /webhooks/{id}`: removes a webhook and what is still to be delivered to it. */
  delete(id: string, options?: CallOptions): Promise<WebhookDeleted>;
  /** `GET /webhooks/{id}/deliveries`: its latest deliveries, newest first, optionally of one state. */
  deliveries(id: string, params?: WebhookDeliveriesParams, options?: CallOptions): Promise<WebhookDelivery[]>;
}

/**
 * Junction's operations, each answering the envelope's `data`, typed from the service's OpenAPI document, or throwing
 * a {@link JunctionError} for an error envelope.
 */
export interface JunctionClient {
  /** `GET /quote`: routes for a token pair and amount, best first. */
  quote(params: QuoteParams, options?: CallOptions): Promise<Route[]>;
  /** `GET /build-best-path`: the transaction of the best route (`Tx`) and, with `includeRoute`, the route. */
  buildBestPath(params: BuildBestPathParams, options?: CallOptions): Promise<BuildBestPathResult>;
  /** `POST /build-path`: the transaction of a route of an earlier quote (`pathId`), or of the best one. */
  buildPath(body: BuildPathBody, options?: CallOptions): Promise<BuiltTransaction>;
  /** `GET /gasless/quote`: gasless quote items, each with its EIP-712 Permit2 object to sign. */
  gaslessQuote(params: GaslessQuoteParams, options?: CallOptions): Promise<GaslessQuoteItem[]>;
  /** `POST /gasless/submit-swap`: hands a signed gasless quote to Junction's executor. */
  submitSwap(body: SubmitSwapBody, options?: CallOptions): Promise<GaslessSwapResult>;
  /** `GET /status`: progress of a swap by its source transaction. */
  status(params: StatusParams, options?: CallOptions): Promise<SwapStatus>;
  /** `GET /chains`: every chain served. */
  chains(options?: CallOptions): Promise<ChainsData>;
  /** `GET /tokens`: the tokens, optionally of one chain and one symbol. */
  tokens(params?: TokensParams, options?: CallOptions): Promise<TokensData>;
  /** `GET /providers`: every DEX and bridge. */
  providers(options?: CallOptions): Promise<ProvidersData>;
  /** `GET /connections`: the bridge lanes, optionally filtered. */
  connections(params?: ConnectionsParams, options?: CallOptions): Promise<ConnectionsData>;
  /** `POST /status/watch`: Junction follows a transaction your wallet sent and pushes its changes to your webhooks. */
  watchStatus(body: WatchStatusBody, options?: CallOptions): Promise<StatusWatch>;
  /**
   * `GET /status/stream` (server-sent events): the current status, then each change, until a terminal status; the
   * iteration ends with the stream. Throws a {@link JunctionError} when the service refuses the request.
   */
  statusStream(params: StatusStreamParams, options?: StreamOptions): AsyncGenerator<StatusEvent, void, undefined>;
  /** `/webhooks`: register, list, remove, and see deliveries. */
  readonly webhooks: WebhooksApi;
  /** The underlying openapi-fetch client, for anything the methods above do not cover. */
  readonly api: Client<paths>;
}

interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The `data` of a success envelope; a {@link JunctionError} for an error envelope. */
async function unwrap<T>(call: Promise<Answer>): Promise<T> {
  const { data, error, response } = await call;
  const body = (data ?? error) as { code?: unknown; data?: unknown; message?: unknown } | undefined;
  if (body === null || typeof body !== "object" || typeof body.code !== "number") {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    throw new Error(`Junction answered HTTP ${response.status} at ${response.url} without an envelope: `
      + `${String(text).slice(0, 200)}`);
  }
  if (body.code === 0 && response.ok) {
    return body.data as T;
  }
  throw new JunctionError(body as ErrorEnvelope, response.status, response.headers.get("X-Request-Id"));
}

/** A client of the Junction at `baseUrl`. */
export function createJunctionClient(options: JunctionClientOptions): JunctionClient {
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: options.apiKey === undefined ? {} : { "X-API-Key": options.apiKey },
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  return {
    api,
    quote: (query, o) => unwrap(api.GET("/quote", { params: { query }, signal: o?.signal })),
    buildBestPath: (query, o) => unwrap(api.GET("/build-best-path", { params: { query }, signal: o?.signal })),
    buildPath: (body, o) => unwrap(api.POST("/build-path", { body, signal: o?.signal })),
    gaslessQuote: (query, o) => unwrap(api.GET("/gasless/quote", { params: { query }, signal: o?.signal })),
    submitSwap: (body, o) => unwrap(api.POST("/gasless/submit-swap", { body, signal: o?.signal })),
    status: (query, o) => unwrap(api.GET("/status", { params: { query }, signal: o?.signal })),
    chains: (o) => unwrap(api.GET("/chains", { signal: o?.signal })),
    tokens: (query, o) => unwrap(api.GET("/tokens", { params: { query }, signal: o?.signal })),
    providers: (o) => unwrap(api.GET("/providers", { signal: o?.signal })),
    connections: (query, o) => unwrap(api.GET("/connections", { params: { query }, signal: o?.signal })),
    watchStatus: (body, o) => unwrap(api.POST("/status/watch", { body, signal: o?.signal })),
    statusStream: (query, o) => statusEvents(api, query, o),
    webhooks: {
      create: (body, o) => unwrap(api.POST("/webhooks", { body, signal: o?.signal })),
      list: (o) => unwrap(api.GET("/webhooks", { signal: o?.signal })),
      delete: (id, o) => unwrap(api.DELETE("/webhooks/{id}", { params: { path: { id } }, signal: o?.signal })),
      deliveries: (id, query, o) => unwrap(api.GET("/webhooks/{id}/deliveries",
        { params: { path: { id }, query }, signal: o?.signal })),
    },
  };
}

/** The events `status` of `GET /status/stream`, parsed as they arrive. */
async function* statusEvents(api: Client<paths>, query: StatusStreamParams, options: StreamOptions | undefined)
  : AsyncGenerator<StatusEvent, void, undefined> {
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  if (options?.lastEventId !== undefined) headers["Last-Event-ID"] = options.lastEventId;
  const { data, error, response } = await api.GET("/status/stream",
    { params: { query }, headers, parseAs: "stream", signal: options?.signal });
  if (error !== undefined || !response.ok) {
    await unwrap(Promise.resolve({ data: undefined, error, response }));
  }
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream") || data == null) {
    await data?.cancel();
    throw new Error(`Junction answered ${response.url} with ${response.headers.get("Content-Type")}, `
      + "not text/event-stream");
  }
  const reader = (data as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, "\n");
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split("\n").filter((l) => !l.startsWith(":"));
        const field = (name: string) => lines.filter((l) => l.startsWith(`${name}:`))
          .map((l) => l.slice(name.length + 1).replace(/^ /, ""));
        const payload = field("data");
        if (payload.length > 0 && (field("event")[0] ?? "message") === "status") {
          yield JSON.parse(payload.join("\n")) as StatusEvent;
        }
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
