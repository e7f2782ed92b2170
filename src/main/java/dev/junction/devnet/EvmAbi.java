package dev.junction.devnet;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.web3j.crypto.Hash;

/** ABI helpers for the devnet's built-in contracts: selectors, words, revert data and event logs. */
final class EvmAbi {

    private EvmAbi() {
    }

    /** An event log as a receipt carries it; topics and data are 0x hex. */
    record Log(String address, List<String> topics, String data) {
    }

    /** A call that reverts: {@code reason} is the Error(string) message. Nothing the call did is kept. */
    static final class Revert extends RuntimeException {
        Revert(String reason) {
            super(reason, null, false, false);
        }

        /** ABI encoding of Error(string) with this reason, as eth_call returns it in the error's data. */
        String data() {
            byte[] text = getMessage().getBytes(StandardCharsets.UTF_8);
            int padded = (text.length + 31) / 32 * 32;
            StringBuilder s = new StringBuilder("0x08c379a0");
            s.append(Quantity.word(BigInteger.valueOf(32)).substring(2));
            s.append(Quantity.word(BigInteger.valueOf(text.length)).substring(2));
            s.append(Quantity.data(Arrays.copyOf(text, padded)).substring(2));
            return s.toString();
        }
    }

    /** The 4-byte selector of a signature such as {@code transfer(address,uint256)}. */
    static String selector(String signature) {
        return Quantity.data(Arrays.copyOf(Hash.sha3(signature.getBytes(StandardCharsets.US_ASCII)), 4));
    }

    /** The topic of an event signature. */
    static String topic(String signature) {
        return Quantity.data(Hash.sha3(signature.getBytes(StandardCharsets.US_ASCII)));
    }

    /** Selector of calldata as 0x hex, or null when shorter than 4 bytes. */
    static String selectorOf(byte[] data) {
        return data.length < 4 ? null : Quantity.data(Arrays.copyOf(data, 4));
    }

    /** The {@code i}-th 32-byte argument word after the selector; reverts when the calldata is too short. */
    static BigInteger arg(byte[] data, int i) {
        int from = 4 + 32 * i;
        if (data.length < from + 32) {
            throw new Revert("calldata too short for argument " + i);
        }
        return new BigInteger(1, Arrays.copyOfRange(data, from, from + 32));
    }

    /** The {@code i}-th argument as an address (the low 20 bytes; reverts when the high bytes are not zero). */
    static String addressArg(byte[] data, int i) {
        BigInteger w = arg(data, i);
        if (w.bitLength() > 160) {
            throw new Revert("argument " + i + " is not an address");
        }
        String h = w.toString(16);
        return "0x" + "0".repeat(40 - h.length()) + h;
    }

    /** ABI return of one dynamic string. */
    static String string(String value) {
        return new Revert(value).data().replaceFirst("^0x08c379a0", "0x");
    }

    /** ABI return of static words. */
    static String words(BigInteger... values) {
        StringBuilder s = new StringBuilder("0x");
        for (BigInteger v : values) {
            s.append(Quantity.word(v).substring(2));
        }
        return s.toString();
    }
}
