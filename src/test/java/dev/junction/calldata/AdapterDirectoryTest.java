package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Chains with deployed adapters build only the providers that have one; the others are quotable, not buildable. */
class AdapterDirectoryTest {

    static final Address DEPLOYED_V2 = Address.evm("0x1111111111111111111111111111111111111111");

    RouteCall v2Route(String provider) {
        return route(ETH_USDC, "1000000000", ETH_WETH, "1", AcquisitionMode.DIRECT_TRANSFER,
                List.of(swap(v2(provider), ETH_USDC, ETH_WETH, "1000000000", "2", "1")));
    }

    @Test
    void aDeployedChainUsesTheDeployedAdapter() {
        var builder = new TransactionBuilder(AdapterDirectory.deployed(Map.of(ChainId.of(1), Map.of("uniswap-v2", DEPLOYED_V2))));
        var exec = Decoded.executeRoute(Hex.decode(builder.build(v2Route("Uniswap-V2")).data()));
        assertThat(Address.evm(exec.steps().get(0).adapter.getValue())).isEqualTo(DEPLOYED_V2);
    }

    @Test
    void aProviderWithoutAnAdapterOnADeployedChainIsRefusedNamingProviderAndChain() {
        var builder = new TransactionBuilder(AdapterDirectory.deployed(Map.of(ChainId.of(1), Map.of("uniswap-v2", DEPLOYED_V2))));
        assertThatThrownBy(() -> builder.build(v2Route("camelot")))
                .isInstanceOf(ProviderNotExecutableException.class)
                .hasMessageContaining("camelot").hasMessageContaining("chain 1")
                .satisfies(e -> assertThat(((CalldataException) e).parameter()).isEqualTo("providers"));
    }

    @Test
    void aBridgeWithoutAMessageBeforeADestinationLegOrCallIsRefusedOnADeployedChain() {
        Address cctp = Address.evm("0x2222222222222222222222222222222222222222");
        Address sushi = Address.evm("0x3333333333333333333333333333333333333333");
        var deployed = new TransactionBuilder(AdapterDirectory.deployed(Map.of(ETH, Map.of("cctp", cctp),
                ARB, Map.of("sushiswap", sushi))));
        for (String call : List.of("0x", "0xcafe")) {
            // CCTP V1 carries the leg through Junction's receiver, and none is deployed on Arbitrum here
            assertThatThrownBy(() -> deployed.build(TransactionBuilderTest.crossChainWithDestinationSwap("cctp", call)))
                    .as(call).isInstanceOf(ProviderNotExecutableException.class).hasMessageContaining("cctp")
                    .hasMessageContaining("no cctp receiver is deployed on chain 42161")
                    .satisfies(e -> assertThat(((CalldataException) e).parameter()).isEqualTo("providers"));
        }
        // a CCTP route that ends with the mint pays the receiver and builds
        RouteCall mintOnly = route(ETH, ETH_USDC, "1000000000", ARB_USDC, RECEIVER, "994403000",
                AcquisitionMode.DIRECT_TRANSFER, "0x", BigInteger.ZERO, List.of(bridge(
                        lane("cctp", ETH, ARB, ETH_USDC, ARB_USDC), 1_000_000_000L, 999_400_000L, 994_403_000L)));
        assertThat(Decoded.executeRoute(Hex.decode(deployed.build(mintOnly).data())).steps()).hasSize(1);
        // the same route where the destination has no deployment list (the sandbox runs the leg itself)
        var sandbox = new TransactionBuilder(AdapterDirectory.deployed(Map.of(ETH, Map.of("cctp", cctp))));
        var exec = Decoded.executeRoute(Hex.decode(sandbox.build(
                TransactionBuilderTest.crossChainWithDestinationSwap("cctp", "0x")).data()));
        assertThat(Address.evm(exec.steps().get(0).adapter.getValue())).isEqualTo(cctp);
    }

    @Test
    void notExecutableIsTheBuildsOwnRuleWithoutBuilding() {
        Address cctp = Address.evm("0x2222222222222222222222222222222222222222");
        Address sushi = Address.evm("0x3333333333333333333333333333333333333333");
        var deployed = new TransactionBuilder(AdapterDirectory.deployed(Map.of(ETH, Map.of("cctp", cctp, "across",
                cctp, "uniswap-v2", DEPLOYED_V2), ARB, Map.of("sushiswap", sushi))));
        List<RouteCall> refused = List.of(v2Route("camelot"),
                TransactionBuilderTest.crossChainWithDestinationSwap("cctp", "0x"),
                TransactionBuilderTest.crossChainWithDestinationSwap("cctp", "0xcafe"));
        for (RouteCall call : refused) {
            var why = deployed.notExecutable(call);
            assertThat(why).isPresent();
            assertThatThrownBy(() -> deployed.build(call)).isInstanceOf(ProviderNotExecutableException.class)
                    .hasMessage(why.get().getMessage());
        }
        for (RouteCall call : List.of(v2Route("uniswap-v2"),
                TransactionBuilderTest.crossChainWithDestinationSwap("across", "0xcafe"))) {
            assertThat(deployed.notExecutable(call)).isEmpty();
            assertThat(deployed.build(call).data()).startsWith("0x");
        }
    }

    @Test
    void chainsWithoutDeploymentsKeepTheDerivedAdapters() {
        var builder = new TransactionBuilder(AdapterDirectory.deployed(Map.of(ChainId.of(42161), Map.of())));
        var exec = Decoded.executeRoute(Hex.decode(builder.build(v2Route("camelot")).data()));
        assertThat(Address.evm(exec.steps().get(0).adapter.getValue())).isEqualTo(Adapters.of(ETH_ROUTER, "camelot"));
    }
}
