package dev.junction.status;

import dev.junction.calldata.RouterAbi;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.protocol.Protocols;
import dev.junction.rpc.LogEntry;
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

    static final String ROUTE_EXECUTED = RouterAbi.topic(RouterAbi.EVENTS.get(0));
    static final String STEP_EXECUTED = RouterAbi.topic(RouterAbi.EVENTS.get(1));
    static final String BRIDGE_INITIATED = RouterAbi.topic(RouterAbi.EVENTS.get(2));
    static final String DESTINATION_FALLBACK = RouterAbi.topic("DestinationFallback(bytes32,address,address,uint256)");

    static final String EXECUTE_ROUTE = RouterAbi.selector(RouterAbi.EXECUTE_ROUTE);
    static final String EXECUTE_ROUTE_WITH_PERMIT = RouterAbi.selector(RouterAbi.EXECUTE_ROUTE_WITH_PERMIT);

    private RouteLogs() {
    }

    /** {@code RouteExecuted}. */
    record Executed(String quoteId, Address sender, Address receiver, Address inputToken, BigInteger amountIn,
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
    record Fallback(String quoteId, Address receiver, Address token, BigInteger amount) {
    }

    /** The router's events of one route in a receipt (from the router's address only). */
    record Route(Executed executed, List<Step> steps, Bridge bridge) {
        boolean hasSwap() {
            return steps.stream().anyMatch(s -> s.kind() == RouterAbi.KIND_SWAP);
        }
    }

    /** The route's terms, from the input of a call to the router. */
    record Terms(String quoteId, Address inputToken, BigInteger amountIn, Address outputToken,
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
                        word(d, 1), address(d, 2), word(d, 3));
            } else if (l.topic0().equals(STEP_EXECUTED)) {
                steps.add(new Step(topicWord(l, 2).intValueExact(), topicAddress(l, 3), word(d, 0).intValueExact(),
                        address(d, 1), address(d, 2), word(d, 3), word(d, 4)));
            } else if (l.topic0().equals(BRIDGE_INITIATED) && bridge == null) {
                bridge = new Bridge(topicAddress(l, 2), ChainId.of(topicWord(l, 3).longValueExact()), address(d, 0),
                        word(d, 1), address(d, 2));
            }
        }
        return executed == null ? Optional.empty() : Optional.of(new Route(executed, List.copyOf(steps), bridge));
    }

    /** The router's {@code DestinationFallback} of a quote in these logs, if any. */
    static Optional<Fallback> fallback(List<LogEntry> logs, Address router, String quoteId) {
        return logs.stream().filter(l -> l.address().equals(router) && l.topic0().equals(DESTINATION_FALLBACK)
                && l.topics().get(1).equals(quoteId)).findFirst().map(l -> {
                    String d = strip(l.data());
                    return new Fallback(quoteId, topicAddress(l, 2), address(d, 0), word(d, 1));
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
            int p = word(a, 0).intValueExact() / 32;
            int s = word(a, 1).intValueExact() / 32;
            List<TermStep> steps = new ArrayList<>();
            int count = word(a, s).intValueExact();
            for (int i = 0; i < count; i++) {
                int at = s + 1 + word(a, s + 1 + i).intValueExact() / 32;
                int kind = word(a, at).intValueExact();
                long destination = 0;
                if (kind == RouterAbi.KIND_BRIDGE) {
                    // Step.data: its length word, then the bytes
                    int data = at + word(a, at + 5).intValueExact() / 32;
                    int length = word(a, data).intValueExact();
                    int start = 64 * (data + 1);
                    String bytes = a.substring(start, Math.min(a.length(), start + 2 * length));
                    destination = Protocols.destinationChain(Hex.decode("0x" + bytes)).orElse(0);
                }
                steps.add(new TermStep(kind, address(a, at + 1), address(a, at + 2), address(a, at + 3), destination));
            }
            return Optional.of(new Terms(word(a, p).toString(16), address(a, p + 1), word(a, p + 2), address(a, p + 3),
                    word(a, p + 4), address(a, p + 5), permit, List.copyOf(steps)));
        } catch (RuntimeException malformed) {
            return Optional.empty();
        }
    }

    /** The 32-byte quote id as 0x + 64 hex. */
    static String quoteId(Terms t) {
        return "0x" + "0".repeat(64 - t.quoteId().length()) + t.quoteId();
    }

    static String strip(String hex) {
        return hex == null ? "" : hex.startsWith("0x") ? hex.substring(2) : hex;
    }

    static BigInteger word(String hex, int i) {
        return new BigInteger(hex.substring(64 * i, 64 * i + 64), 16);
    }

    static Address address(String hex, int i) {
        return Address.evm("0x" + hex.substring(64 * i + 24, 64 * i + 64));
    }

    private static BigInteger topicWord(LogEntry l, int i) {
        return new BigInteger(strip(l.topics().get(i)), 16);
    }

    private static Address topicAddress(LogEntry l, int i) {
        return Address.evm("0x" + strip(l.topics().get(i)).substring(24));
    }
}
