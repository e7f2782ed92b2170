package dev.junction.gasless;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Runs {@code src/test/node-gasless/sign-typed-data.mjs}: ethers v6 {@code Wallet.signTypedData(domain, types,
 * message)} on the JSON an integrator gets from Junction. Installs ethers with {@code npm ci} on first use.
 */
final class EthersWallet {

    static final File DIR = new File("src/test/node-gasless");
    private static final ObjectMapper JSON = new ObjectMapper();

    private EthersWallet() {
    }

    /**
     * @param typedDataJson a /gasless/quote item or its {@code eip712} object
     * @param privateKey 0x-hex private key
     * @return {@code {signature, signer, digest}}
     */
    static synchronized JsonNode sign(String typedDataJson, String privateKey) throws IOException, InterruptedException {
        if (!new File(DIR, "node_modules/ethers").isDirectory()) {
            run(List.of("npm", "ci", "--no-audit", "--no-fund"), null);
        }
        return JSON.readTree(run(List.of("node", "sign-typed-data.mjs", privateKey), typedDataJson));
    }

    private static String run(List<String> command, String stdin) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(DIR).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }
}
