package dev.junction.protocol.cctp;

import static dev.junction.chain.abi.AbiDecoder.address;
import static dev.junction.chain.abi.AbiDecoder.strip;
import static dev.junction.chain.abi.AbiDecoder.uint;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.BridgeDeposit;
import dev.junction.protocol.BridgeFallback;
import dev.junction.protocol.BridgeFill;
import dev.junction.protocol.BridgeTracking;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What /status follows for a CCTP route, in the source receipt the TokenMessenger's {@code DepositForBurn} (the
 * destination chain's USDC, from the bridge's configured lane, is what is minted), then on the destination chain:
 * <ul>
 *   <li>with a destination leg or call (Junction's receiver as destination caller, and the adapter's
 *       {@code CctpLegSent} of that burn): the destination receiver's {@code CctpLegRedeemed} (by source domain and
 *       burn nonce), in the transaction that minted the USDC and handed it to the destination router, whose events
 *       then decide the outcome as for Across;</li>
 *   <li>a plain burn (no destination caller: Circle mints to the mint recipient when anyone calls the destination
 *       MessageTransmitter's {@code receiveMessage} with Circle's attestation; Junction does not): that
 *       MessageTransmitter's {@code MessageReceived}, found by its indexed nonce and read as the fill only when its
 *       source domain is the origin's, its sender the source TokenMessenger and its burn message (V1: version,
 *       burnToken, mintRecipient, amount, messageSender) the deposit's token, recipient and amount: two source
 *       domains can use the same nonce. The transmitter's address is not in the source receipt: the destination
 *       TokenMessenger's {@code localMessageTransmitter()} names it.</li>
 * </ul>
 */
final class CctpTracking implements BridgeTracking {

    /** Words of the V1 step data with a message: tuple offset, domain, mint recipient, destination chain, ... */
    private static final int MESSAGE_SHAPE_CHAIN_WORD = 3;
    /** Words of the V1 step data without a message (a static tuple): domain, mint recipient, destination chain. */
    private static final int STATIC_SHAPE_CHAIN_WORD = 2;
    /** Bytes of a V1 burn message: uint32 version, bytes32 burnToken, mintRecipient, uint256 amount, messageSender. */
    static final int BURN_MESSAGE_LENGTH = 132;

    @Override
    public Optional<BridgeDeposit> deposit(List<LogEntry> logs, Address contract, ChainId destination) {
        Optional<Integer> domain = CctpMessages.domain(destination);
        if (domain.isEmpty()) {
            return Optional.empty();
        }
        for (LogEntry l : logs) {
            if (!l.address().equals(contract) || !l.topic0().equals(CctpMessages.DEPOSIT_FOR_BURN)
                    || l.topics().size() < 4) {
                continue;
            }
            // data: amount, mintRecipient, destinationDomain, destinationTokenMessenger, destinationCaller
            String d = strip(l.data());
            long nonce = uint(l.topics().get(1)).longValueExact();
            if (uint(d, 2).intValueExact() != domain.get()) {
                continue;
            }
            Address token = address(l.topics().get(2));
            BigInteger amount = uint(d, 0);
            if (uint(d, 4).signum() == 0) {
                // a plain burn: Circle mints the amount to the mint recipient (an EVM address word)
                if (uint(d, 1).bitLength() > 160) {
                    continue;
                }
                return Optional.of(new BridgeDeposit(l.address(), destination, BigInteger.valueOf(nonce), token,
                        token, amount, amount, Long.MAX_VALUE, address(d, 1), false));
            }
            Optional<CctpMessages.LegSent> leg = logs.stream().map(CctpMessages::legSent).flatMap(Optional::stream)
                    .filter(s -> s.burnNonce() == nonce && s.destinationDomain() == domain.get()).findFirst();
            if (leg.isEmpty()) {
                continue;
            }
            return Optional.of(new BridgeDeposit(l.address(), destination, BigInteger.valueOf(nonce), token, token,
                    amount, amount.subtract(leg.get().redeemFee()), Long.MAX_VALUE, leg.get().receiver(), true));
        }
        return Optional.empty();
    }

