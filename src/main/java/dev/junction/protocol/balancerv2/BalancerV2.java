package dev.junction.protocol.balancerv2;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.bytes32;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.Pool;
import dev.junction.market.WeightedPool;
import dev.junction.nodes.ChainConfigException;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ConfigValues;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.DexProtocol;
import dev.junction.protocol.DexSettings;
import dev.junction.protocol.Fork;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.StepGas;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.SwapStep;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Balancer V2: every swap goes through the Vault ({@code Vault.swap}, one pool by its 32-byte pool id), run by
 * Junction's {@code BalancerV2Adapter}; pools of two maths: {@link WeightedPool} and {@link ComposableStablePool}.
 * Configured as kind {@code balancer-v2} with its {@code vault} and the pool {@code factories} it serves.
 */
public final class BalancerV2 implements DexProtocol {

    /** The provider key and configuration kind. */
    public static final String KEY = "balancer-v2";
    /**
     * {@code Vault.swap(SingleSwap, FundManagement, limit, deadline)}; adapter data
     * {@code abi.encode(bytes32 poolId, uint256 limit, uint256 deadline)}.
     */
    public static final StepShape VAULT_SWAP = new StepShape("BALANCER_V2_VAULT",
            "swap((bytes32,uint8,address,address,uint256,bytes),(address,bool,address,bool),uint256,uint256)",
            "bytes32,uint256,uint256");
    static final List<Fork> FORKS = List.of(new Fork(KEY, VAULT_SWAP));
    /** Router gas table rows: a weighted pool's step, a composable stable pool's step. */
    static final String GAS_ROW = KEY;
    static final String STABLE_GAS_ROW = KEY + "-stable";
    /** The Vault at the same address on every chain Balancer V2 is deployed on (v2-deployments' task 20210418-vault). */
    public static final Address MAINNET_VAULT = Address.evm("0xBA12222222228d8Ba445958a75a0704d566BF2C8");

    @Override
    public String kind() {
        return KEY;
    }

    /**
     * The {@code vault} (required), the pool {@code factories} (at least one: chain mode follows their new pools) and
     * the existing {@code pools} chain mode serves (addresses; optional); no fee tiers or factory.
     */
    @Override
    public ChainSettings.Dex settings(String at, String key, DexProperties d) {
        if (d.vault() == null) {
            throw new ChainConfigException(at + "vault is required for kind " + KEY + " (Balancer V2's Vault, "
                    + MAINNET_VAULT + " on every chain it is deployed on)");
        }
        Address vault = ConfigValues.address(at + "vault", d.vault());
        List<Address> factories = ConfigValues.addresses(at + "factories", d.factories());
        if (factories.isEmpty()) {
            throw new ChainConfigException(at + "factories must list the pool factories whose pools to serve "
                    + "(kind " + KEY + ")");
        }
        if (new LinkedHashSet<>(factories).size() != factories.size()) {
            throw new ChainConfigException(at + "factories lists an address twice");
        }
        if (d.factory() != null) {
            throw new ChainConfigException(at + "factory does not apply to kind " + KEY + ": list the pool factories "
                    + "under factories");
        }
        DexSettings.noFeeTiers(at, d);
        List<Address> pools = ConfigValues.addresses(at + "pools", d.pools());
        if (new LinkedHashSet<>(pools).size() != pools.size()) {
            throw new ChainConfigException(at + "pools lists an address twice");
        }
        return new ChainSettings.Dex(key, kind(), null, List.of(), pools, null, null, List.of(),
                vault, factories, null);
    }

    /** The Vault's swaps and balance changes, the pools' fee, amplification and rate events, factories' creations. */
    @Override
    public List<Bytes32> topics() {
        return BalancerV2State.EVENTS;
    }

    /** The Vault's events name their pool by its id in topic1, whose first 20 bytes are the pool's address. */
    @Override
    public Address poolKey(LogEntry log) {
        if (log.topics().size() < 2 || !BalancerV2State.VAULT_EVENTS.contains(log.topic0())) {
            return log.address();
        }
        return BalancerV2State.poolAddress(log.topics().get(1));
    }

    /** The DEX's configured {@code pools}, read from the pool and the Vault. */
    @Override
    public List<PoolState> configuredPools(ChainSettings.Dex dex) {
        return dex.pools().stream()
                .map(pool -> (PoolState) BalancerV2State.unread(dex.key(), pool, dex.vault())).toList();
    }

    /**
     * A configured factory's {@code PoolCreated(pool)}: the pool, not read yet (the log names no tokens; its read at
     * the range's last block says them, and {@link BalancerV2State#facts} leaves it out of the market unless every
     * swappable token is served).
     */
    @Override
    public Optional<PoolState> created(ChainSettings.Dex dex, LogEntry log, Set<Address> served) {
        if (!log.topic0().equals(BalancerV2State.POOL_CREATED) || log.topics().size() < 2
                || !dex.factories().contains(log.address())) {
            return Optional.empty();
        }
        return Optional.of(BalancerV2State.unread(dex.key(), AbiDecoder.address(log.topics().get(1)), dex.vault()));
    }

    @Override
    public Class<? extends Pool> poolKind() {
        return WeightedPool.class;
    }

    @Override
    public List<Class<? extends Pool>> poolKinds() {
        return List.of(WeightedPool.class, ComposableStablePool.class);
    }

    @Override
    public List<Fork> forks() {
        return FORKS;
    }

    /** {@code abi.encode(poolId, minAmountOut, deadline)}: the Vault's limit is the step's least output. */
    @Override
    public byte[] stepData(SwapStep s) {
        return Abi.encode(bytes32(poolId(s.pool())), uint256(s.minAmountOut().value()), uint256(s.deadline()));
    }

    /** {@code BalancerV2Adapter(router, vault)} (the router prepended by deploy); its {@code vault()} names the DEX. */
    @Override
    public AdapterSpec adapter(ChainSettings.Dex dex) {
        return new AdapterSpec("BalancerV2Adapter", AdapterSpec.argumentsAfterRouter(address(dex.vault())),
                Optional.of(new AdapterSpec.Probe("vault()", dex.vault())), Optional.empty());
    }

    /** The weighted pools' row (the cheaper kind); {@link #swapGas(RouterGasTable, Class)} picks by kind. */
    @Override
    public SwapGas swapGas(RouterGasTable table) {
        return swapGas(table, WeightedPool.class);
    }

    @Override
    public SwapGas swapGas(RouterGasTable table, Class<? extends Pool> kind) {
        StepGas row = table.step(kind == ComposableStablePool.class ? STABLE_GAS_ROW : GAS_ROW);
        return (ticksCrossed, afterSwap) -> row.units(afterSwap);
    }

    static Bytes32 poolId(Pool pool) {
        return switch (pool) {
            case WeightedPool w -> w.poolId();
            case ComposableStablePool c -> c.poolId();
            default -> throw new IllegalArgumentException("not a Balancer V2 pool: " + pool.id());
        };
    }
}
