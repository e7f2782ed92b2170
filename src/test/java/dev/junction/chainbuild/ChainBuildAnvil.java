package dev.junction.chainbuild;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.ChainId;
import dev.junction.deploy.DeployCommand;
import dev.junction.market.Market;
import dev.junction.support.AnvilProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the chain-build anvil tests ({@link ChainBuildAnvilTest}, {@link FreshBuildAnvilTest},
 * {@link UniswapV4NativeBuildAnvilTest}) share: Junction's router deployed on one anvil chain by
 * {@code junction deploy} from a chain YAML, the market awaited at the node's head, a receipt's gas price.
 */
final class ChainBuildAnvil {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ChainBuildAnvil() {
    }

    /**
     * Runs {@code junction deploy} with the key on a one-chain YAML ({@code dexes} are its {@code dexes:} entries, one
     * a line) and answers its printed JSON.
     */
    static JsonNode deployJunction(AnvilProcess anvil, long chain, List<String> tokens, String wrappedNative,
            List<String> stablecoins, List<String> dexes, String privateKey) throws Exception {
        Path yaml = Files.createTempFile("chainbuild", ".yml");
        try {
            Files.writeString(yaml, """
                    junction:
                      chains:
                        %d:
                          rpc-url: "%s"
                          tokens: [%s]
                          wrapped-native: "%s"
                          stablecoins: [%s]
                          dexes:
                    %s
                    """.formatted(chain, anvil.rpcUrl(), quoted(tokens), wrappedNative, quoted(stablecoins),
                    dexes.stream().map(d -> "        " + d).collect(Collectors.joining("\n"))));
            return JSON.readTree(deploy("--spring.config.additional-location=file:" + yaml,
                    "--junction.deployer.private-key=" + privateKey));
        } finally {
            Files.deleteIfExists(yaml);
        }
    }

    private static String quoted(List<String> values) {
        return values.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", "));
    }

    /** Runs {@code junction deploy} in process, answering what it printed; its exit code must be 0. */
    static String deploy(String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = DeployCommand.run(args);
        } finally {
            System.setOut(out);
        }
        assertThat(exit).as("junction deploy's exit code").isZero();
        return buffer.toString(StandardCharsets.UTF_8).strip();
    }

    /** The effective gas price of a sent transaction ({@code sent.hash}), from its receipt. */
    static BigInteger gasPrice(AnvilProcess anvil, JsonNode sent) {
        JsonNode receipt = anvil.rpc().call("eth_getTransactionReceipt", sent.path("hash").asString());
        return new BigInteger(receipt.path("effectiveGasPrice").asString().substring(2), 16);
    }

    /** Waits (up to 15 s) until the live market's head on {@code chain} is the node's latest block. */
    static void awaitNodeHead(AnvilProcess anvil, Market live, long chain) throws InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < deadline) {
            String node = anvil.rpc().call("eth_getBlockByNumber", "latest", false).path("hash").asString();
            if (live.current().head(ChainId.of(chain)).map(h -> h.blockHash().value()).orElse("").equals(node)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the market did not reach the node's head");
    }
}
