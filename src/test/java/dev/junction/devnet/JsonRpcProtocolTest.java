package dev.junction.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON-RPC 2.0 framing over HTTP: errors with standard codes, batches, notifications, unknown chains. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"junction.execution.runner-enabled=false", "junction.devnet.enabled=true"})
@Import({TestMarket.class, DevnetTestConfig.class})
class JsonRpcProtocolTest {

    @LocalServerPort
    int port;

    @Autowired
    JsonMapper json;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> post(String chain, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/devnet/" + chain))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode rpc(String chain, String body) throws Exception {
        HttpResponse<String> r = post(chain, body);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).contains("json"));
        return json.readTree(r.body());
    }

    @Test
    void chainIdAndNetVersion() throws Exception {
        JsonNode a = rpc("42161", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"eth_chainId\",\"params\":[]}");
        assertThat(a.get("jsonrpc").asString()).isEqualTo("2.0");
        assertThat(a.get("id").asInt()).isEqualTo(7);
        assertThat(a.get("result").asString()).isEqualTo("0xa4b1");
        JsonNode b = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"net_version\"}");
        assertThat(b.get("id").asString()).isEqualTo("x");
        assertThat(b.get("result").asString()).isEqualTo("1");
    }

    @Test
    void parseErrorIsMinus32700WithNullId() throws Exception {
        JsonNode a = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":");
        assertThat(a.get("error").get("code").asInt()).isEqualTo(-32700);
        assertThat(a.get("id").isNull()).isTrue();
        assertThat(a.has("code")).as("not the REST envelope").isFalse();
    }

    @Test
    void invalidRequests() throws Exception {
        assertThat(rpc("1", "{\"id\":1,\"method\":\"eth_chainId\"}").get("error").get("code").asInt())
                .isEqualTo(-32600);
        assertThat(rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}").get("error").get("code").asInt())
                .isEqualTo(-32600);
        assertThat(rpc("1", "[]").get("error").get("code").asInt()).isEqualTo(-32600);
        assertThat(rpc("1", "42").get("error").get("code").asInt()).isEqualTo(-32600);
    }

    @Test
    void unknownMethodIsMinus32601() throws Exception {
        JsonNode a = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_mine\",\"params\":[]}");
        assertThat(a.get("error").get("code").asInt()).isEqualTo(-32601);
        assertThat(a.get("error").get("message").asString()).contains("eth_mine");
    }

    @Test
    void invalidParamsIsMinus32602() throws Exception {
        JsonNode a = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getBalance\",\"params\":[\"0x12\",\"latest\"]}");
        assertThat(a.get("error").get("code").asInt()).isEqualTo(-32602);
        assertThat(a.get("error").get("message").asString()).contains("address");
        JsonNode b = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_sendRawTransaction\",\"params\":[\"0xzz\"]}");
        assertThat(b.get("error").get("code").asInt()).isEqualTo(-32602);
    }

    @Test
    void unknownChainIsMinus32001() throws Exception {
        JsonNode a = rpc("5", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"eth_chainId\",\"params\":[]}");
        assertThat(a.get("error").get("code").asInt()).isEqualTo(-32001);
        assertThat(a.get("error").get("message").asString()).contains("chain 5").contains("1, 42161");
        assertThat(a.get("id").asInt()).isEqualTo(3);
        // Solana is in the market but is not an EVM chain
        assertThat(rpc(String.valueOf(dev.junction.chain.ChainId.SOLANA.value()),
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"eth_chainId\"}").get("error").get("code").asInt())
                .isEqualTo(-32001);
        assertThat(rpc("abc", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"eth_chainId\"}").get("error").get("code")
                .asInt()).isEqualTo(-32001);
    }

    @Test
    void batchAnswersEachRequestAndSkipsNotifications() throws Exception {
        JsonNode a = rpc("1", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\"},"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"eth_chainId\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"nope\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"eth_gasPrice\"}, 5]");
        assertThat(a.isArray()).isTrue();
        assertThat(a.size()).isEqualTo(4);
        assertThat(a.get(0).get("result").asString()).isEqualTo("0x1");
        assertThat(a.get(1).get("error").get("code").asInt()).isEqualTo(-32601);
        // TestMarket: Ethereum base fee 20 gwei + priority 1 gwei
        assertThat(a.get(2).get("result").asString()).isEqualTo("0x4e3b29200");
        assertThat(a.get(3).get("error").get("code").asInt()).isEqualTo(-32600);
    }

    @Test
    void notificationsOnlyGetNoContent() throws Exception {
        HttpResponse<String> r = post("1", "{\"jsonrpc\":\"2.0\",\"method\":\"eth_chainId\"}");
        assertThat(r.statusCode()).isEqualTo(204);
        assertThat(r.body()).isEmpty();
    }

    @Test
    void blocksAndFeeHistory() throws Exception {
        JsonNode head = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_blockNumber\"}").get("result");
        JsonNode block = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getBlockByNumber\",\"params\":[\"latest\",false]}")
                .get("result");
        assertThat(Long.decode(block.get("number").asString())).isGreaterThanOrEqualTo(Long.decode(head.asString()));
        assertThat(block.get("baseFeePerGas").asString()).isEqualTo("0x4a817c800");
        assertThat(block.get("hash").asString()).hasSize(66);
        JsonNode future = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_getBlockByNumber\",\"params\":[\"0xffffffffff\",false]}");
        assertThat(future.get("result").isNull()).isTrue();
        JsonNode fees = rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_feeHistory\",\"params\":[\"0x3\",\"latest\",[50]]}")
                .get("result");
        long newest = Long.decode(rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_blockNumber\"}")
                .get("result").asString());
        long blocks = Math.min(3, newest + 1);
        assertThat(fees.get("gasUsedRatio").size()).isBetween((int) blocks, 3);
        assertThat(fees.get("baseFeePerGas").size()).isEqualTo(fees.get("gasUsedRatio").size() + 1);
        assertThat(fees.get("reward").get(0).get(0).asString()).isEqualTo("0x3b9aca00");
        assertThat(rpc("1", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_maxPriorityFeePerGas\"}").get("result")
                .asString()).isEqualTo("0x3b9aca00");
    }
}
