package dev.junction.api;

import dev.junction.market.ChainFreshness;
import dev.junction.market.MarketSnapshot;
import dev.junction.quote.QuoteRequest;
import dev.junction.support.TestMarket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses request records from a query string against a snapshot, for tests outside the api package. */
public final class RequestFixtures {

    private RequestFixtures() {
    }

    /** A {@code /quote} request from {@code a=b&c=d} (repeated keys allowed). */
    public static QuoteRequest quote(MarketSnapshot snapshot, String query) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            values.computeIfAbsent(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    k -> new ArrayList<>()).add(URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        Map<String, String[]> params = new LinkedHashMap<>();
        values.forEach((k, v) -> params.put(k, v.toArray(String[]::new)));
        return QuoteQuery.parse(new QueryParams(params), new MarketGate(TestMarket.inMemory(snapshot),
                ChainFreshness.ALWAYS));
    }
}
