package dev.junction.support;

import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.provider.Arguments;

/** Argument source of {@link BothDatabases}: each database is created only when its invocation starts. */
public final class TestDatabases {

    private TestDatabases() {
    }

    /** H2 then PostgreSQL, created lazily. */
    public static Stream<Arguments> both() {
        return Stream.<Supplier<TestDatabase>>of(TestDatabase::h2, TestDatabase::postgres)
                .map(s -> Arguments.of(s.get()));
    }
}
