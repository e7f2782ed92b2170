package dev.junction.quote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.AcquisitionMode;
import dev.junction.routing.RouteMode;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code QuoteRepository} stores each {@link QuoteRequest} as JSON, enums by constant name, and reads it back for
 * {@code /build-path} by pathId on any instance and after a restart. The names below are in stored rows (they were
 * the names of the former {@code quote.AcquisitionMode} and {@code quote.RouteMode}); renaming one breaks them.
 */
class PersistedEnumNamesTest {

    @Test
    void acquisitionModeNamesAreThoseInStoredQuotes() {
        assertThat(Arrays.stream(AcquisitionMode.values()).map(Enum::name))
                .containsExactly("DIRECT_TRANSFER", "NATIVE_TOKEN", "SIGNED_PERMIT", "SIGNED_PERMIT_WITNESS");
    }

    @Test
    void routeModeNamesAreThoseInStoredQuotes() {
        assertThat(Arrays.stream(RouteMode.values()).map(Enum::name))
                .containsExactlyInAnyOrder("FASTEST", "MAX_VALUE", "SUGGESTED");
    }
}
