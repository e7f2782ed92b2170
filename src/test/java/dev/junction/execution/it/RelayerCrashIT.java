package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.execution.relayer.AnvilNode;
import dev.junction.execution.relayer.RelayerFixture;
import dev.junction.execution.relayer.RelayerKey;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Kill -9 of the packaged service relaying real transactions to a real anvil node: after signing and before broadcast,
 * then after broadcast and before any receipt. After the restart every transaction is confirmed and each produced
 * exactly one transaction on chain: the relayer's nonce on the node equals the number of transfers, and every
 * recipient received its value exactly once.
 */
class RelayerCrashIT {

    private static final long CHAIN = 31337;

    @Test
    void everyRelayedTransferIsSentExactlyOnceAcrossKills(@TempDir Path dir) throws Exception {
        try (AnvilNode node = AnvilNode.start(CHAIN, "--no-mining")) {
            String key = RelayerFixture.fundedKey(node);
            Address relayer = RelayerKey.of(key).address();
            Path log = dir.resolve("service.log");
            List<String> base = List.of("--junction.data-dir=" + dir.resolve("data"),
                    "--junction.execution.test-endpoint=true", "--spring.main.banner-mode=off",
                    "--junction.rate-limit.enabled=false", "--junction.relayer.rpc-urls." + CHAIN + "=http://127.0.0.1:"
                            + node.port, "--junction.relayer.replace-after-blocks=1000");
            Map<String, BigInteger> sent = new LinkedHashMap<>();
            Map<String, String> idOf = new LinkedHashMap<>();

            // kill 1: signed and committed, never broadcast (the relayer loop polls once an hour here)
            ServiceProcess service = start(log, base, "3600000", key);
            for (int i = 0; i < 4; i++) {
                transfer(service, i, sent, idOf);
            }
            for (String id : idOf.values()) {
                assertThat(view(service, id).get("state").asString()).isEqualTo("SIGNED");
            }
            assertThat(node.rpc.transactionCount(relayer, "pending")).isZero();
            service.kill();

            // kill 2: broadcast (in the node's pool; the node mines nothing), no receipt yet
            service = start(log, base, "100", key);
            for (int i = 4; i < 8; i++) {
                transfer(service, i, sent, idOf);
            }
            awaitAll(service, idOf, "BROADCAST");
            assertThat(node.rpc.transactionCount(relayer, "pending")).isEqualTo(8);
            service.kill();

            // final run: the node mines again; every transfer is confirmed, each exactly once
            node.rpc.client().call("evm_setIntervalMining", 1);
            service = start(log, base, "100", key);
            try {
                awaitAll(service, idOf, "CONFIRMED");
                for (String id : idOf.values()) {
                    JsonNode v = view(service, id);
                    assertThat(v.get("versions").asInt()).as("signed versions of %s", id).isEqualTo(1);
                    assertThat(v.get("includedHash").asString()).isEqualTo(v.get("currentHash").asString());
                }
            } finally {
                service.kill();
            }
            assertThat(node.rpc.transactionCount(relayer, "latest")).as("relayer nonces used").isEqualTo(8);
            for (Map.Entry<String, BigInteger> e : sent.entrySet()) {
                assertThat(node.rpc.balance(Address.evm(e.getKey()))).as("balance of %s", e.getKey())
                        .isEqualTo(e.getValue());
            }
        }
    }

    private static ServiceProcess start(Path log, List<String> base, String pollMs, String key) throws Exception {
        List<String> args = new ArrayList<>(base);
        args.add("--junction.relayer.poll-interval-ms=" + pollMs);
        return new ServiceProcess(log, args).env("JUNCTION_RELAYER_PRIVATE_KEY", key).start();
    }

    private static void transfer(ServiceProcess service, int i, Map<String, BigInteger> sent, Map<String, String> idOf)
            throws Exception {
        String to = String.format("0x%040x", 0xbeef00 + i);
        BigInteger value = BigInteger.valueOf(1_000_000L + i);
        JsonNode r = service.post("/internal/test/relayer/transfers", "{\"chainId\":" + CHAIN + ",\"to\":\"" + to
                + "\",\"valueWei\":\"" + value + "\",\"reference\":\"crash-" + i + "\"}");
        sent.put(to, value);
        idOf.put(to, r.get("id").asString());
    }

    private static JsonNode view(ServiceProcess service, String id) throws Exception {
        return ServiceProcess.JSON.readTree(service.get("/internal/test/relayer/" + CHAIN + "/" + id).body());
    }

    private static void awaitAll(ServiceProcess service, Map<String, String> idOf, String state) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < end) {
            boolean all = true;
            for (String id : idOf.values()) {
                all &= view(service, id).get("state").asString().equals(state);
            }
            if (all) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("not all " + state + " within 90 s");
    }
}
