package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/** The rendered-text map: bounded, the same texts after it is emptied, and no work for the common pool on reads. */
class RenderedJsonTest {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private record Priced(String symbol, double price) {
    }

    private static RenderedJson<Priced> rendered(int maximumSize) {
        return new RenderedJson<>(maximumSize, 64, (v, g) -> {
            g.writeStringProperty("symbol", v.symbol());
            g.writeNumberProperty("price", v.price());
        });
    }

    private static String text(RenderedJson<Priced> json, Priced value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = MAPPER.createGenerator(out)) {
            json.write(value, g);
        }
        return out.toString();
    }

    @Test
    void keepsAtMostItsMaximumAndRendersAgainAfterEmptying() {
        RenderedJson<Priced> json = rendered(100);
        for (int i = 0; i < 1_000; i++) {
            Priced p = new Priced("T" + (i % 7), i / 8.0);
            assertThat(text(json, p)).isEqualTo("{\"symbol\":\"" + p.symbol() + "\",\"price\":" + p.price() + "}");
            assertThat(json.size()).isBetween(1, 100);
        }
        // a value rendered before the map was emptied comes out the same
        assertThat(text(json, new Priced("T0", 0.0))).isEqualTo("{\"symbol\":\"T0\",\"price\":0.0}");
    }

    @Test
    void aMaximumBelowOneIsRefused() {
        assertThatThrownBy(() -> rendered(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Reads of a well-filled map hand no task to {@code ForkJoinPool.commonPool}. A Caffeine cache past half its
     * maximum records every read and drains the records there: about 40 us of common-pool CPU per {@code /quote}
     * (issue 17, thirteenth pass). 200,000 reads of such a cache ran about 4,500 drain tasks there.
     */
    @Test
    void readsGiveTheCommonPoolNoWork() {
        RenderedJson<Priced> json = rendered(64);
        Priced[] values = new Priced[48];
        for (int i = 0; i < values.length; i++) {
            values[i] = new Priced("T" + i, i);
            text(json, values[i]);
        }
        ForkJoinPool pool = ForkJoinPool.commonPool();
        long before = pool.getStealCount();
        for (int i = 0; i < 200_000; i++) {
            text(json, values[i % values.length]);
        }
        assertThat(pool.getStealCount() - before).isLessThan(20);
    }
}
