package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.market.LiveMarket;
import dev.junction.market.MarketSnapshot;
import dev.junction.market.StaleChainException;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Dex;
import dev.junction.nodes.BlockHeader;
import dev.junction.nodes.ChainsSettings;
import dev.junction.nodes.NewHeads;
import dev.junction.nodes.Nodes;
import dev.junction.nodes.RpcSettings;
import dev.junction.protocol.uniswapv2.UniswapV2;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.math.BigInteger;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A build's catching up with the node (issue 38) on anvil with real Uniswap V2 bytecode: the chain market, whose own
 * follower does not poll here, reaches the node's head when a build asks for it; a head it cannot reach within one
 * block time is a {@link StaleChainException} (9005) naming the chain, its block and the head.
 */
class ChainCatchUpAnvilTest {

    static final long CHAIN = 31_337;
    static final ChainId ID = ChainId.of(CHAIN);
    static final Address TRADER = Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

    static AnvilProcess anvil;
    static ChainMarket chains;
    static LiveMarket live;
    static Address weth;
    static Address usdc;
    static Address router02;
    static ChainSettings settings;

    @BeforeAll
    static void market() throws Exception {
        anvil = AnvilProcess.start(CHAIN);
        JsonNode deployed = wethUsdcPair(anvil);
        weth = Address.evm(deployed.path("tokens").path("WETH").asString());
        usdc = Address.evm(deployed.path("tokens").path("USDC").asString());
        router02 = Address.evm(deployed.path("uniswapV2").path("router02").asString());
        Dex v2 = new Dex("uniswap-v2", "uniswap-v2", Address.evm(deployed.path("uniswapV2").path("factory")
                .asString()), List.of(), List.of(), UniswapV2.INIT_CODE_HASH);
        settings = new ChainSettings(ID, "Fresh", "fresh", "ETH", List.of(anvil.rpcUrl()),
                List.of(weth, usdc), weth, List.of(usdc), Map.of(v2.key(), v2), Map.of(), null,
                ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1, Duration.ofSeconds(1),
                Duration.ofMinutes(10), Duration.ofMinutes(1), 4, Map.of());
        chains = new ChainMarket(new Nodes(new ChainsSettings(List.of(settings)), RpcSettings.DEFAULT),
                Clock.systemUTC());
        MarketSnapshot loaded = chains.load();
        live = new LiveMarket(loaded);
        // following without the follower's own thread: only a catch-up moves the market here
        chains.followers().put(ID, chains.followers().get(ID).withMarket(live));
    }

