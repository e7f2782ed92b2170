package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v3/api-docs} documents every operation and every parameter and body field of the interface document (a copy
 * of it is in src/test/resources/spec), each with a rule; and every error code.
 */
class OpenApiDocumentTest extends ApiTestSupport {

    private static final Pattern ENDPOINT = Pattern.compile("^### 4\\.\\d+ (GET|POST) (\\S+)$");
    private static final Pattern ROW = Pattern.compile("^\\| ([A-Za-z]+) \\|.*$");

    /** "GET /quote" -> documented parameter names, read from the interface document's tables. */
    static Map<String, List<String>> interfaceParameters() throws Exception {
        Map<String, List<String>> out = new LinkedHashMap<>();
        try (InputStream in = OpenApiDocumentTest.class.getResourceAsStream("/spec/routing-service-interface.md")) {
            String current = null;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                Matcher e = ENDPOINT.matcher(line.trim());
                if (e.matches()) {
                    current = e.group(1) + " " + e.group(2);
                    out.put(current, new ArrayList<>());
                    continue;
                }
                if (line.startsWith("## ") || line.startsWith("### ")) {
                    current = null;
                }
                Matcher row = ROW.matcher(line.trim());
                if (current != null && row.matches() && !List.of("Parameter", "Body").contains(row.group(1))) {
                    out.get(current).add(row.group(1));
                }
            }
        }
        return out;
    }

    JsonNode apiDocs() throws Exception {
        var r = mvc.perform(MockMvcRequestBuilders.get("/v3/api-docs")).andReturn().getResponse();
        assertThat(r.getStatus()).isEqualTo(200);
        return json.readTree(r.getContentAsString());
    }

    @Test
    void theInterfaceDocumentHasSixOperationsAndTheirParameters() throws Exception {
        Map<String, List<String>> ops = interfaceParameters();
        assertThat(ops.keySet()).containsExactly("GET /quote", "GET /build-best-path", "POST /build-path",
                "GET /gasless/quote", "POST /gasless/submit-swap", "GET /status");
        assertThat(ops.get("GET /quote")).hasSize(21).contains("Integrator", "acquisitionMode");
        assertThat(ops.get("POST /build-path")).containsExactly("Amount", "Sender", "fromChain", "fromToken",
                "toChain", "toToken");
    }

    @Test
    void everyParameterOfTheInterfaceIsDocumentedWithItsRule() throws Exception {
        JsonNode docs = apiDocs();
        for (Map.Entry<String, List<String>> op : interfaceParameters().entrySet()) {
            String method = op.getKey().split(" ")[0].toLowerCase();
            String path = op.getKey().split(" ")[1];
            for (String prefix : new String[] {""}) { // the /v1 alias is listed once, as its path (SwaggerUiTest)
                JsonNode operation = docs.get("paths").get(prefix + path).get(method);
                assertThat(operation).as(prefix + path).isNotNull();
                for (String name : op.getValue()) {
                    JsonNode documented = method.equals("get") ? parameter(operation, name)
                            : operation.get("requestBody").get("content").get("application/json").get("schema")
                                    .get("properties").get(name);
                    assertThat(documented).as(op.getKey() + " " + name).isNotNull();
                    assertThat(documented.get("description").asString()).as(op.getKey() + " " + name).isNotBlank();
                }
                assertThat(operation.get("responses").get("200")).isNotNull();
                assertThat(operation.get("responses").get("400").get("description").asString()).contains("1001");
            }
        }
    }

    @Test
    void requiredFlagsAndRulesMatchTheValidation() throws Exception {
        JsonNode quote = apiDocs().get("paths").get("/quote").get("get");
        assertThat(parameter(quote, "fromChain").get("required").asBoolean()).isTrue();
        assertThat(parameter(quote, "receiver").get("required").asBoolean()).isFalse();
        assertThat(parameter(quote, "feeBps").get("schema").get("maximum").asInt()).isEqualTo(10000);
        assertThat(parameter(quote, "slippage").get("description").asString()).contains("50").contains("Percent");
        assertThat(parameter(quote, "fromChain").get("schema").get("format").asString()).isEqualTo("int64");
    }

    @Test
    void everyErrorCodeAndTheVersionAreDocumented() throws Exception {
        JsonNode docs = apiDocs();
        assertThat(docs.get("info").get("version").asString()).isEqualTo(ApiVersion.CURRENT);
        String description = docs.get("info").get("description").asString();
        for (ErrorCode c : ErrorCode.values()) {
            assertThat(description).contains("| " + c.code() + " | " + c.name() + " | " + c.status().value());
        }
        assertThat(docs.get("x-error-codes")).hasSize(ErrorCode.values().length);
        assertThat(description).contains("Unix seconds").contains("milliseconds").contains("basis points");
    }

    /**
     * Issue 41: every operation, the discovery endpoints included, has a typed success envelope with examples, and
     * each error status lists its codes with one example envelope per code; the discovery parameters and both POST
     * bodies have a schema and an example. (The TypeScript client's tests check every example against its schema.)
     */
    @Test
    void everyOperationHasTypedResponsesWithExamplesForEveryCode() throws Exception {
        JsonNode docs = apiDocs();
        assertThat(docs.get("paths").propertyNames()).containsExactlyInAnyOrder("/quote", "/build-best-path",
                "/build-path", "/gasless/quote", "/gasless/submit-swap", "/status", "/status/watch", "/status/stream",
                "/webhooks", "/webhooks/{id}", "/webhooks/{id}/deliveries", "/chains", "/tokens", "/providers",
                "/connections");
        for (String path : docs.get("paths").propertyNames()) {
            for (String method : docs.get("paths").get(path).propertyNames()) {
                JsonNode op = docs.get("paths").get(path).get(method);
                assertThat(op.get("tags").get(0).asString()).as(path).isIn("quote", "build", "gasless", "status",
                        "webhooks", "discovery");
                JsonNode content = op.get("responses").get("200").get("content");
                if (path.equals("/status/stream")) {
                    // server-sent events, not the envelope: checked in theStatusStreamIsDocumentedAsEventStream
                    assertThat(content.propertyNames()).containsExactly("text/event-stream");
                } else {
                    JsonNode ok = content.get("application/json");
                    String envelope = ok.get("schema").get("$ref").asString();
                    assertThat(envelope).as(path).startsWith("#/components/schemas/Envelope");
                    JsonNode envelopeSchema = docs.get("components").get("schemas").get(envelope.substring(21));
                    assertThat(envelopeSchema.get("required").toString()).as(path).contains("code", "data",
                            "message");
                    assertThat(ok.get("examples").size()).as(path + " 200 examples").isPositive();
                    ok.get("examples").forEach(e -> assertThat(e.at("/value/code").asInt()).as(path).isZero());
                }
                for (String status : op.get("responses").propertyNames()) {
                    if (status.equals("200")) {
                        continue;
                    }
                    JsonNode error = op.get("responses").get(status);
                    JsonNode examples = error.get("content").get("application/json").get("examples");
                    List<String> codes = Pattern.compile("(\\d{4}) [A-Z_]+:")
                            .matcher(error.get("description").asString()).results().map(r -> r.group(1)).toList();
                    assertThat(codes).as(path + " " + status).isNotEmpty();
                    for (String code : codes) {
                        ErrorCode c = Arrays.stream(ErrorCode.values())
                                .filter(e -> Integer.toString(e.code()).equals(code)).findFirst().orElseThrow();
                        assertThat(c.status().value()).isEqualTo(Integer.parseInt(status));
                        assertThat(examples.get(c.name()).get("value").get("code").asInt()).as(path + " " + code)
                                .isEqualTo(c.code());
                    }
                }
            }
        }
        for (String[] p : new String[][] {{"/tokens", "chain"}, {"/tokens", "symbol"}, {"/connections", "fromChain"},
            {"/connections", "toChain"}, {"/connections", "fromToken"}}) {
            JsonNode param = parameter(docs.get("paths").get(p[0]).get("get"), p[1]);
            assertThat(param.get("schema").get("type")).as(p[0] + " " + p[1]).isNotNull();
            assertThat(param.get("example")).as(p[0] + " " + p[1]).isNotNull();
            assertThat(param.get("description").asString()).as(p[0] + " " + p[1]).contains("otherwise");
        }
        assertThat(parameter(docs.get("paths").get("/tokens").get("get"), "chain").get("example").isNumber()).isTrue();
        for (String post : List.of("/build-path", "/gasless/submit-swap", "/status/watch", "/webhooks")) {
            assertThat(docs.get("paths").get(post).get("post").get("requestBody").get("content")
                    .get("application/json").get("example")).as(post).isNotNull();
        }
        assertThat(docs.get("components").get("schemas").has("JsonNode")).isFalse();
    }

    /** Issue 40's stream is text/event-stream, with its parameters and an example of the stream's text. */
    @Test
    void theStatusStreamIsDocumentedAsEventStream() throws Exception {
        JsonNode docs = apiDocs();
        JsonNode stream = docs.get("paths").get("/status/stream").get("get");
        JsonNode events = stream.at("/responses/200/content/text~1event-stream");
        assertThat(events.at("/schema/type").asString()).isEqualTo("string");
        assertThat(events.get("examples").values().iterator().next().get("value").asString())
                .startsWith("event:status\n").contains("\nid:evt_");
        assertThat(parameter(stream, "txHash").get("required").asBoolean()).isTrue();
        assertThat(parameter(stream, "fromChainId").get("example").isNumber()).isTrue();
        assertThat(stream.at("/responses/400/description").asString()).contains("1002");
        JsonNode webhooks = docs.get("paths").get("/webhooks");
        assertThat(webhooks.at("/post/responses/200/content/application~1json/examples").values().iterator().next()
                .at("/value/data/secret").asString()).startsWith("whsec_");
        assertThat(webhooks.at("/get/responses/200/content/application~1json/examples").values().iterator().next()
                .at("/value/data").isArray()).isTrue();
        assertThat(webhooks.at("/post/responses/400/description").asString()).contains("1012 WEBHOOK_URL_REFUSED");
        assertThat(webhooks.at("/post/responses/409/description").asString()).contains("1014 WEBHOOK_LIMIT");
        JsonNode delivery = docs.get("components").get("schemas").get("Delivery");
        assertThat(delivery.get("required").toString()).contains("deliveredAtMs");
        assertThat(delivery.at("/properties/deliveredAtMs/type").toString()).contains("null");
    }

    /** The nullability tables name real schemas and properties (a misspelt name would silently mark nothing). */
    @Test
    void theNullabilityTablesNameRealProperties() throws Exception {
        JsonNode schemas = apiDocs().get("components").get("schemas");
        for (Map<String, Set<String>> table : List.of(OpenApiSchemas.ABSENT_WITHOUT_VALUE,
                OpenApiSchemas.NULLABLE)) {
            table.forEach((schema, properties) -> {
                assertThat(schemas.has(schema)).as(schema).isTrue();
                properties.forEach(p -> assertThat(schemas.get(schema).get("properties").has(p))
                        .as(schema + "." + p).isTrue());
            });
        }
        JsonNode status = schemas.get("StatusResult");
        assertThat(status.get("required").toString()).contains("destTxDetails", "status");
        assertThat(status.get("properties").get("swapId").get("type").toString()).contains("null");
        assertThat(schemas.get("RouteView").get("required").toString()).contains("amountOut")
                .doesNotContain("blockNumber");
        assertThat(schemas.get("PermitMessage").get("properties").get("witness").get("oneOf")).hasSize(2);
    }

    private static JsonNode parameter(JsonNode operation, String name) {
        for (JsonNode p : operation.get("parameters")) {
            if (p.get("name").asString().equals(name)) {
                return p;
            }
        }
        return null;
    }
}
