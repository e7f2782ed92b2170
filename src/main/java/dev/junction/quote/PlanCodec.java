package dev.junction.quote;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.Token;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RouteStep;
import dev.junction.routing.StepKind;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The compact stored form of a quote's routes: a JSON array holding each token once (chain, address and the reference
 * price it was quoted at; name, symbol, decimals and icon come from the market) and, per route, only what cannot be
 * derived: exact amounts, step timings and gas, and references to the pools, lanes and providers of the market by key.
 * USD values, path time, bridge count, path type and the provider list are derived on decoding by {@link
 * PlannedRoute#of}, as the planner derives them (pinned by {@code PlanCodecTest}, which decodes to records equal to
 * the planned ones).
 *
 * <p>Decoding needs a market snapshot to resolve pools, lanes and providers; a route that references one the snapshot
 * (or a token the market) no longer has, because the operator changed the market, decodes to empty.
 */
final class PlanCodec {

    static final String FORMAT = "plan1";

    private final JsonMapper json;

    PlanCodec(JsonMapper json) {
        this.json = json;
    }

    String encode(List<PlannedRoute> routes) {
        Map<Token, Integer> tokens = new LinkedHashMap<>();
        for (PlannedRoute r : routes) {
            index(tokens, r.gasToken());
            for (RouteStep s : r.steps()) {
                index(tokens, s.fromToken());
                index(tokens, s.toToken());
            }
        }
        StringWriter out = new StringWriter(256 + 512 * routes.size());
        try (JsonGenerator g = json.createGenerator(out)) {
            g.writeStartArray();
            g.writeString(FORMAT);
            g.writeStartArray();
            for (Token t : tokens.keySet()) {
                g.writeStartArray();
                g.writeNumber(t.chain().value());
                g.writeString(t.address().value());
                g.writeBoolean(t.address().solana());
                g.writeNumber(t.priceUsd());
                g.writeEndArray();
            }
            g.writeEndArray();
            for (PlannedRoute r : routes) {
                writeRoute(g, r, tokens);
            }
            g.writeEndArray();
        }
        return out.toString();
    }

