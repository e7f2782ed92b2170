package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.abi.Abi;
import dev.junction.market.LiveMarket;
import dev.junction.market.MarketDataException;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.Token;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.protocol.uniswapv2.UniswapV2;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcSettings;
import dev.junction.protocol.uniswapv3.UniswapV3;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Optional Chainlink-style price feeds ({@code junction.chains.<id>.price-feeds.<token>}) on anvil, against
 * Chainlink's own {@code MockV3Aggregator} (the @chainlink/contracts npm package ships its sources, not bytecode: it is
 * compiled with the project's pinned solc): the fed token is priced by the aggregator's answer instead of its pools, at
 * the cold load and every block, within the same two HTTP requests per block; a feed without a positive answer, or
 * whose answer is older than {@code price-feed-max-age}, falls back to the pools.
 */
class PriceFeedAnvilTest {

    static final long CHAIN = 31_337;
    static final Address TRADER = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

    @Test
    void aFedTokenIsPricedByItsAggregatorEveryBlockAndByItsPoolsWithoutAnAnswer() throws Exception {
        AnvilHarness.install();
        String source = TestContracts.packed("@chainlink/contracts@1.5.0", "src/v0.8/shared/mocks/MockV3Aggregator.sol");
        try (AnvilProcess anvil = AnvilProcess.start(CHAIN)) {
            JsonNode deployed = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                    {"tokens": [{"symbol": "USDC", "decimals": 6}, {"symbol": "WBTC", "decimals": 8}],
                     "uniswapV2": {"pairs": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "300"}]},
                     "uniswapV3": {"pools": [{"a": "WBTC", "b": "WETH", "fee": 3000, "priceAInB": "20",
                                              "amountA": "40"}]}}
                    """);
            Address weth = address(deployed, "tokens", "WETH");
            Address usdc = address(deployed, "tokens", "USDC");
            Address wbtc = address(deployed, "tokens", "WBTC");
            JsonNode artifact = TestContracts.artifact(source, "MockV3Aggregator");
            // 8 decimals, as Chainlink's USD feeds: WBTC at $65,000 (its pools say 20 WETH x $3,000 = $60,000).
            Address feed = anvil.deploy(TRADER, artifact.path("bytecode").asString()
                    + Abi.encodeHex(Abi.uint256(8), Abi.int256(65_000_00000000L)).substring(2));

            ChainMarket market = market(settings(anvil.rpcUrl(), deployed, weth, usdc, wbtc, Map.of(wbtc, feed)));
            MarketSnapshot loaded = market.load();
            assertThat(price(loaded, wbtc)).isEqualTo(65_000.0);
            // A fed token anchors the others as a stablecoin does: WETH's deepest path is now WETH -> WBTC (40 WBTC,
            // $2.6M) rather than WETH -> USDC ($0.9M of USDC): 65,000 / 20.
            assertThat(price(loaded, weth)).isCloseTo(3_250.0, withinPercentage(1));

            LiveMarket live = new LiveMarket(loaded);
            ChainFollower follower = market.followers().get(ChainId.of(CHAIN)).withMarket(live);
            anvil.send(TRADER, feed, Abi.callHex("updateAnswer(int256)",
                    Abi.int256(64_123_45000000L)));
            long before = follower.client().httpRequests();
            follower.poll();
            assertThat(follower.client().httpRequests() - before).isEqualTo(2);
            assertThat(follower.state().block()).isEqualTo(anvil.blockNumber());
            assertThat(price(live.current(), wbtc)).isEqualTo(64_123.45);

            // No positive answer: the token's price comes from its pools again (WBTC/WETH, WETH/USDC).
            anvil.send(TRADER, feed, Abi.callHex("updateAnswer(int256)", Abi.int256(0)));
            follower.poll();
            assertThat(price(live.current(), wbtc)).isCloseTo(60_000.0, withinPercentage(2));
            assertThat(price(live.current(), weth)).isCloseTo(3_000.0, withinPercentage(1));

            // Without Multicall3 the feed is read by plain eth_calls in the same batches: the same price.
            anvil.send(TRADER, feed, Abi.callHex("updateAnswer(int256)",
                    Abi.int256(63_000_00000000L)));
            ChainSettings fed = settings(anvil.rpcUrl(), deployed, weth, usdc, wbtc, Map.of(wbtc, feed));
            ChainSettings noMulticall = new ChainSettings(fed.id(), fed.name(), fed.key(), fed.nativeSymbol(),
                    fed.rpcUrls(), fed.tokens(), fed.wrappedNative(), fed.stablecoins(), fed.dexes(), fed.bridges(),
                    fed.router(), fed.permit2(), Address.evm("0x000000000000000000000000000000000000dEaD"),
                    fed.confirmations(), fed.blockTime(), fed.maxStaleness(), fed.pollInterval(),
                    fed.tickWindowWords(), fed.priceFeeds());
            ChainMarket batches = market(noMulticall);
            LiveMarket viaBatches = new LiveMarket(batches.load());
            assertThat(price(viaBatches.current(), wbtc)).isEqualTo(63_000.0);
            ChainFollower batchFollower = batches.followers().get(ChainId.of(CHAIN)).withMarket(viaBatches);
            anvil.send(TRADER, feed, Abi.callHex("updateAnswer(int256)",
                    Abi.int256(62_000_00000000L)));
            long requests = batchFollower.client().httpRequests();
            batchFollower.poll();
            assertThat(batchFollower.client().httpRequests() - requests).isEqualTo(2);
            assertThat(price(viaBatches.current(), wbtc)).isEqualTo(62_000.0);

            // A feed that stopped updating: once its answer is older than price-feed-max-age (default 25 h) at the
            // block's timestamp, the pools price the token again; a fresh answer anchors it again.
            anvil.rpc().call("evm_increaseTime", ChainSettings.DEFAULT_PRICE_FEED_MAX_AGE.toSeconds() + 60);
            anvil.rpc().call("evm_mine");
            follower.poll();
            assertThat(price(live.current(), wbtc)).isCloseTo(60_000.0, withinPercentage(2));
            anvil.send(TRADER, feed, Abi.callHex("updateAnswer(int256)",
                    Abi.int256(61_500_00000000L)));
            follower.poll();
            assertThat(price(live.current(), wbtc)).isEqualTo(61_500.0);

            // An address that is no aggregator stops the start, naming the setting.
            ChainMarket wrong = market(settings(anvil.rpcUrl(), deployed, weth, usdc, wbtc, Map.of(wbtc, usdc)));
            assertThatThrownBy(wrong::load).isInstanceOf(MarketDataException.class)
                    .hasMessageContaining("junction.chains.31337.price-feeds." + wbtc);
        }
    }

    static ChainSettings settings(URI rpc, JsonNode deployed, Address weth, Address usdc, Address wbtc,
            Map<Address, Address> feeds) {
        Dex v2 = new Dex("uniswap-v2", "uniswap-v2", address(deployed, "uniswapV2", "factory"), List.of(),
                List.of(), UniswapV2.INIT_CODE_HASH);
        Dex v3 = new Dex("uniswap-v3", "uniswap-v3", address(deployed, "uniswapV3", "factory"),
                List.of(3000), List.of(), UniswapV3.INIT_CODE_HASH);
        return new ChainSettings(ChainId.of(CHAIN), "Feeds", "feeds", "ETH", List.of(rpc), List.of(weth, usdc, wbtc),
                weth, List.of(usdc), Map.of(v2.key(), v2, v3.key(), v3), Map.of(), null,
                ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1, Duration.ofSeconds(1),
                Duration.ofSeconds(30), Duration.ofMillis(100), 4, feeds);
    }

    static Address address(JsonNode deployed, String group, String name) {
        return Address.evm(deployed.path(group).path(name).asString());
    }

    static double price(MarketSnapshot snapshot, Address token) {
        return snapshot.token(ChainId.of(CHAIN), token).map(Token::priceUsd).orElseThrow();
    }

    /** The chain market of one chain, read through its own node client. */
    static ChainMarket market(ChainSettings chain) {
        return new ChainMarket(new Nodes(new ChainsSettings(List.of(chain)), RpcSettings.DEFAULT), Clock.systemUTC());
    }
}
