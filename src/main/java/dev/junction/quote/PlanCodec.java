package dev.junction.quote;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.Token;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.Leg;
import dev.junction.routing.RouteStep;
import dev.junction.routing.StepKind;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The compact stored form of a quote's routes, format {@code plan3}: bytes holding each string (address, provider key,
 * pool id) once and each token once (chain, address and the reference price it was quoted at; name, symbol, decimals
 * and icon come from the market) and, per route, only what cannot be derived: exact amounts, step timings and gas, and
 * references to the pools, lanes and providers of the market by key. USD values, path time, bridge count, path type
 * and the provider list are derived on decoding by {@link PlannedRoute#of}, as the planner derives them (pinned by
 * {@code PlanCodecTest}, which decodes to records equal to the planned ones).
 *
 * <p>Layout (all counts and indexes unsigned LEB128 varints):
 * <pre>
 * 0x03                                         format plan3
 * strings:  count, then per string: byte length, UTF-8 bytes
 * tokens:   count, then per token:  chain (varint), address (string index), Solana flag (1 byte),
 *                                   reference USD price (8 bytes, IEEE 754 bits, big-endian)
 * routes:   count, then per route:  amount, integratorFee, pathFee, gasLimit, gasFee (amounts), gas token index,
 *                                   route address (0 = none, else string index + 1), step count, steps
 * step:     kind (0 swap, 1 bridge, 2 swap of a split route's leg), provider key (string index), from and to
 *           token index, fromAmount, toAmount, lpFee, bridgeFee (amounts), gas units, p50 and p90 seconds (varints),
 *           swap: pool id, pool token in, pool token out; bridge: lane input token, lane output token (string indexes);
 *           swap of a leg: as a swap, then the leg's index and share in basis points (varints)
 * amount:   varint (magnitude byte length * 2 + 1 if negative), magnitude big-endian without leading zeros
 * </pre>
 * About a third of the size of the text forms before it (the 5-route quotes of the bench mix: 846-1,443 bytes, mean
 * 1,231, against 2,617-4,555 characters of {@code plan2}, mean 3,553), and encoded in less than half the CPU
 * (4.4 against 10.6 us on one thread), as no number is rendered as text. Text of the earlier formats ({@code plan2},
 * {@code plan1}) is read by {@link PlanText}.
 *
 * <p>Decoding needs a market snapshot to resolve pools, lanes and providers; a route that references one the snapshot
 * (or a token the market) no longer has, because the operator changed the market, decodes to empty. Bytes that are not
 * of this layout (truncated, an index out of range) are refused with {@link IllegalArgumentException}.
 */
final class PlanCodec {

    /** The name of the format written. */
    static final String FORMAT = "plan3";
    private static final byte FORMAT_BYTE = 3;
    private static final int SWAP = 0;
    private static final int BRIDGE = 1;
    private static final int LEG_SWAP = 2;

    private PlanCodec() {
    }

    static byte[] encode(List<PlannedRoute> routes) {
        Map<Token, Integer> tokens = new LinkedHashMap<>();
        for (PlannedRoute r : routes) {
            index(tokens, r.gasToken());
            for (RouteStep s : r.steps()) {
                index(tokens, s.fromToken());
                index(tokens, s.toToken());
            }
        }
        Strings strings = new Strings();
        Sink body = new Sink(128 + 256 * routes.size());
        body.varint(tokens.size());
        for (Token t : tokens.keySet()) {
            body.varint(t.chain().value());
            body.varint(strings.index(t.address().value()));
            body.write(t.address().solana() ? 1 : 0);
            body.longBits(Double.doubleToRawLongBits(t.priceUsd()));
        }
        body.varint(routes.size());
        for (PlannedRoute r : routes) {
            body.amount(r.amount());
            body.amount(r.integratorFee());
            body.amount(r.pathFee());
            body.amount(r.gasLimit());
            body.amount(r.gasFee());
            body.varint(tokens.get(r.gasToken()));
            body.varint(r.routeAddress() == null ? 0 : strings.index(r.routeAddress().value()) + 1);
            body.varint(r.steps().size());
            for (RouteStep s : r.steps()) {
                boolean swap = s.kind() == StepKind.SWAP;
                body.write(!swap ? BRIDGE : s.leg() == null ? SWAP : LEG_SWAP);
                body.varint(strings.index(s.provider().key()));
                body.varint(tokens.get(s.fromToken()));
                body.varint(tokens.get(s.toToken()));
                body.amount(s.fromAmount());
                body.amount(s.toAmount());
                body.amount(s.lpFee());
                body.amount(s.bridgeFee());
                body.varint(s.gasUnits());
                body.varint(s.estimatedSeconds());
                body.varint(s.p90Seconds());
                if (swap) {
                    body.varint(strings.index(s.pool().id()));
                    body.varint(strings.index(s.poolTokenIn().value()));
                    body.varint(strings.index(s.poolTokenOut().value()));
                    if (s.leg() != null) {
                        body.varint(s.leg().index());
                        body.varint(s.leg().shareBps());
                    }
                } else {
                    body.varint(strings.index(s.lane().inputToken().value()));
                    body.varint(strings.index(s.lane().outputToken().value()));
                }
            }
        }
        Sink out = new Sink(body.size + strings.bytes + 8 + 2 * strings.order.size());
        out.write(FORMAT_BYTE);
        out.varint(strings.order.size());
        for (byte[] s : strings.order) {
            out.varint(s.length);
            out.write(s, s.length);
        }
        out.write(body.buffer, body.size);
        return out.toArray();
    }

    /**
     * The routes in stored order; an element is empty when the snapshot lacks a pool, lane or provider it references.
     *
     * @throws IllegalArgumentException when the bytes are not of format plan3
     */
    static List<Optional<PlannedRoute>> decode(byte[] stored, MarketSnapshot snapshot) {
        Source in = new Source(stored);
        if (stored.length == 0 || in.read() != FORMAT_BYTE) {
            throw new IllegalArgumentException("not a stored plan of format " + FORMAT);
        }
        String[] strings = new String[in.count()];
        for (int i = 0; i < strings.length; i++) {
            int length = in.count();
            strings[i] = new String(stored, in.skip(length), length, StandardCharsets.UTF_8);
        }
        Token[] tokens = new Token[in.count()];
        for (int i = 0; i < tokens.length; i++) {
            ChainId chain = new ChainId(in.varint());
            String address = in.string(strings);
            boolean solana = in.read() != 0;
            double price = Double.longBitsToDouble(in.longBits());
            tokens[i] = token(snapshot, chain, new Address(address, solana), price);
        }
        int routeCount = in.count();
        List<Optional<PlannedRoute>> routes = new ArrayList<>(routeCount);
        for (int r = 0; r < routeCount; r++) {
            routes.add(route(in, strings, tokens, snapshot));
        }
        if (in.position != stored.length) {
            throw new IllegalArgumentException("a stored plan has " + (stored.length - in.position)
                    + " bytes after its last route");
        }
        return routes;
    }

    /** Reads one route (all of its bytes, also when it decodes to empty). */
    private static Optional<PlannedRoute> route(Source in, String[] strings, Token[] tokens, MarketSnapshot snapshot) {
        BigInteger amount = in.amount();
        BigInteger integratorFee = in.amount();
        BigInteger pathFee = in.amount();
        BigInteger gasLimit = in.amount();
        BigInteger gasFee = in.amount();
        Token gasToken = in.element(tokens);
        int routeAddress = in.integer();
        Address address = routeAddress == 0 ? null : Address.evm(in.element(strings, routeAddress - 1));
        int stepCount = in.count();
        if (stepCount == 0) {
            throw new IllegalArgumentException("a stored plan has a route without steps at byte " + in.position);
        }
        List<RouteStep> steps = new ArrayList<>(Math.min(stepCount, 8));
        boolean complete = gasToken != null;
        for (int i = 0; i < stepCount; i++) {
            RouteStep step = step(in, strings, tokens, snapshot);
            complete &= step != null;
            if (step != null) {
                steps.add(step);
            }
        }
        return complete ? Optional.of(PlannedRoute.of(amount, integratorFee, steps, pathFee, gasLimit, gasFee,
                gasToken, address)) : Optional.empty();
    }

    /** Reads one step; null when the snapshot lacks its provider, tokens, pool or lane. */
    private static RouteStep step(Source in, String[] strings, Token[] tokens, MarketSnapshot snapshot) {
        int kind = in.read();
        if (kind != SWAP && kind != BRIDGE && kind != LEG_SWAP) {
            throw new IllegalArgumentException("a stored plan has a step of kind " + kind);
        }
        Provider provider = snapshot.provider(in.string(strings)).orElse(null);
        Token from = in.element(tokens);
        Token to = in.element(tokens);
        BigInteger fromAmount = in.amount();
        BigInteger toAmount = in.amount();
        BigInteger lpFee = in.amount();
        BigInteger bridgeFee = in.amount();
        long gasUnits = in.varint();
        int seconds = in.integer();
        int p90 = in.integer();
        if (kind != BRIDGE) {
            String poolId = in.string(strings);
            String poolIn = in.string(strings);
            String poolOut = in.string(strings);
            Leg leg = kind == LEG_SWAP ? leg(in) : null;
            Pool pool = snapshot.pool(poolId).orElse(null);
            if (provider == null || from == null || to == null || pool == null) {
                return null;
            }
            return new RouteStep(StepKind.SWAP, provider, from.chain(), from.chain(), to.chain(), from, to, fromAmount,
                    toAmount, lpFee, bridgeFee, gasUnits, seconds, p90, pool, null,
                    new Address(poolIn, from.address().solana()), new Address(poolOut, to.address().solana()), leg);
        }
        String input = in.string(strings);
        String output = in.string(strings);
        if (provider == null || from == null || to == null) {
            return null;
        }
        BridgeLane lane = lane(snapshot, provider.key(), from.chain(), to.chain(), input, output);
        return lane == null ? null : new RouteStep(StepKind.BRIDGE, provider, from.chain(), from.chain(), to.chain(),
                from, to, fromAmount, toAmount, lpFee, bridgeFee, gasUnits, seconds, p90, null, lane, null, null);
    }

    private static Leg leg(Source in) {
        int index = in.integer();
        int share = in.integer();
        try {
            return new Leg(index, share);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a stored plan has a leg " + index + " of share " + share + " bps");
        }
    }

    /** The market's token (or the chain's native token) at the price it was quoted at; null when there is none. */
    static Token token(MarketSnapshot snapshot, ChainId chain, Address address, double priceUsd) {
        Token t = snapshot.token(chain, address)
                .or(() -> address.isNative() ? snapshot.chain(chain).map(snapshot::nativeToken) : Optional.empty())
                .orElse(null);
        return t == null ? null
                : new Token(t.chain(), t.address(), t.decimals(), t.symbol(), t.name(), t.iconUrl(), priceUsd);
    }

    /** The snapshot's lane of this provider, chains and tokens; null when it has none. */
    static BridgeLane lane(MarketSnapshot snapshot, String provider, ChainId from, ChainId to, String input,
            String output) {
        for (BridgeLane l : snapshot.lanes()) {
            if (l.provider().equals(provider) && l.fromChain().equals(from) && l.toChain().equals(to)
                    && l.inputToken().value().equals(input) && l.outputToken().value().equals(output)) {
                return l;
            }
        }
        return null;
    }

    private static void index(Map<Token, Integer> tokens, Token t) {
        tokens.putIfAbsent(t, tokens.size());
    }

    /** The string table: each distinct string once, in order of first use. */
    private static final class Strings {

        private final Map<String, Integer> indexes = new HashMap<>();
        private final List<byte[]> order = new ArrayList<>();
        private int bytes;

        int index(String s) {
            Integer known = indexes.get(s);
            if (known != null) {
                return known;
            }
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            order.add(utf8);
            bytes += utf8.length;
            indexes.put(s, order.size() - 1);
            return order.size() - 1;
        }
    }

    /** A growing byte buffer. */
    private static final class Sink {

        private byte[] buffer;
        private int size;

        Sink(int capacity) {
            buffer = new byte[capacity];
        }

        void write(int b) {
            room(1);
            buffer[size++] = (byte) b;
        }

        void write(byte[] bytes, int length) {
            room(length);
            System.arraycopy(bytes, 0, buffer, size, length);
            size += length;
        }

        /** Unsigned LEB128 of a value that is not negative. */
        void varint(long value) {
            if (value < 0) {
                throw new IllegalArgumentException("a stored plan has no negative counts or indexes, was " + value);
            }
            room(10);
            long v = value;
            while ((v & ~0x7FL) != 0) {
                buffer[size++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buffer[size++] = (byte) v;
        }

        void longBits(long bits) {
            room(8);
            for (int shift = 56; shift >= 0; shift -= 8) {
                buffer[size++] = (byte) (bits >>> shift);
            }
        }

        void amount(BigInteger amount) {
            int negative = amount.signum() < 0 ? 1 : 0;
            if (amount.bitLength() < Long.SIZE) {
                long magnitude = Math.abs(amount.longValue());
                int length = (Long.SIZE - Long.numberOfLeadingZeros(magnitude) + 7) / 8;
                varint(2L * length + negative);
                room(length);
                for (int shift = 8 * (length - 1); shift >= 0; shift -= 8) {
                    buffer[size++] = (byte) (magnitude >>> shift);
                }
                return;
            }
            byte[] bytes = amount.abs().toByteArray();
            int skip = bytes[0] == 0 ? 1 : 0;
            varint(2L * (bytes.length - skip) + negative);
            room(bytes.length - skip);
            System.arraycopy(bytes, skip, buffer, size, bytes.length - skip);
            size += bytes.length - skip;
        }

        byte[] toArray() {
            return size == buffer.length ? buffer : Arrays.copyOf(buffer, size);
        }

        private void room(int more) {
            if (size + more > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
            }
        }
    }

    /** Reads the layout, refusing what runs past the end or out of range. */
    private static final class Source {

        private final byte[] bytes;
        private int position;

        Source(byte[] bytes) {
            this.bytes = bytes;
        }

        int read() {
            if (position >= bytes.length) {
                throw new IllegalArgumentException("a stored plan ends early, at byte " + position);
            }
            return bytes[position++] & 0xff;
        }

        /** Skips {@code length} bytes; returns where they start. */
        int skip(int length) {
            if (length > bytes.length - position) {
                throw new IllegalArgumentException("a stored plan ends early: " + length + " bytes wanted at byte "
                        + position + " of " + bytes.length);
            }
            position += length;
            return position - length;
        }

        long varint() {
            long value = 0;
            for (int shift = 0; shift < Long.SIZE; shift += 7) {
                int b = read();
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    if (value < 0) {
                        throw new IllegalArgumentException("a stored plan has a varint out of range at byte "
                                + position);
                    }
                    return value;
                }
            }
            throw new IllegalArgumentException("a stored plan has a varint longer than 10 bytes at byte " + position);
        }

        /**
         * How many elements follow (strings, tokens, routes, steps, bytes): no more than the bytes left, as each takes
         * at least one, so a corrupt count cannot make the reader allocate without bound.
         */
        int count() {
            long value = varint();
            if (value > bytes.length - position) {
                throw new IllegalArgumentException("a stored plan has a count of " + value + " at byte " + position
                        + " with " + (bytes.length - position) + " bytes left");
            }
            return (int) value;
        }

        /** An index or a number of seconds: a varint in an int's range. */
        int integer() {
            long value = varint();
            if (value > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("a stored plan has " + value + " at byte " + position
                        + ", more than an int");
            }
            return (int) value;
        }

        long longBits() {
            int start = skip(8);
            long bits = 0;
            for (int i = start; i < start + 8; i++) {
                bits = bits << 8 | (bytes[i] & 0xff);
            }
            return bits;
        }

        String string(String[] strings) {
            return element(strings, integer());
        }

        <T> T element(T[] table) {
            return element(table, integer());
        }

        <T> T element(T[] table, int index) {
            if (index < 0 || index >= table.length) {
                throw new IllegalArgumentException("a stored plan refers to entry " + index + " of " + table.length
                        + " at byte " + position);
            }
            return table[index];
        }

        BigInteger amount() {
            long header = varint();
            if (header / 2 > bytes.length - position) {
                throw new IllegalArgumentException("a stored plan ends early: an amount of " + header / 2
                        + " bytes at byte " + position);
            }
            int length = (int) (header / 2);
            int start = skip(length);
            boolean negative = (header & 1) == 1;
            if (length < 8) {
                long magnitude = 0;
                for (int i = start; i < start + length; i++) {
                    magnitude = magnitude << 8 | (bytes[i] & 0xff);
                }
                return BigInteger.valueOf(negative ? -magnitude : magnitude);
            }
            return new BigInteger(negative ? -1 : 1, Arrays.copyOfRange(bytes, start, start + length));
        }
    }
}
