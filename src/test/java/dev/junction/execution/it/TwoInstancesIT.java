package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestDatabase.Postgres;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Two packaged instances on one PostgreSQL schema (fresh per run) take 50 concurrent swaps; one instance is killed with
 * SIGKILL mid-way and the other finishes its work. Each swap ends DONE with exactly one source transaction. Before
 * that, a route quoted on one instance is built by pathId on the other, which reads the quote from the database.
 */
class TwoInstancesIT {


    @Test
    void fiftyConcurrentSwapsRunExactlyOnceAndSurviveTheDeathOfAnInstance(@TempDir Path dir) throws Exception {
        String schema = Postgres.createSchema();
        List<String> args = List.of("--spring.datasource.url=" + Postgres.url(schema),
                "--spring.datasource.username=postgres", "--spring.datasource.password=",
                "--junction.data-dir=" + dir.resolve("data"), "--junction.execution.test-endpoint=true",
                "--junction.simulation.clock-speed=600", "--junction.execution.lease-seconds=3",
                "--junction.execution.poll-interval-ms=50", "--spring.main.banner-mode=off",
                "--junction.rate-limit.enabled=false");
        ServiceProcess a = new ServiceProcess(dir.resolve("a.log"), args);
        ServiceProcess b = new ServiceProcess(dir.resolve("b.log"), args);
        String[] shapes = {"sameChainSwap", "bridge", "crossChainSwap"};
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            a.start();
            b.start();
            aRouteQuotedOnOneInstanceBuildsOnTheOther(a, b);
            List<Future<String>> submitted = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int n = i;
                ServiceProcess target = i % 2 == 0 ? a : b;
                submitted.add(pool.submit(() -> target.submit(shapes[n % 3], n)));
            }
            List<String> ids = new ArrayList<>();
            for (Future<String> f : submitted) {
                ids.add(f.get());
            }

            awaitTerminalCount(b, ids, 10);
            a.kill();

            for (String id : ids) {
                JsonNode e = SwapCrashIT.awaitTerminal(b, id);
                assertThat(e.get("state").asString()).as("swap %s", id).isEqualTo("DONE");
                assertThat(e.get("sourceTxs").asInt()).as("source txs of %s", id).isEqualTo(1);
            }
            assertThat(Postgres.count("SELECT COUNT(*) FROM " + schema + ".swaps WHERE terminal = FALSE")).isZero();
            assertThat(Postgres.count("SELECT COUNT(*) FROM (SELECT reference, kind FROM " + schema + ".network_txs "
                    + "GROUP BY reference, kind HAVING COUNT(*) > 1) d")).isZero();
            assertThat(Postgres.count("SELECT COUNT(*) FROM " + schema + ".network_txs WHERE kind = 'SOURCE'")).isEqualTo(50);
            assertThat(Postgres.count("SELECT COUNT(DISTINCT instance) FROM " + schema + ".swap_events WHERE event <> 'SUBMITTED'"))
                    .isEqualTo(2);
        } finally {
            if (a.alive()) {
                a.kill();
            }
            if (b.alive()) {
                b.kill();
            }
            Postgres.dropSchema(schema);
        }
    }

    private static void aRouteQuotedOnOneInstanceBuildsOnTheOther(ServiceProcess a, ServiceProcess b)
            throws Exception {
        String sender = "0x1111111111111111111111111111111111111111";
        String usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
        String arbUsdc = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
        var quote = a.get("/quote?fromChain=1&toChain=42161&fromToken=" + usdc + "&toToken=" + arbUsdc
                + "&amount=1000000000&sender=" + sender);
        assertThat(quote.statusCode()).as(quote.body()).isEqualTo(200);
        JsonNode routes = ServiceProcess.JSON.readTree(quote.body()).get("data");
        String pathId = routes.get(routes.size() - 1).get("pathId").asString();
        String body = "{\"fromChain\": 1, \"toChain\": 42161, \"fromToken\": \"" + usdc + "\", \"toToken\": \""
                + arbUsdc + "\", \"Amount\": \"1000000000\", \"Sender\": \"" + sender + "\", \"pathId\": \"" + pathId
                + "\"}";
        JsonNode onA = a.post("/build-path", body).get("data");
        JsonNode onB = null;
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (onB == null) {
            try {
                onB = b.post("/build-path", body).get("data");
            } catch (IllegalStateException notYetWritten) {
                if (System.nanoTime() > end) {
                    throw notYetWritten;
                }
                Thread.sleep(50);
            }
        }
        assertThat(onB).isEqualTo(onA);
        assertThat(onA.get("data").asString()).startsWith("0x");
    }

    private static void awaitTerminalCount(ServiceProcess s, List<String> ids, int atLeast) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < end) {
            int done = 0;
            for (String id : ids) {
                if (s.ledger(id).get("state").asString().equals("DONE")) {
                    done++;
                }
            }
            if (done >= atLeast) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("fewer than " + atLeast + " swaps finished within 60 s");
    }
}
