package dev.junction.gasless;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.calldata.PermitData;
import dev.junction.calldata.RouteCall;
import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.execution.CallRevertedException;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.Swaps;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.routing.PlannedRoute;
import java.math.BigInteger;
import java.util.List;

/**
 * Chain mode's {@link GaslessExecutor}: Junction's relayer sends {@code executeRouteWithPermit} to the chain's router,
 * which pulls the whole amount through Permit2 (spender = the router) and pays the relayer's fee through the route's
 * fee fields, so a mode-3 signature binds the fee with everything else (the {@link RouteWitness}).
 *
 * <p>The fee is the relayer's gas for the route plus the Permit2 pull at the node's live base + priority fee (the chain
 * market's), converted into the input token at market prices, plus {@code fee-margin-percent}, plus the integrator fee.
 * It is paid as {@code feeBps = ceil(fee * 10000 / amount)}: the router takes {@code floor(amount * feeBps / 10000)},
 * which is never below the fee and above it by less than one basis point of the amount.
 */
final class ChainGaslessExecutor implements GaslessExecutor {

    private static final BigInteger BPS = BigInteger.valueOf(10_000);

    private final ChainRelay relay;
    private final Swaps swaps;
    private final TransactionBuilder routerCalldata;
    private final OwnerFunds ownerFunds;
    private final int feeMarginPercent;

    /**
     * @param adapters where the deployed router's adapters are
     * @param feeMarginPercent the margin on the relayer's gas cost in its fee, percent
     */
    ChainGaslessExecutor(ChainRelay relay, Swaps swaps, AdapterDirectory adapters, int feeMarginPercent) {
        if (feeMarginPercent < 0) {
            throw new IllegalArgumentException("junction.gasless.fee-margin-percent must be >= 0");
        }
        this.relay = relay;
        this.swaps = swaps;
        this.routerCalldata = new TransactionBuilder(adapters);
        this.ownerFunds = new OwnerFunds(relay);
        this.feeMarginPercent = feeMarginPercent;
    }

    /** A chain the relayer sends on (the chain market's chains have no sandbox executor). */
    @Override
    public boolean startsOn(Chain chain) {
        return relay.relayer(chain.id()).isPresent();
    }

    /**
     * Same-chain routes only (else 3001 naming toChain); acquisition mode 2 only when the chain's router has the
     * relayer registered (else 4008).
     */
    @Override
    public void admit(GaslessQuoteCommand cmd, Chain source) {
        if (!cmd.fromChain().equals(cmd.toChain())) {
            throw new GaslessException(GaslessFailure.NO_ROUTE, "Junction's relayer on chain " + cmd.fromChain()
                    + " runs same-chain gasless swaps only; toChain must be " + cmd.fromChain(), "toChain");
        }
        Address relayer = relay.relayer(cmd.fromChain()).orElseThrow();
        if (cmd.acquisitionMode() == AcquisitionMode.SIGNED_PERMIT.code() && !registeredRelayer(source, relayer)) {
            throw new GaslessException(GaslessFailure.UNSUPPORTED_ACQUISITION_MODE, "acquisitionMode 2 (a plain "
                    + "Permit2 permit) binds only token, amount, spender, nonce and deadline, so Junction's router "
                    + source.router() + " on chain " + source.id() + " accepts it only from a relayer registered on "
                    + "it, and Junction's relayer " + relayer + " is not registered there; use acquisitionMode 3 "
                    + "(the signature binds the whole route)");
        }
    }

    /** Whether the chain's router lets {@code relayer} send mode-2 permits ({@code isRelayer(relayer)}). */
    private boolean registeredRelayer(Chain source, Address relayer) {
        byte[] data = Abi.call("isRelayer(address)", Abi.address(relayer));
        String out = Hex.encode(relay.call(source.id(), source.router(), data));
        return AbiDecoder.words(out) >= 1 && AbiDecoder.uint(out, 0).equals(BigInteger.ONE);
    }

    /** The router transfers the fee out of the input (the route is planned without it). */
    @Override
    public ExecutorGas.Cost gas(MarketSnapshot snapshot, PlannedRoute route, long callGas) {
        return ExecutorGas.of(snapshot, route, true, callGas);
    }

    /** The relayer's gas in input-token units with the margin, rounded up. */
    @Override
    public BigInteger cost(ExecutorGas.Cost gas) {
        BigInteger[] qr = gas.inInputToken().multiply(BigInteger.valueOf(100L + feeMarginPercent))
                .divideAndRemainder(BigInteger.valueOf(100));
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
    }

    /** The router's feeBps ({@link #feeBps}). */
    @Override
    public BigInteger charge(BigInteger fee, BigInteger amount) {
        return BigInteger.valueOf(feeBps(fee, amount));
    }

    @Override
    public BigInteger taken(BigInteger charge, BigInteger amount) {
        return routerFee(amount, charge.intValueExact());
    }

    /** The least feeBps whose router fee {@code floor(amount * feeBps / 10000)} covers {@code fee} (3004 above 10000). */
    static int feeBps(BigInteger fee, BigInteger amount) {
        BigInteger[] qr = fee.multiply(BPS).divideAndRemainder(amount);
        BigInteger bps = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
        if (bps.compareTo(BPS) >= 0) {
            throw new GaslessException(GaslessFailure.FEE_EXCEEDS_INPUT, "amount " + amount
                    + " does not cover the gasless fee " + fee + " (relayer gas plus integrator fee, input-token units)");
        }
        return bps.intValueExact();
    }

