package dev.junction.devnet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.support.TestMarket;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Uint160;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint48;
import org.web3j.abi.datatypes.generated.Uint8;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthCall;
import org.web3j.protocol.core.methods.response.EthSendTransaction;
import org.web3j.protocol.core.methods.response.Log;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * A real JSON-RPC client (web3j's {@code Web3j} over {@code HttpService}) against the devnet: funding, native transfers
 * (legacy and EIP-1559), ERC-20 calls and transactions with their logs, Permit2 allowances, reverts, and every refusal a
 * node makes at submission.
 */
// its own context (the extra property): a context cached and paused by another test class is restarted on reuse, and
// the api module's InstanceRegistry fails on restart (duplicate junction_instance row) - reported to the lead
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"junction.execution.runner-enabled=false", "junction.devnet.test-context=wallet",
                "junction.devnet.enabled=true"})
@Import({TestMarket.class, DevnetTestConfig.class})
class DevnetWalletTest {

    static final String USDC = TestMarket.USDC_ETHEREUM.lower();
    static final String PERMIT2 = "0x000000000022d473030f116ddee9f6b43ac78ba3";
    static final BigInteger BASE_FEE = Wallets.GWEI.multiply(BigInteger.valueOf(20));

    @LocalServerPort
    int port;

    Wallets eth;
    Credentials alice;
    Credentials bob;

    @BeforeEach
    void setUp() throws Exception {
        eth = new Wallets(port, 1);
        alice = Wallets.create();
        bob = Wallets.create();
        eth.setBalance(alice.getAddress(), Wallets.ETHER);
    }

    @Test
    void fundedWalletSendsEip1559TransferAndSeesItsReceipt() throws Exception {
        assertThat(eth.web3.ethGetBalance(alice.getAddress(), DefaultBlockParameterName.LATEST).send().getBalance())
                .isEqualTo(Wallets.ETHER);
        BigInteger tenth = Wallets.ETHER.divide(BigInteger.TEN);
        String raw = eth.sign1559(alice, bob.getAddress(), tenth, "", 21_000);
        EthSendTransaction sent = eth.send(raw);
        assertThat(sent.hasError()).isFalse();
        assertThat(sent.getTransactionHash()).as("keccak of the raw signed bytes")
                .isEqualTo(Hash.sha3(raw));
        TransactionReceipt r = eth.receipt(sent.getTransactionHash());
        assertThat(r.isStatusOK()).isTrue();
        assertThat(r.getGasUsed()).isEqualTo(BigInteger.valueOf(21_000));
        assertThat(r.getFrom()).isEqualTo(alice.getAddress());
        // effective price = min(maxFee 100 gwei, base 20 gwei + tip 1 gwei) = 21 gwei
        BigInteger price = BASE_FEE.add(Wallets.GWEI);
        assertThat(Numeric(r.getEffectiveGasPrice())).isEqualTo(price);
        assertThat(eth.web3.ethGetBalance(bob.getAddress(), DefaultBlockParameterName.LATEST).send().getBalance())
                .isEqualTo(tenth);
        assertThat(eth.web3.ethGetBalance(alice.getAddress(), DefaultBlockParameterName.LATEST).send().getBalance())
                .isEqualTo(Wallets.ETHER.subtract(tenth).subtract(price.multiply(BigInteger.valueOf(21_000))));
        assertThat(eth.nonce(alice.getAddress())).isEqualTo(BigInteger.ONE);
        var tx = eth.web3.ethGetTransactionByHash(sent.getTransactionHash()).send().getTransaction().orElseThrow();
        assertThat(tx.getFrom()).isEqualTo(alice.getAddress());
        assertThat(tx.getValue()).isEqualTo(tenth);
        assertThat(tx.getType()).isEqualTo("0x2");
        EthBlock.Block block = eth.web3.ethGetBlockByNumber(
                org.web3j.protocol.core.DefaultBlockParameter.valueOf(r.getBlockNumber()), false).send().getBlock();
        assertThat(block.getTransactions()).extracting(t -> (String) t.get()).contains(sent.getTransactionHash());
        assertThat(block.getHash()).isEqualTo(r.getBlockHash());
    }

