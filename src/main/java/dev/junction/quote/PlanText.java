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
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the text forms of stored plans that instances before format {@code plan3} wrote to column {@code plans}: a
 * JSON array of the format name, each token once (chain, address, Solana flag, reference price) and per route the
 * exact amounts, the gas token's index, the route address and the steps; amounts in hex ({@code plan2}) or decimal
 * ({@code plan1}). Read only: rows of those formats live for the retention after an upgrade; {@link PlanCodec} writes
 * {@code plan3}. The meaning of every field is {@link PlanCodec}'s.
 */
final class PlanText {

    static final String HEX_FORMAT = "plan2";
    static final String DECIMAL_FORMAT = "plan1";
    /** Hex digits of a long, parsed without BigInteger's general radix conversion. */
    private static final int LONG_HEX_DIGITS = 15;

    private final JsonMapper json;

    PlanText(JsonMapper json) {
        this.json = json;
    }

    /**
     * The routes in stored order; an element is empty when the snapshot lacks a pool, lane or provider it references.
     *
     * @throws IllegalArgumentException when the text is of neither format
     */
    List<Optional<PlannedRoute>> decode(String text, MarketSnapshot snapshot) {
        JsonNode root = json.readTree(text);
        String format = root.isArray() && root.size() >= 2 ? root.get(0).asString() : null;
        if (!HEX_FORMAT.equals(format) && !DECIMAL_FORMAT.equals(format)) {
            throw new IllegalArgumentException("not a stored plan of format " + HEX_FORMAT + " or " + DECIMAL_FORMAT);
        }
        int radix = HEX_FORMAT.equals(format) ? 16 : 10;
        List<Token> tokens = new ArrayList<>();
        for (JsonNode t : root.get(1)) {
            tokens.add(PlanCodec.token(snapshot, new ChainId(t.get(0).asLong()), new Address(t.get(1).asString(),
                    t.get(2).asBoolean()), t.get(3).asDouble()));
        }
        List<Optional<PlannedRoute>> routes = new ArrayList<>();
        for (int i = 2; i < root.size(); i++) {
            routes.add(route(root.get(i), radix, tokens, snapshot));
        }
        return routes;
    }

    private static Optional<PlannedRoute> route(JsonNode r, int radix, List<Token> tokens, MarketSnapshot snapshot) {
        List<RouteStep> steps = new ArrayList<>();
        for (int i = 7; i < r.size(); i++) {
            Optional<RouteStep> step = step(r.get(i), radix, tokens, snapshot);
            if (step.isEmpty()) {
                return Optional.empty();
            }
            steps.add(step.get());
        }
        Token gasToken = tokens.get(r.get(5).asInt());
        if (gasToken == null) {
            return Optional.empty();
        }
        Address routeAddress = r.get(6).isNull() ? null : Address.evm(r.get(6).asString());
        return Optional.of(PlannedRoute.of(big(r.get(0), radix), big(r.get(1), radix), steps, big(r.get(2), radix),
                big(r.get(3), radix), big(r.get(4), radix), gasToken, routeAddress));
    }

    private static Optional<RouteStep> step(JsonNode s, int radix, List<Token> tokens, MarketSnapshot snapshot) {
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
            lane = PlanCodec.lane(snapshot, provider.get().key(), from.chain(), to.chain(), s.get(11).asString(),
                    s.get(12).asString());
            if (lane == null) {
                return Optional.empty();
            }
        }
        return Optional.of(new RouteStep(swap ? StepKind.SWAP : StepKind.BRIDGE, provider.get(), from.chain(),
                from.chain(), to.chain(), from, to, big(s.get(4), radix), big(s.get(5), radix), big(s.get(6), radix),
                big(s.get(7), radix), s.get(8).asLong(), s.get(9).asInt(), s.get(10).asInt(), pool, lane, poolIn,
                poolOut));
    }

    private static BigInteger big(JsonNode n, int radix) {
        String text = n.asString();
        int digits = text.startsWith("-") ? text.length() - 1 : text.length();
        return radix == 16 && digits <= LONG_HEX_DIGITS ? BigInteger.valueOf(Long.parseLong(text, 16))
                : new BigInteger(text, radix);
    }
}
