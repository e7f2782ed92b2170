package dev.junction.calldata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.junction.chain.AcquisitionMode;
import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Independent checks through Node.js (src/test/node): solc-js compiles contracts/src/IJunctionRouter.sol and its ABI
 * must equal contracts/abi/JunctionRouter.json; ethers v6 decodes every golden calldata (with the JSON ABI for
 * executeRoute, with each protocol's signature for each step) and re-encodes it to the same bytes. Skipped only when
 * {@code node} is not installed; when node is there but the packages are not, they are installed with {@code npm ci}
 * and a failure to do so fails the test.
 */
class CalldataNodeCheckTest {

    static final Path NODE_DIR = Path.of("src/test/node");
    static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void nodeAndPackages() throws Exception {
        assumeTrue(run(List.of("node", "--version"), Path.of(".")).exit == 0, "node is not installed");
        if (!Files.isDirectory(NODE_DIR.resolve("node_modules/ethers")) || !Files.isDirectory(NODE_DIR.resolve("node_modules/solc"))) {
            Result npm = run(List.of("npm", "ci", "--no-audit", "--no-fund"), NODE_DIR);
            assertThat(npm.exit).as("npm ci in src/test/node failed:\n" + npm.out).isZero();
        }
    }

    @Test
    void solcDerivesExactlyTheCommittedAbi() throws Exception {
        Result r = run(List.of("node", "compile-abi.mjs", Path.of("").toAbsolutePath().toString(), "--check"), NODE_DIR);
        assertThat(r.exit).as(r.out).isZero();
        assertThat(r.out).contains("ABI matches solc 0.8.28");
    }

    @Test
    void ethersDecodesAndReEncodesEveryGoldenCalldata() throws Exception {
        TransactionBuilder builder = new TransactionBuilder();
        ArrayNode cases = JSON.createArrayNode();
        Map<String, RouteCall> calls = GoldenCases.all();
        Map<String, String> expectedSignature = new HashMap<>();
        for (var e : calls.entrySet()) {
            String data = builder.build(e.getValue()).data();
            cases.addObject().put("name", e.getKey()).put("signature", "router").put("data", data);
            List<RouterCallDecoder.Step> steps = Decoded.executeRoute(Hex.decode(data)).steps();
            List<String> sigs = GoldenCases.stepSignatures(e.getValue());
            for (int i = 0; i < steps.size(); i++) {
                String name = e.getKey() + "#" + i;
                cases.addObject().put("name", name).put("signature", sigs.get(i))
                        .put("data", Hex.encode(steps.get(i).data.getValue()));
                expectedSignature.put(name, sigs.get(i));
            }
        }
        Path file = Files.createTempFile("calldata-cases", ".json");
        try {
            Files.writeString(file, JSON.writeValueAsString(cases));
            Result r = run(List.of("node", "decode.mjs", file.toAbsolutePath().toString(),
                    Path.of("").toAbsolutePath().toString()), NODE_DIR);
            assertThat(r.exit).as(r.out).isZero();
            JsonNode out = JSON.readTree(r.out);
            assertThat(out.size()).isEqualTo(cases.size());
            for (JsonNode c : out) {
                String name = c.get("name").asText();
                assertThat(c.get("roundTrip").asBoolean()).as(name + " re-encodes to the same bytes").isTrue();
                if (calls.containsKey(name)) {
                    RouteCall call = calls.get(name);
                    assertThat(c.get("matched").asText()).isEqualTo(RouterAbi.EXECUTE_ROUTE);
                    JsonNode params = c.get("args").get(0);
                    assertThat(params.get(0).asText()).isEqualTo(TransactionBuilder.quoteId(call.quoteId()).value());
                    assertThat(params.get(2).asText()).isEqualTo(call.amountIn().toString());
                    assertThat(params.get(4).asText()).isEqualTo(call.minAmountOut().toString());
                    assertThat(params.get(6).asLong()).isEqualTo(call.deadline());
                    assertThat(c.get("args").get(1).size()).isEqualTo(call.steps().size());
                } else {
                    assertThat(c.get("matched").asText()).as(name).isEqualTo(expectedSignature.get(name));
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /**
     * executeRouteWithPermit (the gasless relayer's call): ethers v6 decodes it with the JSON ABI to exactly the route,
     * steps and PermitData Junction encoded, re-encodes it to the same bytes, and the signature filled into an unsigned
     * template ({@link TransactionBuilder#withSignature}) gives the same calldata as building with it.
     */
    @Test
    void ethersDecodesTheRelayersExecuteRouteWithPermit() throws Exception {
        TransactionBuilder builder = new TransactionBuilder();
        ArrayNode cases = JSON.createArrayNode();
        Map<String, RouteCall> calls = new HashMap<>();
        Map<String, PermitData> permits = new HashMap<>();
        byte[] signature = new byte[65];
        for (int i = 0; i < 65; i++) {
            signature[i] = (byte) (i + 1);
        }
        signature[64] = 28;
        int n = 0;
        for (var e : GoldenCases.all().entrySet()) {
            RouteCall c = e.getValue();
            if (c.nativeInput()) {
                continue;
            }
            RouteCall permitCall = new RouteCall(c.quoteId(), c.chain(), c.router(), c.sender(), c.receiver(),
                    c.inputToken(), c.amountIn(), c.outputToken(), c.minAmountOut(), 37,
                    Address.evm("0x00000000000000000000000000000000000000fe"),
                    n % 2 == 0 ? AcquisitionMode.SIGNED_PERMIT_WITNESS
                            : AcquisitionMode.SIGNED_PERMIT, c.destinationCallData(),
                    c.destinationGasLimit(), c.steps(), c.quotedAt(), c.deadline(), c.expiry(), c.gasEstimate());
            PermitData permit = new PermitData(c.sender().solana() ? Address.ZERO : c.sender(),
                    BigInteger.valueOf(1_000_000L + n), BigInteger.valueOf(c.deadline()),
                    signature);
            String data = builder.buildWithPermit(permitCall, permit).data();
            String template = builder.buildWithPermit(permitCall, PermitData.unsigned(permit.owner(), permit.nonce(),
                    permit.deadline())).data();
            assertThat(TransactionBuilder.withSignature(template, signature)).as(e.getKey()).isEqualTo(data);
            String name = "permit:" + e.getKey();
            cases.addObject().put("name", name).put("signature", "router").put("data", data);
            calls.put(name, permitCall);
            permits.put(name, permit);
            n++;
        }
        assertThat(cases.size()).isGreaterThan(3);
        Path file = Files.createTempFile("calldata-permit-cases", ".json");
        try {
            Files.writeString(file, JSON.writeValueAsString(cases));
            Result r = run(List.of("node", "decode.mjs", file.toAbsolutePath().toString(),
                    Path.of("").toAbsolutePath().toString()), NODE_DIR);
            assertThat(r.exit).as(r.out).isZero();
            for (JsonNode c : JSON.readTree(r.out)) {
                String name = c.get("name").asText();
                RouteCall call = calls.get(name);
                PermitData permit = permits.get(name);
                assertThat(c.get("matched").asText()).as(name).isEqualTo(RouterAbi.EXECUTE_ROUTE_WITH_PERMIT);
                assertThat(c.get("selector").asText()).isEqualTo(RouterAbi.selector(RouterAbi.EXECUTE_ROUTE_WITH_PERMIT));
                assertThat(c.get("roundTrip").asBoolean()).as(name + " re-encodes to the same bytes").isTrue();
                JsonNode params = c.get("args").get(0);
                assertThat(params.get(2).asText()).isEqualTo(call.amountIn().toString());
                assertThat(params.get(7).asInt()).isEqualTo(37);
                assertThat(params.get(8).asText().toLowerCase()).isEqualTo("0x00000000000000000000000000000000000000fe");
                assertThat(params.get(9).asInt()).isEqualTo(call.acquisitionMode().code());
                assertThat(c.get("args").get(1).size()).isEqualTo(call.steps().size());
                JsonNode p = c.get("args").get(2);
                assertThat(p.get(0).asText().toLowerCase()).isEqualTo(permit.owner().lower());
                assertThat(p.get(1).asText()).isEqualTo(permit.nonce().toString());
                assertThat(p.get(2).asText()).isEqualTo(permit.deadline().toString());
                assertThat(p.get(3).asText()).isEqualTo(Hex.encode(signature));
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    record Result(int exit, String out) {
    }

    static Result run(List<String> command, Path dir) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        } catch (IOException notInstalled) {
            return new Result(-1, notInstalled.getMessage());
        }
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-2, "timed out");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
