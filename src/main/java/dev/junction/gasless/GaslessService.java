package dev.junction.gasless;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.calldata.PermitData;
import dev.junction.calldata.RouteCall;
import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.execution.CallRevertedException;
import dev.junction.execution.ChainReads;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SwapKind;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.Swaps;
import dev.junction.market.Chain;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.SimulationClock;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.ProviderFilter;
import dev.junction.routing.RoutePlanner;
import dev.junction.routing.RouteRequest;
import dev.junction.routing.Slippage;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.web3j.crypto.Hash;

/**
 * Gasless swaps: issues Permit2 quotes (GET /gasless/quote) and accepts signed permits (POST /gasless/submit-swap),
 * handing accepted swaps to the executor. Times (permit deadlines) are on the {@link SimulationClock}, the clock the
 * embedded network's blocks carry.
 */
@Service
public class GaslessService {

    private static final BigInteger BPS = BigInteger.valueOf(10_000);
    private static final int FEE_ROUNDS = 4;

    private final Market market;
    private final SimulationClock clock;
    private final RoutePlanner planner;
    private final Swaps swaps;
    private final GaslessNonceStore nonces;
    private final GaslessQuoteStore quotes;
    private final TransactionTemplate tx;
    private final TransactionBuilder calldata = new TransactionBuilder();
    private final SecureRandom random = new SecureRandom();
    private OwnerFunds ownerFunds;
    private ChainRelay relay;
    private TransactionBuilder routerCalldata = new TransactionBuilder();
    private int feeMarginPercent = DEFAULT_FEE_MARGIN_PERCENT;

    /** The margin on the relayer's gas cost in its fee, percent ({@code junction.gasless.fee-margin-percent}). */
    static final int DEFAULT_FEE_MARGIN_PERCENT = 25;

    @Autowired
    GaslessService(Market market, SimulationClock clock, ObjectProvider<RoutePlanner> planner, Swaps swaps,
            GaslessNonceStore nonces, GaslessQuoteStore quotes, PlatformTransactionManager transactions,
            ObjectProvider<ChainRelay> chains, ObjectProvider<AdapterDirectory> adapters,
            @Value("${junction.gasless.fee-margin-percent:" + DEFAULT_FEE_MARGIN_PERCENT + "}") int feeMarginPercent) {
        this(market, clock, planner.getIfAvailable(RoutePlanner::new), swaps, nonces, quotes, transactions);
        ChainRelay r = chains.getIfAvailable();
        if (r != null) {
            checkOnChain(r);
            this.relay = r;
        }
        this.routerCalldata = new TransactionBuilder(adapters.getIfAvailable(() -> AdapterDirectory.DERIVED));
        if (feeMarginPercent < 0) {
            throw new IllegalArgumentException("junction.gasless.fee-margin-percent must be >= 0");
        }
        this.feeMarginPercent = feeMarginPercent;
    }

    /** Whether gasless swaps from {@code chain} go through Junction's relayer and router on a real chain. */
    private boolean relayed(ChainId chain) {
        return relay != null && relay.relayer(chain).isPresent();
    }

    GaslessService(Market market, SimulationClock clock, RoutePlanner planner, Swaps swaps, GaslessNonceStore nonces,
            GaslessQuoteStore quotes, PlatformTransactionManager transactions) {
        this.market = market;
        this.clock = clock;
        this.planner = planner;
        this.swaps = swaps;
        this.nonces = nonces;
        this.quotes = quotes;
        this.tx = new TransactionTemplate(transactions);
    }

    /**
     * The best gasless quote for the request (a one-element list: {@code data} of /gasless/quote is an array).
     *
     * @throws GaslessException for acquisition mode (4008), native input (4009), ranking mode and other parameters
     *     (1002), a fee that eats the input (3004)
     * @throws dev.junction.routing.NoRouteException when no route exists
     */
    public List<GaslessQuote> quote(GaslessQuoteCommand cmd) {
        // marked in preparation from the start, so a commit of other quotes may wait for this one (the store's
        // commit delay); issuing it, or failing, ends that
        try (GaslessQuoteStore.Preparation preparation = quotes.preparing()) {
            return quote(cmd, preparation);
        }
    }

