package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Kill -9 of the packaged service (chain mode on anvil, the relayer key in {@code JUNCTION_RELAYER_PRIVATE_KEY}) with
 * gasless swaps quoted by /gasless/quote, signed by ethers v6 and accepted by /gasless/submit-swap:
 * <ol>
 * <li>after signing and before broadcast: the node refuses the relayer's transactions (the next block's base fee is
 * raised above their max fee with {@code anvil_setNextBlockBaseFeePerGas}), so each swap's transaction is signed and committed, its hash answered as {@code executionTxHash}, and not on the
 * node when the service dies;</li>
 * <li>after broadcast and before the receipt: the node mines nothing ({@code evm_setAutomine false}), so each
 * transaction sits in its pool when the service dies.</li>
 * </ol>
 * After the last restart (the node mines again) every swap is DONE on /status and in the swap view, and each produced
 * exactly one transaction: the relayer's nonce on the node equals the number of swaps, the hash answered at submit is
 * the one mined, each owner's Permit2 nonce is spent, each receiver got exactly the amount the router reported once,
 * and the owners paid exactly the swapped amounts.
 */
class GaslessCrashIT {

    record Swap(int index, Address owner, Address receiver, JsonNode item, String swapId, String txHash) {
    }

    @Test
    void everyGaslessSwapSendsExactlyOneTransactionAcrossKills(@TempDir Path dir) throws Exception {
        try (GaslessChain chain = new GaslessChain(dir, 1)) {
            chain.node.call("evm_setAutomine", false);
            Map<Address, BigInteger> ownersBefore = new HashMap<>();
            for (Address o : GaslessChain.OWNERS) {
                ownersBefore.put(o, chain.balance(chain.weth, o));
            }
            Path log = dir.resolve("service.log");
            List<String> args = chain.serviceArgs(dir.resolve("data"));
            List<Swap> swaps = new ArrayList<>();

            // kill 1: signed and committed, never on the node: the next block's base fee jumps far above the max fee
            // the relayer signs with (2 x the latest block's base fee + tip), and anvil refuses a transaction whose
            // max fee is below it. The relayer's balance is untouched (a relayer without ether is refused at submit).
            // (raised after the quotes, whose relayer fee is priced at the node's gas price, before the submits)
            String nextBaseFee = chain.node.call("eth_feeHistory", "0x1", "latest", List.of()).path("baseFeePerGas")
                    .get(1).asString();
            ServiceProcess service = GaslessChain.service(log, args).start();
            swaps.addAll(submit(service, chain, 0, 3,
                    () -> chain.node.call("anvil_setNextBlockBaseFeePerGas", "0xe8d4a51000"))); // 1,000 gwei
            Thread.sleep(1_000); // a relayer poll or more: each one tries to broadcast and is refused
            for (Swap s : swaps) {
                assertThat(chain.transaction(s.txHash()).isNull()).as("tx of swap %d on the node", s.index())
                        .isTrue();
                assertThat(GaslessChain.swapView(service, s.swapId()).path("state").asString()).isEqualTo("RECEIVED");
            }
            assertThat(chain.nonce(GaslessChain.RELAYER, "pending")).isZero();
            service.kill();

            // kill 2: broadcast (in the node's pool; it mines nothing), no receipt yet
            chain.node.call("anvil_setNextBlockBaseFeePerGas", nextBaseFee);
            service = GaslessChain.service(log, args).start();
            swaps.addAll(submit(service, chain, 3, 6));
            awaitOnNode(chain, swaps);
            assertThat(chain.nonce(GaslessChain.RELAYER, "pending")).isEqualTo(6);
            assertThat(chain.nonce(GaslessChain.RELAYER, "latest")).isZero();
            for (Swap s : swaps) {
                assertThat(chain.receipt(s.txHash()).isNull()).as("receipt of swap %d", s.index()).isTrue();
            }
            service.kill();

            // final run: the node mines again; every swap completes, each with exactly one transaction
            chain.node.call("evm_setIntervalMining", 1);
            service = GaslessChain.service(log, args).start();
            try {
                for (Swap s : swaps) {
                    JsonNode status = GaslessChain.awaitEnd(service, s.txHash(), Duration.ofSeconds(90));
                    assertThat(status.path("status").asString()).as("swap %d: %s", s.index(), status)
                            .isEqualTo("DONE");
                    assertThat(status.at("/srcTxDetails/txHash").asString()).isEqualTo(s.txHash());
                    assertThat(GaslessChain.awaitSwapState(service, s.swapId(), "DONE")).isEqualTo("DONE");
                    JsonNode receipt = chain.receipt(s.txHash());
                    assertThat(receipt.path("status").asString()).isEqualTo("0x1");
                    assertThat(Address.evm(receipt.path("from").asString())).isEqualTo(GaslessChain.RELAYER);
                    assertThat(Address.evm(receipt.path("to").asString())).isEqualTo(chain.router);
                    BigInteger received = chain.balance(chain.usdc, s.receiver());
                    assertThat(received).as("USDC of receiver %d", s.index())
                            .isEqualTo(new BigInteger(status.at("/toAsset/amount").asString()))
                            .isGreaterThanOrEqualTo(new BigInteger(s.item().at("/quote/amountOutMin").asString()));
                    assertThat(chain.permit2NonceSpent(s.owner(), new BigInteger(s.item().path("nonce").asString())))
                            .as("Permit2 nonce of swap %d", s.index()).isTrue();
                }
            } finally {
                service.kill();
            }
            assertThat(chain.nonce(GaslessChain.RELAYER, "latest")).as("relayer nonces used").isEqualTo(6);
            assertThat(chain.nonce(GaslessChain.RELAYER, "pending")).as("nothing left pending").isEqualTo(6);
            for (Address o : GaslessChain.OWNERS) {
                long count = swaps.stream().filter(s -> s.owner().equals(o)).count();
                assertThat(ownersBefore.get(o).subtract(chain.balance(chain.weth, o))).as("WETH paid by %s", o)
                        .isEqualTo(GaslessChain.AMOUNT.multiply(BigInteger.valueOf(count)));
            }
        }
    }

