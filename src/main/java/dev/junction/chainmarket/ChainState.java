package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.protocol.PoolState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
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
 * @param feeds the configured price feeds' answers at the block, by token (a feed that did not answer is absent)
 */
record ChainState(long block, Bytes32 hash, Bytes32 parentHash, long timestamp, BigInteger baseFee,
        Map<Address, PoolState> pools, Map<Address, FeedAnswer> feeds) {

    ChainState {
        pools = PoolMap.copyOf(pools);
        feeds = Map.copyOf(feeds);
    }

    /** A state without price feeds. */
    ChainState(long block, Bytes32 hash, Bytes32 parentHash, long timestamp, BigInteger baseFee,
            Map<Address, PoolState> pools) {
        this(block, hash, parentHash, timestamp, baseFee, pools, Map.of());
    }

    /**
     * A Chainlink-style aggregator's {@code latestRoundData()} answer and its {@code decimals()}: the token's USD price
     * is {@code answer / 10^decimals}.
     *
     * @param updatedAt the round's {@code updatedAt}, Unix seconds
     */
    record FeedAnswer(BigInteger answer, int decimals, long updatedAt) {

        /** Whether the answer was updated at most {@code maxAge} before {@code timestamp} (a block's, Unix seconds). */
        boolean freshAt(long timestamp, Duration maxAge) {
            return timestamp - updatedAt <= maxAge.toSeconds();
        }

        /** The price as a double (USD values only); NaN when the answer is not positive. */
        double usd() {
            return answer.signum() > 0 ? new BigDecimal(answer).movePointLeft(decimals).doubleValue()
                    : Double.NaN;
        }
    }
}
