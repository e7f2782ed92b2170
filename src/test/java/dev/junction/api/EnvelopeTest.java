package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

/** Paths and methods Junction does not serve, and the envelope of every failure. */
class EnvelopeTest extends ApiTestSupport {

    @Test
    void unknownPathsAre404InTheEnvelopeEvenForBrowsers() throws Exception {
        for (String path : new String[] {"/nope", "/v2/quote", "/quote/extra", "/v1", "/error"}) {
            var r = mvc.perform(MockMvcRequestBuilders.get(path).header("Accept", "text/html")).andReturn()
                    .getResponse();
            expectError(r, 404, 1010, null);
        }
    }

    @Test
    void wrongMethodsAre405WithAllow() throws Exception {
        var r = mvc.perform(MockMvcRequestBuilders.delete("/quote")).andReturn().getResponse();
        expectError(r, 405, 1011, null);
        assertThat(r.getHeader("Allow")).isEqualTo("GET");
        r = mvc.perform(MockMvcRequestBuilders.get("/build-path")).andReturn().getResponse();
        expectError(r, 405, 1011, null);
        r = mvc.perform(MockMvcRequestBuilders.put("/v1/gasless/submit-swap")).andReturn().getResponse();
        expectError(r, 405, 1011, null);
        r = mvc.perform(MockMvcRequestBuilders.post("/status")).andReturn().getResponse();
        expectError(r, 405, 1011, null);
    }

    @Test
    void validationFailuresAreJsonWhateverTheClientAccepts() throws Exception {
        var r = mvc.perform(MockMvcRequestBuilders.get("/quote").header("Accept", "text/html")).andReturn()
                .getResponse();
        expectError(r, 400, 1001, "fromChain");
        r = mvc.perform(MockMvcRequestBuilders.get("/quote").header("Accept", "application/xml")).andReturn()
                .getResponse();
        expectError(r, 400, 1001, "fromChain");
    }

    @Test
    void rawInputIsNeverEchoedAsMarkup() throws Exception {
        var r = get("/quote", with(validQuote(), "fromChain", "<script>alert(1)</script>"));
        var body = expectError(r, 400, 1002, "fromChain");
        assertThat(body.toString()).doesNotContain("script");
    }

    @Test
    void everyResponseCarriesARequestIdAndTheApiVersion() throws Exception {
        var r = mvc.perform(MockMvcRequestBuilders.get("/quote").header("X-Request-Id", "abc-123")).andReturn()
                .getResponse();
        assertThat(r.getHeader("X-Request-Id")).isEqualTo("abc-123");
        assertThat(r.getHeader("API-Version")).isEqualTo("1");
        r = mvc.perform(MockMvcRequestBuilders.get("/nope")).andReturn().getResponse();
        assertThat(r.getHeader("X-Request-Id")).matches("[0-9a-f-]{36}");
        assertThat(r.getHeader("API-Version")).isEqualTo("1");
        r = mvc.perform(MockMvcRequestBuilders.get("/nope").header("X-Request-Id", "bad id with spaces")).andReturn()
                .getResponse();
        assertThat(r.getHeader("X-Request-Id")).matches("[0-9a-f-]{36}");
    }

    @Test
    void theSuccessEnvelopeHasCodeZeroAndOk() {
        Envelope<String> ok = Envelope.ok("payload");
        assertThat(ok.code()).isZero();
        assertThat(ok.message()).isEqualTo("ok");
        assertThat(json.writeValueAsString(ok)).isEqualTo("{\"code\":0,\"data\":\"payload\",\"message\":\"ok\"}");
        assertThat(json.writeValueAsString(Envelope.error(ErrorCode.INVALID_PARAMETER, "feeBps must be x", "feeBps")))
                .isEqualTo("{\"code\":1002,\"data\":{\"param\":\"feeBps\"},\"message\":\"feeBps must be x\"}");
    }
}
