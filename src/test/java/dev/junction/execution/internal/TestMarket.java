package dev.junction.execution.internal;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.execution.ExecutionPlan;
import dev.junction.execution.PlanStep;
import dev.junction.execution.RouteKind;
import dev.junction.execution.SwapKind;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;

/** A small two-chain market for execution tests: USDC/WETH V2 pools on Ethereum and Arbitrum, an Across USDC lane. */
public final class TestMarket implements Market {

    public static final ChainId ETH = ChainId.of(1);
    public static final ChainId ARB = ChainId.of(42161);
    public static final Address ETH_USDC = Address.evm("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48");
    public static final Address ETH_WETH = Address.evm("0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2");
    public static final Address ARB_USDC = Address.evm("0xaf88d065e77c8cc2239327c5edb3a432268e5831");
    public static final Address ARB_WETH = Address.evm("0x82af49447d8a07e3bd95bd0d56f35241523fbab1");
    public static final String ETH_POOL = "eth:uniswap-v2:usdc-weth";
    public static final String ARB_POOL = "arb:uniswap-v2:usdc-weth";
    public static final Address USER = Address.evm("0x1111111111111111111111111111111111111111");

    private MarketSnapshot current = snapshot();

    static MarketSnapshot snapshot() {
        Chain eth = new Chain(ETH, "eth", "Ethereum", "https://logo/eth.svg", "ETH", 18, ETH_WETH, 12_000, 2,
                BigInteger.valueOf(10_000_000_000L), BigInteger.ONE, BigInteger.ZERO, null, null, true);
        Chain arb = new Chain(ARB, "arb", "Arbitrum", "https://logo/arb.svg", "ETH", 18, ARB_WETH, 250, 1,
                BigInteger.valueOf(10_000_000L), BigInteger.ONE, BigInteger.ZERO, null, null, true);
        List<Token> tokens = List.of(
                new Token(ETH, ETH_USDC, 6, "USDC", "USD Coin", "i", 1.0),
                new Token(ETH, ETH_WETH, 18, "WETH", "Wrapped Ether", "i", 3000.0),
                new Token(ARB, ARB_USDC, 6, "USDC", "USD Coin", "i", 1.0),
                new Token(ARB, ARB_WETH, 18, "WETH", "Wrapped Ether", "i", 3000.0));
        List<Provider> providers = List.of(new Provider("uniswap-v2", "Uniswap V2", ProviderType.DEX, "i"),
                new Provider("across", "Across", ProviderType.BRIDGE, "i"));
        BigInteger usdc = BigInteger.valueOf(30_000_000L).multiply(BigInteger.TEN.pow(6));
        BigInteger weth = BigInteger.valueOf(10_000L).multiply(BigInteger.TEN.pow(18));
        var pools = List.<Pool>of(
                new ConstantProductPool(ETH_POOL, ETH, "uniswap-v2", ETH_USDC, ETH_WETH, usdc, weth, 30, 6e7),
                new ConstantProductPool(ARB_POOL, ARB, "uniswap-v2", ARB_USDC, ARB_WETH, usdc, weth, 30, 6e7));
        var lanes = List.of(new BridgeLane("across", ETH, ARB, ETH_USDC, ARB_USDC, BigInteger.valueOf(100_000), 5, 0.5,
                60, 120, BigInteger.valueOf(1_000_000), BigInteger.TEN.pow(15), 90_000));
        return new MarketSnapshot(1, List.of(eth, arb), tokens, providers, pools, lanes);
    }

    @Override
    public synchronized MarketSnapshot current() {
        return current;
    }

    @Override
    public synchronized MarketSnapshot update(UnaryOperator<MarketSnapshot> change) {
        current = change.apply(current);
        return current;
    }

    public ConstantProductPool pool(String id) {
        return (ConstantProductPool) current().pool(id).orElseThrow();
    }

    /** 1,000 USDC -> WETH on Ethereum with the given minimum. */
    public static ExecutionPlan sameChain(BigInteger minOut, Instant deadline, String reference) {
        Amount in = Amount.of(1_000_000_000L);
        return new ExecutionPlan(SwapKind.GASLESS, RouteKind.SAME_CHAIN_SWAP, "uniswap-v2", USER, USER, ETH, ETH_USDC,
                ETH, ETH_WETH, in, Amount.of(minOut), deadline, reference,
                List.of(new PlanStep.Swap(ETH, ETH_POOL, ETH_USDC, ETH_WETH, in, Amount.of(minOut))));
    }

    /** 1,000 USDC on Ethereum -> Across -> USDC on Arbitrum -> WETH, with the given final minimum. */
    public static ExecutionPlan crossChain(Address sender, BigInteger minOut, Instant deadline) {
        Amount in = Amount.of(1_000_000_000L);
        return new ExecutionPlan(SwapKind.GASLESS, RouteKind.CROSS_CHAIN_SWAP, "across", sender, sender, ETH, ETH_USDC,
                ARB, ARB_WETH, in, Amount.of(minOut), deadline, null,
                List.of(new PlanStep.Bridge("across", ETH, ARB, ETH_USDC, ARB_USDC, in, Amount.of(990_000_000L)),
                        new PlanStep.Swap(ARB, ARB_POOL, ARB_USDC, ARB_WETH, Amount.of(990_000_000L), Amount.of(minOut))));
    }

    /** 1,000 USDC bridged from Ethereum to Arbitrum. */
    public static ExecutionPlan bridgeOnly(Instant deadline) {
        Amount in = Amount.of(1_000_000_000L);
        return new ExecutionPlan(SwapKind.DIRECT, RouteKind.BRIDGE, "across", USER, USER, ETH, ETH_USDC, ARB, ARB_USDC,
                in, Amount.of(990_000_000L), deadline, null,
                List.of(new PlanStep.Bridge("across", ETH, ARB, ETH_USDC, ARB_USDC, in, Amount.of(990_000_000L))));
    }
}
