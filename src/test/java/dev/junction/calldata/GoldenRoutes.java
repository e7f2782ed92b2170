package dev.junction.calldata;

/** The golden route calls ({@link GoldenCases}) for tests outside this package. */
public final class GoldenRoutes {

    private GoldenRoutes() {
    }

    public static RouteCall get(String name) {
        RouteCall call = GoldenCases.all().get(name);
        if (call == null) {
            throw new IllegalArgumentException("no golden case " + name);
        }
        return call;
    }
}
