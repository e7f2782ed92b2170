package dev.junction.gasless;

import dev.junction.chain.Address;
import dev.junction.chain.Bytes32;
import java.math.BigInteger;

/** A value of one EIP-712 member: what {@link Eip712Struct#values()} returns, in field order. */
public sealed interface Eip712Value {

    /** An {@code address}: an EVM address. */
    record AddressValue(Address address) implements Eip712Value {
        public AddressValue {
            if (address == null || address.solana()) {
                throw new IllegalArgumentException("an EIP-712 address must be an EVM address");
            }
        }
    }

    /** A {@code uint256}: 0 to 2^256 - 1. */
    record Uint256Value(BigInteger value) implements Eip712Value {
        public Uint256Value {
            if (value == null || value.signum() < 0 || value.bitLength() > 256) {
                throw new IllegalArgumentException("a uint256 must be from 0 to 2^256 - 1");
            }
        }
    }

    /** A {@code bytes32}. */
    record Bytes32Value(Bytes32 value) implements Eip712Value {
        public Bytes32Value {
            if (value == null) {
                throw new IllegalArgumentException("a bytes32 value is required");
            }
        }
    }

    /** A {@code string}: hashed as keccak256 of its UTF-8 bytes. */
    record StringValue(String value) implements Eip712Value {
        public StringValue {
            if (value == null) {
                throw new IllegalArgumentException("a string value is required");
            }
        }
    }

    /** A nested struct: hashed as its struct hash. */
    record StructValue(Eip712Struct struct) implements Eip712Value {
        public StructValue {
            if (struct == null) {
                throw new IllegalArgumentException("a struct value is required");
            }
        }
    }
}
