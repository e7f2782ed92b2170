package dev.junction.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs a persistence test twice, on a fresh migrated H2 and on a fresh migrated PostgreSQL schema; the test method takes
 * the {@link TestDatabase}, which JUnit closes afterwards (the PostgreSQL schema is dropped):
 *
 * <pre>{@code
 * @BothDatabases
 * void savesAndReads(TestDatabase db) {
 *     var repository = new QuoteRepository(db.jdbc());
 *     ...
 * }
 * }</pre>
 *
 * For a whole Spring context on PostgreSQL use {@link TestDatabase.PostgresSchemaInitializer} instead.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "{0}")
@MethodSource("dev.junction.support.TestDatabase#both")
public @interface BothDatabases {
}
