package dev.junction.execution.network;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;

/**
 * A bridge transfer started by a source transaction.
 *
 * @param sourceTx the deposit transaction
 * @param outputToken token delivered on the destination chain
 * @param amountOut amount the bridge delivers (after its fees), outputToken smallest units
 * @param settleAtMs simulation time at which it arrives (or is known to have failed)
 * @param failed whether the transfer fails; then the input is refunded on the source chain
 * @param refundAtMs simulation time from which the refund can be sent (failed transfers only, else equal to settle)
 */
public record BridgeTransfer(TxHash sourceTx, String provider, ChainId fromChain, ChainId toChain, Address inputToken,
        Amount amountIn, Address outputToken, Amount amountOut, long settleAtMs, boolean failed, long refundAtMs) {
}