    /** Quotes, signs (ethers, one node process) and submits swaps {@code from} (inclusive) to {@code to}. */
    static List<Swap> submit(ServiceProcess service, GaslessChain chain, int from, int to) throws Exception {
        return submit(service, chain, from, to, () -> { });
    }

    /** As above, running {@code beforeSubmit} once the permits are quoted and signed, before they are submitted. */
    static List<Swap> submit(ServiceProcess service, GaslessChain chain, int from, int to, Runnable beforeSubmit)
            throws Exception {
        List<JsonNode> items = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int i = from; i < to; i++) {
            items.add(GaslessChain.quote(service, chain, GaslessChain.OWNERS.get(i % 2), GaslessChain.receiver(i)));
            keys.add(GaslessChain.OWNER_KEYS.get(i % 2));
        }
        List<String> signatures = GaslessChain.sign(items, keys);
        beforeSubmit.run();
        List<Swap> swaps = new ArrayList<>();
        for (int i = from; i < to; i++) {
            JsonNode item = items.get(i - from);
            JsonNode d = GaslessChain.submit(service, item.path("quoteId").asString(), signatures.get(i - from));
            String hash = d.path("executionTxHash").asString();
            assertThat(hash).matches("0x[0-9a-f]{64}");
            swaps.add(new Swap(i, GaslessChain.OWNERS.get(i % 2), GaslessChain.receiver(i), item,
                    d.path("swapId").asString(), hash));
        }
        return swaps;
    }

    /** Waits (bounded) until the node knows every swap's transaction. */
    static void awaitOnNode(GaslessChain chain, List<Swap> swaps) throws Exception {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (Swap s : swaps) {
            while (chain.transaction(s.txHash()).isNull()) {
                if (System.nanoTime() > end) {
                    throw new AssertionError("transaction of swap " + s.index() + " not on the node within 60 s");
                }
                Thread.sleep(100);
            }
        }
    }
}
