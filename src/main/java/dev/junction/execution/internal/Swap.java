package dev.junction.execution.internal;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.RouteKind;
import dev.junction.execution.Substatus;
import dev.junction.execution.SwapState;
import dev.junction.execution.SwapView;
import java.util.ArrayList;
import java.util.List;

/**
 * The swap aggregate: its plan, where it stands, and the transactions it owns. State changes only through
 * {@link #fire}, which admits exactly the rows of {@link SwapStateMachine#TABLE} whose guard holds, and records each
 * transition as an event to be persisted with the new state (optimistic lock on {@link #version()}).
 */
public final class Swap {

    /** A recorded transition, not yet persisted. */
    public record Transition(SwapState from, SwapEvent event, SwapState to, Substatus substatus, long atMs) {
    }

    /** A transaction id fixed before sending: chain, sender, nonce and the hash they produce. */
    public record TxId(ChainId chain, Address sender, long nonce, TxHash hash) {
    }

    private final String id;
    private final String executorTxId;
    private final ExecutionPlan plan;
    private final TxId source;
    private final long createdAtMs;
    private SwapState state;
    private Substatus substatus;
    private long version;
    private Long sourceTimestampMs;
    /**
     * The transaction that settles the bridge: the destination transaction (on the destination chain) once the
     * bridge delivered, or the refund transaction (on the source chain) once it failed; null before either.
     */
    private TxId settlementTx;
    private Long destinationTimestampMs;
    private Amount bridgedAmount;
    private Amount amountOut;
    private Address receivedToken;
    private long updatedAtMs;
    private String failureReason;
    private final List<Transition> pending = new ArrayList<>();

    /** A new swap in RECEIVED. */
    public static Swap received(String id, String executorTxId, ExecutionPlan plan, TxId source, long nowMs) {
        return new Swap(id, executorTxId, plan, source, nowMs, SwapState.RECEIVED, Substatus.RECEIVED, 0, null, null,
                null, null, null, null, nowMs);
    }

    /** Rebuilds a persisted swap. */
    public Swap(String id, String executorTxId, ExecutionPlan plan, TxId source, long createdAtMs, SwapState state,
            Substatus substatus, long version, Long sourceTimestampMs, TxId settlementTx, Long destinationTimestampMs,
            Amount bridgedAmount, Amount amountOut, Address receivedToken, long updatedAtMs) {
        this.id = id;
        this.executorTxId = executorTxId;
        this.plan = plan;
        this.source = source;
        this.createdAtMs = createdAtMs;
        this.state = state;
        this.substatus = substatus;
        this.version = version;
        this.sourceTimestampMs = sourceTimestampMs;
        this.settlementTx = settlementTx;
        this.destinationTimestampMs = destinationTimestampMs;
        this.bridgedAmount = bridgedAmount;
        this.amountOut = amountOut;
        this.receivedToken = receivedToken;
        this.updatedAtMs = updatedAtMs;
    }

    // --- transitions with their data -------------------------------------------------------------------------------

    public void sourceIncluded(long blockTimestampMs, Amount bridged, long atMs) {
        fire(SwapEvent.SOURCE_INCLUDED, atMs, () -> {
            sourceTimestampMs = blockTimestampMs;
            bridgedAmount = bridged;
        });
    }

    public void sourceReverted(long blockTimestampMs, long atMs) {
        sourceReverted(blockTimestampMs, null, atMs);
    }

    /**
     * The source transaction reverted on a real chain; {@code reason} (decoded from the router's errors) is kept and
     * shown in the status message. Null: no reason known (the sandbox), and none is shown.
     */
    public void sourceReverted(long blockTimestampMs, String reason, long atMs) {
        fire(SwapEvent.SOURCE_REVERTED, atMs, () -> {
            sourceTimestampMs = blockTimestampMs;
            failureReason = reason == null ? "" : "The transaction reverted: " + reason + ".";
        });
    }

    public void deadlinePassed(long atMs) {
        fire(SwapEvent.DEADLINE_PASSED, atMs, () -> failureReason = "");
    }

    /** The deadline passed before the source transaction ran; {@code reason} says how (shown in the message). */
    public void deadlinePassed(long atMs, String reason) {
        fire(SwapEvent.DEADLINE_PASSED, atMs, () -> failureReason = reason);
    }

    /** Same-chain only: the source transaction delivered {@code out} of toToken and is final. */
    public void sourceFinal(Amount out, long atMs) {
        fire(SwapEvent.SOURCE_FINAL, atMs, () -> amountOut = out);
    }

    public void sourceConfirmed(long atMs) {
        fire(SwapEvent.SOURCE_CONFIRMED, atMs, () -> { });
    }

    /** The bridge delivered; {@code tx} (on the destination chain) is the destination transaction to send. */
    public void bridgeDelivered(TxId tx, long atMs) {
        requireTx(SwapEvent.BRIDGE_DELIVERED, tx, plan.toChain());
        fire(SwapEvent.BRIDGE_DELIVERED, atMs, () -> settlementTx = tx);
    }

    /** The bridge failed; {@code tx} (on the source chain) is the refund transaction to send. */
    public void bridgeFailed(TxId tx, long atMs) {
        requireTx(SwapEvent.BRIDGE_FAILED, tx, plan.fromChain());
        fire(SwapEvent.BRIDGE_FAILED, atMs, () -> settlementTx = tx);
    }

    public void destinationExecuted(Amount out, long blockTimestampMs, long atMs) {
        fire(SwapEvent.DESTINATION_EXECUTED, atMs, () -> {
            amountOut = out;
            destinationTimestampMs = blockTimestampMs;
        });
    }

