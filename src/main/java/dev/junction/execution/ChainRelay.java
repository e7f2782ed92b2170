package dev.junction.execution;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import java.util.Optional;

/**
 * The relayer on the real chains Junction has a node and a relayer key for (chain mode: {@code junction.chains.*}
 * with {@code junction.relayer.private-key}). Gasless swaps use it to check and send the one transaction of a swap;
 * the executor follows that transaction to the swap's end. Nothing here exists in the sandbox.
 */
public interface ChainRelay extends ChainReads {

    /** The relayer's account on {@code chain}, when a relayer sends there. */
    Optional<Address> relayer(ChainId chain);

    /**
     * Where the relayer's fees go on {@code chain}: {@code junction.relayer.fee-recipient}, else the relayer's account.
     */
    Optional<Address> feeRecipient(ChainId chain);

    /**
     * {@code eth_call} of {@code data} on {@code to} from the relayer's account at the latest block: exactly what the
     * relayer's transaction will do if it is included now.
     *
     * @return the returned bytes
     * @throws CallRevertedException when the call reverts, with the revert data and its decoded reason
     */
    byte[] simulate(ChainId chain, Address to, byte[] data);

    /** {@code eth_estimateGas} of the relayer's call with the relayer's margin applied. */
    long gasLimit(ChainId chain, Address to, byte[] data);

    /**
     * Checks the relayer can pay for one more transaction of {@code gasLimit} on {@code chain}: its native balance
     * covers gas limit x max fee at the live gas price (the fees {@link #prepare} would sign with) plus the same for
     * its transactions signed but not yet included. A node refuses a transaction its sender cannot pay for, so a swap
     * accepted without this would wait forever.
     *
     * @throws RelayerUnfundedException when it cannot
     */
    void requireFunded(ChainId chain, long gasLimit);

    /**
     * Signs the relayer's transaction and records it (signed, not yet broadcast) in the caller's database
     * transaction; idempotent on {@code reference}. It is broadcast after the caller commits ({@link #wake()}).
     *
     * @param validUntil Unix seconds after which the call cannot succeed (the permit's deadline): once the chain's
     *     final blocks are past it and the transaction is not included, the relayer cancels it (a 0-value transfer to
     *     itself at the same nonce, fees raised) and {@link #outcome} says {@link Outcome#cancelled()}
     */
    Relayed prepare(ChainId chain, String reference, Address to, byte[] data, long gasLimit, long validUntil);

    /** Broadcasts what was prepared now rather than at the next poll. */
    void wake();

    /** Where the relayer's transaction with this hash (any of its signed versions) stands; empty if unknown. */
    Optional<Outcome> outcome(ChainId chain, TxHash hash);

    /**
     * A prepared transaction: its hash (keccak256 of the signed bytes, known before broadcast), nonce and sender.
     */
    record Relayed(TxHash hash, long nonce, Address sender) {
    }

    /**
     * A relayed transaction's state on chain.
     *
     * @param included a version has a receipt in the canonical chain
     * @param confirmed included and the chain's confirmations deep
     * @param hash the included version's hash (the first one while not included)
     * @param success the receipt's status (false while not included)
     * @param blockTimestampMs the including block's timestamp, ms (0 while not included)
     * @param amountOut the router's {@code RouteExecuted.amountOut}, when the receipt has one
     * @param revertReason why it reverted, decoded from the router's errors, when it did
     * @param cancelled the chain passed the call's {@code validUntil} before any version was included, and the relayer
     *     cancelled it: the call never ran and never will (included is then false)
     */
    record Outcome(boolean included, boolean confirmed, TxHash hash, boolean success, long blockTimestampMs,
            Amount amountOut, String revertReason, boolean cancelled) {
    }
}
