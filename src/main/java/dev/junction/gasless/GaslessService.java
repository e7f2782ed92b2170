package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.Hex;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SwapKind;
import dev.junction.execution.SwapSubmission;
import dev.junction.market.Chain;
import dev.junction.market.ChainFreshness;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.SimulationClock;
import dev.junction.routing.PathType;
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
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.web3j.crypto.Hash;

/**
 * Gasless swaps: issues Permit2 quotes (GET /gasless/quote) and accepts signed permits (POST /gasless/submit-swap),
 * handing accepted swaps to the instance's one {@link GaslessExecutor}: the sandbox's executor on the embedded network,
 * or Junction's relayer on the real chains (chain mode). Times (permit deadlines) are on the {@link SimulationClock},
 * the clock the embedded network's blocks carry.
 */
@Service
public class GaslessService {

    private static final BigInteger BPS = BigInteger.valueOf(10_000);
    /** Re-plannings of the route on what the fee leaves before the last fee stands. */
    private static final int FEE_ROUNDS = 4;

    private final Market market;
    private final SimulationClock clock;
    private final RoutePlanner planner;
    private final GaslessNonceStore nonces;
    private final GaslessQuoteStore quotes;
    private final TransactionTemplate tx;
    private final GaslessExecutor executor;
    private final ChainFreshness freshness;
    private final SecureRandom random = new SecureRandom();

    GaslessService(Market market, SimulationClock clock, RoutePlanner planner, GaslessNonceStore nonces,
            GaslessQuoteStore quotes, PlatformTransactionManager transactions, GaslessExecutor executor,
            ChainFreshness freshness) {
        this.market = market;
        this.clock = clock;
        this.planner = planner;
        this.nonces = nonces;
        this.quotes = quotes;
        this.tx = new TransactionTemplate(transactions);
        this.executor = executor;
        this.freshness = freshness;
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
        // the signed permit runs as quoted: quote on the node's head, never on an older block (chain mode)
        freshness.requireAtHead(cmd.fromChain());
        MarketSnapshot snapshot = market.current();
        Chain source = QuoteRules.sourceChain(snapshot, cmd, executor::startsOn);
        QuoteRules.destinationChain(snapshot, cmd);
        Slippage slippage = SlippageRule.of(cmd.slippage());
        BigInteger amount = cmd.amount().value();
        int feeBps = cmd.feeBps() == null ? 0 : cmd.feeBps();
        BigInteger integratorFee = amount.multiply(BigInteger.valueOf(feeBps)).divide(BPS);
        RouteRequest base = new RouteRequest(cmd.fromChain(), cmd.fromToken(), cmd.toChain(), cmd.toToken(), amount, 0,
                new ProviderFilter(cmd.includeProviders(), cmd.excludeProviders()), cmd.allowMultiBridge(),
                ranking.routeMode());
        executor.admit(cmd, source);
        Priced priced = price(snapshot, base, amount, integratorFee, cmd.destinationCallGas());
        PlannedRoute route = priced.route();
        Amount fee = Amount.of(priced.fee());
        QuoteBasics basics = basics(cmd, route, slippage);
        RouteAssembly assembly = new RouteAssembly(snapshot, route, slippage, basics.amountOutMin().value());
        GaslessExecutor.Terms terms = executor.terms(cmd, source, basics, assembly, priced.charge());
        // The nonce, the quote and its steps are written in one transaction (grouped with concurrent quotes' by the
        // store) that commits before the quote is answered; a nonce another instance took first is replaced.
        QuoteRecord stored = issue(cmd.sender(), basics.now(), preparation, candidate -> {
            QuoteRecord record = new QuoteRecord(basics.quoteId(), cmd.acquisitionMode(), cmd.sender(),
                    basics.receiver(), cmd.fromChain(), cmd.toChain(), cmd.fromToken(), cmd.toToken(), cmd.amount(),
                    fee, cmd.amount().minus(fee), basics.amountOut(), basics.amountOutMin(), terms.spender(),
                    source.router(), candidate, basics.deadline(), "", terms.innerData(candidate),
                    route.pathType().wire(), route.bridgeCount(), assembly.providers(), assembly.mainProvider(),
                    assembly.planSteps(), terms.onChain());
            terms.verify(record);
            return record;
        });
        Amount integrator = Amount.of(integratorFee);
        return List.of(answer(cmd, stored, route, assembly, new GaslessQuote.Fee(fee, terms.feeRecipient(),
                route.fromToken().usd(fee.value()), fee.minus(integrator), integrator), terms.spender(),
                executor.gas(snapshot, route, cmd.destinationCallGas())));
    }

