package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.market.ChainHead;
import dev.junction.market.Market;
import dev.junction.support.AnvilProcess;
import dev.junction.support.JunctionHttp;
import java.math.BigInteger;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.test.context.DynamicPropertyRegistry;
import tools.jackson.databind.JsonNode;

/**
 * What the chain-mode anvil tests ({@link ChainModeAnvilTest}, {@link BalancerV2ChainModeAnvilTest},
 * {@link UniswapV4ChainModeAnvilTest}, {@link TickWindowAnvilTest}) share: chain mode with the one anvil chain
 * "Anvil One" polled every 100 ms, a same-chain {@code /quote} through one provider, and the market awaited at a block
 * or at the node's head.
 */
final class ChainModeAnvil {

    private ChainModeAnvil() {
    }

    /**
     * Chain mode with the one chain {@code chain} named "Anvil One" ({@code rpc-url} straight to {@code anvil}), block
     * time 1 s, polled every 100 ms, stale after {@code maxStaleness}; answers the prefix of the chain's properties
     * ({@code junction.chains.<chain>.}) for the test's tokens and DEXes.
     */
    static String registerChain(DynamicPropertyRegistry registry, AnvilProcess anvil, long chain,
            String maxStaleness) {
        String at = "junction.chains." + chain + ".";
        String rpcUrl = anvil.rpcUrl().toString();
        registry.add("junction.market.source", () -> "chain");
        registry.add(at + "name", () -> "Anvil One");
        registry.add(at + "rpc-url", () -> rpcUrl);
        registry.add(at + "block-time", () -> "1s");
        registry.add(at + "max-staleness", () -> maxStaleness);
        registry.add(at + "poll-interval", () -> "100ms");
        return at;
    }

    /** The chain's {@code tokens}, {@code wrapped-native} and {@code stablecoins}. */
    static void registerTokens(DynamicPropertyRegistry registry, long chain, List<Address> tokens,
            Address wrappedNative, List<Address> stablecoins) {
        String at = "junction.chains." + chain + ".";
        registry.add(at + "tokens", () -> joined(tokens));
        registry.add(at + "wrapped-native", () -> wrappedNative.value());
        registry.add(at + "stablecoins", () -> joined(stablecoins));
    }

    private static String joined(List<Address> addresses) {
        return addresses.stream().map(Address::value).collect(Collectors.joining(","));
    }

    /** One RPC attempt of at most 2 s: a node that stops makes the chain stale within its {@code max-staleness}. */
    static void registerOneShortRpcAttempt(DynamicPropertyRegistry registry) {
        registry.add("junction.rpc.timeout", () -> "2s");
        registry.add("junction.rpc.max-attempts", () -> "1");
    }

    /**
     * The best route of a same-chain {@code /quote} of {@code amount} from {@code sender} through {@code provider}
     * alone, on Junction at {@code port}; the answer must be 200.
     */
    static JsonNode quote(int port, long chain, Address from, Address to, BigInteger amount, Address sender,
            String provider) throws Exception {
        JsonNode body = JunctionHttp.get(port, "/quote?fromChain=" + chain + "&toChain=" + chain + "&fromToken="
                + from + "&toToken=" + to + "&amount=" + amount + "&sender=" + sender + "&includeProvider="
                + provider);
        assertThat(body.path("httpStatus").asInt()).as(body.toString()).isEqualTo(200);
        return body.path("data").path(0);
    }

    /** Waits (up to 10 s) until the market's head on {@code chain} is at {@code block} or later. */
    static void awaitBlock(Market market, long chain, long block) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            ChainHead head = market.current().head(ChainId.of(chain)).orElseThrow();
            if (head.blockNumber() >= block) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the market did not reach block " + block);
    }

    /** Waits (up to 10 s) until the market's head on {@code chain} is the node's, hash included (after a reorg). */
    static void awaitNodeHead(AnvilProcess anvil, Market market, long chain) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            Bytes32 node = Bytes32.of(anvil.rpc().call("eth_getBlockByNumber", "latest", false).path("hash")
                    .asString());
            if (market.current().head(ChainId.of(chain)).orElseThrow().blockHash().equals(node)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the market did not reach the node's head");
    }
}
