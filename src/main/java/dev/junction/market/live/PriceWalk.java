package dev.junction.market.live;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.market.TokenKey;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Geometric Brownian motion of reference prices, one path per asset (see {@link Assets}), no drift:
 * {@code p' = p * exp(sigma * sqrt(dt) * Z - sigma^2 * dt / 2)}, {@code Z} standard normal, {@code dt} in years of
 * simulated time (365.25 days), {@code sigma} the annualised volatility (0.8 = 80% a year). Draws come from one seeded
 * {@link Random} in the sorted order of asset names, so a seed and a sequence of steps give one path.
 */
final class PriceWalk {

    static final double MILLIS_PER_YEAR = 365.25 * 24 * 3600 * 1000;

    private final double volatility;
    private final Random random;

    /**
     * @param volatility annualised sigma, >= 0; 0 freezes prices
     * @param seed seed of the path
     */
    PriceWalk(double volatility, long seed) {
        if (!(volatility >= 0) || Double.isInfinite(volatility)) {
            throw new IllegalArgumentException("junction.market.volatility must be a finite number >= 0");
        }
        this.volatility = volatility;
        this.random = new Random(seed);
    }

    /**
     * Draws this step's multiplier for every walking asset of the snapshot (pegged assets are left out).
     *
     * @param elapsedMillis simulated milliseconds since the previous step
     */
    Map<String, Double> draw(MarketSnapshot snapshot, long elapsedMillis) {
        Map<String, Double> multipliers = new TreeMap<>();
        if (volatility == 0 || elapsedMillis <= 0) {
            return multipliers;
        }
        TreeMap<String, Double> assets = new TreeMap<>();
        for (Token t : snapshot.tokens()) {
            assets.putIfAbsent(Assets.of(t), t.priceUsd());
        }
        double dt = elapsedMillis / MILLIS_PER_YEAR;
        double drift = -0.5 * volatility * volatility * dt;
        double scale = volatility * Math.sqrt(dt);
        for (Map.Entry<String, Double> asset : assets.entrySet()) {
            if (!Assets.pegged(asset.getKey(), asset.getValue())) {
                multipliers.put(asset.getKey(), Math.exp(drift + scale * random.nextGaussian()));
            }
        }
        return multipliers;
    }

    /** The snapshot with each token's price multiplied by its asset's multiplier; the same snapshot when none. */
    static MarketSnapshot apply(MarketSnapshot snapshot, Map<String, Double> multipliers) {
        if (multipliers.isEmpty()) {
            return snapshot;
        }
        Map<TokenKey, Double> prices = new HashMap<>();
        for (Token t : snapshot.tokens()) {
            Double m = multipliers.get(Assets.of(t));
            if (m != null) {
                prices.put(t.key(), t.priceUsd() * m);
            }
        }
        return prices.isEmpty() ? snapshot : snapshot.withPrices(prices);
    }
}
