package dev.junction.market.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.BridgeLane;
import dev.junction.market.Chain;
import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Pool;
import dev.junction.market.ProviderType;
import dev.junction.market.StablePool;
import dev.junction.market.Token;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The embedded snapshot loads, passes its own validation, and carries the real facts the issue pins. */
class EmbeddedSnapshotTest {

    static final ChainId ETH = ChainId.of(1);
    static final ChainId OP = ChainId.of(10);
    static final ChainId BSC = ChainId.of(56);
    static final ChainId BASE = ChainId.of(8453);
    static final ChainId ARB = ChainId.of(42161);

    static MarketSnapshot market;

    @BeforeAll
    static void load() {
        market = new SnapshotMarketSource(SnapshotMarketSource.DEFAULT_LOCATION).load();
    }

    private static Token token(ChainId chain, String address) {
        return market.token(chain, Address.evm(address)).orElseThrow(() -> new AssertionError("no " + address));
    }

    @Test
    void hasTheNineChainsWithTheirIds() {
        assertThat(market.chains()).extracting(c -> c.id().value())
                .containsExactlyInAnyOrder(1L, 10L, 56L, 137L, 8453L, 42161L, 43114L, 59144L, 1151111081099710L);
        Chain solana = market.chain(ChainId.SOLANA).orElseThrow();
        assertThat(solana.evm()).isFalse();
        assertThat(solana.router()).isNull();
        for (Chain c : market.chains()) {
            if (c.evm()) {
                assertThat(c.router()).as(c.key()).isNotNull();
                assertThat(c.gaslessExecutor()).as(c.key()).isNotNull();
                assertThat(c.gasPriceWei().signum()).as(c.key()).isPositive();
            }
        }
    }

    @Test
    void ethereumWaitsTwelveConfirmationsNotFinality() {
        // 64 blocks (two epochs) is finality: a gasless swap at speed 1 sat 13 minutes in WAIT_SOURCE_CONFIRMATIONS;
        // bridges and status APIs wait far fewer on Ethereum (issue 12, item 10)
        assertThat(market.chain(ETH).orElseThrow().confirmations()).isEqualTo(12);
    }

    @Test
    void rollupsCarryAnL1DataFee() {
        for (long id : new long[] {10, 8453, 42161}) {
            assertThat(market.chain(ChainId.of(id)).orElseThrow().l1DataFeeWei().signum()).as("chain " + id).isPositive();
        }
        assertThat(market.chain(ETH).orElseThrow().l1DataFeeWei()).isZero();
    }

