package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.Swaps;
import dev.junction.market.Chain;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Junction's router on the devnet. A router call is checked as the contract checks it (deadline, native value, the
 * input pull: balance and allowance or Permit2 allowance); a failing check mines the transaction reverted with the
 * reason and nothing moves. Otherwise the input is pulled from the sender into the router and the route is handed to
 * the executor as a DIRECT swap under the wallet's transaction hash ({@link Swaps#submitSigned}); the transaction stays
 * pending (no receipt) until the executor has run its source transaction, when {@link RouterSettlements} includes it
 * with the outcome and moves the funds.
 *
 * <p>Gas: intrinsic gas + {@link #GAS_PER_STEP} per step.
 */
final class Router {

    static final long GAS_PER_STEP = 100_000;

    private final Ledger ledger;
    private final TxStore txs;
    private final Contracts contracts;
    private final Swaps swaps;
    private final dev.junction.execution.Blocks blocks;

    Router(Ledger ledger, TxStore txs, Contracts contracts, Swaps swaps, dev.junction.execution.Blocks blocks) {
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
        long gasUsed = t.intrinsicGas() + GAS_PER_STEP * p.steps().size();
        long now = blocks.timestampMs(id, block) / 1000;
        String revert = null;
        List<Evm.Log> logs = new ArrayList<>();
        boolean nativeIn = call.acquisitionMode() == 1;
        BigInteger amountIn = p.amountIn().value();
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
            } catch (Evm.Revert r) {
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
        ExecutionPlan signed = new ExecutionPlan(dev.junction.execution.SwapKind.DIRECT, p.routeKind(), p.provider(),
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

    private static MinedTx row(Chain c, SignedTx t, BigInteger price, long gasUsed, int status, String revert,
            long block, int index, List<Evm.Log> logs, String swapId) {
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
