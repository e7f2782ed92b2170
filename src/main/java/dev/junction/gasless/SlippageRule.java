package dev.junction.gasless;

import dev.junction.routing.Slippage;

/**
 * Adapts a gasless request's slippage to the planner's {@link Slippage} (the one slippage model): null gives
 * {@link Slippage#DEFAULT} (0.5%), and a value the model rejects is a {@link GaslessException} (1002) naming
 * {@code slippage}.
 */
final class SlippageRule {

    private SlippageRule() {
    }

    /** From the request's percentage (1 = 1%); null gives the default. */
    static Slippage of(Double percent) {
        if (percent == null) {
            return Slippage.DEFAULT;
        }
        try {
            return Slippage.ofPercent(percent);
        } catch (IllegalArgumentException e) {
            throw new GaslessException(GaslessFailure.INVALID_PARAMETER, e.getMessage(), "slippage");
        }
    }
}
