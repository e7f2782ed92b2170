package dev.junction.api;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.Paths;
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
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document ({@code /v3/api-docs}, Swagger UI at {@code /swagger-ui.html}): API version, units, the whole
 * error catalogue (from {@link ErrorCode}), every parameter with its rule and an example (from {@link ApiDocs}), the
 * envelope schemas with which properties are always present or may be null ({@link OpenApiSchemas}) and, on every
 * operation, the success response with examples and the error responses by HTTP status with their codes, one example
 * each ({@link OpenApiExamples}). The TypeScript client's types are generated from it; paths and schemas are sorted
 * so that the same code always gives the same document.
 */
@Configuration
class OpenApiConfig {

    @Bean
    OpenApiCustomizer junctionOpenApi() {
        return this::customize;
    }

    void customize(OpenAPI api) {
        api.info(new Info().title("Junction").version(ApiVersion.CURRENT).description(description()));
        api.addExtension("x-error-codes", Arrays.stream(ErrorCode.values()).map(OpenApiConfig::catalogued).toList());
        Components components = api.getComponents();
        // the controllers' @RequestBody JsonNode: its bean schema is replaced by the documented bodies below
        components.getSchemas().remove("JsonNode");
        OpenApiSchemas.complete(components);
        components.getSchemas().forEach((name, schema) -> {
            if (name.startsWith("Envelope") && schema.getProperties() != null) {
                successEnvelope(schema);
            }
        });
        ObjectSchema paramRef = new ObjectSchema();
        paramRef.addProperty("param", new StringSchema().description("The parameter at fault, as the interface "
                + "spells it."));
        paramRef.setRequired(List.of("param"));
        paramRef.setTypes(new LinkedHashSet<>(List.of("object", "null")));
        ObjectSchema error = new ObjectSchema();
        error.description("Every failure: the code of the catalogue, the parameter at fault where there is one, and "
                        + "one sentence naming the parameter and the rule.")
                .addProperty("code", new IntegerSchema()._enum(Arrays.stream(ErrorCode.values())
                        .<Number>map(ErrorCode::code).toList()).description(codeList(List.of(ErrorCode.values()))))
                .addProperty("data", paramRef.description("null, or {\"param\": NAME} when one parameter is at fault"))
                .addProperty("message", new StringSchema());
        error.setRequired(List.of("code", "data", "message"));
        components.addSchemas("ErrorEnvelope", error);
        if (api.getPaths() == null) {
            return;
        }
        OpenApiExamples examples = OpenApiExamples.load();
        Map<String, List<Parameter>> params = ApiDocs.queryParameters();
        Map<String, Schema<?>> bodies = ApiDocs.bodies();
        api.getPaths().forEach((path, item) -> {
            String base = path.startsWith("/v1/") ? path.substring(3) : path;
            if (!ApiDocs.successData().containsKey(base)) {
                return;
            }
            item.readOperationsMap().forEach((method, op) -> {
                op.setTags(List.of(CAPABILITY.get(base)));
                if (params.containsKey(base)) {
                    ApiDocs.addParameters(op, params.get(base));
                    op.getParameters().forEach(p -> {
                        String example = ApiDocs.examples(base).get(p.getName());
                        if (example != null) {
                            p.setExample(typed(example, p.getSchema()));
                        }
                    });
                }
                if (bodies.containsKey(base) && item.getPost() == op) {
                    MediaType media = new MediaType().schema(bodies.get(base)).example(examples.request(base));
                    op.requestBody(new RequestBody().required(true).content(new Content().addMediaType(
                            "application/json", media)));
                }
                responses(op, method.name(), base, examples);
            });
        });
        // each operation once: the /v1 alias answers the same and is said in the description, not listed twice
        api.getPaths().keySet().removeIf(path -> path.startsWith("/v1/"));
        Paths sorted = new Paths();
        new TreeMap<>(api.getPaths()).forEach(sorted::addPathItem);
        api.setPaths(sorted);
        components.setSchemas(new TreeMap<>(components.getSchemas()));
        api.setTags(null);
        CAPABILITY_DESCRIPTION.forEach((name, text) -> api.addTagsItem(new Tag().name(name).description(text)));
    }

    /** The operation that answers server-sent events rather than the JSON envelope. */
    static final String EVENT_STREAM_PATH = "/status/stream";

    static final String EVENT_STREAM = "text/event-stream";

