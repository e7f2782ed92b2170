package dev.junction.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A scalar parameter: trimmed, blank counts as absent, given twice (not blank) is refused naming it. */
class QueryParamsTest {

    private final QueryParams params = new QueryParams(Map.of(
            "amount", new String[] {" 1000 "},
            "sender", new String[] {"", "  ", "0xabc"},
            "slippage", new String[] {" ", null},
            "feeBps", new String[] {"25", " 30"}));

    @Test
    void aValueIsTrimmedAndBlankCountsAsAbsent() {
        assertThat(params.optional("amount")).contains("1000");
        assertThat(params.optional("sender")).contains("0xabc");
        assertThat(params.optional("slippage")).isEmpty();
        assertThat(params.optional("receiver")).isEmpty();
        assertThatThrownBy(() -> params.required("slippage")).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.MISSING_PARAMETER);
            assertThat(e.param()).isEqualTo("slippage");
        });
    }

    @Test
    void aScalarGivenTwiceIsRefused() {
        assertThatThrownBy(() -> params.optional("feeBps")).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAMETER);
            assertThat(e.param()).isEqualTo("feeBps");
            assertThat(e.getMessage()).isEqualTo("feeBps must be given once");
        });
    }
}
