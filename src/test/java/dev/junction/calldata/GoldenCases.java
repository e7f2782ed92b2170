package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import static dev.junction.calldata.Fixtures.*;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Pool;
import dev.junction.protocol.Protocols;
import dev.junction.protocol.StepShape;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Fixed route calls covering every step shape; their calldata is pinned in src/test/resources/calldata/*.hex. */
final class GoldenCases {

    private GoldenCases() {
    }

    static Map<String, RouteCall> all() {
        Map<String, RouteCall> m = new LinkedHashMap<>();
        m.put("uniswap-v2-usdc-weth", swapRoute(v2("uniswap-v2"), ETH_USDC, ETH_WETH));
        m.put("camelot-v2-weth-usdc", swapRoute(v2("camelot"), ETH_WETH, ETH_USDC));
        m.put("aerodrome-v2-usdc-weth", swapRoute(v2("aerodrome"), ETH_USDC, ETH_WETH));
        m.put("uniswap-v3-usdc-weth", swapRoute(v3("uniswap-v3", 500, 10), ETH_USDC, ETH_WETH));
        m.put("sushiswap-v3-weth-usdc", swapRoute(v3("sushiswap", 3000, 60), ETH_WETH, ETH_USDC));
        m.put("quickswap-v3-usdc-weth", swapRoute(v3("quickswap", 500, 60), ETH_USDC, ETH_WETH));
        m.put("velodrome-cl-usdc-weth", swapRoute(v3("velodrome", 500, 100), ETH_USDC, ETH_WETH));
        m.put("trader-joe-generic-usdc-weth", swapRoute(v3("trader-joe", 500, 10), ETH_USDC, ETH_WETH));
        m.put("curve-dai-usdt", swapRoute(curve3(), ETH_DAI, ETH_USDT));
        m.put("native-eth-to-usdc-uniswap-v3", route(Address.NATIVE, "2000000000000000000", ETH_USDC, "5000000000",
                AcquisitionMode.NATIVE_TOKEN, List.of(swap(v3("uniswap-v3", 500, 10), ETH_WETH, ETH_USDC,
                        "2000000000000000000", "5100000000", "5000000000"))));
        m.put("permit2-usdc-weth", route(ETH_USDC, "1000000000", ETH_WETH, "390000000000000000",
                AcquisitionMode.SIGNED_PERMIT, List.of(swap(v2("uniswap-v2"), ETH_USDC, ETH_WETH, "1000000000",
                        "395000000000000000", "390000000000000000"))));
        m.put("across-eth-arb", bridgeRoute("across", ARB, ARB_USDC, RECEIVER));
        m.put("across-eth-solana", bridgeRoute("across", ChainId.SOLANA, SOLANA_TOKEN, SOLANA_WALLET));
        m.put("cctp-eth-arb", bridgeRoute("cctp", ARB, ARB_USDC, RECEIVER));
        m.put("cctp-eth-linea", bridgeRoute("cctp", LINEA, LINEA_USDC, RECEIVER));
        m.put("stargate-eth-arb", bridgeRoute("stargate", ARB, ARB_USDC, RECEIVER));
        m.put("hop-eth-arb", bridgeRoute("hop", ARB, ARB_USDC, RECEIVER));
        m.put("hop-arb-base", route(ARB, ARB_USDC, "1000000000", BASE_USDC, RECEIVER, "994403000",
                AcquisitionMode.DIRECT_TRANSFER, "0x", BigInteger.ZERO,
                List.of(bridge(lane("hop", ARB, BASE, ARB_USDC, BASE_USDC), 1_000_000_000L, 999_400_000L, 994_403_000L))));
        m.put("celer-eth-arb", bridgeRoute("celer", ARB, ARB_USDC, RECEIVER));
        m.put("wormhole-eth-arb", bridgeRoute("wormhole", ARB, ARB_USDC, RECEIVER));
        m.put("generic-bridge-eth-arb", bridgeRoute("arbitrum-native", ARB, ARB_USDC, RECEIVER));
        m.put("across-then-sushiswap-with-destination-call", crossChain("across", "0xcafe"));
        m.put("stargate-then-sushiswap", crossChain("stargate", "0x"));
        m.put("weth-uniswap-v3-then-cctp-then-sushiswap", swapBridgeSwap());
        return m;
    }

    /** The signature each step's data must decode with, in step order. */
    static List<String> stepSignatures(RouteCall call) {
        return call.steps().stream().map(s -> switch (s) {
            case SwapCall sw -> signature(Protocols.dex(sw.pool()).shape(sw.pool()));
            case BridgeCall b -> signature(Protocols.bridge(b.provider()).shape(b.lane()));
            case LegCall leg -> "abi:uint256"; // a split leg's share
        }).toList();
    }

    private static String signature(StepShape shape) {
        return shape.executable() ? "abi:" + shape.adapterData() : shape.signature();
    }

    static RouteCall swapRoute(Pool pool, Address in, Address out) {
        return route(in, "1000000000", out, "393025000000000000", AcquisitionMode.DIRECT_TRANSFER,
                List.of(swap(pool, in, out, "1000000000", "395000000000000000", "393025000000000000")));
    }

    static RouteCall bridgeRoute(String provider, ChainId to, Address out, Address receiver) {
        return route(ETH, ETH_USDC, "1000000000", out, receiver, "994403000", AcquisitionMode.DIRECT_TRANSFER, "0x",
                BigInteger.ZERO, List.of(bridge(lane(provider, ETH, to, ETH_USDC, out), 1_000_000_000L, 999_400_000L,
                        994_403_000L)));
    }

    static ConstantProductPool arbSushi() {
        return new ConstantProductPool("arb:sushiswap:usdc-weth", ARB, "sushiswap", ARB_USDC, ARB_WETH,
                new BigInteger("50000000000000"), new BigInteger("20000000000000000000000"), 30, 1e8);
    }

    static RouteCall crossChain(String provider, String destinationCallData) {
        return route(ETH, ETH_USDC, "1000000000", ARB_WETH, RECEIVER, "390000000000000000", AcquisitionMode.DIRECT_TRANSFER,
                destinationCallData, BigInteger.valueOf(150_000),
                List.of(bridge(lane(provider, ETH, ARB, ETH_USDC, ARB_USDC), 1_000_000_000L, 999_400_000L, 994_403_000L),
                        swap(arbSushi(), ARB_USDC, ARB_WETH, "999400000", "395000000000000000", "390000000000000000")));
    }

    static RouteCall swapBridgeSwap() {
        return route(ETH, ETH_WETH, "400000000000000000", ARB_WETH, RECEIVER, "385000000000000000",
                AcquisitionMode.SIGNED_PERMIT_WITNESS, "0x", BigInteger.ZERO,
                List.of(swap(v3("uniswap-v3", 500, 10), ETH_WETH, ETH_USDC, "400000000000000000", "1010000000",
                                "1004950000"),
                        bridge(lane("cctp", ETH, ARB, ETH_USDC, ARB_USDC), 1_004_950_000L, 1_004_950_000L,
                                1_004_950_000L),
                        swap(arbSushi(), ARB_USDC, ARB_WETH, "1004950000", "392000000000000000", "385000000000000000")));
    }
}
