package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.ChainId;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.WeightedPool;
import dev.junction.market.snapshot.SnapshotMarketSource;
import dev.junction.routing.NoRouteException;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.PlannerSettings;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import dev.junction.routing.RouteStep;
import dev.junction.routing.StepKind;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The stored form of routes decodes to records equal to the planned ones (every amount, token with its quoted price,
 * pool, lane, provider, and the derived USD values, times, bridge count, path type and provider list), on routes of the
 * embedded market: swaps of every pool kind, bridges, native in and out, integrator fees. Text older instances wrote
 * in the previous formats (plan1, plan2) still decodes; corrupt bytes are refused.
 */
class PlanCodecTest {

    /** The planner as it was when the stored rows of older formats were written: no split routes. */
    static final PlannerSettings SINGLE_PATH = PlannerSettings.DEFAULTS.withMaxSplits(1);

    private static MarketSnapshot market;

    @BeforeAll
    static void load() {
        market = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
    }

    @Test
    void everyRouteOfManyRequestsDecodesToTheSamePlan() {
        Random random = new Random(7);
        List<Token> tokens = market.tokens().stream().filter(t -> !t.address().solana()).toList();
        RoutePlanner planner = new RoutePlanner();
        List<PlannedRoute> all = new ArrayList<>();
        for (int i = 0; i < 150 && all.size() < 300; i++) {
            Token from = tokens.get(random.nextInt(tokens.size()));
            Token to = tokens.get(random.nextInt(tokens.size()));
            if (from.equals(to) || from.priceUsd() <= 0) {
                continue;
            }
            double usd = 10 + random.nextInt(5_000);
            var amount = new BigDecimal(usd / from.priceUsd()).movePointRight(from.decimals()).toBigInteger();
            RouteRequest request = RouteRequest.of(from.chain(), from.address(), to.chain(), to.address(), amount)
                    .withFeeBps(random.nextInt(3) == 0 ? 25 : 0);
            try {
                List<PlannedRoute> routes = planner.plan(market, request);
                List<Optional<PlannedRoute>> decoded = PlanCodec.decode(PlanCodec.encode(routes), market);
                assertThat(decoded).containsExactlyElementsOf(routes.stream().map(Optional::of).toList());
                all.addAll(routes);
            } catch (NoRouteException e) {
                // pairs without a route have nothing to store
            }
        }
        assertThat(all).hasSizeGreaterThan(100);
        assertThat(all).anyMatch(r -> r.steps().stream().anyMatch(s -> s.kind() == StepKind.BRIDGE));
        assertThat(all).anyMatch(r -> r.integratorFee().signum() > 0);
        assertThat(all).anyMatch(r -> r.fromToken().isNative() || r.toToken().isNative());
        assertThat(all.stream().flatMap(r -> r.steps().stream()).filter(s -> s.pool() != null)
                .<Class<?>>map(s -> s.pool().getClass()).distinct()).containsExactlyInAnyOrder(ConcentratedPool.class,
                        UniswapV4Pool.class, ComposableStablePool.class, StablePool.class, ConstantProductPool.class);
    }

    @Test
    void aRouteThroughAPoolTheMarketNoLongerHasDecodesToEmpty() {
        Token weth = market.tokens().stream().filter(t -> t.chain().value() == 1 && t.symbol().equals("WETH"))
                .findFirst().orElseThrow();
        Token usdc = market.tokens().stream().filter(t -> t.chain().value() == 1 && t.symbol().equals("USDC"))
                .findFirst().orElseThrow();
        List<PlannedRoute> routes = new RoutePlanner().plan(market, RouteRequest.of(weth.chain(), weth.address(),
                usdc.chain(), usdc.address(), new BigInteger("1000000000000000000")));
        Pool gone = routes.getFirst().steps().getFirst().pool();
        MarketSnapshot without = new MarketSnapshot(market.version(), market.chains(), market.tokens(),
                market.providers(), market.pools().stream().filter(p -> !p.equals(gone)).toList(), market.lanes());

        List<Optional<PlannedRoute>> decoded = PlanCodec.decode(PlanCodec.encode(routes), without);

        assertThat(decoded).hasSize(routes.size());
        assertThat(decoded.getFirst()).isEmpty();
        for (int i = 0; i < routes.size(); i++) {
            boolean usesGone = routes.get(i).steps().stream().anyMatch(s -> gone.equals(s.pool()));
            assertThat(decoded.get(i)).isEqualTo(usesGone ? Optional.empty() : Optional.of(routes.get(i)));
        }
    }

