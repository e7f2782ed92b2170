package dev.junction.execution.internal;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.SwapKind;
import dev.junction.execution.network.ChainTx;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a swap's transactions from its plan. Pure: the same swap always gives the same transaction, so its hash can be
 * fixed before it is sent and recomputed when a step is retried.
 */
public final class Transactions {

    private final Address relayer;

    /** @param relayer the account Junction sends gasless source, destination and refund transactions from */
    public Transactions(Address relayer) {
        this.relayer = relayer;
    }

    /** Who sends the source transaction: the relayer for a gasless swap, the user for a direct one. */
    public Address sourceSender(ExecutionPlan plan) {
        return plan.kind() == SwapKind.GASLESS ? relayer : plan.sender();
    }

    public Address relayer() {
        return relayer;
    }

    /**
     * The source transaction: the swaps on the source chain, then the bridge deposit (cross-chain) or the delivery to
     * the receiver (same-chain, which reverts below the plan's minimum).
     */
    public ChainTx source(String swapId, ExecutionPlan plan, long nonce) {
        List<PlanStep> swaps = swapsOn(plan, plan.fromChain(), true);
        PlanStep.Bridge bridge = plan.bridge();
        Amount min = bridge == null ? plan.minAmountOut() : swaps.isEmpty() || plan.split() ? Amount.ZERO
                : swaps.getLast().minAmountOut();
        return new ChainTx(plan.fromChain(), sourceSender(plan), nonce, ChainTx.TxKind.SOURCE, swapId, plan.fromToken(),
                plan.amountIn(), swaps, bridge, plan.receiver(), min, false);
    }

    /**
     * The destination transaction: the swaps on the destination chain with the bridged amount, delivering toToken; if
     * they would fall short of the plan's minimum, the bridged token is delivered instead.
     */
    public ChainTx destination(String swapId, ExecutionPlan plan, Amount bridged, long nonce) {
        PlanStep.Bridge bridge = plan.bridge();
        List<PlanStep> swaps = swapsOn(plan, plan.toChain(), false);
        return new ChainTx(plan.toChain(), relayer, nonce, ChainTx.TxKind.DESTINATION, swapId, bridge.outputToken(),
                bridged, swaps, null, plan.receiver(), plan.minAmountOut(), true);
    }

    /** The refund on the source chain of a failed bridge transfer: the deposited amount back to the sender. */
    public ChainTx refund(String swapId, ExecutionPlan plan, Amount deposited, long nonce) {
        PlanStep.Bridge bridge = plan.bridge();
        return new ChainTx(plan.fromChain(), relayer, nonce, ChainTx.TxKind.REFUND, swapId, bridge.inputToken(),
                deposited, List.of(), null, plan.sender(), Amount.ZERO, false);
    }

    /** The swaps (and a split's leg steps) on {@code chain} before or after the bridge, in order. */
    private static List<PlanStep> swapsOn(ExecutionPlan plan, ChainId chain, boolean beforeBridge) {
        boolean seenBridge = false;
        ArrayList<PlanStep> out = new ArrayList<>();
        for (PlanStep s : plan.steps()) {
            if (s instanceof PlanStep.Bridge) {
                seenBridge = true;
            } else if (seenBridge != beforeBridge && s.chain().equals(chain)) {
                out.add(s);
            }
        }
        return out;
    }
}
