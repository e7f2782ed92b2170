package dev.junction.market.live;

import dev.junction.chain.Address;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.WeightedPool;
import dev.junction.market.math.StableSwapMath;
import dev.junction.market.math.TickMath;
import dev.junction.market.math.UniswapV3Math;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Pulls each pool's marginal price toward the reference prices of its tokens, through the pool's own swap math (so the
 * resulting state is one the contract could reach). For a pulled fraction {@code f}, the pool's marginal price
 * {@code m} moves to {@code m * (r/m)^f} where {@code r} is the reference price: the log gap shrinks by {@code 1 - f}.
 * The trade never pushes past that target (amounts round down), so never past the reference. Pools within
 * {@link #DEAD_BAND} of the reference are left alone.
 */
final class Arbitrage {

    /** Relative price gap below which a pool is not traded (1 basis point). */
    static final double DEAD_BAND = 1e-4;

    private static final MathContext MC = MathContext.DECIMAL64;
    private static final BigInteger HUGE_INPUT = BigInteger.ONE.shiftLeft(200);
    private static final int BISECTION_ROUNDS = 60;
    private static final int STABLE_PASSES = 10;
    private static final double STABLE_SETTLED = 1e-7;

    private Arbitrage() {
    }

    /** The snapshot with every displaced pool pulled by {@code fraction} (0..1); the same snapshot when none moved. */
    static MarketSnapshot apply(MarketSnapshot snapshot, double fraction) {
        List<Pool> moved = moved(snapshot, fraction);
        return moved.isEmpty() ? snapshot : snapshot.withPools(moved);
    }

    /** The new states of the pools that arbitrage by {@code fraction} (0..1) moves, in snapshot order. */
    static List<Pool> moved(MarketSnapshot snapshot, double fraction) {
        List<Pool> moved = new ArrayList<>();
        if (!(fraction > 0)) {
            return moved;
        }
        for (Pool pool : snapshot.pools()) {
            Pool next = pull(snapshot, pool, Math.min(1.0, fraction));
            if (next != pool) {
                moved.add(next);
            }
        }
        return moved;
    }

    /** The pool after arbitrage by {@code fraction}; the same instance when it is not displaced or lacks prices. */
    static Pool pull(MarketSnapshot snapshot, Pool pool, double fraction) {
        return switch (pool) {
            case ConstantProductPool p -> pullV2(snapshot, p, fraction);
            case ConcentratedPool p -> pullV3(snapshot, p, fraction);
            case StablePool p -> pullStable(snapshot, p, fraction);
            case UniswapV4Pool p -> {
                Pool pulled = pullV3(snapshot, p.curve(), fraction);
                yield pulled == p.curve() ? p : p.withCurve((ConcentratedPool) pulled);
            }
            // Balancer V2 pools are not pulled toward reference prices: the sandbox keeps them as the snapshot says.
            case WeightedPool p -> p;
            case ComposableStablePool p -> p;
        };
    }

    /**
     * Reference price of {@code base} in {@code quote}, smallest units of quote per smallest unit of base; empty when a
     * token or its price is missing.
     */
    static Optional<Double> referencePrice(MarketSnapshot snapshot, Pool pool, Address base, Address quote) {
        Optional<Token> b = snapshot.token(pool.chain(), base);
        Optional<Token> q = snapshot.token(pool.chain(), quote);
        if (b.isEmpty() || q.isEmpty() || !(b.get().priceUsd() > 0) || !(q.get().priceUsd() > 0)) {
            return Optional.empty();
        }
        return Optional.of(b.get().priceUsd() / q.get().priceUsd() * Math.pow(10, q.get().decimals() - b.get().decimals()));
    }

    /** Marginal price of token0 in token1 (smallest units) of a constant-product pool, without the fee. */
    static double marginalV2(ConstantProductPool p) {
        return new BigDecimal(p.reserve1()).divide(new BigDecimal(p.reserve0()), MC).doubleValue();
    }

    /** Marginal price of token0 in token1 (smallest units) of a concentrated pool: {@code (sqrtP / 2^96)^2}. */
    static double marginalV3(ConcentratedPool p) {
        double s = new BigDecimal(p.sqrtPriceX96()).divide(new BigDecimal(BigInteger.ONE.shiftLeft(96)), MC).doubleValue();
        return s * s;
    }

    /**
     * Marginal price of coin i in coin j (smallest units) of a stable pool without the fee: the exchange rate of a
     * probe of one billionth of D in normalised units.
     */
    static double marginalStable(StablePool p, int i, int j) {
        BigInteger[] xp = normalised(p);
        BigInteger d = StableSwapMath.getD(p.amp(), xp);
        BigInteger dx = d.divide(BigInteger.valueOf(1_000_000_000L)).max(BigInteger.ONE);
        BigInteger y = StableSwapMath.getY(p.amp(), i, j, xp[i].add(dx), xp);
        double normalisedRate = new BigDecimal(xp[j].subtract(y)).divide(new BigDecimal(dx), MC).doubleValue();
        return normalisedRate * Math.pow(10, p.decimals().get(j) - p.decimals().get(i));
    }

    private static Pool pullV2(MarketSnapshot snapshot, ConstantProductPool p, double fraction) {
        Optional<Double> ref = referencePrice(snapshot, p, p.token0(), p.token1());
        if (ref.isEmpty()) {
            return p;
        }
        double m = marginalV2(p);
        double logGap = Math.log(ref.get() / m);
        if (Math.abs(logGap) < DEAD_BAND) {
            return p;
        }
        double g = (10_000 - p.feeBps()) / 10_000.0;
        boolean sellToken0 = logGap < 0;
        // Sell a of the overpriced token so that (R + a)(R + a*g) = R^2 * m/t (constant product, fee kept in the pool):
        // a = 2C / (B + sqrt(B^2 + 4gC)), C = R^2 * (e^|f*gap| - 1), B = (1+g) R.
        double reserveIn = (sellToken0 ? p.reserve0() : p.reserve1()).doubleValue();
        double c = reserveIn * reserveIn * Math.expm1(Math.abs(fraction * logGap));
        double b = (1 + g) * reserveIn;
        double a = 2 * c / (b + Math.sqrt(b * b + 4 * g * c));
        BigInteger amount = new BigDecimal(a).toBigInteger();
        if (amount.signum() <= 0) {
            return p;
        }
        return sellToken0 ? p.afterSwap(p.token0(), p.token1(), amount) : p.afterSwap(p.token1(), p.token0(), amount);
    }

    private static Pool pullV3(MarketSnapshot snapshot, ConcentratedPool p, double fraction) {
        Optional<Double> ref = referencePrice(snapshot, p, p.token0(), p.token1());
        if (ref.isEmpty()) {
            return p;
        }
        double logGap = Math.log(ref.get() / marginalV3(p));
        if (Math.abs(logGap) < DEAD_BAND) {
            return p;
        }
        boolean zeroForOne = logGap < 0;
        // The target sqrt price, rounded toward the current price so the swap stops short of the target.
        BigDecimal factor = new BigDecimal(Math.exp(fraction * logGap / 2));
        BigDecimal exact = new BigDecimal(p.sqrtPriceX96()).multiply(factor);
        BigInteger limit = zeroForOne
                ? exact.setScale(0, RoundingMode.CEILING).toBigInteger()
                : exact.setScale(0, RoundingMode.FLOOR).toBigInteger();
        limit = limit.max(TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE)).min(TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE));
        if (zeroForOne ? limit.compareTo(p.sqrtPriceX96()) >= 0 : limit.compareTo(p.sqrtPriceX96()) <= 0) {
            return p;
        }
        var state = new UniswapV3Math.PoolState(p.sqrtPriceX96(), p.tick(), p.liquidity(), p.tickSpacing(), p.feePips(),
                p.liquidityNet());
        var r = UniswapV3Math.swapExactInput(state, zeroForOne, HUGE_INPUT, limit);
        return new ConcentratedPool(p.id(), p.chain(), p.provider(), p.token0(), p.token1(), p.feePips(),
                p.tickSpacing(), r.sqrtPriceX96After(), r.tickAfter(), r.liquidityAfter(), p.liquidityNet(),
                p.liquidityUsd());
    }

    /**
     * Brings the price of coin 0 in each coin j >= 1 toward the reference. Targets are fixed first; then a few passes
     * move one pair at a time to its target (a trade on one pair shifts the others slightly, so passes repeat until
     * every pair is within 10^-7 of its target, at most 10 passes; a large 3-coin displacement may end within 10^-5).
     */
    private static Pool pullStable(MarketSnapshot snapshot, StablePool p, double fraction) {
        int n = p.coins().size();
        double[] targets = new double[n];
        boolean displaced = false;
        for (int j = 1; j < n; j++) {
            Optional<Double> ref = referencePrice(snapshot, p, p.coins().get(0), p.coins().get(j));
            if (ref.isEmpty()) {
                return p;
            }
            double m = marginalStable(p, 0, j);
            double logGap = Math.log(ref.get() / m);
            displaced |= Math.abs(logGap) >= DEAD_BAND;
            targets[j] = m * Math.exp(fraction * logGap);
        }
        if (!displaced) {
            return p;
        }
        StablePool pool = p;
        for (int pass = 0; pass < STABLE_PASSES; pass++) {
            boolean settled = true;
            for (int j = 1; j < n; j++) {
                double m = marginalStable(pool, 0, j);
                if (Math.abs(Math.log(targets[j] / m)) > STABLE_SETTLED) {
                    settled = false;
                    pool = moveStablePair(pool, j, m, targets[j]);
                }
            }
            if (settled) {
                break;
            }
        }
        return pool;
    }

    /** Trades coin 0 against coin j until coin 0's price in j reaches {@code target}, stopping short of it. */
    private static StablePool moveStablePair(StablePool p, int j, double current, double target) {
        boolean sellCoin0 = target < current;
        int in = sellCoin0 ? 0 : j;
        int out = sellCoin0 ? j : 0;
        BigInteger lo = BigInteger.ZERO;
        BigInteger hi = p.balances().get(in);
        for (int k = 0; k < 8 && !reached(p, in, out, hi, target, sellCoin0, j); k++) {
            hi = hi.shiftLeft(1);
        }
        for (int k = 0; k < BISECTION_ROUNDS && hi.subtract(lo).compareTo(BigInteger.ONE) > 0; k++) {
            BigInteger mid = lo.add(hi).shiftRight(1);
            if (reached(p, in, out, mid, target, sellCoin0, j)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return lo.signum() <= 0 ? p : (StablePool) p.afterSwap(p.coins().get(in), p.coins().get(out), lo);
    }

    /** Whether selling {@code amount} of coin {@code in} moves coin 0's price in coin j to the target or past it. */
    private static boolean reached(StablePool p, int in, int out, BigInteger amount, double target, boolean falling,
            int j) {
        if (amount.signum() == 0) {
            return false;
        }
        StablePool after;
        try {
            after = (StablePool) p.afterSwap(p.coins().get(in), p.coins().get(out), amount);
            if (after.balances().get(out).signum() <= 0) {
                return true;
            }
        } catch (RuntimeException e) {
            return true;
        }
        double price = marginalStable(after, 0, j);
        return falling ? price <= target : price >= target;
    }

    private static BigInteger[] normalised(StablePool p) {
        BigInteger[] xp = new BigInteger[p.coins().size()];
        for (int k = 0; k < xp.length; k++) {
            xp[k] = p.balances().get(k).multiply(StableSwapMath.rate(p.decimals().get(k))).divide(BigInteger.TEN.pow(18));
        }
        return xp;
    }
}
