package dev.junction.execution.internal;

import dev.junction.chain.Amount;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SwapKind;
import dev.junction.execution.network.BridgeTransfer;
import dev.junction.execution.network.ChainTx;
import dev.junction.execution.network.Network;
import dev.junction.execution.network.Receipt;
import dev.junction.nodes.RpcException;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Drives one leased swap one step: decides the next event from the network's facts, persists the transition (with any
 * transaction id it fixes) before acting on it, and says when the swap is due again. Every step may be repeated after a
 * crash: transactions are looked up by their recorded hash before anything is sent.
 */
public final class SwapProcessor {

    private static final Logger log = LoggerFactory.getLogger(SwapProcessor.class);

    /** How often a relayed swap's transaction is looked at again while it waits, simulation ms. */
    static final long RELAYED_POLL_MS = 500;

    private final SwapRepository swaps;
    private final Network network;
    private final Transactions transactions;
    private final TransactionTemplate tx;
    private final LongSupplier wallClock;
    private final LongSupplier simulationClock;
    private final long leaseMs;
    private final ChainRelay relay;

    /** A processor without real chains (the sandbox only). */
    public SwapProcessor(SwapRepository swaps, Network network, Transactions transactions, TransactionTemplate tx,
            LongSupplier wallClock, LongSupplier simulationClock, long leaseMs) {
        this(swaps, network, transactions, tx, wallClock, simulationClock, leaseMs, null);
    }

    /**
     * @param wallClock epoch ms of the wall clock (leases)
     * @param simulationClock epoch ms of the simulation clock the plans' deadlines are set on
     * @param leaseMs lease renewed on each save, ms
     * @param relay the relayer on real chains (null: none); a GASLESS swap on a chain it relays on is followed there
     */
    public SwapProcessor(SwapRepository swaps, Network network, Transactions transactions, TransactionTemplate tx,
            LongSupplier wallClock, LongSupplier simulationClock, long leaseMs, ChainRelay relay) {
        this.relay = relay;
        this.swaps = swaps;
        this.network = network;
        this.transactions = transactions;
        this.tx = tx;
        this.wallClock = wallClock;
        this.simulationClock = simulationClock;
        this.leaseMs = leaseMs;
    }

    /**
     * Advances the swap as far as it can go now.
     *
     * @return simulation time at which it is due again; ignored once terminal
     */
    public long advance(Swap s, String instance) {
        long next = network.now();
        for (int i = 0; i < 8 && !s.state().terminal() && next <= network.now(); i++) {
            next = step(s, instance);
        }
        return next;
    }

