package dev.junction.support;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.params.provider.Arguments;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The tests' one database helper. A {@code TestDatabase} is a fresh, fully migrated database for one test: an
 * in-memory H2 in PostgreSQL mode (the flags of the embedded default), or a new random schema in PostgreSQL database
 * {@code test} on 127.0.0.1:5432 (user postgres) that {@link #close()} drops. Every Flyway migration under
 * {@code classpath:db/migration} is applied, so each module's tables exist.
 *
 * <p>Use it through {@link BothDatabases} (JUnit closes the argument after each invocation), or directly with
 * try-with-resources: {@code try (TestDatabase db = TestDatabase.postgres()) { ... }}. {@link #sharing()} is a second
 * connection pool on the same database, as a second instance has. {@link Postgres} creates and drops bare schemas (for
 * a packaged service that migrates its own), and {@link PostgresSchemaInitializer} points a whole Spring test context
 * at one.
 */
public final class TestDatabase implements AutoCloseable {

    /** The H2 flags of the embedded default in application.yml. */
    public static final String H2_FLAGS = "MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    /** Where PostgreSQL tests run; override with -Djunction.test.postgres-url=... */
    public static final String POSTGRES_URL = System.getProperty("junction.test.postgres-url",
            "jdbc:postgresql://127.0.0.1:5432/test");
    public static final String POSTGRES_USER = System.getProperty("junction.test.postgres-user", "postgres");

    /** Connections of one pool: enough for the concurrency tests (16 threads), opened only when asked for. */
    private static final int POOL_SIZE = 16;

    private final String name;
    private final String user;
    private final HikariDataSource dataSource;
    private final Consumer<DataSource> drop;

    /** @param drop drops the database through its pool, when it is closed */
    private TestDatabase(String name, String url, String user, Consumer<DataSource> drop) {
        this.name = name;
        this.user = user;
        this.dataSource = pool(url, user);
        this.drop = drop;
    }

    private TestDatabase migrated(String schema) {
        try {
            Flyway.configure().dataSource(dataSource).locations("classpath:db/migration")
                    .schemas(schema == null ? new String[0] : new String[] {schema})
                    .load().migrate();
            return this;
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** A new in-memory H2 database, migrated. */
    public static TestDatabase h2() {
        String url = "jdbc:h2:mem:test-" + UUID.randomUUID() + ";" + H2_FLAGS + ";DB_CLOSE_DELAY=-1";
        return new TestDatabase("H2", url, "sa", ds -> new JdbcTemplate(ds).execute("SHUTDOWN")).migrated(null);
    }

    /** A new random schema in PostgreSQL database {@code test}, migrated; dropped again by {@link #close()}. */
    public static TestDatabase postgres() {
        String schema = Postgres.createSchema();
        return new TestDatabase("PostgreSQL", Postgres.url(schema), POSTGRES_USER, ds -> Postgres.dropSchema(schema))
                .migrated(schema);
    }

    /** {@link #postgres()} for {@code "postgres"}, else {@link #h2()} (a parameterized test's database name). */
    public static TestDatabase of(String kind) {
        return "postgres".equals(kind) ? postgres() : h2();
    }

    /** The argument source of {@link BothDatabases}: H2 then PostgreSQL, each created when its invocation starts. */
    public static Stream<Arguments> both() {
        return Stream.<Supplier<TestDatabase>>of(TestDatabase::h2, TestDatabase::postgres)
                .map(s -> Arguments.of(s.get()));
    }

    /**
     * Another connection pool on this same database, as a second instance of the service has; closing it closes only
     * that pool.
     */
    public TestDatabase sharing() {
        return new TestDatabase(name, dataSource.getJdbcUrl(), user, ds -> { });
    }

    private static HikariDataSource pool(String url, String user) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(url);
        ds.setUsername(user);
        ds.setPassword("");
        ds.setMaximumPoolSize(POOL_SIZE);
        ds.setMinimumIdle(1);
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

    /**
     * Drops the database (H2: shut down; PostgreSQL: the schema dropped) unless {@link #sharing()}, then closes the
     * pool; once (a test may close it and JUnit again, as a parameter).
     */
    @Override
    public void close() {
        if (dataSource.isClosed()) {
            return;
        }
        try {
            drop.accept(dataSource);
        } finally {
            dataSource.close();
        }
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * The shared PostgreSQL test server: random schemas ({@code t_<32 hex>}) created and dropped, so concurrent test
     * runs of several engineers never see each other's tables, and plain statements on it.
     */
    public static final class Postgres {

        private Postgres() {
        }

        /** Creates a new empty schema and returns its name. */
        public static String createSchema() {
            String schema = "t_" + UUID.randomUUID().toString().replace("-", "").toLowerCase(Locale.ROOT);
            execute("CREATE SCHEMA " + schema);
            return schema;
        }

        /** Drops the schema and everything in it. */
        public static void dropSchema(String schema) {
            if (!schema.matches("t_[0-9a-f]{32}")) {
                throw new IllegalArgumentException("not a test schema: " + schema);
            }
            execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }

        /** The JDBC URL whose connections use {@code schema} as their search path. */
        public static String url(String schema) {
            return POSTGRES_URL + (POSTGRES_URL.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        }

        /** Runs one statement. */
        public static void execute(String sql) {
            try (Connection c = connect(); Statement s = c.createStatement()) {
                s.execute(sql);
            } catch (SQLException e) {
                throw unavailable(e);
            }
        }

        /** The first column of the first row of a counting query. */
        public static long count(String query) {
            try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
                rs.next();
                return rs.getLong(1);
            } catch (SQLException e) {
                throw unavailable(e);
            }
        }

        private static Connection connect() throws SQLException {
            return DriverManager.getConnection(POSTGRES_URL, POSTGRES_USER, "");
        }

        private static IllegalStateException unavailable(SQLException e) {
            return new IllegalStateException("PostgreSQL at " + POSTGRES_URL + " (user " + POSTGRES_USER
                    + ") is needed for this test: " + e.getMessage(), e);
        }
    }

    /**
     * Points a whole Spring Boot test context at PostgreSQL: a new random schema in database {@code test}, migrated by
     * the application's own Flyway, dropped when the context closes (Spring's test context cache closes it at JVM
     * exit).
     *
     * <pre>{@code
     * @SpringBootTest
     * @ContextConfiguration(initializers = TestDatabase.PostgresSchemaInitializer.class)
     * class MyPostgresTest { ... }
     * }</pre>
     */
    public static class PostgresSchemaInitializer
            implements ApplicationContextInitializer<ConfigurableApplicationContext> {

        @Override
        public void initialize(ConfigurableApplicationContext context) {
            String schema = Postgres.createSchema();
            context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("postgres-test-schema",
                    Map.of("spring.datasource.url", Postgres.url(schema),
                            "spring.datasource.username", POSTGRES_USER,
                            "spring.datasource.password", "",
                            "spring.flyway.schemas", schema)));
            // Registered before any bean exists, so it is destroyed last: after the DataSource has closed its
            // connections.
            ((DefaultListableBeanFactory) context.getBeanFactory())
                    .registerDisposableBean("postgresTestSchemaDropper", () -> Postgres.dropSchema(schema));
        }
    }
}
