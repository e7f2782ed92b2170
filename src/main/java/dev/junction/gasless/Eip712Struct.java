package dev.junction.gasless;

import java.util.List;

/**
 * A typed EIP-712 struct: a record that knows its type name, its members and their values. The one definition feeds both
 * the {@code types} Junction returns to wallets and the digest it verifies against, so they cannot drift apart.
 */
public interface Eip712Struct {

    /** The struct's type name, e.g. {@code PermitTransferFrom}. */
    String typeName();

    /** Members in declaration order (the order EIP-712 hashes them in). */
    List<TypedField> fields();

    /** Member values, one per field, in the same order. */
    List<Eip712Value> values();
}
