package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import java.math.BigInteger;

/**
 * A bridge step as a bridge room encodes it.
 *
 * @param lane the lane (provider, chains, tokens, latency)
 * @param amountIn planned input on the source chain, smallest units of the lane's input token
 * @param quotedOut planned output on the destination chain (what the bridge delivers after its fees)
 * @param minAmountOut least output on the destination chain
 * @param sender the wallet funding the route (depositor and refund address)
 * @param recipient who gets the bridged tokens on the destination chain
 * @param message for the destination router (empty when the bridge pays the receiver directly)
 * @param quotedAt quote time, Unix seconds (Across quoteTimestamp)
 * @param deadline route deadline, Unix seconds
 * @param quoteId the route's 32-byte quote id (nonces are taken from it)
 * @param destinationGasLimit gas for the destination leg, 0 for the default
 */
public record BridgeStep(BridgeLane lane, Amount amountIn, Amount quotedOut, Amount minAmountOut, Address sender,
        Address recipient, byte[] message, long quotedAt, long deadline, byte[] quoteId,
        BigInteger destinationGasLimit) {

    /** When the destination side must have acted: the route deadline plus twice the lane's p90 latency. */
    public static long fillDeadline(BridgeLane lane, long deadline) {
        return deadline + 2L * lane.p90Seconds();
    }

    /** This step's {@link #fillDeadline(BridgeLane, long)}. */
    public long fillDeadline() {
        return fillDeadline(lane, deadline);
    }

    public ChainId fromChain() {
        return lane.fromChain();
    }

    public ChainId toChain() {
        return lane.toChain();
    }

    public Address tokenIn() {
        return lane.inputToken();
    }

    public Address tokenOut() {
        return lane.outputToken();
    }
}
