package dev.junction.calldata;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import java.math.BigInteger;

/**
 * The start of one parallel leg of a split route: the router's leg step (kind 2, no adapter, data
 * {@code abi.encode(uint256 shareBps)}), followed in the route's steps by the leg's swaps.
 *
 * @param chain the chain the split runs on
 * @param router Junction's router on it
 * @param tokenIn the split's input token (what every leg spends)
 * @param tokenOut the token every leg ends in
 * @param shareBps the leg's share of the split's input, basis points (1..10000; the router gives the last leg the
 *                 remainder)
 * @param amountIn the leg's planned input
 */
public record LegCall(ChainId chain, Address router, Address tokenIn, Address tokenOut, int shareBps, Amount amountIn)
        implements StepCall {

    public LegCall {
        if (shareBps < 1 || shareBps > 10_000) {
            throw new IllegalArgumentException("a leg's share is 1..10000 bps");
        }
    }

    /** A leg step names no provider: it runs no adapter. */
    @Override
    public String provider() {
        return "";
    }

    /** The leg's planned input: a leg step moves nothing itself. */
    @Override
    public Amount quotedOut() {
        return amountIn;
    }

    /** A leg step has no minimum of its own (its last swap's and the route's apply). */
    @Override
    public Amount minAmountOut() {
        return Amount.of(BigInteger.ZERO);
    }
}
