package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.tuple;
import static dev.junction.chain.abi.Abi.tupleArray;
import static dev.junction.chain.abi.Abi.uint16;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.chain.abi.Abi.uint8;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.StepDataException;
import dev.junction.protocol.SwapStep;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Turns a {@link RouteCall} into the {@link Transaction} a wallet sends: a call of the router's
 * {@code executeRoute(RouteParams, Step[])} whose steps carry each provider's own call: a step's {@code data} comes
 * from its protocol's room ({@link Protocols}). Stateless and thread-safe.
 *
 * <p>Rules: {@code to} is the source chain's router; {@code allowanceTarget} is the router for acquisition mode 0,
 * Permit2 for 2 and 3, the zero address for native input; {@code gasLimit} is the route's gas plus 20% rounded up;
 * {@code value} is the input amount for native input, else 0; {@code simulation} is false (only a real simulation
 * may set it, see {@link Transaction#withSimulation}).
 */
public final class TransactionBuilder {

    /** Permit2's address (the same CREATE2 address on every chain Junction serves). */
    public static final Address PERMIT2 = Address.evm("0x000000000022D473030F116dDEE9F6B43aC78BA3");

    private final AdapterDirectory adapters;

    /** A builder for the sandbox: every provider's adapter is the derived one ({@link AdapterDirectory#DERIVED}). */
    public TransactionBuilder() {
        this(AdapterDirectory.DERIVED);
    }

    /** @param adapters where each provider's adapter is on each chain */
    public TransactionBuilder(AdapterDirectory adapters) {
        this.adapters = adapters;
    }

    /**
     * @throws CalldataException when the acquisition mode does not fit the input token or a chain the route needs
     *     has no Junction router
     */
    public Transaction build(RouteCall call) {
        AcquisitionMode mode = effectiveMode(call);
        byte[] quoteId = quoteId(call.quoteId()).bytes();
        byte[] data = Abi.call(RouterAbi.EXECUTE_ROUTE, params(call, mode, quoteId),
                tupleArray(steps(call, 0, quoteId)));
        Address allowanceTarget = call.nativeInput() ? Address.ZERO : mode.usesPermit2() ? PERMIT2 : call.router();
        BigInteger value = call.nativeInput() ? call.amountIn().value() : BigInteger.ZERO;
        return new Transaction(call.router(), Hex.encode(data), call.chain(), allowanceTarget,
                gasWithMargin(call.gasEstimate()), call.expiry(), false, value);
    }

    /**
     * The relayer's transaction of a gasless route (acquisition mode 2 or 3): a call of the router's
     * {@code executeRouteWithPermit(RouteParams, Step[], PermitData)}; Permit2 moves the input from
     * {@code permit.owner}, so {@code allowanceTarget} is Permit2 and {@code value} is 0.
     *
     * @throws CalldataException when the route's acquisition mode is not 2 or 3
     */
    public Transaction buildWithPermit(RouteCall call, PermitData permit) {
        AcquisitionMode mode = effectiveMode(call);
        if (!mode.usesPermit2()) {
            throw new CalldataException("acquisitionMode", "must be 2 or 3 for executeRouteWithPermit");
        }
        byte[] quoteId = quoteId(call.quoteId()).bytes();
        Abi.Value permitData = tuple(address(permit.owner()), uint256(permit.nonce()), uint256(permit.deadline()),
                bytes(permit.signature()));
        byte[] data = Abi.call(RouterAbi.EXECUTE_ROUTE_WITH_PERMIT, params(call, mode, quoteId),
                tupleArray(steps(call, 0, quoteId)), permitData);
        return new Transaction(call.router(), Hex.encode(data), call.chain(), PERMIT2,
                gasWithMargin(call.gasEstimate()), call.expiry(), false, BigInteger.ZERO);
    }

    /**
     * The calldata of {@link #buildWithPermit} with {@code signature} put into a template built with an empty one
     * ({@link PermitData#unsigned}). The signature's bytes are the last tail of the encoding (the last member of the
     * last argument), so filling them moves no offset: the template's final word (length 0) becomes the length and
     * the bytes, right-padded to a word. Equal to building with the signature.
     *
     * @throws IllegalArgumentException when {@code unsignedData} does not end with an empty signature
     */
    public static String withSignature(String unsignedData, byte[] signature) {
        byte[] template = Hex.decode(unsignedData);
        if (template.length < 4 + 32
                || !Arrays.equals(Arrays.copyOfRange(template, template.length - 32, template.length), new byte[32])) {
            throw new IllegalArgumentException("the calldata does not end with an empty permit signature");
        }
        // abi.encode(bytes) is an offset word, the length word and the bytes padded to words: keep the last two
        byte[] tail = Abi.encode(bytes(signature));
        byte[] out = Arrays.copyOf(template, template.length - 32 + tail.length - 32);
        System.arraycopy(tail, 32, out, template.length - 32, tail.length - 32);
        return Hex.encode(out);
    }

    private static Abi.Value params(RouteCall call, AcquisitionMode mode, byte[] quoteId) {
        return tuple(bytes32(quoteId), address(call.nativeInput() ? Address.NATIVE : call.inputToken()),
                uint256(call.amountIn().value()), address(evmOrZero(call.outputToken())),
                uint256(call.minAmountOut().value()), address(evmOrZero(call.receiver())), uint256(call.deadline()),
                uint16(call.feeBps()), address(call.feeBps() == 0 ? Address.ZERO : call.feeRecipient()),
                Abi.uint8(mode.code()), bytes(Hex.decode(call.destinationCallData())),
                uint256(call.destinationGasLimit()), address(evmOrZero(call.fallbackAddress())));
    }

    /**
     * {@code keccak256(abi.encode(steps))} of the route's Step[] as {@link #build} encodes it: the {@code steps} member of
     * the mode-3 Permit2 witness {@code JunctionRoute} ({@code JunctionRouter.routeWitness}).
     */
    public Bytes32 stepsHash(RouteCall call) {
        return Bytes32.of(Abi.keccak(Abi.encode(tupleArray(steps(call, 0, quoteId(call.quoteId()).bytes())))));
    }

    /** {@code keccak256(abi.encode(destinationCallData, destinationGasLimit))}: the witness's {@code destinationCall}. */
    public static Bytes32 destinationCallHash(RouteCall call) {
        return Bytes32.of(Abi.keccak(Abi.encode(bytes(Hex.decode(call.destinationCallData())),
                uint256(call.destinationGasLimit()))));
    }

    /** An EVM address as it is; a Solana address (which an EVM address field cannot hold) as zero. */
    public static Address evmAddress(Address a) {
        return evmOrZero(a);
    }

    /** Gas units plus 20%, rounded up. */
    static BigInteger gasWithMargin(long gas) {
        return gasWithMargin(BigInteger.valueOf(gas));
    }

    /** Gas units plus 20%, rounded up: the margin of every {@code gasLimit} Junction answers. */
    public static BigInteger gasWithMargin(BigInteger gas) {
        return gas.multiply(BigInteger.valueOf(6)).add(BigInteger.valueOf(4)).divide(BigInteger.valueOf(5));
    }

    /** The router's {@code bytes32} quote id: a {@code 0x} + 64 hex id as it is; any other as keccak256 of its text. */
    public static Bytes32 quoteId(String quoteId) {
        if (Bytes32.isBytes32(quoteId)) {
            return Bytes32.of(quoteId);
        }
        return Bytes32.of(Abi.keccak(quoteId));
    }

    private static AcquisitionMode effectiveMode(RouteCall call) {
        AcquisitionMode mode = call.acquisitionMode() == null ? AcquisitionMode.DIRECT_TRANSFER : call.acquisitionMode();
        if (call.nativeInput() && mode == AcquisitionMode.DIRECT_TRANSFER) {
            mode = AcquisitionMode.NATIVE_TOKEN; // 0 or none with a native input means the native token sent as value
        }
        if (!mode.moves(call.nativeInput())) {
            throw mode == AcquisitionMode.NATIVE_TOKEN
                    ? new CalldataException("acquisitionMode", "1 (native) needs the native token as fromToken")
                    : new CalldataException("acquisitionMode",
                            "must not be 2 or 3 for native input: Permit2 moves only ERC-20 tokens");
        }
        return mode;
    }

    /**
     * Why Junction cannot build this route on these chains (3008), or empty when it can. The one rule {@link #build}
     * applies, without encoding anything: a step whose provider has no adapter on its chain, or a bridge followed by a
     * destination leg or call on a chain with deployed contracts where nothing would run them: a bridge that carries
     * no message over its lane (CCTP V2), or one delivering through Junction's receiver (CCTP V1) where no such
     * receiver is deployed. The first such step gives the reason.
     */
    public Optional<ProviderNotExecutableException> notExecutable(RouteCall call) {
        for (int i = 0; i < call.steps().size(); i++) {
            Optional<ProviderNotExecutableException> why = notExecutable(call, i);
            if (why.isPresent()) {
                return why;
            }
        }
        return Optional.empty();
    }

    private Optional<ProviderNotExecutableException> notExecutable(RouteCall call, int index) {
        StepCall step = call.steps().get(index);
        if (step instanceof LegCall) {
            return Optional.empty();
        }
        if (adapters.adapter(step.chain(), step.router(), step.provider()).isEmpty()) {
            return Optional.of(new ProviderNotExecutableException(step.provider(), step.chain()));
        }
        if (step instanceof BridgeCall b && continuesAfter(call, index) && adapters.deployedOn(b.toChain())) {
            BridgeProtocol bridge = Protocols.bridge(b.provider());
            if (!bridge.carriesMessage(b.lane())) {
                // the mint would wait in the destination router with nothing to run the rest
                return Optional.of(new ProviderNotExecutableException(b.provider(), b.toChain(), "which carries no "
                        + "message from chain " + b.chain() + " to chain " + b.toChain() + ", and nothing runs a "
                        + "destination swap or destinationCallData after it there"));
            }
            if (bridge.deliversThroughReceiver() && adapters.legReceiver(b.toChain(), b.provider()).isEmpty()) {
                return Optional.of(new ProviderNotExecutableException(b.provider(), b.toChain(), "whose destination "
                        + "swap or destinationCallData runs through Junction's " + bridge.name() + " receiver, and no "
                        + bridge.name() + " receiver is deployed on chain " + b.toChain()));
            }
        }
        return Optional.empty();
    }

    /** Whether the route goes on after the step at {@code index}: more steps or a destination call. */
    private static boolean continuesAfter(RouteCall call, int index) {
        return index < call.steps().size() - 1 || call.hasDestinationCall();
    }

    /** The Step tuples from index {@code from} to the end; a bridge's message carries the steps after it. */
    private List<Abi.Value> steps(RouteCall call, int from, byte[] quoteId) {
        List<Abi.Value> out = new ArrayList<>();
        List<StepCall> steps = call.steps();
        for (int i = from; i < steps.size(); i++) {
            StepCall step = steps.get(i);
            if (step instanceof LegCall leg) {
                out.add(tuple(uint8(RouterAbi.KIND_LEG), address(Address.ZERO), address(evmOrZero(leg.tokenIn())),
                        address(evmOrZero(leg.tokenOut())), uint256(BigInteger.ZERO),
                        bytes(Abi.encode(uint256(BigInteger.valueOf(leg.shareBps()))))));
                continue;
            }
            notExecutable(call, i).ifPresent(e -> {
                throw e;
            });
            byte[] data = stepData(call, step, i, quoteId);
            int kind = step instanceof SwapCall ? RouterAbi.KIND_SWAP : RouterAbi.KIND_BRIDGE;
            Address adapter = adapters.adapter(step.chain(), step.router(), step.provider()).orElseThrow();
            // a swap moving native itself names NATIVE (the router sends or takes native); else the pool's tokens
            Address tokenIn = step instanceof SwapCall s ? s.stepTokenIn() : step.tokenIn();
            Address tokenOut = step instanceof SwapCall s ? s.stepTokenOut() : step.tokenOut();
            out.add(tuple(uint8(kind), address(adapter),
                    address(evmOrZero(tokenIn)), address(evmOrZero(tokenOut)),
                    uint256(step.minAmountOut().value()), bytes(data)));
        }
        return out;
    }

    /**
     * The step's data, from its protocol's room.
     *
     * @throws CalldataException naming the parameter when the room cannot encode the step as the request asked
     */
    private byte[] stepData(RouteCall call, StepCall step, int index, byte[] quoteId) {
        try {
            return switch (step) {
                case SwapCall s -> Protocols.dex(s.pool()).stepData(new SwapStep(s.pool(), s.tokenIn(), s.tokenOut(),
                        s.amountIn(), s.minAmountOut(), s.router(), call.deadline()));
                case BridgeCall b -> bridgeData(call, b, index, quoteId);
                case LegCall l -> new byte[0];
            };
        } catch (StepDataException e) {
            throw new CalldataException(e.parameter(), e.rule());
        }
    }

    private byte[] bridgeData(RouteCall call, BridgeCall b, int index, byte[] quoteId) {
        boolean destinationLeg = continuesAfter(call, index);
        Address recipient = call.receiver();
        byte[] message = new byte[0];
        if (destinationLeg) {
            if (b.destinationRouter() == null) {
                throw new CalldataException("toChain", "has no Junction router, so the route cannot continue on chain "
                        + b.toChain() + " after the bridge");
            }
            recipient = b.destinationRouter();
            BridgeProtocol bridge = Protocols.bridge(b.provider());
            if (bridge.carriesMessage(b.lane()) && !bridge.deliversThroughReceiver()) {
                message = destinationMessage(call, b, index, quoteId);
            } else if (bridge.carriesMessage(b.lane())) {
                // the mint pays Junction's receiver, which redeems it with the message; without a receiver (the
                // sandbox, which runs the rest itself) it pays the destination router (notExecutable refuses a chain
                // with deployed contracts and no receiver)
                Optional<Address> receiver = adapters.legReceiver(b.toChain(), b.provider());
                if (receiver.isPresent()) {
                    recipient = receiver.get();
                    message = destinationMessage(call, b, index, quoteId);
                }
            } // else the route is executable only where nothing needs to run the rest (notExecutable)
        }
        return Protocols.bridge(b.provider()).stepData(new BridgeStep(b.lane(), b.amountIn(), b.quotedOut(),
                b.minAmountOut(), call.sender(), recipient, message, call.quotedAt(), call.deadline(), quoteId,
                call.destinationGasLimit()));
    }

    /**
     * The destination leg the bridge hands to the destination router: {@code abi.encode(RouteParams, Step[])} with
     * the bridged token as input, no fee (taken on the source chain), mode 0 (the router holds the funds) and the
     * bridge's fill deadline as deadline.
     */
    private byte[] destinationMessage(RouteCall call, BridgeCall b, int index, byte[] quoteId) {
        Abi.Value params = tuple(bytes32(quoteId), address(evmOrZero(b.tokenOut())), uint256(b.quotedOut().value()),
                address(evmOrZero(call.outputToken())), uint256(call.minAmountOut().value()),
                address(evmOrZero(call.receiver())), uint256(BridgeStep.fillDeadline(b.lane(), call.deadline())),
                uint16(0), address(Address.ZERO), uint8(AcquisitionMode.DIRECT_TRANSFER.code()),
                bytes(Hex.decode(call.destinationCallData())), uint256(call.destinationGasLimit()),
                address(evmOrZero(call.fallbackAddress())));
        return Abi.encode(params, tupleArray(steps(call, index + 1, quoteId)));
    }

    /** EVM addresses as they are; a Solana address (which an EVM address field cannot hold) as zero. */
    private static Address evmOrZero(Address a) {
        return a.solana() ? Address.ZERO : a;
    }

}
