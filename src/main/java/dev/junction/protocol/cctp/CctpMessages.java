package dev.junction.protocol.cctp;

import static dev.junction.chain.abi.AbiDecoder.strip;
import static dev.junction.chain.abi.AbiDecoder.uint;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Circle CCTP V1's messages and the events of Junction's CCTP contracts, as Junction's redeemer reads and sends them
 * (pure functions over logs and bytes): the source {@code CctpAdapter}'s {@code CctpLegSent}, the source
 * MessageTransmitter's {@code MessageSent(bytes)} (message V1 layout: version, sourceDomain, destinationDomain, nonce,
 * sender, recipient, destinationCaller, body), the destination MessageTransmitter's {@code usedNonces} and the
 * destination {@code JunctionCctpReceiver.redeem}. The execution module's redeemer uses this class (the room's named
 * interface {@code protocol :: cctp}).
 */
public final class CctpMessages {

    /** {@code CctpAdapter.CctpLegSent(uint64 indexed burnNonce, uint32 indexed destinationDomain, bytes32 indexed
     * mintRecipient, uint64 legNonce, bytes message)}. */
    public static final Bytes32 CCTP_LEG_SENT = Abi.topic("CctpLegSent(uint64,uint32,bytes32,uint64,bytes)");
    /** MessageTransmitter V1 {@code MessageSent(bytes message)}. */
    public static final Bytes32 MESSAGE_SENT = Abi.topic("MessageSent(bytes)");
    /** MessageTransmitter V1 {@code MessageReceived(address indexed caller, uint32 sourceDomain, uint64 indexed nonce,
     * bytes32 sender, bytes messageBody)}. */
    public static final Bytes32 MESSAGE_RECEIVED = Abi.topic("MessageReceived(address,uint32,uint64,bytes32,bytes)");
    /** TokenMessenger V1 {@code DepositForBurn(uint64 indexed nonce, address indexed burnToken, uint256 amount,
     * address indexed depositor, bytes32 mintRecipient, uint32 destinationDomain, bytes32 destinationTokenMessenger,
     * bytes32 destinationCaller)}. */
    public static final Bytes32 DEPOSIT_FOR_BURN = Abi.topic(
            "DepositForBurn(uint64,address,uint256,address,bytes32,uint32,bytes32,bytes32)");
    /** {@code JunctionCctpReceiver.CctpLegRedeemed(uint32 indexed sourceDomain, uint64 indexed burnNonce, bytes32
     * indexed quoteId, address token, uint256 amount, uint256 redeemFee, address redeemer)}. */
    public static final Bytes32 CCTP_LEG_REDEEMED = Abi.topic(
            "CctpLegRedeemed(uint32,uint64,bytes32,address,uint256,uint256,address)");

    /** {@code JunctionCctpReceiver.CctpLegFallback(bytes32 indexed quoteId, address indexed payee, address token,
     * uint256 amount)}: the leg failed for gas at its cap and the receiver paid the bridged USDC itself. */
    public static final Bytes32 CCTP_LEG_FALLBACK = Abi.topic("CctpLegFallback(bytes32,address,address,uint256)");

    /**
     * The name Junction's redeemer goes by: its loop's thread and, followed by {@code :<source chain>:<burn nonce>}, the
     * relayer's reference of each redeem transaction.
     */
    public static final String REDEEMER = Cctp.KEY + "-redeemer";

    /** {@code JunctionCctpReceiver.redeem(bytes,bytes,bytes,bytes,bytes)}. */
    public static final String REDEEM = "redeem(bytes,bytes,bytes,bytes,bytes)";
    /** TokenMessenger V1's transmitter getter. */
    public static final String LOCAL_MESSAGE_TRANSMITTER = "localMessageTransmitter()";
    /** MessageTransmitter V1 {@code usedNonces(bytes32)}: 1 once the message with that source and nonce was received. */
    public static final String USED_NONCES = "usedNonces(bytes32)";

    /** Bytes of a message V1 before its body. */
    static final int HEADER = 116;

    private CctpMessages() {
    }

    /**
     * A CCTP V1 message as the source MessageTransmitter emitted it.
     *
     * @param raw the whole message (what is attested: Circle signs keccak256 of it)
     */
    public record Message(byte[] raw) {

        public Message {
            if (raw.length < HEADER) {
                throw new IllegalArgumentException("a CCTP message has at least " + HEADER + " bytes, not "
                        + raw.length);
            }
            raw = raw.clone();
        }

        @Override
        public byte[] raw() {
            return raw.clone();
        }

        public int version() {
            return ByteBuffer.wrap(raw, 0, 4).getInt();
        }

        public int sourceDomain() {
            return ByteBuffer.wrap(raw, 4, 4).getInt();
        }

        public int destinationDomain() {
            return ByteBuffer.wrap(raw, 8, 4).getInt();
        }

        public long nonce() {
            return ByteBuffer.wrap(raw, 12, 8).getLong();
        }

        public Bytes32 sender() {
            return Bytes32.of(Arrays.copyOfRange(raw, 20, 52));
        }

        public Bytes32 recipient() {
            return Bytes32.of(Arrays.copyOfRange(raw, 52, 84));
        }

        public Bytes32 destinationCaller() {
            return Bytes32.of(Arrays.copyOfRange(raw, 84, 116));
        }

        public byte[] body() {
            return Arrays.copyOfRange(raw, HEADER, raw.length);
        }

        /** keccak256 of the message: what Iris is asked for. */
        public Bytes32 hash() {
            return Bytes32.of(Abi.keccak(raw));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Message m && Arrays.equals(raw, m.raw);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(raw);
        }

