package dev.junction.protocol;

import java.util.List;

/**
 * Reading one pool's state at a block, in rounds: chain mode sends round k of every pool being read in one JSON-RPC
 * batch (or Multicall3), then hands each pool its answers. A room's read is a chain of these, ending in {@link #done}.
 */
public interface PoolRead {

    /** This round's calls (none: the round asks nothing of this pool, it still takes part in it). */
    List<ContractCall> calls();

    /**
     * This round's answers, in the order of {@link #calls()} (null where a call reverted): the next round, or the read
     * finished ({@link #done}).
     */
    PoolRead answer(List<String> answers);

    /** Whether the read is over. */
    default boolean finished() {
        return false;
    }

    /** The state read, once {@link #finished()}; null when the pool could not be read (it is left out). */
    default PoolState state() {
        throw new IllegalStateException("read not finished");
    }

    /** A finished read: {@code state}, or null when the pool could not be read. */
    static PoolRead done(PoolState state) {
        return new Done(state);
    }

    /** A finished read. */
    record Done(PoolState state) implements PoolRead {

        @Override
        public List<ContractCall> calls() {
            return List.of();
        }

        @Override
        public PoolRead answer(List<String> answers) {
            return this;
        }

        @Override
        public boolean finished() {
            return true;
        }
    }
}