    private List<GaslessQuote> quote(GaslessQuoteCommand cmd, GaslessQuoteStore.Preparation preparation) {
        QuoteRules.check(cmd);
        RankingMode ranking = RankingMode.parse(cmd.rankingMode());
        MarketSnapshot snapshot = market.current();
        boolean relayed = relayed(cmd.fromChain());
        Chain source = QuoteRules.sourceChain(snapshot, cmd, relayed);
        QuoteRules.destinationChain(snapshot, cmd);
        Slippage slippage = SlippageRule.of(cmd.slippage());
        BigInteger amount = cmd.amount().value();
        int feeBps = cmd.feeBps() == null ? 0 : cmd.feeBps();
        BigInteger integratorFee = amount.multiply(BigInteger.valueOf(feeBps)).divide(BPS);
        RouteRequest base = new RouteRequest(cmd.fromChain(), cmd.fromToken(), cmd.toChain(), cmd.toToken(), amount, 0,
                new ProviderFilter(cmd.includeProviders(), cmd.excludeProviders()), cmd.allowMultiBridge(),
                ranking.routeMode());
        if (relayed) {
            return List.of(quoteOnChain(cmd, snapshot, source, base, slippage, integratorFee, preparation));
        }

        // The fee depends on the route's gas and the route on the amount left after the fee: start from the route for
        // the whole amount, then re-plan on amount - fee until the fee covers the planned route's gas.
        PlannedRoute route = best(snapshot, base.withAmount(positive(amount.subtract(integratorFee), amount, feeBps)));
        BigInteger fee = ExecutorGas.of(snapshot, route).inInputToken().add(integratorFee);
        for (int round = 0; round < FEE_ROUNDS; round++) {
            route = best(snapshot, base.withAmount(positive(amount.subtract(fee), amount, fee)));
            BigInteger needed = ExecutorGas.of(snapshot, route).inInputToken().add(integratorFee);
            if (needed.compareTo(fee) <= 0) {
                break;
            }
            fee = needed;
        }
        ExecutorGas.Cost gas = ExecutorGas.of(snapshot, route);
        return List.of(issue(cmd, snapshot, source, route, slippage, Amount.of(fee), Amount.of(integratorFee), gas,
                preparation));
    }

    private GaslessQuote issue(GaslessQuoteCommand cmd, MarketSnapshot snapshot, Chain source, PlannedRoute route,
            Slippage slippage, Amount fee, Amount integratorFee, ExecutorGas.Cost gas,
            GaslessQuoteStore.Preparation preparation) {
        Issued t = issued(cmd, route, slippage);
        RouteAssembly assembly = new RouteAssembly(snapshot, route, slippage, t.amountOutMin().value());
        String innerData = calldata.build(assembly.routeCall(t.quoteId(), source, t.receiver(), t.amountOutMin(),
                t.now().getEpochSecond(), t.deadline())).data();
        // The nonce, the quote and its steps are written in one transaction (grouped with concurrent quotes' by the
        // store) that commits before the quote is answered; a nonce another instance took first is replaced.
        QuoteRecord stored = issue(cmd.sender(), t.now(), preparation, candidate -> new QuoteRecord(t.quoteId(),
                cmd.acquisitionMode(), cmd.sender(), t.receiver(), cmd.fromChain(), cmd.toChain(), cmd.fromToken(),
                cmd.toToken(), cmd.amount(), fee, cmd.amount().minus(fee), t.amountOut(), t.amountOutMin(),
                source.gaslessExecutor(), source.router(), candidate, t.deadline(), "", innerData,
                route.pathType().wire(), route.bridgeCount(), assembly.providers(), assembly.mainProvider(),
                assembly.planSteps(), null));
        return answer(cmd, stored, route, assembly, new GaslessQuote.Fee(fee, source.gaslessExecutor(),
                route.fromToken().usd(fee.value()), fee.minus(integratorFee), integratorFee), source.gaslessExecutor(),
                gas);
    }

