package dev.junction.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.TxHash;
import dev.junction.execution.SwapSubmission;
import dev.junction.execution.internal.Harness;
import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The status model over a real executor (H2): lookups, wallet scoping, and each terminal outcome's fields. */
class StatusServiceTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String OTHER = "0x2222222222222222222222222222222222222222";

    private static Instant later(Harness h) {
        return Instant.ofEpochMilli(h.network.now()).plusSeconds(3600);
    }

    @Test
    void anUnknownHashIsNotFoundWithAPollHint() {
        try (Harness h = Harness.h2(600, 0, false)) {
            StatusResult r = new StatusService(new SandboxStatusLookup(h.service, h.market, h.clock))
                    .lookup(new TxHash("0x" + "12".repeat(32)), TestMarket.ETH, null);

            assertThat(r.status()).isEqualTo(SwapStatus.NOT_FOUND);
            assertThat(r.details().pollAfterSeconds()).isEqualTo(5);
            assertThat(r.swapId()).isNull();
        }
    }

    @Test
    void aPendingSwapIsFoundByItsSourceHashAndScopedToItsSender() {
        try (Harness h = Harness.h2(600, 0, false)) {
            StatusService status = new StatusService(new SandboxStatusLookup(h.service, h.market, h.clock));
            SwapSubmission sub = h.service.submit(TestMarket.crossChain(TestMarket.USER, BigInteger.ONE, later(h)));

            StatusResult r = status.lookup(sub.sourceTxHash(), TestMarket.ETH, TestMarket.USER.value().toUpperCase()
                    .replace("0X", "0x"));

            assertThat(r.status()).isEqualTo(SwapStatus.PENDING);
            assertThat(r.details().substatus()).isEqualTo("RECEIVED");
            assertThat(r.details().pollAfterSeconds()).isEqualTo(1);
            assertThat(r.swapId()).isEqualTo(sub.swapId());
            assertThat(r.executorTxId()).isEqualTo(sub.executorTxId());
            assertThat(r.kind()).isEqualTo("gasless");
            assertThat(r.routeKind()).isEqualTo("crossChainSwap");
            assertThat(r.provider()).isEqualTo(new StatusResult.ProviderRef("across", "Across"));
            assertThat(r.fromAsset()).isEqualTo(new StatusResult.Asset(1, TestMarket.USDC_ETHEREUM.value(), "USDC", 6,
                    "1000000000"));
            assertThat(r.srcTxDetails()).isEqualTo(new StatusResult.TxDetails(1, "https://logo/eth.svg", null,
                    sub.sourceTxHash().value()));
            assertThat(r.destTxDetails()).isNull();
            assertThat(status.lookup(sub.sourceTxHash(), TestMarket.ETH, OTHER).status()).isEqualTo(SwapStatus.NOT_FOUND);
            assertThat(status.lookup(sub.sourceTxHash(), TestMarket.ARB, null).status()).isEqualTo(SwapStatus.NOT_FOUND);
        }
    }

    @Test
    void terminalOutcomesMapToTheirStatusAndDetails() throws Exception {
        try (Harness h = Harness.h2(600, 0, true)) {
            StatusService status = new StatusService(new SandboxStatusLookup(h.service, h.market, h.clock));
            SwapSubmission done = h.service.submit(TestMarket.crossChain(TestMarket.USER, BigInteger.ONE, later(h)));
            SwapSubmission partial = h.service.submit(TestMarket.crossChain(TestMarket.USER, BigInteger.TEN.pow(30),
                    later(h)));
            SwapSubmission failed = h.service.submit(TestMarket.sameChain(BigInteger.TEN.pow(30), later(h), null));
            SwapSubmission expired = h.service.submit(TestMarket.sameChain(BigInteger.ONE,
                    Instant.ofEpochMilli(h.network.now() - 1), null));
            for (SwapSubmission s : List.of(done, partial, failed, expired)) {
                h.awaitTerminal(s.swapId(), WAIT);
            }

            StatusResult d = status.lookup(done.sourceTxHash(), TestMarket.ETH, null);
            assertThat(d.status()).isEqualTo(SwapStatus.DONE);
            assertThat(d.details().substatus()).isEqualTo("COMPLETED");
            assertThat(d.details().pollAfterSeconds()).isNull();
            assertThat(d.destTxDetails().chainId()).isEqualTo(42161);
            assertThat(d.destTxDetails().timestamp()).isPositive();
            assertThat(d.srcTxDetails().timestamp()).isPositive();
            assertThat(d.toAsset().symbol()).isEqualTo("WETH");
            assertThat(new BigInteger(d.toAsset().amount())).isPositive();

            StatusResult p = status.lookup(partial.sourceTxHash(), TestMarket.ETH, null);
            assertThat(p.status()).isEqualTo(SwapStatus.DONE);
            assertThat(p.details().substatus()).isEqualTo("PARTIAL");
            assertThat(p.details().receivedToken()).isEqualTo(new StatusResult.Asset(42161, TestMarket.USDC_ARBITRUM.value(),
                    "USDC", 6, "998900000"));
            assertThat(p.details().receivedAmount()).isEqualTo("998900000");
            assertThat(p.toAsset().amount()).isEqualTo("0");

            StatusResult f = status.lookup(failed.sourceTxHash(), TestMarket.ETH, null);
            assertThat(f.status()).isEqualTo(SwapStatus.FAILED);
            assertThat(f.details().substatus()).isEqualTo("SLIPPAGE_EXCEEDED");
            assertThat(f.provider().name()).isEqualTo("Uniswap V2");

            StatusResult e = status.lookup(expired.sourceTxHash(), TestMarket.ETH, null);
            assertThat(e.status()).isEqualTo(SwapStatus.EXPIRED);
            assertThat(e.details().substatus()).isEqualTo("EXPIRED_BEFORE_EXECUTION");
        }
    }

    @Test
    void aRefundIsReportedRefundedNeverDone() throws Exception {
        try (Harness h = Harness.h2(600, 1.0, true)) {
            SwapSubmission sub = h.service.submit(TestMarket.bridgeOnly(later(h)));
            h.awaitTerminal(sub.swapId(), WAIT);

            StatusResult r = new StatusService(new SandboxStatusLookup(h.service, h.market, h.clock))
                    .lookup(sub.sourceTxHash(), TestMarket.ETH, null);

            assertThat(r.status()).isEqualTo(SwapStatus.REFUNDED);
            assertThat(r.details().substatus()).isEqualTo("BRIDGE_FAILED");
            assertThat(r.details().receivedToken().chainId()).isEqualTo(1);
            assertThat(r.destTxDetails().chainId()).isEqualTo(1);
            assertThat(r.kind()).isEqualTo("direct");
            assertThat(r.routeKind()).isEqualTo("bridge");
        }
    }

    @Test
    void theJsonHasExactlyTheInterfaceFieldNamesWithNullsPresent() {
        JsonNode json = JsonMapper.builder().build().valueToTree(StatusResult.notFound("m", 5));

        assertThat(names(json)).containsExactlyInAnyOrder("destTxDetails", "details", "fromAsset", "kind", "provider",
                "routeKind", "srcTxDetails", "status", "swapId", "executorTxId", "toAsset", "updatedAtMs");
        assertThat(json.get("destTxDetails").isNull()).isTrue();
        assertThat(json.get("status").asString()).isEqualTo("NOT_FOUND");
        assertThat(names(json.get("details"))).containsExactlyInAnyOrder("substatus", "message", "receivedToken",
                "receivedAmount", "pollAfterSeconds");
        JsonNode tx = JsonMapper.builder().build().valueToTree(new StatusResult.TxDetails(1, "l", 2L, "h"));
        assertThat(names(tx)).containsExactlyInAnyOrder("chainId", "chainLogo", "timestamp", "txHash");
        JsonNode asset = JsonMapper.builder().build().valueToTree(new StatusResult.Asset(1, "a", "s", 6, "1"));
        assertThat(names(asset)).containsExactlyInAnyOrder("chainId", "address", "symbol", "decimals", "amount");
    }

    private static List<String> names(JsonNode node) {
        List<String> out = new ArrayList<>();
        Iterator<String> it = node.propertyNames().iterator();
        it.forEachRemaining(out::add);
        return out;
    }
}
