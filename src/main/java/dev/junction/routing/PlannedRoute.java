package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.market.Provider;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A route computed exactly along its path, with everything {@code /quote} shows about it except the request echoes,
 * identities, expiry and slippage (the quote layer adds those).
 *
 * @param fromToken input token
 * @param toToken output token
 * @param amount the request's input, fromToken units (before the integrator fee)
 * @param integratorFee {@code floor(amount * feeBps / 10000)}, fromToken units, taken before the first step
 * @param amountOut what the last step delivers, toToken units
 * @param steps the steps; each spends exactly what the previous produced, the first spends amount - integratorFee;
 *              for a split route ({@code pathType} sameChainSplitSwap) the legs' steps one leg after the other, each
 *              leg's first step spending the leg's share of amount - integratorFee, amountOut the sum of the legs';
 *              for {@code crossChainSplitSwap} the same within each split segment (a leg's share is of the segment's
 *              input: amount - integratorFee before the bridge, the bridge's output after it)
 * @param pathFee all LP and bridge fees of the path valued in fromToken units: each step's fee times the fromToken
 *                amount that produced the step's input, over that input (exact rational sum, floor once)
 * @param gasLimit gas units of the steps executed on the source chain (up to and including the first bridge)
 * @param gasFee gasLimit * source gas price, native wei
 * @param gasToken the source chain's native token
 * @param routeAddress Junction's router on the source chain; null where it has none (Solana)
 * @param amountUsd amount at fromToken's reference price
 * @param amountOutUsd amountOut at toToken's reference price
 * @param gasFeeUsd gasFee at the native token's reference price
 * @param integratorFeeUsd integratorFee at fromToken's reference price
 * @param pathFeeUsd pathFee at fromToken's reference price
 * @param pathTime sum of the steps' p50 seconds
 * @param pathTimeP90 sum of the steps' p90 seconds
 * @param bridgeCount number of bridge steps
 * @param pathType shape of the path
 * @param providers distinct providers in path order
 */
public record PlannedRoute(Token fromToken, Token toToken, BigInteger amount, BigInteger integratorFee,
        BigInteger amountOut, List<RouteStep> steps, BigInteger pathFee, BigInteger gasLimit, BigInteger gasFee,
        Token gasToken, Address routeAddress, double amountUsd, double amountOutUsd, double gasFeeUsd,
        double integratorFeeUsd, double pathFeeUsd, int pathTime, int pathTimeP90, int bridgeCount, PathType pathType,
        List<Provider> providers) {

    public PlannedRoute {
        steps = List.copyOf(steps);
        providers = List.copyOf(providers);
    }

    /**
     * The route of these exact steps, deriving what follows from them: the tokens and amountOut from the first and
     * last step, the USD values at the tokens' reference prices, pathTime, pathTimeP90, bridgeCount, pathType and the
     * providers in path order. Used by the planner and by whatever rebuilds a stored route, so both derive alike.
     *
     * @param amount the request's input, before the integrator fee
     * @param gasLimit gas units on the source chain; {@code gasFee} its cost in native wei of {@code gasToken}
     */
    public static PlannedRoute of(BigInteger amount, BigInteger integratorFee, List<RouteStep> steps,
            BigInteger pathFee, BigInteger gasLimit, BigInteger gasFee, Token gasToken, Address routeAddress) {
        Token fromToken = steps.getFirst().fromToken();
        return of(amount, integratorFee, steps, pathFee, gasLimit, gasFee, gasToken, routeAddress,
                fromToken.usd(amount), fromToken.usd(integratorFee));
    }

    /**
     * {@link #of} with the USD values of the amount and the integrator fee already taken: they are the same for every
     * candidate of a request, so the planner prices them once (each {@link Token#usd} is a BigDecimal conversion).
     *
     * @param amountUsd {@code fromToken.usd(amount)}
     * @param integratorFeeUsd {@code fromToken.usd(integratorFee)}
     */
    static PlannedRoute of(BigInteger amount, BigInteger integratorFee, List<RouteStep> steps, BigInteger pathFee,
            BigInteger gasLimit, BigInteger gasFee, Token gasToken, Address routeAddress, double amountUsd,
            double integratorFeeUsd) {
        Token fromToken = steps.getFirst().fromToken();
        Token toToken = steps.getLast().toToken();
        BigInteger amountOut = amountOut(steps);
        boolean split = split(steps);
        int seconds = 0;
        int p90 = 0;
        int bridges = 0;
        List<Provider> providers = new ArrayList<>();
        for (RouteStep s : steps) {
            bridges += s.kind() == StepKind.BRIDGE ? 1 : 0;
            seconds += s.estimatedSeconds();
            p90 += s.p90Seconds();
            if (!containsKey(providers, s.provider().key())) {
                providers.add(s.provider());
            }
        }
        return new PlannedRoute(fromToken, toToken, amount, integratorFee, amountOut, steps, pathFee, gasLimit, gasFee,
                gasToken, routeAddress, amountUsd, toToken.usd(amountOut), gasToken.usd(gasFee), integratorFeeUsd,
                fromToken.usd(pathFee), split ? legSeconds(steps, false) : seconds,
                split ? legSeconds(steps, true) : p90, bridges,
                !split ? PathType.of(bridges, steps.size())
                        : bridges == 0 ? PathType.SAME_CHAIN_SPLIT_SWAP : PathType.CROSS_CHAIN_SPLIT_SWAP,
                providers);
    }

    /** Whether any step belongs to a leg: a split route (same-chain, or a cross-chain route with a split segment). */
    static boolean split(List<RouteStep> steps) {
        for (RouteStep s : steps) {
            if (s.leg() != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether step {@code i} of a split route is the last of its leg (a step of no leg is not). */
    static boolean endsLeg(List<RouteStep> steps, int i) {
        Leg leg = steps.get(i).leg();
        if (leg == null) {
            return false;
        }
        Leg next = i + 1 == steps.size() ? null : steps.get(i + 1).leg();
        return next == null || next.index() != leg.index();
    }

    /**
     * What the steps deliver: the last step's output, or when the last segment (the steps after the last bridge, or
     * all of them) is split, the sum of its legs' last outputs.
     */
    static BigInteger amountOut(List<RouteStep> steps) {
        if (steps.getLast().leg() == null) {
            return steps.getLast().toAmount();
        }
        BigInteger sum = BigInteger.ZERO;
        for (int i = steps.size() - 1; i >= 0 && steps.get(i).kind() == StepKind.SWAP; i--) {
            if (endsLeg(steps, i)) {
                sum = sum.add(steps.get(i).toAmount());
            }
        }
        return sum;
    }

    /**
     * A split route's time: the legs of a segment run in one transaction, so a split segment takes its slowest leg's
     * p50 (or p90) seconds; a step of no leg (a bridge, an unsplit segment's swap) adds its own.
     */
    static int legSeconds(List<RouteStep> steps, boolean p90) {
        int total = 0;
        int slowest = 0;
        int leg = 0;
        for (int i = 0; i < steps.size(); i++) {
            RouteStep s = steps.get(i);
            int seconds = p90 ? s.p90Seconds() : s.estimatedSeconds();
            if (s.leg() == null) {
                total += seconds;
                continue;
            }
            leg += seconds;
            if (endsLeg(steps, i)) {
                slowest = Math.max(slowest, leg);
                leg = 0;
                boolean segmentEnds = i + 1 == steps.size() || steps.get(i + 1).leg() == null;
                if (segmentEnds) {
                    total += slowest;
                    slowest = 0;
                }
            }
        }
        return total;
    }

    /** The number of parallel legs of the route's most split segment: 1 for a single path. */
    public int legs() {
        int most = 1;
        for (RouteStep s : steps) {
            if (s.leg() != null) {
                most = Math.max(most, s.leg().index() + 1);
            }
        }
        return most;
    }

    /** Whether a provider of this key is listed (a loop: {@link #of} runs for every candidate the planner evaluates). */
    private static boolean containsKey(List<Provider> providers, String key) {
        for (Provider p : providers) {
            if (p.key().equals(key)) {
                return true;
            }
        }
        return false;
    }

    /**
     * This route with {@code units} more gas on the source chain at the same price ({@code gasFee / gasLimit}, the
     * source gas price the route was planned at): a destination call's gas in a same-chain route's transaction.
     */
    public PlannedRoute withSourceGas(long units) {
        if (units == 0 || gasLimit.signum() == 0) {
            return this;
        }
        BigInteger fee = gasFee.add(gasFee.divide(gasLimit).multiply(BigInteger.valueOf(units)));
        return new PlannedRoute(fromToken, toToken, amount, integratorFee, amountOut, steps, pathFee,
                gasLimit.add(BigInteger.valueOf(units)), fee, gasToken, routeAddress, amountUsd, amountOutUsd,
                gasToken.usd(fee), integratorFeeUsd, pathFeeUsd, pathTime, pathTimeP90, bridgeCount, pathType,
                providers);
    }

    /** Net value in USD: {@code amountOutUsd - gasFeeUsd}, what {@code max_value} ranks by. */
    public double netValueUsd() {
        return amountOutUsd - gasFeeUsd;
    }

    /** What enters the first step: amount - integratorFee. */
    public BigInteger amountAfterFee() {
        return amount.subtract(integratorFee);
    }

    /** Stable identity of the path (pools, lanes and tokens in order), for distinctness. */
    public String pathKey() {
        return pathKey(steps);
    }

    /** {@link #pathKey()} of a route of these steps. */
    static String pathKey(List<RouteStep> steps) {
        StringBuilder b = new StringBuilder();
        for (RouteStep s : steps) {
            b.append(s.identity()).append('|');
        }
        return b.toString();
    }
}
