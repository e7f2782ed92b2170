package dev.junction.routing;

/**
 * Where a step of a split route belongs: one of the route's parallel legs, each spending its share of the split's
 * input (the amount after the integrator fee) and ending in the route's output token. The router gives leg {@code i}
 * {@code floor(input * shareBps_i / 10000)} and the last leg the remainder, so the shares of a route sum to 10000.
 *
 * @param index the leg's position, 0 for the first leg, in the order the router runs the legs
 * @param shareBps the leg's share of the split's input, basis points, 1..10000
 */
public record Leg(int index, int shareBps) {

    /** Basis points of the whole input. */
    public static final int WHOLE = 10_000;

    public Leg {
        if (index < 0 || shareBps < 1 || shareBps > WHOLE) {
            throw new IllegalArgumentException("a leg has an index >= 0 and a share of 1..10000 bps");
        }
    }
}
