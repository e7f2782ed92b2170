package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The node stops mid-swap and comes back (anvil with {@code --state FILE}: it writes its chain to the file when it
 * stops and loads it when it starts again on the same port; its transaction pool is not kept, as a restarted node's
 * often is not). Two gasless swaps are in flight on the packaged service when the node stops: the first is included
 * in a block but not yet confirmed (three confirmations), the second is in the node's pool only. While the node is down
 * the service keeps both (neither ends FAILED however many steps could not reach the node), and a third swap, signed
 * before, is refused as the node's failure (502 / 9002) without changing anything; when the node is back the first is
 * confirmed from its kept receipt, the second is broadcast again from its stored bytes, the third is accepted with the
 * same signature, and all end DONE with exactly one transaction each: the relayer's nonce on the node is 3, the
 * hashes answered at submit are the ones mined, each receiver got the amount the router reported, once.
 */
class GaslessNodeRestartIT {

    @Test
    void gaslessSwapsResumeWhenTheNodeComesBackAndNothingIsSentTwice(@TempDir Path dir) throws Exception {
        try (GaslessChain chain = new GaslessChain(dir, 3, "--state", dir.resolve("anvil-state.json").toString())) {
            chain.node.call("evm_setAutomine", false);
            List<String> args = chain.serviceArgs(dir.resolve("data"));
            // the node's outage must not use up a swap's attempts: a few failed steps are enough to show it
            args.add("--junction.execution.max-attempts=2");
            args.add("--junction.execution.retry-base-ms=200");
            args.add("--junction.execution.retry-max-ms=400");
            ServiceProcess service = GaslessChain.service(dir.resolve("service.log"), args).start();
            try {
                // swap 0: included in a block, one confirmation of three
                List<GaslessCrashIT.Swap> swaps = new ArrayList<>(GaslessCrashIT.submit(service, chain, 0, 1));
                GaslessCrashIT.awaitOnNode(chain, swaps);
                chain.node.call("evm_mine");
                assertThat(GaslessChain.awaitSwapState(service, swaps.getFirst().swapId(), "SOURCE_SENT"))
                        .isEqualTo("SOURCE_SENT");
                // swap 1: in the node's pool only
                List<GaslessCrashIT.Swap> second = GaslessCrashIT.submit(service, chain, 1, 2);
                GaslessCrashIT.awaitOnNode(chain, second);
                swaps.addAll(second);
                assertThat(chain.nonce(GaslessChain.RELAYER, "latest")).isEqualTo(1);
                // swap 2: quoted and signed now, submitted while the node is down
                JsonNode third = GaslessChain.quote(service, chain, GaslessChain.OWNERS.get(0),
                        GaslessChain.receiver(2));
                String thirdSignature = GaslessChain.sign(List.of(third), List.of(GaslessChain.OWNER_KEYS.get(0)))
                        .getFirst();
                String thirdBody = ServiceProcess.JSON.writeValueAsString(Map.of("quoteId",
                        third.path("quoteId").asString(), "signature", thirdSignature));

                chain.stopNode();
                Thread.sleep(6_000); // relayer polls and swap steps fail meanwhile: more than max-attempts of them
                for (GaslessCrashIT.Swap s : swaps) {
                    assertThat(GaslessChain.swapView(service, s.swapId()).path("state").asString())
                            .as("swap %d while the node is down", s.index()).isIn("RECEIVED", "SOURCE_SENT");
                }
                // a submit the node is needed for is refused as the node's failure (5xx with a code), not accepted
                HttpResponse<String> refused = service.postForResponse("/gasless/submit-swap", thirdBody);
                JsonNode refusal = ServiceProcess.JSON.readTree(refused.body());
                assertThat(refused.statusCode()).as(refused.body()).isEqualTo(502);
                assertThat(refusal.path("code").asInt()).as(refused.body()).isEqualTo(9002);
                assertThat(refusal.path("message").asString()).contains("node").doesNotContain("127.0.0.1");

                chain.startNode();
                assertThat(chain.nonce(GaslessChain.RELAYER, "latest")).as("the kept chain").isEqualTo(1);
                assertThat(chain.transaction(second.getFirst().txHash()).isNull()).as("the pool is not kept")
                        .isTrue();
                chain.node.call("evm_setIntervalMining", 1);
                // the refusal changed nothing: the same signature is accepted once the node is back
                JsonNode accepted = GaslessChain.submit(service, third.path("quoteId").asString(), thirdSignature);
                swaps.add(new GaslessCrashIT.Swap(2, GaslessChain.OWNERS.get(0), GaslessChain.receiver(2), third,
                        accepted.path("swapId").asString(), accepted.path("executionTxHash").asString()));

                for (GaslessCrashIT.Swap s : swaps) {
                    JsonNode status = GaslessChain.awaitEnd(service, s.txHash(), Duration.ofSeconds(90));
                    assertThat(status.path("status").asString()).as("swap %d: %s", s.index(), status)
                            .isEqualTo("DONE");
                    assertThat(GaslessChain.awaitSwapState(service, s.swapId(), "DONE")).isEqualTo("DONE");
                    JsonNode receipt = chain.receipt(s.txHash());
                    assertThat(receipt.path("status").asString()).isEqualTo("0x1");
                    assertThat(chain.balance(chain.usdc, s.receiver())).as("USDC of receiver %d", s.index())
                            .isEqualTo(new BigInteger(status.at("/toAsset/amount").asString()))
                            .isGreaterThanOrEqualTo(new BigInteger(s.item().at("/quote/amountOutMin").asString()));
                    assertThat(chain.permit2NonceSpent(s.owner(), new BigInteger(s.item().path("nonce").asString())))
                            .isTrue();
                }
                assertThat(chain.nonce(GaslessChain.RELAYER, "latest")).as("relayer nonces used").isEqualTo(3);
                assertThat(chain.nonce(GaslessChain.RELAYER, "pending")).isEqualTo(3);
            } finally {
                service.kill();
            }
        }
    }
}
