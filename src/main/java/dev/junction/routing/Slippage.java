package dev.junction.routing;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Slippage tolerance as a percentage (1 = 1%), and the minimum output it allows.
 *
 * @param percent from 0 to 100
 */
public record Slippage(BigDecimal percent) {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    /** The default when a request gives none: 0.5%. */
    public static final Slippage DEFAULT = new Slippage(new BigDecimal("0.5"));

    public Slippage {
        if (percent == null || percent.signum() < 0 || percent.compareTo(HUNDRED) > 0) {
            throw new IllegalArgumentException("slippage must be a percentage from 0 to 100");
        }
    }

    /**
     * From a request's double: its shortest decimal representation ({@code 0.1} is exactly one tenth), so no binary
     * rounding leaks into {@link #minAmountOut}.
     */
    public static Slippage ofPercent(double percent) {
        if (Double.isNaN(percent) || Double.isInfinite(percent)) {
            throw new IllegalArgumentException("slippage must be a percentage from 0 to 100");
        }
        return new Slippage(BigDecimal.valueOf(percent));
    }

    /** {@code floor(amountOut * (1 - percent/100))}, computed exactly. */
    public BigInteger minAmountOut(BigInteger amountOut) {
        BigDecimal keep = HUNDRED.subtract(percent);
        return new BigDecimal(amountOut).multiply(keep).divide(HUNDRED, 0, RoundingMode.FLOOR).toBigIntegerExact();
    }
}
