package dev.junction.protocol.cctp;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.chain.abi.Abi;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Logs of one CCTP leg as Circle's contracts and Junction's adapter and receiver emit them, for the room's and the
 * redeemer's tests.
 */
public final class CctpLogs {

    public static final Address TOKEN_MESSENGER = Address.evm("0x00000000000000000000000000000000000000a1");
    public static final Address TRANSMITTER = Address.evm("0x00000000000000000000000000000000000000a2");
    public static final Address ADAPTER = Address.evm("0x00000000000000000000000000000000000000a3");
    public static final Address RECEIVER = Address.evm("0x00000000000000000000000000000000000000b4");
    public static final Address REMOTE_MESSENGER = Address.evm("0x00000000000000000000000000000000000000b1");
    public static final Address USDC = Address.evm("0x00000000000000000000000000000000000000c1");
    public static final TxHash TX = new TxHash("0x" + "ab".repeat(32));

    private CctpLogs() {
    }

    /** A message V1 (abi.encodePacked header, then the body). */
    public static byte[] message(int source, int destination, long nonce, Address sender, Address recipient,
            Address caller, byte[] body) {
        return ByteBuffer.allocate(116 + body.length).putInt(0).putInt(source).putInt(destination).putLong(nonce)
                .put(Recipients.bytes32(sender)).put(Recipients.bytes32(recipient)).put(Recipients.bytes32(caller))
                .put(body).array();
    }

    public static LogEntry log(Address emitter, List<Bytes32> topics, byte[] data) {
        return new LogEntry(emitter, topics, Hex.encode(data), 100, Bytes32.ZERO, 0, false, TX);
    }

    public static Bytes32 topic(long n) {
        return Bytes32.of(BigInteger.valueOf(n));
    }

    public static Bytes32 topic(Address a) {
        return Bytes32.of(Recipients.bytes32(a));
    }

    public static LogEntry messageSent(byte[] message) {
        return log(TRANSMITTER, List.of(CctpMessages.MESSAGE_SENT), Abi.encode(Abi.bytes(message)));
    }

    public static LogEntry legSent(long burnNonce, int destination, long legNonce, byte[] message) {
        return log(ADAPTER, List.of(CctpMessages.CCTP_LEG_SENT, topic(burnNonce), topic(destination), topic(RECEIVER)),
                Abi.encode(Abi.uint64(legNonce), Abi.bytes(message)));
    }

    public static LogEntry depositForBurn(long nonce, BigInteger amount, int destination, Address caller) {
        return depositForBurn(nonce, amount, destination, RECEIVER, caller);
    }

    public static LogEntry depositForBurn(long nonce, BigInteger amount, int destination, Address mintRecipient,
            Address caller) {
        return log(TOKEN_MESSENGER, List.of(CctpMessages.DEPOSIT_FOR_BURN, topic(nonce), topic(USDC), topic(ADAPTER)),
                Abi.encode(Abi.uint256(amount), Abi.bytes32(Recipients.bytes32(mintRecipient)),
                        Abi.uint32(destination), Abi.bytes32(Recipients.bytes32(REMOTE_MESSENGER)),
                        Abi.bytes32(Recipients.bytes32(caller))));
    }

    /** A V1 burn message: abi.encodePacked(uint32 version, burnToken, mintRecipient, uint256 amount, sender). */
    public static byte[] burnBody(Address burnToken, Address mintRecipient, BigInteger amount, Address sender) {
        return ByteBuffer.allocate(132).putInt(0).put(Recipients.bytes32(burnToken))
                .put(Recipients.bytes32(mintRecipient)).put(Bytes32.of(amount).bytes()).put(Recipients.bytes32(sender))
                .array();
    }

    /**
     * The destination MessageTransmitter's {@code MessageReceived(address indexed caller, uint32 sourceDomain, uint64
     * indexed nonce, bytes32 sender, bytes messageBody)}.
     */
    public static LogEntry messageReceived(Address transmitter, Address caller, int sourceDomain, long nonce,
            Address sender, byte[] body) {
        return log(transmitter, List.of(CctpMessages.MESSAGE_RECEIVED, topic(caller), topic(nonce)),
                Abi.encode(Abi.uint32(sourceDomain), Abi.bytes32(Recipients.bytes32(sender)), Abi.bytes(body)));
    }

    /** {@code abi.encode(uint256 redeemFee, bytes routeMessage)}. */
    public static byte[] legMessage(BigInteger redeemFee, byte[] routeMessage) {
        return Abi.encode(Abi.uint256(redeemFee), Abi.bytes(routeMessage));
    }
}
