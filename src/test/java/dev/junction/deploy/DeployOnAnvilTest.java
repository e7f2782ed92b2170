package dev.junction.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.RpcException;
import dev.junction.nodes.RpcSettings;
import dev.junction.protocol.Protocols;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.FileSystemResource;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The deploy command against two anvil chains holding real Uniswap V2/V3, WETH9, Permit2 and Across SpokePool
 * bytecode (the chains harness): everything deployed and registered, the addresses the ones
 * {@link JunctionContracts} predicts, and a second run prints the same object without sending a transaction.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeployOnAnvilTest {

    static final String DEPLOYER_KEY = AnvilHarness.DEV_KEYS.get(0);
    static final String RELAYER_KEY = AnvilHarness.DEV_KEYS.get(3);
    static final String MARKET = """
            {"tokens": [{"symbol": "USDC", "decimals": 6}],
             "uniswapV2": {"pairs": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "100"}]},
             "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 500, "priceAInB": "3000", "amountA": "100"}]},
             "across": true}
            """;

    final List<AnvilProcess> anvils = new ArrayList<>();
    final List<JsonNode> markets = new ArrayList<>();
    Path yaml;

    @BeforeAll
    void chains() throws Exception {
        StringBuilder y = new StringBuilder("junction:\n  relayer:\n    private-key: \"" + RELAYER_KEY + "\"\n"
                + "  chains:\n");
        for (long id : List.of(31337L, 8453L)) {
            AnvilProcess a = AnvilProcess.start(id);
            anvils.add(a);
            JsonNode m = AnvilHarness.deployMarket(a.rpcUrl().toString(), DEPLOYER_KEY, MARKET);
            markets.add(m);
            y.append(chainYaml(id, a.rpcUrl().toString(), m));
        }
        yaml = Files.createTempFile("deploy-chains", ".yml");
        Files.writeString(yaml, y);
    }

    static String chainYaml(long id, String rpcUrl, JsonNode m) {
        String weth = m.path("weth").asString();
        String usdc = m.path("tokens").path("USDC").asString();
        return """
                    %d:
                      rpc-url: "%s"
                      tokens: ["%s", "%s"]
                      wrapped-native: "%s"
                      stablecoins: ["%s"]
                      block-time: 1s
                      poll-interval: 50ms
                      dexes:
                        uniswap-v2: {kind: uniswap-v2, factory: "%s"}
                        uniswap-v3: {kind: uniswap-v3, factory: "%s"}
                      bridges:
                        across: {spoke-pool: "%s"}
                """.formatted(id, rpcUrl, weth, usdc, weth, usdc, m.path("uniswapV2").path("factory").asString(),
                m.path("uniswapV3").path("factory").asString(), m.path("across").path("spokePool").asString());
    }

    @AfterAll
    void stop() throws Exception {
        anvils.forEach(AnvilProcess::close);
        Files.deleteIfExists(yaml);
    }

    String[] args(Path config, String... more) {
        List<String> a = new ArrayList<>(List.of("--spring.config.additional-location=file:" + config));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void deploysEverythingOnceAndASecondRunSendsNothing() throws Exception {
        JsonMapper json = JsonMapper.builder().build();
        String first = DeployCommand.deploy(args(yaml, "--junction.deployer.private-key=" + DEPLOYER_KEY));
        Address owner = Address.evm(Credentials.create(DEPLOYER_KEY).getAddress());
        Map<Long, Long> nonces = new HashMap<>();
        for (AnvilProcess a : anvils) {
            nonces.put(a.chainId(), nonce(a, owner));
        }

        String second = DeployCommand.deploy(args(yaml, "--junction.deployer.private-key=" + DEPLOYER_KEY));
        assertThat(second).isEqualTo(first);
        for (AnvilProcess a : anvils) {
            assertThat(nonce(a, owner)).as("deployer nonce on chain %d after the second run", a.chainId())
                    .isEqualTo(nonces.get(a.chainId()));
        }

        JsonNode out = json.readTree(first);
        assertThat(out.propertyNames()).containsExactlyInAnyOrder("31337", "8453");
        List<ChainSettings> settings = settings();
        Address relayer = Address.evm(Credentials.create(RELAYER_KEY).getAddress());
        for (int i = 0; i < anvils.size(); i++) {
            AnvilProcess a = anvils.get(i);
            ChainSettings s = settings.stream().filter(c -> c.id().value() == a.chainId()).findFirst().orElseThrow();
            JsonNode chain = out.path(Long.toString(a.chainId()));
            Address router = Address.evm(chain.path("router").asString());
            // The addresses JunctionContracts predicts: the router from the owner, the adapters from the router.
            assertThat(router).isEqualTo(JunctionContracts.router(s, owner));
            Map<String, Address> adapters = new LinkedHashMap<>();
            chain.path("adapters").properties().forEach(e -> adapters.put(e.getKey(), Address.evm(e.getValue().asString())));
            assertThat(adapters).containsExactlyEntriesOf(JunctionContracts.adapters(s, router));
            assertThat(adapters).containsOnlyKeys("uniswap-v2", "uniswap-v3", "across");

            JsonRpcClient rpc = rpc(a);
            assertThat(code(rpc, router)).isNotEmpty();
            assertThat(call(rpc, router, "owner()")).isEqualTo(word(owner));
            for (Map.Entry<String, Address> e : adapters.entrySet()) {
                Address adapter = e.getValue();
                assertThat(code(rpc, adapter)).as("code at %s", adapter).isNotEmpty();
                assertThat(call(rpc, adapter, "router()")).as("router() of %s", adapter).isEqualTo(word(router));
                // Only the router may call it: OnlyRouter(caller) for anyone else.
                String entry = e.getKey().equals("across")
                        ? Abi.callHex("bridge(address,uint256,bytes)", Abi.address(owner), Abi.uint256(1),
                                Abi.bytes(new byte[0]))
                        : Abi.callHex("swap(address,address,uint256,address,bytes)", Abi.address(owner),
                                Abi.address(router), Abi.uint256(1), Abi.address(relayer), Abi.bytes(new byte[0]));
                String onlyRouter = Abi.callHex("OnlyRouter(address)", Abi.address(relayer));
                assertThatThrownBy(() -> rpc.call("eth_call", Map.of("from", relayer.lower(), "to", adapter.lower(),
                        "data", entry), "latest")).as(e.getKey()).isInstanceOfSatisfying(RpcException.class,
                                x -> assertThat(x.data()).contains(onlyRouter));
                assertThat(call(rpc, router, "isAdapter(address)", adapter)).isEqualTo(word(1));
            }
            assertThat(Deployer.allowed(rpc, router, JunctionContracts.adapters(s, router)))
                    .containsOnly(Map.entry("uniswap-v2", true), Map.entry("uniswap-v3", true), Map.entry("across", true));
            Address spokePool = Address.evm(markets.get(i).path("across").path("spokePool").asString());
            assertThat(call(rpc, router, "isBridgeMessenger(address)", spokePool)).isEqualTo(word(1));
            assertThat(call(rpc, router, "isRelayer(address)", relayer)).isEqualTo(word(1));
            assertThat(call(rpc, router, "permit2()")).isEqualTo(word(ChainSettings.CANONICAL_PERMIT2));
            assertThat(call(rpc, router, "weth()")).isEqualTo(word(Address.evm(markets.get(i).path("weth").asString())));
        }
    }

    /**
     * With {@code junction.deployer.timelock-delay} the router ends owned by a TimelockController: the deployer can no
     * longer call an owner function itself, an owner call scheduled through the timelock cannot run before the delay
     * and runs after it; a second run sends nothing.
     */
    @Test
    void handsOwnershipToATimelockWhoseDelayHolds() throws Exception {
        String key = AnvilHarness.DEV_KEYS.get(1); // another owner: another router than the other test's
        Address deployer = Address.evm(Credentials.create(key).getAddress());
        AnvilProcess a = anvils.getFirst();
        Path config = Files.createTempFile("deploy-timelock", ".yml");
        Files.writeString(config, "junction:\n  chains:\n" + chainYaml(a.chainId(), a.rpcUrl().toString(),
                markets.getFirst()));
        String[] args = args(config, "--junction.deployer.private-key=" + key,
                "--junction.deployer.timelock-delay=2h");
        JsonNode chain = JsonMapper.builder().build().readTree(DeployCommand.deploy(args))
                .path(Long.toString(a.chainId()));
        Address router = Address.evm(chain.path("router").asString());
        Address timelock = Address.evm(chain.path("timelock").asString());
        assertThat(timelock).isEqualTo(JunctionContracts.timelock(deployer).address());
        JsonRpcClient rpc = rpc(a);
        assertThat(call(rpc, router, "owner()")).isEqualTo(word(timelock));
        assertThat(call(rpc, router, "pendingOwner()")).isEqualTo(word(Address.ZERO));
        assertThat(call(rpc, timelock, "getMinDelay()")).isEqualTo(word(7200));
        for (Address adapter : JunctionContracts.adapters(settings(config).getFirst(), router).values()) {
            assertThat(call(rpc, router, "isAdapter(address)", adapter)).isEqualTo(word(1));
        }

        // The deployer is no longer the owner.
        // (any contract: setAdapter refuses an address without code)
        Address newAdapter = Address.evm(markets.getFirst().path("uniswapV3").path("factory").asString());
        String setAdapter = Abi.callHex("setAdapter(address,bool)", Abi.address(newAdapter), Abi.bool(true));
        assertThatThrownBy(() -> a.send(deployer, router, setAdapter)).hasMessageContaining("reverted");

        // Through the timelock: scheduled with less than the delay, refused; with the delay, not executable before it.
        Abi.Value zero = Abi.bytes32(new byte[32]);
        Abi.Value data = Abi.bytes(Hex.decode(setAdapter));
        String execute = Abi.callHex("execute(address,uint256,bytes,bytes32,bytes32)", Abi.address(router),
                Abi.uint256(0), data, zero, zero);
        assertThatThrownBy(() -> a.send(deployer, timelock, Abi.callHex(
                "schedule(address,uint256,bytes,bytes32,bytes32,uint256)", Abi.address(router), Abi.uint256(0), data,
                zero, zero, Abi.uint256(60)))).hasMessageContaining("reverted");
        a.send(deployer, timelock, Abi.callHex("schedule(address,uint256,bytes,bytes32,bytes32,uint256)",
                Abi.address(router), Abi.uint256(0), data, zero, zero, Abi.uint256(7200)));
        assertThatThrownBy(() -> a.send(deployer, timelock, execute)).hasMessageContaining("reverted");
        rpc.call("evm_increaseTime", 3600);
        rpc.call("evm_mine");
        assertThatThrownBy(() -> a.send(deployer, timelock, execute)).hasMessageContaining("reverted");
        assertThat(call(rpc, router, "isAdapter(address)", newAdapter)).isEqualTo(word(0));
        rpc.call("evm_increaseTime", 3600);
        rpc.call("evm_mine");
        a.send(deployer, timelock, execute);
        assertThat(call(rpc, router, "isAdapter(address)", newAdapter)).isEqualTo(word(1));

        // Idempotent: the timelock owns the router, everything is registered.
        long nonce = nonce(a, deployer);
        JsonNode again = JsonMapper.builder().build().readTree(DeployCommand.deploy(args))
                .path(Long.toString(a.chainId()));
        assertThat(again).isEqualTo(chain);
        assertThat(nonce(a, deployer)).isEqualTo(nonce);

        // A delay that is not a duration, or under a second: a usage error.
        Result bad = run(args(config, "--junction.deployer.private-key=" + key,
                "--junction.deployer.timelock-delay=soon"));
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.lastLine).isEqualTo("junction deploy: junction.deployer.timelock-delay must be a duration such "
                + "as 2d, 48h or 172800s, not soon");
        Files.delete(config);
    }

    @Test
    void failuresAreOneLineAndANonZeroExit() throws Exception {
        // No key.
        Result noKey = run(args(yaml));
        assertThat(noKey.exit).isEqualTo(2);
        assertThat(noKey.lastLine).startsWith("junction deploy: JUNCTION_DEPLOYER_PRIVATE_KEY is not set");

        // An unreachable node.
        Path down = Files.createTempFile("deploy-down", ".yml");
        Files.writeString(down, "junction:\n  chains:\n" + chainYaml(31337, "http://127.0.0.1:1", markets.getFirst()));
        Result unreachable = run(args(down, "--junction.deployer.private-key=" + DEPLOYER_KEY));
        assertThat(unreachable.exit).isEqualTo(1);
        assertThat(unreachable.lastLine).startsWith("junction deploy: chain 31337: JSON-RPC failed: http://127.0.0.1:1");

        // A chain without the CREATE2 deployer.
        try (AnvilProcess bare = AnvilProcess.start(31337)) {
            rpc(bare).call("anvil_setCode", Create2.DEPLOYER.lower(), "0x");
            Path config = Files.createTempFile("deploy-bare", ".yml");
            Files.writeString(config, "junction:\n  chains:\n"
                    + chainYaml(31337, bare.rpcUrl().toString(), markets.getFirst()));
            Result noDeployer = run(args(config, "--junction.deployer.private-key=" + DEPLOYER_KEY));
            assertThat(noDeployer.exit).isEqualTo(1);
            assertThat(noDeployer.lastLine).startsWith("junction deploy: chain 31337: no CREATE2 deployer at "
                    + Create2.DEPLOYER);
            Files.delete(config);
        }
        Files.delete(down);
    }

    record Result(int exit, String lastLine) {
    }

    static Result run(String[] args) {
        PrintStream err = System.err;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = DeployCommand.run(args);
        } finally {
            System.setErr(err);
        }
        String[] lines = buffer.toString(StandardCharsets.UTF_8).strip().split("\n");
        err.println(String.join("\n", lines));
        return new Result(exit, lines[lines.length - 1]);
    }

    List<ChainSettings> settings() throws Exception {
        return settings(yaml);
    }

    static List<ChainSettings> settings(Path yaml) throws Exception {
        StandardEnvironment env = new StandardEnvironment();
        new YamlPropertySourceLoader().load("chains", new FileSystemResource(yaml))
                .forEach(env.getPropertySources()::addLast);
        ConfigurationPropertySources.attach(env);
        return ChainsSettings.bind(Binder.get(env), Protocols.dexKinds()).all();
    }

    static JsonRpcClient rpc(AnvilProcess a) {
        return new JsonRpcClient(List.of(a.rpcUrl()), RpcSettings.DEFAULT);
    }

    static long nonce(AnvilProcess a, Address owner) {
        return Quantities.longValue(rpc(a).call("eth_getTransactionCount", owner.lower(), "latest").asString());
    }

    static byte[] code(JsonRpcClient rpc, Address a) {
        return Hex.decode(rpc.call("eth_getCode", a.lower(), "latest").asString());
    }

    static String call(JsonRpcClient rpc, Address to, String signature, Address... args) {
        String data = Abi.callHex(signature, Arrays.stream(args).map(Abi::address).toArray(Abi.Value[]::new));
        return rpc.call("eth_call", Map.of("to", to.lower(), "data", data), "latest").asString();
    }

    static String word(Address a) {
        return Abi.encodeHex(Abi.address(a));
    }

    static String word(long v) {
        return Abi.encodeHex(Abi.uint256(v));
    }
}
