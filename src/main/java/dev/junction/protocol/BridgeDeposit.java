package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;

/**
 * A bridge deposit found in a source transaction's logs.
 *
 * @param contract the bridge contract that emitted it
 * @param destinationChain where it goes
 * @param depositId the bridge's id of the deposit
 * @param inputToken deposited on the source chain
 * @param outputToken to be delivered on the destination chain
 * @param inputAmount deposited
 * @param outputAmount to be delivered
 * @param fillDeadline Unix seconds: after it, the deposit is refunded instead of filled; {@link Long#MAX_VALUE} when
 *     the bridge has none (CCTP: the burn is redeemable for good)
 * @param recipient who is paid on the destination chain
 */
public record BridgeDeposit(Address contract, ChainId destinationChain, BigInteger depositId, Address inputToken,
        Address outputToken, BigInteger inputAmount, BigInteger outputAmount, long fillDeadline, Address recipient) {
}
