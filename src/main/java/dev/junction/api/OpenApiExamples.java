package dev.junction.api;

import io.swagger.v3.oas.models.examples.Example;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The examples of the OpenAPI document, read from {@code openapi-examples.json} beside this class: the success
 * responses of every operation (real answers of the sandbox, lists shortened to a few entries), the request bodies of
 * the POST operations, and one error envelope per {@link ErrorCode}. Values are plain maps and lists, as
 * swagger's own serializer writes them.
 */
final class OpenApiExamples {

    private static final String RESOURCE = "openapi-examples.json";

    private final Map<String, Map<String, Map<String, Object>>> responses;
    private final Map<String, Object> requests;
    private final Map<String, Map<String, Object>> errors;

    private OpenApiExamples(Map<String, Map<String, Map<String, Object>>> responses, Map<String, Object> requests,
            Map<String, Map<String, Object>> errors) {
        this.responses = responses;
        this.requests = requests;
        this.errors = errors;
    }

    @SuppressWarnings("unchecked")
    static OpenApiExamples load() {
        try (InputStream in = OpenApiExamples.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing beside " + OpenApiExamples.class.getName());
            }
            Map<String, Object> all = JsonMapper.builder().build().readValue(in, Map.class);
            OpenApiExamples examples = new OpenApiExamples(
                    (Map<String, Map<String, Map<String, Object>>>) all.get("responses"),
                    (Map<String, Object>) all.get("requests"), (Map<String, Map<String, Object>>) all.get("errors"));
            List<String> missing = Arrays.stream(ErrorCode.values())
                    .filter(c -> !examples.errors.containsKey(Integer.toString(c.code())))
                    .map(ErrorCode::name).toList();
            if (!missing.isEmpty()) {
                throw new IllegalStateException(RESOURCE + " has no error example for " + missing);
            }
            return examples;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The named examples of the success response of the operation {@code method} (GET, POST...) at {@code path}:
     * those under "METHOD path" where the path has several operations, else those under the path (none: an empty
     * map).
     */
    Map<String, Example> response(String method, String path) {
        Map<String, Example> out = new LinkedHashMap<>();
        Map<String, Map<String, Object>> named = responses.getOrDefault(method + " " + path,
                responses.getOrDefault(path, Map.of()));
        named.forEach((name, e) -> out.put(name, new Example().summary((String) e.get("summary"))
                .value(e.get("value"))));
        return out;
    }

    /** The example request body of the operation at {@code path}, or null. */
    Object request(String path) {
        return requests.get(path);
    }

    /** One error envelope with this code, as the service answers it. */
    Example error(ErrorCode code) {
        return new Example().summary(code.code() + " " + code.name() + ": " + code.description())
                .value(errors.get(Integer.toString(code.code())));
    }
}
