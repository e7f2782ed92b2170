package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Token;
import dev.junction.market.snapshot.SnapshotMarketSource;
import dev.junction.routing.NoRouteException;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import dev.junction.routing.StepKind;
import java.math.BigDecimal;
import java.math.BigInteger;
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
 * embedded market: swaps of every pool kind, bridges, native in and out, integrator fees.
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
    void refusesTextOfAnotherFormat() {
        assertThatThrownBy(() -> codec.decode("[\"plan0\",[]]", market)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("plan1");
    }
}
