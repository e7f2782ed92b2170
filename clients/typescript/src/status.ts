import type { CallOptions, JunctionClient, StatusParams, SwapStatus } from "./client.js";

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
 * Follows `/status` for a source transaction until the swap ends: resolves with the first terminal answer (`DONE`,
 * `FAILED`, `REFUNDED`, `EXPIRED`), or with `NOT_FOUND` when the service says polling again will not change it (no
 * `pollAfterSeconds`: in chain mode, a mined transaction that is not a Junction route). Between polls it waits the
 * service's hint, `details.pollAfterSeconds` (Junction has no status stream: polling after the hint is its protocol).
 * A `NOT_FOUND` with a hint is a transaction Junction has not seen yet: it keeps polling. Rejects with
 * {@link StatusTimeoutError} after `timeoutMs`, with a {@link JunctionError} when the service refuses the request.
 */
export async function waitForStatus(client: Pick<JunctionClient, "status">, params: StatusParams,
  options: WaitForStatusOptions = {}): Promise<SwapStatus> {
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  const deadline = Date.now() + timeoutMs;
  const call: CallOptions = options.signal === undefined ? {} : { signal: options.signal };
  let last: SwapStatus | undefined;
  for (;;) {
    options.signal?.throwIfAborted();
    const answer = await client.status(params, call);
    if (last === undefined || changed(last, answer)) {
      options.onUpdate?.(answer);
    }
    last = answer;
    const hint = answer.details.pollAfterSeconds;
    if (TERMINAL_STATUSES.includes(answer.status) || (answer.status === "NOT_FOUND" && hint === null)) {
      return answer;
    }
    const wait = hint === null ? options.intervalMs ?? 2000 : hint * 1000;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new StatusTimeoutError(`${params.txHash} on chain ${params.fromChainId} is still ${answer.status}`
        + `${answer.details.substatus === null ? "" : ` / ${answer.details.substatus}`} after ${timeoutMs} ms`, last);
    }
    await sleep(Math.min(wait, left), options.signal);
  }
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
