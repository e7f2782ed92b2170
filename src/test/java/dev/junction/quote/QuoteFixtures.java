package dev.junction.quote;

import dev.junction.api.RequestFixtures;
import dev.junction.market.MarketSnapshot;
import dev.junction.routing.RoutePlanner;
import dev.junction.support.TestMarket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

/** A stored quote planned on the routing test market. */
final class QuoteFixtures {

    static final Instant NOW = Instant.parse("2026-11-21T02:00:00.123456789Z");

    private QuoteFixtures() {
    }

    static StoredQuote storedQuote() {
        MarketSnapshot snapshot = TestMarket.standard().snapshot();
        QuoteRequest request = RequestFixtures.quote(snapshot, "fromChain=1&toChain=42161&fromToken="
                + TestMarket.WETH + "&toToken=" + TestMarket.ARB_USDC + "&amount=1000000000000000000&sender="
                + "0x1111111111111111111111111111111111111111&feeBps=25&slippage=1&routeMode=fastest"
                + "&Referrer=partner-7&Integrator=wallet-x&acquisitionMode=2&includeProvider=uniswap-v2,across,cctp,sushiswap");
        QuoteService service = new QuoteService(() -> snapshot, new RoutePlanner(),
                new QuoteStore(null, Duration.ofSeconds(60)) {
                    @Override
                    public void save(StoredQuote quote) {
                    }
                }, Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofSeconds(60));
        return service.quoteAndStore(request);
    }
}
