package dev.junction.chainbuild;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.util.ArrayList;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.web3j.crypto.Hash;

/**
 * Where an ERC-20 keeps a holder's balance and allowance: the storage slot of {@code mapping(address => uint256)} at
 * declaration index {@code i} is {@code keccak256(key . i)} in Solidity and {@code keccak256(i . key)} in Vyper; a
 * nested allowance mapping applies the rule twice. The index and layout are found by probing (an {@code eth_call} of
 * {@code balanceOf} with the candidate slot overridden answers the planted value only when the slot is right).
 */
record StorageSlots(int index, boolean vyper) {

    /** Declaration indexes probed, in both layouts. */
    static final int MAX_INDEX = 12;

    /** Every candidate, Solidity first. */
    static List<StorageSlots> candidates() {
        List<StorageSlots> out = new ArrayList<>();
        for (int i = 0; i < MAX_INDEX; i++) {
            out.add(new StorageSlots(i, false));
        }
        for (int i = 0; i < MAX_INDEX; i++) {
            out.add(new StorageSlots(i, true));
        }
        return out;
    }

    /** The slot of {@code map[key]} for the mapping at this index. */
    String of(Address key) {
        return Hex.encode(slot(word(key), word(BigInteger.valueOf(index))));
    }

    /** The slot of {@code map[owner][spender]} for the nested mapping at this index. */
    String of(Address owner, Address spender) {
        byte[] outer = slot(word(owner), word(BigInteger.valueOf(index)));
        byte[] inner = vyper ? Hash.sha3(concat(outer, word(spender))) : Hash.sha3(concat(word(spender), outer));
        return Hex.encode(inner);
    }

    private byte[] slot(byte[] key, byte[] position) {
        return Hash.sha3(vyper ? concat(position, key) : concat(key, position));
    }

    /** ABI call data of a function whose arguments are addresses: the selector and each address as a word. */
    static String addressCall(String signature, Address... args) {
        byte[] out = new byte[4 + 32 * args.length];
        System.arraycopy(Hash.sha3(signature.getBytes(StandardCharsets.US_ASCII)), 0, out, 0, 4);
        for (int i = 0; i < args.length; i++) {
            System.arraycopy(word(args[i]), 0, out, 4 + 32 * i, 32);
        }
        return Hex.encode(out);
    }

    static String quantityWord(BigInteger value) {
        return Hex.encode(word(value));
    }

    private static byte[] word(Address a) {
        return word(new BigInteger(1, a.bytes()));
    }

    private static byte[] word(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - n, out, 32 - n, n);
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
