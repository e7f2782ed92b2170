package dev.junction.market.live;

import static dev.junction.support.TestMarket.ETH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.junction.chain.Address;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.Token;
import dev.junction.market.WeightedPool;
import dev.junction.market.math.TickMath;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LivingMarketTest {

    private static final Duration HOUR = Duration.ofHours(1);

    @Test
    void zeroVolatilityLeavesPricesAndBalancedPoolsUntouched() {
        var market = TestMarket.displaced(1.0).market();
        MarketSnapshot before = market.current();
        var living = new LivingMarket(market, 0.0, HOUR, 7);
        for (int i = 0; i < 5; i++) {
            living.tick(HOUR);
        }
        MarketSnapshot after = market.current();
        assertThat(after.tokens()).isEqualTo(before.tokens());
        // the V2 pool was built at exactly 3000; the V3 pool within rounding of the sqrt price: inside the dead band
        assertThat(after.pools()).isEqualTo(before.pools());
        assertThat(after.version()).isEqualTo(before.version());
    }

    @Test
    void theSameSeedGivesTheSamePathAndAnotherSeedAnother() {
        List<MarketSnapshot> a = path(11);
        List<MarketSnapshot> b = path(11);
        List<MarketSnapshot> c = path(12);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).tokens()).isEqualTo(b.get(i).tokens());
            assertThat(a.get(i).pools()).isEqualTo(b.get(i).pools());
        }
        assertThat(price(a.getLast(), TestMarket.WETH_ETHEREUM)).isNotEqualTo(price(c.getLast(), TestMarket.WETH_ETHEREUM));
    }

    @Test
    void assetsWalkTogetherAndPeggedStablecoinsHoldThePeg() {
        MarketSnapshot last = path(5).getLast();
        assertThat(price(last, TestMarket.WETH_ETHEREUM)).isNotEqualTo(3000.0).isEqualTo(price(last, Address.NATIVE));
        assertThat(price(last, TestMarket.LINK_ETHEREUM)).isNotEqualTo(15.0);
        assertThat(price(last, TestMarket.USDC_ETHEREUM)).isEqualTo(1.0);
        assertThat(price(last, TestMarket.DAI_ETHEREUM)).isEqualTo(1.0);
    }

    @Test
    void theWalkHasTheStatedAnnualisedVolatility() {
        // One year in 10,000 steps at sigma 0.5: the log returns of WETH have a standard deviation of 0.5 (+-5%).
        var market = TestMarket.displaced(1.0).market();
        var walk = new PriceWalk(0.5, 3);
        long step = Math.round(PriceWalk.MILLIS_PER_YEAR / 10_000);
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < 10_000; i++) {
            double r = Math.log(walk.draw(market.current(), step).get("ETH"));
            sum += r;
            sumSq += r * r;
        }
        double variancePerYear = (sumSq - sum * sum / 10_000) / 9_999 * 10_000;
        assertThat(Math.sqrt(variancePerYear)).isCloseTo(0.5, within(0.025));
    }

    @Test
    void arbitragePullsEachPoolKindByTheHalfLifeFraction() {
        var market = TestMarket.displaced(1.05).market();
        MarketSnapshot before = market.current();
        new LivingMarket(market, 0.0, HOUR, 1).tick(HOUR);
        MarketSnapshot after = market.current();
        assertThat(after.version()).isEqualTo(before.version() + 1);
        for (String id : List.of("eth:uniswap-v2:weth-usdc", "eth:uniswap-v3:weth-usdc-3000", "eth:curve:3pool")) {
            double gapBefore = logGap(before, before.pool(id).orElseThrow());
            double gapAfter = logGap(after, after.pool(id).orElseThrow());
            assertThat(Math.abs(gapBefore)).as(id).isGreaterThan(0.005);
            // one half-life: half the log gap closes. V2 and V3 stop short of the target (amounts and prices round
            // toward the pool's side); a 3-coin stable pool settles within 10^-7 of it on either side (passes permitting).
            assertThat(gapAfter / gapBefore).as(id).isCloseTo(0.5, within(1e-4));
            if (id.contains("curve")) {
                assertThat(Math.abs(gapAfter - gapBefore / 2)).as(id).isLessThan(2e-7);
            } else {
                assertThat(gapAfter / gapBefore).as(id).isGreaterThanOrEqualTo(0.5 - 1e-9);
            }
        }
    }

    @Test
    void zeroHalfLifeClosesTheGapAtOnceWithoutPassingTheReference() {
        var market = TestMarket.displaced(0.97).market();
        new LivingMarket(market, 0.0, Duration.ZERO, 1).tick(Duration.ofSeconds(1));
        MarketSnapshot before = TestMarket.displaced(0.97).snapshot();
        for (Pool pool : market.current().pools()) {
            double gapBefore = logGap(before, before.pool(pool.id()).orElseThrow());
            double gapAfter = logGap(market.current(), pool);
            assertThat(Math.abs(gapAfter)).as(pool.id()).isLessThan(1e-4);
            if (pool instanceof StablePool) {
                assertThat(Math.abs(gapAfter)).as(pool.id()).isLessThan(1e-5);
            } else {
                assertThat(gapAfter * gapBefore).as(pool.id()).isGreaterThanOrEqualTo(0);
            }
        }
    }

    @Test
    void theV3PoolAfterArbitrageIsAStateTheContractReaches() {
        var market = TestMarket.displaced(1.2).market();
        new LivingMarket(market, 0.0, Duration.ofMinutes(30), 1).tick(HOUR);
        var pool = (ConcentratedPool) market.current().pool("eth:uniswap-v3:weth-usdc-3000").orElseThrow();
        assertThat(pool.tick()).isEqualTo(TickMath.getTickAtSqrtRatio(pool.sqrtPriceX96()));
        BigIntegerSum sum = new BigIntegerSum();
        pool.liquidityNet().headMap(pool.tick(), true).values().forEach(sum::add);
        assertThat(pool.liquidity()).isEqualTo(sum.total);
    }

    @Test
    void pulledFractionFollowsTheHalfLife() {
        assertThat(LivingMarket.pulledFraction(3_600_000, HOUR)).isCloseTo(0.5, within(1e-12));
        assertThat(LivingMarket.pulledFraction(7_200_000, HOUR)).isCloseTo(0.75, within(1e-12));
        assertThat(LivingMarket.pulledFraction(0, HOUR)).isZero();
        assertThat(LivingMarket.pulledFraction(1, Duration.ZERO)).isEqualTo(1.0);
    }

    @Test
    void invalidSettingsAreRejected() {
        var market = TestMarket.displaced(1.0).market();
        assertThatThrownBy(() -> new LivingMarket(market, -0.1, HOUR, 1))
                .hasMessageContaining("junction.market.volatility");
        assertThatThrownBy(() -> new LivingMarket(market, 0.1, Duration.ofSeconds(-1), 1))
                .hasMessageContaining("junction.market.arbitrage-half-life");
    }

    private static List<MarketSnapshot> path(long seed) {
        var market = TestMarket.displaced(1.0).market();
        var living = new LivingMarket(market, 0.8, Duration.ofMinutes(10), seed);
        List<MarketSnapshot> snapshots = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            snapshots.add(living.tick(HOUR));
        }
        return snapshots;
    }

    private static double price(MarketSnapshot s, Address token) {
        return s.token(ETH, token).map(Token::priceUsd).orElseThrow();
    }

    /** log(reference / pool price) of token0 (coin 0) in token1 (coin 1). */
    private static double logGap(MarketSnapshot s, Pool pool) {
        return switch (pool) {
            case ConstantProductPool p -> Math.log(ref(s, p, p.token0(), p.token1()) / Arbitrage.marginalV2(p));
            case ConcentratedPool p -> Math.log(ref(s, p, p.token0(), p.token1()) / Arbitrage.marginalV3(p));
            case StablePool p -> Math.log(ref(s, p, p.coins().get(0), p.coins().get(1)) / Arbitrage.marginalStable(p, 0, 1));
            case UniswapV4Pool p -> logGap(s, p.curve());
            // Arbitrage leaves Balancer V2 pools as they are: no gap it closes.
            case WeightedPool p -> 0;
            case ComposableStablePool p -> 0;
        };
    }

    private static double ref(MarketSnapshot s, Pool p, Address base, Address quote) {
        return Arbitrage.referencePrice(s, p, base, quote).orElseThrow();
    }

    private static final class BigIntegerSum {
        private BigInteger total = BigInteger.ZERO;

        void add(BigInteger v) {
            total = total.add(v);
        }
    }
}
