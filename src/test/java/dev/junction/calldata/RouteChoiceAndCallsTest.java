package dev.junction.calldata;

import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.Token;
import dev.junction.routing.PathType;
import dev.junction.routing.PlannedRoute;
import dev.junction.routing.RouteStep;
import dev.junction.routing.Slippage;
import dev.junction.routing.StepKind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Route selection for the build endpoints and the adapter from the planner's route to the encoder's input. */
class RouteChoiceAndCallsTest {

    static Token token(ChainId chain, Address a, String symbol, int decimals, double price) {
        return new Token(chain, a, decimals, symbol, symbol, "", price);
    }

    static final Token USDC = token(ETH, ETH_USDC, "USDC", 6, 1.0);
    static final Token WETH = token(ETH, ETH_WETH, "WETH", 18, 2500.0);
    static final Token ETH_NATIVE = token(ETH, Address.NATIVE, "ETH", 18, 2500.0);
    static final Token A_USDC = token(ARB, ARB_USDC, "USDC", 6, 1.0);
    static final Token A_WETH = token(ARB, ARB_WETH, "WETH", 18, 2500.0);

    static Provider provider(String key, ProviderType type) {
        return new Provider(key, key, type, "");
    }

    /** A route with the given USD figures and providers; steps do not matter for the choice. */
    static PlannedRoute route(String amountOut, double amountUsd, double amountOutUsd, double gasUsd, String... providers) {
        return new PlannedRoute(USDC, WETH, BigInteger.valueOf(1_000_000_000), BigInteger.ZERO, new BigInteger(amountOut),
                List.of(), BigInteger.ZERO, BigInteger.valueOf(150_000), BigInteger.ONE, ETH_NATIVE, ETH_ROUTER, amountUsd,
                amountOutUsd, gasUsd, 0, 0, 10, 20, 0, PathType.values()[0],
                Arrays.stream(providers).map(k -> provider(k, ProviderType.DEX)).toList());
    }

    @Test
    void withoutFiltersTheBestRankedRouteIsBuilt() {
        var a = route("400", 1000, 990, 1, "uniswap-v3");
        var b = route("399", 1000, 989, 1, "sushiswap");
        assertThat(RouteChoice.choose(List.of(a, b), null, null, null)).isSameAs(a);
    }

    @Test
    void priorityProviderWinsWithinHalfAPercentOfTheBestNetValue() {
        var best = route("400", 1000, 1000, 0, "uniswap-v3");
        var near = route("399", 1000, 996, 0, "sushiswap");     // 0.4% below
        var far = route("390", 1000, 990, 0, "curve");          // 1% below
        assertThat(RouteChoice.choose(List.of(best, near, far), null, null, "SushiSwap")).isSameAs(near);
        assertThat(RouteChoice.choose(List.of(best, near, far), null, null, "curve")).as("outside the window")
                .isSameAs(best);
        assertThat(RouteChoice.choose(List.of(best, near, far), null, null, "across")).isSameAs(best);
    }

    @Test
    void priceImpactAboveTheAllowedPercentIsExcluded() {
        var highImpact = route("400", 1000, 950, 0, "uniswap-v3");   // 5%
        var lowImpact = route("390", 1000, 990, 0, "curve");         // 1%
        assertThat(RouteChoice.priceImpactPercent(highImpact)).isEqualTo(5.0);
        assertThat(RouteChoice.choose(List.of(highImpact, lowImpact), 2.0, null, null)).isSameAs(lowImpact);
        assertThatThrownBy(() -> RouteChoice.choose(List.of(highImpact, lowImpact), 0.5, null, null))
                .isInstanceOfSatisfying(RouteChoiceException.class, e -> {
                    assertThat(e.reason()).isEqualTo(RouteChoiceException.Reason.PRICE_IMPACT_TOO_HIGH);
                    assertThat(e.parameter()).isEqualTo("allowedPriceImpact");
                    assertThat(e.getMessage()).contains("1.0000%");
                });
    }

