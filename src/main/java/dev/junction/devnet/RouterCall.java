package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.execution.ExecutionPlan;
import java.util.Objects;

/**
 * A call of Junction's router ({@code executeRoute(RouteParams, Step[])}) as the devnet executes it.
 *
 * @param plan what the executor runs (its sender and reference are replaced by the wallet's address and tx hash)
 * @param acquisitionMode how the router takes the input: 0 ERC-20 allowance to the router, 1 native value, 2 and 3
 *     Permit2 (token approved to Permit2 plus a Permit2 allowance for the router)
 * @param quoteId the route's bytes32 quote id, 0x + 64 hex (topic of the router's events)
 * @param bridgeAdapter the bridge step's adapter (topic of BridgeInitiated); null for a same-chain route
 * @param pulled what the router takes from the sender ({@code RouteParams.amountIn}): the plan's input plus the fee
 * @param fee integrator fee, {@code floor(amountIn x feeBps / 10000)}, paid to {@code feeRecipient} before the steps
 * @param feeRecipient who gets the fee
 */
record RouterCall(ExecutionPlan plan, int acquisitionMode, String quoteId, Address bridgeAdapter, Amount pulled,
        Amount fee, Address feeRecipient) {

    /** A call without integrator fee. */
    RouterCall(ExecutionPlan plan, int acquisitionMode, String quoteId, Address bridgeAdapter) {
        this(plan, acquisitionMode, quoteId, bridgeAdapter, plan.amountIn(), Amount.ZERO, Address.ZERO);
    }

    RouterCall {
        Objects.requireNonNull(plan, "plan");
        if (quoteId == null || !quoteId.matches("0x[0-9a-f]{64}")) {
            throw new IllegalArgumentException("a quote id is 0x + 64 lower-case hex digits");
        }
        if (acquisitionMode < 0 || acquisitionMode > 3) {
            throw new IllegalArgumentException("acquisitionMode is 0 to 3");
        }
        if (!pulled.equals(plan.amountIn().plus(fee))) {
            throw new IllegalArgumentException("the pulled amount is the plan's input plus the fee");
        }
    }
}
