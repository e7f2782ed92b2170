package dev.junction.routing;

import dev.junction.market.BridgeLane;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** Why candidate paths fell away during one planning request; turned into the NO_ROUTE family of failures. */
final class Diagnostics {

    record LaneBound(BridgeLane lane, Token token, BigInteger bound, BigInteger amount) {
    }

    final List<LaneBound> belowMinimum = new ArrayList<>();
    final List<LaneBound> aboveCapacity = new ArrayList<>();
    int feesExceeded;
    int poolsExhausted;
    int evaluated;

    void belowMinimum(BridgeLane lane, Token token, BigInteger amount) {
        if (belowMinimum.size() < 16) {
            belowMinimum.add(new LaneBound(lane, token, lane.minAmount(), amount));
        }
    }

    void aboveCapacity(BridgeLane lane, Token token, BigInteger amount) {
        if (aboveCapacity.size() < 16) {
            aboveCapacity.add(new LaneBound(lane, token, lane.capacity(), amount));
        }
    }
}
