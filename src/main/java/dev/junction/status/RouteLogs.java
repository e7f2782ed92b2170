package dev.junction.status;

import static dev.junction.chain.abi.AbiDecoder.address;
import static dev.junction.chain.abi.AbiDecoder.strip;
import static dev.junction.chain.abi.AbiDecoder.uint;

import dev.junction.calldata.RouterAbi;
import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.TxHash;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.Protocols;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a transaction's logs and input say about a Junction route: the router's events ({@code RouteExecuted},
 * {@code StepExecuted}, {@code BridgeInitiated}, {@code DestinationFallback}) and the route's terms decoded from an
 * {@code executeRoute} / {@code executeRouteWithPermit} input (a bridge step's data by its protocol's room). A bridge's
 * own events are its room's ({@code protocol.BridgeTracking}). Pure functions over hex.
 */
final class RouteLogs {

    static final Bytes32 ROUTE_EXECUTED = RouterAbi.topic(RouterAbi.EVENTS.get(0));
    static final Bytes32 STEP_EXECUTED = RouterAbi.topic(RouterAbi.EVENTS.get(1));
    static final Bytes32 BRIDGE_INITIATED = RouterAbi.topic(RouterAbi.EVENTS.get(2));
    static final Bytes32 DESTINATION_FALLBACK = RouterAbi.topic("DestinationFallback(bytes32,address,address,uint256)");
    static final Bytes32 DESTINATION_CALL_EXECUTED = RouterAbi.topic(RouterAbi.DESTINATION_CALL_EXECUTED);

    static final String EXECUTE_ROUTE = RouterAbi.selector(RouterAbi.EXECUTE_ROUTE);
    static final String EXECUTE_ROUTE_WITH_PERMIT = RouterAbi.selector(RouterAbi.EXECUTE_ROUTE_WITH_PERMIT);

    private RouteLogs() {
    }

    /** {@code RouteExecuted}. */
    record Executed(Bytes32 quoteId, Address sender, Address receiver, Address inputToken, BigInteger amountIn,
            Address outputToken, BigInteger amountOut) {
    }

    /** {@code StepExecuted}. */
    record Step(int index, Address adapter, int kind, Address tokenIn, Address tokenOut, BigInteger amountIn,
            BigInteger amountOut) {
    }

    /** {@code BridgeInitiated}. */
    record Bridge(Address adapter, ChainId destinationChain, Address tokenIn, BigInteger amountIn, Address recipient) {
    }

    /** {@code DestinationFallback}: the receiver got the bridged token. */
    record Fallback(Bytes32 quoteId, Address receiver, Address token, BigInteger amount) {
    }

    /**
     * The executor's {@code DestinationCallExecuted}: the call on {@code receiver} with {@code amount} of
     * {@code token}; {@code outcome} 0 succeeded, 1 reverted (or ran out of gas), 2 refused target;
     * {@code fallbackAmount} went to {@code fallbackAddress}.
     */
    record DestinationCall(Bytes32 quoteId, Address receiver, Address fallbackAddress, Address token,
            BigInteger amount, int outcome, BigInteger fallbackAmount) {
        boolean succeeded() {
            return outcome == 0;
        }
    }

    /** The executor's {@code DestinationCallExecuted} of a quote in these logs (from {@code executor} only), if any. */
    static Optional<DestinationCall> destinationCall(List<LogEntry> logs, Address executor, Bytes32 quoteId) {
        return logs.stream().filter(l -> l.address().equals(executor) && !l.topics().isEmpty()
                && l.topic0().equals(DESTINATION_CALL_EXECUTED) && l.topics().get(1).equals(quoteId)).findFirst()
                .map(l -> {
                    String d = strip(l.data());
                    return new DestinationCall(quoteId, topicAddress(l, 2), topicAddress(l, 3), address(d, 0),
                            uint(d, 1), uint(d, 2).intValueExact(), uint(d, 3));
                });
    }

    /** The router's events of one route in a receipt (from the router's address only). */
    record Route(Executed executed, List<Step> steps, Bridge bridge) {
        boolean hasSwap() {
            return steps.stream().anyMatch(s -> s.kind() == RouterAbi.KIND_SWAP);
        }
    }

    /** The route's terms, from the input of a call to the router. */
    record Terms(Bytes32 quoteId, Address inputToken, BigInteger amountIn, Address outputToken,
            BigInteger minAmountOut, Address receiver, boolean permit, List<TermStep> steps) {
    }

