package dev.junction.dryrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.junction.calldata.RouterCallDecoder;
import dev.junction.calldata.RouterCallDecoder.Step;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.dryrun.internal.CallPlans;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.SimulationResult;
import dev.junction.execution.Simulator;
import dev.junction.market.Market;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A route through the snapshot's Uniswap V4 native ETH/USDC pool moves native itself (docs/DECISIONS.md, "Native ETH
 * through Uniswap V4 native pools"): the build names {@link Address#NATIVE} on the V4 step, its gas is the router's
 * native V4 row without the wrap or unwrap, and the sandbox decodes and dry-runs that calldata to exactly the quoted
 * amountOut (as the router does); a NATIVE step on an adapter whose pool holds no native is refused, as the router's
 * non-payable adapter refuses the value.
 */
@SpringBootTest(properties = "junction.market.living=false")
@AutoConfigureMockMvc
class SandboxNativeV4StepTest {

    static final String SENDER = "0x1111111111111111111111111111111111111111";
    static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

    @Autowired
    MockMvc mvc;

    @Autowired
    Market market;

    @Autowired
    Simulator simulator;

    final JsonMapper json = JsonMapper.builder().build();

    JsonNode build(String from, String to, String amount, String provider) throws Exception {
        String body = mvc.perform(get("/build-best-path?fromChain=1&toChain=1&fromToken=" + from + "&toToken=" + to
                + "&amount=" + amount + "&sender=" + SENDER + "&includeProvider=" + provider
                + "&includeRoute=true&simulation=true")).andReturn().getResponse().getContentAsString();
        JsonNode answer = json.readTree(body);
        assertThat(answer.at("/data/Tx").isObject()).as(body).isTrue();
        return answer.get("data");
    }

    ExecutionPlan plan(byte[] data) {
        return CallPlans.plan(market.current(), ChainId.of(1), Address.evm(SENDER), data);
    }

    void nativeStepIsBuiltAndDryRunExactly(String from, String to, String amount, boolean in) throws Exception {
        JsonNode built = build(from, to, amount, "uniswap-v4");
        JsonNode route = built.get("route");
        assertThat(built.at("/Tx/simulation").asBoolean()).as(built.toString()).isTrue();
        byte[] data = Hex.decode(built.at("/Tx/data").asString());
        RouterCallDecoder.Route call = RouterCallDecoder.executeRoute(data);
        assertThat(call.steps()).hasSize(1);
        Step step = call.steps().getFirst();
        assertThat(Address.evm((in ? step.tokenIn : step.tokenOut).getValue())).isEqualTo(Address.NATIVE);

        SimulationResult run = simulator.simulate(plan(data));
        assertThat(run.success()).as(run.reason()).isTrue();
        assertThat(run.amountOut().toString()).isEqualTo(route.get("amountOut").asString());
    }

    @Test
    void nativeInThroughTheV4NativePool() throws Exception {
        nativeStepIsBuiltAndDryRunExactly(Address.NATIVE.value(), USDC, "2000000000000000000", true);
    }

    @Test
    void nativeOutThroughTheV4NativePool() throws Exception {
        nativeStepIsBuiltAndDryRunExactly(USDC, Address.NATIVE.value(), "5000000000", false);
    }

    @Test
    void aNativeStepOnAPoolWithoutNativeIsRefused() throws Exception {
        JsonNode built = build(Address.NATIVE.value(), USDC, "2000000000000000000", "uniswap-v3");
        byte[] data = Hex.decode(built.at("/Tx/data").asString());
        RouterCallDecoder.Route call = RouterCallDecoder.executeRoute(data);
        Step first = call.steps().getFirst();
        assertThat(Address.evm(first.tokenIn.getValue())).as("V3 pools hold WETH: the router wraps")
                .isNotEqualTo(Address.NATIVE);
        // the route's input token is the native placeholder: name it on the V3 step too
        Step nativeIn = new Step(first.kind, first.adapter, call.params().inputToken, first.tokenOut,
                first.minAmountOut, first.data);
        byte[] nativeStep = SandboxSplitRouteTest.encode(call, List.of(nativeIn));
        Throwable refused = catchThrowable(() -> plan(nativeStep));
        assertThat(refused).hasMessageContaining("pool holding native ETH");
    }
}
