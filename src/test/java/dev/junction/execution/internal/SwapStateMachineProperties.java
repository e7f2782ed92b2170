package dev.junction.execution.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SwapState;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** No sequence of events, with any data, moves a swap along a transition outside the table. */
class SwapStateMachineProperties {

    private static final Amount ONE = Amount.of(1);
    private static final TxHash HASH = new TxHash("0x" + "ab".repeat(32));

    @Property(tries = 2000)
    void everyAcceptedTransitionIsARowOfTheTableAndRejectedOnesChangeNothing(
            @ForAll("plans") ExecutionPlan plan, @ForAll("eventLists") List<SwapEvent> events,
            @ForAll("chains") List<ChainId> txChains) {
        Swap swap = Swap.received("s", "e", plan, new Swap.TxId(plan.fromChain(), TestMarket.USER, 0, HASH), 0);
        int i = 0;
        for (SwapEvent event : events) {
            SwapState before = swap.state();
            int recorded = swap.pending().size();
            ChainId chain = txChains.get(i++ % txChains.size());
            try {
                apply(swap, event, chain);
            } catch (IllegalTransitionException e) {
                assertThat(swap.state()).isEqualTo(before);
                assertThat(swap.pending()).hasSize(recorded);
                continue;
            }
            var row = SwapStateMachine.row(before, event);
            assertThat(row).as("%s on %s", event, before).isPresent();
            assertThat(swap.state()).isEqualTo(row.get().to());
            assertThat(swap.substatus()).isEqualTo(row.get().substatus());
            assertThat(swap.pending().getLast()).isEqualTo(
                    new Swap.Transition(before, event, row.get().to(), row.get().substatus(), swap.pending().getLast().atMs()));
        }
        // the recorded history is a path through the table from RECEIVED
        SwapState at = SwapState.RECEIVED;
        for (Swap.Transition t : swap.pending()) {
            assertThat(t.from()).isEqualTo(at);
            assertThat(SwapStateMachine.TABLE).contains(new SwapStateMachine.Row(t.from(), t.event(), t.to(), t.substatus()));
            at = t.to();
        }
        assertThat(swap.state()).isEqualTo(at);
    }

    @Property(tries = 500)
    void terminalStatesAcceptNoEvent(@ForAll("events") SwapEvent event) {
        Set<SwapState> terminal = EnumSet.noneOf(SwapState.class);
        for (SwapState s : SwapState.values()) {
            if (s.terminal()) {
                terminal.add(s);
            }
        }
        assertThat(SwapStateMachine.TABLE).noneMatch(r -> terminal.contains(r.from()));
        assertThat(SwapStateMachine.TABLE).allMatch(r -> SwapStateMachine.row(r.from(), r.event()).orElseThrow() == r);
        assertThat(SwapStateMachine.row(SwapState.REFUNDED, event)).isEmpty();
    }

    @Example
    void refundedIsNeverDone() {
        assertThat(SwapStateMachine.TABLE).noneMatch(r -> r.from() == SwapState.REFUNDING && r.to() == SwapState.DONE);
        assertThat(SwapStateMachine.TABLE).filteredOn(r -> r.to() == SwapState.REFUNDED)
                .allMatch(r -> r.from() == SwapState.REFUNDING);
    }

    private static void apply(Swap swap, SwapEvent event, ChainId chain) {
        Swap.TxId tx = new Swap.TxId(chain, TestMarket.USER, 1, HASH);
        Address token = TestMarket.USDC_ARBITRUM;
        switch (event) {
            case SOURCE_INCLUDED -> swap.sourceIncluded(1, null, 1);
            case SOURCE_REVERTED -> swap.sourceReverted(1, 1);
            case DEADLINE_PASSED -> swap.deadlinePassed(1);
            case SOURCE_FINAL -> swap.sourceFinal(ONE, 1);
            case SOURCE_CONFIRMED -> swap.sourceConfirmed(1);
            case BRIDGE_DELIVERED -> swap.bridgeDelivered(tx, 1);
            case BRIDGE_FAILED -> swap.bridgeFailed(tx, 1);
            case DESTINATION_EXECUTED -> swap.destinationExecuted(ONE, 1, 1);
            case DESTINATION_SHORTFALL -> swap.destinationShortfall(token, ONE, 1, 1);
            case REFUND_EXECUTED -> swap.refundExecuted(token, ONE, 1, 1);
            case RETRIES_EXHAUSTED -> swap.retriesExhausted(3, "the node is gone", 1);
        }
    }

    @Provide
    Arbitrary<SwapEvent> events() {
        return Arbitraries.of(SwapEvent.class);
    }

    @Provide
    Arbitrary<List<SwapEvent>> eventLists() {
        return Arbitraries.of(SwapEvent.class).list().ofMaxSize(12);
    }

    @Provide
    Arbitrary<List<ChainId>> chains() {
        return Arbitraries.of(TestMarket.ETH, TestMarket.ARB, ChainId.of(10)).list().ofMinSize(1).ofMaxSize(12);
    }

    @Provide
    Arbitrary<ExecutionPlan> plans() {
        Instant deadline = Instant.ofEpochSecond(2_000_000_000L);
        return Arbitraries.of(TestMarket.sameChain(BigInteger.ONE, deadline, null),
                TestMarket.crossChain(TestMarket.USER, BigInteger.ONE, deadline), TestMarket.bridgeOnly(deadline));
    }
}