    @Test
    void pinsTheCanonicalAddressesAndDecimals() {
        assertThat(token(ETH, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")).extracting(Token::symbol, Token::decimals)
                .containsExactly("USDC", 6);
        assertThat(token(ARB, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831")).extracting(Token::symbol, Token::decimals)
                .containsExactly("USDC", 6);
        // The issue prints Base USDC as ...71B54bdA02913; EIP-55 spells it ...71b54bdA02913 (same address).
        Token baseUsdc = market.token(BASE, Address.evm("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")).orElseThrow();
        assertThat(baseUsdc.address().value()).isEqualTo("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
        assertThat(baseUsdc.decimals()).isEqualTo(6);
        assertThat(token(BASE, "0x4200000000000000000000000000000000000006").symbol()).isEqualTo("WETH");
        assertThat(token(OP, "0x4200000000000000000000000000000000000006").symbol()).isEqualTo("WETH");
        assertThat(token(BSC, "0x55d398326f99059fF775485246999027B3197955")).extracting(Token::symbol, Token::decimals)
                .containsExactly("USDT", 18);
        assertThat(token(BSC, "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d")).extracting(Token::symbol, Token::decimals)
                .containsExactly("USDC", 18);
        assertThat(token(ETH, "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599")).extracting(Token::symbol, Token::decimals)
                .containsExactly("WBTC", 8);
        assertThat(token(BASE, "0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf")).extracting(Token::symbol, Token::decimals)
                .containsExactly("cbBTC", 8);
    }

    @Test
    void everyChainHasItsNativeTokenAtThePlaceholderAndItsWrappedNative() {
        for (Chain c : market.chains()) {
            Token nativeToken = market.token(c.id(), Address.NATIVE).orElseThrow();
            assertThat(nativeToken.symbol()).isEqualTo(c.nativeSymbol());
            assertThat(market.token(c.id(), c.wrappedNative())).as(c.key()).isPresent();
        }
    }

    @Test
    void hasAtLeast120TokensAnd10MoreOnEachBigChain() {
        assertThat(market.tokens()).hasSizeGreaterThanOrEqualTo(120);
        Set<String> canonical = Set.of("USDC", "USDT", "WETH", "WBTC", "cbBTC", "DAI", "ETH", "WPOL", "POL");
        for (long id : new long[] {1, 42161, 8453, 10, 137}) {
            long more = market.tokens(ChainId.of(id)).stream().filter(t -> !canonical.contains(t.symbol())).count();
            assertThat(more).as("chain " + id).isGreaterThanOrEqualTo(10);
        }
        for (Token t : market.tokens()) {
            assertThat(t.priceUsd()).as(t.symbol()).isPositive();
        }
    }

    @Test
    void hasAtLeast400PoolsOfAllThreeKindsWithSeveralPositionsPerConcentratedPool() {
        List<Pool> pools = market.pools();
        assertThat(pools).hasSizeGreaterThanOrEqualTo(400);
        assertThat(pools).hasAtLeastOneElementOfType(ConstantProductPool.class)
                .hasAtLeastOneElementOfType(ConcentratedPool.class).hasAtLeastOneElementOfType(StablePool.class);
        for (Pool p : pools) {
            assertThat(market.chain(p.chain()).orElseThrow().evm()).isTrue();
            if (p instanceof ConcentratedPool c) {
                // more than one position: more than two initialized ticks
                assertThat(c.liquidityNet()).as(c.id()).hasSizeGreaterThan(2);
                assertThat(c.liquidity().signum()).as(c.id()).isPositive();
            }
        }
        Set<String> providers = pools.stream().map(Pool::provider).collect(Collectors.toSet());
        assertThat(providers).contains("uniswap-v2", "uniswap-v3", "sushiswap", "pancakeswap", "curve", "aerodrome",
                "velodrome", "camelot", "quickswap", "trader-joe");
    }

    @Test
    void everyPoolQuotesAHundredDollarsBothWaysAtAboutItsValue() {
        for (Pool p : market.pools()) {
            for (Address in : p.tokens()) {
                for (Address out : p.tokens()) {
                    if (in.equals(out)) {
                        continue;
                    }
                    Token tin = market.token(p.chain(), in).orElseThrow();
                    Token tout = market.token(p.chain(), out).orElseThrow();
                    BigInteger amount = new BigDecimal(100 / tin.priceUsd())
                            .movePointRight(tin.decimals()).toBigInteger();
                    var quote = p.quote(in, out, amount);
                    double usdOut = tout.usd(quote.amountOut());
                    // at most the 1% fee tier plus a little impact; never more than was put in (within the 0.5% rule)
                    assertThat(usdOut).as(p.id() + " " + tin.symbol() + "->" + tout.symbol()).isBetween(97.0, 100.6);
                }
            }
        }
    }

    @Test
    void everyLongTailTokenOnAnEvmChainHasAPoolAgainstAMajor() {
        Map<ChainId, Set<String>> pooled = market.pools().stream().collect(Collectors.groupingBy(Pool::chain,
                Collectors.flatMapping(p -> p.tokens().stream().map(Address::lower), Collectors.toSet())));
        for (Token t : market.tokens()) {
            Chain c = market.chain(t.chain()).orElseThrow();
            if (c.evm() && !t.isNative()) {
                assertThat(pooled.get(t.chain())).as(t.symbol() + " on " + c.key()).contains(t.address().lower());
            }
        }
    }

    @Test
    void hasAtLeastSixBridgeProvidersWithLanesInBothDirections() {
        Set<String> bridges = market.lanes().stream().map(BridgeLane::provider).collect(Collectors.toSet());
        assertThat(bridges).hasSizeGreaterThanOrEqualTo(6).contains("across", "stargate", "cctp", "hop", "wormhole",
                "celer");
        for (String b : bridges) {
            assertThat(market.provider(b).orElseThrow().type()).isEqualTo(ProviderType.BRIDGE);
        }
        Set<String> directed = new HashSet<>();
        market.lanes().forEach(l -> directed.add(l.provider() + l.fromChain() + ">" + l.toChain()));
        for (BridgeLane l : market.lanes()) {
            assertThat(directed).as("reverse of " + l).contains(l.provider() + l.toChain() + ">" + l.fromChain());
        }
    }

    @Test
    void cctpMovesOnlyUsdcForFreeAndTakesThirteenToNineteenMinutesFromEthereumAndRollups() {
        List<BridgeLane> cctp = market.lanes().stream().filter(l -> l.provider().equals("cctp")).toList();
        assertThat(cctp).isNotEmpty();
        for (BridgeLane l : cctp) {
            assertThat(market.token(l.fromChain(), l.inputToken()).orElseThrow().symbol()).isEqualTo("USDC");
            assertThat(market.token(l.toChain(), l.outputToken()).orElseThrow().symbol()).isEqualTo("USDC");
            assertThat(l.feeBps()).isZero();
            assertThat(l.fixedFee()).isEqualTo(BigInteger.ZERO);
            if (Set.of(1L, 10L, 8453L, 42161L).contains(l.fromChain().value())) {
                assertThat(l.p50Seconds()).isBetween(13 * 60, 19 * 60);
                assertThat(l.p90Seconds()).isBetween(13 * 60, 19 * 60);
            }
        }
    }

    @Test
    void acrossIsFastWithABpsFee() {
        List<BridgeLane> across = market.lanes().stream().filter(l -> l.provider().equals("across")).toList();
        assertThat(across).isNotEmpty().allSatisfy(l -> {
            assertThat(l.feeBps()).isPositive();
            assertThat(l.p50Seconds()).isBetween(60, 240);
            assertThat(l.p90Seconds()).isLessThanOrEqualTo(240);
        });
    }
}
