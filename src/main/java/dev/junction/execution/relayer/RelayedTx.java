package dev.junction.execution.relayer;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import java.math.BigInteger;
import java.util.Objects;

/**
 * One nonce of the relayer on one chain and where it stands. Its signed versions (the first and every fee-bumped
 * replacement, same nonce) are recorded before each is broadcast; {@code currentHash} is the newest.
 *
 * @param broadcastBlock head block when the current version was (re)broadcast; null while SIGNED
 * @param includedHash the version the chain included (null until INCLUDED)
 * @param success the included version's receipt status (null until INCLUDED)
 * @param validUntil Unix seconds after which the call is useless (a permit's deadline): once the chain's final blocks
 *     are past it and no version is included, the transaction is cancelled; null: never
 * @param cancelVersion the first signed version that is a cancellation (a 0-value transfer to the relayer itself at
 *     the same nonce); null while not cancelled
 */
public record RelayedTx(String id, String reference, ChainId chain, Address sender, long nonce, Address to,
        BigInteger value, byte[] data, long gasLimit, State state, TxHash currentHash, Long broadcastBlock,
        TxHash includedHash, Long includedBlock, Bytes32 includedBlockHash, Boolean success, Long validUntil,
        Integer cancelVersion) {

    public RelayedTx {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(chain, "chain");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(currentHash, "currentHash");
        data = data.clone();
    }

    /** Whether a cancellation was signed (its nonce then goes to whichever version the chain includes). */
    public boolean cancelled() {
        return cancelVersion != null;
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    /** Lifecycle: SIGNED -> BROADCAST -> INCLUDED (receipt) -> CONFIRMED after the chain's confirmations. */
    public enum State {
        /** Signed and persisted; not yet handed to the node. */
        SIGNED,
        /** Handed to the node; waiting for a receipt (replaced with higher fees if it waits too long). */
        BROADCAST,
        /** A version has a receipt; waiting for confirmations (a reorg sends it back to BROADCAST). */
        INCLUDED,
        /** Included and the chain's confirmations deep: final. */
        CONFIRMED
    }

    /** One signed version. */
    public record Signed(TxHash hash, int version, BigInteger maxFee, BigInteger maxPriorityFee, byte[] raw) {
    }
}
