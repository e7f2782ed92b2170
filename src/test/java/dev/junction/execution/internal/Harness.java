package dev.junction.execution.internal;

import dev.junction.chain.Address;
import dev.junction.execution.SwapChangeListener;
import dev.junction.execution.SwapView;
import dev.junction.execution.network.EmbeddedNetwork;
import dev.junction.market.SimulationClock;
import dev.junction.support.TestDatabase;
import dev.junction.support.TestMarket;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The executor wired by hand over a real database ({@link TestDatabase}: H2 in memory, or PostgreSQL in a fresh schema
 * dropped on close). Several harnesses may share one database ({@link #sharing}) to act as separate instances.
 */
public final class Harness implements AutoCloseable {

    final TestDatabase db;
    public final JdbcClient jdbc;
    public final TransactionTemplate tx;
    public final TestMarket.InMemory market = TestMarket.execution().market();
    public final SimulationClock clock;
    public final EmbeddedNetwork network;
    public final SwapRepository repo;
    public final Transactions transactions = new Transactions(Address.evm("0x00000000000000000000000000000000000a11ce"));
    public final SwapProcessor processor;
    public final SwapRunner runner;
    public final SwapService service;
    /** Told of every swap change, in its database transaction (add before submitting). */
    public final List<SwapChangeListener> listeners = new CopyOnWriteArrayList<>();

    /** @param db closed with this harness */
    private Harness(TestDatabase db, double speed, double failureRate, boolean runner, int leaseSeconds,
            RetryPolicy retry) {
        this.db = db;
        this.jdbc = db.jdbc();
        this.tx = new TransactionTemplate(new JdbcTransactionManager(db.dataSource()));
        this.clock = new SimulationClock(Clock.systemUTC(), speed);
        this.network = new EmbeddedNetwork(market, clock, jdbc, tx, failureRate, 7);
        this.repo = new SwapRepository(jdbc, List.of((swap, sequence, at) -> listeners.forEach(
                l -> l.changed(swap, sequence, at))));
        ExecutionProperties props = new ExecutionProperties(runner, leaseSeconds, 20, 16,
                "0x00000000000000000000000000000000000a11ce", retry.maxAttempts(), retry.baseDelayMs(),
                retry.maxDelayMs());
        this.processor = new SwapProcessor(network, new SandboxSwapVenue(network, transactions,
                new SwapWrites(repo, tx, System::currentTimeMillis, leaseSeconds * 1000L), clock::millis));
        this.runner = new SwapRunner(repo, processor, network, clock, tx, System::currentTimeMillis, props,
                "test-" + UUID.randomUUID().toString().substring(0, 8));
        this.service = new SwapService(repo, network, transactions, market, tx, this.runner);
        this.runner.start();
    }

    /** The default retry policy of the harnesses: many quick attempts. */
    static final RetryPolicy RETRY = new RetryPolicy(1_000, 50, 1_000);

    public static Harness h2(double speed, double failureRate, boolean runner) {
        return h2(speed, failureRate, runner, RETRY);
    }

    public static Harness h2(double speed, double failureRate, boolean runner, RetryPolicy retry) {
        return new Harness(TestDatabase.h2(), speed, failureRate, runner, 5, retry);
    }

    public static Harness postgres(double speed, double failureRate, boolean runner) {
        return postgres(speed, failureRate, runner, RETRY);
    }

    public static Harness postgres(double speed, double failureRate, boolean runner, RetryPolicy retry) {
        return new Harness(TestDatabase.postgres(), speed, failureRate, runner, 5, retry);
    }

    public static Harness of(String db, double speed, double failureRate, boolean runner) {
        return of(db, speed, failureRate, runner, RETRY);
    }

    public static Harness of(String db, double speed, double failureRate, boolean runner, RetryPolicy retry) {
        return new Harness(TestDatabase.of(db), speed, failureRate, runner, 5, retry);
    }

    /** A second instance on the same database (its own market, clock and runner). */
    public Harness sharing(int leaseSeconds) {
        return new Harness(db.sharing(), clock.speed(), 0, true, leaseSeconds, RETRY);
    }

    /** Polls until the swap is terminal (bounded; no duration is asserted). */
    public SwapView awaitTerminal(String swapId, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            SwapView v = service.find(swapId).orElseThrow();
            if (v.state().terminal()) {
                return v;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("swap " + swapId + " not terminal after " + timeout + ": "
                + service.find(swapId).orElseThrow().state());
    }

    @Override
    public void close() {
        runner.stop();
        db.close();
    }
}
