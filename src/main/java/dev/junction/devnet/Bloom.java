package dev.junction.devnet;

import java.util.List;
import org.web3j.crypto.Hash;

/** The 2048-bit logs bloom of the yellow paper: for each log address and topic, 3 bits from its keccak256. */
final class Bloom {

    private Bloom() {
    }

    static String of(List<EvmAbi.Log> logs) {
        byte[] bloom = new byte[256];
        for (EvmAbi.Log l : logs) {
            add(bloom, Quantity.bytes(l.address(), "address"));
            for (String t : l.topics()) {
                add(bloom, Quantity.bytes(t, "topic"));
            }
        }
        return Quantity.data(bloom);
    }

    private static void add(byte[] bloom, byte[] value) {
        byte[] h = Hash.sha3(value);
        for (int i = 0; i < 6; i += 2) {
            int bit = ((h[i] & 0xff) << 8 | (h[i + 1] & 0xff)) & 2047;
            bloom[255 - bit / 8] |= (byte) (1 << (bit % 8));
        }
    }
}
