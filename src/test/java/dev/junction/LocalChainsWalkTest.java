package dev.junction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.deploy.DeployCommand;
import dev.junction.support.AnvilHarness;
import dev.junction.support.TypeScriptClientPackage;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The README's "Local chains" walk, executed as written: every block marked {@code <!-- runnable: local-chains -->}
 * in order. The bash blocks run from the project root ({@code bin/local-chains up} with one-second blocks and
 * {@code --no-junction}: during {@code ./mvnw verify} there is no packaged jar, so Junction is started from this
 * build's classes on the configuration {@code up} generated, and its URL added to {@code up.json} as {@code up}
 * does), with {@code LOCAL_CHAINS_STATE_DIR} naming this test's state directory. Each walk is a file of the
 * repository, {@code chains/walk/*.mjs}, that the README shows as its js blocks after the bash block that runs it
 * ({@code node chains/walk/ethers.mjs}): the test checks that the file is exactly those blocks and runs that command
 * from the project root, as the README says. Then the TypeScript client's tests on these chains and this Junction,
 * the playground in Chromium, and {@code down}. What needs Junction in chain mode is reported as skipped, with the
 * reason, while this build has none.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalChainsWalkTest {

    private static final Pattern BLOCK = Pattern.compile(
            "<!-- runnable: local-chains -->\\s*\\n```(\\w+)\\n(.*?)\\n```", Pattern.DOTALL);
    private static final Pattern RUN_WALK = Pattern.compile("node (chains/walk/[\\w-]+\\.mjs)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Block(String lang, String code) {
    }

    private final List<Block> blocks = new ArrayList<>();
    private Path work;
    private Path stateDir;
    private Map<String, String> env;
    private ConfigurableApplicationContext junction;
    private String junctionUnavailable;
    /** The README's walks: the command that runs each, and the js blocks that are its file. */
    private final Map<String, List<String>> walks = new LinkedHashMap<>();

    @BeforeAll
    void up() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        Matcher m = BLOCK.matcher(readme);
        while (m.find()) {
            blocks.add(new Block(m.group(1), m.group(2)));
        }
        AnvilHarness.install();
        work = Files.createTempDirectory("local-chains-walk");
        stateDir = work.resolve(".local-chains");
        env = Map.of("LOCAL_CHAINS_STATE_DIR", stateDir.toString(), "LOCAL_CHAINS_NO_JUNCTION", "true",
                "LOCAL_CHAINS_BLOCK_TIMES", "1=1,8453=1,42161=1");
        // the first command is up (the walk of "Calls after the swap" comes earlier in the README, but runs on them)
        Block first = blocks.stream().filter(b -> b.lang().equals("bash") && !RUN_WALK.matcher(b.code()).matches())
                .findFirst().orElseThrow();
        assertThat(first.code()).isEqualTo("bin/local-chains up");
        String out = run(List.of("bash", "-c", first.code()), new File("."), 600);
        String[] lines = out.strip().split("\n");
        JsonNode printed = JSON.readTree(lines[lines.length - 1]);
        assertThat(new TreeSet<>(printed.get("chains").propertyNames())).containsExactly("1", "42161", "8453");
        startJunction(printed);
        String walk = null;
        for (Block b : blocks) {
            if (b.lang().equals("bash")) {
                walk = RUN_WALK.matcher(b.code()).matches() ? b.code() : null;
                if (walk != null) {
                    walks.put(walk, new ArrayList<>());
                }
            } else if (walk != null) {
                walks.get(walk).add(b.code());
            }
        }
    }

    /** Junction on the chain-mode YAML {@code up} wrote; answers null or why it is not serving these chains. */
    private void startJunction(JsonNode printed) throws Exception {
        Path yaml = stateDir.resolve("junction-chains.yml");
        // With --no-junction, up deploys no router (it runs the packaged jar's deploy command, and during
        // ./mvnw verify there is no jar yet): deploy them here with the same command, in this JVM.
        JsonNode routers = JSON.readTree(DeployCommand.deploy(new String[] {
            "--spring.config.additional-location=file:" + yaml,
            "--junction.deployer.private-key=" + AnvilHarness.DEV_KEYS.getFirst()}));
        List<String> args = new ArrayList<>(List.of("--spring.config.additional-location=file:" + yaml,
                "--server.port=0", "--junction.data-dir=" + work.resolve("junction-data")));
        ObjectNode upJson = (ObjectNode) JSON.readTree(stateDir.resolve("up.json").toFile());
        routers.properties().forEach(chain -> {
            String router = chain.getValue().path("router").asString();
            args.add("--junction.chains." + chain.getKey() + ".router=" + router);
            ((ObjectNode) upJson.path("chains").path(chain.getKey())).put("router", router);
        });
        Files.writeString(stateDir.resolve("up.json"), JSON.writeValueAsString(upJson));
        try {
            junction = new SpringApplicationBuilder(JunctionApplication.class).run(args.toArray(String[]::new));
            int port = ((WebServerApplicationContext) junction).getWebServer().getPort();
            String url = "http://127.0.0.1:" + port;
            HttpResponse<String> r = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(url + "/chains")).build(), HttpResponse.BodyHandlers.ofString());
            List<String> served = new ArrayList<>();
            JSON.readTree(r.body()).get("data").get("chains").forEach(c -> served.add(c.get("id").asString()));
            if (!new TreeSet<>(served).equals(new TreeSet<>(List.of("1", "8453", "42161")))) {
                junctionUnavailable = "Junction started on " + yaml + " serves chains " + served
                        + ", not the local chains 1, 8453, 42161: this build has no chain mode (issue 14)";
                return;
            }
            ObjectNode up = (ObjectNode) JSON.readTree(stateDir.resolve("up.json").toFile());
            up.put("junction", url);
            Files.writeString(stateDir.resolve("up.json"), JSON.writeValueAsString(up));
        } catch (RuntimeException e) {
            junctionUnavailable = "Junction did not start in chain mode on " + yaml + ": " + rootMessage(e);
        }
    }

    /** Each walk file is the README's blocks, in order (after the file's leading comment lines). */
    @Test
    @Order(1)
    void theWalkFilesAreTheReadmesBlocks() throws Exception {
        assertThat(walks.keySet()).containsExactly("node chains/walk/bridge-deposit.mjs", "node chains/walk/ethers.mjs",
                "node chains/walk/viem.mjs");
        for (Map.Entry<String, List<String>> walk : walks.entrySet()) {
            Matcher file = RUN_WALK.matcher(walk.getKey());
            assertThat(file.matches()).isTrue();
            String code = Files.readString(Path.of(file.group(1))).lines().dropWhile(l -> l.startsWith("//"))
                    .collect(Collectors.joining("\n"));
            assertThat(code).as(file.group(1) + " is README's blocks of that walk")
                    .isEqualTo(String.join("\n", walk.getValue()));
        }
    }

    /**
     * The walks, run exactly as the README says: its command, from the project root. The bridge-then-deposit walk
     * (issue 39) ends DONE / COMPLETED with the vault's credit equal to the delivered amount (the walk itself throws
     * otherwise) and prints it.
     */
    @Test
    @Order(2)
    void theWalksRunToDoneAsTheReadmeSays() throws Exception {
        Assumptions.assumeTrue(junctionUnavailable == null, () -> junctionUnavailable);
        for (String command : walks.keySet()) {
            String out = run(List.of("bash", "-c", command), new File("."), 600);
            System.out.println(command + "\n" + out);
            if (command.contains("bridge-deposit")) {
                assertThat(out).as(command).contains("DONE COMPLETED")
                        .containsPattern("vault credited (0\\.\\d*[1-9]|[1-9])").doesNotContain("FAILED");
            } else {
                assertThat(out).as(command).contains("USDC 5000").contains("DONE").doesNotContain("FAILED");
            }
        }
    }

    /** {@code up}'s configuration has each chain's anvil push its new heads: health says they come by {@code ws}. */
    @Test
    @Order(2)
    void theLocalChainsPushTheirNewHeadsOverWebSocket() throws Exception {
        Assumptions.assumeTrue(junctionUnavailable == null, () -> junctionUnavailable);
        assertThat(Files.readString(stateDir.resolve("junction-chains.yml"))).contains("ws-url: \"ws://127.0.0.1:");
        JsonNode up = JSON.readTree(stateDir.resolve("up.json").toFile());
        JsonNode chains = null;
        for (int i = 0; i < 300; i++) {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    up.path("junction").asString() + "/actuator/health")).build(), HttpResponse.BodyHandlers.ofString());
            JsonNode now = JSON.readTree(r.body()).path("components").path("chains").path("details");
            chains = now;
            if (List.of("1", "8453", "42161").stream()
                    .allMatch(id -> now.path(id).path("transport").asString().equals("ws"))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the local chains' heads are not pushed over WebSocket: " + chains);
    }

    /**
     * Junction's relayer runs same-chain gasless swaps only: a cross-chain gasless quote on the local chains is a 422
     * with the no-route code (3001) naming {@code toChain}, not an internal error.
     */
    @Test
    @Order(3)
    void aCrossChainGaslessQuoteIsRefusedWith3001NamingToChain() throws Exception {
        Assumptions.assumeTrue(junctionUnavailable == null, () -> junctionUnavailable);
        JsonNode up = JSON.readTree(stateDir.resolve("up.json").toFile());
        String usdc1 = up.path("chains").path("1").path("tokens").path("USDC").asString();
        String usdcBase = up.path("chains").path("8453").path("tokens").path("USDC").asString();
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                up.path("junction").asString() + "/gasless/quote?fromChain=1&toChain=8453&fromToken=" + usdc1
                        + "&toToken=" + usdcBase + "&amount=1000000000&sender=0x1111111111111111111111111111111111111111"
                        + "&acquisitionMode=3")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.path("code").asInt()).isEqualTo(3001);
        assertThat(body.path("data").path("param").asString()).isEqualTo("toChain");
        assertThat(body.path("message").asString()).contains("same-chain gasless swaps only");
    }

    /**
     * The playground in Debian's Chromium on these chains and this Junction ({@code playground/test/
     * playground-local.test.mjs}): gasless swaps approved, signed in the page (its test key, then an EIP-1193 wallet
     * backed by anvil), submitted and followed to DONE. Screenshots in {@code target/playground-screenshots}.
     */
    @Test
    @Order(4)
    void thePlaygroundSignsGaslessSwapsToDone() throws Exception {
        Assumptions.assumeTrue(junctionUnavailable == null, () -> junctionUnavailable);
        Path upJson = stateDir.resolve("up.json");
        String out = run(List.of("node", "--test", "--test-reporter=spec", "test/playground-local.test.mjs"),
                new File("playground"), 900, Map.of("JUNCTION_URL", JSON.readTree(upJson.toFile()).get("junction")
                        .asString(), "UP_JSON", upJson.toString(), "SCREENSHOTS",
                        Path.of("target/playground-screenshots").toAbsolutePath().toString()));
        System.out.println(out);
        assertThat(out).contains("\u2139 pass 3").contains("\u2139 fail 0"); // node's spec reporter: "ℹ pass 3"
    }

    /**
     * The TypeScript client's tests on these chains and this Junction ({@code clients/typescript/test/
     * local-chains.test.mjs}): quote, build and {@code sendBuiltTransaction} with an ethers wallet and a viem wallet
     * client, gasless swaps signed with both, each to DONE; every answer checked against the OpenAPI document.
     */
    @Test
    @Order(5)
    void theTypeScriptClientSwapsToDone() throws Exception {
        Assumptions.assumeTrue(junctionUnavailable == null, () -> junctionUnavailable);
        TypeScriptClientPackage.build();
        String out = run(List.of("node", "--test", "--test-reporter=spec", "test/local-chains.test.mjs"),
                TypeScriptClientPackage.DIR, 600, Map.of("UP_JSON", stateDir.resolve("up.json").toString()));
        System.out.println(out);
        assertThat(out).contains("\u2139 fail 0").doesNotContain("\u2139 pass 0"); // node's spec reporter
    }

    /**
     * Issue 36's wallet proof through the new adapters on these chains and this Junction ({@code chains/junction/
     * adapters.test.mjs}): {@code /build-best-path} restricted to uniswap-v4 (ERC-20 in, and WETH into the native
     * ETH/USDC pool), to balancer-v2 (weighted, composable stable), and a route mixing both, each sent by an ethers
     * wallet: exactly {@code amountOut} delivered, nothing left in the router or an adapter.
     */
    @Test
    @Order(6)
    void swapsThroughTheV4AndBalancerAdaptersDeliverExactlyAmountOut() throws Exception {
        Assumptions.assumeTrue(junctionUnavailable == null, () -> junctionUnavailable);
        String out = run(List.of("node", "--test", "--test-reporter=spec", "junction/adapters.test.mjs"),
                new File("chains"), 600, Map.of("UP_JSON", stateDir.resolve("up.json").toString()));
        System.out.println(out);
        assertThat(out).contains("\u2139 fail 0").doesNotContain("\u2139 pass 0"); // node's spec reporter
    }

    @Test
    @Order(7)
    void downStopsEverything() throws Exception {
        Block last = blocks.getLast();
        assertThat(last.code()).isEqualTo("bin/local-chains down");
        JsonNode pids = JSON.readTree(stateDir.resolve("pids.json").toFile());
        run(List.of("bash", "-c", last.code()), new File("."), 120);
        for (JsonNode p : pids) {
            assertThat(ProcessHandle.of(p.get("pid").asLong()).map(ProcessHandle::isAlive).orElse(false))
                    .as(p.get("name").asString()).isFalse();
        }
    }

    @AfterAll
    void down() throws Exception {
        if (junction != null) {
            junction.close();
        }
        if (stateDir != null && Files.exists(stateDir.resolve("pids.json"))) {
            run(List.of("bash", "-c", "bin/local-chains down"), new File("."), 120);
        }
    }

    private String run(List<String> command, File dir, int timeoutSeconds) throws IOException, InterruptedException {
        return run(command, dir, timeoutSeconds, Map.of());
    }

    private String run(List<String> command, File dir, int timeoutSeconds, Map<String, String> more)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir).redirectErrorStream(true);
        Map<String, String> e = new HashMap<>(pb.environment());
        e.putAll(env);
        e.putAll(more);
        pb.environment().putAll(e);
        // the output goes to a file, not a pipe read to its end: `up` leaves anvils and Junction running with the
        // pipe open, and a read to EOF of a command that hangs would never reach the timeout (CI once hung there)
        Path log = Files.createTempFile("local-chains-walk-", ".log");
        try {
            pb.redirectOutput(log.toFile());
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IllegalStateException(command + " timed out after " + timeoutSeconds + " s: "
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(command + " exit; output:\n" + out).isZero();
            return out;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
