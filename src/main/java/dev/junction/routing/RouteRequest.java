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
 */
public record RouteRequest(ChainId fromChain, Address fromToken, ChainId toChain, Address toToken, BigInteger amount,
        int feeBps, ProviderFilter providers, boolean allowMultiBridge, RouteMode mode) {

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
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, feeBps, providers, allowMultiBridge, m);
    }

    public RouteRequest withProviders(ProviderFilter p) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, feeBps, p, allowMultiBridge, mode);
    }

    public RouteRequest withMultiBridge(boolean allow) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, feeBps, providers, allow, mode);
    }

    public RouteRequest withFeeBps(int bps) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, amount, bps, providers, allowMultiBridge, mode);
    }

    public RouteRequest withAmount(BigInteger a) {
        return new RouteRequest(fromChain, fromToken, toChain, toToken, a, feeBps, providers, allowMultiBridge, mode);
    }
}
