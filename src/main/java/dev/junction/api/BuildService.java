package dev.junction.api;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.calldata.TransactionChecks;
import dev.junction.calldata.RouteCall;
import dev.junction.calldata.RouteCalls;
import dev.junction.calldata.RouteChoice;
import dev.junction.calldata.RouteChoiceException;
import dev.junction.calldata.Transaction;
import dev.junction.calldata.TransactionBuilder;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.market.ChainFreshness;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.chain.AcquisitionMode;
import dev.junction.quote.QuoteRequest;
import dev.junction.quote.QuoteService;
import dev.junction.quote.QuoteStore;
import dev.junction.quote.StoredQuote;
import dev.junction.routing.DestinationCallGas;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.Slippage;
import java.math.BigInteger;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;

/**
 * {@code GET /build-best-path} and {@code POST /build-path}: plan (or look up) the route, choose it, and encode the
 * transaction. Planning goes through the quote service, so every build is also a stored quote (its quoteId is in the
 * calldata, its request records Integrator and Referrer).
 *
 * <p>Checks ({@link TransactionChecks}): in chain mode the node estimates the gas of the built transaction, and
 * {@code simulation=true} on /build-best-path is an {@code eth_call} of exactly it from the sender; in the sandbox
 * the built calldata is decoded into the plan the executor would run and dry-run on the current market (exact pool
 * math, lane fees and bounds, every minimum, the deadline; nothing is committed). Success sets
 * {@code simulation: true}; a failure is 3007 BUILD_SIMULATION_FAILED naming the reason. Without the flag nothing is
 * run and {@code simulation} is {@code false}.
 */
@Service
public class BuildService {

    private final QuoteService quotes;
    private final QuoteStore store;
    private final Market market;
    private final ChainFreshness freshness;
    private final Clock clock;
    private final TransactionChecks checks;
    private final TransactionBuilder builder;
    private final Address operatorFeeRecipient;

    /**
     * @param checks the mode's checks: the sandbox's dry run ({@code dryrun}) or the chains' nodes ({@code chainbuild})
     * @param adapters the mode's adapters: every provider's derived one in the sandbox, the deployed ones in chain mode
     */
    BuildService(QuoteService quotes, QuoteStore store, Market market, Clock clock, TransactionChecks checks,
            AdapterDirectory adapters, FeeProperties fees, ChainFreshness freshness) {
        this.operatorFeeRecipient = fees.recipientAddress();
        this.checks = checks;
        this.builder = new TransactionBuilder(adapters);
        this.quotes = quotes;
        this.store = store;
        this.market = market;
        this.freshness = freshness;
        this.clock = clock;
    }

    /** The best route of routeMode after the build filters, as {@code data} of /build-best-path. */
    public BuildBestPathResult buildBestPath(BuildBestPathRequest request) {
        QuoteRequest q = request.quote();
        freshness.requireAtHead(q.fromChain());
        StoredQuote quote = quotes.quoteAndStore(q);
        Asked asked = new Asked(q.sender(), q.receiver(), q.slippage(), q.integrator(), q.acquisitionMode(),
                q.destinationCallData(), q.destinationGasLimit(), q.fallbackAddress(), request.minOutputAmount());
        StoredQuote.Route chosen = choose(quote, q.allowedPriceImpact(), q.priorityProvider(), asked);
        Transaction tx = checked(build(quote, chosen.plan(), asked), quote, q.simulation());
        return new BuildBestPathResult(TransactionResponse.of(tx), request.includeRoute() ? quote.view(chosen) : null);
    }

