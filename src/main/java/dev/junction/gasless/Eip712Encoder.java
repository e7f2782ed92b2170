package dev.junction.gasless;

import dev.junction.chain.abi.Abi;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * EIP-712 encoding of typed structs (no arrays: Permit2's single-transfer types have none): {@code encodeType} with
 * referenced struct types sorted by name, {@code hashStruct}, and the {@code 0x1901} signing digest. Validates that every
 * value matches its declared member type, so a missing or mistyped member is an error rather than a wrong digest.
 */
final class Eip712Encoder {

    private Eip712Encoder() {
    }

    /** {@code keccak256(0x19 0x01 || hashStruct(domain) || hashStruct(message))}: the hash a wallet signs. */
    static byte[] digest(Eip712Struct domain, Eip712Struct message) {
        byte[] out = new byte[66];
        out[0] = 0x19;
        out[1] = 0x01;
        System.arraycopy(hashStruct(domain), 0, out, 2, 32);
        System.arraycopy(hashStruct(message), 0, out, 34, 32);
        return Abi.keccak(out);
    }

    /** {@code keccak256(typeHash || encodeData(values))}: each member one ABI word. */
    static byte[] hashStruct(Eip712Struct struct) {
        validate(struct);
        List<Eip712Value> values = struct.values();
        Abi.Value[] words = new Abi.Value[1 + values.size()];
        words[0] = Abi.bytes32(typeHash(struct));
        for (int i = 0; i < values.size(); i++) {
            words[i + 1] = encodeValue(values.get(i));
        }
        return Abi.keccak(Abi.encode(words));
    }

    /** {@code keccak256(encodeType(struct))}. */
    static byte[] typeHash(Eip712Struct struct) {
        return Abi.keccak(encodeType(struct));
    }

    /** The primary type's signature followed by every referenced struct type, sorted by name. */
    static String encodeType(Eip712Struct struct) {
        StringBuilder out = new StringBuilder(signature(struct));
        for (Eip712Struct dependency : dependencies(struct).values()) {
            out.append(signature(dependency));
        }
        return out.toString();
    }

    /**
     * All types of this typed data in the order Junction returns them: the primary type, then referenced structs sorted
     * by name.
     */
    static Map<String, List<TypedField>> types(Eip712Struct primary) {
        Map<String, List<TypedField>> types = new LinkedHashMap<>();
        types.put(primary.typeName(), primary.fields());
        dependencies(primary).forEach((name, struct) -> types.put(name, struct.fields()));
        return types;
    }

    /** Referenced struct types (transitively, excluding the primary), keyed and sorted by name. */
    static Map<String, Eip712Struct> dependencies(Eip712Struct primary) {
        Map<String, Eip712Struct> found = new TreeMap<>();
        collect(primary, found);
        found.remove(primary.typeName());
        return found;
    }

    private static void collect(Eip712Struct struct, Map<String, Eip712Struct> found) {
        validate(struct);
        for (Eip712Value value : struct.values()) {
            if (value instanceof Eip712Value.StructValue(Eip712Struct nested)
                    && found.putIfAbsent(nested.typeName(), nested) == null) {
                collect(nested, found);
            }
        }
    }

    private static String signature(Eip712Struct struct) {
        List<String> members = new ArrayList<>();
        for (TypedField f : struct.fields()) {
            members.add(f.type() + " " + f.name());
        }
        return struct.typeName() + "(" + String.join(",", members) + ")";
    }

    /** A member's word: atomic values as themselves, a string as its hash, a struct as its struct hash. */
    private static Abi.Value encodeValue(Eip712Value value) {
        return switch (value) {
            case Eip712Value.AddressValue a -> Abi.address(a.address());
            case Eip712Value.Uint256Value u -> Abi.uint256(u.value());
            case Eip712Value.Bytes32Value b -> Abi.bytes32(b.value());
            case Eip712Value.StringValue s -> Abi.bytes32(Abi.keccak(s.value()));
            case Eip712Value.StructValue s -> Abi.bytes32(hashStruct(s.struct()));
        };
    }

    private static void validate(Eip712Struct struct) {
        List<TypedField> fields = struct.fields();
        List<Eip712Value> values = struct.values();
        if (fields.size() != values.size()) {
            throw new IllegalArgumentException(struct.typeName() + " has " + fields.size() + " members but "
                    + values.size() + " values");
        }
        for (int i = 0; i < fields.size(); i++) {
            TypedField f = fields.get(i);
            Eip712Value v = values.get(i);
            boolean ok = switch (v) {
                case Eip712Value.AddressValue a -> f.type().equals("address");
                case Eip712Value.Uint256Value u -> f.type().equals("uint256");
                case Eip712Value.Bytes32Value b -> f.type().equals("bytes32");
                case Eip712Value.StringValue s -> f.type().equals("string");
                case Eip712Value.StructValue s -> f.type().equals(s.struct().typeName());
            };
            if (!ok) {
                throw new IllegalArgumentException(struct.typeName() + "." + f.name() + " is declared " + f.type()
                        + " but holds " + v.getClass().getSimpleName());
            }
        }
    }
}
