package dev.junction.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.protocol.Protocols;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.web3j.crypto.Hash;

/** The adapters' CREATE2 addresses, derived from the settings alone (no key, no node). */
class JunctionContractsTest {

    static final Address OWNER_A = Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    static final Address OWNER_B = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

    static List<ChainSettings> settings(Map<String, String> properties) {
        return ChainsSettings.bind(new Binder(new MapConfigurationPropertySource(properties)), Protocols.dexKinds()).all();
    }

    static Map<String, String> chain(long id, String weth) {
        String at = "junction.chains." + id + ".";
        Map<String, String> p = new HashMap<>();
        p.put(at + "rpc-url", "http://127.0.0.1:1");
        p.put(at + "tokens[0]", weth);
        p.put(at + "tokens[1]", "0x00000000000000000000000000000000000000A1");
        p.put(at + "wrapped-native", weth);
        p.put(at + "dexes.uniswap-v2.kind", "uniswap-v2");
        p.put(at + "dexes.uniswap-v2.factory", "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f");
        p.put(at + "dexes.uniswap-v3.kind", "uniswap-v3");
        p.put(at + "dexes.uniswap-v3.factory", "0x1F98431c8aD98523631AE4a59f267346ea31F984");
        p.put(at + "bridges.across.spoke-pool", "0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5");
        p.put(at + "bridges.stargate.spoke-pool", "0x00000000000000000000000000000000000000B2");
        return p;
    }

    @Test
    void create2MatchesEip1014() {
        // EIP-1014 example 5: deployer 0x00000000000000000000000000000000deadbeef, salt 0xcafebabe (left-padded),
        // init code 0xdeadbeef.
        byte[] salt = new byte[32];
        salt[28] = (byte) 0xca;
        salt[29] = (byte) 0xfe;
        salt[30] = (byte) 0xba;
        salt[31] = (byte) 0xbe;
        assertThat(Create2.address(Address.evm("0x00000000000000000000000000000000deadbeef"), salt,
                Hex.decode("0xdeadbeef"))).isEqualTo(Address.evm("0x60f3f640a8508fC6a86d45DF051962668E1e8AC7"));
        assertThat(Create2.SALT).isEqualTo(Hash.sha3("junction.v1".getBytes()));
    }

