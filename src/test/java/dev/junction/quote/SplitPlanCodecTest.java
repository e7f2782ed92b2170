package dev.junction.quote;

import static dev.junction.support.TestMarket.ARB;
import static dev.junction.support.TestMarket.ARB_WETH;
import static dev.junction.support.TestMarket.ETH;
import static dev.junction.support.TestMarket.USDC;
import static dev.junction.support.TestMarket.WETH;
import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.routing.PathType;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import dev.junction.routing.RouteStep;
import dev.junction.routing.StepKind;
import dev.junction.support.TestMarket;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A split route's stored form keeps every step's leg and share: it decodes to a record equal to the planned one. */
class SplitPlanCodecTest {

    @Test
    void aSplitRouteDecodesToTheSamePlanWithItsLegs() {
        MarketSnapshot market = TestMarket.standard().snapshot();
        List<PlannedRoute> routes = new RoutePlanner().plan(market,
                RouteRequest.of(ETH, WETH, ETH, USDC, units("60", 18)).withFeeBps(25));
        PlannedRoute split = routes.getFirst();
        assertThat(split.pathType()).isEqualTo(PathType.SAME_CHAIN_SPLIT_SWAP);
        assertThat(split.steps()).extracting(RouteStep::leg).doesNotContainNull();
        List<Optional<PlannedRoute>> decoded = PlanCodec.decode(PlanCodec.encode(routes), market);
        assertThat(decoded).containsExactlyElementsOf(routes.stream().map(Optional::of).toList());
        assertThat(decoded.getFirst().orElseThrow().legs()).isEqualTo(split.legs());
    }

    @Test
    void aCrossChainSplitDecodesToTheSamePlanWithEachSegmentsLegs() {
        MarketSnapshot market = TestMarket.crossChainPairs(500, 400, 300, 250).snapshot();
        List<PlannedRoute> routes = new RoutePlanner().plan(market,
                RouteRequest.of(ETH, WETH, ARB, ARB_WETH, units("100", 18)).withFeeBps(25));
        PlannedRoute split = routes.getFirst();
        assertThat(split.pathType()).isEqualTo(PathType.CROSS_CHAIN_SPLIT_SWAP);
        assertThat(split.pathType().wire()).isEqualTo("crossChainSplitSwap");
        // both segments split, the bridge of no leg between them, each segment's legs numbered from 0
        assertThat(split.steps().getFirst().leg().index()).isZero();
        RouteStep bridge = split.steps().stream().filter(s -> s.kind() == StepKind.BRIDGE).findFirst().orElseThrow();
        assertThat(bridge.leg()).isNull();
        assertThat(split.steps().get(split.steps().indexOf(bridge) + 1).leg().index()).isZero();
        assertThat(split.steps().getLast().leg()).isNotNull();
        List<Optional<PlannedRoute>> decoded = PlanCodec.decode(PlanCodec.encode(routes), market);
        assertThat(decoded).containsExactlyElementsOf(routes.stream().map(Optional::of).toList());
    }
}
