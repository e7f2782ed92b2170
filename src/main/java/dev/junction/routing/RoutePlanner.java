package dev.junction.routing;

import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plans exact-input routes on one market snapshot: a best-first candidate search over estimates
 * ({@link CandidateSearch}), exact evaluation of every candidate along its path, ranking by the request's mode, and up
 * to {@link PlannerSettings#maxRoutes()} routes distinct in their steps; a same-chain swap also competes as a split
 * over parallel legs ({@link SplitPlanner}), a cross-chain route as one with its swap segments split
 * ({@link CrossChainSplit}). Thread-safe. The route graph is a value derived from the snapshot
 * ({@link #routeGraphs()}): registered with the live market, it is built before each snapshot is published, so no
 * request builds or waits for it.
 */
public final class RoutePlanner {

    private final PlannerSettings settings;
    private final MarketSnapshot.Derivation<RouteGraph> graphs;

    public RoutePlanner(PlannerSettings settings) {
        this.settings = settings;
        this.graphs = snapshot -> new RouteGraph(snapshot, settings.poolsPerPair());
    }

    public RoutePlanner() {
        this(PlannerSettings.DEFAULTS);
    }

    public PlannerSettings settings() {
        return settings;
    }

    /**
     * The best routes for the request, best first under its mode; never empty.
     *
     * @throws NoRouteException when no route delivers anything, with the reason and a message that says why
     */
    public List<PlannedRoute> plan(MarketSnapshot snapshot, RouteRequest request) {
        RouteGraph graph = graph(snapshot).forProviders(request.providers());
        Integer source = graph.node(request.fromChain(), request.fromToken());
        Integer target = graph.node(request.toChain(), request.toToken());
        if (source == null) {
            throw new NoRouteException(NoRouteException.Reason.NO_ROUTE,
                    "fromToken " + request.fromToken() + " is not listed on chain " + request.fromChain());
        }
        if (target == null) {
            throw new NoRouteException(NoRouteException.Reason.NO_ROUTE,
                    "toToken " + request.toToken() + " is not listed on chain " + request.toChain());
        }
        if (graph.group[source] == graph.group[target]) {
            throw new NoRouteException(NoRouteException.Reason.NO_ROUTE, "fromToken and toToken are the same token on chain "
                    + request.fromChain() + "; there is nothing to swap");
        }
        if (request.amountAfterFee().signum() <= 0) {
            throw new NoRouteException(NoRouteException.Reason.FEES_EXCEED_AMOUNT, "the integrator fee of "
                    + request.integratorFee() + " (feeBps " + request.feeBps() + ") takes the whole amount");
        }
        Diagnostics diagnostics = new Diagnostics();
        QuoteMemo memo = memo(snapshot, request);
        CandidateSearch search = new CandidateSearch(graph, settings, memo);
        List<Edge[]> candidates = search.run(source, target, request, diagnostics);
        PathEvaluator evaluator = new PathEvaluator(graph, memo, request);
        // Two candidates can share their step identity (e.g. two lanes of one provider for the same token pair):
        // of those, keep the one that ranks better, not the one evaluated first.
        Comparator<PathEvaluator.Candidate> better = RouteRanking.withoutKey(request.mode(), c -> c.netValueUsd,
                c -> c.pathTime, c -> c.steps.size(), PathEvaluator.Candidate::amountUsd);
        Map<PathKey, PathEvaluator.Candidate> distinct = new LinkedHashMap<>();
        for (Edge[] path : candidates) {
            PathEvaluator.Candidate c = evaluator.evaluate(path, diagnostics);
            if (c != null && c.amountOut().signum() > 0) {
                distinct.merge(new PathKey(c.steps), c, (kept, other) -> better.compare(other, kept) < 0 ? other : kept);
            }
        }
        if (distinct.isEmpty()) {
            search.settleDeferred(diagnostics);
            throw failure(graph, request, diagnostics);
        }
        if (settings.maxSplits() > 1 && request.fromChain().equals(request.toChain())) {
            PathEvaluator.Candidate split = new SplitPlanner(graph, memo, evaluator, settings.maxSplits())
                    .plan(List.copyOf(distinct.values()), request.amountAfterFee());
            if (split != null) {
                distinct.put(new PathKey(split.steps), split);
            }
        } else if (settings.maxSplits() > 1) {
            crossChainSplit(graph, memo, evaluator, request, distinct, better);
        }
        // the same order as RouteRanking.comparator; path keys are compared only for routes that tie before it. Only
        // the routes kept are completed.
        Comparator<Map.Entry<PathKey, PathEvaluator.Candidate>> order =
                Map.Entry.<PathKey, PathEvaluator.Candidate>comparingByValue(better)
                        .thenComparing(Map.Entry.comparingByKey());
        return distinct.entrySet().stream().sorted(order).limit(settings.maxRoutes())
                .map(e -> e.getValue().route()).toList();
    }

    /**
     * The request's memo. A destination call on a cross-chain route runs on {@code toChain} when the bridge delivers
     * (Across: its filler, in the deposit's message; a bridge without a message: Junction's relayer), so a bridge into
     * {@code toChain} is charged the call's gas, {@code destinationCallGas} units at that chain's gas price (base +
     * priority) valued at its native token's reference price. A bridge followed by a leg or call that Junction's relayer
     * runs (CCTP V1) is charged its redeem as well ({@link PathEvaluator}).
     */
    private static QuoteMemo memo(MarketSnapshot snapshot, RouteRequest request) {
        if (request.destinationCallGas() == 0 || request.fromChain().equals(request.toChain())) {
            return new QuoteMemo(snapshot, null, 0, 0);
        }
        Chain destination = snapshot.chain(request.toChain()).orElse(null);
        if (destination == null || !destination.evm()) {
            return new QuoteMemo(snapshot, null, 0, 0);
        }
        BigInteger wei = BigInteger.valueOf(request.destinationCallGas()).multiply(destination.gasPriceWei());
        return new QuoteMemo(snapshot, request.toChain(), request.destinationCallGas(),
                snapshot.nativeToken(destination).usd(wei));
    }

    /**
     * Cross-chain: the best route that crosses one bridge with swaps beside it also competes with its swap segments
     * split ({@link CrossChainSplit}), kept when its output and its net value beat that route's.
     */
    private void crossChainSplit(RouteGraph graph, QuoteMemo memo, PathEvaluator evaluator, RouteRequest request,
            Map<PathKey, PathEvaluator.Candidate> distinct, Comparator<PathEvaluator.Candidate> better) {
        PathEvaluator.Candidate base = distinct.values().stream().filter(c -> splittable(c.steps)).min(better)
                .orElse(null);
        if (base == null) {
            return;
        }
        List<RouteStep> steps = new CrossChainSplit(graph, settings, memo, request).plan(base.steps);
        if (steps == null) {
            return;
        }
        PathEvaluator.Candidate split = evaluator.route(steps);
        if (split.amountOut().compareTo(base.amountOut()) > 0 && split.netValueUsd > base.netValueUsd) {
            distinct.put(new PathKey(split.steps), split);
        }
    }

    /** One bridge and at least one swap: a route whose swap segments could split. */
    private static boolean splittable(List<RouteStep> steps) {
        int bridges = 0;
        for (RouteStep s : steps) {
            bridges += s.kind() == StepKind.BRIDGE ? 1 : 0;
        }
        return bridges == 1 && steps.size() > 1;
    }

    /**
     * The derivation of a snapshot's route graph, for {@link dev.junction.market.Market#deriveOnUpdate}: the market's
     * writer builds the graph off to the side and publishes it with the snapshot.
     */
    public MarketSnapshot.Derivation<?> routeGraphs() {
        return graphs;
    }

    /**
     * The route graph of the snapshot: the one built with it before it was published, else built now once (concurrent
     * requests on the same snapshot wait for that one build).
     */
    RouteGraph graph(MarketSnapshot snapshot) {
        return snapshot.derived(graphs);
    }

    private NoRouteException failure(RouteGraph graph, RouteRequest request, Diagnostics d) {
        if (!d.belowMinimum.isEmpty() && d.aboveCapacity.isEmpty()) {
            Diagnostics.LaneBound b = d.belowMinimum.stream().min(Comparator.comparing(Diagnostics.LaneBound::bound))
                    .orElseThrow();
            return new NoRouteException(NoRouteException.Reason.AMOUNT_TOO_LOW, "amount below the " + b.lane().provider()
                    + " minimum of " + b.bound() + " " + b.token().symbol() + " (smallest units) from chain "
                    + b.lane().fromChain() + " to chain " + b.lane().toChain() + "; the route would bridge "
                    + b.amount());
        }
        if (!d.aboveCapacity.isEmpty() && d.belowMinimum.isEmpty()) {
            Diagnostics.LaneBound b = d.aboveCapacity.stream().max(Comparator.comparing(Diagnostics.LaneBound::bound))
                    .orElseThrow();
            return new NoRouteException(NoRouteException.Reason.INSUFFICIENT_LIQUIDITY, "amount above the "
                    + b.lane().provider() + " capacity of " + b.bound() + " " + b.token().symbol()
                    + " (smallest units) from chain " + b.lane().fromChain() + " to chain " + b.lane().toChain()
                    + "; the route would bridge " + b.amount());
        }
        if (!d.belowMinimum.isEmpty()) {
            return new NoRouteException(NoRouteException.Reason.AMOUNT_TOO_LOW, "no bridge lane accepts the amount: "
                    + "below the minimum of " + describe(d.belowMinimum) + " and above the capacity of "
                    + describe(d.aboveCapacity));
        }
        if (d.feesExceeded > 0) {
            return new NoRouteException(NoRouteException.Reason.FEES_EXCEED_AMOUNT, "fees exceed the amount: every path "
                    + "from " + symbol(graph, request, true) + " to " + symbol(graph, request, false)
                    + " delivers nothing after LP and bridge fees for an input of " + request.amountAfterFee()
                    + (request.feeBps() > 0 ? " (after the integrator fee)" : ""));
        }
        if (d.poolsExhausted > 0) {
            return new NoRouteException(NoRouteException.Reason.INSUFFICIENT_LIQUIDITY, "amount above what the pools can fill: "
                    + "every path runs out of liquidity for an input of " + request.amountAfterFee());
        }
        return new NoRouteException(NoRouteException.Reason.NO_ROUTE, structural(graph, request));
    }

    private static String describe(List<Diagnostics.LaneBound> bounds) {
        return bounds.stream().map(b -> b.lane().provider() + " " + b.bound() + " " + b.token().symbol()).distinct()
                .collect(Collectors.joining(", "));
    }

    private static String symbol(RouteGraph g, RouteRequest r, boolean from) {
        Integer n = from ? g.node(r.fromChain(), r.fromToken()) : g.node(r.toChain(), r.toToken());
        return g.tokens[n].symbol() + " on chain " + (from ? r.fromChain() : r.toChain());
    }

    /** Why no path exists at all: the missing bridge lane, or no path within the step limit and filters. */
    private String structural(RouteGraph g, RouteRequest r) {
        String filtered = r.providers().isAll() ? "" : " with the provider filter";
        String from = symbol(g, r, true);
        String to = symbol(g, r, false);
        if (r.fromChain().equals(r.toChain())) {
            return "no pool path from " + from + " to " + to + " within " + settings.maxSteps() + " steps" + filtered;
        }
        List<BridgeLane> direct = lanes(g, r, r.fromChain(), r.toChain());
        if (direct.isEmpty()) {
            boolean viaOther = !r.allowMultiBridge() && twoHop(g, r);
            return "no bridge lane from chain " + r.fromChain() + " to chain " + r.toChain() + filtered
                    + (viaOther ? "; allowMultiBridge=true may find a route through another chain" : "");
        }
        Token fromToken = g.tokens[g.node(r.fromChain(), r.fromToken())];
        Set<String> carried = new LinkedHashSet<>();
        for (BridgeLane lane : direct) {
            g.snapshot.token(lane.fromChain(), lane.inputToken()).ifPresent(t -> carried.add(t.symbol()));
        }
        String forToken = carried.contains(fromToken.symbol()) ? ""
                : "no bridge lane from chain " + r.fromChain() + " to chain " + r.toChain() + " for "
                        + fromToken.symbol() + " (lanes carry " + String.join(", ", carried) + ") and ";
        return forToken + "no path from " + from + " to " + to + " within " + settings.maxSteps() + " steps"
                + filtered;
    }

    private static List<BridgeLane> lanes(RouteGraph g, RouteRequest r, ChainId from, ChainId to) {
        List<BridgeLane> out = new ArrayList<>();
        for (BridgeLane lane : g.snapshot.lanes()) {
            if (lane.fromChain().equals(from) && lane.toChain().equals(to) && r.providers().allows(lane.provider())) {
                out.add(lane);
            }
        }
        return out;
    }

    private static boolean twoHop(RouteGraph g, RouteRequest r) {
        for (BridgeLane first : g.snapshot.lanes()) {
            if (first.fromChain().equals(r.fromChain()) && r.providers().allows(first.provider())
                    && !lanes(g, r, first.toChain(), r.toChain()).isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