    private static void writeRoute(JsonGenerator g, PlannedRoute r, Map<Token, Integer> tokens) {
        g.writeStartArray();
        g.writeString(r.amount().toString());
        g.writeString(r.integratorFee().toString());
        g.writeString(r.pathFee().toString());
        g.writeString(r.gasLimit().toString());
        g.writeString(r.gasFee().toString());
        g.writeNumber(tokens.get(r.gasToken()));
        if (r.routeAddress() == null) {
            g.writeNull();
        } else {
            g.writeString(r.routeAddress().value());
        }
        for (RouteStep s : r.steps()) {
            g.writeStartArray();
            g.writeString(s.kind() == StepKind.SWAP ? "s" : "b");
            g.writeString(s.provider().key());
            g.writeNumber(tokens.get(s.fromToken()));
            g.writeNumber(tokens.get(s.toToken()));
            g.writeString(s.fromAmount().toString());
            g.writeString(s.toAmount().toString());
            g.writeString(s.lpFee().toString());
            g.writeString(s.bridgeFee().toString());
            g.writeNumber(s.gasUnits());
            g.writeNumber(s.estimatedSeconds());
            g.writeNumber(s.p90Seconds());
            if (s.kind() == StepKind.SWAP) {
                g.writeString(s.pool().id());
                g.writeString(s.poolTokenIn().value());
                g.writeString(s.poolTokenOut().value());
            } else {
                g.writeString(s.lane().inputToken().value());
                g.writeString(s.lane().outputToken().value());
            }
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    private static void index(Map<Token, Integer> tokens, Token t) {
        tokens.putIfAbsent(t, tokens.size());
    }

    /**
     * The routes in stored order; an element is empty when the snapshot lacks a pool, lane or provider it references.
     *
     * @throws IllegalArgumentException when the text is not this format
     */
    List<Optional<PlannedRoute>> decode(String text, MarketSnapshot snapshot) {
        JsonNode root = json.readTree(text);
        if (!root.isArray() || root.size() < 2 || !FORMAT.equals(root.get(0).asString())) {
            throw new IllegalArgumentException("not a stored plan of format " + FORMAT);
        }
        List<Token> tokens = new ArrayList<>();
        for (JsonNode t : root.get(1)) {
            tokens.add(token(snapshot, new ChainId(t.get(0).asLong()), new Address(t.get(1).asString(),
                    t.get(2).asBoolean()), t.get(3).asDouble()));
        }
        List<Optional<PlannedRoute>> routes = new ArrayList<>();
        for (int i = 2; i < root.size(); i++) {
            routes.add(route(root.get(i), tokens, snapshot));
        }
        return routes;
    }

    /** The market's token (or the chain's native token) at the price it was quoted at; null when there is none. */
    private static Token token(MarketSnapshot snapshot, ChainId chain, Address address, double priceUsd) {
        Token t = snapshot.token(chain, address)
                .or(() -> address.isNative() ? snapshot.chain(chain).map(snapshot::nativeToken) : Optional.empty())
                .orElse(null);
        return t == null ? null
                : new Token(t.chain(), t.address(), t.decimals(), t.symbol(), t.name(), t.iconUrl(), priceUsd);
    }

    private static Optional<PlannedRoute> route(JsonNode r, List<Token> tokens, MarketSnapshot snapshot) {
        List<RouteStep> steps = new ArrayList<>();
        for (int i = 7; i < r.size(); i++) {
            Optional<RouteStep> step = step(r.get(i), tokens, snapshot);
            if (step.isEmpty()) {
                return Optional.empty();
            }
            steps.add(step.get());
        }
        BigInteger amount = big(r.get(0));
        BigInteger integratorFee = big(r.get(1));
        BigInteger pathFee = big(r.get(2));
        BigInteger gasLimit = big(r.get(3));
        BigInteger gasFee = big(r.get(4));
        Token gasToken = tokens.get(r.get(5).asInt());
        if (gasToken == null) {
            return Optional.empty();
        }
        Address routeAddress = r.get(6).isNull() ? null : Address.evm(r.get(6).asString());
        return Optional.of(PlannedRoute.of(amount, integratorFee, steps, pathFee, gasLimit, gasFee, gasToken,
                routeAddress));
    }

    private static Optional<RouteStep> step(JsonNode s, List<Token> tokens, MarketSnapshot snapshot) {
        boolean swap = "s".equals(s.get(0).asString());
        Optional<Provider> provider = snapshot.provider(s.get(1).asString());
        Token from = tokens.get(s.get(2).asInt());
        Token to = tokens.get(s.get(3).asInt());
        if (provider.isEmpty() || from == null || to == null) {
            return Optional.empty();
        }
        Pool pool = null;
        BridgeLane lane = null;
        Address poolIn = null;
        Address poolOut = null;
        if (swap) {
            pool = snapshot.pool(s.get(11).asString()).orElse(null);
            poolIn = new Address(s.get(12).asString(), from.address().solana());
            poolOut = new Address(s.get(13).asString(), to.address().solana());
            if (pool == null) {
                return Optional.empty();
            }
        } else {
            lane = lane(snapshot, provider.get().key(), from.chain(), to.chain(), s.get(11).asString(),
                    s.get(12).asString());
            if (lane == null) {
                return Optional.empty();
            }
        }
        return Optional.of(new RouteStep(swap ? StepKind.SWAP : StepKind.BRIDGE, provider.get(), from.chain(),
                from.chain(), to.chain(), from, to, big(s.get(4)), big(s.get(5)), big(s.get(6)), big(s.get(7)),
                s.get(8).asLong(), s.get(9).asInt(), s.get(10).asInt(), pool, lane, poolIn, poolOut));
    }

    private static BridgeLane lane(MarketSnapshot snapshot, String provider, ChainId from, ChainId to, String input,
            String output) {
        for (BridgeLane l : snapshot.lanes()) {
            if (l.provider().equals(provider) && l.fromChain().equals(from) && l.toChain().equals(to)
                    && l.inputToken().value().equals(input) && l.outputToken().value().equals(output)) {
                return l;
            }
        }
        return null;
    }

    private static BigInteger big(JsonNode n) {
        return new BigInteger(n.asString());
    }
}
