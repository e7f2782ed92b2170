package dev.junction.execution.cctp;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.protocol.cctp.CctpMessages;
import dev.junction.protocol.cctp.CctpMessages.Message;
import java.util.Objects;

/**
 * One CCTP leg Junction redeems: the burn and leg messages a source {@code CctpAdapter} sent in one transaction, their
 * attestations once Circle's Iris gave them, and where the redeem stands.
 *
 * @param sourceChain where the burn was
 * @param burnNonce the burn message's nonce (with the source chain, the row's key)
 * @param legNonce the leg message's nonce
 * @param sourceTx the transaction of both messages
 * @param sourceBlock its block
 * @param destinationChain where the receiver mints and runs the leg
 * @param receiver the destination's {@code JunctionCctpReceiver}
 * @param message {@code abi.encode(redeemFee, routeMessage)}: the redeem's last argument
 * @param burnAttestation null until Iris attested the burn
 * @param legAttestation null until Iris attested the leg
 * @param relayedTxId the relayer's transaction sending the redeem (null until SENDING)
 * @param redeemTx the redeem's included transaction (DONE), null otherwise
 * @param attempts failed attempts so far (each waits longer before the next)
 * @param nextAttemptAtMs when the row is due again, wall-clock epoch ms
 * @param lastError why the last attempt failed, or null
 * @param createdAtMs when the leg was recorded, wall-clock epoch ms
 */
record CctpRedemption(ChainId sourceChain, long burnNonce, long legNonce, TxHash sourceTx, long sourceBlock,
        ChainId destinationChain, Address receiver, Message burn, Message leg, byte[] message, byte[] burnAttestation,
        byte[] legAttestation, State state, String relayedTxId, TxHash redeemTx, int attempts, long nextAttemptAtMs,
        String lastError, long createdAtMs) {

    CctpRedemption {
        Objects.requireNonNull(sourceChain, "sourceChain");
        Objects.requireNonNull(destinationChain, "destinationChain");
        Objects.requireNonNull(receiver, "receiver");
        Objects.requireNonNull(burn, "burn");
        Objects.requireNonNull(leg, "leg");
        Objects.requireNonNull(state, "state");
        message = message.clone();
        burnAttestation = burnAttestation == null ? null : burnAttestation.clone();
        legAttestation = legAttestation == null ? null : legAttestation.clone();
    }

    @Override
    public byte[] message() {
        return message.clone();
    }

    @Override
    public byte[] burnAttestation() {
        return burnAttestation == null ? null : burnAttestation.clone();
    }

    @Override
    public byte[] legAttestation() {
        return legAttestation == null ? null : legAttestation.clone();
    }

    /** The relayer's reference of the redeem: one transaction per leg, whichever instance prepares it. */
    String reference() {
        return CctpMessages.REDEEMER + ":" + sourceChain.value() + ":" + burnNonce;
    }

    /**
     * ATTESTING -> SENDING -> DONE; REDEEMED_ELSEWHERE when the destination had used the burn nonce before Junction's
     * redeem (anyone may redeem with Circle's attestations); FAILED when Junction's redeem cannot succeed.
     */
    enum State {
        /** Waiting for Circle's attestations of both messages. */
        ATTESTING,
        /** Both attested; the relayer's redeem is prepared and followed. */
        SENDING,
        /** Junction's redeem was included and is final. */
        DONE,
        /** Someone else redeemed the messages first (the burn nonce was used on the destination). */
        REDEEMED_ELSEWHERE,
        /** The redeem reverted (or could not be estimated after every attempt) and the nonce is still unused. */
        FAILED;

        boolean open() {
            return this == ATTESTING || this == SENDING;
        }
    }
}