    @Test
    void legacyEip155TransactionIsAccepted() throws Exception {
        String raw = Wallets.signLegacy(alice, 1, BigInteger.ZERO, bob.getAddress(), BigInteger.ONE, "", 21_000);
        TransactionReceipt r = eth.sendAndWait(raw);
        assertThat(r.isStatusOK()).isTrue();
        assertThat(Numeric(r.getEffectiveGasPrice())).isEqualTo(Wallets.GWEI.multiply(BigInteger.valueOf(50)));
        assertThat(eth.web3.ethGetBalance(bob.getAddress(), DefaultBlockParameterName.LATEST).send().getBalance())
                .isEqualTo(BigInteger.ONE);
    }

    @Test
    void erc20ViewsApproveAndTransferWithLogs() throws Exception {
        assertThat(eth.mint(USDC, alice.getAddress(), BigInteger.valueOf(1_000_000_000)).getResult())
                .isEqualTo("0x3b9aca00");
        assertThat(eth.tokenBalance(USDC, alice.getAddress())).isEqualTo(BigInteger.valueOf(1_000_000_000));
        assertThat(eth.callDecoded(USDC, new Function("decimals", List.of(), List.of(new TypeReference<Uint8>() { })))
                .get(0).getValue()).isEqualTo(BigInteger.valueOf(6));
        assertThat(eth.callDecoded(USDC, new Function("symbol", List.of(), List.of(new TypeReference<Utf8String>() { })))
                .get(0).getValue()).isEqualTo("USDC");

        String spender = bob.getAddress();
        TransactionReceipt approved = eth.sendAndWait(eth.sign1559(alice, USDC, BigInteger.ZERO,
                FunctionEncoder.encode(new Function("approve", List.of(new Address(spender),
                        new Uint256(BigInteger.valueOf(300_000_000))), List.of())), 100_000));
        assertThat(approved.isStatusOK()).isTrue();
        Log approval = approved.getLogs().get(0);
        assertThat(approval.getAddress()).isEqualTo(USDC);
        assertThat(approval.getTopics().get(0)).isEqualTo(Hash.sha3String("Approval(address,address,uint256)"));
        assertThat(approval.getTopics().get(2)).endsWith(spender.substring(2));
        assertThat(allowance(alice.getAddress(), spender)).isEqualTo(BigInteger.valueOf(300_000_000));

        TransactionReceipt moved = eth.sendAndWait(eth.sign1559(alice, USDC, BigInteger.ZERO, FunctionEncoder.encode(
                new Function("transfer", List.of(new Address(bob.getAddress()), new Uint256(250_000_000)),
                        List.of())), 100_000));
        assertThat(moved.isStatusOK()).isTrue();
        assertThat(moved.getLogs().get(0).getTopics().get(0))
                .isEqualTo(Hash.sha3String("Transfer(address,address,uint256)"));
        assertThat(moved.getLogs().get(0).getData()).endsWith(Long.toHexString(250_000_000));
        assertThat(eth.tokenBalance(USDC, alice.getAddress())).isEqualTo(BigInteger.valueOf(750_000_000));
        assertThat(eth.tokenBalance(USDC, bob.getAddress())).isEqualTo(BigInteger.valueOf(250_000_000));
    }

