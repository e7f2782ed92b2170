package dev.junction.quote;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.StringWriter;
import java.util.function.BiConsumer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON text of a small object that recurs in every answer (token and provider objects, mostly icon URLs), rendered
 * once per distinct value and then written raw. The fields are written by Jackson's own generator, so the text is what
 * the bean serializer would write for them ({@code TokenViewSerializerTest}, {@code QuoteViewSerializersTest}).
 *
 * @param <T> the view record; equal records share one text
 */
final class RenderedJson<T> {

    private static final JsonMapper PLAIN = JsonMapper.builder().build();

    private final Cache<T, SerializableString> texts;
    private final int sizeHint;
    private final BiConsumer<T, JsonGenerator> fields;

    /**
     * @param maximumSize most distinct values kept (older ones age out, e.g. tokens the living market re-priced)
     * @param sizeHint expected length of one text, in characters
     * @param fields writes the object's properties, between the braces
     */
    RenderedJson(int maximumSize, int sizeHint, BiConsumer<T, JsonGenerator> fields) {
        this.texts = Caffeine.newBuilder().maximumSize(maximumSize).build();
        this.sizeHint = sizeHint;
        this.fields = fields;
    }

    void write(T value, JsonGenerator gen) {
        // SerializedString keeps the UTF-8 bytes too, so a byte-based generator copies them without re-encoding
        gen.writeRawValue(texts.get(value, v -> new SerializedString(render(v))));
    }

    private String render(T value) {
        StringWriter out = new StringWriter(sizeHint);
        try (JsonGenerator g = PLAIN.createGenerator(out)) {
            g.writeStartObject();
            fields.accept(value, g);
            g.writeEndObject();
        }
        return out.toString();
    }
}
