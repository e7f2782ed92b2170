package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The contract's fixed-point log2 in getTickAtSqrtRatio agrees with its definition over the whole price range. */
class TickMathProperties {

    @Property(tries = 500)
    void tickAtSqrtRatioIsTheLargestTickAtOrBelowThePrice(@ForAll("prices") BigInteger sqrtPriceX96) {
        int tick = TickMath.getTickAtSqrtRatio(sqrtPriceX96);
        assertThat(TickMath.getSqrtRatioAtTick(tick)).isLessThanOrEqualTo(sqrtPriceX96);
        assertThat(TickMath.getSqrtRatioAtTick(tick + 1)).isGreaterThan(sqrtPriceX96);
    }

    @Provide
    Arbitrary<BigInteger> prices() {
        Arbitrary<BigInteger> anywhere = Arbitraries.bigIntegers()
                .between(TickMath.MIN_SQRT_RATIO, TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE));
        Arbitrary<BigInteger> nearTicks = Arbitraries.integers().between(TickMath.MIN_TICK + 1, TickMath.MAX_TICK - 1)
                .flatMap(t -> Arbitraries.integers().between(-1, 1)
                        .map(d -> TickMath.getSqrtRatioAtTick(t).add(BigInteger.valueOf(d))));
        Arbitrary<BigInteger> logUniform = Arbitraries.integers().between(33, 159).flatMap(bits -> Arbitraries.bigIntegers()
                .between(BigInteger.ONE.shiftLeft(bits - 1), BigInteger.ONE.shiftLeft(bits))
                .filter(p -> p.compareTo(TickMath.MIN_SQRT_RATIO) >= 0 && p.compareTo(TickMath.MAX_SQRT_RATIO) < 0));
        return Arbitraries.oneOf(anywhere, nearTicks, logUniform);
    }
}