        @Override
        public String toString() {
            return "Message[" + sourceDomain() + "->" + destinationDomain() + " nonce " + nonce() + "]";
        }
    }

    /**
     * A {@code CctpLegSent} of a source adapter: a burn whose mint and destination leg Junction's receiver redeems.
     *
     * @param adapter the adapter that emitted it
     * @param burnNonce the burn message's nonce
     * @param destinationDomain where it goes
     * @param receiver the mint recipient, the destination's {@code JunctionCctpReceiver} (also the only caller)
     * @param legNonce the leg message's nonce
     * @param message {@code abi.encode(uint256 redeemFee, bytes routeMessage)}: the redeem's last argument
     */
    public record LegSent(Address adapter, long burnNonce, int destinationDomain, Address receiver, long legNonce,
            byte[] message, TxHash transactionHash, long blockNumber) {

        public LegSent {
            message = message.clone();
        }

        @Override
        public byte[] message() {
            return message.clone();
        }

        /** The fee the redeemer is paid of the minted USDC (the first word of {@link #message}). */
        public BigInteger redeemFee() {
            return message.length < 32 ? BigInteger.ZERO : new BigInteger(1, Arrays.copyOf(message, 32));
        }
    }

    /** The {@code CctpLegSent} in a log, empty when it is not one (or is malformed). */
    public static Optional<LegSent> legSent(LogEntry l) {
        if (!l.topic0().equals(CCTP_LEG_SENT) || l.topics().size() < 4) {
            return Optional.empty();
        }
        try {
            String d = strip(l.data());
            byte[] message = Hex.decode(AbiDecoder.bytes(d, 1));
            return Optional.of(new LegSent(l.address(), uint(l.topics().get(1)).longValueExact(),
                    uint(l.topics().get(2)).intValueExact(), AbiDecoder.address(l.topics().get(3)),
                    uint(d, 0).longValueExact(), message, l.transactionHash(), l.blockNumber()));
        } catch (RuntimeException malformed) {
            return Optional.empty();
        }
    }

    /** The messages {@code transmitter} emitted in these logs ({@code MessageSent}), in log order. */
    public static List<Message> messagesSent(List<LogEntry> logs, Address transmitter) {
        List<Message> out = new ArrayList<>();
        for (LogEntry l : logs) {
            if (l.address().equals(transmitter) && l.topic0().equals(MESSAGE_SENT)) {
                try {
                    out.add(new Message(Hex.decode(AbiDecoder.bytes(strip(l.data()), 0))));
                } catch (RuntimeException malformed) {
                    // not a message V1: not one Junction redeems
                }
            }
        }
        return out;
    }

    /**
     * The burn and leg messages of a {@code CctpLegSent} among the messages of its transaction: both from the leg's
     * source domain to its destination domain, the burn with the burn nonce and the receiver as destination caller,
     * the leg with the leg nonce, sent by the adapter to the receiver (as recipient and caller); empty when either is
     * missing.
     */
    public static Optional<Redemption> redemption(LegSent leg, int sourceDomain, List<Message> messages) {
        Bytes32 receiver = Bytes32.of(Recipients.bytes32(leg.receiver()));
        Bytes32 adapter = Bytes32.of(Recipients.bytes32(leg.adapter()));
        Message burn = null;
        Message sent = null;
        for (Message m : messages) {
            if (m.sourceDomain() != sourceDomain || m.destinationDomain() != leg.destinationDomain()) {
                continue;
            }
            if (m.nonce() == leg.burnNonce() && m.destinationCaller().equals(receiver)) {
                burn = m;
            } else if (m.nonce() == leg.legNonce() && m.sender().equals(adapter) && m.recipient().equals(receiver)
                    && m.destinationCaller().equals(receiver)) {
                sent = m;
            }
        }
        return burn == null || sent == null ? Optional.empty() : Optional.of(new Redemption(burn, sent));
    }

    /** The two messages of one leg that the receiver's {@code redeem} takes. */
    public record Redemption(Message burn, Message leg) {
    }

    /** {@code redeem(burnMessage, burnAttestation, legMessage, legAttestation, message)}. */
    public static byte[] redeemCall(Message burn, byte[] burnAttestation, Message leg, byte[] legAttestation,
            byte[] message) {
        return Abi.call(REDEEM, Abi.bytes(burn.raw()), Abi.bytes(burnAttestation), Abi.bytes(leg.raw()),
                Abi.bytes(legAttestation), Abi.bytes(message));
    }

    /** {@code usedNonces(keccak256(abi.encodePacked(uint32 sourceDomain, uint64 nonce)))}. */
    public static byte[] usedNoncesCall(int sourceDomain, long nonce) {
        byte[] packed = ByteBuffer.allocate(12).putInt(sourceDomain).putLong(nonce).array();
        return Abi.call(USED_NONCES, Abi.bytes32(Abi.keccak(packed)));
    }

    /** The CCTP domain of a chain, empty when CCTP does not serve it. */
    public static Optional<Integer> domain(ChainId chain) {
        return Cctp.domain(chain).stream().boxed().findFirst();
    }

    /** The chain of a CCTP domain, empty when Junction knows none. */
    public static Optional<ChainId> chainOf(int domain) {
        return Cctp.DOMAINS.byChainId().entrySet().stream().filter(e -> e.getValue() == domain)
                .map(Map.Entry::getKey).findFirst().map(ChainId::of);
    }

    /** Whether a bridge's provider key is served by this room (Circle CCTP). */
    public static boolean serves(String providerKey) {
        return new Cctp().serves(providerKey);
    }
}
