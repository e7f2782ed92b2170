package dev.junction.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.market.Chain;
import dev.junction.status.StatusResult;
import dev.junction.status.StatusService;
import dev.junction.status.SwapStatus;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * Router calls on the devnet executed by the executor: the input is pulled from the wallet, the route runs with the
 * exact pool math, the bridge settles on the destination chain's ledger, the receipt carries the router's events, and
 * GET /status's service follows the wallet's transaction hash to DONE with kind {@code direct}. The router call is
 * handed to the devnet already decoded ({@link RouterCall}): decoding {@code executeRoute} calldata waits for the
 * calldata module (see the devnet report).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "junction.devnet.enabled=true")
@Import(RouterMarket.class)
class RouterExecutionTest {

    static final String QUOTE = "0x" + "ab".repeat(32);
    static final BigInteger THOUSAND_USDC = BigInteger.valueOf(1_000_000_000L);

    @LocalServerPort
    int port;

    @Autowired
    Devnet devnet;

    @Autowired
    StatusService status;

    Wallets eth;
    Wallets arb;
    Credentials alice;
    String receiver;

    @BeforeEach
    void setUp() throws Exception {
        eth = new Wallets(port, 1);
        arb = new Wallets(port, 42161);
        alice = Wallets.create();
        receiver = Wallets.create().getAddress();
        eth.setBalance(alice.getAddress(), Wallets.ETHER);
        eth.mint(RouterMarket.ETH_USDC.lower(), alice.getAddress(), THOUSAND_USDC);
    }

    @Test
    void crossChainUsdcToWethReachesTheReceiverOnArbitrum() throws Exception {
        approve(RouterMarket.ETH_ROUTER, THOUSAND_USDC);
        Instant deadline = Instant.now().plusSeconds(3600L * 24 * 365);
        RouterCall call = new RouterCall(RouterMarket.crossChain(sender(), Address.evm(receiver), BigInteger.ONE,
                deadline), 0, QUOTE, RouterMarket.ACROSS_ADAPTER);
        String hash = sendRoute(call);

        TransactionReceipt r = eth.receipt(hash);
        assertThat(r.isStatusOK()).isTrue();
        assertThat(eth.tokenBalance(RouterMarket.ETH_USDC.lower(), alice.getAddress())).isZero();
        List<String> topics = r.getLogs().stream().map(l -> l.getTopics().get(0)).toList();
        assertThat(topics).containsExactly(Hash.sha3String("Transfer(address,address,uint256)"),
                Hash.sha3String("BridgeInitiated(bytes32,address,uint256,address,uint256,address)"),
                Hash.sha3String("RouteExecuted(bytes32,address,address,address,uint256,address,uint256)"));
        assertThat(r.getLogs().get(1).getTopics().get(1)).isEqualTo(QUOTE);
        assertThat(r.getLogs().get(1).getAddress()).isEqualTo(RouterMarket.ETH_ROUTER.lower());

        StatusResult done = awaitTerminal(hash);
        assertThat(done.status()).isEqualTo(SwapStatus.DONE);
        assertThat(done.kind()).isEqualTo("direct");
        assertThat(done.srcTxDetails().txHash()).isEqualTo(hash);
        BigInteger weth = new BigInteger(done.toAsset().amount());
        assertThat(weth).isPositive();
        assertThat(arb.tokenBalance(RouterMarket.ARB_WETH.lower(), receiver)).isEqualTo(weth);
    }

    @Test
    void withoutAllowanceTheRouterCallRevertsAndNothingMoves() throws Exception {
        RouterCall call = new RouterCall(RouterMarket.crossChain(sender(), Address.evm(receiver), BigInteger.ONE,
                Instant.now().plusSeconds(3600L * 24 * 365)), 0, QUOTE, RouterMarket.ACROSS_ADAPTER);
        TransactionReceipt r = eth.receipt(sendRoute(call));
        assertThat(r.isStatusOK()).isFalse();
        assertThat(r.getRevertReason()).isEqualTo("ERC20: insufficient allowance");
        assertThat(eth.tokenBalance(RouterMarket.ETH_USDC.lower(), alice.getAddress())).isEqualTo(THOUSAND_USDC);
    }

