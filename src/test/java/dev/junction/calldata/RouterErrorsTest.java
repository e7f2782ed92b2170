package dev.junction.calldata;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Revert data of Junction's router decoded by selector into readable messages, and the event topics chain-mode
 * /status reads (compared with the values of Across's npm ABI, {@code @across-protocol/contracts@5.0.27}).
 */
class RouterErrorsTest {

    static String word(long v) {
        String hex = Long.toHexString(v);
        return "0".repeat(64 - hex.length()) + hex;
    }

    @Test
    void theRoutesMinimumIsNamedWithItsAmounts() {
        String data = RouterAbi.selector("InsufficientOutput(uint256,uint256,uint256)") + "f".repeat(64) + word(120)
                + word(500);
        RouterErrors.Decoded d = RouterErrors.decode(data, null);
        assertThat(d.name()).isEqualTo("InsufficientOutput");
        assertThat(d.message()).isEqualTo("InsufficientOutput: the route's output 120 is below its minimum 500");
        String step = RouterAbi.selector("InsufficientOutput(uint256,uint256,uint256)") + word(1) + word(7) + word(9);
        assertThat(RouterErrors.decode(step, null).message())
                .isEqualTo("InsufficientOutput: step 1 produced 7, below its minimum 9");
    }

    @Test
    void everyInterfaceErrorHasAReadableMessageWithItsArguments() {
        for (String signature : RouterAbi.ERRORS) {
            String name = signature.substring(0, signature.indexOf('('));
            int args = signature.endsWith("()") ? 0 : signature.split(",").length;
            String data = RouterAbi.selector(signature) + word(3).repeat(args);
            RouterErrors.Decoded d = RouterErrors.decode(data, null);
            assertThat(d.name()).isEqualTo(name);
            assertThat(d.message()).startsWith(name + ": ").doesNotContain("[");
        }
        String deadline = RouterAbi.selector("DeadlineExpired(uint256,uint256)") + word(100) + word(160);
        assertThat(RouterErrors.decode(deadline, null).message())
                .isEqualTo("DeadlineExpired: the route's deadline 100 had passed at block time 160");
        String adapter = RouterAbi.selector("UnknownAdapter(address)") + "0".repeat(24)
                + "90f79bf6eb2c4f870365e785982e1f101e93b906";
        assertThat(RouterErrors.decode(adapter, null).message())
                .isEqualTo("UnknownAdapter: adapter 0x90F79bf6EB2c4f870365E785982E1f101E93b906 is not registered with "
                        + "the router");
    }

    @Test
    void aBridgesRefusalIsDecodedInsideDepositFailed() {
        String inner = "08c379a0" + word(32) + word(4) + "6c6f7721" + "0".repeat(56);
        String data = RouterAbi.selector("DepositFailed(bytes)") + word(32) + word(inner.length() / 2) + inner
                + "0".repeat(64 - inner.length() % 64);
        assertThat(RouterErrors.decode(data, null).message())
                .isEqualTo("DepositFailed: the bridge refused the deposit: low!");
    }

    @Test
    void otherRevertsFallBackToErrorStringPanicOrTheNodesMessage() {
        String error = "0x08c379a0" + word(32) + word(2) + "6f6b" + "0".repeat(60);
        assertThat(RouterErrors.decode(error, null)).isEqualTo(new RouterErrors.Decoded("Error", "ok"));
        assertThat(RouterErrors.decode("0x4e487b71" + word(0x11), null).message()).isEqualTo("panic 0x11");
        assertThat(RouterErrors.decode("0x", "execution reverted").message()).isEqualTo("execution reverted");
        assertThat(RouterErrors.decode("0xdeadbeef", null).message()).startsWith("reverted with custom error 0xdeadbeef");
    }
}
