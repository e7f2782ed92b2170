package dev.junction.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * The validation matrix of GET /quote and GET /build-best-path (which takes the same parameters and more), each rule at
 * its boundaries. Valid input must pass validation (see ApiTestSupport#expectValid).
 */
class QuoteValidationTest extends ApiTestSupport {

    static final String[] PATHS = {"/quote", "/build-best-path", "/v1/quote", "/v1/build-best-path"};

    /** (param, value, HTTP status, code); a null value removes the parameter; code 9004 = accepted. */
    static List<Object[]> rules() {
        List<Object[]> r = new ArrayList<>();
        for (String p : new String[] {"fromChain", "toChain", "fromToken", "toToken", "amount", "sender"}) {
            r.add(new Object[] {p, null, 400, 1001});
            r.add(new Object[] {p, "  ", 400, 1001});
        }
        for (String p : new String[] {"fromChain", "toChain"}) {
            r.add(new Object[] {p, "-1", 400, 1002});
            r.add(new Object[] {p, "9223372036854775808", 400, 1002});
            r.add(new Object[] {p, "1.5", 400, 1002});
            r.add(new Object[] {p, "1e3", 400, 1002});
            r.add(new Object[] {p, "abc", 400, 1002});
            r.add(new Object[] {p, "9223372036854775807", 400, 1005});
            r.add(new Object[] {p, "0", 400, 1005});
            r.add(new Object[] {p, "10", 400, 1005});
        }
        r.add(new Object[] {"fromChain", "42161", 501, 9004});
        r.add(new Object[] {"fromToken", BAD_CHECKSUM, 400, 1003});
        r.add(new Object[] {"fromToken", "0x1234", 400, 1003});
        r.add(new Object[] {"fromToken", USDC_SOL, 400, 1003});
        r.add(new Object[] {"fromToken", WALLET, 400, 1006});
        r.add(new Object[] {"fromToken", ZERO, 501, 9004});
        r.add(new Object[] {"fromToken", NATIVE.toLowerCase(), 501, 9004});
        r.add(new Object[] {"fromToken", USDC_ETH, 501, 9004});
        r.add(new Object[] {"fromToken", USDC_ETH.toLowerCase(), 501, 9004});
        r.add(new Object[] {"fromToken", "0x" + USDC_ETH.substring(2).toUpperCase(), 501, 9004});
        r.add(new Object[] {"toToken", USDC_ETH, 400, 1006});
        r.add(new Object[] {"amount", "0", 400, 1004});
        r.add(new Object[] {"amount", "1", 501, 9004});
        r.add(new Object[] {"amount", TWO_256_MINUS_1, 501, 9004});
        r.add(new Object[] {"amount", TWO_256, 400, 1004});
        r.add(new Object[] {"amount", "1e3", 400, 1004});
        r.add(new Object[] {"amount", "-1", 400, 1004});
        r.add(new Object[] {"amount", "+1", 400, 1004});
        r.add(new Object[] {"amount", "1.0", 400, 1004});
        r.add(new Object[] {"amount", "0x10", 400, 1004});
        r.add(new Object[] {"amount", " 42 ", 501, 9004});
        r.add(new Object[] {"sender", BAD_CHECKSUM, 400, 1003});
        r.add(new Object[] {"sender", ZERO, 400, 1003});
        r.add(new Object[] {"sender", SOL_WALLET, 400, 1003});
        r.add(new Object[] {"sender", WALLET.toLowerCase(), 501, 9004});
        r.add(new Object[] {"receiver", BAD_CHECKSUM, 400, 1003});
        r.add(new Object[] {"receiver", SOL_WALLET, 400, 1003});
        r.add(new Object[] {"receiver", WALLET, 501, 9004});
        r.add(new Object[] {"slippage", "0", 400, 1002});
        r.add(new Object[] {"slippage", "-1", 400, 1002});
        r.add(new Object[] {"slippage", "0.0001", 501, 9004});
        r.add(new Object[] {"slippage", "50", 501, 9004});
        r.add(new Object[] {"slippage", "50.0", 501, 9004});
        r.add(new Object[] {"slippage", "50.0001", 400, 1002});
        r.add(new Object[] {"slippage", "50.00000000000000001", 400, 1002});
        r.add(new Object[] {"slippage", "NaN", 400, 1002});
        r.add(new Object[] {"slippage", "Infinity", 400, 1002});
        r.add(new Object[] {"slippage", "5e-1", 501, 9004});
        r.add(new Object[] {"slippage", "0x1p3", 400, 1002});
        r.add(new Object[] {"slippage", "1d", 400, 1002});
        r.add(new Object[] {"feeBps", "-1", 400, 1002});
        r.add(new Object[] {"feeBps", "0", 501, 9004});
        r.add(new Object[] {"feeBps", "10000", 501, 9004});
        r.add(new Object[] {"feeBps", "10001", 400, 1002});
        r.add(new Object[] {"feeBps", "1.5", 400, 1002});
        r.add(new Object[] {"feeBps", "2147483648", 400, 1002});
        r.add(new Object[] {"acquisitionMode", "-1", 400, 1002});
        // The base request's fromToken is native: only mode 1 fits it (0, 2, 3 need an ERC-20 input; issue 4).
        r.add(new Object[] {"acquisitionMode", "0", 400, 1002});
        r.add(new Object[] {"acquisitionMode", "1", 501, 9004});
        r.add(new Object[] {"acquisitionMode", "3", 400, 1002});
        r.add(new Object[] {"acquisitionMode", "4", 400, 1002});
        for (String b : new String[] {"allowMultiBridge", "simulation"}) {
            r.add(new Object[] {b, "true", 501, 9004});
            r.add(new Object[] {b, "false", 501, 9004});
            r.add(new Object[] {b, "yes", 400, 1002});
            r.add(new Object[] {b, "1", 400, 1002});
            r.add(new Object[] {b, "TRUE", 400, 1002});
        }
        for (String s : new String[] {"Integrator", "Referrer", "priorityProvider", "routeMode"}) {
            r.add(new Object[] {s, "x".repeat(128), 501, 9004});
            r.add(new Object[] {s, "x".repeat(129), 400, 1002});
        }
        r.add(new Object[] {"routeMode", "fastest", 501, 9004});
        r.add(new Object[] {"routeMode", "whatever", 501, 9004});
        r.add(new Object[] {"fallbackAddress", WALLET, 501, 9004});
        r.add(new Object[] {"fallbackAddress", BAD_CHECKSUM, 400, 1003});
        r.add(new Object[] {"fallbackAddress", ZERO, 400, 1003});
        r.add(new Object[] {"fallbackAddress", "0x1234", 400, 1003});
        r.add(new Object[] {"destinationCallData", "0x" + "ab".repeat(32768), 400, 1002});
        r.add(new Object[] {"destinationCallData", "0xabc", 400, 1002});
        r.add(new Object[] {"destinationCallData", "0xzz", 400, 1002});
        r.add(new Object[] {"destinationCallData", "abcd", 400, 1002});
        r.add(new Object[] {"destinationGasLimit", "0", 400, 1004});
        r.add(new Object[] {"destinationGasLimit", "21000", 501, 9004});
        r.add(new Object[] {"destinationGasLimit", TWO_256, 400, 1004});
        r.add(new Object[] {"allowedPriceImpact", "0", 501, 9004});
        r.add(new Object[] {"allowedPriceImpact", "100", 501, 9004});
        r.add(new Object[] {"allowedPriceImpact", "100.01", 400, 1002});
        r.add(new Object[] {"allowedPriceImpact", "-0.1", 400, 1002});
        r.add(new Object[] {"includeProvider", "uniswap-v3, Across ,,", 501, 9004});
        r.add(new Object[] {"excludeProvider", "x".repeat(129), 400, 1002});
        r.add(new Object[] {"unknownParameter", "anything", 501, 9004});
        return r;
    }

    static Stream<Arguments> cases() {
        return Stream.of(PATHS).flatMap(path -> rules().stream()
                .map(c -> Arguments.of(path, c[0], c[1], c[2], c[3])));
    }

    @ParameterizedTest(name = "{0} {1}={2} -> {3} {4}")
    @MethodSource("cases")
    void rule(String path, String param, String value, int status, int code) throws Exception {
        var response = get(path, with(validQuote(), param, value));
        expectOutcome(response, status, code, param);
    }

    static Stream<Arguments> bestPathOnly() {
        return Stream.of(
                Arguments.of("minOutputAmount", "0", 400, 1004),
                Arguments.of("minOutputAmount", "1", 501, 9004),
                Arguments.of("minOutputAmount", TWO_256_MINUS_1, 501, 9004),
                Arguments.of("minOutputAmount", TWO_256, 400, 1004),
                Arguments.of("minOutputAmount", "1.5", 400, 1004),
                Arguments.of("includeRoute", "true", 501, 9004),
                Arguments.of("includeRoute", "yes", 400, 1002));
    }

    @ParameterizedTest(name = "/build-best-path {0}={1} -> {2} {3}")
    @MethodSource("bestPathOnly")
    void bestPathRule(String param, String value, int status, int code) throws Exception {
        expectOutcome(get("/build-best-path", with(validQuote(), param, value)), status, code, param);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/quote", "/build-best-path"})
    void aScalarGivenTwiceIsRefused(String path) throws Exception {
        var r = mvc.perform(MockMvcRequestBuilders.get(path)
                .queryParams(multi(validQuote())).queryParam("feeBps", "1", "2")).andReturn().getResponse();
        expectError(r, 400, 1002, "feeBps");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/quote", "/build-best-path"})
    void aProviderListMayBeRepeated(String path) throws Exception {
        var r = mvc.perform(MockMvcRequestBuilders.get(path)
                .queryParams(multi(validQuote())).queryParam("includeProvider", "across", "UNISWAP-V3, across")).andReturn().getResponse();
        expectValid(r);
    }

    @Test
    void destinationCallDataNeedsAGasLimitAndTakesAnEvmFallbackAddress() throws Exception {
        for (String path : PATHS) {
            Map<String, String> call = with(validQuote(), "destinationCallData", "0x" + "ab".repeat(32767));
            expectError(get(path, call), 400, 1001, "destinationGasLimit");
            expectError(get(path, with(call, "destinationGasLimit", "0")), 400, 1004, "destinationGasLimit");
            expectValid(get(path, with(call, "destinationGasLimit", "200000")));
            expectValid(get(path, with(call, "destinationGasLimit", "200000", "fallbackAddress", WALLET)));
            expectError(get(path, with(call, "destinationGasLimit", "200000", "fallbackAddress", ZERO)), 400, 1003,
                    "fallbackAddress");
        }
        Map<String, String> toSolana = with(validQuote(), "toChain", SOLANA, "toToken", USDC_SOL, "receiver",
                SOL_WALLET);
        expectError(get("/quote", with(toSolana, "fallbackAddress", WALLET)), 400, 1002, "fallbackAddress");
    }

    @Test
    void aTokenOfAnotherChainIsUnsupported() throws Exception {
        // USDC of Arbitrum is not listed on Ethereum
        expectError(get("/quote", with(validQuote(), "toChain", "1")), 400, 1006, "toToken");
    }

    @Test
    void theFirstMissingRequiredParameterIsNamedInTheInterfaceOrder() throws Exception {
        expectError(get("/quote", Map.of()), 400, 1001, "fromChain");
        expectError(get("/quote", with(validQuote(), "toToken", null, "sender", null)), 400, 1001, "toToken");
    }

    @Test
    void solanaDestinationsTakeBase58AndNeedAReceiver() throws Exception {
        Map<String, String> toSolana = with(validQuote(), "toChain", SOLANA, "toToken", USDC_SOL);
        expectError(get("/quote", toSolana), 400, 1001, "receiver");
        expectValid(get("/quote", with(toSolana, "receiver", SOL_WALLET)));
        expectError(get("/quote", with(toSolana, "receiver", WALLET)), 400, 1003, "receiver");
        expectError(get("/quote", with(toSolana, "toToken", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt0")), 400,
                1003, "toToken");
        expectValid(get("/quote", with(toSolana, "toToken", NATIVE, "receiver", SOL_WALLET)));
        expectValid(get("/quote", params("fromChain", SOLANA, "toChain", SOLANA, "fromToken", USDC_SOL,
                "toToken", NATIVE, "amount", "5", "sender", SOL_WALLET)));
    }

    private static MultiValueMap<String, String> multi(Map<String, String> m) {
        var mv = new LinkedMultiValueMap<String, String>();
        m.forEach(mv::add);
        return mv;
    }
}
