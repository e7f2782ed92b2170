package dev.junction.market;

import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;

/**
 * The block a chain's part of a live market reflects (chain mode only; snapshot markets have none).
 *
 * @param chain the chain
 * @param blockNumber the block the chain's pools, prices and gas are read at
 * @param blockHash that block's hash
 * @param blockTimestamp its timestamp, seconds
 */
public record ChainHead(ChainId chain, long blockNumber, Bytes32 blockHash, long blockTimestamp) {
}
