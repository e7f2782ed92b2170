package dev.junction.market.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code computeSwapStep} against the cases of Uniswap v3-core's SwapMath tests (prices from {@code encodePriceSqrt},
 * i.e. sqrt(ratio) to 40 decimal places times 2^96, floored).
 */
class SwapMathTest {

    private static final BigInteger PRICE_1 = FullMath.Q96;
    private static final BigInteger PRICE_101_100 = new BigInteger("79623317895830914510639640423");
    private static final BigInteger PRICE_1000_100 = new BigInteger("250541448375047931186413801569");
    private static final BigInteger TWO_E18 = new BigInteger("2000000000000000000");
    private static final BigInteger E18 = new BigInteger("1000000000000000000");

    @Test
    void exactInputCappedAtThePriceTarget() {
        var step = SwapMath.computeSwapStep(PRICE_1, PRICE_101_100, TWO_E18, E18, 600);
        assertStep(step, PRICE_101_100, "9975124224178055", "9925619580021728", "5988667735148");
    }

    @Test
    void exactOutputCappedAtThePriceTarget() {
        var step = SwapMath.computeSwapStep(PRICE_1, PRICE_101_100, TWO_E18, E18.negate(), 600);
        assertStep(step, PRICE_101_100, "9975124224178055", "9925619580021728", "5988667735148");
    }

    @Test
    void exactInputFullySpent() {
        var step = SwapMath.computeSwapStep(PRICE_1, PRICE_1000_100, TWO_E18, E18, 600);
        assertThat(step.sqrtRatioNextX96()).isLessThan(PRICE_1000_100);
        assertThat(step.amountIn()).isEqualTo(new BigInteger("999400000000000000"));
        assertThat(step.feeAmount()).isEqualTo(new BigInteger("600000000000000"));
        assertThat(step.amountOut()).isEqualTo(new BigInteger("666399946655997866"));
        assertThat(step.amountIn().add(step.feeAmount())).isEqualTo(E18);
    }

    @Test
    void exactOutputFullyReceived() {
        BigInteger target = new BigInteger("792281625142643375935439503360"); // encodePriceSqrt(10000, 100)
        var step = SwapMath.computeSwapStep(PRICE_1, target, TWO_E18, E18.negate(), 600);
        assertThat(step.sqrtRatioNextX96()).isLessThan(target);
        assertThat(step.amountIn()).isEqualTo(TWO_E18);
        assertThat(step.feeAmount()).isEqualTo(new BigInteger("1200720432259356"));
        assertThat(step.amountOut()).isEqualTo(E18);
    }

    @Test
    void amountOutIsCappedAtTheDesiredAmountOut() {
        var step = SwapMath.computeSwapStep(new BigInteger("417332158212080721273783715441582"),
                new BigInteger("1452870262520218020823638996"), new BigInteger("159344665391607089467575320103"),
                BigInteger.ONE.negate(), 1);
        assertStep(step, new BigInteger("417332158212080721273783715441581"), "1", "1", "1");
    }

    @Test
    void targetPriceOfOneUsesPartialInput() {
        var step = SwapMath.computeSwapStep(BigInteger.TWO, BigInteger.ONE, BigInteger.ONE,
                new BigInteger("3915081100057732413702495386755767"), 1);
        assertStep(step, BigInteger.ONE, "39614081257132168796771975168", "0", "39614120871253040049813");
    }

    @Test
    void entireInputTakenAsFee() {
        var step = SwapMath.computeSwapStep(BigInteger.valueOf(2413), new BigInteger("79887613182836312"),
                new BigInteger("1985041575832132834610021537970"), BigInteger.TEN, 1872);
        assertStep(step, BigInteger.valueOf(2413), "0", "0", "10");
    }

    private static void assertStep(SwapMath.Step step, BigInteger next, String in, String out, String fee) {
        assertThat(step.sqrtRatioNextX96()).as("next price").isEqualTo(next);
        assertThat(step.amountIn()).as("amountIn").isEqualTo(new BigInteger(in));
        assertThat(step.amountOut()).as("amountOut").isEqualTo(new BigInteger(out));
        assertThat(step.feeAmount()).as("fee").isEqualTo(new BigInteger(fee));
    }
}
