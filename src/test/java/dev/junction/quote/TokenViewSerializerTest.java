package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Token objects written from the cache are the text Jackson writes for the same fields, in the same order. */
class TokenViewSerializerTest {

    private final JsonMapper mapper = JsonMapper.builder().build();

    @Test
    void writesWhatJacksonWritesForTheFields() {
        List<QuoteViews.TokenView> views = List.of(
                new QuoteViews.TokenView("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", 1, 6, "https://x/y.png",
                        "USD Coin", 1.0, "USDC"),
                new QuoteViews.TokenView("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE", 42161, 18, null, "Ether",
                        3392.031399195992, "ETH"),
                new QuoteViews.TokenView("So11111111111111111111111111111111111111112", 7565164, 9, "",
                        "Wrapped \"SOL\" \\ \u00e9\u4e2d\u0001", 1.0E-9, "wSOL"),
                new QuoteViews.TokenView("0x6982508145454Ce325dDbE47a25d4ec3d2311933", 1, 18, "i", "Pepe", 0.0,
                        "PEPE"),
                new QuoteViews.TokenView("0x6982508145454Ce325dDbE47a25d4ec3d2311933", 1, 18, "i", "Pepe", 1.0E21,
                        "PEPE"));
        for (QuoteViews.TokenView v : views) {
            String expected = mapper.writeValueAsString(fields(v));
            assertThat(mapper.writeValueAsString(v)).isEqualTo(expected);
            // the byte (UTF-8) generator, as HTTP responses are written
            assertThat(new String(mapper.writeValueAsBytes(v), StandardCharsets.UTF_8)).isEqualTo(expected);
            // in a list and as a property: separators are right and a second write comes from the cache
            assertThat(mapper.writeValueAsString(List.of(v, v))).isEqualTo("[" + expected + "," + expected + "]");
            assertThat(mapper.writeValueAsString(Map.of("t", v))).isEqualTo("{\"t\":" + expected + "}");
        }
    }

    private static Map<String, Object> fields(QuoteViews.TokenView v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("address", v.address());
        m.put("chain", v.chain());
        m.put("decimals", v.decimals());
        m.put("icon", v.icon());
        m.put("name", v.name());
        m.put("priceUsd", v.priceUsd());
        m.put("symbol", v.symbol());
        return m;
    }
}
