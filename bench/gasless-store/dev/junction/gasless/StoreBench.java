package dev.junction.gasless;

import com.zaxxer.hikari.HikariDataSource;
import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import java.lang.management.ManagementFactory;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The storage part of a gasless quote alone (issue 17): the JVM's CPU per quote for N quotes written by T threads, on an
 * H2 file database as the service configures it (WRITE_DELAY=0) or on PostgreSQL. Modes: {@code old} replays what the
 * service did before (the nonce reserved with its own commit, then the quote and its step in a second transaction,
 * random 32-byte ids); {@code group} is {@link GaslessQuoteStore#issue} (one grouped commit) with {@code random} or
 * {@code ordered} (time-first) ids. Run by bench/gasless-store.sh.
 *
 * <p>Usage: StoreBench old|group random|ordered threads quotes [jdbc-url schema]
 */
public final class StoreBench {

    public static void main(String[] a) throws Exception {
        String mode = a[0];
        boolean ordered = a[1].equals("ordered");
        int threads = Integer.parseInt(a[2]);
        int n = Integer.parseInt(a[3]);
        boolean pg = a.length > 4;
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(pg ? a[4] : "jdbc:h2:file:" + System.getProperty("java.io.tmpdir") + "/junction-store-bench-"
                + System.nanoTime() + "/j;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0");
        ds.setUsername(pg ? "postgres" : "sa");
        ds.setPassword("");
        var flyway = Flyway.configure().dataSource(ds).locations("classpath:db/migration");
        if (pg) {
            flyway.schemas(a[5]);
        }
        flyway.load().migrate();
        JdbcTemplate jdbc = new JdbcTemplate(ds);
        GaslessNonceStore nonces = new GaslessNonceStore(jdbc);
        GaslessQuoteStore store = new GaslessQuoteStore(jdbc);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(ds));
        SecureRandom random = new SecureRandom();
        QuoteRecord base = QuoteRecordTest.record();
        String innerData = "0x" + "ab".repeat(1_400); // about a one-swap route call
        Address owner = Address.evm("0x1111111111111111111111111111111111111111");
        Runnable one = () -> {
            byte[] id = new byte[32];
            random.nextBytes(id);
            if (ordered) {
                id = GaslessService.quoteId(System.currentTimeMillis(), random);
            }
            String quoteId = Hex.encode(id);
            Instant now = Instant.now();
            if (mode.equals("old")) {
                PermitNonce nonce = nonces.reserve(owner, now);
                QuoteRecord q = with(base, quoteId, nonce, innerData);
                tx.executeWithoutResult(s -> {
                    jdbc.update("INSERT INTO gasless_quote (quote_id, acquisition_mode, sender, receiver, from_chain,"
                            + " to_chain, from_token, to_token, amount_in, fee_amount, amount_in_after_fee, amount_out,"
                            + " amount_out_min, spender, router, nonce, deadline, digest, inner_data, route_kind,"
                            + " bridge_count, providers, main_provider, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
                            + " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", q.quoteId(), 2, q.sender().lower(),
                            q.receiver().lower(), 1, 42161, q.fromToken().lower(), q.toToken().lower(), "1000", "10",
                            "990", "500", "495", q.spender().lower(), q.router().lower(), q.nonce().value(),
                            q.deadline(), "0xdigest", q.innerData(), "x", 1, "a,b", "a", Timestamp.from(now));
                    jdbc.update("INSERT INTO gasless_quote_step (quote_id, step_index, kind, chain, to_chain, provider,"
                            + " pool_id, token_in, token_out, amount_in, min_amount_out) VALUES (?, ?, ?, ?, ?, ?, ?,"
                            + " ?, ?, ?, ?)", quoteId, 0, "SWAP", 1, 1, "pool", "pool-1", "0x3", "0x7", "990", "480");
                });
            } else {
                while (true) {
                    PermitNonce candidate = nonces.candidate(owner);
                    try {
                        store.issue(with(base, quoteId, candidate, innerData), now);
                        nonces.reserved(owner, candidate);
                        return;
                    } catch (GaslessQuoteStore.NonceTakenException e) {
                        nonces.taken(owner);
                    }
                }
            }
        };
        for (int i = 0; i < 2_000; i++) {
            one.run(); // warm-up
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long wall0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                done.add(pool.submit(one));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
        System.out.printf("%s %s ids, %s, %d threads, %d quotes: JVM CPU %.0f us/quote, wall %.0f us/quote%n", mode,
                a[1], pg ? "PostgreSQL" : "H2", threads, n, (os.getProcessCpuTime() - cpu0) / 1e3 / n,
                (System.nanoTime() - wall0) / 1e3 / n);
        ds.close();
    }

    private static QuoteRecord with(QuoteRecord r, String id, PermitNonce nonce, String innerData) {
        return new QuoteRecord(id, 2, r.sender(), r.receiver(), r.fromChain(), r.toChain(), r.fromToken(), r.toToken(),
                r.amountIn(), r.feeAmount(), r.amountInAfterFee(), r.amountOut(), r.amountOutMin(), r.spender(),
                r.router(), nonce, r.deadline(), "0xdigest", innerData, r.routeKind(), r.bridgeCount(), r.providers(),
                r.mainProvider(), r.steps(), r.onChain());
    }
}
