package dev.junction.deploy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Bridge;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.LegReceiver;
import dev.junction.protocol.Protocols;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where Junction's contracts are on a chain, derived from its settings alone: no key, no node. Every contract is
 * deployed with CREATE2 through {@link Create2#DEPLOYER} with {@link Create2#SALT}, so its address is a function of
 * its init code (the build's creation bytecode plus constructor arguments from the settings).
 *
 * <p>The router takes its owner (the deployer) as a constructor argument, so its address depends on who deployed it.
 * Every adapter takes its router as its FIRST constructor argument (only that router may call it: contracts'
 * {@code RouterOnly}), prepended here ({@link #adapterContracts}) to the arguments its room declares, so its address
 * depends on the router's. The deploy command derives the router from its key first, then the adapters from the
 * router; chain mode, which has no key, reads the router from {@code junction.chains.<id>.router} (what the deploy
 * command printed) and derives the adapters from it ({@link #adapters(Collection)}, ready for
 * {@code calldata.AdapterDirectory.deployed}): a chain without a configured router has no adapters.
 *
 * <p>A bridge whose legs arrive through Junction's own receiver (CCTP: {@code JunctionCctpReceiver(owner, router,
 * tokenMessenger)}, {@code protocol.LegReceiver}) has that receiver deployed next to the router, its address depending
 * on the owner and the router; chain mode reads it from {@code junction.chains.<id>.bridges.<key>.receiver}
 * ({@link #legReceivers(Collection)}).
 *
 * <p>One adapter per provider key, as the provider's protocol room declares it ({@code protocol.DexProtocol#adapter},
 * {@code BridgeProtocol#adapter}: its artifact and constructor arguments): every {@code dexes.<key>} by its kind's
 * room, each {@code bridges.<key>} by the room that serves the key. A bridge whose room has no adapter has no on-chain
 * deposit Junction can call: not executable there.
 */
public final class JunctionContracts {

    /** The provider key the router is listed under in {@link #contracts}. */
    public static final String ROUTER_KEY = "router";

    private JunctionContracts() {
    }

    /** What a contract is for. */
    public enum Role {
        ROUTER, SWAP_ADAPTER, BRIDGE_ADAPTER, TIMELOCK,
        /** Junction's receiver of a bridge's destination legs (protocol.LegReceiver; CCTP's JunctionCctpReceiver). */
        LEG_RECEIVER;

        /** Whether the router allows it as an adapter ({@code setAdapter}). */
        public boolean adapter() {
            return this == SWAP_ADAPTER || this == BRIDGE_ADAPTER;
        }
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

    /**
     * The adapters of one chain's configured router ({@code junction.chains.<id>.router}) by provider key; empty when
     * the chain configures no router.
     */
    public static Map<String, Address> adapters(ChainSettings chain) {
        return chain.routerAddress().map(router -> adapters(chain, router)).orElse(Map.of());
    }

    /** The adapters of {@code router} on a chain by provider key: DEXes, then bridges, each sorted by key. */
    public static Map<String, Address> adapters(ChainSettings chain, Address router) {
        Map<String, Address> out = new LinkedHashMap<>();
        for (Contract c : adapterContracts(chain, router)) {
            out.put(c.key(), c.address());
        }
        return Collections.unmodifiableMap(out);
    }

    /** The router {@code owner} deploys on a chain (its address depends on the owner). */
    public static Address router(ChainSettings chain, Address owner) {
        return routerContract(chain, owner).address();
    }

    /** The router (first), its adapters and the bridges' leg receivers on a chain, as {@code owner} deploys them. */
    public static List<Contract> contracts(ChainSettings chain, Address owner) {
        List<Contract> out = new ArrayList<>();
        Contract router = routerContract(chain, owner);
        out.add(router);
        out.addAll(adapterContracts(chain, router.address()));
        out.addAll(legReceiverContracts(chain, owner, router.address()));
        return out;
    }

    /**
     * The leg receivers configured per chain ({@code junction.chains.<id>.bridges.<key>.receiver}, what the deploy
     * command printed under {@code receivers}), by chain and bridge room name ({@code protocol.BridgeProtocol#name()}):
     * the second argument of {@code calldata.AdapterDirectory.deployed(...)}. A bridge whose room has no receiver is
     * absent.
     */
    public static Map<ChainId, Map<String, Address>> legReceivers(Collection<ChainSettings> chains) {
        Map<ChainId, Map<String, Address>> out = new TreeMap<>();
        for (ChainSettings c : chains) {
            Map<String, Address> byRoom = new LinkedHashMap<>();
            for (Bridge b : new TreeMap<>(c.bridges()).values()) {
                if (b.receiver() != null && legReceiver(b).isPresent()) {
                    byRoom.putIfAbsent(Protocols.bridge(b.key()).name(), b.receiver());
                }
            }
            out.put(c.id(), Collections.unmodifiableMap(byRoom));
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * The leg receivers {@code owner} deploys next to {@code router} on a chain: one per bridge room that has one
     * (the first configured key of the room, sorted), with the owner and the router prepended to the arguments its
     * room declares ({@code protocol.LegReceiver}).
     */
    static List<Contract> legReceiverContracts(ChainSettings chain, Address owner, Address router) {
        byte[] ownerAndRouter = Abi.encode(Abi.address(owner), Abi.address(router));
        Map<String, Contract> byRoom = new LinkedHashMap<>();
        for (Bridge b : new TreeMap<>(chain.bridges()).values()) {
            legReceiver(b).ifPresent(r -> byRoom.putIfAbsent(Protocols.bridge(b.key()).name(), contract(b.key(),
                    Role.LEG_RECEIVER, r.artifact(), ownerAndRouter, r.constructorArguments())));
        }
        return List.copyOf(byRoom.values());
    }

    /** The leg receiver of a configured bridge, as its room declares it; empty when the bridge has none. */
    static Optional<LegReceiver> legReceiver(Bridge bridge) {
        return Protocols.bridge(bridge.key()).legReceiver(bridge);
    }

    /**
     * The {@code TimelockController} the deploy command hands a router owned by {@code proposer} to
     * ({@code junction.deployer.timelock-delay}): deployed with a minimum delay of 0, {@code proposer} as its only
     * proposer (and canceller) and executor, and no admin (it administers itself), so its address depends only on the
     * proposer; the deploy command accepts the router's ownership through it at once, then sets its delay (its own
     * {@code updateDelay}, through itself). From then on every owner call waits for the delay.
     */
    public static Contract timelock(Address proposer) {
        return contract("timelock", Role.TIMELOCK, ContractArtifacts.TIMELOCK, Abi.encode(Abi.uint256(0),
                Abi.addressArray(List.of(proposer)), Abi.addressArray(List.of(proposer)), Abi.address(Address.ZERO)));
    }

    static Contract routerContract(ChainSettings chain, Address owner) {
        if (chain.wrappedNative() == null) {
            throw new IllegalArgumentException("junction.chains." + chain.id().value()
                    + ".wrapped-native is required to deploy the router (it wraps and unwraps native input/output)");
        }
        return contract(ROUTER_KEY, Role.ROUTER, ContractArtifacts.ROUTER, Abi.encode(Abi.address(owner),
                Abi.address(chain.permit2()), Abi.address(chain.wrappedNative())));
    }

    /**
     * The adapters of {@code router}: each room's artifact and constructor arguments, with the router's address
     * prepended as the first argument (the one place it is added: rooms declare only their own arguments).
     */
    static List<Contract> adapterContracts(ChainSettings chain, Address router) {
        byte[] routerArgument = Abi.encode(Abi.address(router));
        List<Contract> out = new ArrayList<>();
        for (Dex d : new TreeMap<>(chain.dexes()).values()) {
            AdapterSpec a = Protocols.dex(d.kind()).adapter(d);
            out.add(contract(d.key(), Role.SWAP_ADAPTER, a.artifact(), routerArgument, a.constructorArguments()));
        }
        for (Bridge b : new TreeMap<>(chain.bridges()).values()) {
            bridgeAdapter(b).ifPresent(a -> out.add(contract(b.key(), Role.BRIDGE_ADAPTER, a.artifact(),
                    routerArgument, a.constructorArguments())));
        }
        return out;
    }

    /** The adapter of a configured bridge, as its room declares it; empty when Junction has none for it. */
    static Optional<AdapterSpec> bridgeAdapter(Bridge bridge) {
        return Protocols.bridge(bridge.key()).adapter(bridge);
    }

    /**
     * A contract whose init code is the artifact's creation bytecode followed by its ABI-encoded arguments (the
     * {@code arguments} parts in order: static words concatenate into one encoding).
     */
    private static Contract contract(String key, Role role, String artifact, byte[]... arguments) {
        byte[] init = ContractArtifacts.bytecode(artifact);
        for (byte[] part : arguments) {
            int at = init.length;
            init = Arrays.copyOf(init, at + part.length);
            System.arraycopy(part, 0, init, at, part.length);
        }
        return new Contract(key, role, artifact, init, Create2.address(init));
    }
}
