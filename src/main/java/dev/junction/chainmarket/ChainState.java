package dev.junction.chainmarket;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.util.Map;

/**
 * One chain's pools as of one block: immutable. The follower keeps the states of recent blocks to roll back a reorg.
 *
 * @param block block number
 * @param hash block hash
 * @param parentHash its parent's hash
 * @param timestamp block timestamp, seconds
 * @param baseFee the block's base fee, wei
 * @param pools pool states by pool address (a {@link PoolMap}: the states of consecutive blocks share what did not
 *     change)
 */
record ChainState(long block, String hash, String parentHash, long timestamp, BigInteger baseFee,
        Map<Address, PoolState> pools) {

    ChainState {
        pools = PoolMap.copyOf(pools);
    }
}
