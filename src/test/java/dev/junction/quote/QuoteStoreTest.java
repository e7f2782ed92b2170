package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.market.MarketSnapshot;
import dev.junction.market.snapshot.SnapshotMarketSource;
import dev.junction.routing.PlannedRoute;
import dev.junction.support.BothDatabases;
import dev.junction.support.TestDatabase;
import dev.junction.support.TestMarket;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Quotes are findable at once from memory, and from the database after the write-behind batch, on H2 and PostgreSQL:
 * one row per quote, the routes rebuilt on the market with the view /quote answered; old rows are deleted.
 */
class QuoteStoreTest {

    private final JsonMapper json = JsonMapper.builder().build();
    private final MarketSnapshot market = TestMarket.standard().snapshot();

    /**
     * The memory holds a quote encoded (EncodedQuote), not its planned objects: a lookup decodes it to a quote equal to
     * the one saved, with the block number that only the memory keeps (chain mode answers it on every route).
     */
    @BothDatabases
    void aQuoteInMemoryDecodesToTheSavedOneWithItsBlockNumber(TestDatabase db) {
        QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json, () -> market);
        StoredQuote planned = QuoteFixtures.storedQuote();
        StoredQuote quote = new StoredQuote(planned.quoteId(), planned.createdAt(), planned.expiresAt(),
                planned.marketVersion(), planned.request(), planned.routes(), planned.routeCount(), 21_000_123L);
        try (QuoteStore store = new QuoteStore(repository, Duration.ofSeconds(60))) {
            store.save(quote);
            StoredQuote read = store.byPathId(quote.routes().get(1).pathId()).orElseThrow();
            assertThat(read).isEqualTo(quote).isNotSameAs(quote);
            assertThat(read.view(read.routes().get(1)).blockNumber()).isEqualTo(21_000_123L);
            store.flush();
            assertThat(store.byQuoteId(quote.quoteId())).contains(quote);
        }
    }

    @BothDatabases
    void writesBehindAndReadsBackTheRequestAndEveryRoute(TestDatabase db) {
        QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json, () -> market);
        StoredQuote quote = QuoteFixtures.storedQuote();
        assertThat(quote.routes()).hasSizeGreaterThan(1);
        try (QuoteStore store = new QuoteStore(repository, Duration.ofSeconds(60))) {
            store.save(quote);
            assertThat(store.byQuoteId(quote.quoteId())).contains(quote);
            assertThat(store.byPathId(quote.routes().get(1).pathId())).contains(quote);
            store.flush();
        }
        // a fresh store (another instance, or after a restart) has nothing in memory: it reads the database
        try (QuoteStore other = new QuoteStore(repository, Duration.ofSeconds(60))) {
            StoredQuote read = other.byPathId(quote.routes().get(1).pathId()).orElseThrow();
            assertThat(read.quoteId()).isEqualTo(quote.quoteId());
            assertThat(read.expiresAt()).isEqualTo(quote.expiresAt());
            assertThat(read.createdAt()).isEqualTo(quote.createdAt());
            assertThat(read.routeCount()).isEqualTo(quote.routes().size());
            QuoteRequest r = read.request();
            assertThat(r).isEqualTo(quote.request());
            assertThat(r.referrer()).isEqualTo("partner-7");
            assertThat(r.integrator()).isEqualTo("wallet-x");
            assertThat(read.routes()).hasSize(quote.routes().size());
            for (int i = 0; i < read.routes().size(); i++) {
                assertThat(read.view(read.routes().get(i))).isEqualTo(quote.view(quote.routes().get(i)));
                assertThat(read.routes().get(i).pathId()).isEqualTo(quote.routes().get(i).pathId());
                assertThat(read.routes().get(i).plan()).isEqualTo(quote.routes().get(i).plan());
            }
            assertThat(other.byQuoteId("no-such-quote")).isEmpty();
            assertThat(other.byPathId("no-such-path")).isEmpty();
            assertThat(other.byPathId(quote.quoteId() + ":" + quote.routes().size())).isEmpty();
            assertThat(other.byPathId(quote.quoteId() + ":01")).isEmpty();
        }
        Integer rows = db.jdbc().sql("SELECT COUNT(*) FROM quote WHERE quote_id = ?").param(quote.quoteId())
                .query(Integer.class).single();
        assertThat(rows).isOne();
    }

    /**
     * Issue 17: the plans are stored as bytes ({@code plan_bytes}, format plan3, V18_1); a row an older instance wrote
     * (text of format plan2 in {@code plans}, no bytes) still reads back to the same routes.
     */
    @BothDatabases
    void plansAreStoredAsBytesAndRowsOfTheOldTextFormStillRead(TestDatabase db) throws IOException {
        MarketSnapshot embedded = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
        String plan2;
        try (InputStream in = QuoteStoreTest.class.getResourceAsStream("/quote/plan2-eth-to-optimism-usdc.json")) {
            plan2 = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<StoredQuote.Route> routes = new ArrayList<>();
        StoredQuote fixture = QuoteFixtures.storedQuote();
        for (Optional<PlannedRoute> plan : new PlanText(json).decode(plan2, embedded)) {
            routes.add(new StoredQuote.Route(StoredQuote.pathId(fixture.quoteId(), routes.size()), routes.size(),
                    plan.orElseThrow()));
        }
        StoredQuote quote = new StoredQuote(fixture.quoteId(), fixture.createdAt(), fixture.expiresAt(),
                fixture.marketVersion(), fixture.request(), routes, routes.size());
        QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json, () -> embedded);
        try (QuoteStore store = new QuoteStore(repository, Duration.ofSeconds(60))) {
            store.save(quote);
            store.flush();
        }
        byte[] stored = db.jdbc().sql("SELECT plan_bytes FROM quote WHERE quote_id = ?").param(quote.quoteId())
                .query(byte[].class).single();
        assertThat(stored[0]).isEqualTo((byte) 3);
        assertThat(stored.length).isLessThan(plan2.length() / 2);
        assertThat(repository.findByQuoteId(quote.quoteId())).contains(quote);

        db.jdbc().sql("UPDATE quote SET plans = ?, plan_bytes = NULL WHERE quote_id = ?").params(plan2, quote.quoteId())
                .update();
        assertThat(repository.findByQuoteId(quote.quoteId())).contains(quote);
    }

    @BothDatabases
    void deletesQuotesThatExpiredLongerAgoThanTheRetention(TestDatabase db) {
        QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json, () -> market);
        StoredQuote fresh = withTimes(QuoteFixtures.storedQuote(), Instant.now().minus(Duration.ofHours(1)));
        StoredQuote old = withTimes(QuoteFixtures.storedQuote(), Instant.now().minus(Duration.ofHours(3)));
        try (QuoteStore store = new QuoteStore(repository, Duration.ofSeconds(60), 100, Duration.ofHours(2))) {
            store.save(fresh);
            store.save(old);
            store.flush();
            assertThat(store.purge()).isOne();
        }
        assertThat(repository.findByQuoteId(old.quoteId())).isEmpty();
        assertThat(repository.findByQuoteId(fresh.quoteId())).isPresent();
    }

    @Test
    void theWriterThreadFlushesWithoutBeingAsked() throws Exception {
        try (TestDatabase db = TestDatabase.h2()) {
            QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json, () -> market);
            StoredQuote quote = QuoteFixtures.storedQuote();
            try (QuoteStore store = new QuoteStore(repository, Duration.ofSeconds(60))) {
                store.save(quote);
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (repository.findByQuoteId(quote.quoteId()).isEmpty() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(repository.findByQuoteId(quote.quoteId())).isPresent();
            }
        }
    }

    @Test
    void flushWaitsForTheBatchTheWriterIsGathering() throws Exception {
        try (TestDatabase db = TestDatabase.h2()) {
            QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json, () -> market);
            try (QuoteStore store = new QuoteStore(repository, Duration.ofSeconds(60))) {
                StoredQuote quote = QuoteFixtures.storedQuote();
                store.save(quote);
                while (store.queued() > 0) {
                    Thread.sleep(1); // until the writer took it and lingers for more
                }
                store.flush();
                assertThat(repository.findByQuoteId(quote.quoteId())).isPresent();
            }
        }
    }

    /**
     * Issue 12 item 7: while the database refuses writes, a saved quote stays pending and is written once it accepts
     * them again (it was dropped after one logged failure), and once the bounded write queue is full new quotes are
     * refused with {@link QuoteStoreUnavailableException} (the queue grew without bound).
     */
    @Test
    void aRefusingDatabaseNeitherLosesQuotesNorGrowsTheQueueWithoutBound() throws Exception {
        try (TestDatabase db = TestDatabase.h2()) {
            QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json, () -> market);
            db.jdbc().sql("ALTER TABLE quote RENAME TO quote_away").update();
            List<StoredQuote> accepted = new ArrayList<>();
            try (QuoteStore store = new QuoteStore(repository, Duration.ofSeconds(60), 100, Duration.ofHours(2), 3,
                    Duration.ofMillis(100))) {
                for (int i = 0; i < 3; i++) {
                    StoredQuote q = QuoteFixtures.storedQuote();
                    store.save(q);
                    accepted.add(q);
                }
                Thread.sleep(300); // the writer tries and fails at least once
                StoredQuote refused = QuoteFixtures.storedQuote();
                assertThatThrownBy(() -> store.save(refused)).isInstanceOf(QuoteStoreUnavailableException.class)
                        .hasMessageContaining("cannot keep up with the database");
                for (StoredQuote q : accepted) {
                    assertThat(store.byQuoteId(q.quoteId())).contains(q); // pending: from memory
                }

                db.jdbc().sql("ALTER TABLE quote_away RENAME TO quote").update();
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (accepted.stream().anyMatch(q -> repository.findByQuoteId(q.quoteId()).isEmpty())
                        && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                for (StoredQuote q : accepted) {
                    assertThat(repository.findByQuoteId(q.quoteId())).as(q.quoteId()).isPresent();
                }
                assertThat(store.byQuoteId(refused.quoteId())).isEmpty();
                StoredQuote later = QuoteFixtures.storedQuote();
                store.save(later); // room again
                store.flush();
                assertThat(repository.findByQuoteId(later.quoteId())).isPresent();
            }
        }
    }

    @Test
    void aPathIdIsItsQuoteIdAndRank() {
        assertThat(StoredQuote.pathId("q-1", 3)).isEqualTo("q-1:3");
        assertThat(StoredQuote.quoteIdOf("q-1:3")).contains("q-1");
        assertThat(StoredQuote.quoteIdOf("a:b:12")).contains("a:b");
        assertThat(StoredQuote.quoteIdOf("q-1")).isEmpty();
        assertThat(StoredQuote.quoteIdOf(":3")).isEmpty();
        assertThat(StoredQuote.quoteIdOf("q-1:")).isEmpty();
        assertThat(StoredQuote.quoteIdOf("q-1:x")).isEmpty();
    }

    /** The same quote created an hour before {@code expiry} (so expired at {@code expiry}). */
    private static StoredQuote withTimes(StoredQuote q, Instant expiry) {
        List<StoredQuote.Route> routes = q.routes();
        return new StoredQuote(q.quoteId(), expiry.minus(Duration.ofHours(1)), expiry, q.marketVersion(), q.request(),
                routes, q.routeCount());
    }
}
