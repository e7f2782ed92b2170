package dev.junction.execution.internal;

import dev.junction.execution.ChainRelay;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SwapKind;
import dev.junction.nodes.RpcException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chain mode's {@link SwapVenue}: a GASLESS swap from a chain Junction's relayer sends on is the relayer's one
 * transaction there (see {@code Swaps.submitRelayed}), followed on that chain; any other swap (the test endpoint's)
 * runs on the embedded network as in the sandbox.
 */
final class ChainSwapVenue implements SwapVenue {

    private static final Logger log = LoggerFactory.getLogger(ChainSwapVenue.class);

    /** How often a relayed swap's transaction is looked at again while it waits, simulation ms. */
    static final long RELAYED_POLL_MS = 500;

    private final ChainRelay relay;
    private final SwapVenue embedded;
    private final SwapWrites writes;

    ChainSwapVenue(ChainRelay relay, SwapVenue embedded, SwapWrites writes) {
        this.relay = relay;
        this.embedded = embedded;
        this.writes = writes;
    }

    @Override
    public long step(Swap s, String instance, long now) {
        return relayed(s.plan()) ? relayedStep(s, instance, now) : embedded.step(s, instance, now);
    }

    private boolean relayed(ExecutionPlan plan) {
        return plan.kind() == SwapKind.GASLESS && relay.relayer(plan.fromChain()).isPresent();
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
                    writes.save(s, instance);
                    return now;
                }
                if (!o.included()) {
                    return now + RELAYED_POLL_MS;
                }
                if (!o.success()) {
                    s.sourceReverted(o.blockTimestampMs(), o.revertReason(), now);
                    writes.save(s, instance);
                    return now;
                }
                s.sourceIncluded(o.blockTimestampMs(), null, now);
                writes.save(s, instance);
                return o.confirmed() ? now : now + RELAYED_POLL_MS;
            }
            case SOURCE_SENT -> {
                if (!o.confirmed()) {
                    return now + RELAYED_POLL_MS;
                }
                s.sourceFinal(o.amountOut() == null ? s.plan().minAmountOut() : o.amountOut(), now);
                writes.save(s, instance);
                return now;
            }
            default -> {
                return now;
            }
        }
    }
}