    /** What the router pays the fee recipient: {@code floor(amount * feeBps / 10000)} (JunctionRouter._execute). */
    static BigInteger routerFee(BigInteger amount, int feeBps) {
        return amount.multiply(BigInteger.valueOf(feeBps)).divide(BPS);
    }

    /**
     * The owner's call of the router: {@code executeRouteWithPermit} with the permit's nonce and deadline, the fee as
     * the route's feeBps to the relayer's fee recipient.
     */
    @Override
    public Terms terms(GaslessQuoteCommand cmd, Chain source, QuoteBasics basics, RouteAssembly assembly,
            BigInteger charge) {
        Address relayer = relay.relayer(cmd.fromChain()).orElseThrow();
        Address feeRecipient = relay.feeRecipient(cmd.fromChain()).orElse(relayer);
        int bps = charge.intValueExact();
        RouteCall call = assembly.permitCall(basics.quoteId(), source, cmd, basics.receiver(), basics.amountOutMin(),
                bps, feeRecipient, basics.now().getEpochSecond(), basics.deadline());
        RouteWitness witness = RouteWitness.of(call, routerCalldata);
        QuoteRecord.OnChain onChain = new QuoteRecord.OnChain(bps, feeRecipient, witness.steps().value(),
                witness.destinationCall().value(), witness.fallbackAddress());
        return new RouterTerms(source.router(), feeRecipient, onChain, call, witness, cmd.sender(), basics);
    }

    /** The router is the spender; the calldata carries the permit's nonce; the witness must rebuild from the record. */
    private final class RouterTerms implements Terms {

        private final Address router;
        private final Address feeRecipient;
        private final QuoteRecord.OnChain onChain;
        private final RouteCall call;
        private final RouteWitness witness;
        private final Address owner;
        private final QuoteBasics basics;

        RouterTerms(Address router, Address feeRecipient, QuoteRecord.OnChain onChain, RouteCall call,
                RouteWitness witness, Address owner, QuoteBasics basics) {
            this.router = router;
            this.feeRecipient = feeRecipient;
            this.onChain = onChain;
            this.call = call;
            this.witness = witness;
            this.owner = owner;
            this.basics = basics;
        }

        @Override
        public Address spender() {
            return router;
        }

        @Override
        public Address feeRecipient() {
            return feeRecipient;
        }

        @Override
        public QuoteRecord.OnChain onChain() {
            return onChain;
        }

        @Override
        public String innerData(PermitNonce nonce) {
            return routerCalldata.buildWithPermit(call, PermitData.unsigned(owner, nonce.toBigInteger(),
                    BigInteger.valueOf(basics.deadline()))).data();
        }

        @Override
        public void verify(QuoteRecord record) {
            if (record.typedData().message() instanceof PermitWitnessTransferFrom<?> p && !p.witness().equals(witness)) {
                throw new IllegalStateException("quote " + basics.quoteId()
                        + ": the stored terms do not rebuild the witness");
            }
        }
    }

    /**
     * On a chain with a node: the owner's balance and Permit2 allowance cover the amount, and the permit's nonce is
     * unused in Permit2's nonceBitmap (4010 / 4006 otherwise). Then an {@code eth_call} of exactly the transaction the
     * relayer will send (from the relayer, to the router, at the latest block); its gas limit from
     * {@code eth_estimateGas} with the relayer's margin; and the relayer's balance pays that gas limit at the live gas
     * price. The relayer signs and records its transaction in the accepting database transaction and broadcasts it once
     * that committed.
     *
     * @throws GaslessException SIMULATION_FAILED (3007) with the router's decoded error when the call reverts
     * @throws dev.junction.execution.RelayerUnfundedException when the relayer cannot pay for it (503 / 9006)
     */
    @Override
    public Handover handover(QuoteRecord quote, PermitSignature signature) {
        if (ownerFunds.applies(quote.fromChain())) {
            ownerFunds.requireFunded(quote.fromChain(), quote.sender(), quote.fromToken(), quote.amountIn().value());
            ownerFunds.requireNonceUnused(quote.fromChain(), quote.sender(), quote.nonce());
        }
        if (quote.onChain() == null) {
            throw new IllegalStateException("quote " + quote.quoteId() + " was issued for the sandbox's gasless "
                    + "executor on chain " + quote.fromChain() + ", which this instance does not run");
        }
        if (relay.relayer(quote.fromChain()).isEmpty()) {
            throw new IllegalStateException("quote " + quote.quoteId() + " was issued for Junction's relayer on chain "
                    + quote.fromChain() + ", which this instance has no relayer for");
        }
        byte[] data = Hex.decode(TransactionBuilder.withSignature(quote.innerData(), signature.bytes()));
        try {
            relay.simulate(quote.fromChain(), quote.router(), data);
        } catch (CallRevertedException e) {
            throw new GaslessException(GaslessFailure.SIMULATION_FAILED, "the relayer's transaction (router "
                    + quote.router() + ".executeRouteWithPermit on chain " + quote.fromChain() + ") reverts in an "
                    + "eth_call at the latest block: " + e.getMessage() + "; nothing was sent");
        }
        long gasLimit = relay.gasLimit(quote.fromChain(), quote.router(), data);
        relay.requireFunded(quote.fromChain(), gasLimit);
        return new Handover() {
            @Override
            public SwapSubmission submit(ExecutionPlan plan) {
                ChainRelay.Relayed relayed = relay.prepare(quote.fromChain(), quote.quoteId(), quote.router(), data,
                        gasLimit, quote.deadline());
                return swaps.submitRelayed(plan, relayed);
            }

            @Override
            public void committed() {
                relay.wake();
            }
        };
    }
}
