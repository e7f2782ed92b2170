package dev.junction.routing;

import dev.junction.market.BridgeLane;
import dev.junction.market.Token;
import java.util.List;

/**
 * A route's path identity for the planner's distinct-route map: equal exactly when the routes' {@link
 * PlannedRoute#pathKey() path key} texts are equal (the same pools or lanes and the same tokens, step by step), and
 * ordered as those texts, which break ranking ties. Building that text for every candidate cost a few percent of
 * {@code /quote}'s CPU and allocation; this compares the steps' parts directly and hashes them once, and orders two
 * routes that tie on everything else in the ranking by reading both texts from the steps' parts, without building
 * them ({@link TextCursor}).
 */
final class PathKey implements Comparable<PathKey> {

    private final List<RouteStep> steps;
    private final int hash;
    /** The path key text, built on the first {@link #text()} call (a benign race: any thread builds the same text). */
    private String text;

    PathKey(PlannedRoute route) {
        this(route.steps());
    }

    /** The key of a path of these steps (a route's, or a candidate's before it is completed to a route). */
    PathKey(List<RouteStep> steps) {
        this.steps = steps;
        int h = 1;
        for (RouteStep s : steps) {
            h = 31 * h + stepHash(s);
        }
        this.hash = h;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PathKey other) || hash != other.hash) {
            return false;
        }
        List<RouteStep> mine = steps;
        List<RouteStep> theirs = other.steps;
        if (mine.size() != theirs.size()) {
            return false;
        }
        for (int i = 0; i < mine.size(); i++) {
            if (!sameStep(mine.get(i), theirs.get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /**
     * The order of the path key texts, read char by char from the steps' parts ({@link TextCursor}) instead of built:
     * a tie on everything else in the ranking is common (the same pools reached from a native token and its wrapped
     * form), and building both texts was a twentieth of the planner's bytes. Where a text was built already, it is
     * used.
     */
    @Override
    public int compareTo(PathKey other) {
        if (equals(other)) {
            return 0;
        }
        if (text != null && other.text != null) {
            return text.compareTo(other.text);
        }
        return TextCursor.compare(new TextCursor(steps), new TextCursor(other.steps));
    }

    String text() {
        String t = text;
        if (t == null) {
            t = PlannedRoute.pathKey(steps);
            text = t;
        }
        return t;
    }

    @Override
    public String toString() {
        return text();
    }

    /** The parts {@link RouteStep#identity()} is made of: the pool id or the lane, and the tokens in and out. */
    private static boolean sameStep(RouteStep a, RouteStep b) {
        if (a.kind() != b.kind() || !sameToken(a.fromToken(), b.fromToken()) || !sameToken(a.toToken(), b.toToken())) {
            return false;
        }
        if (a.kind() == StepKind.SWAP) {
            return a.pool().id().equals(b.pool().id());
        }
        BridgeLane x = a.lane();
        BridgeLane y = b.lane();
        return x.provider().equals(y.provider()) && x.fromChain().value() == y.fromChain().value()
                && x.toChain().value() == y.toChain().value() && x.inputToken().value().equals(y.inputToken().value());
    }

    private static boolean sameToken(Token a, Token b) {
        return a.chain().value() == b.chain().value() && a.address().value().equals(b.address().value());
    }

    private static int stepHash(RouteStep s) {
        int via;
        if (s.kind() == StepKind.SWAP) {
            via = s.pool().id().hashCode();
        } else {
            BridgeLane l = s.lane();
            via = ((l.provider().hashCode() * 31 + Long.hashCode(l.fromChain().value())) * 31
                    + Long.hashCode(l.toChain().value())) * 31 + l.inputToken().value().hashCode();
        }
        return ((via * 31 + tokenHash(s.fromToken())) * 31) + tokenHash(s.toToken());
    }

    private static int tokenHash(Token t) {
        return Long.hashCode(t.chain().value()) * 31 + t.address().value().hashCode();
    }

    /**
     * The chars of {@link PlannedRoute#pathKey()} in order, produced from the steps' parts as
     * {@link RouteStep#identity()} joins them (pool id or lane, chains in decimal, addresses, the separators, and '|'
     * after each step), without building the text. {@link #compare} orders two cursors as {@link String#compareTo}
     * orders the texts: by the first differing char, else the shorter first.
     */
    static final class TextCursor {

        private final List<RouteStep> steps;
        private int step;
        private int part;
        /** The current part when it is text; null while a number's digits are read. */
        private String text;
        private int offset;
        private final char[] digits = new char[20];
        private int digitCount;

        TextCursor(List<RouteStep> steps) {
            this.steps = steps;
            this.part = -1;
            this.offset = 0;
            this.text = "";
        }

        /**
         * Orders the two texts. Where both cursors stand at the start of parts with the same text (the same pool or
         * token, as paths that tie in the ranking mostly share), the part is passed over as a whole instead of char
         * by char: the chars read so far are equal, so the order is that of what follows.
         */
        static int compare(TextCursor a, TextCursor b) {
            while (true) {
                boolean moreA = a.ready();
                boolean moreB = b.ready();
                if (!moreA || !moreB) {
                    return moreA == moreB ? 0 : moreA ? 1 : -1;
                }
                if (a.offset == 0 && b.offset == 0 && a.text != null && b.text != null && a.text.equals(b.text)) {
                    a.offset = a.text.length();
                    b.offset = b.text.length();
                    continue;
                }
                int x = a.take();
                int y = b.take();
                if (x != y) {
                    return x - y;
                }
            }
        }

        /** Whether a char is left, moving to the next part when the current one is read; false after the last. */
        private boolean ready() {
            while (text != null ? offset >= text.length() : offset >= digitCount) {
                if (!advance()) {
                    return false;
                }
            }
            return true;
        }

        /** The next char; {@link #ready()} said there is one. */
        private char take() {
            return text != null ? text.charAt(offset++) : digits[offset++];
        }

        /** Moves to the next part (of this step or the next); false after the last step. */
        private boolean advance() {
            offset = 0;
            while (step < steps.size()) {
                RouteStep s = steps.get(step);
                boolean swap = s.kind() == StepKind.SWAP;
                int count = swap ? 10 : 16;
                if (++part < count) {
                    load(s, swap ? part + 6 : part);
                    return true;
                }
                step++;
                part = -1;
            }
            return false;
        }

        /**
         * Loads part {@code index} of a step: 0 to 6 the lane (provider, chains, input token) of a bridge, 6 the pool
         * id of a swap in their place, then the tokens in and out and the closing '|'.
         */
        private void load(RouteStep s, int index) {
            switch (index) {
                case 0 -> text = s.lane().provider();
                case 1, 3, 5 -> text = ":";
                case 2 -> number(s.lane().fromChain().value());
                case 4 -> number(s.lane().toChain().value());
                case 6 -> text = s.kind() == StepKind.SWAP ? s.pool().id() : s.lane().inputToken().value();
                case 7, 11 -> text = ">";
                case 8 -> number(s.fromToken().chain().value());
                case 9, 13 -> text = ":";
                case 10 -> text = s.fromToken().address().value();
                case 12 -> number(s.toToken().chain().value());
                case 14 -> text = s.toToken().address().value();
                case 15 -> text = "|";
                default -> throw new IllegalStateException("part " + index);
            }
        }

        /** Sets the current part to a long in decimal, as string concatenation writes it. */
        private void number(long value) {
            text = null;
            if (value == Long.MIN_VALUE) {
                text = Long.toString(value);
                return;
            }
            long v = Math.abs(value);
            int n = 0;
            do {
                digits[digits.length - 1 - n++] = (char) ('0' + v % 10);
                v /= 10;
            } while (v != 0);
            if (value < 0) {
                digits[digits.length - 1 - n++] = '-';
            }
            System.arraycopy(digits, digits.length - n, digits, 0, n);
            digitCount = n;
        }
    }
}
