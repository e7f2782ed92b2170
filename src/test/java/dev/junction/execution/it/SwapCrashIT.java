package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Kill -9: the packaged service (H2 file database) accepts swaps and is killed with SIGKILL at several points of their
 * lifecycle, then restarted on the same data. Every accepted swap must finish, with exactly one source transaction
 * (and one destination transaction when it crosses chains) in the network ledger.
 */
class SwapCrashIT {

    private static final String[] SHAPES = {"sameChainSwap", "bridge", "crossChainSwap"};
    private static final Set<String> IN_FLIGHT = Set.of("SOURCE_SENT", "BRIDGING", "DESTINATION_PENDING");
    private static final Set<String> TERMINAL = Set.of("DONE", "FAILED", "REFUNDED", "EXPIRED");

    @Test
    void everyAcceptedSwapCompletesExactlyOnceAcrossKills(@TempDir Path dir) throws Exception {
        List<String> args = List.of("--junction.data-dir=" + dir.resolve("data"), "--junction.execution.test-endpoint=true",
                "--junction.simulation.clock-speed=600", "--junction.execution.lease-seconds=2",
                "--junction.execution.poll-interval-ms=50", "--spring.main.banner-mode=off",
                "--junction.rate-limit.enabled=false");
        Path log = dir.resolve("service.log");
        Map<String, String> shapeOf = new LinkedHashMap<>();
        ServiceProcess service = new ServiceProcess(log, args).start();
        try {
            // kill 1: right after acceptance, before (or while) the runner sends the source transactions
            for (int i = 0; i < 9; i++) {
                shapeOf.put(service.submit(SHAPES[i % 3], i), SHAPES[i % 3]);
            }
            service.kill();

            // kill 2: while swaps wait for confirmations or are in flight on a bridge (a slower clock widens that window)
            service = new ServiceProcess(log, withClockSpeed(args, 20)).start();
            List<String> second = new ArrayList<>();
            for (int i = 9; i < 18; i++) {
                String id = service.submit(SHAPES[i % 3], i);
                shapeOf.put(id, SHAPES[i % 3]);
                second.add(id);
            }
            awaitAny(service, second, e -> IN_FLIGHT.contains(e.get("state").asString()));
            service.kill();

            // kill 3: after some swaps finished while others are still running
            service = new ServiceProcess(log, args).start();
            for (int i = 18; i < 24; i++) {
                shapeOf.put(service.submit(SHAPES[i % 3], i), SHAPES[i % 3]);
            }
            awaitAny(service, List.copyOf(shapeOf.keySet()), e -> TERMINAL.contains(e.get("state").asString()));
            service.kill();

            // final run: everything completes, nothing is lost or sent twice
            service = new ServiceProcess(log, args).start();
            for (String id : shapeOf.keySet()) {
                JsonNode e = awaitTerminal(service, id);
                assertThat(e.get("state").asString()).as("swap %s (%s)", id, shapeOf.get(id)).isEqualTo("DONE");
                assertThat(e.get("sourceTxs").asInt()).as("source txs of %s", id).isEqualTo(1);
                int expectedDest = shapeOf.get(id).equals("sameChainSwap") ? 0 : 1;
                assertThat(e.get("destinationTxs").asInt()).as("destination txs of %s", id).isEqualTo(expectedDest);
                assertThat(e.get("refundTxs").asInt()).isZero();
            }
            assertThat(shapeOf).hasSize(24);
        } finally {
            if (service.alive()) {
                service.kill();
            }
        }
    }

    private static List<String> withClockSpeed(List<String> args, int speed) {
        return args.stream().map(a -> a.startsWith("--junction.simulation.clock-speed=")
                ? "--junction.simulation.clock-speed=" + speed : a).toList();
    }

    private static void awaitAny(ServiceProcess s, List<String> ids, Predicate<JsonNode> condition) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < end) {
            for (String id : ids) {
                if (condition.test(s.ledger(id))) {
                    return;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no swap reached the awaited point within 60 s");
    }

    static JsonNode awaitTerminal(ServiceProcess s, String id) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        JsonNode e = s.ledger(id);
        while (!TERMINAL.contains(e.get("state").asString())) {
            if (System.nanoTime() > end) {
                throw new AssertionError("swap " + id + " stuck in " + e);
            }
            Thread.sleep(50);
            e = s.ledger(id);
        }
        return e;
    }
}
