package dev.junction.execution.internal;

import static dev.junction.support.TestMarket.ETH;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.execution.SimulationResult;
import dev.junction.execution.network.EmbeddedNetwork;
import dev.junction.market.SimulationClock;
import dev.junction.support.TestDatabase;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One time model (issue 12, item 1): every deadline and expiry a user sees is Unix seconds of the wall clock, the
 * clock that checks it; the clock speed only compresses simulated durations (blocks, confirmations, bridges). A fast
 * simulation never makes a fresh quote's deadline unreachable, and a data dir is never poisoned by an earlier run's
 * speed.
 */
class OneClockTest {

    final MovableClock wall = new MovableClock(Instant.parse("2026-11-24T01:00:00Z"));
    final TestDatabase db = TestDatabase.h2();
    final JdbcClient jdbc = db.jdbc();
    final TransactionTemplate tx = new TransactionTemplate(new JdbcTransactionManager(db.dataSource()));
    final TestMarket.InMemory market = TestMarket.execution().market();

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void atSpeed600TheClockUsersSeeIsTheWallClock() {
        SimulationClock clock = new SimulationClock(wall, 600);
        wall.advance(Duration.ofMinutes(2));
        assertThat(clock.now()).isEqualTo(wall.instant());
        assertThat(clock.simulatedMillis(60_000)).as("a real minute is ten simulated hours").isEqualTo(36_000_000);
    }

    @Test
    void afterUptimeAtSpeed600AFreshDeadlineStillPassesTheDryRun() {
        SimulationClock clock = new SimulationClock(wall, 600);
        EmbeddedNetwork network = new EmbeddedNetwork(market, clock, jdbc, tx, 0, 7);
        wall.advance(Duration.ofSeconds(30));
        assertThat(network.nowMs()).as("the network's time is Unix time").isEqualTo(wall.millis());

        DryRun dry = new DryRun(market, new Transactions(Address.evm("0x00000000000000000000000000000000000a11ce")),
                clock::millis);
        Instant deadline = wall.instant().plusSeconds(60); // what a quote taken now carries
        SimulationResult r = dry.simulate(TestMarket.sameChain(BigInteger.ONE, deadline, null));
        assertThat(r.success()).as(r.reason()).isTrue();
    }

    @Test
    void blocksRunFasterAtSpeed600ButTheirTimestampsAreWallTime() {
        SimulationClock clock = new SimulationClock(wall, 600);
        EmbeddedNetwork network = new EmbeddedNetwork(market, clock, jdbc, tx, 0, 7);
        long head0 = network.head(ETH);
        wall.advance(Duration.ofSeconds(12));
        // 12 real seconds at 600x are 7,200 simulated seconds: 600 Ethereum blocks of 12 s
        assertThat(network.head(ETH) - head0).isEqualTo(600);
        long ts = network.timestampMs(ETH, network.head(ETH));
        assertThat(ts).isBetween(wall.millis() - 1_000, wall.millis());
    }

    @Test
    void aFastRunDoesNotPoisonTheDataDirForASlowerOne() {
        EmbeddedNetwork fast = new EmbeddedNetwork(market, new SimulationClock(wall, 600), jdbc, tx, 0, 7);
        wall.advance(Duration.ofMinutes(10)); // 100 simulated hours
        fast.persistTime();
        long fastHead = fast.head(ETH);

        wall.advance(Duration.ofSeconds(5)); // restart at speed 1 on the same database
        EmbeddedNetwork slow = new EmbeddedNetwork(market, new SimulationClock(wall, 1), jdbc, tx, 0, 7);
        assertThat(slow.nowMs()).as("not hours ahead of the wall clock").isEqualTo(wall.millis());
        assertThat(slow.head(ETH)).as("blocks never go back").isGreaterThanOrEqualTo(fastHead);
        wall.advance(Duration.ofSeconds(24));
        assertThat(slow.head(ETH)).isEqualTo(fastHead + 2);

        DryRun dry = new DryRun(market, new Transactions(Address.evm("0x00000000000000000000000000000000000a11ce")),
                slow::nowMs);
        SimulationResult r = dry.simulate(TestMarket.sameChain(BigInteger.ONE, wall.instant().plusSeconds(60), null));
        assertThat(r.success()).as(r.reason()).isTrue();
    }

    /** A wall clock moved by hand. */
    static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant start) {
            this.now = start;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
