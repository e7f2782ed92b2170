package dev.junction.market.snapshot;

import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ProviderType;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Checks and builds the bridge lanes of {@code lanes.json}: unique ids, a known bridge provider, two different known
 * chains, known tokens on each, p50 <= p90 and minAmount <= capacity.
 */
final class LaneParser {

    private final SnapshotParser parser;
    private final Set<String> ids = new HashSet<>();

    LaneParser(SnapshotParser parser) {
        this.parser = parser;
    }

    void parseAll(List<JsonNode> nodes) {
        for (int i = 0; i < nodes.size(); i++) {
            BridgeLane lane = lane(new SnapshotParser.Entry("lanes", i, nodes.get(i)));
            if (lane != null) {
                parser.addLane(lane);
            }
        }
    }

    private BridgeLane lane(SnapshotParser.Entry e) {
        if (!ids.add(e.text("id"))) {
            parser.problem(e, "id", "duplicate lane id " + e.text("id"));
            return null;
        }
        boolean providerOk = parser.knownProvider(e, "provider", ProviderType.BRIDGE) != null;
        Chain from = parser.knownChain(e, "fromChain");
        Chain to = parser.knownChain(e, "toChain");
        if (!providerOk || from == null || to == null) {
            return null;
        }
        if (from.id().equals(to.id())) {
            parser.problem(e, "toChain", "must differ from fromChain " + from.id());
            return null;
        }
        Token in = parser.knownToken(e, "inputToken", from, e.node().get("inputToken"));
        Token out = parser.knownToken(e, "outputToken", to, e.node().get("outputToken"));
        if (in == null || out == null) {
            return null;
        }
        int p50 = e.integer("p50Seconds");
        int p90 = e.integer("p90Seconds");
        if (p90 < p50) {
            parser.problem(e, "p90Seconds", "must be >= p50Seconds " + p50 + ", was " + p90);
            return null;
        }
        BigInteger min = e.big("minAmount");
        BigInteger capacity = e.big("capacity");
        if (min.compareTo(capacity) > 0) {
            parser.problem(e, "minAmount", "must be <= capacity " + capacity + ", was " + min);
            return null;
        }
        return new BridgeLane(e.text("provider"), from.id(), to.id(), in.address(), out.address(), e.big("fixedFee"),
                e.integer("feeBps"), e.node().get("destinationGasUsd").asDouble(), p50, p90, min, capacity,
                e.node().get("gasUnits").asLong());
    }
}
