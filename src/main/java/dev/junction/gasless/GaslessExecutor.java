package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SwapSubmission;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.routing.PlannedRoute;
import java.math.BigInteger;

/**
 * Who runs the gasless swaps of this instance, fixed once by {@code junction.market.source}: the sandbox's executor on
 * the embedded network ({@link SandboxGaslessExecutor}), or Junction's relayer sending the router's
 * {@code executeRouteWithPermit} on the real chains ({@link ChainGaslessExecutor}). {@link GaslessService} quotes and
 * accepts permits the same way for both, with one fee loop; what differs is here.
 */
interface GaslessExecutor {

    /** Whether a gasless swap can start on {@code chain} (else 4009). */
    boolean startsOn(Chain chain);

    /** This executor's own rules of a request whose chains are served; a refusal is a {@link GaslessException}. */
    void admit(GaslessQuoteCommand cmd, Chain source);

    /**
     * What the executor pays in gas for a route.
     *
     * @param callGas gas units the destination call adds to its transaction (0 without a call)
     */
    ExecutorGas.Cost gas(MarketSnapshot snapshot, PlannedRoute route, long callGas);

    /** What its fee must cover for that gas, input-token units. */
    BigInteger cost(ExecutorGas.Cost gas);

    /**
     * The least setting of its fee that covers {@code fee} (input-token units) on {@code amount}: the fee itself, or
     * the router's feeBps. A larger setting never takes less.
     */
    BigInteger charge(BigInteger fee, BigInteger amount);

    /** What a setting of its fee takes out of {@code amount}, input-token units. */
    BigInteger taken(BigInteger charge, BigInteger amount);

    /** What it puts in a quote of the route its fee settled on ({@code charge}). */
    Terms terms(GaslessQuoteCommand cmd, Chain source, QuoteBasics basics, RouteAssembly assembly, BigInteger charge);

    /**
     * The checks of a signed permit for {@code quote} before it is accepted (a refusal changes nothing), and how the
     * accepted swap is handed over.
     */
    Handover handover(QuoteRecord quote, PermitSignature signature);

    /** An executor's part of a quote. */
    interface Terms {

        /** The Permit2 spender, whom the calldata template's fee line pays. */
        Address spender();

        /** Who receives the fee. */
        Address feeRecipient();

        /** The router route's terms a relayer sends on a real chain; null for the sandbox's executor. */
        QuoteRecord.OnChain onChain();

        /** The quote's router calldata for a candidate Permit2 nonce. */
        String innerData(PermitNonce nonce);

        /** Checks a record built from these terms before it is stored. */
        default void verify(QuoteRecord record) {
        }
    }

    /** The hand-over of an accepted permit's swap. */
    @FunctionalInterface
    interface Handover {

        /** Hands the swap to the executor, inside the database transaction that accepts the permit. */
        SwapSubmission submit(ExecutionPlan plan);

        /** After that transaction committed. */
        default void committed() {
        }
    }
}
