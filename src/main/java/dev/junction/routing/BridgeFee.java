package dev.junction.routing;

import dev.junction.market.BridgeCharge;
import dev.junction.market.BridgeLane;
import dev.junction.market.Token;
import java.math.BigInteger;

/**
 * A bridge step's fee and output as the planner quotes them: the market's one fee model, {@link BridgeCharge}.
 *
 * @param fee total fee, inputToken units
 * @param amountOut delivered on the destination chain, outputToken units; zero when the fee takes everything
 */
public record BridgeFee(BigInteger fee, BigInteger amountOut) {

    /**
     * @param lane the lane
     * @param in the lane's input token (its price converts the destination gas)
     * @param out the lane's output token (its decimals scale the output)
     * @param amount bridged, inputToken units
     */
    public static BridgeFee of(BridgeLane lane, Token in, Token out, BigInteger amount) {
        return of(lane, in, out, amount, 0);
    }

    /**
     * {@link #of(BridgeLane, Token, Token, BigInteger)} with a destination call's gas on top
     * ({@link BridgeCharge#of(BridgeLane, Token, Token, BigInteger, double)}).
     *
     * @param callGasUsd the destination call's gas, USD at the destination chain's prices; 0 for none
     */
    public static BridgeFee of(BridgeLane lane, Token in, Token out, BigInteger amount, double callGasUsd) {
        BridgeCharge charge = BridgeCharge.of(lane, in, out, amount, callGasUsd);
        return new BridgeFee(charge.fee(), charge.amountOut());
    }
}
