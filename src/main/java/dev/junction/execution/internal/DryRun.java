package dev.junction.execution.internal;

import dev.junction.chain.Amount;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.InvalidPlanException;
import dev.junction.execution.PlanStep;
import dev.junction.execution.SimulationResult;
import dev.junction.execution.Simulator;
import dev.junction.execution.network.ChainRun;
import dev.junction.execution.network.ChainTx;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * {@link Simulator}: builds the plan's source (and destination) transaction exactly as the executor does
 * ({@link Transactions}) and runs them with {@link ChainRun} on one snapshot of the market; nothing is committed.
 */
final class DryRun implements Simulator {

    private static final String ID = "dry-run";

    private final Market market;
    private final Transactions transactions;
    private final LongSupplier simulationClock;

    /** @param simulationClock epoch ms of the simulation clock the plans' deadlines are set on (as the executor's) */
    DryRun(Market market, Transactions transactions, LongSupplier simulationClock) {
        this.market = market;
        this.transactions = transactions;
        this.simulationClock = simulationClock;
    }

    @Override
    public SimulationResult simulate(ExecutionPlan plan) {
        MarketSnapshot snapshot = market.current();
        try {
            SwapService.validate(plan, snapshot);
        } catch (InvalidPlanException e) {
            return failed("the route cannot run on the network: " + e.getMessage(), List.of());
        }
        long now = simulationClock.getAsLong();
        if (now > plan.deadline().toEpochMilli()) {
            return failed("the deadline " + plan.deadline().getEpochSecond() + " (Unix seconds) has passed (now "
                    + now / 1000 + ")", List.of());
        }
        List<Amount> outputs = new ArrayList<>();
        try {
            ChainTx source = transactions.source(ID, plan, 0);
            ChainRun.Result run = ChainRun.run(snapshot, source);
            run.outputs().forEach(o -> outputs.add(Amount.of(o)));
            if (!run.ok()) {
                return failed(describe(plan, snapshot, 0, run.failure(), "the source transaction"), outputs);
            }
            if (!plan.crossChain()) {
                return new SimulationResult(true, null, outputs, Amount.of(run.amount()));
            }
            int firstDestination = plan.steps().indexOf(plan.bridge()) + 1;
            ChainTx destination = transactions.destination(ID, plan, Amount.of(run.amount()), 0);
            MarketSnapshot after = run.moved().isEmpty() ? snapshot : snapshot.withPools(run.moved());
            ChainRun.Result dest = ChainRun.run(after, destination);
            dest.outputs().forEach(o -> outputs.add(Amount.of(o)));
            if (!dest.ok()) {
                return failed(describe(plan, snapshot, firstDestination, dest.failure(),
                        "the destination transaction") + "; the executor would deliver the bridged "
                        + run.amount() + " of " + plan.bridge().outputToken() + " instead", outputs);
            }
            BigInteger out = destination.swaps().isEmpty() ? run.amount() : dest.amount();
            if (out.compareTo(plan.minAmountOut().value()) < 0) {
                return failed("the route delivers " + out + " below its minimum output " + plan.minAmountOut(),
                        outputs);
            }
            return new SimulationResult(true, null, outputs, Amount.of(out));
        } catch (RuntimeException e) {
            return failed("the route cannot be executed: " + e.getMessage(), outputs);
        }
    }

    private static String describe(ExecutionPlan plan, MarketSnapshot m, int offset, ChainRun.Failure f, String tx) {
        if (f.call() < 0) {
            return tx + " on chain " + (offset == 0 ? plan.fromChain() : plan.toChain()) + ": " + f.reason();
        }
        int index = offset + f.call();
        PlanStep step = plan.steps().get(index);
        String who = switch (step) {
            case PlanStep.Swap s -> m.pool(s.poolId()).map(p -> p.provider()).orElse(s.poolId()) + " on chain "
                    + s.chain();
            case PlanStep.Bridge b -> b.provider() + " from chain " + b.chain() + " to chain " + b.toChain();
            case PlanStep.Leg l -> "leg of " + l.shareBps() + " bps on chain " + l.chain();
        };
        return "step " + (index + 1) + " (" + who + ") " + f.reason();
    }

    private static SimulationResult failed(String reason, List<Amount> outputs) {
        return new SimulationResult(false, reason, outputs, Amount.ZERO);
    }
}
