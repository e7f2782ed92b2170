package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.LogEntry;
import java.util.Map;
import java.util.Optional;

/**
 * A pool's on-chain state as chain mode holds it: immutable, each DEX room has its own (a record in the room). The
 * room's pure per-log reducer is {@link #apply}; its reads are {@link #read}; its conversion into the market's math
 * entry is {@link #facts}.
 */
public interface PoolState {

    /** The provider key of the configured DEX the pool belongs to. */
    String provider();

    Address address();

    Address token0();

    Address token1();

    /** Whether the pool can quote (e.g. reserves > 0; a V3 pool initialized). */
    boolean usable();

    /** The state after one of this pool's logs: this very state when the log changes nothing the state holds. */
    PoolState apply(LogEntry log);

    /** Whether this log of the pool marks it to be re-read at the range's last block (none by default). */
    default boolean rereadOn(LogEntry log) {
        return false;
    }

    /** Whether this state, just changed by a log, must be re-read at the range's last block (no by default). */
    default boolean needsReload() {
        return false;
    }

    /** Whether the pool must be re-read at the block of {@code timestamp} whatever it logged (no by default). */
    default boolean rereadEachBlock(long timestamp) {
        return false;
    }

    /** Reading this pool's state at a block on {@code chain}, in rounds of calls. */
    PoolRead read(ChainSettings chain);

    /**
     * Whether quotes reached the edge of what this state knows (e.g. a concentrated pool's loaded tick window) and
     * reading more would let them be answered exactly (no by default).
     */
    default boolean wantsWider() {
        return false;
    }

    /**
     * Reading more of this pool at the block of this state: this state with what quotes asked for added (a whole
     * re-read by default).
     */
    default PoolRead readWider(ChainSettings chain) {
        return read(chain);
    }

    /**
     * What the market view derives from this usable state; empty when the pool cannot be quoted with the chain's
     * tokens.
     *
     * @param decimals the decimals of the tokens the chain serves (a token absent here is not served)
     */
    Optional<PoolFacts> facts(Map<Address, Integer> decimals);
}
