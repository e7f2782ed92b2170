package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.LiveMarket;
import dev.junction.market.MarketSnapshot;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 38: the route graph the planner searches is built with each snapshot, by the market's writer, before the
 * snapshot is published; the first quote on a new snapshot plans on that graph instead of building one.
 */
class RouteGraphPublicationTest {

    @Test
    void eachPublishedSnapshotCarriesItsRouteGraphAndTheFirstQuoteUsesIt() {
        RoutePlanner planner = new RoutePlanner();
        LiveMarket market = new LiveMarket(TestMarket.standard().snapshot());
        market.deriveOnUpdate(planner.routeGraphs());
        MarketSnapshot next = market.update(s -> s.withPools(List.of(s.pools().getFirst())));

        assertThat(next.hasDerived(planner.routeGraphs())).as("built before publication").isTrue();
        RouteGraph published = (RouteGraph) next.derived(planner.routeGraphs());
        assertThat(published.snapshot).isSameAs(next);
        assertThat(planner.graph(market.current())).isSameAs(published);
        // a quote on it plans on that graph (nothing built on the request)
        RouteRequest request = RouteRequest.of(TestMarket.ETH, TestMarket.WETH, TestMarket.ETH, TestMarket.USDC,
                BigInteger.TEN.pow(18));
        assertThat(planner.plan(market.current(), request)).isNotEmpty();
        assertThat(planner.graph(market.current())).isSameAs(published);
    }

    @Test
    void aSnapshotNeverPublishedBuildsItsGraphOnceOnFirstUse() {
        RoutePlanner planner = new RoutePlanner();
        MarketSnapshot snapshot = TestMarket.standard().snapshot();
        RouteGraph first = planner.graph(snapshot);
        assertThat(planner.graph(snapshot)).isSameAs(first);
        assertThat(snapshot.hasDerived(planner.routeGraphs())).isTrue();
    }
}
