package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.GasModel;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.SwapQuote;
import dev.junction.market.Token;
import dev.junction.support.TestMarket;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Route quality: on random small markets (two chains, four tokens each, V2 and stable pools priced near the reference
 * prices with noise, bridge lanes with fees, minimums and capacities) the planner's top max_value route is the best
 * single path by net value found by an exhaustive depth-first search over every simple path of up to 4 steps, within
 * 0.01%. When the exhaustive search finds nothing that delivers, the planner fails with a NoRouteException.
 */
class ExhaustiveSearchProperties {

    @Property(tries = 300)
    void topMaxValueRouteIsTheBestSinglePath(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
            @ForAll @IntRange(min = 0, max = 3) int fromIndex, @ForAll @IntRange(min = 0, max = 7) int toIndex,
            @ForAll @IntRange(min = 0, max = 7) int magnitude, @ForAll boolean multiBridge) {
        Random rnd = new Random(seed);
        TestMarket m = randomMarket(rnd);
        MarketSnapshot snapshot = m.snapshot();
        Optional<RouteRequest> drawn = randomRequest(snapshot, rnd, fromIndex, toIndex, magnitude, multiBridge);
        if (drawn.isEmpty()) {
            return;
        }
        RouteRequest request = drawn.get();
        Double best = new Reference(snapshot, request).bestNet();
        // single-path search: split routes have their own properties (SplitRouteProperties)
        RoutePlanner planner = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1));
        if (best == null) {
            assertThatThrownBy(() -> planner.plan(snapshot, request)).isInstanceOf(NoRouteException.class);
            return;
        }
        PlannedRoute top = planner.plan(snapshot, request).getFirst();
        double tolerance = Math.abs(best) * 1e-4 + 1e-9;
        assertThat(top.netValueUsd()).as("planner vs exhaustive for %s", request).isGreaterThanOrEqualTo(best - tolerance);
        assertThat(top.netValueUsd()).isLessThanOrEqualTo(best + tolerance);
    }

    /**
     * A request between two of the market's ERC-20s ({@code fromIndex} of the first four, {@code toIndex} of the first
     * eight) worth 10^(magnitude-2) to 2 x 10^(magnitude-2) USD (from 10^-2 to 10^5 whole tokens' worth, scaled by the
     * token's price); empty when both are the same token.
     */
    static Optional<RouteRequest> randomRequest(MarketSnapshot snapshot, Random rnd, int fromIndex, int toIndex,
            int magnitude, boolean multiBridge) {
        List<Token> erc20 = snapshot.tokens().stream().filter(t -> !t.isNative()).toList();
        Token from = erc20.get(fromIndex);
        Token to = erc20.get(toIndex);
        if (from.equals(to)) {
            return Optional.empty();
        }
        double usd = Math.pow(10, magnitude - 2) * (1 + rnd.nextDouble());
        BigInteger amount = BigInteger.valueOf(Math.max(1, (long) (usd / from.priceUsd() * Math.pow(10, from.decimals()))));
        return Optional.of(RouteRequest.of(from.chain(), from.address(), to.chain(), to.address(), amount)
                .withMultiBridge(multiBridge));
    }

    static TestMarket randomMarket(Random rnd) {
        ChainId a = TestMarket.ETH;
        ChainId b = TestMarket.ARB;
        TestMarket m = new TestMarket().chain(a, "eth", 12_000, 1 + rnd.nextInt(30), TestMarket.addr(900))
                .chain(b, "arb", 250, 1, TestMarket.addr(901));
        m.token(a, Address.NATIVE, "ETH", 18, 3000).token(b, Address.NATIVE, "ETH", 18, 3000);
        String[] symbols = {"USDC", "WETH", "DAI", "LINK"};
        int[] decimals = {6, 18, 18, 8};
        double[] prices = {1, 3000, 1, 15};
        for (int c = 0; c < 2; c++) {
            ChainId chain = c == 0 ? a : b;
            for (int i = 0; i < 4; i++) {
                m.token(chain, TestMarket.addr(100 * (c + 1) + i), symbols[i], decimals[i], prices[i]);
            }
        }
        for (int c = 0; c < 2; c++) {
            ChainId chain = c == 0 ? a : b;
            for (int i = 0; i < 4; i++) {
                for (int j = i + 1; j < 4; j++) {
                    int count = rnd.nextInt(3) == 0 ? 0 : 1 + rnd.nextInt(2);
                    for (int k = 0; k < count; k++) {
                        double depthUsd = Math.pow(10, 3 + rnd.nextInt(5)) * (1 + rnd.nextDouble());
                        double noise = 1 + (rnd.nextDouble() - 0.5) * 0.1;
                        BigInteger r0 = whole(depthUsd / prices[i], decimals[i]);
                        BigInteger r1 = whole(depthUsd / prices[j] * noise, decimals[j]);
                        int fee = new int[] {5, 30, 100}[rnd.nextInt(3)];
                        String provider = new String[] {"uniswap-v2", "sushiswap"}[k];
                        m.v2(chain + ":" + provider + ":" + i + "-" + j, chain, provider, TestMarket.addr(100 * (c + 1) + i),
                                TestMarket.addr(100 * (c + 1) + j), r0, r1, fee, depthUsd * 2);
                    }
                }
            }
            if (rnd.nextBoolean()) {
                double depth = Math.pow(10, 4 + rnd.nextInt(4));
                m.stable(chain + ":curve", chain, "curve",
                        List.of(TestMarket.addr(100 * (c + 1)), TestMarket.addr(100 * (c + 1) + 2)), List.of(6, 18),
                        List.of(whole(depth, 6), whole(depth * (1 + (rnd.nextDouble() - 0.5) * 0.02), 18)),
                        50 + rnd.nextInt(2000), 4_000_000, depth * 2);
            }
        }
        String[] bridges = {"across", "cctp", "stargate"};
        for (int l = 0; l < 2 + rnd.nextInt(4); l++) {
            int i = rnd.nextInt(4);
            boolean forward = rnd.nextInt(4) != 0;
            ChainId from = forward ? a : b;
            ChainId to = forward ? b : a;
            int fromBase = forward ? 100 : 200;
            int toBase = forward ? 200 : 100;
            BigInteger unit = BigInteger.TEN.pow(decimals[i]);
            m.lane(bridges[rnd.nextInt(3)], from, to, TestMarket.addr(fromBase + i), TestMarket.addr(toBase + i),
                    whole(rnd.nextDouble() / prices[i], decimals[i]), rnd.nextInt(20), rnd.nextDouble() * 2,
                    30 + rnd.nextInt(900), unit.divide(BigInteger.valueOf(1 + rnd.nextInt(100))),
                    unit.multiply(BigInteger.valueOf((long) Math.pow(10, 2 + rnd.nextInt(5)))), 50_000 + rnd.nextInt(100_000));
        }
        return m;
    }

    private static BigInteger whole(double tokens, int decimals) {
        return new BigDecimal(tokens).movePointRight(decimals).toBigInteger().max(BigInteger.ONE);
    }

    /** Exhaustive depth-first search over simple paths, each evaluated with the pools' and lanes' exact math. */
    static final class Reference {
        private final MarketSnapshot s;
        private final RouteRequest r;
        private final Chain source;
        private final Token gasToken;
        private Double best;
        String bestPath;
        private final ArrayDeque<String> trail = new ArrayDeque<>();

        Reference(MarketSnapshot s, RouteRequest r) {
            this.s = s;
            this.r = r;
            this.source = s.chain(r.fromChain()).orElseThrow();
            this.gasToken = s.token(r.fromChain(), Address.NATIVE).orElseThrow();
        }

        Double bestNet() {
            Token start = s.token(r.fromChain(), r.fromToken()).orElseThrow();
            Set<Token> visited = new HashSet<>();
            visited.add(start);
            dfs(start, r.amountAfterFee(), 0, 0, 0, false, visited);
            return best;
        }

        private void dfs(Token at, BigInteger amount, int steps, int bridges, long gas, boolean lastSwap,
                Set<Token> visited) {
            if (at.chain().equals(r.toChain()) && at.address().equals(r.toToken()) && steps > 0) {
                double net = at.usd(amount) - gasToken.usd(BigInteger.valueOf(gas).multiply(source.gasPriceWei()));
                if (best == null || net > best) {
                    best = net;
                    bestPath = String.join(" > ", trail);
                }
                return;
            }
            if (steps == 4) {
                return;
            }
            for (Pool p : s.pools(at.chain())) {
                if (!p.tokens().contains(at.address())) {
                    continue;
                }
                for (Address next : p.tokens()) {
                    Token t = s.token(at.chain(), next).orElseThrow();
                    if (next.equals(at.address()) || visited.contains(t)) {
                        continue;
                    }
                    SwapQuote q = p.quote(at.address(), next, amount);
                    if (q.amountOut().signum() <= 0) {
                        continue;
                    }
                    long g = bridges == 0 ? gas + GasModel.swapGas(p, q, lastSwap) : gas;
                    visited.add(t);
                    trail.addLast(p.id() + " " + t.symbol() + " " + q.amountOut());
                    dfs(t, q.amountOut(), steps + 1, bridges, g, true, visited);
                    trail.removeLast();
                    visited.remove(t);
                }
            }
            int maxBridges = r.allowMultiBridge() ? 2 : 1;
            for (BridgeLane lane : s.lanes()) {
                if (bridges >= maxBridges || !lane.fromChain().equals(at.chain())
                        || !lane.inputToken().equals(at.address()) || amount.compareTo(lane.minAmount()) < 0
                        || amount.compareTo(lane.capacity()) > 0) {
                    continue;
                }
                Token t = s.token(lane.toChain(), lane.outputToken()).orElseThrow();
                if (visited.contains(t)) {
                    continue;
                }
                BridgeFee f = BridgeFee.of(lane, at, t, amount);
                if (f.amountOut().signum() <= 0) {
                    continue;
                }
                long g = bridges == 0 ? gas + lane.gasUnits() : gas;
                visited.add(t);
                trail.addLast(lane.provider() + " " + t.chain() + " " + t.symbol() + " " + f.amountOut());
                dfs(t, f.amountOut(), steps + 1, bridges + 1, g, false, visited);
                trail.removeLast();
                visited.remove(t);
            }
        }
    }
}
