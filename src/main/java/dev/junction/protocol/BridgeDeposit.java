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
 * @param viaReceiver whether {@code recipient} is a Junction receiver contract that takes the bridged funds, hands them
 *     to the destination router (which runs the route's destination leg) and emits the fill itself (CCTP with a leg);
 *     false when the bridge pays {@code recipient} (Across, a plain CCTP burn)
 */
public record BridgeDeposit(Address contract, ChainId destinationChain, BigInteger depositId, Address inputToken,
        Address outputToken, BigInteger inputAmount, BigInteger outputAmount, long fillDeadline, Address recipient,
        boolean viaReceiver) {

    /** A deposit the bridge pays to its recipient itself. */
    public BridgeDeposit(Address contract, ChainId destinationChain, BigInteger depositId, Address inputToken,
            Address outputToken, BigInteger inputAmount, BigInteger outputAmount, long fillDeadline,
            Address recipient) {
        this(contract, destinationChain, depositId, inputToken, outputToken, inputAmount, outputAmount, fillDeadline,
                recipient, false);
    }

    /** This deposit delivering {@code token} on the destination chain. */
    public BridgeDeposit withOutputToken(Address token) {
        return new BridgeDeposit(contract, destinationChain, depositId, inputToken, token, inputAmount, outputAmount,
                fillDeadline, recipient, viaReceiver);
    }
}
