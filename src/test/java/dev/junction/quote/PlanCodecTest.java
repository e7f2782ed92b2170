package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.ChainId;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Token;
import dev.junction.market.snapshot.SnapshotMarketSource;
import dev.junction.routing.NoRouteException;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import dev.junction.routing.StepKind;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The stored form of routes decodes to records equal to the planned ones (every amount, token with its quoted price,
 * pool, lane, provider, and the derived USD values, times, bridge count, path type and provider list), on routes of the
 * embedded market: swaps of every pool kind, bridges, native in and out, integrator fees. Text an older instance wrote
 * in the previous format (decimal amounts) still decodes.
 */
class PlanCodecTest {

    private static MarketSnapshot market;
    private static final PlanCodec codec = new PlanCodec(JsonMapper.builder().build());

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
                List<Optional<PlannedRoute>> decoded = codec.decode(codec.encode(routes), market);
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
                .map(s -> s.pool().getClass()).distinct()).hasSize(3);
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

        List<Optional<PlannedRoute>> decoded = codec.decode(codec.encode(routes), without);

        assertThat(decoded).hasSize(routes.size());
        assertThat(decoded.getFirst()).isEmpty();
        for (int i = 0; i < routes.size(); i++) {
            boolean usesGone = routes.get(i).steps().stream().anyMatch(s -> gone.equals(s.pool()));
            assertThat(decoded.get(i)).isEqualTo(usesGone ? Optional.empty() : Optional.of(routes.get(i)));
        }
    }

    @Test
    void writesAmountsInHex() {
        List<PlannedRoute> routes = new RoutePlanner().plan(market, ethToOptimismUsdc());

        String text = codec.encode(routes);

        assertThat(text).startsWith("[\"plan2\",");
        assertThat(text).contains("\"" + routes.getFirst().amount().toString(16) + "\"")
                .doesNotContain("\"" + routes.getFirst().amount() + "\"");
    }

    /** Rows an older instance wrote (decimal amounts, format plan1) are read back within their retention. */
    @Test
    void textOfThePreviousFormatStillDecodesToTheSamePlans() throws IOException {
        String plan1;
        try (InputStream in = PlanCodecTest.class.getResourceAsStream("/quote/plan1-eth-to-optimism-usdc.json")) {
            plan1 = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<PlannedRoute> routes = new RoutePlanner().plan(market, ethToOptimismUsdc());
        assertThat(plan1).startsWith("[\"plan1\",");
        assertThat(routes).anyMatch(r -> r.bridgeCount() > 0);

        assertThat(codec.decode(plan1, market)).containsExactlyElementsOf(routes.stream().map(Optional::of).toList());
    }

    @Test
    void hexIsWhatBigIntegerRendersInRadix16() {
        List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.TEN,
                BigInteger.valueOf(15), BigInteger.valueOf(16), BigInteger.valueOf(255), BigInteger.valueOf(256),
                BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE),
                BigInteger.TWO.pow(64).subtract(BigInteger.ONE), BigInteger.TWO.pow(64),
                BigInteger.TWO.pow(256).subtract(BigInteger.ONE), BigInteger.valueOf(-1), BigInteger.valueOf(-4096),
                BigInteger.TWO.pow(200).negate()));
        Random random = new Random(11);
        for (int i = 0; i < 2_000; i++) {
            BigInteger v = new BigInteger(1 + random.nextInt(300), random);
            values.add(random.nextBoolean() ? v : v.negate());
        }
        char[] out = new char[80];
        for (BigInteger v : values) {
            assertThat(new String(out, 0, PlanCodec.hex(v, out))).as("%s", v).isEqualTo(v.toString(16));
        }
    }

    @Test
    void refusesTextOfAnotherFormat() {
        assertThatThrownBy(() -> codec.decode("[\"plan0\",[]]", market)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("plan2").hasMessageContaining("plan1");
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