    /** The destination swap fell short: the receiver got {@code amount} of {@code token} (the bridged token). */
    public void destinationShortfall(Address token, Amount amount, long blockTimestampMs, long atMs) {
        fire(SwapEvent.DESTINATION_SHORTFALL, atMs, () -> {
            receivedToken = token;
            amountOut = amount;
            destinationTimestampMs = blockTimestampMs;
        });
    }

    /** The refund of {@code refunded} of {@code token} (the bridge's input token) was executed on the source chain. */
    public void refundExecuted(Address token, Amount refunded, long blockTimestampMs, long atMs) {
        fire(SwapEvent.REFUND_EXECUTED, atMs, () -> {
            receivedToken = token;
            amountOut = refunded;
            destinationTimestampMs = blockTimestampMs;
        });
    }

    /**
     * The executor gives up after {@code attempts} consecutive failed steps; {@code lastError} says what failed last
     * (shown in the status message).
     */
    public void retriesExhausted(int attempts, String lastError, long atMs) {
        fire(SwapEvent.RETRIES_EXHAUSTED, atMs, () -> failureReason = "It gave up after " + attempts
                + " attempts; the last one failed with: " + lastError);
    }

    /** Restores the recorded failure reason of a persisted swap. */
    void restoreFailureReason(String reason) {
        this.failureReason = reason;
    }

    /** The failure reason as recorded (also a transient step failure's, or blank), for the repository. */
    String recordedFailureReason() {
        return failureReason;
    }

    /**
     * Why the swap failed (FAILED / RETRIES_EXHAUSTED, or a real chain's decoded revert) or expired (a relayed
     * transaction cancelled past the permit deadline), else null.
     */
    public String failureReason() {
        boolean kept = substatus == Substatus.RETRIES_EXHAUSTED
                || state == SwapState.FAILED && substatus == Substatus.SLIPPAGE_EXCEEDED
                || substatus == Substatus.EXPIRED_BEFORE_EXECUTION;
        return kept && failureReason != null && !failureReason.isBlank() ? failureReason : null;
    }

    /** The status message: the substatus's text, with the failure reason when the executor gave up. */
    public String message() {
        String base = SwapStateMachine.message(substatus);
        return failureReason() == null ? base : base + " " + failureReason();
    }

    /**
     * The guarded core: applies {@code event} if the table has a row for the current state and the event's guard
     * holds, then runs {@code effect} and records the transition; otherwise throws and changes nothing.
     */
    void fire(SwapEvent event, long atMs, Runnable effect) {
        SwapStateMachine.Row row = SwapStateMachine.row(state, event).orElseThrow(
                () -> new IllegalTransitionException(id, state, event, "no such row in the transition table"));
        String refused = guard(event);
        if (refused != null) {
            throw new IllegalTransitionException(id, state, event, refused);
        }
        effect.run();
        pending.add(new Transition(state, event, row.to(), row.substatus(), atMs));
        state = row.to();
        substatus = row.substatus();
        updatedAtMs = Math.max(updatedAtMs, atMs);
    }

    /** Why the event's guard refuses in the current situation, or null when it admits it. */
    private String guard(SwapEvent event) {
        return switch (event) {
            case SOURCE_FINAL -> plan.crossChain() ? "a cross-chain swap is not done at its source" : null;
            case SOURCE_CONFIRMED -> plan.crossChain() ? null : "a same-chain swap has no bridge";
            case DESTINATION_SHORTFALL -> plan.routeKind() == RouteKind.CROSS_CHAIN_SWAP ? null
                    : "only a destination swap can fall short";
            default -> null;
        };
    }

    private void requireTx(SwapEvent event, TxId tx, ChainId chain) {
        if (tx == null || !tx.chain().equals(chain)) {
            throw new IllegalTransitionException(id, state, event, "its transaction must be on chain " + chain);
        }
    }

    // --- persistence support ---------------------------------------------------------------------------------------

    /** Transitions made since the last {@link #persisted(long)}. */
    public List<Transition> pending() {
        return List.copyOf(pending);
    }

    /** Marks the pending transitions saved at {@code newVersion}. */
    public void persisted(long newVersion) {
        pending.clear();
        version = newVersion;
    }

    // --- read access -----------------------------------------------------------------------------------------------

    public String id() {
        return id;
    }

    public String executorTxId() {
        return executorTxId;
    }

    public ExecutionPlan plan() {
        return plan;
    }

    public TxId source() {
        return source;
    }

    public long createdAtMs() {
        return createdAtMs;
    }

    public SwapState state() {
        return state;
    }

    public Substatus substatus() {
        return substatus;
    }

    public long version() {
        return version;
    }

    public Long sourceTimestampMs() {
        return sourceTimestampMs;
    }

    /** The destination transaction, or the refund transaction when the bridge failed (see the field). */
    public TxId settlementTx() {
        return settlementTx;
    }

    public Long destinationTimestampMs() {
        return destinationTimestampMs;
    }

    public Amount bridgedAmount() {
        return bridgedAmount;
    }

    public Amount amountOut() {
        return amountOut;
    }

    public Address receivedToken() {
        return receivedToken;
    }

    public long updatedAtMs() {
        return updatedAtMs;
    }

    /** The read model GET /status is built from. */
    public SwapView view() {
        ExecutionPlan p = plan;
        return new SwapView(id, executorTxId, p.kind(), p.routeKind(), p.provider(), p.sender(), p.receiver(),
                p.fromChain(), p.fromToken(), p.amountIn(), p.toChain(), p.toToken(), p.minAmountOut(), amountOut,
                receivedToken, state, substatus, message(),
                new SwapView.TxRef(source.chain(), source.hash(), sourceTimestampMs),
                settlementTx == null ? null
                        : new SwapView.TxRef(settlementTx.chain(), settlementTx.hash(), destinationTimestampMs),
                updatedAtMs);
    }
}
