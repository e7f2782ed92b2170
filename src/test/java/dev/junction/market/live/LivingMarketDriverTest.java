package dev.junction.market.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.SimulationClock;
import dev.junction.support.TestMarket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class LivingMarketDriverTest {

    @Test
    void eachStepAdvancesTheMarketByTheSimulatedTimeThatPassed() {
        var market = TestMarket.displaced(1.05).market();
        var base = new MutableClock();
        var clock = new SimulationClock(base, 60); // one real minute is one simulated hour
        var driver = new LivingMarketDriver(market, clock, 0.0, Duration.ofHours(1), 1);

        MarketSnapshot before = market.current();
        base.advance(Duration.ofMinutes(1));
        driver.step();

        // the same as one direct tick of an hour
        var reference = TestMarket.displaced(1.05).market();
        new LivingMarket(reference, 0.0, Duration.ofHours(1), 1).tick(Duration.ofHours(1));
        assertThat(market.current().version()).isEqualTo(before.version() + 1);
        assertThat(market.current().pools()).isEqualTo(reference.current().pools());
    }

    /** A clock moved by hand. */
    private static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
