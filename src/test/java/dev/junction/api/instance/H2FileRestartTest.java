package dev.junction.api.instance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.JunctionApplication;
import dev.junction.execution.internal.SwapRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The embedded default (H2 file mode under junction.data-dir, exactly as application.yml configures it, without the
 * test overrides) keeps its data across a restart.
 */
class H2FileRestartTest {

    @TempDir
    Path dataDir;

    @Test
    void dataSurvivesARestartOnTheSameDataDir() {
        String first;
        try (ConfigurableApplicationContext app = start()) {
            first = app.getBean(InstanceRegistry.class).instanceId();
            assertThat(app.getBean(InstanceRepository.class).all()).extracting(InstanceRecord::instanceId)
                    .containsExactly(first);
            // one instance id: the row in junction_instance is the owner of this process's swap leases
            assertThat(app.getBean(SwapRunner.class).instance()).isEqualTo(first);
        }
        assertThat(Files.exists(dataDir.resolve("junction.mv.db"))).isTrue();

        try (ConfigurableApplicationContext app = start()) {
            String second = app.getBean(InstanceRegistry.class).instanceId();
            List<InstanceRecord> all = app.getBean(InstanceRepository.class).all();
            assertThat(all).extracting(InstanceRecord::instanceId).containsExactlyInAnyOrder(first, second);
            assertThat(all).filteredOn(r -> r.instanceId().equals(first)).singleElement()
                    .satisfies(r -> assertThat(r.stoppedAt()).isNotNull());
        }
    }

    /**
     * The embedded default compacts its file while it runs (dev.junction.store.EmbeddedStoreCompaction): with
     * WRITE_DELAY=0 H2 runs no background writer, so nothing else would, and the file grew with every commit.
     */
    @Test
    void theEmbeddedStoreIsCompactedWhileItRuns() {
        try (ConfigurableApplicationContext app = start()) {
            assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).contains("h2-compaction");
        }
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).doesNotContain("h2-compaction");
    }

    /**
     * The embedded default's page cache is 4 MB (CACHE_SIZE=4096 in application.yml), not H2's 16 MB: under quote load
     * the pages the write-behind store had just written stayed in the larger cache for seconds, so every young
     * collection copied them again (issue 17, PERFORMANCE "ninth pass").
     */
    @Test
    void theEmbeddedStoreKeepsASmallerPageCache() {
        try (ConfigurableApplicationContext app = start()) {
            JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);
            String sql = "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = ?";
            assertThat(jdbc.queryForObject(sql, String.class, "cache_size")).isEqualTo("4096"); // KB
            // what the store itself was given, in MB
            assertThat(jdbc.queryForObject(sql, String.class, "info.CACHE_MAX_SIZE")).isEqualTo("4");
        }
    }

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(JunctionApplication.class).run(
                "--spring.config.location=classpath:/application.yml",
                "--junction.data-dir=" + dataDir,
                "--server.port=0");
    }
}
