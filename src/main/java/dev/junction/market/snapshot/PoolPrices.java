package dev.junction.market.snapshot;

import dev.junction.market.ComposableStablePool;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.WeightedPool;
import dev.junction.market.math.StableSwapMath;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/** Prices implied by pool state, for the load-time check against reference prices. */
final class PoolPrices {

    /** Largest relative gap allowed between a pool's price and the ratio of its tokens' reference prices: 0.5%. */
    static final double MAX_DEVIATION = 0.005;

    private PoolPrices() {
    }

    /** a / b as a double. */
    static double ratio(BigInteger a, BigInteger b) {
        return new BigDecimal(a).divide(new BigDecimal(b), MathContext.DECIMAL64).doubleValue();
    }

    /** (sqrtPriceX96 / 2^96)^2: token1 smallest units per token0 smallest unit. */
    static double priceOfSqrt(BigInteger sqrtPriceX96) {
        return ratio(sqrtPriceX96.multiply(sqrtPriceX96), BigInteger.ONE.shiftLeft(192));
    }

    /**
     * Marginal price of coin i in coin j (whole units), before the fee: get_dy of one whole coin i, grossed up by the
     * fee.
     */
    static double stableMarginal(StablePool pool, int i, int j) {
        BigInteger dx = BigInteger.TEN.pow(pool.decimals().get(i));
        BigInteger[] balances = pool.balances().toArray(BigInteger[]::new);
        int[] decimals = pool.decimals().stream().mapToInt(Integer::intValue).toArray();
        BigInteger dy = StableSwapMath.getDy(pool.amp(), balances, decimals, pool.fee(), i, j, dx);
        double whole = ratio(dy, BigInteger.TEN.pow(pool.decimals().get(j)));
        return whole / (1 - pool.fee() / StableSwapMath.FEE_DENOMINATOR.doubleValue());
    }

    /**
     * Marginal price of {@code base} in {@code quote} (whole units) of a Balancer V2 pool, before the fee: a weighted
     * pool's spot price {@code (Bq / wq) / (Bb / wb)}; a composable stable pool's quote of one whole base token,
     * grossed up by the fee.
     */
    static double balancerMarginal(Pool pool, Token base, Token quote) {
        int b = pool.tokens().indexOf(base.address());
        int q = pool.tokens().indexOf(quote.address());
        double scale = Math.pow(10, base.decimals() - quote.decimals());
        return switch (pool) {
            case WeightedPool w -> ratio(w.balances().get(q).multiply(w.normalizedWeights().get(b)),
                    w.balances().get(b).multiply(w.normalizedWeights().get(q))) * scale;
            case ComposableStablePool c -> {
                BigInteger one = BigInteger.TEN.pow(base.decimals());
                BigInteger out = c.quote(base.address(), quote.address(), one).amountOut();
                yield ratio(out, BigInteger.TEN.pow(quote.decimals()))
                        / (1 - c.swapFeePercentage().doubleValue() / 1e18);
            }
            default -> throw new IllegalArgumentException("not a Balancer V2 pool: " + pool.id());
        };
    }
}
