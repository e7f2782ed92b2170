package dev.junction.protocol.across;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.chain.abi.Abi.uint32;

import dev.junction.chain.abi.Abi;
import dev.junction.market.BridgeLane;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.BridgeTracking;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.StepGas;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.shared.Recipients;
import dev.junction.nodes.ChainSettings;
import java.util.List;
import java.util.Optional;

/**
 * Across: a deposit into the chain's SpokePool, filled by a relayer on the destination chain. Executed by Junction's
 * {@code AcrossAdapter} (one per SpokePool), whose step data is the whole deposit; the destination leg of a route is
 * the deposit's message, which the destination SpokePool hands to Junction's router (so the router accepts the
 * SpokePool as a bridge messenger). /status follows the deposit and its fill ({@link AcrossTracking}).
 */
public final class Across implements BridgeProtocol {

    /** AcrossAdapter.AcrossDeposit: depositor, recipient, outputToken, outputAmount, plannedInput,
     * destinationChainId, exclusiveRelayer, quoteTimestamp, fillDeadline, exclusivityParameter, message. */
    static final String ACROSS_DEPOSIT =
            "(bytes32,bytes32,bytes32,uint256,uint256,uint256,bytes32,uint32,uint32,uint32,bytes)";

    /** Across SpokePool depositV3 (EVM recipient and output token). */
    public static final StepShape V3 = new StepShape("ACROSS_V3",
            "depositV3(address,address,address,address,uint256,uint256,uint256,address,uint32,uint32,uint32,bytes)",
            ACROSS_DEPOSIT);
    /** Across SpokePool deposit with bytes32 addresses (Across V4; used for a non-EVM destination such as Solana). */
    public static final StepShape BYTES32 = new StepShape("ACROSS_BYTES32",
            "deposit(bytes32,bytes32,bytes32,bytes32,uint256,uint256,uint256,bytes32,uint32,uint32,uint32,bytes)",
            ACROSS_DEPOSIT);

    /** Across's provider key. */
    public static final String KEY = "across";
    /** Router gas table row of a deposit through the adapter. */
    static final String GAS_ROW = KEY;

    private static final AcrossTracking TRACKING = new AcrossTracking();

    @Override
    public List<String> providerKeys() {
        return List.of(KEY);
    }

    @Override
    public List<StepShape> shapes() {
        return List.of(V3, BYTES32);
    }

    @Override
    public StepShape shape(BridgeLane lane) {
        return lane.toChain().isSolana() ? BYTES32 : V3;
    }

    @Override
    public boolean carriesMessage(BridgeLane lane) {
        return true;
    }

    @Override
    public byte[] stepData(BridgeStep b) {
        return Abi.encode(tuple(bytes32(Recipients.bytes32(b.sender())), bytes32(Recipients.bytes32(b.recipient())),
                bytes32(Recipients.bytes32(b.tokenOut())), uint256(b.quotedOut().value()),
                uint256(b.amountIn().value()), uint256(b.toChain().value()), bytes32(new byte[32]),
                uint32(b.quotedAt()), uint32(b.fillDeadline()), uint32(0), bytes(b.message())));
    }

    /**
     * {@code AcrossAdapter(spokePool)} ({@code spoke-pool} in the bridge's settings); its {@code spokePool()} names
     * the bridge, and the SpokePool delivers destination legs to the router.
     */
    @Override
    public Optional<AdapterSpec> adapter(ChainSettings.Bridge bridge) {
        return Optional.of(new AdapterSpec("AcrossAdapter",
                AdapterSpec.argumentsAfterRouter(address(bridge.contract())),
                Optional.of(new AdapterSpec.Probe("spokePool()", bridge.contract())),
                Optional.of(bridge.contract())));
    }

    /** The measured row {@code steps.across}: required, the router gas test measures it. */
    @Override
    public Optional<StepGas> depositGas(RouterGasTable table) {
        return Optional.of(table.step(GAS_ROW));
    }

    @Override
    public Optional<BridgeTracking> tracking() {
        return Optional.of(TRACKING);
    }
}
