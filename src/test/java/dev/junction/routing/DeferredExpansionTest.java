package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.MarketSnapshot;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The candidate search's deferred expansion (PERFORMANCE.md, "Why the T1->T2 quote is slower on the mixed market"):
 * a popped partial path's successors are built only when a stand-in ranked at their bound leaves the queue. The
 * search takes the same partial paths off the queue and answers the same candidates as building them at once (a graph
 * whose step bounds are all NaN), and on a dense chain whose gas is a large part of the trade it builds a fraction of
 * them.
 */
class DeferredExpansionTest {

    private static final ChainId CHAIN = TestMarket.ETH;

    @Test
    void aDenseChainWithPricedGasBuildsAFractionOfTheSuccessors() {
        MarketSnapshot snapshot = dense(24, 1).snapshot();
        RouteRequest request = RouteRequest.of(CHAIN, token(1), CHAIN, token(2), BigInteger.TEN.pow(18));
        Run deferred = search(snapshot, request, false);
        Run eager = search(snapshot, request, true);
        assertThat(deferred.candidates).isEqualTo(eager.candidates).hasSize(PlannerSettings.DEFAULTS.candidates());
        assertThat(deferred.popped).isEqualTo(eager.popped);
        // 24 tokens, two pools a pair: 46 edges out of each node; the eager search queues every one of each popped
        // partial path's (11,138 here), the deferred one those of the few whose stand-in ranks above the routes it
        // ends with (1,234)
        assertThat(eager.built).isGreaterThan(5 * deferred.built);
    }

    @Test
    void withFreeGasTheSameCandidates() {
        MarketSnapshot snapshot = dense(24, 0).snapshot();
        RouteRequest request = RouteRequest.of(CHAIN, token(1), CHAIN, token(2), BigInteger.TEN.pow(18));
        Run deferred = search(snapshot, request, false);
        Run eager = search(snapshot, request, true);
        assertThat(deferred.candidates).isEqualTo(eager.candidates);
        assertThat(deferred.popped).isEqualTo(eager.popped);
        assertThat(deferred.built).isLessThanOrEqualTo(eager.built);
    }

    @Test
    void aNodeWithABridgeLaneIsExpandedAtOnce() {
        RouteGraph graph = new RouteGraph(TestMarket.standard().snapshot(), 3);
        for (int i = 0; i < graph.tokens.length; i++) {
            boolean bridge = Arrays.stream(graph.out[i]).anyMatch(Edge::isBridge);
            assertThat(Double.isNaN(graph.stepUsdBound[i])).as("node %s", graph.tokens[i]).isEqualTo(bridge);
        }
    }

    /** On the exhaustive search's random markets (two chains, lanes, stable pools): deferred or not, the same. */
    @Property(tries = 200)
    void sameCandidatesAsBuildingEverySuccessorAtOnce(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long seed,
            @ForAll @IntRange(min = 0, max = 3) int fromIndex, @ForAll @IntRange(min = 0, max = 7) int toIndex,
            @ForAll @IntRange(min = 0, max = 7) int magnitude, @ForAll boolean multiBridge,
            @ForAll RouteMode mode) {
        Random rnd = new Random(seed);
        MarketSnapshot snapshot = ExhaustiveSearchProperties.randomMarket(rnd).snapshot();
        Optional<RouteRequest> drawn = ExhaustiveSearchProperties.randomRequest(snapshot, rnd, fromIndex, toIndex,
                magnitude, multiBridge);
        if (drawn.isEmpty()) {
            return;
        }
        RouteRequest request = drawn.get().withMode(mode);
        Run deferred = search(snapshot, request, false);
        Run eager = search(snapshot, request, true);
        assertThat(deferred.candidates).isEqualTo(eager.candidates);
        assertThat(deferred.popped).isEqualTo(eager.popped);
        assertThat(deferred.feesExceeded).isEqualTo(eager.feesExceeded);
    }

    private record Run(List<String> candidates, int popped, int built, int feesExceeded) {
    }

    private static Run search(MarketSnapshot snapshot, RouteRequest request, boolean eager) {
        RouteGraph graph = new RouteGraph(snapshot, PlannerSettings.DEFAULTS.poolsPerPair());
        if (eager) {
            Arrays.fill(graph.stepUsdBound, Double.NaN);
        }
        int source = graph.node(request.fromChain(), request.fromToken());
        int target = graph.node(request.toChain(), request.toToken());
        Diagnostics diagnostics = new Diagnostics();
        CandidateSearch search = new CandidateSearch(graph, PlannerSettings.DEFAULTS, new QuoteMemo(snapshot, null, 0, 0));
        List<String> candidates = search.run(source, target, request, diagnostics).stream()
                .map(DeferredExpansionTest::describe).toList();
        search.settleDeferred(diagnostics);
        return new Run(candidates, search.popped(), search.built(), diagnostics.feesExceeded);
    }

    private static String describe(Edge[] path) {
        return Arrays.stream(path).map(e -> e.from + ">" + e.to + ":" + (e.isBridge() ? e.lane.provider() : e.pool.id()))
                .collect(Collectors.joining(" "));
    }

    private static Address token(int i) {
        return TestMarket.addr(100 + i);
    }

    /**
     * One chain of {@code n} $1 tokens, each pair with two constant-product pools of $1M a side (prices off by up to
     * 1%), gas at {@code gwei} and native ETH at $2,000: a 1-token trade's swap costs about a fifth of it at 1 gwei.
     */
    private static TestMarket dense(int n, long gwei) {
        Random rnd = new Random(36);
        TestMarket m = new TestMarket().chain(CHAIN, "eth", 12_000, gwei, TestMarket.addr(900));
        m.token(CHAIN, Address.NATIVE, "ETH", 18, 2000);
        for (int i = 0; i < n; i++) {
            m.token(CHAIN, token(i), "T" + i, 18, 1);
        }
        BigInteger million = BigInteger.TEN.pow(24);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                for (String provider : List.of("uniswap-v2", "sushiswap")) {
                    BigInteger r1 = million.multiply(BigInteger.valueOf(9_900 + rnd.nextInt(200)))
                            .divide(BigInteger.valueOf(10_000));
                    m.v2(provider + ":" + i + "-" + j, CHAIN, provider, token(i), token(j), million, r1, 30, 2e6);
                }
            }
        }
        return m;
    }
}
