package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.WeightedPool;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The route graph of one market snapshot: nodes are (chain, token), edges are pools (both directions) and bridge
 * lanes. A chain's native token shares its wrapped token's pools (the router wraps and unwraps) and counts as the same
 * token for "no token visited twice". Of a directed pair's pools the graph keeps the {@code poolsPerPair} deepest by
 * {@code liquidityUsd} and, beyond those, each pool with a lower fee than every deeper one (the fee/depth frontier:
 * the lowest-fee pool is always kept, and a pool that is both shallower and no cheaper than another is never the best
 * single pool at the same price). A request with a provider filter plans on a view of the graph
 * ({@link #forProviders}) that adds the pools the same cut keeps among the pools the filter allows, so a filter never
 * loses a pool the cut would keep had the other providers' pools not been there.
 */
final class RouteGraph {

    private static final double Q96 = Math.pow(2, 96);

    final MarketSnapshot snapshot;
    final Token[] tokens;
    /** Identity group per node: a native node shares its wrapped token's group. */
    final int[] group;
    /** USD per smallest unit per node (reference price / 10^decimals). */
    final double[] usdPerUnit;
    /** Gas USD per gas unit per node's chain. */
    final double[] gasUsdPerUnit;
    final Edge[][] out;
    /**
     * Per node, beside {@link #out}: each edge's {@code to << 1 | (bridge ? 1 : 0)}, so the search's first check of an
     * edge (bridges left, distance to the target, a group already visited) reads one int array per node instead of
     * every edge object, which in the server are often out of the caches (PERFORMANCE.md, twelfth pass).
     */
    final int[][] outHeads;
    /**
     * Per node, an upper bound on what one more step from it can be worth in USD per smallest unit of the node's token
     * held: over its edges, the curve's zero-impact rate ({@code keep * reserveOut / reserveIn}, which no estimate
     * exceeds) times the USD per unit of the edge's head, widened by {@link #BOUND_SLACK} against rounding; NaN when
     * the node has a bridge lane or an edge without a finite rate (the search then expands it at once). See
     * {@code CandidateSearch}'s deferred expansion.
     */
    final double[] stepUsdBound;
    /** Per node, the fewest gas units of any edge out of it (either figure: first step or after a swap). */
    final long[] minStepGas;
    /** Per node, the shortest step time of any edge out of it. */
    final int[] minStepSeconds;

    /** Relative widening of {@link #stepUsdBound}, far above double rounding, far below any rate difference. */
    static final double BOUND_SLACK = 1e-9;

    /** Per node, the nodes with a pool edge to it (each once). */
    final int[][] predecessors;
    /** Per node, the nodes with a bridge lane to it (each once). */
    final int[][] bridgePredecessors;
    /**
     * Node by (chain, address): an address's canonical text matches exactly when its lower-case token key does, so a
     * lookup needs no lower-casing.
     */
    private final Map<NodeKey, Integer> index;

    private record NodeKey(ChainId chain, Address address) {
    }

    /**
     * The candidate search's reachability tables computed on this graph (see {@code CandidateSearch.distancesTo}):
     * they depend on the graph's edges only, not on amounts or prices, so requests to the same target on the same
     * graph share one instead of each running the breadth-first search again. At most {@link #DISTANCE_TABLES} are
     * kept; further keys are computed per request. The graph, and so its tables, is replaced with the market snapshot.
     */
    private final Map<DistanceKey, int[][]> distanceTables = new ConcurrentHashMap<>();

    /** Most reachability tables one graph keeps: a table holds up to 3 int per node. */
    static final int DISTANCE_TABLES = 256;

    private record DistanceKey(int target, int sourceGroup, int maxSteps, int maxBridges) {
    }

    /** The directed pairs the cut left pools out of, each pair's pool edges deepest first (for the filtered views). */
    private final Edge[][] contested;
    /** Beside {@link #contested}: the pools of each such pair the cut kept. */
    private final Edge[][] contestedKept;
    private final int poolsPerPair;

    /**
     * The views of this graph per provider filter ({@link #forProviders}), built by the first request with that filter
     * and shared after that (this graph itself when the filter promotes no pool); at most {@link #VIEWS} are kept,
     * further filters get a view per request. Replaced with the snapshot, like the graph.
     */
    private final Map<ProviderFilter, RouteGraph> views = new ConcurrentHashMap<>();

    /** Most filtered views one graph keeps. */
    static final int VIEWS = 64;

    RouteGraph(MarketSnapshot snapshot, int poolsPerPair) {
        this.snapshot = snapshot;
        List<Token> all = snapshot.tokens();
        int n = all.size();
        tokens = all.toArray(Token[]::new);
        index = new HashMap<>();
        group = new int[n];
        usdPerUnit = new double[n];
        gasUsdPerUnit = new double[n];
        for (int i = 0; i < n; i++) {
            index.put(new NodeKey(tokens[i].chain(), tokens[i].address()), i);
            group[i] = i;
            usdPerUnit[i] = Math.max(tokens[i].priceUsd(), 0) / Math.pow(10, tokens[i].decimals());
        }
        for (int i = 0; i < n; i++) {
            gasUsdPerUnit[i] = gasUsdPerUnit(tokens[i].chain());
        }
        for (Chain c : snapshot.chains()) {
            Integer nat = node(c.id(), Address.NATIVE);
            Integer wrapped = c.wrappedNative() == null ? null : node(c.id(), c.wrappedNative());
            if (nat != null && wrapped != null) {
                group[nat] = wrapped;
            }
        }
        // Per source node, its pool edges by target node. (One map keyed by from << 32 | to boxed as a Long hashed
        // every pair to from ^ to: on a chain of 46 tokens 2,000 pairs fell into 64 buckets, a third of the graph's
        // build went to colliding lookups, and the graph is built for every block.)
        List<Map<Integer, List<Edge>>> byPair = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byPair.add(null);
        }
        Map<ChainId, ChainFacts> facts = new HashMap<>();
        for (Pool p : snapshot.pools()) {
            addPoolEdges(p, facts.computeIfAbsent(p.chain(), this::chainFacts), byPair);
        }
        List<List<Edge>> adjacency = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            adjacency.add(new ArrayList<>());
        }
        Comparator<Edge> deepest = Comparator.comparingDouble((Edge e) -> -e.pool.liquidityUsd())
                .thenComparing(e -> e.pool.id());
        List<Edge[]> cut = new ArrayList<>();
        List<Edge[]> cutKept = new ArrayList<>();
        for (int from = 0; from < n; from++) {
            Map<Integer, List<Edge>> pairs = byPair.get(from);
            if (pairs == null) {
                continue;
            }
            for (List<Edge> pair : pairs.values()) {
                if (pair.size() > 1) {
                    pair.sort(deepest);
                }
                int rank = 0;
                double cheapestKeep = Double.NEGATIVE_INFINITY;
                List<Edge> keptEdges = new ArrayList<>(poolsPerPair + 1);
                for (Edge e : pair) {
                    if (kept(rank++, poolsPerPair, e.keep, cheapestKeep)) {
                        adjacency.get(e.from).add(e);
                        keptEdges.add(e);
                    }
                    cheapestKeep = Math.max(cheapestKeep, e.keep);
                }
                if (keptEdges.size() < pair.size()) {
                    cut.add(pair.toArray(Edge[]::new));
                    cutKept.add(keptEdges.toArray(Edge[]::new));
                }
            }
        }
        contested = cut.toArray(Edge[][]::new);
        contestedKept = cutKept.toArray(Edge[][]::new);
        this.poolsPerPair = poolsPerPair;
        for (BridgeLane lane : snapshot.lanes()) {
            Edge e = laneEdge(lane);
            if (e != null) {
                adjacency.get(e.from).add(e);
            }
        }
        out = new Edge[n][];
        outHeads = new int[n][];
        List<Set<Integer>> preds = new ArrayList<>(n);
        List<Set<Integer>> bridgePreds = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            preds.add(new LinkedHashSet<>());
            bridgePreds.add(new LinkedHashSet<>());
        }
        for (int i = 0; i < n; i++) {
            out[i] = adjacency.get(i).toArray(Edge[]::new);
            outHeads[i] = heads(out[i]);
            for (Edge e : out[i]) {
                (e.isBridge() ? bridgePreds : preds).get(e.to).add(i);
            }
        }
        predecessors = new int[n][];
        bridgePredecessors = new int[n][];
        for (int i = 0; i < n; i++) {
            predecessors[i] = preds.get(i).stream().mapToInt(Integer::intValue).toArray();
            bridgePredecessors[i] = bridgePreds.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        stepUsdBound = new double[n];
        minStepGas = new long[n];
        minStepSeconds = new int[n];
        for (int i = 0; i < n; i++) {
            stepBounds(i);
        }
    }

    /** Sets {@link #stepUsdBound}, {@link #minStepGas} and {@link #minStepSeconds} of a node from its edges. */
    private void stepBounds(int node) {
        double bound = 0;
        long gas = Long.MAX_VALUE;
        int seconds = Integer.MAX_VALUE;
        for (Edge e : out[node]) {
            gas = Math.min(gas, Math.min(e.gasUnits, e.gasUnitsAfterSwap));
            seconds = Math.min(seconds, e.seconds);
            if (e.isBridge()) {
                bound = Double.NaN;
                continue;
            }
            double rate = e.keep * e.reserveOut / e.reserveIn;
            if (!(rate >= 0 && rate < Double.POSITIVE_INFINITY)) {
                bound = Double.NaN;
            } else if (usdPerUnit[e.to] > 0) {
                bound = Math.max(bound, rate * usdPerUnit[e.to]);
            }
        }
        stepUsdBound[node] = bound * (1 + BOUND_SLACK);
        minStepGas[node] = gas == Long.MAX_VALUE ? 0 : gas;
        minStepSeconds[node] = seconds == Integer.MAX_VALUE ? 0 : seconds;
    }

    /**
     * The view of {@code base} for a provider filter: its edges plus {@code promoted}, the pools the cut among the
     * filter's pools keeps and the cut among all pools did not. The pools the filter refuses stay (the search skips
     * them), so only the nodes the promoted edges touch get new arrays.
     */
    private RouteGraph(RouteGraph base, List<Edge> promoted) {
        snapshot = base.snapshot;
        tokens = base.tokens;
        group = base.group;
        usdPerUnit = base.usdPerUnit;
        gasUsdPerUnit = base.gasUsdPerUnit;
        index = base.index;
        contested = base.contested;
        contestedKept = base.contestedKept;
        poolsPerPair = base.poolsPerPair;
        bridgePredecessors = base.bridgePredecessors;
        out = base.out.clone();
        outHeads = base.outHeads.clone();
        predecessors = base.predecessors.clone();
        stepUsdBound = base.stepUsdBound.clone();
        minStepGas = base.minStepGas.clone();
        minStepSeconds = base.minStepSeconds.clone();
        for (Edge e : promoted) {
            Edge[] edges = Arrays.copyOf(out[e.from], out[e.from].length + 1);
            edges[edges.length - 1] = e;
            out[e.from] = edges;
            outHeads[e.from] = heads(edges);
            int[] preds = predecessors[e.to];
            if (Arrays.stream(preds).noneMatch(p -> p == e.from)) {
                preds = Arrays.copyOf(preds, preds.length + 1);
                preds[preds.length - 1] = e.from;
                predecessors[e.to] = preds;
            }
        }
        for (Edge e : promoted) {
            stepBounds(e.from);
        }
    }

    /**
     * The graph a request with this provider filter plans on: this graph, plus, in a pair whose pools the cut left
     * out, each pool the same cut keeps among the pools the filter allows (so restricting to a provider whose pools are
     * not among a pair's deepest still finds them). The search itself skips the edges the filter refuses.
     */
    RouteGraph forProviders(ProviderFilter filter) {
        if (filter.isAll() || contested.length == 0) {
            return this;
        }
        RouteGraph view = views.get(filter);
        if (view != null) {
            return view;
        }
        view = promoted(filter);
        if (views.size() < VIEWS) {
            RouteGraph raced = views.putIfAbsent(filter, view);
            return raced != null ? raced : view;
        }
        return view;
    }

    private RouteGraph promoted(ProviderFilter filter) {
        Map<String, Boolean> allowed = new HashMap<>();
        List<Edge> promoted = new ArrayList<>();
        for (int k = 0; k < contested.length; k++) {
            // a pair whose kept pools the filter all allows gains nothing: its cut edges still have as many deeper
            // pools and a deeper cheapest pool among the allowed ones
            if (!refusesAny(contestedKept[k], filter, allowed)) {
                continue;
            }
            Edge[] pair = contested[k];
            int rank = 0;
            double cheapestKeep = Double.NEGATIVE_INFINITY;
            int allowedRank = 0;
            double allowedCheapestKeep = Double.NEGATIVE_INFINITY;
            for (Edge e : pair) {
                boolean keptByAll = kept(rank++, poolsPerPair, e.keep, cheapestKeep);
                cheapestKeep = Math.max(cheapestKeep, e.keep);
                if (!allowed.computeIfAbsent(e.provider.key(), filter::allows)) {
                    continue;
                }
                if (!keptByAll && kept(allowedRank, poolsPerPair, e.keep, allowedCheapestKeep)) {
                    promoted.add(e);
                }
                allowedRank++;
                allowedCheapestKeep = Math.max(allowedCheapestKeep, e.keep);
            }
        }
        return promoted.isEmpty() ? this : new RouteGraph(this, promoted);
    }

    private static boolean refusesAny(Edge[] edges, ProviderFilter filter, Map<String, Boolean> allowed) {
        for (Edge e : edges) {
            if (!allowed.computeIfAbsent(e.provider.key(), filter::allows)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the cut keeps a pool: among a directed pair's pools (those a filter allows), deepest first, {@code rank}
     * is its position and {@code cheapestKeep} the highest {@code 1 - fee} of the pools before it. A pool the cut of
     * all pools keeps is kept by the cut of any filter's pools too (its rank there is no higher, and fewer pools are
     * deeper), so a filter's view only adds edges.
     */
    static boolean kept(int rank, int poolsPerPair, double keep, double cheapestKeep) {
        return rank < poolsPerPair || keep > cheapestKeep;
    }

    private static int[] heads(Edge[] edges) {
        int[] heads = new int[edges.length];
        for (int j = 0; j < edges.length; j++) {
            heads[j] = edges[j].to << 1 | (edges[j].isBridge() ? 1 : 0);
        }
        return heads;
    }

    /**
     * The reachability table for these arguments, computed by {@code compute} the first time and shared after that
     * (the caller must not modify it).
     */
    int[][] distances(int target, int sourceGroup, int maxSteps, int maxBridges, Supplier<int[][]> compute) {
        DistanceKey key = new DistanceKey(target, sourceGroup, maxSteps, maxBridges);
        int[][] table = distanceTables.get(key);
        if (table != null) {
            return table;
        }
        table = compute.get();
        if (distanceTables.size() < DISTANCE_TABLES) {
            int[][] raced = distanceTables.putIfAbsent(key, table);
            return raced != null ? raced : table;
        }
        return table;
    }

    Integer node(ChainId chain, Address address) {
        return index.get(new NodeKey(chain, address));
    }

    /** The swap step time on a chain: one block, rounded up to whole seconds, at least 1. */
    int swapSeconds(ChainId chain) {
        return snapshot.chain(chain).map(c -> Math.max(1, (c.blockTimeMs() + 999) / 1000)).orElse(1);
    }

    Provider provider(String key, ProviderType type) {
        return snapshot.provider(key).orElseGet(() -> new Provider(key, key, type, ""));
    }

    private double gasUsdPerUnit(ChainId chain) {
        Chain c = snapshot.chain(chain).orElse(null);
        if (c == null) {
            return 0;
        }
        double nativePrice = snapshot.token(chain, Address.NATIVE).map(Token::priceUsd).orElse(0.0);
        return new BigDecimal(c.gasPriceWei()).movePointLeft(c.nativeDecimals()).doubleValue() * nativePrice;
    }

    /** What every pool edge of a chain needs of the chain: its wrapped native token, its native node, a swap's time. */
    private record ChainFacts(ChainId chain, Address wrapped, Integer nat, int seconds) {
    }

    private ChainFacts chainFacts(ChainId chain) {
        return new ChainFacts(chain, snapshot.chain(chain).map(Chain::wrappedNative).orElse(null),
                node(chain, Address.NATIVE), swapSeconds(chain));
    }

    private void addPoolEdges(Pool pool, ChainFacts facts, List<Map<Integer, List<Edge>>> byPair) {
        List<Address> ts = pool.tokens();
        ChainId chain = facts.chain();
        Address wrapped = facts.wrapped();
        Integer nat = facts.nat();
        Provider provider = provider(pool.provider(), ProviderType.DEX);
        int seconds = facts.seconds();
        long gas = snapshot.gas().swap(pool, 0, false);
        long gasAfterSwap = snapshot.gas().swap(pool, 0, true);
        for (int a = 0; a < ts.size(); a++) {
            for (int b = 0; b < ts.size(); b++) {
                if (a == b) {
                    continue;
                }
                Integer ia = node(chain, ts.get(a));
                Integer ib = node(chain, ts.get(b));
                if (ia == null || ib == null) {
                    continue;
                }
                double[] est = estimateReserves(pool, a, b);
                Address ta = ts.get(a);
                Address tb = ts.get(b);
                put(byPair, Edge.swap(ia, ib, pool, provider, ta, tb, gas, seconds, est), gasAfterSwap);
                boolean aWrapped = nat != null && ta.equals(wrapped);
                boolean bWrapped = nat != null && tb.equals(wrapped);
                if (aWrapped) {
                    put(byPair, Edge.swap(nat, ib, pool, provider, ta, tb, gas, seconds, est), gasAfterSwap);
                }
                if (bWrapped) {
                    put(byPair, Edge.swap(ia, nat, pool, provider, ta, tb, gas, seconds, est), gasAfterSwap);
                }
            }
        }
    }

    private static void put(List<Map<Integer, List<Edge>>> byPair, Edge e, long gasAfterSwap) {
        e.gasUnitsAfterSwap = gasAfterSwap;
        Map<Integer, List<Edge>> pairs = byPair.get(e.from);
        if (pairs == null) {
            pairs = new HashMap<>();
            byPair.set(e.from, pairs);
        }
        List<Edge> pair = pairs.get(e.to);
        if (pair == null) {
            pair = new ArrayList<>(2);
            pairs.put(e.to, pair);
        }
        pair.add(e);
    }

    /**
     * {reserveIn, reserveOut, 1 - fee, maxOut} of a constant-product curve approximating the pool near its price, and
     * the most it can pay out.
     */
    private static double[] estimateReserves(Pool pool, int a, int b) {
        return switch (pool) {
            case ConstantProductPool p -> {
                double r0 = p.reserve0().doubleValue();
                double r1 = p.reserve1().doubleValue();
                double keep = 1 - p.feeBps() / 10_000.0;
                yield a == 0 ? new double[] {r0, r1, keep, r1} : new double[] {r1, r0, keep, r0};
            }
            case UniswapV4Pool p -> estimateReserves(p.curve(), a, b);
            case ConcentratedPool p -> {
                double sqrt = p.sqrtPriceX96().doubleValue() / Q96;
                double l = Math.max(p.liquidity().doubleValue(), 1);
                double x = l / sqrt;
                double y = l * sqrt;
                double keep = 1 - p.feePips() / 1_000_000.0;
                yield a == 0 ? new double[] {x, y, keep, Double.POSITIVE_INFINITY}
                        : new double[] {y, x, keep, Double.POSITIVE_INFINITY};
            }
            case StablePool p -> {
                // A flattened curve around a 1:1 normalised price: the average normalised balance times A, capped at
                // the real balance of the output coin.
                double total = 0;
                for (int k = 0; k < p.balances().size(); k++) {
                    total += p.balances().get(k).doubleValue() / Math.pow(10, p.decimals().get(k));
                }
                double depth = total / p.balances().size() * Math.max(1, Math.min(p.amp(), 1000));
                double keep = 1 - p.fee() / 1e10;
                yield new double[] {depth * Math.pow(10, p.decimals().get(a)), depth * Math.pow(10, p.decimals().get(b)),
                        keep, p.balances().get(b).doubleValue()};
            }
            case WeightedPool p -> {
                // The constant-product curve with the weighted pool's spot price: balance over weight on each side;
                // a swap pays out at most 30% of the output balance.
                // (weights are 18-decimal fixed point: a reserve is the balance over the weight as a fraction)
                double in = p.balances().get(a).doubleValue() / (p.normalizedWeights().get(a).doubleValue() / 1e18);
                double out = p.balances().get(b).doubleValue() / (p.normalizedWeights().get(b).doubleValue() / 1e18);
                double keep = 1 - p.swapFeePercentage().doubleValue() / 1e18;
                yield new double[] {in, out, keep, p.balances().get(b).doubleValue() * 0.3};
            }
            case ComposableStablePool p -> {
                // As for a Curve pool: the average upscaled balance (whole units) times A, in each token's units.
                double total = 0;
                for (int k = 0; k < p.balances().size(); k++) {
                    total += p.balances().get(k).doubleValue() * p.scalingFactors().get(k).doubleValue() / 1e36;
                }
                double amp = p.amplification().doubleValue() / 1000;
                double depth = total / p.balances().size() * Math.max(1, Math.min(amp, 1000));
                double keep = 1 - p.swapFeePercentage().doubleValue() / 1e18;
                yield new double[] {depth * 1e36 / p.scalingFactors().get(a).doubleValue(),
                        depth * 1e36 / p.scalingFactors().get(b).doubleValue(), keep, p.balances().get(b).doubleValue()};
            }
        };
    }

    private Edge laneEdge(BridgeLane lane) {
        Integer from = node(lane.fromChain(), lane.inputToken());
        Integer to = node(lane.toChain(), lane.outputToken());
        if (from == null || to == null) {
            return null;
        }
        Token in = tokens[from];
        Token outToken = tokens[to];
        double gasIn = in.priceUsd() > 0 ? lane.destinationGasUsd() / in.priceUsd() * Math.pow(10, in.decimals()) : 0;
        double fixedIn = lane.fixedFee().doubleValue() + gasIn;
        double scale = Math.pow(10, outToken.decimals() - in.decimals());
        Edge e = Edge.bridge(from, to, lane, provider(lane.provider(), ProviderType.BRIDGE),
                snapshot.gas().bridge(lane, false), fixedIn, scale);
        e.gasUnitsAfterSwap = snapshot.gas().bridge(lane, true);
        return e;
    }

}
