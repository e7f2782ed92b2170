package dev.junction.webhooks.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.support.BothDatabases;
import dev.junction.support.TestDatabase;
import dev.junction.webhooks.Owner;
import dev.junction.webhooks.StatusEvent;
import dev.junction.webhooks.Webhooks.DeliveryState;
import dev.junction.webhooks.Webhooks.Webhook;
import dev.junction.webhooks.internal.DeliveryRepository.Key;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Taking deliveries (H2 and PostgreSQL): one lease at a time per delivery, only the lowest pending sequence of a
 * webhook and transaction is due (order), an expired lease is taken again (a dead instance), a DEAD delivery lets the
 * next one go, and two instances claiming at once get disjoint deliveries (on PostgreSQL, B skips the rows A locked
 * and takes the others).
 */
class DeliveryRepositoryTest {

    static final Owner OWNER = Owner.ofApiKey("k");
    static final ChainId CHAIN = ChainId.of(1);
    static final TxHash TX1 = new TxHash("0x" + "11".repeat(32));
    static final TxHash TX2 = new TxHash("0x" + "22".repeat(32));

    /** Two webhooks of OWNER, who follows TX1 and TX2, each with events 1..3: twelve deliveries. */
    static DeliveryRepository fill(TestDatabase db) {
        WebhookRepository webhooks = new WebhookRepository(db.jdbc());
        OutboxRepository events = new OutboxRepository(db.jdbc());
        for (String id : List.of("wh_1", "wh_2")) {
            webhooks.insert(new WebhookRepository.Endpoint(new Webhook(id, "https://x.example/" + id, null, 1), OWNER,
                    "whsec"));
        }
        for (TxHash tx : List.of(TX1, TX2)) {
            events.follow(CHAIN, tx, OWNER, 1);
            events.follow(CHAIN, tx, OWNER, 2); // again: still one follower
            for (int seq = 1; seq <= 3; seq++) {
                String id = "evt_" + tx.value().substring(2, 4).repeat(15) + "0" + seq;
                assertThat(events.record(new StatusEvent(id, CHAIN, tx, seq, "PENDING", false, "{}", 1000L * seq),
                        "RECEIVED")).isEqualTo(2);
            }
        }
        return new DeliveryRepository(db.jdbc());
    }

    @BothDatabases
    void oneLeaseAtATimeLowestSequenceFirst(TestDatabase db) {
        DeliveryRepository d = fill(db);
        List<Key> a = d.claim("A", 10_000, 20_000, 100);
        assertThat(a).hasSize(4).allMatch(k -> k.eventId().endsWith("01"));
        assertThat(d.claim("B", 10_000, 20_000, 100)).as("leased by A, the rest waits for them").isEmpty();

        Key first = a.getFirst();
        assertThat(d.delivered(first, "B", 11_000, 200)).as("only the lease holder records").isFalse();
        assertThat(d.delivered(first, "A", 11_000, 200)).isTrue();
        List<Key> next = d.claim("B", 11_000, 21_000, 100);
        assertThat(next).containsExactly(new Key(first.webhookId(), first.eventId().replace("01", "02")));

        // A died: its leases expire and B takes them over
        List<Key> takenOver = d.claim("B", 20_001, 30_000, 100);
        assertThat(takenOver).hasSize(3).allMatch(k -> k.eventId().endsWith("01"));

        // a delivery given up (DEAD) lets the next one of its transaction go
        Key dead = takenOver.getFirst();
        assertThat(d.failed(dead, "B", 0, 500, "HTTP 500", true)).isTrue();
        assertThat(d.claim("C", 20_002, 30_000, 100)).containsExactly(
                new Key(dead.webhookId(), dead.eventId().replace("01", "02")));
        assertThat(d.list(dead.webhookId(), DeliveryState.DEAD, 10)).singleElement()
                .satisfies(x -> assertThat(x.lastError()).isEqualTo("HTTP 500"));
        assertThat(d.backlog().pending()).isEqualTo(10);
    }

    @BothDatabases
    void aFailedAttemptIsDueAgainLater(TestDatabase db) {
        DeliveryRepository d = fill(db);
        Key k = d.claim("A", 10_000, 20_000, 1).getFirst();
        assertThat(d.failed(k, "A", 15_000, null, "could not connect", false)).isTrue();
        assertThat(d.claim("A", 14_999, 30_000, 100)).doesNotContain(k);
        assertThat(d.claim("A", 15_000, 30_000, 100)).contains(k);
        assertThat(d.list(k.webhookId(), DeliveryState.PENDING, 100)).anySatisfy(x -> {
            assertThat(x.event()).isEqualTo(k.eventId());
            assertThat(x.attempts()).isEqualTo(1);
        });
    }

    @BothDatabases
    void twoInstancesClaimingAtOnceGetDisjointDeliveries(TestDatabase db) throws Exception {
        DeliveryRepository d = fill(db);
        TransactionTemplate tx = new TransactionTemplate(new JdbcTransactionManager(db.dataSource()));
        CountDownLatch aClaimed = new CountDownLatch(1);
        CountDownLatch bDone = new CountDownLatch(1);
        try (var pool = Executors.newFixedThreadPool(2)) {
            Future<List<Key>> a = pool.submit(() -> tx.execute(s -> {
                List<Key> keys = d.claim("A", 10_000, 20_000, 2);
                aClaimed.countDown();
                try {
                    // A's transaction stays open (its rows locked) while B claims
                    bDone.await(2, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return keys;
            }));
            aClaimed.await();
            Future<List<Key>> b = pool.submit(() -> tx.execute(s -> d.claim("B", 10_000, 20_000, 100)));
            List<Key> bKeys;
            try {
                bKeys = b.get(1, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException waiting) {
                bKeys = null; // H2 may wait for A's row locks: B then finishes once A commits
            }
            bDone.countDown();
            if (bKeys == null) {
                bKeys = b.get(10, TimeUnit.SECONDS);
            }
            List<Key> aKeys = a.get(10, TimeUnit.SECONDS);
            Set<Key> union = new HashSet<>(aKeys);
            List<Key> all = new ArrayList<>(aKeys);
            all.addAll(bKeys);
            union.addAll(bKeys);
            assertThat(aKeys).hasSize(2);
            assertThat(union).as("no delivery claimed by both").hasSize(all.size());
            if (db.isPostgres()) {
                // SKIP LOCKED: B takes the due rows A did not lock (H2 locks every row its select matched, so there B
                // may get none: still never the same one)
                assertThat(union).hasSize(4);
            }
        }
    }
}
