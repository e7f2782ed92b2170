package dev.junction.status;

/**
 * The {@code status} of GET /status. Terminal: DONE, FAILED, REFUNDED, EXPIRED. REFUNDED is never reported as DONE.
 * NOT_FOUND means no swap (yet) for that source transaction: poll again after {@code details.pollAfterSeconds}.
 */
public enum SwapStatus {
    PENDING, DONE, FAILED, REFUNDED, EXPIRED, NOT_FOUND
}
