package dev.junction.execution.internal;

import static dev.junction.support.TestMarket.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SimulationResult;
import dev.junction.execution.SwapKind;
import dev.junction.market.Pool;
import dev.junction.market.SimulationClock;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A split route on the executor's math, as the router runs it: leg shares floored, the last leg the remainder, two legs
 * through one pool applied one after the other, the minimum checked once on the total.
 */
class SplitDryRunTest {

    final TestMarket.InMemory market = TestMarket.execution().market();
    final SimulationClock clock = new SimulationClock(Clock.systemUTC(), 1.0);
    final DryRun dry = new DryRun(market, new Transactions(Address.evm("0x00000000000000000000000000000000000a11ce")),
            clock::millis);
    final BigInteger input = BigInteger.valueOf(1_000_000_007L);

    ExecutionPlan split(int firstShare, int secondShare, BigInteger min) {
        return new ExecutionPlan(SwapKind.DIRECT, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER, USER, ETH,
                USDC_ETHEREUM, ETH, WETH_ETHEREUM, Amount.of(input), Amount.of(min), clock.now().plusSeconds(600), null,
                List.of(leg(firstShare), swap(), leg(secondShare), swap()));
    }

    static PlanStep.Leg leg(int share) {
        return new PlanStep.Leg(ETH, USDC_ETHEREUM, WETH_ETHEREUM, share, Amount.of(1));
    }

    static PlanStep.Swap swap() {
        return new PlanStep.Swap(ETH, ETH_POOL, USDC_ETHEREUM, WETH_ETHEREUM, Amount.of(1), Amount.ZERO);
    }

    @Test
    void legsTakeFlooredSharesTheLastTheRemainderAndAPoolTwoLegsShareMovesBetweenThem() {
        Pool pool = market.pool(ETH_POOL);
        BigInteger first = input.multiply(BigInteger.valueOf(3_333)).divide(BigInteger.valueOf(10_000));
        BigInteger second = input.subtract(first);
        assertThat(first.add(second)).isEqualTo(input);
        BigInteger firstOut = pool.quote(USDC_ETHEREUM, WETH_ETHEREUM, first).amountOut();
        BigInteger secondOut = pool.afterSwap(USDC_ETHEREUM, WETH_ETHEREUM, first)
                .quote(USDC_ETHEREUM, WETH_ETHEREUM, second).amountOut();

        SimulationResult r = dry.simulate(split(3_333, 6_667, BigInteger.ZERO));

        assertThat(r.success()).as(r.reason()).isTrue();
        assertThat(r.stepOutputs()).containsExactly(Amount.of(first), Amount.of(firstOut), Amount.of(second),
                Amount.of(secondOut));
        assertThat(r.amountOut()).isEqualTo(Amount.of(firstOut.add(secondOut)));
        assertThat(firstOut.add(secondOut)).as("the second leg sees the pool the first left")
                .isLessThan(firstOut.add(pool.quote(USDC_ETHEREUM, WETH_ETHEREUM, second).amountOut()));
    }

    @Test
    void theMinimumIsCheckedOnceOnTheTotal() {
        BigInteger total = dry.simulate(split(5_000, 5_000, BigInteger.ZERO)).amountOut().value();
        assertThat(dry.simulate(split(5_000, 5_000, total)).success()).isTrue();
        SimulationResult below = dry.simulate(split(5_000, 5_000, total.add(BigInteger.ONE)));
        assertThat(below.success()).isFalse();
        assertThat(below.reason()).isEqualTo("the source transaction on chain " + ETH + ": the swaps return " + total
                + " below the minimum output " + total.add(BigInteger.ONE));
    }

    @Test
    void sharesMustSumToTheWholeInputAndEveryLegHasASwap() {
        assertThatThrownBy(() -> split(5_000, 4_999, BigInteger.ZERO)).hasMessageStartingWith("InvalidShares(9999)");
        assertThatThrownBy(() -> new PlanStep.Leg(ETH, USDC_ETHEREUM, WETH_ETHEREUM, 0, Amount.of(1)))
                .hasMessageStartingWith("InvalidShares(0)");
        assertThatThrownBy(() -> new ExecutionPlan(SwapKind.DIRECT, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER, USER,
                ETH, USDC_ETHEREUM, ETH, WETH_ETHEREUM, Amount.of(input), Amount.ZERO, clock.now(), null,
                List.of(leg(5_000), leg(5_000), swap()))).hasMessageStartingWith("ZeroAmount");
        assertThatThrownBy(() -> new ExecutionPlan(SwapKind.DIRECT, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER, USER,
                ETH, USDC_ETHEREUM, ETH, WETH_ETHEREUM, Amount.of(input), Amount.ZERO, clock.now(), null,
                List.of(swap(), leg(10_000), swap()))).hasMessageContaining("only starts a leg");
    }
}
