package dev.junction.chainmarket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.support.AnvilProcess;
import dev.junction.support.JunctionHttp;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * New heads pushed over WebSocket (issue 38) on anvil with real Uniswap V2 bytecode: HTTP polling is configured so slow
 * (10 minutes) that only the socket can explain {@code /quote} following another wallet's swap; health says the heads
 * come by {@code ws}; anvil stopped (its state saved) and started again from that state at the same URL is survived
 * without restarting Junction: health says {@code polling} and why the socket is down meanwhile, then {@code ws}
 * again, and the next swap is followed as the first.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NewHeadsAnvilTest {

    static final long CHAIN = 31_337;
    static final Address TRADER = ChainCatchUpAnvilTest.TRADER;
    static final Address SENDER = Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    static final long GUARD_NANOS = 30_000_000_000L;

    static Path state;
    static AnvilProcess anvil;
    static Address weth;
    static Address usdc;
    static Address router02;

    @LocalServerPort
    int port;


    @DynamicPropertySource
    static void chainMode(DynamicPropertyRegistry registry) throws Exception {
        state = Files.createTempFile("newheads-anvil", ".json");
        Files.delete(state);
        anvil = AnvilProcess.start(CHAIN, "--state", state.toString(), "--state-interval", "1");
        WethUsdcV2Chain market = WethUsdcV2Chain.deploy(anvil);
        weth = market.weth();
        usdc = market.usdc();
        router02 = market.router02();
        // polling cannot explain anything this test sees: once in ten minutes, and the chain stays fresh meanwhile
        market.register(registry, CHAIN, "Anvil Pushed", anvil.rpcUrl().toString(), "ws://127.0.0.1:" + anvil.port(),
                "10m");
    }

    @AfterAll
    static void stop() throws Exception {
        if (anvil != null) {
            anvil.close();
        }
        Files.deleteIfExists(state);
    }

    @Test
    @Order(1)
    void anotherWalletsSwapIsInTheQuoteByThePushedHead() throws Exception {
        awaitHealth(chain -> chain.path("transport").asString().equals("ws"));
        swapAndAwaitTheQuote();
        // freshness you can see: the last head's age, its arrival to the snapshot, the transport; the meters
        JsonNode chain = awaitHealth(c -> c.has("headToSnapshotMs"));
        assertThat(chain.path("lastHeadAgeMs").asLong(-1)).as(chain.toString()).isNotNegative();
        assertThat(chain.path("headToSnapshotMs").asDouble()).as(chain.toString()).isPositive();
        String metrics = JunctionHttp.text(port, "/actuator/prometheus");
        assertThat(metrics).contains("junction_chain_head_to_snapshot_seconds_bucket{chain=\"31337\"",
                "junction_chain_head_to_snapshot_seconds_count{chain=\"31337\"}",
                "junction_chain_head_lag_blocks{chain=\"31337\"}");
        double applied = metrics.lines().filter(l -> l.startsWith("junction_chain_head_to_snapshot_seconds_count"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertThat(applied).as("heads applied").isPositive();
    }

    @Test
    @Order(2)
    void aDroppedSocketIsSurvivedWithoutRestartingJunction() throws Exception {
        int nodePort = anvil.port();
        Thread.sleep(1_500); // anvil writes its state file every second
        anvil.close();
        JsonNode down = awaitHealth(chain -> chain.path("transport").asString().equals("polling"));
        assertThat(down.path("wsDown").asString()).as(down.toString()).isNotBlank();

        anvil = AnvilProcess.start(CHAIN, nodePort, "--state", state.toString(), "--state-interval", "1");
        awaitHealth(chain -> chain.path("transport").asString().equals("ws") && !chain.has("wsDown"));
        swapAndAwaitTheQuote();
    }

    /** The trader sells USDC for WETH; /quote then quotes as the pair does at the new head, to the wei. */
    void swapAndAwaitTheQuote() throws Exception {
        swapAndAwaitTheQuote(port, anvil, weth, usdc, router02);
    }

    /**
     * The trader sells USDC for WETH on {@code router02}; /quote (Junction on {@code port}) then quotes as the pair
     * does at the new head, to the wei. Answers the milliseconds from the swap's receipt to the first such quote.
     */
    static long swapAndAwaitTheQuote(int port, AnvilProcess anvil, Address weth, Address usdc, Address router02)
            throws Exception {
        BigInteger in = BigInteger.valueOf(1_000_000_000_000_000L); // 0.001 WETH
        String path = "/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken=" + weth + "&toToken=" + usdc
                + "&amount=" + in + "&sender=" + SENDER;
        BigInteger before = amountOut(JunctionHttp.get(port, path));
        long block = anvil.send(TRADER, router02, UniswapCalls.swapExactTokensForTokens(
                BigInteger.valueOf(50_000_000_000L), TRADER, usdc, weth));
        long mined = System.nanoTime();
        BigInteger chain = UniswapCalls.word(anvil.call(router02, UniswapCalls.getAmountsOut(in, weth, usdc), block),
                3);
        assertThat(chain).isNotEqualTo(before);
        long deadline = System.nanoTime() + GUARD_NANOS;
        BigInteger quoted = before;
        while (!quoted.equals(chain) && System.nanoTime() < deadline) {
            Thread.sleep(10);
            quoted = amountOut(JunctionHttp.get(port, path));
        }
        assertThat(quoted).as("/quote after the swap in block %d", block).isEqualTo(chain);
        return (System.nanoTime() - mined) / 1_000_000;
    }

    static BigInteger amountOut(JsonNode quote) {
        assertThat(quote.path("httpStatus").asInt()).as(quote.toString()).isEqualTo(200);
        return new BigInteger(quote.path("data").get(0).path("amountOut").asString());
    }

    JsonNode awaitHealth(Predicate<JsonNode> condition) throws Exception {
        return awaitHealth(port, condition);
    }

    /** The chain's health details once {@code condition} holds for them (Junction on {@code port}). */
    static JsonNode awaitHealth(int port, Predicate<JsonNode> condition) throws Exception {
        long deadline = System.nanoTime() + GUARD_NANOS;
        JsonNode chain = null;
        while (System.nanoTime() < deadline) {
            chain = JunctionHttp.get(port, "/actuator/health").path("components").path("chains").path("details")
                    .path(Long.toString(CHAIN));
            if (condition.test(chain)) {
                return chain;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("health never reached the expected transport: " + chain);
    }
}