    /**
     * The quote's answer from what was stored: the fee, the terms of the planned route and the calldata template to
     * the source chain's router.
     *
     * @param payee who the template's fee line pays (the sandbox's executor, or the router that takes the fee)
     */
    private static GaslessQuote answer(GaslessQuoteCommand cmd, QuoteRecord stored, PlannedRoute route,
            RouteAssembly assembly, GaslessQuote.Fee fee, Address payee, ExecutorGas.Cost gas) {
        GaslessQuote.Terms terms = new GaslessQuote.Terms(cmd.acquisitionMode(), assembly.mainProvider(),
                pathId(route), cmd.amount(), stored.amountInAfterFee(), stored.amountOut(), stored.amountOutMin(),
                route.bridgeCount(), assembly.bridgeProviders(), assembly.costs(gas.usd()), cmd.fromToken(),
                assembly.latency(), stored.receiver(), route.pathType().wire(), cmd.toToken(), cmd.fromChain(),
                cmd.sender(), cmd.toChain());
        String innerData = stored.innerData();
        GaslessQuote.CalldataTemplate template = new GaslessQuote.CalldataTemplate(stored.router(), innerData,
                Hex.encode(Hash.sha3(Hex.decode(innerData))), "0",
                assembly.lines(cmd.sender(), payee, cmd.amount(), fee.feeAmount()), cmd.meta());
        return new GaslessQuote(stored.quoteId(), stored.deadline(), stored.nonce(), stored.typedData(), fee, terms,
                template);
    }

    /**
     * A quote on a real chain: Junction's relayer sends {@code executeRouteWithPermit} to the chain's router, which
     * pulls the whole amount through Permit2 (spender = the router) and pays the relayer's fee through the route's fee
     * fields, so a mode-3 signature binds the fee with everything else (the {@link RouteWitness}).
     *
     * <p>The fee is the relayer's gas for the route plus the Permit2 pull at the node's live base + priority fee
     * (the chain market's), converted into the input token at market prices, plus {@code fee-margin-percent}, plus the
     * integrator fee. It is paid as {@code feeBps = ceil(fee * 10000 / amount)}: the router takes
     * {@code floor(amount * feeBps / 10000)}, which is never below the fee and above it by less than one basis point
     * of the amount. The route is planned on what is left after that, again until the fee covers its gas.
     */
    private GaslessQuote quoteOnChain(GaslessQuoteCommand cmd, MarketSnapshot snapshot, Chain source,
            RouteRequest base, Slippage slippage, BigInteger integratorFee, GaslessQuoteStore.Preparation preparation) {
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
        BigInteger amount = cmd.amount().value();
        PlannedRoute route = best(snapshot, base.withAmount(positive(amount.subtract(integratorFee), amount,
                integratorFee)));
        int bps = feeBps(relayerCost(snapshot, route).add(integratorFee), amount);
        for (int round = 0; round < FEE_ROUNDS; round++) {
            route = best(snapshot, base.withAmount(afterRouterFee(amount, bps)));
            int needed = feeBps(relayerCost(snapshot, route).add(integratorFee), amount);
            if (needed <= bps) {
                break;
            }
            bps = needed;
            if (round == FEE_ROUNDS - 1) {
                route = best(snapshot, base.withAmount(afterRouterFee(amount, bps)));
            }
        }
        Amount fee = Amount.of(routerFee(amount, bps));
        Address feeRecipient = relay.feeRecipient(cmd.fromChain()).orElse(relayer);
        PlannedRoute planned = route; // the route the fee rounds settled on (the lambda below needs it final)
        Issued t = issued(cmd, planned, slippage);
        RouteAssembly assembly = new RouteAssembly(snapshot, planned, slippage, t.amountOutMin().value());
        RouteCall call = assembly.permitCall(t.quoteId(), source, cmd.sender(), t.receiver(), cmd.amount(),
                t.amountOutMin(), bps, feeRecipient, AcquisitionMode.of(cmd.acquisitionMode()),
                t.now().getEpochSecond(), t.deadline());
        RouteWitness witness = RouteWitness.of(call, routerCalldata);
        QuoteRecord.OnChain onChain = new QuoteRecord.OnChain(bps, feeRecipient, witness.steps().value(),
                witness.destinationCall().value());
        QuoteRecord stored = issue(cmd.sender(), t.now(), preparation, candidate -> {
            String innerData = routerCalldata.buildWithPermit(call, PermitData.unsigned(cmd.sender(),
                    candidate.toBigInteger(), BigInteger.valueOf(t.deadline()))).data();
            QuoteRecord record = new QuoteRecord(t.quoteId(), cmd.acquisitionMode(), cmd.sender(), t.receiver(),
                    cmd.fromChain(), cmd.toChain(), cmd.fromToken(), cmd.toToken(), cmd.amount(), fee,
                    cmd.amount().minus(fee), t.amountOut(), t.amountOutMin(), source.router(), source.router(),
                    candidate, t.deadline(), "", innerData, planned.pathType().wire(), planned.bridgeCount(),
                    assembly.providers(), assembly.mainProvider(), assembly.planSteps(), onChain);
            if (record.typedData().message() instanceof PermitWitnessTransferFrom<?> p && !p.witness().equals(witness)) {
                throw new IllegalStateException("quote " + t.quoteId()
                        + ": the stored terms do not rebuild the witness");
            }
            return record;
        });
        Amount integrator = Amount.of(integratorFee);
        return answer(cmd, stored, route, assembly, new GaslessQuote.Fee(fee, feeRecipient,
                route.fromToken().usd(fee.value()), fee.minus(integrator), integrator), source.router(),
                ExecutorGas.of(snapshot, route, true));
    }