    /** The deposit, delivering the destination token of the bridge's lane of its burnt token (if configured). */
    @Override
    public Optional<BridgeDeposit> deposit(List<LogEntry> logs, ChainSettings.Bridge bridge, ChainId destination) {
        return deposit(logs, bridge.contract(), destination).map(d -> bridge.lanes().stream()
                .filter(lane -> lane.token().equals(d.inputToken()) && lane.toChain().equals(destination))
                .findFirst().map(lane -> d.withOutputToken(lane.toToken())).orElse(d));
    }

    /**
     * A leg: {@code CctpLegRedeemed} by the origin's domain and the burn nonce. A plain burn: {@code MessageReceived}
     * by the nonce (any caller); the source domain is in its data ({@link #fill(LogEntry, ChainId, BridgeDeposit)}).
     */
    @Override
    public List<List<Bytes32>> fillTopics(ChainId origin, BridgeDeposit deposit) {
        if (!deposit.viaReceiver()) {
            return List.of(List.of(CctpMessages.MESSAGE_RECEIVED), List.of(), List.of(Bytes32.of(deposit.depositId())));
        }
        return List.of(List.of(CctpMessages.CCTP_LEG_REDEEMED), List.of(Bytes32.of(BigInteger.valueOf(
                originDomain(origin)))), List.of(Bytes32.of(deposit.depositId())));
    }

    /**
     * A leg: the destination's {@code JunctionCctpReceiver}, the deposit's mint recipient. A plain burn: the
     * destination MessageTransmitter, the destination TokenMessenger's {@code localMessageTransmitter()}.
     */
    @Override
    public Optional<Address> fillContract(BridgeDeposit deposit, Address destinationBridge, AddressReader reader) {
        return deposit.viaReceiver() ? Optional.of(deposit.recipient())
                : reader.read(destinationBridge, CctpMessages.LOCAL_MESSAGE_TRANSMITTER);
    }

    /** {@code CctpLegRedeemed} data: token, amount (minted), redeemFee, redeemer; the router got amount - fee. */
    @Override
    public BridgeFill fill(LogEntry l) {
        String d = strip(l.data());
        return new BridgeFill(l.transactionHash(), l.blockNumber(), l.address(), address(d, 0),
                uint(d, 1).subtract(uint(d, 2)));
    }

    /**
     * A leg: its {@code CctpLegRedeemed} (the topics name the domain and nonce). A plain burn: the
     * {@code MessageReceived} whose data is {@code (uint32 sourceDomain, bytes32 sender, bytes messageBody)} with the
     * origin's domain, the source TokenMessenger as sender and the burn message of the deposit (its burnt token, mint
     * recipient and amount); the mint recipient was paid the whole amount of the lane's destination USDC.
     */
    @Override
    public Optional<BridgeFill> fill(LogEntry l, ChainId origin, BridgeDeposit deposit) {
        if (deposit.viaReceiver()) {
            return Optional.of(fill(l));
        }
        if (!l.topic0().equals(CctpMessages.MESSAGE_RECEIVED) || l.topics().size() != 3
                || !uint(l.topics().get(2)).equals(deposit.depositId())) {
            return Optional.empty();
        }
        try {
            String d = strip(l.data());
            if (uint(d, 0).intValueExact() != originDomain(origin)
                    || !Bytes32.of(uint(d, 1)).equals(word(deposit.contract()))) {
                return Optional.empty();
            }
            byte[] body = Hex.decode(AbiDecoder.bytes(d, 2));
            if (body.length != BURN_MESSAGE_LENGTH
                    || !Bytes32.of(Arrays.copyOfRange(body, 4, 36)).equals(word(deposit.inputToken()))
                    || !Bytes32.of(Arrays.copyOfRange(body, 36, 68)).equals(word(deposit.recipient()))
                    || !new BigInteger(1, Arrays.copyOfRange(body, 68, 100)).equals(deposit.inputAmount())) {
                return Optional.empty();
            }
        } catch (RuntimeException malformed) {
            return Optional.empty();
        }
        return Optional.of(new BridgeFill(l.transactionHash(), l.blockNumber(), deposit.recipient(),
                deposit.outputToken(), deposit.inputAmount()));
    }

