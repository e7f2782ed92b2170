package dev.junction.calldata.abi;

import dev.junction.chain.Address;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.StaticStruct;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.Utf8String;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Int128;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.abi.datatypes.generated.Uint8;
import org.web3j.crypto.Hash;

/**
 * The calldata module's one door to web3j's ABI encoder. Values are built with the factory methods and encoded with
 * {@link #call}; no web3j type leaves the calldata module. The selector is computed here from the canonical signature
 * text (so it is exactly what the ABI JSON and ethers derive), the arguments are encoded by web3j.
 */
public final class Abi {

    private Abi() {
    }

    /** An ABI value (opaque outside this package). */
    public record Value(Type<?> type) {
    }

    /** The 4-byte selector of a canonical signature, e.g. {@code transfer(address,uint256)}. */
    public static byte[] selector(String signature) {
        return Arrays.copyOf(Hash.sha3(signature.getBytes(StandardCharsets.US_ASCII)), 4);
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
        byte[] sel = selector(signature);
        byte[] params = encode(args);
        byte[] out = Arrays.copyOf(sel, 4 + params.length);
        System.arraycopy(params, 0, out, 4, params.length);
        return out;
    }

    /** {@code abi.encode(args...)}: the arguments encoded as one tuple, no selector. */
    public static byte[] encode(Value... args) {
        List<Type> types = Arrays.stream(args).map(v -> (Type) v.type()).toList();
        String hex = FunctionEncoder.encodeConstructor(types);
        return HexFormat.of().parseHex(hex);
    }

    public static Value uint256(BigInteger v) {
        return new Value(new Uint256(v));
    }

    public static Value uint256(long v) {
        return uint256(BigInteger.valueOf(v));
    }

    public static Value uint64(long v) {
        return new Value(new Uint64(BigInteger.valueOf(v)));
    }

    public static Value uint32(long v) {
        return new Value(new Uint32(BigInteger.valueOf(v)));
    }

    public static Value uint16(int v) {
        return new Value(new Uint16(BigInteger.valueOf(v)));
    }

    public static Value uint8(int v) {
        return new Value(new Uint8(BigInteger.valueOf(v)));
    }

    public static Value int128(long v) {
        return new Value(new Int128(BigInteger.valueOf(v)));
    }

    public static Value bool(boolean v) {
        return new Value(new Bool(v));
    }

    public static Value address(Address a) {
        return new Value(new org.web3j.abi.datatypes.Address(a.value()));
    }

    public static Value bytes32(byte[] b) {
        if (b.length != 32) {
            throw new IllegalArgumentException("bytes32 needs 32 bytes, got " + b.length);
        }
        return new Value(new Bytes32(b));
    }

    public static Value bytes(byte[] b) {
        return new Value(new DynamicBytes(b));
    }

    public static Value addressArray(List<Address> addresses) {
        return new Value(new DynamicArray<>(org.web3j.abi.datatypes.Address.class,
                addresses.stream().map(a -> new org.web3j.abi.datatypes.Address(a.value())).toList()));
    }

    public static Value uint256Array(List<BigInteger> values) {
        return new Value(new DynamicArray<>(Uint256.class, values.stream().map(Uint256::new).toList()));
    }

    public static Value uint8Array(List<Integer> values) {
        return new Value(new DynamicArray<>(Uint8.class,
                values.stream().map(v -> new Uint8(BigInteger.valueOf(v))).toList()));
    }

    /** A tuple (struct): static when every field is static, dynamic otherwise, as Solidity lays it out. */
    public static Value tuple(Value... fields) {
        List<Type> types = Arrays.stream(fields).map(v -> (Type) v.type()).toList();
        boolean dynamic = types.stream().anyMatch(Abi::isDynamic);
        return new Value(dynamic ? new DynamicStruct(types) : new StaticStruct(types));
    }

    /** A dynamic array of tuples, e.g. {@code Step[]}; all elements must have the same shape (empty: length 0). */
    public static Value tupleArray(List<Value> tuples) {
        if (tuples.isEmpty()) {
            return new Value(new DynamicArray<>(DynamicStruct.class, List.of()));
        }
        boolean dynamic = tuples.get(0).type() instanceof DynamicStruct;
        if (dynamic) {
            return new Value(new DynamicArray<>(DynamicStruct.class,
                    tuples.stream().map(t -> (DynamicStruct) t.type()).toList()));
        }
        return new Value(new DynamicArray<>(StaticStruct.class,
                tuples.stream().map(t -> (StaticStruct) t.type()).toList()));
    }

    private static boolean isDynamic(Type<?> t) {
        return t instanceof DynamicBytes || t instanceof DynamicArray || t instanceof DynamicStruct
                || t instanceof Utf8String;
    }
}