    @Test
    void revertedTransferMovesNothingButNonceAndGas() throws Exception {
        eth.mint(USDC, alice.getAddress(), BigInteger.TEN);
        Function tooMuch = new Function("transfer", List.of(new Address(bob.getAddress()), new Uint256(11)), List.of());
        EthCall call = eth.call(alice.getAddress(), USDC, tooMuch);
        assertThat(call.hasError()).isTrue();
        assertThat(call.getError().getCode()).isEqualTo(3);
        assertThat(call.getError().getData().replace("\"", "")).startsWith("0x08c379a0");
        assertThat(call.getRevertReason()).contains("ERC20: transfer amount exceeds balance");
        var estimate = eth.web3.ethEstimateGas(org.web3j.protocol.core.methods.request.Transaction
                .createFunctionCallTransaction(alice.getAddress(), null, null, null, USDC,
                        FunctionEncoder.encode(tooMuch))).send();
        assertThat(estimate.getError().getCode()).isEqualTo(3);

        BigInteger before = eth.web3.ethGetBalance(alice.getAddress(), DefaultBlockParameterName.LATEST).send()
                .getBalance();
        TransactionReceipt r = eth.sendAndWait(eth.sign1559(alice, USDC, BigInteger.ZERO,
                FunctionEncoder.encode(tooMuch), 100_000));
        assertThat(r.isStatusOK()).isFalse();
        assertThat(r.getRevertReason()).isEqualTo("ERC20: transfer amount exceeds balance");
        assertThat(r.getLogs()).isEmpty();
        assertThat(eth.tokenBalance(USDC, alice.getAddress())).isEqualTo(BigInteger.TEN);
        assertThat(eth.tokenBalance(USDC, bob.getAddress())).isZero();
        assertThat(eth.nonce(alice.getAddress())).isEqualTo(BigInteger.ONE);
        assertThat(eth.web3.ethGetBalance(alice.getAddress(), DefaultBlockParameterName.LATEST).send().getBalance())
                .isEqualTo(before.subtract(r.getGasUsed().multiply(BASE_FEE.add(Wallets.GWEI))));
    }

    @Test
    void refusesWrongChainId() throws Exception {
        String raw = Wallets.sign1559(alice, 42161, BigInteger.ZERO, bob.getAddress(), BigInteger.ONE, "", 21_000);
        assertRefused(eth.send(raw), "invalid chain id for signer: have 42161 want 1");
        String legacy = Wallets.signLegacy(alice, 10, BigInteger.ZERO, bob.getAddress(), BigInteger.ONE, "", 21_000);
        assertRefused(eth.send(legacy), "invalid chain id for signer: have 10 want 1");
        assertThat(eth.nonce(alice.getAddress())).isZero();
    }

    @Test
    void refusesUnprotectedLegacyTransaction() throws Exception {
        var raw = org.web3j.crypto.RawTransaction.createEtherTransaction(BigInteger.ZERO,
                Wallets.GWEI.multiply(BigInteger.valueOf(50)), BigInteger.valueOf(21_000), bob.getAddress(),
                BigInteger.ONE);
        String signed = org.web3j.utils.Numeric.toHexString(
                org.web3j.crypto.TransactionEncoder.signMessage(raw, alice));
        assertRefused(eth.send(signed), "only replay-protected (EIP-155) transactions allowed over RPC");
    }

    @Test
    void refusesNonceTooLowAndNonceGaps() throws Exception {
        eth.sendAndWait(Wallets.sign1559(alice, 1, BigInteger.ZERO, bob.getAddress(), BigInteger.ONE, "", 21_000));
        assertRefused(eth.send(Wallets.sign1559(alice, 1, BigInteger.ZERO, bob.getAddress(), BigInteger.TWO, "",
                21_000)), "nonce too low: next nonce 1, tx nonce 0");
        assertRefused(eth.send(Wallets.sign1559(alice, 1, BigInteger.valueOf(3), bob.getAddress(), BigInteger.ONE, "",
                21_000)), "nonce too high: next nonce 1, tx nonce 3");
        assertThat(eth.nonce(alice.getAddress())).isEqualTo(BigInteger.ONE);
    }

    @Test
    void refusesResendOfTheSameTransaction() throws Exception {
        String raw = Wallets.sign1559(alice, 1, BigInteger.ZERO, bob.getAddress(), BigInteger.ONE, "", 21_000);
        eth.sendAndWait(raw);
        assertRefused(eth.send(raw), "already known");
    }

