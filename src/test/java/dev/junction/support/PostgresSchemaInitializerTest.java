package dev.junction.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.JunctionApplication;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The whole application runs its migrations in a random PostgreSQL schema, which is dropped when it closes. */
class PostgresSchemaInitializerTest {

    @Test
    void applicationMigratesIntoARandomSchemaAndDropsItOnClose() throws Exception {
        String schema;
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(JunctionApplication.class)
                .initializers(new TestDatabase.PostgresSchemaInitializer()).run("--server.port=0")) {
            JdbcClient jdbc = JdbcClient.create(app.getBean(DataSource.class));
            schema = jdbc.sql("SELECT current_schema()").query(String.class).single();
            assertThat(schema).matches("t_[0-9a-f]{32}");
            assertThat(jdbc.sql("SELECT count(*) FROM junction_instance").query(Long.class).single()).isEqualTo(1);
        }
        try (Connection c = DriverManager.getConnection(TestDatabase.POSTGRES_URL, TestDatabase.POSTGRES_USER, "");
                ResultSet rs = c.createStatement()
                        .executeQuery("SELECT count(*) FROM pg_namespace WHERE nspname = '" + schema + "'")) {
            rs.next();
            assertThat(rs.getInt(1)).isZero();
        }
    }
}
