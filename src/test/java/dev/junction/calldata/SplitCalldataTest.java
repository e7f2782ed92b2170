package dev.junction.calldata;

import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A split route's calldata: a leg step (kind 2, no adapter, data abi.encode(uint256 shareBps)) before each leg's
 * swaps, the legs' swaps as on a single path; the steps hash of the Permit2 witness covers the shares.
 */
class SplitCalldataTest {

    final TransactionBuilder builder = new TransactionBuilder();

    static RouteCall split(int firstShareBps) {
        Amount first = Amount.of(BigInteger.valueOf(600_000_000L));
        Amount second = Amount.of(BigInteger.valueOf(400_000_000L));
        return route(ETH_USDC, "1000000000", ETH_WETH, "390000000000000000", AcquisitionMode.DIRECT_TRANSFER,
                List.of(new LegCall(ETH, ETH_ROUTER, ETH_USDC, ETH_WETH, firstShareBps, first),
                        swap(v3("uniswap-v3", 500, 10), ETH_USDC, ETH_WETH, "600000000", "237000000000000000",
                                "235000000000000000"),
                        new LegCall(ETH, ETH_ROUTER, ETH_USDC, ETH_WETH, 10_000 - firstShareBps, second),
                        swap(v2("uniswap-v2"), ETH_USDC, ETH_WETH, "400000000", "158000000000000000",
                                "155000000000000000")));
    }

    @Test
    void eachLegStartsWithALegStepCarryingItsShare() {
        Transaction tx = builder.build(split(6_000));
        RouterCallDecoder.Route decoded = RouterCallDecoder.executeRoute(Hex.decode(tx.data()));
        assertThat(decoded.steps()).extracting(s -> s.kind.getValue().intValue()).containsExactly(2, 0, 2, 0);
        RouterCallDecoder.Step leg = decoded.steps().getFirst();
        assertThat(leg.adapter.getValue()).isEqualTo(Address.ZERO.value());
        assertThat(leg.tokenIn.getValue()).isEqualToIgnoringCase(ETH_USDC.value());
        assertThat(leg.tokenOut.getValue()).isEqualToIgnoringCase(ETH_WETH.value());
        assertThat(leg.minAmountOut.getValue()).isZero();
        assertThat(leg.data.getValue()).isEqualTo(Abi.encode(Abi.uint256(BigInteger.valueOf(6_000))));
        assertThat(decoded.steps().get(2).data.getValue())
                .isEqualTo(Abi.encode(Abi.uint256(BigInteger.valueOf(4_000))));
        // the legs' own minimums; the route's minimum is on the total
        assertThat(decoded.steps().get(1).minAmountOut.getValue()).isEqualTo(new BigInteger("235000000000000000"));
        assertThat(decoded.params().minAmountOut.getValue()).isEqualTo(new BigInteger("390000000000000000"));
    }

    @Test
    void theWitnessStepsHashBindsTheShares() {
        assertThat(builder.stepsHash(split(6_000))).isEqualTo(builder.stepsHash(split(6_000)))
                .isNotEqualTo(builder.stepsHash(split(5_999)));
    }
}
