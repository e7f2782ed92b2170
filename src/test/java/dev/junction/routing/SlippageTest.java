package dev.junction.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class SlippageTest {

    @Test
    void defaultIsHalfAPercentFloored() {
        assertThat(Slippage.DEFAULT.percent()).isEqualByComparingTo("0.5");
        // 1000 * 0.995 = 995 exactly; 999 * 0.995 = 994.005 -> 994
        assertThat(Slippage.DEFAULT.minAmountOut(BigInteger.valueOf(1000))).isEqualTo(BigInteger.valueOf(995));
        assertThat(Slippage.DEFAULT.minAmountOut(BigInteger.valueOf(999))).isEqualTo(BigInteger.valueOf(994));
        assertThat(Slippage.DEFAULT.minAmountOut(BigInteger.ONE)).isZero();
    }

    @Test
    void decimalPercentagesHaveNoBinaryRoundingError() {
        // 0.1% of 10^21: a double 0.999 * 1e21 would be off; exact is 999 * 10^18
        BigInteger out = BigInteger.TEN.pow(21);
        assertThat(Slippage.ofPercent(0.1).minAmountOut(out)).isEqualTo(BigInteger.valueOf(999).multiply(BigInteger.TEN.pow(18)));
        // 0.3% of 10: 9.97 -> 9
        assertThat(Slippage.ofPercent(0.3).minAmountOut(BigInteger.TEN)).isEqualTo(BigInteger.valueOf(9));
        // 2^256-1 stays exact
        BigInteger max = BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE);
        assertThat(Slippage.ofPercent(1).minAmountOut(max))
                .isEqualTo(max.multiply(BigInteger.valueOf(99)).divide(BigInteger.valueOf(100)));
    }

    @Test
    void zeroKeepsEverythingAndBoundsAreChecked() {
        assertThat(Slippage.ofPercent(0).minAmountOut(BigInteger.valueOf(12345))).isEqualTo(BigInteger.valueOf(12345));
        assertThat(Slippage.ofPercent(100).minAmountOut(BigInteger.valueOf(12345))).isZero();
        assertThatThrownBy(() -> Slippage.ofPercent(-0.1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Slippage.ofPercent(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
