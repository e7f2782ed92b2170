package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.TxHash;
import java.math.BigInteger;

/**
 * A deposit's fill on the destination chain: what the recipient was paid, and where.
 *
 * @param txHash the fill's transaction
 * @param blockNumber its block
 * @param recipient who was paid
 * @param outputToken the token paid
 * @param delivered the amount paid
 */
public record BridgeFill(TxHash txHash, long blockNumber, Address recipient, Address outputToken,
        BigInteger delivered) {
}
