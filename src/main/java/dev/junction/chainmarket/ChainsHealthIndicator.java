package dev.junction.chainmarket;

import dev.junction.chain.ChainId;
import dev.junction.nodes.NewHeads;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

/**
 * {@code /actuator/health} component {@code chains}: per chain its market block, the node's head, the lag between
 * them, the time since the state was last confirmed at the head, its state ({@code fresh} or {@code stale}), and how
 * heads arrive ({@code transport}: {@code ws} while its node pushes them, else {@code polling}; {@code wsDown} says why
 * a configured socket is down), {@code lastHeadAgeMs} (since the newest head arrived, pushed or found by a poll) and
 * {@code headToSnapshotMs} (the last applied head's arrival to its snapshot published; absent before the first). UP
 * when every chain is fresh, {@code DEGRADED} (HTTP 200: the other chains still serve) otherwise.
 */
final class ChainsHealthIndicator implements HealthIndicator {

    static final Status DEGRADED = new Status("DEGRADED", "a chain's market state is stale");

    private final ChainMarket chains;

    ChainsHealthIndicator(ChainMarket chains) {
        this.chains = chains;
    }

    @Override
    public Health health() {
        boolean allFresh = true;
        Map<String, Object> details = new LinkedHashMap<>();
        long now = System.currentTimeMillis();
        for (Map.Entry<ChainId, ChainFollower> e : chains.followers().entrySet()) {
            ChainFollower f = e.getValue();
            boolean fresh = f.fresh();
            allFresh &= fresh;
            long block = f.state().block();
            Map<String, Object> chain = new LinkedHashMap<>();
            chain.put("name", f.settings().name());
            chain.put("state", fresh ? "fresh" : "stale");
            chain.put("block", block);
            chain.put("nodeHead", f.nodeHead());
            chain.put("lagBlocks", Math.max(0, f.nodeHead() - block));
            chain.put("sinceSyncMs", now - f.syncedAtMillis());
            chain.put("maxStalenessMs", f.settings().maxStaleness().toMillis());
            chain.put("reorgs", f.reorgs());
            chain.put("transport", f.transport());
            chain.put("lastHeadAgeMs", Math.max(0, now - f.lastHeadAtMillis()));
            long headToSnapshot = f.lastHeadToSnapshotNanos();
            if (headToSnapshot >= 0) {
                chain.put("headToSnapshotMs", headToSnapshot / 1e6);
            }
            NewHeads.State socket = f.socket();
            if (socket != null && !socket.subscribed()) {
                chain.put("wsDown", socket.reason());
            }
            if (f.lastError() != null) {
                chain.put("lastError", f.lastError());
            }
            details.put(Long.toString(e.getKey().value()), chain);
        }
        return Health.status(allFresh ? Status.UP : DEGRADED).withDetails(details).build();
    }
}
