package dev.junction.execution.internal;

/** What happens to a swap; each event moves it along exactly one row of {@link SwapStateMachine#TABLE}. */
public enum SwapEvent {
    /** The source transaction was included in a block and succeeded. */
    SOURCE_INCLUDED,
    /** The source transaction reverted (minimum output not met): nothing moved. */
    SOURCE_REVERTED,
    /** The deadline passed before the source transaction was sent. */
    DEADLINE_PASSED,
    /** A same-chain swap's source transaction has its confirmations: done. */
    SOURCE_FINAL,
    /** A cross-chain swap's source transaction has its confirmations: the bridge transfer is in flight. */
    SOURCE_CONFIRMED,
    /** The bridge delivered; the destination transaction id is recorded. */
    BRIDGE_DELIVERED,
    /** The bridge failed; the refund transaction id is recorded. */
    BRIDGE_FAILED,
    /** The destination transaction delivered the requested token. */
    DESTINATION_EXECUTED,
    /** The destination swap fell short; the bridged token was delivered instead. */
    DESTINATION_SHORTFALL,
    /** The refund transaction on the source chain was executed. */
    REFUND_EXECUTED,
    /** A step failed {@code junction.execution.max-attempts} times in a row: the executor gives up. */
    RETRIES_EXHAUSTED
}
