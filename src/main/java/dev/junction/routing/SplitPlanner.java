package dev.junction.routing;

import dev.junction.market.Chain;
import dev.junction.market.Pool;
import dev.junction.market.SwapQuote;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Splits a same-chain swap over up to {@code maxSplits} parallel legs when that delivers more, net of the extra gas,
 * than the best single path. The legs are the best pool-disjoint single paths the search found (pools of the same pair
 * on other protocols or fee tiers, other multi-hop paths). The allocation is optimised on the exact integer pool math:
 * greedy in 5% increments, each to the leg whose output grows most, then refined by moving 1%, 0.2%, 0.05% and 0.01%
 * between legs while that raises the total; a leg whose output does not pay for its gas is folded into the others. The
 * chosen split is then simulated leg after leg as the router runs it, each step on the pool state the earlier legs
 * left ({@link #simulate}), so legs that share a pool never see it twice at its starting state.
 */
final class SplitPlanner {

    /** The greedy's increment: 5% of the input. */
    private static final int CHUNK_BPS = 500;
    private static final int[] REFINE_BPS = {100, 20, 5, 1};
    /** Improving moves tried per refinement size at most (each a few exact quotes per leg). */
    private static final int MAX_MOVES = 24;
    /** {@link #worthSearching}'s floor: a path losing less than 10 bp of its output to impact is not searched. */
    static final int SEARCH_FLOOR_BPS = 10;

    private final RouteGraph graph;
    private final QuoteMemo memo;
    private final PathEvaluator evaluator;
    private final int maxSplits;

    SplitPlanner(RouteGraph graph, QuoteMemo memo, PathEvaluator evaluator, int maxSplits) {
        this.graph = graph;
        this.memo = memo;
        this.evaluator = evaluator;
        this.maxSplits = maxSplits;
    }

    /**
     * The best split of the input over the candidates' paths, or null when no split beats the best single path net of
     * gas (or there are fewer than two pool-disjoint swap paths).
     *
     * @param singles the request's exactly evaluated single paths, in any order
     * @param input the amount after the integrator fee
     */
    PathEvaluator.Candidate plan(List<PathEvaluator.Candidate> singles, BigInteger input) {
        if (maxSplits < 2 || singles.size() < 2) {
            return null;
        }
        List<PathEvaluator.Candidate> byOutput = new ArrayList<>(singles);
        byOutput.sort((a, b) -> b.amountOut().compareTo(a.amountOut()));
        List<List<RouteStep>> paths = new ArrayList<>();
        Set<String> pools = new HashSet<>();
        for (PathEvaluator.Candidate c : byOutput) {
            if (paths.size() == maxSplits) {
                break;
            }
            if (swapsOnly(c.steps) && disjoint(c.steps, pools)) {
                paths.add(c.steps);
                for (RouteStep s : c.steps) {
                    pools.add(s.pool().id());
                }
            }
        }
        if (paths.size() < 2) {
            return null;
        }
        PathEvaluator.Candidate best = byOutput.getFirst();
        Token out = best.steps.getLast().toToken();
        Chain chain = graph.snapshot.chain(out.chain()).orElseThrow();
        double usdPerGas = graph.snapshot.nativeToken(chain).usd(chain.gasPriceWei());
        Outputs outputs = new Outputs(paths, input);
        // the gate: what the best path loses to price impact against its own price at 5% of the input, at most what a
        // split can win back; below the gas of one more leg, the trade stays single-path
        BigInteger atChunk = outputs.out(0, CHUNK_BPS);
        BigInteger linear = atChunk.multiply(BigInteger.valueOf(Leg.WHOLE / CHUNK_BPS));
        double impactUsd = out.usd(linear.subtract(outputs.out(0, Leg.WHOLE)).max(BigInteger.ZERO));
        if (impactUsd <= usdPerGas * (graph.snapshot.gas().split(2) + legGas(paths.get(1)))) {
            return null;
        }
        int[] bps = allocate(outputs, paths.size());
        prune(outputs, bps, paths, out, usdPerGas);
        List<List<RouteStep>> legs = new ArrayList<>();
        List<Integer> shares = new ArrayList<>();
        for (int p = 0; p < paths.size(); p++) {
            if (bps[p] > 0) {
                legs.add(paths.get(p));
                shares.add(bps[p]);
            }
        }
        if (legs.size() < 2) {
            return null;
        }
        List<RouteStep> steps = simulate(legs, shares, input);
        if (steps == null) {
            return null;
        }
        PathEvaluator.Candidate split = evaluator.route(steps);
        return split.amountOut().compareTo(best.amountOut()) > 0 && split.netValueUsd > best.netValueUsd ? split
                : null;
    }

    /**
     * {@link #plan}'s gate applied to one path known before any search (a cross-chain route's swap segment, whose
     * split needs a candidate search of its own): false when the path loses less to price impact at {@code input}
     * than the gas of one more leg, or less than {@link #SEARCH_FLOOR_BPS} of its output, so the search is not worth
     * running. The first is the gate's rule, on the path the route already takes instead of the best of a search's
     * paths; the second matters on rollups, where one more leg's gas is worth a fraction of a cent and the gate alone
     * would send almost every cross-chain request into two more searches: a split wins back at most the impact, so a
     * path losing under 0.1% stays within the 99.9% of the optimum that route quality asks for.
     */
    boolean worthSearching(List<RouteStep> path, BigInteger input) {
        if (maxSplits < 2 || path.isEmpty() || !swapsOnly(path)) {
            return false;
        }
        Token out = path.getLast().toToken();
        Chain chain = graph.snapshot.chain(out.chain()).orElseThrow();
        double usdPerGas = graph.snapshot.nativeToken(chain).usd(chain.gasPriceWei());
        Outputs outputs = new Outputs(List.of(path), input);
        BigInteger linear = outputs.out(0, CHUNK_BPS).multiply(BigInteger.valueOf(Leg.WHOLE / CHUNK_BPS));
        BigInteger whole = outputs.out(0, Leg.WHOLE);
        BigInteger impact = linear.subtract(whole).max(BigInteger.ZERO);
        if (impact.multiply(BigInteger.valueOf(Leg.WHOLE)).compareTo(whole.multiply(BigInteger.valueOf(
                SEARCH_FLOOR_BPS))) < 0) {
            return false;
        }
        return out.usd(impact) > usdPerGas * (graph.snapshot.gas().split(2) + legGas(path));
    }

    /** Greedy in 5% increments to the leg whose output grows most, then refined by smaller moves between legs. */
    private static int[] allocate(Outputs outputs, int n) {
        int[] bps = new int[n];
        for (int chunk = 0; chunk < Leg.WHOLE / CHUNK_BPS; chunk++) {
            int pick = 0;
            BigInteger gain = null;
            for (int p = 0; p < n; p++) {
                BigInteger g = outputs.out(p, bps[p] + CHUNK_BPS).subtract(outputs.out(p, bps[p]));
                if (gain == null || g.compareTo(gain) > 0) {
                    gain = g;
                    pick = p;
                }
            }
            bps[pick] += CHUNK_BPS;
        }
        for (int step : REFINE_BPS) {
            for (int move = 0; move < MAX_MOVES; move++) {
                int from = -1;
                int to = -1;
                BigInteger bestGain = BigInteger.ZERO;
                for (int i = 0; i < n; i++) {
                    if (bps[i] < step) {
                        continue;
                    }
                    BigInteger loss = outputs.out(i, bps[i]).subtract(outputs.out(i, bps[i] - step));
                    for (int j = 0; j < n; j++) {
                        if (j == i) {
                            continue;
                        }
                        BigInteger g = outputs.out(j, bps[j] + step).subtract(outputs.out(j, bps[j])).subtract(loss);
                        if (g.compareTo(bestGain) > 0) {
                            bestGain = g;
                            from = i;
                            to = j;
                        }
                    }
                }
                if (from < 0) {
                    break;
                }
                bps[from] -= step;
                bps[to] += step;
            }
        }
        return bps;
    }

    /**
     * Gas-aware: folds a leg into the leg that gains most from its share while that raises the net value (output in
     * USD less the split's extra gas in USD).
     */
    private void prune(Outputs outputs, int[] bps, List<List<RouteStep>> paths, Token out, double usdPerGas) {
        while (true) {
            double current = net(outputs, bps, paths, out, usdPerGas);
            int[] bestBps = null;
            double bestNet = current;
            for (int i = 0; i < bps.length; i++) {
                if (bps[i] == 0) {
                    continue;
                }
                for (int j = 0; j < bps.length; j++) {
                    if (j == i || bps[j] == 0) {
                        continue;
                    }
                    int[] folded = bps.clone();
                    folded[j] += folded[i];
                    folded[i] = 0;
                    double n = net(outputs, folded, paths, out, usdPerGas);
                    if (n > bestNet) {
                        bestNet = n;
                        bestBps = folded;
                    }
                }
            }
            if (bestBps == null) {
                return;
            }
            System.arraycopy(bestBps, 0, bps, 0, bps.length);
        }
    }

    private double net(Outputs outputs, int[] bps, List<List<RouteStep>> paths, Token out, double usdPerGas) {
        BigInteger total = BigInteger.ZERO;
        long gas = 0;
        int legs = 0;
        for (int p = 0; p < bps.length; p++) {
            if (bps[p] > 0) {
                total = total.add(outputs.out(p, bps[p]));
                gas += legGas(paths.get(p));
                legs++;
            }
        }
        if (legs > 1) {
            gas += graph.snapshot.gas().split(legs);
        }
        return out.usd(total) - usdPerGas * gas;
    }

    private static long legGas(List<RouteStep> path) {
        long units = 0;
        for (RouteStep s : path) {
            units += s.gasUnits();
        }
        return units;
    }

    /**
     * The split's exact steps as the router runs them: leg after leg, leg {@code i} spending
     * {@code floor(input * shares_i / 10000)} and the last leg the remainder, each swap quoted on the pool's state after
     * every earlier swap of the route through it. Null when a leg's share is zero or a pool cannot fill its swap.
     *
     * @param legs each leg's path (steps whose pools, tokens and providers the legs take; their amounts are ignored)
     * @param shares each leg's share, basis points, summing to 10000
     */
    List<RouteStep> simulate(List<List<RouteStep>> legs, List<Integer> shares, BigInteger input) {
        Map<String, Pool> moved = new HashMap<>();
        List<RouteStep> steps = new ArrayList<>();
        BigInteger left = input;
        for (int l = 0; l < legs.size(); l++) {
            BigInteger amount = l + 1 == legs.size() ? left
                    : input.multiply(BigInteger.valueOf(shares.get(l))).divide(BigInteger.valueOf(Leg.WHOLE));
            left = left.subtract(amount);
            if (amount.signum() <= 0) {
                return null;
            }
            Leg leg = new Leg(l, shares.get(l));
            boolean first = true;
            for (RouteStep template : legs.get(l)) {
                Pool start = template.pool();
                Pool pool = moved.getOrDefault(start.id(), start);
                SwapQuote q = pool == start ? memo.quote(pool, template.poolTokenIn(), template.poolTokenOut(), amount)
                        : quote(pool, template, amount);
                if (q.amountIn().compareTo(amount) < 0 || q.amountOut().signum() <= 0) {
                    return null;
                }
                moved.put(start.id(), pool.afterSwap(template.poolTokenIn(), template.poolTokenOut(), amount));
                long gas = graph.snapshot.gas().swap(start, q.ticksCrossed(), !first);
                steps.add(new RouteStep(StepKind.SWAP, template.provider(), template.chain(), template.fromChain(),
                        template.toChain(), template.fromToken(), template.toToken(), amount, q.amountOut(),
                        q.lpFee(), BigInteger.ZERO, gas, template.estimatedSeconds(), template.p90Seconds(), start,
                        null, template.poolTokenIn(), template.poolTokenOut(), leg));
                amount = q.amountOut();
                first = false;
            }
        }
        return steps;
    }

    /** A quote on a pool state an earlier leg left (not memoised: the memo is keyed by pool id, i.e. start states). */
    private static SwapQuote quote(Pool pool, RouteStep template, BigInteger amount) {
        try {
            return pool.quote(template.poolTokenIn(), template.poolTokenOut(), amount);
        } catch (RuntimeException e) {
            return new SwapQuote(BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO, 0);
        }
    }

    private static boolean swapsOnly(List<RouteStep> steps) {
        for (RouteStep s : steps) {
            if (s.kind() != StepKind.SWAP) {
                return false;
            }
        }
        return true;
    }

    private static boolean disjoint(List<RouteStep> steps, Set<String> pools) {
        for (RouteStep s : steps) {
            if (pools.contains(s.pool().id())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Each path's exact output for a share of the input, standalone (the paths are pool-disjoint, so standalone is
     * what the router gets), memoised per share: the allocation asks for the same shares many times.
     */
    private final class Outputs {

        private final List<List<RouteStep>> paths;
        private final BigInteger input;
        private final List<Map<Integer, BigInteger>> known = new ArrayList<>();

        Outputs(List<List<RouteStep>> paths, BigInteger input) {
            this.paths = paths;
            this.input = input;
            for (int p = 0; p < paths.size(); p++) {
                known.add(new HashMap<>());
            }
        }

        /** The path's output for {@code bps} of the input; zero for none, or when a pool cannot fill it. */
        BigInteger out(int path, int bps) {
            if (bps <= 0) {
                return BigInteger.ZERO;
            }
            BigInteger cached = known.get(path).get(bps);
            if (cached != null) {
                return cached;
            }
            BigInteger amount = input.multiply(BigInteger.valueOf(bps)).divide(BigInteger.valueOf(Leg.WHOLE));
            for (RouteStep s : paths.get(path)) {
                if (amount.signum() <= 0) {
                    break;
                }
                SwapQuote q = memo.quote(s.pool(), s.poolTokenIn(), s.poolTokenOut(), amount);
                amount = q.amountIn().compareTo(amount) < 0 ? BigInteger.ZERO : q.amountOut();
            }
            BigInteger result = amount.max(BigInteger.ZERO);
            known.get(path).put(bps, result);
            return result;
        }
    }
}
