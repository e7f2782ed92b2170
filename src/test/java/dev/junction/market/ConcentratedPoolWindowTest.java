package dev.junction.market;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.math.TickMath;
import java.math.BigInteger;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A V3 pool whose ticks are known only in a window never quotes a swap that would leave it. */
class ConcentratedPoolWindowTest {

    static final Address A = Address.evm("0x1000000000000000000000000000000000000001");
    static final Address B = Address.evm("0x2000000000000000000000000000000000000002");
    static final BigInteger L = new BigInteger("1000000000000000000");

    static ConcentratedPool pool(int low, int high) {
        TreeMap<Integer, BigInteger> net = new TreeMap<>(Map.of(-600, L, 600, L.negate()));
        return new ConcentratedPool("p", ChainId.of(1), "v3", A, B, 3000, 60, TickMath.getSqrtRatioAtTick(0), 0, L,
                net, 0, low, high);
    }

    @Test
    void aSwapInsideTheWindowQuotesAsTheFullyKnownPool() {
        BigInteger small = new BigInteger("1000000000000000");
        SwapQuote windowed = pool(-15_360, 15_359).quote(A, B, small);
        SwapQuote full = pool(TickMath.MIN_TICK, TickMath.MAX_TICK).quote(A, B, small);
        assertThat(windowed).isEqualTo(full);
        assertThat(windowed.amountOut()).isPositive();
    }

    @Test
    void aSwapThatWouldLeaveTheWindowIsNotQuoted() {
        // Enough to push the price out of the [-600, 600] range and on down past tick -15360.
        BigInteger huge = L.multiply(BigInteger.valueOf(1_000));
        assertThat(pool(-15_360, 15_359).quote(A, B, huge).amountOut()).isZero();
        assertThat(pool(-15_360, 15_359).quote(B, A, huge).amountOut()).isZero();
        assertThat(pool(TickMath.MIN_TICK, TickMath.MAX_TICK).quote(A, B, huge).amountOut()).isPositive();
    }
}
