package dev.junction.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.AnvilHarness;
import dev.junction.support.AnvilProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The packaged command as a user runs it: {@code java -jar target/junction/junction.jar deploy
 * --spring.config.additional-location=FILE} with {@code JUNCTION_DEPLOYER_PRIVATE_KEY} in the environment prints
 * exactly one JSON line on stdout (logs on stderr) and exits by itself; a second run prints the same line; without
 * the key it exits non-zero with one line on stderr.
 */
class DeployCommandIT {

    record Run(int exit, String stdout, String stderr) {
    }

    static Run jar(Map<String, String> env, String... args) throws Exception {
        Path jar = Path.of("target", "junction", "junction.jar");
        assertThat(jar).as("target/junction/junction.jar (the package phase)").exists();
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-jar", jar.toString(), "deploy"));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("deploy-out", ".txt");
        Path err = Files.createTempFile("deploy-err", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().remove(DeployCommand.KEY_ENV);
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("junction deploy did not exit within 180 s");
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Test
    void theJarDeploysPrintsOneJsonObjectAndExits() throws Exception {
        try (AnvilProcess anvil = AnvilProcess.start(31337)) {
            JsonNode market = AnvilHarness.deployMarket(anvil.rpcUrl().toString(), DeployOnAnvilTest.DEPLOYER_KEY,
                    DeployOnAnvilTest.MARKET);
            Path yaml = Files.createTempFile("deploy-jar", ".yml");
            Files.writeString(yaml, "junction:\n  chains:\n"
                    + DeployOnAnvilTest.chainYaml(31337, anvil.rpcUrl().toString(), market));
            String config = "--spring.config.additional-location=file:" + yaml;
            Map<String, String> key = Map.of(DeployCommand.KEY_ENV, DeployOnAnvilTest.DEPLOYER_KEY);

            Run first = jar(key, config);
            assertThat(first.exit()).as(first.stderr()).isZero();
            assertThat(first.stdout().lines().toList()).hasSize(1);
            JsonNode printed = JsonMapper.builder().build().readTree(first.stdout());
            assertThat(printed.path("31337").path("router").asString()).matches("0x[0-9a-fA-F]{40}");
            assertThat(printed.path("31337").path("adapters").propertyNames())
                    .containsExactly("uniswap-v2", "uniswap-v3", "across");
            assertThat(first.stderr()).contains("transactions sent");

            Run second = jar(key, config);
            assertThat(second.exit()).as(second.stderr()).isZero();
            assertThat(second.stdout()).isEqualTo(first.stdout());
            assertThat(second.stderr()).contains("(0 transactions sent)");

            Run noKey = jar(Map.of(), config);
            assertThat(noKey.exit()).isNotZero();
            assertThat(noKey.stdout()).isEmpty();
            assertThat(noKey.stderr().strip().lines().toList().getLast())
                    .startsWith("junction deploy: JUNCTION_DEPLOYER_PRIVATE_KEY is not set");
            Files.delete(yaml);
        }
    }
}
