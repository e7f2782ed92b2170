package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class TickMathTest {

    @Test
    void tickZeroIsOneInQ96() {
        assertThat(TickMath.getSqrtRatioAtTick(0)).isEqualTo(BigInteger.ONE.shiftLeft(96));
    }

    @Test
    void extremeTicksGiveTheContractsBounds() {
        assertThat(TickMath.getSqrtRatioAtTick(TickMath.MIN_TICK)).isEqualTo(TickMath.MIN_SQRT_RATIO);
        assertThat(TickMath.getSqrtRatioAtTick(TickMath.MAX_TICK)).isEqualTo(TickMath.MAX_SQRT_RATIO);
    }

    @Test
    void knownValuesFromTheUniswapTestSuite() {
        // v3-core TickMath test values; each is sqrt(1.0001^t) * 2^96 rounded up (checked in 60-digit decimal).
        assertThat(TickMath.getSqrtRatioAtTick(TickMath.MIN_TICK + 1)).isEqualTo(BigInteger.valueOf(4295343490L));
        assertThat(TickMath.getSqrtRatioAtTick(TickMath.MAX_TICK - 1))
                .isEqualTo(new BigInteger("1461373636630004318706518188784493106690254656249"));
        assertThat(TickMath.getSqrtRatioAtTick(1)).isEqualTo(new BigInteger("79232123823359799118286999568"));
        assertThat(TickMath.getSqrtRatioAtTick(-1)).isEqualTo(new BigInteger("79224201403219477170569942574"));
    }

    @Test
    void ticksOutsideTheRangeAreRejected() {
        assertThatThrownBy(() -> TickMath.getSqrtRatioAtTick(TickMath.MAX_TICK + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TickMath.getSqrtRatioAtTick(TickMath.MIN_TICK - 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void getTickAtSqrtRatioInvertsAtTheBoundaries() {
        assertThat(TickMath.getTickAtSqrtRatio(TickMath.MIN_SQRT_RATIO)).isEqualTo(TickMath.MIN_TICK);
        assertThat(TickMath.getTickAtSqrtRatio(TickMath.MIN_SQRT_RATIO.add(BigInteger.ONE))).isEqualTo(TickMath.MIN_TICK);
        assertThat(TickMath.getTickAtSqrtRatio(TickMath.MAX_SQRT_RATIO.subtract(BigInteger.ONE)))
                .isEqualTo(TickMath.MAX_TICK - 1);
        assertThat(TickMath.getTickAtSqrtRatio(BigInteger.ONE.shiftLeft(96))).isZero();
        assertThat(TickMath.getTickAtSqrtRatio(BigInteger.ONE.shiftLeft(96).subtract(BigInteger.ONE))).isEqualTo(-1);
    }

    @Test
    void getTickAtSqrtRatioRejectsPricesOutsideTheRange() {
        assertThatThrownBy(() -> TickMath.getTickAtSqrtRatio(TickMath.MIN_SQRT_RATIO.subtract(BigInteger.ONE)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TickMath.getTickAtSqrtRatio(TickMath.MAX_SQRT_RATIO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyTickInASampleRoundTrips() {
        for (int tick = -887272; tick <= 887272; tick += 7919) {
            BigInteger p = TickMath.getSqrtRatioAtTick(tick);
            assertThat(TickMath.getTickAtSqrtRatio(p)).as("tick %d", tick).isEqualTo(tick);
            if (tick > TickMath.MIN_TICK) {
                assertThat(TickMath.getTickAtSqrtRatio(p.subtract(BigInteger.ONE))).as("below tick %d", tick)
                        .isEqualTo(tick - 1);
            }
        }
    }
}
