package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.market.snapshot.SnapshotMarketSource;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The planner ranks its candidates before completing the routes it keeps ({@link PathEvaluator.Candidate}). Its answer
 * must be exactly what completing every candidate and ranking the routes gives (the form it replaced): the same routes,
 * equal in every figure, in the same order, on random requests of the embedded market in all three modes, with and
 * without an integrator fee; and every candidate ranks by the net value and path time of the route it completes to.
 */
class CandidateRankingTest {

    private static final MarketSnapshot MARKET = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();

    @Test
    void plansExactlyTheRoutesThatCompletingEveryCandidateRanksFirst() {
        Random random = new Random(17);
        List<Token> tokens = MARKET.tokens();
        // single-path search: split routes have their own properties (SplitRouteProperties)
        RoutePlanner planner = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1));
        int compared = 0;
        int dropped = 0;
        for (int i = 0; i < 120; i++) {
            Token from = tokens.get(random.nextInt(tokens.size()));
            Token to = tokens.get(random.nextInt(tokens.size()));
            if (from.equals(to) || from.priceUsd() <= 0) {
                continue;
            }
            var amount = new BigDecimal((50 + random.nextInt(50_000)) / from.priceUsd()).movePointRight(from.decimals())
                    .toBigInteger();
            RouteMode mode = RouteMode.values()[random.nextInt(RouteMode.values().length)];
            int feeBps = random.nextBoolean() ? 0 : 1 + random.nextInt(100);
            RouteRequest request = new RouteRequest(from.chain(), from.address(), to.chain(), to.address(), amount,
                    feeBps, ProviderFilter.ALL, random.nextBoolean(), mode);
            List<PlannedRoute> reference;
            try {
                reference = completeEveryCandidate(planner, request);
            } catch (NoRouteException e) {
                continue;
            }
            assertThat(planner.plan(MARKET, request)).as("%s", request).isEqualTo(reference);
            compared++;
            dropped += reference.size() < 5 ? 0 : 1;
        }
        assertThat(compared).isGreaterThan(40);
        assertThat(dropped).as("requests with more candidates than routes answered").isPositive();
    }

    /** The planner's former last stage: every candidate completed, distinct by path key text, ranked, the first 5. */
    private static List<PlannedRoute> completeEveryCandidate(RoutePlanner planner, RouteRequest request) {
        RouteGraph graph = planner.graph(MARKET);
        Integer source = graph.node(request.fromChain(), request.fromToken());
        Integer target = graph.node(request.toChain(), request.toToken());
        if (source == null || target == null || graph.group[source] == graph.group[target]
                || request.amountAfterFee().signum() <= 0) {
            throw new NoRouteException(NoRouteException.Reason.NO_ROUTE, "not plannable");
        }
        Diagnostics diagnostics = new Diagnostics();
        QuoteMemo memo = new QuoteMemo();
        List<Edge[]> candidates = new CandidateSearch(graph, PlannerSettings.DEFAULTS, memo).run(source, target,
                request, diagnostics);
        PathEvaluator evaluator = new PathEvaluator(graph, memo, request);
        var better = RouteRanking.withoutKey(request.mode());
        Map<String, PlannedRoute> distinct = new LinkedHashMap<>();
        for (Edge[] path : candidates) {
            PathEvaluator.Candidate candidate = evaluator.evaluate(path, diagnostics);
            if (candidate == null) {
                continue;
            }
            PlannedRoute route = candidate.route();
            assertThat(candidate.netValueUsd).isEqualTo(route.netValueUsd());
            assertThat(candidate.pathTime).isEqualTo(route.pathTime());
            assertThat(candidate.amountUsd()).isEqualTo(route.amountUsd());
            if (route.amountOut().signum() > 0) {
                distinct.merge(route.pathKey(), route, (kept, other) -> better.compare(other, kept) < 0 ? other : kept);
            }
        }
        if (distinct.isEmpty()) {
            throw new NoRouteException(NoRouteException.Reason.NO_ROUTE, "no candidate");
        }
        return new ArrayList<>(distinct.values()).stream().sorted(RouteRanking.comparator(request.mode()))
                .limit(PlannerSettings.DEFAULTS.maxRoutes()).toList();
    }
}
