package dev.junction.deploy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.Abi.Value;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Bridge;
import dev.junction.nodes.ChainSettings.Dex;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where Junction's contracts are on a chain, derived from its settings alone: no key, no node. Every contract is
 * deployed with CREATE2 through {@link Create2#DEPLOYER} with {@link Create2#SALT}, so its address is a function of
 * its init code (the build's creation bytecode plus constructor arguments from the settings).
 *
 * <p>The adapters take no owner: their addresses are the same whoever deploys them, so chain mode can find them
 * knowing only {@code junction.chains.*} ({@link #adapters(Collection)}, ready for
 * {@code calldata.AdapterDirectory.deployed}). The router takes its owner (the deployer) as a constructor argument,
 * so its address depends on who deployed it: chain mode reads it from {@code junction.chains.<id>.router}.
 *
 * <p>One adapter per provider key: {@code dexes.<key>} of kind {@code uniswap-v2} ->
 * {@code UniswapV2Adapter(factory, init-code-hash, 997, 1000)}, {@code uniswap-v3} ->
 * {@code UniswapV3Adapter(factory, init-code-hash)}, {@code curve} -> {@code CurveStableSwapAdapter()};
 * {@code bridges.<key>} named {@code across} (or {@code across-*}) -> {@code AcrossAdapter(spoke-pool)}, named
 * {@code cctp} (or {@code cctp-*}) -> {@code CctpAdapter(spoke-pool)} (CCTP's TokenMessenger in that setting). A
 * bridge under another key has no on-chain deposit Junction can call: no adapter, not executable there.
 */
public final class JunctionContracts {

    /** The provider key the router is listed under in {@link #contracts}. */
    public static final String ROUTER_KEY = "router";

    /** Uniswap V2's fee as the part that stays: 997/1000 (the adapter's constructor; forks differ). */
    static final BigInteger V2_FEE_NUMERATOR = BigInteger.valueOf(997);
    static final BigInteger V2_FEE_DENOMINATOR = BigInteger.valueOf(1000);

    private JunctionContracts() {
    }

    /** What a contract is for. */
    public enum Role {
        ROUTER, SWAP_ADAPTER, BRIDGE_ADAPTER
    }

    /**
     * One contract to deploy on a chain.
     *
     * @param key the provider key ({@link #ROUTER_KEY} for the router)
     * @param artifact the contract's name in {@link ContractArtifacts}
     * @param initCode creation bytecode followed by the ABI-encoded constructor arguments
     * @param address where CREATE2 puts it
     */
    public record Contract(String key, Role role, String artifact, byte[] initCode, Address address) {
    }

    /**
     * The adapters of every chain, by chain and provider key: the argument of
     * {@code calldata.AdapterDirectory.deployed(...)}. Keys without an adapter are absent.
     */
    public static Map<ChainId, Map<String, Address>> adapters(Collection<ChainSettings> chains) {
        Map<ChainId, Map<String, Address>> out = new TreeMap<>();
        for (ChainSettings c : chains) {
            out.put(c.id(), adapters(c));
        }
        return Collections.unmodifiableMap(out);
    }

    /** The adapters of one chain by provider key: DEXes, then bridges, each sorted by key (a stable order). */
    public static Map<String, Address> adapters(ChainSettings chain) {
        Map<String, Address> out = new LinkedHashMap<>();
        for (Contract c : adapterContracts(chain)) {
            out.put(c.key(), c.address());
        }
        return Collections.unmodifiableMap(out);
    }

    /** The router {@code owner} deploys on a chain (its address depends on the owner). */
    public static Address router(ChainSettings chain, Address owner) {
        return routerContract(chain, owner).address();
    }

    /** The router (first) and the adapters of a chain, as {@code owner} deploys them. */
    public static List<Contract> contracts(ChainSettings chain, Address owner) {
        List<Contract> out = new ArrayList<>();
        out.add(routerContract(chain, owner));
        out.addAll(adapterContracts(chain));
        return out;
    }

    static Contract routerContract(ChainSettings chain, Address owner) {
        if (chain.wrappedNative() == null) {
            throw new IllegalArgumentException("junction.chains." + chain.id().value()
                    + ".wrapped-native is required to deploy the router (it wraps and unwraps native input/output)");
        }
        return contract(ROUTER_KEY, Role.ROUTER, ContractArtifacts.ROUTER, Abi.address(owner),
                Abi.address(chain.permit2()), Abi.address(chain.wrappedNative()));
    }

    static List<Contract> adapterContracts(ChainSettings chain) {
        List<Contract> out = new ArrayList<>();
        for (Dex d : new TreeMap<>(chain.dexes()).values()) {
            out.add(switch (d.kind()) {
                case UNISWAP_V2 -> contract(d.key(), Role.SWAP_ADAPTER, ContractArtifacts.UNISWAP_V2_ADAPTER,
                        Abi.address(d.factory()), Abi.bytes32(d.initCodeHash()),
                        Abi.uint256(V2_FEE_NUMERATOR), Abi.uint256(V2_FEE_DENOMINATOR));
                case UNISWAP_V3 -> contract(d.key(), Role.SWAP_ADAPTER, ContractArtifacts.UNISWAP_V3_ADAPTER,
                        Abi.address(d.factory()), Abi.bytes32(d.initCodeHash()));
                case CURVE -> contract(d.key(), Role.SWAP_ADAPTER, ContractArtifacts.CURVE_ADAPTER);
            });
        }
        for (Bridge b : new TreeMap<>(chain.bridges()).values()) {
            bridgeArtifact(b.key()).ifPresent(artifact -> out.add(contract(b.key(), Role.BRIDGE_ADAPTER, artifact,
                    Abi.address(b.spokePool()))));
        }
        return out;
    }

    /** The adapter contract of a bridge provider key, empty when Junction has none for it. */
    static Optional<String> bridgeArtifact(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        if (k.equals("across") || k.startsWith("across-")) {
            return Optional.of(ContractArtifacts.ACROSS_ADAPTER);
        }
        if (k.equals("cctp") || k.startsWith("cctp-")) {
            return Optional.of(ContractArtifacts.CCTP_ADAPTER);
        }
        return Optional.empty();
    }

    /** A contract whose init code is the artifact's creation bytecode followed by its ABI-encoded arguments. */
    private static Contract contract(String key, Role role, String artifact, Value... args) {
        byte[] code = ContractArtifacts.bytecode(artifact);
        byte[] arguments = Abi.encode(args);
        byte[] init = Arrays.copyOf(code, code.length + arguments.length);
        System.arraycopy(arguments, 0, init, code.length, arguments.length);
        return new Contract(key, role, artifact, init, Create2.address(init));
    }
}
