package dev.junction.protocol.cctp;

import static dev.junction.chain.abi.AbiDecoder.address;
import static dev.junction.chain.abi.AbiDecoder.strip;
import static dev.junction.chain.abi.AbiDecoder.uint;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.BridgeDeposit;
import dev.junction.protocol.BridgeFallback;
import dev.junction.protocol.BridgeFill;
import dev.junction.protocol.BridgeTracking;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What /status follows for a CCTP route with a destination leg or call: the TokenMessenger's {@code DepositForBurn}
 * with Junction's receiver as destination caller, and the adapter's {@code CctpLegSent} of that burn, in the source
 * receipt; then the destination receiver's {@code CctpLegRedeemed} (by source domain and burn nonce), in the
 * transaction that minted the USDC and handed it to the destination router, whose events then decide the outcome as
 * for Across. A plain CCTP transfer (no leg: Circle mints to the recipient, and its MessageTransmitter's address is not
 * in the source receipt) is not followed: it has no deposit here.
 */
final class CctpTracking implements BridgeTracking {

    /** Words of the V1 step data with a message: tuple offset, domain, mint recipient, destination chain, ... */
    private static final int MESSAGE_SHAPE_CHAIN_WORD = 3;
    /** Words of the V1 step data without a message (a static tuple): domain, mint recipient, destination chain. */
    private static final int STATIC_SHAPE_CHAIN_WORD = 2;

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
            if (uint(d, 2).intValueExact() != domain.get() || uint(d, 4).signum() == 0) {
                continue;
            }
            Optional<CctpMessages.LegSent> leg = logs.stream().map(CctpMessages::legSent).flatMap(Optional::stream)
                    .filter(s -> s.burnNonce() == nonce && s.destinationDomain() == domain.get()).findFirst();
            if (leg.isEmpty()) {
                continue;
            }
            Address token = address(l.topics().get(2));
            BigInteger amount = uint(d, 0);
            return Optional.of(new BridgeDeposit(l.address(), destination, BigInteger.valueOf(nonce), token, token,
                    amount, amount.subtract(leg.get().redeemFee()), Long.MAX_VALUE, leg.get().receiver()));
        }
        return Optional.empty();
    }

    /** {@code CctpLegRedeemed} by the origin's domain and the burn nonce. */
    @Override
    public List<List<Bytes32>> fillTopics(ChainId origin, BridgeDeposit deposit) {
        int domain = CctpMessages.domain(origin).orElseThrow(() -> new IllegalArgumentException("chain " + origin
                + " has no CCTP domain"));
        return List.of(List.of(CctpMessages.CCTP_LEG_REDEEMED), List.of(Bytes32.of(BigInteger.valueOf(domain))),
                List.of(Bytes32.of(deposit.depositId())));
    }

    /** The destination's {@code JunctionCctpReceiver}: the deposit's mint recipient. */
    @Override
    public Address fillContract(BridgeDeposit deposit, Address destinationBridge) {
        return deposit.recipient();
    }

    /** {@code CctpLegRedeemed} data: token, amount (minted), redeemFee, redeemer; the router got amount - fee. */
    @Override
    public BridgeFill fill(LogEntry l) {
        String d = strip(l.data());
        return new BridgeFill(l.transactionHash(), l.blockNumber(), l.address(), address(d, 0),
                uint(d, 1).subtract(uint(d, 2)));
    }

    /** The receiver always hands the minted USDC to the destination router. */
    @Override
    public boolean deliversToRouter(BridgeFill fill, Address destinationRouter) {
        return true;
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

    private static BigInteger word(byte[] data, int i) {
        return new BigInteger(1, Arrays.copyOfRange(data, 32 * i, 32 * i + 32));
    }
}
