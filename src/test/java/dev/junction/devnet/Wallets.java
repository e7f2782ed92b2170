package dev.junction.devnet;

import java.math.BigInteger;
import java.util.List;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.FunctionReturnDecoder;
import org.web3j.abi.TypeReference;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.Type;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Keys;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.Web3j;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.Request;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthCall;
import org.web3j.protocol.core.methods.response.EthSendTransaction;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import org.web3j.protocol.core.methods.response.VoidResponse;
import org.web3j.protocol.http.HttpService;
import org.web3j.utils.Numeric;

/** A web3j client of one devnet chain, as an integrator would write it: signing, sending, calling, funding. */
final class Wallets {

    static final BigInteger GWEI = BigInteger.TEN.pow(9);
    static final BigInteger ETHER = BigInteger.TEN.pow(18);

    final long chainId;
    final HttpService service;
    final Web3j web3;

    Wallets(int port, long chainId) {
        this.chainId = chainId;
        this.service = new HttpService("http://localhost:" + port + "/devnet/" + chainId);
        this.web3 = Web3j.build(service);
    }

    static Credentials create() {
        try {
            return Credentials.create(Keys.createEcKeyPair());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A JSON-RPC answer whose result is a string. */
    static final class Text extends Response<String> {
    }

    void setBalance(String address, BigInteger wei) throws Exception {
        VoidResponse r = new Request<>("anvil_setBalance", List.of(address, Numeric.toHexStringWithPrefix(wei)),
                service, VoidResponse.class).send();
        if (r.hasError()) {
            throw new IllegalStateException(r.getError().getMessage());
        }
    }

    Text mint(String token, String to, BigInteger amount) throws Exception {
        return new Request<>("devnet_mint", List.of(token, to, amount.toString()), service, Text.class).send();
    }

    BigInteger nonce(String address) throws Exception {
        return web3.ethGetTransactionCount(address, DefaultBlockParameterName.PENDING).send().getTransactionCount();
    }

    /** Signs an EIP-1559 transaction at the next nonce (max fee 100 gwei, tip 1 gwei). */
    String sign1559(Credentials from, String to, BigInteger value, String data, long gas) throws Exception {
        return sign1559(from, chainId, nonce(from.getAddress()), to, value, data, gas);
    }

    static String sign1559(Credentials from, long chainId, BigInteger nonce, String to, BigInteger value, String data,
            long gas) {
        RawTransaction raw = RawTransaction.createTransaction(chainId, nonce, BigInteger.valueOf(gas), to, value, data,
                GWEI, GWEI.multiply(BigInteger.valueOf(100)));
        return Numeric.toHexString(TransactionEncoder.signMessage(raw, from));
    }

    /** Signs a legacy EIP-155 transaction (gas price 50 gwei). */
    static String signLegacy(Credentials from, long chainId, BigInteger nonce, String to, BigInteger value, String data,
            long gas) {
        RawTransaction raw = RawTransaction.createTransaction(nonce, GWEI.multiply(BigInteger.valueOf(50)),
                BigInteger.valueOf(gas), to, value, data);
        return Numeric.toHexString(TransactionEncoder.signMessage(raw, chainId, from));
    }

    EthSendTransaction send(String raw) throws Exception {
        return web3.ethSendRawTransaction(raw).send();
    }

    /** Sends and returns the receipt; fails when the node refuses the transaction. */
    TransactionReceipt sendAndWait(String raw) throws Exception {
        EthSendTransaction sent = send(raw);
        if (sent.hasError()) {
            throw new IllegalStateException("refused: " + sent.getError().getMessage());
        }
        return receipt(sent.getTransactionHash());
    }

    TransactionReceipt receipt(String hash) throws Exception {
        for (int i = 0; i < 100; i++) {
            var r = web3.ethGetTransactionReceipt(hash).send();
            if (r.hasError()) {
                throw new IllegalStateException(r.getError().getMessage());
            }
            if (r.getTransactionReceipt().isPresent()) {
                return r.getTransactionReceipt().get();
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("no receipt for " + hash);
    }

    EthCall call(String from, String to, Function f) throws Exception {
        return web3.ethCall(Transaction.createEthCallTransaction(from, to, FunctionEncoder.encode(f)),
                DefaultBlockParameterName.LATEST).send();
    }

    @SuppressWarnings("rawtypes")
    List<Type> callDecoded(String to, Function f) throws Exception {
        EthCall r = call(null, to, f);
        if (r.hasError()) {
            throw new IllegalStateException(r.getError().getMessage());
        }
        return FunctionReturnDecoder.decode(r.getValue(), f.getOutputParameters());
    }

    BigInteger tokenBalance(String token, String holder) throws Exception {
        return (BigInteger) callDecoded(token, new Function("balanceOf",
                List.of(new org.web3j.abi.datatypes.Address(holder)),
                List.of(new TypeReference<org.web3j.abi.datatypes.generated.Uint256>() { }))).get(0).getValue();
    }
}
