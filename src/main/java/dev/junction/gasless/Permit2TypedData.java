package dev.junction.gasless;

import java.util.List;
import java.util.Map;

/**
 * The EIP-712 typed data a user signs for a gasless swap: Permit2's domain and a {@link PermitMessage}. Serialised, it is
 * what ethers v6 {@code signTypedData(domain, types, message)} takes unchanged ({@code types} has no
 * {@code EIP712Domain}).
 *
 * @param domain Permit2's domain on the source chain
 * @param message the permit
 */
public record Permit2TypedData(Eip712Domain domain, PermitMessage message) {

    public Permit2TypedData {
        if (domain == null || message == null) {
            throw new IllegalArgumentException("typed data needs a domain and a message");
        }
    }

    public String primaryType() {
        return message.typeName();
    }

    /** The primary type first, then every referenced struct sorted by name; no {@code EIP712Domain}. */
    public Map<String, List<TypedField>> types() {
        return Eip712Encoder.types(message);
    }

    /** The 32-byte signing digest {@code keccak256(0x1901 || domainSeparator || hashStruct(message))}. */
    public byte[] digest() {
        return Eip712Encoder.digest(domain, message);
    }
}
