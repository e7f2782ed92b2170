package dev.junction.api;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.tags.Tag;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document ({@code /v3/api-docs}, Swagger UI at {@code /swagger-ui.html}): API version, units, the whole
 * error catalogue (from {@link ErrorCode}), every parameter with its rule (from {@link ApiDocs}), the envelope schemas
 * and, on every operation, the error responses by HTTP status with their codes.
 */
@Configuration
class OpenApiConfig {

    @Bean
    OpenApiCustomizer junctionOpenApi() {
        return this::customize;
    }

    void customize(OpenAPI api) {
        api.info(new Info().title("Junction").version(ApiVersion.CURRENT).description(description()));
        api.addExtension("x-error-codes", Arrays.stream(ErrorCode.values()).map(c -> Map.of("code", c.code(),
                "name", c.name(), "http", c.status().value(), "description", c.description())).toList());
        api.getComponents()
                .addSchemas("Envelope", new ObjectSchema().description("Every response: `code` 0 and `message` \"ok\" "
                                + "on success.")
                        .addProperty("code", new IntegerSchema().description("0 on success, else an error code."))
                        .addProperty("data", new Schema<>().description("The payload; see the operation."))
                        .addProperty("message", new StringSchema().description("\"ok\", or one sentence naming the "
                                + "parameter and the rule.")))
                .addSchemas("ErrorEnvelope", new ObjectSchema()
                        .addProperty("code", new IntegerSchema()._enum(Arrays.stream(ErrorCode.values())
                                .<Number>map(ErrorCode::code).toList()).description(codeList(List.of(ErrorCode.values()))))
                        .addProperty("data", new ObjectSchema().nullable(true).description("null, or "
                                        + "{\"param\": NAME} when one parameter is at fault")
                                .addProperty("param", new StringSchema()))
                        .addProperty("message", new StringSchema()));
        if (api.getPaths() == null) {
            return;
        }
        Map<String, List<Parameter>> params = ApiDocs.queryParameters();
        Map<String, Schema<?>> bodies = ApiDocs.bodies();
        api.getPaths().forEach((path, item) -> {
            String base = path.startsWith("/v1/") ? path.substring(3) : path;
            if (!ApiDocs.successData().containsKey(base)) {
                return;
            }
            for (Operation op : item.readOperations()) {
                op.setTags(List.of(CAPABILITY.get(base)));
                if (params.containsKey(base)) {
                    ApiDocs.addParameters(op, params.get(base));
                    op.getParameters().forEach(p -> {
                        String example = ApiDocs.examples(base).get(p.getName());
                        if (example != null) {
                            p.setExample(example);
                        }
                    });
                }
                if (bodies.containsKey(base) && item.getPost() == op) {
                    MediaType media = new MediaType().schema(bodies.get(base));
                    Map<String, Object> example = ApiDocs.bodyExample(base);
                    if (!example.isEmpty()) {
                        media.setExample(example);
                    }
                    op.requestBody(new RequestBody().required(true).content(new Content().addMediaType(
                            "application/json", media)));
                }
                responses(op, base);
            }
        });
        // each operation once: the /v1 alias answers the same and is said in the description, not listed twice
        api.getPaths().keySet().removeIf(path -> path.startsWith("/v1/"));
        CAPABILITY_DESCRIPTION.forEach((name, text) -> api.addTagsItem(new Tag().name(name).description(text)));
    }

    /** The capability tag of each operation of the interface, by path. */
    static final Map<String, String> CAPABILITY = Map.ofEntries(Map.entry("/quote", "quote"),
            Map.entry("/build-best-path", "build"), Map.entry("/build-path", "build"),
            Map.entry("/gasless/quote", "gasless"), Map.entry("/gasless/submit-swap", "gasless"),
            Map.entry("/status", "status"), Map.entry("/status/watch", "status"), Map.entry("/status/stream", "status"),
            Map.entry("/webhooks", "webhooks"), Map.entry("/webhooks/{id}", "webhooks"),
            Map.entry("/webhooks/{id}/deliveries", "webhooks"));

    private static final Map<String, String> CAPABILITY_DESCRIPTION = new LinkedHashMap<>(Map.of(
            "quote", "Routes for a token pair and amount.",
            "build", "Router calldata for the best route or a selected one.",
            "gasless", "Permit2-signed swaps the executor sends for the user.",
            "status", "Progress of a route by its source transaction: polled, watched or streamed.",
            "webhooks", "Signed webhooks of the caller's status changes, delivered at least once."));

    private static void responses(Operation op, String base) {
        ApiResponses responses = new ApiResponses();
        ApiResponse existingOk = op.getResponses() == null ? null : op.getResponses().get("200");
        boolean documentedOk = existingOk != null && existingOk.getContent() != null
                && existingOk.getContent().values().stream().anyMatch(m -> m.getSchema() != null
                        && m.getSchema().get$ref() != null);
        responses.addApiResponse("200", documentedOk ? existingOk : new ApiResponse()
                .description("code 0, message \"ok\". " + ApiDocs.successData().get(base))
                .content(json("#/components/schemas/Envelope")));
        Map<Integer, List<ErrorCode>> byStatus = ApiDocs.errors(base).stream()
                .collect(Collectors.groupingBy(c -> c.status().value(), TreeMap::new, Collectors.toList()));
        byStatus.forEach((status, codes) -> responses.addApiResponse(Integer.toString(status),
                new ApiResponse().description(codeList(codes)).content(json("#/components/schemas/ErrorEnvelope"))));
        op.setResponses(responses);
    }

    private static Content json(String ref) {
        return new Content().addMediaType("application/json", new MediaType().schema(new Schema<>().$ref(ref)));
    }

    private static String codeList(List<ErrorCode> codes) {
        return codes.stream().map(c -> c.code() + " " + c.name() + ": " + c.description())
                .collect(Collectors.joining("; "));
    }

    private static String description() {
        StringBuilder s = new StringBuilder("""
                Self-hostable cross-chain swap routing. Every response is application/json `{code, data, message}`; \
                `code` 0 is success. Every path also answers under `/v1/` (`/v1/quote` is `/quote`): the same \
                operation, listed here once. Every response carries `API-Version` and \
                `X-Request-Id`. With `junction.security.api-keys` set, send `X-API-Key`. Rate-limited responses carry \
                `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds); 429 adds `Retry-After`.

                """);
        s.append(ApiDocs.UNITS).append("\n\nEach operation lists the errors it can return. All codes:\n\n"
                + "<details><summary>Error codes</summary>\n\n| code | name | HTTP | meaning |\n|---|---|---|---|\n");
        for (ErrorCode c : ErrorCode.values()) {
            s.append("| ").append(c.code()).append(" | ").append(c.name()).append(" | ").append(c.status().value())
                    .append(" | ").append(c.description()).append(" |\n");
        }
        return s.append("\n</details>\n").toString();
    }

}
