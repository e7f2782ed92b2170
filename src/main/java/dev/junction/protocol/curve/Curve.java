package dev.junction.protocol.curve;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.int128;

import dev.junction.chain.Address;
import dev.junction.protocol.PoolState;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.DexProtocol;
import dev.junction.protocol.Fork;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.StepGas;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.SwapStep;
import dev.junction.nodes.ChainConfigException;
import dev.junction.nodes.ConfigValues;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainSettings;
import dev.junction.protocol.DexSettings;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Curve StableSwap pools and its forks ({@link StablePool}; PancakeSwap's StableSwap pools of the snapshot), run
 * through Junction's {@code CurveStableSwapAdapter}: the step data names the pool and the two coins' indexes, and the
 * adapter calls the pool's {@code exchange(i, j, dx, min_dy)}.
 */
public final class Curve implements DexProtocol {

    /** Curve StableSwap pool exchange(i, j, dx, min_dy); adapter data abi.encode(address pool, int128 i, int128 j). */
    public static final StepShape STABLE_SWAP = new StepShape("CURVE", "exchange(int128,int128,uint256,uint256)",
            "address,int128,int128");

    /** The provider key of Curve's pools. */
    public static final String KEY = "curve";
    /** The forks Junction knows by name: Curve, PancakeSwap StableSwap; every stable pool takes the same call. */
    static final List<Fork> FORKS = List.of(new Fork(KEY, STABLE_SWAP), new Fork("pancakeswap", STABLE_SWAP));
    /** Router gas table row of a Curve step through the adapter. */
    static final String GAS_ROW = KEY;

    @Override
    public String kind() {
        return KEY;
    }

    /** An explicit pool list (Curve has no factory to discover them); no fee tiers. */
    @Override
    public ChainSettings.Dex settings(String at, String key, DexProperties d) {
        List<Address> pools = ConfigValues.addresses(at + "pools", d.pools());
        if (pools.isEmpty()) {
            throw new ChainConfigException(at + "pools must list the Curve pools to serve (kind curve has no "
                    + "factory to discover them)");
        }
        if (new LinkedHashSet<>(pools).size() != pools.size()) {
            throw new ChainConfigException(at + "pools lists an address twice");
        }
        DexSettings.noFeeTiers(at, d);
        return new ChainSettings.Dex(key, kind(), null, List.of(), pools, null);
    }

    @Override
    public List<Bytes32> topics() {
        return CurveState.EVENTS;
    }

    /** The DEX's configured {@code pools}: Curve has no factory chain mode asks. */
    @Override
    public List<PoolState> configuredPools(ChainSettings.Dex dex) {
        return dex.pools().stream().map(pool -> (PoolState) CurveState.unread(dex.key(), pool)).toList();
    }

    @Override
    public Class<? extends Pool> poolKind() {
        return StablePool.class;
    }

    @Override
    public List<Fork> forks() {
        return FORKS;
    }

    @Override
    public byte[] stepData(SwapStep s) {
        StablePool pool = (StablePool) s.pool();
        return Abi.encode(address(poolAddress(pool)), int128(pool.coins().indexOf(s.tokenIn())),
                int128(pool.coins().indexOf(s.tokenOut())));
    }

    /**
     * {@code CurveStableSwapAdapter()}: no constructor arguments (the pool is in each step's data), so no getter
     * names the DEX and /status cannot tell a Curve adapter from its address alone.
     */
    @Override
    public AdapterSpec adapter(ChainSettings.Dex dex) {
        return new AdapterSpec("CurveStableSwapAdapter", new byte[0], Optional.empty(), Optional.empty());
    }

    @Override
    public SwapGas swapGas(RouterGasTable table) {
        StepGas row = table.step(GAS_ROW);
        return (ticksCrossed, afterSwap) -> row.units(afterSwap);
    }

    /**
     * The on-chain address of a pool: the last {@code :}-separated part of the pool id when it is an EVM address
     * (live markets key pools by address); the zero address for the sandbox's simulated pools, which have none (the
     * simulated network runs the step by adapter and tokens, not by this field).
     */
    static Address poolAddress(StablePool pool) {
        String id = pool.id();
        String last = id.substring(id.lastIndexOf(':') + 1);
        if (last.length() == 42 && last.startsWith("0x")) {
            try {
                return Address.evm(last);
            } catch (IllegalArgumentException notAnAddress) {
                return Address.ZERO;
            }
        }
        return Address.ZERO;
    }
}
