package dev.junction.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The embedded H2 file compacted while Junction runs. With WRITE_DELAY=0 (the default URL) every commit writes a chunk,
 * and without compaction a chunk that keeps one live page is never reused: the file grows with every commit.
 */
class EmbeddedStoreCompactionTest {

    /**
     * The default URL's flags (application.yml), with no chunk retention: H2 reuses a freed chunk only once it is older
     * than the retention time (45 s by default), and the test must not depend on how fast this machine writes.
     */
    private static final String FLAGS = ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH"
            + ";WRITE_DELAY=0;RETENTION_TIME=0";
    private static final int COMMITS = 10_000;

    @TempDir
    Path dir;

    @Test
    void compactionKeepsTheFileFromGrowingWithEveryCommit() throws Exception {
        long plain = write(dir.resolve("plain"), false);
        long compacted = write(dir.resolve("compacted"), true);
        // without compaction each commit leaves most of its chunk behind (about 100 MB here); with it, about 30 MB
        assertThat(compacted).isLessThan(plain / 2);
    }

    /** Writes COMMITS rows, one commit each (as gasless quotes are issued at low load); returns the file's size. */
    private long write(Path path, boolean compact) throws Exception {
        SingleConnectionDataSource ds = new SingleConnectionDataSource("jdbc:h2:file:" + path + "/j" + FLAGS, "sa",
                "", true);
        try {
            JdbcTemplate jdbc = new JdbcTemplate(ds);
            jdbc.execute("CREATE TABLE q (id VARCHAR(66) PRIMARY KEY, owner VARCHAR(42) NOT NULL,"
                    + " nonce BIGINT NOT NULL, body BYTEA NOT NULL, CONSTRAINT uq_q UNIQUE (owner, nonce))");
            EmbeddedStoreCompaction compaction = new EmbeddedStoreCompaction(ds, Duration.ofSeconds(1), 80, 2 << 20);
            byte[] body = new byte[1_500];
            for (int i = 0; i < COMMITS; i++) {
                Arrays.fill(body, (byte) i);
                jdbc.update("INSERT INTO q (id, owner, nonce, body) VALUES (?, ?, ?, ?)", String.format("%066d", i),
                        "0x1111111111111111111111111111111111111111", i, body);
                if (compact && i % 100 == 99) {
                    compaction.compact();
                }
            }
            // everything written is there, byte for byte
            assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM q", Integer.class)).isEqualTo(COMMITS);
            byte[] last = jdbc.queryForObject("SELECT body FROM q WHERE id = ?", byte[].class,
                    String.format("%066d", COMMITS - 1));
            assertThat(last).containsOnly((byte) (COMMITS - 1));
            try (Connection c = ds.getConnection()) {
                return EmbeddedStoreCompaction.fileSize(c).orElseThrow();
            }
        } finally {
            ds.destroy();
        }
    }

    @Test
    void theFileSizeIsTheFileOnDisk() throws Exception {
        SingleConnectionDataSource ds = new SingleConnectionDataSource("jdbc:h2:file:" + dir + "/size" + FLAGS, "sa",
                "", true);
        try (Connection c = ds.getConnection()) {
            c.createStatement().execute("CREATE TABLE t (i INT)");
            assertThat(EmbeddedStoreCompaction.fileSize(c)).contains(Files.size(dir.resolve("size.mv.db")));
        } finally {
            ds.destroy();
        }
    }

    @Test
    void onPostgresqlAndInMemoryThereIsNothingToCompact() throws SQLException {
        try (TestDatabase pg = TestDatabase.postgres(); TestDatabase mem = TestDatabase.h2()) {
            for (DataSource ds : new DataSource[] {pg.dataSource(), mem.dataSource()}) {
                EmbeddedStoreCompaction compaction = new EmbeddedStoreCompaction(ds, Duration.ofSeconds(1), 80,
                        1 << 20);
                compaction.start(); // does not schedule anything
                assertThat(compaction.compact()).isFalse();
                try (Connection c = ds.getConnection()) {
                    assertThat(EmbeddedStoreCompaction.fileSize(c)).isEmpty();
                }
            }
        }
    }

    @Test
    void settingsOutOfRangeAreRefusedByName() {
        DataSource none = new SingleConnectionDataSource();
        assertThatThrownBy(() -> new EmbeddedStoreCompaction(none, Duration.ZERO, 80, 1))
                .hasMessageContaining("junction.store.compact-interval");
        assertThatThrownBy(() -> new EmbeddedStoreCompaction(none, Duration.ofSeconds(1), 0, 1))
                .hasMessageContaining("junction.store.compact-fill-rate");
        assertThatThrownBy(() -> new EmbeddedStoreCompaction(none, Duration.ofSeconds(1), 101, 1))
                .hasMessageContaining("junction.store.compact-fill-rate");
        assertThatThrownBy(() -> new EmbeddedStoreCompaction(none, Duration.ofSeconds(1), 80, 0))
                .hasMessageContaining("junction.store.compact-write");
    }
}
