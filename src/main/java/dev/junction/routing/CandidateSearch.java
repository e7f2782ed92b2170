package dev.junction.routing;

import dev.junction.market.StablePool;
import dev.junction.market.SwapQuote;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Best-first search for candidate paths over estimates. A partial path enters the queue with an estimated amount of its
 * token (doubles along each edge's precomputed curve: constant-product reserves, virtual V3 reserves at the current
 * price, a flattened stable curve, the bridge fee model) and the gas it burns on the source chain; the queue orders
 * partial paths by the request's ranking applied to those figures. No pool math runs while the search explores: a
 * partial path's exact amount (pool math along its steps, memoised per request) is computed only when it reaches the
 * target, when a bridge lane's minimum or capacity is near its estimate (the final evaluation checks every bound
 * exactly), or when it
 * asks to squeeze under a capacity. Every node is expanded at most {@code labelsPerNode} times per depth
 * (k-shortest-paths style), only towards nodes that can still reach the target in the remaining steps (a reverse
 * breadth-first bound). A popped partial path's successors are built only when a stand-in ranked at their bound
 * leaves the queue ({@link #deferral}): the same partial paths leave the queue in the same order, and on a dense
 * chain whose gas is a large part of the trade most successors are never built (PERFORMANCE.md, "Why the T1->T2
 * quote is slower on the mixed market"). The planner evaluates the candidates exactly to build and rank the routes.
 */
final class CandidateSearch {

    /**
     * A partial path. A request creates hundreds (a fifth of the planner's bytes), so a label keeps no field it can
     * derive cheaply: the net value is {@code usd - gasUsd} where the queue compares it, and a dead path is marked by
     * the {@link #DEAD} sentinel in {@link #exact} rather than a flag (80 bytes instead of 96).
     */
    static final class Label {
        final Label parent;
        final Edge edge;
        final int node;
        final int steps;
        final int bridges;
        double amount;
        double usd;
        final double gasUsd;
        /**
         * Exact amount of the node's token once refined; null before; {@link #DEAD} once the exact amount was found
         * to be nothing (a step cannot carry it or delivers nothing).
         */
        BigInteger exact;
        final int seconds;
        /**
         * The groups of the path's nodes as a 64-bit filter (bit {@code group % 64}): a clear bit proves a group was not
         * visited without walking the path.
         */
        final long groups;
        /** The suggested score, kept so the queue's comparisons read a field (see {@link #rank}). */
        double score;

        Label(Label parent, Edge edge, int node, int steps, int bridges, double amount, double usd, double gasUsd,
                int seconds, int group) {
            this.parent = parent;
            this.edge = edge;
            this.node = node;
            this.steps = steps;
            this.bridges = bridges;
            this.amount = amount;
            this.usd = usd;
            this.gasUsd = gasUsd;
            this.seconds = seconds;
            this.groups = (parent == null ? 0 : parent.groups) | 1L << (group & 63);
        }

        double net() {
            return usd - gasUsd;
        }

        /** Whether this is the stand-in for a popped partial path's successors ({@link CandidateSearch#deferral}). */
        boolean deferred() {
            return edge == null && parent != null;
        }

        /** Sets the suggested score from the current usd (again after it changes). */
        Label rank(double amountUsd) {
            score = RouteRanking.suggestedScore(net(), seconds, amountUsd);
            return this;
        }

        Edge[] path() {
            Edge[] p = new Edge[steps];
            Label l = this;
            for (int i = steps - 1; i >= 0; i--) {
                p[i] = l.edge;
                l = l.parent;
            }
            return p;
        }

        boolean visitedGroup(int[] group, int g) {
            if ((groups & 1L << (g & 63)) == 0) {
                return false;
            }
            for (Label l = this; l != null; l = l.parent) {
                if (group[l.node] == g) {
                    return true;
                }
            }
            return false;
        }
    }

    private final RouteGraph graph;
    private final PlannerSettings settings;
    /** Per node, the largest capacity of a lane a partial path there was too large for; null when none. */
    private BigInteger[] capacityHit;

    private final QuoteMemo memo;
    /** The request's input value in USD (the suggested score's price of time). */
    private double amountUsd;
    /** The search's target node (a bridge into another node has a destination leg after it). */
    private int target;
    /** Partial paths taken off the queue, and partial paths built and queued, by the last {@link #run}. */
    private int popped;
    private int built;
    /** After the search, for {@link #settleDeferred}: what was left in its queue, and its arguments. */
    private LabelQueue left;
    private int[][] distance;
    private int maxSteps;
    private int maxBridges;
    private RouteRequest request;

    CandidateSearch(RouteGraph graph, PlannerSettings settings, QuoteMemo memo) {
        this.graph = graph;
        this.settings = settings;
        this.memo = memo;
    }

    List<Edge[]> run(int source, int target, RouteRequest request, Diagnostics diagnostics) {
        this.target = target;
        int maxSteps = settings.maxSteps();
        int maxBridges = request.allowMultiBridge() ? 2 : 1;
        int sourceGroup = graph.group[source];
        int[][] distance = graph.distances(target, sourceGroup, maxSteps, maxBridges,
                () -> distancesTo(target, sourceGroup, maxSteps, maxBridges));
        if (distance[maxBridges][source] > maxSteps) {
            return List.of();
        }
        BigInteger exactStart = request.amountAfterFee();
        double start = exactStart.doubleValue();
        double amountUsd = start * graph.usdPerUnit[source];
        this.amountUsd = amountUsd;
        LabelQueue queue = new LabelQueue(request.mode(), QUEUE_CAPACITY);
        Label root = new Label(null, null, source, 0, 0, start, amountUsd, 0, 0, graph.group[source]).rank(amountUsd);
        root.exact = exactStart;
        queue.add(root);
        int slots = graph.tokens.length * (maxSteps + 1);
        int[] pops = takeCounters(2 * slots);
        capacityHit = new BigInteger[graph.tokens.length];
        List<Edge[]> candidates = new ArrayList<>();
        PriorityQueue<Label> kept = new PriorityQueue<>(order(request.mode()).reversed());
        int expansions = 0;
        while (!queue.isEmpty() && candidates.size() < settings.candidates() && expansions < settings.maxExpansions()) {
            if (queue.peek().deferred()) {
                // no partial path left ranks above this bound: now its successors may be next
                Label d = queue.poll();
                expand(d.parent, distance, maxSteps, maxBridges, request, diagnostics, queue);
                continue;
            }
            if (kept.size() >= settings.maxRoutes()
                    && cannotBeat(queue.peek(), kept.peek(), request.mode(), amountUsd, upside(maxSteps))) {
                break;
            }
            Label l = queue.poll();
            expansions++;
            if (l.node == target) {
                if (exact(l, diagnostics) == null) {
                    continue;
                }
                l.amount = l.exact.doubleValue();
                l.usd = l.amount * graph.usdPerUnit[l.node];
                l.rank(amountUsd);
                candidates.add(l.path());
                kept.add(l);
                if (kept.size() > settings.maxRoutes()) {
                    kept.poll();
                }
                continue;
            }
            if (l.steps >= maxSteps || !admit(l, l.node * (maxSteps + 1) + l.steps, pops, slots)) {
                continue;
            }
            double bound = graph.stepUsdBound[l.node];
            Label stand = bound == bound ? deferral(l, bound) : null;
            if (stand != null && !queue.isEmpty() && LabelQueue.compare(request.mode(), stand, queue.peek()) >= 0) {
                queue.add(stand);
            } else {
                // no bound, or the stand-in would leave the queue next: its successors are built now, as then
                expand(l, distance, maxSteps, maxBridges, request, diagnostics, queue);
            }
        }
        SPARE_COUNTERS.setRelease(spareSlot(), pops);
        popped = expansions;
        left = queue;
        this.distance = distance;
        this.maxSteps = maxSteps;
        this.maxBridges = maxBridges;
        this.request = request;
        return candidates;
    }

    /** Queues the partial paths one edge further than {@code l} that can still reach the target in the steps left. */
    private void expand(Label l, int[][] distance, int maxSteps, int maxBridges, RouteRequest request,
            Diagnostics diagnostics, LabelQueue queue) {
        Edge[] edges = graph.out[l.node];
        int[] heads = graph.outHeads[l.node];
        int stepsLeft = maxSteps - l.steps - 1;
        for (int j = 0; j < heads.length; j++) {
            int to = heads[j] >>> 1;
            int bridgesLeft = maxBridges - l.bridges - (heads[j] & 1);
            if (bridgesLeft < 0 || distance[bridgesLeft][to] > stepsLeft
                    || l.visitedGroup(graph.group, graph.group[to])) {
                continue;
            }
            Label next = extend(l, edges[j], request, diagnostics);
            if (next != null) {
                built++;
                queue.add(next);
            }
        }
    }

    /** Partial paths the last run took off the queue (deferred expansions not counted). */
    int popped() {
        return popped;
    }

    /** Partial paths the last run built and queued (not counting {@link #settleDeferred}'s). */
    int built() {
        return built;
    }

    /**
     * The stand-in for {@code l}'s successors: ranked at least as well as any of them (the node's step bound on its
     * amount, its gas so far plus the cheapest next step's, its time plus the shortest next step's), so it leaves the
     * queue before any of them would have, and only then are they built. A successor can rank no better than it: its
     * USD value is its estimate (at most the zero-impact rate times the amount) at its token's price, its gas and time
     * only add. On a dense chain whose gas is a large part of the trade most popped partial paths' successors rank
     * below the routes the search ends with and are never built.
     */
    private Label deferral(Label l, double stepUsdBound) {
        long units = graph.minStepGas[l.node];
        double gas = l.bridges == 0 ? l.gasUsd + units * graph.gasUsdPerUnit[l.node] : l.gasUsd;
        return new Label(l, null, l.node, l.steps, l.bridges, l.amount, l.amount * stepUsdBound, gas,
                l.seconds + graph.minStepSeconds[l.node], graph.group[l.node]).rank(amountUsd);
    }

    /**
     * The diagnostics the successors of the partial paths whose expansion was still deferred when the search ended
     * would have added (a step delivering nothing): the search without deferral builds them as it pops their parent,
     * and a request that finds no route reports them. Called only then; builds the labels but queues none.
     */
    void settleDeferred(Diagnostics diagnostics) {
        if (left == null) {
            return;
        }
        LabelQueue sink = new LabelQueue(request.mode(), QUEUE_CAPACITY);
        int builtBefore = built;
        while (!left.isEmpty()) {
            Label d = left.poll();
            if (d.deferred()) {
                expand(d.parent, distance, maxSteps, maxBridges, request, diagnostics, sink);
                while (!sink.isEmpty()) {
                    sink.poll();
                }
            }
        }
        built = builtBefore;
        left = null;
    }

    /**
     * Zeroed pop counters of this length, a spare one when its length fits. Two int per (node, depth), a few KB, were
     * allocated per request; the arrays of finished searches wait in a small striped pool (as the math fast paths'
     * workspaces do), taken with getAndSet(null) so no two searches share one. A search that throws does not return
     * its array, which the collector then takes.
     */
    private static int[] takeCounters(int length) {
        int[] spare = SPARE_COUNTERS.getAndSet(spareSlot(), null);
        if (spare == null || spare.length != length) {
            return new int[length];
        }
        Arrays.fill(spare, 0);
        return spare;
    }

    private static int spareSlot() {
        return (int) Thread.currentThread().threadId() & (SPARE_COUNTERS.length() - 1);
    }

    /** The partial path one edge further, or null; the caller has checked the edge's head (see the loop in run). */
    private Label extend(Label l, Edge e, RouteRequest request, Diagnostics diagnostics) {
        if (!request.providers().isAll() && !request.providers().allows(e.provider.key())) {
            return null;
        }
        if (e.isBridge() && !laneAccepts(l, e, diagnostics)) {
            return null;
        }
        double amount = e.estimate(l.amount);
        if (!(amount >= 1)) {
            diagnostics.feesExceeded++;
            return null;
        }
        long units = l.edge != null && !l.edge.isBridge() ? e.gasUnitsAfterSwap : e.gasUnits;
        double gas = l.bridges == 0 ? l.gasUsd + units * graph.gasUsdPerUnit[l.node] : l.gasUsd;
        int bridges = l.bridges + (e.isBridge() ? 1 : 0);
        return new Label(l, e, e.to, l.steps + 1, bridges, amount, amount * graph.usdPerUnit[e.to], gas,
                l.seconds + e.seconds, graph.group[e.to]).rank(amountUsd);
    }

    /**
     * Whether a node may be expanded once more at this depth: up to labelsPerNode times per (node, steps taken) (a
     * partial path with more steps left is not dominated by a better one with fewer), and as many again for partial
     * paths small enough to fit a lane that an earlier, larger one exceeded (more is not always better when a lane
     * has a capacity). {@code counters} holds the pops per slot, then from {@code slots} on the pops under a capacity.
     */
    private boolean admit(Label l, int slot, int[] counters, int slots) {
        if (++counters[slot] <= settings.labelsPerNode()) {
            return true;
        }
        BigInteger cap = capacityHit[l.node];
        if (cap == null) {
            return false;
        }
        BigInteger exact = exact(l, null);
        return exact != null && exact.compareTo(cap) <= 0 && ++counters[slots + slot] <= settings.labelsPerNode();
    }

    /**
     * The lane's bounds on the exact amount the partial path holds. The exact amount is computed (pool math along the
     * partial path, memoised) only when the estimate is within LANE_MARGIN of a bound or the path crossed a stable
     * pool; further inside, the estimate is trusted here and the exact evaluation checks the bound again.
     */
    private boolean laneAccepts(Label l, Edge e, Diagnostics diagnostics) {
        if ((l.exact == null || l.exact == DEAD) && l.amount >= e.minIn * (1 + LANE_MARGIN)
                && l.amount <= e.capIn * (1 - LANE_MARGIN) && confident(l)) {
            return true;
        }
        BigInteger exact = exact(l, diagnostics);
        if (exact == null) {
            return false;
        }
        if (exact.compareTo(e.lane.minAmount()) < 0) {
            diagnostics.belowMinimum(e.lane, graph.tokens[e.from], exact);
            return false;
        }
        if (exact.compareTo(e.lane.capacity()) > 0) {
            BigInteger cap = capacityHit[l.node];
            capacityHit[l.node] = cap == null ? e.lane.capacity() : cap.max(e.lane.capacity());
            diagnostics.aboveCapacity(e.lane, graph.tokens[e.from], exact);
            return false;
        }
        return true;
    }

    /**
     * The search queue's initial capacity: a request of the benchmark mix leaves 80 to 550 partial paths queued, and
     * from the default of 11 the queue's array grew (a copy each time) six or seven times per request.
     */
    static final int QUEUE_CAPACITY = 256;

    /** Spare pop counters of finished searches (see {@link #takeCounters}). */
    private static final AtomicReferenceArray<int[]> SPARE_COUNTERS = new AtomicReferenceArray<>(16);

    /** {@link Label#exact} of a partial path whose exact amount is nothing; compared by identity only. */
    private static final BigInteger DEAD = new BigInteger("-1");

    /** Relative distance from a lane bound inside which an estimate is trusted without the exact amount. */
    static final double LANE_MARGIN = 0.25;

    /** Whether every step of the partial path has an estimate that can be trusted near a lane bound (no stable pool). */
    private static boolean confident(Label l) {
        for (Label p = l; p.parent != null; p = p.parent) {
            if (p.edge.pool instanceof StablePool) {
                return false;
            }
        }
        return true;
    }

    /**
     * The exact amount of the partial path's token: the parent's exact amount through the last step (pool math via the
     * request's memo, or the bridge fee model). Null, noted in the diagnostics when given, when a step cannot carry
     * the amount or delivers nothing. Ancestors are computed first and keep their exact amounts.
     */
    private BigInteger exact(Label l, Diagnostics diagnostics) {
        if (l.exact == DEAD) {
            return null;
        }
        if (l.exact != null) {
            return l.exact;
        }
        BigInteger in = exact(l.parent, diagnostics);
        if (in == null) {
            l.exact = DEAD;
            return null;
        }
        Edge e = l.edge;
        BigInteger out;
        if (e.isBridge()) {
            // a bridge whose destination leg's or call's deliverer the deposit pays is charged its delivery here, its
            // leg's steps only in the exact evaluation (PathEvaluator)
            boolean steps = l.node != target;
            boolean leg = steps || memo.callOn(e.lane.toChain());
            out = (leg ? memo.bridgeWithLeg(e.lane, graph.tokens[e.from], graph.tokens[e.to], in, steps, 0)
                    : memo.bridge(e.lane, graph.tokens[e.from], graph.tokens[e.to], in)).amountOut();
        } else {
            SwapQuote q = memo.quote(e.pool, e.poolIn, e.poolOut, in);
            if (q.amountIn().compareTo(in) < 0) {
                if (diagnostics != null) {
                    diagnostics.poolsExhausted++;
                }
                l.exact = DEAD;
                return null;
            }
            out = q.amountOut();
        }
        if (out.signum() <= 0) {
            if (diagnostics != null) {
                diagnostics.feesExceeded++;
            }
            l.exact = DEAD;
            return null;
        }
        l.exact = out;
        return out;
    }

    /**
     * Whether the best partial path left (and so every path still to come) ranks below the worst of the routes already
     * kept. Partial paths only lose value along their way up to what pool prices off the reference prices can add:
     * {@link #UPSIDE} per step, compounded over the most steps any partial path in the queue still has
     * ({@code upside}); time only grows.
     */
    static boolean cannotBeat(Label head, Label worstKept, RouteMode mode, double amountUsd, double upside) {
        double headNet = head.usd * upside - head.gasUsd;
        return switch (mode) {
            case MAX_VALUE -> headNet < worstKept.net();
            case FASTEST -> head.seconds > worstKept.seconds;
            case SUGGESTED -> RouteRanking.suggestedScore(headNet, head.seconds, amountUsd)
                    < RouteRanking.suggestedScore(worstKept.net(), worstKept.seconds, amountUsd);
        };
    }

    /** Largest relative gain in USD value a partial path is assumed able to make on one more step. */
    static final double UPSIDE = 0.05;

    /**
     * The factor a partial path's USD value may still grow by: UPSIDE compounded over maxSteps - 1 steps (every
     * partial path in the queue has taken at least one). One factor for the whole queue, because the head is only the
     * best by current value; a path behind it with more steps left may have more to gain.
     */
    static double upside(int maxSteps) {
        return Math.pow(1 + UPSIDE, Math.max(1, maxSteps - 1));
    }

    /** Best first under the mode's ranking (see {@link LabelQueue#compare(RouteMode, Label, Label)}). */
    private static Comparator<Label> order(RouteMode mode) {
        return (a, b) -> LabelQueue.compare(mode, a, b);
    }

    /**
     * Per bridge budget k (0..maxBridges), the fewest steps from each node to the target using at most k bridge lanes
     * (ignoring filters), capped at maxSteps + 1, on paths that do not pass through the source's group: every partial
     * path has visited the source, so a node that reaches the target only through the source is a dead end. Exact
     * pruning: no feasible path is cut (the source's own distance is still found). Computed once per graph and
     * arguments ({@link RouteGraph#distances}).
     */
    private int[][] distancesTo(int target, int sourceGroup, int maxSteps, int maxBridges) {
        int n = graph.tokens.length;
        int[][] d = new int[maxBridges + 1][];
        Buckets buckets = takeBuckets(maxSteps + 1, n);
        for (int k = 0; k <= maxBridges; k++) {
            int[] dk = new int[n];
            Arrays.fill(dk, maxSteps + 1);
            buckets.clear();
            dk[target] = 0;
            buckets.add(0, target);
            if (k > 0) {
                int[] fewer = d[k - 1];
                for (int v = 0; v < n; v++) {
                    if (fewer[v] <= maxSteps && fewer[v] < dk[v]) {
                        dk[v] = fewer[v];
                        if (graph.group[v] != sourceGroup || v == target) {
                            buckets.add(fewer[v], v);
                        }
                    }
                }
                for (int v = 0; v < n; v++) {
                    if (fewer[v] >= maxSteps || graph.group[v] == sourceGroup && v != target) {
                        continue;
                    }
                    for (int u : graph.bridgePredecessors[v]) {
                        relax(dk, buckets, u, fewer[v] + 1, sourceGroup);
                    }
                }
            }
            for (int dist = 0; dist < maxSteps; dist++) {
                int[] bucket = buckets.nodes[dist];
                for (int i = 0; i < buckets.sizes[dist]; i++) {
                    int v = bucket[i];
                    if (dk[v] != dist) {
                        continue;
                    }
                    for (int u : graph.predecessors[v]) {
                        relax(dk, buckets, u, dist + 1, sourceGroup);
                    }
                }
            }
            d[k] = dk;
        }
        SPARE_BUCKETS.setRelease(spareSlot(), buckets);
        return d;
    }

    private void relax(int[] d, Buckets buckets, int u, int dist, int sourceGroup) {
        if (dist < d[u]) {
            d[u] = dist;
            if (graph.group[u] != sourceGroup) {
                buckets.add(dist, u);
            }
        }
    }

    /**
     * The breadth-first buckets of {@link #distancesTo}: per distance, the nodes found at it, in order. A node enters
     * a bucket at most once per bridge budget (its distance only decreases), so n slots per bucket suffice. They were
     * lists of boxed Integers, allocated per request; now int arrays that wait in a small striped pool between
     * requests, as the pop counters do.
     */
    private static final class Buckets {

        final int[][] nodes;
        final int[] sizes;

        Buckets(int depths, int n) {
            nodes = new int[depths][n];
            sizes = new int[depths];
        }

        boolean fits(int depths, int n) {
            return nodes.length == depths && nodes[0].length == n;
        }

        void clear() {
            Arrays.fill(sizes, 0);
        }

        void add(int dist, int node) {
            nodes[dist][sizes[dist]++] = node;
        }
    }

    private static final AtomicReferenceArray<Buckets> SPARE_BUCKETS = new AtomicReferenceArray<>(16);

    private static Buckets takeBuckets(int depths, int n) {
        Buckets spare = SPARE_BUCKETS.getAndSet(spareSlot(), null);
        return spare != null && spare.fits(depths, n) ? spare : new Buckets(depths, n);
    }
}
