package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.calldata.AdapterDirectory;
import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.execution.ChainRelay;
import dev.junction.execution.relayer.AnvilNode;
import dev.junction.execution.relayer.RelayedTx;
import dev.junction.execution.relayer.Relayer;
import dev.junction.execution.relayer.RelayerFixture;
import dev.junction.execution.relayer.RelayerOnAnvilTest;
import dev.junction.execution.relayer.RelayerPolicy;
import dev.junction.support.AnvilHarness;
import dev.junction.support.TestDatabase;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.utils.Numeric;
import tools.jackson.databind.JsonNode;

/**
 * The checks before a gasless swap is accepted on a real chain, against a real anvil with the real Permit2 and a test
 * ERC-20 (the chains harness deploys both): balance, Permit2 allowance, Permit2 nonce bitmap.
 */
class OwnerFundsOnAnvilTest {

    private static final BigInteger USDC = BigInteger.TEN.pow(6);

    @Test
    void balanceAllowanceAndNonceAreCheckedOnChainAndEachRefusalNamesTheShortfall() throws Exception {
        try (AnvilNode node = AnvilNode.start(31337); RelayerFixture db = RelayerFixture.of("h2")) {
            String ownerKey = RelayerFixture.fundedKey(node);
            Relayer owner = db.relayer(node, ownerKey, new RelayerPolicy(1, 5, 125, 1500));
            owner.reconcile();
            JsonNode market = AnvilHarness.deployMarket("http://127.0.0.1:" + node.port, AnvilHarness.DEV_KEYS.get(0),
                    "{\"tokens\":[{\"symbol\":\"USDC\",\"name\":\"USD Coin\",\"decimals\":6}],\"fund\":[{\"address\":\""
                            + owner.address().lower() + "\",\"tokens\":{\"USDC\":\"1000\"}}]}");
            Address token = Address.evm(market.get("tokens").get("USDC").asString());
            assertThat(Address.evm(market.get("permit2").asString())).isEqualTo(Permit2.ADDRESS);
            ChainId chain = ChainId.of(node.chainId);
            OwnerFunds funds = new OwnerFunds(new ReadingRelay(node, chain));
            BigInteger amount = USDC.multiply(BigInteger.valueOf(500));

            assertThat(funds.applies(chain)).isTrue();
            assertThat(funds.applies(ChainId.of(1))).isFalse();
            // no approval of Permit2 yet
            assertThatThrownBy(() -> funds.requireFunded(chain, owner.address(), token, amount))
                    .isInstanceOfSatisfying(GaslessException.class,
                            e -> assertThat(e.failure()).isEqualTo(GaslessFailure.INSUFFICIENT_FUNDS))
                    .hasMessageContaining(owner.address().toString()).hasMessageContaining(token.toString())
                    .hasMessageContaining("allows Permit2").hasMessageContaining("500000000 short");

            send(owner, node, token, "approve", Permit2.ADDRESS, USDC.multiply(BigInteger.valueOf(300)));
            assertThatThrownBy(() -> funds.requireFunded(chain, owner.address(), token, amount))
                    .hasMessageContaining("allows Permit2 (" + Permit2.ADDRESS + ") 300000000")
                    .hasMessageContaining("200000000 short");

            send(owner, node, token, "approve", Permit2.ADDRESS, BigInteger.TWO.pow(256).subtract(BigInteger.ONE));
            assertThatCode(() -> funds.requireFunded(chain, owner.address(), token, amount)).doesNotThrowAnyException();
            assertThatThrownBy(() -> funds.requireFunded(chain, owner.address(), token,
                    USDC.multiply(BigInteger.valueOf(1500))))
                    .hasMessageContaining("holds 1000000000 of token " + token)
                    .hasMessageContaining("500000000 short");

            // nonce 300 = word 1, bit 44: spent on chain with Permit2.invalidateUnorderedNonces(1, 1 << 44)
            PermitNonce spent = new PermitNonce(300);
            assertThatCode(() -> funds.requireNonceUnused(chain, owner.address(), spent)).doesNotThrowAnyException();
            RelayedTx invalidate = owner.prepare(null, Permit2.ADDRESS, BigInteger.ZERO, Numeric.hexStringToByteArray(
                    FunctionEncoder.encode(new Function("invalidateUnorderedNonces", List.of(new Uint256(1),
                            new Uint256(BigInteger.ONE.shiftLeft(44))), List.of()))), null);
            assertThat(RelayerOnAnvilTest.settle(owner, node, invalidate.id()).success()).isTrue();

            assertThatThrownBy(() -> funds.requireNonceUnused(chain, owner.address(), spent))
                    .isInstanceOfSatisfying(GaslessException.class,
                            e -> assertThat(e.failure()).isEqualTo(GaslessFailure.NONCE_USED))
                    .hasMessageContaining("word 1, bit 44");
            assertThatCode(() -> funds.requireNonceUnused(chain, owner.address(), new PermitNonce(301)))
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void aSubmitOnAChainWithANodeRefusesAnOwnerWithoutTheTokensAndAcceptsNothing() throws Exception {
        // anvil as Ethereum (chain 1): Permit2 at its canonical address, a test ERC-20's code at the market's USDC
        try (AnvilNode node = AnvilNode.start(1); GaslessFixtureDb f = new GaslessFixtureDb(node)) {
            JsonNode market = AnvilHarness.deployMarket("http://127.0.0.1:" + node.port, AnvilHarness.DEV_KEYS.get(0),
                    "{\"tokens\":[{\"symbol\":\"USDC\",\"name\":\"USD Coin\",\"decimals\":6}]}");
            String code = node.rpc.client().call("eth_getCode", market.get("tokens").get("USDC").asString(), "latest")
                    .asString();
            node.rpc.client().call("anvil_setCode", GaslessFixture.USDC.lower(), code);
            GaslessQuote q = f.fixture.service.quote(GaslessFixture.command(GaslessFixture.ETH, 3)).getFirst();

            assertThatThrownBy(() -> f.fixture.service.submit(q.quoteId(),
                    GaslessFixture.sign(q.typedData().digest(), GaslessFixture.KEY)))
                    .isInstanceOfSatisfying(GaslessException.class, e -> {
                        assertThat(e.failure()).isEqualTo(GaslessFailure.INSUFFICIENT_FUNDS);
                        assertThat(e.param()).isEqualTo("amount");
                    })
                    .hasMessageContaining("owner " + GaslessFixture.OWNER + " holds 0 of token " + GaslessFixture.USDC);
            assertThat(f.fixture.swaps.plans).isEmpty();
            assertThat(f.fixture.nonces.isUsed(GaslessFixture.OWNER, q.nonce())).isFalse();
        }
    }

    /** The gasless fixture on H2 with chain mode's executor (Junction's relayer on chain 1), closed with the test. */
    private static final class GaslessFixtureDb implements AutoCloseable {
        final GaslessFixture fixture;

        GaslessFixtureDb(AnvilNode node) {
            fixture = new GaslessFixture(TestDatabase.h2(), 1.0, swaps -> new ChainGaslessExecutor(
                    new ReadingRelay(node, ChainId.of(1)), swaps, AdapterDirectory.DERIVED,
                    GaslessConfiguration.DEFAULT_FEE_MARGIN_PERCENT));
        }

        @Override
        public void close() {
            fixture.db.close();
        }
    }

    /**
     * A relayer on one chain that reads the anvil node; sending is never reached here (the owner's funds are refused
     * before the relayer's call is simulated, and {@link OwnerFunds} only reads).
     */
    private record ReadingRelay(AnvilNode node, ChainId chain) implements ChainRelay {

        static final Address RELAYER = Address.evm("0x00000000000000000000000000000000000a11ce");

        @Override
        public boolean configured(ChainId c) {
            return c.equals(chain);
        }

        @Override
        public byte[] call(ChainId c, Address to, byte[] data) {
            return node.rpc.call(to, data);
        }

        @Override
        public Optional<Address> relayer(ChainId c) {
            return configured(c) ? Optional.of(RELAYER) : Optional.empty();
        }

        @Override
        public Optional<Address> feeRecipient(ChainId c) {
            return relayer(c);
        }

        @Override
        public byte[] simulate(ChainId c, Address to, byte[] data) {
            throw new UnsupportedOperationException("not reached");
        }

        @Override
        public long gasLimit(ChainId c, Address to, byte[] data) {
            throw new UnsupportedOperationException("not reached");
        }

        @Override
        public void requireFunded(ChainId c, long gasLimit) {
            throw new UnsupportedOperationException("not reached");
        }

        @Override
        public Relayed prepare(ChainId c, String reference, Address to, byte[] data, long gasLimit, long validUntil) {
            throw new UnsupportedOperationException("not reached");
        }

        @Override
        public void wake() {
            throw new UnsupportedOperationException("not reached");
        }

        @Override
        public Optional<Outcome> outcome(ChainId c, TxHash hash) {
            throw new UnsupportedOperationException("not reached");
        }
    }

    private static void send(Relayer from, AnvilNode node, Address token, String method, Address spender,
            BigInteger amount) {
        byte[] data = Numeric.hexStringToByteArray(FunctionEncoder.encode(new Function(method, List.of(
                new org.web3j.abi.datatypes.Address(spender.lower()), new Uint256(amount)), List.of())));
        RelayedTx t = from.prepare(null, token, BigInteger.ZERO, data, null);
        assertThat(RelayerOnAnvilTest.settle(from, node, t.id()).success()).isTrue();
    }
}
