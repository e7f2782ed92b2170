package dev.junction.nodes;

import dev.junction.chain.Address;
import java.util.ArrayList;
import java.util.List;

/** The rules of a chain property's values, shared by {@link ChainsConfig} and the rooms' {@link DexKinds}. */
public final class ConfigValues {

    private ConfigValues() {
    }

    /** The contract addresses of a list property ({@code at[i]} named in a failure); empty when absent. */
    public static List<Address> addresses(String at, List<String> texts) {
        List<Address> out = new ArrayList<>();
        if (texts != null) {
            for (int i = 0; i < texts.size(); i++) {
                out.add(address(at + "[" + i + "]", texts.get(i)));
            }
        }
        return out;
    }

    /**
     * A contract address.
     *
     * @throws ChainConfigException when {@code text} is not an address or is the zero or native address
     */
    public static Address address(String at, String text) {
        try {
            Address a = Address.evm(text == null ? "" : text.trim());
            if (a.isNative() || a.equals(Address.ZERO)) {
                throw new ChainConfigException(at + " must be a contract address, not " + a);
            }
            return a;
        } catch (IllegalArgumentException e) {
            throw new ChainConfigException(at + " must be 0x followed by 40 hex digits, was " + text + numberHint(text));
        }
    }

    /** YAML 1.1 reads an unquoted 0x... as a hexadecimal number: Spring then sees its decimal digits. */
    public static String numberHint(String text) {
        return text != null && text.length() > 12 && text.chars().allMatch(Character::isDigit)
                ? " (YAML read an unquoted 0x... value as a number: quote addresses and hashes)" : "";
    }
}
