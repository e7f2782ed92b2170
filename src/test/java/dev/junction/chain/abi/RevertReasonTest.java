package dev.junction.chain.abi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A revert's data read as a reason: {@code Error(string)}, {@code Panic(uint256)}, a custom error, none. */
class RevertReasonTest {

    @Test
    void revertDataDecodesErrorStringPanicAndCustomErrors() {
        String error = "0x08c379a0" + "%064x".formatted(32) + "%064x".formatted(3) + "414243" + "0".repeat(58);
        assertThat(RevertReason.decode(error, null)).isEqualTo("ABC");
        assertThat(RevertReason.decode("0x4e487b71" + "%064x".formatted(0x11), null)).isEqualTo("panic 0x11");
        assertThat(RevertReason.decode("0xdeadbeef", null)).startsWith("reverted with custom error 0xdeadbeef");
        assertThat(RevertReason.decode("0x", "execution reverted")).isEqualTo("execution reverted");
    }
}
