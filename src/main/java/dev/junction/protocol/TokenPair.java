package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.nodes.LogEntry;
import java.util.Optional;
import java.util.Set;

/** Two tokens of a pool in the pool's order (token0's address below token1's). */
public record TokenPair(Address token0, Address token1) {

    /** The pair of two tokens, ordered by address. */
    public static TokenPair of(Address a, Address b) {
        return a.lower().compareTo(b.lower()) < 0 ? new TokenPair(a, b) : new TokenPair(b, a);
    }

    /**
     * The tokens a factory's pool-creation log names in its topics 1 and 2 (Uniswap V2's {@code PairCreated}, V3's
     * {@code PoolCreated}); empty when it names none or a token not in {@code served}.
     */
    public static Optional<TokenPair> created(LogEntry log, Set<Address> served) {
        if (log.topics().size() < 3) {
            return Optional.empty();
        }
        Address token0 = AbiDecoder.address(log.topics().get(1));
        Address token1 = AbiDecoder.address(log.topics().get(2));
        if (!served.contains(token0) || !served.contains(token1)) {
            return Optional.empty();
        }
        return Optional.of(new TokenPair(token0, token1));
    }
}
