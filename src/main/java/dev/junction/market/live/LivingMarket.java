package dev.junction.market.live;

import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The living market's step function: on each {@link #tick(Duration)} the reference prices take one step of their
 * seeded random walk ({@link PriceWalk}) and the arbitrage process pulls every pool toward them ({@link Arbitrage}),
 * in one atomic {@link Market#update}. Deterministic: the same seed, starting snapshot and sequence of elapsed times
 * give the same snapshots (when nothing else updates the market meanwhile). The random draws and the arbitrage trades
 * are computed before the update, so the update itself is short and pure and may be retried by the market holder.
 */
final class LivingMarket {

    private final Market market;
    private final PriceWalk walk;
    private final Duration halfLife;

    /**
     * @param market the market to update
     * @param volatility annualised volatility of reference prices (0.8 = 80% a year), >= 0; 0 freezes prices
     * @param halfLife simulated time in which arbitrage closes half of a pool's log-price gap to the reference; zero
     *     closes it at once
     * @param seed seed of the price path
     */
    LivingMarket(Market market, double volatility, Duration halfLife, long seed) {
        if (halfLife.isNegative()) {
            throw new IllegalArgumentException("junction.market.arbitrage-half-life must be >= 0");
        }
        this.market = market;
        this.walk = new PriceWalk(volatility, seed);
        this.halfLife = halfLife;
    }

    /**
     * Advances the market by {@code elapsed} of simulated time.
     *
     * @return the snapshot in force after the step (the same one when nothing moved)
     */
    synchronized MarketSnapshot tick(Duration elapsed) {
        long millis = Math.max(0, elapsed.toMillis());
        MarketSnapshot base = market.current();
        Map<String, Double> multipliers = walk.draw(base, millis);
        double fraction = pulledFraction(millis, halfLife);
        if (multipliers.isEmpty() && fraction == 0) {
            return base;
        }
        // The arbitrage trades are computed outside the market's write lock, on the walked copy of the snapshot read
        // now; the update then applies the walk and keeps only the trades of pools nobody changed in the meantime
        // (an executed swap wins; its pool is pulled on the next tick).
        List<Pool> moved = Arbitrage.moved(PriceWalk.apply(base, multipliers), fraction);
        Map<String, Pool> originals = new HashMap<>();
        for (Pool pool : moved) {
            originals.put(pool.id(), base.pool(pool.id()).orElseThrow());
        }
        return market.update(s -> {
            MarketSnapshot walked = PriceWalk.apply(s, multipliers);
            List<Pool> still = new ArrayList<>(moved.size());
            for (Pool pool : moved) {
                if (s.pool(pool.id()).orElse(null) == originals.get(pool.id())) {
                    still.add(pool);
                }
            }
            return still.isEmpty() ? walked : walked.withPools(still);
        });
    }

    /** {@code 1 - 2^(-elapsed / halfLife)}: the share of the log-price gap arbitrage closes in {@code elapsedMillis}. */
    static double pulledFraction(long elapsedMillis, Duration halfLife) {
        if (elapsedMillis <= 0) {
            return 0;
        }
        if (halfLife.isZero()) {
            return 1;
        }
        return -Math.expm1(-Math.log(2) * elapsedMillis / (double) halfLife.toMillis());
    }
}
