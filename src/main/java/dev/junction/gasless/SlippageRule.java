package dev.junction.gasless;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Slippage tolerance of a gasless quote as a percentage (1 = 1%), 0.5% when the request gives none (the planner's
 * default), and the minimum output it allows: {@code floor(amountOut * (100 - percent) / 100)}, exact.
 */
record SlippageRule(BigDecimal percent) {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    static final SlippageRule DEFAULT = new SlippageRule(new BigDecimal("0.5"));

    SlippageRule {
        if (percent == null || percent.signum() < 0 || percent.compareTo(HUNDRED) > 0) {
            throw new GaslessException(GaslessFailure.INVALID_PARAMETER, "slippage must be a percentage from 0 to 100", "slippage");
        }
    }

    /** From the request's double, by its shortest decimal text (0.1 is exactly one tenth); null gives the default. */
    static SlippageRule of(Double percent) {
        if (percent == null) {
            return DEFAULT;
        }
        if (percent.isNaN() || percent.isInfinite()) {
            throw new GaslessException(GaslessFailure.INVALID_PARAMETER, "slippage must be a percentage from 0 to 100", "slippage");
        }
        return new SlippageRule(BigDecimal.valueOf(percent));
    }

    BigInteger minAmountOut(BigInteger amountOut) {
        return new BigDecimal(amountOut).multiply(HUNDRED.subtract(percent)).divide(HUNDRED, 0, RoundingMode.FLOOR)
                .toBigIntegerExact();
    }
}
