package dev.junction.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class ChainValuesTest {

    @Test
    void chainIdsAreNonNegativeInt64() {
        assertThat(ChainId.of(0).value()).isZero();
        assertThat(ChainId.of(Long.MAX_VALUE).toString()).isEqualTo("9223372036854775807");
        assertThatIllegalArgumentException().isThrownBy(() -> ChainId.of(-1));
        assertThat(ChainId.SOLANA.isSolana()).isTrue();
        assertThat(ChainId.of(1).isSolana()).isFalse();
    }

    @Test
    void txHashesAre32BytesOfLowerCaseHex() {
        String upper = "0x" + "AB".repeat(32);
        assertThat(new TxHash(upper).value()).isEqualTo(upper.toLowerCase());
        assertThat(TxHash.of(new byte[32]).value()).isEqualTo("0x" + "00".repeat(32));
        assertThatIllegalArgumentException().isThrownBy(() -> new TxHash("0x" + "ab".repeat(31)));
        assertThatIllegalArgumentException().isThrownBy(() -> new TxHash("ab".repeat(32)));
        assertThatIllegalArgumentException().isThrownBy(() -> TxHash.of(new byte[31]));
    }

    @Test
    void hexIsStrict() {
        assertThat(Hex.encode(new byte[] {0x0a, (byte) 0xff})).isEqualTo("0x0aff");
        assertThat(Hex.decode("0X0AfF")).containsExactly(0x0a, 0xff);
        assertThat(Hex.isHex("0x")).isTrue();
        assertThat(Hex.isHex("0xabc")).isFalse();
        assertThat(Hex.isHex("abcd")).isFalse();
        assertThatIllegalArgumentException().isThrownBy(() -> Hex.decode("0xzz"));
        assertThatIllegalArgumentException().isThrownBy(() -> Hex.decode("0xabc"));
        assertThatIllegalArgumentException().isThrownBy(() -> Hex.decode("abcd"));
    }
}
