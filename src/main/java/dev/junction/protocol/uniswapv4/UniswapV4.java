package dev.junction.protocol.uniswapv4;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.addressArray;
import static dev.junction.chain.abi.Abi.int256;
import static dev.junction.chain.abi.Abi.uint256;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.market.Pool;
import dev.junction.market.UniswapV4Pool;
import dev.junction.nodes.ChainConfigException;
import dev.junction.nodes.ChainProperties.DexProperties;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ConfigValues;
import dev.junction.nodes.LogEntry;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.ContractCall;
import dev.junction.protocol.DexProtocol;
import dev.junction.protocol.DexSettings;
import dev.junction.protocol.Fork;
import dev.junction.protocol.PoolLookup;
import dev.junction.protocol.PoolState;
import dev.junction.protocol.RouterGasTable;
import dev.junction.protocol.StepGas;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.SwapStep;
import dev.junction.protocol.TokenPair;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Uniswap V4: pools of a chain's singleton {@code PoolManager}, each named by its {@code PoolKey} (currency0,
 * currency1, fee, tickSpacing, hooks; its id is {@code keccak256(abi.encode(key))}), swapped with V3's math
 * ({@link UniswapV4Pool}). Junction's {@code UniswapV4Adapter} unlocks the PoolManager, swaps the key the step data
 * names, settles the input and takes the output; a native-currency key ({@code address(0)}) carries the chain's wrapped
 * native token on the route, which the adapter unwraps into the pool and wraps out of it. Which hooked pools are routed:
 * {@link UniswapV4Hooks}.
 */
public final class UniswapV4 implements DexProtocol {

    /** The adapter's step data: the pool's key, abi.encode(currency0, currency1, fee, tickSpacing, hooks). */
    public static final StepShape ADAPTER = new StepShape("UNISWAP_V4",
            "swap((address,address,uint24,int24,address),(bool,int256,uint160),bytes)",
            "address,address,uint24,int24,address");

    public static final Fork UNISWAP_V4 = new Fork("uniswap-v4", ADAPTER);
    static final List<Fork> FORKS = List.of(UNISWAP_V4);
    /** The (fee, tickSpacing) keys a cold load looks up per served pair: v4's customary tiers, without hooks. */
    static final List<int[]> STANDARD_KEYS = List.of(new int[] {100, 1}, new int[] {500, 10},
            new int[] {3000, 60}, new int[] {10000, 200});

    /** {@code LPFeeLibrary.MAX_LP_FEE}: 100% in pips. */
    static final int MAX_LP_FEE = 1_000_000;

    /** Router gas table row of a V4 step through the adapter, before ticks crossed. */
    static final String GAS_ROW = "uniswap-v4";
    /** Router gas table figure of a native-currency pool's step spending the route's native input (a first step). */
    static final String GAS_NATIVE_IN = "v4NativeIn";
    /** Router gas table row of a native-currency pool's step paying native, sent on to the receiver. */
    static final String GAS_NATIVE_OUT_ROW = "uniswap-v4-native-out";
    /** Router gas table figure of each initialized tick a concentrated-liquidity step crosses. */
    static final String GAS_TICK_CROSSED = "v3TickCrossed";

    /** {@code Initialize(PoolId indexed id, Currency indexed currency0, Currency indexed currency1, ...)}. */
    public static final Bytes32 INITIALIZE =
            Abi.topic("Initialize(bytes32,address,address,uint24,int24,address,uint160,int24)");
    /** {@code ModifyLiquidity(PoolId indexed id, address indexed sender, int24, int24, int256, bytes32)}. */
    public static final Bytes32 MODIFY_LIQUIDITY =
            Abi.topic("ModifyLiquidity(bytes32,address,int24,int24,int256,bytes32)");
    /** {@code Swap(PoolId indexed id, address indexed sender, int128, int128, uint160, uint128, int24, uint24)}. */
    public static final Bytes32 SWAP = Abi.topic("Swap(bytes32,address,int128,int128,uint160,uint128,int24,uint24)");
    /** {@code Donate(PoolId indexed id, address indexed sender, uint256 amount0, uint256 amount1)}. */
    public static final Bytes32 DONATE = Abi.topic("Donate(bytes32,address,uint256,uint256)");

    @Override
    public String kind() {
        return UNISWAP_V4.key();
    }

