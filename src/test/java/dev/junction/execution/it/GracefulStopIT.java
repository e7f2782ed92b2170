package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A graceful stop (issue 12, item 2): the packaged service on its H2 file database gets a real SIGTERM while quotes are
 * waiting in the write-behind queue and swaps are running. Spring's shutdown must still reach the database: the quote
 * store's final flush persists every answered quote, the instance row records the stop, the runner releases its
 * leases, and nothing is logged about a closed database.
 */
class GracefulStopIT {

    static final String QUOTE = "/quote?fromChain=1&toChain=1&fromToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
            + "&toToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&amount=1000000000"
            + "&sender=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

    @Test
    void sigtermFlushesQuotesRecordsTheStopAndReleasesLeases(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("data");
        List<String> args = List.of("--junction.data-dir=" + data, "--junction.execution.test-endpoint=true",
                "--junction.simulation.clock-speed=20", "--junction.execution.poll-interval-ms=50",
                "--spring.main.banner-mode=off", "--junction.rate-limit.enabled=false");
        Path log = dir.resolve("service.log");
        ServiceProcess service = new ServiceProcess(log, args).start();
        List<String> quoteIds = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                service.submit(new String[] {"sameChainSwap", "bridge", "crossChainSwap"}[i % 3], i);
            }
            for (int i = 0; i < 5; i++) {
                HttpResponse<String> r = service.get(QUOTE);
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                JsonNode body = ServiceProcess.JSON.readTree(r.body());
                quoteIds.add(body.get("data").get(0).get("quoteId").asString());
            }
        } finally {
            service.terminate();
        }

        String text = Files.readString(log);
        assertThat(text).as("shutdown reached the database").doesNotContain("could not record the stop")
                .doesNotContain("swap runner poll failed").doesNotContain("release failed")
                .doesNotContainIgnoringCase("database is already closed");
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + data.resolve("junction")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE", "sa", ""); Statement s = c.createStatement()) {
            assertThat(count(s, "SELECT COUNT(*) FROM junction_instance WHERE stopped_at IS NULL"))
                    .as("the stop is recorded").isZero();
            assertThat(count(s, "SELECT COUNT(*) FROM junction_instance")).isEqualTo(1);
            assertThat(count(s, "SELECT COUNT(*) FROM quote WHERE quote_id IN ('" + String.join("','", quoteIds) + "')"))
                    .as("every answered quote is flushed").isEqualTo(quoteIds.size());
            assertThat(count(s, "SELECT COUNT(*) FROM swaps WHERE lease_owner IS NOT NULL"))
                    .as("the runner released its leases").isZero();
            assertThat(count(s, "SELECT COUNT(*) FROM swaps")).isEqualTo(6);
        }
    }

    private static long count(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
