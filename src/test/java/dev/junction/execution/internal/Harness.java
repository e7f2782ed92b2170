package dev.junction.execution.internal;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.junction.chain.Address;
import dev.junction.execution.SwapChangeListener;
import dev.junction.execution.SwapView;
import dev.junction.execution.network.EmbeddedNetwork;
import dev.junction.market.SimulationClock;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
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
 * The executor wired by hand over a real database: H2 in memory, or PostgreSQL on 127.0.0.1:5432 in a fresh schema
 * dropped on close. Several harnesses may share one database ({@link #sharing}) to act as separate instances.
 */
public final class Harness implements AutoCloseable {

    public static final String PG_URL = "jdbc:postgresql://127.0.0.1:5432/test";

    final HikariDataSource ds;
    final String schema;
    final boolean ownsSchema;
    public final JdbcClient jdbc;
    public final TransactionTemplate tx;
    public final TestMarket market = new TestMarket();
    public final SimulationClock clock;
    public final EmbeddedNetwork network;
    public final SwapRepository repo;
    public final Transactions transactions = new Transactions(Address.evm("0x00000000000000000000000000000000000a11ce"));
    public final SwapProcessor processor;
    public final SwapRunner runner;
    public final SwapService service;
    /** Told of every swap change, in its database transaction (add before submitting). */
    public final List<SwapChangeListener> listeners = new CopyOnWriteArrayList<>();

    private Harness(String url, String schema, boolean ownsSchema, double speed, double failureRate, boolean runner,
            int leaseSeconds, RetryPolicy retry) {
        this.schema = schema;
        this.ownsSchema = ownsSchema;
        HikariConfig cfg = new HikariConfig();
        cfg.setJdbcUrl(url);
        cfg.setUsername(url.startsWith("jdbc:h2") ? "sa" : "postgres");
        cfg.setMaximumPoolSize(12);
        this.ds = new HikariDataSource(cfg);
        if (ownsSchema) {
            Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
        }
        this.jdbc = JdbcClient.create(ds);
        this.tx = new TransactionTemplate(new JdbcTransactionManager(ds));
        this.clock = new SimulationClock(Clock.systemUTC(), speed);
        this.network = new EmbeddedNetwork(market, clock, jdbc, tx, failureRate, 7);
        this.repo = new SwapRepository(jdbc, List.of((swap, sequence, at) -> listeners.forEach(
                l -> l.changed(swap, sequence, at))));
        ExecutionProperties props = new ExecutionProperties(runner, leaseSeconds, 20, 16,
                "0x00000000000000000000000000000000000a11ce", false, retry.maxAttempts(), retry.baseDelayMs(),
                retry.maxDelayMs());
        this.processor = new SwapProcessor(repo, network, transactions, tx, System::currentTimeMillis, clock::millis,
                leaseSeconds * 1000L);
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
        String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";
        return new Harness(url, null, true, speed, failureRate, runner, 5, retry);
    }

    public static Harness postgres(double speed, double failureRate, boolean runner) {
        return postgres(speed, failureRate, runner, RETRY);
    }

    public static Harness postgres(double speed, double failureRate, boolean runner, RetryPolicy retry) {
        String schema = "exec_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(PG_URL, "postgres", ""); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (Exception e) {
            throw new IllegalStateException("PostgreSQL on 127.0.0.1:5432 is needed: " + e, e);
        }
        return new Harness(PG_URL + "?currentSchema=" + schema, schema, true, speed, failureRate, runner, 5, retry);
    }

    public static Harness of(String db, double speed, double failureRate, boolean runner) {
        return of(db, speed, failureRate, runner, RETRY);
    }

    public static Harness of(String db, double speed, double failureRate, boolean runner, RetryPolicy retry) {
        return "postgres".equals(db) ? postgres(speed, failureRate, runner, retry) : h2(speed, failureRate, runner, retry);
    }

    /** A second instance on the same database (its own market, clock and runner). */
    public Harness sharing(int leaseSeconds) {
        return new Harness(ds.getJdbcUrl(), schema, false, clock.speed(), 0, true, leaseSeconds, RETRY);
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
        if (ownsSchema && schema != null) {
            jdbc.sql("DROP SCHEMA " + schema + " CASCADE").update();
        }
        ds.close();
    }
}