    @Test
    void anExpiredDeadlineRevertsAndNothingMoves() throws Exception {
        approve(RouterMarket.ETH_ROUTER, THOUSAND_USDC);
        RouterCall call = new RouterCall(RouterMarket.crossChain(sender(), Address.evm(receiver), BigInteger.ONE,
                Instant.parse("2020-01-01T00:00:00Z")), 0, QUOTE, RouterMarket.ACROSS_ADAPTER);
        TransactionReceipt r = eth.receipt(sendRoute(call));
        assertThat(r.isStatusOK()).isFalse();
        assertThat(r.getRevertReason()).startsWith("DeadlineExpired(1577836800, ");
        assertThat(eth.tokenBalance(RouterMarket.ETH_USDC.lower(), alice.getAddress())).isEqualTo(THOUSAND_USDC);
    }

    @Test
    void outputBelowTheMinimumRevertsAtExecutionAndReturnsTheInput() throws Exception {
        approve(RouterMarket.ETH_ROUTER, THOUSAND_USDC);
        // 1,000 USDC cannot buy 1 WETH at 3,000 USDC/WETH
        RouterCall call = new RouterCall(RouterMarket.sameChain(sender(), Wallets.ETHER, Instant.now().plusSeconds(3600L * 24 * 365)),
                0, QUOTE, null);
        String hash = sendRoute(call);
        TransactionReceipt r = eth.receipt(hash);
        assertThat(r.isStatusOK()).isFalse();
        assertThat(r.getRevertReason()).startsWith("InsufficientOutput");
        assertThat(r.getLogs()).isEmpty();
        assertThat(eth.tokenBalance(RouterMarket.ETH_USDC.lower(), alice.getAddress())).isEqualTo(THOUSAND_USDC);
        assertThat(awaitTerminal(hash).status()).isEqualTo(SwapStatus.FAILED);
    }

    @Test
    void permit2ModePullsThroughPermit2() throws Exception {
        approve(Contracts.PERMIT2, Contracts.MAX_UINT256);
        eth.sendAndWait(eth.sign1559(alice, Contracts.PERMIT2.lower(), BigInteger.ZERO, FunctionEncoder.encode(
                new Function("approve", List.of(new org.web3j.abi.datatypes.Address(RouterMarket.ETH_USDC.lower()),
                        new org.web3j.abi.datatypes.Address(RouterMarket.ETH_ROUTER.lower()),
                        new org.web3j.abi.datatypes.generated.Uint160(THOUSAND_USDC),
                        new org.web3j.abi.datatypes.generated.Uint48(4_000_000_000L)), List.of())), 100_000));
        RouterCall call = new RouterCall(RouterMarket.sameChain(sender(), BigInteger.ONE, Instant.now().plusSeconds(3600L * 24 * 365)),
                2, QUOTE, null);
        String hash = sendRoute(call);
        TransactionReceipt r = eth.receipt(hash);
        assertThat(r.isStatusOK()).isTrue();
        StatusResult done = awaitTerminal(hash);
        assertThat(done.status()).isEqualTo(SwapStatus.DONE);
        assertThat(eth.tokenBalance(RouterMarket.ETH_WETH.lower(), alice.getAddress()))
                .isEqualTo(new BigInteger(done.toAsset().amount()));
        assertThat(eth.tokenBalance(RouterMarket.ETH_USDC.lower(), alice.getAddress())).isZero();
    }

    private Address sender() {
        return Address.evm(alice.getAddress());
    }

    private void approve(Address spender, BigInteger amount) throws Exception {
        TransactionReceipt r = eth.sendAndWait(eth.sign1559(alice, RouterMarket.ETH_USDC.lower(), BigInteger.ZERO,
                FunctionEncoder.encode(new Function("approve", List.of(new org.web3j.abi.datatypes.Address(
                        spender.lower()), new Uint256(amount)), List.of())), 100_000));
        assertThat(r.isStatusOK()).isTrue();
    }

    /** Signs a transaction to the router and hands it to the devnet with its decoded route. */
    private String sendRoute(RouterCall call) throws Exception {
        String raw = Wallets.sign1559(alice, 1, eth.nonce(alice.getAddress()), RouterMarket.ETH_ROUTER.lower(),
                BigInteger.ZERO, EvmAbi.selector("executeRoute"), 1_000_000);
        Chain chain = devnet.chain("1");
        return devnet.sendRaw(chain, raw, call);
    }

    private StatusResult awaitTerminal(String hash) throws InterruptedException {
        StatusResult s = null;
        for (int i = 0; i < 200; i++) {
            s = status.lookup(new TxHash(hash), ChainId.of(1), null);
            if (s.status() != SwapStatus.PENDING && s.status() != SwapStatus.NOT_FOUND) {
                return s;
            }
            Thread.sleep(100);
        }
        return s;
    }
}
