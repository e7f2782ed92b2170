package dev.junction.chain.abi;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.web3j.crypto.Hash;

/**
 * Junction's ABI encoder: the router calldata's and the protocol rooms' step data. Values are built with the factory
 * methods and encoded with {@link #call} or {@link #encode}, following the Solidity ABI specification: static values
 * as 32-byte words in place, dynamic ones ({@code bytes}, arrays, tuples holding either) as an offset in the head and
 * their encoding in the tail. The selector is computed from the canonical signature text (so it is exactly what the
 * ABI JSON and ethers derive) and remembered.
 *
 * <p>Encoded here rather than by web3j's {@code FunctionEncoder} (issue 17): that one renders every word as hex text
 * through streams and string joins and parses the text back, and it was 13% of {@code /build-best-path}'s CPU samples.
 * web3j stays the reference: {@code AbiEncodingProperties} checks this encoder against it on random nested values, and
 * decoding (tests, {@code RouterCallDecoder}) is web3j's.
 */
public final class Abi {

    private static final int WORD = 32;
    /** Selectors of the signatures encoded so far: a fixed set of the router's and the protocols' functions. */
    private static final Map<String, byte[]> SELECTORS = new ConcurrentHashMap<>();
    private static final int MAX_REMEMBERED_SELECTORS = 1_024;

    private Abi() {
    }

    /** An ABI value (opaque outside this package). */
    public sealed interface Value permits Word, Bytes, Sequence {

        /** Whether the value is dynamic: encoded in the tail, with an offset in the head. */
        boolean dynamic();

        /** Bytes of the value's encoding. */
        int size();

        /** Writes the value's encoding at {@code at}; returns where it ends. */
        int write(byte[] out, int at);
    }

    /** A static 32-byte word: uintN, intN, bool, address, bytes32. */
    private record Word(byte[] word) implements Value {

        @Override
        public boolean dynamic() {
            return false;
        }

        @Override
        public int size() {
            return WORD;
        }

        @Override
        public int write(byte[] out, int at) {
            System.arraycopy(word, 0, out, at, WORD);
            return at + WORD;
        }
    }

    /** {@code bytes}: its length, then the bytes padded with zeros to whole words. */
    private record Bytes(byte[] bytes) implements Value {

        @Override
        public boolean dynamic() {
            return true;
        }

        @Override
        public int size() {
            return WORD + padded(bytes.length);
        }

        @Override
        public int write(byte[] out, int at) {
            int end = writeLength(out, at, bytes.length);
            System.arraycopy(bytes, 0, out, end, bytes.length);
            return end + padded(bytes.length); // the padding is the zeros of the fresh array
        }
    }

    /**
     * A tuple (struct) or a dynamic array {@code T[]} (its length, then its elements encoded as a tuple). A tuple is
     * dynamic when a field is; an array always.
     *
     * @param array whether this is an array (with a length word) rather than a tuple
     */
    private record Sequence(List<Value> elements, boolean array) implements Value {