    @Test
    void adaptersPerProviderKeyDependOnTheirRouter() {
        ChainSettings c = settings(chain(1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")).getFirst();
        Address routerA = JunctionContracts.router(c, OWNER_A);
        Map<String, Address> adapters = JunctionContracts.adapters(c, routerA);
        // One per DEX and one per bridge with an on-chain deposit Junction can call: stargate has none.
        assertThat(List.copyOf(adapters.keySet())).containsExactly("uniswap-v2", "uniswap-v3", "across");
        assertThat(adapters.values()).doesNotHaveDuplicates();

        List<JunctionContracts.Contract> byA = JunctionContracts.contracts(c, OWNER_A);
        List<JunctionContracts.Contract> byB = JunctionContracts.contracts(c, OWNER_B);
        // The router takes its owner in the constructor: another owner, another router.
        assertThat(byA.getFirst().address()).isEqualTo(routerA).isNotEqualTo(byB.getFirst().address());
        // Each adapter takes its router first: another router, other adapters.
        assertThat(byA.subList(1, byA.size()).stream().map(JunctionContracts.Contract::address).toList())
                .isEqualTo(List.copyOf(adapters.values()));
        assertThat(byB.subList(1, byB.size()).stream().map(JunctionContracts.Contract::address).toList())
                .isEqualTo(List.copyOf(JunctionContracts.adapters(c, byB.getFirst().address()).values()))
                .doesNotContainAnyElementsOf(adapters.values());
    }

    @Test
    void chainModeFindsTheAdaptersOfTheConfiguredRouter() {
        Map<String, String> p = chain(1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
        ChainSettings withoutRouter = settings(p).getFirst();
        assertThat(JunctionContracts.adapters(withoutRouter)).isEmpty();
        Address router = JunctionContracts.router(withoutRouter, OWNER_A);
        p.put("junction.chains.1.router", router.value());
        ChainSettings configured = settings(p).getFirst();
        assertThat(JunctionContracts.adapters(configured)).isEqualTo(JunctionContracts.adapters(configured, router))
                .hasSize(3);
    }

    @Test
    void initCodeIsTheBuildsBytecodeAndTheConstructorArguments() {
        ChainSettings c = settings(chain(1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")).getFirst();
        JunctionContracts.Contract v2 = JunctionContracts.contracts(c, OWNER_A).stream()
                .filter(x -> x.key().equals("uniswap-v2")).findFirst().orElseThrow();
        byte[] code = ContractArtifacts.bytecode("UniswapV2Adapter");
        String args = Hex.encode(v2.initCode()).substring(2 + code.length * 2);
        Address router = JunctionContracts.router(c, OWNER_A);
        assertThat(args).isEqualTo("000000000000000000000000" + router.lower().substring(2)
                + "0000000000000000000000005c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f"
                + "96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f"
                + "00000000000000000000000000000000000000000000000000000000000003e5"
                + "00000000000000000000000000000000000000000000000000000000000003e8");
        assertThat(v2.address()).isEqualTo(Create2.address(v2.initCode()));
    }

    @Test
    void everyChainIsKeyedByItsIdForTheAdapterDirectory() {
        Map<String, String> p = chain(1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
        p.putAll(chain(8453, "0x4200000000000000000000000000000000000006"));
        p.put("junction.chains.1.router", "0x00000000000000000000000000000000000000C1");
        p.put("junction.chains.8453.router", "0x00000000000000000000000000000000000000C1");
        Map<ChainId, Map<String, Address>> all = JunctionContracts.adapters(settings(p));
        assertThat(all).containsOnlyKeys(ChainId.of(1), ChainId.of(8453));
        // Same router, factories and spoke pool on both chains in this configuration: same init code, same addresses.
        assertThat(all.get(ChainId.of(1))).isEqualTo(all.get(ChainId.of(8453))).hasSize(3);
    }

    @Test
    void theRouterNeedsTheWrappedNativeToken() {
        Map<String, String> p = chain(1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
        p.remove("junction.chains.1.wrapped-native");
        ChainSettings c = settings(p).getFirst();
        assertThat(JunctionContracts.adapters(c, OWNER_A)).hasSize(3);
        assertThatThrownBy(() -> JunctionContracts.router(c, OWNER_A))
                .hasMessageContaining("junction.chains.1.wrapped-native is required");
    }
    @Test
    void aCctpChainHasALegReceiverOfItsOwnerAndRouterAndChainModeReadsItFromTheBridgesReceiver() {
        Map<String, String> p = chain(1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
        p.put("junction.chains.1.bridges.cctp.spoke-pool", "0xBd3fa81B58Ba92a82136038B25aDec7066af3155");
        ChainSettings c = settings(p).getFirst();
        Address routerA = JunctionContracts.router(c, OWNER_A);
        List<JunctionContracts.Contract> byA = JunctionContracts.contracts(c, OWNER_A);
        JunctionContracts.Contract receiver = byA.getLast();
        assertThat(receiver.role()).isEqualTo(JunctionContracts.Role.LEG_RECEIVER);
        assertThat(receiver.key()).isEqualTo("cctp");
        assertThat(receiver.artifact()).isEqualTo("JunctionCctpReceiver");
        // constructor (owner, router, tokenMessenger): the init code ends with those three words
        byte[] init = receiver.initCode();
        assertThat(Hex.encode(Arrays.copyOfRange(init, init.length - 96, init.length))).isEqualTo(Hex.encode(
                Abi.encode(Abi.address(OWNER_A),
                        Abi.address(routerA), Abi.address(
                                Address.evm("0xBd3fa81B58Ba92a82136038B25aDec7066af3155")))));
        assertThat(receiver.address()).isNotEqualTo(JunctionContracts.contracts(c, OWNER_B).getLast().address());
        assertThat(byA.stream().filter(x -> x.role().adapter()).map(JunctionContracts.Contract::key))
                .as("the receiver is not an adapter").containsExactly("uniswap-v2", "uniswap-v3", "across", "cctp");
        assertThat(JunctionContracts.legReceivers(List.of(c)).get(ChainId.of(1))).as("none configured yet").isEmpty();

        p.put("junction.chains.1.bridges.cctp.receiver", receiver.address().value());
        assertThat(JunctionContracts.legReceivers(settings(p)).get(ChainId.of(1)))
                .containsExactly(Map.entry("cctp", receiver.address()));
        p.put("junction.chains.1.bridges.cctp.receiver", "0x12");
        assertThatThrownBy(() -> settings(p)).hasMessageContaining("junction.chains.1.bridges.cctp.receiver");
    }

    @Test
    void aBridgeWithoutALegReceiverHasNone() {
        Map<String, String> p = chain(1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
        p.put("junction.chains.1.bridges.across.receiver", "0x00000000000000000000000000000000000000C1");
        ChainSettings c = settings(p).getFirst();
        assertThat(JunctionContracts.contracts(c, OWNER_A)).noneMatch(x -> x.role() == JunctionContracts.Role.LEG_RECEIVER);
        assertThat(JunctionContracts.legReceivers(List.of(c)).get(ChainId.of(1))).isEmpty();
    }
}
