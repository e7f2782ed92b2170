package dev.junction.quote;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * Writes a token object (2.2) from a cache of its JSON text. Token objects, with their icon URLs, are about two thirds
 * of a quote's bytes and the same few tokens recur in every route and step, so each distinct (token, price) is rendered
 * once; the text is exactly what the bean serializer writes for the record (fields in declaration order, Jackson's
 * number and string formatting: {@code TokenViewSerializerTest}).
 */
final class TokenViewSerializer extends ValueSerializer<QuoteViews.TokenView> {

    /** Distinct tokens at distinct prices; the living market re-prices tokens, so older entries age out. */
    private static final RenderedJson<QuoteViews.TokenView> TEXT = new RenderedJson<>(4_096, 320, (v, g) -> {
        g.writeStringProperty("address", v.address());
        g.writeNumberProperty("chain", v.chain());
        g.writeNumberProperty("decimals", v.decimals());
        g.writeStringProperty("icon", v.icon());
        g.writeStringProperty("name", v.name());
        g.writeNumberProperty("priceUsd", v.priceUsd());
        g.writeStringProperty("symbol", v.symbol());
    });

    @Override
    public void serialize(QuoteViews.TokenView value, JsonGenerator gen, SerializationContext ctxt) {
        write(value, gen);
    }

    /** Writes the token object; the route and step serializers call this directly rather than look it up. */
    static void write(QuoteViews.TokenView value, JsonGenerator gen) {
        TEXT.write(value, gen);
    }
}
