package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The relayer's fee on a real chain is paid as the route's feeBps: rounded up, so the router's
 * {@code floor(amountIn * feeBps / 10000)} never pays less than the fee, and less than one basis point more.
 */
class RelayerFeeBpsTest {

    @Test
    void theRoutersFloorNeverPaysLessThanTheFeeAndLessThanOneBasisPointMore() {
        Random random = new Random(15);
        for (int i = 0; i < 10_000; i++) {
            BigInteger amount = BigInteger.valueOf(1 + random.nextLong(1_000_000_000_000L));
            BigInteger fee = new BigInteger(amount.bitLength(), random).mod(amount.divide(BigInteger.TWO).max(
                    BigInteger.ONE));
            int bps = ChainGaslessExecutor.feeBps(fee, amount);
            BigInteger paid = ChainGaslessExecutor.routerFee(amount, bps);
            assertThat(paid).as("amount %s fee %s bps %s", amount, fee, bps).isGreaterThanOrEqualTo(fee);
            assertThat(bps == 0 ? BigInteger.ZERO : ChainGaslessExecutor.routerFee(amount, bps - 1)).isLessThan(
                    fee.max(BigInteger.ONE));
        }
    }

    @Test
    void examples() {
        // 1,000 USDC and a 1.2345 USDC fee: 12.345 bps, rounded up to 13; the router pays 1.3 USDC
        assertThat(ChainGaslessExecutor.feeBps(BigInteger.valueOf(1_234_500), BigInteger.valueOf(1_000_000_000))).isEqualTo(13);
        assertThat(ChainGaslessExecutor.routerFee(BigInteger.valueOf(1_000_000_000), 13)).isEqualTo(BigInteger.valueOf(1_300_000));
        // an exact fee is not rounded
        assertThat(ChainGaslessExecutor.feeBps(BigInteger.valueOf(1_000_000), BigInteger.valueOf(1_000_000_000))).isEqualTo(10);
        assertThat(ChainGaslessExecutor.feeBps(BigInteger.ZERO, BigInteger.valueOf(5))).isZero();
    }

    @Test
    void aFeeOfTheWholeAmountIs3004() {
        assertThatThrownBy(() -> ChainGaslessExecutor.feeBps(BigInteger.valueOf(1000), BigInteger.valueOf(1000)))
                .isInstanceOfSatisfying(GaslessException.class,
                        e -> assertThat(e.failure()).isEqualTo(GaslessFailure.FEE_EXCEEDS_INPUT));
    }
}
