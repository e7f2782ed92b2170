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
 * <p>Amounts are lower-case hex ({@code plan2}): rendering every amount in decimal ({@code BigInteger.toString}) was
 * most of the write-behind writer's encoding cost, while hex is a shift per digit. Text of {@code plan1} (decimal
 * amounts, otherwise the same layout) is still decoded: an older instance may have written rows that are read back
 * within their retention.
 *
 * <p>Decoding needs a market snapshot to resolve pools, lanes and providers; a route that references one the snapshot
 * (or a token the market) no longer has, because the operator changed the market, decodes to empty.
 */
final class PlanCodec {

    /** The format written: amounts in hex. */
    static final String FORMAT = "plan2";
    /** The format of older instances, read only: amounts in decimal. */
    static final String DECIMAL_FORMAT = "plan1";
    private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();
    /** Hex digits of a long, parsed without BigInteger's general radix conversion. */
    private static final int LONG_HEX_DIGITS = 15;

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
            AmountWriter amounts = new AmountWriter(g);
            for (PlannedRoute r : routes) {
                writeRoute(g, amounts, r, tokens);
            }
            g.writeEndArray();
        }
        return out.toString();
    }

    private static void writeRoute(JsonGenerator g, AmountWriter amounts, PlannedRoute r, Map<Token, Integer> tokens) {
        g.writeStartArray();
        amounts.write(r.amount());
        amounts.write(r.integratorFee());
        amounts.write(r.pathFee());
        amounts.write(r.gasLimit());
        amounts.write(r.gasFee());
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
            amounts.write(s.fromAmount());
            amounts.write(s.toAmount());
            amounts.write(s.lpFee());
            amounts.write(s.bridgeFee());
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

    /** Writes amounts as JSON strings of lower-case hex through one reused buffer (no String per amount). */
    private static final class AmountWriter {

        private final JsonGenerator g;
        private char[] buffer = new char[66];

        AmountWriter(JsonGenerator g) {
            this.g = g;
        }

        void write(BigInteger amount) {
            int needed = (amount.bitLength() + 3) / 4 + 2;
            if (needed > buffer.length) {
                buffer = new char[needed];
            }
            g.writeString(buffer, 0, hex(amount, buffer));
        }
    }

    /**
     * Puts the amount's lower-case hex digits (no leading zeros, {@code -} first when negative) into {@code out};
     * returns how many chars. What {@code BigInteger.toString(16)} gives, without its general radix conversion.
     */
    static int hex(BigInteger amount, char[] out) {
        int n = 0;
        BigInteger magnitude = amount;
        if (amount.signum() < 0) {
            out[n++] = '-';
            magnitude = amount.negate();
        }
        if (magnitude.bitLength() < Long.SIZE) {
            long v = magnitude.longValue();
            int digits = Math.max(1, (Long.SIZE - Long.numberOfLeadingZeros(v) + 3) / 4);
            for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) {
                out[n++] = HEX_DIGITS[(int) (v >>> shift) & 0xf];
            }
            return n;
        }
        byte[] bytes = magnitude.toByteArray();
        int i = bytes[0] == 0 ? 1 : 0;
        int first = bytes[i] & 0xff;
        if (first >= 0x10) {
            out[n++] = HEX_DIGITS[first >>> 4];
        }
        out[n++] = HEX_DIGITS[first & 0xf];
        for (i++; i < bytes.length; i++) {
            out[n++] = HEX_DIGITS[(bytes[i] >>> 4) & 0xf];
            out[n++] = HEX_DIGITS[bytes[i] & 0xf];
        }
        return n;
    }

    private static void index(Map<Token, Integer> tokens, Token t) {
        tokens.putIfAbsent(t, tokens.size());
    }

    /**
     * The routes in stored order; an element is empty when the snapshot lacks a pool, lane or provider it references.
     *
     * @throws IllegalArgumentException when the text is of neither format
     */
    List<Optional<PlannedRoute>> decode(String text, MarketSnapshot snapshot) {
        JsonNode root = json.readTree(text);
        String format = root.isArray() && root.size() >= 2 ? root.get(0).asString() : null;
        if (!FORMAT.equals(format) && !DECIMAL_FORMAT.equals(format)) {
            throw new IllegalArgumentException("not a stored plan of format " + FORMAT + " or " + DECIMAL_FORMAT);
        }
        int radix = FORMAT.equals(format) ? 16 : 10;
        List<Token> tokens = new ArrayList<>();
        for (JsonNode t : root.get(1)) {
            tokens.add(token(snapshot, new ChainId(t.get(0).asLong()), new Address(t.get(1).asString(),
                    t.get(2).asBoolean()), t.get(3).asDouble()));
        }
        List<Optional<PlannedRoute>> routes = new ArrayList<>();
        for (int i = 2; i < root.size(); i++) {
            routes.add(route(root.get(i), radix, tokens, snapshot));
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

    private static Optional<PlannedRoute> route(JsonNode r, int radix, List<Token> tokens, MarketSnapshot snapshot) {
        List<RouteStep> steps = new ArrayList<>();
        for (int i = 7; i < r.size(); i++) {
            Optional<RouteStep> step = step(r.get(i), radix, tokens, snapshot);
            if (step.isEmpty()) {
                return Optional.empty();
            }
            steps.add(step.get());
        }
        BigInteger amount = big(r.get(0), radix);
        BigInteger integratorFee = big(r.get(1), radix);
        BigInteger pathFee = big(r.get(2), radix);
        BigInteger gasLimit = big(r.get(3), radix);
        BigInteger gasFee = big(r.get(4), radix);
        Token gasToken = tokens.get(r.get(5).asInt());
        if (gasToken == null) {
            return Optional.empty();
        }
        Address routeAddress = r.get(6).isNull() ? null : Address.evm(r.get(6).asString());
        return Optional.of(PlannedRoute.of(amount, integratorFee, steps, pathFee, gasLimit, gasFee, gasToken,
                routeAddress));
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
            lane = lane(snapshot, provider.get().key(), from.chain(), to.chain(), s.get(11).asString(),
                    s.get(12).asString());
            if (lane == null) {
                return Optional.empty();
            }
        }
        return Optional.of(new RouteStep(swap ? StepKind.SWAP : StepKind.BRIDGE, provider.get(), from.chain(),
                from.chain(), to.chain(), from, to, big(s.get(4), radix), big(s.get(5), radix), big(s.get(6), radix),
                big(s.get(7), radix), s.get(8).asLong(), s.get(9).asInt(), s.get(10).asInt(), pool, lane, poolIn, poolOut));
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

    private static BigInteger big(JsonNode n, int radix) {
        String text = n.asString();
        int digits = text.startsWith("-") ? text.length() - 1 : text.length();
        return radix == 16 && digits <= LONG_HEX_DIGITS ? BigInteger.valueOf(Long.parseLong(text, 16))
                : new BigInteger(text, radix);
    }
}