    /**
     * Format plan3 is bytes: the format byte, then each string once and the amounts as their magnitude's bytes, about
     * a third of the text an instance of format plan2 stored for the same routes.
     */
    @Test
    void writesBytesOfAboutAThirdOfTheTextForm() throws IOException {
        // the routes plan2's text holds: written before cross-chain routes split
        List<PlannedRoute> routes = new RoutePlanner(SINGLE_PATH).plan(market, ethToOptimismUsdc());

        byte[] stored = PlanCodec.encode(routes);

        assertThat(stored[0]).isEqualTo((byte) 3);
        String plan2 = resource("/quote/plan2-eth-to-optimism-usdc.json");
        assertThat(stored.length).isLessThan(plan2.length() * 2 / 5);
        String latin1 = new String(stored, StandardCharsets.ISO_8859_1);
        assertThat(latin1).containsOnlyOnce(routes.getFirst().routeAddress().value())
                .containsOnlyOnce(routes.getFirst().toToken().address().value());
        byte[] amount = routes.getFirst().amount().toByteArray();
        assertThat(latin1).contains(new String(amount, StandardCharsets.ISO_8859_1));
    }

    /** Rows older instances wrote (format plan1: decimal amounts; plan2: hex) are read back within their retention. */
    @ParameterizedTest
    @ValueSource(strings = {"plan1", "plan2"})
    void textOfThePreviousFormatsStillDecodesToTheSamePlans(String format) throws IOException {
        String text = resource("/quote/" + format + "-eth-to-optimism-usdc.json");
        // the rows were written before the snapshot had Uniswap V4 and Balancer V2 pools and before cross-chain routes
        // split: the same routes are planned on the snapshot without them, single-path
        MarketSnapshot written = new MarketSnapshot(market.version(), market.chains(), market.tokens(),
                market.providers(), market.pools().stream().filter(p -> !(p instanceof UniswapV4Pool
                        || p instanceof WeightedPool || p instanceof ComposableStablePool)).toList(), market.lanes());
        List<PlannedRoute> routes = new RoutePlanner(SINGLE_PATH).plan(written, ethToOptimismUsdc());
        assertThat(text).startsWith("[\"" + format + "\",");
        assertThat(routes).anyMatch(r -> r.bridgeCount() > 0);

        assertThat(new PlanText(JsonMapper.builder().build()).decode(text, written))
                .containsExactlyElementsOf(routes.stream().map(Optional::of).toList());
    }

