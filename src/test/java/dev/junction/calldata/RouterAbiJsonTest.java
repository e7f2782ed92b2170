package dev.junction.calldata;

import dev.junction.chain.AcquisitionMode;
import static dev.junction.calldata.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junction.chain.Hex;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Hash;

/**
 * contracts/abi/JunctionRouter.json and the Java encoder agree: every selector and topic is derived from the JSON
 * (canonical types, tuples expanded) and compared with what the encoder uses and produces.
 */
class RouterAbiJsonTest {

    static JsonNode abi;

    @BeforeAll
    static void load() throws IOException {
        abi = new ObjectMapper().readTree(Files.readString(Path.of("contracts/abi/JunctionRouter.json")));
    }

    /** name(type,type,...) with tuples written out, as Solidity derives selectors. */
    static String signature(JsonNode entry) {
        return entry.get("name").asText() + "(" + types(entry.get("inputs")) + ")";
    }

    static String types(JsonNode params) {
        return StreamSupport.stream(params.spliterator(), false).map(RouterAbiJsonTest::type)
                .collect(Collectors.joining(","));
    }

    static String type(JsonNode param) {
        String t = param.get("type").asText();
        if (t.startsWith("tuple")) {
            return "(" + types(param.get("components")) + ")" + t.substring("tuple".length());
        }
        return t;
    }

    static List<JsonNode> entries(String type) {
        List<JsonNode> out = new ArrayList<>();
        abi.forEach(e -> {
            if (e.get("type").asText().equals(type)) {
                out.add(e);
            }
        });
        return out;
    }

    static String keccakHex(String text) {
        return Hex.encode(Hash.sha3(text.getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void theJsonIsAPlainArrayOfTwoFunctionsFourEventsAndTwelveErrors() {
        assertThat(abi.isArray()).isTrue();
        assertThat(entries("function")).hasSize(2);
        assertThat(entries("event")).hasSize(4);
        assertThat(entries("error")).hasSize(12);
        assertThat(abi.size()).isEqualTo(18);
    }

    @Test
    void thePermitEntryPointFromTheJsonIsTheEncoders() {
        JsonNode fn = entries("function").get(1);
        assertThat(signature(fn)).isEqualTo(RouterAbi.EXECUTE_ROUTE_WITH_PERMIT);
        assertThat(fn.get("stateMutability").asText()).isEqualTo("nonpayable");
        List<String> permit = new ArrayList<>();
        fn.get("inputs").get(2).get("components").forEach(c -> permit.add(c.get("name").asText() + ":" + c.get("type").asText()));
        assertThat(permit).containsExactly("owner:address", "nonce:uint256", "deadline:uint256", "signature:bytes");
    }

    @Test
    void executeRouteSelectorFromTheJsonIsTheEncoders() {
        JsonNode fn = entries("function").get(0);
        String sig = signature(fn);
        assertThat(sig).isEqualTo(RouterAbi.EXECUTE_ROUTE);
        String selector = keccakHex(sig).substring(0, 10);
        assertThat(RouterAbi.selector(RouterAbi.EXECUTE_ROUTE)).isEqualTo(selector).isEqualTo("0x660e85cf");
        assertThat(fn.get("stateMutability").asText()).isEqualTo("payable");

        Transaction tx = new TransactionBuilder().build(route(ETH_USDC, "1000000000", ETH_WETH, "1", AcquisitionMode.DIRECT_TRANSFER,
                List.of(swap(v2("uniswap-v2"), ETH_USDC, ETH_WETH, "1000000000", "2", "1"))));
        assertThat(tx.data()).startsWith(selector);
    }

    @Test
    void routeParamsAndStepFieldsAreNamedAndOrderedAsTheIssueLists() {
        JsonNode inputs = entries("function").get(0).get("inputs");
        List<String> params = new ArrayList<>();
        inputs.get(0).get("components").forEach(c -> params.add(c.get("name").asText() + ":" + c.get("type").asText()));
        assertThat(params).containsExactly("quoteId:bytes32", "inputToken:address", "amountIn:uint256",
                "outputToken:address", "minAmountOut:uint256", "receiver:address", "deadline:uint256",
                "feeBps:uint16", "feeRecipient:address", "acquisitionMode:uint8", "destinationCallData:bytes",
                "destinationGasLimit:uint256", "fallbackAddress:address");
        List<String> step = new ArrayList<>();
        inputs.get(1).get("components").forEach(c -> step.add(c.get("name").asText() + ":" + c.get("type").asText()));
        assertThat(step).containsExactly("kind:uint8", "adapter:address", "tokenIn:address", "tokenOut:address",
                "minAmountOut:uint256", "data:bytes");
        assertThat(inputs.get(1).get("type").asText()).isEqualTo("tuple[]");
    }

    @Test
    void eventTopicsFromTheJsonAreTheOnesJunctionPublishes() {
        List<String> fromJson = entries("event").stream().map(RouterAbiJsonTest::signature).toList();
        assertThat(fromJson).containsExactlyInAnyOrderElementsOf(RouterAbi.EVENTS);
        for (String sig : fromJson) {
            assertThat(RouterAbi.topic(sig).value()).isEqualTo(keccakHex(sig)).hasSize(66);
        }
        JsonNode routeExecuted = entries("event").stream()
                .filter(e -> e.get("name").asText().equals("RouteExecuted")).findFirst().orElseThrow();
        List<String> indexed = new ArrayList<>();
        routeExecuted.get("inputs").forEach(i -> {
            if (i.get("indexed").asBoolean()) {
                indexed.add(i.get("name").asText());
            }
        });
        assertThat(indexed).containsExactly("quoteId", "sender", "receiver");
    }

    @Test
    void errorSelectorsFromTheJson() {
        List<String> fromJson = entries("error").stream().map(RouterAbiJsonTest::signature).toList();
        assertThat(fromJson).containsExactlyInAnyOrderElementsOf(RouterAbi.ERRORS);
        for (String sig : fromJson) {
            assertThat(RouterAbi.selector(sig)).isEqualTo(keccakHex(sig).substring(0, 10));
        }
    }
}
