package dev.junction.market;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

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
        BigInteger fee = lane.fixedFee()
                .add(amount.multiply(BigInteger.valueOf(lane.feeBps())).divide(BPS))
                .add(destinationGasInToken(lane.destinationGasUsd(), in));
        BigInteger left = amount.subtract(fee);
        if (left.signum() <= 0) {
            return new BridgeCharge(fee, BigInteger.ZERO);
        }
        return new BridgeCharge(fee, rescale(left, in.decimals(), out.decimals()));
    }

    /** {@code ceil(usd / priceUsd * 10^decimals)}; zero when usd is zero. */
    static BigInteger destinationGasInToken(double usd, Token token) {
        if (usd <= 0) {
            return BigInteger.ZERO;
        }
        if (!(token.priceUsd() > 0)) {
            throw new IllegalStateException("token " + token.symbol() + " has no reference price to convert gas");
        }
        return BigDecimal.valueOf(usd).movePointRight(token.decimals())
                .divide(BigDecimal.valueOf(token.priceUsd()), 0, RoundingMode.CEILING).toBigIntegerExact();
    }

    static BigInteger rescale(BigInteger amount, int fromDecimals, int toDecimals) {
        if (toDecimals == fromDecimals) {
            return amount;
        }
        return toDecimals > fromDecimals ? amount.multiply(BigInteger.TEN.pow(toDecimals - fromDecimals))
                : amount.divide(BigInteger.TEN.pow(fromDecimals - toDecimals));
    }
}