    /**
     * A WETH/USDC Uniswap V2 pair at $3,000 deployed on {@code anvil} (real bytecode), {@link #TRADER} funded with
     * both tokens and its USDC approved to Router02; answers the deployment's addresses.
     */
    static JsonNode wethUsdcPair(AnvilProcess anvil) throws Exception {
        JsonNode deployed = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), AnvilHarness.DEV_KEYS.get(0), """
                {"tokens": [{"symbol": "USDC", "decimals": 6}],
                 "uniswapV2": {"pairs": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "300"}]},
                 "fund": [{"address": "%s", "native": "100", "tokens": {"USDC": "1000000", "WETH": "100"}}]}
                """.formatted(TRADER));
        anvil.send(TRADER, Address.evm(deployed.path("tokens").path("USDC").asString()),
                UniswapCalls.approve(Address.evm(deployed.path("uniswapV2").path("router02").asString())));
        return deployed;
    }

    @AfterAll
    static void stop() {
        if (anvil != null) {
            anvil.close();
        }
    }

    @Test
    void aBuildBehindTheNodesHeadCatchesTheMarketUpFirst() {
        long before = live.current().head(ID).orElseThrow().blockNumber();
        anvil.send(TRADER, router02, UniswapCalls.swapExactTokensForTokens(BigInteger.valueOf(25_000_000_000L),
                TRADER, usdc, weth));
        anvil.rpc().call("anvil_mine", "0x2");
        long head = anvil.blockNumber();
        assertThat(live.current().head(ID).orElseThrow().blockNumber()).isEqualTo(before);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ChainMetrics.bind(meters, chains.followers());
        ChainFollower follower = chains.followers().get(ID);
        assertThat(follower.headNow()).isEqualTo(head);
        assertThat(meters.get("junction.chain.head.lag").tag("chain", "31337").gauge().value())
                .isEqualTo((double) (head - before));

        chains.requireAt(ID, head);

        assertThat(meters.get("junction.chain.head.lag").gauge().value()).isZero();
        assertThat(meters.get("junction.chain.head.to.snapshot").timer().count()).isEqualTo(1);
        assertThat(follower.lastHeadToSnapshotNanos()).isPositive();
        assertThat(meters.get("junction.chain.head.to.snapshot").timer().totalTime(TimeUnit.NANOSECONDS))
                .isEqualTo((double) follower.lastHeadToSnapshotNanos());

        assertThat(live.current().head(ID).orElseThrow().blockNumber()).isGreaterThanOrEqualTo(head);
        // the market's pool quotes as the chain's router does at the head, after the swap
        BigInteger in = BigInteger.valueOf(1_000_000_000L);
        BigInteger chain = UniswapCalls.word(anvil.call(router02, UniswapCalls.getAmountsOut(in, usdc, weth), head),
                3);
        assertThat(live.current().pools(ID).getFirst().quote(usdc, weth, in).amountOut()).isEqualTo(chain);
    }

    @Test
    void aHeadTheMarketCannotReachWithinOneBlockTimeIsAStaleChainNamingIt() {
        long head = anvil.blockNumber() + 1_000;
        assertThatThrownBy(() -> chains.requireAt(ID, head)).isInstanceOf(StaleChainException.class)
                .hasMessageStartingWith("chain 31337 (Fresh) is behind its node: its market state is at block ")
                .hasMessageContaining("the node's head is " + head)
                .hasMessageContaining("within one block time (1000 ms)");
    }

    @Test
    void theFollowersStateAndFreshnessAreReadWithoutWaitingForAPollUnderWay() throws Exception {
        ChainFollower follower = chains.followers().get(ID);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // a poll under way holds the follower (its poll is synchronized); readers must not wait for it
        Thread poll = Thread.ofPlatform().start(() -> {
            synchronized (follower) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        try {
            assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();
            try (ExecutorService reader = Executors.newSingleThreadExecutor()) {
                ChainState read = reader.submit(follower::state).get(30, TimeUnit.SECONDS);
                assertThat(read.block()).isEqualTo(live.current().head(ID).orElseThrow().blockNumber());
                reader.submit(() -> chains.requireFresh(ID)).get(30, TimeUnit.SECONDS);
            }
            assertThat(poll.isAlive()).isTrue();
        } finally {
            release.countDown();
            poll.join();
        }
    }

    @Test
    void whileTheSocketIsDownTheHeadIsPolledEveryPollInterval() throws Exception {
        // a ws-url nothing listens on: the socket never subscribes, the follower polls every 200 ms meanwhile
        ChainSettings polled = new ChainSettings(ID, "Fresh", "fresh", "ETH", List.of(anvil.rpcUrl()),
                List.of(weth, usdc), weth, List.of(usdc), settings.dexes(), Map.of(), null,
                ChainSettings.CANONICAL_PERMIT2, ChainSettings.CANONICAL_MULTICALL3, 1, Duration.ofSeconds(1),
                Duration.ofMinutes(10), Duration.ofMillis(200), 4, Map.of())
                .withWsUrls(List.of(URI.create("ws://127.0.0.1:1")));
        try (ChainMarket fallback = new ChainMarket(new Nodes(new ChainsSettings(List.of(polled)),
                RpcSettings.DEFAULT), Clock.systemUTC())) {
            LiveMarket market = new LiveMarket(fallback.load());
            fallback.follow(market);
            ChainFollower follower = fallback.followers().get(ID);
            long guard = System.nanoTime() + 30_000_000_000L;
            while ((follower.socket() == null || follower.socket().reason() == null
                    || follower.socket().reason().equals("connecting")) && System.nanoTime() < guard) {
                Thread.sleep(20);
            }
            assertThat(follower.transport()).isEqualTo("polling");
            assertThat(follower.socket().subscribed()).isFalse();
            assertThat(follower.socket().reason()).contains("ConnectException");

            long block = anvil.send(TRADER, router02, UniswapCalls.swapExactTokensForTokens(
                    BigInteger.valueOf(10_000_000_000L), TRADER, usdc, weth));
            BigInteger in = BigInteger.valueOf(1_000_000_000L);
            BigInteger chain = UniswapCalls.word(anvil.call(router02, UniswapCalls.getAmountsOut(in, usdc, weth),
                    block), 3);
            while (!market.current().pools(ID).getFirst().quote(usdc, weth, in).amountOut().equals(chain)
                    && System.nanoTime() < guard) {
                Thread.sleep(20);
            }
            assertThat(market.current().pools(ID).getFirst().quote(usdc, weth, in).amountOut()).isEqualTo(chain);
            assertThat(follower.transport()).isEqualTo("polling");
        }
    }

    @Test
    void newHeadsArePushedOverAnvilsWebSocket() throws Exception {
        BlockingQueue<BlockHeader> heads = new LinkedBlockingQueue<>();
        BlockingQueue<NewHeads.State> states = new LinkedBlockingQueue<>();
        try (NewHeads subscription = NewHeads.subscribe("31337", List.of(URI.create("ws://127.0.0.1:"
                + anvil.port())), heads::add, states::add)) {
            assertThat(states.poll(30, TimeUnit.SECONDS)).extracting(NewHeads.State::subscribed).isEqualTo(true);
            anvil.rpc().call("anvil_mine", "0x1");
            long mined = anvil.blockNumber();
            BlockHeader head = heads.poll(30, TimeUnit.SECONDS);
            assertThat(head).isNotNull();
            assertThat(head.number()).isEqualTo(mined);
            assertThat(head.hash().value()).isEqualTo(anvil.rpc().call("eth_getBlockByNumber", "latest", false)
                    .path("hash").asString());
        }
    }
}