    /** The capability tag of each operation, by path. */
    static final Map<String, String> CAPABILITY = Map.ofEntries(Map.entry("/quote", "quote"),
            Map.entry("/build-best-path", "build"), Map.entry("/build-path", "build"),
            Map.entry("/gasless/quote", "gasless"), Map.entry("/gasless/submit-swap", "gasless"),
            Map.entry("/status", "status"), Map.entry("/status/watch", "status"), Map.entry("/status/stream", "status"),
            Map.entry("/webhooks", "webhooks"), Map.entry("/webhooks/{id}", "webhooks"),
            Map.entry("/webhooks/{id}/deliveries", "webhooks"), Map.entry("/chains", "discovery"),
            Map.entry("/tokens", "discovery"), Map.entry("/providers", "discovery"),
            Map.entry("/connections", "discovery"));

    private static final Map<String, String> CAPABILITY_DESCRIPTION = new LinkedHashMap<>();

    static {
        CAPABILITY_DESCRIPTION.put("quote", "Routes for a token pair and amount.");
        CAPABILITY_DESCRIPTION.put("build", "Router calldata for the best route or a selected one.");
        CAPABILITY_DESCRIPTION.put("gasless", "Permit2-signed swaps the executor sends for the user.");
        CAPABILITY_DESCRIPTION.put("status", "Progress of a route by its source transaction: polled, watched or streamed.");
        CAPABILITY_DESCRIPTION.put("webhooks", "Signed webhooks of the caller's status changes, delivered at least once.");
        CAPABILITY_DESCRIPTION.put("discovery", "Chains, tokens, providers and bridge connections Junction knows.");
    }

    /** An entry of the error catalogue, its keys always in this order. */
    private static Map<String, Object> catalogued(ErrorCode c) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("code", c.code());
        entry.put("name", c.name());
        entry.put("http", c.status().value());
        entry.put("description", c.description());
        return entry;
    }

    /** An example value of the parameter's schema type (a chain id is an integer, not the text of one). */
    private static Object typed(String example, Schema<?> schema) {
        String type = schema.getType() != null ? schema.getType()
                : schema.getTypes() == null ? "string" : schema.getTypes().iterator().next();
        return switch (type) {
            case "integer" -> Long.parseLong(example);
            case "number" -> new BigDecimal(example);
            case "boolean" -> Boolean.parseBoolean(example);
            default -> example;
        };
    }

    /** A success envelope: code 0, data as typed, message "ok" (an accepted gasless swap says what was checked). */
    private static void successEnvelope(Schema<?> envelope) {
        envelope.description("A success: `code` 0, the payload in `data`.");
        envelope.getProperties().put("code", new IntegerSchema()._enum(List.of(0)).description("0: success."));
        envelope.getProperties().put("message", new StringSchema().description("\"ok\"; an accepted gasless swap "
                + "adds what was checked (sandbox or chain)."));
    }

    private static void responses(Operation op, String method, String base, OpenApiExamples examples) {
        ApiResponses responses = new ApiResponses();
        ApiResponse ok = op.getResponses().get("200");
        if (base.equals(EVENT_STREAM_PATH)) {
            // an SseEmitter: springdoc knows no more than "*/*"; the stream is text, not the envelope
            ok = new ApiResponse().description(ApiDocs.successData().get(base)).content(new Content()
                    .addMediaType(EVENT_STREAM, new MediaType().schema(new StringSchema().description(
                            "Server-sent events: `event: status`, `id: <event id>` (none on the first event before "
                                    + "any change), `data: <the webhook body as JSON>`; `:heartbeat` comments."))
                            .examples(examples.response(method, base))));
        } else {
            ok.description("code 0, message \"ok\". " + ApiDocs.successData().get(base));
            ok.getContent().values().forEach(media -> media.setExamples(examples.response(method, base)));
        }
        responses.addApiResponse("200", ok);
        Map<Integer, List<ErrorCode>> byStatus = ApiDocs.errors(method, base).stream()
                .collect(Collectors.groupingBy(c -> c.status().value(), TreeMap::new, Collectors.toList()));
        byStatus.forEach((status, codes) -> {
            MediaType media = new MediaType().schema(new Schema<>().$ref("#/components/schemas/ErrorEnvelope"));
            codes.forEach(c -> media.addExamples(c.name(), examples.error(c)));
            responses.addApiResponse(Integer.toString(status), new ApiResponse().description(codeList(codes))
                    .content(new Content().addMediaType("application/json", media)));
        });
        op.setResponses(responses);
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
