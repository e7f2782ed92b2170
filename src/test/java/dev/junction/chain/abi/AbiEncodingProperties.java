package dev.junction.chain.abi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.DynamicStruct;
import org.web3j.abi.datatypes.StaticStruct;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Int128;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.abi.datatypes.generated.Uint8;
import org.web3j.crypto.Hash;

/**
 * Abi's encoder writes what web3j's FunctionEncoder writes (the encoder it replaced, issue 17) for random argument lists
 * of every kind it builds: words of each width, bool, address, bytes32, bytes of any length, arrays, static and dynamic
 * tuples nested in tuples and arrays. Each random tree is built twice, once as Abi values and once as web3j types.
 */
class AbiEncodingProperties {

    /** One generated argument as both forms. */
    private record Both(Abi.Value value, Type<?> type) {
    }

    @Property(tries = 2_000)
    void encodesWhatWeb3jEncodes(@ForAll long seed) {
        Random random = new Random(seed);
        List<Both> args = new ArrayList<>();
        for (int i = random.nextInt(6); i >= 0; i--) {
            args.add(any(random, 3));
        }
        byte[] ours = Abi.encode(args.stream().map(Both::value).toArray(Abi.Value[]::new));
        @SuppressWarnings("rawtypes")
        List<Type> types = args.stream().map(b -> (Type) b.type()).toList();
        assertThat(Hex.encode(ours)).isEqualTo("0x" + FunctionEncoder.encodeConstructor(types));

        byte[] call = Abi.call("f(uint256)", args.stream().map(Both::value).toArray(Abi.Value[]::new));
        assertThat(Arrays.copyOf(call, 4)).isEqualTo(Arrays.copyOf(Hash.sha3("f(uint256)".getBytes()), 4));
        assertThat(Arrays.copyOfRange(call, 4, call.length)).isEqualTo(ours);
    }

    @Example
    void refusesWordsThatDoNotFit() {
        assertThatThrownBy(() -> Abi.uint256(BigInteger.TWO.pow(256))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Abi.uint256(BigInteger.valueOf(-1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Abi.uint8(256)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Abi.bytes32(new byte[31])).isInstanceOf(IllegalArgumentException.class);
    }

    @Example
    void aSelectorIsTheSignaturesHashAndCannotBeChangedByItsCaller() {
        byte[] first = Abi.selector("transfer(address,uint256)");
        assertThat(Hex.encode(first)).isEqualTo("0xa9059cbb");
        first[0] = 0;
        assertThat(Hex.encode(Abi.selector("transfer(address,uint256)"))).isEqualTo("0xa9059cbb");
    }

    private static Both any(Random random, int depth) {
        int kinds = depth > 0 ? 13 : 9;
        return switch (random.nextInt(kinds)) {
            case 0 -> {
                BigInteger v = new BigInteger(random.nextInt(257), random);
                yield new Both(Abi.uint256(v), new Uint256(v));
            }
            case 1 -> {
                long v = random.nextLong() >>> 1;
                yield new Both(Abi.uint64(v), new Uint64(BigInteger.valueOf(v)));
            }
            case 2 -> {
                long v = random.nextInt() & 0xffffffffL;
                yield new Both(Abi.uint32(v), new Uint32(BigInteger.valueOf(v)));
            }
            case 3 -> {
                int v = random.nextInt(1 << 16);
                yield random.nextBoolean() ? new Both(Abi.uint16(v), new Uint16(BigInteger.valueOf(v)))
                        : new Both(Abi.uint8(v & 0xff), new Uint8(BigInteger.valueOf(v & 0xff)));
            }
            case 4 -> {
                long v = random.nextLong();
                yield new Both(Abi.int128(v), new Int128(BigInteger.valueOf(v)));
            }
            case 5 -> {
                boolean v = random.nextBoolean();
                yield new Both(Abi.bool(v), new Bool(v));
            }
            case 6 -> {
                byte[] a = new byte[20];
                random.nextBytes(a);
                Address address = Address.evm(Hex.encode(a));
                yield new Both(Abi.address(address), new org.web3j.abi.datatypes.Address(address.value()));
            }
            case 7 -> {
                byte[] b = new byte[32];
                random.nextBytes(b);
                yield new Both(Abi.bytes32(b), new Bytes32(b));
            }
            case 8 -> {
                byte[] b = new byte[random.nextInt(3) == 0 ? random.nextInt(4) * 32 : random.nextInt(100)];
                random.nextBytes(b);
                yield new Both(Abi.bytes(b), new DynamicBytes(b));
            }
            case 9, 10 -> tuple(random, depth);
            case 11 -> {
                List<BigInteger> values = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    values.add(new BigInteger(random.nextInt(257), random));
                }
                yield new Both(Abi.uint256Array(values),
                        new DynamicArray<>(Uint256.class, values.stream().map(Uint256::new).toList()));
            }
            default -> tupleArray(random, depth);
        };
    }

    /** A tuple of random fields: web3j's StaticStruct when every field is static, else its DynamicStruct. */
    private static Both tuple(Random random, int depth) {
        List<Both> fields = new ArrayList<>();
        for (int i = random.nextInt(4); i >= 0; i--) {
            fields.add(any(random, depth - 1));
        }
        return tupleOf(fields);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Both tupleOf(List<Both> fields) {
        List<Type> types = fields.stream().map(b -> (Type) b.type()).toList();
        boolean dynamic = types.stream().anyMatch(t -> t instanceof DynamicBytes || t instanceof DynamicArray
                || t instanceof DynamicStruct);
        return new Both(Abi.tuple(fields.stream().map(Both::value).toArray(Abi.Value[]::new)),
                dynamic ? new DynamicStruct(types) : new StaticStruct(types));
    }

    /** An array of tuples of one shape (the same field kinds, different values). */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Both tupleArray(Random random, int depth) {
        long shape = random.nextLong();
        int count = random.nextInt(4);
        List<Both> tuples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Random sameShape = new Random(shape);
            Random values = new Random(random.nextLong());
            tuples.add(shaped(sameShape, values, depth - 1));
        }
        List<Abi.Value> values = tuples.stream().map(Both::value).toList();
        if (tuples.isEmpty()) {
            return new Both(Abi.tupleArray(values), new DynamicArray<>(DynamicStruct.class, List.of()));
        }
        Type first = tuples.getFirst().type();
        List list = tuples.stream().map(Both::type).toList();
        return new Both(Abi.tupleArray(values), first instanceof DynamicStruct
                ? new DynamicArray<>(DynamicStruct.class, list) : new DynamicArray<>(StaticStruct.class, list));
    }

    /** A tuple whose field kinds come from {@code shape} and whose values from {@code values}. */
    private static Both shaped(Random shape, Random values, int depth) {
        List<Both> fields = new ArrayList<>();
        for (int i = shape.nextInt(4); i >= 0; i--) {
            int kind = shape.nextInt(depth > 0 ? 10 : 9);
            fields.add(kind == 9 ? shaped(shape, values, depth - 1) : leaf(kind, values));
        }
        return tupleOf(fields);
    }

    /** A value of one of the leaf kinds 0-8 of {@link #any}, its value from {@code values}. */
    private static Both leaf(int kind, Random values) {
        Random chosen = new Random(values.nextLong()) {
            private boolean first = true;

            @Override
            public int nextInt(int bound) {
                if (first) {
                    first = false;
                    return kind;
                }
                return super.nextInt(bound);
            }
        };
        return any(chosen, 0);
    }
}
