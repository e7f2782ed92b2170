package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The validation matrix of GET /gasless/quote and GET /status. */
class GaslessAndStatusValidationTest extends ApiTestSupport {

    static Stream<Arguments> gasless() {
        return Stream.of(
                Arguments.of("fromToken", null, 400, 1001),
                Arguments.of("toToken", null, 400, 1001),
                Arguments.of("amount", null, 400, 1001),
                Arguments.of("fromChain", null, 400, 1001),
                Arguments.of("toChain", null, 400, 1001),
                Arguments.of("sender", null, 400, 1001),
                Arguments.of("acquisitionMode", null, 400, 1001),
                Arguments.of("acquisitionMode", "-1", 400, 1002),
                Arguments.of("acquisitionMode", "0", 400, 4008),
                Arguments.of("acquisitionMode", "1", 400, 4008),
                Arguments.of("acquisitionMode", "2", 501, 9004),
                Arguments.of("acquisitionMode", "3", 501, 9004),
                Arguments.of("acquisitionMode", "4", 400, 1002),
                Arguments.of("fromChain", "-1", 400, 1002),
                Arguments.of("fromChain", "9223372036854775808", 400, 1002),
                Arguments.of("fromChain", "1.5", 400, 1002),
                Arguments.of("fromChain", "56", 400, 1005),
                Arguments.of("fromToken", BAD_CHECKSUM, 400, 1003),
                Arguments.of("fromToken", WALLET, 400, 1006),
                Arguments.of("amount", "0", 400, 1004),
                Arguments.of("amount", TWO_256, 400, 1004),
                Arguments.of("amount", TWO_256_MINUS_1, 501, 9004),
                Arguments.of("sender", BAD_CHECKSUM, 400, 1003),
                Arguments.of("receiver", ZERO, 400, 1003),
                Arguments.of("feeBps", "-1", 400, 1002),
                Arguments.of("feeBps", "10000", 501, 9004),
                Arguments.of("feeBps", "10001", 400, 1002),
                Arguments.of("allowMultiBridge", "yes", 400, 1002),
                Arguments.of("allowMultiBridge", "true", 501, 9004),
                Arguments.of("rankingMode", "value_max", 501, 9004),
                Arguments.of("rankingMode", "BALANCED", 501, 9004),
                Arguments.of("rankingMode", "speed_max", 501, 9004),
                Arguments.of("rankingMode", "fastest", 400, 1002),
                Arguments.of("slippage", "0", 400, 1002),
                Arguments.of("slippage", "50", 501, 9004),
                Arguments.of("slippage", "50.0001", 400, 1002),
                Arguments.of("slippage", "NaN", 400, 1002),
                Arguments.of("deadlineMinutes", "0", 400, 1002),
                Arguments.of("deadlineMinutes", "1", 501, 9004),
                Arguments.of("deadlineMinutes", "1440", 501, 9004),
                Arguments.of("deadlineMinutes", "1441", 400, 1002),
                Arguments.of("deadlineMinutes", "2.5", 400, 1002),
                Arguments.of("meta", "m".repeat(1024), 501, 9004),
                Arguments.of("meta", "m".repeat(1025), 400, 1002),
                Arguments.of("includeProvider", "across,uniswap-v3", 501, 9004),
                Arguments.of("excludeProvider", "x".repeat(129), 400, 1002),
                // issue 39: the destination call's parameters, as on the build endpoints
                Arguments.of("fallbackAddress", WALLET, 501, 9004),
                Arguments.of("fallbackAddress", BAD_CHECKSUM, 400, 1003),
                Arguments.of("fallbackAddress", ZERO, 400, 1003),
                Arguments.of("fallbackAddress", "0x1234", 400, 1003),
                Arguments.of("destinationCallData", "0xabc", 400, 1002),
                Arguments.of("destinationCallData", "0x" + "ab".repeat(32768), 400, 1002),
                Arguments.of("destinationGasLimit", "0", 400, 1004),
                Arguments.of("destinationGasLimit", "21000", 501, 9004),
                Arguments.of("destinationGasLimit", TWO_256, 400, 1004));
    }

    @Test
    void aDestinationCallNeedsDestinationGasLimitAsOnTheBuildEndpoints() throws Exception {
        Map<String, String> call = with(validGasless(), "destinationCallData", "0xabcd");
        // the same code and message as /build-best-path (QuoteValidationTest)
        JsonNode gasless = expectError(get("/gasless/quote", call), 400, 1001, "destinationGasLimit");
        JsonNode build = expectError(get("/build-best-path", with(validQuote(), "destinationCallData", "0xabcd")),
                400, 1001, "destinationGasLimit");
        assertThat(gasless.path("message").asString()).isEqualTo(build.path("message").asString());
        expectValid(get("/gasless/quote", with(call, "destinationGasLimit", "200000")));
        expectValid(get("/gasless/quote", with(call, "destinationGasLimit", "200000", "fallbackAddress", WALLET)));
        expectError(get("/gasless/quote", with(call, "destinationGasLimit", "200000", "fallbackAddress", ZERO)), 400,
                1003, "fallbackAddress");
    }

    @ParameterizedTest(name = "/gasless/quote {0}={1} -> {2} {3}")
    @MethodSource("gasless")
    void gaslessRule(String param, String value, int status, int code) throws Exception {
        expectOutcome(get("/gasless/quote", with(validGasless(), param, value)), status, code, param);
        expectOutcome(get("/v1/gasless/quote", with(validGasless(), param, value)), status, code, param);
    }

    static Stream<Arguments> status() {
        return Stream.of(
                Arguments.of("txHash", null, 400, 1001),
                Arguments.of("fromChainId", null, 400, 1001),
                Arguments.of("txHash", "0x" + "ab".repeat(31), 400, 1002),
                Arguments.of("txHash", "0x" + "zz".repeat(32), 400, 1002),
                Arguments.of("txHash", "ab".repeat(33), 400, 1002),
                Arguments.of("txHash", "0x" + "AB".repeat(32), 501, 9004),
                Arguments.of("fromChainId", "-1", 400, 1002),
                Arguments.of("fromChainId", "9223372036854775808", 400, 1002),
                Arguments.of("fromChainId", "1.0", 400, 1002),
                Arguments.of("fromChainId", "137", 400, 1005),
                Arguments.of("fromChainId", "42161", 501, 9004),
                Arguments.of("userAddress", BAD_CHECKSUM, 400, 1003),
                Arguments.of("userAddress", WALLET, 501, 9004));
    }

    @ParameterizedTest(name = "/status {0}={1} -> {2} {3}")
    @MethodSource("status")
    void statusRule(String param, String value, int status, int code) throws Exception {
        expectOutcome(get("/status", with(validStatus(), param, value)), status, code, param);
        expectOutcome(get("/v1/status", with(validStatus(), param, value)), status, code, param);
    }

    @Test
    void gaslessToSolanaNeedsASolanaReceiver() throws Exception {
        Map<String, String> toSolana = with(validGasless(), "toChain", SOLANA, "toToken", USDC_SOL);
        expectError(get("/gasless/quote", toSolana), 400, 1001, "receiver");
        expectValid(get("/gasless/quote", with(toSolana, "receiver", SOL_WALLET)));
    }
}
