package dev.junction.routing;

import static dev.junction.support.TestMarket.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The three ranking modes on one pair where they disagree: ETH USDC to Arbitrum USDC, across (2 min, 30 bps + $0.50
 * gas) against cctp (15 min, free, 30,000 more gas units).
 */
class RouteRankingTest {

    private static MarketSnapshot market(int acrossBps) {
        TestMarket m = TestMarket.standard();
        m.withoutLanes();
        m.lane("across", ETH, ARB, USDC, ARB_USDC, BigInteger.ZERO, acrossBps, 0.5, 120, units("1", 6),
                units("10000000", 6), 90_000)
                .lane("cctp", ETH, ARB, USDC, ARB_USDC, BigInteger.ZERO, 0, 0, 900, units("1", 6),
                        units("10000000", 6), 120_000);
        return m.snapshot();
    }

    private static String first(MarketSnapshot s, String amount, RouteMode mode) {
        List<PlannedRoute> routes = new RoutePlanner().plan(s,
                RouteRequest.of(ETH, USDC, ARB, ARB_USDC, units(amount, 6)).withMode(mode));
        return routes.getFirst().providers().getFirst().key();
    }

    @Test
    void maxValueTakesTheBiggerNetValueFastestTheShorterTime() {
        MarketSnapshot s = market(30);
        // 100,000 USDC: across costs $300.50, cctp $1.80 more gas: cctp is worth more, across is faster
        assertThat(first(s, "100000", RouteMode.MAX_VALUE)).isEqualTo("cctp");
        assertThat(first(s, "100000", RouteMode.FASTEST)).isEqualTo("across");
        // unrecognised mode behaves as max_value
        assertThat(RouteMode.parse("cheapest")).isEqualTo(RouteMode.MAX_VALUE);
        assertThat(RouteMode.parse(null)).isEqualTo(RouteMode.MAX_VALUE);
        assertThat(RouteMode.parse("FASTEST")).isEqualTo(RouteMode.FASTEST);
    }

    @Test
    void suggestedPaysForTimeAtOneBasisPointPerMinute() {
        // 30 bps: cctp is worth ~0.3% more and 13 minutes slower (time cost 0.13%): suggested takes cctp
        assertThat(first(market(30), "100000", RouteMode.SUGGESTED)).isEqualTo("cctp");
        // 5 bps: cctp is worth ~0.05% more but 13 minutes slower: suggested takes across, max_value still cctp
        assertThat(first(market(5), "100000", RouteMode.SUGGESTED)).isEqualTo("across");
        assertThat(first(market(5), "100000", RouteMode.MAX_VALUE)).isEqualTo("cctp");
    }

    @Test
    void fastestBreaksTimeTiesByNetValue() {
        MarketSnapshot s = TestMarket.standard().snapshot();
        List<PlannedRoute> routes = new RoutePlanner().plan(s,
                RouteRequest.of(ETH, WETH, ETH, USDC, units("1", 18)).withMode(RouteMode.FASTEST));
        for (int i = 1; i < routes.size(); i++) {
            PlannedRoute a = routes.get(i - 1);
            PlannedRoute b = routes.get(i);
            assertThat(a.pathTime()).isLessThanOrEqualTo(b.pathTime());
            if (a.pathTime() == b.pathTime()) {
                assertThat(a.netValueUsd()).isGreaterThanOrEqualTo(b.netValueUsd());
            }
        }
    }

    @Property
    void suggestedNeverPrefersARouteBothSlowerAndWorthLess(@ForAll @DoubleRange(min = -1e6, max = 1e9) double net,
            @ForAll @DoubleRange(min = 0, max = 1e6) double less, @ForAll @IntRange(min = 0, max = 86_400) int seconds,
            @ForAll @IntRange(min = 0, max = 86_400) int slower, @ForAll @DoubleRange(min = 0.01, max = 1e9) double amountUsd) {
        if (less == 0 && slower == 0) {
            return;
        }
        double better = RouteRanking.suggestedScore(net, seconds, amountUsd);
        double worse = RouteRanking.suggestedScore(net - less, seconds + slower, amountUsd);
        assertThat(worse).isLessThanOrEqualTo(better);
    }
}
