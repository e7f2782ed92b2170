package dev.junction.api.quote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.api.QuoteRequest;
import dev.junction.support.BothDatabases;
import dev.junction.support.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Quotes are findable at once from memory, and from the database after the write-behind batch, on H2 and PostgreSQL. */
class QuoteStoreTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @BothDatabases
    void writesBehindAndReadsBackTheRequestAndEveryRoute(TestDatabase db) {
        QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json);
        StoredQuote quote = QuoteFixtures.storedQuote();
        try (QuoteStore store = new QuoteStore(repository, Duration.ofSeconds(60))) {
            store.save(quote);
            assertThat(store.byQuoteId(quote.quoteId())).containsSame(quote);
            assertThat(store.byPathId(quote.routes().get(1).pathId())).containsSame(quote);
            store.flush();
        }
        // a fresh store (another instance) has nothing in memory: it reads the database
        try (QuoteStore other = new QuoteStore(repository, Duration.ofSeconds(60))) {
            StoredQuote read = other.byPathId(quote.routes().get(1).pathId()).orElseThrow();
            assertThat(read.quoteId()).isEqualTo(quote.quoteId());
            assertThat(read.expiresAt()).isEqualTo(quote.expiresAt());
            assertThat(read.createdAt()).isEqualTo(quote.createdAt());
            QuoteRequest r = read.request();
            assertThat(r).isEqualTo(quote.request());
            assertThat(r.referrer()).isEqualTo("partner-7");
            assertThat(r.integrator()).isEqualTo("wallet-x");
            assertThat(read.routes()).hasSize(quote.routes().size());
            for (int i = 0; i < read.routes().size(); i++) {
                assertThat(read.routes().get(i).view()).isEqualTo(quote.routes().get(i).view());
                assertThat(read.routes().get(i).pathId()).isEqualTo(quote.routes().get(i).pathId());
                assertThat(read.routes().get(i).plan()).isEmpty();
            }
            assertThat(other.byQuoteId("no-such-quote")).isEmpty();
            assertThat(other.byPathId("no-such-path")).isEmpty();
        }
        Integer rows = db.jdbc().sql("SELECT COUNT(*) FROM quote_route WHERE quote_id = ?").param(quote.quoteId())
                .query(Integer.class).single();
        assertThat(rows).isEqualTo(quote.routes().size());
    }

    @Test
    void theWriterThreadFlushesWithoutBeingAsked() throws Exception {
        try (TestDatabase db = TestDatabase.h2()) {
            QuoteRepository repository = new QuoteRepository(db.jdbcTemplate(), json);
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
        assertThat(Instant.now()).isNotNull();
    }
}
