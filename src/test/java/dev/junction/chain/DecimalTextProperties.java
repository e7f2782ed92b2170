package dev.junction.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** DecimalText writes what BigInteger.toString writes, for every size and sign (amounts are rendered through it). */
class DecimalTextProperties {

    @Property(tries = 3_000)
    void isWhatBigIntegerWrites(@ForAll("values") BigInteger value) {
        assertThat(DecimalText.of(value)).isEqualTo(value.toString());
    }

    @Example
    void edges() {
        BigInteger two = BigInteger.TWO;
        for (BigInteger v : new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(-1),
                BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MIN_VALUE),
                BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE), two.pow(64), two.pow(64).subtract(BigInteger.ONE),
                BigInteger.TEN.pow(9), BigInteger.TEN.pow(18), BigInteger.TEN.pow(27), BigInteger.TEN.pow(27).add(
                BigInteger.ONE), BigInteger.TEN.pow(77), two.pow(256).subtract(BigInteger.ONE), two.pow(256),
                two.pow(256).negate(), two.pow(255).negate(), two.pow(1000)}) {
            assertThat(DecimalText.of(v)).as("%s", v).isEqualTo(v.toString());
        }
    }

    @Provide
    Arbitrary<BigInteger> values() {
        Arbitrary<BigInteger> logUniform = Arbitraries.integers().between(1, 300).flatMap(bits -> Arbitraries.bigIntegers()
                .between(BigInteger.ONE.shiftLeft(bits - 1), BigInteger.ONE.shiftLeft(bits)));
        Arbitrary<BigInteger> powersOfTen = Arbitraries.integers().between(0, 80)
                .flatMap(e -> Arbitraries.integers().between(-1, 1).map(d -> BigInteger.TEN.pow(e).add(BigInteger.valueOf(d))));
        Arbitrary<BigInteger> any = Arbitraries.oneOf(logUniform, powersOfTen);
        return Arbitraries.oneOf(any, any.map(BigInteger::negate));
    }
}
