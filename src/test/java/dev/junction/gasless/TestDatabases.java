package dev.junction.gasless;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Fresh migrated databases for repository tests: an in-memory H2 in PostgreSQL mode, and a random schema in the shared
 * PostgreSQL database {@code test} (dropped by {@link Db#close()}), so parallel test runs never meet.
 */
final class TestDatabases {

    static final String PG_URL = System.getProperty("junction.test.pg-url", "jdbc:postgresql://127.0.0.1:5432/test");

    private TestDatabases() {
    }

    /** A migrated database and how to drop it. */
    record Db(String name, DataSource dataSource, Runnable drop) implements AutoCloseable {
        @Override
        public void close() {
            drop.run();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Db h2() {
        String name = "gasless_" + UUID.randomUUID().toString().replace("-", "");
        DriverManagerDataSource ds = new DriverManagerDataSource("jdbc:h2:mem:" + name
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "");
        migrate(ds, null);
        return new Db("H2", ds, () -> exec(ds, "SHUTDOWN"));
    }

    static Db postgres() {
        String schema = "gasless_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        DriverManagerDataSource admin = new DriverManagerDataSource(PG_URL, "postgres", "");
        exec(admin, "CREATE SCHEMA " + schema);
        DriverManagerDataSource ds = new DriverManagerDataSource(PG_URL + "?currentSchema=" + schema, "postgres", "");
        migrate(ds, schema);
        return new Db("PostgreSQL", ds, () -> exec(admin, "DROP SCHEMA IF EXISTS " + schema + " CASCADE"));
    }

    private static void migrate(DataSource ds, String schema) {
        var config = Flyway.configure().dataSource(ds).locations("classpath:db/migration");
        if (schema != null) {
            config.schemas(schema);
        }
        config.load().migrate();
    }

    private static void exec(DataSource ds, String sql) {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
