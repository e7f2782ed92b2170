package dev.junction.chain;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.web3j.crypto.Hash;

/**
 * An account or token address: an EVM address (20 bytes, held in EIP-55 checksum form) or a Solana address
 * (base58 text of 32 bytes, held as given).
 *
 * @param value the canonical text: EIP-55 for EVM, base58 for Solana
 * @param solana whether this is a Solana address
 */
public record Address(String value, boolean solana) {

    /**
     * EVM texts already found valid, exactly as given, to their EIP-55 form. The checksum is a Keccak hash, the
     * costliest part of parsing a request: the same token and wallet addresses arrive again and again, and stored
     * plans repeat the market's. Invalid texts are not kept, so they are checked (and refused) every time. Declared
     * before the constants below, which are parsed while the class initialises. Its upkeep runs on the parsing thread:
     * once half full, a Caffeine cache records every read and by default drains the records on
     * {@code ForkJoinPool.commonPool}, a task for another thread every few dozen reads (issue 17, thirteenth pass).
     */
    private static final Cache<String, String> CANONICAL_EVM = Caffeine.newBuilder().maximumSize(10_000)
            .executor(Runnable::run).build();

    /** ERC-7528 placeholder for a chain's native token, the form every response uses. */
    public static final Address NATIVE = evm("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");
    /** The zero address; accepted on input as an alias of {@link #NATIVE} where a token is expected. */
    public static final Address ZERO = evm("0x0000000000000000000000000000000000000000");

    private static final String BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

    public Address {
        if (value == null) {
            throw new IllegalArgumentException("an address is required");
        }
        value = solana ? checkSolana(value) : canonicalEvm(value);
    }

    /**
     * Parses an EVM address: {@code 0x} and 40 hex digits in any case; a mixed-case address must pass its EIP-55
     * checksum.
     *
     * @throws IllegalArgumentException naming the rule that failed
     */
    public static Address evm(String text) {
        return new Address(text, false);
    }

    /** Parses a Solana address: base58 text that decodes to 32 bytes. */
    public static Address solana(String text) {
        return new Address(text, true);
    }

    /** The 20 bytes of an EVM address. */
    public byte[] bytes() {
        if (solana) {
            throw new IllegalStateException("a Solana address has no 20-byte form");
        }
        return Hex.decode(value);
    }

    public boolean isNative() {
        return equals(NATIVE);
    }

    /** Lower-case form for case-insensitive keys and comparisons (EVM only; Solana is case-sensitive). */
    public String lower() {
        return solana ? value : value.toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return value;
    }

    /** The EIP-55 form of a valid EVM text, from {@link #CANONICAL_EVM} when it was parsed before. */
    private static String canonicalEvm(String text) {
        String canonical = CANONICAL_EVM.getIfPresent(text);
        if (canonical == null) {
            canonical = checkEvm(text);
            CANONICAL_EVM.put(text, canonical);
        }
        return canonical;
    }

    /** Validates an EVM text and returns its EIP-55 form (one Keccak hash, also for a mixed-case text). */
    private static String checkEvm(String text) {
        if (text.length() != 42 || !(text.startsWith("0x") || text.startsWith("0X"))) {
            throw new IllegalArgumentException("an EVM address must be 0x followed by 40 hex digits");
        }
        String hex = text.substring(2);
        for (int i = 0; i < hex.length(); i++) {
            if (Character.digit(hex.charAt(i), 16) < 0) {
                throw new IllegalArgumentException("an EVM address must be 0x followed by 40 hex digits");
            }
        }
        boolean hasLower = !hex.equals(hex.toUpperCase(Locale.ROOT));
        boolean hasUpper = !hex.equals(hex.toLowerCase(Locale.ROOT));
        String checksummed = checksum(text);
        if (hasLower && hasUpper && !checksummed.regionMatches(2, text, 2, 40)) {
            throw new IllegalArgumentException("a mixed-case EVM address must pass its EIP-55 checksum");
        }
        return checksummed;
    }

    /** EIP-55: upper-case each hex letter whose nibble in keccak256(lower-case hex) is 8 or more. */
    private static String checksum(String text) {
        String lower = text.substring(2).toLowerCase(Locale.ROOT);
        byte[] hash = Hash.sha3(lower.getBytes(StandardCharsets.US_ASCII));
        StringBuilder out = new StringBuilder("0x");
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            int nibble = (hash[i / 2] >> (i % 2 == 0 ? 4 : 0)) & 0xf;
            out.append(nibble >= 8 ? Character.toUpperCase(c) : c);
        }
        return out.toString();
    }

    private static String checkSolana(String text) {
        if (text.isEmpty() || text.length() > 44) {
            throw new IllegalArgumentException("a Solana address must be base58 text of 32 bytes");
        }
        BigInteger n = BigInteger.ZERO;
        int leadingZeros = 0;
        boolean leading = true;
        for (int i = 0; i < text.length(); i++) {
            int digit = BASE58.indexOf(text.charAt(i));
            if (digit < 0) {
                throw new IllegalArgumentException("a Solana address must be base58 text of 32 bytes");
            }
            if (leading && digit == 0) {
                leadingZeros++;
            } else {
                leading = false;
            }
            n = n.multiply(BigInteger.valueOf(58)).add(BigInteger.valueOf(digit));
        }
        int length = leadingZeros + (n.signum() == 0 ? 0 : (n.bitLength() + 7) / 8);
        if (length != 32) {
            throw new IllegalArgumentException("a Solana address must be base58 text of 32 bytes");
        }
        return text;
    }
}
