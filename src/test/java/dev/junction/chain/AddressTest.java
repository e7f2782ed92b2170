package dev.junction.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddressTest {

    /** The test vectors of EIP-55 itself: all caps, all lower, and mixed (checksummed). */
    @ParameterizedTest
    @ValueSource(strings = {
        "0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
        "0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"})
    void eip55VectorsAreTheirOwnChecksumForm(String vector) {
        assertThat(Address.evm(vector).value()).isEqualTo(vector);
        assertThat(Address.evm(vector.toLowerCase(Locale.ROOT)).value()).isEqualTo(vector);
    }

    @Test
    void mixedCaseMustPassTheChecksum() {
        assertThatIllegalArgumentException().isThrownBy(
                () -> Address.evm("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).withMessageContaining("EIP-55");
        assertThatIllegalArgumentException().isThrownBy(
                () -> Address.evm("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"));
    }

    /**
     * A valid text parsed again comes from the cache (the very same canonical string) and equals the first parse; an
     * invalid one is refused every time with the same message, also when it differs from a cached valid text only in
     * the case of one letter.
     */
    @Test
    void aTextParsedBeforeGivesTheSameAddressAndABadChecksumIsRefusedEveryTime() {
        String valid = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
        String lower = valid.toLowerCase(Locale.ROOT);
        String badChecksum = "0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
        Address first = Address.evm(valid);
        Address again = Address.evm(valid);
        assertThat(again).isEqualTo(first);
        assertThat(again.value()).isSameAs(first.value()).isEqualTo(valid);
        assertThat(Address.evm(lower)).isEqualTo(first);
        assertThat(Address.evm(lower).value()).isSameAs(Address.evm(lower).value()).isEqualTo(valid);
        for (int i = 0; i < 2; i++) {
            assertThatIllegalArgumentException().isThrownBy(() -> Address.evm(badChecksum))
                    .withMessage("a mixed-case EVM address must pass its EIP-55 checksum");
            assertThatIllegalArgumentException().isThrownBy(() -> Address.evm(valid + "0"))
                    .withMessage("an EVM address must be 0x followed by 40 hex digits");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0x", "0x1234", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00", "0xgaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        " 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"})
    void malformedEvmAddressesAreRefused(String text) {
        assertThatIllegalArgumentException().isThrownBy(() -> Address.evm(text));
    }

    @Test
    void nativePlaceholderAndZero() {
        assertThat(Address.NATIVE.value()).isEqualTo("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");
        assertThat(Address.evm("0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee").isNative()).isTrue();
        assertThat(Address.ZERO.isNative()).isFalse();
    }

    @Property(tries = 200)
    void anyLowerCaseAddressRoundTripsThroughItsChecksum(@ForAll @Size(20) byte[] bytes) {
        String lower = Hex.encode(bytes);
        Address a = Address.evm(lower);
        assertThat(a.lower()).isEqualTo(lower);
        assertThat(Address.evm(a.value())).isEqualTo(a);
        assertThat(a.bytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "So11111111111111111111111111111111111111112",
        "11111111111111111111111111111111", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"})
    void solanaAddressesAreBase58Of32Bytes(String text) {
        Address a = Address.solana(text);
        assertThat(a.solana()).isTrue();
        assertThat(a.value()).isEqualTo(text);
        assertThat(a.lower()).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1111111111111111111111111111111", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10",
        "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1O", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"})
    void otherSolanaTextIsRefused(String text) {
        assertThatIllegalArgumentException().isThrownBy(() -> Address.solana(text));
    }

    /**
     * Parsing gives {@code ForkJoinPool.commonPool} no work, also once the cache of parsed texts is past half full
     * (when Caffeine starts to record reads): with Caffeine's default executor, 200,000 parses of cached texts ran
     * thousands of upkeep tasks there (issue 17, thirteenth pass).
     */
    @Test
    void parsingGivesTheCommonPoolNoWork() {
        for (int i = 0; i < 6_000; i++) {
            Address.evm(String.format("0x%040x", 0xC0FFEE00000L + i));
        }
        ForkJoinPool pool = ForkJoinPool.commonPool();
        long before = pool.getStealCount();
        for (int i = 0; i < 200_000; i++) {
            Address.evm(String.format("0x%040x", 0xC0FFEE00000L + i % 64));
        }
        assertThat(pool.getStealCount() - before).isLessThan(20);
    }
}