    /**
     * {@code pool-manager} (the chain's PoolManager, kept as the DEX's {@code factory}), {@code state-view} (its
     * StateView lens), {@code hooks-allowlist} (default none) and {@code pools} (pool keys, {@link #poolKeys}); no
     * factory, fee tiers or init code hash.
     */
    @Override
    public ChainSettings.Dex settings(String at, String key, DexProperties d) {
        DexSettings.noFeeTiers(at, d);
        if (d.factory() != null || d.initCodeHash() != null) {
            throw new ChainConfigException(at + "factory and init-code-hash do not apply to kind " + kind()
                    + " (its pools live in the pool-manager)");
        }
        if (d.poolManager() == null) {
            throw new ChainConfigException(at + "pool-manager is required for kind " + kind());
        }
        if (d.stateView() == null) {
            throw new ChainConfigException(at + "state-view is required for kind " + kind());
        }
        Address poolManager = ConfigValues.address(at + "pool-manager", d.poolManager());
        Address stateView = ConfigValues.address(at + "state-view", d.stateView());
        List<Address> hooks = ConfigValues.addresses(at + "hooks-allowlist", d.hooksAllowlist());
        for (int i = 0; i < hooks.size(); i++) {
            int refused = UniswapV4Hooks.permissions(hooks.get(i)) & UniswapV4Hooks.REFUSED;
            if (hooks.get(i).equals(Address.ZERO) || refused != 0) {
                throw new ChainConfigException(at + "hooks-allowlist[" + i + "] " + hooks.get(i)
                        + " cannot be routed: " + (refused == 0 ? "address(0) is no hook (pools without hooks are"
                        + " always routed)" : "its permissions 0x" + Integer.toHexString(refused)
                        + " (beforeSwap or a returns-delta flag) can change a swap's amounts or fee"));
            }
        }
        List<ChainSettings.PoolKey> keys = poolKeys(at, d.pools() == null ? List.of() : d.pools(), hooks);
        return new ChainSettings.Dex(key, kind(), poolManager, List.of(), List.of(), null, stateView, hooks, null,
                List.of(), null, keys);
    }

