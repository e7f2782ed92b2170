package dev.junction.execution.network;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import java.util.Optional;

/**
 * The chains Junction executes on. The default is {@link EmbeddedNetwork} (in-process, on the simulation clock); a live
 * implementation would speak JSON-RPC to real nodes and a bridge's API. Every method is safe to call again after a
 * crash: {@link #send} is idempotent by transaction hash.
 */
public interface Network {

    /** Current time on the network, simulation epoch ms; never goes backwards, also across restarts. */
    long now();

    /** Reserves the next nonce of {@code sender} on {@code chain}; joins the caller's database transaction. */
    long reserveNonce(ChainId chain, Address sender);

    /** The hash the transaction has (and will have when sent): keccak256(chain, sender, nonce, keccak256(payload)). */
    TxHash hashOf(ChainTx tx);

    /**
     * Sends the transaction, or returns the receipt of the transaction with the same hash if it was sent before.
     *
     * @return the receipt (a reverted transaction has a receipt too)
     */
    Receipt send(ChainTx tx);

    /** The receipt of a sent transaction. */
    Optional<Receipt> receipt(ChainId chain, TxHash hash);

    /** Simulation time at which the included transaction has the chain's required confirmations. */
    long confirmedAtMs(Receipt receipt);

    /** The bridge transfer a successful source transaction started. */
    Optional<BridgeTransfer> transfer(TxHash sourceTx);

    /** How many transactions were sent with this reference (the swap id) and kind: the exactly-once ledger. */
    int countSent(String reference, ChainTx.TxKind kind);
}