    /** The route of {@code pathId} (or the best route), as {@code data} of /build-path. */
    public TransactionResponse buildPath(BuildPathRequest body) {
        if (body.pathId() == null) {
            QuoteRequest q = new QuoteRequest(body.fromChain(), body.toChain(), body.fromToken(), body.toToken(),
                    body.amount(), body.sender(), body.receiver(), body.slippage(), body.feeBps(), Set.of(), Set.of(),
                    null, body.routeMode(), body.integrator(), null, body.destinationCallData(),
                    body.destinationGasLimit(), null, false, false, body.acquisitionMode(), body.fallbackAddress());
            freshness.requireAtHead(q.fromChain());
            StoredQuote quote = quotes.quoteAndStore(q);
            Asked asked = new Asked(body.sender(), body.receiver(), body.slippage(), body.integrator(),
                    body.acquisitionMode(), body.destinationCallData(), body.destinationGasLimit(),
                    body.fallbackAddress(), body.minOutputAmount());
            PlannedRoute plan = choose(quote, null, null, asked).plan();
            return TransactionResponse.of(checked(build(quote, plan, asked), quote, false));
        }
        StoredQuote quote = store.byPathId(body.pathId()).orElseThrow(() -> new ApiException(ErrorCode.QUOTE_NOT_FOUND,
                "pathId " + body.pathId() + " is not a route of any quote", "pathId"));
        if (body.quoteId() != null && !body.quoteId().equals(quote.quoteId())) {
            throw mismatch("quoteId", "the quote of pathId " + body.pathId() + ", " + quote.quoteId());
        }
        if (quote.expired(clock.instant())) {
            throw new ApiException(ErrorCode.QUOTE_EXPIRED, "pathId " + body.pathId() + " belongs to quote "
                    + quote.quoteId() + ", which expired at " + quote.expiresAt() + "; request a new quote", "pathId");
        }
        QuoteRequest q = quote.request();
        same("fromChain", body.fromChain(), q.fromChain());
        same("fromToken", body.fromToken(), q.fromToken());
        same("toChain", body.toChain(), q.toChain());
        same("toToken", body.toToken(), q.toToken());
        same("Amount", body.amount(), q.amount());
        same("Sender", body.sender(), q.sender());
        int quotedFee = q.feeBps() == null ? 0 : q.feeBps();
        if (body.feeBps() != null && body.feeBps() != quotedFee) {
            throw mismatch("feeBps", "the quote's feeBps " + quotedFee + " (the route's amounts depend on it)");
        }
        PlannedRoute plan = quote.route(body.pathId()).orElseThrow(() -> new ApiException(ErrorCode.NO_ROUTE,
                "the route of pathId " + body.pathId() + " uses a pool or bridge lane the market no longer has;"
                        + " request a new quote", "pathId")).plan();
        requireCallGasQuoted(body, q, plan);
        Amount min = body.minOutputAmount();
        if (min != null && min.value().compareTo(plan.amountOut()) > 0) {
            throw new RouteChoiceException(RouteChoiceException.Reason.MIN_OUTPUT_UNREACHABLE, "minOutputAmount",
                    "minOutputAmount is " + min + " but the route of pathId " + body.pathId() + " reaches "
                            + plan.amountOut() + " (toToken smallest units)", plan.amountOut());
        }
        return TransactionResponse.of(checked(build(quote, plan, new Asked(body.sender(), body.receiver(),
                body.slippage() != null ? body.slippage() : q.slippage(),
                body.integrator() != null ? body.integrator() : q.integrator(),
                body.acquisitionMode() != null ? body.acquisitionMode() : q.acquisitionMode(),
                body.destinationCallData(), body.destinationGasLimit(), body.fallbackAddress(), min)), quote, false));
    }

    /**
     * The terms a build of a route was asked with (besides the route itself).
     *
     * @param minOutputAmount the caller's floor on the output, or null
     */
    private record Asked(Address sender, Address receiver, Double slippage, String integrator, AcquisitionMode mode,
            String destinationCallData, Amount destinationGasLimit, Address fallbackAddress, Amount minOutputAmount) {
    }

    /**
     * The route to build: {@link RouteChoice} over the quote's ranking, among the routes Junction can build on these
     * chains ({@link TransactionBuilder#notExecutable}, checked on each candidate's call without encoding it; only the
     * chosen one is built). When none can, the choice without that rule, whose build answers 3008.
     */
    private StoredQuote.Route choose(StoredQuote quote, Double allowedPriceImpact, String priorityProvider,
            Asked asked) {
        List<StoredQuote.Route> routes = quote.routes();
        List<PlannedRoute> plans = routes.stream().map(StoredQuote.Route::plan).toList();
        Amount min = asked.minOutputAmount();
        MarketSnapshot snapshot = market.current();
        PlannedRoute chosen = RouteChoice.choose(plans, allowedPriceImpact, min == null ? null : min.value(),
                priorityProvider, plan -> builder.notExecutable(call(quote, plan, asked, snapshot)).isEmpty());
        return routes.get(plans.indexOf(chosen));
    }

    private Transaction build(StoredQuote quote, PlannedRoute plan, Asked asked) {
        return builder.build(call(quote, plan, asked, market.current()));
    }

