package dev.junction.nodes;

import java.math.BigInteger;

/**
 * The fields of a block Junction follows.
 *
 * @param number block number
 * @param hash block hash, 0x lower-case
 * @param parentHash parent's hash
 * @param timestamp seconds since the epoch
 * @param baseFeePerGas EIP-1559 base fee, zero before London
 */
public record BlockHeader(long number, String hash, String parentHash, long timestamp, BigInteger baseFeePerGas) {
}
