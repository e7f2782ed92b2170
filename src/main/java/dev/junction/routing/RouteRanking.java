package dev.junction.routing;

import java.util.Comparator;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * The orders of {@link RouteMode}, on exact routes.
 * <ul>
 * <li>{@code max_value}: net value ({@code amountOutUsd - gasFeeUsd}) descending; ties by path time, then fewer
 *     steps.</li>
 * <li>{@code fastest}: path time ascending; ties by net value descending.</li>
 * <li>{@code suggested}: {@link #suggestedScore} descending; ties by net value, then path time.</li>
 * </ul>
 * Every order ends with the path key so the result is deterministic.
 */
public final class RouteRanking {

    /** The suggested mode's price of time: this fraction of the input's USD value per minute of path time (1 bp). */
    public static final double TIME_COST_PER_MINUTE = 0.0001;

    private RouteRanking() {
    }

    /**
     * The balanced score: net value less a cost of time, {@code netUsd - amountUsd * 0.0001 * seconds / 60}. It is
     * strictly increasing in net value and strictly decreasing in time (for a positive input value), so it never
     * prefers a route that is both slower and worth less than another.
     */
    public static double suggestedScore(double netUsd, int seconds, double amountUsd) {
        return netUsd - amountUsd * TIME_COST_PER_MINUTE * seconds / 60.0;
    }

    public static double suggestedScore(PlannedRoute r) {
        return suggestedScore(r.netValueUsd(), r.pathTime(), r.amountUsd());
    }

    public static Comparator<PlannedRoute> comparator(RouteMode mode) {
        return withoutKey(mode).thenComparing(PlannedRoute::pathKey);
    }

    /** The mode's order without the final path-key tie-break (callers that know the keys add it themselves). */
    static Comparator<PlannedRoute> withoutKey(RouteMode mode) {
        return withoutKey(mode, PlannedRoute::netValueUsd, PlannedRoute::pathTime, r -> r.steps().size(),
                PlannedRoute::amountUsd);
    }

    /**
     * The mode's order without the path-key tie-break on anything that has a route's ranking figures: the planner
     * ranks its candidates before completing the routes it keeps ({@link PathEvaluator.Candidate}).
     */
    static <R> Comparator<R> withoutKey(RouteMode mode, ToDoubleFunction<R> netValueUsd, ToIntFunction<R> pathTime,
            ToIntFunction<R> stepCount, ToDoubleFunction<R> amountUsd) {
        Comparator<R> byNet = Comparator.comparingDouble(r -> -netValueUsd.applyAsDouble(r));
        Comparator<R> byTime = Comparator.comparingInt(pathTime);
        Comparator<R> bySteps = Comparator.comparingInt(stepCount);
        return switch (mode) {
            case MAX_VALUE -> byNet.thenComparing(byTime).thenComparing(bySteps);
            case FASTEST -> byTime.thenComparing(byNet).thenComparing(bySteps);
            case SUGGESTED -> Comparator.comparingDouble((R r) -> -suggestedScore(netValueUsd.applyAsDouble(r),
                    pathTime.applyAsInt(r), amountUsd.applyAsDouble(r))).thenComparing(byNet).thenComparing(byTime)
                    .thenComparing(bySteps);
        };
    }
}
