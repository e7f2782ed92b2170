package dev.junction.routing;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import java.util.Objects;

/**
 * What to plan: an exact-input transfer of {@code amount} of {@code fromToken} on {@code fromChain} into
 * {@code toToken} on {@code toChain}.
 *
 * @param amount input in fromToken's smallest units, > 0, before the integrator fee
 * @param feeBps integrator fee in basis points, 0 to 10000; {@code floor(amount * feeBps / 10000)} is taken before the
 *               first step
 * @param providers which DEX and bridge providers may be used
 * @param allowMultiBridge whether up to two bridge steps may be used (otherwise at most one)
 * @param mode how routes are ranked
 * @param destinationCallGas gas units a destination call ({@code destinationCallData}, {@link DestinationCallGas})
 *                           adds on {@code toChain} when it arrives over a bridge: the bridge into {@code toChain} is
 *                           charged it at that chain's gas price (its filler or relayer pays it); 0 without a call.
 *                           A same-chain route ignores it (its call's gas is in the route's own transaction).
 */
public record RouteRequest(ChainId fromChain, Address fromToken, ChainId toChain, Address toToken, BigInteger amount,
        int feeBps, ProviderFilter providers, boolean allowMultiBridge, RouteMode mode, long destinationCallGas) {

    private static final BigInteger BPS = BigInteger.valueOf(10_000);

    public RouteRequest {
        Objects.requireNonNull(fromChain, "fromChain");
        Objects.requireNonNull(toChain, "toChain");
        Objects.requireNonNull(fromToken, "fromToken");
        Objects.requireNonNull(toToken, "toToken");
        if (amount == null || amount.signum() <= 0) {
            throw new IllegalArgumentException("amount must be > 0");
        }
        if (feeBps < 0 || feeBps > 10_000) {
            throw new IllegalArgumentException("feeBps must be from 0 to 10000");
        }
        providers = providers == null ? ProviderFilter.ALL : providers;
        mode = mode == null ? RouteMode.MAX_VALUE : mode;
        if (destinationCallGas < 0) {
            throw new IllegalArgumentException("destinationCallGas must be >= 0");
        }
    }

    /** A request without a destination call. */
    public RouteRequest(ChainId fromChain, Address fromToken, ChainId toChain, Address toToken, BigInteger amount,
            int feeBps, ProviderFilter providers, boolean allowMultiBridge, RouteMode mode) {
        this(fromChain, fromToken, toChain, toToken, amount, feeBps, providers, allowMultiBridge, mode, 0);
    }

    /** A plain request: no integrator fee, all providers, one bridge at most, max_value. */
    public static RouteRequest of(ChainId fromChain, Address fromToken, ChainId toChain, Address toToken,
            BigInteger amount) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, 0, ProviderFilter.ALL, false,
                RouteMode.MAX_VALUE);
    }

    /** {@code floor(amount * feeBps / 10000)}, fromToken units. */
    public BigInteger integratorFee() {
        return amount.multiply(BigInteger.valueOf(feeBps)).divide(BPS);
    }

    /** What enters the first step: amount less the integrator fee. */
    public BigInteger amountAfterFee() {
        return amount.subtract(integratorFee());
    }

    public RouteRequest withMode(RouteMode m) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, feeBps, providers, allowMultiBridge, m,
                destinationCallGas);
    }

    public RouteRequest withProviders(ProviderFilter p) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, feeBps, p, allowMultiBridge, mode,
                destinationCallGas);
    }

    public RouteRequest withMultiBridge(boolean allow) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, feeBps, providers, allow, mode,
                destinationCallGas);
    }

    public RouteRequest withFeeBps(int bps) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, bps, providers, allowMultiBridge, mode,
                destinationCallGas);
    }

    public RouteRequest withAmount(BigInteger a) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, a, feeBps, providers, allowMultiBridge, mode,
                destinationCallGas);
    }

    /** This request with a destination call of {@code units} gas ({@link DestinationCallGas#of}). */
    public RouteRequest withDestinationCallGas(long units) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, feeBps, providers, allowMultiBridge,
                mode, units);
    }
}
