package dev.junction.gasless;

import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.Hex;
import dev.junction.execution.ChainReads;
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

    @Autowired
    GaslessService(Market market, SimulationClock clock, ObjectProvider<RoutePlanner> planner, Swaps swaps,
            GaslessNonceStore nonces, GaslessQuoteStore quotes, PlatformTransactionManager transactions,
            ObjectProvider<ChainReads> chains) {
        this(market, clock, planner.getIfAvailable(RoutePlanner::new), swaps, nonces, quotes, transactions);
        ChainReads reads = chains.getIfAvailable();
        this.ownerFunds = reads == null ? null : new OwnerFunds(reads);
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
        QuoteRules.check(cmd);
        RankingMode ranking = RankingMode.parse(cmd.rankingMode());
        MarketSnapshot snapshot = market.current();
        Chain source = QuoteRules.sourceChain(snapshot, cmd);
        QuoteRules.destinationChain(snapshot, cmd);
        Slippage slippage = SlippageRule.of(cmd.slippage());
        BigInteger amount = cmd.amount().value();
        int feeBps = cmd.feeBps() == null ? 0 : cmd.feeBps();
        BigInteger integratorFee = amount.multiply(BigInteger.valueOf(feeBps)).divide(BPS);
        RouteRequest base = new RouteRequest(cmd.fromChain(), cmd.fromToken(), cmd.toChain(), cmd.toToken(), amount, 0,
                new ProviderFilter(cmd.includeProviders(), cmd.excludeProviders()), cmd.allowMultiBridge(),
                ranking.routeMode());

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
        return List.of(issue(cmd, snapshot, source, route, slippage, Amount.of(fee), Amount.of(integratorFee), gas));
    }

    private GaslessQuote issue(GaslessQuoteCommand cmd, MarketSnapshot snapshot, Chain source, PlannedRoute route,
            Slippage slippage, Amount fee, Amount integratorFee, ExecutorGas.Cost gas) {
        Instant now = clock.now();
        long minutes = cmd.deadlineMinutes() == null ? GaslessQuoteCommand.DEFAULT_DEADLINE_MINUTES
                : cmd.deadlineMinutes();
        long deadline = now.getEpochSecond() + minutes * 60;
        String quoteId = newQuoteId();
        Address receiver = cmd.effectiveReceiver();
        Amount amountOut = Amount.of(route.amountOut());
        Amount amountOutMin = Amount.of(slippage.minAmountOut(route.amountOut()));
        RouteAssembly assembly = new RouteAssembly(snapshot, route, slippage, amountOutMin.value());
        String innerData = calldata.build(assembly.routeCall(quoteId, source, receiver, amountOutMin,
                now.getEpochSecond(), deadline)).data();
        // The nonce, the quote and its steps are written in one transaction (grouped with concurrent quotes' by the
        // store) that commits before the quote is answered; a nonce another instance took first is replaced.
        QuoteRecord stored = null;
        Permit2TypedData typedData = null;
        for (int attempt = 0; stored == null; attempt++) {
            PermitNonce candidate = nonces.candidate(cmd.sender());
            QuoteRecord record = new QuoteRecord(quoteId, cmd.acquisitionMode(), cmd.sender(), receiver,
                    cmd.fromChain(), cmd.toChain(), cmd.fromToken(), cmd.toToken(), cmd.amount(), fee,
                    cmd.amount().minus(fee), amountOut, amountOutMin, source.gaslessExecutor(), source.router(),
                    candidate, deadline, "", innerData, route.pathType().wire(), route.bridgeCount(),
                    assembly.providers(), assembly.mainProvider(), assembly.planSteps());
            typedData = record.typedData();
            QuoteRecord signed = record.withDigest(Hex.encode(typedData.digest()));
            try {
                quotes.issue(signed, now);
                nonces.reserved(cmd.sender(), candidate);
                stored = signed;
            } catch (GaslessQuoteStore.NonceTakenException taken) {
                nonces.taken(cmd.sender());
                if (attempt + 1 >= GaslessNonceStore.ATTEMPTS) {
                    throw new IllegalStateException("could not reserve a Permit2 nonce for " + cmd.sender()
                            + " after " + GaslessNonceStore.ATTEMPTS + " attempts", taken);
                }
            }
        }
        PermitNonce nonce = stored.nonce();

        GaslessQuote.Fee feeView = new GaslessQuote.Fee(fee, source.gaslessExecutor(), route.fromToken().usd(fee.value()),
                fee.minus(integratorFee), integratorFee);
        GaslessQuote.Terms terms = new GaslessQuote.Terms(cmd.acquisitionMode(), assembly.mainProvider(),
                pathId(route), cmd.amount(), stored.amountInAfterFee(), amountOut, amountOutMin, route.bridgeCount(),
                assembly.bridgeProviders(), assembly.costs(gas.usd()), cmd.fromToken(), assembly.latency(), receiver,
                route.pathType().wire(), cmd.toToken(), cmd.fromChain(), cmd.sender(), cmd.toChain());
        GaslessQuote.CalldataTemplate template = new GaslessQuote.CalldataTemplate(source.router(), innerData,
                Hex.encode(Hash.sha3(Hex.decode(innerData))), "0",
                assembly.lines(cmd.sender(), source.gaslessExecutor(), cmd.amount(), fee), cmd.meta());
        return new GaslessQuote(quoteId, deadline, nonce, typedData, feeView, terms, template);
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
        return tx.execute(status -> accept(quote, parsed));
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

    /** Turns on the on-chain checks of {@link #submit} (wired by Spring when a {@link ChainReads} exists). */
    void checkOnChain(ChainReads chains) {
        this.ownerFunds = new OwnerFunds(chains);
    }

    private GaslessSwap accept(QuoteRecord quote, PermitSignature signature) {
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
        SwapSubmission submitted = swaps.submit(plan(quote));
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
                q.feeAmount(), q.fromChain(), q.fromToken(), q.toChain(), q.toToken(), q.routeKindInfo());
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