    @Test
    void minOutputAmountExcludesRoutesAndNamesTheBestReachable() {
        var a = route("400", 1000, 990, 0, "uniswap-v3");
        var b = route("420", 1000, 980, 5, "sushiswap");
        assertThat(RouteChoice.choose(List.of(a, b), null, BigInteger.valueOf(410), null)).isSameAs(b);
        assertThatThrownBy(() -> RouteChoice.choose(List.of(a, b), null, BigInteger.valueOf(421), null))
                .isInstanceOfSatisfying(RouteChoiceException.class, e -> {
                    assertThat(e.reason()).isEqualTo(RouteChoiceException.Reason.MIN_OUTPUT_UNREACHABLE);
                    assertThat(e.bestReachable()).isEqualTo(BigInteger.valueOf(420));
                    assertThat(e.getMessage()).contains("420").contains("minOutputAmount");
                });
    }

    @Test
    void onlyBuildableRoutesCompeteAndTheBestOfThemIsChosen() {
        var best = route("400", 1000, 1000, 0, "uniswap-v3");
        var near = route("399", 1000, 996, 0, "sushiswap");
        var far = route("390", 1000, 990, 0, "curve");
        List<PlannedRoute> ranked = List.of(best, near, far);
        List<PlannedRoute> tested = new ArrayList<>();
        assertThat(RouteChoice.choose(ranked, null, null, null, r -> tested.add(r) && r != best)).isSameAs(near);
        assertThat(tested).as("tested best first, only until one can be built").containsExactly(best, near);
        // the priority provider's route competes only when it can be built
        assertThat(RouteChoice.choose(ranked, null, null, "uniswap-v3", r -> r != best)).isSameAs(near);
        assertThat(RouteChoice.choose(ranked, null, null, "sushiswap", r -> r != near)).isSameAs(best);
        // none can: the choice without the rule (its build says why)
        assertThat(RouteChoice.choose(ranked, null, null, null, r -> false)).isSameAs(best);
        assertThat(RouteChoice.choose(ranked, null, null, "sushiswap", r -> false)).isSameAs(near);
    }

    static Chain chain(ChainId id, Address router) {
        return new Chain(id, id.toString(), id.toString(), "", "ETH", 18, Address.ZERO, 1000, 1, BigInteger.ONE,
                BigInteger.ONE, BigInteger.ZERO, router, null, true);
    }

    static MarketSnapshot snapshot() {
        return new MarketSnapshot(1, List.of(chain(ETH, ETH_ROUTER), chain(ARB, ARB_ROUTER)), List.of(), List.of(),
                List.of(), List.of());
    }

    static RouteStep swapStep(Pool pool, Token from, Token to, Address poolIn, Address poolOut, long in, String out) {
        return new RouteStep(StepKind.SWAP, provider(pool.provider(), ProviderType.DEX), pool.chain(), pool.chain(),
                pool.chain(), from, to, BigInteger.valueOf(in), new BigInteger(out), BigInteger.ZERO, BigInteger.ZERO,
                100_000, 12, 24, pool, null, poolIn, poolOut);
    }

    static RouteStep bridgeStep(BridgeLane lane, Token from, Token to, long in, long out) {
        return new RouteStep(StepKind.BRIDGE, provider(lane.provider(), ProviderType.BRIDGE), lane.fromChain(),
                lane.fromChain(), lane.toChain(), from, to, BigInteger.valueOf(in), BigInteger.valueOf(out),
                BigInteger.ZERO, BigInteger.valueOf(in - out), 90_000, 120, 240, null, lane, null, null);
    }

