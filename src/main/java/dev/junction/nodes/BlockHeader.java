package dev.junction.nodes;

import dev.junction.chain.Bytes32;
import java.math.BigInteger;

/**
 * The fields of a block Junction reads ({@code eth_getBlockByNumber}).
 *
 * @param number block number
 * @param hash block hash
 * @param parentHash parent's hash
 * @param timestamp seconds since the epoch
 * @param baseFeePerGas EIP-1559 base fee, wei; zero before London
 */
public record BlockHeader(long number, Bytes32 hash, Bytes32 parentHash, long timestamp, BigInteger baseFeePerGas) {
}
