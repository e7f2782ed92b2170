package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.market.Pool;
import dev.junction.market.Token;
import dev.junction.market.UniswapV4Pool;
import java.util.List;

/**
 * Which swap steps move native ETH themselves instead of its wrapped token: a step through a Uniswap V4 pool whose
 * currency is native ({@code address(0)} in its key) spends the route's native input as the swap's value when it is
 * the route's first step, and pays native to the router (which sends it on) when it is the route's last step. The router
 * then neither wraps the input nor unwraps the output, and the adapter neither unwraps nor wraps around the pool
 * (docs/DECISIONS.md, "Native ETH through Uniswap V4 native pools"). A split route's steps never do: the router gathers
 * a split's input as the wrapped token. The planner prices such a step with the router's measured native rows and
 * without the route's wrap/unwrap; the calldata names the step's native token as {@link Address#NATIVE}.
 */
public final class NativeSteps {

    private NativeSteps() {
    }

    /** Whether step {@code i} of a route spends native itself: the first step, from native, into a V4 native pool. */
    public static boolean nativeIn(List<RouteStep> steps, int i) {
        RouteStep s = steps.get(i);
        return i == 0 && s.kind() == StepKind.SWAP && s.leg() == null
                && nativeCurrency(s.fromToken(), s.pool(), s.poolTokenIn());
    }

    /** Whether step {@code i} of a route pays native itself: the last step, to native, out of a V4 native pool. */
    public static boolean nativeOut(List<RouteStep> steps, int i) {
        RouteStep s = steps.get(i);
        return i == steps.size() - 1 && s.kind() == StepKind.SWAP && s.leg() == null
                && nativeCurrency(s.toToken(), s.pool(), s.poolTokenOut());
    }

    /**
     * Whether {@code token} is the native token and the pool holds it as native currency (where the market names it
     * {@code poolToken}, the chain's wrapped native token).
     */
    static boolean nativeCurrency(Token token, Pool pool, Address poolToken) {
        if (!token.address().equals(Address.NATIVE) || !(pool instanceof UniswapV4Pool v4)) {
            return false;
        }
        int index = v4.tokens().indexOf(poolToken);
        return index >= 0 && v4.nativeCurrency(index);
    }
}
