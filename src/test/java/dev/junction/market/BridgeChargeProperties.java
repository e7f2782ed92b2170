package dev.junction.market;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Positive;
import net.jqwik.api.constraints.Scale;

/** The bridge charge's remembered conversions and power-of-ten table against the plain computations. */
class BridgeChargeProperties {

    @Property(tries = 1000)
    void rememberedGasConversionIsTheComputedOne(@ForAll @DoubleRange(min = 0.0001, max = 1e6) @Scale(6) double usd,
            @ForAll @DoubleRange(min = 0.000001, max = 1e6) @Scale(8) double price, @ForAll @IntRange(min = 0, max = 30) int decimals) {
        Token token = new Token(ChainId.of(1), Address.NATIVE, decimals, "T", "T", "", price);
        BigInteger expected = BridgeCharge.computeDestinationGasInToken(usd, price, decimals);
        assertThat(BridgeCharge.destinationGasInToken(usd, token)).isEqualTo(expected);
        assertThat(BridgeCharge.destinationGasInToken(usd, token)).isEqualTo(expected);
        // a different price or decimals is never answered from the memo of another
        Token other = new Token(ChainId.of(1), Address.NATIVE, decimals + 1, "T", "T", "", price);
        assertThat(BridgeCharge.destinationGasInToken(usd, other))
                .isEqualTo(BridgeCharge.computeDestinationGasInToken(usd, price, decimals + 1));
        Token cheaper = new Token(ChainId.of(1), Address.NATIVE, decimals, "T", "T", "", Math.nextDown(price));
        assertThat(BridgeCharge.destinationGasInToken(usd, cheaper))
                .isEqualTo(BridgeCharge.computeDestinationGasInToken(usd, Math.nextDown(price), decimals));
    }

    @Property(tries = 1000)
    void rescaleIsThePlainPowerOfTen(@ForAll @Positive BigInteger amount, @ForAll @IntRange(min = 0, max = 90) int from,
            @ForAll @IntRange(min = 0, max = 90) int to) {
        BigInteger expected = to == from ? amount
                : to > from ? amount.multiply(BigInteger.TEN.pow(to - from))
                        : amount.divide(BigInteger.TEN.pow(from - to));
        assertThat(BridgeCharge.rescale(amount, from, to)).isEqualTo(expected);
    }

    @Property(tries = 5000)
    void proportionalFeeIsThePlainFloor(@ForAll("feeAmounts") BigInteger amount,
            @ForAll @IntRange(min = -5, max = 10_005) int feeBps) {
        BigInteger expected = amount.multiply(BigInteger.valueOf(feeBps)).divide(BigInteger.valueOf(10_000));
        assertThat(BridgeCharge.proportionalFee(amount, feeBps)).isEqualTo(expected);
    }

    @Property(tries = 5000)
    void rescaleOfLongsIsThePlainPowerOfTen(@ForAll("feeAmounts") BigInteger amount,
            @ForAll @IntRange(min = 0, max = 24) int from, @ForAll @IntRange(min = 0, max = 24) int to) {
        BigInteger expected = to == from ? amount
                : to > from ? amount.multiply(BigInteger.TEN.pow(to - from))
                        : amount.divide(BigInteger.TEN.pow(from - to));
        assertThat(BridgeCharge.rescale(amount, from, to)).isEqualTo(expected);
    }

    /** Amounts of every bit length up to 66, both signs, so the long paths meet their bounds and the fallback. */
    @Provide
    Arbitrary<BigInteger> feeAmounts() {
        Arbitrary<BigInteger> byLength = Arbitraries.integers().between(1, 66).flatMap(bits -> Arbitraries.bigIntegers()
                .between(BigInteger.ONE.shiftLeft(bits - 1), BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)));
        Arbitrary<BigInteger> edges = Arbitraries.of(BigInteger.ZERO, BigInteger.valueOf(Long.MAX_VALUE),
                BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE), BigInteger.valueOf(9_999),
                BigInteger.valueOf(Long.MAX_VALUE / 10).add(BigInteger.ONE));
        return Arbitraries.oneOf(byLength, byLength.map(BigInteger::negate), edges);
    }
}
