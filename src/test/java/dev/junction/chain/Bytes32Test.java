package dev.junction.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** A 32-byte value: exactly 32 bytes, held as lower-case 0x hex whatever the case it was given in. */
class Bytes32Test {

    static final String HASH = "0x96E8AC4277198FF8B6F785478AA9A39F403CB768DD02CBEE326C3E7DA348845F";

    @Test
    void textIsHeldLowerCaseAndEqualsItsBytes() {
        Bytes32 b = Bytes32.of(HASH);
        assertThat(b.value()).isEqualTo(HASH.toLowerCase().replace("0X", "0x"));
        assertThat(Bytes32.of(b.bytes())).isEqualTo(b);
        assertThat(b.toString()).isEqualTo(b.value());
        assertThat(Bytes32.of(b.toBigInteger())).isEqualTo(b);
        assertThat(Bytes32.of(BigInteger.ONE).value()).isEqualTo("0x" + "0".repeat(63) + "1");
        assertThat(Bytes32.ZERO.toBigInteger()).isZero();
    }

    @Test
    void anythingButThirtyTwoBytesIsRefused() {
        assertThatThrownBy(() -> Bytes32.of(HASH.substring(0, 64))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0x followed by 64 hex digits");
        assertThatThrownBy(() -> Bytes32.of(HASH + "00")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Bytes32.of(HASH.substring(2) + "00")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Bytes32.of("0x" + "g".repeat(64))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Bytes32.of((String) null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Bytes32.of(new byte[31])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 31");
        assertThatThrownBy(() -> Bytes32.of(BigInteger.ONE.shiftLeft(256)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Bytes32.of(BigInteger.ONE.negate())).isInstanceOf(IllegalArgumentException.class);
    }
}