    @Test
    void refusesInsufficientFundsForValuePlusGas() throws Exception {
        // 1 ETH - 21000 x 100 gwei max fee leaves less than the value
        String raw = eth.sign1559(alice, bob.getAddress(), Wallets.ETHER, "", 21_000);
        EthSendTransaction sent = eth.send(raw);
        assertRefused(sent, "insufficient funds for gas * price + value: balance 1000000000000000000, tx cost "
                + Wallets.ETHER.add(BigInteger.valueOf(21_000).multiply(Wallets.GWEI.multiply(BigInteger.valueOf(100)))));
        assertThat(eth.web3.ethGetBalance(bob.getAddress(), DefaultBlockParameterName.LATEST).send().getBalance())
                .isZero();
    }

    @Test
    void refusesIntrinsicGasTooLowAndFeeBelowBaseFee() throws Exception {
        assertRefused(eth.send(eth.sign1559(alice, bob.getAddress(), BigInteger.ONE, "", 20_000)),
                "intrinsic gas too low");
        var raw = org.web3j.crypto.RawTransaction.createTransaction(1, BigInteger.ZERO, BigInteger.valueOf(21_000),
                bob.getAddress(), BigInteger.ONE, "", BigInteger.ONE, Wallets.GWEI);
        assertRefused(eth.send(org.web3j.utils.Numeric.toHexString(
                org.web3j.crypto.TransactionEncoder.signMessage(raw, alice))), "max fee per gas less than block base fee");
    }

    @Test
    void permit2AllowanceModel() throws Exception {
        eth.mint(USDC, alice.getAddress(), BigInteger.valueOf(1_000));
        eth.setBalance(bob.getAddress(), Wallets.ETHER);
        String carol = Wallets.create().getAddress();
        // token.approve(Permit2, max) then Permit2.approve(token, bob, 600, far future)
        eth.sendAndWait(eth.sign1559(alice, USDC, BigInteger.ZERO, FunctionEncoder.encode(new Function("approve",
                List.of(new Address(PERMIT2), new Uint256(Contracts.MAX_UINT256)), List.of())), 100_000));
        long expiry = 4_000_000_000L;
        TransactionReceipt p2 = eth.sendAndWait(eth.sign1559(alice, PERMIT2, BigInteger.ZERO, FunctionEncoder.encode(
                new Function("approve", List.of(new Address(USDC), new Address(bob.getAddress()), new Uint160(600),
                        new Uint48(expiry)), List.of())), 100_000));
        assertThat(p2.isStatusOK()).isTrue();
        assertThat(p2.getLogs().get(0).getTopics().get(0))
                .isEqualTo(Hash.sha3String("Approval(address,address,address,uint160,uint48)"));
        assertThat(permit2Allowance(alice.getAddress(), bob.getAddress()))
                .containsExactly(BigInteger.valueOf(600), BigInteger.valueOf(expiry), BigInteger.ZERO);

        // bob pulls 400 through Permit2 to carol
        Function pull = new Function("transferFrom", List.of(new Address(alice.getAddress()), new Address(carol),
                new Uint160(400), new Address(USDC)), List.of());
        assertThat(eth.sendAndWait(eth.sign1559(bob, PERMIT2, BigInteger.ZERO, FunctionEncoder.encode(pull), 100_000))
                .isStatusOK()).isTrue();
        assertThat(eth.tokenBalance(USDC, carol)).isEqualTo(BigInteger.valueOf(400));
        assertThat(permit2Allowance(alice.getAddress(), bob.getAddress()).get(0)).isEqualTo(BigInteger.valueOf(200));
        // a second pull of 400 exceeds the Permit2 allowance: reverts, nothing moves
        TransactionReceipt over = eth.sendAndWait(eth.sign1559(bob, PERMIT2, BigInteger.ZERO,
                FunctionEncoder.encode(pull), 100_000));
        assertThat(over.isStatusOK()).isFalse();
        assertThat(over.getRevertReason()).contains("InsufficientAllowance");
        assertThat(eth.tokenBalance(USDC, alice.getAddress())).isEqualTo(BigInteger.valueOf(600));
    }

