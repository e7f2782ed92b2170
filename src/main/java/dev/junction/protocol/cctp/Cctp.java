package dev.junction.protocol.cctp;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes;
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
import dev.junction.protocol.LegReceiver;
import dev.junction.protocol.StepDataException;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.shared.ChainNumbers;
import dev.junction.protocol.shared.Recipients;
import dev.junction.nodes.ChainSettings;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Circle CCTP: USDC burnt on the source chain and minted on the destination by Circle's attestation. Between two
 * domains CCTP V1 serves, Junction's {@code CctpAdapter} executes the burn (step data {@code (uint32 domain, bytes32
 * mintRecipient, uint256 destinationChainId, bytes message)}); elsewhere (Linea, domain 11) the step keeps
 * TokenMessengerV2's own call. A route ending with the mint pays its receiver directly (empty message). A V1 step
 * followed by a destination leg or call mints to the destination chain's {@code JunctionCctpReceiver}
 * ({@link #legReceiver}) with {@code message = abi.encode(uint256 redeemFee, bytes routeMessage)}: the adapter also
 * sends a Circle message binding the burn to {@code keccak256(message)}, and Junction's relayer redeems both on the
 * destination, keeping {@code redeemFee} (the step's bridge fee, {@code amountIn - quotedOut}: the planner charges
 * {@link #REDEEM_GAS}, the leg's steps and the call at the destination's gas price) and handing the rest to the router
 * with the route message. A V2-only lane carries no leg. Its deposit is not in the router gas table yet. /status
 * follows a route with a leg to the receiver's redeem, and a plain burn to Circle's mint ({@link CctpTracking}).
 */
public final class Cctp implements BridgeProtocol {

    /**
     * Circle CCTP V1 TokenMessenger depositForBurn; adapter data abi.encode(CctpBurn(uint32 destinationDomain, bytes32
     * mintRecipient, uint256 destinationChainId, bytes message)).
     */
    public static final StepShape V1 = new StepShape("CCTP_V1", "depositForBurn(uint256,uint32,bytes32,address)",
            "(uint32,bytes32,uint256,bytes)");
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

    /**
     * Gas units of Junction's relayer's {@code JunctionCctpReceiver.redeem} besides the leg's steps and the destination
     * call (both Circle messages received, the mint, the two transfers and the router's bridge-messenger hand-over with
     * its fixed work): 201,076 measured by {@code contracts/test/CctpRedeemGas.t.sol} (one V3 step's redeem, every
     * account cold, {@code --isolate}, less the step's gas-table row) plus 20% for longer legs' calldata and a relayer's
     * first USDC balance. The one figure the planner charges ({@link #legRedeemGas}).
     */
    public static final long REDEEM_GAS = 240_000;
    /** The receiver's artifact among the build's compiled contracts. */
    static final String RECEIVER_ARTIFACT = "JunctionCctpReceiver";

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

    /** Between two CCTP V1 domains: the leg goes as a second Circle message to Junction's receiver. */
    @Override
    public boolean carriesMessage(BridgeLane lane) {
        return shape(lane) == V1;
    }

    /** The mint and the leg's message reach the router through {@code JunctionCctpReceiver}. */
    @Override
    public boolean deliversThroughReceiver() {
        return true;
    }

    /** {@link #REDEEM_GAS} over a V1 lane (the only lanes that carry a leg), with steps or only a call. */
    @Override
    public OptionalLong legRedeemGas(BridgeLane lane, boolean steps) {
        return carriesMessage(lane) ? OptionalLong.of(REDEEM_GAS) : OptionalLong.empty();
    }

    /**
     * V1: {@code abi.encode(CctpBurn)}; with a route message ({@link BridgeStep#message()}: the destination leg's
     * {@code abi.encode(RouteParams, Step[])}), the burn's {@code message} is {@code abi.encode(uint256 redeemFee, bytes
     * routeMessage)} with {@code redeemFee = amountIn - quotedOut}, the step's bridge fee, and the recipient is the
     * destination's receiver.
     */
    @Override
    public byte[] stepData(BridgeStep b) {
        int domain = DOMAINS.require(b.toChain(), "toChain");
        if (shape(b.lane()) == V1) {
            byte[] message = b.message().length == 0 ? new byte[0]
                    : Abi.encode(uint256(redeemFee(b)), bytes(b.message()));
            return Abi.encode(tuple(uint32(domain), bytes32(Recipients.bytes32(b.recipient())),
                    uint256(b.toChain().value()), bytes(message)));
        }
        BigInteger in = b.amountIn().value();
        return Abi.call(V2.signature(), uint256(in), uint32(domain), bytes32(Recipients.bytes32(b.recipient())),
                address(b.tokenIn()), bytes32(new byte[32]),
                uint256(in.subtract(b.quotedOut().value()).max(BigInteger.ZERO)), uint32(FINALIZED));
    }

    /**
     * What Junction's relayer keeps of the minted USDC for redeeming the leg: the step's planned fee,
     * {@code amountIn - quotedOut} (the mint equals the burn, so the router gets {@code quotedOut}).
     *
     * @throws StepDataException (parameter {@code amount}) when it would leave nothing to the router
     */
    static BigInteger redeemFee(BridgeStep b) {
        BigInteger fee = b.amountIn().value().subtract(b.quotedOut().value()).max(BigInteger.ZERO);
        if (fee.compareTo(b.amountIn().value()) >= 0) {
            throw new StepDataException("amount", "leaves nothing after the CCTP redeem fee of " + fee);
        }
        return fee;
    }

    /**
     * {@code JunctionCctpReceiver(owner, router, tokenMessenger)}: the bridge's {@code spoke-pool} setting holds the
     * chain's TokenMessenger; a receiver registers each other V1 chain's adapter under its Circle domain.
     */
    @Override
    public Optional<LegReceiver> legReceiver(ChainSettings.Bridge bridge) {
        Map<ChainId, Integer> v1 = new LinkedHashMap<>();
        DOMAINS.byChainId().forEach((chain, domain) -> {
            if (V1_DOMAINS.contains(domain) && chain != ChainId.SOLANA.value()) {
                v1.put(ChainId.of(chain), domain);
            }
        });
        return Optional.of(new LegReceiver(RECEIVER_ARTIFACT,
                LegReceiver.argumentsAfterOwnerAndRouter(address(bridge.contract())), v1));
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

    /** A burn and its receiver's redeem (a route with a leg or call) or Circle's mint (a plain burn). */
    @Override
    public Optional<BridgeTracking> tracking() {
        return Optional.of(TRACKING);
    }
}