    /** The route the fee settled on, the executor's setting of that fee ({@code charge}) and what it takes. */
    private record Priced(PlannedRoute route, BigInteger charge, BigInteger fee) {
    }

    /**
     * The fee depends on the route's gas and the route on the amount left after the fee: plan the route on the amount
     * less the integrator fee, charge what covers its gas plus the integrator fee, then re-plan on what the charge
     * leaves until the charge covers the planned route's gas. After {@link #FEE_ROUNDS} re-plannings the last charge
     * stands and the route is planned once more on what it leaves.
     */
    private Priced price(MarketSnapshot snapshot, RouteRequest base, BigInteger amount, BigInteger integratorFee,
            long callGas) {
        PlannedRoute route = best(snapshot, base.withAmount(afterFee(amount, integratorFee)));
        BigInteger charge = charge(snapshot, route, amount, integratorFee, callGas);
        for (int round = 0; round < FEE_ROUNDS; round++) {
            route = best(snapshot, base.withAmount(afterFee(amount, executor.taken(charge, amount))));
            BigInteger needed = charge(snapshot, route, amount, integratorFee, callGas);
            if (needed.compareTo(charge) <= 0) {
                return new Priced(route, charge, executor.taken(charge, amount));
            }
            charge = needed;
        }
        BigInteger fee = executor.taken(charge, amount);
        return new Priced(best(snapshot, base.withAmount(afterFee(amount, fee))), charge, fee);
    }

    /**
     * The executor's least charge that covers its gas for {@code route} (and a destination call's {@code callGas})
     * plus the integrator fee.
     */
    private BigInteger charge(MarketSnapshot snapshot, PlannedRoute route, BigInteger amount,
            BigInteger integratorFee, long callGas) {
        return executor.charge(executor.cost(executor.gas(snapshot, route, callGas)).add(integratorFee), amount);
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

    /** What issuing the quote of {@code route} fixes (its id, time, deadline, receiver and amounts). */
    private QuoteBasics basics(GaslessQuoteCommand cmd, PlannedRoute route, Slippage slippage) {
        Instant now = clock.now();
        long minutes = cmd.deadlineMinutes() == null ? GaslessQuoteCommand.DEFAULT_DEADLINE_MINUTES
                : cmd.deadlineMinutes();
        return new QuoteBasics(newQuoteId(), now, now.getEpochSecond() + minutes * 60, cmd.effectiveReceiver(),
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
        GaslessExecutor.Handover handover = executor.handover(quote, parsed);
        GaslessSwap swap = tx.execute(status -> accept(quote, parsed, handover));
        handover.committed();
        return swap;
    }

    /** Accepts the permit in the caller's database transaction and hands its swap over. */
    private GaslessSwap accept(QuoteRecord quote, PermitSignature signature, GaslessExecutor.Handover handover) {
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
        SwapSubmission submitted = handover.submit(plan(quote));
        GaslessQuoteStore.Submission s = new GaslessQuoteStore.Submission(quote.quoteId(), signature.hex(), submitted.swapId(),
                submitted.executorTxId(), submitted.sourceTxHash());
        quotes.insertSubmission(s, now);
        return swap(quote, s);
    }

    private static ExecutionPlan plan(QuoteRecord q) {
        // a split is a same-chain or cross-chain swap to the executor: its legs are in the steps
        String wire = PathType.SAME_CHAIN_SPLIT_SWAP.wire().equals(q.routeKind()) ? RouteKind.SAME_CHAIN_SWAP.wire()
                : PathType.CROSS_CHAIN_SPLIT_SWAP.wire().equals(q.routeKind()) ? RouteKind.CROSS_CHAIN_SWAP.wire()
                : q.routeKind();
        RouteKind kind = Arrays.stream(RouteKind.values()).filter(k -> k.wire().equals(wire))
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

    /** What is left of {@code amount} after {@code fee} (3004 when nothing is). */
    private static BigInteger afterFee(BigInteger amount, BigInteger fee) {
        BigInteger left = amount.subtract(fee);
        if (left.signum() <= 0) {
            throw new GaslessException(GaslessFailure.FEE_EXCEEDS_INPUT, "amount " + amount
                    + " does not cover the gasless fee " + fee + " (executor gas plus integrator fee, input-token units)");
        }
        return left;
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
