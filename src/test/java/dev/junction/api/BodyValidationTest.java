package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** POST /build-path and POST /gasless/submit-swap: JSON bodies with their exact keys. */
class BodyValidationTest extends ApiTestSupport {

    static final String BUILD_PATH = """
            {"Amount": "1000000", "Sender": "%s", "fromChain": 1, "fromToken": "%s", "toChain": 42161,
             "toToken": "%s"}""".formatted(WALLET, USDC_ETH, USDC_ARB);
    static final String SIGNATURE = "0x" + "1b".repeat(65);

    /** BUILD_PATH with one key's JSON value replaced (raw JSON), or removed when null. */
    static String buildPath(String key, String rawValue) {
        String base = BUILD_PATH.substring(0, BUILD_PATH.length() - 1);
        String withoutKey = base.replaceAll("\"" + key + "\": (\"[^\"]*\"|[0-9]+),?\\s*", "");
        if (withoutKey.trim().endsWith(",")) {
            withoutKey = withoutKey.trim();
            withoutKey = withoutKey.substring(0, withoutKey.length() - 1);
        }
        return rawValue == null ? withoutKey + "}" : withoutKey + ", \"" + key + "\": " + rawValue + "}";
    }

    @ParameterizedTest
    @ValueSource(strings = {"/build-path", "/v1/build-path"})
    void aValidBuildPathBodyIsAccepted(String path) throws Exception {
        expectValid(postJson(path, BUILD_PATH));
        expectValid(post(path, "application/json;charset=UTF-8", BUILD_PATH));
    }

    static Stream<Arguments> buildPathRules() {
        return Stream.of(
                Arguments.of("Amount", null, 400, 1001),
                Arguments.of("Sender", null, 400, 1001),
                Arguments.of("fromChain", null, 400, 1001),
                Arguments.of("fromToken", null, 400, 1001),
                Arguments.of("toChain", null, 400, 1001),
                Arguments.of("toToken", null, 400, 1001),
                Arguments.of("Amount", "null", 400, 1001),
                Arguments.of("Amount", "\"\"", 400, 1001),
                Arguments.of("Amount", "1000", 400, 1004),
                Arguments.of("Amount", "\"0\"", 400, 1004),
                Arguments.of("Amount", "\"" + TWO_256 + "\"", 400, 1004),
                Arguments.of("Amount", "\"" + TWO_256_MINUS_1 + "\"", 501, 9004),
                Arguments.of("fromChain", "\"1\"", 400, 1002),
                Arguments.of("fromChain", "1.5", 400, 1002),
                Arguments.of("fromChain", "-1", 400, 1002),
                Arguments.of("fromChain", "9223372036854775808", 400, 1002),
                Arguments.of("fromChain", "10", 400, 1005),
                Arguments.of("Sender", "\"" + BAD_CHECKSUM + "\"", 400, 1003),
                Arguments.of("Sender", "42", 400, 1002),
                Arguments.of("fromToken", "\"" + WALLET + "\"", 400, 1006),
                Arguments.of("fromToken", "\"" + ZERO + "\"", 501, 9004),
                Arguments.of("toToken", "\"" + BAD_CHECKSUM + "\"", 400, 1003),
                Arguments.of("receiver", "\"" + WALLET + "\"", 501, 9004),
                Arguments.of("receiver", "\"" + BAD_CHECKSUM + "\"", 400, 1003),
                Arguments.of("fallbackAddress", "\"" + WALLET + "\"", 501, 9004),
                Arguments.of("fallbackAddress", "\"" + ZERO + "\"", 400, 1003),
                Arguments.of("fallbackAddress", "\"" + BAD_CHECKSUM + "\"", 400, 1003),
                Arguments.of("slippage", "0", 400, 1002),
                Arguments.of("slippage", "50", 501, 9004),
                Arguments.of("slippage", "50.0001", 400, 1002),
                Arguments.of("slippage", "\"1\"", 400, 1002),
                Arguments.of("feeBps", "10001", 400, 1002),
                Arguments.of("feeBps", "10000", 501, 9004),
                Arguments.of("quoteId", "\"" + "q".repeat(129) + "\"", 400, 1002),
                Arguments.of("pathId", "\"p-1\"", 404, 4001),
                Arguments.of("unknownKey", "{\"nested\": true}", 501, 9004));
    }

