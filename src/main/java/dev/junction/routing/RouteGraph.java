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
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The route graph of one market snapshot: nodes are (chain, token), edges are pools (both directions, the deepest
 * {@code poolsPerPair} per directed pair) and bridge lanes. A chain's native token shares its wrapped token's pools
 * (the router wraps and unwraps) and counts as the same token for "no token visited twice".
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
    /** Per node, the nodes with a pool edge to it (each once). */
    final int[][] predecessors;
    /** Per node, the nodes with a bridge lane to it (each once). */
    final int[][] bridgePredecessors;
    /**
     * Node by (chain, address): an address's canonical text matches exactly when its lower-case token key does, so a
     * lookup needs no lower-casing.
     */
    private final Map<NodeKey, Integer> index = new HashMap<>();

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

    RouteGraph(MarketSnapshot snapshot, int poolsPerPair) {
        this.snapshot = snapshot;
        List<Token> all = snapshot.tokens();
        int n = all.size();
        tokens = all.toArray(Token[]::new);
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
        for (int from = 0; from < n; from++) {
            Map<Integer, List<Edge>> pairs = byPair.get(from);
            if (pairs == null) {
                continue;
            }
            for (List<Edge> pair : pairs.values()) {
                if (pair.size() > 1) {
                    pair.sort(deepest);
                }
                for (int k = 0; k < Math.min(poolsPerPair, pair.size()); k++) {
                    adjacency.get(from).add(pair.get(k));
                }
            }
        }
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
            outHeads[i] = new int[out[i].length];
            for (int j = 0; j < out[i].length; j++) {
                outHeads[i][j] = out[i][j].to << 1 | (out[i][j].isBridge() ? 1 : 0);
            }
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
