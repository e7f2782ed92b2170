package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * The shortcuts of the exact math against the plain BigInteger forms they replace, over random inputs: the same value
 * to the wei, or the same exception.
 */
class FastPathProperties {

    private static final BigInteger PRECISION = BigInteger.TEN.pow(18);

    @Property(tries = 2000)
    void mulDivByQ96IsTheShift(@ForAll("wide") BigInteger a, @ForAll("wide") BigInteger b) {
        assertThat(outcome(() -> FullMath.mulDivQ96(a, b)))
                .isEqualTo(outcome(() -> FullMath.mulDiv(a, b, FullMath.Q96)));
        assertThat(outcome(() -> FullMath.mulDivQ96RoundingUp(a, b)))
                .isEqualTo(outcome(() -> FullMath.mulDivRoundingUp(a, b, FullMath.Q96)));
    }

    /** Products whose lowest set bit is near the 96th, where rounding up turns on one bit. */
    @Property(tries = 2000)
    void mulDivByQ96RoundsLikeTheDivisionAroundBit96(@ForAll @IntRange(min = 80, max = 110) int shift,
            @ForAll @IntRange(min = 0, max = 3) int otherShift, @ForAll("wide") BigInteger a,
            @ForAll("wide") BigInteger b) {
        BigInteger x = a.abs().setBit(0).shiftLeft(shift);
        BigInteger y = b.abs().setBit(0).shiftLeft(otherShift);
        assertThat(outcome(() -> FullMath.mulDivQ96RoundingUp(x, y)))
                .isEqualTo(outcome(() -> FullMath.mulDivRoundingUp(x, y, FullMath.Q96)));
        assertThat(outcome(() -> FullMath.mulDivQ96(x, y)))
                .isEqualTo(outcome(() -> FullMath.mulDiv(x, y, FullMath.Q96)));
    }

    @Property(tries = 2000)
    void amount0DeltaWithOneDivisionIsTheContractsTwo(@ForAll("sqrtPrices") BigInteger a,
            @ForAll("sqrtPrices") BigInteger b, @ForAll("liquidities") BigInteger liquidity, @ForAll boolean roundUp) {
        assertThat(outcome(() -> SqrtPriceMath.getAmount0Delta(a, b, liquidity, roundUp)))
                .isEqualTo(outcome(() -> SqrtPriceMath.getAmount0DeltaTwoDivisions(a, b, liquidity, roundUp)));
    }

    @Property(tries = 500)
    void amount0DeltaOfNeighbouringTicks(@ForAll @IntRange(min = -887272, max = 887271) int tick,
            @ForAll @IntRange(min = 1, max = 200) int width, @ForAll("liquidities") BigInteger liquidity,
            @ForAll boolean roundUp) {
        BigInteger a = TickMath.getSqrtRatioAtTick(tick);
        BigInteger b = TickMath.getSqrtRatioAtTick(Math.min(TickMath.MAX_TICK, tick + width));
        assertThat(SqrtPriceMath.getAmount0Delta(a, b, liquidity, roundUp))
                .isEqualTo(SqrtPriceMath.getAmount0DeltaTwoDivisions(a, b, liquidity, roundUp));
    }

    @Property(tries = 2000)
    void stableNormalisationIsTheContractsMultiplyAndDivide(@ForAll("wide") BigInteger amount,
            @ForAll @IntRange(min = -2, max = 36) int decimals) {
        assertThat(StableSwapMath.normalise(amount, decimals))
                .isEqualTo(amount.multiply(StableSwapMath.rate(decimals)).divide(PRECISION));
        assertThat(StableSwapMath.denormalise(amount, decimals))
                .isEqualTo(amount.multiply(PRECISION).divide(StableSwapMath.rate(decimals)));
    }

    /** The value, or the exception's class when the computation throws. */
    private static Object outcome(Supplier<BigInteger> f) {
        try {
            return f.get();
        } catch (RuntimeException e) {
            return e.getClass();
        }
    }

    /** Signed integers of 0 to 300 bits, with the edges (0, 1, powers of two and their neighbours) often. */
    @Provide
    Arbitrary<BigInteger> wide() {
        Arbitrary<BigInteger> random = Arbitraries.integers().between(0, 300)
                .flatMap(bits -> Arbitraries.bigIntegers()
                        .between(BigInteger.ZERO, BigInteger.ONE.shiftLeft(bits)))
                .flatMap(v -> Arbitraries.of(v, v.negate()));
        Arbitrary<BigInteger> edges = Arbitraries.integers().between(0, 300)
                .flatMap(bits -> Arbitraries.of(BigInteger.ONE.shiftLeft(bits),
                        BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE),
                        BigInteger.ONE.shiftLeft(bits).add(BigInteger.ONE)));
        return Arbitraries.frequencyOf(Tuple.of(6, random), Tuple.of(3, edges),
                Tuple.of(1, Arbitraries.of(BigInteger.ZERO, BigInteger.ONE)));
    }

    /** Sqrt prices across the whole range, MIN_SQRT_RATIO to MAX_SQRT_RATIO, and a few out of it. */
    @Provide
    Arbitrary<BigInteger> sqrtPrices() {
        Arbitrary<BigInteger> inRange = Arbitraries.integers().between(32, 160)
                .flatMap(bits -> Arbitraries.bigIntegers()
                        .between(BigInteger.ONE.shiftLeft(bits - 1), BigInteger.ONE.shiftLeft(bits)))
                .map(v -> v.max(TickMath.MIN_SQRT_RATIO).min(TickMath.MAX_SQRT_RATIO));
        return Arbitraries.frequencyOf(Tuple.of(18, inRange),
                Tuple.of(1, Arbitraries.of(TickMath.MIN_SQRT_RATIO, TickMath.MAX_SQRT_RATIO,
                        FullMath.Q96)),
                Tuple.of(1, Arbitraries.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate())));
    }

    /** Liquidity of 0 to 130 bits (past uint128, where the one-division form must not be taken), and negatives. */
    @Provide
    Arbitrary<BigInteger> liquidities() {
        Arbitrary<BigInteger> random = Arbitraries.integers().between(0, 130)
                .flatMap(bits -> Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.ONE.shiftLeft(bits)));
        return Arbitraries.frequencyOf(Tuple.of(18, random),
                Tuple.of(2, Arbitraries.of(FullMath.MAX_UINT128, FullMath.MAX_UINT128.add(BigInteger.ONE),
                        BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(-5))));
    }
}
