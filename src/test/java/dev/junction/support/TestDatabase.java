package dev.junction.support;

import com.zaxxer.hikari.HikariDataSource;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A fresh, fully migrated database for one test: an in-memory H2 in PostgreSQL mode (the flags of the embedded default),
 * or a new random schema in PostgreSQL database {@code test} on 127.0.0.1:5432 (user postgres) that {@link #close()}
 * drops. Every Flyway migration under {@code classpath:db/migration} is applied, so each module's tables exist.
 *
 * <p>Use it through {@link BothDatabases} (JUnit closes the argument after each invocation), or directly with
 * try-with-resources: {@code try (TestDatabase db = TestDatabase.postgres()) { ... }}.
 */
public final class TestDatabase implements AutoCloseable {

    /** The H2 flags of the embedded default in application.yml. */
    public static final String H2_FLAGS = "MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    /** Where PostgreSQL tests run; override with -Djunction.test.postgres-url=... */
    public static final String POSTGRES_URL = System.getProperty("junction.test.postgres-url",
            "jdbc:postgresql://127.0.0.1:5432/test");
    public static final String POSTGRES_USER = System.getProperty("junction.test.postgres-user", "postgres");

    private final String name;
    private final HikariDataSource dataSource;
    private final Runnable cleanup;

    private TestDatabase(String name, HikariDataSource dataSource, String schema, Runnable cleanup) {
        this.name = name;
        this.dataSource = dataSource;
        this.cleanup = cleanup;
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration")
                .schemas(schema == null ? new String[0] : new String[] {schema})
                .load().migrate();
    }

    /** A new in-memory H2 database, migrated. */
    public static TestDatabase h2() {
        String db = "test-" + UUID.randomUUID();
        HikariDataSource ds = pool("jdbc:h2:mem:" + db + ";" + H2_FLAGS + ";DB_CLOSE_DELAY=-1", "sa");
        return new TestDatabase("H2", ds, null, () -> new JdbcTemplate(ds).execute("SHUTDOWN"));
    }

    /** A new random schema in PostgreSQL database {@code test}, migrated; dropped again by {@link #close()}. */
    public static TestDatabase postgres() {
        String schema = PostgresSchemas.create();
        HikariDataSource ds = pool(PostgresSchemas.url(schema), POSTGRES_USER);
        return new TestDatabase("PostgreSQL", ds, schema, () -> PostgresSchemas.drop(schema));
    }

    private static HikariDataSource pool(String url, String user) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(url);
        ds.setUsername(user);
        ds.setPassword("");
        ds.setMaximumPoolSize(4);
        ds.setPoolName("test-db");
        return ds;
    }

    /** "H2" or "PostgreSQL". */
    public String name() {
        return name;
    }

    public boolean isPostgres() {
        return name.equals("PostgreSQL");
    }

    public DataSource dataSource() {
        return dataSource;
    }

    public JdbcClient jdbc() {
        return JdbcClient.create(dataSource);
    }

    public JdbcTemplate jdbcTemplate() {
        return new JdbcTemplate(dataSource);
    }

    @Override
    public void close() {
        try {
            cleanup.run();
        } finally {
            dataSource.close();
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
