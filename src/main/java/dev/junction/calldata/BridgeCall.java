package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;

/**
 * A bridge hop over one lane.
 *
 * @param lane the lane (provider, chains, tokens, latency)
 * @param router Junction's router on the source chain of the lane
 * @param destinationRouter Junction's router on the destination chain; null where there is none (Solana)
 * @param amountIn planned input on the source chain, smallest units of the lane's input token
 * @param quotedOut planned output on the destination chain (what the bridge delivers after its fees)
 * @param minAmountOut least output on the destination chain
 */
public record BridgeCall(BridgeLane lane, Address router, Address destinationRouter, Amount amountIn,
        Amount quotedOut, Amount minAmountOut) implements StepCall {

    @Override
    public ChainId chain() {
        return lane.fromChain();
    }

    @Override
    public String provider() {
        return lane.provider();
    }

    @Override
    public Address tokenIn() {
        return lane.inputToken();
    }

    @Override
    public Address tokenOut() {
        return lane.outputToken();
    }

    /** The destination chain. */
    public ChainId toChain() {
        return lane.toChain();
    }
}
