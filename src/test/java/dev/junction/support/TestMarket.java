package dev.junction.support;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.Chain;
import dev.junction.market.Market;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Provider;
import dev.junction.market.ProviderType;
import dev.junction.market.Token;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * A small fixed market for api tests: Ethereum (1) with ETH and USDC, Arbitrum (42161) with ETH and USDC, Solana with
 * SOL and USDC. Import it with {@code @Import(TestMarket.class)}; it is {@code @Primary}, so it wins over the production
 * market bean.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestMarket {

    public static final ChainId ETHEREUM = ChainId.of(1);
    public static final ChainId ARBITRUM = ChainId.of(42161);
    public static final Address USDC_ETHEREUM = Address.evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    public static final Address USDC_ARBITRUM = Address.evm("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
    public static final Address USDC_SOLANA = Address.solana("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    public static final Address WSOL = Address.solana("So11111111111111111111111111111111111111112");

    @Bean
    @Primary
    Market testMarket() {
        return fixed(snapshot());
    }

    /** A market whose snapshot only changes through {@link Market#update}. */
    public static Market fixed(MarketSnapshot initial) {
        AtomicReference<MarketSnapshot> ref = new AtomicReference<>(initial);
        return new Market() {
            @Override
            public MarketSnapshot current() {
                return ref.get();
            }

            @Override
            public MarketSnapshot update(UnaryOperator<MarketSnapshot> change) {
                return ref.updateAndGet(change);
            }
        };
    }

    public static MarketSnapshot snapshot() {
        Address weth = Address.evm("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
        Address wethArb = Address.evm("0x82aF49447D8a07e3bd95BD0d56f35241523fBab1");
        BigInteger gwei = BigInteger.TEN.pow(9);
        List<Chain> chains = List.of(
                new Chain(ETHEREUM, "eth", "Ethereum", "https://icons.example/eth.svg", "ETH", 18, weth, 12_000, 2,
                        gwei.multiply(BigInteger.valueOf(20)), gwei, BigInteger.ZERO, null, null, true),
                new Chain(ARBITRUM, "arb", "Arbitrum One", "https://icons.example/arb.svg", "ETH", 18, wethArb, 250, 1,
                        gwei.divide(BigInteger.TEN), BigInteger.ZERO, BigInteger.valueOf(20_000_000_000_000L), null,
                        null, true),
                new Chain(ChainId.SOLANA, "sol", "Solana", "https://icons.example/sol.svg", "SOL", 9, WSOL, 400, 32,
                        BigInteger.valueOf(5000), BigInteger.ZERO, BigInteger.ZERO, null, null, false));
        List<Token> tokens = List.of(
                new Token(ETHEREUM, Address.NATIVE, 18, "ETH", "Ether", "https://icons.example/eth.svg", 3000),
                new Token(ETHEREUM, USDC_ETHEREUM, 6, "USDC", "USD Coin", "https://icons.example/usdc.svg", 1),
                new Token(ARBITRUM, Address.NATIVE, 18, "ETH", "Ether", "https://icons.example/eth.svg", 3000),
                new Token(ARBITRUM, USDC_ARBITRUM, 6, "USDC", "USD Coin", "https://icons.example/usdc.svg", 1),
                new Token(ChainId.SOLANA, Address.NATIVE, 9, "SOL", "Solana", "https://icons.example/sol.svg", 150),
                new Token(ChainId.SOLANA, USDC_SOLANA, 6, "USDC", "USD Coin", "https://icons.example/usdc.svg", 1));
        List<Provider> providers = List.of(
                new Provider("uniswap-v3", "Uniswap V3", ProviderType.DEX, "https://icons.example/uniswap.svg"),
                new Provider("across", "Across", ProviderType.BRIDGE, "https://icons.example/across.svg"));
        return new MarketSnapshot(1, chains, tokens, providers, List.of(), List.of());
    }
}
