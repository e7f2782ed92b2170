package dev.junction.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * Creates and drops random schemas ({@code t_<32 hex>}) in the shared PostgreSQL test database, so concurrent test runs
 * of several engineers never see each other's tables.
 */
public final class PostgresSchemas {

    private PostgresSchemas() {
    }

    /** Creates a new empty schema and returns its name. */
    public static String create() {
        String schema = "t_" + UUID.randomUUID().toString().replace("-", "").toLowerCase(Locale.ROOT);
        execute("CREATE SCHEMA " + schema);
        return schema;
    }

    /** Drops the schema and everything in it. */
    public static void drop(String schema) {
        if (!schema.matches("t_[0-9a-f]{32}")) {
            throw new IllegalArgumentException("not a test schema: " + schema);
        }
        execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }

    /** The JDBC URL whose connections use {@code schema} as their search path. */
    public static String url(String schema) {
        return TestDatabase.POSTGRES_URL + (TestDatabase.POSTGRES_URL.contains("?") ? "&" : "?") + "currentSchema="
                + schema;
    }

    private static void execute(String sql) {
        try (Connection c = DriverManager.getConnection(TestDatabase.POSTGRES_URL, TestDatabase.POSTGRES_USER, "");
                Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + TestDatabase.POSTGRES_URL + " (user "
                    + TestDatabase.POSTGRES_USER + ") is needed for this test: " + e.getMessage(), e);
        }
    }
}