    /** One step; returns the simulation time at which the next step is due. */
    long step(Swap s, String instance) {
        ExecutionPlan plan = s.plan();
        long now = network.now();
        if (relayed(plan)) {
            return relayedStep(s, instance, now);
        }
        return switch (s.state()) {
            case RECEIVED -> {
                ChainTx source = transactions.source(s.id(), plan, s.source().nonce());
                Optional<Receipt> sent = network.receipt(plan.fromChain(), s.source().hash());
                // the deadline is wall-clock Unix time, the clock callers quote with (see SimulationClock)
                if (sent.isEmpty() && simulationClock.getAsLong() > plan.deadline().toEpochMilli()) {
                    s.deadlinePassed(now);
                    save(s, instance);
                    yield now;
                }
                Receipt r = sent.orElseGet(() -> send(source, s.source()));
                if (!r.success()) {
                    s.sourceReverted(r.timestampMs(), now);
                    save(s, instance);
                    yield now;
                }
                s.sourceIncluded(r.timestampMs(), plan.crossChain() ? r.amountOut() : null, now);
                save(s, instance);
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
                    save(s, instance);
                    yield network.transfer(s.source().hash()).map(BridgeTransfer::settleAtMs).orElse(now);
                }
                s.sourceFinal(r.amountOut(), now);
                save(s, instance);
                yield now;
            }
            case BRIDGING -> {
                BridgeTransfer t = network.transfer(s.source().hash()).orElseThrow(
                        () -> new IllegalStateException("swap " + s.id() + ": bridge transfer missing from ledger"));
                long due = t.failed() ? t.refundAtMs() : t.settleAtMs();
                if (now < due) {
                    yield due;
                }
                tx.executeWithoutResult(status -> {
                    if (t.failed()) {
                        long nonce = network.reserveNonce(plan.fromChain(), transactions.relayer());
                        ChainTx refund = transactions.refund(s.id(), plan, t.amountIn(), nonce);
                        s.bridgeFailed(new Swap.TxId(refund.chain(), refund.sender(), nonce, network.hashOf(refund)), now);
                    } else {
                        long nonce = network.reserveNonce(plan.toChain(), transactions.relayer());
                        ChainTx dest = transactions.destination(s.id(), plan, t.amountOut(), nonce);
                        s.bridgeDelivered(new Swap.TxId(dest.chain(), dest.sender(), nonce, network.hashOf(dest)), now);
                    }
                    swaps.update(s, instance, wallClock.getAsLong() + leaseMs);
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
                save(s, instance);
                yield now;
            }
            case REFUNDING -> {
                BridgeTransfer t = network.transfer(s.source().hash()).orElseThrow();
                ChainTx refund = transactions.refund(s.id(), plan, t.amountIn(), s.settlementTx().nonce());
                Receipt r = send(refund, s.settlementTx());
                s.refundExecuted(t.inputToken(), Amount.of(r.amountOut().value()), r.timestampMs(), now);
                save(s, instance);
                yield now;
            }
            case DONE, FAILED, REFUNDED, EXPIRED -> now;
        };
    }

    /** Whether the swap's one transaction is the relayer's on a real chain (see {@code Swaps.submitRelayed}). */
    private boolean relayed(ExecutionPlan plan) {
        return plan.kind() == SwapKind.GASLESS && relay != null && relay.relayer(plan.fromChain()).isPresent();
    }

    /**
     * A relayed swap follows its transaction on the chain: included (SOURCE_SENT, or FAILED with the decoded reason
     * when it reverted), then DONE with the router's amountOut once the chain's confirmations are reached. Due again
     * after {@link #RELAYED_POLL_MS} while nothing changed, and while the chain's node cannot be reached (that is not
     * a failed attempt of the swap).
     */
    private long relayedStep(Swap s, String instance, long now) {
        ChainRelay.Outcome o;
        try {
            o = relay.outcome(s.plan().fromChain(), s.source().hash()).orElseThrow(
                    () -> new IllegalStateException("swap " + s.id() + ": the relayer has no transaction "
                            + s.source().hash()));
        } catch (RpcException e) {
            if (!e.type().retryable()) {
                throw e;
            }
            // The transaction is signed and recorded; the node being away says nothing about it. Waiting is not a
            // failed attempt: a swap whose transaction may be on chain never ends RETRIES_EXHAUSTED for an outage.
            log.debug("swap {}: node of chain {} unavailable, looking again later: {}", s.id(), s.plan().fromChain(),
                    e.getMessage());
            return now + RELAYED_POLL_MS;
        }
        switch (s.state()) {
            case RECEIVED -> {
                if (o.cancelled()) {
                    s.deadlinePassed(now, "The chain passed the permit deadline "
                            + (s.plan().deadline().getEpochSecond() - 1) + " (Unix seconds, its head block's "
                            + "timestamp) before the relayer's transaction " + s.source().hash() + " was included; the "
                            + "relayer used its nonce for a 0-value transfer to itself instead.");
                    save(s, instance);
                    return now;
                }
                if (!o.included()) {
                    return now + RELAYED_POLL_MS;
                }
                if (!o.success()) {
                    s.sourceReverted(o.blockTimestampMs(), o.revertReason(), now);
                    save(s, instance);
                    return now;
                }
                s.sourceIncluded(o.blockTimestampMs(), null, now);
                save(s, instance);
                return o.confirmed() ? now : now + RELAYED_POLL_MS;
            }
            case SOURCE_SENT -> {
                if (!o.confirmed()) {
                    return now + RELAYED_POLL_MS;
                }
                s.sourceFinal(o.amountOut() == null ? s.plan().minAmountOut() : o.amountOut(), now);
                save(s, instance);
                return now;
            }
            default -> {
                return now;
            }
        }
    }

    /** Sends (or finds) the transaction whose id was recorded, checking that it hashes to the recorded hash. */
    private Receipt send(ChainTx t, Swap.TxId recorded) {
        if (!network.hashOf(t).equals(recorded.hash())) {
            throw new IllegalStateException("rebuilt transaction does not match recorded hash " + recorded.hash());
        }
        return network.send(t);
    }

    private void save(Swap s, String instance) {
        tx.executeWithoutResult(status -> swaps.update(s, instance, wallClock.getAsLong() + leaseMs));
    }
}
