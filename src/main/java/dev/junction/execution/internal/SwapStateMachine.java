package dev.junction.execution.internal;

import static dev.junction.execution.SwapState.BRIDGING;
import static dev.junction.execution.SwapState.DESTINATION_PENDING;
import static dev.junction.execution.SwapState.DONE;
import static dev.junction.execution.SwapState.EXPIRED;
import static dev.junction.execution.SwapState.FAILED;
import static dev.junction.execution.SwapState.RECEIVED;
import static dev.junction.execution.SwapState.REFUNDED;
import static dev.junction.execution.SwapState.REFUNDING;
import static dev.junction.execution.SwapState.SOURCE_SENT;

import dev.junction.execution.SwapState;
import dev.junction.execution.Substatus;
import java.util.List;
import java.util.Optional;

/** The one table of allowed swap transitions, and the substatus and message each event leaves. */
public final class SwapStateMachine {

    /** One allowed transition. */
    public record Row(SwapState from, SwapEvent event, SwapState to, Substatus substatus) {
    }

    /** Every allowed transition; anything else is rejected. Terminal states have no rows. */
    public static final List<Row> TABLE = List.of(
            new Row(RECEIVED, SwapEvent.SOURCE_INCLUDED, SOURCE_SENT, Substatus.WAIT_SOURCE_CONFIRMATIONS),
            new Row(RECEIVED, SwapEvent.SOURCE_REVERTED, FAILED, Substatus.SLIPPAGE_EXCEEDED),
            new Row(RECEIVED, SwapEvent.DEADLINE_PASSED, EXPIRED, Substatus.EXPIRED_BEFORE_EXECUTION),
            new Row(SOURCE_SENT, SwapEvent.SOURCE_FINAL, DONE, Substatus.COMPLETED),
            new Row(SOURCE_SENT, SwapEvent.SOURCE_CONFIRMED, BRIDGING, Substatus.WAIT_DESTINATION_TRANSACTION),
            new Row(BRIDGING, SwapEvent.BRIDGE_DELIVERED, DESTINATION_PENDING, Substatus.WAIT_DESTINATION_TRANSACTION),
            new Row(BRIDGING, SwapEvent.BRIDGE_FAILED, REFUNDING, Substatus.REFUND_IN_PROGRESS),
            new Row(DESTINATION_PENDING, SwapEvent.DESTINATION_EXECUTED, DONE, Substatus.COMPLETED),
            new Row(DESTINATION_PENDING, SwapEvent.DESTINATION_SHORTFALL, DONE, Substatus.PARTIAL),
            new Row(REFUNDING, SwapEvent.REFUND_EXECUTED, REFUNDED, Substatus.BRIDGE_FAILED),
            new Row(RECEIVED, SwapEvent.RETRIES_EXHAUSTED, FAILED, Substatus.RETRIES_EXHAUSTED),
            new Row(SOURCE_SENT, SwapEvent.RETRIES_EXHAUSTED, FAILED, Substatus.RETRIES_EXHAUSTED),
            new Row(BRIDGING, SwapEvent.RETRIES_EXHAUSTED, FAILED, Substatus.RETRIES_EXHAUSTED),
            new Row(DESTINATION_PENDING, SwapEvent.RETRIES_EXHAUSTED, FAILED, Substatus.RETRIES_EXHAUSTED),
            new Row(REFUNDING, SwapEvent.RETRIES_EXHAUSTED, FAILED, Substatus.RETRIES_EXHAUSTED));

    private SwapStateMachine() {
    }

    /** The row for this state and event, if the table allows it. */
    public static Optional<Row> row(SwapState from, SwapEvent event) {
        return TABLE.stream().filter(r -> r.from() == from && r.event() == event).findFirst();
    }

    /** The human message that goes with a substatus. */
    public static String message(Substatus substatus) {
        return switch (substatus) {
            case RECEIVED -> "The swap was accepted; its source transaction is about to be sent.";
            case WAIT_SOURCE_CONFIRMATIONS -> "The source transaction is included; waiting for its confirmations.";
            case WAIT_DESTINATION_TRANSACTION -> "The bridge transfer is in flight; waiting for the destination transaction.";
            case REFUND_IN_PROGRESS -> "The bridge transfer failed; the input is being refunded on the source chain.";
            case COMPLETED -> "The swap is complete.";
            case PARTIAL -> "The destination swap would have returned less than the minimum; the bridged token was "
                    + "delivered instead.";
            case SLIPPAGE_EXCEEDED -> "The market moved and the swap would have returned less than its minimum; the "
                    + "source transaction reverted and nothing moved.";
            case BRIDGE_FAILED -> "The bridge transfer failed; the input was refunded on the source chain.";
            case EXPIRED_BEFORE_EXECUTION -> "The deadline passed before the swap was executed; nothing moved.";
            case RETRIES_EXHAUSTED -> "Junction could not carry out the next step of the swap and gave up.";
            case DESTINATION_CALL_FAILED -> "The swap delivered its output but the destination call failed; the "
                    + "fallback address received the output.";
        };
    }
}