    /** A plain burn waits for Circle's attestation and anyone's {@code receiveMessage}: Junction sends none. */
    @Override
    public Optional<String> fillAwaits(BridgeDeposit deposit, ChainId origin) {
        if (deposit.viaReceiver()) {
            return Optional.empty();
        }
        return Optional.of("the burn (source domain " + originDomain(origin) + ", nonce " + deposit.depositId()
                + ") waits for Circle's attestation and a receiveMessage(message, attestation) on chain "
                + deposit.destinationChain() + "'s MessageTransmitter, which mints " + deposit.inputAmount()
                + " USDC to " + deposit.recipient() + "; Junction does not mint plain CCTP transfers: anyone may, "
                + "with Circle's attestation");
    }

    /** The receiver's {@code CctpLegFallback} of the quote, emitted by the receiver that redeemed the leg. */
    @Override
    public Optional<BridgeFallback> legFallback(List<LogEntry> logs, BridgeFill fill, Bytes32 quoteId) {
        return logs.stream().filter(l -> l.address().equals(fill.recipient())
                && l.topic0().equals(CctpMessages.CCTP_LEG_FALLBACK) && l.topics().size() == 3
                && l.topics().get(1).equals(quoteId)).findFirst().map(l -> {
                    String d = strip(l.data());
                    return new BridgeFallback(address(l.topics().get(2)), address(d, 0), uint(d, 1));
                });
    }

    /**
     * The V1 step data: {@code abi.encode((uint32 domain, bytes32 mintRecipient, uint256 destinationChainId, bytes
     * message))}, or the static {@code (uint32, bytes32, uint256)} of a step without a message; read only when the
     * domain word is the CCTP domain of the chain word.
     */
    @Override
    public OptionalLong destinationChain(byte[] stepData) {
        if (stepData.length == 32 * (STATIC_SHAPE_CHAIN_WORD + 1)) {
            return chainOfDomain(word(stepData, 0), word(stepData, STATIC_SHAPE_CHAIN_WORD));
        }
        if (stepData.length >= 32 * (MESSAGE_SHAPE_CHAIN_WORD + 3) && word(stepData, 0).intValue() == 32
                && word(stepData, 4).intValue() == 128) {
            return chainOfDomain(word(stepData, 1), word(stepData, MESSAGE_SHAPE_CHAIN_WORD));
        }
        return OptionalLong.empty();
    }

    private static OptionalLong chainOfDomain(BigInteger domain, BigInteger chain) {
        if (chain.signum() <= 0 || chain.bitLength() > 62 || domain.bitLength() > 31) {
            return OptionalLong.empty();
        }
        Optional<Integer> expected = CctpMessages.domain(ChainId.of(chain.longValue()));
        return expected.isPresent() && expected.get() == domain.intValue() ? OptionalLong.of(chain.longValue())
                : OptionalLong.empty();
    }

    private static int originDomain(ChainId origin) {
        return CctpMessages.domain(origin).orElseThrow(() -> new IllegalArgumentException("chain " + origin
                + " has no CCTP domain"));
    }

    private static Bytes32 word(Address a) {
        return Bytes32.of(Recipients.bytes32(a));
    }

    private static BigInteger word(byte[] data, int i) {
        return new BigInteger(1, Arrays.copyOfRange(data, 32 * i, 32 * i + 32));
    }
}
