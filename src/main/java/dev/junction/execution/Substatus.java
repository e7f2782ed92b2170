package dev.junction.execution;

/** Finer reason within a status, as GET /status reports it in {@code details.substatus}. */
public enum Substatus {
    RECEIVED, WAIT_SOURCE_CONFIRMATIONS, WAIT_DESTINATION_TRANSACTION, REFUND_IN_PROGRESS, COMPLETED, PARTIAL,
    SLIPPAGE_EXCEEDED, BRIDGE_FAILED, EXPIRED_BEFORE_EXECUTION,
    /** FAILED: a step kept failing (the message names the last error) and the configured attempts ran out. */
    RETRIES_EXHAUSTED,
    /**
     * DONE: the route delivered its output but the destination call (destinationCallData) reverted, ran out of its gas
     * or was refused, so the fallback address received the output (details.receivedToken / receivedAmount).
     */
    DESTINATION_CALL_FAILED
}
