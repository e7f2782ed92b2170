package dev.junction.dryrun;

import dev.junction.calldata.Transaction;
import dev.junction.calldata.TransactionChecks;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.dryrun.internal.CallPlans;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SimulationResult;
import dev.junction.execution.Simulator;
import dev.junction.market.Market;
import java.math.BigInteger;
import java.util.Optional;

/**
 * {@link TransactionChecks} of the sandbox (its chain-mode counterpart is {@code chainbuild.NodeTransactionChecks}, the
 * chains' nodes): a built router call is decoded into the {@link ExecutionPlan} the embedded network would run for it
 * (each adapter names its provider, each swap its pool, each bridge its lane) and that plan is dry-run by the
 * {@link Simulator} on the current market: exact pool math, lane fees and bounds, every minimum, the deadline; nothing
 * is committed. There is no node, so the route's modelled gas stands.
 */
class SandboxTransactionChecks implements TransactionChecks {

    private final Market market;
    private final Simulator simulator;

    SandboxTransactionChecks(Market market, Simulator simulator) {
        this.market = market;
        this.simulator = simulator;
    }

    /** The market's chains: the embedded network runs every one of them. */
    @Override
    public boolean covers(ChainId chain) {
        return market.current().chain(chain).isPresent();
    }

    @Override
    public Optional<BigInteger> estimateGas(Transaction tx, Address sender, Address inputToken,
            BigInteger amountIn) {
        return Optional.empty();
    }

    @Override
    public Simulation simulate(Transaction tx, Address sender, Address inputToken, BigInteger amountIn) {
        ExecutionPlan plan;
        try {
            plan = CallPlans.plan(market.current(), tx.chain(), sender, Hex.decode(tx.data()));
        } catch (CallPlans.NotARoute e) {
            return new Simulation(false, "the router would revert: " + e.getMessage(), 0, "");
        }
        SimulationResult result = simulator.simulate(plan);
        return result.success() ? new Simulation(true, null, 0, "") : new Simulation(false, result.reason(), 0, "");
    }
}