    /**
     * What issuing a gasless quote fixes, in the sandbox and on chain alike: its id, its time, the permit deadline
     * ({@code deadlineMinutes} from now), the receiver and the route's output and minimum.
     */
    private record Issued(String quoteId, Instant now, long deadline, Address receiver, Amount amountOut,
            Amount amountOutMin) {
    }

    private Issued issued(GaslessQuoteCommand cmd, PlannedRoute route, Slippage slippage) {
        Instant now = clock.now();
        long minutes = cmd.deadlineMinutes() == null ? GaslessQuoteCommand.DEFAULT_DEADLINE_MINUTES
                : cmd.deadlineMinutes();
        return new Issued(newQuoteId(), now, now.getEpochSecond() + minutes * 60, cmd.effectiveReceiver(),
                Amount.of(route.amountOut()), Amount.of(slippage.minAmountOut(route.amountOut())));
    }

    /** A quote's record for a candidate Permit2 nonce (the nonce is part of what the owner signs). */
    @FunctionalInterface
    private interface QuoteForNonce {
        QuoteRecord quote(PermitNonce nonce);
    }

    /**
     * Builds the quote for a candidate Permit2 nonce and writes nonce, quote and steps in one transaction (grouped
     * with concurrent quotes' by the store); a nonce another request or instance took first is replaced by the next.
     */
    private QuoteRecord issue(Address owner, Instant now, GaslessQuoteStore.Preparation preparation,
            QuoteForNonce build) {
        for (int attempt = 0; ; attempt++) {
            PermitNonce candidate = nonces.candidate(owner);
            QuoteRecord record = build.quote(candidate);
            QuoteRecord signed = record.withDigest(Hex.encode(record.typedData().digest()));
            try {
                quotes.issue(signed, now, preparation);
                nonces.reserved(owner, candidate);
                return signed;
            } catch (GaslessQuoteStore.NonceTakenException taken) {
                nonces.taken(owner);
                if (attempt + 1 >= GaslessNonceStore.ATTEMPTS) {
                    throw new IllegalStateException("could not reserve a Permit2 nonce for " + owner + " after "
                            + GaslessNonceStore.ATTEMPTS + " attempts", taken);
                }
            }
        }
    }

