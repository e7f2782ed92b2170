package dev.junction.market.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.ConstantProductPool;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** A swap executed while a tick computes its trades wins; the tick still moves the other pools. */
class LivingMarketConcurrencyTest {

    @Test
    void aPoolChangedDuringTheTickKeepsTheExecutedSwap() {
        var inner = TestMarket.displaced(1.05).market();
        MarketSnapshot start = inner.current();
        var v2 = (ConstantProductPool) start.pool("eth:uniswap-v2:weth-usdc").orElseThrow();
        Pool swapped = v2.afterSwap(TestMarket.USDC_ETHEREUM, TestMarket.WETH_ETHEREUM, BigInteger.valueOf(1_000_000_000L));
        // a market where another writer (the executor) swaps through the V2 pool just before the tick's update
        Market racing = new Market() {
            @Override
            public MarketSnapshot current() {
                return inner.current();
            }

            @Override
            public MarketSnapshot update(UnaryOperator<MarketSnapshot> change) {
                inner.update(s -> s.withPools(List.of(swapped)));
                return inner.update(change);
            }
        };
        new LivingMarket(racing, 0.0, Duration.ofHours(1), 1).tick(Duration.ofHours(1));

        MarketSnapshot after = inner.current();
        assertThat(after.pool(v2.id())).contains(swapped);
        assertThat(after.pool("eth:uniswap-v3:weth-usdc-3000")).isNotEqualTo(start.pool("eth:uniswap-v3:weth-usdc-3000"));
        assertThat(after.version()).isEqualTo(start.version() + 2);
    }
}
