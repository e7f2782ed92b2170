package dev.junction.market.live;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import dev.junction.market.math.ConcentratedLiquidity;
import dev.junction.market.math.ConcentratedLiquidity.Position;
import dev.junction.market.math.TickMath;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/** A small market on one chain for the living-market tests, and an in-memory {@link Market}. */
final class TestMarkets {

    static final ChainId CHAIN = ChainId.of(1);
    static final Address WETH = Address.evm("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
    static final Address USDC = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    static final Address DAI = Address.evm("0x6B175474E89094C44Da98b954EedeAC495271d0F");
    static final Address USDT = Address.evm("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    static final Address LINK = Address.evm("0x514910771AF9Ca656af840dff83E8264EcF986CA");

    private TestMarkets() {
    }

    /** WETH $3000, USDC/DAI/USDT $1, LINK $15; pools displaced from those prices by the given factor on token0. */
    static MarketSnapshot snapshot(double displacement) {
        Chain chain = new Chain(CHAIN, "eth", "Ethereum", "https://x/eth.png", "ETH", 18, WETH, 12_000, 2,
                BigInteger.valueOf(10_000_000_000L), BigInteger.ONE, BigInteger.ZERO, null, null, true);
        List<Token> tokens = List.of(token(WETH, 18, "WETH", 3000), token(USDC, 6, "USDC", 1),
                token(DAI, 18, "DAI", 1), token(USDT, 6, "USDT", 1), token(LINK, 18, "LINK", 15),
                token(Address.NATIVE, 18, "ETH", 3000));
        // WETH is token0 (address 0xC0... > 0xA0..., but pool order here is ours to choose for the test)
        BigInteger wethReserve = BigInteger.valueOf(1_000).multiply(BigInteger.TEN.pow(18));
        BigInteger usdcReserve = BigInteger.valueOf(Math.round(3_000_000 * displacement)).multiply(BigInteger.TEN.pow(6));
        Pool v2 = new ConstantProductPool("eth:uniswap-v2:weth-usdc", CHAIN, "uniswap-v2", WETH, USDC, wethReserve,
                usdcReserve, 30, 6_000_000);
        BigInteger sqrtP = ConcentratedLiquidity.sqrtPriceX96(3000 * displacement, 1, 18, 6);
        int tick = TickMath.getTickAtSqrtRatio(sqrtP);
        var ticks = ConcentratedLiquidity.fromPositions(List.of(
                new Position(-887220, 887220, new BigInteger("2000000000000000")),
                new Position(Math.floorDiv(tick, 60) * 60 - 1200, Math.floorDiv(tick, 60) * 60 + 1200,
                        new BigInteger("30000000000000000")),
                new Position(Math.floorDiv(tick, 60) * 60 - 6000, Math.floorDiv(tick, 60) * 60 + 600,
                        new BigInteger("10000000000000000"))), 60, tick);
        Pool v3 = new ConcentratedPool("eth:uniswap-v3:weth-usdc-3000", CHAIN, "uniswap-v3", WETH, USDC, 3000, 60,
                sqrtP, tick, ticks.liquidity(), ticks.liquidityNet(), 9_000_000);
        // a stable pool's price barely moves with its balances: displace the DAI balance much more
        BigInteger daiBalance = BigInteger.valueOf(Math.round(1_000_000 * Math.pow(displacement, 20))).multiply(BigInteger.TEN.pow(18));
        Pool stable = new StablePool("eth:curve:3pool", CHAIN, "curve", List.of(DAI, USDC, USDT), List.of(18, 6, 6),
                List.of(daiBalance, BigInteger.valueOf(1_000_000_000_000L), BigInteger.valueOf(1_000_000_000_000L)), 50,
                1_000_000, 3_000_000);
        return new MarketSnapshot(1, List.of(chain), tokens, List.of(), List.of(v2, v3, stable), List.of());
    }

    static Token token(Address address, int decimals, String symbol, double price) {
        return new Token(CHAIN, address, decimals, symbol, symbol, "https://x/" + symbol + ".png", price);
    }

    /** An in-memory market: an atomic reference, updated with {@code updateAndGet}. */
    static final class InMemoryMarket implements Market {

        private final AtomicReference<MarketSnapshot> ref;

        InMemoryMarket(MarketSnapshot initial) {
            this.ref = new AtomicReference<>(initial);
        }

        @Override
        public MarketSnapshot current() {
            return ref.get();
        }

        @Override
        public MarketSnapshot update(UnaryOperator<MarketSnapshot> change) {
            return ref.updateAndGet(change);
        }
    }
}
