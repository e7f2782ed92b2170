package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import java.util.List;

/**
 * An accepted gasless swap (interface 2.11).
 *
 * @param swapId Junction's swap id
 * @param executorTxId the executor's job id
 * @param executionTxHash the source-chain transaction the executor sends (the key for GET /status)
 * @param amountIn the full input pulled by Permit2
 * @param amountOut the quoted output
 * @param feeAmount the fee kept from the input
 * @param routeKind the route's shape
 * @param onChain relayed on a real chain (chain mode): the owner's balance, Permit2 allowance and nonce were read from
 *     the node and the relayer's transaction simulated before it was accepted; false in the sandbox
 */
public record GaslessSwap(String swapId, String executorTxId, TxHash executionTxHash, Amount amountIn, Amount amountOut,
        Amount feeAmount, ChainId fromChainId, Address fromToken, ChainId toChainId, Address toToken,
        RouteKindInfo routeKind, boolean onChain) {

    /** Status right after acceptance: the executor has the swap and has not finished it. */
    public String status() {
        return "PENDING";
    }

    /**
     * {@code routeKind} object.
     *
     * @param kind {@code sameChainSwap}, {@code bridge} or {@code crossChainSwap}
     * @param bridgeCount bridges in the route
     * @param providers provider keys in route order
     */
    public record RouteKindInfo(String kind, int bridgeCount, List<String> providers) {
    }
}
