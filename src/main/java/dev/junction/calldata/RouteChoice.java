package dev.junction.calldata;

import dev.junction.market.Provider;
import dev.junction.routing.PlannedRoute;
import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Which planned route {@code GET /build-best-path} (and {@code POST /build-path} without a pathId) builds: from the
 * routes ranked by routeMode, drop those whose price impact exceeds {@code allowedPriceImpact}, then those whose
 * amountOut is below {@code minOutputAmount}, then take the best left - or, with {@code priorityProvider}, the best
 * left that uses that provider among those within 0.5% of the best net value. With a buildability predicate (the
 * chains' {@link TransactionBuilder#notExecutable} rule) only routes Junction can build there compete; when none can,
 * the choice is the one without it (its build answers 3008 naming why).
 */
public final class RouteChoice {

    /** How far below the best net value (USD) a route using the priority provider may be: 0.5%. */
    public static final double PRIORITY_WINDOW = 0.005;

    private RouteChoice() {
    }

    /**
     * Price impact of a route in percent: how much less the output is worth than the input at reference prices,
     * after fees ({@code (amountUsd - amountOutUsd) / amountUsd * 100}, 0 when the output is worth more).
     */
    public static double priceImpactPercent(PlannedRoute r) {
        if (r.amountUsd() <= 0) {
            return 0;
        }
        return Math.max(0, (r.amountUsd() - r.amountOutUsd()) / r.amountUsd() * 100);
    }

    /**
     * @param ranked routes best first under the request's routeMode, not empty
     * @param allowedPriceImpact percent, or null for no limit
     * @param minOutputAmount toToken units, or null
     * @param priorityProvider provider key (case-insensitive), or null
     * @throws RouteChoiceException 3005 / 3006 when the filters leave nothing
     */
    public static PlannedRoute choose(List<PlannedRoute> ranked, Double allowedPriceImpact, BigInteger minOutputAmount,
            String priorityProvider) {
        return choose(ranked, allowedPriceImpact, minOutputAmount, priorityProvider, r -> true);
    }

    /**
     * {@link #choose(List, Double, BigInteger, String)} among the routes {@code buildable} accepts, tested best first
     * and only as far as needed (without priorityProvider: until the first buildable one).
     *
     * @param buildable whether Junction can build a route on these chains
     */
    public static PlannedRoute choose(List<PlannedRoute> ranked, Double allowedPriceImpact, BigInteger minOutputAmount,
            String priorityProvider, Predicate<PlannedRoute> buildable) {
        List<PlannedRoute> left = ranked;
        if (allowedPriceImpact != null) {
            left = left.stream().filter(r -> priceImpactPercent(r) <= allowedPriceImpact).toList();
            if (left.isEmpty()) {
                double least = ranked.stream().mapToDouble(RouteChoice::priceImpactPercent).min().orElse(0);
                throw new RouteChoiceException(RouteChoiceException.Reason.PRICE_IMPACT_TOO_HIGH, "allowedPriceImpact",
                        String.format(Locale.ROOT, "allowedPriceImpact is %s%% but every route's price impact exceeds"
                                + " it; the lowest is %.4f%%", allowedPriceImpact, least), null);
            }
        }
        if (minOutputAmount != null) {
            BigInteger best = left.stream().map(PlannedRoute::amountOut).max(Comparator.naturalOrder()).orElseThrow();
            left = left.stream().filter(r -> r.amountOut().compareTo(minOutputAmount) >= 0).toList();
            if (left.isEmpty()) {
                throw new RouteChoiceException(RouteChoiceException.Reason.MIN_OUTPUT_UNREACHABLE, "minOutputAmount",
                        "minOutputAmount is " + minOutputAmount + " but the best reachable amountOut is " + best
                                + " (toToken smallest units)", best);
            }
        }
        PlannedRoute first = left.get(0);
        if (priorityProvider == null || priorityProvider.isBlank()) {
            return left.stream().filter(buildable).findFirst().orElse(first);
        }
        List<PlannedRoute> executable = left.stream().filter(buildable).toList();
        if (!executable.isEmpty()) {
            left = executable;
            first = left.get(0);
        }
        double bestNet = left.stream().mapToDouble(PlannedRoute::netValueUsd).max().orElseThrow();
        double floor = bestNet - Math.abs(bestNet) * PRIORITY_WINDOW;
        String key = priorityProvider.trim().toLowerCase(Locale.ROOT);
        return left.stream().filter(r -> r.netValueUsd() >= floor).filter(r -> uses(r, key)).findFirst().orElse(first);
    }

    private static boolean uses(PlannedRoute r, String key) {
        return r.providers().stream().map(Provider::key).anyMatch(k -> k.equalsIgnoreCase(key));
    }
}