    /**
     * One step as the input names it; {@code destinationChain} is decoded from a bridge step's data by the room that
     * can read it ({@link Protocols#destinationChain}), else 0.
     */
    record TermStep(int kind, Address adapter, Address tokenIn, Address tokenOut, long destinationChain) {
    }

    /** The route whose {@code RouteExecuted} the router emitted in these logs, if any. */
    static Optional<Route> route(List<LogEntry> logs, Address router) {
        Executed executed = null;
        List<Step> steps = new ArrayList<>();
        Bridge bridge = null;
        for (LogEntry l : logs) {
            if (!l.address().equals(router) || l.topics().isEmpty()) {
                continue;
            }
            String d = strip(l.data());
            if (l.topic0().equals(ROUTE_EXECUTED) && executed == null) {
                executed = new Executed(l.topics().get(1), topicAddress(l, 2), topicAddress(l, 3), address(d, 0),
                        uint(d, 1), address(d, 2), uint(d, 3));
            } else if (l.topic0().equals(STEP_EXECUTED)) {
                steps.add(new Step(topicWord(l, 2).intValueExact(), topicAddress(l, 3), uint(d, 0).intValueExact(),
                        address(d, 1), address(d, 2), uint(d, 3), uint(d, 4)));
            } else if (l.topic0().equals(BRIDGE_INITIATED) && bridge == null) {
                bridge = new Bridge(topicAddress(l, 2), ChainId.of(topicWord(l, 3).longValueExact()), address(d, 0),
                        uint(d, 1), address(d, 2));
            }
        }
        return executed == null ? Optional.empty() : Optional.of(new Route(executed, List.copyOf(steps), bridge));
    }

    /** The router's {@code DestinationFallback} of a quote in these logs, if any. */
    static Optional<Fallback> fallback(List<LogEntry> logs, Address router, Bytes32 quoteId) {
        return logs.stream().filter(l -> l.address().equals(router) && l.topic0().equals(DESTINATION_FALLBACK)
                && l.topics().get(1).equals(quoteId)).findFirst().map(l -> {
                    String d = strip(l.data());
                    return new Fallback(quoteId, topicAddress(l, 2), address(d, 0), uint(d, 1));
                });
    }

    /** The terms of an {@code executeRoute} or {@code executeRouteWithPermit} input; empty for any other input. */
    static Optional<Terms> terms(String input) {
        String hex = strip(input);
        if (hex.length() < 8) {
            return Optional.empty();
        }
        String selector = "0x" + hex.substring(0, 8);
        boolean permit = selector.equals(EXECUTE_ROUTE_WITH_PERMIT);
        if (!permit && !selector.equals(EXECUTE_ROUTE)) {
            return Optional.empty();
        }
        String a = hex.substring(8);
        try {
            int p = uint(a, 0).intValueExact() / 32;
            int s = uint(a, 1).intValueExact() / 32;
            List<TermStep> steps = new ArrayList<>();
            int count = uint(a, s).intValueExact();
            for (int i = 0; i < count; i++) {
                int at = s + 1 + uint(a, s + 1 + i).intValueExact() / 32;
                int kind = uint(a, at).intValueExact();
                long destination = 0;
                if (kind == RouterAbi.KIND_BRIDGE) {
                    // Step.data: its length word, then the bytes
                    int data = at + uint(a, at + 5).intValueExact() / 32;
                    int length = uint(a, data).intValueExact();
                    int start = 64 * (data + 1);
                    String bytes = a.substring(start, Math.min(a.length(), start + 2 * length));
                    destination = Protocols.destinationChain(Hex.decode("0x" + bytes)).orElse(0);
                }
                steps.add(new TermStep(kind, address(a, at + 1), address(a, at + 2), address(a, at + 3), destination));
            }
            return Optional.of(new Terms(AbiDecoder.bytes32(a, p), address(a, p + 1), uint(a, p + 2), address(a, p + 3),
                    uint(a, p + 4), address(a, p + 5), permit, List.copyOf(steps)));
        } catch (RuntimeException malformed) {
            return Optional.empty();
        }
    }

    private static BigInteger topicWord(LogEntry l, int i) {
        return AbiDecoder.uint(l.topics().get(i));
    }

    private static Address topicAddress(LogEntry l, int i) {
        return AbiDecoder.address(l.topics().get(i));
    }
}
