package dev.junction.protocol.across;

import static dev.junction.chain.abi.AbiDecoder.address;
import static dev.junction.chain.abi.AbiDecoder.strip;
import static dev.junction.chain.abi.AbiDecoder.uint;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.protocol.BridgeDeposit;
import dev.junction.protocol.BridgeFill;
import dev.junction.protocol.BridgeTracking;
import dev.junction.nodes.LogEntry;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What /status follows for Across: the SpokePool's deposit event in the source receipt ({@code FundsDeposited} of
 * contracts 5.x, with bytes32 addresses, or the legacy {@code V3FundsDeposited}), and its fill on the destination
 * SpokePool ({@code FilledRelay} or {@code FilledV3Relay}), indexed by origin chain and deposit id.
 */
final class AcrossTracking implements BridgeTracking {

    /** Across SpokePool (contracts 5.x, bytes32 addresses) and its legacy V3 events. */
    static final Bytes32 FUNDS_DEPOSITED = Abi.topic("FundsDeposited(bytes32,bytes32,uint256,uint256,uint256,"
            + "uint256,uint32,uint32,uint32,bytes32,bytes32,bytes32,bytes)");
    static final Bytes32 V3_FUNDS_DEPOSITED = Abi.topic("V3FundsDeposited(address,address,uint256,uint256,"
            + "uint256,uint32,uint32,uint32,uint32,address,address,address,bytes)");
    static final Bytes32 FILLED_RELAY = Abi.topic("FilledRelay(bytes32,bytes32,uint256,uint256,uint256,uint256,"
            + "uint256,uint32,uint32,bytes32,bytes32,bytes32,bytes32,bytes32,(bytes32,bytes32,uint256,uint8))");
    static final Bytes32 FILLED_V3_RELAY = Abi.topic("FilledV3Relay(address,address,uint256,uint256,uint256,"
            + "uint256,uint32,uint32,uint32,address,address,address,address,bytes,(address,bytes,uint256,uint8))");

    /** Words of the adapter's step data up to destinationChainId (offset, then six fields of AcrossDeposit). */
    private static final int DESTINATION_WORD = 6;
    /** The word of the step data holding the message's offset (the struct's last head word). */
    private static final int MESSAGE_OFFSET_WORD = 11;

    @Override
    public Optional<BridgeDeposit> deposit(List<LogEntry> logs, Address contract, ChainId destination) {
        for (LogEntry l : logs) {
            boolean event = l.topic0().equals(FUNDS_DEPOSITED) || l.topic0().equals(V3_FUNDS_DEPOSITED);
            if (!event || !l.address().equals(contract) || l.topics().size() < 4
                    || uint(l.topics().get(1)).longValueExact() != destination.value()) {
                continue;
            }
            // Both events: inputToken, outputToken, inputAmount, outputAmount, quoteTimestamp, fillDeadline,
            // exclusivityDeadline, recipient, exclusiveRelayer, message (addresses as bytes32 or address words).
            String d = strip(l.data());
            return Optional.of(new BridgeDeposit(l.address(), destination, uint(l.topics().get(2)), address(d, 0),
                    address(d, 1), uint(d, 2), uint(d, 3), uint(d, 5).longValueExact(), address(d, 7)));
        }
        return Optional.empty();
    }

    @Override
    public List<List<Bytes32>> fillTopics(ChainId origin, BridgeDeposit deposit) {
        return List.of(List.of(FILLED_RELAY, FILLED_V3_RELAY), List.of(Bytes32.of(BigInteger.valueOf(origin.value()))),
                List.of(Bytes32.of(deposit.depositId())));
    }

    @Override
    public BridgeFill fill(LogEntry l) {
        String d = strip(l.data());
        // FilledRelay: ..., recipient (9), messageHash (10), then relayExecutionInfo inline: updatedRecipient (11),
        // updatedMessageHash (12), updatedOutputAmount (13). FilledV3Relay: recipient (9), message offset (10),
        // relayExecutionInfo offset (11) -> (updatedRecipient, updatedMessage offset, updatedOutputAmount, fillType).
        if (l.topic0().equals(FILLED_RELAY)) {
            return new BridgeFill(l.transactionHash(), l.blockNumber(), address(d, 11), address(d, 1), uint(d, 13));
        }
        int info = uint(d, 11).intValueExact() / 32;
        return new BridgeFill(l.transactionHash(), l.blockNumber(), address(d, info), address(d, 1),
                uint(d, info + 2));
    }

    /**
     * {@code abi.encode(AcrossDeposit)}: an offset word (32), then depositor, ..., destinationChainId (word 6), ...,
     * the message's offset (word 11: 352, after the struct's eleven head words); data whose offset words differ is not
     * Across's (CCTP's burn with a message is as long and would otherwise read its fee as a chain).
     */
    @Override
    public OptionalLong destinationChain(byte[] stepData) {
        if (stepData.length < (MESSAGE_OFFSET_WORD + 2) * 32 || word(stepData, 0).intValue() != 32
                || !word(stepData, MESSAGE_OFFSET_WORD).equals(BigInteger.valueOf(11 * 32))) {
            return OptionalLong.empty();
        }
        BigInteger chain = word(stepData, DESTINATION_WORD);
        return chain.bitLength() < 63 ? OptionalLong.of(chain.longValue()) : OptionalLong.empty();
    }

    private static BigInteger word(byte[] data, int index) {
        return new BigInteger(1, Arrays.copyOfRange(data, index * 32, index * 32 + 32));
    }
}
