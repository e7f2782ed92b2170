package dev.junction.protocol;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.ComposableStablePool;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.UniswapV4Pool;
import dev.junction.market.WeightedPool;
import dev.junction.nodes.ChainSettings;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Sample pools, lanes and settings for asking the rooms (mainnet token addresses, made-up contracts). */
public final class RoomSamples {

    public static final ChainId ETH = ChainId.of(1);
    public static final ChainId ARB = ChainId.of(42161);
    static final Address USDC = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    static final Address WETH = Address.evm("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
    static final Address USDT = Address.evm("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    static final Address ARB_USDC = Address.evm("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    static final Address FACTORY = Address.evm("0x00000000000000000000000000000000000000F1");
    static final Address BRIDGE_CONTRACT = Address.evm("0x00000000000000000000000000000000000000B1");
    static final Bytes32 INIT_CODE_HASH = Bytes32.of("0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f");

    private RoomSamples() {
    }

    public static ConstantProductPool v2(String provider) {
        return new ConstantProductPool("eth:" + provider + ":usdc-weth", ETH, provider, USDC, WETH,
                new BigInteger("50000000000000"), new BigInteger("20000000000000000000000"), 30, 1e8);
    }

    public static ConcentratedPool v3(String provider) {
        return new ConcentratedPool("eth:" + provider + ":usdc-weth-500", ETH, provider, USDC, WETH, 500, 10,
                new BigInteger("1771595571142957166518320255467520"), 198000, new BigInteger("30000000000000000000"),
                new TreeMap<>(), 1e8);
    }

    public static StablePool curve(String provider) {
        return new StablePool("eth:" + provider + ":usdc-usdt", ETH, provider, List.of(USDC, USDT), List.of(6, 6),
                List.of(new BigInteger("100000000000000"), new BigInteger("100000000000000")), 2000, 1_000_000, 2e8);
    }

    /** Uniswap V4's native ETH/USDC pool (0.05%, tick spacing 10, no hooks): WETH on the route. */
    public static UniswapV4Pool v4(String provider) {
        ConcentratedPool curve = new ConcentratedPool("eth:" + provider + ":eth-usdc-500", ETH, provider, WETH, USDC,
                500, 10, new BigInteger("1771595571142957166518320255467520"), 198000,
                new BigInteger("30000000000000000000"), new TreeMap<>(), 1e8);
        return new UniswapV4Pool(curve, Address.ZERO, USDC, 500, Address.ZERO, 0);
    }

    static final Bytes32 BALANCER_POOL_ID =
            Bytes32.of("0x96646936b91d6b9d7d0c47c496afbf3d6ec7b6f8000200000000000000000019");
    static final Address VAULT = Address.evm("0xBA12222222228d8Ba445958a75a0704d566BF2C8");

    /** A Balancer V2 80/20 WETH/USDC-like weighted pool (USDC sorts first). */
    public static WeightedPool weighted(String provider) {
        BigInteger one = BigInteger.TEN.pow(18);
        return new WeightedPool("eth:" + provider + ":usdc-weth-weighted", ETH, provider, BALANCER_POOL_ID,
                List.of(USDC, WETH), List.of(new BigInteger("600000000000"), new BigInteger("800000000000000000000")),
                List.of(one.multiply(BigInteger.TEN.pow(12)), one), List.of(new BigInteger("200000000000000000"),
                        new BigInteger("800000000000000000")), new BigInteger("3000000000000000"), 3e6);
    }

    /** A Balancer V2 composable stable USDC/USDT pool, A = 200. */
    public static ComposableStablePool composableStable(String provider) {
        BigInteger factor = BigInteger.TEN.pow(30);
        return new ComposableStablePool("eth:" + provider + ":usdc-usdt-stable", ETH, provider, BALANCER_POOL_ID,
                List.of(USDC, USDT), List.of(new BigInteger("100000000000000"), new BigInteger("100000000000000")),
                List.of(factor, factor), BigInteger.valueOf(200_000), new BigInteger("100000000000000"), 2e8);
    }

    /** One pool of every kind the market has. */
    public static List<Pool> poolOfEveryKind() {
        return List.of(v2("uniswap-v2"), v3("uniswap-v3"), v4("uniswap-v4"), curve("curve"), weighted("balancer-v2"),
                composableStable("balancer-v2"));
    }

    public static BridgeLane lane(String provider, long gasUnits) {
        return new BridgeLane(provider, ETH, ARB, USDC, ARB_USDC, BigInteger.ZERO, 5, 0.5, 120, 240,
                BigInteger.ONE, new BigInteger("10000000000000"), gasUnits);
    }

    /** A configured DEX of a kind (by its configuration name), under the kind's name as its key. */
    public static ChainSettings.Dex dex(String kind) {
        if (kind.equals("balancer-v2")) {
            return new ChainSettings.Dex(kind, kind, null, List.of(), List.of(), null, null, List.of(), VAULT,
                    List.of(FACTORY), null);
        }
        return new ChainSettings.Dex(kind, kind, FACTORY, List.of(), List.of(),
                kind.equals("curve") ? null : INIT_CODE_HASH).withWrappedNative(WETH);
    }

    /** A configured bridge under a key. */
    public static ChainSettings.Bridge bridge(String key) {
        return new ChainSettings.Bridge(key, BRIDGE_CONTRACT, List.of());
    }

    /** Every adapter artifact a room declares: each DEX kind's, each bridge room's (under its canonical key). */
    public static List<String> adapterArtifacts() {
        List<String> out = new ArrayList<>();
        for (DexProtocol d : Protocols.dexes()) {
            out.add(d.adapter(dex(d.kind())).artifact());
        }
        for (BridgeProtocol b : Protocols.bridges()) {
            b.adapter(bridge(b.providerKeys().getFirst())).ifPresent(a -> out.add(a.artifact()));
        }
        return out;
    }
}
