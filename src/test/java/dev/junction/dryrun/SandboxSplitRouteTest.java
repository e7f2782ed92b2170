package dev.junction.dryrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.junction.calldata.RouterCallDecoder;
import dev.junction.calldata.RouterCallDecoder.Step;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.dryrun.internal.CallPlans;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.SimulationResult;
import dev.junction.execution.Simulator;
import dev.junction.market.Market;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Uint8;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sandbox runs a split route as the router does: README's 1,000 WETH -> USDC builds as a split, its calldata is
 * decoded into leg steps, and the dry run delivers exactly the quoted amountOut (the legs on floor shares, the last on
 * the remainder, legs sharing a pool on the state the previous left, one minimum on the total). Malformed leg steps are
 * refused with the router's own rules (InvalidShares, ZeroAmount, UnknownAdapter).
 */
@SpringBootTest(properties = "junction.market.living=false")
@AutoConfigureMockMvc
class SandboxSplitRouteTest {

    static final String SENDER = "0x1111111111111111111111111111111111111111";
    static final String WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
    static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    static final String SPLIT = "fromChain=1&toChain=1&fromToken=" + WETH + "&toToken=" + USDC
            + "&amount=1000000000000000000000&includeRoute=true&sender=" + SENDER;

    @Autowired
    MockMvc mvc;

    @Autowired
    Market market;

    @Autowired
    Simulator simulator;

    final JsonMapper json = JsonMapper.builder().build();

    /** The {@code data} of a GET /build-best-path that answers 200. */
    JsonNode build(String query) throws Exception {
        return json.readTree(mvc.perform(get("/build-best-path?" + query)).andExpect(status().isOk()).andReturn()
                .getResponse().getContentAsString()).get("data");
    }

    ExecutionPlan plan(byte[] data) {
        return CallPlans.plan(market.current(), ChainId.of(1), Address.evm(SENDER), data);
    }

    @Test
    void aSplitBuildIsSimulatedAndTheDryRunDeliversTheQuotedAmount() throws Exception {
        JsonNode built = build(SPLIT + "&simulation=true");
        JsonNode route = built.get("route");
        assertThat(route.get("pathType").asString()).isEqualTo("sameChainSplitSwap");
        assertThat(built.at("/Tx/simulation").asBoolean()).as(built.toString()).isTrue();

        ExecutionPlan plan = plan(Hex.decode(built.at("/Tx/data").asString()));
        List<Integer> shares = new ArrayList<>();
        for (JsonNode s : route.get("path")) {
            if (shares.size() == s.get("leg").asInt()) {
                shares.add(s.get("shareBps").asInt());
            }
        }
        assertThat(plan.steps()).filteredOn(PlanStep.Leg.class::isInstance)
                .extracting(s -> ((PlanStep.Leg) s).shareBps()).containsExactlyElementsOf(shares);
        assertThat(plan.steps()).hasSize(route.get("path").size() + shares.size());

        SimulationResult run = simulator.simulate(plan);
        assertThat(run.success()).as(run.reason()).isTrue();
        assertThat(run.amountOut().toString()).isEqualTo(route.get("amountOut").asString());
    }

    static final String ARB_USDC = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
    static final String CROSS_SPLIT = "fromChain=1&toChain=42161&fromToken=" + WETH + "&toToken=" + ARB_USDC
            + "&amount=1000000000000000000000&includeRoute=true&sender=" + SENDER;

    @Test
    void aCrossChainSplitBuildIsSimulatedAndTheDryRunDeliversTheQuotedAmount() throws Exception {
        JsonNode built = build(CROSS_SPLIT + "&simulation=true");
        JsonNode route = built.get("route");
        assertThat(route.get("pathType").asString()).as(route.toString()).isEqualTo("crossChainSplitSwap");
        assertThat(built.at("/Tx/simulation").asBoolean()).as(built.toString()).isTrue();

        ExecutionPlan plan = plan(Hex.decode(built.at("/Tx/data").asString()));
        List<Integer> shares = new ArrayList<>();
        int previous = -1;
        for (JsonNode s : route.get("path")) {
            if (!s.has("leg")) {
                previous = -1;
                continue;
            }
            if (s.get("leg").asInt() != previous) {
                shares.add(s.get("shareBps").asInt());
                previous = s.get("leg").asInt();
            }
        }
        assertThat(shares).hasSizeGreaterThan(1);
        // the source transaction's steps carry the destination leg too (the bridge's message): every leg step decoded
        assertThat(plan.steps()).filteredOn(PlanStep.Leg.class::isInstance)
                .extracting(s -> ((PlanStep.Leg) s).shareBps()).containsExactlyElementsOf(shares);
        assertThat(plan.steps()).hasSize(route.get("path").size() + shares.size());
        assertThat(plan.steps()).filteredOn(PlanStep.Bridge.class::isInstance).hasSize(1);

        SimulationResult run = simulator.simulate(plan);
        assertThat(run.success()).as(run.reason()).isTrue();
        assertThat(run.amountOut().toString()).isEqualTo(route.get("amountOut").asString());
    }

