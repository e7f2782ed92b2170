package dev.junction.gasless;

import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.Address;
import dev.junction.execution.Swaps;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.routing.PlannedRoute;
import java.math.BigInteger;

/**
 * The sandbox's {@link GaslessExecutor}: each chain's gasless executor ({@link Chain#gaslessExecutor()}, the Permit2
 * spender) pulls the whole amount, keeps its fee (its gas in the input token plus the integrator fee) and runs the
 * route on the rest with the router on the embedded network.
 */
final class SandboxGaslessExecutor implements GaslessExecutor {

    private final Swaps swaps;
    private final TransactionBuilder calldata = new TransactionBuilder();

    SandboxGaslessExecutor(Swaps swaps) {
        this.swaps = swaps;
    }

    @Override
    public boolean startsOn(Chain chain) {
        return chain.gaslessExecutor() != null;
    }

    @Override
    public void admit(GaslessQuoteCommand cmd, Chain source) {
        if (cmd.hasDestinationCall()) {
            throw new GaslessException(GaslessFailure.INVALID_PARAMETER, "destinationCallData: the sandbox's gasless "
                    + "executor runs no call after the swap; destination calls run through Junction's router on a "
                    + "real chain", "destinationCallData");
        }
    }

    /** It takes its fee itself, outside the route. */
    @Override
    public ExecutorGas.Cost gas(MarketSnapshot snapshot, PlannedRoute route, long callGas) {
        return ExecutorGas.of(snapshot, route);
    }

    @Override
    public BigInteger cost(ExecutorGas.Cost gas) {
        return gas.inInputToken();
    }

    @Override
    public BigInteger charge(BigInteger fee, BigInteger amount) {
        return fee;
    }

    @Override
    public BigInteger taken(BigInteger charge, BigInteger amount) {
        return charge;
    }

    /** The executor's call of the router, spending what is left after its fee from its own balance. */
    @Override
    public Terms terms(GaslessQuoteCommand cmd, Chain source, QuoteBasics basics, RouteAssembly assembly,
            BigInteger charge) {
        String innerData = calldata.build(assembly.routeCall(basics.quoteId(), source, basics.receiver(),
                basics.amountOutMin(), basics.now().getEpochSecond(), basics.deadline())).data();
        return new SandboxTerms(source.gaslessExecutor(), innerData);
    }

    /** Spender and fee recipient are the executor; its calldata does not depend on the permit's nonce. */
    private record SandboxTerms(Address spender, String innerData) implements Terms {

        @Override
        public Address feeRecipient() {
            return spender;
        }

        @Override
        public QuoteRecord.OnChain onChain() {
            return null;
        }

        @Override
        public String innerData(PermitNonce nonce) {
            return innerData;
        }
    }

    /** The executor runs the swap on the embedded network; a quote for Junction's relayer cannot be run here. */
    @Override
    public Handover handover(QuoteRecord quote, PermitSignature signature) {
        if (quote.onChain() != null) {
            throw new IllegalStateException("quote " + quote.quoteId() + " was issued for Junction's relayer on chain "
                    + quote.fromChain() + ", which this instance has no relayer for");
        }
        return swaps::submit;
    }
}
