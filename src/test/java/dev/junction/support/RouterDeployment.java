package dev.junction.support;

import dev.junction.chain.Address;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.RpcSettings;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.utils.Numeric;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Deploys Junction's router and its Uniswap adapters on an anvil chain from the contract suite's own build
 * ({@code forge build} in {@code contracts/}, installing the pinned toolchain with {@code npm ci} first when needed),
 * from an unlocked anvil dev account, and allowlists the adapters ({@code setAdapter}). Until the {@code deploy}
 * command lands this is how the anvil tests get real contracts.
 */
public final class RouterDeployment {

    static final Path CONTRACTS = Path.of("contracts");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JsonRpcClient rpc;
    private final Address deployer;

    /**
     * @param rpcUrl the anvil node
     * @param deployer an unlocked dev account (anvil's {@code eth_sendTransaction}); it owns the router
     */
    public RouterDeployment(URI rpcUrl, Address deployer) {
        this.rpc = new JsonRpcClient(List.of(rpcUrl), RpcSettings.DEFAULT.withTimeout(Duration.ofSeconds(30))
                .withAttempts(1, Duration.ZERO, Duration.ZERO));
        this.deployer = deployer;
    }

    /** What was deployed. */
    public record Deployed(Address router, Address uniswapV2Adapter, Address uniswapV3Adapter) {
    }

    /**
     * Builds the contracts and deploys {@code JunctionRouter(deployer, permit2, weth)},
     * {@code UniswapV2Adapter(v2Factory, v2InitCodeHash, 997, 1000)} and {@code UniswapV3Adapter(v3Factory,
     * v3InitCodeHash)}, then allowlists both adapters.
     */
    public Deployed deploy(Address permit2, Address weth, Address v2Factory, String v2InitCodeHash, Address v3Factory,
            String v3InitCodeHash) throws IOException, InterruptedException {
        build();
        Address router = create("JunctionRouter", List.of(word(deployer), word(permit2), word(weth)));
        Address v2 = create("UniswapV2Adapter", List.of(word(v2Factory), new Bytes32(Numeric.hexStringToByteArray(
                v2InitCodeHash)), new Uint256(997), new Uint256(1000)));
        Address v3 = create("UniswapV3Adapter", List.of(word(v3Factory), new Bytes32(Numeric.hexStringToByteArray(
                v3InitCodeHash))));
        for (Address adapter : List.of(v2, v3)) {
            send(router, FunctionEncoder.encode(new Function("setAdapter", List.of(word(adapter), new Bool(true)),
                    List.of())));
        }
        return new Deployed(router, v2, v3);
    }

    /** Sends a call from the deployer (the router's owner); fails when it reverts. */
    public JsonNode send(Address to, String data) {
        return receipt(rpc.call("eth_sendTransaction", Map.of("from", deployer.lower(), "to", to.lower(),
                "data", data, "gas", "0x1c9c380")).asString());
    }

    private Address create(String contract, List<Type> args) throws IOException {
        JsonNode artifact = JSON.readTree(CONTRACTS.resolve("out/" + contract + ".sol/" + contract + ".json").toFile());
        String code = artifact.path("bytecode").path("object").asString()
                + FunctionEncoder.encodeConstructor(args);
        JsonNode receipt = receipt(rpc.call("eth_sendTransaction", Map.of("from", deployer.lower(), "data", code,
                "gas", "0x1c9c380")).asString());
        return Address.evm(receipt.path("contractAddress").asString());
    }

    private JsonNode receipt(String hash) {
        JsonNode receipt = rpc.call("eth_getTransactionReceipt", hash);
        for (int i = 0; i < 300 && receipt.isNull(); i++) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            receipt = rpc.call("eth_getTransactionReceipt", hash);
        }
        if (!"0x1".equals(receipt.path("status").asString())) {
            throw new AssertionError("transaction " + hash + " failed: " + receipt);
        }
        return receipt;
    }

    private static org.web3j.abi.datatypes.Address word(Address a) {
        return new org.web3j.abi.datatypes.Address(a.lower());
    }

    /** {@code forge build --offline} in {@code contracts/} (installs the toolchain with {@code npm ci} when missing). */
    static synchronized void build() throws IOException, InterruptedException {
        Path forge = CONTRACTS.resolve("node_modules/@foundry-rs/forge-linux-amd64/bin/forge").toAbsolutePath();
        if (!Files.exists(forge)) {
            run(List.of("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"), 600);
        }
        run(List.of(forge.toString(), "build", "--offline"), 900);
    }

    private static void run(List<String> command, int seconds) throws IOException, InterruptedException {
        Path log = Files.createTempFile("router-deployment-", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(CONTRACTS.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new IllegalStateException(command + " timed out:\n" + Files.readString(log));
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(command + " failed:\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** A uint256 ABI word as a BigInteger. */
    public static BigInteger uint(String hex) {
        String h = hex.startsWith("0x") ? hex.substring(2) : hex;
        return h.isEmpty() ? BigInteger.ZERO : new BigInteger(h.substring(0, Math.min(64, h.length())), 16);
    }
}
