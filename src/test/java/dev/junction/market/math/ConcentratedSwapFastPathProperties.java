package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.math.ConcentratedLiquidity.Position;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * The V3 swap loop on {@link ConcentratedSwapFastPath}'s registers against the BigInteger reference loop
 * ({@link UniswapV3Math#referenceRun}): the same amounts in, out and fee, ticks crossed, price, tick and liquidity
 * after, to the wei, or the same exception. Pools built from random positions anywhere from MIN_TICK to MAX_TICK
 * (liquidity from zero to 2^128 - 1, every fee from 0 to 10^6 - 1 pips, spacings 1 to 200), amounts from one wei to
 * 2^255 - 1, the default and random price limits, with and without the final tick; and raw states that need not be
 * consistent (a tick that is not the price's, a liquidityNet that drives liquidity negative or past 2^128, liquidity
 * above 2^128), where the fast path must fall back or agree. The statistics check that the fast path was taken.
 */
class ConcentratedSwapFastPathProperties {

    private static final BigInteger MAX_UINT128 = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
    private static final BigInteger MAX_AMOUNT = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE);

    @Property(tries = 3000)
    void poolsFromPositionsSwapAsTheReference(@ForAll("pools") UniswapV3Math.PoolState state,
            @ForAll boolean zeroForOne, @ForAll("amounts") BigInteger amountIn, @ForAll boolean withTick,
            @ForAll @IntRange(min = 0, max = 1_000_000) int limitFraction) {
        BigInteger limit = limit(state, zeroForOne, limitFraction);
        Object reference = outcome(() -> UniswapV3Math.referenceRun(state, zeroForOne, amountIn, limit, withTick));
        Object fast = outcome(() -> ConcentratedSwapFastPath.swap(state, zeroForOne, amountIn, limit, withTick));
        Statistics.label("path").collect(fast == null ? "fallback" : fast instanceof Class ? "exception" : "fast");
        if (fast != null && !(reference instanceof Class)) {
            assertThat(fast).isEqualTo(reference);
        }
        assertThat(outcome(() -> withTick ? UniswapV3Math.swapExactInput(state, zeroForOne, amountIn, limit)
                : UniswapV3Math.referenceRun(state, zeroForOne, amountIn, limit, false))).isEqualTo(reference);
        Statistics.label("path").coverage(c -> c.check("fast").percentage(p -> p > 90));
    }

    /** The public quote (default limit, no final tick) is the reference's amounts. */
    @Property(tries = 1500)
    void quotesAreTheReferences(@ForAll("pools") UniswapV3Math.PoolState state, @ForAll boolean zeroForOne,
            @ForAll("amounts") BigInteger amountIn) {
        BigInteger limit = zeroForOne ? TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE)
                : TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE);
        Object reference = outcome(() -> {
            var r = UniswapV3Math.referenceRun(state, zeroForOne, amountIn, limit, false);
            return new UniswapV3Math.Quote(r.amountIn(), r.amountOut(), r.feeAmount(), r.ticksCrossed());
        });
        assertThat(outcome(() -> UniswapV3Math.quoteExactInput(state, zeroForOne, amountIn))).isEqualTo(reference);
        assertThat(outcome(() -> UniswapV3Math.swapExactInput(state, zeroForOne, amountIn)))
                .isEqualTo(outcome(() -> UniswapV3Math.referenceRun(state, zeroForOne, amountIn, limit, true)));
    }

    /** Inconsistent or out-of-range states: the fast path agrees with the reference or falls back. */
    @Property(tries = 3000)
    void rawStatesAgreeOrFallBack(@ForAll("rawStates") UniswapV3Math.PoolState state, @ForAll boolean zeroForOne,
            @ForAll("amounts") BigInteger amountIn, @ForAll boolean withTick) {
        BigInteger limit = zeroForOne ? TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE)
                : TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE);
        Object reference = outcome(() -> UniswapV3Math.referenceRun(state, zeroForOne, amountIn, limit, withTick));
        Object fast = outcome(() -> {
            if (!(zeroForOne ? limit.compareTo(state.sqrtPriceX96()) < 0 : limit.compareTo(state.sqrtPriceX96()) > 0)) {
                return null; // the caller's validation rejects it before the fast path
            }
            return ConcentratedSwapFastPath.swap(state, zeroForOne, amountIn, limit, withTick);
        });
        Statistics.label("path").collect(fast == null ? "fallback" : fast instanceof Class ? "exception" : "fast");
        Statistics.label("reference").collect(reference instanceof Class ? "exception" : "value");
        if (fast != null) {
            assertThat(fast).isEqualTo(reference);
        }
        assertThat(outcome(() -> UniswapV3Math.swapExactInput(state, zeroForOne, amountIn, limit)))
                .isEqualTo(outcome(() -> UniswapV3Math.referenceRun(state, zeroForOne, amountIn, limit, true)));
        Statistics.label("path").coverage(c -> {
            c.check("fast").percentage(p -> p > 30);
            c.check("fallback").count(k -> k > 0);
        });
    }

    /** A limit between the current price and the tick range's bound, limitFraction millionths of the way. */
    private static BigInteger limit(UniswapV3Math.PoolState state, boolean zeroForOne, int limitFraction) {
        BigInteger price = state.sqrtPriceX96();
        BigInteger bound = zeroForOne ? TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE)
                : TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE);
        if (limitFraction == 0) {
            return bound;
        }
        BigInteger span = bound.subtract(price);
        BigInteger limit = price.add(span.multiply(BigInteger.valueOf(limitFraction))
                .divide(BigInteger.valueOf(1_000_000)));
        return limit.equals(price) ? bound : limit;
    }

    private static Object outcome(Supplier<Object> f) {
        try {
            return f.get();
        } catch (RuntimeException e) {
            return e.getClass();
        }
    }

    @Provide
    Arbitrary<BigInteger> amounts() {
        return Arbitraries.oneOf(Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.valueOf(1_000_000)),
                Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.TEN.pow(24)),
                Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.TEN.pow(40)),
                Arbitraries.bigIntegers().between(BigInteger.ONE, MAX_AMOUNT),
                Arbitraries.of(BigInteger.ONE, BigInteger.TWO, MAX_AMOUNT, MAX_AMOUNT.shiftRight(1),
                        BigInteger.ONE.shiftLeft(160), BigInteger.ONE.shiftLeft(160).subtract(BigInteger.ONE)));
    }

    @Provide
    Arbitrary<BigInteger> liquidities() {
        return Arbitraries.oneOf(Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.TEN.pow(6)),
                Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.TEN.pow(24)),
                Arbitraries.bigIntegers().between(BigInteger.ZERO, MAX_UINT128.shiftRight(3)),
                Arbitraries.of(BigInteger.ZERO, BigInteger.ONE, MAX_UINT128.shiftRight(3)));
    }

    @Provide
    Arbitrary<UniswapV3Math.PoolState> pools() {
        Arbitrary<Integer> spacing = Arbitraries.of(1, 10, 60, 200);
        Arbitrary<Integer> fee = Arbitraries.oneOf(Arbitraries.of(0, 100, 500, 3000, 10_000, 999_999),
                Arbitraries.integers().between(0, 999_999));
        Arbitrary<Integer> center = Arbitraries.oneOf(Arbitraries.integers().between(-100_000, 100_000),
                Arbitraries.integers().between(TickMath.MIN_TICK, TickMath.MAX_TICK - 1),
                Arbitraries.of(TickMath.MIN_TICK, TickMath.MAX_TICK - 1, -1, 0));
        Arbitrary<List<int[]>> shapes = Arbitraries.integers().between(1, 3000).array(int[].class).ofSize(3).list()
                .ofMinSize(1).ofMaxSize(6);
        Arbitrary<List<BigInteger>> liquidities = liquidities().list().ofSize(6);
        Arbitrary<Integer> offset = Arbitraries.integers().between(0, 1_000_000);
        return Combinators.combine(spacing, fee, center, shapes, liquidities, offset)
                .as(ConcentratedSwapFastPathProperties::pool);
    }

    private static UniswapV3Math.PoolState pool(int spacing, int fee, int center, List<int[]> shapes,
            List<BigInteger> liquidities, int offset) {
        int base = Math.floorDiv(center, spacing) * spacing;
        List<Position> positions = new ArrayList<>();
        for (int k = 0; k < shapes.size(); k++) {
            int[] s = shapes.get(k);
            int lower = Math.max(base - s[0] * spacing, ConcentratedLiquidity.minUsableTick(spacing));
            int upper = Math.min(base + s[1] * spacing, ConcentratedLiquidity.maxUsableTick(spacing));
            if (lower < upper && liquidities.get(k).signum() > 0) {
                positions.add(new Position(lower, upper, liquidities.get(k)));
            }
        }
        BigInteger atTick = TickMath.getSqrtRatioAtTick(Math.clamp(center, TickMath.MIN_TICK, TickMath.MAX_TICK - 1));
        BigInteger sqrtP = atTick.add(BigInteger.valueOf(offset));
        if (sqrtP.compareTo(TickMath.MAX_SQRT_RATIO) >= 0) {
            sqrtP = atTick;
        }
        int tick = TickMath.getTickAtSqrtRatio(sqrtP);
        var ticks = ConcentratedLiquidity.fromPositions(positions, spacing, tick);
        return new UniswapV3Math.PoolState(sqrtP, tick, ticks.liquidity(), spacing, fee, ticks.liquidityNet());
    }

    @Provide
    Arbitrary<UniswapV3Math.PoolState> rawStates() {
        Arbitrary<BigInteger> price = Arbitraries.bigIntegers().between(TickMath.MIN_SQRT_RATIO.add(BigInteger.TWO),
                TickMath.MAX_SQRT_RATIO.subtract(BigInteger.TWO));
        Arbitrary<Integer> tick = Arbitraries.integers().between(TickMath.MIN_TICK, TickMath.MAX_TICK);
        Arbitrary<BigInteger> liquidity = Arbitraries.oneOf(liquidities(),
                Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.ONE.shiftLeft(130)));
        Arbitrary<Integer> spacing = Arbitraries.of(1, 10, 60, 200);
        Arbitrary<Integer> fee = Arbitraries.integers().between(0, 999_999);
        Arbitrary<List<Integer>> netTicks = Arbitraries.integers().between(-3000, 3000).list().ofMaxSize(8);
        Arbitrary<List<BigInteger>> nets = Arbitraries.bigIntegers()
                .between(BigInteger.ONE.shiftLeft(129).negate(), BigInteger.ONE.shiftLeft(129)).list().ofSize(8);
        return Combinators.combine(price, tick, liquidity, spacing, fee, netTicks, nets).as(
                (p, t, l, s, f, ticks, values) -> {
                    NavigableMap<Integer, BigInteger> net = new TreeMap<>();
                    int near = Math.floorDiv(TickMath.getTickAtSqrtRatio(p), s);
                    for (int k = 0; k < ticks.size(); k++) {
                        int at = Math.clamp((long) (near + ticks.get(k)) * s, TickMath.MIN_TICK, TickMath.MAX_TICK);
                        net.put(Math.floorDiv(at, s) * s, values.get(k));
                    }
                    int stateTick = t % 7 == 0 ? t : TickMath.getTickAtSqrtRatio(p);
                    return new UniswapV3Math.PoolState(p, stateTick, l, s, f, net);
                });
    }
}
