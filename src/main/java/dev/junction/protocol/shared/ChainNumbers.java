package dev.junction.protocol.shared;

import dev.junction.chain.ChainId;
import dev.junction.protocol.StepDataException;
import java.util.Map;
import java.util.OptionalInt;

/**
 * A bridge's own numbers for the chains it serves, by EIP-155 chain id (CCTP domains, LayerZero endpoint ids,
 * Wormhole chain ids): each bridge room keeps its table, with its source.
 *
 * @param bridge the bridge's name in messages, e.g. {@code CCTP}
 * @param byChainId its number by chain id
 */
public record ChainNumbers(String bridge, Map<Long, Integer> byChainId) {

    public ChainNumbers {
        byChainId = Map.copyOf(byChainId);
    }

    /** The bridge's number of a chain, empty when the bridge does not serve it. */
    public OptionalInt of(ChainId chain) {
        Integer n = byChainId.get(chain.value());
        return n == null ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /**
     * The bridge's number of a chain.
     *
     * @throws StepDataException naming {@code parameter} when the bridge does not serve the chain
     */
    public int require(ChainId chain, String parameter) {
        Integer n = byChainId.get(chain.value());
        if (n == null) {
            throw new StepDataException(parameter, "is chain " + chain + ", which " + bridge + " does not serve");
        }
        return n;
    }
}
