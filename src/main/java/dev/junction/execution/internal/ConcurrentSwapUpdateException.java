package dev.junction.execution.internal;

/** The swap row changed under us (its version moved or our lease was lost): the step is abandoned, not retried here. */
public class ConcurrentSwapUpdateException extends RuntimeException {

    public ConcurrentSwapUpdateException(String swapId) {
        super("swap " + swapId + " was changed by someone else or its lease was lost");
    }
}
