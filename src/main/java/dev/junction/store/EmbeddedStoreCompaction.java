package dev.junction.store;

import jakarta.annotation.PreDestroy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import javax.sql.DataSource;
import org.h2.engine.Session;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.db.Store;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Compacts the embedded H2 file while Junction runs, so it does not grow without bound.
 *
 * <p>The default URL sets {@code WRITE_DELAY=0}: every commit writes a chunk to the file before it returns (a swap
 * accepted, a gasless quote answered survive {@code kill -9}). H2 then runs no background writer, and its background
 * writer is also what compacts the file: it rewrites the live pages of chunks that are mostly dead, so the dead
 * chunks can be reused. Without it, every chunk that still holds one live page (a B-tree leaf that filled up and never
 * changes again) stays in the file for good. Under {@code /gasless/quote} load, where a commit carries one to three
 * quotes and writes a chunk of 30-60 KB, the file grew by about 75 MB a second: 11 GB after 150 s (issue 17, tenth
 * pass). This task does what the background writer would: every {@code junction.store.compact-interval} it asks H2
 * to rewrite chunks whose fill rate is below {@code junction.store.compact-fill-rate} percent, at most
 * {@code junction.store.compact-write} bytes a pass. A freed chunk is reused once H2's retention time (45 s) has
 * passed, so under load the file levels off at the live data plus about that many seconds of writes.
 *
 * <p>Nothing happens on PostgreSQL or on an in-memory H2 database.
 */
@Component
class EmbeddedStoreCompaction {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedStoreCompaction.class);

    private final DataSource dataSource;
    private final int fillRate;
    private final int writeBytes;
    private final PeriodicTask runner;

    EmbeddedStoreCompaction(DataSource dataSource,
            @Value("${junction.store.compact-interval:PT1S}") Duration interval,
            @Value("${junction.store.compact-fill-rate:80}") int fillRate,
            @Value("${junction.store.compact-write:2097152}") int writeBytes) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("junction.store.compact-interval must be positive, was " + interval);
        }
        if (fillRate < 1 || fillRate > 100) {
            throw new IllegalArgumentException(
                    "junction.store.compact-fill-rate must be from 1 to 100, was " + fillRate);
        }
        if (writeBytes < 1) {
            throw new IllegalArgumentException("junction.store.compact-write must be positive, was " + writeBytes);
        }
        this.dataSource = dataSource;
        this.fillRate = fillRate;
        this.writeBytes = writeBytes;
        this.runner = new PeriodicTask("h2-compaction", interval, this::compact);
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (fileStore().isPresent()) {
            runner.start();
        }
    }

    @PreDestroy
    void stop() throws InterruptedException {
        runner.stop();
    }

    /**
     * One pass: rewrites chunks below the fill rate, at most the configured bytes.
     *
     * @return whether H2 rewrote anything (false on PostgreSQL, in memory, or when the file is dense enough)
     * @throws IllegalStateException when no connection can be had
     */
    boolean compact() {
        try (Connection c = dataSource.getConnection()) {
            Optional<MVStore> store = mvStore(c);
            if (store.isEmpty() || store.get().isClosed()) {
                return false;
            }
            return store.get().compact(fillRate, writeBytes);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot reach the embedded database to compact it", e);
        }
    }

    private Optional<MVStore> fileStore() {
        try (Connection c = dataSource.getConnection()) {
            return mvStore(c).filter(s -> !s.isReadOnly());
        } catch (SQLException e) {
            log.warn("cannot reach the database at start-up; H2 compaction is off: {}", e.toString());
            return Optional.empty();
        }
    }

    /** The MVStore of an embedded H2 file database under the connection; empty for any other database. */
    static Optional<MVStore> mvStore(Connection c) throws SQLException {
        if (!c.isWrapperFor(JdbcConnection.class)) {
            return Optional.empty();
        }
        Session session = c.unwrap(JdbcConnection.class).getSession();
        if (!(session instanceof SessionLocal local)) {
            return Optional.empty(); // a client of an H2 server: the server compacts its own file
        }
        Store store = local.getDatabase().getStore();
        return Optional.ofNullable(store).map(Store::getMvStore).filter(s -> s.getFileStore() != null);
    }

    /** The H2 file's size in bytes; empty for any other database (what the tests measure). */
    static Optional<Long> fileSize(Connection c) throws SQLException {
        return mvStore(c).map(MVStore::getFileStore).map(FileStore::size);
    }
}
