package dev.junction.gasless;

import static dev.junction.gasless.GaslessFixture.ETH;
import static dev.junction.gasless.GaslessFixture.KEY;
import static dev.junction.gasless.GaslessFixture.OWNER;
import static dev.junction.gasless.GaslessFixture.command;
import static dev.junction.gasless.GaslessFixture.sign;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.support.TestDatabase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issuing gasless quotes with grouped commits ({@link GaslessQuoteStore#issue}), on H2 and on PostgreSQL: every quote
 * is committed (nonce, quote, steps) when its issue returns, so another instance finds it at once; a nonce another
 * instance took fails only its own quote, and the service then takes a fresh nonce.
 */
class GaslessQuoteStoreTest {

    static final Instant NOW = Instant.parse("2026-11-21T00:00:00Z");

    static Stream<TestDatabase> databases() {
        return Stream.of(TestDatabase.h2(), TestDatabase.postgres());
    }

    private static QuoteRecord record(String quoteId, long nonce) {
        return record(quoteId, nonce, QuoteRecordTest.record().deadline());
    }

    private static QuoteRecord record(String quoteId, long nonce, long deadline) {
        return QuoteRecordTest.record(quoteId, nonce, deadline);
    }

    /**
     * The router call is stored as bytes ({@code inner_call}, V17_5) and read back as the same 0x-hex; a row written
     * before V17_5 (hex text in {@code inner_data}, no bytes) still reads back.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void theRouterCallIsStoredAsBytesAndRowsOfTheOldFormStillRead(TestDatabase db) {
        try (db) {
            JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
            GaslessQuoteStore store = new GaslessQuoteStore(jdbc);
            QuoteRecord quote = record(String.format("0x%064x", 77), 7_700);
            store.issue(quote, NOW);
            assertThat(quote.innerData()).isEqualTo("0xdeadbeef");
            assertThat(store.find(quote.quoteId()).orElseThrow().innerData()).isEqualTo(quote.innerData());
            byte[] stored = jdbc.queryForObject("SELECT inner_call FROM gasless_quote WHERE quote_id = ?",
                    byte[].class, quote.quoteId());
            assertThat(Hex.encode(stored)).isEqualTo(quote.innerData());
            assertThat(jdbc.queryForObject("SELECT inner_data FROM gasless_quote WHERE quote_id = ?", String.class,
                    quote.quoteId())).isNull();

            jdbc.update("UPDATE gasless_quote SET inner_data = ?, inner_call = NULL WHERE quote_id = ?",
                    quote.innerData(), quote.quoteId());
            assertThat(store.find(quote.quoteId()).orElseThrow().innerData()).isEqualTo(quote.innerData());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void concurrentIssuesAreAllCommittedWhenTheyReturnAndReadableByAnotherInstance(TestDatabase db)
            throws Exception {
        try (db) {
            JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
            GaslessQuoteStore store = new GaslessQuoteStore(jdbc);
            GaslessQuoteStore otherInstance = new GaslessQuoteStore(new JdbcTemplate(db.dataSource()));
            int quotes = 64;
            CountDownLatch start = new CountDownLatch(1);
            List<Callable<String>> tasks = new ArrayList<>();
            for (int i = 0; i < quotes; i++) {
                String id = String.format("0x%064x", i + 1);
                long nonce = 1_000 + i;
                tasks.add(() -> {
                    start.await();
                    store.issue(record(id, nonce), NOW);
                    // committed on return: another instance (its own connection) reads it and its steps
                    QuoteRecord read = otherInstance.find(id).orElseThrow();
                    assertThat(read.nonce().value()).isEqualTo(nonce);
                    assertThat(read.steps()).hasSize(1);
                    return id;
                });
            }
            Set<String> issued = new HashSet<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
                List<Future<String>> futures = new ArrayList<>();
                for (Callable<String> t : tasks) {
                    futures.add(pool.submit(t));
                }
                start.countDown();
                for (Future<String> f : futures) {
                    issued.add(f.get());
                }
            }
            assertThat(issued).hasSize(quotes);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM gasless_nonce", Integer.class)).isEqualTo(quotes);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM gasless_quote_step", Integer.class)).isEqualTo(quotes);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aTakenNonceFailsOnlyItsOwnQuoteAndWritesNothingOfIt(TestDatabase db) throws Exception {
        try (db) {
            JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
            GaslessQuoteStore store = new GaslessQuoteStore(jdbc);
            QuoteRecord taken = record("0x" + "a".repeat(64), 5_000);
            // another instance reserved nonce 5000 of this sender first
            jdbc.update(GaslessNonceStore.INSERT, GaslessNonceStore.insertArgs(taken.sender(), taken.nonce(), NOW));
            assertThatThrownBy(() -> store.issue(taken, NOW)).isInstanceOf(GaslessQuoteStore.NonceTakenException.class);
            assertThat(store.find(taken.quoteId())).isEmpty();

            // in a group with others (16 threads), the others commit and only the taken one fails
            CountDownLatch start = new CountDownLatch(1);
            List<Callable<Boolean>> tasks = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                QuoteRecord q = i == 7 ? taken : record(String.format("0x%064x", i + 1), 6_000 + i);
                tasks.add(() -> {
                    start.await();
                    try {
                        store.issue(q, NOW);
                        return true;
                    } catch (GaslessQuoteStore.NonceTakenException e) {
                        return false;
                    }
                });
            }
            List<Boolean> results = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
                List<Future<Boolean>> futures = new ArrayList<>();
                for (Callable<Boolean> t : tasks) {
                    futures.add(pool.submit(t));
                }
                start.countDown();
                for (Future<Boolean> f : futures) {
                    results.add(f.get());
                }
            }
            assertThat(results.stream().filter(ok -> !ok)).hasSize(1);
            assertThat(results.get(7)).isFalse();
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM gasless_quote", Integer.class)).isEqualTo(31);
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM gasless_nonce", Integer.class)).isEqualTo(32);
        }
    }

    /**
     * The purge deletes quotes never submitted whose deadline is before the cutoff, with their steps, in batches,
     * oldest first; it keeps their nonce rows (a nonce is never handed out again), submitted quotes, and quotes whose
     * deadline is at or after the cutoff. A second pass finds nothing.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void thePurgeDeletesExpiredQuotesNeverSubmittedAndKeepsTheirNonces(TestDatabase db) {
        try (db) {
            JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
            GaslessQuoteStore store = new GaslessQuoteStore(jdbc);
            int expired = GaslessQuoteStore.PURGE_BATCH + 7;
            for (int i = 0; i < expired; i++) {
                store.issue(record(String.format("0x%064x", 1_000 + i), 1_000 + i, 1_000 + i), NOW);
            }
            QuoteRecord submitted = record(String.format("0x%064x", 5), 5, 900);
            QuoteRecord atCutoff = record(String.format("0x%064x", 6), 6, 2_000);
            QuoteRecord live = record(String.format("0x%064x", 7), 7, 9_000);
            store.issue(submitted, NOW);
            store.issue(atCutoff, NOW);
            store.issue(live, NOW);
            store.insertSubmission(new GaslessQuoteStore.Submission(submitted.quoteId(), "0xsig", "swap-5", "exec-5",
                    new TxHash(String.format("0x%064x", 55))), NOW);
            int steps = submitted.steps().size();
            assertThat(steps).isPositive();

            assertThat(store.purgeExpired(2_000)).isEqualTo(expired);

            assertThat(jdbc.queryForList("SELECT quote_id FROM gasless_quote ORDER BY quote_id", String.class))
                    .containsExactly(submitted.quoteId(), atCutoff.quoteId(), live.quoteId());
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM gasless_quote_step", Integer.class))
                    .isEqualTo(3 * steps);
            assertThat(store.find(submitted.quoteId())).isPresent();
            assertThat(store.submission(submitted.quoteId())).isPresent();
            assertThat(store.find(String.format("0x%064x", 1_000))).isEmpty();
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM gasless_nonce", Integer.class)).isEqualTo(expired + 3);
            assertThat(store.purgeExpired(2_000)).isZero();
        }
    }

    /** Two instances (services over one database) quoting for one owner: distinct nonces, every quote submittable. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aNonceTakenByAnotherInstanceIsReplacedAndTheQuoteStaysSubmittable(TestDatabase db) {
        try (db) {
            GaslessFixture one = new GaslessFixture(db);
            GaslessFixture other = new GaslessFixture(db);
            GaslessQuote first = one.service.quote(command(ETH, 2)).get(0);
            // the other instance continues from the table's maximum, then the first instance's remembered next nonce
            // is the one the other just took
            GaslessQuote second = other.service.quote(command(ETH, 2)).get(0);
            GaslessQuote third = one.service.quote(command(ETH, 3)).get(0);
            assertThat(second.nonce().value()).isEqualTo(first.nonce().value() + 1);
            assertThat(third.nonce().value()).isEqualTo(second.nonce().value() + 1);
            assertThat(third.typedData().message().nonce()).isEqualTo(third.nonce().toBigInteger());
            // the typed data answered is the one stored (the digest matches), on the other instance too
            assertThat(other.service.submit(third.quoteId(), sign(third.typedData().digest(), KEY)).status())
                    .isEqualTo("PENDING");
            assertThat(one.nonces.isUsed(OWNER, third.nonce())).isTrue();
        }
    }
    /**
     * Commit delay: a writer waits for quotes still in preparation (here with a long delay, so nothing depends on how
     * fast the threads run), and the quote that arrives joins its commit; with nothing in preparation, or once a
     * preparation fails, nobody waits.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aWriterWaitsForQuotesInPreparationAndTheyShareItsCommit(TestDatabase db) throws Exception {
        try (db; ExecutorService pool = Executors.newFixedThreadPool(2)) {
            GaslessQuoteStore store = new GaslessQuoteStore(new JdbcTemplate(db.dataSource()), 60_000_000_000L);

            store.issue(record(String.format("0x%064x", 1), 100), NOW); // nothing in preparation: no wait
            assertThat(store.commits()).containsExactly(1, 0);

            GaslessQuoteStore.Preparation first = store.preparing();
            GaslessQuoteStore.Preparation second = store.preparing();
            Future<?> a = pool.submit(() -> store.issue(record(String.format("0x%064x", 2), 200), NOW, first));
            // the first quote's writer waits while the second is in preparation ...
            while (store.commits()[1] == 0 && !a.isDone()) {
                Thread.onSpinWait();
            }
            assertThat(a).isNotDone();
            // ... and the second joins its commit
            Future<?> b = pool.submit(() -> store.issue(record(String.format("0x%064x", 3), 300), NOW, second));
            a.get();
            b.get();
            assertThat(store.commits()).containsExactly(2, 1);
            assertThat(store.find(String.format("0x%064x", 2))).isPresent();
            assertThat(store.find(String.format("0x%064x", 3))).isPresent();

            // a preparation that fails (closed without an issue) keeps no writer waiting
            GaslessQuoteStore.Preparation failed = store.preparing();
            failed.close();
            failed.close(); // counted once
            assertThat(store.stillPreparing()).isZero();
            store.issue(record(String.format("0x%064x", 4), 400), NOW);
            assertThat(store.commits()).containsExactly(3, 1);
        }
    }
}
