package dev.junction.api;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.chain.Hex;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The value rules of every documented parameter, applied to trimmed, non-empty text. Each method returns the typed value
 * or throws an {@link ApiException} whose message names the parameter and the rule.
 */
final class ParamRules {

    static final int SHORT_TEXT_MAX = 128;
    static final int META_MAX = 1024;
    /** {@code destinationCallData}: at most 64 KiB of hex text. */
    static final int CALLDATA_HEX_MAX = 64 * 1024;

    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]{1,4})?|-?\\.[0-9]+");
    private static final BigDecimal FIFTY = BigDecimal.valueOf(50);
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private ParamRules() {
    }

    static ApiException invalid(String name, String rule) {
        return new ApiException(ErrorCode.INVALID_PARAMETER, name + " must be " + rule, name);
    }

    /** A chain id: an integer from 0 to 2^63 - 1 (1002 otherwise). */
    static ChainId chain(String name, String text) {
        return new ChainId(longIn(name, text, 0, Long.MAX_VALUE));
    }

    static int intIn(String name, String text, int min, int max) {
        return (int) longIn(name, text, min, max);
    }

    static long longIn(String name, String text, long min, long max) {
        String rule = "an integer from " + min + " to " + max;
        if (!INTEGER.matcher(text).matches()) {
            throw invalid(name, rule);
        }
        BigInteger v = new BigInteger(text);
        if (v.compareTo(BigInteger.valueOf(min)) < 0 || v.compareTo(BigInteger.valueOf(max)) > 0) {
            throw invalid(name, rule);
        }
        return v.longValueExact();
    }

    /** An amount: base-10 integer text, greater than 0 and below 2^256 (1004 otherwise). */
    static Amount amount(String name, String text) {
        try {
            Amount a = Amount.parse(text);
            if (!a.isZero()) {
                return a;
            }
        } catch (IllegalArgumentException e) {
            // falls through to the one message
        }
        throw new ApiException(ErrorCode.INVALID_AMOUNT, amountRule(name), name);
    }

    static String amountRule(String name) {
        return name + " must be a base-10 integer string greater than 0 and below 2^256";
    }

    /** Slippage: a finite decimal number greater than 0 and at most 50 (percent). */
    static double slippage(String name, String text) {
        BigDecimal v = decimal(name, text, "a number greater than 0 and at most 50 (percent)");
        if (v.signum() <= 0 || v.compareTo(FIFTY) > 0) {
            throw invalid(name, "a number greater than 0 and at most 50 (percent)");
        }
        return v.doubleValue();
    }

    /** A percentage from 0 to 100. */
    static double percent(String name, String text) {
        BigDecimal v = decimal(name, text, "a number from 0 to 100 (percent)");
        if (v.signum() < 0 || v.compareTo(HUNDRED) > 0) {
            throw invalid(name, "a number from 0 to 100 (percent)");
        }
        return v.doubleValue();
    }

    private static BigDecimal decimal(String name, String text, String rule) {
        if (!DECIMAL.matcher(text).matches()) {
            throw invalid(name, rule);
        }
        return new BigDecimal(text);
    }

    /** {@code true} or {@code false}, nothing else. */
    static boolean bool(String name, String text) {
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(name, "true or false");
        };
    }

    /** Free text up to {@code max} characters. */
    static String text(String name, String text, int max) {
        if (text.length() > max) {
            throw invalid(name, "at most " + max + " characters");
        }
        return text;
    }

    /** 0x-prefixed hex with an even number of digits, at most {@code maxChars} characters in all. */
    static String hex(String name, String text, int maxChars) {
        if (text.length() > maxChars || !Hex.isHex(text)) {
            throw invalid(name, "0x-prefixed hex with an even number of digits, at most " + maxChars + " characters");
        }
        return text.toLowerCase(Locale.ROOT);
    }

    /**
     * A wallet address on a chain: EVM {@code 0x} + 40 hex digits (mixed case must pass EIP-55), or base58 of 32 bytes
     * on Solana. The zero address is refused: funds sent there are lost.
     */
    static Address wallet(String name, String text, boolean solana) {
        Address a = address(name, text, solana);
        if (a.equals(Address.ZERO)) {
            throw new ApiException(ErrorCode.INVALID_ADDRESS, name + " must not be the zero address", name);
        }
        return a;
    }

    /**
     * A token address: like {@link #wallet} but the native-token placeholder and its alias, the zero address, both mean
     * the chain's native token ({@link Address#NATIVE}), on Solana too.
     */
    static Address token(String name, String text, boolean solana) {
        if (text.equalsIgnoreCase(Address.NATIVE.value()) || text.equalsIgnoreCase(Address.ZERO.value())) {
            return Address.NATIVE;
        }
        Address a = address(name, text, solana);
        return a.equals(Address.ZERO) ? Address.NATIVE : a;
    }

    private static Address address(String name, String text, boolean solana) {
        try {
            return solana ? Address.solana(text) : Address.evm(text);
        } catch (IllegalArgumentException e) {
            String rule = solana ? "a Solana address: base58 text of 32 bytes"
                    : "an EVM address: 0x and 40 hex digits, in mixed case only with a valid EIP-55 checksum";
            throw new ApiException(ErrorCode.INVALID_ADDRESS, name + " must be " + rule, name);
        }
    }
}
