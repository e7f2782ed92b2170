package dev.junction.execution.internal;

import dev.junction.execution.SwapState;

/** A transition the table does not allow, or whose guard fails. The swap is left unchanged. */
public class IllegalTransitionException extends IllegalStateException {

    public IllegalTransitionException(String swapId, SwapState from, SwapEvent event, String why) {
        super("swap " + swapId + ": " + event + " not allowed in " + from + " (" + why + ")");
    }
}
