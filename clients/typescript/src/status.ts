import { JunctionError, type CallOptions, type JunctionClient, type StatusEvent, type StatusParams,
  type SwapStatus } from "./client.js";

/** The statuses after which a swap never changes again. */
export const TERMINAL_STATUSES: readonly SwapStatus["status"][] = ["DONE", "FAILED", "REFUNDED", "EXPIRED"];

export interface WaitForStatusOptions {
  /** Give up after this long (default 30 minutes: a CCTP transfer from Ethereum takes 16-19). */
  timeoutMs?: number;
  /** Called with the first answer and with every answer whose status, substatus or transactions changed. */
  onUpdate?: (status: SwapStatus) => void;
  /** The wait between two polls when the service gives no `details.pollAfterSeconds` (default 2000 ms). */
  intervalMs?: number;
  /** Stops waiting (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** {@link waitForStatus} gave up: `last` is the last answer it had (undefined when it had none). */
export class StatusTimeoutError extends Error {
  override readonly name = "StatusTimeoutError";
  constructor(message: string, readonly last: SwapStatus | undefined) {
    super(message);
  }
}

/**
 * Follows a source transaction until the swap ends: resolves with the first terminal answer (`DONE`, `FAILED`,
 * `REFUNDED`, `EXPIRED`), or with `NOT_FOUND` when the service says polling again will not change it (no
 * `pollAfterSeconds`: in chain mode, a mined transaction that is not a Junction route). It follows the service's
 * status stream (`GET /status/stream`, server-sent events) when the client has `statusStream` and the service answers
 * it; otherwise, or when the stream ends before the swap does, it polls `/status` after the service's hint,
 * `details.pollAfterSeconds` (a `NOT_FOUND` with a hint is a transaction Junction has not seen yet: it keeps
 * polling). Rejects with {@link StatusTimeoutError} after `timeoutMs`, with a {@link JunctionError} when the service
 * refuses the request.
 */
export async function waitForStatus(client: Pick<JunctionClient, "status"> & Partial<Pick<JunctionClient,
  "statusStream">>, params: StatusParams, options: WaitForStatusOptions = {}): Promise<SwapStatus> {
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  const deadline = Date.now() + timeoutMs;
  let last: SwapStatus | undefined;
  const seen = (answer: SwapStatus): boolean => {
    if (last === undefined || changed(last, answer)) {
      options.onUpdate?.(answer);
    }
    last = answer;
    return ended(answer);
  };
  const timeout = () => new StatusTimeoutError(`${params.txHash} on chain ${params.fromChainId} is still `
    + `${last?.status}${last?.details.substatus == null ? "" : ` / ${last.details.substatus}`} after ${timeoutMs} ms`,
    last);
  if (client.statusStream !== undefined) {
    const streamed = await followStream(client.statusStream, params, deadline, options.signal, seen);
    if (streamed === "ended") return last as SwapStatus;
    if (streamed === "timeout") throw timeout();
  }
  const call: CallOptions = options.signal === undefined ? {} : { signal: options.signal };
  for (;;) {
    options.signal?.throwIfAborted();
    const answer = await client.status(params, call);
    if (seen(answer)) {
      return answer;
    }
    const hint = answer.details.pollAfterSeconds;
    const wait = hint === null ? options.intervalMs ?? 2000 : hint * 1000;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw timeout();
    }
    await sleep(Math.min(wait, left), options.signal);
  }
}

/** A terminal answer, or a `NOT_FOUND` the service says will not change. */
function ended(answer: SwapStatus): boolean {
  return TERMINAL_STATUSES.includes(answer.status)
    || (answer.status === "NOT_FOUND" && answer.details.pollAfterSeconds === null);
}

/**
 * Follows the status stream until the swap ends ("ended"), the deadline passes ("timeout"), or the stream is not
 * answered or ends early ("poll": the caller polls from there). A refusal of the request itself (4xx other than an
 * unknown path) and an abort are thrown.
 */
async function followStream(stream: JunctionClient["statusStream"], params: StatusParams, deadline: number,
  signal: AbortSignal | undefined, seen: (answer: SwapStatus) => boolean): Promise<"ended" | "timeout" | "poll"> {
  const stop = new AbortController();
  const abort = () => stop.abort(signal?.reason);
  signal?.addEventListener("abort", abort, { once: true });
  const timer = setTimeout(() => stop.abort(TIMED_OUT), Math.max(0, deadline - Date.now()));
  try {
    for await (const event of stream({ txHash: params.txHash, fromChainId: params.fromChainId },
      { signal: stop.signal })) {
      if (seen(withoutEventFields(event))) return "ended";
    }
    return "poll";
  } catch (e) {
    if (stop.signal.aborted) {
      if (stop.signal.reason === TIMED_OUT) return "timeout";
      throw signal?.reason ?? e;
    }
    if (e instanceof JunctionError && !(e.status === 404 || e.status === 405 || e.status >= 500)) throw e;
    return "poll"; // an older service without the stream, or a stream that failed: poll
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
}

const TIMED_OUT = Symbol("timed out");

/** The `/status` answer of a stream event (without the change's `event`, `sequence`, `occurredAtMs`). */
function withoutEventFields(event: StatusEvent): SwapStatus {
  const { event: _event, sequence: _sequence, occurredAtMs: _occurredAtMs, ...status } = event;
  return status;
}

function changed(before: SwapStatus, after: SwapStatus): boolean {
  return before.status !== after.status || before.details.substatus !== after.details.substatus
    || before.srcTxDetails?.txHash !== after.srcTxDetails?.txHash
    || before.srcTxDetails?.timestamp !== after.srcTxDetails?.timestamp
    || before.destTxDetails?.txHash !== after.destTxDetails?.txHash;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });
}
