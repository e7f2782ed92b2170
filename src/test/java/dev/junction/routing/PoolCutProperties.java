package dev.junction.routing;

import static dev.junction.support.TestMarket.ETH;
import static dev.junction.support.TestMarket.USDC;
import static dev.junction.support.TestMarket.WETH;
import static dev.junction.support.TestMarket.units;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.From;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * On random WETH/USDC pairs of one to eight constant-product pools at the same price (random depths, fee tiers and
 * providers, so most markets hold more pools than the route graph's cut of 3): the best route, unfiltered or restricted
 * to any one provider of the pair, delivers at least the best single pool it may use. At one price a pool's output
 * grows with its depth and falls with its fee, so a pool the cut leaves out is never the best single pool.
 */
class PoolCutProperties {

    private static final List<String> PROVIDERS = List.of("uniswap-v2", "sushiswap", "balancer-v2", "pancakeswap");
    private static final List<Integer> FEES = List.of(1, 5, 25, 30, 100);

    record PoolSpec(int provider, long weth, int feeBps) {
    }

    @Provide
    Arbitrary<PoolSpec> pools() {
        return Combinators.combine(Arbitraries.integers().between(0, PROVIDERS.size() - 1),
                Arbitraries.longs().between(10, 50_000), Arbitraries.of(FEES)).as(PoolSpec::new);
    }

    private static MarketSnapshot market(List<PoolSpec> specs) {
        TestMarket m = new TestMarket().chain(ETH, "eth", 12_000, 20, WETH)
                .token(ETH, WETH, "WETH", 18, 3000).token(ETH, USDC, "USDC", 6, 1);
        for (int i = 0; i < specs.size(); i++) {
            PoolSpec s = specs.get(i);
            m.v2("eth:pool" + i, ETH, PROVIDERS.get(s.provider()), WETH, USDC, units(Long.toString(s.weth()), 18),
                    units(Long.toString(s.weth() * 3000), 6), s.feeBps(), s.weth() * 6000.0);
        }
        return m.snapshot();
    }

    @Property(tries = 150)
    void everyFilterGetsAtLeastItsBestSinglePool(@ForAll @Size(min = 1, max = 8) List<@From("pools") PoolSpec> specs,
            @ForAll @LongRange(min = 1, max = 100_000) long centiWeth) {
        MarketSnapshot snapshot = market(specs);
        BigInteger in = units(Long.toString(centiWeth), 16);
        RoutePlanner planner = new RoutePlanner(PlannerSettings.DEFAULTS.withMaxSplits(1));
        assertAtLeastBestSingle(planner, snapshot, in, ProviderFilter.ALL);
        for (int p = 0; p < PROVIDERS.size(); p++) {
            int provider = p;
            if (specs.stream().anyMatch(s -> s.provider() == provider)) {
                assertAtLeastBestSingle(planner, snapshot, in,
                        new ProviderFilter(Set.of(PROVIDERS.get(provider)), Set.of()));
            }
        }
    }

    private static void assertAtLeastBestSingle(RoutePlanner planner, MarketSnapshot snapshot, BigInteger in,
            ProviderFilter filter) {
        BigInteger bestSingle = BigInteger.ZERO;
        for (Pool pool : snapshot.pools()) {
            if (filter.allows(pool.provider())) {
                bestSingle = bestSingle.max(pool.quote(WETH, USDC, in).amountOut());
            }
        }
        List<PlannedRoute> routes = planner.plan(snapshot, RouteRequest.of(ETH, WETH, ETH, USDC, in).withProviders(filter));
        assertThat(routes.getFirst().amountOut()).as("best route under %s", filter).isGreaterThanOrEqualTo(bestSingle);
        assertThat(routes).allSatisfy(r -> assertThat(r.steps()).allSatisfy(s -> assertThat(
                filter.allows(s.provider().key())).isTrue()));
    }
}
