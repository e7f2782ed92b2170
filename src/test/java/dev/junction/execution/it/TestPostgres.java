package dev.junction.execution.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/** The test PostgreSQL server (127.0.0.1:5432, database {@code test}, user postgres, trust) for the two-instance ITs. */
final class TestPostgres {

    static final String URL = "jdbc:postgresql://127.0.0.1:5432/test";

    private TestPostgres() {
    }

    /** Runs one statement (e.g. a schema created or dropped for the run). */
    static void sql(String statement) throws Exception {
        try (Connection c = DriverManager.getConnection(URL, "postgres", ""); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    /** The first column of the first row of a counting query. */
    static long count(String query) throws Exception {
        try (Connection c = DriverManager.getConnection(URL, "postgres", ""); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
