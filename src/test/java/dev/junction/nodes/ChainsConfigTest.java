package dev.junction.nodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.market.UniswapV4Pool;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.uniswapv2.UniswapV2;
import dev.junction.protocol.uniswapv3.UniswapV3;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ByteArrayResource;

/** junction.chains.* as a user writes it in YAML: names, defaults, and a start-up failure naming the property. */
class ChainsConfigTest {

    private static final String WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
    private static final String USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    private static final String FACTORY = "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f";

    static Binder yaml(String text) throws Exception {
        List<PropertySource<?>> sources = new YamlPropertySourceLoader().load("test",
                new ByteArrayResource(text.getBytes(StandardCharsets.UTF_8)));
        StandardEnvironment env = new StandardEnvironment();
        sources.forEach(s -> env.getPropertySources().addFirst(s));
        return new Binder(ConfigurationPropertySources.get(env));
    }

    @Test
    void aYamlChainBindsWithItsDefaults() throws Exception {
        List<ChainSettings> chains = bind(yaml("""
                junction:
                  chains:
                    31337:
                      name: Local One
                      rpc-urls: ["http://127.0.0.1:8545", "http://127.0.0.1:8546/key"]
                      tokens: ["%s", "%s"]
                      wrapped-native: "%s"
                      stablecoins: ["%s"]
                      block-time: 1s
                      dexes:
                        uni-v2: {kind: uniswap-v2, factory: "%s"}
                        uni-v3: {kind: uniswap-v3, factory: "%s", fee-tiers: [500, 3000]}
                """.formatted(WETH, USDC, WETH, USDC, FACTORY, FACTORY))).all();
        assertThat(chains).hasSize(1);
        ChainSettings c = chains.getFirst();
        assertThat(c.id().value()).isEqualTo(31337);
        assertThat(c.key()).isEqualTo("local-one");
        assertThat(c.rpcUrls()).hasSize(2);
        assertThat(c.tokens()).containsExactly(Address.evm(WETH), Address.evm(USDC));
        assertThat(c.dexes().get("uni-v3").feeTiers()).containsExactly(500, 3000);
        assertThat(c.dexes().get("uni-v2").initCodeHash().value())
                .isEqualTo("0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f");
        assertThat(c.maxStaleness()).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.permit2()).isEqualTo(ChainSettings.CANONICAL_PERMIT2);
        assertThat(c.router()).isNull();
    }

    @Test
    void wsUrlTakesOneOrSeveralWebSocketUrlsAndNamesTheOneThatIsNot() throws Exception {
        String yaml = """
                junction.chains.1:
                  rpc-url: http://127.0.0.1:8545
                  tokens: ["%s"]
                  %s
                """;
        assertThat(bind(yaml(yaml.formatted(WETH, ""))).all().getFirst().wsUrls()).isEmpty();
        assertThat(bind(yaml(yaml.formatted(WETH, "ws-url: ws://127.0.0.1:8545"))).all().getFirst().wsUrls())
                .extracting(Object::toString).containsExactly("ws://127.0.0.1:8545");
        assertThat(bind(yaml(yaml.formatted(WETH, "ws-url: [\"ws://127.0.0.1:8545\", \"wss://node.example/key\"]")))
                .all().getFirst().wsUrls()).extracting(Object::toString)
                .containsExactly("ws://127.0.0.1:8545", "wss://node.example/key");
        assertThatThrownBy(() -> bind(yaml(yaml.formatted(WETH,
                "ws-url: [\"ws://127.0.0.1:8545\", \"http://127.0.0.1:8545\"]"))).all())
                .isInstanceOf(ChainConfigException.class)
                .hasMessage("junction.chains.1.ws-url[1] must be a ws:// or wss:// URL of the chain's node (anvil, "
                        + "geth and reth serve WebSocket on their RPC port or --ws.port), was \"http://127.0.0.1:8545\"");
        assertThatThrownBy(() -> bind(yaml(yaml.formatted(WETH, "ws-url: \"ws:no-host\""))).all())
                .isInstanceOf(ChainConfigException.class).hasMessageStartingWith("junction.chains.1.ws-url[0] must be");
    }

    @Test
    void priceFeedsBindByTokenAddressAndEachRuleNamesItsProperty() throws Exception {
        String feed = "0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419";
        String yaml = """
                junction.chains.1:
                  rpc-url: http://127.0.0.1:8545
                  tokens: ["%s", "%s"]
                  stablecoins: ["%s"]
                  price-feeds:
                    "%s": "%s"
                """;
        ChainSettings c = bind(yaml(yaml.formatted(WETH, USDC, USDC, WETH, feed))).all().getFirst();
        assertThat(c.priceFeeds()).containsExactly(Map.entry(Address.evm(WETH), Address.evm(feed)));
        assertThat(c.priceFeedMaxAge()).isEqualTo(Duration.ofHours(25));
        String aged = yaml + "  price-feed-max-age: %s\n";
        assertThat(bind(yaml(aged.formatted(WETH, USDC, USDC, WETH, feed, "2h"))).all().getFirst()
                .priceFeedMaxAge()).isEqualTo(Duration.ofHours(2));
        assertThatThrownBy(() -> bind(yaml(aged.formatted(WETH, USDC, USDC, WETH, feed, "0s"))).all())
                .isInstanceOf(ChainConfigException.class)
                .hasMessageContaining("junction.chains.1.price-feed-max-age");
        assertThatThrownBy(() -> bind(yaml(yaml.formatted(WETH, USDC, USDC, USDC, feed))).all())
                .isInstanceOf(ChainConfigException.class)
                .hasMessageContaining("junction.chains.1.price-feeds." + USDC).hasMessageContaining("stablecoin");
        String other = "0x6B175474E89094C44Da98b954EedeAC495271d0F";
        assertThatThrownBy(() -> bind(yaml(yaml.formatted(WETH, USDC, USDC, other, feed))).all())
                .isInstanceOf(ChainConfigException.class)
                .hasMessageContaining("junction.chains.1.price-feeds." + other).hasMessageContaining("tokens");
        assertThatThrownBy(() -> bind(yaml(yaml.formatted(WETH, USDC, USDC, WETH, "0x12"))).all())
                .isInstanceOf(ChainConfigException.class)
                .hasMessageContaining("junction.chains.1.price-feeds." + WETH + " must be 0x");
    }

    @Test
    void anUnquotedAddressInYamlIsNamedWithTheHint() throws Exception {
        Binder b = yaml("""
                junction.chains.1:
                  rpc-url: http://127.0.0.1:8545
                  tokens: ["%s"]
                  router: %s
                """.formatted(USDC, WETH));
        assertThatThrownBy(() -> bind(b).all()).isInstanceOf(ChainConfigException.class)
                .hasMessageContaining("junction.chains.1.router").hasMessageContaining("quote addresses");
    }

    @Test
    void eachRuleNamesItsProperty() {
        Map<String, String> base = new HashMap<>(Map.of("rpc-url", "http://n", "tokens[0]", USDC));
        assertThat(fail(base, "rpc-url", "ftp://x")).contains("junction.chains.5.rpc-url must be an http(s) URL");
        assertThat(fail(base, "tokens[0]", "0x12")).contains("junction.chains.5.tokens[0] must be 0x");
        assertThat(fail(base, "dexes.u.kind", "sushi")).contains("junction.chains.5.dexes.u.kind must be");
        assertThat(fail(base, "wrapped-native", WETH)).contains("junction.chains.5.wrapped-native");
        assertThat(fail(base, "max-staleness", "0s")).contains("junction.chains.5.max-staleness must be > 0");
        Map<String, String> v3 = new HashMap<>(base);
        v3.put("dexes.u.kind", "uniswap-v3");
        v3.put("dexes.u.factory", FACTORY);
        assertThat(fail(v3, "dexes.u.fee-tiers[0]", "-1")).contains("junction.chains.5.dexes.u.fee-tiers[0]");
        assertThat(fail(v3, "dexes.u.init-code-hash", "0x12")).contains("junction.chains.5.dexes.u.init-code-hash");
        assertThat(fail(base, "dexes.c.kind", "curve")).contains("dexes.c.pools must list the Curve pools");
        Map<String, String> none = new HashMap<>(Map.of("tokens[0]", USDC));
        assertThat(fail(none, "name", "x")).contains("junction.chains.5.rpc-url (or rpc-urls) is required");
    }

    @Test
    void eachDexKindIsValidatedByItsRoomWithTheRulesMessages() {
        Map<String, String> base = new HashMap<>(Map.of("rpc-url", "http://n", "tokens[0]", USDC));
        String at = "junction.chains.5.dexes.u.";
        assertThat(fail(base, "dexes.u.factory", FACTORY))
                .isEqualTo(at + "kind is required: uniswap-v2, uniswap-v3, uniswap-v4, curve or balancer-v2");
        assertThat(fail(base, "dexes.u.kind", "sushi"))
                .isEqualTo(at + "kind must be uniswap-v2, uniswap-v3, uniswap-v4, curve or balancer-v2, was sushi");
        Map<String, String> v2 = new HashMap<>(base);
        v2.put("dexes.u.kind", " Uniswap-V2 ");
        assertThat(fail(v2, "dexes.u.init-code-hash", "0x" + "0".repeat(64)))
                .isEqualTo(at + "factory is required for kind uniswap-v2");
        v2.put("dexes.u.factory", FACTORY);
        assertThat(fail(v2, "dexes.u.fee-tiers[0]", "500")).isEqualTo(at + "fee-tiers applies to uniswap-v3 only");
        assertThat(fail(v2, "dexes.u.pools[0]", WETH)).isEqualTo(at
                + "pools applies to kinds curve, uniswap-v4 and balancer-v2 only (Uniswap V2 and V3 pools are found through"
                + " the factory)");
        assertThat(fail(v2, "dexes.u.init-code-hash", "0x12"))
                .isEqualTo(at + "init-code-hash must be 0x followed by 64 hex digits");
        Map<String, String> v3 = new HashMap<>(base);
        v3.put("dexes.u.kind", "uniswap-v3");
        v3.put("dexes.u.factory", FACTORY);
        assertThat(fail(v3, "dexes.u.fee-tiers[0]", "1000000")).isEqualTo(at + "fee-tiers[0] must be a fee in pips "
                + "from 1 to 999999 (e.g. [100, 500, 3000, 10000]), was 1000000");
        Map<String, String> curve = new HashMap<>(base);
        curve.put("dexes.u.kind", "curve");
        curve.put("dexes.u.pools[0]", WETH);
        assertThat(fail(curve, "dexes.u.pools[1]", WETH)).isEqualTo(at + "pools lists an address twice");
        assertThat(fail(curve, "dexes.u.fee-tiers[0]", "500")).isEqualTo(at + "fee-tiers applies to uniswap-v3 only");
        assertThat(fail(curve, "dexes.u.pools[0]", "0x12")).startsWith(at + "pools[0] must be 0x");
        Map<String, String> balancer = new HashMap<>(base);
        balancer.put("dexes.u.kind", "balancer-v2");
        assertThat(fail(balancer, "dexes.u.factories[0]", FACTORY)).isEqualTo(at + "vault is required for kind "
                + "balancer-v2 (Balancer V2's Vault, 0xBA12222222228d8Ba445958a75a0704d566BF2C8 on every chain it is "
                + "deployed on)");
        balancer.put("dexes.u.vault", WETH);
        assertThat(fail(balancer, "dexes.u.vault", "0x12")).startsWith(at + "vault must be 0x");
        assertThat(fail(balancer, "dexes.u.init-code-hash", "0x" + "0".repeat(64))).isEqualTo(at
                + "factories must list the pool factories whose pools to serve (kind balancer-v2)");
        balancer.put("dexes.u.factories[0]", FACTORY);
        assertThat(fail(balancer, "dexes.u.factories[1]", FACTORY)).isEqualTo(at + "factories lists an address twice");
        assertThat(fail(balancer, "dexes.u.factory", FACTORY)).isEqualTo(at + "factory does not apply to kind "
                + "balancer-v2: list the pool factories under factories");
        assertThat(fail(balancer, "dexes.u.fee-tiers[0]", "500")).isEqualTo(at + "fee-tiers applies to uniswap-v3 only");
        assertThat(fail(balancer, "dexes.u.pools[0]", "0x12")).startsWith(at + "pools[0] must be 0x");
        ChainSettings.Dex vault = bind(binder(balancer)).all().getFirst().dexes().get("u");
        assertThat(vault.vault()).isEqualTo(Address.evm(WETH));
        assertThat(vault.factories()).containsExactly(Address.evm(FACTORY));
        assertThat(vault.pools()).isEmpty();
        balancer.put("dexes.u.pools[0]", USDC);
        assertThat(fail(balancer, "dexes.u.pools[1]", USDC)).isEqualTo(at + "pools lists an address twice");
        assertThat(bind(binder(balancer)).all().getFirst().dexes().get("u").pools())
                .as("the pools chain mode serves from its start").containsExactly(Address.evm(USDC));

        v2.put("dexes.c.kind", "curve");
        v2.put("dexes.c.pools[0]", WETH);
        v3.put("dexes.u.fee-tiers[0]", "500");
        ChainSettings.Dex uni = bind(binder(v2)).all().getFirst().dexes().get("u");
        assertThat(uni.kind()).isEqualTo("uniswap-v2");
        assertThat(uni.factory()).isEqualTo(Address.evm(FACTORY));
        assertThat(uni.initCodeHash()).isEqualTo(UniswapV2.INIT_CODE_HASH);
        ChainSettings.Dex stable = bind(binder(v2)).all().getFirst().dexes().get("c");
        assertThat(stable.kind()).isEqualTo("curve");
        assertThat(stable.pools()).containsExactly(Address.evm(WETH));
        assertThat(stable.factory()).isNull();
        assertThat(stable.initCodeHash()).isNull();
        ChainSettings.Dex concentrated = bind(binder(v3)).all().getFirst().dexes().get("u");
        assertThat(concentrated.feeTiers()).containsExactly(500);
        assertThat(concentrated.initCodeHash()).isEqualTo(UniswapV3.INIT_CODE_HASH);
    }

    @Test
    void theUniswapV4KindNeedsItsPoolManagerAndStateViewAndRefusesHooksThatChangeSwaps() {
        Map<String, String> v4 = new HashMap<>(Map.of("rpc-url", "http://n", "tokens[0]", USDC, "tokens[1]", WETH,
                "wrapped-native", WETH, "dexes.u.kind", "uniswap-v4"));
        String at = "junction.chains.5.dexes.u.";
        assertThat(fail(v4, "dexes.u.state-view", FACTORY)).isEqualTo(at + "pool-manager is required for kind uniswap-v4");
        v4.put("dexes.u.pool-manager", FACTORY);
        assertThat(fail(v4, "dexes.u.hooks-allowlist[0]", WETH)).isEqualTo(at + "state-view is required for kind uniswap-v4");
        assertThat(fail(v4, "dexes.u.factory", FACTORY)).isEqualTo(at + "factory and init-code-hash do not apply to kind"
                + " uniswap-v4 (its pools live in the pool-manager)");
        v4.put("dexes.u.state-view", "0x00000000000000000000000000000000000000F2");
        assertThat(fail(v4, "dexes.u.fee-tiers[0]", "500")).isEqualTo(at + "fee-tiers applies to uniswap-v3 only");
        assertThat(fail(v4, "dexes.u.pool-manager", "0x12")).startsWith(at + "pool-manager must be 0x");
        // 0x...0080: beforeSwap; 0x...0004: afterSwapReturnDelta.
        assertThat(fail(v4, "dexes.u.hooks-allowlist[0]", "0x0000000000000000000000000000000000000080"))
                .isEqualTo(at + "hooks-allowlist[0] 0x0000000000000000000000000000000000000080 cannot be routed: its"
                        + " permissions 0x80 (beforeSwap or a returns-delta flag) can change a swap's amounts or fee");
        assertThat(fail(v4, "dexes.u.hooks-allowlist[0]", "0x0000000000000000000000000000000000000044"))
                .contains("permissions 0x4 ");
        v4.put("dexes.u.hooks-allowlist[0]", "0x0000000000000000000000000000000000000040");
        ChainSettings.Dex dex = bind(binder(v4)).all().getFirst().dexes().get("u");
        assertThat(dex.factory()).isEqualTo(Address.evm(FACTORY));
        assertThat(dex.stateView()).isEqualTo(Address.evm("0x00000000000000000000000000000000000000F2"));
        assertThat(dex.hooksAllowlist()).containsExactly(Address.evm("0x0000000000000000000000000000000000000040"));
        assertThat(dex.wrappedNative()).isEqualTo(Address.evm(WETH));
        assertThat(dex.poolKeys()).isEmpty();
    }

    @Test
    void uniswapV4PoolsAreKeysCheckedAsThePoolManagerAndTheHookRulesWouldCheckThem() {
        String c0 = "0x0000000000000000000000000000000000000000"; // native ETH
        String c1 = "0x00000000000000000000000000000000000000c1";
        String hook = "0x0000000000000000000000000000000000001040"; // afterSwap and afterInitialize
        Map<String, String> v4 = new HashMap<>(Map.of("rpc-url", "http://n", "tokens[0]", USDC, "tokens[1]", WETH,
                "wrapped-native", WETH, "dexes.u.kind", "uniswap-v4", "dexes.u.pool-manager", FACTORY,
                "dexes.u.state-view", "0x00000000000000000000000000000000000000F2", "dexes.u.hooks-allowlist[0]", hook));
        String at = "junction.chains.5.dexes.u.";
        String key = c0 + "/" + c1 + "/3000/60/" + hook;
        Bytes32 id = Bytes32.of(Abi.keccak(Abi.encode(Abi.address(Address.evm(c0)), Abi.address(Address.evm(c1)),
                Abi.uint256(3000), Abi.int256(60), Abi.address(Address.evm(hook)))));
        assertThat(fail(v4, "dexes.u.pools[0]", c0 + "/" + c1 + "/3000/60")).isEqualTo(at + "pools[0] '" + c0 + "/"
                + c1 + "/3000/60' is not a V4 pool key: expected currency0/currency1/fee/tickSpacing/hooks, optionally"
                + " /poolId");
        assertThat(fail(v4, "dexes.u.pools[0]", c1 + "/" + c0 + "/3000/60/" + hook)).isEqualTo(at + "pools[0]"
                + " currency0 " + Address.evm(c1) + " must be below currency1 " + Address.evm(c0)
                + " (the PoolManager sorts a key's currencies)");
        assertThat(fail(v4, "dexes.u.pools[0]", c0 + "/" + c1 + "/1000001/60/" + hook)).isEqualTo(at + "pools[0]"
                + " fee 1000001 must be 0 to 1000000 pips, or 8388608 (0x800000) for a dynamic fee");
        assertThat(fail(v4, "dexes.u.pools[0]", c0 + "/" + c1 + "/3000/0/" + hook))
                .isEqualTo(at + "pools[0] tickSpacing 0 must be 1 to 32767");
        assertThat(fail(v4, "dexes.u.pools[0]", c0 + "/" + c1 + "/x/60/" + hook))
                .isEqualTo(at + "pools[0] fee 'x' is not an integer");
        assertThat(fail(v4, "dexes.u.pools[0]", c0 + "/" + c1 + "/3000/60/0x0000000000000000000000000000000000002040"))
                .isEqualTo(at + "pools[0] cannot be routed: hooks 0x0000000000000000000000000000000000002040 are not"
                        + " in hooks-allowlist");
        assertThat(fail(v4, "dexes.u.pools[0]", key + "/0x" + "0".repeat(63) + "1")).isEqualTo(at + "pools[0] poolId 0x"
                + "0".repeat(63) + "1 is not the key's id " + id + " (keccak256(abi.encode(key)))");
        v4.put("dexes.u.pools[0]", key + "/" + id);
        assertThat(fail(v4, "dexes.u.pools[1]", key)).isEqualTo(at + "pools[1] names the same pool key twice");
        v4.put("dexes.u.pools[1]", c0 + "/" + c1 + "/8388608/1/" + c0);
        ChainSettings.Dex dex = bind(binder(v4)).all().getFirst().dexes().get("u");
        assertThat(dex.poolKeys()).containsExactly(
                new ChainSettings.PoolKey(Address.evm(c0), Address.evm(c1), 3000, 60, Address.evm(hook)),
                new ChainSettings.PoolKey(Address.evm(c0), Address.evm(c1), UniswapV4Pool.DYNAMIC_FEE_FLAG, 1,
                        Address.ZERO));
        assertThat(dex.pools()).isEmpty();
    }

    private static Binder binder(Map<String, String> chain) {
        Map<String, Object> props = new HashMap<>();
        chain.forEach((k, v) -> props.put("junction.chains.5." + k, v));
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new MapPropertySource("t", props));
        return new Binder(ConfigurationPropertySources.get(env));
    }

    private static String fail(Map<String, String> base, String key, String value) {
        Map<String, String> chain = new HashMap<>(base);
        chain.put(key, value);
        try {
            bind(binder(chain)).all();
        } catch (ChainConfigException e) {
            return e.getMessage();
        }
        throw new AssertionError("no failure for " + key + "=" + value);
    }

    /** The chains of {@code binder}, each DEX validated by its room. */
    private static ChainsSettings bind(Binder binder) {
        return ChainsSettings.bind(binder, Protocols.dexKinds());
    }
}
