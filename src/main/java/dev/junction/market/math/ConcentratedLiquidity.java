package dev.junction.market.math;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Helpers to build a concentrated-liquidity pool's state the way the contract would hold it: the initialized ticks
 * with their liquidityNet and the in-range liquidity from a list of positions, and sqrt prices from human prices.
 */
public final class ConcentratedLiquidity {

    private static final MathContext PRECISION = new MathContext(40);
    private static final BigDecimal TWO_POW_192 = new BigDecimal(BigInteger.ONE.shiftLeft(192));

    private ConcentratedLiquidity() {
    }

    /**
     * A liquidity position.
     *
     * @param tickLower lower tick, a multiple of the pool's tick spacing
     * @param tickUpper upper tick, above tickLower, a multiple of the pool's tick spacing
     * @param liquidity the position's liquidity L, > 0
     */
    public record Position(int tickLower, int tickUpper, BigInteger liquidity) {

        public Position {
            if (tickLower >= tickUpper || tickLower < TickMath.MIN_TICK || tickUpper > TickMath.MAX_TICK) {
                throw new IllegalArgumentException("a position needs MIN_TICK <= tickLower < tickUpper <= MAX_TICK, got ["
                        + tickLower + ", " + tickUpper + "]");
            }
            if (liquidity.signum() <= 0 || liquidity.compareTo(FullMath.MAX_UINT128) > 0) {
                throw new IllegalArgumentException("a position's liquidity must be > 0 and fit in a uint128");
            }
        }
    }

    /**
     * The ticks as the pool holds them after the positions were minted.
     *
     * @param liquidityNet every initialized tick (a bound of some position) with its signed liquidityNet; a tick where
     *     positions cancel out has liquidityNet 0 and is still initialized
     * @param liquidity the in-range liquidity at the current tick: the sum of positions with tickLower <= tick < tickUpper
     */
    public record Ticks(NavigableMap<Integer, BigInteger> liquidityNet, BigInteger liquidity) {
    }

    /**
     * Builds the initialized ticks and the in-range liquidity from positions.
     *
     * @param positions positions, each with ticks that are multiples of tickSpacing
     * @param tickSpacing the pool's tick spacing, > 0
     * @param currentTick the pool's current tick
     */
    public static Ticks fromPositions(List<Position> positions, int tickSpacing, int currentTick) {
        if (tickSpacing <= 0) {
            throw new IllegalArgumentException("tickSpacing must be > 0");
        }
        TreeMap<Integer, BigInteger> net = new TreeMap<>();
        BigInteger liquidity = BigInteger.ZERO;
        for (Position p : positions) {
            if (p.tickLower() % tickSpacing != 0 || p.tickUpper() % tickSpacing != 0) {
                throw new IllegalArgumentException("position ticks [" + p.tickLower() + ", " + p.tickUpper()
                        + "] must be multiples of the tick spacing " + tickSpacing);
            }
            net.merge(p.tickLower(), p.liquidity(), BigInteger::add);
            net.merge(p.tickUpper(), p.liquidity().negate(), BigInteger::add);
            if (p.tickLower() <= currentTick && currentTick < p.tickUpper()) {
                liquidity = liquidity.add(p.liquidity());
            }
        }
        return new Ticks(Collections.unmodifiableNavigableMap(net), liquidity);
    }

    /**
     * {@code sqrt(price) * 2^96} (rounded down) for a human price of token0 in token1.
     *
     * @param token1PerToken0 whole token1 per whole token0 (e.g. 3000 for WETH/USDC when WETH is token0), > 0
     * @param decimals0 token0's decimals
     * @param decimals1 token1's decimals
     */
    public static BigInteger sqrtPriceX96(BigDecimal token1PerToken0, int decimals0, int decimals1) {
        if (token1PerToken0.signum() <= 0) {
            throw new IllegalArgumentException("price must be > 0");
        }
        BigDecimal raw = token1PerToken0.movePointRight(decimals1 - decimals0);
        BigInteger scaled = raw.multiply(TWO_POW_192).toBigInteger();
        BigInteger sqrt = scaled.sqrt();
        return sqrt.max(TickMath.MIN_SQRT_RATIO).min(TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE));
    }

    /** {@link #sqrtPriceX96(BigDecimal, int, int)} from the two tokens' USD prices. */
    public static BigInteger sqrtPriceX96(double usd0, double usd1, int decimals0, int decimals1) {
        if (!(usd0 > 0) || !(usd1 > 0) || Double.isInfinite(usd0) || Double.isInfinite(usd1)) {
            throw new IllegalArgumentException("USD prices must be finite and > 0");
        }
        return sqrtPriceX96(BigDecimal.valueOf(usd0).divide(BigDecimal.valueOf(usd1), PRECISION), decimals0, decimals1);
    }

    /** Whole token1 per whole token0 at a sqrt price (floating point, for display and USD math only). */
    public static double price(BigInteger sqrtPriceX96, int decimals0, int decimals1) {
        BigDecimal ratio = new BigDecimal(sqrtPriceX96).divide(new BigDecimal(FullMath.Q96), PRECISION);
        return ratio.multiply(ratio, PRECISION).movePointRight(decimals0 - decimals1).doubleValue();
    }

    /** The smallest usable tick for a spacing (the bottom of a full-range position). */
    public static int minUsableTick(int tickSpacing) {
        return -(TickMath.MAX_TICK / tickSpacing) * tickSpacing;
    }

    /** The largest usable tick for a spacing (the top of a full-range position). */
    public static int maxUsableTick(int tickSpacing) {
        return (TickMath.MAX_TICK / tickSpacing) * tickSpacing;
    }
}