    private RouteCall call(StoredQuote quote, PlannedRoute plan, Asked asked, MarketSnapshot market) {
        Slippage s = asked.slippage() == null ? Slippage.DEFAULT : Slippage.ofPercent(asked.slippage());
        BigInteger min = s.minAmountOut(plan.amountOut());
        if (asked.minOutputAmount() != null) {
            min = min.max(asked.minOutputAmount().value());
        }
        int feeBps = quote.request().feeBps() == null ? 0 : quote.request().feeBps();
        // A bridge's quote time (Across quoteTimestamp) must not be after the source chain's block time: on a real
        // chain it is the head block's timestamp when that is older than the quote (a chain with 12 s blocks).
        long quotedAt = quote.createdAt().getEpochSecond();
        quotedAt = market.head(plan.fromToken().chain()).map(h -> Math.min(h.blockTimestamp(), quote.createdAt()
                .getEpochSecond())).orElse(quotedAt);
        var terms = new RouteCalls.Terms(quote.quoteId(), asked.sender(), asked.receiver(), Amount.of(min), s, feeBps,
                asked.integrator(), asked.mode(), asked.destinationCallData(),
                asked.destinationGasLimit() == null ? null : asked.destinationGasLimit().value(), quotedAt,
                quote.expiresAt().getEpochSecond(), operatorFeeRecipient, asked.fallbackAddress());
        return RouteCalls.of(plan, terms, market);
    }

    /**
     * The checks of the built transaction: on a chain-mode chain the gas limit from the node's
     * {@code eth_estimateGas} (plus the margin) when the sender can already send it; with {@code simulate}, the
     * transaction run from the sender without committing ({@code eth_call}, or the sandbox's dry run): 3007 naming
     * the reason when it fails.
     */
    private Transaction checked(Transaction tx, StoredQuote quote, boolean simulate) {
        QuoteRequest q = quote.request();
        if (!checks.covers(tx.chain())) {
            if (simulate) {
                throw new ApiException(ErrorCode.BUILD_SIMULATION_FAILED, "simulation failed: this instance cannot run"
                        + " transactions of chain " + tx.chain() + " (no node and no embedded network)", "simulation");
            }
            return tx;
        }
        Address input = q.fromToken().equals(Address.ZERO) ? Address.NATIVE : q.fromToken();
        Optional<BigInteger> estimate = checks.estimateGas(tx, q.sender(), input, q.amount().value());
        if (estimate.isPresent()) {
            tx = tx.withGasLimit(TransactionBuilder.gasWithMargin(estimate.get()));
        }
        if (!simulate) {
            return tx;
        }
        TransactionChecks.Simulation result = checks.simulate(tx, q.sender(), input, q.amount().value());
        if (!result.success()) {
            throw new ApiException(ErrorCode.BUILD_SIMULATION_FAILED, "simulation failed: " + result.reason()
                    + (result.stateOverridden().isEmpty() ? "" : " (with " + result.stateOverridden()
                            + " overridden)"), "simulation");
        }
        return tx.withSimulation(true);
    }

    /**
     * A cross-chain route's bridge fee carries the gas of the destination call its quote was asked with (the filler or
     * relayer pays it at delivery); a build of that route may name a call needing no more gas, else 1002: a filler
     * would not be paid for the rest.
     */
    private static void requireCallGasQuoted(BuildPathRequest body, QuoteRequest q, PlannedRoute plan) {
        if (plan.fromToken().chain().equals(plan.toToken().chain())) {
            return;
        }
        long wanted = DestinationCallGas.of(body.destinationCallData(),
                body.destinationGasLimit() == null ? null : body.destinationGasLimit().value());
        long quoted = DestinationCallGas.of(q.destinationCallData(),
                q.destinationGasLimit() == null ? null : q.destinationGasLimit().value());
        if (wanted > quoted) {
            String field = quoted == 0 ? "destinationCallData" : "destinationGasLimit";
            throw new ApiException(ErrorCode.INVALID_PARAMETER, field + " needs " + wanted + " gas on chain "
                    + plan.toToken().chain() + " but the bridge fee of pathId " + body.pathId() + " covers " + quoted
                    + " (its quote's destination call); quote with this destinationCallData and destinationGasLimit",
                    field);
        }
    }

    private static void same(String field, Object given, Object quoted) {
        if (!Objects.equals(given, quoted)) {
            throw mismatch(field, "the quote's " + quoted);
        }
    }

    private static ApiException mismatch(String field, String what) {
        return new ApiException(ErrorCode.INVALID_PARAMETER, field + " must match the quote of pathId: "
                + "it differs from " + what, field);
    }

}
