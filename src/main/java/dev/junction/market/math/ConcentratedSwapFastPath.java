package dev.junction.market.math;

import dev.junction.market.math.MutableUnsigned.OutOfRange;
import java.math.BigInteger;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The exact-input swap loop of {@link UniswapV3Math} (its BigInteger form stays as the reference) on a few
 * {@link MutableUnsigned} registers instead of BigInteger temporaries: the same steps of {@code computeSwapStep}, the
 * same {@code SqrtPriceMath} formulas with the same roundings (the one-division {@code getAmount0Delta}, the shifted
 * {@code getAmount1Delta}, both {@code getNextSqrtPriceFromInput} branches with the contract's overflow checks), the
 * same tick stops and liquidity crossings. Each V3 step of the BigInteger form allocated a dozen numbers and division
 * workspaces; the planner quotes many V3 steps per request.
 *
 * <p>{@link #swap} returns {@code null} where a value leaves what is handled here: liquidity above 2^128, a fee of
 * 10^6 pips or more, a sum above 2^256, a negative difference, a zero denominator, any overflow the contract reverts
 * on. The caller then runs the reference, which gives today's result or exception. Within range every operation is
 * exact, so the result is the reference's to the wei (ConcentratedSwapFastPathProperties checks it).
 *
 * <p>An instance is the workspace of one swap at a time; finished ones wait in a small striped pool, as in
 * {@link StableSwapFastPath}.
 */
final class ConcentratedSwapFastPath {

    private static final int ONE_MILLION = 1_000_000;
    private static final int LIQUIDITY_BITS = 128;
    private static final int PRICE_BITS = 160;
    private static final int WORD_BITS = 256;

    /** The sqrt prices of ticks as limbs, so a step's tick price is copied, not converted from a BigInteger. */
    private static final Map<Integer, int[]> SQRT_RATIO_LIMBS = new ConcurrentHashMap<>();
    private static final int SQRT_RATIO_CACHE_MAX = 200_000;

    /** Spare workspaces, taken with getAndSet(null) so no two threads ever share one. */
    private static final AtomicReferenceArray<ConcentratedSwapFastPath> SPARE = new AtomicReferenceArray<>(16);

    private final MutableUnsigned price = MutableUnsigned.word();
    private final MutableUnsigned start = MutableUnsigned.word();
    private final MutableUnsigned limit = MutableUnsigned.word();
    private final MutableUnsigned priceNext = MutableUnsigned.word();
    private final MutableUnsigned next = MutableUnsigned.word();
    private final MutableUnsigned liquidity = MutableUnsigned.word();
    private final MutableUnsigned net = MutableUnsigned.word();
    private final MutableUnsigned remaining = MutableUnsigned.word();
    private final MutableUnsigned out = MutableUnsigned.word();
    private final MutableUnsigned fees = MutableUnsigned.word();
    private final MutableUnsigned remainingLessFee = MutableUnsigned.word();
    private final MutableUnsigned stepIn = MutableUnsigned.word();
    private final MutableUnsigned stepOut = MutableUnsigned.word();
    private final MutableUnsigned stepFee = MutableUnsigned.word();
    private final MutableUnsigned small = MutableUnsigned.word();
    private final MutableUnsigned difference = MutableUnsigned.word();
    private final MutableUnsigned numerator = MutableUnsigned.product();
    private final MutableUnsigned denominator = MutableUnsigned.product();
    private final MutableUnsigned quotient = MutableUnsigned.product();
    private final MutableUnsigned wide = MutableUnsigned.product();
    private final MutableUnsigned.Scratch scratch = new MutableUnsigned.Scratch();
    /** The loop's other results: ticks crossed, the tick after, whether a crossing changed the liquidity. */
    private int crossed;
    private int tick;
    private boolean liquidityChanged;

    private ConcentratedSwapFastPath() {
    }

    /**
     * The reference loop's result for an exact-input swap whose arguments the caller has already validated (amount in
     * (0, 2^255), the limit strictly between the current price and the tick range's bound), or {@code null} when out
     * of range.
     *
     * @param withTick whether the final tick after a partial last step is computed (the reference's flag)
     */
    static UniswapV3Math.SwapResult swap(UniswapV3Math.PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96, boolean withTick) {
        return runOnSpare(state, zeroForOne, amountIn, sqrtPriceLimitX96, withTick,
                ConcentratedSwapFastPath::swapResult);
    }

    /**
     * The amounts of {@link #swap} without the final tick, the price and the liquidity after: a quote converts only
     * the amounts back to BigInteger. {@code null} when out of range.
     */
    static UniswapV3Math.Quote quote(UniswapV3Math.PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96) {
        return runOnSpare(state, zeroForOne, amountIn, sqrtPriceLimitX96, false,
                ConcentratedSwapFastPath::quoteResult);
    }

    /** What a finished loop gives back, read from its registers (a method reference: no object per call). */
    private interface Result<T> {
        T of(ConcentratedSwapFastPath loop, UniswapV3Math.PoolState state, BigInteger amountIn);
    }

    /** Runs the loop on a spare instance and reads its result; {@code null} when out of range. */
    private static <T> T runOnSpare(UniswapV3Math.PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96, boolean withTick, Result<T> result) {
        if (state.feePips() < 0 || state.feePips() >= ONE_MILLION || state.tickSpacing() <= 0) {
            return null;
        }
        ConcentratedSwapFastPath f = acquire();
        try {
            return f.run(state, zeroForOne, amountIn, sqrtPriceLimitX96, withTick) ? result.of(f, state, amountIn)
                    : null;
        } catch (OutOfRange e) {
            return null;
        } finally {
            release(f);
        }
    }

    private static UniswapV3Math.SwapResult swapResult(ConcentratedSwapFastPath f, UniswapV3Math.PoolState state,
            BigInteger amountIn) {
        return new UniswapV3Math.SwapResult(f.used(amountIn), f.out.toBigInteger(), f.fees.toBigInteger(), f.crossed,
                f.price.toBigInteger(), f.tick, f.liquidityChanged ? f.liquidity.toBigInteger() : state.liquidity());
    }

    private static UniswapV3Math.Quote quoteResult(ConcentratedSwapFastPath f, UniswapV3Math.PoolState state,
            BigInteger amountIn) {
        return new UniswapV3Math.Quote(f.used(amountIn), f.out.toBigInteger(), f.fees.toBigInteger(), f.crossed);
    }

    private static ConcentratedSwapFastPath acquire() {
        ConcentratedSwapFastPath f = SPARE.getAndSet(slot(), null);
        return f != null ? f : new ConcentratedSwapFastPath();
    }

    private static void release(ConcentratedSwapFastPath f) {
        SPARE.setRelease(slot(), f);
    }

    private static int slot() {
        return (int) Thread.currentThread().threadId() & (SPARE.length() - 1);
    }

    /** The input used: amountIn less what remains. */
    private BigInteger used(BigInteger amountIn) {
        return remaining.isZero() ? amountIn : amountIn.subtract(remaining.toBigInteger());
    }

    /**
     * The reference's loop, register for register; leaves the result in {@link #remaining}, {@link #out},
     * {@link #fees}, {@link #crossed}, {@link #price}, {@link #tick} and {@link #liquidity}. False when the liquidity
     * is out of range.
     */
    private boolean run(UniswapV3Math.PoolState state, boolean zeroForOne, BigInteger amountIn,
            BigInteger sqrtPriceLimitX96, boolean withTick) {
        int feePips = state.feePips();
        price.set(state.sqrtPriceX96());
        limit.set(sqrtPriceLimitX96);
        liquidity.set(state.liquidity());
        if (liquidity.bitLength() > LIQUIDITY_BITS) {
            return false;
        }
        remaining.set(amountIn);
        out.setLong(0);
        fees.setLong(0);
        liquidityChanged = false;
        tick = state.tick();
        crossed = 0;
        while (!remaining.isZero() && MutableUnsigned.compare(price, limit) != 0) {
            start.set(price);
            TickBitmap.Next step = TickBitmap.nextInitializedTickWithinOneWord(state.liquidityNet(), tick,
                    state.tickSpacing(), zeroForOne);
            int tickNext = Math.clamp(step.tick(), TickMath.MIN_TICK, TickMath.MAX_TICK);
            priceNext.setLimbs(sqrtRatioLimbs(tickNext));
            int order = MutableUnsigned.compare(priceNext, limit);
            MutableUnsigned target = (zeroForOne ? order >= 0 : order <= 0) ? priceNext : limit;
            computeSwapStep(target, feePips);
            price.set(next);
            // remaining -= amountIn + feeAmount; out += amountOut; fees += feeAmount
            small.add(stepIn, stepFee);
            remaining.subtract(remaining, small);
            out.add(out, stepOut);
            fees.add(fees, stepFee);
            if (MutableUnsigned.compare(price, priceNext) == 0) {
                if (step.initialized()) {
                    cross(state.liquidityNet().get(tickNext), zeroForOne);
                    liquidityChanged = true;
                    crossed++;
                }
                tick = zeroForOne ? tickNext - 1 : tickNext;
            } else if (withTick && MutableUnsigned.compare(price, start) != 0) {
                tick = TickMath.getTickAtSqrtRatio(price.toBigInteger());
            }
        }
        return true;
    }

    /** {@code addDelta(liquidity, zeroForOne ? -net : net)}: out of range where the reference throws. */
    private void cross(BigInteger liquidityNet, boolean zeroForOne) {
        int sign = zeroForOne ? -liquidityNet.signum() : liquidityNet.signum();
        if (sign == 0) {
            return;
        }
        net.set(liquidityNet.signum() < 0 ? liquidityNet.negate() : liquidityNet);
        if (sign > 0) {
            liquidity.add(liquidity, net);
        } else {
            liquidity.subtract(liquidity, net);
        }
        if (liquidity.bitLength() > LIQUIDITY_BITS) {
            throw OutOfRange.INSTANCE;
        }
    }

    /**
     * {@code SwapMath.computeSwapStep} for exact input from {@link #price} toward {@code target} with
     * {@link #liquidity} and {@link #remaining}: sets {@link #next}, {@link #stepIn}, {@link #stepOut} and
     * {@link #stepFee}.
     */
    private void computeSwapStep(MutableUnsigned target, int feePips) {
        // the step's own direction, from the prices (as SwapMath derives it), not the swap's
        boolean zeroForOne = MutableUnsigned.compare(price, target) >= 0;
        // remainingLessFee = mulDiv(remaining, 1e6 - fee, 1e6)
        wide.multiply(remaining, ONE_MILLION - feePips);
        small.setLong(ONE_MILLION);
        remainingLessFee.divide(wide, small, scratch);
        if (zeroForOne) {
            amount0Delta(stepIn, target, price, true);
        } else {
            amount1Delta(stepIn, price, target, true);
        }
        if (MutableUnsigned.compare(remainingLessFee, stepIn) >= 0) {
            next.set(target);
        } else {
            nextSqrtPriceFromInput(zeroForOne);
        }
        boolean max = MutableUnsigned.compare(target, next) == 0;
        if (zeroForOne) {
            if (!max) {
                amount0Delta(stepIn, next, price, true);
            }
            amount1Delta(stepOut, next, price, false);
        } else {
            if (!max) {
                amount1Delta(stepIn, price, next, true);
            }
            amount0Delta(stepOut, price, next, false);
        }
        if (!max) {
            stepFee.subtract(remaining, stepIn);
        } else {
            // mulDivRoundingUp(amountIn, fee, 1e6 - fee)
            wide.multiply(stepIn, feePips);
            small.setLong(ONE_MILLION - feePips);
            stepFee.divide(wide, small, scratch);
            if (scratch.inexact) {
                stepFee.increment();
            }
            checkWord(stepFee);
        }
    }

    /**
     * {@code SqrtPriceMath.getAmount0Delta} in its one-division form for liquidity below 2^128:
     * {@code L * 2^96 * (sb - sa) / (sa * sb)}, rounded up or down, into {@code into}.
     */
    private void amount0Delta(MutableUnsigned into, MutableUnsigned a, MutableUnsigned b, boolean roundUp) {
        boolean aBelow = MutableUnsigned.compare(a, b) <= 0;
        MutableUnsigned sa = aBelow ? a : b;
        MutableUnsigned sb = aBelow ? b : a;
        if (sa.isZero()) {
            throw OutOfRange.INSTANCE;
        }
        difference.subtract(sb, sa);
        numerator.multiply(liquidity, difference);
        numerator.shiftLeft(numerator, 96);
        denominator.multiply(sa, sb);
        quotient.divide(numerator, denominator, scratch);
        if (roundUp && scratch.inexact) {
            quotient.increment();
        }
        into.set(quotient);
    }

    /** {@code SqrtPriceMath.getAmount1Delta}: {@code L * |a - b| / 2^96}, rounded up or down, into {@code into}. */
    private void amount1Delta(MutableUnsigned into, MutableUnsigned a, MutableUnsigned b, boolean roundUp) {
        if (MutableUnsigned.compare(a, b) >= 0) {
            difference.subtract(a, b);
        } else {
            difference.subtract(b, a);
        }
        numerator.multiply(liquidity, difference);
        boolean up = roundUp && numerator.anyLowBitSet(96);
        quotient.shiftRight(numerator, 96);
        if (up) {
            quotient.increment();
        }
        checkWord(quotient);
        into.set(quotient);
    }

    /** {@code SqrtPriceMath.getNextSqrtPriceFromInput(price, liquidity, remainingLessFee, zeroForOne)} into next. */
    private void nextSqrtPriceFromInput(boolean zeroForOne) {
        if (liquidity.isZero() || price.isZero()) {
            throw OutOfRange.INSTANCE;
        }
        MutableUnsigned amount = remainingLessFee;
        if (zeroForOne) {
            if (amount.isZero()) {
                next.set(price);
                return;
            }
            // numerator1 = L << 96, in numerator
            numerator.shiftLeft(liquidity, 96);
            wide.multiply(amount, price);
            if (wide.bitLength() <= WORD_BITS) {
                denominator.add(numerator, wide);
                if (denominator.bitLength() <= WORD_BITS) {
                    // mulDivRoundingUp(numerator1, price, denominator)
                    wide.multiply(numerator, price);
                    quotient.divide(wide, denominator, scratch);
                    if (scratch.inexact) {
                        quotient.increment();
                    }
                    checkWord(quotient);
                    setPrice(quotient);
                    return;
                }
            }
            // divRoundingUp(numerator1, numerator1 / price + amount)
            quotient.divide(numerator, price, scratch);
            denominator.add(quotient, amount);
            quotient.divide(numerator, denominator, scratch);
            if (scratch.inexact) {
                quotient.increment();
            }
            setPrice(quotient);
            return;
        }
        // price + floor(amount * 2^96 / L); the mulDiv form for amounts above 2^160 reverts past 2^256
        wide.shiftLeft(amount, 96);
        quotient.divide(wide, liquidity, scratch);
        checkWord(quotient);
        denominator.add(price, quotient);
        setPrice(denominator);
    }

    /** next = value, out of range where {@code toUint160} reverts. */
    private void setPrice(MutableUnsigned value) {
        if (value.bitLength() > PRICE_BITS) {
            throw OutOfRange.INSTANCE;
        }
        next.set(value);
    }

    /** Out of range where the contract's uint256 check reverts. */
    private static void checkWord(MutableUnsigned value) {
        if (value.bitLength() > WORD_BITS) {
            throw OutOfRange.INSTANCE;
        }
    }

    /** {@link TickMath#getSqrtRatioAtTick} as limbs, memoised like the BigInteger form. */
    private static int[] sqrtRatioLimbs(int tick) {
        int[] known = SQRT_RATIO_LIMBS.get(tick);
        if (known != null) {
            return known;
        }
        int[] limbs = MutableUnsigned.word().set(TickMath.getSqrtRatioAtTick(tick)).toLimbs();
        if (SQRT_RATIO_LIMBS.size() < SQRT_RATIO_CACHE_MAX) {
            SQRT_RATIO_LIMBS.put(tick, limbs);
        }
        return limbs;
    }
}