    @Test
    void permit2NeedsTheTokenApprovalAndAnUnexpiredAllowance() throws Exception {
        eth.mint(USDC, alice.getAddress(), BigInteger.valueOf(1_000));
        eth.setBalance(bob.getAddress(), Wallets.ETHER);
        // a Permit2 allowance without token.approve(Permit2): the token refuses Permit2
        eth.sendAndWait(eth.sign1559(alice, PERMIT2, BigInteger.ZERO, FunctionEncoder.encode(new Function("approve",
                List.of(new Address(USDC), new Address(bob.getAddress()), new Uint160(600), new Uint48(4_000_000_000L)),
                List.of())), 100_000));
        Function pull = new Function("transferFrom", List.of(new Address(alice.getAddress()),
                new Address(bob.getAddress()), new Uint160(100), new Address(USDC)), List.of());
        TransactionReceipt r = eth.sendAndWait(eth.sign1559(bob, PERMIT2, BigInteger.ZERO,
                FunctionEncoder.encode(pull), 100_000));
        assertThat(r.getRevertReason()).isEqualTo("ERC20: insufficient allowance");
        // an expired Permit2 allowance (expiration 1 = 1970)
        eth.sendAndWait(eth.sign1559(alice, USDC, BigInteger.ZERO, FunctionEncoder.encode(new Function("approve",
                List.of(new Address(PERMIT2), new Uint256(1_000)), List.of())), 100_000));
        eth.sendAndWait(eth.sign1559(alice, PERMIT2, BigInteger.ZERO, FunctionEncoder.encode(new Function("approve",
                List.of(new Address(USDC), new Address(bob.getAddress()), new Uint160(600), new Uint48(1)),
                List.of())), 100_000));
        TransactionReceipt expired = eth.sendAndWait(eth.sign1559(bob, PERMIT2, BigInteger.ZERO,
                FunctionEncoder.encode(pull), 100_000));
        assertThat(expired.getRevertReason()).isEqualTo("Permit2: AllowanceExpired(1)");
        assertThat(eth.tokenBalance(USDC, alice.getAddress())).isEqualTo(BigInteger.valueOf(1_000));
    }

    @Test
    void mintRefusesUnknownTokens() throws Exception {
        Wallets.Text r = eth.mint("0x1111111111111111111111111111111111111111", alice.getAddress(), BigInteger.ONE);
        assertThat(r.getError().getCode()).isEqualTo(-32602);
    }

    private BigInteger allowance(String owner, String spender) throws Exception {
        return (BigInteger) eth.callDecoded(USDC, new Function("allowance", List.of(new Address(owner),
                new Address(spender)), List.of(new TypeReference<Uint256>() { }))).get(0).getValue();
    }

    @SuppressWarnings("rawtypes")
    private List<Object> permit2Allowance(String owner, String spender) throws Exception {
        Function f = new Function("allowance", List.of(new Address(owner), new Address(USDC), new Address(spender)),
                List.of(new TypeReference<Uint160>() { }, new TypeReference<Uint48>() { },
                        new TypeReference<Uint48>() { }));
        EthCall r = eth.call(null, PERMIT2, f);
        List<Type> out = FunctionReturnDecoder.decode(r.getValue(), f.getOutputParameters());
        return out.stream().map(t -> (Object) t.getValue()).toList();
    }

    private static void assertRefused(EthSendTransaction sent, String message) {
        assertThat(sent.hasError()).as("refused").isTrue();
        assertThat(sent.getError().getCode()).isEqualTo(-32000);
        assertThat(sent.getError().getMessage()).startsWith(message);
    }

    private static BigInteger Numeric(String hex) {
        return org.web3j.utils.Numeric.decodeQuantity(hex);
    }
}