    @Test
    void aPlannedCrossChainRouteBecomesTheCallOfItsSteps() {
        var eth = v3("uniswap-v3", 500, 10);
        var lane = lane("across", ETH, ARB, ETH_USDC, ARB_USDC);
        var arb = GoldenCases.arbSushi();
        var steps = List.of(
                swapStep(eth, ETH_NATIVE, USDC, ETH_WETH, ETH_USDC, 995_000_000_000_000_000L, "2400000000"),
                bridgeStep(lane, USDC, A_USDC, 2_400_000_000L, 2_398_000_000L),
                swapStep(arb, A_USDC, A_WETH, ARB_USDC, ARB_WETH, 2_398_000_000L, "950000000000000000"));
        var planned = new PlannedRoute(ETH_NATIVE, A_WETH, new BigInteger("1000000000000000000"),
                new BigInteger("5000000000000000"), new BigInteger("950000000000000000"), steps, BigInteger.ZERO,
                BigInteger.valueOf(190_000), BigInteger.ONE, ETH_NATIVE, ETH_ROUTER, 2500, 2375, 1, 12.5, 0, 300, 600, 1,
                PathType.values()[0], List.of());
        var terms = new RouteCalls.Terms(QUOTE_ID, SENDER, RECEIVER, Amount.of(new BigInteger("940000000000000000")),
                Slippage.ofPercent(1), 50, "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", null, "0x", null, QUOTED_AT,
                EXPIRY, null);
        RouteCall call = RouteCalls.of(planned, terms, snapshot());
        assertThat(call.router()).isEqualTo(ETH_ROUTER);
        assertThat(call.amountIn().value()).isEqualTo(new BigInteger("1000000000000000000"));
        assertThat(call.deadline()).isEqualTo(QUOTED_AT + 1_800);
        assertThat(call.gasEstimate()).isEqualTo(190_000);
        assertThat(call.feeRecipient()).isEqualTo(FEE_RECIPIENT);
        assertThat(call.steps()).hasSize(3);
        SwapCall first = (SwapCall) call.steps().get(0);
        assertThat(first.tokenIn()).as("the pool trades the wrapped native").isEqualTo(ETH_WETH);
        assertThat(first.minAmountOut().value()).as("1% below the planned output").isEqualTo(BigInteger.valueOf(2_376_000_000L));
        BridgeCall bridge = (BridgeCall) call.steps().get(1);
        assertThat(bridge.destinationRouter()).isEqualTo(ARB_ROUTER);
        assertThat(bridge.minAmountOut().value()).isEqualTo(BigInteger.valueOf(2_374_020_000L));
        assertThat(call.steps().get(2).minAmountOut().value()).as("the last step binds the route minimum")
                .isEqualTo(new BigInteger("940000000000000000"));

        Transaction tx = new TransactionBuilder().build(call);
        assertThat(tx.value()).isEqualTo(new BigInteger("1000000000000000000"));
        assertThat(tx.allowanceTarget()).isEqualTo(Address.ZERO);
        assertThat(tx.gasLimit()).isEqualTo(BigInteger.valueOf(228_000));
        var exec = Decoded.executeRoute(Hex.decode(tx.data()));
        assertThat(exec.steps()).hasSize(3);
        assertThat(exec.params().feeBps.getValue().intValue()).isEqualTo(50);
    }

    @Test
    void feeRecipientIsTheIntegratorAddressElseTheConfiguredOneNeverTheRouter() {
        var text = new RouteCalls.Terms(QUOTE_ID, SENDER, RECEIVER, Amount.of(1), Slippage.DEFAULT, 30, "acme-wallet",
                null, null, null, QUOTED_AT, EXPIRY, null);
        assertThatThrownBy(() -> RouteCalls.feeRecipient(text)).isInstanceOf(CalldataException.class)
                .hasMessageContaining("junction.fees.recipient")
                .satisfies(e -> assertThat(((CalldataException) e).parameter()).isEqualTo("Integrator"));
        var configured = new RouteCalls.Terms(QUOTE_ID, SENDER, RECEIVER, Amount.of(1), Slippage.DEFAULT, 30,
                "acme-wallet", null, null, null, QUOTED_AT, EXPIRY, FEE_RECIPIENT);
        assertThat(RouteCalls.feeRecipient(configured)).isEqualTo(FEE_RECIPIENT);
        var address = new RouteCalls.Terms(QUOTE_ID, SENDER, RECEIVER, Amount.of(1), Slippage.DEFAULT, 30,
                FEE_RECIPIENT.value(), null, null, null, QUOTED_AT, EXPIRY, ETH_ROUTER);
        assertThat(RouteCalls.feeRecipient(address)).as("an address Integrator wins").isEqualTo(FEE_RECIPIENT);
        var none = new RouteCalls.Terms(QUOTE_ID, SENDER, RECEIVER, Amount.of(1), Slippage.DEFAULT, 0,
                "acme-wallet", null, null, null, QUOTED_AT, EXPIRY, null);
        assertThat(RouteCalls.feeRecipient(none)).isEqualTo(Address.ZERO);
    }
}
