package dev.junction.gasless;

/**
 * One member of an EIP-712 struct type, as it appears in the {@code types} of typed data.
 *
 * @param name member name
 * @param type Solidity type ({@code address}, {@code uint256}, {@code bytes32}, {@code string}) or a struct name
 */
public record TypedField(String name, String type) {

    public TypedField {
        if (name == null || name.isBlank() || type == null || type.isBlank()) {
            throw new IllegalArgumentException("a typed-data field needs a name and a type");
        }
    }
}
