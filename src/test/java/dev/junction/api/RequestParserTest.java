package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.market.ChainFreshness;
import dev.junction.chain.AcquisitionMode;
import dev.junction.quote.QuoteRequest;
import dev.junction.gasless.RankingMode;
import dev.junction.routing.RouteMode;
import dev.junction.support.TestMarket;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import tools.jackson.databind.json.JsonMapper;

/** The typed records hold canonical values: what the capabilities behind the endpoints receive. */
class RequestParserTest {

    final RequestParser parser = new RequestParser(new MarketGate(TestMarket.api().market(),
            ChainFreshness.ALWAYS));
    final JsonMapper json = JsonMapper.builder().build();

    static MockHttpServletRequest query(String... kv) {
        MockHttpServletRequest r = new MockHttpServletRequest("GET", "/quote");
        for (int i = 0; i < kv.length; i += 2) {
            r.addParameter(kv[i], kv[i + 1]);
        }
        return r;
    }

    static final String[] QUOTE = {"fromChain", "1", "toChain", "42161", "fromToken",
        "0x0000000000000000000000000000000000000000", "toToken", "0xAF88D065E77C8CC2239327C5EDB3A432268E5831",
        "amount", " 1000 ", "sender", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"};

    @Test
    void quoteValuesAreCanonical() {
        MockHttpServletRequest r = query(QUOTE);
        r.addParameter("includeProvider", "Uniswap-V3, across");
        r.addParameter("includeProvider", "ACROSS");
        r.addParameter("excludeProvider", " stargate ");
        r.addParameter("routeMode", "FASTEST");
        r.addParameter("slippage", "0.5");
        r.addParameter("feeBps", "25");
        r.addParameter("Integrator", "acme");
        r.addParameter("acquisitionMode", "1");
        r.addParameter("allowMultiBridge", "true");
        QuoteRequest q = parser.quote(r);
        assertThat(q.fromChain()).isEqualTo(ChainId.of(1));
        assertThat(q.toChain()).isEqualTo(ChainId.of(42161));
        assertThat(q.fromToken()).isEqualTo(Address.NATIVE);
        assertThat(q.toToken().value()).isEqualTo("0xaf88d065e77c8cC2239327C5EDb3A432268e5831");
        assertThat(q.amount()).isEqualTo(Amount.of(1000));
        assertThat(q.sender().value()).isEqualTo("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
        assertThat(q.receiver()).isEqualTo(q.sender());
        assertThat(q.includeProviders()).containsExactlyInAnyOrder("uniswap-v3", "across");
        assertThat(q.excludeProviders()).containsExactly("stargate");
        assertThat(q.routeMode()).isEqualTo(RouteMode.FASTEST);
        assertThat(q.slippage()).isEqualTo(0.5);
        assertThat(q.feeBps()).isEqualTo(25);
        assertThat(q.integrator()).isEqualTo("acme");
        assertThat(q.acquisitionMode()).isEqualTo(AcquisitionMode.NATIVE_TOKEN);
        assertThat(q.allowMultiBridge()).isTrue();
        assertThat(q.simulation()).isFalse();
    }

    @Test
    void omittedOptionalsAreNullOrDefaults() {
        QuoteRequest q = parser.quote(query(QUOTE));
        assertThat(q.slippage()).isNull();
        assertThat(q.feeBps()).isNull();
        assertThat(q.acquisitionMode()).isNull();
        assertThat(q.routeMode()).isEqualTo(RouteMode.MAX_VALUE);
        assertThat(q.includeProviders()).isEmpty();
        BuildBestPathRequest b = parser.buildBestPath(query(QUOTE));
        assertThat(b.quote()).isEqualTo(q);
        assertThat(b.minOutputAmount()).isNull();
        assertThat(b.includeRoute()).isFalse();
    }

    @Test
    void buildPathBodyIsTyped() {
        BuildPathRequest b = parser.buildPath(json.readTree("""
                {"Amount": "5", "Sender": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "fromChain": 1,
                 "fromToken": "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", "toChain": 1151111081099710,
                 "toToken": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
                 "receiver": "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "feeBps": 0, "pathId": "p1"}"""));
        assertThat(b.amount()).isEqualTo(Amount.of(5));
        assertThat(b.fromToken()).isEqualTo(Address.NATIVE);
        assertThat(b.toChain()).isEqualTo(ChainId.SOLANA);
        assertThat(b.toToken()).isEqualTo(TestMarket.USDC_SOLANA);
        assertThat(b.receiver().solana()).isTrue();
        assertThat(b.feeBps()).isZero();
        assertThat(b.pathId()).isEqualTo("p1");
        assertThat(b.slippage()).isNull();
    }

    @Test
    void gaslessStatusAndSubmitAreTyped() {
        MockHttpServletRequest r = query(QUOTE);
        r.addParameter("acquisitionMode", "3");
        r.addParameter("rankingMode", "Speed_Max");
        r.addParameter("deadlineMinutes", "30");
        GaslessQuoteRequest g = parser.gaslessQuote(r);
        assertThat(g.acquisitionMode()).isEqualTo(AcquisitionMode.SIGNED_PERMIT_WITNESS);
        assertThat(g.rankingMode()).isEqualTo(RankingMode.SPEED_MAX);
        assertThat(g.deadlineMinutes()).isEqualTo(30L);

        StatusRequest s = parser.status(query("txHash", "0x" + "AB".repeat(32), "fromChainId", "42161"));
        assertThat(s.txHash().value()).isEqualTo("0x" + "ab".repeat(32));
        assertThat(s.fromChainId()).isEqualTo(ChainId.of(42161));
        assertThat(s.userAddress()).isNull();

        SubmitSwapRequest sub = parser.submitSwap(json.readTree(
                "{\"quoteId\": \" q-1 \", \"signature\": \"0x" + "AB".repeat(65) + "\"}"));
        assertThat(sub.quoteId()).isEqualTo("q-1");
        assertThat(sub.signature()).isEqualTo("0x" + "ab".repeat(65));
    }
}
