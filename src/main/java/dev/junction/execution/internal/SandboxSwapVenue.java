package dev.junction.execution.internal;

import dev.junction.chain.Amount;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.network.BridgeTransfer;
import dev.junction.execution.network.ChainTx;
import dev.junction.execution.network.Network;
import dev.junction.execution.network.Receipt;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The sandbox's {@link SwapVenue}: every swap runs on the embedded network. Each step may be repeated after a crash:
 * transactions are looked up by their recorded hash before anything is sent.
 */
final class SandboxSwapVenue implements SwapVenue {

    private final Network network;
    private final Transactions transactions;
    private final SwapWrites writes;
    private final LongSupplier simulationClock;

    /** @param simulationClock epoch ms of the simulation clock the plans' deadlines are set on */
    SandboxSwapVenue(Network network, Transactions transactions, SwapWrites writes, LongSupplier simulationClock) {
        this.network = network;
        this.transactions = transactions;
        this.writes = writes;
        this.simulationClock = simulationClock;
    }

    @Override
    public long step(Swap s, String instance, long now) {
        ExecutionPlan plan = s.plan();
        return switch (s.state()) {
            case RECEIVED -> {
                ChainTx source = transactions.source(s.id(), plan, s.source().nonce());
                Optional<Receipt> sent = network.receipt(plan.fromChain(), s.source().hash());
                // the deadline is wall-clock Unix time, the clock callers quote with (see SimulationClock)
                if (sent.isEmpty() && simulationClock.getAsLong() > plan.deadline().toEpochMilli()) {
                    s.deadlinePassed(now);
                    writes.save(s, instance);
                    yield now;
                }
                Receipt r = sent.orElseGet(() -> send(source, s.source()));
                if (!r.success()) {
                    s.sourceReverted(r.timestampMs(), now);
                    writes.save(s, instance);
                    yield now;
                }
                s.sourceIncluded(r.timestampMs(), plan.crossChain() ? r.amountOut() : null, now);
                writes.save(s, instance);
                yield network.confirmedAtMs(r);
            }
            case SOURCE_SENT -> {
                Receipt r = network.receipt(plan.fromChain(), s.source().hash()).orElseThrow(
                        () -> new IllegalStateException("swap " + s.id() + ": source transaction missing from ledger"));
                long confirmed = network.confirmedAtMs(r);
                if (now < confirmed) {
                    yield confirmed;
                }
                if (plan.crossChain()) {
                    s.sourceConfirmed(now);
                    writes.save(s, instance);
                    yield network.transfer(s.source().hash()).map(BridgeTransfer::settleAtMs).orElse(now);
                }
                s.sourceFinal(r.amountOut(), now);
                writes.save(s, instance);
                yield now;
            }
            case BRIDGING -> {
                BridgeTransfer t = network.transfer(s.source().hash()).orElseThrow(
                        () -> new IllegalStateException("swap " + s.id() + ": bridge transfer missing from ledger"));
                long due = t.failed() ? t.refundAtMs() : t.settleAtMs();
                if (now < due) {
                    yield due;
                }
                writes.save(s, instance, () -> {
                    if (t.failed()) {
                        long nonce = network.reserveNonce(plan.fromChain(), transactions.relayer());
                        ChainTx refund = transactions.refund(s.id(), plan, t.amountIn(), nonce);
                        s.bridgeFailed(new Swap.TxId(refund.chain(), refund.sender(), nonce, network.hashOf(refund)), now);
                    } else {
                        long nonce = network.reserveNonce(plan.toChain(), transactions.relayer());
                        ChainTx dest = transactions.destination(s.id(), plan, t.amountOut(), nonce);
                        s.bridgeDelivered(new Swap.TxId(dest.chain(), dest.sender(), nonce, network.hashOf(dest)), now);
                    }
                });
                yield now;
            }
            case DESTINATION_PENDING -> {
                BridgeTransfer t = network.transfer(s.source().hash()).orElseThrow();
                ChainTx dest = transactions.destination(s.id(), plan, t.amountOut(), s.settlementTx().nonce());
                Receipt r = send(dest, s.settlementTx());
                if (r.fellBack()) {
                    s.destinationShortfall(r.tokenOut(), r.amountOut(), r.timestampMs(), now);
                } else {
                    s.destinationExecuted(r.amountOut(), r.timestampMs(), now);
                }
                writes.save(s, instance);
                yield now;
            }
            case REFUNDING -> {
                BridgeTransfer t = network.transfer(s.source().hash()).orElseThrow();
                ChainTx refund = transactions.refund(s.id(), plan, t.amountIn(), s.settlementTx().nonce());
                Receipt r = send(refund, s.settlementTx());
                s.refundExecuted(t.inputToken(), Amount.of(r.amountOut().value()), r.timestampMs(), now);
                writes.save(s, instance);
                yield now;
            }
            case DONE, FAILED, REFUNDED, EXPIRED -> now;
        };
    }

    /** Sends (or finds) the transaction whose id was recorded, checking that it hashes to the recorded hash. */
    private Receipt send(ChainTx t, Swap.TxId recorded) {
        if (!network.hashOf(t).equals(recorded.hash())) {
            throw new IllegalStateException("rebuilt transaction does not match recorded hash " + recorded.hash());
        }
        return network.send(t);
    }
}
