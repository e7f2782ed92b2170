package dev.junction.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.utils.Numeric;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole product offline, driven as an integrator drives it: web3j over HTTP against the devnet, and Junction's REST
 * API. A fresh wallet is funded, approves the router, sends the transaction {@code /build-best-path} built for a
 * cross-chain USDC (Ethereum) -> WETH (Arbitrum) route, sees the receipt, polls {@code /status} to DONE with kind
 * {@code direct}, and finds the WETH in the receiver's balance on Arbitrum via {@code eth_call balanceOf}. The
 * production market data (pools frozen: {@code junction.market.living=false}); the simulation clock runs at 60x.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"junction.market.living=false", "junction.simulation.clock-speed=60",
                "junction.devnet.enabled=true"})
class DevnetEndToEndTest {

    static final String ETH_USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
    static final String ARB_WETH = "0x82af49447d8a07e3bd95bd0d56f35241523fbab1";
    static final BigInteger THOUSAND_USDC = BigInteger.valueOf(1_000_000_000L);

    @LocalServerPort
    int port;

    @Autowired
    JsonMapper json;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void walletSendsTheBuiltCrossChainRouteAndStatusFollowsItToDone() throws Exception {
        Wallets eth = new Wallets(port, 1);
        Wallets arb = new Wallets(port, 42161);
        Credentials wallet = Wallets.create();
        String receiver = Wallets.create().getAddress();
        eth.setBalance(wallet.getAddress(), Wallets.ETHER);
        eth.mint(ETH_USDC, wallet.getAddress(), THOUSAND_USDC);

        JsonNode tx = get("/build-best-path?fromChain=1&toChain=42161&fromToken=" + ETH_USDC + "&toToken=" + ARB_WETH
                + "&amount=" + THOUSAND_USDC + "&sender=" + wallet.getAddress() + "&receiver=" + receiver)
                .get("data").get("Tx");
        assertThat(tx.get("chain").asLong()).isEqualTo(1);
        String router = tx.get("to").asString();

        TransactionReceipt approved = eth.sendAndWait(eth.sign1559(wallet, ETH_USDC, BigInteger.ZERO,
                FunctionEncoder.encode(new Function("approve", List.of(new Address(tx.get("allowanceTarget").asString()),
                        new Uint256(THOUSAND_USDC)), List.of())), 100_000));
        assertThat(approved.isStatusOK()).isTrue();

        RawTransaction raw = RawTransaction.createTransaction(1, eth.nonce(wallet.getAddress()),
                new BigInteger(tx.get("gasLimit").asString()), router, new BigInteger(tx.get("value").asString()),
                tx.get("data").asString(), Wallets.GWEI, Wallets.GWEI.multiply(BigInteger.valueOf(100)));
        String signed = Numeric.toHexString(TransactionEncoder.signMessage(raw, wallet));
        var sent = eth.send(signed);
        assertThat(sent.hasError()).as(() -> String.valueOf(sent.getError() == null ? "" : sent.getError().getMessage()))
                .isFalse();
        String hash = sent.getTransactionHash();
        assertThat(hash).isEqualTo(Hash.sha3(signed));

        TransactionReceipt receipt = eth.receipt(hash);
        assertThat(receipt.isStatusOK()).as(receipt.getRevertReason()).isTrue();
        assertThat(receipt.getLogs()).extracting(l -> l.getTopics().get(0)).contains(
                Hash.sha3String("BridgeInitiated(bytes32,address,uint256,address,uint256,address)"),
                Hash.sha3String("RouteExecuted(bytes32,address,address,address,uint256,address,uint256)"));
        assertThat(eth.tokenBalance(ETH_USDC, wallet.getAddress())).isZero();

        JsonNode status = null;
        for (int i = 0; i < 600; i++) {
            status = get("/status?txHash=" + hash + "&fromChainId=1").get("data");
            String s = status.get("status").asString();
            if (!s.equals("PENDING") && !s.equals("NOT_FOUND")) {
                break;
            }
            Thread.sleep(200);
        }
        assertThat(status.get("status").asString()).isEqualTo("DONE");
        assertThat(status.get("kind").asString()).isEqualTo("direct");
        assertThat(status.get("srcTxDetails").get("txHash").asString()).isEqualTo(hash);
        assertThat(status.get("toAsset").get("address").asString()).isEqualToIgnoringCase(ARB_WETH);
        BigInteger weth = new BigInteger(status.get("toAsset").get("amount").asString());
        assertThat(weth).isPositive();
        assertThat(arb.tokenBalance(ARB_WETH, receiver)).isEqualTo(weth);
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).GET()
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json.readTree(r.body());
    }
}
