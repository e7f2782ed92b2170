package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.Blocks;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.SwapKind;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.Swaps;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.GasModel;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Junction's router on the devnet. A router call is checked as the contract checks it (deadline, native value, the
 * input pull: balance and allowance or Permit2 allowance); a failing check mines the transaction reverted with the
 * reason and nothing moves. Otherwise the input is pulled from the sender into the router and the route is handed to
 * the executor as a DIRECT swap under the wallet's transaction hash ({@link Swaps#submitSigned}); the transaction stays
 * pending (no receipt) until the executor has run its source transaction, when {@link RouterSettlements} includes it
 * with the outcome and moves the funds.
 *
 * <p>Gas: a router call uses what the market's gas model gives for its source-chain steps (swap: {@link GasModel#swapGas}
 * at the planned input; bridge: the lane's gas units) — the figure the quote estimated and the built transaction's
 * gas limit covers with its margin — and at least the intrinsic gas.
 */
final class Router {

    static final long GAS_PER_STEP = 100_000;

    private final Ledger ledger;
    private final TxStore txs;
    private final Contracts contracts;
    private final Swaps swaps;
    private final Blocks blocks;
    private final Market market;

    Router(Ledger ledger, TxStore txs, Contracts contracts, Swaps swaps, Blocks blocks,
            Market market) {
        this.market = market;
        this.ledger = ledger;
        this.txs = txs;
        this.contracts = contracts;
        this.swaps = swaps;
        this.blocks = blocks;
    }

    /** Runs inside the devnet's database transaction, after the node's own checks passed. */
    MinedTx submit(Chain c, SignedTx t, RouterCall call, long nonce, BigInteger price, long block, int index) {
        ChainId id = c.id();
        ExecutionPlan p = call.plan();
        long gasUsed = Math.max(t.intrinsicGas(), routeGas(market.current(), p));
        long now = blocks.timestampMs(id, block) / 1000;
        String revert = null;
        List<EvmAbi.Log> logs = new ArrayList<>();
        boolean nativeIn = call.acquisitionMode() == 1;
        BigInteger amountIn = call.pulled().value();
        if (t.gasLimit().compareTo(BigInteger.valueOf(gasUsed)) < 0) {
            revert = "out of gas";
            gasUsed = t.gasLimit().longValueExact();
        } else if (now > p.deadline().getEpochSecond() || blocks.nowMs() > p.deadline().toEpochMilli()) {
            revert = "DeadlineExpired(" + p.deadline().getEpochSecond() + ", " + now + ")";
        } else if (nativeIn ? !t.value().equals(amountIn) : t.value().signum() != 0) {
            revert = "InvalidNativeValue(" + (nativeIn ? amountIn : BigInteger.ZERO) + ", " + t.value() + ")";
        } else if (!nativeIn) {
            try {
                contracts.pull(id, p.fromToken(), t.from(), c.router(), amountIn, call.acquisitionMode(), false, now);
            } catch (EvmAbi.Revert r) {
                revert = r.getMessage();
            }
        }
        ledger.add(id, Address.NATIVE, t.from(), price.multiply(BigInteger.valueOf(gasUsed)).negate());
        ledger.setNonce(id, t.from(), nonce + 1);
        if (revert != null) {
            MinedTx mined = row(c, t, price, gasUsed, 0, revert, block, index, List.of(), null);
            txs.insert(mined);
            return mined;
        }
        if (nativeIn) {
            ledger.add(id, Address.NATIVE, t.from(), amountIn.negate());
            ledger.add(id, Address.NATIVE, c.router(), amountIn);
        } else {
            logs.addAll(contracts.pull(id, p.fromToken(), t.from(), c.router(), amountIn, call.acquisitionMode(), true,
                    now));
        }
        if (call.fee().value().signum() > 0) {
            ledger.add(id, p.fromToken(), c.router(), call.fee().value().negate());
            ledger.add(id, p.fromToken(), call.feeRecipient(), call.fee().value());
            logs.add(RouterEvents.feePaid(c.router(), call.quoteId(), call.feeRecipient(), p.fromToken(),
                    call.fee().value()));
        }
        ExecutionPlan signed = new ExecutionPlan(SwapKind.DIRECT, p.routeKind(), p.provider(),
                t.from(), p.receiver(), p.fromChain(), p.fromToken(), p.toChain(), p.toToken(), p.amountIn(),
                p.minAmountOut(), p.deadline(), t.hash().value(), p.steps());
        SwapSubmission sub = swaps.submitSigned(signed, t.hash(), t.nonce());
        MinedTx mined = row(c, t, price, gasUsed, 1, null, -1, -1, logs, sub.swapId());
        txs.insert(mined);
        txs.insertRoute(new TxStore.Route(t.hash().value(), sub.swapId(), id.value(), c.router().lower(),
                call.quoteId(), call.bridgeAdapter() == null ? null : call.bridgeAdapter().lower(),
                p.toChain().value()));
        return mined;
    }

