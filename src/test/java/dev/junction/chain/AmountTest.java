package dev.junction.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AmountTest {

    static final BigInteger TWO_256 = BigInteger.ONE.shiftLeft(256);

    @Test
    void boundsAreZeroAndTwoTo256MinusOne() {
        assertThat(Amount.of(0).isZero()).isTrue();
        assertThat(Amount.of(TWO_256.subtract(BigInteger.ONE)).value()).isEqualTo(Amount.MAX_UINT256);
        assertThatIllegalArgumentException().isThrownBy(() -> Amount.of(TWO_256));
        assertThatIllegalArgumentException().isThrownBy(() -> Amount.of(-1));
        assertThatIllegalArgumentException().isThrownBy(() -> Amount.of((BigInteger) null));
    }

    @Test
    void parsesBase10Text() {
        assertThat(Amount.parse("0").value()).isZero();
        assertThat(Amount.parse("1000000000000000000").value()).isEqualTo(BigInteger.TEN.pow(18));
        assertThat(Amount.parse(Amount.MAX_UINT256.toString()).value()).isEqualTo(Amount.MAX_UINT256);
        assertThat(Amount.parse("007").toString()).isEqualTo("7");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-1", "+1", "1e3", "1.0", "0x10", " 1", "1_000", "١٢",
        "115792089237316195423570985008687907853269984665640564039457584007913129639936"})
    void refusesEverythingElse(String text) {
        assertThatIllegalArgumentException().isThrownBy(() -> Amount.parse(text));
    }

    @Test
    void arithmeticStaysInRange() {
        assertThat(Amount.of(5).plus(Amount.of(7))).isEqualTo(Amount.of(12));
        assertThat(Amount.of(7).minus(Amount.of(7)).isZero()).isTrue();
        assertThatIllegalArgumentException().isThrownBy(() -> Amount.of(1).minus(Amount.of(2)));
        assertThatIllegalArgumentException().isThrownBy(() -> Amount.of(Amount.MAX_UINT256).plus(Amount.of(1)));
    }
}
