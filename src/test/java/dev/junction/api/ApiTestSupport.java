package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Shared context and helpers of the api MockMvc tests: the whole application on the {@link TestMarket}, with every
 * servlet filter. {@link #expectError} asserts the envelope shape of every failure.
 */
@SpringBootTest
@AutoConfigureMockMvc
@Import(TestMarket.Api.class)
abstract class ApiTestSupport {

    static final String NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
    static final String ZERO = "0x0000000000000000000000000000000000000000";
    static final String USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    static final String USDC_ARB = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
    static final String USDC_SOL = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    static final String SOL_WALLET = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
    /** EIP-55 vector from the EIP. */
    static final String WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    /** The same address with one letter's case flipped: fails the checksum. */
    static final String BAD_CHECKSUM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD";
    static final String SOLANA = "1151111081099710";
    static final String TWO_256 = "115792089237316195423570985008687907853269984665640564039457584007913129639936";
    static final String TWO_256_MINUS_1 = "115792089237316195423570985008687907853269984665640564039457584007913129639935";

    @Autowired
    MockMvc mvc;

    final JsonMapper json = JsonMapper.builder().build();

    /** The valid query of /quote (and the shared part of /build-best-path). */
    static Map<String, String> validQuote() {
        return params("fromChain", "1", "toChain", "42161", "fromToken", NATIVE, "toToken", USDC_ARB,
                "amount", "1000000000000000000", "sender", WALLET);
    }

    static Map<String, String> validGasless() {
        Map<String, String> m = validQuote();
        m.put("fromToken", USDC_ETH);
        m.put("acquisitionMode", "2");
        return m;
    }

    static Map<String, String> validStatus() {
        return params("txHash", "0x" + "ab".repeat(32), "fromChainId", "1");
    }

    static Map<String, String> params(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    /** {@code base} with the overrides applied; a null value removes the parameter. */
    static Map<String, String> with(Map<String, String> base, String... kv) {
        Map<String, String> m = new LinkedHashMap<>(base);
        for (int i = 0; i < kv.length; i += 2) {
            if (kv[i + 1] == null) {
                m.remove(kv[i]);
            } else {
                m.put(kv[i], kv[i + 1]);
            }
        }
        return m;
    }

    MockHttpServletResponse get(String path, Map<String, String> params) throws Exception {
        MockHttpServletRequestBuilder r = MockMvcRequestBuilders.get(path);
        for (Iterator<Map.Entry<String, String>> it = params.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, String> e = it.next();
            r.queryParam(e.getKey(), e.getValue());
        }
        return mvc.perform(r).andReturn().getResponse();
    }

    MockHttpServletResponse post(String path, String contentType, String body) throws Exception {
        MockHttpServletRequestBuilder r = MockMvcRequestBuilders.post(path).content(body);
        if (contentType != null) {
            r.contentType(contentType);
        }
        return mvc.perform(r).andReturn().getResponse();
    }

    MockHttpServletResponse postJson(String path, String body) throws Exception {
        return post(path, MediaType.APPLICATION_JSON_VALUE, body);
    }

    /** The response is the error envelope: status, code, the named parameter (or null data) and a message. */
    JsonNode expectError(MockHttpServletResponse r, int status, int code, String param) throws Exception {
        JsonNode body = envelope(r);
        assertThat(r.getStatus()).as(body.toString()).isEqualTo(status);
        assertThat(body.get("code").asInt()).as(body.toString()).isEqualTo(code);
        if (param == null) {
            assertThat(body.get("data").isNull()).as(body.toString()).isTrue();
        } else {
            assertThat(body.get("data").get("param").asString()).as(body.toString()).isEqualTo(param);
            assertThat(body.get("message").asString()).as("the message names the parameter").contains(param);
        }
        assertThat(body.get("message").asString()).isNotBlank().doesNotContain("Exception").doesNotContain("<");
        return body;
    }

    /** A matrix row: (501, 9004) stands for "passes validation" (see {@link #expectValid}); else the error. */
    void expectOutcome(MockHttpServletResponse r, int status, int code, String param) throws Exception {
        if (code == 9004) {
            expectValid(r);
        } else {
            expectError(r, status, code, param);
        }
    }

    /**
     * Valid input passes validation: the envelope's code is not a 1xxx request error. What follows validation (a
     * route, NO_ROUTE on the small test market, 501 where a capability has not landed) is another test's business.
     */
    void expectValid(MockHttpServletResponse r) throws Exception {
        JsonNode body = envelope(r);
        assertThat(body.get("code").asInt() / 1000).as(body.toString()).isNotEqualTo(1);
        assertThat(r.getStatus()).as(body.toString()).isNotEqualTo(400);
    }

    /** Asserts application/json {code, data, message} and nothing else; returns it. */
    JsonNode envelope(MockHttpServletResponse r) throws Exception {
        assertThat(r.getContentType()).startsWith("application/json");
        JsonNode body = json.readTree(r.getContentAsString());
        assertThat(body.propertyNames()).containsExactlyInAnyOrder("code", "data", "message");
        return body;
    }
}
