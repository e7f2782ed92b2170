package dev.junction.execution;

/**
 * Dry run of an {@link ExecutionPlan}: every step executed against ONE snapshot of the current market with the
 * executor's own code path (the embedded network's exact pool math, the lane fee model and the lane's minimum and
 * capacity), each step fed the previous step's actual output, without moving the market, writing the network's ledger
 * or the database. What it checks: the plan is executable on this market (chains, tokens, pools, lanes, EVM chains;
 * what {@link Swaps#submit} checks), the deadline has not passed on the simulation clock, every step's minimum, the
 * source transaction's minimum and the route's minimum on the destination chain (where the executor would deliver the
 * bridged token instead, the dry run fails). What it does not check: the sender's balance, allowance or Permit2
 * allowance, gas, the bridge's latency and fate (a transfer is assumed to arrive), and the market moving between the
 * dry run and the real execution (destination swaps are run on the same snapshot, not after the bridge's latency).
 */
public interface Simulator {

    /** Runs {@code plan} without committing anything; never throws for a plan that would fail. */
    SimulationResult simulate(ExecutionPlan plan);
}