    /**
     * The configured {@code pools}: each {@code currency0/currency1/fee/tickSpacing/hooks}, optionally followed by
     * {@code /poolId}, as the PoolManager takes a key: currency0 below currency1 ({@code address(0)} for native ETH),
     * fee in pips up to 1,000,000 or the dynamic-fee flag 8388608 ({@code 0x800000}), tick spacing 1 to 32767, hooks
     * {@code address(0)} or routed by {@link UniswapV4Hooks} with the DEX's allowlist; a given id must be
     * {@code keccak256(abi.encode(key))}.
     */
    static List<ChainSettings.PoolKey> poolKeys(String at, List<String> texts, List<Address> allowlist) {
        List<ChainSettings.PoolKey> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            String where = at + "pools[" + i + "]";
            String text = texts.get(i) == null ? "" : texts.get(i).trim();
            String[] parts = text.split("/", -1);
            if (parts.length != 5 && parts.length != 6) {
                throw new ChainConfigException(where + " '" + text + "' is not a V4 pool key: expected"
                        + " currency0/currency1/fee/tickSpacing/hooks, optionally /poolId");
            }
            Address c0 = addressOrZero(where + " currency0", parts[0]);
            Address c1 = addressOrZero(where + " currency1", parts[1]);
            if (c0.lower().compareTo(c1.lower()) >= 0) {
                throw new ChainConfigException(where + " currency0 " + c0 + " must be below currency1 " + c1
                        + " (the PoolManager sorts a key's currencies)");
            }
            int fee = integer(where + " fee", parts[2]);
            if (fee != UniswapV4Pool.DYNAMIC_FEE_FLAG && (fee < 0 || fee > MAX_LP_FEE)) {
                throw new ChainConfigException(where + " fee " + fee + " must be 0 to " + MAX_LP_FEE
                        + " pips, or " + UniswapV4Pool.DYNAMIC_FEE_FLAG + " (0x800000) for a dynamic fee");
            }
            int spacing = integer(where + " tickSpacing", parts[3]);
            if (spacing < 1 || spacing > Short.MAX_VALUE) {
                throw new ChainConfigException(where + " tickSpacing " + spacing + " must be 1 to " + Short.MAX_VALUE);
            }
            Address hooks = addressOrZero(where + " hooks", parts[4]);
            Optional<String> refused = UniswapV4Hooks.refusal(hooks, allowlist);
            if (refused.isPresent()) {
                throw new ChainConfigException(where + " cannot be routed: " + refused.get());
            }
            Bytes32 id = UniswapV4State.Key.idOf(c0, c1, fee, spacing, hooks);
            if (parts.length == 6) {
                Bytes32 given;
                try {
                    given = Bytes32.of(parts[5].trim());
                } catch (IllegalArgumentException e) {
                    throw new ChainConfigException(where + " poolId '" + parts[5].trim() + "' is not 32 bytes of hex");
                }
                if (!given.equals(id)) {
                    throw new ChainConfigException(where + " poolId " + given + " is not the key's id " + id
                            + " (keccak256(abi.encode(key)))");
                }
            }
            ChainSettings.PoolKey key = new ChainSettings.PoolKey(c0, c1, fee, spacing, hooks);
            if (out.contains(key)) {
                throw new ChainConfigException(where + " names the same pool key twice");
            }
            out.add(key);
        }
        return List.copyOf(out);
    }

    /** A key's address: {@code address(0)} stands for native ETH (a currency) or no hooks. */
    private static Address addressOrZero(String at, String text) {
        return text.trim().equalsIgnoreCase(Address.ZERO.value()) ? Address.ZERO : ConfigValues.address(at, text);
    }

    private static int integer(String at, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new ChainConfigException(at + " '" + text.trim() + "' is not an integer");
        }
    }

    @Override
    public Class<? extends Pool> poolKind() {
        return UniswapV4Pool.class;
    }

    @Override
    public List<Fork> forks() {
        return FORKS;
    }

    /** The PoolManager's pool logs chain mode follows (each pool's PoolId is their topic1). */
    @Override
    public List<Bytes32> topics() {
        return List.of(INITIALIZE, MODIFY_LIQUIDITY, SWAP, DONATE, UniswapV4State.PROTOCOL_FEE_UPDATED);
    }

    /** A PoolManager log's pool: its PoolId (topic1), as {@link UniswapV4State#addressOf}. */
    @Override
    public Address poolKey(LogEntry log) {
        return log.topics().size() < 2 ? log.address() : UniswapV4State.addressOf(log.topics().get(1));
    }

    /**
     * The standard keys of a served pair without hooks ({@link #STANDARD_KEYS}; with native ETH in place of the
     * chain's wrapped native token too), each looked up by StateView's {@code getSlot0(id)}: its first word is the
     * pool's sqrtPriceX96 (a uint160, so the "address" the lookup reads is zero exactly when the pool is not
     * initialized).
     */
    @Override
    public List<PoolLookup> lookups(ChainSettings.Dex dex, TokenPair pair) {
        List<PoolLookup> out = new ArrayList<>();
        List<Address[]> currencies = new ArrayList<>();
        currencies.add(new Address[] {pair.token0(), pair.token1()});
        if (dex.wrappedNative() != null && pair.token0().equals(dex.wrappedNative())) {
            currencies.add(new Address[] {Address.ZERO, pair.token1()});
        } else if (dex.wrappedNative() != null && pair.token1().equals(dex.wrappedNative())) {
            currencies.add(new Address[] {Address.ZERO, pair.token0()});
        }
        for (Address[] c : currencies) {
            for (int[] fs : STANDARD_KEYS) {
                UniswapV4State.Key key = key(dex, c[0], c[1], fs[0], fs[1], Address.ZERO);
                out.add(new PoolLookup(new ContractCall(dex.stateView(), Abi.callHex("getSlot0(bytes32)",
                        Abi.bytes32(key.poolId()))), found -> UniswapV4State.found(key)));
            }
        }
        return out;
    }

    /**
     * The configured {@code pools} keys (pools initialized before the node is followed that the standard lookups do
     * not find: hooked or of another fee or spacing), read at the cold load as the lookups' pools are; a key of native
     * ETH on a chain without a wrapped native token is left out.
     */
    @Override
    public List<PoolState> configuredPools(ChainSettings.Dex dex) {
        List<PoolState> out = new ArrayList<>();
        for (ChainSettings.PoolKey k : dex.poolKeys()) {
            UniswapV4State.Key key = key(dex, k.currency0(), k.currency1(), k.fee(), k.tickSpacing(), k.hooks());
            if (key.token0() != null) {
                out.add(UniswapV4State.found(key));
            }
        }
        return out;
    }

    /** The PoolManager's {@code Initialize} of a pool of served tokens whose hooks are routed: followed from there. */
    @Override
    public Optional<PoolState> created(ChainSettings.Dex dex, LogEntry log, Set<Address> served) {
        if (!log.topic0().equals(INITIALIZE) || log.topics().size() < 4) {
            return Optional.empty();
        }
        String d = log.data();
        Address hooks = AbiDecoder.address(d, 2);
        if (UniswapV4Hooks.refusal(hooks, dex.hooksAllowlist()).isPresent()) {
            return Optional.empty();
        }
        UniswapV4State.Key key = key(dex, AbiDecoder.address(log.topics().get(2)),
                AbiDecoder.address(log.topics().get(3)), AbiDecoder.uint(d, 0).intValueExact(),
                AbiDecoder.int256(d, 1).intValueExact(), hooks);
        if (key.token0() == null || !served.contains(key.token0()) || !served.contains(key.token1())) {
            return Optional.empty();
        }
        return Optional.of(UniswapV4State.initialized(key, AbiDecoder.uint(d, 3),
                AbiDecoder.int256(d, 4).intValueExact()));
    }

    private static UniswapV4State.Key key(ChainSettings.Dex dex, Address currency0, Address currency1, int fee,
            int spacing, Address hooks) {
        Address token0 = currency0.equals(Address.ZERO) ? dex.wrappedNative() : currency0;
        return new UniswapV4State.Key(dex.key(), UniswapV4State.Key.idOf(currency0, currency1, fee, spacing, hooks),
                currency0, currency1, fee, spacing, hooks, token0, currency1, dex.stateView(), dex.hooksAllowlist());
    }

    /** The pool's key: abi.encode(currency0, currency1, fee, tickSpacing, hooks). */
    @Override
    public byte[] stepData(SwapStep s) {
        return keyData((UniswapV4Pool) s.pool());
    }

    /** abi.encode(PoolKey) of a pool. */
    static byte[] keyData(UniswapV4Pool pool) {
        return Abi.encode(address(pool.currency0()), address(pool.currency1()), uint256(pool.keyFee()),
                int256(pool.tickSpacing()), address(pool.hooks()));
    }

    /** {@code PoolId}: keccak256(abi.encode(key)). */
    public static Bytes32 poolId(UniswapV4Pool pool) {
        return Bytes32.of(Abi.keccak(keyData(pool)));
    }

    /**
     * {@code UniswapV4Adapter(poolManager, weth, allowedHooks)}; its {@code poolManager()} names the DEX.
     *
     * @throws IllegalArgumentException when the chain has no wrapped native token (the adapter unwraps into native
     *     pools)
     */
    @Override
    public AdapterSpec adapter(ChainSettings.Dex dex) {
        if (dex.wrappedNative() == null) {
            throw new IllegalArgumentException("the " + dex.key() + " adapter needs the chain's wrapped-native token"
                    + " (it wraps and unwraps around native ETH pools)");
        }
        return new AdapterSpec("UniswapV4Adapter",
                AdapterSpec.argumentsAfterRouter(address(dex.factory()), address(dex.wrappedNative()),
                addressArray(dex.hooksAllowlist())),
                Optional.of(new AdapterSpec.Probe("poolManager()", dex.factory())), Optional.empty());
    }

    /** The step row, plus {@code v3TickCrossed} per initialized tick crossed (V4 crosses ticks as V3 does). */
    @Override
    public SwapGas swapGas(RouterGasTable table) {
        StepGas row = table.step(GAS_ROW);
        long tick = table.figure(GAS_TICK_CROSSED);
        return (ticksCrossed, afterSwap) -> row.units(afterSwap) + tick * ticksCrossed;
    }

    /**
     * A native-currency pool's steps moving native themselves: {@code v4NativeIn} (a first step, so there is no
     * "later") and the row {@code uniswap-v4-native-out}, each plus {@code v3TickCrossed} per tick crossed.
     */
    @Override
    public Optional<NativeSwapGas> nativeSwapGas(RouterGasTable table) {
        long in = table.figure(GAS_NATIVE_IN);
        StepGas out = table.step(GAS_NATIVE_OUT_ROW);
        long tick = table.figure(GAS_TICK_CROSSED);
        return Optional.of(new NativeSwapGas((ticksCrossed, afterSwap) -> in + tick * ticksCrossed,
                (ticksCrossed, afterSwap) -> out.units(afterSwap) + tick * ticksCrossed));
    }
}
