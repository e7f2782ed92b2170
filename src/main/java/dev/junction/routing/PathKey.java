package dev.junction.routing;

import dev.junction.market.BridgeLane;
import dev.junction.market.Token;
import java.util.List;

/**
 * A route's path identity for the planner's distinct-route map: equal exactly when the routes' {@link
 * PlannedRoute#pathKey() path key} texts are equal (the same pools or lanes and the same tokens, step by step), and
 * ordered as those texts, which break ranking ties. Building that text for every candidate cost a few percent of
 * {@code /quote}'s CPU and allocation; this compares the steps' parts directly and hashes them once, and builds the
 * text only when two routes tie on everything else in the ranking.
 */
final class PathKey implements Comparable<PathKey> {

    private final PlannedRoute route;
    private final int hash;
    /** The path key text, built on the first ordering tie (a benign race: any thread builds the same text). */
    private String text;

    PathKey(PlannedRoute route) {
        this.route = route;
        int h = 1;
        for (RouteStep s : route.steps()) {
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
        List<RouteStep> mine = route.steps();
        List<RouteStep> theirs = other.route.steps();
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

    /** The order of the path key texts. */
    @Override
    public int compareTo(PathKey other) {
        return equals(other) ? 0 : text().compareTo(other.text());
    }

    String text() {
        String t = text;
        if (t == null) {
            t = route.pathKey();
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
}