    @ParameterizedTest(name = "/build-path {0}={1} -> {2} {3}")
    @MethodSource("buildPathRules")
    void buildPathRule(String key, String raw, int status, int code) throws Exception {
        expectOutcome(postJson("/build-path", buildPath(key, raw)), status, code, key);
    }

    @Test
    void destinationCallDataNeedsDestinationGasLimit() throws Exception {
        String call = buildPath("destinationCallData", "\"0xabcd\"");
        expectError(postJson("/build-path", call), 400, 1001, "destinationGasLimit");
        expectValid(postJson("/build-path", call.substring(0, call.length() - 1)
                + ", \"destinationGasLimit\": 200000}"));
    }

    @Test
    void keysAreCaseSensitive() throws Exception {
        String lower = BUILD_PATH.replace("\"Amount\"", "\"amount\"");
        expectError(postJson("/build-path", lower), 400, 1001, "Amount");
        String upper = BUILD_PATH.replace("\"Sender\"", "\"sender\"");
        expectError(postJson("/build-path", upper), 400, 1001, "Sender");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/build-path", "/gasless/submit-swap"})
    void bodiesMustBeJsonObjects(String path) throws Exception {
        expectError(post(path, "text/plain", BUILD_PATH), 415, 1009, null);
        expectError(post(path, null, BUILD_PATH), 415, 1009, null);
        expectError(post(path, "application/x-www-form-urlencoded", "Amount=1"), 415, 1009, null);
        expectError(postJson(path, "{\"Amount\": "), 400, 1007, null);
        expectError(postJson(path, "not json"), 400, 1007, null);
        expectError(postJson(path, ""), 400, 1007, null);
        expectError(postJson(path, "[1, 2]"), 400, 1007, null);
        expectError(postJson(path, "\"text\""), 400, 1007, null);
        expectError(postJson(path, "{} {}"), 400, 1007, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/build-path", "/gasless/submit-swap"})
    void bodiesAboveSixtyFourKibAreRefused(String path) throws Exception {
        String padding = "x".repeat(64 * 1024);
        expectError(postJson(path, "{\"pad\": \"" + padding + "\"}"), 413, 1008, null);
        String justFits = "{\"pad\": \"" + "x".repeat(64 * 1024 - 11) + "\"}";
        assertThat(justFits.length()).isEqualTo(64 * 1024);
        expectError(postJson(path, justFits), 400, 1001, path.equals("/build-path") ? "Amount" : "quoteId");
    }

    static Stream<Arguments> submitRules() {
        return Stream.of(
                Arguments.of("{\"signature\": \"" + SIGNATURE + "\"}", 400, 1001, "quoteId"),
                Arguments.of("{\"quoteId\": \"q1\"}", 400, 1001, "signature"),
                Arguments.of("{\"quoteId\": 7, \"signature\": \"" + SIGNATURE + "\"}", 400, 1002, "quoteId"),
                Arguments.of("{\"quoteId\": \"" + "q".repeat(129) + "\", \"signature\": \"" + SIGNATURE + "\"}", 400,
                        1002, "quoteId"),
                Arguments.of("{\"quoteId\": \"q1\", \"signature\": 7}", 400, 1002, "signature"),
                // the gasless checks run in the order: an unknown quote (4001) before the signature's form
                Arguments.of("{\"quoteId\": \"q1\", \"signature\": \"0x1234\"}", 404, 4001, "quoteId"),
                Arguments.of("{\"quoteId\": \"q1\", \"signature\": \"0x" + "zz".repeat(65) + "\"}", 404, 4001,
                        "quoteId"),
                Arguments.of("{\"quoteId\": \"q1\", \"signature\": \"" + SIGNATURE + "\"}", 404, 4001, "quoteId"),
                Arguments.of("{\"quoteId\": \"q1\", \"signature\": \"0x" + "ab".repeat(64) + "\"}", 404, 4001,
                        "quoteId"));
    }

    @ParameterizedTest(name = "/gasless/submit-swap {0} -> {1} {2}")
    @MethodSource("submitRules")
    void submitSwapRule(String body, int status, int code, String param) throws Exception {
        expectError(postJson("/gasless/submit-swap", body), status, code, param);
        expectError(postJson("/v1/gasless/submit-swap", body), status, code, param);
    }
}
