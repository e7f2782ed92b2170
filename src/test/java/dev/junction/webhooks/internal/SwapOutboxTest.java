package dev.junction.webhooks.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.execution.SwapSubmission;
import dev.junction.execution.internal.Harness;
import dev.junction.status.StatusService;
import dev.junction.support.TestMarket;
import dev.junction.webhooks.Owner;
import dev.junction.webhooks.Submitter;
import dev.junction.webhooks.Webhooks.Webhook;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The outbox is written with the executor's changes, in their database transactions (H2 and PostgreSQL): each swap's
 * acceptance and transitions are events 1..n of its source transaction, each body the /status answer of that moment;
 * deliveries go only to the webhooks of the swap's submitter; a rolled-back submission leaves no event, no follower
 * and no delivery.
 */
class SwapOutboxTest {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final Owner ALICE = Owner.ofApiKey("alice");
    static final Owner BOB = Owner.ofApiKey("bob");

    record Wired(OutboxRepository events, WebhookRepository webhooks) {
    }

    static Wired wire(Harness h) {
        OutboxRepository events = new OutboxRepository(h.jdbc);
        StatusService status = StatusService.ofExecutor(h.service, h.market, h.clock);
        h.listeners.add(new SwapOutbox(new Outbox(events, JSON, new OutboxSignal()), events,
                new WatchRepository(h.jdbc), () -> status, () -> { }, Duration.ofDays(1), System::currentTimeMillis));
        WebhookRepository webhooks = new WebhookRepository(h.jdbc);
        webhooks.insert(new WebhookRepository.Endpoint(new Webhook("wh_alice", "https://a.example/h", null, 1),
                ALICE, "whsec_a"));
        webhooks.insert(new WebhookRepository.Endpoint(new Webhook("wh_bob", "https://b.example/h", null, 1), BOB,
                "whsec_b"));
        return new Wired(events, webhooks);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"h2", "postgres"})
    void everyChangeIsAnEventDeliveredToTheSubmittersWebhooksOnly(String db) throws Exception {
        try (Harness h = Harness.of(db, 600, 0, true)) {
            Wired w = wire(h);
            Instant deadline = Instant.ofEpochMilli(h.network.now()).plusSeconds(3600);
            SwapSubmission alices = Submitter.as(ALICE, () -> h.service.submit(TestMarket.crossChain(TestMarket.USER,
                    BigInteger.ONE, deadline)));
            SwapSubmission nobodys = h.service.submit(TestMarket.sameChain(BigInteger.ONE, deadline, null));
            h.awaitTerminal(alices.swapId(), Duration.ofSeconds(30));
            h.awaitTerminal(nobodys.swapId(), Duration.ofSeconds(30));

            for (SwapSubmission s : List.of(alices, nobodys)) {
                var events = w.events().since(s.fromChain(), s.sourceTxHash(), 0);
                long changes = h.jdbc.sql("SELECT COUNT(*) FROM swap_events WHERE swap_id = ?").param(s.swapId())
                        .query(Long.class).single();
                assertThat(events).as("one event per persisted change").hasSize((int) changes);
                for (int i = 0; i < events.size(); i++) {
                    JsonNode body = JSON.readTree(events.get(i).body());
                    assertThat(events.get(i).sequence()).isEqualTo(i + 1);
                    assertThat(body.path("sequence").asLong()).isEqualTo(i + 1);
                    assertThat(body.path("event").asString()).isEqualTo(events.get(i).id());
                    assertThat(body.path("swapId").asString()).isEqualTo(s.swapId());
                    assertThat(body.path("srcTxDetails").path("txHash").asString()).isEqualTo(s.sourceTxHash()
                            .value());
                }
                assertThat(JSON.readTree(events.getFirst().body()).path("details").path("substatus").asString())
                        .isEqualTo("RECEIVED");
                assertThat(events.getLast().status()).isEqualTo("DONE");
                assertThat(events.getLast().terminal()).isTrue();
                assertThat(events.subList(0, events.size() - 1)).noneMatch(e -> e.terminal());
            }
            long alicesEvents = w.events().lastSequence(alices.fromChain(), alices.sourceTxHash());
            assertThat(deliveries(h, "wh_alice")).isEqualTo(alicesEvents);
            assertThat(deliveries(h, "wh_bob")).isZero();
            assertThat(h.jdbc.sql("SELECT COUNT(*) FROM webhook_deliveries WHERE tx_hash = ?")
                    .param(nobodys.sourceTxHash().value()).query(Long.class).single()).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"h2", "postgres"})
    void aRolledBackSubmissionLeavesNoEventFollowerOrDelivery(String db) {
        try (Harness h = Harness.of(db, 600, 0, false)) {
            wire(h);
            Instant deadline = Instant.ofEpochMilli(h.network.now()).plusSeconds(3600);
            h.tx.executeWithoutResult(status -> {
                Submitter.as(ALICE, () -> h.service.submit(TestMarket.sameChain(BigInteger.ONE, deadline, null)));
                assertThat(count(h, "status_events")).as("written in the transaction").isEqualTo(1);
                status.setRollbackOnly();
            });
            for (String table : List.of("swaps", "status_events", "status_followers", "webhook_deliveries")) {
                assertThat(count(h, table)).as(table).isZero();
            }
        }
    }

    static long deliveries(Harness h, String webhook) {
        return h.jdbc.sql("SELECT COUNT(*) FROM webhook_deliveries WHERE webhook_id = ?").param(webhook)
                .query(Long.class).single();
    }

    static long count(Harness h, String table) {
        return h.jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
    }
}