    /**
     * Every amount, whatever its size and sign (zero, a long's edges, 2^256 - 1, negative), decodes to itself: the
     * routes of a quote with their amounts replaced by random ones round-trip exactly.
     */
    @Test
    void amountsOfEverySizeAndSignRoundTrip() {
        List<BigInteger> edges = List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(127),
                BigInteger.valueOf(128), BigInteger.valueOf(255), BigInteger.valueOf(256),
                BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE),
                BigInteger.TWO.pow(56).subtract(BigInteger.ONE), BigInteger.TWO.pow(56),
                BigInteger.TWO.pow(64).subtract(BigInteger.ONE), BigInteger.TWO.pow(64),
                BigInteger.TWO.pow(256).subtract(BigInteger.ONE), BigInteger.valueOf(-1),
                BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MIN_VALUE).subtract(BigInteger.ONE),
                BigInteger.TWO.pow(200).negate());
        List<PlannedRoute> routes = new RoutePlanner().plan(market, ethToOptimismUsdc());
        Random random = new Random(13);
        for (int round = 0; round < 300; round++) {
            List<PlannedRoute> changed = new ArrayList<>();
            for (PlannedRoute r : routes) {
                List<RouteStep> steps = new ArrayList<>();
                for (RouteStep s : r.steps()) {
                    steps.add(new RouteStep(s.kind(), s.provider(), s.chain(), s.fromChain(), s.toChain(),
                            s.fromToken(), s.toToken(), any(random, edges), any(random, edges), any(random, edges),
                            any(random, edges), random.nextLong(Long.MAX_VALUE), random.nextInt(Integer.MAX_VALUE),
                            random.nextInt(Integer.MAX_VALUE), s.pool(), s.lane(), s.poolTokenIn(),
                            s.poolTokenOut()));
                }
                changed.add(PlannedRoute.of(any(random, edges), any(random, edges), steps, any(random, edges),
                        any(random, edges), any(random, edges), r.gasToken(), r.routeAddress()));
            }
            assertThat(PlanCodec.decode(PlanCodec.encode(changed), market))
                    .containsExactlyElementsOf(changed.stream().map(Optional::of).toList());
        }
    }

    /** Bytes cut short anywhere are refused as not a stored plan, never read past their end. */
    @Test
    void refusesEveryTruncation() {
        byte[] stored = PlanCodec.encode(new RoutePlanner().plan(market, ethToOptimismUsdc()));
        for (int length = 0; length < stored.length; length++) {
            byte[] cut = Arrays.copyOf(stored, length);
            assertThatThrownBy(() -> PlanCodec.decode(cut, market)).as("first %d bytes", length)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        byte[] longer = Arrays.copyOf(stored, stored.length + 1);
        assertThatThrownBy(() -> PlanCodec.decode(longer, market)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("after its last route");
    }

    /**
     * Corrupted bytes (a stored row damaged, or bytes of another kind) either decode to some routes or are refused
     * with IllegalArgumentException; never another exception, never an allocation sized by a corrupt count.
     */
    @Test
    void corruptBytesAreRefusedOrDecodedButNeverBreakTheReader() {
        byte[] stored = PlanCodec.encode(new RoutePlanner().plan(market, ethToOptimismUsdc()));
        Random random = new Random(17);
        int refused = 0;
        for (int i = 0; i < 5_000; i++) {
            byte[] corrupt = stored.clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                corrupt[1 + random.nextInt(corrupt.length - 1)] = (byte) random.nextInt(256);
            }
            try {
                PlanCodec.decode(corrupt, market);
            } catch (IllegalArgumentException e) {
                refused++;
            }
        }
        assertThat(refused).isPositive();
        assertThatThrownBy(() -> PlanCodec.decode(new byte[] {2, 0, 0, 0}, market))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("plan3");
        assertThatThrownBy(() -> PlanCodec.decode(new byte[] {3, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f}, market))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("count");
    }

    @Test
    void refusesTextOfAnotherFormat() {
        assertThatThrownBy(() -> new PlanText(JsonMapper.builder().build()).decode("[\"plan0\",[]]", market))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("plan2").hasMessageContaining("plan1");
    }

    private static BigInteger any(Random random, List<BigInteger> edges) {
        if (random.nextInt(3) == 0) {
            return edges.get(random.nextInt(edges.size()));
        }
        BigInteger v = new BigInteger(random.nextInt(257), random);
        return random.nextInt(8) == 0 ? v.negate() : v;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = PlanCodecTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The request whose plans an older instance stored in {@code plan1-eth-to-optimism-usdc.json}. */
    private static RouteRequest ethToOptimismUsdc() {
        Token eth = market.nativeToken(market.chain(new ChainId(1)).orElseThrow());
        Token usdc = market.tokens().stream().filter(t -> t.chain().value() == 10 && t.symbol().equals("USDC"))
                .findFirst().orElseThrow();
        return RouteRequest.of(eth.chain(), eth.address(), usdc.chain(), usdc.address(),
                new BigInteger("1500000000000000000")).withFeeBps(25);
    }
}
