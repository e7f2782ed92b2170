package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Swagger UI usability (issue 12, item 11): each operation once (the {@code /v1} alias in the description), tagged by
 * capability, every required parameter with a working example (Try it out answers code 0), and per operation only
 * the errors it can return.
 */
@SpringBootTest
@AutoConfigureMockMvc
class SwaggerUiTest {

    // the embedded snapshot market, the one a user's Try it out meets
    @Autowired
    MockMvc mvc;

    final JsonMapper json = JsonMapper.builder().build();

    static final Map<String, String> OPERATIONS = Map.of("/quote", "quote", "/build-best-path", "build",
            "/build-path", "build", "/gasless/quote", "gasless", "/gasless/submit-swap", "gasless", "/status",
            "status");

    JsonNode apiDocs() throws Exception {
        return json.readTree(mvc.perform(MockMvcRequestBuilders.get("/v3/api-docs")).andReturn().getResponse()
                .getContentAsString());
    }

    @Test
    void eachOperationIsListedOnceAndTheV1AliasIsDescribed() throws Exception {
        JsonNode docs = apiDocs();
        assertThat(docs.get("paths").propertyNames()).noneMatch(p -> p.startsWith("/v1/"));
        assertThat(docs.at("/info/description").asString()).contains("`/v1/`");
    }

    @Test
    void operationsAreTaggedByCapability() throws Exception {
        JsonNode paths = apiDocs().get("paths");
        OPERATIONS.forEach((path, tag) -> {
            JsonNode item = paths.get(path);
            JsonNode op = item.has("get") ? item.get("get") : item.get("post");
            assertThat(op.get("tags").valueStream().map(JsonNode::asString).toList()).as(path).containsExactly(tag);
        });
    }

    @Test
    void theQuoteExamplesQuoteAndEveryRequiredParameterHasOne() throws Exception {
        JsonNode paths = apiDocs().get("paths");
        for (String path : List.of("/quote", "/build-best-path", "/gasless/quote", "/status")) {
            List<String> query = new ArrayList<>();
            for (JsonNode p : paths.get(path).get("get").get("parameters")) {
                if (p.path("required").asBoolean()) {
                    assertThat(p.has("example")).as(path + " " + p.get("name").asString()).isTrue();
                }
                if (p.has("example")) {
                    query.add(p.get("name").asString() + "=" + p.get("example").asString());
                }
            }
            JsonNode answer = json.readTree(mvc.perform(MockMvcRequestBuilders.get(path + "?" + String.join("&", query)))
                    .andReturn().getResponse().getContentAsString());
            assertThat(answer.get("code").asInt()).as(path + " with its examples: " + answer).isZero();
        }
    }

    @Test
    void theBuildPathBodyExampleBuildsATransaction() throws Exception {
        JsonNode example = apiDocs().at("/paths/~1build-path/post/requestBody/content/application~1json/example");
        assertThat(example.isObject()).as("/build-path request body example").isTrue();
        JsonNode answer = json.readTree(mvc.perform(MockMvcRequestBuilders.post("/build-path")
                .contentType("application/json").content(json.writeValueAsString(example)))
                .andReturn().getResponse().getContentAsString());
        assertThat(answer.get("code").asInt()).as("/build-path with its example body: " + answer).isZero();
        assertThat(answer.at("/data/data").asString()).startsWith("0x");
    }

    @Test
    void anOperationListsOnlyTheErrorsItCanReturn() throws Exception {
        JsonNode paths = apiDocs().get("paths");
        JsonNode status = paths.at("/~1status/get/responses");
        assertThat(status.has("422")).as("/status never answers a routing failure").isFalse();
        assertThat(status.has("409")).isFalse();
        assertThat(status.has("413")).as("a GET has no body").isFalse();
        JsonNode quote = paths.at("/~1quote/get/responses");
        assertThat(quote.has("410")).as("/quote has no quote or permit to expire").isFalse();
        assertThat(quote.get("422").get("description").asString()).contains("3001").doesNotContain("3007");
        JsonNode submit = paths.at("/~1gasless~1submit-swap/post/responses");
        assertThat(submit.get("409").get("description").asString()).contains("4006").contains("4007");
    }
}
