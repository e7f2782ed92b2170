package dev.junction.chainmarket;

import dev.junction.chain.Address;
import dev.junction.support.AnvilProcess;
import org.springframework.test.context.DynamicPropertyRegistry;
import tools.jackson.databind.JsonNode;

/**
 * One anvil chain with the WETH/USDC Uniswap V2 pair of {@link ChainCatchUpAnvilTest#wethUsdcPair} and the chain-mode
 * properties that follow it, as the new-heads anvil tests ({@link NewHeadsAnvilTest},
 * {@link PolledWhileSocketDownAnvilTest}) configure it: they differ only in the chain's name, its {@code ws-url} and
 * its {@code poll-interval}.
 */
record WethUsdcV2Chain(Address weth, Address usdc, Address router02, String factory) {

    /** Deploys the pair on {@code anvil} (its trader funded and approved) and answers its addresses. */
    static WethUsdcV2Chain deploy(AnvilProcess anvil) throws Exception {
        JsonNode deployed = ChainCatchUpAnvilTest.wethUsdcPair(anvil);
        return new WethUsdcV2Chain(Address.evm(deployed.path("tokens").path("WETH").asString()),
                Address.evm(deployed.path("tokens").path("USDC").asString()),
                Address.evm(deployed.path("uniswapV2").path("router02").asString()),
                deployed.path("uniswapV2").path("factory").asString());
    }

    /** Chain mode with this one chain ({@code rpcUrl} straight to the node), block time 1 s, no rate limit. */
    void register(DynamicPropertyRegistry registry, long chain, String name, String rpcUrl, String wsUrl,
            String pollInterval) {
        String at = "junction.chains." + chain + ".";
        registry.add("junction.market.source", () -> "chain");
        registry.add(at + "name", () -> name);
        registry.add(at + "rpc-url", () -> rpcUrl);
        registry.add(at + "ws-url", () -> wsUrl);
        registry.add(at + "tokens", () -> weth.value() + "," + usdc.value());
        registry.add(at + "wrapped-native", () -> weth.value());
        registry.add(at + "stablecoins", () -> usdc.value());
        registry.add(at + "dexes.uniswap-v2.kind", () -> "uniswap-v2");
        registry.add(at + "dexes.uniswap-v2.factory", () -> factory);
        registry.add(at + "block-time", () -> "1s");
        registry.add(at + "poll-interval", () -> pollInterval);
        registry.add(at + "max-staleness", () -> "30m");
        registry.add("junction.rate-limit.enabled", () -> "false");
    }
}
