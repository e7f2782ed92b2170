package dev.junction.protocol.cctp;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.chain.abi.Abi.uint32;

import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.BridgeLane;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.BridgeTracking;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.shared.ChainNumbers;
import dev.junction.protocol.shared.Recipients;
import dev.junction.nodes.ChainSettings;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Circle CCTP: USDC burnt on the source chain and minted on the destination by Circle's attestation. Between two
 * domains CCTP V1 serves, Junction's {@code CctpAdapter} executes the burn (step data: domain, mint recipient, chain);
 * elsewhere (Linea, domain 11) the step keeps TokenMessengerV2's own call. The mint pays the recipient directly, so a
 * CCTP step carries no message for a destination leg. Its deposit is not in the router gas table yet, and /status
 * does not follow its attestation and mint.
 */
public final class Cctp implements BridgeProtocol {

    /** Circle CCTP V1 TokenMessenger depositForBurn; adapter data abi.encode(uint32 domain, bytes32 to, uint256). */
    public static final StepShape V1 = new StepShape("CCTP_V1", "depositForBurn(uint256,uint32,bytes32,address)",
            "(uint32,bytes32,uint256)");
    /** Circle CCTP V2 TokenMessengerV2 depositForBurn (a domain CCTP V1 does not serve, e.g. Linea 11). */
    public static final StepShape V2 = StepShape.call("CCTP_V2",
            "depositForBurn(uint256,uint32,bytes32,address,bytes32,uint256,uint32)");

    /**
     * Circle CCTP domain by chain id. Source: Circle "CCTP supported domains" (V1: 0-10; Linea 11 is CCTP V2 only).
     */
    static final ChainNumbers DOMAINS = new ChainNumbers("CCTP", Map.of(
            1L, 0, 43114L, 1, 10L, 2, 42161L, 3, ChainId.SOLANA.value(), 5, 8453L, 6, 137L, 7, 130L, 10, 59144L, 11));
    /** Domains served by CCTP V1's TokenMessenger (the 4-argument depositForBurn); the others need V2. */
    static final Set<Integer> V1_DOMAINS = Set.of(0, 1, 2, 3, 5, 6, 7, 10);
    /** CCTP V2 minFinalityThreshold for a Standard (finalized) transfer. */
    static final int FINALIZED = 2000;

    private static final CctpTracking TRACKING = new CctpTracking();

    /** The bridge's canonical provider key. */
    public static final String KEY = "cctp";
    private static final List<String> KEYS = List.of(KEY, "circle");

    /** The CCTP domain of a chain, empty when CCTP does not serve it. */
    public static OptionalInt domain(ChainId chain) {
        return DOMAINS.of(chain);
    }

    @Override
    public List<String> providerKeys() {
        return KEYS;
    }

    @Override
    public List<StepShape> shapes() {
        return List.of(V1, V2);
    }

    @Override
    public StepShape shape(BridgeLane lane) {
        boolean v1 = v1(lane.fromChain()) && v1(lane.toChain());
        return v1 ? V1 : V2;
    }

    private static boolean v1(ChainId chain) {
        return domain(chain).stream().anyMatch(V1_DOMAINS::contains);
    }

    @Override
    public boolean carriesMessage() {
        return false;
    }

    @Override
    public byte[] stepData(BridgeStep b) {
        int domain = DOMAINS.require(b.toChain(), "toChain");
        if (shape(b.lane()) == V1) {
            return Abi.encode(tuple(uint32(domain), bytes32(Recipients.bytes32(b.recipient())),
                    uint256(b.toChain().value())));
        }
        BigInteger in = b.amountIn().value();
        return Abi.call(V2.signature(), uint256(in), uint32(domain), bytes32(Recipients.bytes32(b.recipient())),
                address(b.tokenIn()), bytes32(new byte[32]),
                uint256(in.subtract(b.quotedOut().value()).max(BigInteger.ZERO)), uint32(FINALIZED));
    }

    /**
     * {@code CctpAdapter(tokenMessenger)}: the bridge's {@code spoke-pool} setting holds CCTP's TokenMessenger, which
     * the adapter's {@code tokenMessenger()} answers.
     */
    @Override
    public Optional<AdapterSpec> adapter(ChainSettings.Bridge bridge) {
        return Optional.of(new AdapterSpec("CctpAdapter",
                AdapterSpec.argumentsAfterRouter(address(bridge.contract())),
                Optional.of(new AdapterSpec.Probe("tokenMessenger()", bridge.contract())), Optional.empty()));
    }

    /** A route with a destination leg or call: its burn, its leg and the receiver's redeem ({@link CctpTracking}). */
    @Override
    public Optional<BridgeTracking> tracking() {
        return Optional.of(TRACKING);
    }
}
