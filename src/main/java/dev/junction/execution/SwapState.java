package dev.junction.execution;

/**
 * The executor's state of a swap (see docs/ARCHITECTURE.md, "swap state machine"). The public status model maps these
 * to PENDING / DONE / FAILED / REFUNDED / EXPIRED with a substatus.
 */
public enum SwapState {
    /** Accepted and persisted; the source transaction id is fixed but it is not yet confirmed sent. */
    RECEIVED(false),
    /** Source transaction included; waiting for the chain's confirmations. */
    SOURCE_SENT(false),
    /** Source confirmed; the bridge transfer is in flight. */
    BRIDGING(false),
    /** Bridge delivered; the destination transaction id is fixed and it is being sent. */
    DESTINATION_PENDING(false),
    /** Bridge failed; the refund transaction id on the source chain is fixed and it is being sent. */
    REFUNDING(false),
    /** Funds arrived (completely, or as the bridged token: PARTIAL). */
    DONE(true),
    /** The source transaction reverted; nothing moved. */
    FAILED(true),
    /** The bridge failed and the input was returned on the source chain. */
    REFUNDED(true),
    /** The deadline passed before the source transaction was sent; nothing moved. */
    EXPIRED(true);

    private final boolean terminal;

    SwapState(boolean terminal) {
        this.terminal = terminal;
    }

    public boolean terminal() {
        return terminal;
    }
}