    /** The relayer's gas for a route at the chain's live fees, in input-token units, with the margin (rounded up). */
    private BigInteger relayerCost(MarketSnapshot snapshot, PlannedRoute route) {
        BigInteger gas = ExecutorGas.of(snapshot, route, true).inInputToken();
        BigInteger[] qr = gas.multiply(BigInteger.valueOf(100L + feeMarginPercent)).divideAndRemainder(
                BigInteger.valueOf(100));
        return qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
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

    /** What the route's steps get: {@code amount} less the router's fee (3004 when nothing is left). */
    private static BigInteger afterRouterFee(BigInteger amount, int feeBps) {
        BigInteger fee = routerFee(amount, feeBps);
        return positive(amount.subtract(fee), amount, fee);
    }

    /** What the router pays the fee recipient: {@code floor(amount * feeBps / 10000)} (JunctionRouter._execute). */
    static BigInteger routerFee(BigInteger amount, int feeBps) {
        return amount.multiply(BigInteger.valueOf(feeBps)).divide(BPS);
    }

    /** Whether the chain's router lets {@code relayer} send mode-2 permits ({@code isRelayer(relayer)}). */
    private boolean registeredRelayer(Chain source, Address relayer) {
        byte[] data = Abi.call("isRelayer(address)", Abi.address(relayer));
        byte[] out = relay.call(source.id(), source.router(), data);
        return out.length >= 32 && out[31] == 1;
    }

    /**
     * Accepts a signed permit for a quote and hands the swap to the executor. Checks, in order: the quote exists
     * (4001), the deadline has not passed (4005; valid at the deadline second), the signature's form (4003) and low s
     * (4003), the signer is the quote's sender (4004), the nonce is unused (4006; 4007 when this quote was already
     * submitted with another signature). The same quote with the same signature returns the first swap. A refused
     * submission changes nothing.
     */
    public GaslessSwap submit(String quoteId, String signature) {
        QuoteRecord quote = quotes.find(quoteId == null ? "" : quoteId.toLowerCase(Locale.ROOT))
                .orElseThrow(() -> new GaslessException(GaslessFailure.QUOTE_NOT_FOUND,
                        "quoteId " + quoteId + " is not a gasless quote Junction issued"));
        String normalised = normalisedOrNull(signature);
        var prior = quotes.submission(quote.quoteId());
        if (prior.isPresent() && prior.get().signature().equals(normalised)) {
            return swap(quote, prior.get());
        }
        long nowSeconds = clock.now().getEpochSecond();
        if (nowSeconds > quote.deadline()) {
            throw new GaslessException(GaslessFailure.PERMIT_EXPIRED, "the permit deadline " + quote.deadline()
                    + " (Unix seconds) has passed; request a new quote");
        }
        PermitSignature parsed = PermitSignature.parse(signature);
        Permit2TypedData typedData = quote.typedData();
        byte[] digest = typedData.digest();
        if (!Hex.encode(digest).equals(quote.digest())) {
            throw new IllegalStateException("stored quote " + quote.quoteId() + " no longer rebuilds its typed data");
        }
        SignatureVerifier.requireSigner(digest, parsed, quote.sender());
        requireOnChain(quote);
        if (quote.onChain() == null) {
            return tx.execute(status -> accept(quote, parsed, null));
        }
        if (!relayed(quote.fromChain())) {
            throw new IllegalStateException("quote " + quote.quoteId() + " was issued for Junction's relayer on chain "
                    + quote.fromChain() + ", which this instance has no relayer for");
        }
        RelayCall call = simulate(quote, parsed);
        GaslessSwap swap = tx.execute(status -> accept(quote, parsed, call));
        relay.wake();
        return swap;
    }

    /** The relayer's transaction of an on-chain quote with the signature in place, and its gas limit. */
    private record RelayCall(byte[] data, long gasLimit) {
    }

    /**
     * An {@code eth_call} of exactly the transaction the relayer will send (from the relayer, to the router, at the
     * latest block); its gas limit from {@code eth_estimateGas} with the relayer's margin; and the relayer's balance
     * pays that gas limit at the live gas price.
     *
     * @throws GaslessException SIMULATION_FAILED (3007) with the router's decoded error when it reverts
     * @throws dev.junction.execution.RelayerUnfundedException when the relayer cannot pay for it (503 / 9006)
     */
    private RelayCall simulate(QuoteRecord quote, PermitSignature signature) {
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
        return new RelayCall(data, gasLimit);
    }

    /**
     * On a chain with a node (never in the sandbox): the owner's balance and Permit2 allowance cover the amount, and the
     * permit's nonce is unused in Permit2's nonceBitmap (4010 / 4006 otherwise).
     */
    private void requireOnChain(QuoteRecord quote) {
        if (ownerFunds == null || !ownerFunds.applies(quote.fromChain())) {
            return;
        }
        ownerFunds.requireFunded(quote.fromChain(), quote.sender(), quote.fromToken(), quote.amountIn().value());
        ownerFunds.requireNonceUnused(quote.fromChain(), quote.sender(), quote.nonce());
    }

    /** Turns on the on-chain checks of {@link #submit} (wired by Spring when a {@link ChainRelay} exists). */
    void checkOnChain(ChainReads chains) {
        this.ownerFunds = new OwnerFunds(chains);
    }

    /** @param onChain the relayer's transaction on a real chain; null in the sandbox (the executor runs the route) */
    private GaslessSwap accept(QuoteRecord quote, PermitSignature signature, RelayCall onChain) {
        quotes.lock(quote.quoteId());
        var prior = quotes.submission(quote.quoteId());
        if (prior.isPresent()) {
            if (prior.get().signature().equals(signature.hex())) {
                return swap(quote, prior.get());
            }
            throw new GaslessException(GaslessFailure.ALREADY_SUBMITTED, "quoteId " + quote.quoteId()
                    + " was already submitted with another signature; its Permit2 nonce is spent");
        }
        Instant now = clock.now();
        if (!nonces.markUsed(quote.sender(), quote.nonce(), now)) {
            throw new GaslessException(GaslessFailure.NONCE_USED, "Permit2 nonce " + quote.nonce().value()
                    + " (word " + quote.nonce().wordPos() + ", bit " + quote.nonce().bitPos() + ") of "
                    + quote.sender() + " is already used");
        }
        SwapSubmission submitted;
        if (onChain == null) {
            submitted = swaps.submit(plan(quote));
        } else {
            ChainRelay.Relayed relayed = relay.prepare(quote.fromChain(), quote.quoteId(), quote.router(),
                    onChain.data(), onChain.gasLimit(), quote.deadline());
            submitted = swaps.submitRelayed(plan(quote), relayed);
        }
        GaslessQuoteStore.Submission s = new GaslessQuoteStore.Submission(quote.quoteId(), signature.hex(), submitted.swapId(),
                submitted.executorTxId(), submitted.sourceTxHash());
        quotes.insertSubmission(s, now);
        return swap(quote, s);
    }

    private static ExecutionPlan plan(QuoteRecord q) {
        RouteKind kind = Arrays.stream(RouteKind.values()).filter(k -> k.wire().equals(q.routeKind()))
                .findFirst().orElseThrow();
        String provider = q.bridgeCount() > 0 ? q.steps().stream()
                .filter(PlanStep.Bridge.class::isInstance)
                .map(b -> ((PlanStep.Bridge) b).provider()).findFirst().orElseThrow()
                : q.mainProvider();
        return new ExecutionPlan(SwapKind.GASLESS, kind, provider, q.sender(), q.receiver(), q.fromChain(),
                q.fromToken(), q.toChain(), q.toToken(), q.amountInAfterFee(), q.amountOutMin(),
                Instant.ofEpochSecond(q.deadline() + 1), q.quoteId(), q.steps());
    }

    private static GaslessSwap swap(QuoteRecord q, GaslessQuoteStore.Submission s) {
        return new GaslessSwap(s.swapId(), s.executorTxId(), s.executionTxHash(), q.amountIn(), q.amountOut(),
                q.feeAmount(), q.fromChain(), q.fromToken(), q.toChain(), q.toToken(), q.routeKindInfo(),
                q.onChain() != null);
    }

    private static String normalisedOrNull(String signature) {
        try {
            return PermitSignature.parse(signature).hex();
        } catch (GaslessException e) {
            return null;
        }
    }

    private PlannedRoute best(MarketSnapshot snapshot, RouteRequest request) {
        return planner.plan(snapshot, request).stream().filter(r -> r.bridgeCount() <= 1).findFirst()
                .orElseThrow(() -> new GaslessException(GaslessFailure.NO_ROUTE, "no route from " + request.fromToken()
                        + " on chain " + request.fromChain() + " to " + request.toToken() + " on chain "
                        + request.toChain() + " with at most one bridge: the gasless executor runs one-bridge routes"));
    }

    private static BigInteger positive(BigInteger afterFee, BigInteger amount, Object fee) {
        if (afterFee.signum() <= 0) {
            throw new GaslessException(GaslessFailure.FEE_EXCEEDS_INPUT, "amount " + amount
                    + " does not cover the gasless fee " + fee + " (executor gas plus integrator fee, input-token units)");
        }
        return afterFee;
    }

    private static String pathId(PlannedRoute route) {
        return Hex.encode(Hash.sha3(route.pathKey().getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * 32 bytes (the router's {@code bytes32} quote id): the wall-clock millisecond in the first 6 (big-endian), then 26
     * random bytes from a {@link SecureRandom} (208 bits: unguessable). Quotes issued in turn have ascending ids, so
     * their rows append at the right edge of the {@code gasless_quote} and {@code gasless_quote_step} primary keys
     * instead of landing on a random leaf page that the database rewrites at every commit.
     */
    private String newQuoteId() {
        return Hex.encode(quoteId(System.currentTimeMillis(), random));
    }

    static byte[] quoteId(long epochMillis, SecureRandom random) {
        byte[] id = new byte[32];
        random.nextBytes(id);
        for (int i = 0; i < 6; i++) {
            id[i] = (byte) (epochMillis >>> (8 * (5 - i)));
        }
        return id;
    }
}
