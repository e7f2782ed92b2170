package dev.junction.api.instance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.BothDatabases;
import dev.junction.support.TestDatabase;
import java.time.Instant;

/** The V1 table and its repository, on H2 and on PostgreSQL. */
class InstanceRepositoryTest {

    @BothDatabases
    void recordsStartsAndStops(TestDatabase db) {
        InstanceRepository repository = new InstanceRepository(db.jdbc());
        Instant t0 = Instant.parse("2026-01-02T03:04:05.123456Z");
        repository.started(new InstanceRecord("a", "host-a", "1.0", t0, null));
        repository.started(new InstanceRecord("b", "host-b", "1.0", t0.plusSeconds(60), null));

        assertThat(repository.stopped("a", t0.plusSeconds(30))).isTrue();
        assertThat(repository.stopped("missing", t0)).isFalse();

        assertThat(repository.all()).containsExactly(
                new InstanceRecord("b", "host-b", "1.0", t0.plusSeconds(60), null),
                new InstanceRecord("a", "host-a", "1.0", t0, t0.plusSeconds(30)));

        assertThat(repository.resumed("a")).isTrue();
        assertThat(repository.all()).extracting(InstanceRecord::stoppedAt).containsOnlyNulls();
    }
}
