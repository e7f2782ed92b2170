package dev.junction.devnet;

import dev.junction.chain.Address;
import dev.junction.chain.TxHash;
import java.math.BigInteger;
import java.security.SignatureException;
import org.web3j.crypto.Hash;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.SignedRawTransaction;
import org.web3j.crypto.TransactionDecoder;
import org.web3j.crypto.transaction.type.Transaction1559;
import org.web3j.crypto.transaction.type.TransactionType;

/**
 * A signed wallet transaction as {@code eth_sendRawTransaction} receives it: legacy (EIP-155) or EIP-1559 (type 2),
 * decoded and its sender recovered with web3j. The hash is keccak256 of the raw signed bytes, what wallets compute.
 *
 * @param type 0 legacy, 2 EIP-1559
 * @param chainId the signed chain id; null for a legacy transaction without replay protection
 * @param to recipient; null for a contract creation
 * @param gasPrice legacy gas price, wei; null for type 2
 * @param maxFee type 2 max fee per gas, wei; null for legacy
 * @param maxPriorityFee type 2 max priority fee per gas, wei; null for legacy
 * @param v signature v as sent (legacy: EIP-155 v; type 2: y parity)
 */
record SignedTx(TxHash hash, int type, Long chainId, Address from, long nonce, Address to, BigInteger value,
        byte[] input, BigInteger gasLimit, BigInteger gasPrice, BigInteger maxFee, BigInteger maxPriorityFee,
        BigInteger v, byte[] r, byte[] s) {

    /** Decodes and recovers; throws {@link RpcError} (invalid params) for anything that is not a signed tx of a known type. */
    static SignedTx decode(String rawHex) {
        byte[] raw = Quantity.bytes(rawHex, "the raw transaction");
        if (raw.length == 0) {
            throw RpcError.params("the raw transaction is empty");
        }
        if ((raw[0] & 0xff) < 0x7f && raw[0] != 0x02) {
            throw RpcError.params("transaction type " + raw[0] + " is not supported; send a legacy (EIP-155) or "
                    + "EIP-1559 (type 2) transaction");
        }
        RawTransaction decoded;
        try {
            decoded = TransactionDecoder.decode(rawHex);
        } catch (RuntimeException e) {
            throw RpcError.params("the raw transaction is not valid RLP: " + e.getMessage());
        }
        if (!(decoded instanceof SignedRawTransaction signed)) {
            throw RpcError.params("the raw transaction is not signed");
        }
        String from;
        try {
            from = signed.getFrom();
        } catch (SignatureException | RuntimeException e) {
            throw RpcError.params("invalid sender: the signature does not recover an address");
        }
        boolean typed = decoded.getType() == TransactionType.EIP1559;
        Long chainId;
        BigInteger gasPrice = null;
        BigInteger maxFee = null;
        BigInteger maxPriority = null;
        BigInteger v;
        if (typed) {
            Transaction1559 t = (Transaction1559) decoded.getTransaction();
            chainId = t.getChainId();
            maxFee = t.getMaxFeePerGas();
            maxPriority = t.getMaxPriorityFeePerGas();
            v = new BigInteger(1, signed.getSignatureData().getV());
        } else {
            chainId = signed.getChainId();
            gasPrice = decoded.getGasPrice();
            v = new BigInteger(1, signed.getSignatureData().getV());
        }
        String to = decoded.getTo();
        Address toAddress = to == null || to.isEmpty() || to.equals("0x") ? null : Quantity.address(to, "to");
        return new SignedTx(TxHash.of(Hash.sha3(raw)), typed ? 2 : 0, chainId, Quantity.address(from, "from"),
                decoded.getNonce().longValueExact(), toAddress, decoded.getValue(),
                Quantity.bytes(decoded.getData() == null || decoded.getData().isEmpty() ? "0x"
                        : decoded.getData().startsWith("0x") ? decoded.getData() : "0x" + decoded.getData(), "data"),
                decoded.getGasLimit(), gasPrice, maxFee, maxPriority, v, signed.getSignatureData().getR(),
                signed.getSignatureData().getS());
    }

    /** Highest price per gas the sender may pay, wei: the gas price, or the max fee for type 2. */
    BigInteger maxPricePerGas() {
        return type == 2 ? maxFee : gasPrice;
    }

    /** What the sender pays per gas at this base fee, wei. */
    BigInteger effectivePrice(BigInteger baseFee) {
        return type == 2 ? maxFee.min(baseFee.add(maxPriorityFee)) : gasPrice;
    }

    /** Intrinsic gas: 21000 plus 16 per non-zero and 4 per zero calldata byte. */
    long intrinsicGas() {
        long g = 21_000;
        for (byte b : input) {
            g += b == 0 ? 4 : 16;
        }
        return g;
    }
}
