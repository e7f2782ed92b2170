package dev.junction.protocol.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.junction.chain.Address;
import dev.junction.market.BridgeLane;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.SwapQuote;
import dev.junction.market.Token;
import dev.junction.market.WeightedPool;
import dev.junction.market.math.ConcentratedLiquidity;
import dev.junction.market.math.StableSwapMath;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SyntheticMarketSourceTest {

    private static final SyntheticMarketSource.Sizes SMALL = new SyntheticMarketSource.Sizes(4, 200, 3_000, 30);

    @Test
    void buildsTheRequestedSizes() {
        MarketSnapshot s = new SyntheticMarketSource(SMALL, 1).load();
        assertThat(s.chains()).hasSize(4);
        assertThat(s.tokens()).hasSize(200); // including the native token of each chain
        assertThat(s.pools()).hasSize(3_000);
        assertThat(s.lanes()).hasSize(30);
        assertThat(s.pools()).extracting(Pool::id).doesNotHaveDuplicates();
        assertThat(s.pools()).hasAtLeastOneElementOfType(ConstantProductPool.class)
                .hasAtLeastOneElementOfType(ConcentratedPool.class).hasAtLeastOneElementOfType(StablePool.class);
    }

    @Test
    void theSameSeedGivesTheSameMarketAndAnotherSeedAnother() {
        MarketSnapshot a = new SyntheticMarketSource(SMALL, 7).load();
        MarketSnapshot b = new SyntheticMarketSource(SMALL, 7).load();
        MarketSnapshot c = new SyntheticMarketSource(SMALL, 8).load();
        assertThat(a.tokens()).isEqualTo(b.tokens());
        assertThat(a.pools()).isEqualTo(b.pools());
        assertThat(a.lanes()).isEqualTo(b.lanes());
        assertThat(a.chains()).isEqualTo(b.chains());
        assertThat(a.pools()).isNotEqualTo(c.pools());
    }

    @Test
    void everyPoolIsPricedWithinHalfAPercentOfItsTokensReferencePrices() {
        MarketSnapshot s = new SyntheticMarketSource(SMALL, 3).load();
        for (Pool pool : s.pools()) {
            Token t0 = s.token(pool.chain(), pool.tokens().get(0)).orElseThrow();
            Token t1 = s.token(pool.chain(), pool.tokens().get(1)).orElseThrow();
            double reference = t0.priceUsd() / t1.priceUsd() * Math.pow(10, t1.decimals() - t0.decimals());
            assertThat(marginal(pool) / reference).as(pool.id()).isCloseTo(1.0, within(0.005));
        }
    }

    @Test
    void everyPoolQuotesASmallTradeBothWays() {
        MarketSnapshot s = new SyntheticMarketSource(SMALL, 4).load();
        for (Pool pool : s.pools().subList(0, 500)) {
            List<Address> t = pool.tokens();
            for (int k = 0; k < 2; k++) {
                Token in = s.token(pool.chain(), t.get(k)).orElseThrow();
                BigInteger hundredDollars = new BigDecimal(100 / in.priceUsd()).movePointRight(in.decimals()).toBigInteger();
                SwapQuote q = pool.quote(t.get(k), t.get(1 - k), hundredDollars.max(BigInteger.ONE));
                assertThat(q.amountOut().signum()).as(pool.id()).isPositive();
            }
        }
    }

    @Test
    void lanesJoinTheSameCanonicalTokenOnTwoChains() {
        MarketSnapshot s = new SyntheticMarketSource(SMALL, 5).load();
        Set<String> seen = new HashSet<>();
        for (BridgeLane lane : s.lanes()) {
            assertThat(lane.fromChain()).isNotEqualTo(lane.toChain());
            Token in = s.token(lane.fromChain(), lane.inputToken()).orElseThrow();
            Token out = s.token(lane.toChain(), lane.outputToken()).orElseThrow();
            assertThat(in.symbol()).isEqualTo(out.symbol());
            assertThat(seen.add(lane.fromChain() + ">" + lane.toChain() + ":" + in.symbol())).isTrue();
            assertThat(lane.capacity()).isGreaterThan(lane.minAmount());
            if (lane.provider().equals("cctp")) {
                assertThat(in.symbol()).isEqualTo("USDC");
            }
        }
    }

    @Test
    void defaultSizesAreTheBenchmarkMarket() {
        assertThat(SyntheticMarketSource.Sizes.DEFAULT).isEqualTo(new SyntheticMarketSource.Sizes(20, 2_000, 50_000, 500));
        assertThatThrownBy(() -> new SyntheticMarketSource.Sizes(1, 100, 10, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SyntheticMarketSource.Sizes(2, 100, 10, 7)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Marginal price of token0 (coin 0) in token1 (coin 1), smallest units, without fee. */
    private static double marginal(Pool pool) {
        return switch (pool) {
            case ConstantProductPool p -> new BigDecimal(p.reserve1()).divide(new BigDecimal(p.reserve0()),
                    MathContext.DECIMAL64).doubleValue();
            case ConcentratedPool p -> ConcentratedLiquidity.price(p.sqrtPriceX96(), 0, 0);
            case UniswapV4Pool p -> marginal(p.curve());
            case StablePool p -> {
                BigInteger[] balances = p.balances().toArray(BigInteger[]::new);
                int[] decimals = p.decimals().stream().mapToInt(Integer::intValue).toArray();
                BigInteger dx = balances[0].divide(BigInteger.valueOf(1_000_000));
                BigInteger dy = StableSwapMath.getDy(p.amp(), balances, decimals, 0, 0, 1, dx);
                yield new BigDecimal(dy).divide(new BigDecimal(dx), MathContext.DECIMAL64).doubleValue();
            }
            case WeightedPool p -> throw new AssertionError("the synthetic market has no Balancer pools: " + p.id());
            case ComposableStablePool p -> throw new AssertionError("the synthetic market has no Balancer pools: " + p.id());
        };
    }
}
