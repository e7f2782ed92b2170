package dev.junction.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.webhooks.WebhookReceiver.Received;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** What a receiver must have got for a set of routes: everything, in order, signed. */
public final class PushChecks {

    static final Set<String> TERMINAL = Set.of("DONE", "FAILED", "REFUNDED", "EXPIRED");

    private PushChecks() {
    }

    /** The status events received (pings left out), per source transaction, in arrival order. */
    public static Map<String, List<JsonNode>> byTx(List<Received> got) {
        Map<String, List<JsonNode>> out = new LinkedHashMap<>();
        for (Received r : got) {
            JsonNode j = r.json();
            if (j.has("status")) {
                out.computeIfAbsent(j.path("srcTxDetails").path("txHash").asString(), k -> new ArrayList<>()).add(j);
            }
        }
        return out;
    }

    /** Whether every one of {@code txs} has reached a terminal event at the receiver. */
    public static Predicate<List<Received>> allEnded(Collection<String> txs) {
        return got -> {
            Map<String, List<JsonNode>> by = byTx(got);
            return txs.stream().allMatch(tx -> by.getOrDefault(tx, List.of()).stream()
                    .anyMatch(e -> TERMINAL.contains(e.path("status").asString())));
        };
    }

    /**
     * For each of {@code txs}: events with sequences 1 to the terminal one's, none missing; arrivals in sequence order
     * (a redelivery repeats only the latest); each signature verifies with {@code secret} and its header names the
     * body's event.
     *
     * @return the number of distinct events checked
     */
    public static int assertCompleteInOrderSigned(List<Received> got, Collection<String> txs, String secret) {
        long now = System.currentTimeMillis() / 1000;
        for (Received r : got) {
            assertThat(WebhookSignature.verify(secret, r.signature(), r.body(), now, 3600)).as("signature of %s",
                    r.body()).isTrue();
            assertThat(r.eventHeader()).isEqualTo(r.json().path("event").asString());
        }
        Map<String, List<JsonNode>> by = byTx(got);
        int distinct = 0;
        for (String tx : txs) {
            List<JsonNode> events = by.getOrDefault(tx, List.of());
            assertThat(events).as("events of %s", tx).isNotEmpty();
            List<Long> arrivals = events.stream().map(e -> e.path("sequence").asLong()).toList();
            assertThat(arrivals).as("arrival order of %s", tx).isSorted();
            long last = events.stream().filter(e -> TERMINAL.contains(e.path("status").asString()))
                    .mapToLong(e -> e.path("sequence").asLong()).findFirst().orElseThrow();
            List<Long> distinctSequences = arrivals.stream().distinct().toList();
            List<Long> expected = new ArrayList<>();
            for (long s = 1; s <= last; s++) {
                expected.add(s);
            }
            assertThat(distinctSequences).as("sequences of %s", tx).isEqualTo(expected);
            assertThat(events.getFirst().path("details").path("substatus").asString()).isEqualTo("RECEIVED");
            Map<Long, String> ids = new LinkedHashMap<>();
            for (JsonNode e : events) {
                String before = ids.putIfAbsent(e.path("sequence").asLong(), e.path("event").asString());
                assertThat(before == null || before.equals(e.path("event").asString()))
                        .as("a redelivery of %s carries the same event id", tx).isTrue();
            }
            distinct += distinctSequences.size();
        }
        return distinct;
    }
}
