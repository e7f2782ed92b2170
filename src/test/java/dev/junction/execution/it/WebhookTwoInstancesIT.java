package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestDatabase.Postgres;
import dev.junction.webhooks.JunctionHttp;
import dev.junction.webhooks.PushChecks;
import dev.junction.webhooks.WebhookReceiver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Two packaged instances on one PostgreSQL schema (issue 40): they share the outbox, and every change of gasless swaps
 * submitted on either reaches the webhook at least once, in order, never one event twice at the same time (the
 * receiver answers slowly, so both instances have deliveries in flight); and with a limit of 60 requests a minute, 120
 * requests of one API key spread over both get 60 through (the buckets are in the database), not 120.
 */
class WebhookTwoInstancesIT {

    static final String HOOK_KEY = "hooks-key";
    static final String LIMITED_KEY = "limited-key";

    @Test
    void theOutboxAndTheRateLimitAreSharedByBothInstances(@TempDir Path dir) throws Exception {
        String schema = Postgres.createSchema();
        List<String> args = List.of("--spring.datasource.url=" + Postgres.url(schema),
                "--spring.datasource.username=postgres", "--spring.datasource.password=",
                "--junction.data-dir=" + dir.resolve("data"), "--spring.main.banner-mode=off",
                "--junction.simulation.clock-speed=600", "--junction.security.api-keys=" + HOOK_KEY + ","
                        + LIMITED_KEY, "--junction.rate-limit.capacity=60", "--junction.rate-limit.period=1m",
                "--junction.webhooks.allowed-hosts=127.0.0.1", "--junction.webhooks.retry-base=200ms",
                "--junction.webhooks.retry-max=1s", "--junction.webhooks.poll-interval=50ms");
        ServiceProcess a = new ServiceProcess(dir.resolve("a.log"), args);
        ServiceProcess b = new ServiceProcess(dir.resolve("b.log"), args);
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            a.start();
            b.start();
            JunctionHttp onA = new JunctionHttp(a.base(), HOOK_KEY);
            JunctionHttp onB = new JunctionHttp(b.base(), HOOK_KEY);
            JsonNode hook = onA.register(receiver.url("/hooks"));
            receiver.delay(50);
            List<String> txs = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                JunctionHttp quoting = i % 2 == 0 ? onA : onB;
                JunctionHttp submitting = i % 2 == 0 ? onB : onA;
                JsonNode item = i % 3 == 0
                        ? quoting.quote(1, JunctionHttp.USDC, 1, JunctionHttp.WETH, "1000000000", null)
                        : quoting.quote(1, JunctionHttp.USDC, 42161, JunctionHttp.ARB_WETH, "1000000000", null);
                txs.add(submitting.submit(item).get("executionTxHash").asString());
            }
            receiver.await(Duration.ofSeconds(120), PushChecks.allEnded(txs));
            int events = PushChecks.assertCompleteInOrderSigned(receiver.received(), txs, hook.get("secret")
                    .asString());
            assertThat(receiver.maxConcurrentPerEvent()).as("no event delivered twice at the same time").isEqualTo(1);
            WebhookCrashIT.awaitNothingPending(onB, hook.get("id").asString());
            assertThat(Postgres.count("SELECT COUNT(*) FROM " + schema + ".webhook_deliveries WHERE state = 'DELIVERED'"))
                    .isEqualTo(events);

            // one key, 60 a minute, 120 requests alternating between the instances
            JunctionHttp limitedA = new JunctionHttp(a.base(), LIMITED_KEY);
            JunctionHttp limitedB = new JunctionHttp(b.base(), LIMITED_KEY);
            long start = System.nanoTime();
            int through = 0;
            int limited = 0;
            for (int i = 0; i < 120; i++) {
                JsonNode r = (i % 2 == 0 ? limitedA : limitedB).get("/chains");
                if (r.path("code").asInt() == 0) {
                    through++;
                } else {
                    assertThat(r.path("code").asInt()).as(r.toString()).isEqualTo(2003);
                    assertThat(r.path("httpStatus").asInt()).isEqualTo(429);
                    limited++;
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            // the bucket refills one request a second: what came back while the 120 requests ran may pass too
            System.out.printf("rate limit across two instances: %d of 120 through, %d refused, in %.1f s%n", through,
                    limited, seconds);
            assertThat(through).isBetween(60, 60 + (int) Math.ceil(seconds));
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
}
