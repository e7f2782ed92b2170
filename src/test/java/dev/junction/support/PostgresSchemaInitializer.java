package dev.junction.support;

import java.util.Map;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Points a whole Spring Boot test context at PostgreSQL: a new random schema in database {@code test}, migrated by the
 * application's own Flyway, dropped when the context closes (Spring's test context cache closes it at JVM exit).
 *
 * <pre>{@code
 * @SpringBootTest
 * @ContextConfiguration(initializers = PostgresSchemaInitializer.class)
 * class MyPostgresTest { ... }
 * }</pre>
 */
public class PostgresSchemaInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        String schema = PostgresSchemas.create();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("postgres-test-schema", Map.of(
                "spring.datasource.url", PostgresSchemas.url(schema),
                "spring.datasource.username", TestDatabase.POSTGRES_USER,
                "spring.datasource.password", "",
                "spring.flyway.schemas", schema)));
        // Registered before any bean exists, so it is destroyed last: after the DataSource has closed its connections.
        ((DefaultListableBeanFactory) context.getBeanFactory())
                .registerDisposableBean("postgresTestSchemaDropper", () -> PostgresSchemas.drop(schema));
    }
}
