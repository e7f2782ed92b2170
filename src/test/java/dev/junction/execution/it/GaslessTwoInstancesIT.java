package dev.junction.execution.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.support.TestDatabase.Postgres;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Two packaged instances in chain mode on one PostgreSQL schema (fresh per run), sharing ONE relayer key, take 50
 * concurrent gasless swaps on an anvil chain with the real contracts (quotes alternate between the instances, the
 * permits are signed by ethers v6, submits alternate and run 16 at a time). Every swap ends DONE, each exactly once:
 * the relayer's nonce on the node is 50 with nothing pending (no collision, no gap), the ledger holds 50 transactions
 * with the nonces 0..49 and one signed version each, each hash answered at submit is the one mined, each owner's
 * Permit2 nonces are distinct and spent, each receiver got the amount the router reported, once.
 */
class GaslessTwoInstancesIT {

    private static final int SWAPS = 50;

    @Test
    void fiftyGaslessSwapsOnTwoInstancesSharingOneRelayerKeyRunExactlyOnce(@TempDir Path dir) throws Exception {
        String schema = Postgres.createSchema();
        ServiceProcess a = null;
        ServiceProcess b = null;
        try (GaslessChain chain = new GaslessChain(dir, 1);
                ExecutorService pool = Executors.newFixedThreadPool(16)) {
            chain.node.call("evm_setIntervalMining", 1);
            Map<Address, BigInteger> ownersBefore = new HashMap<>();
            for (Address o : GaslessChain.OWNERS) {
                ownersBefore.put(o, chain.balance(chain.weth, o));
            }
            List<String> shared = List.of("--spring.datasource.url=" + Postgres.url(schema),
                    "--spring.datasource.username=postgres", "--spring.datasource.password=",
                    "--junction.execution.lease-seconds=3", "--junction.execution.poll-interval-ms=50");
            List<String> argsA = chain.serviceArgs(dir.resolve("data-a"));
            argsA.addAll(shared);
            List<String> argsB = chain.serviceArgs(dir.resolve("data-b"));
            argsB.addAll(shared);
            a = GaslessChain.service(dir.resolve("a.log"), argsA).start();
            b = GaslessChain.service(dir.resolve("b.log"), argsB).start();
            ServiceProcess[] instances = {a, b};

            List<Future<JsonNode>> quoted = new ArrayList<>();
            for (int i = 0; i < SWAPS; i++) {
                int n = i;
                quoted.add(pool.submit(() -> GaslessChain.quote(instances[n % 2], chain, owner(n),
                        GaslessChain.receiver(n))));
            }
            List<JsonNode> items = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            for (int i = 0; i < SWAPS; i++) {
                items.add(quoted.get(i).get());
                keys.add(GaslessChain.OWNER_KEYS.get(i % 2));
            }
            List<String> signatures = GaslessChain.sign(items, keys);
            List<Future<JsonNode>> submitted = new ArrayList<>();
            for (int i = 0; i < SWAPS; i++) {
                int n = i;
                // each swap is submitted on the instance that did NOT quote it: the quote is read from the database
                submitted.add(pool.submit(() -> GaslessChain.submit(instances[(n + 1) % 2],
                        items.get(n).path("quoteId").asString(), signatures.get(n))));
            }
            List<String> hashes = new ArrayList<>();
            List<String> swapIds = new ArrayList<>();
            for (Future<JsonNode> f : submitted) {
                JsonNode d = f.get();
                hashes.add(d.path("executionTxHash").asString());
                swapIds.add(d.path("swapId").asString());
            }
            assertThat(new HashSet<>(hashes)).hasSize(SWAPS);

            Map<Address, Set<BigInteger>> permitNonces = new HashMap<>();
            for (int i = 0; i < SWAPS; i++) {
                JsonNode status = GaslessChain.awaitEnd(instances[i % 2], hashes.get(i), Duration.ofSeconds(120));
                assertThat(status.path("status").asString()).as("swap %d: %s", i, status).isEqualTo("DONE");
                assertThat(GaslessChain.awaitSwapState(instances[(i + 1) % 2], swapIds.get(i), "DONE"))
                        .as("swap view of %d", i).isEqualTo("DONE");
                JsonNode receipt = chain.receipt(hashes.get(i));
                assertThat(receipt.path("status").asString()).isEqualTo("0x1");
                assertThat(Address.evm(receipt.path("from").asString())).isEqualTo(GaslessChain.RELAYER);
                assertThat(chain.balance(chain.usdc, GaslessChain.receiver(i))).as("USDC of receiver %d", i)
                        .isEqualTo(new BigInteger(status.at("/toAsset/amount").asString()))
                        .isGreaterThanOrEqualTo(new BigInteger(items.get(i).at("/quote/amountOutMin").asString()));
                BigInteger nonce = new BigInteger(items.get(i).path("nonce").asString());
                assertThat(permitNonces.computeIfAbsent(owner(i), o -> new HashSet<>()).add(nonce))
                        .as("Permit2 nonce %s of %s quoted once", nonce, owner(i)).isTrue();
                assertThat(chain.permit2NonceSpent(owner(i), nonce)).as("Permit2 nonce of swap %d", i).isTrue();
            }

            assertThat(chain.nonce(GaslessChain.RELAYER, "latest")).as("relayer nonces used").isEqualTo(SWAPS);
            assertThat(chain.nonce(GaslessChain.RELAYER, "pending")).as("nothing left pending").isEqualTo(SWAPS);
            String txs = schema + ".relayer_txs";
            assertThat(Postgres.count("SELECT COUNT(*) FROM " + txs)).isEqualTo(SWAPS);
            assertThat(Postgres.count("SELECT COUNT(DISTINCT nonce) FROM " + txs)).isEqualTo(SWAPS);
            assertThat(Postgres.count("SELECT MAX(nonce) FROM " + txs)).isEqualTo(SWAPS - 1);
            assertThat(Postgres.count("SELECT COUNT(*) FROM " + txs + " WHERE state <> 'CONFIRMED'")).isZero();
            assertThat(Postgres.count("SELECT COUNT(*) FROM " + schema + ".relayer_signed")).as("signed versions")
                    .isEqualTo(SWAPS);
            assertThat(Postgres.count("SELECT COUNT(*) FROM " + schema + ".swaps WHERE terminal = FALSE")).isZero();
            // both instances accepted swaps and both drove them
            assertThat(Postgres.count("SELECT COUNT(DISTINCT instance) FROM " + schema + ".swap_events WHERE event = 'SUBMITTED'"))
                    .isEqualTo(2);
            assertThat(Postgres.count("SELECT COUNT(DISTINCT instance) FROM " + schema + ".swap_events WHERE event <> 'SUBMITTED'"))
                    .isEqualTo(2);
            for (Address o : GaslessChain.OWNERS) {
                assertThat(ownersBefore.get(o).subtract(chain.balance(chain.weth, o))).as("WETH paid by %s", o)
                        .isEqualTo(GaslessChain.AMOUNT.multiply(BigInteger.valueOf(SWAPS / 2)));
            }
        } finally {
            for (ServiceProcess s : new ServiceProcess[] {a, b}) {
                if (s != null && s.alive()) {
                    s.kill();
                }
            }
            Postgres.dropSchema(schema);
        }
    }

    private static Address owner(int i) {
        return GaslessChain.OWNERS.get(i % 2);
    }
}
