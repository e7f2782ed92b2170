package dev.junction.quote;

import java.io.StringWriter;
import java.util.concurrent.ConcurrentHashMap;
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
 * <p>The texts are kept in a plain concurrent map, emptied when it is full, not in a Caffeine cache. An answer reads
 * dozens of them, and once a Caffeine cache is half full it records every read and drains those records on
 * {@code ForkJoinPool.commonPool}: the token cache reached that size a few minutes after start, as the living market
 * re-priced tokens, and from then on every {@code /quote} cost about 40 us more of common-pool CPU (issue 17,
 * thirteenth pass). Emptying the map renders the tokens of the next answers once more, a few microseconds each.
 *
 * @param <T> the view record; equal records share one text
 */
final class RenderedJson<T> {

    private static final JsonMapper PLAIN = JsonMapper.builder().build();

    private final ConcurrentHashMap<T, SerializableString> texts = new ConcurrentHashMap<>();
    private final int maximumSize;
    private final int sizeHint;
    private final BiConsumer<T, JsonGenerator> fields;

    /**
     * @param maximumSize most distinct values kept; the map is emptied when it holds that many and another is
     *     rendered (the living market re-prices tokens, so texts of older prices accumulate)
     * @param sizeHint expected length of one text, in characters
     * @param fields writes the object's properties, between the braces
     */
    RenderedJson(int maximumSize, int sizeHint, BiConsumer<T, JsonGenerator> fields) {
        if (maximumSize < 1) {
            throw new IllegalArgumentException("maximumSize must be >= 1");
        }
        this.maximumSize = maximumSize;
        this.sizeHint = sizeHint;
        this.fields = fields;
    }

    void write(T value, JsonGenerator gen) {
        SerializableString text = texts.get(value);
        if (text == null) {
            // SerializedString keeps the UTF-8 bytes too, so a byte-based generator copies them without re-encoding
            text = new SerializedString(render(value));
            if (texts.size() >= maximumSize) {
                texts.clear();
            }
            texts.put(value, text);
        }
        gen.writeRawValue(text);
    }

    /** The number of texts kept. */
    int size() {
        return texts.size();
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
