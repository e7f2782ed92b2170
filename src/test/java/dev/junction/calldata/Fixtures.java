package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.Bytes32;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.WeightedPool;
import java.math.BigInteger;
import java.util.List;
import java.util.TreeMap;

/** Fixed inputs for the calldata tests: real mainnet token addresses, made-up routers. */
final class Fixtures {

    static final ChainId ETH = ChainId.of(1);
    static final ChainId ARB = ChainId.of(42161);
    static final ChainId BASE = ChainId.of(8453);
    static final ChainId LINEA = ChainId.of(59144);

    static final Address ETH_USDC = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    static final Address ETH_WETH = Address.evm("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
    static final Address ETH_DAI = Address.evm("0x6B175474E89094C44Da98b954EedeAC495271d0F");
    static final Address ETH_USDT = Address.evm("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    static final Address ARB_USDC = Address.evm("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    static final Address ARB_WETH = Address.evm("0x82aF49447D8a07e3bd95BD0d56f35241523fBab1");
    static final Address BASE_USDC = Address.evm("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    static final Address LINEA_USDC = Address.evm("0x176211869cA2b568f2A7D4EE941E073a821EE1ff");
    static final Address SOLANA_TOKEN = Address.solana("EPjFWdd5AufqSSqeM2qnC1xx9kwuVuyRsQb7f3TzRpE");
    static final Address SOLANA_WALLET = Address.solana("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");

    static final Address ETH_ROUTER = Address.evm("0x1000000000000000000000000000000000000001");
    static final Address ARB_ROUTER = Address.evm("0x1000000000000000000000000000000000042161");
    static final Address BASE_ROUTER = Address.evm("0x1000000000000000000000000000000000008453");
    static final Address LINEA_ROUTER = Address.evm("0x1000000000000000000000000000000000059144");

    static final Address SENDER = Address.evm("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    static final Address RECEIVER = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    static final Address FEE_RECIPIENT = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");

    static final String QUOTE_ID = "0x8f3c2a1b0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a";
    static final long QUOTED_AT = 1_893_456_000L;
    static final long DEADLINE = QUOTED_AT + 1_800;
    static final long EXPIRY = QUOTED_AT + 60;

    private Fixtures() {
    }

    static ConstantProductPool v2(String provider) {
        return new ConstantProductPool("eth:" + provider + ":usdc-weth", ETH, provider, ETH_USDC, ETH_WETH,
                new BigInteger("50000000000000"), new BigInteger("20000000000000000000000"), 30, 1e8);
    }

    static ConcentratedPool v3(String provider, int feePips, int tickSpacing) {
        return new ConcentratedPool("eth:" + provider + ":usdc-weth-" + feePips, ETH, provider, ETH_USDC, ETH_WETH,
                feePips, tickSpacing, new BigInteger("1771595571142957166518320255467520"), 198000,
                new BigInteger("30000000000000000000"), new TreeMap<>(), 1e8);
    }

    /** A Balancer V2 weighted USDC/WETH pool (a made-up pool id: the pool address 0xba1b...01, nonce 1). */
    static WeightedPool balancerWeighted() {
        BigInteger one = BigInteger.TEN.pow(18);
        return new WeightedPool("eth:balancer-v2:usdc-weth", ETH, "balancer-v2",
                Bytes32.of("0xba1b000000000000000000000000000000000001000200000000000000000001"),
                List.of(ETH_USDC, ETH_WETH), List.of(new BigInteger("600000000000"), new BigInteger("200000000000000000000")),
                List.of(one.multiply(BigInteger.TEN.pow(12)), one), List.of(one.divide(BigInteger.TWO),
                        one.divide(BigInteger.TWO)), new BigInteger("3000000000000000"), 1e6);
    }

    static StablePool curve3() {
        return new StablePool("eth:curve:3pool", ETH, "curve", List.of(ETH_DAI, ETH_USDC, ETH_USDT), List.of(18, 6, 6),
                List.of(new BigInteger("100000000000000000000000000"), new BigInteger("100000000000000"),
                        new BigInteger("100000000000000")), 2000, 1_000_000, 3e8);
    }

    static BridgeLane lane(String provider, ChainId from, ChainId to, Address in, Address out) {
        return new BridgeLane(provider, from, to, in, out, BigInteger.valueOf(100_000), 5, 0.5, 120, 240,
                BigInteger.valueOf(1_000_000), new BigInteger("10000000000000"), 90_000);
    }

    static Address routerOf(ChainId chain) {
        if (chain.equals(ETH)) {
            return ETH_ROUTER;
        }
        if (chain.equals(ARB)) {
            return ARB_ROUTER;
        }
        if (chain.equals(BASE)) {
            return BASE_ROUTER;
        }
        if (chain.equals(LINEA)) {
            return LINEA_ROUTER;
        }
        return null;
    }

    static SwapCall swap(Pool pool, Address in, Address out, long amountIn, long quotedOut,
            long min) {
        return new SwapCall(pool, routerOf(pool.chain()), in, out, Amount.of(amountIn), Amount.of(quotedOut),
                Amount.of(min));
    }

    static SwapCall swap(Pool pool, Address in, Address out, String amountIn, String quotedOut,
            String min) {
        return new SwapCall(pool, routerOf(pool.chain()), in, out, Amount.parse(amountIn), Amount.parse(quotedOut),
                Amount.parse(min));
    }

    static BridgeCall bridge(BridgeLane lane, long amountIn, long quotedOut, long min) {
        return new BridgeCall(lane, routerOf(lane.fromChain()), routerOf(lane.toChain()), Amount.of(amountIn),
                Amount.of(quotedOut), Amount.of(min));
    }

    /** A one-chain route around the given steps with fixed terms. */
    static RouteCall route(Address inputToken, String amountIn, Address outputToken, String minOut,
            AcquisitionMode mode, List<StepCall> steps) {
        return route(ETH, inputToken, amountIn, outputToken, RECEIVER, minOut, mode, "0x", BigInteger.ZERO, steps);
    }

    static RouteCall route(ChainId chain, Address inputToken, String amountIn, Address outputToken, Address receiver,
            String minOut, AcquisitionMode mode, String destinationCallData, BigInteger destinationGas,
            List<StepCall> steps) {
        return new RouteCall(QUOTE_ID, chain, routerOf(chain), SENDER, receiver, inputToken, Amount.parse(amountIn),
                outputToken, Amount.parse(minOut), 25, FEE_RECIPIENT, mode, destinationCallData, destinationGas,
                steps, QUOTED_AT, DEADLINE, EXPIRY, 250_000);
    }
}