        @Override
        public boolean dynamic() {
            if (array) {
                return true;
            }
            for (Value v : elements) {
                if (v.dynamic()) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public int size() {
            int size = array ? WORD : 0;
            for (Value v : elements) {
                size += v.dynamic() ? WORD + v.size() : v.size();
            }
            return size;
        }

        @Override
        public int write(byte[] out, int at) {
            int start = array ? writeLength(out, at, elements.size()) : at;
            int head = start;
            int tail = start;
            for (Value v : elements) {
                tail += v.dynamic() ? WORD : v.size();
            }
            for (Value v : elements) {
                if (v.dynamic()) {
                    writeLength(out, head, tail - start);
                    head += WORD;
                    tail = v.write(out, tail);
                } else {
                    head = v.write(out, head);
                }
            }
            return tail;
        }
    }

    /** The 4-byte selector of a canonical signature, e.g. {@code transfer(address,uint256)}. */
    public static byte[] selector(String signature) {
        byte[] known = SELECTORS.get(signature);
        if (known == null) {
            known = Arrays.copyOf(Hash.sha3(signature.getBytes(StandardCharsets.US_ASCII)), 4);
            if (SELECTORS.size() < MAX_REMEMBERED_SELECTORS) {
                SELECTORS.put(signature, known);
            }
        }
        return known.clone();
    }

    /** keccak256 of UTF-8 text. */
    public static byte[] keccak(String text) {
        return Hash.sha3(text.getBytes(StandardCharsets.UTF_8));
    }

    /** keccak256 of bytes. */
    public static byte[] keccak(byte[] bytes) {
        return Hash.sha3(bytes);
    }

    /** selector(signature) followed by the ABI encoding of the arguments as a tuple. */
    public static byte[] call(String signature, Value... args) {
        Sequence tuple = new Sequence(List.of(args), false);
        byte[] out = new byte[4 + tuple.size()];
        System.arraycopy(selector(signature), 0, out, 0, 4);
        tuple.write(out, 4);
        return out;
    }

    /** {@code abi.encode(args...)}: the arguments encoded as one tuple, no selector. */
    public static byte[] encode(Value... args) {
        Sequence tuple = new Sequence(List.of(args), false);
        byte[] out = new byte[tuple.size()];
        tuple.write(out, 0);
        return out;
    }

    public static Value uint256(BigInteger v) {
        return unsigned(v, 256);
    }

    public static Value uint256(long v) {
        return uint256(BigInteger.valueOf(v));
    }

    public static Value uint64(long v) {
        return unsigned(BigInteger.valueOf(v), 64);
    }

    public static Value uint32(long v) {
        return unsigned(BigInteger.valueOf(v), 32);
    }

    public static Value uint16(int v) {
        return unsigned(BigInteger.valueOf(v), 16);
    }

    public static Value uint8(int v) {
        return unsigned(BigInteger.valueOf(v), 8);
    }

    /** int128: two's complement, sign-extended to the word. */
    public static Value int128(long v) {
        byte[] word = new byte[WORD];
        if (v < 0) {
            Arrays.fill(word, (byte) 0xff);
        }
        for (int i = 0; i < Long.BYTES; i++) {
            word[WORD - 1 - i] = (byte) (v >>> (8 * i));
        }
        return new Word(word);
    }

    public static Value bool(boolean v) {
        byte[] word = new byte[WORD];
        word[WORD - 1] = (byte) (v ? 1 : 0);
        return new Word(word);
    }

    public static Value address(Address a) {
        byte[] word = new byte[WORD];
        byte[] bytes = a.bytes();
        System.arraycopy(bytes, 0, word, WORD - bytes.length, bytes.length);
        return new Word(word);
    }

    public static Value bytes32(byte[] b) {
        if (b.length != WORD) {
            throw new IllegalArgumentException("bytes32 needs 32 bytes, got " + b.length);
        }
        return new Word(b.clone());
    }

    public static Value bytes(byte[] b) {
        return new Bytes(b.clone());
    }

    public static Value addressArray(List<Address> addresses) {
        return new Sequence(addresses.stream().map(Abi::address).toList(), true);
    }

    public static Value uint256Array(List<BigInteger> values) {
        return new Sequence(values.stream().map(Abi::uint256).toList(), true);
    }

    public static Value uint8Array(List<Integer> values) {
        return new Sequence(values.stream().map(Abi::uint8).toList(), true);
    }

    /** A tuple (struct): static when every field is static, dynamic otherwise, as Solidity lays it out. */
    public static Value tuple(Value... fields) {
        return new Sequence(List.of(fields), false);
    }

    /** A dynamic array of tuples, e.g. {@code Step[]}; all elements must have the same shape (empty: length 0). */
    public static Value tupleArray(List<Value> tuples) {
        return new Sequence(List.copyOf(tuples), true);
    }

    /** An unsigned integer of {@code bits} bits as a word; refuses a negative value or one that does not fit. */
    private static Value unsigned(BigInteger v, int bits) {
        if (v.signum() < 0 || v.bitLength() > bits) {
            throw new IllegalArgumentException("uint" + bits + " cannot hold " + v);
        }
        byte[] word = new byte[WORD];
        byte[] bytes = v.toByteArray();
        int skip = bytes[0] == 0 && bytes.length > 1 ? 1 : 0;
        System.arraycopy(bytes, skip, word, WORD - (bytes.length - skip), bytes.length - skip);
        return new Word(word);
    }

    /** Writes a length or an offset as a word; returns where it ends. */
    private static int writeLength(byte[] out, int at, int value) {
        for (int i = 0; i < Integer.BYTES; i++) {
            out[at + WORD - 1 - i] = (byte) (value >>> (8 * i));
        }
        return at + WORD;
    }

    private static int padded(int length) {
        return (length + WORD - 1) / WORD * WORD;
    }
}
