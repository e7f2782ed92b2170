package dev.junction.support;

import dev.junction.chain.Address;
import dev.junction.rpc.JsonRpcClient;
import dev.junction.rpc.RpcSettings;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.web3j.crypto.Hash;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Junction's router and adapters on an anvil chain, deployed from the forge build of {@code contracts/}
 * ({@code forge build --offline} after {@code npm ci} there, as {@code ForgeSuiteTest} installs it) by an unlocked
 * anvil account with {@code eth_sendTransaction}, each adapter allowlisted with {@code setAdapter}. For tests, until
 * the deploy command does this.
 */
public final class RouterContracts {

    static final Path CONTRACTS = Path.of("contracts");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static boolean built;
    /** Uniswap's pool init code hashes (the npm bytecode's, = mainnet). */
    public static final String V2_INIT_CODE_HASH = "96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";
    public static final String V3_INIT_CODE_HASH = "e34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";

    /** What was deployed on one chain: the router, and the adapters by provider key. */
    public record Deployed(Address router, Map<String, Address> adapters) {
    }

    private RouterContracts() {
    }

    /**
     * Deploys the router (owner {@code owner}), a Uniswap V2 and a V3 adapter (when their factories are given), an
     * Across adapter (when its spoke pool is given; the spoke pool is also registered as a bridge messenger, so it
     * may deliver destination legs) and allowlists the adapters.
     */
    public static Deployed deploy(String rpcUrl, Address owner, Address weth, Address permit2, Address v2Factory,
            Address v3Factory, Address spokePool) throws Exception {
        build();
        JsonRpcClient rpc = new JsonRpcClient(List.of(URI.create(rpcUrl)),
                RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(30)).withAttempts(1, Duration.ZERO, Duration.ZERO));
        Address router = create(rpc, owner, "JunctionRouter", word(owner) + word(permit2) + word(weth));
        Map<String, Address> adapters = new LinkedHashMap<>();
        if (v2Factory != null) {
            adapters.put("uniswap-v2", create(rpc, owner, "UniswapV2Adapter", word(v2Factory) + V2_INIT_CODE_HASH
                    + word(BigInteger.valueOf(997)) + word(BigInteger.valueOf(1000))));
        }
        if (v3Factory != null) {
            adapters.put("uniswap-v3", create(rpc, owner, "UniswapV3Adapter", word(v3Factory) + V3_INIT_CODE_HASH));
        }
        if (spokePool != null) {
            adapters.put("across", create(rpc, owner, "AcrossAdapter", word(spokePool)));
            send(rpc, owner, router, selector("setBridgeMessenger(address,bool)") + word(spokePool)
                    + word(BigInteger.ONE));
        }
        for (Address a : adapters.values()) {
            send(rpc, owner, router, selector("setAdapter(address,bool)") + word(a) + word(BigInteger.ONE));
        }
        return new Deployed(router, Map.copyOf(adapters));
    }

    /** {@code forge build --offline} in {@code contracts/} (installing its toolchain first when missing). */
    public static synchronized void build() throws IOException, InterruptedException {
        if (built) {
            return;
        }
        Path forge = CONTRACTS.resolve("node_modules/@foundry-rs/forge-linux-amd64/bin/forge").toAbsolutePath();
        if (!Files.exists(forge)) {
            run(List.of("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"), 600);
        }
        run(List.of(forge.toString(), "build", "--offline"), 900);
        built = true;
    }

    private static Path artifact(String name) {
        return CONTRACTS.resolve("out/" + name + ".sol/" + name + ".json");
    }

    private static Address create(JsonRpcClient rpc, Address from, String name, String args) throws IOException {
        JsonNode artifact = JSON.readTree(artifact(name).toFile());
        String code = artifact.path("bytecode").path("object").asString();
        JsonNode receipt = transact(rpc, Map.of("from", from.lower(), "data", code + args, "gas", "0x1c9c380"));
        return Address.evm(receipt.path("contractAddress").asString());
    }

    private static void send(JsonRpcClient rpc, Address from, Address to, String data) {
        transact(rpc, Map.of("from", from.lower(), "to", to.lower(), "data", data, "gas", "0x1c9c380"));
    }

    private static JsonNode transact(JsonRpcClient rpc, Map<String, String> tx) {
        String hash = rpc.call("eth_sendTransaction", tx).asString();
        for (int i = 0; i < 500; i++) {
            JsonNode receipt = rpc.call("eth_getTransactionReceipt", hash);
            if (!receipt.isNull()) {
                if (!"0x1".equals(receipt.path("status").asString())) {
                    throw new IllegalStateException("deploy transaction reverted: " + receipt);
                }
                return receipt;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("no receipt for " + hash);
    }

    static String selector(String signature) {
        return Hash.sha3String(signature).substring(0, 10);
    }

    static String word(Address a) {
        return "0".repeat(24) + a.lower().substring(2);
    }

    static String word(BigInteger v) {
        String hex = v.toString(16);
        return "0".repeat(64 - hex.length()) + hex;
    }

    private static void run(List<String> command, int seconds) throws IOException, InterruptedException {
        Path log = Files.createTempFile("contracts-build", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(CONTRACTS.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new IllegalStateException(command + " timed out");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(command + " failed:\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
