package dev.junction.execution.relayer;

import dev.junction.chain.ChainId;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

/**
 * {@code /actuator/health} component {@code relayer}: per chain the relayer's account, its native balance, what it
 * needs (gas limit x max fee of the last checked transaction, or of a 21,000-gas transfer before any, at the live gas
 * price, plus its transactions not yet included), whether it is funded, and when that was read (at each gasless submit, and by the relayer loop at most
 * every 15 s; no request of its own). UP when every checked chain is funded, {@code DEGRADED} (HTTP 200: the other
 * chains still serve) when one is not: its gasless submits answer 503 / 9006.
 */
final class RelayerHealthIndicator implements HealthIndicator {

    static final Status DEGRADED = new Status("DEGRADED", "a chain's relayer cannot pay for its transactions");

    private final Relayers relayers;

    RelayerHealthIndicator(Relayers relayers) {
        this.relayers = relayers;
    }

    @Override
    public Health health() {
        boolean allFunded = true;
        Map<String, Object> details = new TreeMap<>();
        for (Map.Entry<ChainId, Relayer.Funding> e : relayers.funding().entrySet()) {
            Relayer.Funding f = e.getValue();
            allFunded &= f.enough();
            details.put(Long.toString(e.getKey().value()), Map.of(
                    "relayer", relayers.relayer(e.getKey()).map(Object::toString).orElse(""),
                    "state", f.enough() ? "funded" : "unfunded",
                    "balanceWei", f.balance().toString(),
                    "requiredWei", f.required().toString(),
                    "checkedAtMs", f.checkedAtMs()));
        }
        return Health.status(allFunded ? Status.UP : DEGRADED).withDetails(details).build();
    }
}
