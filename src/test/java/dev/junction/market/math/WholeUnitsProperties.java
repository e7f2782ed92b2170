package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** {@link WholeUnits} gives BigDecimal's correctly rounded double, bit for bit, fast path or not. */
class WholeUnitsProperties {

    private static double plain(BigInteger amount, int decimals) {
        return new BigDecimal(amount).movePointLeft(decimals).doubleValue();
    }

    private static void assertSame(BigInteger amount, int decimals) {
        assertThat(Double.doubleToRawLongBits(WholeUnits.of(amount, decimals)))
                .as("%s at %d decimals", amount, decimals)
                .isEqualTo(Double.doubleToRawLongBits(plain(amount, decimals)));
    }

    @Property(tries = 20_000)
    void anyLongAtAnyDecimals(@ForAll("amounts") BigInteger amount, @ForAll @IntRange(min = 0, max = 30) int decimals) {
        assertSame(amount, decimals);
    }

    @Provide
    Arbitrary<BigInteger> amounts() {
        // every bit length from 1 to 70, so each branch (below 2^53, integer part above 2^53, the fraction loop, and
        // the BigDecimal fallback above 2^63) gets its share; plus the neighbours of powers of two and of ten
        Arbitrary<BigInteger> byLength = Arbitraries.integers().between(1, 70).flatMap(bits -> Arbitraries.bigIntegers()
                .between(BigInteger.ONE.shiftLeft(bits - 1), BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)));
        Arbitrary<BigInteger> nearPowers = Arbitraries.integers().between(0, 64).flatMap(k -> Arbitraries.integers()
                .between(-3, 3).map(delta -> (k % 2 == 0 ? BigInteger.ONE.shiftLeft(k) : BigInteger.TEN.pow(k / 3))
                        .add(BigInteger.valueOf(delta)).max(BigInteger.ZERO)));
        return Arbitraries.oneOf(byLength, nearPowers);
    }

    /**
     * Exact halfway cases: {@code H / 2^j} with H odd and 54 bits wide lies exactly between two doubles, and
     * {@code H * 5^d * 2^(d - j)} at d decimals is that value. Ties round to the even neighbour; one unit either way
     * rounds to the nearer one.
     */
    @Property(tries = 5_000)
    void exactTiesRoundToEven(@ForAll @LongRange(min = 1L << 53, max = (1L << 54) - 1) long wide,
            @ForAll @IntRange(min = 0, max = 4) int decimals, @ForAll @IntRange(min = 0, max = 4) int halvings) {
        long h = wide | 1;
        int j = Math.min(halvings, decimals);
        BigInteger amount = BigInteger.valueOf(h).multiply(BigInteger.valueOf(5).pow(decimals))
                .shiftLeft(decimals - j);
        assertSame(amount, decimals);
        assertSame(amount.add(BigInteger.ONE), decimals);
        assertSame(amount.subtract(BigInteger.ONE), decimals);
    }

    @Example
    void edges() {
        long[] values = {0, 1, 2, 9, 10, 11, (1L << 52) - 1, 1L << 52, (1L << 53) - 1, 1L << 53, (1L << 53) + 1,
            (1L << 53) + 2, (1L << 53) + 3, (1L << 54) + 1, Long.MAX_VALUE, Long.MAX_VALUE - 1,
            999_999_999_999_999_999L, 1_000_000_000_000_000_000L, 1_000_000_000_000_000_001L,
            1_500_000_000_000_000_000L};
        for (long v : values) {
            for (int decimals = 0; decimals <= 24; decimals++) {
                assertSame(BigInteger.valueOf(v), decimals);
            }
        }
        // powers of two below one: 10^d / 2^k puts the remainder exactly at a power of two times the divisor
        for (int decimals = 1; decimals <= 18; decimals++) {
            for (int k = 1; k <= decimals; k++) {
                BigInteger power = BigInteger.TEN.pow(decimals).shiftRight(k);
                assertSame(power, decimals);
                assertSame(power.add(BigInteger.ONE), decimals);
                assertSame(power.subtract(BigInteger.ONE), decimals);
            }
        }
        assertSame(BigInteger.ONE.shiftLeft(63), 18);
        assertSame(BigInteger.valueOf(-1_500_000_000_000_000_000L), 18);
        assertSame(BigInteger.TEN.pow(40).add(BigInteger.ONE), 6);
    }
}
