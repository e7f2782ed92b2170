package dev.junction.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chainmarket.TestContracts;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.web3j.crypto.Credentials;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The deploy command on two anvil chains with Circle's CCTP V1 contracts (the TestOnly reproductions of
 * contracts/test/support) as Ethereum (CCTP domain 0) and Arbitrum (domain 3): each chain's
 * {@code JunctionCctpReceiver(owner, router, tokenMessenger)} is deployed at the address {@link JunctionContracts}
 * predicts, registered as the router's bridge messenger, and knows the other chain's {@code CctpAdapter} under that
 * chain's domain; a second run sends nothing; with a timelock delay the receivers end owned by the timelock too.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CctpReceiverDeployOnAnvilTest {

    static final String DEPLOYER_KEY = AnvilHarness.DEV_KEYS.get(0);
    static final Address DEV = Address.evm(Credentials.create(DEPLOYER_KEY).getAddress());
    static final Map<Long, Integer> DOMAINS = Map.of(1L, 0, 42161L, 3);

    final List<AnvilProcess> anvils = new ArrayList<>();
    final Map<Long, Address> messengers = new LinkedHashMap<>();
    Path yaml;

    @BeforeAll
    void chains() throws Exception {
        JsonNode transmitterArtifact = TestContracts.artifact("test/support/TestOnlyCctpMessageTransmitter.sol",
                "TestOnlyCctpMessageTransmitter");
        JsonNode messengerArtifact = TestContracts.artifact("test/support/TestOnlyCctpTokenMessenger.sol",
                "TestOnlyCctpTokenMessenger");
        JsonNode minterArtifact = TestContracts.artifact("test/support/TestOnlyCctpTokenMinter.sol",
                "TestOnlyCctpTokenMinter");
        StringBuilder y = new StringBuilder("junction:\n  chains:\n");
        for (long id : DOMAINS.keySet().stream().sorted().toList()) {
            AnvilProcess a = AnvilProcess.start(id);
            anvils.add(a);
            JsonNode m = AnvilHarness.deployMarket(a.rpcUrl().toString(), DEPLOYER_KEY,
                    "{\"tokens\": [{\"symbol\": \"USDC\", \"decimals\": 6}]}");
            Address transmitter = a.deploy(DEV, bytecode(transmitterArtifact) + Hex.encode(Abi.encode(
                    Abi.uint32(DOMAINS.get(id)), Abi.address(DEV), Abi.uint32(8192), Abi.uint32(0))).substring(2));
            Address messenger = a.deploy(DEV, bytecode(messengerArtifact)
                    + Hex.encode(Abi.encode(Abi.address(transmitter), Abi.uint32(0))).substring(2));
            Address minter = a.deploy(DEV, bytecode(minterArtifact) + Hex.encode(Abi.encode(Abi.address(DEV)))
                    .substring(2));
            a.send(DEV, minter, Abi.callHex("addLocalTokenMessenger(address)", Abi.address(messenger)));
            a.send(DEV, messenger, Abi.callHex("addLocalMinter(address)", Abi.address(minter)));
            messengers.put(id, messenger);
            String weth = m.path("weth").asString();
            String usdc = m.path("tokens").path("USDC").asString();
            y.append("""
                        %d:
                          rpc-url: "%s"
                          tokens: ["%s", "%s"]
                          wrapped-native: "%s"
                          stablecoins: ["%s"]
                          block-time: 1s
                          poll-interval: 50ms
                          bridges:
                            cctp: {spoke-pool: "%s"}
                    """.formatted(id, a.rpcUrl(), weth, usdc, weth, usdc, messenger));
        }
        yaml = Files.createTempFile("deploy-cctp", ".yml");
        Files.writeString(yaml, y);
    }

    static String bytecode(JsonNode artifact) {
        return artifact.path("bytecode").asString();
    }

    @AfterAll
    void stop() throws Exception {
        anvils.forEach(AnvilProcess::close);
        Files.deleteIfExists(yaml);
    }

    String[] args(String key, String... more) {
        List<String> a = new ArrayList<>(List.of("--spring.config.additional-location=file:" + yaml,
                "--junction.deployer.private-key=" + key));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void deploysAReceiverPerCctpChainRegisteredWithItsRouterAndTheOtherChainsAdapter() throws Exception {
        JsonMapper json = JsonMapper.builder().build();
        String first = DeployCommand.deploy(args(DEPLOYER_KEY));
        JsonNode out = json.readTree(first);
        List<ChainSettings> settings = DeployOnAnvilTest.settings(yaml);
        Map<Long, Address> receivers = new LinkedHashMap<>();
        Map<Long, Address> adapters = new LinkedHashMap<>();
        for (AnvilProcess a : anvils) {
            JsonNode chain = out.path(Long.toString(a.chainId()));
            ChainSettings s = settings.stream().filter(c -> c.id().value() == a.chainId()).findFirst().orElseThrow();
            Address router = Address.evm(chain.path("router").asString());
            Address receiver = Address.evm(chain.path("receivers").path("cctp").asString());
            assertThat(chain.path("receivers").propertyNames()).containsExactly("cctp");
            assertThat(List.of(receiver)).as("the address JunctionContracts predicts from the owner and the router")
                    .containsExactly(JunctionContracts.legReceiverContracts(s, DEV, router).getFirst().address());
            receivers.put(a.chainId(), receiver);
            adapters.put(a.chainId(), Address.evm(chain.path("adapters").path("cctp").asString()));

            JsonRpcClient rpc = DeployOnAnvilTest.rpc(a);
            assertThat(DeployOnAnvilTest.code(rpc, receiver)).isNotEmpty();
            assertThat(DeployOnAnvilTest.call(rpc, receiver, "owner()")).isEqualTo(DeployOnAnvilTest.word(DEV));
            assertThat(DeployOnAnvilTest.call(rpc, receiver, "router()")).isEqualTo(DeployOnAnvilTest.word(router));
            assertThat(DeployOnAnvilTest.call(rpc, receiver, "tokenMessenger()"))
                    .isEqualTo(DeployOnAnvilTest.word(messengers.get(a.chainId())));
            assertThat(DeployOnAnvilTest.call(rpc, router, "isBridgeMessenger(address)", receiver))
                    .as("the router takes the receiver's hand-over").isEqualTo(DeployOnAnvilTest.word(1));
            assertThat(DeployOnAnvilTest.call(rpc, router, "isAdapter(address)", receiver))
                    .as("a receiver is not an adapter").isEqualTo(DeployOnAnvilTest.word(0));
        }
        for (AnvilProcess a : anvils) {
            long other = a.chainId() == 1 ? 42161 : 1;
            JsonRpcClient rpc = DeployOnAnvilTest.rpc(a);
            assertThat(remoteAdapter(rpc, receivers.get(a.chainId()), DOMAINS.get(other)))
                    .as("chain %d's receiver knows chain %d's adapter under its domain", a.chainId(), other)
                    .isEqualTo(DeployOnAnvilTest.word(adapters.get(other)));
            assertThat(remoteAdapter(rpc, receivers.get(a.chainId()), DOMAINS.get(a.chainId())))
                    .as("not its own").isEqualTo(DeployOnAnvilTest.word(0));
        }
        // chain mode finds each receiver where the command's output is configured
        Path configured = Files.createTempFile("deploy-cctp-configured", ".yml");
        String text = Files.readString(yaml);
        for (Map.Entry<Long, Address> r : receivers.entrySet()) {
            text = text.replace("cctp: {spoke-pool: \"" + messengers.get(r.getKey()) + "\"}",
                    "cctp: {spoke-pool: \"" + messengers.get(r.getKey()) + "\", receiver: \"" + r.getValue() + "\"}");
        }
        Files.writeString(configured, text);
        Map<ChainId, Map<String, Address>> found = JunctionContracts.legReceivers(DeployOnAnvilTest.settings(configured));
        assertThat(found.get(ChainId.of(1))).containsExactly(Map.entry("cctp", receivers.get(1L)));
        assertThat(found.get(ChainId.of(42161))).containsExactly(Map.entry("cctp", receivers.get(42161L)));
        Files.delete(configured);

        // Idempotent: the same output, no transaction.
        Map<Long, Long> nonces = new LinkedHashMap<>();
        anvils.forEach(a -> nonces.put(a.chainId(), DeployOnAnvilTest.nonce(a, DEV)));
        assertThat(DeployCommand.deploy(args(DEPLOYER_KEY))).isEqualTo(first);
        anvils.forEach(a -> assertThat(DeployOnAnvilTest.nonce(a, DEV)).isEqualTo(nonces.get(a.chainId())));
    }

    @Test
    void aTimelockOwnsTheReceiversAsItOwnsTheRouter() throws Exception {
        String key = AnvilHarness.DEV_KEYS.get(1); // another owner: other routers and receivers than the other test's
        Address deployer = Address.evm(Credentials.create(key).getAddress());
        JsonNode out = JsonMapper.builder().build().readTree(DeployCommand.deploy(args(key,
                "--junction.deployer.timelock-delay=2h")));
        Map<Long, Address> adapters = new LinkedHashMap<>();
        anvils.forEach(a -> adapters.put(a.chainId(),
                Address.evm(out.path(Long.toString(a.chainId())).path("adapters").path("cctp").asString())));
        for (AnvilProcess a : anvils) {
            JsonNode chain = out.path(Long.toString(a.chainId()));
            Address timelock = Address.evm(chain.path("timelock").asString());
            assertThat(timelock).isEqualTo(JunctionContracts.timelock(deployer).address());
            Address receiver = Address.evm(chain.path("receivers").path("cctp").asString());
            JsonRpcClient rpc = DeployOnAnvilTest.rpc(a);
            assertThat(DeployOnAnvilTest.call(rpc, receiver, "owner()")).isEqualTo(DeployOnAnvilTest.word(timelock));
            assertThat(DeployOnAnvilTest.call(rpc, Address.evm(chain.path("router").asString()), "owner()"))
                    .isEqualTo(DeployOnAnvilTest.word(timelock));
            long other = a.chainId() == 1 ? 42161 : 1;
            assertThat(remoteAdapter(rpc, receiver, DOMAINS.get(other)))
                    .as("registered before the hand-over").isEqualTo(DeployOnAnvilTest.word(adapters.get(other)));
        }
        long nonce = DeployOnAnvilTest.nonce(anvils.getFirst(), deployer);
        assertThat(JsonMapper.builder().build().readTree(DeployCommand.deploy(args(key,
                "--junction.deployer.timelock-delay=2h")))).isEqualTo(out);
        assertThat(DeployOnAnvilTest.nonce(anvils.getFirst(), deployer)).isEqualTo(nonce);
    }

    static String remoteAdapter(JsonRpcClient rpc, Address receiver, int domain) {
        return rpc.call("eth_call", Map.of("to", receiver.lower(), "data",
                Abi.callHex("remoteAdapter(uint32)", Abi.uint32(domain))), "latest").asString();
    }
}
