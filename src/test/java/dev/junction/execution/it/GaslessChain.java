package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.calldata.RouterAbi;
import dev.junction.chain.Address;
import dev.junction.deploy.DeployCommand;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.io.IOException;
import java.math.BigInteger;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One anvil chain with the real protocol bytecode (WETH9, Permit2, Uniswap V2 and V3 from the chains harness's npm
 * packages, {@code chains/bin/deploy-market.mjs}), Junction's router and adapters deployed by the deploy command
 * ({@link DeployCommand#deploy}, CREATE2, the relayer registered), owners holding WETH who approved Permit2 once, and
 * the chain-mode YAML the packaged service runs on. Gasless permits are signed by ethers v6
 * ({@code chains/bin/sign-permits.mjs}). The relayer key is anvil's dev account 3; the owners are dev accounts 1
 * and 2.
 */
final class GaslessChain implements AutoCloseable {

    static final long CHAIN = 31_337;
    static final String DEPLOYER_KEY = AnvilHarness.DEV_KEYS.get(0);
    static final String RELAYER_KEY = AnvilHarness.DEV_KEYS.get(3);
    static final Address RELAYER = Address.evm("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    /** The owners (anvil dev accounts 1 and 2) and their keys, in the same order. */
    static final List<Address> OWNERS = List.of(Address.evm("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
            Address.evm("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"));
    static final List<String> OWNER_KEYS = List.of(AnvilHarness.DEV_KEYS.get(1), AnvilHarness.DEV_KEYS.get(2));
    /** Every swap swaps this much WETH (0.05). */
    static final BigInteger AMOUNT = new BigInteger("50000000000000000");

    private final String[] anvilArgs;
    private AnvilProcess anvil;
    final JsonRpcClient node;
    final Address weth;
    final Address usdc;
    final Address permit2;
    final Address router;
    final Path yaml;

    /**
     * @param confirmations the chain's confirmations in Junction's configuration
     * @param anvilArgs extra anvil options (e.g. {@code --state FILE} to stop the node and bring it back)
     */
    GaslessChain(Path dir, int confirmations, String... anvilArgs) throws Exception {
        this.anvilArgs = anvilArgs;
        AnvilHarness.install();
        anvil = AnvilProcess.start(CHAIN, anvilArgs);
        node = new JsonRpcClient(List.of(anvil.rpcUrl()), RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(30))
                .withAttempts(1, Duration.ZERO, Duration.ZERO));
        StringBuilder fund = new StringBuilder();
        for (Address owner : OWNERS) {
            fund.append(fund.isEmpty() ? "" : ",").append("{\"address\": \"").append(owner)
                    .append("\", \"tokens\": {\"WETH\": \"20\"}}");
        }
        JsonNode m = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), DEPLOYER_KEY, """
                {"tokens": [{"symbol": "USDC", "decimals": 6}],
                 "uniswapV2": {"pairs": [{"a": "WETH", "b": "USDC", "priceAInB": "3000", "amountA": "1000"}]},
                 "uniswapV3": {"pools": [{"a": "WETH", "b": "USDC", "fee": 3000, "priceAInB": "3000",
                                          "amountA": "1000"}]},
                 "fund": [%s]}
                """.formatted(fund));
        weth = Address.evm(m.path("weth").asString());
        usdc = Address.evm(m.path("tokens").path("USDC").asString());
        permit2 = Address.evm(m.path("permit2").asString());
        String chain = """
                junction:
                  market:
                    source: chain
                  chains:
                    %d:
                      name: Anvil
                      rpc-url: "%s"
                      tokens: ["%s", "%s"]
                      wrapped-native: "%s"
                      stablecoins: ["%s"]
                      permit2: "%s"
                      multicall3: "%s"
                      block-time: 1s
                      confirmations: %d
                      poll-interval: 200ms
                      max-staleness: 30s
                      dexes:
                        uniswap-v2: {kind: uniswap-v2, factory: "%s"}
                        uniswap-v3: {kind: uniswap-v3, factory: "%s", fee-tiers: [3000]}
                """.formatted(CHAIN, anvil.rpcUrl(), weth, usdc, weth, usdc, permit2, m.path("multicall3").asString(),
                confirmations, m.path("uniswapV2").path("factory").asString(),
                m.path("uniswapV3").path("factory").asString());
        Path deployYaml = dir.resolve("junction-deploy.yml");
        Files.writeString(deployYaml, chain);
        JsonNode deployed = ServiceProcess.JSON.readTree(DeployCommand.deploy(new String[] {
            "--spring.config.additional-location=file:" + deployYaml, "--junction.deployer.private-key=" + DEPLOYER_KEY,
            "--junction.relayer.private-key=" + RELAYER_KEY}));
        router = Address.evm(deployed.path(Long.toString(CHAIN)).path("router").asString());
        yaml = dir.resolve("junction-chains.yml");
        Files.writeString(yaml, chain + "      router: \"" + router + "\"\n");
        // each owner approves Permit2 once: the one transaction a gasless user ever sends
        for (Address owner : OWNERS) {
            anvil.send(owner, weth, "0x095ea7b3" + word(permit2) + "f".repeat(64));
        }
        assertThat(nonce(RELAYER, "latest")).as("the relayer has sent nothing yet").isZero();
    }

    /** The service's arguments for this chain (the relayer key goes in the environment, see {@link #service}). */
    List<String> serviceArgs(Path dataDir) {
        return new ArrayList<>(List.of("--spring.config.additional-location=file:" + yaml,
                "--junction.data-dir=" + dataDir, "--junction.execution.test-endpoint=true",
                "--spring.main.banner-mode=off", "--junction.rate-limit.enabled=false",
                "--junction.relayer.poll-interval-ms=200", "--junction.relayer.replace-after-blocks=1000"));
    }

    /** The packaged service on this chain, the relayer key in {@code JUNCTION_RELAYER_PRIVATE_KEY}, not started. */
    static ServiceProcess service(Path log, List<String> args) {
        return new ServiceProcess(log, args).env("JUNCTION_RELAYER_PRIVATE_KEY", RELAYER_KEY);
    }

    /** Stops the node (SIGTERM: with {@code --state FILE} anvil writes its state there) and waits for it to exit. */
    void stopNode() {
        anvil.close();
    }

    /** Starts the node again on the port it had, with the same options (with {@code --state FILE}: that state). */
    void startNode() {
        anvil = AnvilProcess.start(CHAIN, anvil.port(), anvilArgs);
    }

    /** A mode-3 gasless quote item for {@link #AMOUNT} WETH to USDC, paid to {@code receiver}. */
    static JsonNode quote(ServiceProcess service, GaslessChain c, Address owner, Address receiver) throws Exception {
        HttpResponse<String> r = service.get("/gasless/quote?fromChain=" + CHAIN + "&toChain=" + CHAIN + "&fromToken="
                + c.weth + "&toToken=" + c.usdc + "&amount=" + AMOUNT + "&sender=" + owner + "&receiver=" + receiver
                + "&acquisitionMode=3&slippage=1");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode item = ServiceProcess.JSON.readTree(r.body()).path("data").get(0);
        assertThat(Address.evm(item.at("/eip712/message/spender").asString())).isEqualTo(c.router);
        return item;
    }

    /** Signs each item with its owner's key with ethers v6 in one node process; the signatures in order. */
    static List<String> sign(List<JsonNode> items, List<String> keys) throws IOException, InterruptedException {
        ArrayNode in = ServiceProcess.JSON.createArrayNode();
        for (int i = 0; i < items.size(); i++) {
            ObjectNode o = in.addObject();
            o.put("key", keys.get(i));
            o.set("item", items.get(i));
        }
        Process p = new ProcessBuilder("node", "bin/sign-permits.mjs").directory(AnvilHarness.DIR)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        p.getOutputStream().write(ServiceProcess.JSON.writeValueAsBytes(in));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("sign-permits.mjs failed: " + out);
        }
        List<String> signatures = new ArrayList<>();
        for (JsonNode s : ServiceProcess.JSON.readTree(out)) {
            signatures.add(s.path("signature").asString());
        }
        return signatures;
    }

    /** POST /gasless/submit-swap; the answer's {@code data} (fails unless it is 200). */
    static JsonNode submit(ServiceProcess service, String quoteId, String signature) throws Exception {
        return service.post("/gasless/submit-swap", ServiceProcess.JSON.writeValueAsString(Map.of("quoteId", quoteId,
                "signature", signature))).path("data");
    }

    /** GET /status of a transaction hash on this chain: its {@code data}. */
    static JsonNode status(ServiceProcess service, String txHash) throws Exception {
        HttpResponse<String> r = service.get("/status?txHash=" + txHash + "&fromChainId=" + CHAIN);
        return ServiceProcess.JSON.readTree(r.body()).path("data");
    }

    /** Waits (bounded) until /status of {@code txHash} is DONE or FAILED; answers the last status. */
    static JsonNode awaitEnd(ServiceProcess service, String txHash, Duration within) throws Exception {
        long end = System.nanoTime() + within.toNanos();
        JsonNode s = status(service, txHash);
        while (System.nanoTime() < end && !s.path("status").asString().equals("DONE")
                && !s.path("status").asString().equals("FAILED")) {
            Thread.sleep(200);
            s = status(service, txHash);
        }
        return s;
    }

    /** The swap view of the test endpoint ({@code state}, {@code substatus}, {@code sourceTxHash}). */
    static JsonNode swapView(ServiceProcess service, String swapId) throws Exception {
        return service.ledger(swapId);
    }

    /**
     * Waits (bounded, 60 s) until the swap view shows {@code state}; answers the last state seen. (The swap view lags
     * /status by up to a poll of the swap runner: /status reads the relayer's ledger and the node directly.)
     */
    static String awaitSwapState(ServiceProcess service, String swapId, String state) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String seen = swapView(service, swapId).path("state").asString();
        while (!seen.equals(state) && System.nanoTime() < end) {
            Thread.sleep(100);
            seen = swapView(service, swapId).path("state").asString();
        }
        return seen;
    }

    /** An address {@code 0x…beef} + i, for distinct receivers. */
    static Address receiver(int i) {
        return Address.evm(String.format("0x%040x", 0xbeef0000L + i));
    }

    long nonce(Address a, String block) {
        return uint(node.call("eth_getTransactionCount", a.lower(), block).asString()).longValueExact();
    }

    BigInteger balance(Address token, Address holder) {
        return uint(node.call("eth_call", Map.of("to", token.lower(), "data", "0x70a08231" + word(holder)), "latest")
                .asString());
    }

    /** Whether {@code owner}'s Permit2 nonce is spent ({@code nonceBitmap(owner, nonce >> 8)} bit {@code nonce & 255}). */
    boolean permit2NonceSpent(Address owner, BigInteger nonce) {
        String bitmap = node.call("eth_call", Map.of("to", permit2.lower(), "data", RouterAbi.selector("nonceBitmap(address,uint256)") + word(owner)
                + String.format("%064x", nonce.shiftRight(8))), "latest").asString();
        return uint(bitmap).testBit(nonce.intValue() & 0xff);
    }

    /** The receipt of a transaction, or null. */
    JsonNode receipt(String txHash) {
        return node.call("eth_getTransactionReceipt", txHash);
    }

    /** The transaction as the node knows it (pending or mined), or null. */
    JsonNode transaction(String txHash) {
        return node.call("eth_getTransactionByHash", txHash);
    }

    static String word(Address a) {
        return "0".repeat(24) + a.lower().substring(2);
    }

    static BigInteger uint(String hex) {
        String h = hex.startsWith("0x") ? hex.substring(2) : hex;
        return h.isEmpty() ? BigInteger.ZERO : new BigInteger(h, 16);
    }

    @Override
    public void close() {
        if (anvil != null) {
            anvil.close();
        }
    }
}
