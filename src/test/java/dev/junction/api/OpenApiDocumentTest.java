package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    private static JsonNode parameter(JsonNode operation, String name) {
        for (JsonNode p : operation.get("parameters")) {
            if (p.get("name").asString().equals(name)) {
                return p;
            }
        }
        return null;
    }
}