    /** Gas of the plan's source-chain steps in the market's gas model; falls back to {@link #GAS_PER_STEP} a step. */
    static long routeGas(MarketSnapshot m, ExecutionPlan p) {
        long gas = 0;
        boolean swapped = false;
        for (PlanStep step : p.steps()) {
            if (!step.chain().equals(p.fromChain())) {
                break;
            }
            switch (step) {
                case PlanStep.Swap s -> {
                    Optional<Pool> pool = m.pool(s.poolId());
                    long g = GAS_PER_STEP;
                    if (pool.isPresent()) {
                        try {
                            g = GasModel.swapGas(pool.get(), pool.get().quote(s.tokenIn(), s.tokenOut(),
                                    s.amountIn().value()), swapped);
                        } catch (RuntimeException e) {
                            g = GAS_PER_STEP;
                        }
                    }
                    gas += g;
                    swapped = true;
                }
                case PlanStep.Bridge b -> gas += m.lanes().stream().filter(l -> l.provider().equalsIgnoreCase(
                        b.provider()) && l.fromChain().equals(b.chain()) && l.toChain().equals(b.toChain())
                        && l.inputToken().equals(b.inputToken())).mapToLong(BridgeLane::gasUnits).findFirst()
                        .orElse(GAS_PER_STEP);
            }
        }
        return gas;
    }

    /** A router call that does not decode to a route the market can run: mined reverted, only gas and nonce move. */
    MinedTx reject(Chain c, SignedTx t, String reason, long nonce, BigInteger price, long block, int index) {
        long gasUsed = Math.min(t.intrinsicGas() + GAS_PER_STEP, t.gasLimit().longValueExact());
        ledger.add(c.id(), Address.NATIVE, t.from(), price.multiply(BigInteger.valueOf(gasUsed)).negate());
        ledger.setNonce(c.id(), t.from(), nonce + 1);
        MinedTx mined = row(c, t, price, gasUsed, 0, reason, block, index, List.of(), null);
        txs.insert(mined);
        return mined;
    }

    private static MinedTx row(Chain c, SignedTx t, BigInteger price, long gasUsed, int status, String revert,
            long block, int index, List<EvmAbi.Log> logs, String swapId) {
        return new MinedTx(t.hash().value(), c.id().value(), t.type(), t.from().lower(), t.nonce(), t.to().lower(),
                t.value(), Quantity.data(t.input()), t.gasLimit(), t.gasPrice(), t.maxFee(), t.maxPriorityFee(), price,
                gasUsed, status, revert, block, index, Quantity.hex(t.v()), Quantity.data(t.r()),
                Quantity.data(t.s()), logs, swapId);
    }

    /** The wallet hash of a swap's router call, as /status knows it. */
    static TxHash hash(MinedTx t) {
        return new TxHash(t.hash());
    }
}
