package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.market.snapshot.SnapshotMarketSource;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The planner's path key is equal exactly when the path key texts are equal and is ordered as they are (the texts break
 * ranking ties), on routes of the embedded market: swaps, bridges, native tokens, and the same paths planned for
 * other amounts.
 */
class PathKeyTest {

    @Test
    void equalAndOrderedExactlyAsThePathKeyTexts() {
        MarketSnapshot market = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        Random random = new Random(5);
        List<Token> tokens = market.tokens();
        RoutePlanner planner = new RoutePlanner();
        List<PlannedRoute> routes = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            Token from = tokens.get(random.nextInt(tokens.size()));
            Token to = tokens.get(random.nextInt(tokens.size()));
            if (from.equals(to) || from.priceUsd() <= 0) {
                continue;
            }
            for (int usd : new int[] {100, 2_000}) {
                var amount = new BigDecimal(usd / from.priceUsd()).movePointRight(from.decimals()).toBigInteger();
                try {
                    routes.addAll(planner.plan(market, RouteRequest.of(from.chain(), from.address(), to.chain(),
                            to.address(), amount)));
                } catch (NoRouteException e) {
                    // nothing to compare
                }
            }
        }
        List<PathKey> keys = routes.stream().map(PathKey::new).toList();
        int equalPairs = 0;
        for (int i = 0; i < routes.size(); i++) {
            for (int j = 0; j < routes.size(); j++) {
                String a = routes.get(i).pathKey();
                String b = routes.get(j).pathKey();
                PathKey x = new PathKey(routes.get(i));
                PathKey y = keys.get(j);
                assertThat(x.equals(y)).as("%s vs %s", a, b).isEqualTo(a.equals(b));
                assertThat(Integer.signum(x.compareTo(y))).as("%s vs %s", a, b)
                        .isEqualTo(Integer.signum(a.compareTo(b)));
                if (a.equals(b)) {
                    assertThat(x.hashCode()).isEqualTo(y.hashCode());
                    equalPairs += i != j ? 1 : 0;
                }
            }
        }
        assertThat(routes).hasSizeGreaterThan(100);
        assertThat(routes).anyMatch(r -> r.bridgeCount() > 0);
        assertThat(routes).anyMatch(r -> r.fromToken().address().solana());
        assertThat(equalPairs).as("the same path planned for two amounts").isPositive();
    }
}
