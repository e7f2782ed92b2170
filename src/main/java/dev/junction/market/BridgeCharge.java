package dev.junction.market;

import dev.junction.market.math.WholeUnits;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bridge fee model, the one formula the planner quotes with and the embedded network settles with:
 * {@code fee = fixedFee + floor(amount * feeBps / 10000) + ceil(destinationGasUsd * 10^decimals / priceUsd)} in
 * inputToken units (the destination gas converted at the input token's reference price, rounded up), and the output
 * {@code amount - fee} rescaled from the input token's decimals to the output token's, floor.
 *
 * @param fee total fee, inputToken units
 * @param amountOut delivered on the destination chain, outputToken units; zero when the fee takes everything
 */
public record BridgeCharge(BigInteger fee, BigInteger amountOut) {

    private static final BigInteger BPS = BigInteger.valueOf(10_000);

    /**
     * @param lane the lane
     * @param in the lane's input token (its price converts the destination gas)
     * @param out the lane's output token (its decimals scale the output)
     * @param amount bridged, inputToken units
     * @throws IllegalStateException when the lane charges destination gas and the input token has no reference price
     */
    public static BridgeCharge of(BridgeLane lane, Token in, Token out, BigInteger amount) {
        return of(lane, in, out, amount, 0);
    }

    /**
     * {@link #of(BridgeLane, Token, Token, BigInteger)} plus the gas of a destination call the bridge's filler or
     * relayer runs at delivery (issue 39): {@code ceil(callGasUsd * 10^decimals / priceUsd)} more in inputToken units,
     * converted like the lane's destination gas but rounded on its own, so the lane's part is the same number with or
     * without a call. The embedded network settles without it (its bridges run no call).
     *
     * @param callGasUsd the call's gas at the destination chain's gas price and native token price, USD; 0 for none
     */
    public static BridgeCharge of(BridgeLane lane, Token in, Token out, BigInteger amount, double callGasUsd) {
        BigInteger fee = lane.fixedFee()
                .add(proportionalFee(amount, lane.feeBps()))
                .add(destinationGasInToken(lane.destinationGasUsd(), in))
                .add(destinationGasInToken(callGasUsd, in));
        BigInteger left = amount.subtract(fee);
        if (left.signum() <= 0) {
            return new BridgeCharge(fee, BigInteger.ZERO);
        }
        return new BridgeCharge(fee, rescale(left, in.decimals(), out.decimals()));
    }

    /**
     * {@code floor(amount * feeBps / 10000)}. For an amount from 0 to 2^63 - 1 and 0-10,000 bps it is computed in a
     * long: with {@code amount = 10000 q + r}, it equals {@code q * feeBps + floor(r * feeBps / 10000)}, and neither
     * part can overflow. Otherwise in BigInteger. The same number either way, without the BigInteger division's bytes
     * (with {@code Token.usd}'s conversion, about 6% of a {@code /quote}'s bytes; issue 17).
     */
    static BigInteger proportionalFee(BigInteger amount, int feeBps) {
        if (amount.signum() >= 0 && amount.bitLength() <= 63 && feeBps >= 0 && feeBps <= 10_000) {
            long a = amount.longValue();
            return BigInteger.valueOf(a / 10_000 * feeBps + a % 10_000 * feeBps / 10_000);
        }
        return amount.multiply(BigInteger.valueOf(feeBps)).divide(BPS);
    }

    /** {@code ceil(usd / priceUsd * 10^decimals)}; zero when usd is zero. */
    static BigInteger destinationGasInToken(double usd, Token token) {
        if (usd <= 0) {
            return BigInteger.ZERO;
        }
        if (!(token.priceUsd() > 0)) {
            throw new IllegalStateException("token " + token.symbol() + " has no reference price to convert gas");
        }
        GasKey key = new GasKey(usd, token.priceUsd(), token.decimals());
        BigInteger known = GAS_IN_TOKEN.get(key);
        if (known != null) {
            return known;
        }
        BigInteger computed = computeDestinationGasInToken(usd, token.priceUsd(), token.decimals());
        if (GAS_IN_TOKEN.size() >= GAS_IN_TOKEN_MAX) {
            GAS_IN_TOKEN.clear();
        }
        GAS_IN_TOKEN.put(key, computed);
        return computed;
    }

    /** The conversion itself (BigDecimal: {@code Double.toString} of both doubles and a rounded division). */
    static BigInteger computeDestinationGasInToken(double usd, double priceUsd, int decimals) {
        return BigDecimal.valueOf(usd).movePointRight(decimals)
                .divide(BigDecimal.valueOf(priceUsd), 0, RoundingMode.CEILING).toBigIntegerExact();
    }

    /**
     * Conversions already made: every bridge step of every quote converts one of a few (lane, token price) pairs, and
     * the conversion is a pure function of the three figures. Bounded: cleared when full (the living market moves
     * prices every second).
     */
    private record GasKey(double usd, double priceUsd, int decimals) {
    }

    private static final Map<GasKey, BigInteger> GAS_IN_TOKEN = new ConcurrentHashMap<>();
    private static final int GAS_IN_TOKEN_MAX = 10_000;

    private static final BigInteger[] POW10 = new BigInteger[78];

    static {
        POW10[0] = BigInteger.ONE;
        for (int k = 1; k < POW10.length; k++) {
            POW10[k] = POW10[k - 1].multiply(BigInteger.TEN);
        }
    }

    private static BigInteger pow10(int k) {
        return k < POW10.length ? POW10[k] : BigInteger.TEN.pow(k);
    }

    static BigInteger rescale(BigInteger amount, int fromDecimals, int toDecimals) {
        if (toDecimals == fromDecimals) {
            return amount;
        }
        int shift = Math.abs(toDecimals - fromDecimals);
        if (amount.signum() >= 0 && amount.bitLength() <= 63 && shift <= WholeUnits.MAX_LONG_POWER_OF_TEN) {
            long a = amount.longValue();
            long p = WholeUnits.powerOfTen(shift);
            if (toDecimals < fromDecimals) {
                return BigInteger.valueOf(a / p);
            }
            if (a <= Long.MAX_VALUE / p) {
                return BigInteger.valueOf(a * p);
            }
        }
        return toDecimals > fromDecimals ? amount.multiply(pow10(toDecimals - fromDecimals))
                : amount.divide(pow10(fromDecimals - toDecimals));
    }
}
