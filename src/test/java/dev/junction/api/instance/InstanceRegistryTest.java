package dev.junction.api.instance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.execution.InstanceId;
import dev.junction.support.TestDatabase;
import org.junit.jupiter.api.Test;

/** A context that is stopped and started again (Spring pauses cached test contexts) keeps one row per instance. */
class InstanceRegistryTest {

    @Test
    void stopAndStartAgainResumesTheSameRow() {
        try (TestDatabase db = TestDatabase.h2()) {
            InstanceRepository repository = new InstanceRepository(db.jdbc());
            InstanceRegistry registry = new InstanceRegistry(repository, InstanceId.random());
            registry.start();
            registry.stop();
            assertThat(repository.all()).singleElement().satisfies(r -> assertThat(r.stoppedAt()).isNotNull());
            registry.start();
            assertThat(registry.isRunning()).isTrue();
            assertThat(repository.all()).singleElement().satisfies(r -> {
                assertThat(r.instanceId()).isEqualTo(registry.instanceId());
                assertThat(r.stoppedAt()).isNull();
            });
        }
    }
}
