package dev.junction.calldata;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Revert data as a person reads it: the router's custom errors with their arguments, Error(string), Panic. */
class RouterErrorsTest {

    static String word(String hex) {
        return "0".repeat(64 - hex.length()) + hex;
    }

    @Test
    void theRoutersCustomErrorsAreNamedWithTheirArguments() {
        String data = RouterErrors.selector("InsufficientOutput(uint256,uint256,uint256)") + word("1") + word("3de")
                + word("3e8");
        assertThat(RouterErrors.describe(data, null)).isEqualTo("InsufficientOutput(1, 990, 1000)");
        String adapter = RouterErrors.selector("UnknownAdapter(address)")
                + word("70997970c51812dc3a010c7d01b50e0d17dc79c8");
        assertThat(RouterErrors.describe(adapter, null))
                .isEqualTo("UnknownAdapter(0x70997970c51812dc3a010c7d01b50e0d17dc79c8)");
        assertThat(RouterErrors.describe(RouterErrors.selector("ZeroAmount()"), null)).isEqualTo("ZeroAmount()");
    }

    @Test
    void erc20AndPermit2ErrorsAreNamedToo() {
        String data = RouterErrors.selector("ERC20InsufficientAllowance(address,uint256,uint256)")
                + word("70997970c51812dc3a010c7d01b50e0d17dc79c8") + word("0") + word("64");
        assertThat(RouterErrors.describe(data, null))
                .isEqualTo("ERC20InsufficientAllowance(0x70997970c51812dc3a010c7d01b50e0d17dc79c8, 0, 100)");
        assertThat(RouterErrors.describe(RouterErrors.selector("InvalidNonce()"), null)).isEqualTo("InvalidNonce()");
    }

    @Test
    void errorStringPanicUnknownAndEmpty() {
        String text = "0x08c379a0" + word("20") + word("5") + "68656c6c6f" + "0".repeat(54);
        assertThat(RouterErrors.describe(text, null)).isEqualTo("hello");
        assertThat(RouterErrors.describe("0x4e487b71" + word("11"), null)).isEqualTo("Panic(0x11)");
        assertThat(RouterErrors.describe("0x12345678", null)).isEqualTo("reverted with custom error 0x12345678");
        assertThat(RouterErrors.describe(null, "execution reverted")).isEqualTo("execution reverted");
        assertThat(RouterErrors.describe("0x", "")).isEqualTo("reverted without a reason");
    }
}
