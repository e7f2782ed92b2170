package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

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
 * Webhooks are never lost (issue 40), on the packaged service (H2 file database, sandbox at 60x): a receiver down for
 * 30 s then back gets every change of the gasless swaps that ran meanwhile; a {@code kill -9} of Junction while
 * deliveries are in flight (the receiver answers slowly) loses none: after the restart every change arrives, in
 * sequence order per swap, each signed, a redelivery with the same event id.
 */
class WebhookCrashIT {

    @Test
    void aReceiverDownAndAKillMinusNineLoseNoEvent(@TempDir Path dir) throws Exception {
        List<String> args = List.of("--junction.data-dir=" + dir.resolve("data"), "--spring.main.banner-mode=off",
                "--junction.simulation.clock-speed=60", "--junction.rate-limit.enabled=false",
                "--junction.webhooks.allowed-hosts=127.0.0.1", "--junction.webhooks.retry-base=200ms",
                "--junction.webhooks.retry-max=1s", "--junction.webhooks.timeout=2s",
                "--junction.webhooks.poll-interval=100ms");
        Path log = dir.resolve("service.log");
        ServiceProcess service = new ServiceProcess(log, args).start();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JunctionHttp api = new JunctionHttp(service.base(), null);
            JsonNode hook = api.register(receiver.url("/hooks"));
            String secret = hook.get("secret").asString();
            List<String> txs = new ArrayList<>();

            // the receiver down for 30 s while swaps run to their end, then back
            receiver.stop();
            long downSince = System.nanoTime();
            for (int i = 0; i < 4; i++) {
                txs.add(i % 2 == 0 ? api.swap(1, JunctionHttp.USDC, 1, JunctionHttp.WETH, "1000000000")
                        : api.swap(1, JunctionHttp.USDC, 42161, JunctionHttp.ARB_WETH, "1000000000"));
            }
            for (String tx : txs) {
                awaitEnd(api, tx);
            }
            Thread.sleep(Math.max(0, Duration.ofSeconds(30).toMillis()
                    - Duration.ofNanos(System.nanoTime() - downSince).toMillis()));
            JsonNode pending = api.ok("GET", "/webhooks/" + hook.get("id").asString() + "/deliveries?state=PENDING",
                    null);
            assertThat(pending.size()).as("deliveries waiting while the receiver is down").isPositive();
            // the first change of each swap was tried again and again; the later ones wait behind it (order)
            assertThat(pending.valueStream().filter(p -> p.path("attempts").asInt() > 1).count())
                    .isEqualTo(txs.size());
            receiver.restart();
            receiver.await(Duration.ofSeconds(60), PushChecks.allEnded(txs));
            int events = PushChecks.assertCompleteInOrderSigned(receiver.received(), txs, secret);
            assertThat(events).isGreaterThanOrEqualTo(txs.size() * 3);

            // kill -9 with deliveries in flight: each answer takes 400 ms
            receiver.delay(400);
            List<String> more = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                more.add(api.swap(1, JunctionHttp.USDC, 42161, JunctionHttp.ARB_WETH, "1000000000"));
            }
            int before = receiver.received().size();
            receiver.await(Duration.ofSeconds(60), got -> got.size() >= before + 3);
            service.kill();
            int atKill = receiver.received().size();
            service = new ServiceProcess(log, args).start();
            receiver.await(Duration.ofSeconds(90), PushChecks.allEnded(more));
            assertThat(receiver.received().size()).as("deliveries after the restart").isGreaterThan(atKill);
            PushChecks.assertCompleteInOrderSigned(receiver.received(), more, secret);
            awaitNothingPending(new JunctionHttp(service.base(), null), hook.get("id").asString());
            assertThat(receiver.maxConcurrentPerEvent()).as("no event delivered twice at the same time").isEqualTo(1);
        } finally {
            if (service.alive()) {
                service.kill();
            }
        }
    }

    /** Waits (bounded) until no delivery of the webhook is pending (the last answers are being recorded). */
    static void awaitNothingPending(JunctionHttp api, String webhookId) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (api.ok("GET", "/webhooks/" + webhookId + "/deliveries?state=PENDING", null).size() > 0) {
            if (System.nanoTime() > end) {
                throw new AssertionError("deliveries still pending: " + api.ok("GET", "/webhooks/" + webhookId
                        + "/deliveries?state=PENDING", null));
            }
            Thread.sleep(100);
        }
    }

    static void awaitEnd(JunctionHttp api, String tx) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < end) {
            String s = api.ok("GET", "/status?txHash=" + tx + "&fromChainId=1", null).path("status").asString();
            if (!s.equals("PENDING") && !s.equals("NOT_FOUND")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("swap " + tx + " did not end within 60 s");
    }
}
