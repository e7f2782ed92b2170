package dev.junction.chainbuild;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

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
        return Hex.encode(slot(Abi.address(key), Abi.uint256(index)));
    }

    /** The slot of {@code map[owner][spender]} for the nested mapping at this index. */
    String of(Address owner, Address spender) {
        Abi.Value outer = Abi.bytes32(slot(Abi.address(owner), Abi.uint256(index)));
        Abi.Value key = Abi.address(spender);
        return Hex.encode(Abi.keccak(vyper ? Abi.encode(outer, key) : Abi.encode(key, outer)));
    }

    /** {@code keccak256(key . position)} (Solidity) or {@code keccak256(position . key)} (Vyper). */
    private byte[] slot(Abi.Value key, Abi.Value position) {
        return Abi.keccak(vyper ? Abi.encode(position, key) : Abi.encode(key, position));
    }

    /** ABI call data of a function whose arguments are addresses. */
    static String addressCall(String signature, Address... args) {
        Abi.Value[] words = new Abi.Value[args.length];
        for (int i = 0; i < args.length; i++) {
            words[i] = Abi.address(args[i]);
        }
        return Abi.callHex(signature, words);
    }

    /** A storage value: the amount as a 32-byte word. */
    static String quantityWord(BigInteger value) {
        return Abi.encodeHex(Abi.uint256(value));
    }
}
