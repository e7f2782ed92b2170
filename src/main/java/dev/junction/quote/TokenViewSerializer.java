package dev.junction.quote;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.StringWriter;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a token object (2.2) from a cache of its JSON text. Token objects, with their icon URLs, are about two thirds
 * of a quote's bytes and the same few tokens recur in every route and step, so each distinct (token, price) is rendered
 * once; the text is exactly what the bean serializer writes for the record (fields in declaration order, Jackson's
 * number and string formatting: {@code TokenViewSerializerTest}).
 */
final class TokenViewSerializer extends ValueSerializer<QuoteViews.TokenView> {

    private static final JsonMapper PLAIN = JsonMapper.builder().build();
    /** Distinct tokens at distinct prices; the living market re-prices tokens, so older entries age out. */
    private static final Cache<QuoteViews.TokenView, SerializableString> TEXT =
            Caffeine.newBuilder().maximumSize(4_096).build();

    @Override
    public void serialize(QuoteViews.TokenView value, JsonGenerator gen, SerializationContext ctxt) {
        write(value, gen);
    }

    /** Writes the token object; the route and step serializers call this directly rather than look it up. */
    static void write(QuoteViews.TokenView value, JsonGenerator gen) {
        // SerializedString keeps the UTF-8 bytes too, so a byte-based generator copies them without re-encoding
        gen.writeRawValue(TEXT.get(value, v -> new SerializedString(render(v))));
    }

    static String render(QuoteViews.TokenView v) {
        StringWriter out = new StringWriter(320);
        try (JsonGenerator g = PLAIN.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringProperty("address", v.address());
            g.writeNumberProperty("chain", v.chain());
            g.writeNumberProperty("decimals", v.decimals());
            g.writeStringProperty("icon", v.icon());
            g.writeStringProperty("name", v.name());
            g.writeNumberProperty("priceUsd", v.priceUsd());
            g.writeStringProperty("symbol", v.symbol());
            g.writeEndObject();
        }
        return out.toString();
    }
}