    @Test
    void theDecoderRefusesMalformedLegStepsAsTheRouterDoes() throws Exception {
        byte[] data = Hex.decode(build(SPLIT).at("/Tx/data").asString());
        RouterCallDecoder.Route route = RouterCallDecoder.executeRoute(data);
        List<Integer> legs = new ArrayList<>();
        for (int i = 0; i < route.steps().size(); i++) {
            if (route.steps().get(i).kind.getValue().intValue() == 2) {
                legs.add(i);
            }
        }
        assertThat(legs).hasSizeGreaterThan(1).first().isEqualTo(0);
        int first = legs.getFirst();
        int share = share(route.steps().get(first));

        // shares that do not sum to 10000: the router's InvalidShares(sum)
        assertThat(refusal(route, first, s -> withShare(s, share - 1))).startsWith("InvalidShares(9999)");
        assertThat(refusal(route, first, s -> withShare(s, share + 1))).startsWith("InvalidShares(10001)");
        // a zero or oversized share: InvalidShares(share)
        assertThat(refusal(route, first, s -> withShare(s, 0))).startsWith("InvalidShares(0)");
        assertThat(refusal(route, first, s -> withShare(s, 10_001))).startsWith("InvalidShares(10001)");
        // a leg without a swap (a leg step right before the next): ZeroAmount
        List<Step> empty = new ArrayList<>(route.steps());
        empty.add(legs.get(1), route.steps().get(legs.get(1)));
        assertThat(refusal(route, empty)).startsWith("ZeroAmount");
        // a leg step after a swap in a single path: the router reads it as a step with no registered adapter
        List<Step> single = new ArrayList<>(route.steps().subList(1, legs.get(1)));
        single.add(route.steps().getFirst());
        assertThat(refusal(route, single)).startsWith("UnknownAdapter(" + Address.ZERO.lower() + ")");
        // a leg step naming an adapter: the router runs none for it and refuses it (UnknownAdapter), so does the sandbox
        Address adapter = Address.evm(route.steps().get(1).adapter.getValue());
        List<Step> withAdapter = new ArrayList<>(route.steps());
        Step leg = route.steps().getFirst();
        withAdapter.set(first, new Step(leg.kind, new org.web3j.abi.datatypes.Address(adapter.value()), leg.tokenIn,
                leg.tokenOut, leg.minAmountOut, leg.data));
        assertThat(refusal(route, withAdapter)).startsWith("UnknownAdapter(" + adapter.lower() + ")");
        // an unknown step kind after the legs: UnknownAdapter, as the router says
        List<Step> kind3 = new ArrayList<>(route.steps());
        kind3.set(first, new Step(new Uint8(3), leg.adapter, leg.tokenIn, leg.tokenOut, leg.minAmountOut, leg.data));
        assertThat(refusal(route, kind3)).startsWith("UnknownAdapter(");
    }

    static int share(Step leg) {
        return new BigInteger(1, leg.data.getValue()).intValueExact();
    }

    static Step withShare(Step leg, int share) {
        return new Step(leg.kind, leg.adapter, leg.tokenIn, leg.tokenOut, leg.minAmountOut,
                new DynamicBytes(Abi.encode(Abi.uint256(BigInteger.valueOf(share)))));
    }

    String refusal(RouterCallDecoder.Route route, int index, UnaryOperator<Step> change) {
        List<Step> steps = new ArrayList<>(route.steps());
        steps.set(index, change.apply(steps.get(index)));
        return refusal(route, steps);
    }

    String refusal(RouterCallDecoder.Route route, List<Step> steps) {
        return catchThrowableOfType(CallPlans.NotARoute.class, () -> plan(encode(route, steps))).getMessage();
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static byte[] encode(RouterCallDecoder.Route route, List<Step> steps) {
        List<Type> args = List.of(route.params(), new DynamicArray<>(Step.class, steps));
        return Hex.decode(FunctionEncoder.encode(new Function("executeRoute", args, List.of())));
    }
}
